"""Every decklist reader is linear in its input and says only a short excerpt of what it could not use.

The shapes that were quadratic or worse (a long run of blanks in a line, '<' without '>', unclosed '<section ',
'<card>' or CDATA, a JSON deck whose line numbers were counted from the start for every entry) are read here at
64 kB and checked for what they give; benchmarks/bench_reader_worst.py times every reader on 1 MB of each.
"""

from __future__ import annotations

import pytest

from deckcheck.decklist import FORMATS, parse_text
from deckcheck.decklist.detect import read_text_as
from deckcheck.decklist.labelled import heading_label
from deckcheck.decklist.lines import EXCERPT_CHARS, MAX_PROBLEMS, LineIndex, TextCursor, split_count
from deckcheck.decklist.model import Part
from deckcheck.errors import DeckcheckError
from tests.fixtures import attacks

SIZE = 64 * 1024


def read_every_way(text: str) -> dict[str, object]:
    """What each reader (and the detected one) makes of `text`: its result, or the DeckcheckError it raised."""
    found = {}
    for fmt in (None, *FORMATS):
        try:
            found[fmt] = read_text_as(text, "x.txt", fmt)
        except DeckcheckError as exc:
            found[fmt] = exc
    return found


@pytest.mark.parametrize("text", [
    attacks.spaces_line(SIZE), attacks.spaced_deck(SIZE), attacks.angle_brackets(SIZE), attacks.open_sections(SIZE),
    "<deck>" + '<card qty="1">' * (SIZE // 14), "<deck><notes>" * (SIZE // 13), '<deck><card qty="1">' +
    "<![CDATA[" * (SIZE // 9), "<deck><section " + 'a="' * (SIZE // 3), "Hazards:\n3 Twilight " + "(" * SIZE,
    "## a" + " " * SIZE + "b ##", "Player: a" + " " * SIZE + "b", "# Hazard" + " " * SIZE + "(x",
    "####\nDeck\n####\n# Player:" + " " * SIZE + "x", "Hazards (" + " " * SIZE + "x",
])
def test_hostile_shapes_are_read_by_every_reader(text):
    for fmt, result in read_every_way(text).items():
        assert not isinstance(result, Exception) or "problems while reading it" in str(result), (fmt, result)


def test_a_card_line_with_a_long_run_of_blanks_keeps_its_card():
    deck = parse_text(attacks.spaced_deck(SIZE).replace("x (LE)", "(LE)"), path="x.meccg")
    assert [(e.card.name, e.count) for e in deck.entries] == [("Twilight", 3)]


def test_trailing_counts_and_set_codes_still_read_after_blanks():
    assert split_count("Twilight" + " " * 5000 + "x3") == (3, "Twilight")
    assert split_count("Twilight  (x 2)") == (2, "Twilight")
    assert split_count("a" + " " * 5000 + "b") == (None, "a" + " " * 5000 + "b")
    deck = parse_text("Hazards:\n2 Twilight" + " " * 5000 + "(LE)\n", path="x.md")
    assert (deck.entries[0].card.name, deck.entries[0].card.set) == ("Twilight", "LE")


def test_markdown_headings_lose_their_closing_hashes_as_before():
    assert [heading_label(t) for t in ("Hazards ##", "C#", "a # b ##  ", "###", "  ")] == \
        ["Hazards", "C", "a # b", "#", ""]


def test_octgn_names_in_cdata_notes_and_single_quoted_attributes_still_read():
    text = ("<?xml version='1.0'?><deck><section name='Hazards'><card qty='2' id='a'><![CDATA[Twilight]]></card>"
            '<card qty="1" id="b">Doors of <![CDATA[Night]]></card></section>'
            "<notes><![CDATA[Keep <it> simple]]></notes></deck>")
    result = read_text_as(text, "x.o8d", "octgn")
    assert [(line.name, line.count, line.part) for line in result.lines] == \
        [("Twilight", 2, Part.HAZARDS), ("Doors of Night", 1, Part.HAZARDS)]
    assert result.notes == "Keep <it> simple"


def test_an_unclosed_cdata_or_card_reads_up_to_the_next_tag():
    result = read_text_as('<deck><section name="Hazards"><card qty="3">Twilight<card qty="1"><![CDATA[Dodge'
                          "</deck>", "x.o8d", "octgn")
    assert [(line.name, line.count) for line in result.lines][:1] == [("Twilight", 3)]
    assert any("not closed" in d.message for d in result.diagnostics)


def test_json_line_numbers_come_from_one_table():
    text = attacks.wigy_deck(2000)
    lines = LineIndex(text)
    assert [lines.line(text.index(needle)) for needle in ('"name"', '"hazards"')] == [2, 6]
    cursor = TextCursor(text, lines)
    found = [cursor.find('"tw-106"') for _ in range(3)]
    assert found == [9, 14, 19]
    result = read_text_as(text, "x.json", "wigy-json")
    assert len(result.lines) == 2000 and [line.line for line in result.lines[-2:]] == [9 + 5 * 1998, 9 + 5 * 1999]


def test_more_problems_than_a_decklist_has_stop_the_reading():
    text = "Hazards:\n" + "x\n" * (MAX_PROBLEMS + 5)
    with pytest.raises(DeckcheckError, match=r"more than 1,000 problems while reading it, the first at line 2: "
                                             r"no count in 'x'; read as 1 copy; not a decklist"):
        parse_text(text, path="x.md")
    tags = "Hazards:\n" + "1 Dodge [Q]\n" * (MAX_PROBLEMS + 5)
    with pytest.raises(DeckcheckError, match="more than 1,000 problems"):
        parse_text(tags, path="x.md")       # problems the builder finds (unknown tags), counted by it
    names = "Hazards:\n" + "".join(f"1 No Such Card {n}\n" for n in range(MAX_PROBLEMS + 5))
    with pytest.raises(DeckcheckError, match="more than 40 of its names are no card"):
        parse_text(names, path="x.md")      # names that are no card stop it long before (tests/test_bounded_rows)


def test_a_long_line_is_quoted_as_an_excerpt():
    deck = parse_text("Hazards:\n" + "DB_PASSWORD=" + "x" * 500 + "\n3 Twilight\n", path="x.md")
    messages = [d.message for d in deck.diagnostics]
    assert messages and all(len(m) < EXCERPT_CHARS + 100 for m in messages), messages
    assert all(len(e.written) <= 80 for e in deck.entries)
