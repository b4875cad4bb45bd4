"""Rows written straight as XML (report/xlsx_stream.py `RawRows`) read back as openpyxl's own cells do: the same
values, types and styles, cell by cell, row heights included, whichever of its ways a row was written."""

from __future__ import annotations

import datetime
import io

import openpyxl
from openpyxl.cell.cell import ERROR_CODES
from openpyxl.styles import Alignment, PatternFill

from deckcheck.report.print_layout import font
from deckcheck.report.xlsx_stream import (
    _ERROR_CODES,
    RawRows,
    cell_rest,
    cell_template,
    new_workbook,
    style_id,
    styled,
    workbook_bytes,
)

ROWS = [
    ["player", "count", "card", "legal", "share"],
    ["Ann", 3, "Dodge", True, 0.25, datetime.date(2026, 12, 2)],
    [" padded ", 0, "Orc & <Troll>", False, -1.5],
    ["", None, "line\rbreak\nand tab\t", 12345678901234567890, 1e-30],
    ["Bob", 2, None, None, float("nan")],
    ["#N/A", 1, "Bûrat (Bert) – ガンダルフ", 7, 3.0],
    ["{0} {{", 1, "\x00 not here", datetime.datetime(2026, 12, 2, 5, 39), datetime.date(2026, 1, 2)],
]
BOLD = {"font": font(bold=True), "alignment": Alignment(wrap_text=True, vertical="top")}
FILLED = {"font": font(), "fill": PatternFill("solid", fgColor="C6EFCE")}


def _read(data: bytes) -> list[list[tuple]]:
    sheet = openpyxl.load_workbook(io.BytesIO(data))["T"]
    heights = {n: d.height for n, d in sheet.row_dimensions.items() if d.height}
    return [[(c.value, c.data_type if c.value is not None else None, bool(c.font.bold), c.alignment.wrap_text,
              c.fill.fgColor.rgb if c.fill.fill_type else None) for c in row] for row in sheet.iter_rows()], heights


def _openpyxls() -> bytes:
    workbook = new_workbook()
    sheet = workbook.create_sheet("T")
    sheet.row_dimensions[2].height = 30.0
    sheet.append([styled(sheet, value, **BOLD) for value in ROWS[0]])
    sheet.append([styled(sheet, value, **FILLED) for value in ROWS[1]])
    for values in ROWS[2:]:
        sheet.append([v.replace("\x00", "\ufffd") if isinstance(v, str) else v for v in values])
    sheet.append(["Cy", 2, "Ring"])
    return workbook_bytes(workbook)


def _raw() -> bytes:
    workbook = new_workbook()
    sheet = workbook.create_sheet("T")
    rows = RawRows(sheet)
    rows.add(ROWS[0], [style_id(sheet, **BOLD)] * 5)
    rows.add(ROWS[1], [style_id(sheet, **FILLED)] * 6, 30.0)
    rows.add_rests([cell_rest(v, None) if v is not None else None for v in ROWS[2]])
    rows.add(ROWS[3])
    rows.add(ROWS[4])
    rows.add(ROWS[5])
    rows.add([v.replace("\x00", "\ufffd") if isinstance(v, str) else v for v in ROWS[6]])
    rows.add_template(cell_template(0, cell_rest("Cy", None)) + cell_template(1, cell_rest(2, None))
                      + cell_template(2, cell_rest("Ring", None)))
    sheet.column_dimensions["A"].width = 20       # set after the rows: written above them
    sheet.freeze_panes = "A2"
    return workbook_bytes(workbook)


def test_raw_rows_read_back_as_openpyxls_cells():
    raw, theirs = _read(_raw()), _read(_openpyxls())
    assert raw == theirs
    cells, heights = raw
    assert heights == {2: 30.0}
    assert cells[2][0][:2] == (" padded ", "s") and cells[2][2][:2] == ("Orc & <Troll>", "s")
    assert cells[1][3][:2] == (True, "b") and cells[0][0][2] and cells[1][0][4] == "00C6EFCE"
    assert cells[5][0][:2] == ("#N/A", "e") and cells[6][0][:2] == ("{0} {{", "s")
    assert cells[6][3][0] == datetime.datetime(2026, 12, 2, 5, 39)


def test_the_widths_and_panes_set_after_the_rows_are_the_sheets():
    sheet = openpyxl.load_workbook(io.BytesIO(_raw()))["T"]
    assert sheet.column_dimensions["A"].width == 20 and sheet.freeze_panes == "A2"


def test_the_error_codes_are_openpyxls():
    assert _ERROR_CODES == frozenset(ERROR_CODES)


def test_rows_past_the_raw_size_are_kept_compressed_and_read_back_whole(monkeypatch):
    monkeypatch.setattr(RawRows, "RAW_BYTES", 1000)
    monkeypatch.setattr(RawRows, "FLUSH_CHARS", 100)
    workbook = new_workbook()
    rows = RawRows(workbook.create_sheet("T"))
    for number in range(2000):
        rows.add([f"row {number}", number])
    read = openpyxl.load_workbook(io.BytesIO(workbook_bytes(workbook)))["T"]
    assert rows._packer is not None
    assert [[cell.value for cell in row] for row in read.iter_rows()] == [[f"row {n}", n] for n in range(2000)]
