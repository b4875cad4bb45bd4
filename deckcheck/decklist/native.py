"""deckcheck's own JSON deck format, described by deckcheck/schemas/deck.schema.json (shipped in the package).

One shape for `deckcheck show --output json` and `deckcheck convert --to json`: metadata, then the parts,
each a list of {count, name, card, tag, set, lines}. Validated with jsonschema on read.
"""

from __future__ import annotations

import json
from functools import cache

from deckcheck.datafiles import read_json, schema_path
from deckcheck.decklist.lines import LineIndex, ReadResult, TextCursor, check_count, excerpt, key_offset
from deckcheck.decklist.model import PART_ORDER, Deck, DeckEntry, Part, RawLine

FORMAT_NAME = "deckcheck-deck"
VERSION = 1
SCHEMA = "deckcheck/deck/1"


@cache
def schema() -> dict:
    return read_json(schema_path("deck"), "deck schema")


def looks_like(data: object) -> bool:
    return isinstance(data, dict) and (data.get("schema") == SCHEMA or data.get("format") == FORMAT_NAME
                                       or "parts" in data)


def read_data(data: dict, text: str, path: str) -> ReadResult:
    import jsonschema

    result = ReadResult(format="json")
    validator = jsonschema.Draft202012Validator(schema())
    bad_entries: set[tuple[str, int]] = set()
    lines = LineIndex(text)
    for error in sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        # the message quotes the bad value: at most an excerpt of it
        result.problem(path, _line_near(text, lines, error.absolute_path), "schema",
                       f"{excerpt(where, 80)}: {excerpt(error.message, 160)}")
        p = list(error.absolute_path)
        if len(p) >= 3 and p[0] == "parts" and isinstance(p[2], int):
            bad_entries.add((str(p[1]), p[2]))
    if not isinstance(data, dict):
        return result
    for key in ("name", "player", "alignment", "avatar", "notes"):
        if isinstance(data.get(key), str):
            setattr(result, key, data[key])
    if isinstance(data.get("length"), int) and not isinstance(data.get("length"), bool):
        result.length = data["length"]
    parts = data.get("parts") if isinstance(data.get("parts"), dict) else {}
    for key, entries in parts.items():
        try:
            part = Part(key)
        except ValueError:
            continue   # reported by the schema
        if not isinstance(entries, list):
            continue
        cursor = TextCursor(text, lines)
        cursor.pos = key_offset(text, ("parts", key))
        for index, entry in enumerate(entries):
            if (key, index) in bad_entries or not isinstance(entry, dict):
                continue
            line = cursor.find(json.dumps(entry.get("card") or entry["name"], ensure_ascii=False))
            _read_entry(result, path, part, entry, line)
    return result


def _read_entry(result: ReadResult, path: str, part: Part, entry: dict, line: int | None) -> None:
    """One entry; its line is where it stands in this JSON file (its "lines" were the source's)."""
    text = json.dumps(entry, ensure_ascii=False)
    if not check_count(result, path, line, entry["count"], text):
        return
    if entry.get("written_in") in {p.value for p in Part}:
        part = Part(entry["written_in"])   # where the player wrote it; the builder counts it as what it is again
    result.lines.append(RawLine(name=entry["name"], count=entry["count"], part=part, line=line,
                                tag=entry.get("tag"), set_code=entry.get("set"), card_id=entry.get("card"),
                                text=text))


def _line_near(text: str, lines: LineIndex, json_path) -> int | None:
    """Best effort: the line of the last key of the path in the text."""
    keys = [p for p in json_path if isinstance(p, str)]
    if not keys:
        return 1
    at = text.find(json.dumps(keys[-1]))
    return lines.line(at) if at >= 0 else None


def deck_to_data(deck: Deck, *, with_diagnostics: bool = False) -> dict:
    """The deck as native JSON data: what `convert --to json` writes and `show --output json` prints."""
    data: dict = {"schema": SCHEMA, "format": FORMAT_NAME, "version": VERSION}
    for key in ("name", "player", "alignment", "avatar", "length", "notes"):
        value = getattr(deck, key)
        if value is not None:
            data[key] = value
    if deck.alignment_reason:
        data["alignment_reason"] = deck.alignment_reason
    data["source"] = {"path": deck.path, "format": deck.format}
    data["parts"] = {}
    for part in PART_ORDER:
        entries = deck.part(part)
        if entries:
            data["parts"][part.value] = [_entry_data(e) for e in entries]
    data["counts"] = {part.value: deck.count(part) for part in PART_ORDER if deck.part(part)}
    if with_diagnostics:
        data["diagnostics"] = [
            {"path": d.path, "line": d.line, "code": d.code, "severity": d.severity, "message": d.message}
            for d in deck.diagnostics
        ]
    return data


def _entry_data(entry: DeckEntry) -> dict:
    out: dict = {"count": entry.count}
    if entry.card:
        out["name"] = entry.card.name
        out["card"] = entry.card.id
        if entry.card.tag:
            out["tag"] = entry.card.tag
        out["set"] = entry.card.set
    else:
        out["name"] = entry.written
        if entry.tag:
            out["tag"] = entry.tag
        if entry.set_code:
            out["set"] = entry.set_code
        out["problem"] = entry.problem
        if entry.candidates:
            out["candidates"] = [c.id for c in entry.candidates]
        if entry.suggestions:
            out["suggestions"] = list(entry.suggestions)
    if entry.written_part and entry.written_part != entry.part:
        out["written_in"] = entry.written_part.value
    if entry.lines:
        out["lines"] = list(entry.lines)
    return out
