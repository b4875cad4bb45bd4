"""The second catalog: the cards of the dream-card sets, the CoE virtual sets and the Cool Play Set
(`card_db/dreamcards.json`), imported from GCCG's set files (../shared/carddata/gccg/xml, see its SOURCE.md).

Each card becomes a record with the field names of `Card` (cards/model.py), so that a card pool can later read it
beside `cards.json`: facts only (name, set, type and alignment, subtypes, unique, agent, mind, influence, the
stats, marshalling and stage points, race, skills, keywords, specific-to, home site, a site's type, haven(s),
region, path, draws and playables, a hazard's keying). The card text and the image names are never written out.
GCCG's files have no collector numbers: a card's number is its place in its set's file (so the id "FB-1").
A value the importer cannot read as the model's kind (an unreadable marshalling-points printing, a type naming no
card type) is kept out of the record and listed in the document's `unread`, never silently dropped.

The CoE data stays the source for the ICE cards: GCCG's ICE set files are not read here. The files are the same
ones `set_codes` reads, in the same order, parsed the same (safe) way. Nothing here runs at start-up.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from deckcheck.cards.importer import (
    HAVEN_KEYS,
    _havens,
    _int_or_none,
    _marshalling_points,
    _races,
    _site_playables,
    _split,
    _stat,
)
from deckcheck.cards.set_codes import _parse, _set_files, import_gccg_sets
from deckcheck.errors import DeckcheckError

DREAMCARDS_FILE = "dreamcards.json"
DREAMCARDS_SCHEMA = "dreamcards.schema.json"
DREAMCARDS_FORMAT = 1
CARD_TYPES = ("Character", "Resource", "Hazard", "Site", "Region")
SITE_TYPES = ("H", "F", "B", "R", "S", "D")
# GCCG's few misspelt keys and values, read as what they mean (a fact of the files, not of a deck).
KEY_SPELLINGS = {"speficic": "specific", "Special": "special", "adjacent site": "adjacent"}
ITEM_CLASS = re.compile(r"gold rings?|minor|major|greater")
SKILL_SPELLINGS = {"Warrrior": "Warrior", "Warropr": "Warrior"}
LORD_RACE_DRAGON = "Dragon-lord"
# The Lord avatars GCCG's Dream Cards formats are played with (Metw-dream.rules "2-deck <Lord> (D)"): every
# character of these alignments. GCCG marks its other avatars with the keyword "Avatar" (the Elf-lords, Durlach,
# the Dúnadan- and Man-lords), the Dwarf- and Dragon-lords by their type or race only.
LORD_ALIGNMENTS = ("Elf-lord", "Dwarf-lord", "Dragon-lord")


def _attributes(card) -> dict[str, list[str]]:
    """A card's `<attr key value>` children: key -> its values in file order (keyword repeats)."""
    attrs: dict[str, list[str]] = {}
    for attr in card.iter("attr"):
        key = (attr.get("key") or "").strip()
        attrs.setdefault(KEY_SPELLINGS.get(key, key), []).append((attr.get("value") or "").strip())
    return attrs


def _type_and_alignment(printed: str, attrs: dict) -> tuple[str, str, bool]:
    """"Hero Site" -> (Site, Hero, True); "Hazard" -> (Hazard, Neutral, True), as the ICE catalog has hazards and
    regions; "Dual Agent Character" -> (Character, Dual, True) with the agent flag set by the caller. A type
    naming no card type ("War-lord") is a Character where the card has a mind, and is said (False).
    GW's Dragon-lords are typed "Dragon Character" with race "Dragon-lord": their alignment is the race's, as
    the Elf- and Dwarf-lords' is their type's ("Elf-lord Character")."""
    words = printed.split()
    if words and words[-1] in CARD_TYPES:
        alignment = " ".join(words[:-1]) or "Neutral"
        alignment = "Dual" if alignment == "Dual Agent" else alignment
        if alignment == "Dragon" and _first(attrs, "race") == LORD_RACE_DRAGON:
            alignment = LORD_RACE_DRAGON
        return words[-1], alignment, True
    return ("Character" if attrs.get("mind") else "Resource"), printed or "Neutral", False


def _first(attrs: dict, key: str) -> str | None:
    values = [v for v in attrs.get(key, ()) if v]
    return values[0] if values else None


def convert_gccg_card(card, set_code: str, number: int, unread: list[dict]) -> dict:
    """One GCCG `<card>` -> one catalog record (facts only), compact like cards.json's."""
    from deckcheck.cards.importer import _compact
    from deckcheck.cards.model import Card

    attrs = _attributes(card)
    card_id = f"{set_code}-{number}"

    def say(field: str, value: str, why: str) -> None:
        unread.append({"id": card_id, "field": field, "value": value, "why": why})

    printed_type = _first(attrs, "type") or ""
    type_, alignment, known_type = _type_and_alignment(printed_type, attrs)
    if not known_type:
        say("type", printed_type, f"names no card type: read as a {alignment} {type_}")
    mp_text = _first(attrs, "mp")
    try:
        mp, mp_alt, mp_star = _marshalling_points(mp_text)
    except ValueError:
        mp, mp_alt, mp_star = _int_or_none(mp_text), None, "*" in (mp_text or "")
        say("mp", mp_text, "unreadable marshalling points: only the leading number is kept")
    site_type = (_first(attrs, "site_type") or "").strip("{}") or None
    if site_type is not None and site_type not in SITE_TYPES:
        say("site_type", site_type, "no site type")
        site_type = None
    subtypes = tuple(dict.fromkeys(s.strip().capitalize() if s.strip().lower() == "permanent-event" else s.strip()
                                   for v in attrs.get("class", ()) for s in v.split("/") if s.strip()))
    keywords = tuple(dict.fromkeys(k for k in attrs.get("keyword", ()) if k))
    races = _races(_first(attrs, "race")) if type_ == "Character" else _races(_first(attrs, "subclass"))
    playable = _first(attrs, "playable")
    items, information = _site_playables(playable) if type_ == "Site" else ((), False)
    items = _item_classes(items, lambda left: say("playable", playable, f"no item class: {left!r}"))
    region = _first(attrs, "region")
    record = Card(
        id=card_id, set=set_code, number=number, name=(card.get("name") or "").strip(), type=type_,
        subtypes=subtypes, alignment=alignment,
        unique=_first(attrs, "unique") == "yes",
        agent=_first(attrs, "agent") == "yes" or "Agent" in printed_type.split(),
        promo=_first(attrs, "rarity") == "P",
        mind=_int_or_none(_first(attrs, "mind")),
        direct_influence=_stat(_first(attrs, "influence")),
        general_influence=_int_or_none(_first(attrs, "gi")),
        prowess=_stat(_first(attrs, "prowess")), body=_stat(_first(attrs, "body")),
        strikes=_stat(_first(attrs, "strikes")), corruption=_stat(_first(attrs, "cp")),
        mp=mp, mp_alt=mp_alt, mp_star=mp_star,
        stage_points=_int_or_none(_first(attrs, "sp")),
        specific=_first(attrs, "specific"),
        races=tuple(dict.fromkeys(races)),
        skills=tuple(dict.fromkeys(SKILL_SPELLINGS.get(s, s) for s in _split(_first(attrs, "skills"), "/"))),
        keywords=keywords,
        home_site=_first(attrs, "home_site"),
        magic=_first(attrs, "magic"),
        site_type=site_type,
        havens=_havens({key: _first(attrs, key) for key in HAVEN_KEYS}) if type_ == "Site" else (),
        region=region,
        site_path=_first(attrs, "site_path"),
        draw=_int_or_none(_first(attrs, "draw")), draw_opponent=_int_or_none(_first(attrs, "draw_opp")),
        playable_items=items, information=information,
        keyed_to=playable if type_ == "Hazard" and playable and "{" in playable else None,
        region_type=(_first(attrs, "region_type") or "").replace("{", "").replace("}", "") or None,
        spawn="Spawn" in keywords or "Spawn" in races,
        hoard_item="Hoard Item" in keywords,
        under_deeps=region == "Under-deeps",
        avatar=type_ == "Character" and ("Avatar" in keywords or alignment in LORD_ALIGNMENTS),
    )
    return _compact(record.to_json())


def _item_classes(items: tuple[str, ...], say) -> tuple[str, ...]:
    """A site's playable items as the catalog's classes: GCCG writes "major greater", "major; greater" and "gold
    rings" on a few sites; a word that is no class ("ring") is said, not guessed."""
    found = []
    for item in items:
        found += [found_class.removesuffix("s") for found_class in ITEM_CLASS.findall(item)]
        left = ITEM_CLASS.sub("", item).strip(" ,;")
        if left:
            say(left)
    return tuple(dict.fromkeys(found))


def import_gccg_cards(xml_dir: str | Path) -> dict:
    """The document of `card_db/dreamcards.json`: every card of every GCCG set file, in GCCG's set order and file
    order, with the sets (code, name, kind, count) and the digest of each file read, and what was not read."""
    xml_dir = Path(xml_dir)
    sets = import_gccg_sets(xml_dir)          # the same files, checked the same way (and their digests)
    cards: list[dict] = []
    unread: list[dict] = []
    for path in _set_files(xml_dir):
        root = _parse(path)
        code = root.get("abbrev")
        for number, card in enumerate(root.iter("card"), start=1):
            if not (card.get("name") or "").strip():
                raise DeckcheckError(f"card {number} of set {code} has no name", str(path))
            cards.append(convert_gccg_card(card, code, number, unread))
    return {"format": DREAMCARDS_FORMAT, "source": sets["source"],
            "sets": [{k: s[k] for k in ("code", "name", "kind", "cards")} for s in sets["sets"]],
            "unread": unread, "cards": cards}


def counts_per_set(document: dict) -> dict[str, int]:
    """Set code -> cards of that set in the catalog, in the catalog's set order."""
    counts = {s["code"]: 0 for s in document["sets"]}
    for card in document["cards"]:
        counts[card["set"]] += 1
    return counts


def dump_dreamcards(document: dict) -> str:
    """The catalog as text: one card per line (as cards.json), so an import's diff is readable."""
    head = {k: v for k, v in document.items() if k not in ("cards", "unread")}
    lines = [json.dumps(head, ensure_ascii=False, sort_keys=True)[:-1] + ', "unread": [']
    for key in ("unread", "cards"):
        rows = document[key]
        lines += ["  " + json.dumps(row, ensure_ascii=False, sort_keys=True) + ("," if i < len(rows) - 1 else "")
                  for i, row in enumerate(rows)]
        lines.append('], "cards": [' if key == "unread" else "]}")
    return "\n".join(lines) + "\n"


def validate_dreamcards(document: dict) -> None:
    """Check the document against card_db/dreamcards.schema.json (cards.json's card fields, GCCG's alignments and
    set codes); a DeckcheckError names the first problem."""
    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.importer import check_schema
    from deckcheck.datafiles import data_path

    check_schema(document, data_path(CARD_DB, DREAMCARDS_SCHEMA), "dream-card catalog")
