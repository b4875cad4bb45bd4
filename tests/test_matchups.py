"""`deckcheck matchups`: the same document in one process and on a local Dask cluster of 2 workers, its schema,
and the text, xlsx (colour-scaled, no formula) and HTML reports."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.decklist import read_deck
from deckcheck.report.matchups_report import render_html, render_text, render_xlsx
from deckcheck.sim.matchups import deck_fingerprint, pair_seed, pairs_of, run_matchups
from tests._shared import DECKS

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
FIELD = ("A - Saruman - Stewards of Gondor", "E - Gandalf - Return of the King", "I - Witchking - Morgul Rallying Cry")


@pytest.fixture(scope="module")
def field():
    paths = [CHALLENGE / name for name in FIELD]
    if not all(p.is_file() for p in paths):
        pytest.skip(f"needs the ICE Challenge Decks at {CHALLENGE} (../shared is absent)")
    return [str(p) for p in paths], [read_deck(str(p)) for p in paths]


@pytest.fixture(scope="module")
def single(field):
    paths, decks = field
    return run_matchups(decks, games=6, turns=5, seed=4, jobs=1, paths=paths)


def _without_run(document: dict) -> dict:
    return {k: v for k, v in document.items() if k != "run"}


def test_pairs_of_a_field_and_one_against_a_field():
    assert pairs_of(4, False) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert pairs_of(4, True) == [(0, 1), (0, 2), (0, 3)]


def test_local_cluster_of_two_workers_gives_the_single_process_result(field, single):
    pytest.importorskip("distributed")
    paths, decks = field
    clustered = run_matchups(decks, games=6, turns=5, seed=4, jobs=2, paths=paths)
    assert clustered["run"]["workers"] == 2 and clustered["run"]["scheduler"] == "local"
    assert single["run"]["scheduler"] == "in-process"
    assert _without_run(clustered) == _without_run(single)


def test_an_existing_scheduler_gives_the_same_result(field, single):
    distributed = pytest.importorskip("distributed")
    paths, decks = field
    with distributed.LocalCluster(n_workers=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as cluster:
        remote = run_matchups(decks, games=6, turns=5, seed=4, scheduler=cluster.scheduler_address, paths=paths)
    assert remote["run"]["scheduler"] == cluster.scheduler_address
    assert _without_run(remote) == _without_run(single)


def test_document_fits_its_schema_and_counts_add_up(single):
    import jsonschema

    from deckcheck.datafiles import schema_path

    jsonschema.validate(single, json.loads(schema_path("matchups").read_text(encoding="utf-8")))
    assert len(single["pairs"]) == 3
    for pair in single["pairs"]:
        assert pair["a_wins"] + pair["b_wins"] + pair["draws"] == pair["games"] == 6
        a, b = pair["a"], pair["b"]
        assert single["matrix"][a][b] == pair["p_a_win"] and single["matrix"][b][a] == pair["p_b_win"]
    assert single["matrix"][0][0] is None


def test_seed_follows_the_cards_not_the_file_name(field):
    _, decks = field
    first, second = deck_fingerprint(decks[0]), deck_fingerprint(decks[1])
    assert first != second
    assert pair_seed(1, first, second) != pair_seed(2, first, second)
    renamed = read_deck(field[0][0])
    renamed.path, renamed.name = "elsewhere.txt", "another name"
    assert deck_fingerprint(renamed) == first


def test_text_report_shows_the_matrix_and_standings(single):
    text = render_text(single)
    assert "P(row deck wins against column deck)" in text and "standings" in text
    assert "a draw (equal Free Council totals) counts as no win" in text      # how draws count, said
    assert "a draw (equal Free Council totals) counts as no win" in render_html(single)
    assert "A - Saruman - Stewards of Gondor" in text


def test_xlsx_matrix_is_colour_scaled_and_holds_no_formula(single):
    from openpyxl import load_workbook

    hostile = json.loads(json.dumps(single))
    hostile["decks"][0]["name"] = "=HYPERLINK(\"http://x\")"
    wb = load_workbook(io.BytesIO(render_xlsx(hostile)))
    ws = wb["Matrix"]
    assert ws.conditional_formatting and any(
        rule.type == "colorScale" for cf in ws.conditional_formatting for rule in cf.rules)
    assert ws.cell(row=1, column=2).value == "1"                # the columns by number, the rows by number and name
    assert ws.cell(row=2, column=1).value == '1 =HYPERLINK("http://x")' and ws.cell(row=2, column=1).data_type == "s"
    assert wb["Pairs"].cell(row=2, column=1).value.startswith("'=")      # the name itself: text, never a formula
    p = single["matrix"][0][1]["p"]
    assert ws.cell(row=2, column=3).value == p


def test_html_escapes_deck_names(single):
    hostile = json.loads(json.dumps(single))
    hostile["decks"][1]["name"] = "<script>alert(1)</script>"
    page = render_html(hostile)
    assert "<script>" not in page and "&lt;script&gt;" in page and 'id="matrix"' in page


def test_cli_matchups_in_process_and_bad_input(field, tmp_path):
    paths, _ = field
    base = [sys.executable, "-m", "deckcheck", "matchups", *paths, "--games", "2", "--turns", "3", "--jobs", "1"]
    done = subprocess.run(base + ["--output", "json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["schema"] == "deckcheck/matchups/1"
    assert "games/s" in done.stderr
    out = tmp_path / "m.xlsx"
    assert subprocess.run(base + ["--output", "xlsx", "-o", str(out)], capture_output=True).returncode == 0
    assert out.stat().st_size > 0
    again = subprocess.run(base + ["--output", "xlsx", "-o", str(out)], capture_output=True, text=True)
    assert again.returncode == 2 and "--force" in again.stderr
    no_file = subprocess.run(base[:4] + [paths[0], "no-such-deck", "--jobs", "1"], capture_output=True, text=True)
    assert no_file.returncode == 2 and "Traceback" not in no_file.stderr
    one = subprocess.run(base[:4] + [paths[0], "--jobs", "1"], capture_output=True, text=True)
    assert one.returncode == 2 and "at least two decks" in one.stderr
    against_field = subprocess.run(base + ["--one", paths[2], "--output", "json"], capture_output=True, text=True)
    assert against_field.returncode == 0, against_field.stderr
    document = json.loads(against_field.stdout)
    assert document["mode"] == "one-against-field" and document["decks"][0]["path"] == paths[2]
    assert [(p["a"], p["b"]) for p in document["pairs"]] == [(0, 1), (0, 2)]


def test_cli_unreachable_scheduler_is_one_line_exit_2(field):
    pytest.importorskip("distributed")
    paths, _ = field
    done = subprocess.run([sys.executable, "-c", "import deckcheck.sim.matchups as m, sys; "
                           "m.SCHEDULER_TIMEOUT = 1; from deckcheck.cli import main; sys.argv = sys.argv[1:]; main()",
                           "deckcheck", "matchups", *paths[:2], "--games", "1", "--scheduler", "tcp://127.0.0.1:9"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "scheduler" in done.stderr


def test_matchups_keeps_dask_out_of_other_commands():
    code = ("import sys; from deckcheck.cli import main; sys.argv = ['deckcheck', 'simulate', '--help'];\n"
            "try: main()\nexcept SystemExit: pass\n"
            "assert 'distributed' not in sys.modules and 'dask' not in sys.modules")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def test_cli_names_the_deck_of_the_field_it_cannot_simulate(field, tmp_path):
    paths, _ = field
    tiny = tmp_path / "tiny.txt"
    tiny.write_text("Hazards\n1 Cave-drake (TW)\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "deckcheck", "matchups", paths[0], str(tiny), "--games", "1",
                           "--jobs", "1"], capture_output=True, text=True)
    errors = [line for line in done.stderr.splitlines() if "warning" not in line]
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert errors == [f"deckcheck: {tiny}: cannot simulate: the play deck holds 1 card, fewer than a hand of 8"]


@pytest.mark.parametrize("address", ["garbage", "", "inproc://x", "tcp://[::1", "tcp://host:99999", "http://host:80"])
def test_cli_scheduler_that_is_no_address_is_one_line_exit_2_before_any_work(field, address):
    paths, _ = field
    done = subprocess.run([sys.executable, "-m", "deckcheck", "matchups", *paths[:2], "--games", "1",
                           "--scheduler", address], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("deckcheck: --scheduler: not a scheduler address")
    assert "tcp://HOST:PORT" in done.stderr


def test_a_link_in_the_field_folder_is_said_and_not_followed(field, tmp_path):
    paths, _ = field
    folder = tmp_path / "field"
    folder.mkdir()
    for path in paths[:2]:
        (folder / Path(path).name).write_bytes(Path(path).read_bytes())
    outside = tmp_path / "outside.txt"
    outside.write_text("not a deck\n", encoding="utf-8")
    (folder / "link").symlink_to(outside)
    done = subprocess.run([sys.executable, "-m", "deckcheck", "matchups", str(folder), "--games", "1", "--turns", "2",
                           "--jobs", "1", "--output", "json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f"deckcheck: {folder}: links not followed: link" in done.stderr
    assert len(json.loads(done.stdout)["decks"]) == 2
