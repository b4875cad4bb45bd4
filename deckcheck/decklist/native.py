"""deckcheck's own JSON deck format, described by deckcheck/schemas/deck.schema.json (shipped in the package).

One shape for `deckcheck show --output json` and `deckcheck convert --to json`: metadata, then the parts,
each a list of {count, name, card, tag, set, lines}.

Reading checks by hand what the reader uses -- the version, the metadata it reads, the parts and each entry's
count, name, card id, tag, set and part -- against the limits the schema gives, without importing jsonschema
(which cost ~75% of a JSON deck's read and made it 4x slower than GCCG text; benchmarks/bench_formats.py). A file
that breaks one of those gets the full jsonschema check, whose messages name each problem; what the reader does
not use (counts, source, diagnostics, an entry's lines and suggestions) is checked in full only by
`deckcheck convert --check` (`schema_problems`).
"""

from __future__ import annotations

import json
import re
from functools import cache

from deckcheck.datafiles import read_json, schema_path
from deckcheck.decklist.lines import (
    MAX_COUNT,
    LineIndex,
    ReadResult,
    TextCursor,
    check_count,
    excerpt,
    key_offset,
)
from deckcheck.decklist.model import PART_ORDER, Deck, DeckEntry, Part, RawLine

FORMAT_NAME = "deckcheck-deck"
VERSION = 1
SCHEMA = "deckcheck/deck/1"


@cache
def schema() -> dict:
    return read_json(schema_path("deck"), "deck schema")


@cache
def _limits() -> dict:
    """The parts of the schema the hand check applies, taken from the schema itself (one source of truth)."""
    from deckcheck.errors import DataError

    try:
        top, entry = schema()["properties"], schema()["$defs"]["entry"]["properties"]
        return {"schema": top["schema"]["const"], "format": top["format"]["const"],
                "alignments": frozenset(top["alignment"]["enum"]), "length": (top["length"]["minimum"],
                                                                              top["length"]["maximum"]),
                "parts": frozenset(top["parts"]["propertyNames"]["enum"]),
                "count": (entry["count"]["minimum"], entry["count"]["maximum"]),
                "card": re.compile(entry["card"]["pattern"])}
    except (KeyError, TypeError, re.error) as exc:
        raise DataError(f"deck schema lacks what the reader checks ({type(exc).__name__}: {exc}); deckcheck's "
                        "installation is incomplete or damaged; reinstall it", str(schema_path("deck"))) from None


def _integer(value) -> bool:
    """An integer as JSON Schema counts one: 3 and 3.0, not True."""
    return (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, float)
                                                                        and value.is_integer())


def fits_what_the_reader_uses(data: object) -> bool:
    """True when every key the reader uses holds what the schema allows there (the rest is not looked at)."""
    limits = _limits()
    if not isinstance(data, dict) or not isinstance(data.get("parts"), dict):
        return False
    if data.get("schema", limits["schema"]) != limits["schema"] or data.get("format", limits["format"]) != \
            limits["format"]:
        return False
    if any(key in data and not isinstance(data[key], str) for key in ("name", "player", "avatar", "notes")):
        return False
    if "alignment" in data and not (isinstance(data["alignment"], str) and data["alignment"] in limits["alignments"]):
        return False
    low, high = limits["length"]
    if "length" in data and not (_integer(data["length"]) and low <= data["length"] <= high):
        return False
    low, high = limits["count"]
    card = limits["card"]
    for key, entries in data["parts"].items():
        if key not in limits["parts"] or not isinstance(entries, list):
            return False
        for entry in entries:
            if not (isinstance(entry, dict) and _integer(entry.get("count")) and low <= entry["count"] <= high
                    and isinstance(entry.get("name"), str) and entry["name"]):
                return False
            if len(entry) > 2:      # beyond count and name: each optional key the reader uses, if there
                if "card" in entry and not (isinstance(entry["card"], str) and card.search(entry["card"])):
                    return False
                for key in ("tag", "set", "written_in"):
                    if key in entry and not isinstance(entry[key], str):
                        return False
    return True


def schema_problems(data: object) -> list:
    """Every way `data` breaks the full deck schema (jsonschema's errors, by place in the document)."""
    return sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))


@cache
def _validator():
    """The full schema's validator, built (and the schema checked) once per process."""
    from deckcheck.datafiles import schema_validator

    return schema_validator(schema_path("deck"), "deck schema")


def looks_like(data: object) -> bool:
    return isinstance(data, dict) and (data.get("schema") == SCHEMA or data.get("format") == FORMAT_NAME
                                       or "parts" in data)


def check_against_schema(result: ReadResult, data: object, text: str, path: str,
                         lines: LineIndex | None = None) -> set[tuple[str, int]]:
    """Every problem the full schema finds in `data` (read from `text`) added to `result`, a "schema" diagnostic
    with its line -- what `convert --check` says, and what the reader says of a file it cannot take as it is;
    returned: the entries ((part, index)) that hold a problem."""
    lines = lines or LineIndex(text)
    bad_entries = set()
    for error in schema_problems(data):
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        # the message quotes the bad value: at most an excerpt of it
        result.problem(path, _line_near(text, lines, error.absolute_path), "schema",
                       f"{excerpt(where, 80)}: {excerpt(error.message, 160)}")
        p = list(error.absolute_path)
        if len(p) >= 3 and p[0] == "parts" and isinstance(p[2], int):
            bad_entries.add((str(p[1]), p[2]))
    return bad_entries


def read_data(data: dict, text: str, path: str) -> ReadResult:
    result = ReadResult(format="json")
    lines = LineIndex(text)
    bad_entries = set() if fits_what_the_reader_uses(data) else check_against_schema(result, data, text, path, lines)
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
            line = cursor.find(_json_string(entry.get("card") or entry["name"]))
            _read_entry(result, path, part, entry, line)
    return result


PART_VALUES = frozenset(p.value for p in Part)
_ENCODER = json.JSONEncoder(ensure_ascii=False)     # json.dumps(..., ensure_ascii=False) makes one per call
_ESCAPED = re.compile(r'["\\\x00-\x1f\x7f-\x9f\u2028\u2029]')


def _json_string(value: str) -> str:
    """json.dumps(value, ensure_ascii=False), without the encoder's cost for the usual name that needs no escape."""
    return f'"{value}"' if not _ESCAPED.search(value) else json.dumps(value, ensure_ascii=False)


def _read_entry(result: ReadResult, path: str, part: Part, entry: dict, line: int | None) -> None:
    """One entry; its line is where it stands in this JSON file (its "lines" were the source's)."""
    text = _ENCODER.encode(entry)
    if not check_count(result, path, line, entry["count"], text):
        return
    if entry.get("written_in") in PART_VALUES:
        part = Part(entry["written_in"])   # where the player wrote it; the builder counts it as what it is again
    result.lines.append(RawLine(name=entry["name"], count=int(entry["count"]), part=part, line=line,
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
            data["parts"][part.value] = [chunk for e in entries for chunk in _entry_chunks(_entry_data(e))]
    data["counts"] = {part.value: deck.count(part) for part in PART_ORDER if deck.part(part)}
    if with_diagnostics:
        data["diagnostics"] = [
            {"path": d.path, "line": d.line, "code": d.code, "severity": d.severity, "message": d.message}
            for d in deck.diagnostics
        ]
    return data


def _entry_chunks(entry: dict) -> list[dict]:
    """An entry of more copies than one line may hold (several lines of one card add up: 300 + 300 Dodge) as
    entries of at most MAX_COUNT each, so that the deck fits its schema and reads back whole (the reader, as
    every reader, refuses a count above MAX_COUNT); they add up again when read."""
    count = entry["count"]
    if count <= MAX_COUNT:
        return [entry]
    return [{**entry, "count": min(MAX_COUNT, count - start)} for start in range(0, count, MAX_COUNT)]


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
