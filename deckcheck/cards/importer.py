"""Build deckcheck's card catalog from the Council of Elrond card database (`coe-cards.json`).

The catalog keeps facts only: ids, names, numbers, types, flags, keywords. Card text is read here solely to
extract a few numbers and names that the database has nowhere else (a faction's influence-check number,
the site a faction or ally is played at, a card-stated copy limit, what a card is a manifestation of);
the text itself, flavour quotes, artists and image names are never written out.

Known traps of the source (see ../shared/carddata/SOURCE.md) are handled here: trailing spaces in names,
inconsistent plural races, `spawn` flag vs keyword, the 18 Dragon manifestations without a flag.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from deckcheck.cards.model import Card
from deckcheck.errors import DeckcheckError
from deckcheck.fileio import read_bytes

CATALOG_FORMAT = 1
# The CoE card database is about 10 MB; more is not that file.
MAX_SOURCE_BYTES = 256 * 1024 * 1024

# Plural or variant race names of the source, normalised to the singular a player would search for.
RACE_NAMES = {
    "Orcs": "Orc", "Trolls": "Troll", "Wolves": "Wolf", "Animals": "Animal", "Men": "Man", "Elves": "Elf",
    "Dwarves": "Dwarf", "Dúnedain": "Dúnadan", "Spiders": "Spider", "Giants": "Giant", "Bears": "Bear",
    "Drakes": "Drake", "Dragons": "Dragon", "Hobbits": "Hobbit", "Eagles": "Eagle", "Ents": "Ent",
}

_TAGS = re.compile(r"<[^>]+>")
_INT = re.compile(r"^[+-]?\d+$")
_MP = re.compile(r"^\s*(-?\d+)?\s*(\*)?\s*(?:\(\s*(-?\d+|\*)\s*\))?\s*(\*)?\s*$")
_INFLUENCE = re.compile(r"influence check is greater than (\d+)", re.I)
_PLAYABLE_AT = re.compile(r"Playable (?:[^.]*? )?at ([^.;]+?)(?: if | \(|\.|;| by |,? and )", re.I)
_MANIFESTATION = re.compile(r"(?:^|\.\s+)Manifestation of (?:minion |hero )?([^.]+?)\.", re.I)
_COPY_LIMIT = re.compile(r"include up to (\w+) copies of this card", re.I)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "twelve": 12}
_DRAGON_MANIFESTATION = re.compile(r"^(?P<dragon>.+?) (?:Ahunt|at Home)$")


def _text(card: dict) -> str:
    raw = (card.get("text") or {}).get("en") or ""
    return re.sub(r"\s+", " ", _TAGS.sub(" ", raw)).strip()


def _stat(value):
    """A printed stat: an int where it is a plain number, else the printed text ("+2(7)"), None if absent."""
    if value is None:
        return None
    value = str(value).strip()
    if value == "":
        return None
    return int(value) if _INT.match(value) else value


def _int_or_none(value) -> int | None:
    stat = _stat(value)
    if isinstance(stat, int):
        return stat
    if isinstance(stat, str):
        m = re.match(r"^[+-]?\d+", stat)
        return int(m.group()) if m else None
    return None


def _marshalling_points(raw) -> tuple[int | None, int | None, bool]:
    if raw is None or str(raw).strip() == "":
        return None, None, False
    m = _MP.match(str(raw))
    if not m:
        raise ValueError(f"unreadable marshalling points {raw!r}")
    value = int(m.group(1)) if m.group(1) else None
    alt = int(m.group(3)) if m.group(3) and m.group(3) != "*" else None
    return value, alt, bool(m.group(2) or m.group(4))


def _races(raw) -> tuple[str, ...]:
    if not raw:
        return ()
    parts = [p.strip() for p in str(raw).split(",") if p.strip()]
    return tuple(RACE_NAMES.get(p, p) for p in parts)


def _split(raw, sep: str) -> tuple[str, ...]:
    if not raw:
        return ()
    return tuple(p.strip() for p in str(raw).split(sep) if p.strip())


def _site_playables(raw) -> tuple[tuple[str, ...], bool]:
    """"Information, Items (minor, major*) *-weapon..." -> (("minor", "major"), True)."""
    if not raw or "{" in raw:
        return (), False
    information = "information" in raw.lower()
    m = re.search(r"Items \(([^)]*)\)", raw)
    items: tuple[str, ...] = ()
    if m:
        items = tuple(i.strip().rstrip("*").strip().lower() for i in m.group(1).split(",") if i.strip())
    return items, information


HAVEN_KEYS = ("haven", "haven1", "haven2", "haven3")    # haven3: GCCG's files only (two sites)


def _havens(attrs: dict) -> tuple[str, ...]:
    names = []
    for key in HAVEN_KEYS:
        value = attrs.get(key)
        if not value:
            continue
        # Havens give their paths to other havens as "Rivendell - {w}{w}{f}"; a bare path names no haven.
        name = value.split(" - ")[0].strip()
        if name and "{" not in name:
            names.append(name)
    return tuple(dict.fromkeys(names))


def _playable_at(text: str, subtypes: tuple[str, ...]) -> tuple[str, ...]:
    if "Faction" not in subtypes and "Ally" not in subtypes:
        return ()
    m = _PLAYABLE_AT.search(text)
    if not m:
        return ()
    sites = re.split(r",\s*|\s+or\s+", m.group(1))
    cleaned = []
    for site in sites:
        site = site.strip().rstrip(".").strip()
        site = re.sub(r"^(?:the site )", "", site)
        if site and not site.lower().startswith(("a ", "an ", "any ", "his ", "your ")):
            cleaned.append(site)
    return tuple(cleaned)


def _copy_limit(text: str) -> int | None:
    m = _COPY_LIMIT.search(text)
    if not m:
        return None
    word = m.group(1).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)


def _manifestation_of(name: str, text: str) -> str | None:
    m = _DRAGON_MANIFESTATION.match(name)
    if m:
        return m.group("dragon")
    m = _MANIFESTATION.search(text[:200])
    if not m:
        return None
    entity = m.group(1).strip().strip("“”\"")
    return re.sub(r"(\w)- (\w)", r"\1-\2", entity)   # "Wain- easterlings" in the source


def convert_card(raw: dict) -> Card:
    """One CoE card record -> one catalog Card (facts only)."""
    attrs = raw.get("attributes") or {}
    name = raw["name"]["en"].strip()
    text = _text(raw)
    subtypes = _split(attrs.get("subtype"), "/")
    keywords = tuple(k.strip() for k in attrs.get("keywords") or () if k and k.strip())
    mp, mp_alt, mp_star = _marshalling_points(attrs.get("marshallingPoints"))
    playable = attrs.get("playable")
    items, information = _site_playables(playable) if raw["type"] == "Site" else ((), False)
    is_dragon_manifestation = bool(_DRAGON_MANIFESTATION.match(name)) and raw["type"] == "Hazard"
    site_type = attrs.get("siteType")
    return Card(
        id=raw["id"],
        set=raw["set"],
        number=int(raw["id"].split("-", 1)[1]),
        name=name,
        type=raw["type"],
        subtypes=subtypes,
        alignment=raw["alignment"],
        unique=bool(attrs.get("unique")),
        avatar=bool(attrs.get("avatar")),
        agent=bool(attrs.get("agent")),
        promo=raw.get("rarity") == "P",
        mind=_int_or_none(attrs.get("mind")),
        direct_influence=_stat(attrs.get("directInfluence")),
        general_influence=_int_or_none(attrs.get("generalInfluence")),
        prowess=_stat(attrs.get("prowess")),
        body=_stat(attrs.get("body")),
        strikes=_stat(attrs.get("strikes")),
        corruption=_stat(attrs.get("corruption")),
        mp=mp,
        mp_alt=mp_alt,
        mp_category=attrs.get("marshallingPointsType") or None,
        mp_star=mp_star,
        stage_points=_int_or_none(attrs.get("stagePoints")),
        specific=attrs.get("specific") or None,
        races=_races(attrs.get("race")),
        skills=_split(attrs.get("skills"), "/"),
        keywords=keywords,
        home_site=((attrs.get("homeSite") or {}).get("en") or "").strip() or None,
        magic=attrs.get("magic") or None,
        site_type=site_type.strip("{}") if site_type else None,
        havens=_havens(attrs) if raw["type"] == "Site" else (),
        region=(attrs.get("region") or "").strip() or None,
        site_path=attrs.get("sitePath") or None,
        draw=_int_or_none(attrs.get("draw")),
        draw_opponent=_int_or_none(attrs.get("drawOpponent")),
        playable_items=items,
        information=information,
        keyed_to=playable if raw["type"] == "Hazard" and playable and "{" in playable else None,
        region_type=(attrs.get("regionType") or "").strip("{}") or None,
        playable_at=_playable_at(text, subtypes),
        playable_as_resource=bool(attrs.get("playableAsResource")),
        playable_as_hazard=bool(attrs.get("playableAsHazard")),
        playable_as_starting_minor_item=bool(attrs.get("playableAsStartingMinorItem")),
        # The source's `spawn` flag (9 cards) and "Spawn" keyword (12) disagree: a card is spawn if either says so.
        spawn=bool(attrs.get("spawn")) or "Spawn" in keywords,
        hoard_item="Hoard Item" in keywords,
        under_deeps=bool(attrs.get("underDeeps")),
        dragon_manifestation=is_dragon_manifestation,
        manifestation_of=_manifestation_of(name, text),
        copy_limit=_copy_limit(text),
        influence_check=int(m.group(1)) if (m := _INFLUENCE.search(text)) else None,
    )


def _keep_known_sites(cards: list[Card]) -> list[Card]:
    """Keep in `playable_at` only the names of real sites ("Beorn's House"), spelled as the site card is."""
    from dataclasses import replace

    from deckcheck.cards.names import fold

    sites = {fold(c.name): c.name for c in cards if c.type == "Site"}
    out = []
    for card in cards:
        if card.playable_at:
            known = tuple(sites[fold(re.sub(r"^or ", "", s))] for s in card.playable_at
                          if fold(re.sub(r"^or ", "", s)) in sites)
            card = replace(card, playable_at=tuple(dict.fromkeys(known)))
        out.append(card)
    return out


def _set_order(source: dict) -> list[str]:
    return sorted(source, key=lambda code: (source[code].get("order", 99), code))


def load_coe_source(source_path: str | Path) -> tuple[bytes, dict]:
    """The bytes of coe-cards.json and the parsed database; a DeckcheckError names what is wrong with it."""
    path = Path(source_path)
    data = read_bytes(path, MAX_SOURCE_BYTES, kind="a Council of Elrond card database")
    try:
        source = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        raise DeckcheckError(f"not valid JSON: {exc}", str(path), line) from None
    if not isinstance(source, dict) or not all(isinstance(s, dict) and "cards" in s for s in source.values()):
        raise DeckcheckError("not a Council of Elrond card database (expected {SET: {cards: {...}}})", str(path))
    return data, source


def source_facts(source_path: str | Path, data: bytes) -> dict:
    """Where a generated card_db file comes from: the database, its commit and the file's hash."""
    return {
        "name": "Council of Elrond MECCG card database",
        "repository": "github.com/council-of-elrond-meccg/meccg-cards-database",
        "commit": _source_commit(Path(source_path)),
        "sha256": hashlib.sha256(data).hexdigest(),
    }


def import_coe(source_path: str | Path) -> dict:
    """Read coe-cards.json and return the catalog document (sorted, deterministic)."""
    path = Path(source_path)
    data, source = load_coe_source(path)
    cards = []
    for set_code in _set_order(source):
        for raw in source[set_code]["cards"].values():
            try:
                cards.append(convert_card(raw))
            except (KeyError, ValueError, TypeError) as exc:
                raise DeckcheckError(f"card {raw.get('id', '?')}: {exc}", str(path)) from None
    order = {code: i for i, code in enumerate(_set_order(source))}
    cards.sort(key=lambda c: (order[c.set], c.number))
    cards = _keep_known_sites(cards)
    return {
        "format": CATALOG_FORMAT,
        "source": source_facts(path, data),
        "sets": [{"code": code, "name": source[code].get("name", {}).get("en", code)}
                 for code in _set_order(source)],
        "cards": [_compact(c.to_json()) for c in cards],
    }


# Fields every catalog record carries; the others are left out where they hold their default (None,
# False, empty), which keeps the catalog small and quick to load.
REQUIRED_FIELDS = ("id", "set", "number", "name", "type", "subtypes", "alignment")


def _compact(record: dict) -> dict:
    return {k: v for k, v in record.items() if k in REQUIRED_FIELDS or v not in (None, False, [], ())}


def _source_commit(path: Path) -> str | None:
    """The database commit, from SOURCE.md beside the file (where the shared copy records it)."""
    note = path.with_name("SOURCE.md")
    if note.is_file():
        m = re.search(r"commit ([0-9a-f]{40})", note.read_text(encoding="utf-8", errors="replace"))
        if m:
            return m.group(1)
    return None


def dump_catalog(document: dict) -> str:
    """The catalog as text: one card per line, so diffs between imports are readable."""
    head = {k: v for k, v in document.items() if k != "cards"}
    lines = [json.dumps(head, ensure_ascii=False, sort_keys=True)[:-1] + ', "cards": [']
    cards = document["cards"]
    for i, card in enumerate(cards):
        sep = "," if i < len(cards) - 1 else ""
        lines.append("  " + json.dumps(card, ensure_ascii=False, sort_keys=True) + sep)
    lines.append("]}")
    return "\n".join(lines) + "\n"


def validate_catalog(document: dict, schema_path: Path | None = None) -> None:
    """Check a catalog document against card_db/schema.json; a DeckcheckError names the first problem."""
    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.datafiles import data_path

    check_schema(document, schema_path or data_path(CARD_DB, "schema.json"), "catalog")


def check_schema(document: dict, schema_path: Path, what: str) -> None:
    """The one schema check of the card-data importers: a DeckcheckError names the first problem and where it is."""
    import jsonschema

    from deckcheck.datafiles import schema_validator

    error = jsonschema.exceptions.best_match(schema_validator(schema_path, f"{what} schema").iter_errors(document))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path)
        raise DeckcheckError(f"{what} does not fit its schema at {where or 'top'}: {error.message}", str(schema_path))
