"""Decks written for the clients players play on: GCCG, meccg-online, Cardnum, OCTGN and Tabletop Simulator.

Each writer follows what its client reads (see client_names.py for the card names, and README "Writing a deck
for a client" for how each was checked against the client's own code); each file also reads back in deckcheck
as the same deck. `client_warnings` says what a client will not take from a deck (a part it has no place for,
a card it lacks), for the command to print.
"""

from __future__ import annotations

import html
import json
import re

from deckcheck.decklist.client_names import gccg_name, gccg_type, meccg_code, octgn_game_id, octgn_id, original_of
from deckcheck.decklist.gccg import is_plain_name_comment, read_fenced
from deckcheck.decklist.labelled import read_cardnum
from deckcheck.decklist.lines import label_part
from deckcheck.decklist.model import PART_ORDER, Deck, DeckEntry, Part
from deckcheck.decklist.octgn import read as read_octgn
from deckcheck.decklist.tts import read_data as read_tts
from deckcheck.decklist.writers import (
    FENCE_LIKE,
    _html_escaped,
    _metadata,
    _one_line,
    _quoted,
    _read_back_one,
    _unresolved_line,
    card_text,
)

PLAY_PARTS = (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY)
# GCCG's part names (the keys of its deck structure, in its order); "sideboard vs. fw" as the Council's GCCG
# writes it (0.9.6.3 championship files)
GCCG_SECTIONS = [("Deck", PLAY_PARTS), ("Pool", (Part.POOL,)), ("Sideboard", (Part.SIDEBOARD,)),
                 ("Sideboard vs. fw", (Part.FW_SIDEBOARD,)), ("Sites", (Part.SITES,))]
# A category for a card whose GCCG type does not name the part it is in (an unknown card, a misplaced one)
PART_CATEGORY = {Part.CHARACTERS: "Character", Part.RESOURCES: "Resource", Part.HAZARDS: "Hazard",
                 Part.PLAY: "Other", Part.POOL: "Pool", Part.SIDEBOARD: "Sideboard",
                 Part.FW_SIDEBOARD: "Sideboard vs. fw", Part.SITES: "Sites"}
# Cardnum's parse-line (cardnum/utils.cljc), which must match a whole line for it to be read
CARDNUM_LINE = re.compile(r"(\d+)[^\s]*\s+([^\(^\[]+)([\(\[](.{0,7}))?")
MECCG_MAX_COUNT = 99   # meccg-online reads a count from the line's first two characters
MECCG_CATEGORY = {**PART_CATEGORY, Part.POOL: "Resource", Part.SITES: "Sites"}
CARDNUM_ZONES = [(Part.POOL, "Pool"), (Part.CHARACTERS, "Characters"), (Part.RESOURCES, "Resources"),
                 (Part.HAZARDS, "Hazards"), (Part.PLAY, "Play deck:"), (Part.SIDEBOARD, "Sideboard"),
                 (Part.FW_SIDEBOARD, "FW-DC-SB"), (Part.SITES, "Sites")]
# OCTGN's MECCG game definition (o8g/definition.xml <deck>): its section names
OCTGN_SECTIONS = {Part.POOL: "Pool", Part.CHARACTERS: "Characters", Part.RESOURCES: "Resources",
                  Part.HAZARDS: "Hazards", Part.SIDEBOARD: "Sideboard", Part.FW_SIDEBOARD: "FW Sideboard",
                  Part.SITES: "Sites", Part.PLAY: "Deck"}
TTS_PILES = {Part.POOL: "Pool", Part.CHARACTERS: "Play deck: characters", Part.RESOURCES: "Play deck: resources",
             Part.HAZARDS: "Play deck: hazards", Part.PLAY: "Play deck", Part.SIDEBOARD: "Sideboard",
             Part.FW_SIDEBOARD: "Sideboard vs. fallen-wizard", Part.SITES: "Location deck"}


def _english(entry: DeckEntry) -> bool:
    """The card is the catalog's own, with its English name: convert --lang gives each card a renamed copy, and
    a name no client knows is written with its tag and set, which deckcheck reads back whatever the language."""
    from deckcheck.cards.catalog import load_catalog

    return load_catalog().by_id(entry.card.id) is entry.card


def gccg_card_text(entry: DeckEntry) -> str:
    """GCCG's name of a resolved card; in another language, the name with its tag and set (GCCG has none)."""
    return gccg_name(entry.card) if _english(entry) else card_text(entry)


def _fenced(word: str) -> list[str]:
    return ["", "#" * len(word), word, "#" * len(word)]


def _gccg_unresolved(entry: DeckEntry, path: str, fmt: str = "GCCG text") -> str:
    head = "####\nDeck\n####\n\n"   # line 5 is the card line: as in any Deck section
    return _unresolved_line(
        entry, path, fmt, [entry.written, _quoted(entry.written)],
        lambda name: f"{entry.count} {card_text(entry, name)}",
        lambda line: _read_back_one(read_fenced(f"{head}{line}\n", "<written>"), 5, Part.PLAY))


def _category(entry: DeckEntry) -> str:
    """The "# Hero Character (8)" word of the entry: GCCG's type where it names the entry's part."""
    if entry.card:
        kind = gccg_type(entry.card)
        if entry.part not in PLAY_PARTS or label_part(kind) == entry.part:
            return kind
    return PART_CATEGORY[entry.part]


def _header(deck: Deck, banner: str) -> list[str]:
    out = ["#", f"# {banner}", "#"]
    name = _one_line(deck.name or "")
    if name:
        out.append(f"#      {name}" if is_plain_name_comment(name) else f"# Name: {name}")
    out += [f"# {key.capitalize()}: {value}" for key, value in _metadata(deck, ("player", "alignment", "avatar",
                                                                                 "length"))]
    return out + ["#"]


def _notes_as_comments(deck: Deck) -> list[str]:
    """The notes, each line a '#' comment: GCCG reads every other line of a deck file as a card or a part name."""
    if not deck.notes:
        return []
    return _fenced("Notes") + [""] + [f"# {line}".rstrip() for line in deck.notes.split("\n")]


def write_gccg(deck: Deck) -> str:
    """GCCG's own deck file, as its ExportGccgDeck writes it (client.functions): the "# GCCG v... deck" line it
    recognises the format by, each part fenced, cards grouped under "# <type> (n)" and sorted by name, GCCG's
    canonical names (tags and set codes only where a name needs them)."""
    out = _header(deck, "GCCG v0.9.4 Middle-earth deck")
    for word, parts in GCCG_SECTIONS:
        entries = [e for p in parts for e in deck.part(p)]
        if not entries:
            continue
        out += _fenced(word)
        groups: dict[str, list[tuple[str, DeckEntry]]] = {}
        for entry in entries:
            text = gccg_card_text(entry) if entry.card else None
            groups.setdefault(_category(entry), []).append((text or "", entry))
        for category in sorted(groups):
            lines = sorted(groups[category], key=lambda item: item[0] or item[1].written)
            out += ["", f"# {category} ({sum(e.count for _, e in lines)})", ""]
            out += [f"{e.count} {text}" if text else _gccg_unresolved(e, deck.path) for text, e in lines]
    out += _notes_as_comments(deck)
    return "\n".join(out) + "\n"


def write_meccg(deck: Deck) -> str:
    """meccg-online's `.meccg` file, as its deck builder saves one (Deckbuilder.tsx CreateSingleTextFileFromDeck):
    a "# Middle-earth Deck" header, the Deck, Pool, Sideboard, Sites and Notes parts fenced, each followed by a
    blank line, "N code" lines (characters, resources, hazards) whose code is GCCG's name with its set."""
    out = _header(deck, "Middle-earth Deck")
    for word, parts in GCCG_SECTIONS:
        entries = [e for p in parts for e in deck.part(p)]
        if entries:
            out += _fenced(word)
            for part in parts:
                # the "# Hazard (30)" of meccg-online's own deck files (its reader skips '#' lines): it keeps an
                # agent listed with the characters there when deckcheck reads the file back
                if deck.part(part):
                    out += ["", f"# {MECCG_CATEGORY[part]} ({sum(e.count for e in deck.part(part))})", ""]
                    out += [line for entry in deck.part(part) for line in _meccg_lines(entry, deck.path)]
    if deck.notes:
        # meccg-online ends a part at the next line starting "##": a notes line like that is indented
        out += _fenced("Notes") + [""] + [f" {line}" if FENCE_LIKE.match(line) else line
                                          for line in deck.notes.split("\n")]
    return "\n".join(out) + "\n"


def _meccg_lines(entry: DeckEntry, path: str) -> list[str]:
    if not entry.card:
        return [_gccg_unresolved(entry, path, "meccg-online text")]
    code = meccg_code(entry.card) if _english(entry) else card_text(entry)
    left, lines = entry.count, []
    while left > 0:   # a count over 99 as several lines: meccg-online adds them up
        lines.append(f"{min(left, MECCG_MAX_COUNT)} {code}")
        left -= MECCG_MAX_COUNT
    return lines


def write_cardnum(deck: Deck) -> str:
    """Cardnum's zone text: each zone word (as its deck builder names the boxes, FW-DC-SB for the fallen-wizard
    sideboard) above the lines to paste into that box, "N Title (CODE)" as Cardnum's parse-line reads them."""
    # escaped as the Markdown writer escapes them: the same reader reads both
    out: list[str] = [f"{key.capitalize()}: {_html_escaped(value)}" for key, value in _metadata(
        deck, ("name", "player", "alignment", "avatar", "length"))]
    for part, word in CARDNUM_ZONES:
        entries = deck.part(part)
        if entries:
            out += ["", word] + [_cardnum_line(e, deck.path) for e in entries]
    if deck.notes:
        out += ["", "Notes"] + [f"> {line}" for line in deck.notes.split("\n")]
    return "\n".join(out).lstrip("\n") + "\n"


def _cardnum_line(entry: DeckEntry, path: str) -> str:
    if entry.card and not _english(entry):
        return f"{entry.count} {card_text(entry)}"
    if entry.card:
        code = meccg_code(entry.card)
        # parse-line's name stops at the first "(" or "[", and what follows may be 8 characters at most
        name = gccg_name(original_of(entry.card))
        return f"{entry.count} {code if CARDNUM_LINE.fullmatch(f'{entry.count} {code}') else name}"
    return _unresolved_line(
        entry, path, "Cardnum text", [entry.written, _quoted(entry.written)],
        lambda name: f"{entry.count} {card_text(entry, name)}",
        lambda line: _read_back_one(read_cardnum(f"Pool\n{line}\n", "<written>"), 2, Part.POOL))


def write_octgn(deck: Deck) -> str:
    """OCTGN's `.o8d` for its MECCG game (wlk0/meccg-for-Octgn): <deck game="...">, one <section> per part named
    as the game definition names them, <card qty="3" id="...">, the id OCTGN loads the card by. The card's text
    is the name with tag and set (OCTGN shows its own name; deckcheck reads the text back)."""
    out = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>', f'<deck game="{octgn_game_id()}">']
    for part in PART_ORDER:
        entries = deck.part(part)
        if not entries:
            continue
        out.append(f'  <section name="{OCTGN_SECTIONS[part]}" shared="False">')
        for entry in entries:
            guid = octgn_id(entry.card) if entry.card else None
            ident = f' id="{guid}"' if guid else ""
            text = html.escape(_octgn_text(entry, deck.path), quote=False)
            out.append(f'    <card qty="{entry.count}"{ident}>{text}</card>')
        out.append("  </section>")
    notes = "\n".join(f"{key.capitalize()}: {value}" for key, value in _metadata(
        deck, ("name", "player", "alignment", "avatar", "length")))
    if deck.notes or notes:
        out.append(f"  <notes>{html.escape(((notes + chr(10) * 2) if notes else '') + (deck.notes or ''), quote=False)}"
                   "</notes>")
    out.append("</deck>")
    return "\n".join(out) + "\n"


def _octgn_text(entry: DeckEntry, path: str) -> str:
    if entry.card:
        return card_text(entry)
    _one_line_name(entry, path, "OCTGN's .o8d")
    section = OCTGN_SECTIONS[entry.part]
    text = _unresolved_line(
        entry, path, "OCTGN's .o8d", [entry.written, _quoted(entry.written)],
        lambda name: f'<card qty="{entry.count}">{html.escape(card_text(entry, name), quote=False)}</card>',
        lambda line: _read_back_one(read_octgn(f'<deck>\n<section name="{section}">\n{line}\n</section></deck>',
                                               "<written>"), 3, entry.part))
    return html.unescape(text.split(">", 1)[1].rsplit("</card>", 1)[0])


def _one_line_name(entry: DeckEntry, path: str, fmt: str) -> None:
    """A name no card line can hold (a line break, a NUL: a JSON deck's) is refused, as by the text writers."""
    if any(c in entry.written for c in "\n\r\x00"):
        _unresolved_line(entry, path, fmt, [], None, None)   # raises, naming the file and line


def write_tts(deck: Deck) -> str:
    """A Tabletop Simulator saved object: one pile per part, laid out in a row, each card a "Card" object whose
    Nickname is its name (no images: the cards show blank faces until a mod gives them art)."""
    piles = []
    for n, part in enumerate(p for p in PART_ORDER if deck.part(p)):
        entries = deck.part(part)
        deck_key = n + 1
        card_id = deck_key * 100   # the first face of the pile's (blank) card sheet
        cards = [{"Name": "Card", "Nickname": _tts_name(entry, deck.path), "CardID": card_id,
                  "Transform": _transform(0.0)} for entry in entries for _ in range(entry.count)]
        ids = [card_id] * len(cards)
        piles.append({
            "Name": "DeckCustom", "Nickname": TTS_PILES[part], "GMNotes": part.value,
            "Transform": _transform(n * 3.0), "DeckIDs": ids, "ContainedObjects": cards,
            "CustomDeck": {str(deck_key): {"FaceURL": "", "BackURL": "", "NumWidth": 10, "NumHeight": 10,
                                           "BackIsHidden": True, "UniqueBack": False}}})
    meta = dict(_metadata(deck, ("name", "player", "alignment", "avatar", "length")))
    save = {"SaveName": meta.get("name", deck.name or ""), "ObjectStates": piles,
            "deckcheck": {**meta, **({"notes": deck.notes} if deck.notes else {})}}
    return json.dumps(save, ensure_ascii=False, indent=2) + "\n"


def _tts_name(entry: DeckEntry, path: str) -> str:
    if entry.card:
        return card_text(entry)
    _one_line_name(entry, path, "a Tabletop Simulator save")

    def save_of(name: str) -> str:
        cards = [{"Name": "Card", "Nickname": name}] * entry.count
        return json.dumps({"ObjectStates": [{"Name": "DeckCustom", "GMNotes": entry.part.value,
                                             "ContainedObjects": cards}]})

    def read_back(text: str):
        found = read_tts(json.loads(text), text, "<written>").lines
        return found[0] if len(found) == 1 and found[0].part == entry.part else None

    return json.loads(_unresolved_line(entry, path, "a Tabletop Simulator save",
                                       [entry.written, _quoted(entry.written)],
                                       lambda name: save_of(card_text(entry, name)),
                                       read_back))["ObjectStates"][0]["ContainedObjects"][0]["Nickname"]


def _transform(x: float) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


CLIENT_WRITERS = {"gccg": write_gccg, "meccg": write_meccg, "cardnum": write_cardnum, "octgn": write_octgn,
                  "tts": write_tts}


def client_warnings(deck: Deck, fmt: str) -> list[str]:
    """What the client of `fmt` will not take from this deck, one sentence each (the file itself holds it all,
    for deckcheck to read back)."""
    said: list[str] = []
    if fmt in ("gccg", "meccg", "octgn"):
        for entry in deck.entries:
            if entry.card and original_of(entry.card) is not entry.card:
                said.append(f"{entry.card.display()} ({entry.card.id}) is one card with its original "
                            f"{original_of(entry.card).id} in {fmt}: written as that")
    if fmt == "meccg" and deck.part(Part.FW_SIDEBOARD):
        said.append("meccg-online reads no sideboard against a fallen-wizard: its cards are in a "
                    "'Sideboard vs. fw' part that meccg-online skips")
    if fmt == "cardnum":
        unread = [line.split(" ", 1)[1] for e in deck.entries if e.card
                  for line in [_cardnum_line(e, deck.path)] if not CARDNUM_LINE.fullmatch(line)]
        if unread:
            said.append(f"Cardnum's deck builder reads no line of a name with a parenthesis: {', '.join(unread)}; "
                        "type it in Cardnum")
    if fmt == "cardnum" and deck.part(Part.SITES):
        said.append("Cardnum builds the location deck itself: the Sites zone is there to be read, not pasted")
    if fmt == "octgn":
        lacking = [e.card.display() for e in deck.entries if e.card and octgn_id(e.card) is None]
        if lacking:
            said.append(f"OCTGN's MECCG game has no {', '.join(lacking)}: written without an id, which OCTGN "
                        "will not load until it is removed")
        if deck.part(Part.PLAY):
            said.append("OCTGN has no part for play-deck cards of no known role: written in a 'Deck' section "
                        "OCTGN does not load")
    if fmt != "json" and any(not e.card for e in deck.entries):
        unknown = sum(1 for e in deck.entries if not e.card)
        said.append(f"{unknown} unresolved card line{'s' if unknown != 1 else ''} written as the player wrote "
                    f"{'them' if unknown != 1 else 'it'}: the client will not know {'them' if unknown != 1 else 'it'}")
    return said
