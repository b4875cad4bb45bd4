"""Bounded work per deck (issue 20): a text of dozens of names that are no card is refused before the near-miss
search (~1 ms a name), and said so, in a batch row too; each name is searched once however many rows ask;
a play deck far above any legal size is refused before simulating."""

from __future__ import annotations

import csv
import json
import random
import string
import subprocess
import sys

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.nearmiss import NameMatcher
from deckcheck.decklist import parse_text
from deckcheck.decklist.build import MAX_UNKNOWN_NAMES, TooManyUnknownNames
from tests._shared import DECKS

REAL = DECKS / "maciak-org" / "E_Challenge_Deck_E_Gandalf.md"


@pytest.fixture(scope="module")
def real_deck() -> str:
    if not REAL.is_file():
        pytest.skip(f"needs the real decklist {REAL} (../shared is absent)")
    return REAL.read_text(encoding="utf-8")


def junk_names(count: int, seed: int = 20) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choices(string.ascii_lowercase, k=20)) for _ in range(count)]


@pytest.fixture
def searches(monkeypatch) -> list[str]:
    """The names the near-miss search is run for (not the ones it remembers)."""
    asked: list[str] = []
    search = NameMatcher._search

    def counted(self, written):
        asked.append(written)
        return search(self, written)
    monkeypatch.setattr(NameMatcher, "_search", counted)
    load_catalog().matcher()._matches.clear()
    return asked


def with_junk(deck: str, count: int) -> str:
    return deck + "\nHazards:\n" + "".join(f"1 {name}\n" for name in junk_names(count))


def test_a_real_deck_with_dozens_of_names_that_are_no_card_is_refused_unsearched(real_deck, searches):
    with pytest.raises(TooManyUnknownNames) as refused:
        parse_text(with_junk(real_deck, MAX_UNKNOWN_NAMES + 1), path="<cell>")
    assert searches == []
    message = refused.value.one_line()
    assert f"more than {MAX_UNKNOWN_NAMES} of its names are no card" in message and "not a decklist" in message


def test_up_to_the_bound_each_name_is_searched_and_reported(real_deck, searches):
    deck = parse_text(with_junk(real_deck, MAX_UNKNOWN_NAMES), path="<cell>")
    unknown = [d for d in deck.diagnostics if d.code == "unknown-card"]
    assert len(unknown) == MAX_UNKNOWN_NAMES and len(searches) == MAX_UNKNOWN_NAMES
    assert sum(e.count for e in deck.entries if e.card is not None) > 60     # the real cards are all read


def test_a_misspelt_name_is_searched_once_however_many_decks_ask(real_deck, searches):
    text = real_deck + "\nResources:\n1 Glamdrng\n"
    first, second = (parse_text(text, path=f"<row {n}>") for n in (1, 2))
    assert searches == ["Glamdrng"]
    for deck in (first, second):
        assert any(e.card is not None and e.card.name == "Glamdring" for e in deck.entries)


def test_junk_rows_of_a_batch_are_unreadable_and_say_why(real_deck, tmp_path):
    sheet = tmp_path / "r.csv"
    with open(sheet, "w", newline="", encoding="utf-8") as fh:
        rows = [["Ann", real_deck]] + [[f"Junk {n}", "\n".join(f"1 {name}" for name in junk_names(150, n))]
                                       for n in range(3)]
        csv.writer(fh).writerows([["Player", "Deck"], *rows])
    done = subprocess.run([sys.executable, "-m", "deckcheck", "batch", str(sheet), "--output", "json"],
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr
    results = json.loads(done.stdout)["results"]
    assert results[0]["status"] in ("legal", "illegal") and results[0]["fingerprint"]
    for junk in results[1:]:
        assert junk["status"] == "error"
        assert [v["code"] for v in junk["violations"]] == ["unreadable-deck"]
        assert "not a decklist, and not searched for misspelt names" in junk["violations"][0]["message"]


@pytest.mark.parametrize("command", [["simulate"], ["matchups", "FIELD", "--jobs", "1"]])
def test_a_play_deck_far_above_any_legal_size_is_refused_before_simulating(real_deck, tmp_path, command):
    huge = tmp_path / "huge.txt"
    # the real deck with 80 lines of 99 copies more: 7,920 cards of the same two cards
    huge.write_text(real_deck + "\nHazards:\n" + "99 Cave-drake\n" * 40 + "Resources:\n" + "99 Dodge\n" * 40,
                    encoding="utf-8")
    argv = [str(huge) if word == "FIELD" else word for word in command]
    done = subprocess.run([sys.executable, "-m", "deckcheck", *argv, str(huge), "--games", "2"],
                          capture_output=True, text=True, timeout=300)
    errors = [line for line in done.stderr.splitlines() if ": warning" not in line]
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(errors) == 1 and "far more than any legal deck" in errors[0], done.stderr


def test_the_real_deck_itself_simulates(real_deck, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(real_deck, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "deckcheck", "simulate", str(deck), "--games", "2"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
