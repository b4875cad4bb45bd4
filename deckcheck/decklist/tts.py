"""Tabletop Simulator saved objects: {"ObjectStates": [piles]}, each pile a "Deck"/"DeckCustom" object holding
"Card" objects (or a lone "Card"), each card named by its Nickname.

A pile's part is its GMNotes where that is a part's name (deckcheck writes "pool", "hazards", ...), else what its
Nickname says ("Location deck", "Sideboard"); a pile that says neither is read as play deck, each card placed by
what it is. Repeated cards of a pile are counted. Nothing else of the save (positions, images, scripts) is read.
"""

from __future__ import annotations

import json

from deckcheck.decklist.lines import LineIndex, ReadResult, TextCursor, label_part, split_card_text
from deckcheck.decklist.model import Part, RawLine
from deckcheck.decklist.wigy import ALIGNMENTS

PILES = ("Deck", "DeckCustom")
MAX_DEPTH = 4   # a bag of decks is read; deeper nesting is no deck


def looks_like(data: object) -> bool:
    return isinstance(data, dict) and isinstance(data.get("ObjectStates"), list)


def read_data(data: dict, text: str, path: str) -> ReadResult:
    result = ReadResult(format="tts")
    cursor = TextCursor(text, LineIndex(text))   # cards come in the file's order: each is looked for once
    meta = data.get("deckcheck") if isinstance(data.get("deckcheck"), dict) else {}
    for key in ("name", "player", "avatar", "notes"):
        if isinstance(meta.get(key), str):
            setattr(result, key, meta[key])
    if isinstance(meta.get("alignment"), str):
        result.alignment = ALIGNMENTS.get(meta["alignment"].lower())
    if isinstance(meta.get("length"), int) and not isinstance(meta.get("length"), bool):
        result.length = meta["length"]
    if result.name is None and isinstance(data.get("SaveName"), str) and data["SaveName"].strip():
        result.name = data["SaveName"].strip()
    for pile in data["ObjectStates"]:
        _read_object(result, path, cursor, pile, None, 0)
    return result


def _pile_part(pile: dict) -> Part | None:
    notes = pile.get("GMNotes")
    if isinstance(notes, str) and notes in {p.value for p in Part}:
        return Part(notes)
    found = label_part(pile.get("Nickname") or "") if isinstance(pile.get("Nickname"), str) else None
    return found if isinstance(found, Part) else None


def _read_object(result: ReadResult, path: str, cursor: TextCursor, obj: object, part: Part | None,
                 depth: int) -> None:
    if not isinstance(obj, dict) or depth > MAX_DEPTH:
        return
    kind = obj.get("Name")
    if kind in ("Card", "CardCustom"):
        _read_card(result, path, cursor, obj, part or _pile_part(obj))
        return
    contained = obj.get("ContainedObjects")
    if isinstance(contained, list):
        inner = _pile_part(obj) or part if kind in PILES else part
        for child in contained:
            _read_object(result, path, cursor, child, inner, depth + 1)


def _read_card(result: ReadResult, path: str, cursor: TextCursor, card: dict, part: Part | None) -> None:
    nickname = card.get("Nickname")
    line = cursor.find(json.dumps(nickname, ensure_ascii=False)) if isinstance(nickname, str) else None
    if not isinstance(nickname, str) or not nickname.strip():
        result.problem(path, line, "missing-name", f"a card without a Nickname (CardID {card.get('CardID')!r}); "
                                                   "skipped")
        return
    name, tag, set_code = split_card_text(nickname)
    last = result.lines[-1] if result.lines else None
    if last and last.text == nickname and last.part == (part or Part.PLAY):
        last.count += 1   # the next copy in the same pile
        return
    result.lines.append(RawLine(name=name, count=1, part=part or Part.PLAY, line=line, tag=tag, set_code=set_code,
                                text=nickname, placed_by_type=part is None))
