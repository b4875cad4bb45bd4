"""`deckcheck stats` and `deckcheck odds` from the shell: output, files, exit codes, one-line errors.

The deck is tests/fixtures/analysis/small-wizard.meccg, written for these tests; its numbers by hand:
play deck 12 hazards + 6 characters + 12 resources = 30 cards; 3 Gandalf.
P(>=1 Gandalf in 8 of 30) = 1 - C(27,8)/C(30,8) = 1 - (22*21*20)/(30*29*28) = 1 - 9240/24360 = 62.07 %.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures" / "analysis"
SMALL = str(FIXTURES / "small-wizard.meccg")


def run(*args: str, cwd: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, text=True,
                          timeout=60, cwd=cwd)


# ---- odds ----------------------------------------------------------------------------------------------


def test_odds_of_a_card_after_each_draw():
    result = run("odds", SMALL, "--card", "gandalf", "--draws", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "play deck of 30 cards, opening hand of 8" in lines[0]
    gandalf = next(line for line in lines if line.startswith("Gandalf (3)"))
    assert gandalf.split()[2:] == ["62.1%", "67.2%", "71.9%"]


def test_odds_json_of_a_card_and_a_group_together():
    result = run("odds", SMALL, "--card", "Aragorn II", "--group", "weapons=Glamdring,Dagger of Westernesse",
                 "--output", "json")
    assert result.returncode == 0, result.stderr
    table = json.loads(result.stdout)
    assert table["cards_seen"] == [8, 9, 10, 11, 12, 13]
    assert [(c["label"], c["copies"]) for c in table["conditions"]] == [("Aragorn II", 1), ("weapons", 4)]
    # by hand: P(Aragorn) = 8/30; P(Aragorn AND >=1 of 4) = 8/30 * (1 - C(25,7)/C(29,7))
    from math import comb
    assert table["conditions"][0]["probabilities"][0] == pytest.approx(8 / 30)
    assert table["all_together"][0] == pytest.approx(8 / 30 * (1 - comb(25, 7) / comb(29, 7)))


def test_odds_defaults_to_the_deck_groups():
    result = run("odds", SMALL)
    assert result.returncode == 0
    assert "creatures (6)" in result.stdout and "characters (3)" in result.stdout
    assert "all of the above" not in result.stdout


def test_odds_at_least_two():
    result = run("odds", SMALL, "--card", "Stealth", "-k", "2", "--output", "json")
    table = json.loads(result.stdout)
    # P(>=2 of 3 in 8 of 30) = [C(3,2)C(27,6) + C(3,3)C(27,5)] / C(30,8)
    from math import comb
    expected = (3 * comb(27, 6) + comb(27, 5)) / comb(30, 8)
    assert table["conditions"][0]["probabilities"][0] == pytest.approx(expected)


def test_odds_unknown_card_exits_2_with_a_suggestion():
    result = run("odds", SMALL, "--card", "Glamdrng")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip().endswith("'Glamdrng' is not in the play deck; did you mean: Glamdring?")
    assert "Traceback" not in result.stderr


def test_odds_bad_group_and_missing_deck_exit_2():
    assert run("odds", SMALL, "--group", "Glamdring").returncode == 2
    missing = run("odds", str(FIXTURES / "no-such-deck.txt"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert missing.stderr.count("\n") == 1


# ---- stats ---------------------------------------------------------------------------------------------


def test_stats_text_and_json():
    text = run("stats", SMALL)
    assert text.returncode == 0, text.stderr
    assert "Characters (total mind: pool 10, play deck 20)" in text.stdout
    assert "Treebeard [H] (TW) (resources): playable at none of the location deck's sites" in text.stdout
    document = json.loads(run("stats", SMALL, "--output", "json").stdout)
    assert document["play_deck_size"] == 30
    # character MP printed: Faramir 2, Beretar 2, Aragorn II 3, Bilbo 2, Legolas 2
    assert {c["category"]: c["points"] for c in document["mp_categories"]}["character"] == 11


def test_stats_html_and_xlsx_need_a_file_and_never_overwrite(tmp_path):
    result = run("stats", SMALL, "--output", "xlsx")
    assert result.returncode == 2 and "-o FILE" in result.stderr
    target = tmp_path / "report.html"
    target.write_text("keep me")
    refused = run("stats", SMALL, "--output", "html", "-o", str(target))
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert target.read_text() == "keep me"
    forced = run("stats", SMALL, "--output", "html", "-o", str(target), "--force")
    assert forced.returncode == 0, forced.stderr
    assert target.read_text().startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]    # no temporary file left behind


def test_stats_xlsx_file(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    target = tmp_path / "stats.xlsx"
    result = run("stats", SMALL, "--output", "xlsx", "-o", str(target))
    assert result.returncode == 0, result.stderr
    workbook = openpyxl.load_workbook(target)
    assert workbook["Summary"]["B5"].value == 30          # play deck cards
    assert workbook["Draw odds"]._charts


def test_odds_does_not_import_pandas_or_openpyxl():
    code = (f"import sys; from deckcheck.cli import main; main(['odds', {SMALL!r}, '--card', 'Gandalf']); "
            "print(sorted(m for m in ('pandas', 'openpyxl', 'numpy') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("command", ["stats", "odds", "simulate"])
def test_a_deck_of_no_known_card_exits_2_instead_of_an_empty_report(tmp_path, command):
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("Resources\n3 Qwzx Frobnitz\n2 Blorp of Ynn\n", encoding="utf-8")
    result = run(command, str(garbage))
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        f"deckcheck: {garbage}: no line of the deck names a known card: nothing to analyse")


def test_odds_without_any_default_group_asks_for_cards(tmp_path):
    events = tmp_path / "events.txt"
    events.write_text("Resources\n3 Concealment\n3 Dodge\n", encoding="utf-8")
    result = run("odds", str(events))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().endswith("name cards with --card or --group")
    named = run("odds", str(events), "--card", "Dodge", "--output", "json")
    assert named.returncode == 0, named.stderr
    assert json.loads(named.stdout)["conditions"][0]["copies"] == 3
