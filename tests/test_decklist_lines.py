"""Card-line parsing shared by the text readers: counts, tags, set codes, section labels."""

from __future__ import annotations

import pytest

from deckcheck.decklist.lines import NOTES, label_part, split_card_text, split_count
from deckcheck.decklist.model import Part


@pytest.mark.parametrize("text, count, rest", [
    ("3 Twilight (LE)", 3, "Twilight (LE)"),
    ("3x Concealment", 3, "Concealment"),
    ("3 x Concealment", 3, "Concealment"),
    ("3-Dwarven Travellers", 3, "Dwarven Travellers"),
    ("Orc Guard x2", 2, "Orc Guard"),
    ("A Friend or Three (x3)", 3, "A Friend or Three"),
    ("3 Xanadu", 3, "Xanadu"),             # a name starting with X is not an "x" count marker
    ("Glorfindel II", None, "Glorfindel II"),
    ("1 \"Bert\" (Bûrat) (TW)", 1, "\"Bert\" (Bûrat) (TW)"),
])
def test_split_count_reads_every_count_syntax(text, count, rest):
    assert split_count(text) == (count, rest)


@pytest.mark.parametrize("text, expected", [
    ("Twilight (LE)", ("Twilight", None, "LE")),
    ("\"Bert\" (Bûrat) (TW)", ("\"Bert\" (Bûrat)", None, "TW")),    # the set code is the LAST parenthesis
    ("Doeth (Durthak) (WH)", ("Doeth (Durthak)", None, "WH")),
    ("Doeth (Durthak)", ("Doeth (Durthak)", None, None)),           # not a set code: part of the name
    ("dol amroth [h] (tw)", ("dol amroth", "H", "TW")),             # lower-case tags and codes
    ("balin* [d] (df)", ("balin*", "D", "DF")),                     # unknown tag and dream set kept for reporting
    ("Moria [B]", ("Moria", "B", None)),
    ("Concealment [TW]", ("Concealment", None, "TW")),              # Cardnum's bracketed set code
    ('"[0]"', ("[0]", None, None)),                                 # quoted whole: the text inside, as written
    ('"a (LE)" (LE)', ("a (LE)", None, "LE")),
    ('""', ('""', None, None)),                                     # nothing inside: no name to take out
])
def test_split_card_text_takes_tag_and_set_from_the_end(text, expected):
    assert split_card_text(text) == expected


@pytest.mark.parametrize("label, part", [
    ("Starting Company:", Part.POOL),
    ("Hazard Creatures", Part.HAZARDS),
    ("Hazard Events", Part.HAZARDS),
    ("MP Resources", Part.RESOURCES),
    ("Hero Resource", Part.RESOURCES),
    ("Hero Character", Part.CHARACTERS),
    ("Other Heroes", Part.CHARACTERS),
    ("Sidebord", Part.SIDEBOARD),
    ("Sideboard vs. fw", Part.FW_SIDEBOARD),
    ("FW-DC-SB", Part.FW_SIDEBOARD),
    ("anti-FW", Part.FW_SIDEBOARD),
    ("Balrog Site", Part.SITES),
    ("Resources (30)", Part.RESOURCES),
    ("Deck", Part.PLAY),
    ("Starting Companies (3) at Minas Morgul", NOTES),
    ("Notes", NOTES),
    ("Wizard decks", None),
    ("Strange Things", None),
])
def test_label_part_understands_the_labels_players_write(label, part):
    assert label_part(label) == part
