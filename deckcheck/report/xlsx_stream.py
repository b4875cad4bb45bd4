"""Workbooks written in openpyxl's write-only (streaming) mode: each row goes to the file as it is made.

An ordinary openpyxl workbook keeps every cell as an object until it is saved: a batch of 5,000 decks has some
300,000 cells in its Decklists sheet, which took minutes and gigabytes. In write-only mode a sheet's memory is
bounded by a row.

What write-only mode asks of a writer, and how each thing a sheet carries is set here:
- before the first row: the column widths, the frozen panes and the sheet properties (fit to page) -- they are
  written at the top of the sheet, so `write_table` takes the widths from a first pass over the rows and
  `set_print_layout` is called before any row;
- on each cell: its style -- a cell that needs one (bold header, status fill, wrapped text, a number format) is a
  `WriteOnlyCell` carrying its font, fill, alignment and number format (`styled`; `TableStyles` for a long table);
- at any time before saving: the auto-filter, page setup, print options, margins, the rows printed on every page
  (`print_title_rows`), charts; row heights (`row_dimensions[n].height`) before row n is written.
A small sheet laid out by position (the Metagame sheet: tables one under another, number formats set afterwards)
is written through `BufferedSheet`, which keeps its few cells until `flush()`.

Every value passes through `spreadsheet.xlsx_value` (never a formula from user text) and text is stored as text.
"""

from __future__ import annotations

import io
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
    workbook.save(buffer)
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


def plain_rows(worksheet) -> None:
    """From here on, `worksheet.append` writes a row of plain values (text, numbers, booleans, None; no style, no
    row height) as its XML straight into the sheet, as openpyxl would write it, without making a cell object per
    value: openpyxl's cells were most of writing a batch's workbook (Decklists: some 60 rows a deck). Any other
    row (a styled cell, a row height, a date, a value openpyxl reads as a formula or an error code) is written by
    openpyxl as before. Call it after the sheet's column widths, panes and print settings, before its first row."""
    worksheet._get_writer()                 # writes what comes before the rows (widths, panes, sheet properties)
    if worksheet._rows is None:
        worksheet._rows = _write_rows(worksheet)
        next(worksheet._rows)


def _write_rows(worksheet):
    """openpyxl's WriteOnlyWorksheet._write_rows, with plain rows written by `_plain_row`."""
    from lxml.etree import XMLSyntaxError, fromstring

    writer = worksheet._writer
    xf = writer.xf.send(True)
    with xf.element("sheetData"):
        number = 1
        try:
            while True:
                values = yield
                xml = None if number in worksheet.row_dimensions else _plain_row(values, number)
                try:
                    element = None if xml is None else fromstring(xml)
                except XMLSyntaxError:
                    element = None
                if element is None:
                    writer.write_row(xf, worksheet._values_to_row(values, number), number)
                else:
                    xf.write(element)
                number += 1
        except GeneratorExit:
            pass
    writer.xf.send(None)


def _plain_row(values, number: int) -> str | None:
    """The XML of a row of plain values, as openpyxl writes it; None for a row that is not plain."""
    from openpyxl.cell.cell import ERROR_CODES
    from openpyxl.utils import get_column_letter

    cells = []
    for column, value in enumerate(values, start=1):
        if value is None:
            continue
        kind = type(value)
        where = f"{get_column_letter(column)}{number}"
        if kind is str:
            if (len(value) > 1 and value[0] == "=") or value in ERROR_CODES:
                return None
            if not value:
                cells.append(f'<c r="{where}" t="inlineStr"/>')
                continue
            space = ' xml:space="preserve"' if value != value.strip() else ""
            text = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
            cells.append(f'<c r="{where}" t="inlineStr"><is><t{space}>{text}</t></is></c>')
        elif kind is bool:
            cells.append(f'<c r="{where}" t="b"><v>{int(value)}</v></c>')
        elif kind is int or kind is float:
            shown = "" if value != value or value in (float("inf"), float("-inf")) else f"{value:.16g}"
            cells.append(f'<c r="{where}" t="n"><v>{shown}</v></c>')
        else:
            return None
    return f'<row r="{number}">{"".join(cells)}</row>'


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
