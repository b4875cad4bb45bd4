"""The tests a start-up asks before a pattern (so that the pattern is compiled only where it could match) never
say "no" where the pattern matches, and label_part's word sets find what its patterns found: checked on every
line of every real decklist and on generated texts, both ways (a line the test lets through, one it stops)."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.decklist import lines
from deckcheck.decklist.prose import _CATEGORY_FIRST, MP_CATEGORY, MP_WORDS
from deckcheck.decklist.section_words import foreign_part
from deckcheck.terminal import CONTROLS, _no_controls, printable, printable_json
from tests._shared import corpus_files, needs_decks

# the characters the patterns care about, and some they do not, so that generated texts come near a match
ALPHABET = st.sampled_from(list(" \t\u00a0\u2003-–—*•·▪●→.)(][x×#:0123456789٣MmPpTtKkİıKazrRſ\x1b\u202e"))
TEXTS = st.text(ALPHABET, max_size=12)


def _corpus_lines() -> list[str]:
    found = set()
    for path in corpus_files():
        found.update(path.read_text(encoding="utf-8", errors="replace").split("\n"))
    return sorted(found)


@pytest.fixture(scope="module")
def corpus_lines():
    return _corpus_lines()


def _agrees(text: str) -> None:
    if lines._BULLET.match(text):
        assert lines._may_start_with_bullet(text), text
    if lines.NEGATIVE_COUNT.match(text):
        assert lines._starts_negative(text), text
    if lines.COUNT_RANGE.match(text.strip()):
        assert lines._starts_range(text), text
    if MP_CATEGORY.match(text):
        assert text[:1] in _CATEGORY_FIRST, text
    if MP_WORDS.search(text):
        assert "mp" in text.lower() or "mar" in text.lower(), text


@needs_decks
def test_every_line_of_the_real_decks_a_pattern_matches_passes_its_test(corpus_lines):
    for text in corpus_lines:
        _agrees(text)
        _agrees(text.strip())


@needs_decks
def test_the_tests_stop_most_card_lines_of_the_real_decks(corpus_lines):
    """Both ways: the tests do stop lines (or they would save nothing), card lines above all."""
    card_lines = [t for t in corpus_lines if re.match(r"\d+ [A-Z]", t)]
    assert len(card_lines) > 1000
    assert not any(lines._may_start_with_bullet(t) for t in card_lines)
    assert not any(lines._starts_negative(t) or lines._starts_range(t) for t in card_lines)
    assert not any(t[:1] in _CATEGORY_FIRST for t in card_lines)
    assert sum("mp" in t.lower() or "mar" in t.lower() for t in card_lines) < len(card_lines) / 10


def test_the_letters_the_mp_words_start_with_match_only_themselves_in_any_case():
    """(?i) matches M only with m, P with p, A with a, R with r (the Kelvin sign matches k, the long s s): so
    "mp" or "mar" in the lower-cased text is a test MP_WORDS never fails."""
    for letter in "mpar":
        pattern = re.compile(f"(?i){letter}")
        assert {chr(c) for c in range(sys.maxunicode + 1) if pattern.fullmatch(chr(c))} == {letter, letter.upper()}


@settings(max_examples=3000, deadline=None)
@given(TEXTS)
def test_a_generated_text_a_pattern_matches_passes_its_test(text):
    _agrees(text)


# (line, whether each test lets it through to _BULLET, NEGATIVE_COUNT, COUNT_RANGE): a card line is stopped by all
@pytest.mark.parametrize(("text", "tried"), [
    ("- Gandalf", "b.."), ("  • Gandalf", "b.."), ("1. Gandalf", "b.."), ("12) Gandalf", "b.."),
    ("3 Gandalf", "..."), ("-3 Dodge", "bn."), (" - 3 Dodge", "b.."), ("1-2 Leg It Double Quick", "..r"),
    ("1 - 2 Leg It", "..r"), ("3 Far-sight", "..."), ("٣. Gandalf", "b.r"),   # another script's digit: the pattern
])
def test_the_tests_on_lines_players_write(text, tried):
    assert (lines._may_start_with_bullet(text), lines._starts_negative(text), lines._starts_range(text)) == \
        tuple(c != "." for c in tried)
    _agrees(text)


def test_the_first_characters_of_a_category_line_are_exactly_those_the_pattern_starts_with():
    words = ("total", "kill", "misc", "character", "item", "faction", "ally", "general")
    first = re.compile(MP_CATEGORY.pattern[:MP_CATEGORY.pattern.index("(?:[ \\t]")])
    starts = {chr(c) for c in range(sys.maxunicode + 1) if any(first.match(chr(c) + w[1:]) for w in words)}
    assert starts == _CATEGORY_FIRST


def test_no_controls_is_false_for_every_character_the_pattern_escapes():
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if CONTROLS.match(char):
            assert not _no_controls(f"Gandalf {char} [H]"), hex(code)
    assert _no_controls("Théoden [H] (TW) ×2\n\tnote: ガンダルフ")


@pytest.mark.parametrize("text", ["Gandalf\x1b[2J", "Deck \u202eevil", "tab\tand\nline", "Ló\x85rien", "plain"])
def test_printable_answers_as_the_pattern_does(text):
    assert printable(text) == CONTROLS.sub(lambda m: repr(m.group())[1:-1], text)
    assert printable_json(text) == CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def test_a_long_text_goes_to_the_pattern():
    text = "x" * 70000 + "\x1b"
    assert not _no_controls(text) and printable(text).endswith("\\x1b")


# label_part's patterns before the word sets, the reference the word sets are held to
_OLD = {name: re.compile(pattern) for name, pattern in {
    "decks": r"\bdecks\b", "fallen": r"\b(fw|fallen|anti fw|fw dc sb|fwsb)\b",
    "sites": r"\b(sites?|locations?|location deck)\b", "hazards": r"\b(hazards?|creatures?)\b",
    "resources": r"\b(resources?|items?|factions?|allies|allys|ally|mp sources?)\b",
    "characters": r"\b(characters?|heroes|hero|avatars?|minions|wizards?|ringwraiths?)\b"}.items()}


def _old_label_part(label: str):
    """label_part as it was, with its patterns."""
    words = lines.fold(re.sub(r"\(\s*\d+\s*\)", " ", label))
    if not words or _OLD["decks"].search(words):
        return None
    if words.startswith(("starting compan", "sarting compan")) and " at " in f" {words} ":
        return lines.NOTES
    if words.startswith(("note", "mp breakdown", "strategy", "deck explanation", "comment")):
        return lines.NOTES
    side = any(w in words for w in ("sideboard", "sidebord", "sidebar", "side board")) \
        or words in ("side", "sb", "side deck", "sidedeck")
    fallen = _OLD["fallen"].search(words) is not None
    if fallen and (side or words in ("anti fw", "fwsb", "fw dc sb", "fw sideboard", "fw sb")):
        return lines.Part.FW_SIDEBOARD
    if side:
        return lines.Part.SIDEBOARD
    if words in ("pool", "starting", "starting company", "starting companies", "starting pool",
                 "starting characters", "starting company pool", "draft", "drafted characters"):
        return lines.Part.POOL
    for name, part in (("sites", lines.Part.SITES), ("hazards", lines.Part.HAZARDS),
                       ("resources", lines.Part.RESOURCES), ("characters", lines.Part.CHARACTERS)):
        if _OLD[name].search(words):
            return part
    if words in ("deck", "play deck", "in deck", "playdeck", "main deck", "other"):
        return lines.Part.PLAY
    return foreign_part(words)


@needs_decks
def test_label_part_names_the_part_its_patterns_named_for_every_line_of_the_real_decks(corpus_lines):
    labels = {t.strip().strip("#:-*[] ") for t in corpus_lines if len(t) < 60}
    named = 0
    for label in sorted(labels):
        assert lines.label_part(label) == _old_label_part(label), label
        named += isinstance(lines.label_part(label), lines.Part)
    assert named > 20


LABEL_WORDS = st.sampled_from(["decks", "fw", "anti", "dc", "sb", "fwsb", "fallen", "sites", "location", "deck",
                               "hazard", "creatures", "mp", "source", "sources", "resources", "allys", "hero",
                               "heroes", "minions", "wizard", "ringwraiths", "sideboard", "starting", "at", "(3)",
                               "x", "Héros", "items", "item", "-", ":", "fwsbx", "sitesx"])


@settings(max_examples=2000, deadline=None)
@given(st.lists(LABEL_WORDS, max_size=5), st.sampled_from([" ", "  ", "-", ": ", "/"]))
def test_label_part_names_the_part_its_patterns_named_for_generated_labels(words, joint):
    label = joint.join(words)
    assert lines.label_part(label) == _old_label_part(label), label


def _split_count_by_pattern(text: str):
    """split_count as it was: _LEADING_COUNT first, then _TRAILING_COUNT."""
    text = text.strip()
    m = lines._LEADING_COUNT.match(text)
    if m:
        return lines.number(m.group("n") or m.group("m") or m.group("p")), m.group("rest").strip()
    m = lines._TRAILING_COUNT.search(text, 1)
    if m:
        return lines.number(next(d for d in m.group("a", "d", "b", "e", "f", "c") if d)), text[:m.start()].strip()
    return None, text


@needs_decks
def test_split_count_answers_as_its_patterns_for_every_line_of_the_real_decks(corpus_lines):
    counted = 0
    for text in corpus_lines:
        assert lines.split_count.__wrapped__(text) == _split_count_by_pattern(text), text
        counted += lines._plain_after_count(text.strip(), 2) and text.strip()[:2] == "3 "
    assert counted > 100         # the plain test does take most card lines


COUNT_TEXTS = st.text(st.sampled_from(list(" \t\n\u00a0-x×X()[]٣0123456789aBz")), max_size=10)


@settings(max_examples=3000, deadline=None)
@given(COUNT_TEXTS)
def test_split_count_answers_as_its_patterns_for_generated_texts(text):
    assert lines.split_count.__wrapped__(text) == _split_count_by_pattern(text)
