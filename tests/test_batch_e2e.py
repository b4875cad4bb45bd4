"""Tournament batch end to end with deckcheck's real readers and rules: generated registrations of 1, 50 and
500 rows (legal, illegal and broken rows, formula-injection names) in xlsx and csv, through `deckcheck batch`,
the results workbook read back and checked cell by cell against `validate` run on each deck directly.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import openpyxl
import pytest

from deckcheck.batch.repeats import player_key
from deckcheck.cli import main
from deckcheck.decklist import parse_text
from deckcheck.report.spreadsheet import safe_cell
from deckcheck.rules import validate
from tests.fixtures.batch import INJECTION_NAMES, build_rows, write_csv, write_decks, write_xlsx

FIXTURES = Path(__file__).parent / "fixtures" / "batch"
LEGAL = (FIXTURES / "wizard-legal.meccg").read_text(encoding="utf-8")
ILLEGAL = (FIXTURES / "wizard-illegal.meccg").read_text(encoding="utf-8")


def expected_violations(text: str, ruleset: str = "rulebook", length: int = 2) -> list[tuple]:
    """(code, severity, message, card, line, citation) as the Violations sheet must hold them: the reader's
    diagnostics (these decks have none that a rule reports too) before the rules' violations."""
    deck = parse_text(text)
    verdict = validate(deck, ruleset=ruleset, length=length)
    rows = [(d.code, d.severity, d.message, None, d.line, "reading the decklist") for d in deck.diagnostics]
    for v in verdict.violations:
        line = v.lines[0] if len(v.lines) == 1 else (", ".join(map(str, v.lines)) if v.lines else None)
        rows.append((v.code, v.severity, v.message, safe_cell(v.card), line, v.citation))
    return rows


def test_the_fixture_decks_are_what_their_names_say():
    for ruleset in ("rulebook", "coe"):
        legal = validate(parse_text(LEGAL), ruleset=ruleset)
        assert legal.legal, [(v.code, v.message) for v in legal.violations]
        illegal = validate(parse_text(ILLEGAL), ruleset=ruleset)
        codes = {v.code for v in illegal.violations if v.severity == "error"}
        assert {"copy-limit", "hazard-parity"} <= codes
    # the illegal deck's sub-headers still say (30): two count-mismatch warnings from the reader
    assert [d.code for d in parse_text(ILLEGAL).diagnostics] == ["count-mismatch", "count-mismatch"]
    assert parse_text(LEGAL).diagnostics == []
    coe_only = {v.code for v in validate(parse_text(ILLEGAL), ruleset="coe").violations}
    assert "resource-count" in coe_only       # 28 resources: the rulebook allows 25, coe wants 30
    assert "resource-count" not in {v.code for v in validate(parse_text(ILLEGAL), ruleset="rulebook").violations}


def run(args: list[str]) -> int:
    """`deckcheck batch` under the rulebook, which these expectations are written for (args may override)."""
    with pytest.raises(SystemExit) as info:
        main(["batch", "--rules", "rulebook", *args])
    return info.value.code


def make(tmp_path: Path, count: int, fmt: str, **kw):
    write_decks(tmp_path, LEGAL, ILLEGAL)
    rows = build_rows(count, legal_text=LEGAL, illegal_text=ILLEGAL, **kw)
    path = tmp_path / f"registrations.{fmt}"
    where = write_xlsx(path, rows) if fmt == "xlsx" else write_csv(path, rows)
    return path, rows, where


@pytest.mark.parametrize("count, fmt", [(1, "xlsx"), (1, "csv"), (50, "xlsx"), (50, "csv"),
                                        (500, "xlsx"), (500, "csv")])
def test_batch_results_cell_by_cell(tmp_path, count, fmt, capsys):
    path, rows, where = make(tmp_path, count, fmt)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    out = tmp_path / "results.xlsx"
    code = run([str(path), "-o", str(out)])
    assert code == (0 if count == 1 else 1)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert f"{count} registrations:" in capsys.readouterr().err

    legal_rows, illegal_rows = expected_violations(LEGAL), expected_violations(ILLEGAL)
    wb = openpyxl.load_workbook(out)
    summary, violations = wb["Summary"], wb["Violations"]
    header = [c.value for c in summary[1]]
    col = {name: i for i, name in enumerate(header)}
    vheader = [c.value for c in violations[1]]
    assert vheader == ["player"] + ["sheet"] * (fmt == "xlsx") + ["row", "code", "severity", "message", "card",
                                                                   "line", "citation"]
    vrows = [r for r in violations.iter_rows(min_row=2, values_only=True)]
    vcol = {name: i for i, name in enumerate(vheader)}
    expected_vrows = []
    names = Counter(player_key(spec.player) for spec in rows)
    assert summary.max_row == count + 1
    for n, (spec, cells) in enumerate(zip(rows, summary.iter_rows(min_row=2))):
        assert all(c.data_type != "f" for c in cells)
        value = [c.value for c in cells]
        sheet, row_number = where[n] if fmt == "xlsx" else ("", n + 2)
        player = safe_cell(" ".join(spec.player.split()))
        assert (value[col["row"]], value[col["player"]], value[col["status"]]) == \
               (row_number, player, spec.expected_status)
        assert value[col["Notes"]] == safe_cell(spec.extras["Notes"])
        assert value[col["ruleset"]] == "rulebook" and value[col["length"]] == 2
        if spec.expected_status == "error":
            code = {"missing-file": "deck-file", "empty-deck": "registration",
                    "garbage-text": "unreadable-deck"}[spec.kind]
            assert value[col["first problem"]].startswith(f"{code}: ")
            assert (value[col["legal"]], value[col["errors"]]) == (None, 1)
            expected_vrows.append((player, code))
            continue
        found = legal_rows if spec.expected_status == "legal" else illegal_rows
        assert value[col["legal"]] is (spec.expected_status == "legal")
        assert value[col["alignment"]] == "wizard"
        assert value[col["errors"]] == sum(1 for v in found if v[1] == "error")
        twice = int(names[player_key(spec.player)] > 1)     # formula-like names recur: duplicate players
        assert value[col["warnings"]] == sum(1 for v in found if v[1] != "error") + twice
        first = next((v for v in found if v[1] == "error"), found[0] if found else None)
        if first or not twice:
            assert value[col["first problem"]] == (f"{first[0]}: {first[2]}" if first else None)
        else:
            assert value[col["first problem"]].startswith(f"duplicate-player: {spec.player.strip()!r}")
        expected_vrows += [(player, *v) for v in found]
    got, identical, duplicates = [], set(), set()
    for r in vrows:
        assert r[vcol["player"]] is not None and r[vcol["row"]] is not None
        if r[vcol["code"]] == "identical-deck":
            assert r[vcol["severity"]] == "note" and "the same deck (fingerprint " in r[vcol["message"]]
            identical.add(r[vcol["player"]])
        elif r[vcol["code"]] == "duplicate-player":
            assert r[vcol["severity"]] == "warning" and "is registered more than once: also" in r[vcol["message"]]
            duplicates.add(r[vcol["player"]])
        elif r[vcol["code"]] in ("deck-file", "registration", "unreadable-deck"):
            got.append((r[vcol["player"]], r[vcol["code"]]))
        else:
            got.append((r[vcol["player"]], r[vcol["code"]], r[vcol["severity"]], r[vcol["message"]],
                        r[vcol["card"]], r[vcol["line"]], r[vcol["citation"]]))
    assert got == expected_vrows
    # the legal deck (by path or pasted) and the illegal one are each registered by several players
    same_deck = {status: [safe_cell(" ".join(spec.player.split())) for spec in rows
                          if spec.expected_status == status] for status in ("legal", "illegal")}
    assert identical == {player for players in same_deck.values() if len(players) > 1 for player in players}
    fingerprints = {status: {summary.cell(row=n + 2, column=col["fingerprint"] + 1).value
                             for n, spec in enumerate(rows) if spec.expected_status == status}
                    for status in ("legal", "illegal", "error")}
    assert len(fingerprints["legal"]) == 1 and fingerprints["error"] <= {None}
    assert duplicates == {safe_cell(" ".join(spec.player.split())) for spec in rows
                          if names[player_key(spec.player)] > 1}
    for ws in (summary, violations):
        for cells in ws.iter_rows():
            for cell in cells:
                assert cell.data_type != "f"
                if isinstance(cell.value, str):
                    assert not cell.value.startswith(("=", "+", "-", "@", "\t", "\r")), cell.value


def test_orc_raiders_violation_points_at_its_line(tmp_path):
    path, _, _ = make(tmp_path, 2, "csv", kinds=["illegal-path"])
    out = tmp_path / "r.xlsx"
    assert run([str(path), "-o", str(out)]) == 1
    line_of_raiders = next(i for i, line in enumerate(ILLEGAL.split("\n"), start=1)
                           if line.startswith("4 Orc-raiders"))
    rows = list(openpyxl.load_workbook(out)["Violations"].iter_rows(min_row=2, values_only=True))
    raiders = [r for r in rows if r[2] == "copy-limit"]
    assert [(r[0], r[5], r[6]) for r in raiders] == [("Player 001", "Orc-raiders", line_of_raiders),
                                                    ("Player 002", "Orc-raiders", line_of_raiders)]
    assert all(r[7] for r in raiders)          # every violation carries its citation


def test_parallel_jobs_give_the_same_workbook_cells(tmp_path):
    path, _, _ = make(tmp_path, 50, "xlsx")
    one, two = tmp_path / "one.xlsx", tmp_path / "two.xlsx"
    assert run([str(path), "-o", str(one), "--jobs", "1"]) == 1
    assert run([str(path), "-o", str(two), "--jobs", "2"]) == 1

    def cells(p):
        wb = openpyxl.load_workbook(p)
        return {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in wb.worksheets}

    assert cells(one) == cells(two)


def test_row_ruleset_and_command_rules_option(tmp_path):
    path = tmp_path / "r.csv"
    write_decks(tmp_path, LEGAL, ILLEGAL)
    import csv

    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["Player", "Deck", "Ruleset"], ["Ann", "decks/illegal.meccg", "coe"],
                                  ["Bob", "decks/illegal.meccg", ""]])
    for rules, bob_has_resource_count in (("rulebook", False), ("coe", True)):
        out = tmp_path / f"{rules}.xlsx"
        assert run([str(path), "-o", str(out), "--rules", rules]) == 1
        rows = list(openpyxl.load_workbook(out)["Violations"].iter_rows(min_row=2, values_only=True))
        codes = {(r[0], r[2]) for r in rows}
        assert ("Ann", "resource-count") in codes
        assert (("Bob", "resource-count") in codes) is bob_has_resource_count


def test_skipped_line_and_injected_card_name_in_a_pasted_deck(tmp_path):
    text = LEGAL.replace("1 Corpse-candle (TW)",
                         "1 Corpse-candle (TW)\n0 Wargs (TW)\n1 =cmd|calc (TW)\n1 Bolg, Son of Azog (DF)")
    path = tmp_path / "r.csv"
    import csv

    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["player", "deck"], ["@Ann", text]])
    out = tmp_path / "r.xlsx"
    assert run([str(path), "-o", str(out)]) == 1
    wb = openpyxl.load_workbook(out)
    summary = [c.value for c in wb["Summary"][2]]
    assert summary[1:4] == ["'@Ann", "illegal", False]
    rows = list(wb["Violations"].iter_rows(min_row=2, values_only=True))
    by_code = {r[2]: r for r in rows}
    assert "bad-count" in by_code and by_code["bad-count"][3] == "error"
    assert [r[5] for r in rows if r[2] == "unknown-card"] == ["'=cmd|calc"]
    assert all(r[0] == "'@Ann" for r in rows)
    # the dream card is one problem: the rule's not-in-pool, not also the reader's not-ice-card diagnostic
    bolg_line = text.split("\n").index("1 Bolg, Son of Azog (DF)") + 1
    assert [r[2] for r in rows if r[6] == bolg_line] == ["not-in-pool"]


def test_injection_player_names_with_real_decks(tmp_path):
    path, rows, _ = make(tmp_path, 6, "xlsx", kinds=["injection"])
    out = tmp_path / "r.xlsx"
    assert run([str(path), "-o", str(out)]) == 0
    players = [r[2] for r in openpyxl.load_workbook(out)["Summary"].iter_rows(min_row=2, values_only=True)]
    assert players == [safe_cell(" ".join(n.split())) for n in INJECTION_NAMES]


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EXAMPLE_STATUSES = [("Balrog Player", "legal"), ("Fallen-wizard Player", "legal"), ("Ringwraith Player", "legal"),
                    ("Wizard Player", "legal"), ("Illegal Ivy", "illegal"), ("Coe Corwin", "illegal"),
                    ("Pasted Pippin", "legal"), ("Forgetful Fredegar", "error"),
                    ('\'=HYPERLINK("http://example.org","click")', "legal")]


@pytest.mark.parametrize("name", ["registrations.xlsx", "registrations.csv"])
def test_the_example_registrations(tmp_path, name):
    out = tmp_path / "results.xlsx"
    assert run([str(EXAMPLES / name), "-o", str(out)]) == 1
    rows = list(openpyxl.load_workbook(out)["Summary"].iter_rows(min_row=2, values_only=True))
    player = 2 if name.endswith(".xlsx") else 1        # the sheet column comes first for a workbook
    assert [(r[player], r[player + 1]) for r in rows] == EXAMPLE_STATUSES


def test_the_example_registrations_rebuild_from_their_script(tmp_path):
    import runpy

    script = runpy.run_path(str(EXAMPLES / "make_registrations.py"))
    script["main"]([str(tmp_path)])
    for name in ("registrations.xlsx", "registrations.csv"):
        if name.endswith(".csv"):
            assert (tmp_path / name).read_text(encoding="utf-8") == (EXAMPLES / name).read_text(encoding="utf-8")
            continue
        rebuilt, committed = openpyxl.load_workbook(tmp_path / name), openpyxl.load_workbook(EXAMPLES / name)
        assert rebuilt.sheetnames == committed.sheetnames == ["Registrations", "Late registrations"]
        for sheet in rebuilt.sheetnames:
            assert list(rebuilt[sheet].iter_rows(values_only=True)) == \
                   list(committed[sheet].iter_rows(values_only=True))


def test_alignment_column_decides_a_deck_that_does_not_tell(tmp_path):
    hazards_only = "####\nDeck\n####\n\n# Hazard (6)\n\n3 Orc-raiders (TW)\n3 Wargs (TW)\n"
    balrog = (EXAMPLES / "balrog-legal.meccg").read_text(encoding="utf-8")
    path = tmp_path / "r.csv"
    import csv

    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["player", "alignment", "deck"], ["Ann", "", hazards_only],
                                  ["Bob", "hero", hazards_only], ["Cid", "", balrog]])
    out = tmp_path / "r.xlsx"
    assert run([str(path), "-o", str(out)]) == 1
    ann, bob, cid = list(openpyxl.load_workbook(out)["Summary"].iter_rows(min_row=2, values_only=True))
    assert ann[2] == "error" and ann[9].startswith("not-checked: cannot tell the deck's alignment")
    assert ann[9].endswith("fill in the alignment column")
    assert bob[2] == "illegal" and bob[4] == "wizard"       # checked as a Wizard deck: far too small
    assert cid[2] == "error" and "put coe in the ruleset column" in cid[9]


def test_a_decklist_pasted_as_one_line_of_json(tmp_path):
    import csv
    import json

    from deckcheck.decklist.writers import write_json

    one_line = {name: json.dumps(json.loads(write_json(parse_text(text))))
                for name, text in (("legal", LEGAL), ("illegal", ILLEGAL))}
    assert "\n" not in one_line["legal"]
    path = tmp_path / "r.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["player", "deck"], ["Ann", one_line["legal"]], ["Bob", one_line["illegal"]]])
    out = tmp_path / "r.xlsx"
    assert run([str(path), "-o", str(out)]) == 1
    ann, bob = list(openpyxl.load_workbook(out)["Summary"].iter_rows(min_row=2, values_only=True))
    assert ann[1:4] == ("Ann", "legal", True) and ann[-1] == "pasted decklist (1 line)"
    assert bob[1:4] == ("Bob", "illegal", False)
    assert bob[7] == sum(1 for v in validate(parse_text(ILLEGAL), ruleset="rulebook").violations
                         if v.severity == "error")


def test_csv_on_stdout_mentions_the_violations_table_only_when_there_is_one(tmp_path, capsys):
    write_decks(tmp_path, LEGAL, ILLEGAL)
    hint = "only the Summary table is on stdout"
    for deck, code, hinted in (("decks/legal.meccg", 0, False), ("decks/illegal.meccg", 1, True)):
        path = tmp_path / "r.csv"
        path.write_text(f"player,deck\nAnn,{deck}\n", encoding="utf-8")
        assert run([str(path), "--output", "csv"]) == code
        captured = capsys.readouterr()
        assert captured.out.startswith('"row","player","status"') and (hint in captured.err) is hinted
