"""Registrations read as a stream within bounds (batch.sheets): what a hostile sheet costs is capped, one bad cell
stays on its row, and an ordinary workbook reads exactly as openpyxl reads it. The hostile workbooks are written
part by part (tests/fixtures/attacks.py) at small sizes, against small limits."""

from __future__ import annotations

import datetime
import zipfile
from pathlib import Path

import openpyxl
import pytest

from deckcheck.batch import read_registrations
from deckcheck.batch.sheets import MAX_CELL_CHARS, Budget, Limits, Workbook
from deckcheck.errors import DeckcheckError
from tests.fixtures import attacks

PROJECT = Path(__file__).resolve().parents[1]


def players(table) -> list[tuple[int, str]]:
    return [(r.row, r.player) for r in table.registrations]


def test_a_far_last_row_costs_nothing(tmp_path):
    for far in (10_000_000, 10**11):
        table = read_registrations(attacks.far_row_xlsx(tmp_path / f"far{far}.xlsx", far))
        # Excel's rows end at 1,048,576: a row number past it is taken as the next row
        assert players(table) == [(2, "Ann"), (far if far <= 1_048_576 else 3, "Zed")]


def test_decompressed_xml_is_capped(tmp_path):
    bomb = attacks.whitespace_bomb_xlsx(tmp_path / "bomb.xlsx", 8 * 1024 * 1024)
    assert bomb.stat().st_size < 100_000
    with pytest.raises(DeckcheckError, match="more than 4 MB of XML once decompressed"):
        read_registrations(bomb, limits=Limits(xml=4 * 1024 * 1024))
    assert players(read_registrations(bomb)) == [(2, "Ann")]      # under the default cap it is read


def test_one_huge_cell_is_cut_and_a_huge_deck_cell_is_a_row_problem(tmp_path):
    huge = attacks.huge_cell_xlsx(tmp_path / "huge.xlsx", 8 * 1024 * 1024)
    with pytest.raises(DeckcheckError, match="more than 4 MB of XML"):
        read_registrations(huge, limits=Limits(xml=4 * 1024 * 1024))
    (ann,) = read_registrations(huge).registrations
    assert len(ann.player) == MAX_CELL_CHARS + 1           # a cell keeps at most this much
    path = attacks.write_workbook(tmp_path / "deck.xlsx", [[attacks.row_xml(1, attacks.HEADER),
                                                           attacks.row_xml(2, ["Bob", "3 Twilight\n" * 100_000])]])
    (bob,) = read_registrations(path).registrations
    assert bob.deck == "" and bob.problems == ["the deck cell holds more than 1 MB of text, more than any decklist; "
                                               "not read"]


def test_cell_text_is_capped_per_cell_that_holds_it(tmp_path):
    rows = [attacks.row_xml(1, attacks.HEADER)] + [attacks.row_xml(n, [f"P{n}", "x" * 1000]) for n in range(2, 50)]
    path = attacks.write_workbook(tmp_path / "r.xlsx", [rows])
    with pytest.raises(DeckcheckError, match="more than 20,000 characters of cell text"):
        read_registrations(path, limits=Limits(text=20_000))


def test_rows_are_capped_before_any_deck_is_read(tmp_path):
    path = attacks.many_rows_xlsx(tmp_path / "r.xlsx", 120)
    assert len(read_registrations(path, max_rows=120).registrations) == 120
    with pytest.raises(DeckcheckError, match=r"more than 100 registrations \(row 102 of sheet 'Sheet1'\); "
                                             r"--max-rows N reads more"):
        read_registrations(path, max_rows=100)
    csv_path = attacks.many_rows_csv(tmp_path / "r.csv", 120)
    with pytest.raises(DeckcheckError, match=r"more than 100 registrations \(row 102\)"):
        read_registrations(csv_path, max_rows=100)


def test_runs_of_empty_rows_cost_nothing_and_xml_elements_are_capped(tmp_path):
    empty = b"".join(b'<row r="%d" ht="15"/>' % n for n in range(3, 50_000))
    empty += b"".join(b'<row r="%d"><c r="A%d" s="1"/></row>' % (n, n) for n in range(50_000, 90_000))
    rows = [attacks.row_xml(1, attacks.HEADER), attacks.row_xml(2, ["Ann", "a.meccg"]), empty,
            attacks.row_xml(90_000, ["Zed", "z.meccg"])]
    path = attacks.write_workbook(tmp_path / "r.xlsx", [rows])
    assert players(read_registrations(path, limits=Limits(elements=100))) == [(2, "Ann"), (90_000, "Zed")]
    full = attacks.many_rows_xlsx(tmp_path / "full.xlsx", 200)       # 200 rows of two filled cells
    with pytest.raises(DeckcheckError, match="more than 1,000 XML elements"):
        read_registrations(full, limits=Limits(elements=1000))


def test_a_number_too_long_to_be_one_stays_on_its_row(tmp_path):
    table = read_registrations(attacks.number_cell_xlsx(tmp_path / "r.xlsx", 5000))
    first, long, last = table.registrations
    assert (first.length, last.length) == (2, 3)
    assert long.length is None and long.problems == ["game length '" + "9" * 39 + "\u2026' is not 1-4 (starter, "
                                                     "short, long, campaign)"]


def test_blank_csv_lines_are_stepped_over_and_still_numbered(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("Player,Deck\nAnn,a.meccg\n" + "\n" * 100_000 + " , \n\t\n" + 'Bob,"1 Twilight\n\n\n2 Dodge"\n'
                    "Cid,c.meccg\n", encoding="utf-8")
    table = read_registrations(path)
    assert players(table) == [(2, "Ann"), (100_005, "Bob"), (100_006, "Cid")]
    assert table.registrations[1].deck == "1 Twilight\n\n\n2 Dodge"      # blank lines inside a cell are kept


def test_an_unclosed_quote_after_blank_lines_names_its_line(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text('Player,Deck\n\n\n\nAnn,"a.meccg\nBob,b.meccg\n', encoding="utf-8")
    with pytest.raises(DeckcheckError) as info:
        read_registrations(path)
    assert info.value.line == 5 and "a quoted cell is not closed" in info.value.message


def test_more_columns_than_a_spreadsheet_has(tmp_path):
    with pytest.raises(DeckcheckError, match="row 1 has 18,279 columns, more than a spreadsheet has"):
        read_registrations(attacks.wide_csv(tmp_path / "r.csv", 18_279))


def test_a_workbook_cell_beyond_the_last_column_is_not_read_as_another(tmp_path):
    """A cell in column AAAA (18,279), which no spreadsheet has, is not taken for the next column (C)."""
    table = read_registrations(attacks.wide_xlsx(tmp_path / "r.xlsx", 18_279))
    assert players(table) == [(2, "Ann")] and table.registrations[0].deck == "ann.meccg"
    assert table.extra_columns == [] and table.registrations[0].extras == {}


def test_many_unnamed_columns_are_carried_up_to_a_limit_with_a_note(tmp_path):
    table = read_registrations(attacks.wide_csv(tmp_path / "r.csv", 2_000))
    assert len(table.extra_columns) == 1_000 and table.extra_columns[-1] == "column ALN"
    assert table.notes == [f"{tmp_path / 'r.csv'}: the file: 998 more columns than the 1000 carried through to the "
                           f"results (from column ALO) are left out"]


def test_a_zip_of_too_many_parts_is_refused_before_it_is_listed(tmp_path):
    path = tmp_path / "parts.xlsx"
    with zipfile.ZipFile(path, "w") as z:
        for n in range(10_001):
            z.writestr(f"p{n}", b"")
    with pytest.raises(DeckcheckError, match="10,001 parts in the zip file"):
        read_registrations(path)


def test_a_dtd_is_refused(tmp_path):
    rows = [b"<!DOCTYPE x [<!ENTITY a 'aaaa'>]>"]
    path = attacks.write_workbook(tmp_path / "r.xlsx", [rows])
    with pytest.raises(DeckcheckError, match="not a readable .xlsx workbook"):
        read_registrations(path)


def test_a_shared_string_index_that_points_nowhere_is_its_text(tmp_path):
    rows = [attacks.row_xml(1, attacks.HEADER),
            b'<row r="2"><c r="A2" t="s"><v>99999999999999</v></c><c r="B2" t="inlineStr"><is><t>a</t></is></c></row>']
    (ann,) = read_registrations(attacks.write_workbook(tmp_path / "r.xlsx", [rows])).registrations
    assert ann.player == "99999999999999"


def workbook_values(path: Path) -> dict[str, list]:
    with Workbook(path, Budget(str(path), Limits())) as workbook:
        return {title: list(rows) for title, rows in workbook.sheets()}


def openpyxl_values(path: Path) -> dict[str, list]:
    workbook = openpyxl.load_workbook(path, read_only=True, data_only=True)
    found = {}
    for sheet in workbook.worksheets:
        rows = []
        for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
            values = list(values)
            while values and values[-1] in (None, ""):
                values.pop()
            if values:
                rows.append((number, values))
        found[sheet.title] = rows
    workbook.close()
    return found


def test_an_ordinary_workbook_reads_as_openpyxl_reads_it(tmp_path):
    path = tmp_path / "mixed.xlsx"
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Round 1 \u00f1"
    sheet.append(["Player", "Deck", "When", "Paid", "Score", "Big", "Time", "Hours", "Formula", "Note"])
    sheet.append(["Ann", "a.meccg", datetime.datetime(2026, 11, 29, 10, 2), True, 3.5, 12345678901234,
                  datetime.time(10, 30), datetime.timedelta(hours=30), "=1+1", " spaced "])
    sheet.append(["B\u00f6b", "3 Twilight\n2 Dodge", datetime.date(2026, 1, 1), False, -2, 1e20, None, None, None,
                  "x"])
    sheet["C5"] = "after a gap"
    second = workbook.create_sheet("Second")
    second["D7"] = "far"
    workbook.save(path)
    assert workbook_values(path) == openpyxl_values(path)
    examples = PROJECT / "examples" / "registrations.xlsx"
    assert workbook_values(examples) == openpyxl_values(examples)
