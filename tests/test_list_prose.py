"""Pasted lists as players send them: a first line that is a title in brackets ("[Deck Dwarf-lord Balin] Hobbits",
a forum habit) is no JSON, and a marshalling-point breakdown after the list ("Characters: 12 MP", "Items 6") stays
prose. Both on real decks of ../shared/decks, as written and as Markdown: the verdict is the original's."""

from __future__ import annotations

from collections import Counter

import pytest

from deckcheck.decklist import parse_text, read_deck, read_deck_text
from deckcheck.decklist.detect import detect
from deckcheck.decklist.writers import write_markdown
from deckcheck.errors import DeckcheckError
from deckcheck.rules import validate
from tests._shared import corpus_files, needs_decks

TITLE = "[Deck Dwarf-lord Balin] Hobbits"
BREAKDOWN = "\n\nMP breakdown:\nCharacters: 12 MP\nItems 6\nAllies: 4 MP\nFactions 8\nKill MP: 2\nTotal: 32 MP\n"
BARE_BREAKDOWN = "\nCharacters 12 MP\nItems 6\nFactions - 8\nTotal: 26\n"
SAMPLE = corpus_files()[::4]          # a quarter of the corpus, every format it holds


def judged(deck) -> tuple:
    verdict = validate(deck, ruleset="coe")
    return verdict.alignment, sorted(Counter(v.code for v in verdict.violations if v.severity == "error").items())


def _original(path):
    try:
        deck = read_deck(path)
        return deck, judged(deck)
    except DeckcheckError:
        return None, None             # a deck the rules cannot judge as it is (no alignment): not this test's


@needs_decks
@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.name)
def test_a_title_in_brackets_and_an_mp_breakdown_leave_the_verdict_as_it_was(path):
    deck, expected = _original(path)
    if deck is None:
        pytest.skip("the original cannot be judged")
    markdown = write_markdown(deck)
    alignment = f"Alignment: {deck.alignment}\n" if deck.alignment else ""
    for text in (f"{TITLE}\n{alignment}{markdown}", f"{markdown}{BREAKDOWN}", f"{markdown}{BARE_BREAKDOWN}"):
        assert detect(text) != "json"
        assert judged(parse_text(text, path="pasted.md")) == judged(parse_text(markdown, path="as-written.md"))
    raw, _, _ = read_deck_text(path)
    if detect(raw, str(path)) in ("gccg", "gccg-plain", "markdown"):   # the title above it, the breakdown below
        lossy = parse_text(f"{TITLE}\n{raw.rstrip()}{BREAKDOWN}", path=path.name)
        assert judged(lossy) == expected


def test_the_title_line_is_read_as_the_lists_name_not_as_json():
    text = f"{TITLE}\n\nCharacters:\n2 Gandalf [H]\n\nResources:\n3 Dodge [H]\n"
    assert detect(text) == "markdown"
    deck = parse_text(text)
    assert deck.name == TITLE and {e.card.name for e in deck.entries} == {"Gandalf", "Dodge"}


def test_text_that_starts_as_json_is_still_json_and_its_break_is_reported():
    assert detect('[\n  {"card": "tw-181", "qty": 2},\n') == "json"
    assert detect('{"pool": [') == "json"
    with pytest.raises(DeckcheckError, match="not valid JSON"):
        parse_text('[\n  {"card": "tw-181", "qty": 2},\n', path="broken.json")


def test_the_breakdown_is_said_as_lines_not_read_and_a_heading_with_points_stays_a_heading():
    text = "Characters (1, 0 MP):\n2 Gandalf [H]\nResources:\n3 Dodge [H]" + BREAKDOWN
    deck = parse_text(text, path="mp.md")
    [said] = [d for d in deck.diagnostics if d.code == "not-a-card-line"]
    assert said.severity == "warning" and said.line == 6
    assert said.message.startswith("7 lines (6, 7, 8, 9, 10, 11, ... 12) are a marshalling-point breakdown")
    assert [(e.part.value, e.card.name) for e in deck.entries] == [("characters", "Gandalf"), ("resources", "Dodge")]
