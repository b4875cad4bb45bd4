"""Corruption mechanics checked against the rules (issue 22's audit): each fact the importer reads, the rule it
feeds and a scenario of real decks with fixed rolls, both ways.

- A character's own corruption check modification (coe 7.1, the glossary's "corruption check modifier"): the
  text's "-1 to all of his corruption checks" / "All of his corruption checks are modified by +2", which 22
  characters (Bilbo, Pippin, Robin Smallburrow, Bofur, Orc Tracker...) state without a `corruption` attribute.
"""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import character_facts, load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.turn.hazards import check_corruption
from tests._shared import DECKS, needs_decks

ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"
DWARVES = ZARA / "{F}_{F}{R} Lucky Search.dck"                   # Bofur (-1), Strider
HOBBITS = ZARA / "{F}_{F}{R} All's Well That Ends Well.dck"      # Robin Smallburrow (+2), Bilbo (+4)
INDUR = DECKS / "council-of-rivendell" / "Challenge Decks" / "J - Indur - Seducing Nations of Men"


@pytest.fixture(scope="module")
def sides():
    if not all(p.exists() for p in (DWARVES, HOBBITS, INDUR)):
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {name: side_of(build_sim_deck(read_deck(str(path))))
            for name, path in (("dwarves", DWARVES), ("hobbits", HOBBITS), ("indur", INDUR))}


def kind(side, name: str) -> int:
    return next(k for k, c in enumerate(side.sim.kinds) if c.name == name)


def lone_check(sides, ours: str, name: str, roll: int) -> bool:
    """`name` alone at Rivendell under Alone and Unadvised (4 corruption points, +1 for his company of one)
    makes one corruption check on `roll`; True if he is still in play."""
    us, them = sides[ours], sides["indur"]
    rivendell = next(i for i, s in enumerate(us.sim.sites) if s.name == "Rivendell")
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=[roll],
                 characters=[(kind(us, name), rivendell)])
    company = g.companies[0]
    character = company.characters[0]
    g.corruption_on[character] = [kind(them, "Alone and Unadvised")]
    return check_corruption(g, company, character, 0, None, support=0)


# ---- a character's own corruption check modification ---------------------------------------------------------

def test_the_importer_reads_the_modification_the_text_states():
    characters = load_combat_facts()["characters"]
    assert characters["TW-132"]["check_modifier"] == -1        # Bofur: no attribute, "-1 to all of his ..."
    assert characters["TW-131"]["check_modifier"] == 4         # Bilbo: "... are modified by +4"
    assert characters["TW-179"]["check_modifier"] == 2         # Robin Smallburrow
    assert characters["LE-34"]["check_modifier"] == -1         # Orc Tracker: "-1 to all corruption checks"
    assert characters["TW-156"]["check_modifier"] == 1         # Gandalf: the attribute says it too
    assert "check_modifier" not in characters.get("TW-120", {})     # Aragorn II: none
    assert sum("check_modifier" in v for v in characters.values()) == 38
    assert character_facts({"text": {"en": "Unique. -1 to all of his corruption checks."}}) == {"check_modifier": -1}
    assert character_facts({"text": {"en": "Unique. +2 direct influence against Orcs."}}) == {}


@needs_decks
def test_a_minus_one_in_the_text_fails_a_check_that_would_pass(sides):
    """Roll 4 + 1 (company of one) = 5 against 4 points passes for Strider; Bofur's -1 makes it 4: discarded."""
    assert lone_check(sides, "dwarves", "Strider", 4)
    assert not lone_check(sides, "dwarves", "Bofur", 4)


@needs_decks
def test_a_plus_two_in_the_text_passes_a_check_that_would_fail(sides):
    """Roll 2 + 1 = 3 against 4 points fails; Robin Smallburrow's +2 makes it 5: he passes (Bilbo's +4 too)."""
    assert not lone_check(sides, "dwarves", "Strider", 2)
    assert lone_check(sides, "hobbits", "Robin Smallburrow", 2)
    assert lone_check(sides, "hobbits", "Bilbo", 1 + 0)
