"""`deckcheck diff`: a deck against its own conversions (exit 0), against a changed copy (exit 1, the card named),
moves between parts, the JSON document against its schema, input errors (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest

from deckcheck.decklist import parse_text
from deckcheck.decklist.diff import diff_decks
from deckcheck.decklist.fingerprint import fingerprint
from tests._shared import DECKS, needs_decks

SMALL = Path(__file__).parent / "fixtures" / "analysis" / "small-wizard.meccg"
CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", timeout=120)


def diff_schema() -> dict:
    return json.loads((files("deckcheck") / "schemas" / "diff.schema.json").read_text(encoding="utf-8"))


@needs_decks
@pytest.mark.parametrize("letter", ["A", "F"])
@pytest.mark.parametrize("to_format", ["gccg", "json", "markdown"])
def test_a_deck_and_its_own_conversion_are_identical(tmp_path, letter, to_format):
    deck = next(CHALLENGE.glob(f"{letter} - *"))
    converted = tmp_path / f"converted.{to_format}"
    assert run("convert", deck, "--to", to_format, "-o", converted).returncode == 0
    result = run("diff", deck, converted)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "identical: the same" in result.stdout


@needs_decks
def test_the_same_challenge_deck_from_another_client_is_identical():
    # GCCG 0.9.4 (LE printings of the hazards) against OCTGN (TW printings): reprints are one card
    result = run("diff", next(CHALLENGE.glob("F - *")),
                 next((DECKS / "octgn-wlk0" / "Challenge_decks").glob("F - *.o8d")))
    assert result.returncode == 0, result.stdout


@needs_decks
def test_one_card_changed_exits_1_and_names_it(tmp_path):
    deck = next(CHALLENGE.glob("A - *"))
    text = deck.read_text(encoding="latin-1")
    assert "\n1 Glamdring (TW)\n" in text
    played = tmp_path / "played.meccg"
    played.write_text(text.replace("\n1 Glamdring (TW)\n", "\n1 Orcrist (TW)\n"), encoding="latin-1")
    result = run("diff", deck, played)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert "2 differences (added: in played only; removed: in registered only)" in lines
    assert any(line.split() == ["removed", "1", "Glamdring", "(TW-244)", "resources"] for line in lines), lines
    assert any(line.split() == ["added", "1", "Orcrist", "(TW-295)", "resources"] for line in lines), lines


def test_moves_between_parts_and_count_changes():
    text = SMALL.read_text(encoding="utf-8")
    played = (text.replace("1 Beretar (TW)\n", "")                           # pool ...
              .replace("1 Legolas (TW)", "1 Legolas (TW)\n1 Beretar (TW)")   # ... to the play deck
              .replace("3 Stealth (TW)", "2 Stealth (TW)")
              .replace("3 Twilight (TW)", "3 Twilight (LE)"))                 # a reprint: no change
    result = diff_decks(parse_text(text), parse_text(played))
    assert [(c.card.name, c.count, c.from_part.value, c.part.value) for c in result.moved] == \
        [("Beretar", 1, "pool", "characters")]
    assert [(c.card.name, c.count, c.part.value) for c in result.removed] == [("Stealth", 1, "resources")]
    assert result.added == []
    assert not result.identical


def test_identical_exactly_when_the_fingerprints_are():
    text = SMALL.read_text(encoding="utf-8")
    variants = [text, text.replace("3 Stealth (TW)", "3 stealth"),
                text.replace("1 Bilbo (TW)", "1 Bilbo (TW)\n1 Bilbo")]
    decks = [parse_text(t) for t in variants]
    for a in decks:
        for b in decks:
            assert diff_decks(a, b).identical == (fingerprint(a) == fingerprint(b))
    assert not diff_decks(decks[0], decks[2]).identical        # two copies of Bilbo, a count change


def test_json_output_fits_its_schema(tmp_path):
    played = tmp_path / "played.meccg"
    played.write_text(SMALL.read_text(encoding="utf-8").replace("1 Glamdring (TW)", "1 Qwxzv Plorth")
                      .replace("1 Beretar (TW)\n", "").replace("1 Legolas (TW)", "1 Legolas (TW)\n1 Beretar (TW)"),
                      encoding="utf-8")
    result = run("diff", SMALL, played, "--output", "json")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    jsonschema.validate(document, diff_schema())
    assert document["schema"] == "deckcheck/diff/1"
    assert {(c["name"], c["card_id"]) for c in document["added"]} == {("Qwxzv Plorth", None)}
    assert document["moved"] == [{"card_id": "TW-128", "name": "Beretar", "count": 1, "part": "characters",
                                  "from": "pool"}]
    same = json.loads(run("diff", SMALL, SMALL, "--output", "json").stdout)
    jsonschema.validate(same, diff_schema())
    assert same["identical"] is True and same["registered"]["fingerprint"] == same["played"]["fingerprint"]


def test_input_errors_exit_2_with_one_line(tmp_path):
    empty = tmp_path / "empty.deck"
    empty.write_text("", encoding="utf-8")
    for other in (tmp_path / "missing.deck", empty):
        result = run("diff", SMALL, other)
        assert result.returncode == 2
        assert result.stderr.strip().count("\n") == 0 and str(other) in result.stderr
        assert "Traceback" not in result.stderr


def test_a_line_that_was_not_read_is_never_identical_and_exits_2(tmp_path):
    # The cards read are the same; the skipped line may hold a card: a deck check cannot pass (exit 2, not 0).
    text = SMALL.read_text(encoding="utf-8")
    played = tmp_path / "played.txt"
    played.write_text(text.replace("1 Bilbo (TW)", "-3 Bilbo (TW)\n1 Bilbo (TW)"), encoding="utf-8")
    line = played.read_text(encoding="utf-8").splitlines().index("-3 Bilbo (TW)") + 1
    result = run("diff", SMALL, played)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "identical: the same" not in result.stdout
    assert f"not proven identical: line {line} of {played} not read" in result.stdout
    assert f"deckcheck: line {line} of {played} not read" in result.stderr
    assert "Traceback" not in result.stderr

    document = json.loads(run("diff", played, SMALL, "--output", "json").stdout)
    jsonschema.validate(document, diff_schema())
    assert document["identical"] is False and document["complete"] is False
    assert document["registered"]["unread_lines"] == [line] and document["played"]["unread_lines"] == []
    assert document["registered"]["fingerprint"] == document["played"]["fingerprint"]   # what was read is equal

    # with a real difference too: the difference is listed, the exit code still says the check is incomplete
    changed = tmp_path / "changed.txt"
    changed.write_text(played.read_text(encoding="utf-8").replace("3 Stealth (TW)", "2 Stealth (TW)"),
                       encoding="utf-8")
    result = run("diff", SMALL, changed)
    assert result.returncode == 2
    assert any(row.split()[:3] == ["removed", "1", "Stealth"] for row in result.stdout.splitlines()), result.stdout
    assert f"incomplete: line {line} of {changed} not read" in result.stdout


def test_standard_input_on_both_sides_is_one_line_and_exit_2():
    result = subprocess.run([sys.executable, "-m", "deckcheck", "diff", "-", "-"], input=SMALL.read_text("utf-8"),
                            capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert result.returncode == 2
    assert result.stderr == "deckcheck: standard input can be read once: give a file for REGISTERED or PLAYED\n"
    one = subprocess.run([sys.executable, "-m", "deckcheck", "diff", str(SMALL), "-"], input=SMALL.read_text("utf-8"),
                         capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert one.returncode == 0 and "identical: the same" in one.stdout
