"""Our own hazards at a hand reset when both sides play (`ResourcePlayer.cards_to_drop`, `held_hazards`): the
hazards the opponent's next turn can take (the hazard limit of each of its companies, coe 2.IV.iii) rank as a
2-MP character, so a hand reset (2.IV.viii, 2.VI.ii) drops a 1-MP resource before them; a hazard beyond what
that turn can take keeps its own rank and goes first. On a real duel between two ICE Challenge Decks
(Witch-king's hand against Gandalf's starting company), both ways."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.match import Duel
from deckcheck.sim.model import ROLE_ITEM, build_sim_deck
from deckcheck.sim.players.opponent import CREATURE
from deckcheck.sim.players.resource import (
    HAZARDS_PER_OPPONENT_TURN,
    HELD_HAZARD_OVER_RANK,
    ResourcePlayer,
    held_hazards,
    opponent_hazard_room,
)
from deckcheck.sim.rules.company import company_size
from deckcheck.sim.rules.keying import hazard_limit
from deckcheck.sim.side import side_of
from deckcheck.sim.tally import DuelTally, Tally
from tests._shared import DECKS, needs_decks

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"

pytestmark = needs_decks


@pytest.fixture(scope="module")
def duel():
    ours = side_of(build_sim_deck(read_deck(str(CHALLENGE / "I - Witchking - Morgul Rallying Cry"))))
    theirs = side_of(build_sim_deck(read_deck(str(CHALLENGE / "E - Gandalf - Return of the King"))))
    tallies = (Tally(turns=12, kinds=len(ours.sim.kinds)), Tally(turns=12, kinds=len(theirs.sim.kinds)))
    stats = (DuelTally(opponent_kinds=len(theirs.sim.kinds)), DuelTally(opponent_kinds=len(ours.sim.kinds)))
    return ours, Duel(ours, theirs, 0, 1, 12, tallies, stats)


def kinds(side):
    """(creatures, non-unique 1-MP items: ranked above a creature's own rank, below a held hazard's) of the
    deck."""
    sim = side.sim
    creatures = [k for k in range(len(sim.kinds)) if side.hazards.use[k] == CREATURE]
    items = [k for k in range(len(sim.kinds)) if sim.role[k] == ROLE_ITEM and not sim.unique[k] and sim.mp[k] == 1
             and side.hazard_keep[creatures[0]] < sim.keep_value[k] < HELD_HAZARD_OVER_RANK]
    return creatures, items


def room(duel) -> int:
    """What the opponent's next turn can take: the hazard limit of each of its companies."""
    b = duel.b
    return max(HAZARDS_PER_OPPONENT_TURN, sum(hazard_limit(company_size(b.sim, c.characters)) for c in b.companies))


def test_the_opponents_turn_can_take_its_companies_hazard_limits(duel):
    _ours, game = duel
    assert game.b.companies                                  # Gandalf's starting company at Rivendell
    assert room(game) == hazard_limit(company_size(game.b.sim, game.b.companies[0].characters)) >= 2
    assert opponent_hazard_room(game.b.sim, game.b.companies) == room(game)
    assert opponent_hazard_room(game.b.sim, []) == HAZARDS_PER_OPPONENT_TURN   # no company yet: at least 2


def test_a_hand_reset_drops_a_1_mp_resource_before_a_hazard_the_opponents_turn_can_take(duel):
    ours, game = duel
    a = game.a
    creatures, items = kinds(ours)
    assert creatures and items
    a.hand = [creatures[0]] + [items[0]] * 8                  # nine cards: one goes
    assert held_hazards(a, ours.hazard_keep) == [0]
    assert a.player.cards_to_drop(a, 1, None) == [items[0]]
    # without the rule (its own keep rank, as before), the creature ranks below the item and goes
    assert ours.hazard_keep[creatures[0]] < a.player.keep_value(a, items[0])


def test_a_hazard_beyond_what_the_opponents_turn_can_take_goes_first(duel):
    ours, game = duel
    a = game.a
    creatures, items = kinds(ours)
    n = room(game)
    a.hand = [creatures[0]] * (n + 1) + [items[0]] * (8 - n)  # one hazard more than the turn can take
    held = held_hazards(a, ours.hazard_keep)
    assert len(held) == n
    assert a.player.cards_to_drop(a, 1, None) == [creatures[0]]
    a.hand = [creatures[0]] * n + [items[0]] * (9 - n)       # as many as it can take: a resource goes
    assert a.player.cards_to_drop(a, 1, None) == [items[0]]


def test_a_player_whose_hazards_the_model_plays_holds_none(duel):
    ours, game = duel
    a = game.a
    creatures, items = kinds(ours)
    a.hand = [creatures[0]] + [items[0]] * 8
    assert ResourcePlayer().cards_to_drop(a, 1, None) == [creatures[0]]      # `--against`, the goldfish


def test_held_hazards_count_too_when_a_dead_card_is_in_hand(duel):
    """A unique card already in play in hand ranks the hand by (kept here, rank) pairs: the dead card goes first,
    then the 1-MP resource, not the held creature."""
    ours, game = duel
    a = game.a
    creatures, items = kinds(ours)
    sim = ours.sim
    dead = next(k for k in range(len(sim.kinds)) if sim.unique[k] and ours.hazard_keep[k] is None
                and sim.role[k] == ROLE_ITEM)
    used = set(a.used_unique)
    a.used_unique.add(dead)
    try:
        a.hand = [creatures[0]] + [items[0]] * 7 + [dead]
        assert held_hazards(a, ours.hazard_keep) == [0]
        assert a.player.cards_to_drop(a, 2, None) == [dead, items[0]]
    finally:
        a.used_unique.clear()
        a.used_unique.update(used)
