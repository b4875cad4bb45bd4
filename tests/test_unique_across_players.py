"""A unique card across both players (coe: "If a card is 'unique' or 'cannot be duplicated,' only one such card can
be in play or otherwise in effect at a time, across both your cards and your opponent's cards") and the Free
Council's duplicates (10.3.v: "Each player may reveal any cards in their hand that would normally give the
revealing player marshalling points when played if the card(s) match a unique card or manifestation of a card
(regardless of alignment) that is giving their opponent at least one marshalling point ... reduced by one
point"): `rules.play.rival_conflicts`, `rival_holds`, `rules.council.duplicates_revealed`, on ICE Challenge
Decks that share unique cards (C and D: Iron Hill Dwarves; B's Gollum and F's Stinker, his manifestation)."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.council import duplicates_revealed
from deckcheck.sim.rules.play import may_play, rival_conflicts, rival_holds
from deckcheck.sim.scenario import scenario
from tests._shared import CHALLENGE, needs_decks


@pytest.fixture(scope="module")
def sims():
    names = {"B": "B - Alatar - Release of Prisoners", "C": "C - Pallando - Dwarven Quest",
             "D": "D - Radagast - Bargain Between Friends", "F": "F - Adunaphel - Spies and Traitors"}
    return {k: build_sim_deck(read_deck(str(CHALLENGE / v))) for k, v in names.items()}


def kind(sim, name: str) -> int:
    return next(k for k, c in enumerate(sim.kinds) if c.name == name)


def rivals(a, b):
    """Two players' games, each the other's rival (as a duel links them)."""
    one, two = scenario(a), scenario(b)
    one.rival, two.rival = two, one
    return one, two


@needs_decks
def test_the_same_unique_card_or_a_manifestation_of_it_conflicts(sims):
    c, d, b, f = sims["C"], sims["D"], sims["B"], sims["F"]
    assert rival_conflicts(d, c)[kind(d, "Iron Hill Dwarves")] == (kind(c, "Iron Hill Dwarves"),)
    assert rival_conflicts(f, b)[kind(f, "Stinker")] == (kind(b, "Gollum"),)    # "Manifestation of Gollum"
    assert rival_conflicts(d, c)[kind(d, "Noble Steed")] == ()                  # not unique


@needs_decks
def test_a_freed_rivals_reused_id_never_serves_its_conflicts(sims):
    """The memo is keyed by id(): a rival deck freed after one duel can leave its id to the next rival, whose
    kinds are numbered otherwise (a stale list indexed the new rival's cards out of range on a fresh machine)."""
    c, d, f = sims["C"], sims["D"], sims["F"]
    stale = rival_conflicts(d, c)
    d.memo[("rival_conflicts", id(f))] = d.memo[("rival_conflicts", id(c))]     # as if f now lived where c did
    fresh = rival_conflicts(d, f)
    assert fresh is not stale and all(j < len(f.kinds) for js in fresh for j in js)
    assert fresh[kind(d, "Iron Hill Dwarves")] == ()                             # F holds no Iron Hill Dwarves


@needs_decks
def test_the_opponents_unique_in_play_keeps_ours_out(sims):
    c, d = sims["C"], sims["D"]
    ours, theirs = rivals(d, c)
    dwarves = kind(d, "Iron Hill Dwarves")
    assert not rival_holds(ours, dwarves)
    theirs.in_play[kind(c, "Iron Hill Dwarves")] = 1
    assert rival_holds(ours, dwarves) and not may_play(ours, dwarves)
    alone = scenario(d)                          # no rival (goldfish, or only the opponent's hazards)
    assert not rival_holds(alone, dwarves)


@needs_decks
def test_a_duplicate_in_hand_costs_the_opponent_a_point_at_the_free_council(sims):
    c, d = sims["C"], sims["D"]
    ours, theirs = rivals(d, c)
    ours.hand = [kind(d, "Iron Hill Dwarves"), kind(d, "Noble Steed")]
    assert duplicates_revealed(ours, theirs) == 0
    theirs.in_play[kind(c, "Iron Hill Dwarves")] = 1
    assert duplicates_revealed(ours, theirs) == 1
    assert duplicates_revealed(theirs, ours) == 0
