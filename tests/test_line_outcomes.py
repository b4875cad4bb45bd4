"""The builder keeps the outcome of a line that says nothing (decklist/build.py, QUIET_OUTCOMES) and works out
every other line again: a deck reads the same after other decks that wrote the same lines elsewhere, with its own
line numbers in every entry, message and reading."""

from __future__ import annotations

from deckcheck.cards.catalog import CARD_DB, load_catalog_from
from deckcheck.decklist.build import QUIET_OUTCOMES, build_deck
from deckcheck.decklist.detect import read_text_as

# Quiet lines (Dodge, Orc-guard), lines that say something (a misspelt name, a card under another role's heading,
# an untagged name whose version the alignment chooses) and a line that names no card.
FIRST = "Characters:\n2 Gandalf\n3 Glamdrng\nResources:\n3 Dodge\nHazards:\n3 Orc-guard\n1 No Such Card\n"
# The same lines, each at another line number, and Dodge also under the hazards' heading.
SECOND = ("Hazards:\n3 Orc-guard\n1 No Such Card\n2 Dodge\n\nResources:\n3 Dodge\n\nCharacters:\n3 Glamdrng\n"
          "2 Gandalf\n")


def read(text: str, catalog, path: str) -> dict:
    deck = build_deck(read_text_as(text, path), path, catalog=catalog)
    return {"entries": [(e.part.value, e.count, e.written, e.lines, e.card and e.card.id, e.problem,
                         e.written_part and e.written_part.value, e.untold_version) for e in deck.entries],
            "diagnostics": [(d.line, d.code, d.message) for d in deck.diagnostics],
            "readings": [(r.line, r.kind, r.why) for r in deck.readings]}


def test_a_deck_reads_the_same_after_another_deck_wrote_its_lines_elsewhere():
    catalog = load_catalog_from(CARD_DB)
    read(FIRST, catalog, "first")
    assert catalog.memo(QUIET_OUTCOMES)        # the quiet lines of the first deck were kept
    after = read(SECOND, catalog, "second")
    assert after == read(SECOND, load_catalog_from(CARD_DB), "second")
    assert ("hazards", 3, "Orc-guard", [2], "TW-72", None, None, True) in after["entries"]
    assert ("resources", 5, "Dodge", [4, 7], "TW-209", None, "hazards", True) in after["entries"]
    assert ("resources", 3, "Glamdrng", [10], "TW-244", None, "characters", True) in after["entries"]
    assert [(line, code) for line, code, _ in after["diagnostics"]] == [
        (3, "unknown-card"), (10, "name-corrected"), (4, "misplaced-card"), (10, "misplaced-card")]
    assert {(line, kind) for line, kind, _ in after["readings"]} == {(10, "near-miss"), (11, "version")}


def test_only_lines_that_say_nothing_are_kept():
    catalog = load_catalog_from(CARD_DB)
    read(FIRST, catalog, "first")
    kept = {key[0] for key in catalog.memo(QUIET_OUTCOMES)}
    assert {"Dodge", "Orc-guard"} <= kept
    assert not kept & {"Glamdrng", "No Such Card"}
