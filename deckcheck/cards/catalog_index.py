"""The card catalog's quick-loading form: `card_db/cards.index.jsonl`, built from `cards.json` by the importer.

`cards.json` is the catalog (one record per line, for reading and diffing); every start of deckcheck needs its
1,683 records by id and every name folded, which costs a parse of 378 kB of keyed records, a check of each field
and 1,683 folds. The index holds the same facts laid out for loading, in lines:

1. a JSON object: the format, the cards.json it was built from, the catalog's source, the field names, and the
   width of the hexadecimal numbers of lines 6 and 8;
2. the cards' ids and 3. their names, in card order, separated by tabs;
4. the folded names (the name index's keys), sorted, separated by tabs, and 5. for each the ids of its cards,
   separated by spaces, the groups by tabs;
6. where each card's line starts among the card lines, in hexadecimal numbers of that fixed width;
7. the ids sorted, separated by tabs, and 8. the position of each in card order, in hexadecimal numbers;
9. and on, a line a card: its id, its name and its other fields as (field number, value) pairs, a JSON list,
   parsed when the card is first asked for (a deck asks for some 80).

No id or name holds a tab or a line break, nor an id a space: build_index refuses a catalog that would. A start
reads the file's bytes, parses the small first line and splits three lines (the name keys, their groups, the ids
sorted); an id and a name are looked up by bisection in their sorted lines, no card line, name or number is read
before it is asked for, and no dict of the 1,683 cards or 1,467 names is made. (Loading the catalog from format
3, the same facts as one JSON object of lists then a dict of positions, cost ~10.7 M instructions, 4% of a
one-deck `validate`; from this, ~2.9 M: valgrind --tool=callgrind, see benchmarks/bench_startup.py.)
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
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from typing import Any

from deckcheck.cards.model import CARD_FIELDS
from deckcheck.cards.names import fold

INDEX_FILE = "cards.index.jsonl"
INDEX_FORMAT = 4      # 4: tab-separated lines, keys and ids sorted, numbers in hex (3: all in a JSON first line)
_INDEXED_FIELDS = frozenset(CARD_FIELDS) - {"id", "name"}
# What separates the values of a line, the ids of a key's group, and the lines: no id or name holds one.
_SEPARATOR, _GROUP, _LINE = "\t", " ", "\n"


def build_index(document: dict, cards_text: bytes) -> str:
    """The index of a catalog document, whose text as written to cards.json is `cards_text`: deterministic
    (the same catalog gives the same bytes). ValueError for an id or a name the index could not list (one holding a
    tab or a line break, an id a space: no catalog has one)."""
    import hashlib  # here, not at the top: every start imports this module, only the importer builds

    records = document["cards"]
    fields = sorted({key for record in records for key in record} - {"id", "name"})
    ids = [record["id"].upper() for record in records]
    names = [record["name"] for record in records]
    for value in (*ids, *names):
        if any(mark in value for mark in (_SEPARATOR, _LINE, "\r")):
            raise ValueError(f"{value!r} holds a tab or a line break: no index can list it")
    for value in ids:
        if _GROUP in value:
            raise ValueError(f"the id {value!r} holds a space: no index can list it")
    groups: dict[str, list[str]] = {}
    for card_id, name in zip(ids, names):
        groups.setdefault(fold(name), []).append(card_id)
    keys = sorted(groups)
    rows = [json.dumps([card_id, record["name"], *(item for number, key in enumerate(fields) if key in record
                                                   for item in (number, record[key]))],
                       ensure_ascii=False, separators=(",", ":")) for card_id, record in zip(ids, records)]
    starts, at = [], 0
    for row in rows:
        starts.append(at)
        at += len(row.encode("utf-8")) + 1
    by_id = sorted(range(len(ids)), key=ids.__getitem__)
    width = len(f"{max(at, len(ids)):x}")
    head = {
        "format": INDEX_FORMAT,
        "built_from": {"file": "cards.json", "size": len(cards_text), "sha256": hashlib.sha256(cards_text).hexdigest()},
        "source": document.get("source"),
        "fields": fields,
        "number_width": width,
    }
    lines = [json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
             _SEPARATOR.join(ids), _SEPARATOR.join(names), _SEPARATOR.join(keys),
             _SEPARATOR.join(_GROUP.join(groups[key]) for key in keys),
             "".join(f"{start:0{width}x}" for start in starts),
             _SEPARATOR.join(ids[position] for position in by_id),
             "".join(f"{position:0{width}x}" for position in by_id),
             *rows]
    return "".join(line + _LINE for line in lines)


class NameKeys(Mapping):
    """Folded name -> the ids of its cards, in card order: the index's sorted keys, looked up by bisection (a dict
    of the 1,467 keys, made at every start, cost more than all the look-ups of a deck)."""

    __slots__ = ("_keys", "_groups")

    def __init__(self, keys: list[str], groups: list[str]):
        self._keys, self._groups = keys, groups

    def _at(self, key) -> int:
        at = bisect_left(self._keys, key) if isinstance(key, str) else len(self._keys)
        return at if at < len(self._keys) and self._keys[at] == key else -1

    def __getitem__(self, key) -> list[str]:
        at = self._at(key)
        if at < 0:
            raise KeyError(key)
        return self._groups[at].split(_GROUP)

    def __contains__(self, key) -> bool:
        return self._at(key) >= 0

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


class IdPositions(Mapping):
    """Card id -> its position in card order: the index's sorted ids, looked up by bisection, and their positions
    read from a line of fixed-width hexadecimal numbers as they are asked for (a dict of the 1,683 ids, made at
    every start, cost ~1.4 M instructions). Iterated in card order."""

    __slots__ = ("_sorted", "_positions", "_width", "_index")

    def __init__(self, index: dict, sorted_ids: list[str], positions: bytes):
        self._index, self._sorted, self._positions, self._width = index, sorted_ids, positions, index["number_width"]

    def _at(self, card_id) -> int:
        at = bisect_left(self._sorted, card_id) if isinstance(card_id, str) else len(self._sorted)
        return at if at < len(self._sorted) and self._sorted[at] == card_id else -1

    def __getitem__(self, card_id) -> int:
        at = self._at(card_id)
        if at < 0:
            raise KeyError(card_id)
        return int(self._positions[at * self._width:(at + 1) * self._width], 16)

    def __contains__(self, card_id) -> bool:
        return self._at(card_id) >= 0

    def __iter__(self) -> Iterator[str]:
        return iter(index_ids(self._index))

    def __len__(self) -> int:
        return len(self._sorted)


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
    row = json.loads(card_line(index, position))
    record = {"id": row[0], "name": row[1]}
    record.update(zip(map(index["fields"].__getitem__, row[2::2]), row[3::2]))
    if len(row) % 2:
        raise ValueError(f"card line {position + 1} has a field number without its value")
    return record


def card_line(index: dict, position: int) -> str:
    """The line of the card at `position` (ValueError when the offsets do not lead to a line of its own)."""
    width, offsets, lines = index["number_width"], index["offsets"], index["lines"]
    if not 0 <= position < len(index["by_id"]):
        raise IndexError(position)
    start = int(offsets[position * width:(position + 1) * width], 16)
    end = lines.find(b"\n", start)
    if end < 0 or (start and lines[start - 1:start] != b"\n"):
        raise ValueError(f"card line {position + 1} does not start where the index says")
    return lines[start:end].decode("utf-8")     # decoded here: json.loads of bytes guesses their encoding first


def index_names(index: dict) -> list[str]:
    """The English name of every card of the index, in card order (split from its line when first asked for)."""
    names = index.get("names")
    if names is None:
        names = index["names"] = index["names_line"].decode("utf-8").split(_SEPARATOR)
    return names


def index_ids(index: dict) -> list[str]:
    """The id of every card of the index, in card order (split from its line when first asked for)."""
    ids = index.get("ids")
    if ids is None:
        ids = index["ids"] = index["ids_line"].decode("utf-8").split(_SEPARATOR)
    return ids


def check_index(index: dict, document: dict) -> str | None:
    """What differs between the index and the catalog document it was built from (None: nothing)."""
    records = document["cards"]
    ids, names, by_id = index_ids(index), index_names(index), index["by_id"]
    if not len(ids) == len(names) == len(by_id) == len(records):
        return f"{len(ids)} cards in the index, {len(records)} in cards.json"
    for position, record in enumerate(records):
        card_id = record["id"].upper()
        if record_of(index, position) != {**record, "id": card_id} or (ids[position], names[position]) != \
                (card_id, record["name"]) or by_id.get(card_id) != position:
            return f"card {record['id']} differs"
    keys: dict[str, list[str]] = {}
    for record in records:
        keys.setdefault(fold(record["name"]), []).append(record["id"].upper())
    return None if keys == dict(index["by_key"]) else "the folded-name index differs"


def parse_index(data: bytes | str) -> dict:
    """The index of an index file's bytes (or text): its first line's object with "by_key" (NameKeys), "by_id"
    (IdPositions), and what ids, names and card lines are read from when asked for (index_ids, index_names,
    record_of). ValueError when the file is not laid out so (too few lines, a first line that is no JSON object,
    lines that disagree in length)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    parts = data.split(b"\n", 8)
    if len(parts) < 9:
        raise ValueError("fewer lines than an index has")
    head, ids, names, keys, groups, offsets, sorted_ids, positions, lines = parts
    index = json.loads(head)
    if not isinstance(index, dict) or not isinstance(index.get("number_width"), int) or index["number_width"] < 1:
        raise ValueError("the first line is no index's")
    keys, groups = keys.decode("utf-8").split(_SEPARATOR), groups.decode("utf-8").split(_SEPARATOR)
    sorted_ids = sorted_ids.decode("utf-8").split(_SEPARATOR)
    size = index["number_width"] * len(sorted_ids)
    if len(keys) != len(groups) or len(offsets) != size or len(positions) != size or not lines.endswith(b"\n") \
            or not ids.count(b"\t") + 1 == names.count(b"\t") + 1 == len(sorted_ids):
        raise ValueError("the lines of the index disagree in length")
    index["by_key"], index["by_id"] = NameKeys(keys, groups), IdPositions(index, sorted_ids, positions)
    index["ids_line"], index["names_line"], index["offsets"], index["lines"] = ids, names, offsets, lines
    return index


def read_index(directory: str | os.PathLike) -> dict | None:
    """The index beside `directory`'s cards.json, when it is there, whole and built from a file of that size;
    else None (the catalog is then read from cards.json)."""
    try:
        size = os.stat(os.path.join(directory, "cards.json")).st_size
        with open(os.path.join(directory, INDEX_FILE), "rb") as fh:
            index = parse_index(fh.read())
    except (OSError, ValueError):
        return None
    if not _fits(index) or index["built_from"].get("size") != size:
        return None
    return index


def _fits(index: Any) -> bool:
    """The index's outline is as build_index writes it (its cards were checked when it was built)."""
    if not isinstance(index, dict) or index.get("format") != INDEX_FORMAT:
        return False
    if not isinstance(index.get("built_from"), dict) or not isinstance(index.get("fields"), list):
        return False
    return set(index["fields"]) <= _INDEXED_FIELDS
