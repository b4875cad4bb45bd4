"""The rows of a registrations file, streamed and bounded: every worksheet of an .xlsx workbook, or a CSV file.

A registrations file comes from strangers (a form's export, a sheet players filled in), so reading it costs at most
what `Limits` allows, whatever the file holds: a 4.9 kB workbook whose last row is numbered 10,000,000, 2 GB of
whitespace compressed into a few MB, one 1.5 GB cell, a number of 5,000 digits, 18,279 columns. Rows come one at
a time as (row number, cell values); blank rows are never made (a gap of ten million row numbers costs nothing);
the workbook's XML is parsed as it is decompressed (expat: linear, no DTD, no entities), and reading stops with one
DeckcheckError line the moment a limit is passed. A cell that is odd on its own (a number too long to be one, a
shared-string index that points nowhere, a date out of range) keeps its text and stays on its row.
"""

from __future__ import annotations

import csv
import datetime
import io
import posixpath
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO
from xml.parsers import expat

from deckcheck.errors import DeckcheckError
from deckcheck.fileio import open_input, read_text

Row = tuple[int, list[Any]]

# A registrations file bigger than this is no registrations file (500 pasted decklists are about 1.5 MB).
MAX_FILE_BYTES = 64 * 1024 * 1024
# The 1 MB of a deck file: a cell longer than this is kept only this long, and a deck cell so long is a row
# problem (decklist.MAX_DECK_BYTES; not imported, to keep the batch's reading free of the decklist package).
MAX_CELL_CHARS = 1024 * 1024
MAX_COLUMNS = 16_384                 # Excel's last column, XFD
MAX_ROW_NUMBER = 1_048_576           # Excel's last row
MAX_ZIP_PARTS = 10_000               # a workbook has a few dozen parts
CHUNK = 256 * 1024


@dataclass
class Limits:
    """What reading one registrations file may use. The defaults hold 10,000 players with pasted decklists."""

    text: int = 32 * 1024 * 1024         # characters of cell text, counted per cell (a string shared by many cells
    #                                      counts each time: each is a deck to read)
    cells: int = 2_000_000               # cells of all rows read (a row counts up to its last filled column)
    xml: int = 64 * 1024 * 1024          # bytes of workbook XML, once decompressed (40 MB for 10,000 pasted decks)
    elements: int = 1_000_000            # XML elements parsed: each costs a call, however small (<row r="9"/>);
    #                                      10,000 rows of 30 filled cells are 610,000


class Budget:
    """Limits as they are used up while one file is read; passing one is a DeckcheckError naming it."""

    WHAT = {"text": "characters of cell text", "cells": "cells", "xml": "of XML once decompressed",
            "elements": "XML elements"}

    def __init__(self, path: str, limits: Limits):
        self.path, self.limits = path, limits
        self.left = {name: getattr(limits, name) for name in self.WHAT}

    def spend(self, name: str, amount: int) -> None:
        self.left[name] -= amount
        if self.left[name] < 0:
            raise self.over(name)

    def spend_text(self, characters: int) -> None:
        self.spend("text", characters)

    def spend_cells(self, cells: int) -> None:
        self.spend("cells", cells)

    def over(self, name: str) -> DeckcheckError:
        limit = getattr(self.limits, name)
        amount = _size(limit) if name == "xml" else f"{limit:,}"
        return DeckcheckError(f"more than {amount} {self.WHAT[name]}: more than any registrations file holds; "
                              f"not read further", self.path)


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n:,}"


def not_readable(path: Path | str, why: str, where: str = "") -> DeckcheckError:
    return DeckcheckError(f"not a readable .xlsx workbook ({where}{why})", str(path))


# ---------------------------------------------------------------- CSV

# A CSV file is read whole (decoded, line ends made "\n"): bigger than this, it is no registrations file.
MAX_CSV_BYTES = 32 * 1024 * 1024


def csv_rows(path: Path, budget: Budget, choose_delimiter) -> Iterator[Row]:
    """The records of a CSV file in any encoding, numbered as a spreadsheet program shows them.

    `choose_delimiter(first_lines)` picks , ; or tab. Runs of blank lines between records are stepped over at
    once (a file of millions of empty lines costs what finding their end costs); an unclosed or stray quote is
    an error naming the line its record starts on.
    """
    text, _ = read_text(path, limit=MAX_CSV_BYTES, kind="a registrations file")
    if "\x00" in text:
        raise DeckcheckError("binary data, not a CSV file", str(path))
    delimiter = choose_delimiter(text[:CHUNK].split("\n"))
    if text.count(delimiter) > 2 * budget.limits.cells:
        raise budget.over("cells")
    lines = _RecordLines(text, delimiter)
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    number = 0
    while True:
        lines.at_record_start = True
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            hint = "; a quoted cell is not closed" if "end of data" in str(exc) else ""
            raise DeckcheckError(f"not a readable CSV file ({exc}{hint})", str(path), lines.record_line) from None
        number += lines.take_skipped() + 1
        if len(record) > MAX_COLUMNS:
            raise DeckcheckError(f"row {number} has {len(record):,} columns, more than a spreadsheet has "
                                 f"({MAX_COLUMNS:,})", str(path), lines.record_line)
        while record and record[-1] == "":
            record.pop()
        if record:
            budget.spend_cells(len(record))
            budget.spend_text(sum(map(len, record)))
            yield number, record


class _RecordLines:
    """The lines of a CSV text for csv.reader, one at a time; at the start of a record, a run of blank lines
    (only blanks and delimiters: empty records) is skipped in one step and counted for the row numbers."""

    def __init__(self, text: str, delimiter: str):
        self.text, self.pos = text, 0
        # one character class, not a repeated group: the regex engine keeps no state per line it steps over
        self.blank_run = re.compile(rf"[ \t\n{re.escape(delimiter)}]*\n")
        self.at_record_start = True
        self.skipped = 0                 # blank lines skipped since the last record
        self.line = 0                    # lines handed out or skipped so far
        self.record_line = 1             # where the record being read starts

    def __iter__(self):
        return self

    def __next__(self) -> str:
        text, pos = self.text, self.pos
        if self.at_record_start:
            run = self.blank_run.match(text, pos)
            if run:
                blank = text.count("\n", pos, run.end())
                self.skipped += blank
                self.line += blank
                pos = run.end()
            self.record_line = self.line + 1
            self.at_record_start = False
        if pos >= len(text):
            self.pos = pos
            raise StopIteration
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end + 1
        self.pos = end
        self.line += 1
        return text[pos:end]

    def take_skipped(self) -> int:
        skipped, self.skipped = self.skipped, 0
        return skipped


# Cells as long as a pasted decklist may be (csv's own default stops at 128 kB); the budget bounds the rest.
csv.field_size_limit(MAX_CELL_CHARS + 1)


# ---------------------------------------------------------------- xlsx


class Workbook:
    """An .xlsx workbook opened for streaming its worksheets: `with Workbook(path, budget) as wb:` then
    `for title, rows in wb.sheets():`. Only the parts that hold cells are read (not docProps, themes, drawings)."""

    def __init__(self, path: Path, budget: Budget):
        self.path, self.budget = path, budget
        self._file: BinaryIO | None = None
        self._zip: zipfile.ZipFile | None = None

    def __enter__(self) -> Workbook:
        self._file = open_input(self.path)   # a FIFO, or /dev/zero named .xlsx, is refused before reading
        try:
            self._open()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def close(self) -> None:
        if self._zip is not None:
            self._zip.close()
        if self._file is not None:
            self._file.close()

    def _open(self) -> None:
        size = self._file.seek(0, io.SEEK_END)
        if size > MAX_FILE_BYTES:
            raise DeckcheckError(f"file is larger than {_size(MAX_FILE_BYTES)}; not a registrations file",
                                 str(self.path))
        parts = _zip_part_count(self._file)
        if parts is None:
            raise not_readable(self.path, "File is not a zip file")
        if parts > MAX_ZIP_PARTS:
            raise not_readable(self.path, f"{parts:,} parts in the zip file; a workbook has a few dozen")
        try:
            self._zip = zipfile.ZipFile(self._file)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
            raise not_readable(self.path, _short(exc)) from None
        names = self._names = set(self._zip.namelist())
        if "[Content_Types].xml" not in names:
            raise not_readable(self.path, "no [Content_Types].xml: not an Office Open XML file")
        workbook = _target("", self._relationships(""), "officeDocument") or "xl/workbook.xml"
        if workbook not in names:
            raise not_readable(self.path, f"no {workbook}")
        self._workbook = workbook
        info = _WorkbookInfo()
        self._parse(workbook, info)
        self._sheets, self.epoch_1904 = info.sheets, info.date1904
        relationships = self._relationships(workbook)
        self._sheet_parts = relationships
        strings = _target(workbook, relationships, "sharedStrings")
        self._strings: list[str] = []
        if strings and strings in names:
            table = _SharedStrings(self.budget)
            self._parse(strings, table)
            self._strings = table.strings
        styles = _target(workbook, relationships, "styles")
        self._date_styles: dict[int, bool] = {}
        if styles and styles in names:
            found = _Styles()
            self._parse(styles, found)
            self._date_styles = found.date_styles()

    def sheets(self) -> Iterator[tuple[str, Iterator[Row]]]:
        """(title, rows) of every worksheet in the workbook's order; a sheet's rows are read as they are asked
        for, so a sheet the caller stops reading costs no more."""
        names = set(self._zip.namelist())
        for title, rel_id in self._sheets:
            target = self._sheet_parts.get(rel_id)
            if target is None or not target[0].endswith("/worksheet"):
                continue       # a chartsheet or a dialog sheet holds no cells
            part = _resolve(self._workbook, target[1])
            if part not in names:
                raise not_readable(self.path, f"no {part}", f"sheet {title!r}: ")
            yield title, self._rows(part, title)

    def _rows(self, part: str, title: str) -> Iterator[Row]:
        sheet = _Sheet(self.budget, self._strings, self._date_styles, self.epoch_1904)
        for _ in self._feed(part, sheet, where=f"sheet {title!r}: ", drop_empty=True):
            yield from sheet.take()
        yield from sheet.take()

    def _parse(self, part: str, handler) -> None:
        for _ in self._feed(part, handler):
            pass

    def _feed(self, part: str, handler, where: str = "", drop_empty: bool = False) -> Iterator[None]:
        """Decompress `part` and feed it to a fresh expat parser wired to `handler`, a chunk at a time.

        drop_empty: rows and cells that hold nothing (a formatted but empty row, <row r="9" ht="15"/>, Excel writes
        for every row given a height or style) are cut out of the bytes before parsing, at the regex engine's
        speed: runs of them cost no Python call and no part of the element budget."""
        parser = expat.ParserCreate()
        parser.buffer_text = True
        parser.StartElementHandler = handler.start
        parser.EndElementHandler = handler.end
        parser.CharacterDataHandler = handler.text
        parser.StartDoctypeDeclHandler = _no_doctype      # no DTD: no entity expansion, no external fetch
        counted, carried = 0, b""
        try:
            with self._zip.open(part) as member:
                while True:
                    chunk = member.read(CHUNK)
                    final = not chunk
                    self.budget.spend("xml", len(chunk))
                    if drop_empty:
                        chunk, carried = _without_empty_rows(carried + chunk, final=final)
                    parser.Parse(chunk, final)
                    self.budget.spend("elements", handler.elements - counted)
                    counted = handler.elements
                    if final:
                        break
                    yield
        except expat.ExpatError as exc:     # expat's own error has a code; _no_doctype's has only its text
            said = (expat.ErrorString(exc.code) + f": line {exc.lineno}, column {exc.offset}"
                    if getattr(exc, "code", None) is not None else str(exc))
            raise not_readable(self.path, said, where) from None
        except DeckcheckError:
            raise
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, LookupError, NotImplementedError,
                RuntimeError, struct.error) as exc:   # a damaged member: every way zipfile and zlib say it
            raise not_readable(self.path, _short(exc), where) from None

    def _relationships(self, part: str) -> dict[str, tuple[str, str]]:
        """rId -> (relationship type, target) of a part's .rels, {} when there is none."""
        directory, name = posixpath.split(part)
        rels = posixpath.join(directory, "_rels", f"{name}.rels")
        if rels not in self._names:
            return {}
        found = _Relationships()
        self._parse(rels, found)
        return found.targets


# A row or cell element with no content (self-closing), then a row left with nothing between its tags.
_EMPTY_ELEMENT = re.compile(rb"<(?:\w+:)?(?:row|c)\b[^<>]*/>")
_EMPTY_ROW = re.compile(rb"<(?:\w+:)?row\b[^<>]*>\s*</(?:\w+:)?row\s*>")


def _without_empty_rows(data: bytes, *, final: bool) -> tuple[bytes, bytes]:
    """(`data` without empty rows and cells, the unfinished tag at its end kept for the next chunk)."""
    carried = b""
    if not final:
        cut = data.rfind(b"<")
        if cut > data.rfind(b">"):
            data, carried = data[:cut], data[cut:]
    return _EMPTY_ROW.sub(b"", _EMPTY_ELEMENT.sub(b"", data)), carried


def _no_doctype(*_args) -> None:
    raise expat.ExpatError("a DTD in a workbook part (refused: no entity is ever expanded)")


def _zip_part_count(fh: BinaryIO) -> int | None:
    """The number of entries the zip's end record declares, read before zipfile builds one object per entry;
    None when the file has no end record (not a zip file)."""
    size = fh.seek(0, io.SEEK_END)
    tail_size = min(size, 65_536 + 22)
    fh.seek(size - tail_size)
    tail = fh.read(tail_size)
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or at + 22 > len(tail):
        return None
    count = struct.unpack("<H", tail[at + 10:at + 12])[0]
    locator = tail[at - 20:at] if at >= 20 else b""
    if count == 0xFFFF and locator.startswith(b"PK\x06\x07"):   # zip64: the real count is in its own record
        offset = struct.unpack("<Q", locator[8:16])[0]
        fh.seek(offset)
        record = fh.read(56)
        if record.startswith(b"PK\x06\x06") and len(record) == 56:
            count = struct.unpack("<Q", record[32:40])[0]
    fh.seek(0)
    return count


def _target(part: str, relationships: dict[str, tuple[str, str]], kind: str) -> str | None:
    for rel_type, target in relationships.values():
        if rel_type.rsplit("/", 1)[-1] == kind:
            return _resolve(part, target)
    return None


def _resolve(part: str, target: str) -> str:
    """A relationship's target as a zip member name: relative to the part's folder, or absolute ("/xl/...")."""
    if target.startswith("/"):
        return posixpath.normpath(target[1:])
    return posixpath.normpath(posixpath.join(posixpath.dirname(part), target))


def _local(name: str) -> str:
    return name.rpartition(":")[2]



class _Parts:
    """An expat handler that ignores what it is not told about; `elements` counts the elements it was shown."""

    elements = 0

    def start(self, name: str, attrs: dict) -> None:
        self.elements += 1

    def end(self, name: str) -> None:
        pass

    def text(self, data: str) -> None:
        pass


class _Relationships(_Parts):
    def __init__(self):
        self.targets: dict[str, tuple[str, str]] = {}

    def start(self, name, attrs):
        self.elements += 1
        if _local(name) == "Relationship" and len(self.targets) < MAX_ZIP_PARTS:
            self.targets[attrs.get("Id", "")] = (attrs.get("Type", ""), attrs.get("Target", ""))


class _WorkbookInfo(_Parts):
    def __init__(self):
        self.sheets: list[tuple[str, str]] = []
        self.date1904 = False

    def start(self, name, attrs):
        self.elements += 1
        local = _local(name)
        if local == "sheet" and len(self.sheets) < MAX_ZIP_PARTS:
            rel_id = next((v for k, v in attrs.items() if _local(k) == "id"), "")
            self.sheets.append((attrs.get("name", f"Sheet{len(self.sheets) + 1}")[:100], rel_id))
        elif local == "workbookPr":
            self.date1904 = attrs.get("date1904", "").lower() in ("1", "true")


class _Text:
    """Collects the text of one cell or string, keeping at most MAX_CELL_CHARS + 1 characters of it."""

    def __init__(self):
        self.pieces: list[str] = []
        self.size = 0

    def add(self, data: str) -> None:
        room = MAX_CELL_CHARS + 1 - self.size
        if room > 0:
            self.pieces.append(data[:room])
            self.size += min(len(data), room)

    def value(self) -> str:
        return "".join(self.pieces)


class _SharedStrings(_Parts):
    """xl/sharedStrings.xml: each <si> is the text of its <t> elements, phonetic runs (<rPh>) left out."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.strings: list[str] = []
        self.current: _Text | None = None
        self.in_t = self.in_phonetic = False

    def start(self, name, attrs):
        self.elements += 1
        local = _local(name)
        if local == "si":
            self.current = _Text()
        elif local == "t":
            self.in_t = True
        elif local == "rPh":
            self.in_phonetic = True

    def end(self, name):
        local = _local(name)
        if local == "si" and self.current is not None:
            text = self.current.value()
            self.budget.spend_text(len(text))
            self.strings.append(text)
            self.current = None
        elif local == "t":
            self.in_t = False
        elif local == "rPh":
            self.in_phonetic = False

    def text(self, data):
        if self.in_t and not self.in_phonetic and self.current is not None:
            self.current.add(data)


# Built-in number formats that show a date or a time (ECMA-376 18.8.30), and those that show a duration.
_DATE_FORMAT_IDS = set(range(14, 23)) | set(range(27, 37)) | set(range(45, 48)) | set(range(50, 59))
_DURATION_FORMAT_IDS = {46}


class _Styles(_Parts):
    """xl/styles.xml: which cell styles (cellXfs indexes) show a number as a date, and which as a duration."""

    def __init__(self):
        self.formats: dict[int, str] = {}
        self.cell_formats: list[int] = []
        self.in_cell_xfs = False

    def start(self, name, attrs):
        self.elements += 1
        local = _local(name)
        if local == "numFmt":
            number = _small_int(attrs.get("numFmtId"))
            if number is not None and len(self.formats) < MAX_ZIP_PARTS:
                self.formats[number] = attrs.get("formatCode", "")[:256]
        elif local == "cellXfs":
            self.in_cell_xfs = True
        elif local == "xf" and self.in_cell_xfs and len(self.cell_formats) < 65_536:
            self.cell_formats.append(_small_int(attrs.get("numFmtId")) or 0)

    def end(self, name):
        if _local(name) == "cellXfs":
            self.in_cell_xfs = False

    def date_styles(self) -> dict[int, bool]:
        """style index -> True for a duration format, False for a date or time format."""
        from openpyxl.styles.numbers import is_date_format, is_timedelta_format

        found = {}
        for style, number in enumerate(self.cell_formats):
            code = self.formats.get(number)
            if code is None:
                if number in _DATE_FORMAT_IDS:
                    found[style] = number in _DURATION_FORMAT_IDS
            elif is_date_format(code):
                found[style] = is_timedelta_format(code)
        return found


def _small_int(text: str | None, digits: int = 9) -> int | None:
    """A non-negative number of a few digits from an attribute, or None (never int() of a long run)."""
    if text and len(text) <= digits and text.isdecimal() and text.isascii():
        return int(text)
    return None


# A cell's ref: its column letters, then its row (any number of digits: C10000000 is still column C). Past
# three letters (beyond XFD) the cell is dropped, never moved to another column.
_CELL_REF = re.compile(r"([A-Za-z]{1,16})(\d{1,32})")
_INTEGER = re.compile(r"-?\d{1,18}")
_FLOAT = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,4})?")   # one way to match: no backtracking


class _Sheet(_Parts):
    """A worksheet's <sheetData>: rows of cells, each cell's value as openpyxl's data_only reading gives it.

    Every element costs a Python call, so the handlers dispatch on the element's name through a dictionary
    (filled as names are met) and do no more than their element needs."""

    def __init__(self, budget: Budget, strings: list[str], date_styles: dict[int, bool], epoch_1904: bool):
        self.budget, self.strings, self.date_styles, self.epoch_1904 = budget, strings, date_styles, epoch_1904
        self.rows: list[Row] = []
        self.row_number = 0
        self.cells: dict[int, Any] = {}
        self.column = -1
        self.cell_type, self.style = "n", None
        self.value: _Text | None = None          # the cell's <v>, or its inline string's <t> texts
        self.collecting = self.inline = self.in_phonetic = False
        self._start_by_local = {"row": self._start_row, "c": self._start_cell, "v": self._start_value,
                                "is": self._start_inline, "t": self._start_inline_text, "rPh": self._start_phonetic}
        self._end_by_local = {"row": self._end_row, "c": self._end_cell, "v": self._end_text, "t": self._end_text,
                              "rPh": self._end_phonetic}
        self._starts: dict[str, Any] = {}
        self._ends: dict[str, Any] = {}

    def take(self) -> list[Row]:
        rows, self.rows = self.rows, []
        return rows

    def start(self, name, attrs):
        self.elements += 1
        try:
            handler = self._starts[name]
        except KeyError:
            handler = self._starts[name] = self._start_by_local.get(_local(name))
        if handler is not None:
            handler(attrs)

    def end(self, name):
        try:
            handler = self._ends[name]
        except KeyError:
            handler = self._ends[name] = self._end_by_local.get(_local(name))
        if handler is not None:
            handler()

    def text(self, data):
        if self.collecting:
            self.value.add(data)

    def _start_row(self, attrs):
        number = attrs.get("r")
        if number and len(number) <= 7 and number.isdecimal() and number.isascii() \
                and 0 < int(number) <= MAX_ROW_NUMBER:
            self.row_number = int(number)
        else:
            self.row_number += 1
        self.column = -1

    def _start_cell(self, attrs):
        ref = _CELL_REF.fullmatch(attrs.get("r", ""))
        self.column = _column_index(ref.group(1)) if ref else self.column + 1
        self.cell_type = attrs.get("t", "n")
        style = attrs.get("s")
        self.style = _small_int(style) if style else None
        self.value, self.inline, self.collecting = None, False, False

    def _start_value(self, attrs):
        if not self.inline:
            self.value, self.collecting = _Text(), True

    def _start_inline(self, attrs):
        self.inline, self.value = True, _Text()

    def _start_inline_text(self, attrs):
        if self.inline and not self.in_phonetic:
            self.collecting = True

    def _start_phonetic(self, attrs):
        self.in_phonetic = True

    def _end_phonetic(self):
        self.in_phonetic = False

    def _end_text(self):
        self.collecting = False

    def _end_cell(self):
        if self.value is not None and self.value.size and 0 <= self.column < MAX_COLUMNS:   # not beyond XFD
            value = self._convert(self.value.value())
            if value is not None and value != "":
                self.cells[self.column] = value
        self.value, self.inline, self.collecting = None, False, False

    def _convert(self, text: str) -> Any:
        kind = self.cell_type
        if kind == "s":
            index = _small_int(text.strip())
            return self.strings[index] if index is not None and index < len(self.strings) else text
        if self.inline or kind in ("str", "inlineStr", "e"):
            return text
        if kind == "b":
            return text.strip() in ("1", "true")
        if kind == "d":
            return _iso_date(text)
        return self._number(text.strip())

    def _number(self, text: str) -> Any:
        if _INTEGER.fullmatch(text):
            number: Any = int(text)
        elif len(text) <= 400 and _FLOAT.fullmatch(text):
            number = float(text)
        else:
            return text      # not a number a spreadsheet writes (5,000 digits): kept as the text it is
        duration = self.date_styles.get(self.style) if self.style is not None else None
        if duration is None:
            return number
        from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, from_excel

        try:
            return from_excel(number, CALENDAR_MAC_1904 if self.epoch_1904 else CALENDAR_WINDOWS_1900,
                              timedelta=duration)
        except (OverflowError, ValueError, TypeError):
            return number

    def _end_row(self):
        if self.cells:
            values = [None] * (max(self.cells) + 1)
            for column, value in self.cells.items():
                values[column] = value
            self.budget.spend_cells(len(values))
            self.budget.spend_text(sum(len(v) for v in values if isinstance(v, str)))
            self.rows.append((self.row_number, values))
            self.cells = {}


def _column_index(letters: str) -> int:
    if len(letters) > 3:
        return MAX_COLUMNS      # beyond XFD: dropped
    index = 0
    for letter in letters.upper():
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def _iso_date(text: str) -> Any:
    try:
        return datetime.datetime.fromisoformat(text.strip()[:40])
    except ValueError:
        return text


def _short(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:120]
