"""Lists as players paste and type them: every line read as a card or reported, never dropped unsaid.

tests/fixtures/pasted/ holds 33 lists made from the facts of real decks (tests/fixtures/pasted/make.py), in eight
languages and eight layouts, each with the cards it must read as (expected.json).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from deckcheck.cards.catalog import load_catalog, same_card
from deckcheck.decklist import parse_text
from deckcheck.decklist.build import build_deck
from deckcheck.decklist.detect import read_text_as
from deckcheck.decklist.model import Part

PASTED = Path(__file__).parent / "fixtures" / "pasted"
EXPECTED = json.loads((PASTED / "expected.json").read_text(encoding="utf-8"))


def canonical(card) -> str:
    return next(c.id for c in load_catalog().by_name(card.name) if same_card(c, card))


def read(text: str, path: str):
    result = read_text_as(text, path)
    return result, build_deck(result, path)


def unaccounted_lines(text: str, result, deck) -> list[int]:
    """Lines with letters or digits that are neither a card, nor reported, nor read as structure or prose."""
    seen = {line for entry in deck.entries for line in entry.lines} | {d.line for d in deck.diagnostics}
    seen |= result.accounted_lines
    if result.title_line is not None and deck.name:
        seen.add(result.title_line)
    return [n for n, line in enumerate(text.split("\n"), start=1) if re.search(r"\w", line) and n not in seen]


def test_the_corpus_has_several_lists_per_language():
    per_language = Counter(item["language"] for item in EXPECTED.values())
    assert len(EXPECTED) >= 30
    assert set(per_language) == {"en", "es", "fr", "de", "it", "fi", "nl", "ja"}
    assert min(per_language.values()) >= 2


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_pasted_list_reads_every_card_and_drops_no_line(name):
    text = (PASTED / name).read_text(encoding="utf-8")
    result, deck = read(text, name)
    found: dict[str, dict[str, int]] = {}
    for entry in deck.entries:
        assert entry.card is not None, (entry.written, entry.lines)
        cards = found.setdefault(entry.part.value, {})
        cards[canonical(entry.card)] = cards.get(canonical(entry.card), 0) + entry.count
    assert found == EXPECTED[name]["cards"]
    assert unaccounted_lines(text, result, deck) == []
    assert [d.one_line() for d in deck.diagnostics if d.severity == "error"] == []


# ---- the shapes of the issue, one by one ----------------------------------------------------------------


def test_the_issue_example_reads_all_four_lines():
    text = "Starting company: Aragorn II, Legolas\n2x Gandalf\nResources:\n3 Glamdring\n"
    deck = parse_text(text, path="form.txt")
    assert [(e.part, e.card.name, e.count, e.lines) for e in deck.entries] == [
        (Part.POOL, "Aragorn II", 1, [1]), (Part.POOL, "Legolas", 1, [1]), (Part.POOL, "Gandalf", 2, [2]),
        (Part.RESOURCES, "Glamdring", 3, [4])]


@pytest.mark.parametrize("written", ["2x Gandalf", "Gandalf x2", "Gandalf (2)", "2 x Gandalf", "x2 Gandalf",
                                     "- 2 Gandalf", "* 2x Gandalf", "• 2 Gandalf", "Gandalf\t2", "2\tGandalf",
                                     "Gandalf ×2", "Gandalf (x2)"])
def test_every_count_shape_reads_two_copies(written):
    deck = parse_text(f"Characters:\n{written}\n", path="shapes.txt")
    assert [(e.card.name, e.count) for e in deck.entries] == [("Gandalf", 2)]
    assert deck.diagnostics == []


def test_numbered_lists_number_their_items_not_their_copies():
    deck = parse_text("Resources:\n1. Glamdring\n2. Dodge x3\n", path="numbered.txt")
    assert [(e.card.name, e.count) for e in deck.entries] == [("Glamdring", 1), ("Dodge", 3)]
    assert [d.code for d in deck.diagnostics] == ["missing-count"]


def test_an_inline_list_keeps_names_that_hold_commas_whole():
    deck = parse_text("Hazards: 2 Horns, Horns, Horns; Orc-guard, 3 Wargs\n", path="inline.txt")
    assert [(e.card.name, e.count) for e in deck.entries] == [("Horns, Horns, Horns", 2), ("Orc-guard", 1),
                                                              ("Wargs", 3)]


def test_a_heading_with_its_count_on_the_label_line_is_no_card():
    deck = parse_text("Resources: 30\n3 Glamdring\nRecursos (3)\n3 Dodge\n", path="counted.txt")
    assert [(e.part, e.card.name) for e in deck.entries] == [(Part.RESOURCES, "Glamdring"), (Part.RESOURCES, "Dodge")]


@pytest.mark.parametrize("heading,part", [
    ("Personajes", Part.CHARACTERS), ("Recursos", Part.RESOURCES), ("Adversidades", Part.HAZARDS),
    ("Lugares", Part.SITES), ("Banquillo", Part.SIDEBOARD), ("Compañía inicial", Part.POOL),
    ("Personnages", Part.CHARACTERS), ("Ressources", Part.RESOURCES), ("Périls", Part.HAZARDS),
    ("Sites", Part.SITES), ("Réserve", Part.SIDEBOARD), ("Compagnie de départ", Part.POOL),
    ("Charaktere", Part.CHARACTERS), ("Ressourcen", Part.RESOURCES), ("Gefahren", Part.HAZARDS),
    ("Orte", Part.SITES), ("Startgemeinschaft", Part.POOL), ("Personaggi", Part.CHARACTERS),
    ("Risorse", Part.RESOURCES), ("Pericoli", Part.HAZARDS), ("Luoghi", Part.SITES), ("Hahmot", Part.CHARACTERS),
    ("Vaarat", Part.HAZARDS), ("Gevaren", Part.HAZARDS), ("Talon contre Sorcier déchu", Part.FW_SIDEBOARD),
])
def test_section_words_of_other_languages(heading, part):
    alone = [heading] if len(heading.split()) <= 2 else []   # a long label needs a colon, a # or a count
    for written in [f"{heading}:", f"## {heading}", f"{heading} (3)", *alone]:
        deck = parse_text(f"{written}\n3 Twilight\n", path="lang.txt")
        assert [e.written_part or e.part for e in deck.entries] == [part], written


def test_no_section_word_is_a_card_name_in_any_language():
    from deckcheck.decklist.section_words import BARE_WORDS

    catalog = load_catalog()
    assert [word for word in BARE_WORDS if catalog.by_name(word)] == []


def test_lines_outside_every_section_are_cards_titles_prose_or_reported():
    text = ("My deck for Lucca\n\nHere is what I will play.\n3 Glamdring\nAragorn II\nSome random words\n"
            "Good luck!\nlayout: wide\n\nHazards:\n3 Orc-guard\n")
    result, deck = read(text, "outside.txt")
    assert deck.name == "My deck for Lucca"
    assert [(e.part, e.card.name, e.count) for e in deck.entries] == [
        (Part.RESOURCES, "Glamdring", 3), (Part.CHARACTERS, "Aragorn II", 1), (Part.HAZARDS, "Orc-guard", 3)]
    assert [(d.line, d.code) for d in deck.diagnostics] == [(4, "no-sections"), (5, "missing-count"),
                                                            (6, "not-a-card-line")]
    assert unaccounted_lines(text, result, deck) == []


def test_text_with_no_card_at_all_is_still_no_decklist():
    from deckcheck.errors import DeckcheckError

    with pytest.raises(DeckcheckError, match="no card lines found"):
        parse_text("Hello organizers\nPlease find my deck attached\n", path="mail.txt")


def test_the_lines_of_an_unknown_section_are_listed_in_its_warning():
    text = "Resources:\n3 Glamdring\nExtras:\n2 Dodge\nRivendell\n\nHazards:\n3 Orc-guard\n"
    result, deck = read(text, "extras.txt")
    [warning] = [d for d in deck.diagnostics if d.code == "unknown-section"]
    assert (warning.line, warning.message) == (3, "unknown section 'Extras'; its 2 lines (4, 5) are not read")
    assert unaccounted_lines(text, result, deck) == []


def test_a_sentence_between_the_sections_is_prose_and_said():
    deck = parse_text("Resources:\n3 Glamdring\nThanks for reading.\nHazards:\n2 Rats!\n", path="prose.txt")
    assert [(e.card.name, e.count) for e in deck.entries] == [("Glamdring", 3), ("Rats!", 2)]
    assert [(d.line, d.code, d.severity) for d in deck.diagnostics] == [(3, "not-a-card-line", "warning")]
