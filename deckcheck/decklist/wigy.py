"""The JSON decks of wigy/meccg: `pool`, `deck.{characters,resources,hazards}`, `sites`, `sideboard`.

Each entry names its card by id ("tw-181") and quantity; the top-level `alignment` is the declared one.
JSON has no line per card, so we find each entry's id in the text to give diagnostics a line number.
"""

from __future__ import annotations

import json

from deckcheck.decklist.lines import LineIndex, ReadResult, TextCursor, check_count, excerpt, key_offset
from deckcheck.decklist.model import Part, RawLine

PARTS = {
    ("pool",): Part.POOL,
    ("deck", "characters"): Part.CHARACTERS,
    ("deck", "resources"): Part.RESOURCES,
    ("deck", "hazards"): Part.HAZARDS,
    ("sites",): Part.SITES,
    ("sideboard",): Part.SIDEBOARD,
    ("fw-sideboard",): Part.FW_SIDEBOARD,
    ("fwsb",): Part.FW_SIDEBOARD,
}
ALIGNMENTS = {"hero": "wizard", "wizard": "wizard", "minion": "ringwraith", "ringwraith": "ringwraith",
              "fallen-wizard": "fallen-wizard", "fallen wizard": "fallen-wizard", "balrog": "balrog"}
KNOWN_TOP = {"id", "name", "alignment", "pool", "deck", "sites", "sideboard", "fw-sideboard", "fwsb"}


def looks_like(data: object) -> bool:
    return isinstance(data, dict) and ("pool" in data or isinstance(data.get("deck"), dict))


def read_data(data: dict, text: str, path: str) -> ReadResult:
    result = ReadResult(format="wigy-json")
    result.name = data.get("name") if isinstance(data.get("name"), str) else None
    lines = LineIndex(text)      # one table of line starts for every line number of this file
    declared = data.get("alignment")
    if isinstance(declared, str):
        result.alignment = ALIGNMENTS.get(declared.lower())
        if result.alignment is None:
            result.problem(path, TextCursor(text, lines).find(f'"{declared}"'), "unknown-alignment",
                           f"unknown alignment {excerpt(declared)!r}", severity="warning")
    keys_cursor = TextCursor(text, lines)      # the keys come in the file's order: each is looked for once
    for key in data:
        if key not in KNOWN_TOP:
            result.problem(path, keys_cursor.find(f'"{key}"'), "unknown-section",
                           f"unknown key {excerpt(key)!r}; skipped", severity="warning")
    for keys, part in PARTS.items():
        # each part searches its entries from its own key on: files order the parts as they like
        cursor = TextCursor(text, lines)
        cursor.pos = key_offset(text, keys)
        entries = data.get(keys[0])
        if len(keys) == 2:
            entries = entries.get(keys[1]) if isinstance(entries, dict) else None
        if entries is None:
            continue
        if not isinstance(entries, list):
            result.problem(path, cursor.find(f'"{keys[-1]}"'), "bad-section",
                           f"{'.'.join(keys)} is not a list; skipped")
            continue
        for entry in entries:
            _read_entry(result, path, cursor, entry, part)
    return result


def _read_entry(result: ReadResult, path: str, cursor: TextCursor, entry: object, part: Part) -> None:
    if not isinstance(entry, dict):
        result.problem(path, None, "bad-entry", f"entry {excerpt(repr(entry))} is not an object; skipped")
        return
    card_id, name, qty = entry.get("card"), entry.get("name"), entry.get("qty", 1)
    line = cursor.find(json.dumps(card_id if isinstance(card_id, str) else name, ensure_ascii=False))
    text = json.dumps(entry, ensure_ascii=False)
    if not isinstance(qty, int) or isinstance(qty, bool):
        result.problem(path, line, "bad-count",
                       f"qty {excerpt(repr(qty), 20)} is not a whole number in {excerpt(text)}; skipped")
        return
    if not check_count(result, path, line, qty, text):
        return
    if not isinstance(name, str) and not isinstance(card_id, str):
        result.problem(path, line, "missing-name", f"entry without card or name: {excerpt(text)}; skipped")
        return
    result.lines.append(RawLine(name=name if isinstance(name, str) else card_id, count=qty, part=part, line=line,
                                card_id=card_id if isinstance(card_id, str) else None, text=text))


