"""`-` as DECK reads standard input in every deck command, named <stdin> in messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LEGAL = (EXAMPLES / "wizard-legal.meccg").read_bytes()


def run(*args: str, stdin: bytes = LEGAL) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], input=stdin, capture_output=True,
                          timeout=120)


def test_validate_reads_standard_input():
    result = run("validate", "-")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith("<stdin>: LEGAL under coe rules, wizard")


@pytest.mark.parametrize("command", [["show"], ["convert", "--to", "gccg"], ["stats"], ["odds"],
                                     ["simulate", "--games", "20"], ["validate", "--all-formats"]])
def test_every_deck_command_takes_dash(command):
    from_file = run(*command, str(EXAMPLES / "wizard-legal.meccg"))
    from_stdin = run(*command, "-")
    assert from_stdin.returncode == from_file.returncode == 0, from_stdin.stderr
    # the same report, with the deck named <stdin> instead of its path where the report names it
    assert from_stdin.stdout.decode() == from_file.stdout.decode().replace(str(EXAMPLES / "wizard-legal.meccg"),
                                                                           "<stdin>")


def test_messages_name_stdin_and_input_format_forces_the_format():
    text = b"Resources:\n3 Glamdring\n2 Qwxzv Plorth\n"
    result = run("show", "-", stdin=text)
    assert b"<stdin>:3: error: unknown card 'Qwxzv Plorth'" in result.stderr
    forced = run("show", "--input-format", "json", "-", stdin=text)
    assert forced.returncode == 2 and forced.stderr.decode().startswith("deckcheck: <stdin>:1: no card lines found")


def test_stdin_in_any_encoding_and_json_output():
    latin1 = "Characters:\n1 Théoden\nResources:\n2 Glamdring\n".encode("cp1252")
    result = run("show", "--output", "json", "-", stdin=latin1)
    assert result.returncode == 0, result.stderr
    deck = json.loads(result.stdout)
    assert deck["source"]["path"] == "<stdin>"
    assert [(e["card"], e["count"]) for part in deck["parts"].values() for e in part] == [("TW-182", 1),
                                                                                         ("TW-244", 2)]


def test_stdin_can_be_read_once_and_empty_stdin_is_an_input_error():
    twice = run("validate", "-", "-")
    assert twice.returncode == 2 and b"standard input (-) can be read only once" in twice.stderr
    empty = run("validate", "-", stdin=b"")
    assert empty.returncode == 2 and empty.stderr.decode().startswith("deckcheck: <stdin>")


def test_a_file_named_dash_is_still_reachable(tmp_path):
    (tmp_path / "-").write_bytes(LEGAL)
    result = run("validate", str(tmp_path / "-"), stdin=b"")
    assert result.returncode == 0, result.stderr
