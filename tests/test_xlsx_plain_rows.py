"""Rows of plain values written straight as XML (report/xlsx_stream.py `plain_rows`) read back as openpyxl's own
cells do: the same values and types, cell by cell, and any other row is still openpyxl's."""

from __future__ import annotations

import io

import openpyxl

from deckcheck.report.xlsx_stream import new_workbook, plain_rows, styled, workbook_bytes

ROWS = [
    ["player", "count", "card", "legal", "share"],
    ["Ann", 3, "Dodge", True, 0.25],
    [" padded ", 0, "Orc & <Troll>", False, -1.5],
    ["", None, "line\rbreak\nand tab\t", 12345678901234567890, 1e-30],
    ["Bob", 2, None, None, float("nan")],
    ["#N/A", 1, "Bûrat (Bert) – ガンダルフ", 7, 3.0],
]


def _written(fast: bool) -> list[list[tuple]]:
    workbook = new_workbook()
    sheet = workbook.create_sheet("T")
    sheet.column_dimensions["A"].width = 20
    sheet.freeze_panes = "A2"
    if fast:
        plain_rows(sheet)
    for values in ROWS:
        sheet.append(list(values))
    sheet.append([styled(sheet, "=not a formula"), 1])          # a styled row: openpyxl's own way
    read = openpyxl.load_workbook(io.BytesIO(workbook_bytes(workbook)))["T"]
    return [[(cell.value, cell.data_type) for cell in row] for row in read.iter_rows()]


def test_plain_rows_read_back_as_openpyxls_cells():
    fast, slow = _written(True), _written(False)
    assert fast == slow
    assert fast[2][0] == (" padded ", "s") and fast[2][2] == ("Orc & <Troll>", "s")
    assert fast[1][3] == (True, "b") and fast[-1][0][1] == "s"
