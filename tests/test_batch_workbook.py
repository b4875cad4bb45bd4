"""The batch results workbook, written row by row (report/xlsx_stream.py), holds exactly the tables it is made
from, with the styles and print setup an organizer sees: read back cell by cell over real decks.

(benchmarks/workbooks_between.py compares the workbooks of two commits the same way, at any size.)"""

from __future__ import annotations

import io

import openpyxl
import pytest

from deckcheck.batch import read_registrations, run_batch
from deckcheck.batch.runner import Settings
from deckcheck.report import batch_results
from deckcheck.report.spreadsheet import xlsx_value
from tests._shared import corpus_files, needs_decks
from tests.fixtures.batch import INJECTION_NAMES, RowSpec, write_xlsx
from tests.test_printouts import assert_prints_at_9_pt

pytestmark = needs_decks


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """Registrations pasting 14 real decks, one player named like a formula; their results and workbook."""
    folder = tmp_path_factory.mktemp("batch")
    texts = [path.read_text(encoding="latin-1") for path in corpus_files()[::11]]
    specs = [RowSpec(kind="legal-pasted", player=INJECTION_NAMES[0] if i == 3 else f"Player {i}", deck=text,
                     extras={"Table": i, "E-mail": f"p{i}@example.org", "Notes": "=1+1" if i == 5 else ""})
             for i, text in enumerate(texts)]
    write_xlsx(folder / "registrations.xlsx", specs, sheets=2)
    table = read_registrations(folder / "registrations.xlsx")
    results = run_batch(table.registrations, Settings(base_dir=str(folder)))
    workbook = openpyxl.load_workbook(io.BytesIO(batch_results.xlsx_bytes(results, table.extra_columns)))
    return results, table, workbook


def sheet_values(worksheet) -> list[list]:
    return [[cell.value for cell in row] for row in worksheet.iter_rows()]


def expected(header, rows) -> list[list]:
    """The cells as written: every value made safe; an empty text reads back as no value."""
    return [list(header)] + [[xlsx_value(v) if v != "" else None for v in row] for row in rows]


def test_every_table_sheet_holds_its_table_cell_by_cell(checked):
    results, table, workbook = checked
    assert workbook.sheetnames[:4] == ["Judges", "Summary", "Violations", "Decklists"]
    assert "Metagame" in workbook.sheetnames and "Metagame cards" in workbook.sheetnames
    tables = {"Judges": batch_results.judge_table(results),
              "Summary": batch_results.summary_table(results, table.extra_columns),
              "Violations": batch_results.violations_table(results),
              "Decklists": batch_results.decklists_table(results)}
    for name, (header, rows) in tables.items():
        assert sheet_values(workbook[name]) == expected(header, list(rows)), name
    assert len(list(tables["Decklists"][1])) == sum(len(r.cards) for r in results) > 500


def test_text_is_never_a_formula_and_the_injection_is_shown(checked):
    _, _, workbook = checked
    for worksheet in workbook.worksheets:
        for row in worksheet.iter_rows():
            assert all(cell.data_type != "f" for cell in row), worksheet.title
    players = [row[2] for row in sheet_values(workbook["Summary"])[1:]]
    assert "'" + INJECTION_NAMES[0] in players


def test_styles_widths_and_print_setup(checked):
    results, _, workbook = checked
    summary = workbook["Summary"]
    header = [cell.value for cell in summary[1]]
    assert all(cell.font.bold for cell in summary[1])
    status = header.index("status")
    colours = {"legal": "00C6EFCE", "illegal": "00FFC7CE", "error": "00FFEB9C"}
    for row in summary.iter_rows(min_row=2):
        assert row[status].fill.fgColor.rgb == colours[row[status].value]
    for worksheet in (workbook["Judges"], summary, workbook["Violations"], workbook["Decklists"]):
        assert worksheet.freeze_panes == "A2"
        assert worksheet.auto_filter.ref == f"A1:{openpyxl.utils.get_column_letter(worksheet.max_column)}" \
                                            f"{worksheet.max_row}"
        assert_prints_at_9_pt(worksheet)
        assert worksheet.print_title_rows in ("1:1", "$1:$1")
        widths = [worksheet.column_dimensions[openpyxl.utils.get_column_letter(c)].width
                  for c in range(1, worksheet.max_column + 1)]
        assert all(batch_results.MIN_WIDTH <= w <= batch_results.MAX_WIDTH for w in widths), worksheet.title
    messages = workbook["Violations"]
    column = [c.value for c in messages[1]].index("message")
    long = [row[column] for row in messages.iter_rows(min_row=2) if len(row[column].value) > batch_results.MAX_WIDTH]
    assert long and all(cell.alignment.wrap_text for cell in long)
    assert len(workbook["Metagame"]._charts) >= 1 or not any(r.cards for r in results)
