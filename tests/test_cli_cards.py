"""`deckcheck cards show|search|import-coe` from the command line: output, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests._shared import COE_CARDS, needs_coe


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, text=True, timeout=60)


def test_show_lists_every_version_side_by_side():
    result = run("cards", "show", "Gandalf")
    assert result.returncode == 0, result.stderr
    header = result.stdout.splitlines()[0]
    assert "Gandalf [H] (TW)" in header and "Gandalf [F] (WH)" in header
    assert "direct influence   10" in result.stdout


def test_show_json_gives_the_facts():
    result = run("cards", "show", "Moria [M]", "--output", "json")
    assert result.returncode == 0
    cards = json.loads(result.stdout)["cards"]
    assert [c["id"] for c in cards] == ["LE-392"]
    assert cards[0]["site_type"] == "S"


def test_unknown_name_exits_2_with_suggestions_and_no_traceback():
    result = run("cards", "show", "Gandalf Friend")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == ("deckcheck: unknown card 'Gandalf Friend'; did you mean Gandalf’s Friend, "
                                     "Gandalf, Nobody’s Friend?")


def test_a_near_miss_shows_the_card_and_says_what_it_was_read_as():
    result = run("cards", "show", "Gandalff")
    assert result.returncode == 0
    assert "TW-156" in result.stdout and "WH-4" in result.stdout
    assert result.stderr.strip() == "deckcheck: 'Gandalff' is no card name; read as 'Gandalf' (spelling)"


def test_search_filters_combine():
    result = run("cards", "search", "--type", "character", "--race", "orcs", "--skill", "scout", "--output", "json")
    assert result.returncode == 0
    cards = json.loads(result.stdout)["cards"]
    assert cards and all("Orc" in c["races"] and "Scout" in c["skills"] for c in cards)
    assert "Gorbag" in {c["name"] for c in cards}


def test_search_by_name_part_and_set():
    result = run("cards", "search", "--name", "palantir", "--set", "LE")
    assert result.returncode == 0
    assert "Palantír of Orthanc [M] (LE)" in result.stdout
    assert "(TW)" not in result.stdout


@needs_coe
def test_import_coe_writes_a_catalog_equal_to_the_committed_one(tmp_path):
    result = run("cards", "import-coe", str(COE_CARDS), "-o", str(tmp_path))
    assert result.returncode == 0, result.stderr
    from deckcheck.cards.catalog import CARD_DB

    assert (tmp_path / "cards.json").read_bytes() == (Path(CARD_DB) / "cards.json").read_bytes()
    # and its quick-loading index, byte for byte (catalog_index.py)
    from deckcheck.cards.catalog_index import INDEX_FILE

    assert (tmp_path / INDEX_FILE).read_bytes() == (Path(CARD_DB) / INDEX_FILE).read_bytes()


@pytest.mark.parametrize("content", [b"", b"{not json", b"\x00\x01\x02binary"])
def test_import_coe_bad_input_is_one_line_exit_2(tmp_path, content):
    bad = tmp_path / "coe.json"
    bad.write_bytes(content)
    result = run("cards", "import-coe", str(bad), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and str(bad) in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "cards.json").exists()


def test_import_coe_missing_file_exits_2(tmp_path):
    result = run("cards", "import-coe", str(tmp_path / "nope.json"))
    assert result.returncode == 2 and "no such file" in result.stderr.lower()


@pytest.mark.parametrize("args", [
    ["cards", "show", "Gandalf"],
    ["validate", "examples/wizard-legal.meccg"],
    ["rules", "--rules", "coe"],
])
def test_quick_commands_do_not_load_heavy_libraries(args):
    """pandas, openpyxl, numpy and jsonschema cost more start-up time than these commands take in all."""
    from tests._shared import PROJECT

    probe = ("import sys\nfrom deckcheck.cli import main\n"
             f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
             "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'pandas', 'openpyxl', 'numpy', 'jsonschema'})\n"
             "print('HEAVY', heavy, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=PROJECT, timeout=60)
    assert "HEAVY []" in result.stderr, result.stderr
