"""Build small decks from catalog ids and run one rule code over them (tests of rules-B's rule families).

A deck here is only the parts a rule looks at; other rules' violations are ignored by `found`.
"""

from __future__ import annotations

from deckcheck.cards.catalog import load_catalog
from deckcheck.decklist.model import Deck, DeckEntry, Part
from deckcheck.rules import validate
from deckcheck.rules.registry import Violation

PARTS = {"pool": Part.POOL, "characters": Part.CHARACTERS, "resources": Part.RESOURCES, "hazards": Part.HAZARDS,
         "play": Part.PLAY, "sideboard": Part.SIDEBOARD, "fw_sideboard": Part.FW_SIDEBOARD, "sites": Part.SITES}


def card(card_id: str):
    found = load_catalog().by_id(card_id)
    assert found is not None, f"no card {card_id} in the catalog"
    return found


def deck(*, alignment: str | None = None, avatar: str | None = None, **parts: list) -> Deck:
    """`deck(pool=["TW-123", ("TW-206", 2)], resources=[...])`: ids, or (id, count); lines numbered in order."""
    entries, line = [], 0
    for part_name, items in parts.items():
        for item in items:
            card_id, count = (item, 1) if isinstance(item, str) else item
            line += 1
            found = card(card_id)
            entries.append(DeckEntry(part=PARTS[part_name], count=count, written=found.name, lines=[line],
                                     card=found))
    return Deck(path="<test>", alignment=alignment, avatar=avatar, entries=entries)


def found(code: str, the_deck: Deck, *, ruleset: str, alignment: str, length: int = 2) -> list[Violation]:
    """The violations of `code` in the deck under the ruleset."""
    verdict = validate(the_deck, ruleset=ruleset, alignment=alignment, length=length)
    return [v for v in verdict.violations if v.code == code]


def messages(violations: list[Violation]) -> str:
    return " | ".join(v.message for v in violations)


RULES_B_CODES = ("alignment-card", "banned-card", "specific-card", "pool-size", "starting-size", "starting-mind",
                 "starting-items", "mind-limit", "mind-enablers", "stage-points", "stage-playable", "starting-race",
                 "character-race", "faction-race")


def corpus(relative: str, *, ruleset: str = "coe", codes=RULES_B_CODES) -> list[Violation]:
    """The violations of rules-B's codes in a real deck of ../shared/decks (its alignment inferred)."""
    from deckcheck.decklist import read_deck
    from tests._shared import DECKS

    verdict = validate(read_deck(DECKS / relative), ruleset=ruleset)
    return [v for v in verdict.violations if v.code in codes]
