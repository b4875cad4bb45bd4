"""The sideboard exchange at an exhaustion (coe 2.4: "may exchange up to five cards between their discard pile and
sideboard"): the rule (`GameState._exhaust`: five at most, Sudden Call's fetch one of them) and the choice
(`players.sideboard.sideboard_exchange`: a dead card of the discard pile out for a sideboard card worth MP, the
best first, a card kept against the hazards staying). A real tournament deck whose sideboard holds factions and
items; each both ways."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.sideboard import sideboard_exchange
from deckcheck.sim.rules.hand import EXCHANGED_AT_EXHAUSTION
from deckcheck.sim.scenario import scenario
from tests._shared import DECKS, needs_decks

pytestmark = needs_decks

STARGAZING = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{F}_{D} Stargazing.dck"


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


@pytest.fixture(scope="module")
def stargazing():   # Pallando's deck: Southrons (5 MP), Aiglos (5), Tom Bombadil... in the sideboard
    return build_sim_deck(read_deck(str(STARGAZING)))


def test_the_sideboard_holds_its_resources_and_characters_not_its_hazards(stargazing):
    sim = stargazing
    southrons = named(sim, "Southrons")
    assert southrons in sim.sideboard and southrons not in sim.play_deck
    assert all(sim.kinds[k].type in ("Resource", "Character") and not sim.avatar[k] for k in sim.sideboard)


def test_a_dead_card_goes_out_for_the_best_card_of_the_sideboard(stargazing):
    sim = stargazing
    wizard = next(k for k in range(len(sim.kinds)) if sim.avatar[k])
    southrons, aiglos = named(sim, "Southrons"), named(sim, "Aiglos")
    g = scenario(sim, discard=[wizard], used_unique=[wizard])     # a second Pallando: dead once he is in play
    plan = sideboard_exchange(g, EXCHANGED_AT_EXHAUSTION)
    assert len(plan) == 1 and plan[0][0] == wizard and plan[0][1] in (southrons, aiglos)
    assert sim.mp[plan[0][1]] == max(sim.mp[k] for k in sim.sideboard)
    # the other way: a card worth keeping stays, and nothing comes in for it
    assert sideboard_exchange(scenario(sim, discard=[southrons], sideboard=[aiglos]), 5) == []
    # nor a unique card whose copy is in the discard pile already
    g = scenario(sim, discard=[wizard, aiglos], used_unique=[wizard], sideboard=[aiglos])
    assert sideboard_exchange(g, 5) == []


def test_no_more_than_the_room_and_one_for_one(stargazing):
    sim = stargazing
    wizard = next(k for k in range(len(sim.kinds)) if sim.avatar[k])
    g = scenario(sim, discard=[wizard] * 7, used_unique=[wizard])
    plan = sideboard_exchange(g, EXCHANGED_AT_EXHAUSTION)
    assert len(plan) == EXCHANGED_AT_EXHAUSTION
    assert len({k for _, k in plan if sim.unique[k]}) == sum(1 for _, k in plan if sim.unique[k])
    assert len(sideboard_exchange(g, 2)) == 2 and sideboard_exchange(g, 0) == []


def test_a_card_kept_against_the_hazards_stays_in_the_discard_pile(stargazing):
    sim = stargazing
    cock_crows = named(sim, "The Cock Crows")      # worth no MP: spent on the model's hazards
    assert sim.cancels[cock_crows]
    # alone (no hazards) it is a card worth nothing: out; against the hazard model it cancels: kept
    assert [out for out, _ in sideboard_exchange(scenario(sim, discard=[cock_crows]), 5)] == [cock_crows]
    assert sideboard_exchange(scenario(sim, discard=[cock_crows], hazards="light"), 5) == []


def test_the_exhaustion_exchanges_them_before_the_reshuffle(stargazing):
    sim = stargazing
    wizard = next(k for k in range(len(sim.kinds)) if sim.avatar[k])
    filler = named(sim, "Southrons")
    g = scenario(sim, hand=[], deck=[filler], discard=[wizard], used_unique=[wizard])
    before = len(g.sideboard)
    g.draw(1)                                 # the last card: exhausted, the discard pile becomes the deck
    assert g.exhaustions == 1 and wizard not in g.deck and wizard in g.sideboard
    assert len(g.deck) == 1 and sim.mp[g.deck[0]] > 0 and len(g.sideboard) == before
    # the other way: with nothing dead to give, the sideboard stays as it was
    g = scenario(sim, hand=[], deck=[filler], discard=[filler])
    sideboard = list(g.sideboard)
    g.draw(1)
    assert g.deck == [filler] and g.sideboard == sideboard
