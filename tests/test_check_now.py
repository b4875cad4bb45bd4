"""Corruption short-events that force one check at once: Dragon-sickness ("Playable on a character bearing a major
or greater item. Character makes a corruption check modified by -1.") and Weariness of the Heart ("...
Alternatively, target character makes a corruption check."). The facts read out of their text (`check_now`,
`bearing`), the hazard player's target (`HazardPlayer.corruption_target`) and the check (`turn.hazards`), on a
scenario of two ICE Challenge Decks: Gandalf's company moving against Indûr's hazards, with fixed rolls."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.hazard_events import RESOURCE
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.state import OCCUPIED
from deckcheck.sim.turn.hazards import hazard_phase
from tests._shared import CHALLENGE, needs_decks


def test_the_importer_reads_the_checks_at_once():
    cards = load_combat_facts()["corruption_cards"]
    assert cards["TD-18"] == {"corruption": 0, "modelled": True, "check_now": -1,
                              "bearing": ["major", "greater"]}                            # Dragon-sickness
    assert cards["LE-149"] == {"corruption": 0, "modelled": True, "check_now": 0}        # Weariness of the Heart


@pytest.fixture(scope="module")
def sides():
    def side(name):
        return side_of(build_sim_deck(read_deck(str(CHALLENGE / name))))

    return side("E - Gandalf - Return of the King"), side("J - Indur - Seducing Nations of Men")


def kind(side, name: str) -> int:
    return next(k for k, c in enumerate(side.sim.kinds) if c.name == name)


def moved(sides, hand: list[str], items: list[str], rolls=(7,)):
    """Aragorn II bearing `items` and Faramir, Rivendell to Lórien; Indûr's hazard hand (by name)."""
    us, them = sides
    sim = us.sim
    start, end = (next(i for i, s in enumerate(sim.sites) if s.name == n) for n in ("Rivendell", "Lórien"))
    g = scenario(sim, starting_company=False, us=us, against=them, rolls=rolls,
                 characters=[(kind(us, n), start) for n in ("Aragorn II", "Faramir")])
    aragorn = g.companies[0].characters[0]
    for item in items:
        aragorn.holdings.append(kind(us, item))
    g.hazards.cards.hand = [kind(them, n) for n in hand]
    g.hazards.cards.deck = [next(k for k in range(len(them.sim.kinds)) if them.hazards.use[k] == RESOURCE)] * 10
    company = g.companies[0]
    company.site = end
    g.occupy(end)
    hazard_phase(g, company, start, end, OCCUPIED)
    return g, company, aragorn


@needs_decks
def test_dragon_sickness_on_the_bearer_of_a_major_item_whose_check_may_fail(sides):
    """Aragorn with Glamdring and Narsil (3 corruption points): 2D6 - 1 at most 3 fails; a roll of 2 eliminates
    him (a hero: discarded), and the card goes to the discard pile, on no one."""
    us, them = sides
    sickness = kind(them, "Dragon-sickness")
    g, company, aragorn = moved(sides, ["Dragon-sickness"], ["Glamdring", "Narsil"], rolls=(2,))
    assert g.stats.hazards_played[sickness] == 1 and sickness in g.hazards.cards.discard
    assert aragorn not in company.characters and not g.corruption_on.get(aragorn)


@needs_decks
def test_no_major_item_no_dragon_sickness_and_a_check_passed_keeps_him(sides):
    us, them = sides
    sickness = kind(them, "Dragon-sickness")
    g, company, aragorn = moved(sides, ["Dragon-sickness"], ["Elf-stone"], rolls=(2,))     # a minor item only
    assert g.stats.hazards_played[sickness] == 0 and aragorn in company.characters
    g, company, aragorn = moved(sides, ["Dragon-sickness"], ["Glamdring"], rolls=(3,))     # 3 - 1 > 1: passes
    assert g.stats.hazards_played[sickness] == 1 and aragorn in company.characters


@needs_decks
def test_weariness_of_the_heart_forces_a_plain_check(sides):
    us, them = sides
    weariness = kind(them, "Weariness of the Heart")
    g, company, aragorn = moved(sides, ["Weariness of the Heart"], ["Glamdring", "Narsil"], rolls=(12,))
    assert g.stats.hazards_played[weariness] == 1 and aragorn in company.characters      # 12 > 3: passes
