"""The papercuts of issue 26, each as a user meets it: odds that say why, a legend for the key symbols, an avatar
read into the pool said, a matchups report the seed fixes, matchups without Dask, a committed workbook the script
leaves as it is."""

from __future__ import annotations

import json
import sys

import pytest

from deckcheck.decklist import parse_text
from tests._shared import PROJECT, run_main

EXAMPLES = PROJECT / "examples"
LEGAL = str(EXAMPLES / "wizard-legal.meccg")


def test_odds_of_a_card_in_the_pool_says_it_is_in_the_pool(capsys):
    code, out, err = run_main(capsys, "odds", "--card", "Anborn", LEGAL)
    assert code == 2 and out == ""
    assert "'Anborn' is in the pool, not in the play deck" in err and len(err.splitlines()) == 1
    code, _, err = run_main(capsys, "odds", "--card", "Qwxzv", LEGAL)   # in no part: as before
    assert code == 2 and "'Qwxzv' is not in the play deck" in err


def test_odds_of_more_copies_than_the_deck_holds_says_why_it_is_zero(capsys):
    code, out, _ = run_main(capsys, "odds", "--card", "Athelas", "-k", "3", LEGAL)
    assert code == 0
    assert "note: Athelas has 2 copies in the play deck: at least 3 can never be drawn (0%)" in out
    code, out, _ = run_main(capsys, "odds", "--card", "Athelas", "-k", "3", LEGAL, "--output", "json")
    assert any("can never be drawn" in note for note in json.loads(out)["notes"])
    code, out, _ = run_main(capsys, "odds", "--card", "Athelas", "-k", "2", LEGAL)
    assert "never be drawn" not in out   # 2 of 2 can be drawn: no note


def test_stats_explains_the_region_and_site_symbols_it_prints(capsys):
    code, out, _ = run_main(capsys, "stats", LEGAL)
    assert code == 0 and "{w}{w}{R}" in out
    [legend] = [line for line in out.splitlines() if line.strip().startswith("symbols:")]
    assert "{w} Wilderness" in legend and "{R} Ruins & Lairs" in legend and "{H} Haven" not in legend


def test_an_avatar_read_into_the_pool_is_said_where_it_is_read():
    deck = parse_text("Starting company: Aragorn II, Legolas\n2x Gandalf\nResources:\n3 Dodge\n", path="sc.txt")
    [said] = [d for d in deck.diagnostics if d.code == "avatar-in-pool"]
    assert said.line == 2 and said.severity == "warning" and "Gandalf ×2 is an avatar" in said.message
    kept = parse_text("Starting company: Aragorn II, Legolas\nCharacters:\n2x Gandalf\n", path="sc.txt")
    assert not [d for d in kept.diagnostics if d.code == "avatar-in-pool"]


MATCHUPS = ["matchups", LEGAL, str(EXAMPLES / "balrog-legal.meccg"), "--games", "4", "--turns", "3"]


def test_the_same_seed_gives_the_same_matchups_report(capsys):
    code, first, err = run_main(capsys, *MATCHUPS, "--jobs", "1")
    assert code == 0 and "games/s" in err            # the timing is on stderr
    code, second, _ = run_main(capsys, *MATCHUPS, "--jobs", "1")
    assert first == second and "games/s" not in first and " s (" not in first


def test_matchups_defaults_to_this_process_and_runs_there_without_dask(capsys, monkeypatch):
    import click

    from deckcheck.cli import cli

    jobs = next(p for p in cli.get_command(click.Context(cli), "matchups").params if p.name == "jobs")
    assert jobs.default == 1     # as batch and simulate: Dask only when asked for
    monkeypatch.setitem(sys.modules, "distributed", None)   # as on a plain `pipx install .`
    monkeypatch.setattr(sys, "prefix", "/home/ann/.local/share/pipx/venvs/deckcheck")
    code, out, err = run_main(capsys, *MATCHUPS, "--jobs", "2")
    assert code == 0 and "standings" in out
    assert "dask.distributed is not installed, so the games run in this process" in err
    assert "pipx install --force 'deckcheck[cluster]'" in err and "pip install" not in err


def test_remaking_the_example_registrations_leaves_the_committed_workbook_as_it_is(tmp_path):
    import runpy

    runpy.run_path(str(EXAMPLES / "make_registrations.py"))["main"]([str(tmp_path)])
    assert (tmp_path / "registrations.xlsx").read_bytes() == (EXAMPLES / "registrations.xlsx").read_bytes()
    assert (tmp_path / "registrations.csv").read_bytes() == (EXAMPLES / "registrations.csv").read_bytes()


@pytest.mark.parametrize("argv", [["validate", "--rules", "foo", "x"]])
def test_the_issue_s_usage_error_prints_one_line(capsys, argv):
    code, out, err = run_main(capsys, *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "DECKCHECK_RULES" not in err
