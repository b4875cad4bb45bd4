"""The card catalog's quick-loading form: `card_db/cards.index.jsonl`, built from `cards.json` by the importer.

`cards.json` is the catalog (one record per line, for reading and diffing); every start of deckcheck needs its
1,683 records by id and every name folded, which costs a parse of 378 kB of keyed records, a check of each field
and 1,683 folds. The index holds the same facts laid out for loading, as JSON Lines: its first line a JSON object
with the ids and names in two lists, the folded-name index ready made and where each card's line starts; then one
line a card, its other fields as a JSON list of (field number, value) pairs, parsed when the card is first asked for
(a deck asks for some 80). A start parses only the first line: the cards' lines are sliced out of the text as they
are asked for (parsing them all, or the same pairs held as JSON strings inside one document, cost twice the rest).
Nothing is folded or checked at start: it was checked when it was built (`build_index` reads it back and compares
every card with `cards.json`), and the tests check that the shipped one is exactly what `build_index` makes of the
shipped `cards.json`, byte for byte.

At start the index is used only when it says it was built from a `cards.json` of the size found beside it (one
stat); otherwise, or when it is missing or damaged, the catalog is read from `cards.json` as before (same cards,
slower). It holds nothing `cards.json` does not: facts only.
"""

from __future__ import annotations

import json
import os
from typing import Any

from deckcheck.cards.model import CARD_FIELDS
from deckcheck.cards.names import fold

INDEX_FILE = "cards.index.jsonl"
INDEX_FORMAT = 3      # 3: JSON Lines, each card's pairs a line of its own (2: one JSON string each)
_INDEXED_FIELDS = frozenset(CARD_FIELDS) - {"id", "name"}


def build_index(document: dict, cards_text: bytes) -> str:
    """The index of a catalog document, whose text as written to cards.json is `cards_text`: deterministic
    (the same catalog gives the same bytes), a first line and a line a card."""
    import hashlib  # here, not at the top: every start imports this module, only the importer builds

    records = document["cards"]
    fields = sorted({key for record in records for key in record} - {"id", "name"})
    by_key: dict[str, list[str]] = {}
    for record in records:
        by_key.setdefault(fold(record["name"]), []).append(record["id"].upper())
    rows = [json.dumps([item for number, key in enumerate(fields) if key in record
                        for item in (number, record[key])], ensure_ascii=False, separators=(",", ":"))
            for record in records]
    head = {
        "format": INDEX_FORMAT,
        "built_from": {"file": "cards.json", "size": len(cards_text), "sha256": hashlib.sha256(cards_text).hexdigest()},
        "source": document.get("source"),
        "fields": fields,
        "ids": [record["id"].upper() for record in records],
        "names": [record["name"] for record in records],
        "by_key": by_key,
        "starts": [],
    }
    # where each card's line starts in the text, counted in characters from the start of the file: the first
    # line holds these numbers itself, so it is laid out with room for them, then they are filled in
    first = len(json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    while True:
        starts, at = [], first + 1
        for row in rows:
            starts.append(at)
            at += len(row) + 1
        head["starts"] = starts
        line = json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        if len(line) == first:
            return line + "\n" + "".join(row + "\n" for row in rows)
        first = len(line)


def write_index(directory: str | os.PathLike, document: dict, cards_text: bytes) -> None:
    """Build the index of the catalog just written to directory/cards.json, check it against the catalog and
    write it beside it (atomically). A DataError if the two differ (a bug here, never the user's data)."""
    from deckcheck.errors import DataError
    from deckcheck.fileio import atomic_write_text

    text = build_index(document, cards_text)
    problem = check_index(parse_index(text), document)
    if problem:
        raise DataError(f"the card index does not match the catalog: {problem}", os.path.join(directory, INDEX_FILE))
    atomic_write_text(os.path.join(directory, INDEX_FILE), text)


def record_of(index: dict, position: int) -> dict[str, Any]:
    """The cards.json record of the card at `position` of the index."""
    text, start = index["text"], index["starts"][position]
    end = text.index("\n", start)
    if text[start - 1] != "\n":
        raise ValueError(f"card line {position + 2} does not start where the index says")
    fields, row = index["fields"], json.loads(text[start:end])
    record = {"id": index["ids"][position], "name": index["names"][position]}
    record.update((fields[row[i]], row[i + 1]) for i in range(0, len(row), 2))
    return record


def check_index(index: dict, document: dict) -> str | None:
    """What differs between the index and the catalog document it was built from (None: nothing)."""
    records = document["cards"]
    if len(index["ids"]) != len(records):
        return f"{len(index['ids'])} cards in the index, {len(records)} in cards.json"
    for position, record in enumerate(records):
        if record_of(index, position) != {**record, "id": record["id"].upper()}:
            return f"card {record['id']} differs"
    keys: dict[str, list[str]] = {}
    for record in records:
        keys.setdefault(fold(record["name"]), []).append(record["id"].upper())
    return None if keys == index["by_key"] else "the folded-name index differs"


def parse_index(text: str) -> dict:
    """The index of an index file's text: its first line's object, with the text itself as "text" (the cards'
    lines are parsed as they are asked for). ValueError when the first line is no JSON."""
    index = json.loads(text[:text.find("\n")])
    if isinstance(index, dict):
        index["text"] = text
    return index


def read_index(directory: str | os.PathLike) -> dict | None:
    """The index beside `directory`'s cards.json, when it is there, whole and built from a file of that size;
    else None (the catalog is then read from cards.json)."""
    try:
        size = os.stat(os.path.join(directory, "cards.json")).st_size
        with open(os.path.join(directory, INDEX_FILE), "rb") as fh:
            index = parse_index(fh.read().decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not _fits(index) or index["built_from"].get("size") != size:
        return None
    return index


def _fits(index: Any) -> bool:
    """The index's outline is as build_index writes it (its cards were checked when it was built)."""
    if not isinstance(index, dict) or index.get("format") != INDEX_FORMAT:
        return False
    parts = ("built_from", dict), ("fields", list), ("ids", list), ("names", list), ("starts", list), ("by_key", dict)
    if not all(isinstance(index.get(key), kind) for key, kind in parts):
        return False
    if not set(index["fields"]) <= _INDEXED_FIELDS:
        return False
    return len(index["ids"]) == len(index["names"]) == len(index["starts"])
