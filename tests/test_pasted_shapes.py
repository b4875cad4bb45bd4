"""The shapes of card lines and headings people paste from forums, chat and word processors (audit of issue 11).

Each test takes a real deck (a Challenge Deck from ../shared, or the repository's example deck where ../shared is
absent), writes every card line or heading in one such shape, and checks the text reads as the same deck: the same
cards, counts and parts, and no count or name guessed.
"""

from __future__ import annotations

import re

import pytest

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.writers import write_markdown
from tests._shared import DECKS, PROJECT

CHALLENGE_E = DECKS / "council-of-rivendell" / "Challenge Decks" / "E - Gandalf - Return of the King"
BASES = [PROJECT / "examples" / "wizard-legal.meccg",
         pytest.param(CHALLENGE_E, marks=pytest.mark.skipif(not CHALLENGE_E.is_file(),
                                                             reason=f"needs the real deck {CHALLENGE_E}"))]
CARD_LINE = re.compile(r"^- (?P<n>\d+) (?P<name>.+)$")
HEADING = re.compile(r"^## (?P<label>\w+) \((?P<n>\d+)\)$")
GUESSES = {"missing-count", "name-corrected", "unknown-card", "ambiguous-card", "unknown-section", "misplaced-card"}


def _cards(deck) -> dict:
    return {(e.part, e.card.id if e.card else e.written): e.count for e in deck.entries}


def _rewritten(path, card_line=None, heading=None) -> tuple[dict, str]:
    """(the deck's cards, its Markdown text with each card line / heading rewritten)"""
    deck = read_deck(path)
    lines = []
    for line in write_markdown(deck).split("\n"):
        m, h = CARD_LINE.match(line), HEADING.match(line)
        if m and card_line:
            line = card_line(m.group("n"), m.group("name"))
        elif h and heading:
            line = heading(h.group("label"), h.group("n"))
        lines.append(line)
    return _cards(deck), "\n".join(lines)


def _assert_same_deck(expected: dict, text: str):
    deck = parse_text(text, path="pasted")
    guessed = [f"{d.line}: {d.message}" for d in deck.diagnostics if d.code in GUESSES]
    assert guessed == []
    assert _cards(deck) == expected


CARD_SHAPES = {
    "en dash bullet": lambda n, name: f"– {n} {name}",
    "em dash bullet": lambda n, name: f"— {n} {name}",
    "middle dot bullet": lambda n, name: f"· {n} {name}",
    "square bullet": lambda n, name: f"▪ {n} {name}",
    "black circle bullet": lambda n, name: f"● {n} {name}",
    "arrow bullet": lambda n, name: f"→ {n} {name}",
    "task list box": lambda n, name: f"- [ ] {n} {name}",
    "count in parentheses first": lambda n, name: f"({n}) {name}",
    "count in brackets first": lambda n, name: f"[{n}] {name}",
    "(3x) first": lambda n, name: f"({n}x) {name}",
    "count in brackets after": lambda n, name: f"{name} [{n}]",
    "3x after": lambda n, name: f"{name} {n}x",
    "dash and count after": lambda n, name: f"{name} - {n}",
    "en dash and count after": lambda n, name: f"{name} – {n}",
}


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("shape", CARD_SHAPES, ids=list(CARD_SHAPES))
def test_every_card_line_shape_reads_the_same_deck(base, shape):
    expected, text = _rewritten(base, card_line=CARD_SHAPES[shape])
    _assert_same_deck(expected, text)
