"""Workbooks printed for the judges' table: every sheet of every workbook a command writes prints landscape, one
page wide, with its header row on every page. (A print through LibreOffice, measuring the type, is not done yet:
see the issue.)"""

from __future__ import annotations

from io import BytesIO

from tests._shared import PROJECT, run_main

EXAMPLES = PROJECT / "examples"


def assert_print_layout(data: bytes) -> None:
    from openpyxl import load_workbook

    workbook = load_workbook(BytesIO(data))
    for sheet in workbook.worksheets:
        assert sheet.page_setup.orientation == "landscape", sheet.title
        assert sheet.page_setup.fitToWidth == 1 and sheet.sheet_properties.pageSetUpPr.fitToPage, sheet.title
        assert sheet.print_title_rows in ("1:1", "$1:$1"), sheet.title


def test_the_matchups_workbook_prints_one_page_wide_with_its_headers(capsys, tmp_path):
    out = tmp_path / "mx.xlsx"
    code, _, err = run_main(capsys, "matchups", str(EXAMPLES / "wizard-legal.meccg"),
                            str(EXAMPLES / "balrog-legal.meccg"), "--games", "2", "--turns", "2", "-o", str(out))
    assert code == 0, err
    assert_print_layout(out.read_bytes())
    from openpyxl import load_workbook

    assert load_workbook(out)["Matrix"].print_title_cols in ("A:A", "$A:$A")   # the deck names on every page too


def test_the_batch_and_stats_workbooks_print_one_page_wide_with_their_headers(capsys, tmp_path):
    for argv, name in ((["batch", str(EXAMPLES / "registrations.csv")], "results.xlsx"),
                       (["stats", str(EXAMPLES / "wizard-legal.meccg")], "stats.xlsx")):
        out = tmp_path / name
        code, _, err = run_main(capsys, *argv, "-o", str(out))
        assert code in (0, 1), err
        from openpyxl import load_workbook

        for sheet in load_workbook(out).worksheets:
            assert sheet.page_setup.orientation == "landscape" and sheet.page_setup.fitToWidth == 1, (name, sheet)
