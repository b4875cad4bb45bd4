"""Choices that bring our avatar into play (coe 2.II.2.1: only at his havens or home site; The Balrog only at
The Under-gates): one copy of him not yet revealed is kept in hand before any other card (`ResourcePlayer`
`cards_to_drop`, `end_of_turn_discard`), and a company more than one move from where he may enter takes the
first move of the shortest way there (`players.movement.avatar_fetch`); a company going haven to haven goes as
it is, two leaders and all (it is never away from a haven). Real decks; each choice both ways."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.movement import avatar_fetch, company_destinations, plan_moves
from deckcheck.sim.players.resource import ResourcePlayer
from deckcheck.sim.scenario import scenario
from tests._shared import DECKS, GANDALF, needs_decks

pytestmark = needs_decks

RED_HILLS = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{d}_{D} The Red Hills.dck"


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def avatar_of(sim) -> int:
    return next(k for k in range(len(sim.kinds)) if sim.avatar[k])


@pytest.fixture(scope="module")
def balrog():    # The Balrog (home site The Under-gates only); Umagaur and Bolg, two leaders; Gorbag
    return build_sim_deck(read_deck(str(RED_HILLS)))


@pytest.fixture(scope="module")
def gandalf():
    return build_sim_deck(read_deck(str(GANDALF)))


# ---- the avatar's card is kept ---------------------------------------------------------------------------------

def test_one_copy_of_the_avatar_is_kept_before_any_card_playable_here(gandalf):
    sim = gandalf
    wizard, faramir = avatar_of(sim), named(sim, "Faramir")
    henneth = site(sim, "Henneth Annûn")
    playable = sorted(sim.site_playable_set[henneth], key=lambda k: -sim.mp[k])
    assert playable and sim.mp[playable[0]] > 0
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[wizard, playable[0]])
    player = ResourcePlayer()
    assert player.cards_to_drop(g, 1, henneth) == [playable[0]]      # the avatar stays
    assert player.keep_value(g, wizard) > player.keep_value(g, playable[0])
    # the other way: a second copy is dead weight, dropped first; once he is revealed every copy is
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[wizard, playable[0], wizard])
    assert player.cards_to_drop(g, 1, henneth) == [wizard] and g.hand.count(wizard) == 2
    assert player.end_of_turn_discard(g) == wizard
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[wizard, playable[0]],
                 used_unique=[wizard])
    assert player.cards_to_drop(g, 1, henneth) == [wizard]


def test_the_avatar_is_not_the_end_of_turn_discard(balrog):
    sim = balrog
    the_balrog, gorbag = avatar_of(sim), named(sim, "Gorbag")
    moria = site(sim, "Moria")
    g = scenario(sim, starting_company=False, characters=[(gorbag, moria)], hand=[the_balrog])
    assert ResourcePlayer().end_of_turn_discard(g) is None


# ---- a company goes for him ------------------------------------------------------------------------------------

def test_a_company_two_moves_away_takes_the_way_to_the_balrogs_home_site(balrog):
    sim = balrog
    the_balrog, gorbag = avatar_of(sim), named(sim, "Gorbag")
    gates, moria = site(sim, "The Under-gates"), site(sim, "Moria")
    assert sim.character_sites[the_balrog] == frozenset({gates})
    away = next(s for s in range(len(sim.sites)) if not sim.site_is_haven[s] and not sim.site_under_deeps[s]
                and moria in company_destinations(*_alone_at(sim, gorbag, s)))
    g = scenario(sim, starting_company=False, characters=[(gorbag, away)], hand=[the_balrog])
    company = g.companies[0]
    assert gates not in company_destinations(g, company)
    assert avatar_fetch(g, ResourcePlayer().characters_to_bring_in(g)) == (company, moria)
    assert plan_moves(g) == [(company, moria)]
    # the other way: without him in hand nobody goes (the company plans as it would)
    g = scenario(sim, starting_company=False, characters=[(gorbag, away)], hand=[])
    assert avatar_fetch(g, ResourcePlayer().characters_to_bring_in(g)) is None


def _alone_at(sim, kind: int, where: int):
    """(state, company): the character alone at `where`, for `company_destinations`."""
    g = scenario(sim, starting_company=False, characters=[(kind, where)])
    return g, g.companies[0]


def test_a_company_with_two_leaders_goes_haven_to_haven_for_him(balrog):
    sim = balrog
    the_balrog, umagaur, bolg = avatar_of(sim), named(sim, "Umagaur"), named(sim, "Bolg")
    gates, moria = site(sim, "The Under-gates"), site(sim, "Moria")
    assert sim.leader[umagaur] and sim.leader[bolg] and sim.site_is_haven[moria] and sim.site_is_haven[gates]
    g = scenario(sim, starting_company=False, characters=[(umagaur, moria), (bolg, moria, umagaur)],
                 hand=[the_balrog])
    company = g.companies[0]
    assert plan_moves(g) == [(company, gates)]
    # the other way: without the avatar to fetch, the two leaders cannot leave their haven together
    g = scenario(sim, starting_company=False, characters=[(umagaur, moria), (bolg, moria, umagaur)], hand=[])
    assert plan_moves(g) == []
