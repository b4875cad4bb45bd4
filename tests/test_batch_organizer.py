"""The batch for the organizer's table: a player registered twice, two players with one deck, each deck's fingerprint
and cards as read, and a workbook that prints (page setup read back). Real Challenge Decks from ../shared."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from deckcheck.batch.repeats import mark_repeats, player_key
from deckcheck.batch.runner import RowResult
from deckcheck.cli import main
from deckcheck.decklist import read_deck
from deckcheck.decklist.content import card_rows
from deckcheck.decklist.fingerprint import fingerprint
from deckcheck.rules import validate
from tests._shared import DECKS, needs_decks
from tests.test_printouts import assert_prints_at_9_pt

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
OCTGN = DECKS / "octgn-wlk0" / "Challenge_decks"


def run(args: list[str]) -> int:
    """`deckcheck batch` under the rulebook (whose avatar limit these expectations count on; coe is the default)."""
    with pytest.raises(SystemExit) as info:
        main(["batch", "--rules", "rulebook", *args])
    return info.value.code


def registrations(tmp_path: Path, rows: list[tuple[str, str]]) -> Path:
    """A registrations CSV beside copies of the named decks (letter + format: "A", "A.o8d")."""
    decks = tmp_path / "decks"
    decks.mkdir()
    table = [["Player", "Deck"]]
    for player, deck in rows:
        letter, _, kind = deck.partition(".")
        source = next((OCTGN if kind else CHALLENGE).glob(f"{letter} - *"))
        target = decks / (f"{letter}.{kind}" if kind else f"{letter}.meccg")
        shutil.copyfile(source, target)
        table.append([player, f"decks/{target.name}"])
    path = tmp_path / "registrations.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(table)
    return path


def test_player_names_compare_without_case_accents_or_extra_spaces():
    assert player_key("  José   Pérez ") == player_key("jose perez") == player_key("JOSE PEREZ")
    assert player_key("Jose Perez") != player_key("Jose Pereira")


def test_a_large_group_names_five_others_and_counts_the_rest():
    # 40 registrations of one name and one netdeck: each message names 5 other rows and counts the rest (the
    # lists are built only as far as they are shown, so a group of 10,000 costs linear time: bench_organizer.py)
    rows = [RowResult(index=i, sheet="", row=i + 2, player="Ann" if i % 2 else "ANN", extras={}, status="legal",
                      deck="netdeck.meccg", fingerprint="9deb-9616-d41a") for i in range(40)]
    lines = mark_repeats(rows)
    assert lines == ["warning: 'ANN' is registered 40 times (row 2, row 3, row 4, row 5, row 6 and 35 more)"]
    first, third = rows[0].violations, rows[2].violations
    assert first[0]["message"] == ("'ANN' is registered more than once: also on row 3 as 'Ann', row 4, "
                                   "row 5 as 'Ann', row 6, row 7 as 'Ann' and 34 more")
    assert third[0]["message"].startswith("'ANN' is registered more than once: also on row 2, row 3 as 'Ann', row 5")
    assert third[1]["message"] == ("the same deck (fingerprint 9deb-9616-d41a) as ANN (row 2), Ann (row 3), "
                                   "Ann (row 5), ANN (row 6), Ann (row 7) and 34 more")
    assert [len(r.violations) for r in rows] == [2] * 40


@needs_decks
def test_a_player_entered_twice_is_warned_on_both_rows_and_shared_decks_are_noted(tmp_path, capsys):
    path = registrations(tmp_path, [("Ann Smith", "A"), ("Bob", "B"), ("ann  SMITH", "F"), ("Cleo", "A.o8d"),
                                    ("Dan", "G")])
    out = tmp_path / "results.xlsx"
    code = run([str(path), "-o", str(out)])
    err = capsys.readouterr().err
    assert "deckcheck: warning: 'Ann Smith' is registered 2 times (row 2, row 4)" in err
    assert code == 1                       # the Challenge Decks hold 3 avatars: illegal in a 2-deck game
    workbook = openpyxl.load_workbook(out)
    violations = list(workbook["Violations"].iter_rows(values_only=True))
    header = violations[0]
    by_code: dict[str, list[tuple]] = {}
    for row in violations[1:]:
        by_code.setdefault(row[header.index("code")], []).append(row)
    duplicate = [(r[header.index("player")], r[header.index("row")], r[header.index("severity")],
                  r[header.index("message")]) for r in by_code["duplicate-player"]]
    assert duplicate == [("Ann Smith", 2, "warning", "'Ann Smith' is registered more than once: also on row 4 as "
                                                     "'ann SMITH'"),
                         ("ann SMITH", 4, "warning", "'ann SMITH' is registered more than once: also on row 2 as "
                                                     "'Ann Smith'")]
    # Ann's GCCG file and Cleo's OCTGN file are the same Challenge Deck A
    identical = [(r[header.index("player")], r[header.index("severity")], r[header.index("message")])
                 for r in by_code["identical-deck"]]
    assert identical == [("Ann Smith", "note", "the same deck (fingerprint 9deb-9616-d41a) as Cleo (row 5)"),
                         ("Cleo", "note", "the same deck (fingerprint 9deb-9616-d41a) as Ann Smith (row 2)")]
    # the verdicts are the decks' own: status, error and warning counts as validate gives them, plus the warning
    summary = list(workbook["Summary"].iter_rows(values_only=True))
    col = {name: i for i, name in enumerate(summary[0])}
    for row, deck_file, repeated in zip(summary[1:], ["A.meccg", "B.meccg", "F.meccg", "A.o8d", "G.meccg"],
                                        [1, 0, 1, 0, 0]):
        verdict = validate(read_deck(tmp_path / "decks" / deck_file), ruleset="rulebook")
        errors = sum(v.severity == "error" for v in verdict.violations)
        assert (row[col["status"]], row[col["errors"]], row[col["warnings"]]) == \
            ("legal" if verdict.legal else "illegal", errors, len(verdict.violations) - errors + repeated)
    assert [r[col["fingerprint"]] for r in summary[1:]] == [
        "9deb-9616-d41a", "c374-8d67-c4ba", "051a-1576-fba4", "9deb-9616-d41a", "5d40-a473-103b"]


@needs_decks
def test_the_decklists_sheet_holds_each_deck_as_read(tmp_path):
    path = registrations(tmp_path, [("Ann", "A"), ("Bob", "F.o8d")])
    out = tmp_path / "results.xlsx"
    run([str(path), "-o", str(out)])
    sheet = list(openpyxl.load_workbook(out)["Decklists"].iter_rows(values_only=True))
    assert sheet[0] == ("player", "row", "fingerprint", "part", "count", "card", "card id")
    for player, row, deck_file in (("Ann", 2, "A.meccg"), ("Bob", 3, "F.o8d")):
        deck = read_deck(tmp_path / "decks" / deck_file)
        expected = [(player, row, fingerprint(deck).value, c["part"], c["count"], c["name"], c["card_id"])
                    for c in card_rows(deck)]
        assert [r for r in sheet[1:] if r[0] == player] == expected
        assert sum(r[4] for r in sheet[1:] if r[0] == player) == sum(e.count for e in deck.entries)
    # the printing OCTGN's card id names (LE for Bob's Cave-drake, since 3be10f0): as read, not as the fingerprint
    # counts them (reprints as one)
    assert ("Bob", 3, "051a-1576-fba4", "hazards", 3, "Cave-drake", "LE-66") in sheet


@needs_decks
def test_every_sheet_prints_landscape_at_9_pt_with_its_header_on_every_page(tmp_path):
    path = registrations(tmp_path, [(f"Player {n}", letter) for n, letter in enumerate("ABCDEFGHIJ", 1)])
    # a long message: an unknown card whose name runs on (the reader quotes it back)
    long_deck = tmp_path / "decks" / "long.meccg"
    long_deck.write_text(next(CHALLENGE.glob("B - *")).read_text(encoding="latin-1")
                         .replace("1 Glamdring", "1 " + "Glamdring the Foe-hammer of Gondolin " * 6), encoding="utf-8")
    with open(path, "a", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerow(["Player 11", "decks/long.meccg"])
    out = tmp_path / "results.xlsx"
    run([str(path), "-o", str(out)])
    workbook = openpyxl.load_workbook(out)
    assert workbook.sheetnames[:4] == ["Judges", "Summary", "Violations", "Decklists"]
    for sheet in workbook.worksheets:
        assert_prints_at_9_pt(sheet)
        if not sheet.title.startswith("Metagame"):    # (tables one under another, charts: no header row)
            assert sheet.print_title_rows == "$1:$1", sheet.title
    assert workbook["Judges"].sheet_properties.pageSetUpPr.fitToPage    # one page wide
    violations = workbook["Violations"]
    message_column = [c.value for c in violations[1]].index("message") + 1
    long_cells = [row[message_column - 1] for row in violations.iter_rows(min_row=2)
                  if len(str(row[message_column - 1].value)) > 60]
    assert long_cells and all(cell.alignment.wrap_text for cell in long_cells)
    letter = openpyxl.utils.get_column_letter(message_column)
    assert violations.column_dimensions[letter].width <= 60


@needs_decks
def test_json_results_carry_fingerprint_and_avatar(tmp_path, capsys):
    path = registrations(tmp_path, [("Ann", "A"), ("Bob", "F")])
    assert run([str(path)]) == 1
    document = json.loads(capsys.readouterr().out)
    assert [(r["player"], r["fingerprint"], r["avatar"]) for r in document["results"]] == [
        ("Ann", "9deb-9616-d41a", "Saruman"), ("Bob", "051a-1576-fba4", "Adûnaphel the Ringwraith")]
