"""Workbooks written in openpyxl's write-only (streaming) mode, the big tables' rows as their own XML.

An ordinary openpyxl workbook keeps every cell as an object until it is saved: a batch of 5,000 decks has some
300,000 rows in its Decklists sheet, which took minutes and gigabytes. In write-only mode a sheet's memory is
bounded by a row; and a table's rows (`RawRows`) are written as the XML openpyxl would write for them, without
a cell object per value (openpyxl's cells were most of writing a batch's workbook), kept compressed in memory and
put into the sheet's part when the workbook is saved (`workbook_bytes`).

What write-only mode asks of a writer, and how each thing a sheet carries is set here:
- the column widths, the frozen panes and the sheet properties (fit to page) are written at the top of the sheet:
  before its first row when openpyxl writes the rows; any time before saving for a `RawRows` sheet (its rows are
  put under them then), so a table is written in one pass;
- on each cell: its style -- a cell that needs one (bold header, status fill, wrapped text, a number format) is a
  `WriteOnlyCell` carrying its font, fill, alignment and number format (`styled`), or, in `RawRows`, the id of
  such a style (`style_id`);
- at any time before saving: the auto-filter, page setup, print options, margins, the rows printed on every page
  (`print_title_rows`), charts; row heights (`row_dimensions[n].height`) before row n is written, or given with
  the row to `RawRows.add`.
A small sheet laid out by position (the Metagame sheet: tables one under another, number formats set afterwards)
is written through `BufferedSheet`, which keeps its few cells until `flush()`.

Every value passes through `spreadsheet.xlsx_value` (never a formula from user text) and text is stored as text.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from copy import copy
from typing import Any

from deckcheck.report.spreadsheet import xlsx_value


def new_workbook():
    """A write-only workbook. openpyxl writes its XML through lxml when lxml is installed (a requirement of
    deckcheck) instead of its pure-Python writer, where the batch's workbook spent most of its time (under a
    profiler, 150 real decks: 48 s -> 37 s of writing)."""
    try:
        import lxml.etree  # noqa: F401  (what openpyxl writes through when it can import it)
    except ImportError:    # a venv made before lxml was required: the same workbook, written slower
        pass
    import openpyxl

    return openpyxl.Workbook(write_only=True)


def workbook_bytes(workbook) -> bytes:
    buffer = io.BytesIO()
    _save(workbook, buffer)
    return buffer.getvalue()


def styled(worksheet, value: Any, **style):
    """A write-only cell of `value` (made safe, text stored as text) with the given font, fill, alignment or
    number_format."""
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(worksheet, xlsx_value(value))
    if isinstance(cell.value, str):
        cell.data_type = "s"
    for name, setting in style.items():
        if setting is not None:
            setattr(cell, name, setting)
    return cell


class TableStyles:
    """`styled` for the many cells of one table that share a few style objects (a bold header, two alignments, a
    fill per status). openpyxl registers a cell's font, fill and alignment in the workbook by hashing them, anew
    each time one is set on a cell: a third of writing a batch's workbook under a profiler (150 real decks). Here
    each distinct combination is set once, on its first cell, and the style array that cell got (the workbook's
    ids of its font, fill, ...) is given to each later cell of the same combination: the same ids, registered in
    the same order, so the same workbook."""

    def __init__(self, worksheet):
        self._sheet = worksheet
        self._arrays: dict[tuple, tuple] = {}

    def __call__(self, value: Any, **style):
        from openpyxl.cell.cell import Cell
        from openpyxl.styles.cell_style import StyleArray

        settings = tuple((name, setting) for name, setting in style.items() if setting is not None)
        key = tuple((name, id(setting)) for name, setting in settings)
        known = self._arrays.get(key)
        if known is None:
            cell = styled(self._sheet, value, **style)
            # the settings are kept with their array: while they live, no other object takes their ids
            self._arrays[key] = (StyleArray(cell._style), settings)
            return cell
        cell = Cell(self._sheet, row=1, column=1, value=xlsx_value(value), style_array=known[0])
        if isinstance(cell.value, str):
            cell.data_type = "s"
        return cell


class RawRows:
    """The rows of a write-only worksheet, written as the XML openpyxl writes for them, without a cell object per
    value, and kept in memory (past RAW_BYTES compressed: a 5,000-deck Decklists sheet is some 260 MB of XML, 25 MB
    compressed) until `workbook_bytes` puts them into the sheet's part. So the sheet's column widths, panes and
    print setup may be set after its rows (`workbook_bytes` writes them above the rows): a table is written in one
    pass.

    `add(values, styles, height)`: a row of values (text, numbers, booleans, None; any other value is written by
    openpyxl's own cell writer), `styles[i]` the style id of a cell or None (`style_id`), `height` in points or
    None. Text is stored as text; a value passes through `spreadsheet.xlsx_value` before it comes here."""

    FLUSH_CHARS = 1 << 18
    RAW_BYTES = 32 << 20        # the XML kept as it is (500 decks' Decklists: 26 MB); past it, all is compressed
    KNOWN = 50_000              # distinct values whose XML is kept, each at most 300 characters of it

    def __init__(self, worksheet):
        self.worksheet = worksheet
        self.count = 0
        self._letters: list[str] = []
        self._pending: list[str] = []
        self._pending_chars = 0
        self._packer = None          # a zlib compressor once the rows are more than RAW_BYTES
        self._packed: list[bytes] = []
        self._raw_bytes = 0
        self._known: dict = {}       # a plain value's cell XML after its ref: a table repeats its values
        worksheet._raw_rows = self

    def add(self, values, styles=None, height: float | None = None) -> None:
        self.count += 1
        number = str(self.count)
        letters = self._letters
        while len(letters) < len(values):
            from openpyxl.utils import get_column_letter

            letters.append(get_column_letter(len(letters) + 1))
        cells = []
        known = self._known
        for column, value in enumerate(values):
            style = styles[column] if styles is not None else None
            if style is None:
                if value is None:
                    continue
                key = (value.__class__, value)   # 1, 1.0 and True are one key without their class
                rest = known.get(key)
                if rest is None:
                    rest = cell_rest(value, None)
                    if rest is not None and len(rest) <= 300 and len(known) < self.KNOWN:
                        known[key] = rest
            else:
                rest = cell_rest(value, style)
            if rest is None:
                cells.append(self._openpyxl_cell(column + 1, self.count, value, style))
            else:
                cells.append('<c r="' + letters[column] + number + rest)
        attributes = f' ht="{height:.16g}" customHeight="1"' if height else ""
        row = f'<row r="{number}"{attributes}>{"".join(cells)}</row>'
        self._pending.append(row)
        self._pending_chars += len(row)
        if self._pending_chars > self.FLUSH_CHARS:
            self._pack()

    def add_rests(self, rests: list) -> None:
        """A row of plain cells given as their `cell_rest` (None: no cell), no style, no height."""
        self.count += 1
        number = str(self.count)
        letters = self._letters
        while len(letters) < len(rests):
            from openpyxl.utils import get_column_letter

            letters.append(get_column_letter(len(letters) + 1))
        row = ('<row r="' + number + '">'
               + "".join(['<c r="' + letter + number + rest for letter, rest in zip(letters, rests) if rest])
               + "</row>")
        self._pending.append(row)
        self._pending_chars += len(row)
        if self._pending_chars > self.FLUSH_CHARS:
            self._pack()

    def add_template(self, cells: str) -> None:
        """A row of plain cells given as `cell_template`s joined: the row number is put in for each NUL."""
        self.count += 1
        row = ('<row r="\0">' + cells + "</row>").replace("\0", str(self.count))
        self._pending.append(row)
        self._pending_chars += len(row)
        if self._pending_chars > self.FLUSH_CHARS:
            self._pack()

    def _pack(self) -> None:
        data = "".join(self._pending).encode("utf-8")
        self._pending, self._pending_chars = [], 0
        if self._packer is None:
            self._raw_bytes += len(data)
            if self._raw_bytes <= self.RAW_BYTES:
                self._packed.append(data)
                return
            self._packer = zlib.compressobj(1)
            self._packed = [self._packer.compress(piece) for piece in self._packed]
        self._packed.append(self._packer.compress(data))

    def chunks(self):
        """The rows' XML, a piece at a time (once: the rows are let go as they are given)."""
        self._pack()
        packed, self._packed = self._packed, []
        if self._packer is None:
            yield from packed
            return
        packed.append(self._packer.flush())
        unpacker = zlib.decompressobj()
        for piece in packed:
            yield unpacker.decompress(piece)
        yield unpacker.flush()

    def _openpyxl_cell(self, column: int, number: int, value, style) -> str:
        """A value of another kind (a date, a time), as openpyxl's cell writer writes it."""
        from lxml.etree import tostring
        from openpyxl.cell import WriteOnlyCell
        from openpyxl.cell._writer import etree_write_cell

        cell = WriteOnlyCell(self.worksheet, value)
        cell.row, cell.column = number, column
        if style is not None:       # the style given, with the number format of a date openpyxl gave it
            number_format = cell._style.numFmtId
            cell._style = copy(self.worksheet.parent._cell_styles[style])
            cell._style.numFmtId = number_format or cell._style.numFmtId
        if isinstance(cell.value, str):
            cell.data_type = "s"
        written = []
        etree_write_cell(_Collect(written), self.worksheet, cell, cell.has_style)
        return tostring(written[0], encoding="unicode")


class _Collect:
    def __init__(self, into: list):
        self.write = into.append


def style_id(worksheet, value: Any = "", **style) -> int | None:
    """The workbook's id of a cell style (font, fill, alignment, number_format), registered as openpyxl registers
    a styled cell's; None when the settings amount to no style."""
    cell = styled(worksheet, value, **style)
    return cell.style_id if cell.has_style else None


def cell_template(column: int, rest: str) -> str:
    """A plain cell of column `column` (0 for A) as RawRows.add_template takes it: its row number left out."""
    from openpyxl.utils import get_column_letter

    return '<c r="' + get_column_letter(column + 1) + "\0" + rest    # no XML text holds a NUL (xlsx_value)


def cell_rest(value, style) -> str | None:
    """The XML of a cell of a plain value after `<c r="A1`, as openpyxl writes it; None for a value of another
    kind (openpyxl's cell writer writes it)."""
    s = "" if style is None else f' s="{style}"'
    kind = type(value)
    if kind is str:
        if style is None and value in _ERROR_CODES:     # as openpyxl reads such a text (its own types it "e")
            return f'" t="e"><v>{value}</v></c>'
        if not value:
            return f'"{s} t="inlineStr"></c>'
        space = ' xml:space="preserve"' if value != value.strip() else ""
        if "&" in value or "<" in value or ">" in value or "\r" in value:
            value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
        return f'"{s} t="inlineStr"><is><t{space}>{value}</t></is></c>'
    if value is None:
        return f'"{s} t="n"></c>'
    if kind is bool:
        return f'"{s} t="b"><v>{int(value)}</v></c>'
    if kind is int or kind is float:
        shown = "" if value != value or value in (_INF, -_INF) else f"{value:.16g}"
        return f'"{s} t="n"><v>{shown}</v></c>'
    return None


_INF = float("inf")
_ERROR_CODES = frozenset(("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"))


def _save(workbook, buffer) -> None:
    """openpyxl's save_workbook, into an archive that writes each RawRows sheet's rows into its part."""
    import datetime

    from openpyxl.writer.excel import ExcelWriter

    # level 1: a third of level 6's time for the big sheets, the file some 15 % bigger (2.9 MB for 500 decks)
    archive = _Archive(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True, compresslevel=1)
    archive.raw = {id(ws): ws for ws in workbook.worksheets if getattr(ws, "_raw_rows", None) is not None}
    workbook.properties.modified = datetime.datetime.now(tz=datetime.UTC).replace(tzinfo=None)
    ExcelWriter(workbook, archive).save()


class _Archive(zipfile.ZipFile):
    """A zip archive whose RawRows sheets get their rows between openpyxl's top of the sheet and its tail."""

    raw: dict = {}

    def write(self, filename, arcname=None, *args, **kwargs):
        # a sheet's part name is known only now: openpyxl numbers the sheets as it writes them
        rows = next((ws._raw_rows for ws in self.raw.values() if ws.path[1:] == arcname), None)
        if rows is None:
            return super().write(filename, arcname, *args, **kwargs)
        with open(filename, "rb") as written:
            xml = written.read()
        top, empty, tail = xml.partition(b"<sheetData></sheetData>")
        if not empty:
            raise ValueError(f"{arcname}: rows were written both ways")
        with self.open(arcname, "w", force_zip64=True) as member:
            member.write(top + b"<sheetData>")
            for chunk in rows.chunks():
                member.write(chunk)
            member.write(b"</sheetData>" + tail)


class BufferedSheet:
    """A write-only worksheet that takes cells by position (`cell(row=, column=)`, as an ordinary one does) and
    writes them in order at `flush()`: for sheets of a few hundred cells laid out table by table."""

    def __init__(self, worksheet):
        object.__setattr__(self, "_sheet", worksheet)
        object.__setattr__(self, "_cells", {})

    def cell(self, row: int, column: int):
        from openpyxl.cell import WriteOnlyCell

        found = self._cells.get((row, column))
        if found is None:
            found = self._cells[(row, column)] = WriteOnlyCell(self._sheet)
        return found

    def cells(self) -> list:
        """The cells set so far, as (row, column, cell), for `print_layout.lay_out_for_print`."""
        return [(row, column, cell) for (row, column), cell in self._cells.items()]

    def flush(self) -> None:
        if not self._cells:
            return
        rows = max(row for row, _ in self._cells)
        columns = max(column for _, column in self._cells)
        for row in range(1, rows + 1):
            self._sheet.append([self._cells.get((row, column)) for column in range(1, columns + 1)])
        self._cells.clear()

    def __getattr__(self, name: str):          # title, column_dimensions, page_setup, add_chart, ...
        return getattr(self._sheet, name)

    def __setattr__(self, name: str, value) -> None:   # freeze_panes, print_title_rows, ...
        setattr(self._sheet, name, value)
