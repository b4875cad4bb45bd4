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


# (what is rewritten, how): a card line "- 3 Dodge [H] (TW)" as {n} and {name}, a heading "## Hazards (30)" as
# {label} and {n}
SHAPES = [("card line", f) for f in ("– {n} {name}", "— {n} {name}", "· {n} {name}", "▪ {n} {name}", "● {n} {name}",
                                     "→ {n} {name}", "- [ ] {n} {name}", "({n}) {name}", "[{n}] {name}",
                                     "({n}x) {name}", "{name} [{n}]", "{name} {n}x", "{name} - {n}", "{name} – {n}",
                                     "**{n} {name}**", "- *{name} x{n}*", "`{n} {name}`", "__{n}x {name}__",
                                     "{n} {name} // main tech vs. Balrog decks", "{n} {name} # for the hazards, too",
                                     "{n} {name} -- tech vs FW")] \
    + [("heading", f) for f in ("{LABEL} - {n}", "{label} – {n}", "{LABEL} — {n}", "{label} [{n}]", "{label} {n}",
                                "{label} ({n} cards)", "{label} {n} cards:")]


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("kind, shape", SHAPES, ids=[f"{kind}: {shape}" for kind, shape in SHAPES])
def test_every_card_line_and_heading_shape_reads_the_same_deck(base, kind, shape):
    if kind == "card line":
        expected, text = _rewritten(base, card_line=lambda n, name: shape.format(n=n, name=name))
    else:
        expected, text = _rewritten(base, heading=lambda label, n: shape.format(label=label, LABEL=label.upper(), n=n))
    _assert_same_deck(expected, text)


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("label", ["Side:", "SB:", "Side deck:", "SB (6)"])
def test_the_short_sideboard_labels_of_chat_lists_head_the_sideboard(base, label):
    expected, text = _rewritten(base, heading=lambda part, n: label if part == "Sideboard" else f"## {part}")
    _assert_same_deck(expected, text)


@pytest.mark.parametrize("base", BASES)
def test_a_french_list_heads_its_hazards_adversites(base):
    expected, text = _rewritten(base, heading=lambda part, n: "Adversités :" if part == "Hazards" else f"## {part}")
    _assert_same_deck(expected, text)


@pytest.mark.parametrize("line, count, name", [("Wizards Ring - 2", 2, "Wizard’s Ring"),
                                               ("Wizard's Ring [2]", 2, "Wizard’s Ring"),
                                               ("Wizard Uncloaked - 1", 1, "Wizard Uncloaked")])
def test_a_card_named_with_a_section_word_and_a_count_stays_a_card(line, count, name):
    deck = parse_text(f"Characters:\n2 Gandalf\nResources:\n{line}\n", path="pasted")
    assert [(e.count, e.card.name) for e in deck.entries if 4 in e.lines] == [(count, name)]


def test_a_heading_count_after_a_long_run_of_blanks_still_heads_its_part():
    """The shape that made the heading-count pattern quadratic (11.5 s CPU at 100 kB, 0.1 s after; timed by
    benchmarks/bench_reader_worst.py, shape 'a, blanks, b' and kin): it still reads."""
    deck = parse_text("Characters:\n2 Gandalf\nResources" + " " * 64 * 1024 + "- 30\n3 Dodge\n", path="pasted")
    assert [(e.part.value, e.count, e.card.name) for e in deck.entries] \
        == [("characters", 2, "Gandalf"), ("resources", 3, "Dodge")]


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("mark", ["\ufeff  ", "\u200b", "\u2060"])
def test_a_pasted_cell_with_a_byte_order_mark_or_zero_width_space_keeps_every_count(base, mark):
    """A form cell or chat message of bare card lines ('3 Dodge', no headings) with an invisible mark before its
    first line, and a zero-width space before every line: the first line was the list's title unsaid (its cards
    lost) and each other line read as 1 copy."""
    deck = read_deck(base)
    lines = [f"{mark if i == 0 else chr(0x200b)}{e.count} {e.written}" for i, e in enumerate(deck.entries)]
    read = parse_text("\n".join(lines) + "\n", path="Sheet1!B2")
    totals = {}
    for entry in read.entries:
        totals[entry.card.id] = totals.get(entry.card.id, 0) + entry.count
    expected = {}
    for entry in deck.entries:
        expected[entry.card.id] = expected.get(entry.card.id, 0) + entry.count
    assert totals == expected
    assert read.name is None
    assert [d for d in read.diagnostics if d.code in GUESSES] == []


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("separator", [", ", "; "])
def test_several_cards_on_a_line_under_a_heading_are_each_read(base, separator):
    """'Corpse-candle, 2 Wolves, 2 Ghosts' under 'Sideboard:' was one unknown card; '3 Dodge, 3 Block' was read as
    3 Dodge with a name-corrected warning (words after the name), the Block lost. Each part's cards here are
    written three to a line, a single copy without its count (a line of one card keeps its count)."""
    expected, text = _rewritten(base)
    lines, group = [], []
    for line in text.split("\n") + [""]:
        m = CARD_LINE.match(line)
        if m:
            group.append(m.group("name") if m.group("n") == "1" else f"{m.group('n')} {m.group('name')}")
        if group and (not m or len(group) == 3):
            lines.append(separator.join(group) if len(group) > 1 else f"1 {group[0]}" if CARD_LINE.match(
                f"- 1 {group[0]}") and not group[0][0].isdigit() else group[0])
            group = []
        if not m:
            lines.append(line)
    _assert_same_deck(expected, "\n".join(lines))


@pytest.mark.parametrize("line, read", [
    ("Horns, Horns, Horns", [(1, "Horns, Horns, Horns")]),            # a card's name holds commas
    ("Horns, Horns, Horn", [(1, "Horns, Horns, Horns")]),             # ... and is misspelt (name-corrected)
    ("Dodge, Blokc", [(1, "Dodge"), (1, "Block")]),                   # an item misspelt
    ("Glamdring, the Grey", [(1, "Glamdring")]),                      # words after a name, not The Grey Hat
])
def test_a_line_with_commas_is_one_card_or_several_as_its_names_say(line, read):
    deck = parse_text(f"Characters:\n{line}\n", path="pasted")
    assert [(e.count, e.card.name) for e in deck.entries] == read


def test_a_list_pasted_twice_with_its_pool_inline_is_read_once_and_said():
    """The Spanish example list ('Compañía inicial: Anborn, ...' heads it) pasted twice into one cell was read as
    one deck of doubled counts (copy-limit errors, 4 avatars): only a pool heading, never an inline pool, started
    'another decklist'."""
    once = (PROJECT / "examples" / "wizard-legal-es.txt").read_text(encoding="utf-8")
    twice = parse_text(once + "\n" + once, path="pasted")
    assert _cards(twice) == _cards(parse_text(once, path="pasted"))
    second = once.count("\n") + 2 + once.split("\n").index(next(
        line for line in once.split("\n") if line.startswith("Compañía inicial:")))
    assert [(d.line, d.code) for d in twice.diagnostics if d.code == "second-deck"] == [(second, "second-deck")]


def test_a_comment_after_a_name_is_said_as_a_remark():
    deck = parse_text("Resources:\n3 Far-sight # for the hazards, too\n3 Orc--guard\n", path="pasted")
    assert [(e.count, e.card.name) for e in deck.entries] == [(3, "Far-sight"), (3, "Orc-guard")]
    assert [(d.line, d.code, d.message) for d in deck.diagnostics if d.code == "card-remark"] == [
        (2, "card-remark", "'# for the hazards, too' after 'Far-sight' read as a remark, not part of the card name")]
