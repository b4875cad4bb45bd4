"""Choices that bring our avatar into play (coe 2.II.2.1: only at his havens or home site; The Balrog only at
The Under-gates): one copy of him not yet revealed is kept in hand before any other card (`ResourcePlayer`
`cards_to_drop`, `end_of_turn_discard`); he enters there as a company of his own, with none of ours there
(2.II.2.2.1), so no company travels for him (`characters_to_bring_in`, `players.movement._avatar_home`). Real
decks; each choice both ways."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.movement import company_destinations, plan_moves
from deckcheck.sim.players.resource import ResourcePlayer
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.organization import organize
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


# ---- he enters alone: nobody goes for him ----------------------------------------------------------------------

def test_the_balrog_enters_at_the_under_gates_with_no_company_there(balrog):
    sim = balrog
    the_balrog, gorbag = avatar_of(sim), named(sim, "Gorbag")
    gates, moria = site(sim, "The Under-gates"), site(sim, "Moria")
    assert sim.character_sites[the_balrog] == frozenset({gates})
    away = next(s for s in range(len(sim.sites)) if not sim.site_is_haven[s] and not sim.site_under_deeps[s]
                and moria in company_destinations(*_alone_at(sim, gorbag, s)))
    # no sideboard: its Hill-trolls would join him by B2 + B3 (tests/test_balrog_reserve_characters.py)
    g = scenario(sim, starting_company=False, characters=[(gorbag, away)], hand=[the_balrog], sideboard=[])
    company = g.companies[0]
    assert gates not in company_destinations(g, company)
    player = ResourcePlayer()
    assert player.characters_to_bring_in(g) == []
    assert player.character_to_play(g) == (the_balrog, gates, None)
    organize(g)
    assert [[c.kind for c in co.characters] for co in g.companies if co.site == gates] == [[the_balrog]]
    # the other way: once revealed (or without him in hand) nobody enters
    g = scenario(sim, starting_company=False, characters=[(gorbag, away)], hand=[the_balrog],
                 used_unique=[the_balrog], sideboard=[])
    g.avatar_revealed = True
    assert player.character_to_play(g) is None


def _alone_at(sim, kind: int, where: int):
    """(state, company): the character alone at `where`, for `company_destinations`."""
    g = scenario(sim, starting_company=False, characters=[(kind, where)])
    return g, g.companies[0]


def test_a_company_with_two_leaders_stays_at_its_haven_while_he_enters_at_his(balrog):
    sim = balrog
    the_balrog, umagaur, bolg = avatar_of(sim), named(sim, "Umagaur"), named(sim, "Bolg")
    gates, moria = site(sim, "The Under-gates"), site(sim, "Moria")
    assert sim.leader[umagaur] and sim.leader[bolg] and sim.site_is_haven[moria] and sim.site_is_haven[gates]
    for hand in ([the_balrog], []):        # the two leaders cannot leave their haven together, and need not
        g = scenario(sim, starting_company=False, characters=[(umagaur, moria), (bolg, moria, umagaur)], hand=hand)
        assert plan_moves(g) == []
