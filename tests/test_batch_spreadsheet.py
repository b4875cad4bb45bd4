"""Formula-injection safety of spreadsheet cells (xlsx and csv), read back from real files."""

from __future__ import annotations

import csv
import datetime

import pytest

from deckcheck.report.spreadsheet import MAX_CELL_CHARS, is_formula_like, put_cell, safe_cell, xlsx_value

DANGEROUS = [
    '=HYPERLINK("http://x","click")',
    "@SUM(A1)",
    "+1",
    "-2",
    "=1+1",
    "\t=1+1",
    "\r=1+1",
    "  =cmd|' /C calc'!A0",
    "\uff1dSUM(A1)",
]
HARMLESS = ["Gandalf", "Orc-raiders", "a=b", "1+1", "", "Sauron's Deck", "x@y.org"]


@pytest.mark.parametrize("text", DANGEROUS)
def test_dangerous_text_is_prefixed(text):
    assert is_formula_like(text)
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("text", HARMLESS)
def test_harmless_text_is_unchanged(text):
    assert not is_formula_like(text)
    assert safe_cell(text) == text


@pytest.mark.parametrize("value", [None, 0, -2, 3.5, -0.25, True, False, datetime.date(2026, 11, 30)])
def test_non_text_values_stay_what_they_are(value):
    out = safe_cell(value)
    assert out is value or (out == value and type(out) is type(value))


def test_other_objects_become_safe_text():
    class Odd:
        def __str__(self):
            return "=evil()"

    assert safe_cell(Odd()) == "'=evil()"


def test_xlsx_value_drops_control_chars_and_truncates():
    assert xlsx_value("a\x00b\x07c") == "a\ufffdb\ufffdc"
    long = xlsx_value("x" * (MAX_CELL_CHARS + 10))
    assert len(long) == MAX_CELL_CHARS and long.endswith("\u2026")


def test_xlsx_round_trip_never_stores_a_formula(tmp_path):
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    values = DANGEROUS + HARMLESS + [-2, 3.5]
    for row, value in enumerate(values, start=1):
        put_cell(ws, row, 1, value)
    # openpyxl alone would store "=1+1" as a formula: show that put_cell is what prevents it.
    ws.cell(row=100, column=1).value = "=1+1"
    assert ws.cell(row=100, column=1).data_type == "f"
    ws.cell(row=100, column=1).value = None
    path = tmp_path / "out.xlsx"
    wb.save(path)

    back = openpyxl.load_workbook(path).active
    for row, value in enumerate(values, start=1):
        cell = back.cell(row=row, column=1)
        assert cell.data_type != "f"
        if isinstance(value, str):
            expected = "'" + value if is_formula_like(value) else value
            # openpyxl reads an empty string cell back as None; written through lxml (a requirement) a CR is
            # escaped and comes back a CR (its pure-Python writer let XML turn it into LF)
            assert cell.value == (expected or None)
        else:
            assert cell.value == value and cell.data_type == "n"
    import zipfile

    sheet_xml = zipfile.ZipFile(path).read("xl/worksheets/sheet1.xml").decode()
    assert "<f>" not in sheet_xml


def test_csv_round_trip_keeps_the_prefix(tmp_path):
    path = tmp_path / "out.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([[safe_cell(v)] for v in DANGEROUS])
    with open(path, newline="", encoding="utf-8") as fh:
        rows = [r[0] for r in csv.reader(fh)]
    assert rows == ["'" + v for v in DANGEROUS]
    assert not any(r.startswith(("=", "+", "-", "@", "\t", "\r")) for r in rows)
