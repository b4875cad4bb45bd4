"""Reading tournament registrations: one row per player, from an .xlsx workbook (every sheet) or a .csv file.

Columns are found by their header, case-insensitively, in the first row of each sheet that names both the
player and the deck column (rows above it -- a title, a date -- are skipped):
player and deck are required, alignment, ruleset and length are optional (the command's options apply where
they are absent or empty), and any other column is carried through to the results unchanged.

A problem with one row (empty deck cell, a length of "seven") is recorded on that row and the batch goes on;
only a file that cannot be used at all (missing, not a spreadsheet, no sheet with player and deck columns)
raises a DeckcheckError, which ends the command with exit code 2. The file is only ever opened for reading,
and read as a stream within bounds (batch.sheets): at most MAX_ROWS registrations, a sheet without a header is
left after its first rows.
"""

from __future__ import annotations

import csv
import datetime
import re
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import Any

from deckcheck.batch.sheets import MAX_CELL_CHARS, Budget, Limits, Workbook, csv_rows
from deckcheck.errors import DeckcheckError

# Header spellings accepted for each known column (compared after lower-casing, dropping accents and folding
# spaces, "_", "-"), in the words organizers use in English, Spanish, French, German, Italian and Dutch.
COLUMN_ALIASES: dict[str, tuple[str, ...]] = {
    "player": ("player", "player name", "name of player", "name", "your name", "full name", "participant",
               "jugador", "jugadora", "nombre", "nombre del jugador", "tu nombre", "joueur", "nom", "nom du joueur",
               "spieler", "spielername", "giocatore", "speler", "pelaaja"),
    "deck": ("deck", "decklist", "deck list", "deck file", "deck path", "your deck", "your decklist",
             "upload your deck", "paste your deck", "mazo", "lista", "lista del mazo", "tu mazo", "liste",
             "liste du deck", "liste de deck", "liste de decks", "votre deck", "deckliste", "mazzo",
             "lista del mazzo", "pakka"),
    "alignment": ("alignment", "side", "alineamiento", "bando", "alignement", "camp", "gesinnung", "seite",
                  "allineamento"),
    "ruleset": ("ruleset", "rules", "reglas", "regles", "regeln", "regole"),
    "length": ("length", "game length", "duracion", "longueur", "lange", "durata"),
    # the cards the player holds, or the sealed pool handed out: a path or a pasted list (rules/collection.py)
    "collection": ("collection", "sealed pool", "card pool", "coleccion", "sammlung", "collezione"),
}
REQUIRED_COLUMNS = ("player", "deck")
# A form's questions make long headers ("Player (full name)", "Paste your decklist here"): when no header is
# exactly an alias, the one header containing these words is the column. Never "deck name" ("nombre del mazo"),
# which is no deck.
HEADER_WORDS: dict[str, re.Pattern] = {
    "player": re.compile(r"\b(?:player|jugador|joueur|spieler|giocatore|your name|full name|tu nombre)\b"),
    "deck": re.compile(r"\bdeck ?lists?\b|\bdeck (?:file|path)s?\b|\b(?:upload|paste)\b.*\bdeck\b|"
                       r"\b(?:mazo|mazzo|deckliste)\b|\bliste (?:de|du) decks?\b"),
    "alignment": re.compile(r"\b(?:alignment|alineamiento|alignement)\b"),
}
NOT_A_DECK = re.compile(r"\b(?:name|nombre|nom|titel|title|titulo|titre)\b")
# ... but a file's name is a deck ("Paste your decklist here (or the file name)"): said before NOT_A_DECK looks.
FILE_NAME = re.compile(r"\b(?:file ?names?|(?:nombre|nom) (?:del?|du) (?:archivo|fichier)|dateiname|nome del file)\b")

ALIGNMENTS = ("wizard", "ringwraith", "fallen-wizard", "balrog", "elf-lord", "dwarf-lord", "dragon-lord")
_ALIGNMENT_SYNONYMS = {
    "elf lord": "elf-lord", "dwarf lord": "dwarf-lord", "dragon lord": "dragon-lord",
    "hero": "wizard", "wizards": "wizard",
    "minion": "ringwraith", "ringwraiths": "ringwraith",
    "fallen wizard": "fallen-wizard", "fallenwizard": "fallen-wizard", "fw": "fallen-wizard",
    "fallen-wizards": "fallen-wizard",
}
# The ruleset is checked by the runner (an unknown one is a row error); these are the other ways to write one.
_RULESET_SYNONYMS = {
    "council of elrond": "coe", "council": "coe", "coe rules": "coe", "council of elrond rules": "coe",
    "rulebooks": "rulebook", "rulebook rules": "rulebook", "printed rules": "rulebook",
}
# DECK-RULES.md "Game length": 1-deck (Starter), 2-deck (Short), 3-deck (Long), 4-deck (Campaign).
_LENGTH_WORDS = {"starter": 1, "short": 2, "long": 3, "campaign": 4}

# Organizers put a title, a date or a note above the table: the header is the first of this many non-empty
# rows of a sheet that names both the player and the deck column.
HEADER_SEARCH_ROWS = 10
MAX_HEADER_CHARS = 120      # a form's longest question; a longer cell is a value

# Readable as a workbook.
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
# Registrations read at most, by default (--max-rows): more is no tournament, and the work is bounded.
MAX_ROWS = 10_000
# Extra columns carried through to the results at most (a form's export has a few dozen).
MAX_EXTRA_COLUMNS = 1_000


@dataclass
class Registration:
    """One player's row: where it is, what it says, and what was wrong with the row itself."""

    index: int                      # position in the whole file, 0-based: results keep this order
    sheet: str                      # worksheet title; "" for a CSV file
    row: int                        # row number as a spreadsheet program shows it (header = 1 when first)
    player: str
    deck: str                       # the deck cell: a path, or a pasted decklist
    alignment: str | None = None    # normalised (wizard, ...) or None
    ruleset: str | None = None
    length: int | None = None
    collection: str | None = None   # the collection cell: a path, or a pasted list; None when no such column
    extras: dict[str, Any] = field(default_factory=dict)   # other columns, header -> cell value
    problems: list[str] = field(default_factory=list)      # what makes the row unusable, one line each

    @property
    def where(self) -> str:
        return f"{self.sheet}!{self.row}" if self.sheet else f"row {self.row}"

    @property
    def deck_is_pasted(self) -> bool:
        """The cell holds a decklist unless it looks like the path of a deck file (see looks_like_path)."""
        return not looks_like_path(self.deck)


# Suffixes of deck files (and the text files organizers save them as).
DECK_SUFFIXES = (".meccg", ".deck", ".dck", ".o8d", ".json", ".txt", ".md", ".markdown")
# No path of a deck file is longer (Windows' classic limit); a longer cell is pasted text.
MAX_PATH_CHARS = 260
_INVISIBLE = "\ufeff\u200b\u200e\u200f\u00a0 \t\r\n"


def looks_like_path(cell: str) -> bool:
    """Whether a deck cell names a file rather than holding a decklist: one short line, not starting as JSON,
    XML or a NetMECCG header does (whatever a byte-order mark or spaces before it), and naming a folder, a deck
    suffix or a web address. Anything else is a pasted decklist, however many lines it has."""
    text = cell.strip(_INVISIBLE)
    if not text or "\n" in text or len(text) > MAX_PATH_CHARS or text.startswith(("{", "<", "[")):
        return False
    if re.match(r"(?i)(?:https?|file)://", text):
        return True
    name = text.strip("\"'")
    return "/" in name or "\\" in name or Path(name).suffix.lower() in DECK_SUFFIXES


@dataclass
class RegistrationFile:
    path: str
    registrations: list[Registration]
    extra_columns: list[str]        # headers of carried-through columns, in first-seen order
    notes: list[str] = field(default_factory=list)   # sheets skipped and why (printed on stderr)


def read_registrations(path: str | Path, *, max_rows: int = MAX_ROWS, limits: Limits | None = None,
                       columns: dict[str, str] | None = None) -> RegistrationFile:
    """Read every registration row of an .xlsx workbook (all sheets) or a .csv file, streamed: at most
    `max_rows` registrations and what `limits` allows (a DeckcheckError beyond), blank rows for free.

    `columns` maps a column key (player, deck, alignment, ruleset, length) to the header that holds it, as
    written ("Nom et prénom") or as a column letter ("C"), for headers no alias names (--player-column...)."""
    p = Path(path)
    suffix = p.suffix.lower()
    budget = Budget(str(p), limits or Limits())
    manual = {key: value for key, value in (columns or {}).items() if value}
    unknown = sorted(set(manual) - set(COLUMN_ALIASES))
    if unknown:
        raise DeckcheckError(f"unknown column {unknown[0]!r}; the columns are {', '.join(COLUMN_ALIASES)}")
    if suffix in WORKBOOK_SUFFIXES:
        with Workbook(p, budget) as workbook:
            return _registrations_from_sheets(str(p), workbook.sheets(), max_rows, manual)
    if suffix in (".csv", ".txt", ".tsv"):
        return _registrations_from_sheets(str(p), [("", csv_rows(p, budget, _csv_delimiter))], max_rows, manual)
    if suffix == ".xls":
        raise DeckcheckError("old .xls workbooks cannot be read; save it as .xlsx or .csv", str(p))
    raise DeckcheckError(f"unknown registrations file type {suffix or '(none)'}; use .xlsx or .csv", str(p))


def _csv_delimiter(lines: list[str]) -> str:
    """The delimiter that splits a header line (one of the first lines: a title may come first) best."""
    lines = [line for line in lines if line.strip()][:HEADER_SEARCH_ROWS]
    best, best_hits = ",", 0
    for delimiter in (",", ";", "\t"):
        for header in csv.reader(lines, delimiter=delimiter):
            hits = len(_header_keys(header))
            if hits > best_hits:
                best, best_hits = delimiter, hits
    return best


# ---------------------------------------------------------------- rows to registrations


def _registrations_from_sheets(path: str, sheets, max_rows: int,
                               manual: dict[str, str] | None = None) -> RegistrationFile:
    manual = manual or {}
    registrations: list[Registration] = []
    extra_columns: list[str] = []
    notes: list[str] = []
    seen: list[str] = []            # the first row of each sheet without a header, for the error
    headers_found = False
    for title, rows in sheets:
        rows = (row for row in rows if not _blank_row(row[1]))
        leading = list(islice(rows, HEADER_SEARCH_ROWS))    # the header is among these; the rest is streamed
        if not leading:
            continue        # an empty sheet is not a problem
        header_position = _header_position(leading, manual)
        if header_position is None:
            label = f"sheet {title!r}" if title else "the file"
            number, likeliest, found = _likeliest_header(leading, manual)
            seen.append(f"{f'sheet {title!r} ' if title else ''}row {number}: {likeliest}{found}")
            notes.append(f"{path}: {label} skipped: no row among its first {HEADER_SEARCH_ROWS} names both "
                         f"a player and a deck column (the likeliest header, row {number}: {likeliest}{found})")
            continue        # and the rest of the sheet is never read
        header_number, header = leading[header_position]
        columns = _match_header(header, path, title, header_number, manual)
        data_rows = []
        for row in chain(leading[header_position + 1:], rows):
            if len(registrations) + len(data_rows) >= max_rows:
                raise DeckcheckError(f"more than {max_rows:,} registrations (row {row[0]}"
                                     f"{f' of sheet {title!r}' if title else ''}); --max-rows N reads more", path)
            data_rows.append(row)
        notes += _name_unheaded_columns(columns, data_rows, path, title)
        headers_found = True
        for name in columns.extras.values():
            if name not in extra_columns:
                extra_columns.append(name)
        for number, values in data_rows:
            registrations.append(_registration(len(registrations), title, number, values, columns))
    if not registrations:
        if headers_found:
            raise DeckcheckError("no registrations: no rows under the header", path)
        if notes:
            raise DeckcheckError(_no_header_message(seen, manual), path)
        raise DeckcheckError("no registrations (the file is empty)", path)
    return RegistrationFile(path=path, registrations=registrations, extra_columns=extra_columns, notes=notes)


def _header_position(rows: list[tuple[int, list[Any]]], manual: dict[str, str] | None = None) -> int | None:
    """The first of the sheet's leading rows that names every required column (rows above it are titles)."""
    for position, (_, values) in enumerate(rows[:HEADER_SEARCH_ROWS]):
        keys = set(_header_keys(values, manual).values())
        if all(name in keys for name in REQUIRED_COLUMNS):
            return position
    return None


def _likeliest_header(rows: list[tuple[int, list[Any]]], manual: dict[str, str]) -> tuple[int, str, str]:
    """(row number, its cells, what it names) of the leading row that names the most known columns, the first
    row when none names any: the row the error quotes as the header it took (not a title above it). A cell of
    several lines or of a sentence's length is no header (a pasted deck's "Player: Ann" names no column)."""
    def header_like(values: list[Any]) -> list[Any]:
        return [v if len(text := _text(v)) <= MAX_HEADER_CHARS and "\n" not in text else "" for v in values]

    found = [(len(set(_header_keys(header_like(values), manual).values())), -position)
             for position, (_, values) in enumerate(rows[:HEADER_SEARCH_ROWS])]
    best = -max(found)[1]
    number, values = rows[best]
    keys = sorted(set(_header_keys(header_like(values), manual).values()), key=list(COLUMN_ALIASES).index)
    missing = [key for key in REQUIRED_COLUMNS if key not in keys]
    named = f"; it names {', '.join(keys)} but no {' and no '.join(missing)} column" if keys else ""
    return number, _headers_seen(values), named


def _header_keys(header: list[Any], manual: dict[str, str] | None = None) -> dict[int, str]:
    """Position -> column key for the header cells that name a known column: the headers given by hand first
    (--player-column...), then exact aliases, then for a key no alias names, the one header holding its words
    (HEADER_WORDS)."""
    keys: dict[int, str] = {}
    for key, wanted in (manual or {}).items():
        position = _manual_position(header, wanted)
        if position is not None:
            keys[position] = key
    given = set(keys.values())
    for position, cell in enumerate(header):
        key = _column_key(cell)
        if key is not None and key not in given and position not in keys:
            keys[position] = key
    for key, words in HEADER_WORDS.items():
        if key in keys.values():
            continue
        holders = [position for position, cell in enumerate(header)
                   if position not in keys and words.search(_folded(cell))
                   and not (key == "deck" and NOT_A_DECK.search(FILE_NAME.sub(" ", _folded(cell))))]
        if len(holders) == 1:
            keys[holders[0]] = key
    return keys


def _manual_position(header: list[Any], wanted: str) -> int | None:
    """The header cell written as `wanted` (case and accents aside), else the column letter `wanted` names."""
    for position, cell in enumerate(header):
        if _folded(cell) and _folded(cell) == _folded(wanted):
            return position
    if re.fullmatch(r"[A-Za-z]{1,3}", wanted.strip()):
        position = 0
        for letter in wanted.strip().upper():
            position = position * 26 + ord(letter) - ord("A") + 1
        return position - 1
    return None


def _headers_seen(values: list[Any]) -> str:
    cells = [_excerpt(_text(v), 30) for v in values if _text(v)][:12]
    return ", ".join(repr(c) for c in cells) or "(blank)"


def _no_header_message(seen: list[str], manual: dict[str, str]) -> str:
    """Which headers were found, which words are accepted, and how to name the columns by hand."""
    accepted = "; ".join(f"{key}: {', '.join(COLUMN_ALIASES[key][:8])}, ..." for key in REQUIRED_COLUMNS)
    given = "".join(f"; --{key}-column {value!r} names no header there" for key, value in manual.items())
    return (f"no sheet has a header row with player and deck columns (headers seen: {' | '.join(seen)}); "
            f"accepted headers, for {accepted}{given}; or name them with --player-column and --deck-column")


@dataclass
class _Columns:
    known: dict[str, int]           # column key -> position
    extras: dict[int, str]          # position -> header text


def _match_header(header: list[Any], path: str, sheet: str, row: int,
                  manual: dict[str, str] | None = None) -> _Columns:
    known: dict[str, int] = {}
    extras: dict[int, str] = {}
    keys = _header_keys(header, manual)
    taken: set[str] = set()
    for position, cell in enumerate(header):
        text = _text(cell)
        if not text:
            continue
        key = keys.get(position)
        if key is None:
            extras[position] = _unique_name(text, taken)
            taken.add(extras[position])
        elif key in known:
            # A workbook's sheet and row go into the message; a CSV file's row is its line.
            where = f"sheet {sheet!r} row {row}: " if sheet else ""
            raise DeckcheckError(f"{where}two {key!r} columns in the header row ({_headers_seen(header)})", path,
                                 None if sheet else row)
        else:
            known[key] = position
    return _Columns(known, extras)


def _name_unheaded_columns(columns: _Columns, data_rows, path: str, title: str) -> list[str]:
    """A column with values but no header (a "paid" tick) is carried through too, as "column F"; at most
    MAX_EXTRA_COLUMNS extra columns in all are (the notes say what was left out)."""
    used = set(columns.known.values()) | set(columns.extras)
    filled = {position for _, values in data_rows for position, value in enumerate(values)
              if position not in used and _text(value) != ""}
    taken = set(columns.extras.values())
    for position in sorted(filled):
        name = _unique_name(f"column {_column_letter(position)}", taken)
        columns.extras[position] = name
        taken.add(name)
    columns.extras = dict(sorted(columns.extras.items()))
    if len(columns.extras) <= MAX_EXTRA_COLUMNS:
        return []
    dropped = list(columns.extras)[MAX_EXTRA_COLUMNS:]
    columns.extras = {position: columns.extras[position] for position in list(columns.extras)[:MAX_EXTRA_COLUMNS]}
    label = f"sheet {title!r}" if title else "the file"
    return [f"{path}: {label}: {len(dropped):,} more columns than the {MAX_EXTRA_COLUMNS} carried through to the "
            f"results (from column {_column_letter(dropped[0])}) are left out"]


def _column_letter(position: int) -> str:
    """A 0-based column position as a spreadsheet names it: 0 -> A, 26 -> AA."""
    letters, number = "", position + 1
    while number:
        number, remainder = divmod(number - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def _unique_name(name: str, taken: set[str]) -> str:
    """Two extra columns with the same header both survive: the second becomes "notes (2)"."""
    candidate, number = name, 1
    while candidate in taken:
        number += 1
        candidate = f"{name} ({number})"
    return candidate


def _folded(header_cell: Any) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKD", _text(header_cell).lower())
    text = "".join(c for c in text if not unicodedata.combining(c))   # "Duración" = "duracion"
    return re.sub(r"[\s_\-:?*]+", " ", text).strip()


def _column_key(header_cell: Any) -> str | None:
    folded = _folded(header_cell)
    for key, aliases in COLUMN_ALIASES.items():
        if folded in aliases:
            return key
    return None


def _registration(index: int, sheet: str, row: int, values: list[Any], columns: _Columns) -> Registration:
    def cell(key: str) -> Any:
        position = columns.known.get(key)
        return values[position] if position is not None and position < len(values) else None

    problems: list[str] = []
    player = _text(cell("player"))
    deck = _text(cell("deck"), keep_lines=True)
    if not player:
        problems.append("the player cell is empty")
    if len(str(cell("deck") or "")) > MAX_CELL_CHARS:   # the reader kept one character more than a deck may have
        problems.append(f"the deck cell holds more than {MAX_CELL_CHARS // (1024 * 1024)} MB of text, more than "
                        f"any decklist; not read")
        deck = ""
    elif not deck.strip():
        problems.append("the deck cell is empty")
    alignment = _parse_alignment(cell("alignment"), problems)
    ruleset_text = _text(cell("ruleset")).lower()
    ruleset = _RULESET_SYNONYMS.get(ruleset_text, ruleset_text) or None
    length = _parse_length(cell("length"), problems)
    extras = {name: values[position] if position < len(values) else None
              for position, name in columns.extras.items()}
    collection = _text(cell("collection"), keep_lines=True) or None
    return Registration(index=index, sheet=sheet, row=row, player=player, deck=deck, alignment=alignment,
                        ruleset=ruleset, length=length, collection=collection, extras=extras, problems=problems)


def _parse_alignment(value: Any, problems: list[str]) -> str | None:
    text = re.sub(r"\s+", " ", _text(value).lower())
    if not text:
        return None
    # "Wizard (Gandalf)", "Minion - Witch-king", "Hero: Radagast": the alignment, then the avatar
    text = re.split(r"\s*(?:\(|\s-\s|:|,)", text, maxsplit=1)[0].strip() or text
    text = _ALIGNMENT_SYNONYMS.get(text, text)
    if text not in ALIGNMENTS:
        problems.append(f"unknown alignment {_excerpt(_text(value))!r} (use {', '.join(ALIGNMENTS)})")
        return None
    return text


def _parse_length(value: Any, problems: list[str]) -> int | None:
    if value is None or _text(value) == "":
        return None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, (int, float)):
        number = int(value) if float(value).is_integer() else None
    else:
        text = _text(value).lower()
        match = re.fullmatch(r"(\d{1,9})(?:\s*-?\s*decks?)?", text)     # never int() of a long run of digits
        number = int(match.group(1)) if match else _LENGTH_WORDS.get(text)
    if number not in (1, 2, 3, 4):
        problems.append(f"game length {_excerpt(_text(value))!r} is not 1-4 (starter, short, long, campaign)")
        return None
    return number


def _text(value: Any, *, keep_lines: bool = False) -> str:
    """A cell as text: numbers without a spurious ".0", dates in ISO form, None as ""."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (datetime.date, datetime.time)):
        value = value.isoformat()
    text = str(value).replace("\r\n", "\n").replace("\r", "\n")
    return text.strip("\n ") if keep_lines else " ".join(text.split())


def _blank_row(values: list[Any]) -> bool:
    return all(_text(v) == "" for v in values)


def _excerpt(text: str, limit: int = 40) -> str:
    """At most `limit` characters of a cell quoted in a message: results never carry a whole stranger's text."""
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"
