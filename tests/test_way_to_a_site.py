"""A company plans the way to a card's site beyond one move (`players.movement.toward_best_site`, over
`ways_from`): when nothing is worth going to within one move, and no haven in reach opens the way to one, it
takes the first move toward the best site the hand can use, worth divided by the moves there. A real Balrog deck
(The Balrog, a ranger, may not use region movement: Moria leads only to The Under-gates); both ways."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.movement import company_destinations, plan_moves, toward_best_site, ways_from
from deckcheck.sim.scenario import scenario
from tests._shared import needs_decks
from tests.test_avatar_comes_in import RED_HILLS, named, site

pytestmark = needs_decks


@pytest.fixture(scope="module")
def balrog():
    return build_sim_deck(read_deck(str(RED_HILLS)))


def _balrog_at_moria(sim, hand):
    the_balrog = next(k for k in range(len(sim.kinds)) if sim.avatar[k])
    g = scenario(sim, starting_company=False, characters=[(the_balrog, site(sim, "Moria"))], hand=hand)
    g.avatar_revealed = True
    return g, g.companies[0]


def test_the_ways_from_a_site_count_the_moves_and_name_the_first(balrog):
    sim = balrog
    g, company = _balrog_at_moria(sim, [])
    gates, galleries = site(sim, "The Under-gates"), site(sim, "The Under-galleries")
    reach = company_destinations(g, company)
    assert reach == frozenset({gates})                     # no region movement with The Balrog
    ways = ways_from(g, company, reach)
    assert ways[gates] == (1, gates)
    assert ways[galleries][0] >= 2 and ways[galleries][1] == gates
    assert all(moves >= 1 for moves, _ in ways.values()) and site(sim, "Moria") not in ways


def test_a_company_takes_the_way_to_a_card_two_moves_off_and_not_without_it(balrog):
    sim = balrog
    maps = named(sim, "Maker’s Map")                       # a ranger, at a site where Information is playable
    gates = site(sim, "The Under-gates")
    g, company = _balrog_at_moria(sim, [maps])
    reach = company_destinations(g, company)
    assert reach.isdisjoint(sim.play_sites[maps])
    assert toward_best_site(g, company, reach, {site(sim, "The Under-galleries"): 21.0}, set()) == gates
    assert plan_moves(g) == [(company, gates)]
    # the other way: nothing in hand to play, or the site another company goes to: no way taken
    g, company = _balrog_at_moria(sim, [])
    assert plan_moves(g) == []
    galleries = site(sim, "The Under-galleries")
    assert toward_best_site(g, company, reach, {galleries: 21.0}, {galleries}) is None
