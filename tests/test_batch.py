"""Tournament batch with a small fake reader and validator: registrations reading, error rows, the parallel
runner, the writers (read back cell by cell) and the command's exit codes and file safety.

The same paths with deckcheck's real readers and rules are in test_batch_e2e.py.
"""

from __future__ import annotations

import csv
import hashlib
import json
from collections import Counter
from pathlib import Path

import openpyxl
import pytest

from deckcheck.batch import read_registrations, run_batch
from deckcheck.batch.command import run_batch_command
from deckcheck.batch.outputs import plan_output
from deckcheck.batch.repeats import player_key
from deckcheck.batch.runner import Settings
from deckcheck.cli import main
from deckcheck.decklist.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.report import batch_results
from deckcheck.rules.engine import Verdict
from deckcheck.rules.registry import Violation
from tests.fixtures.batch import INJECTION_NAMES, KINDS, build_rows, write_csv, write_decks, write_xlsx

FAKE_LEGAL = "#fake\nname: Good Deck\nlegal\n"
FAKE_ILLEGAL = "#fake\nname: Bad Deck\nillegal\n"


# ---------------------------------------------------------------- fakes (module level: workers import them)


def fake_parse_text(text, *, path="<text>", input_format=None, alignment=None):
    if not text.startswith("#fake"):
        raise DeckcheckError("no card lines found", path)
    name = text.split("\n")[1].removeprefix("name: ")
    return Deck(path=path, name=name, notes=text)


def fake_read_deck(path, *, input_format=None, alignment=None):
    return fake_parse_text(Path(path).read_text(encoding="utf-8"), path=str(path), alignment=alignment)


def fake_validate(deck, *, ruleset="rulebook", alignment=None, length=2):
    violations = []
    if "illegal" in deck.notes:
        violations.append(Violation(code="copy-limit", severity="error", message="4 copies of Orc-raiders",
                                    citation="coe 1.3", card="=Orc-raiders", lines=[7, 9]))
    violations.append(Violation(code="note", severity="warning", message=f"checked at length {length}",
                                citation="-", lines=[3]))
    return Verdict(path=deck.path, legal=not any(v.severity == "error" for v in violations), ruleset=ruleset,
                   alignment=alignment or "wizard", alignment_reason="fake", length=length,
                   violations=violations)


def no_warm_up() -> None:
    """The fakes need no card catalog."""


def fake_settings(base_dir, **kw) -> Settings:
    return Settings(base_dir=str(base_dir), reader=fake_read_deck, text_parser=fake_parse_text,
                    validator=fake_validate, warm_up=no_warm_up, **kw)


@pytest.fixture
def fake_command(monkeypatch):
    """Make the command itself use the fakes (jobs=1 runs in this process)."""
    import deckcheck.batch.command as command

    def settings(**kw):
        return Settings(reader=fake_read_deck, text_parser=fake_parse_text, validator=fake_validate,
                        warm_up=no_warm_up, **kw)

    monkeypatch.setattr(command, "Settings", settings)


def generated(tmp_path: Path, count: int, fmt: str, **kw):
    write_decks(tmp_path, FAKE_LEGAL, FAKE_ILLEGAL)
    rows = build_rows(count, legal_text=FAKE_LEGAL, illegal_text=FAKE_ILLEGAL, **kw)
    path = tmp_path / f"registrations.{fmt}"
    where = write_xlsx(path, rows) if fmt == "xlsx" else write_csv(path, rows)
    return path, rows, where


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------- reading registrations


def test_columns_match_case_insensitively_and_extras_carry_through(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("  PLAYER ,Deck List,Game_Length,RULES,Alignment,Club,notes,Notes\n"
                    "Ann,a.meccg,Long,COE,Hero,Bree,x,y\n"
                    "Bob,b.meccg,,,,Shire,,\n", encoding="utf-8")
    table = read_registrations(path)
    ann, bob = table.registrations
    assert (ann.player, ann.deck, ann.length, ann.ruleset, ann.alignment) == ("Ann", "a.meccg", 3, "coe", "wizard")
    assert (bob.length, bob.ruleset, bob.alignment) == (None, None, None)
    assert table.extra_columns == ["Club", "notes", "Notes"]
    assert ann.extras == {"Club": "Bree", "notes": "x", "Notes": "y"}
    assert (ann.sheet, ann.row, bob.row) == ("", 2, 3)


def test_semicolon_csv_in_cp1252_with_multiline_pasted_deck(tmp_path):
    path = tmp_path / "r.csv"
    text = 'player;deck\r\nJos\xe9;"#fake\r\nname: X\r\nlegal"\r\n'
    path.write_bytes(text.encode("cp1252"))
    (reg,) = read_registrations(path).registrations
    assert reg.player == "José"
    assert reg.deck_is_pasted and reg.deck == "#fake\nname: X\nlegal"


def test_every_sheet_is_read_and_sheets_without_columns_are_noted(tmp_path):
    path = tmp_path / "r.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Notes"
    wb.active.append(["Bring your own sleeves"])
    wb.create_sheet("Empty")
    for title, names in (("Day 1", ["Ann", "Bob"]), ("Day 2", ["Cid"])):
        ws = wb.create_sheet(title)
        ws.append([None])                 # a blank first row: the header is the first non-empty row
        ws.append(["Deck", "Player", "Length"])
        for name in names:
            ws.append([f"{name}.meccg", name, 3.0])
    wb.save(path)
    table = read_registrations(path)
    assert [(r.sheet, r.row, r.player, r.length) for r in table.registrations] == [
        ("Day 1", 3, "Ann", 3), ("Day 1", 4, "Bob", 3), ("Day 2", 3, "Cid", 3)]
    assert len(table.notes) == 1 and "'Notes' skipped" in table.notes[0]


@pytest.mark.parametrize("cells, problem", [
    (["", "a.meccg", "", ""], "the player cell is empty"),
    (["Ann", "   ", "", ""], "the deck cell is empty"),
    (["Ann", "a.meccg", "elf", ""], "unknown alignment 'elf'"),
    (["Ann", "a.meccg", "", "7"], "game length '7' is not 1-4"),
    (["Ann", "a.meccg", "", "seven"], "game length 'seven' is not 1-4"),
])
def test_bad_cells_become_row_problems(tmp_path, cells, problem):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck", "alignment", "length"], cells])
    (reg,) = read_registrations(path).registrations
    assert any(p.startswith(problem) for p in reg.problems), reg.problems


@pytest.mark.parametrize("value, expected", [
    ("Hero", "wizard"), ("Wizard (Gandalf)", "wizard"), ("Minion - Witch-king", "ringwraith"),
    ("fallen wizard: Saruman", "fallen-wizard"), ("FW", "fallen-wizard"), ("Balrog, The Balrog", "balrog"),
    ("Fallen-wizard", "fallen-wizard"),
])
def test_alignment_spellings(tmp_path, value, expected):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck", "alignment"], ["Ann", "a.meccg", value]])
    (reg,) = read_registrations(path).registrations
    assert reg.alignment == expected and not reg.problems


@pytest.mark.parametrize("value", ["elf", "(Gandalf)", "Dwarf (Thorin)", "wizard-ish"])
def test_alignment_that_names_none_is_a_row_problem(tmp_path, value):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck", "alignment"], ["Ann", "a.meccg", value]])
    (reg,) = read_registrations(path).registrations
    assert reg.alignment is None and reg.problems == [
        f"unknown alignment {value!r} (use wizard, ringwraith, fallen-wizard, balrog, elf-lord, dwarf-lord, "
        "dragon-lord)"]


@pytest.mark.parametrize("value, expected", [("2", 2), ("3-deck", 3), ("4 decks", 4), ("Starter", 1),
                                             ("campaign", 4), ("", None)])
def test_length_spellings(tmp_path, value, expected):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck", "length"], ["Ann", "a.meccg", value]])
    (reg,) = read_registrations(path).registrations
    assert reg.length == expected and not reg.problems


def write_rows_csv(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)


@pytest.mark.parametrize("name, content, message", [
    ("r.csv", None, "no such file"),
    ("r.xls", b"\xd0\xcf\x11\xe0", "old .xls workbooks cannot be read"),
    ("r.ods", b"x", "unknown registrations file type .ods"),
    ("r.xlsx", b"this is not a zip", "not a readable .xlsx workbook"),
    ("r.csv", b"", "no registrations (the file is empty)"),
    ("r.csv", b"Player,Deck\n,,\n", "no registrations: no rows under the header"),
    ("r.csv", b"deck name,decklist file\nAnn,a\n", "no sheet has a header row with player and deck columns"),
    ("r.csv", b"player,deck,Deck\nAnn,a,b\n", "two 'deck' columns in the header"),
    ("r.csv", b"\x00\x01\x02binary", "binary data"),
])
def test_unusable_registrations_file_is_one_error(tmp_path, name, content, message):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(DeckcheckError) as info:
        read_registrations(path)
    assert message in info.value.one_line() and str(path) in info.value.one_line()


# ---------------------------------------------------------------- checking rows


def test_each_kind_of_row_gets_its_status_and_problem(tmp_path):
    path, rows, _ = generated(tmp_path, len(KINDS), "csv")
    results = run_batch(read_registrations(path).registrations, fake_settings(tmp_path))
    assert [r.status for r in results] == [row.expected_status for row in rows]
    by_kind = {row.kind: result for row, result in zip(rows, results)}
    assert by_kind["missing-file"].first_problem.startswith("deck-file: ")
    assert "no such deck file" in by_kind["missing-file"].first_problem
    assert by_kind["empty-deck"].first_problem == "registration: the deck cell is empty"
    assert by_kind["garbage-text"].first_problem == "unreadable-deck: pasted decklist: no card lines found"
    assert by_kind["illegal-pasted"].first_problem == "copy-limit: 4 copies of Orc-raiders"
    assert by_kind["illegal-pasted"].deck == "pasted decklist (3 lines)"
    assert by_kind["legal-path"].deck == "decks/legal.meccg" and by_kind["legal-path"].deck_name == "Good Deck"
    assert (by_kind["legal-path"].errors, by_kind["legal-path"].warnings) == (0, 1)


@pytest.mark.parametrize("value, expected", [("COE", "coe"), ("Council of Elrond", "coe"), ("Rulebook", "rulebook"),
                                             ("printed rules", "rulebook"), ("", None), ("house rules", "house rules")])
def test_ruleset_spellings(tmp_path, value, expected):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck", "ruleset"], ["Ann", "a.meccg", value]])
    (reg,) = read_registrations(path).registrations
    assert reg.ruleset == expected      # an unknown ruleset is kept as written: the runner reports it


def test_row_options_override_the_command_options(tmp_path):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck", "ruleset", "length"],
                          ["Ann", FAKE_LEGAL, "rulebook", "4"], ["Bob", FAKE_LEGAL, "", ""],
                          ["Cid", FAKE_LEGAL, "house rules", ""]])
    ann, bob, cid = run_batch(read_registrations(path).registrations, fake_settings(tmp_path, length=1))
    assert (ann.ruleset, ann.length, ann.violations[-1]["message"]) == ("rulebook", 4, "checked at length 4")
    assert (bob.ruleset, bob.length, bob.violations[-1]["message"]) == ("coe", 1, "checked at length 1")
    assert cid.status == "error" and "unknown ruleset 'house rules'" in cid.first_problem


def test_a_row_problem_keeps_the_deck_checked_but_the_row_is_an_error(tmp_path):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck"], ["", FAKE_ILLEGAL]])
    (result,) = run_batch(read_registrations(path).registrations, fake_settings(tmp_path))
    assert result.status == "error"
    assert [v["code"] for v in result.violations] == ["registration", "copy-limit", "note"]


def test_absolute_quoted_and_directory_paths(tmp_path):
    write_decks(tmp_path, FAKE_LEGAL, FAKE_ILLEGAL)
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck"], ["Ann", f'"{tmp_path / "decks" / "legal.meccg"}"'],
                          ["Bob", "decks"]])
    ann, bob = run_batch(read_registrations(path).registrations, fake_settings(tmp_path))
    assert ann.status == "legal"
    assert bob.status == "error" and "is a directory" in bob.first_problem


def test_unexpected_exception_in_one_row_does_not_stop_the_batch(tmp_path):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck"], ["Ann", "#fake\nname: boom\nlegal"], ["Bob", FAKE_LEGAL]])
    settings = fake_settings(tmp_path)
    settings.validator = exploding_validate
    ann, bob = run_batch(read_registrations(path).registrations, settings)
    assert ann.status == "error" and ann.first_problem.startswith("internal-error: validating failed: ")
    assert bob.status == "legal"


def exploding_validate(deck, **kw):
    if deck.name == "boom":
        raise ZeroDivisionError("boom")
    return fake_validate(deck, **kw)


def test_parallel_results_equal_sequential_in_registration_order(tmp_path):
    path, rows, _ = generated(tmp_path, 50, "xlsx")
    registrations = read_registrations(path).registrations
    seen = []
    sequential = run_batch(registrations, fake_settings(tmp_path), jobs=1)
    parallel = run_batch(registrations, fake_settings(tmp_path), jobs=2, on_result=seen.append)
    assert [r.index for r in parallel] == list(range(50)) == [r.index for r in seen]
    assert [(r.player, r.status, r.violations) for r in parallel] == \
           [(r.player, r.status, r.violations) for r in sequential]
    assert [r.status for r in parallel] == [row.expected_status for row in rows]


# ---------------------------------------------------------------- the results, read back cell by cell


@pytest.mark.parametrize("count, fmt", [(1, "xlsx"), (1, "csv"), (50, "xlsx"), (50, "csv"),
                                        (500, "xlsx"), (500, "csv")])
def test_results_workbook_cell_by_cell(tmp_path, fake_command, count, fmt):
    path, rows, where = generated(tmp_path, count, fmt)
    before = digest(path)
    out = tmp_path / "results.xlsx"
    code = run_batch_command(str(path), out=str(out), output_format=None, ruleset="rulebook", length=2,
                             jobs=1, force=False)
    assert code == (0 if count == 1 else 1)
    assert digest(path) == before                     # the registrations are never modified
    check_workbook(out, rows, where if fmt == "xlsx" else None)


def check_workbook(out: Path, rows, where) -> None:
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Judges", "Summary", "Violations", "Decklists"]
    summary, violations = wb["Summary"], wb["Violations"]
    assert summary.freeze_panes == "A2" and violations.freeze_panes == "A2"
    header = [c.value for c in summary[1]]
    fixed = ["sheet"] * (where is not None) + ["row", "player", "status", "legal", "alignment", "ruleset",
                                               "length", "errors", "warnings", "first problem", "fingerprint",
                                               "deck status", "deck"]
    assert header == fixed + ["Table", "E-mail", "Notes"]
    assert summary.max_row == len(rows) + 1
    col = {name: i for i, name in enumerate(header)}
    expected_violations = []
    names = Counter(player_key(spec.player) for spec in rows)
    for n, (spec, cells) in enumerate(zip(rows, summary.iter_rows(min_row=2)), start=0):
        assert all(c.data_type != "f" for c in cells)
        value = [c.value for c in cells]
        sheet, row_number = where[n] if where else ("", n + 2)
        if where:
            assert value[col["sheet"]] == sheet
        assert value[col["row"]] == row_number
        assert value[col["player"]] == expected_player(spec.player)
        assert value[col["status"]] == spec.expected_status
        assert value[col["legal"]] == {"legal": True, "illegal": False, "error": None}[spec.expected_status]
        assert value[col["Table"]] == (spec.extras["Table"] if where else str(spec.extras["Table"]))
        assert value[col["E-mail"]] == spec.extras["E-mail"]
        assert value[col["Notes"]] == expected_text(spec.extras["Notes"])
        status = spec.expected_status
        # the generator gives the formula-like names to several rows: each such row is a duplicate player
        twice = int(names[player_key(spec.player)] > 1)
        if status == "legal":
            assert (value[col["errors"]], value[col["warnings"]], value[col["first problem"]]) == \
                   (0, 1 + twice, "note: checked at length 2")
            expected_violations.append((spec.player, "note", "warning", None, 3))
        elif status == "illegal":
            assert (value[col["errors"]], value[col["warnings"]]) == (1, 1 + twice)
            assert value[col["first problem"]] == "copy-limit: 4 copies of Orc-raiders"
            expected_violations += [(spec.player, "copy-limit", "error", "'=Orc-raiders", "7, 9"),
                                    (spec.player, "note", "warning", None, 3)]
        else:
            assert value[col["errors"]] == 1 and value[col["alignment"]] is None
            code = {"missing-file": "deck-file", "empty-deck": "registration",
                    "garbage-text": "unreadable-deck"}[spec.kind]
            assert value[col["first problem"]].startswith(code + ": ")
            expected_violations.append((spec.player, code, "error", None, None))
        if twice:
            expected_violations.append((spec.player, "duplicate-player", "warning", None, None))
    vheader = [c.value for c in violations[1]]
    vcol = {name: i for i, name in enumerate(vheader)}
    got = [(r[vcol["player"]], r[vcol["code"]], r[vcol["severity"]], r[vcol["card"]], r[vcol["line"]])
           for r in violations.iter_rows(min_row=2, values_only=True)]
    assert got == [(expected_player(p), *rest) for p, *rest in expected_violations]
    widths = [summary.column_dimensions[letter].width for letter in "ABC"]
    assert all(6 <= w <= 60 for w in widths)


def expected_player(name: str) -> str:
    """Player names are read with their white space folded ("\t=cmd" is "=cmd"), then made safe."""
    return expected_text(" ".join(name.split()))


def expected_text(text: str) -> str:
    """What a text cell must read back as: formula-like text with its apostrophe (a CR reads back as LF)."""
    from deckcheck.report.spreadsheet import safe_cell

    return safe_cell(text)


def test_injection_row_is_inert_in_the_xml(tmp_path, fake_command):
    import zipfile

    path, rows, _ = generated(tmp_path, 16, "csv", kinds=["injection"])
    out = tmp_path / "results.xlsx"
    assert run_batch_command(str(path), out=str(out), output_format=None, ruleset="rulebook", length=2,
                             jobs=1, force=False) == 0
    with zipfile.ZipFile(out) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                assert "<f>" not in archive.read(name).decode()
    players = [c.value for c in openpyxl.load_workbook(out)["Summary"]["B"][1:]]
    assert players == [expected_player(INJECTION_NAMES[i % len(INJECTION_NAMES)]) for i in range(16)]
    assert all(p.startswith("'") for p in players)


def test_csv_output_two_tables_with_safe_cells(tmp_path, fake_command):
    path, rows, _ = generated(tmp_path, 16, "csv")
    out = tmp_path / "results.csv"
    assert run_batch_command(str(path), out=str(out), output_format=None, ruleset="rulebook", length=2,
                             jobs=1, force=False) == 1
    with open(out, encoding="utf-8-sig", newline="") as fh:
        summary = list(csv.DictReader(fh))
    with open(tmp_path / "results-violations.csv", encoding="utf-8-sig", newline="") as fh:
        violations = list(csv.DictReader(fh))
    assert [s["status"] for s in summary] == [r.expected_status for r in rows]
    assert [s["legal"] for s in summary] == [{"legal": "TRUE", "illegal": "FALSE", "error": ""}[
        r.expected_status] for r in rows]
    for s in summary:
        for value in s.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), value
    assert {v["code"] for v in violations} == {"note", "copy-limit", "deck-file", "registration",
                                               "unreadable-deck"}
    assert "'=Orc-raiders" in {v["card"] for v in violations}


def test_json_to_stdout_keeps_text_as_written(tmp_path, fake_command, capsys):
    path, rows, _ = generated(tmp_path, 8, "csv")
    assert run_batch_command(str(path), out=None, output_format=None, ruleset="coe", length=3,
                             jobs=1, force=False) == 1
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    assert document["counts"] == {"players": 8, "legal": 3, "illegal": 2, "error": 3}
    assert [r["player"] for r in document["results"]] == [r.player for r in rows]
    assert document["results"][7]["player"] == INJECTION_NAMES[0]       # JSON is not a spreadsheet
    assert document["results"][0]["extras"] == {"Table": "1", "E-mail": "p0@example.org", "Notes": "note 0"}
    assert "8 registrations: 3 legal, 2 illegal, 3 errors (row or deck unreadable)" in captured.err


# ---------------------------------------------------------------- the command: exit codes and file safety


def test_cli_exit_codes_and_force(tmp_path, fake_command, capsys):
    legal_only, _, _ = generated(tmp_path, 3, "csv", kinds=["legal-path", "legal-pasted"])
    out = tmp_path / "results.xlsx"
    with pytest.raises(SystemExit) as info:
        main(["batch", str(legal_only), "-o", str(out)])
    assert info.value.code == 0 and out.is_file()
    first = digest(out)
    with pytest.raises(SystemExit) as info:
        main(["batch", str(legal_only), "-o", str(out)])
    assert info.value.code == 2 and digest(out) == first
    assert "exists already; use --force" in capsys.readouterr().err
    mixed, _, _ = generated(tmp_path / "b", 8, "csv")
    with pytest.raises(SystemExit) as info:
        main(["batch", str(mixed), "-o", str(out), "--force", "--jobs", "1"])
    assert info.value.code == 1 and digest(out) != first
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("args, message", [
    (["missing.csv"], "missing.csv: no such file"),
    (["r.csv", "-o", "out.txt"], "cannot tell the format from .txt (text is not one this command writes)"),
    (["r.csv", "--output", "xlsx"], "--output xlsx writes a file: give it with -o FILE"),
    (["r.csv", "-o", "r.csv", "--force"], "is the registrations file"),
    (["r.csv", "-o", "nodir/out.xlsx"], "directory for the results does not exist"),
    (["r.csv", "-o", "out.xlsx", "--output", "csv"], "out.xlsx: the name says xlsx but --output is csv"),
])
def test_cli_usage_errors_exit_2_without_writing(tmp_path, monkeypatch, capsys, args, message):
    monkeypatch.chdir(tmp_path)
    write_rows_csv(tmp_path / "r.csv", [["player", "deck"], ["Ann", "a.meccg"]])
    before = digest(tmp_path / "r.csv")
    with pytest.raises(SystemExit) as info:
        main(["batch", *args])
    err = capsys.readouterr().err
    assert info.value.code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert digest(tmp_path / "r.csv") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def test_csv_plan_checks_both_files_before_any_work(tmp_path):
    (tmp_path / "out-violations.csv").write_text("keep me")
    with pytest.raises(DeckcheckError, match="out-violations.csv: exists already"):
        plan_output(str(tmp_path / "out.csv"), None, force=False, registrations=str(tmp_path / "r.csv"))
    plan = plan_output(str(tmp_path / "out.csv"), None, force=True, registrations=str(tmp_path / "r.csv"))
    assert plan.paths == [tmp_path / "out.csv", tmp_path / "out-violations.csv"]


def test_extra_column_named_like_ours_is_kept_apart(tmp_path):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck", "Status", "errors"], ["Ann", FAKE_LEGAL, "paid", "none"]])
    table = read_registrations(path)
    results = run_batch(table.registrations, fake_settings(tmp_path))
    header, rows = batch_results.summary_table(results, table.extra_columns)
    assert header[-2:] == ["Status (registration)", "errors (registration)"]
    assert rows[0][-2:] == ["paid", "none"] and rows[0][header.index("status")] == "legal"


def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path, fake_command, capsys):
    path, _, _ = generated(tmp_path, 20, "csv")
    run_batch_command(str(path), out=str(tmp_path / "o.json"), output_format=None, ruleset="rulebook",
                      length=2, jobs=1, force=False)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "checking decks" not in err


def test_progress_bar_on_a_terminal(tmp_path, fake_command, monkeypatch, capsys):
    import deckcheck.batch.command as command

    monkeypatch.setattr(command, "_stderr_is_terminal", lambda: True)
    path, _, _ = generated(tmp_path, 20, "csv")
    run_batch_command(str(path), out=str(tmp_path / "o.json"), output_format=None, ruleset="rulebook",
                      length=2, jobs=1, force=False)
    assert "checking decks" in capsys.readouterr().err


def test_windows_style_relative_path(tmp_path):
    write_decks(tmp_path, FAKE_LEGAL, FAKE_ILLEGAL)
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck"], ["Ann", "decks\\legal.meccg"], ["Bob", "decks\\none.meccg"]])
    ann, bob = run_batch(read_registrations(path).registrations, fake_settings(tmp_path))
    assert ann.status == "legal" and ann.deck_name == "Good Deck"
    assert bob.status == "error" and "no such deck file" in bob.first_problem


def test_csv_summary_to_stdout_and_json_to_a_file(tmp_path, fake_command, capsys):
    path, rows, _ = generated(tmp_path, 8, "csv")
    assert run_batch_command(str(path), out=None, output_format="csv", ruleset="rulebook", length=2,
                             jobs=1, force=False) == 1
    captured = capsys.readouterr()
    out = captured.out
    assert "only the Summary table is on stdout; -o NAME.csv also writes the Violations" in captured.err
    table = list(csv.DictReader(out.splitlines()))
    assert [t["player"] for t in table] == [expected_player(r.player) for r in rows]
    assert [t["status"] for t in table] == [r.expected_status for r in rows]
    target = tmp_path / "results.json"
    assert run_batch_command(str(path), out=str(target), output_format=None, ruleset="rulebook", length=2,
                             jobs=1, force=False) == 1
    assert capsys.readouterr().out == ""
    document = json.loads(target.read_text(encoding="utf-8"))
    assert [r["status"] for r in document["results"]] == [r.expected_status for r in rows]
    assert document["results"][1]["violations"][0]["code"] == "copy-limit"


# ---------------------------------------------------------------- organizers' files as they come


def test_unclosed_quote_in_a_csv_names_the_line_it_opens_on(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text('player,deck\nAnn,a.meccg\nBob,"b.meccg\nCid,c.meccg\n', encoding="utf-8")
    with pytest.raises(DeckcheckError) as info:
        read_registrations(path)
    assert info.value.one_line() == f"{path}:3: not a readable CSV file (unexpected end of data; " \
                                    f"a quoted cell is not closed)"


def test_a_stray_quote_in_a_csv_names_its_line(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text('player,deck\nAnn,"x\ny"\nBob,"a"b\n', encoding="utf-8")
    with pytest.raises(DeckcheckError, match=r"r\.csv:4: not a readable CSV file"):
        read_registrations(path)


def test_title_rows_above_the_header_are_skipped(tmp_path):
    xlsx = tmp_path / "r.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    for values in (["Bree Open 2026 - registrations"], ["closing date", "2026-11-29"], [None],
                   ["Player", "Deck", "Table"], ["Ann", "a.meccg", 1], ["Bob", "b.meccg", 2]):
        ws.append(values)
    wb.save(xlsx)
    csv_path = tmp_path / "r.csv"
    csv_path.write_text("Bree Open 2026\n\nPlayer;Deck;Table\nAnn;a.meccg;1\nBob;b.meccg;2\n", encoding="utf-8")
    for path, first_row in ((xlsx, 5), (csv_path, 4)):
        table = read_registrations(path)
        assert [(r.player, r.deck, r.row) for r in table.registrations] == \
               [("Ann", "a.meccg", first_row), ("Bob", "b.meccg", first_row + 1)]
        assert table.extra_columns == ["Table"] and table.notes == []


def test_a_header_below_the_first_ten_rows_is_not_searched_for(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("".join(f"note {n}\n" for n in range(10)) + "player,deck\nAnn,a.meccg\n", encoding="utf-8")
    with pytest.raises(DeckcheckError, match="no sheet has a header row with player and deck columns"):
        read_registrations(path)


@pytest.mark.parametrize("cell, pasted", [
    ("decks/ann.meccg", False), ("  decks/ann.meccg\n", False), ('{"parts": []}', True),
    ("<deck><section name='Pool'/></deck>", True), ("1 Gandalf\n1 Bilbo", True),
])
def test_a_one_line_json_or_xml_decklist_is_pasted_not_a_path(cell, pasted):
    from deckcheck.batch import Registration

    assert Registration(index=0, sheet="", row=2, player="Ann", deck=cell).deck_is_pasted is pasted


def test_a_deck_cell_naming_a_device_is_not_a_deck_file(tmp_path):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck"], ["Ann", "/dev/null"], ["Bob", FAKE_LEGAL.strip("\n")]])
    ann, bob = run_batch(read_registrations(path).registrations, fake_settings(tmp_path))
    assert ann.status == "error" and ann.first_problem.startswith("deck-file: deck path outside the registrations")
    assert bob.status == "legal" and bob.deck == "pasted decklist (3 lines)"
    ann, _ = run_batch(read_registrations(path).registrations, fake_settings(tmp_path, allow_outside=True))
    assert ann.first_problem == "deck-file: /dev/null: not a regular file, not a deck file (looked for /dev/null)"


def test_a_web_address_in_the_deck_cell_is_an_error_row_that_says_so(tmp_path):
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck"], ["Ann", "https://meccg.net/decks/123"], ["Bob", "decks/legal.meccg"]])
    write_decks(tmp_path, FAKE_LEGAL, FAKE_ILLEGAL)
    ann, bob = run_batch(read_registrations(path).registrations, fake_settings(tmp_path))
    assert ann.status == "error"
    assert ann.first_problem == ("deck-file: https://meccg.net/decks/123: a web address: decks are not downloaded; "
                                 "paste the decklist into the cell or give the path of a deck file")
    assert bob.status == "legal"


def test_a_column_with_values_but_no_header_is_carried_through(tmp_path):
    path = tmp_path / "r.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Player", None, "Deck", "Table"])
    ws.append(["Ann", "paid", "a.meccg", 1])
    ws.append(["Bob", None, "b.meccg", 2, None, "late"])
    ws.append(["Cid", None, "c.meccg", 3])
    wb.save(path)
    table = read_registrations(path)
    assert table.extra_columns == ["column B", "Table", "column F"]
    assert [r.extras for r in table.registrations] == [
        {"column B": "paid", "Table": 1, "column F": None},
        {"column B": None, "Table": 2, "column F": "late"},
        {"column B": None, "Table": 3, "column F": None}]


def test_empty_columns_without_a_header_are_not_carried(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("player,,deck,\nAnn,,a.meccg,\n", encoding="utf-8")
    (reg,) = read_registrations(path).registrations
    assert reg.extras == {} and read_registrations(path).extra_columns == []


def damaged_copy(source: Path, target: Path, member: str, damage) -> None:
    """`source` workbook with one zip member replaced by damage(its bytes); None removes the member."""
    import zipfile

    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as dst:
        for name in src.namelist():
            data = src.read(name)
            if name == member:
                data = damage(data)
                if data is None:
                    continue
            dst.writestr(name, data)


@pytest.mark.parametrize("member, damage, message", [
    ("xl/worksheets/sheet1.xml", lambda data: data[: len(data) // 2], "(sheet 'Sheet': no element found"),
    ("xl/styles.xml", lambda data: data[: len(data) // 2], "not a readable .xlsx workbook (unclosed token"),
    ("xl/workbook.xml", lambda data: b"<not-a-workbook", "not a readable .xlsx workbook ("),
    ("[Content_Types].xml", lambda data: None, "not a readable .xlsx workbook ("),
])
def test_a_damaged_workbook_is_one_error_line(tmp_path, capsys, member, damage, message):
    good = tmp_path / "good.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Sheet"
    for values in [["Player", "Deck"]] + [[f"Player {n}", f"deck{n}.meccg"] for n in range(40)]:
        wb.active.append(values)
    wb.save(good)
    assert len(read_registrations(good).registrations) == 40
    bad = tmp_path / "bad.xlsx"
    damaged_copy(good, bad, member, damage)
    with pytest.raises(SystemExit) as info:
        main(["batch", str(bad), "-o", str(tmp_path / "out.xlsx")])
    err = capsys.readouterr().err
    assert info.value.code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert err.startswith(f"deckcheck: {bad}: ") and message in err
    assert not (tmp_path / "out.xlsx").exists()


def test_a_damaged_part_that_holds_no_cells_does_not_stop_the_batch(tmp_path):
    good = tmp_path / "good.xlsx"
    wb = openpyxl.Workbook()
    for values in [["Player", "Deck"]] + [[f"Player {n}", f"deck{n}.meccg"] for n in range(40)]:
        wb.active.append(values)
    wb.save(good)
    bad = tmp_path / "bad.xlsx"
    damaged_copy(good, bad, "docProps/core.xml", lambda data: data[: len(data) // 2])
    assert len(read_registrations(bad).registrations) == 40      # the document's properties are never read


def test_a_deck_path_typed_in_another_letter_case_finds_its_one_file(tmp_path):
    write_decks(tmp_path, FAKE_LEGAL, FAKE_ILLEGAL)
    twins = tmp_path / "twins"
    twins.mkdir()
    (twins / "deck.meccg").write_text(FAKE_LEGAL, encoding="utf-8")
    (twins / "DECK.meccg").write_text(FAKE_ILLEGAL, encoding="utf-8")
    path = tmp_path / "r.csv"
    write_rows_csv(path, [["player", "deck"], ["Ann", "Decks/Legal.MECCG"], ["Bob", "twins/Deck.meccg"],
                          ["Cid", "twins/DECK.meccg"]])
    ann, bob, cid = run_batch(read_registrations(path).registrations, fake_settings(tmp_path))
    assert (ann.status, ann.deck, ann.deck_name) == ("legal", "Decks/Legal.MECCG", "Good Deck")
    # two files differ only in case: which one was meant cannot be told
    assert bob.status == "error" and "no such deck file" in bob.first_problem
    assert cid.status == "illegal"                   # the exact name still wins


def test_a_forms_export_with_question_headers(tmp_path):
    path = tmp_path / "form.csv"
    write_rows_csv(path, [
        ["Timestamp", "Email Address", "Player (first and last name)", "Deck name", "Which alignment?",
         "Paste your decklist here"],
        ["2026/11/29 10:02", "ann@example.org", "Ann", "Dwarven Quest", "Hero", "1 Gandalf\n1 Balin"]])
    table = read_registrations(path)
    (reg,) = table.registrations
    assert (reg.player, reg.deck, reg.alignment) == ("Ann", "1 Gandalf\n1 Balin", "wizard")
    assert table.extra_columns == ["Timestamp", "Email Address", "Deck name"]


@pytest.mark.parametrize("header", [
    ["Player (first and last name)", "Deck name"],                          # a deck name is no deck
    ["Player one", "Player two", "Decklist"],                               # which player column?
    ["Player", "Decklist of the pool", "Decklist of the play deck"],        # which deck column?
])
def test_question_headers_that_do_not_say_which_column(tmp_path, header):
    path = tmp_path / "form.csv"
    write_rows_csv(path, [header, ["x"] * len(header)])
    with pytest.raises(DeckcheckError, match="no sheet has a header row with player and deck columns"):
        read_registrations(path)
