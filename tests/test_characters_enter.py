"""Choices that let the hand's characters enter play (coe 2.II.2, 2.II.3.2): a company away from a haven goes
to one to bring in a character worth more than any site in reach (`haven_to_bring_in`), and characters under
general influence move under another's direct influence to make room (`followers_to_free`). Real Challenge
Decks; each choice both ways."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.movement import company_destinations, plan_moves
from deckcheck.sim.players.resource import ResourcePlayer
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.organization import organize
from tests._shared import CHALLENGE, DECKS, GANDALF, needs_decks

pytestmark = needs_decks


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


@pytest.fixture(scope="module")
def gandalf():   # Faramir (home Henneth Annûn), Aragorn II (mind 9, 3 MP: only at a haven here), Imrahil (Dol Amroth)
    return build_sim_deck(read_deck(str(GANDALF)))


@pytest.fixture(scope="module")
def pallando():  # Thorin II: DI 2, +2 against Dwarves; Kíli (Dwarf, 3), Boromir II (Dúnadan, 4), Celeborn (6, 2 MP)
    return build_sim_deck(read_deck(str(CHALLENGE / "C - Pallando - Dwarven Quest")))


# ---- a company goes to a haven to bring a character in -------------------------------------------------------

def test_a_character_with_room_enters_as_a_company_of_his_own_at_a_haven(gandalf):
    # coe 2.II.2.2.1: under general influence, "into a preexisting company or its own new company"
    sim = gandalf
    faramir, aragorn, wizard = named(sim, "Faramir"), named(sim, "Aragorn II"), named(sim, "Gandalf")
    henneth = site(sim, "Henneth Annûn")
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[aragorn])
    player = ResourcePlayer()
    kind, where, controller = player.character_to_play(g)
    assert (kind, controller) == (aragorn, None) and sim.site_is_haven[where] and where != henneth
    assert player.characters_to_bring_in(g) == []          # nobody travels for him
    organize(g)
    assert [c.kind for c in next(co for co in g.companies if co.site == where).characters] == [aragorn]
    # with the avatar in play he may enter only at the avatar's site (2.II.2.2): not alone
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth), (wizard, henneth)], hand=[aragorn])
    assert player.character_to_play(g) is None


def test_a_company_goes_to_a_haven_to_bring_in_a_character_worth_more_than_any_site(gandalf):
    # the avatar in play away from a haven: the character enters only in his company (coe 2.II.2.2)
    sim = gandalf
    faramir, aragorn, wizard = named(sim, "Faramir"), named(sim, "Aragorn II"), named(sim, "Gandalf")
    henneth, lorien = site(sim, "Henneth Annûn"), site(sim, "Lórien")
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth), (wizard, henneth)], hand=[aragorn])
    company = g.companies[0]
    reach = company_destinations(g, company)
    assert lorien in reach and henneth not in sim.character_sites[aragorn]
    player = ResourcePlayer()
    assert player.characters_to_bring_in(g) == [aragorn]
    assert player.haven_to_bring_in(g, company, reach, 0.0, [aragorn]) == (lorien, aragorn)
    assert plan_moves(g) == [(company, lorien)]
    # not for a character another company already goes for, nor when a site is worth more (10 per MP)
    assert player.haven_to_bring_in(g, company, reach, 0.0, []) is None
    assert player.haven_to_bring_in(g, company, reach, 10.0 * sim.mp[aragorn] + sim.mind[aragorn], [aragorn]) is None


def test_a_company_does_not_go_for_a_character_no_influence_could_take_there(gandalf):
    sim = gandalf
    faramir, aragorn = named(sim, "Faramir"), named(sim, "Aragorn II")
    henneth = site(sim, "Henneth Annûn")
    # general influence full (Faramir's DI 0 cannot take him): a haven would not let him in
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[aragorn],
                 general_influence=sim.mind[faramir] + sim.mind[aragorn] - 1)
    company = g.companies[0]
    player = ResourcePlayer()
    assert player.characters_to_bring_in(g) == []
    assert player.haven_to_bring_in(g, company, company_destinations(g, company), 0.0, [aragorn]) is None


def test_a_haven_before_a_home_site_and_none_where_a_company_already_is(gandalf):
    sim = gandalf
    faramir, imrahil = named(sim, "Faramir"), named(sim, "Imrahil")
    henneth, lorien, amroth = site(sim, "Henneth Annûn"), site(sim, "Lórien"), site(sim, "Dol Amroth")
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[imrahil])
    company = g.companies[0]
    reach = company_destinations(g, company)
    assert {lorien, amroth} <= reach and {lorien, amroth} <= sim.character_sites[imrahil]
    assert ResourcePlayer().haven_to_bring_in(g, company, reach, 0.0, [imrahil]) == (lorien, imrahil)
    # a company already at one of his sites: he waits for the organization phase there, nobody travels for him
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth), (named(sim, "Beretar"), lorien)],
                 hand=[imrahil])
    assert ResourcePlayer().characters_to_bring_in(g) == []


# ---- general influence freed by moving a character under direct influence (coe 2.II.3.2) ---------------------

def test_a_character_moves_under_direct_influence_to_make_room_for_one_waiting(pallando):
    sim = pallando
    thorin, kili, celeborn = named(sim, "Thorin II"), named(sim, "Kíli"), named(sim, "Celeborn")
    haven = sim.start_site
    assert sim.site_is_haven[haven] and haven in sim.character_sites[celeborn]
    # Celeborn (6) lacks 3 of general influence; Kíli (a Dwarf, 3) fits Thorin's 2 + 2 against Dwarves
    total = sim.mind[thorin] + sim.mind[kili] + sim.mind[celeborn] - 3
    g = scenario(sim, starting_company=False, characters=[(thorin, haven), (kili, haven)], hand=[celeborn],
                 general_influence=total)
    thorin_c, kili_c = g.companies[0].characters
    assert ResourcePlayer().followers_to_free(g) == [(kili_c, thorin_c)]
    organize(g)
    assert kili_c.controller is thorin_c and celeborn in [c.kind for c in g.companies[0].characters]
    assert g.gi_used == sim.mind[thorin] + sim.mind[celeborn] <= g.gi_max


def test_no_move_that_makes_no_room_or_that_nobody_needs(pallando):
    sim = pallando
    thorin, kili, celeborn = named(sim, "Thorin II"), named(sim, "Kíli"), named(sim, "Celeborn")
    boromir = named(sim, "Boromir II")
    haven = sim.start_site
    player = ResourcePlayer()
    # a Dúnadan of mind 4: Thorin's restricted influence is for Dwarves, his own 2 too little
    total = sim.mind[thorin] + sim.mind[boromir] + sim.mind[celeborn] - 3
    g = scenario(sim, starting_company=False, characters=[(thorin, haven), (boromir, haven)], hand=[celeborn],
                 general_influence=total)
    assert player.followers_to_free(g) == []
    # Kíli's 3 is too little when Celeborn lacks 4
    g = scenario(sim, starting_company=False, characters=[(thorin, haven), (kili, haven)], hand=[celeborn],
                 general_influence=total - 1 - sim.mind[boromir] + sim.mind[kili])
    assert g.gi_used + sim.mind[celeborn] - g.gi_max == 4 and player.followers_to_free(g) == []
    # nobody waits: nothing moves
    g = scenario(sim, starting_company=False, characters=[(thorin, haven), (kili, haven)], hand=[],
                 general_influence=sim.mind[thorin] + sim.mind[kili])
    assert player.followers_to_free(g) == []


# ---- why a character stays in hand (benchmarks/behaviour.py) --------------------------------------------------

def test_the_reason_a_character_stays_in_hand(gandalf):
    from benchmarks.behaviour import HELD_BACK, INFLUENCE, NO_PLACE, ONE_A_TURN, UNIQUE, entry_blocker

    sim = gandalf
    faramir, aragorn = named(sim, "Faramir"), named(sim, "Aragorn II")
    henneth, lorien = site(sim, "Henneth Annûn"), site(sim, "Lórien")
    # away from every haven, room in general influence: a place is what it lacks
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[aragorn])
    assert entry_blocker(g, aragorn, entered=False) == NO_PLACE
    # general influence full and nobody's direct influence for him: no haven would help
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[aragorn],
                 general_influence=sim.mind[faramir] + sim.mind[aragorn] - 1)
    assert entry_blocker(g, aragorn, entered=False) == INFLUENCE
    # at a haven with room: he could enter; another did (one a turn), or the player kept him back
    g = scenario(sim, starting_company=False, characters=[(faramir, lorien)], hand=[aragorn])
    assert entry_blocker(g, aragorn, entered=True) == ONE_A_TURN
    assert entry_blocker(g, aragorn, entered=False) == HELD_BACK
    g = scenario(sim, starting_company=False, characters=[(faramir, lorien)], hand=[aragorn], used_unique=[aragorn])
    assert entry_blocker(g, aragorn, entered=False) == UNIQUE


def test_the_avatar_enters_at_his_haven_with_no_company_there(gandalf):
    # coe 2.II.2.1.W1: at his home site or Rivendell, as his own company; nobody travels to bring him in
    sim = gandalf
    faramir, wizard = named(sim, "Faramir"), next(k for k in range(len(sim.kinds)) if sim.avatar[k])
    henneth = site(sim, "Henneth Annûn")
    g = scenario(sim, starting_company=False, characters=[(faramir, henneth)], hand=[wizard])
    player = ResourcePlayer()
    assert henneth not in sim.character_sites[wizard] and sim.mp[wizard] == 0
    assert player.characters_to_bring_in(g) == []
    kind, where, controller = player.character_to_play(g)
    assert (kind, controller) == (wizard, None) and where in sim.character_sites[wizard] and where != henneth
    # the other way: once an avatar is revealed, none enters
    g.avatar_revealed = True
    assert player.character_to_play(g) is None and player.characters_to_bring_in(g) == []


def test_alone_only_at_a_haven_not_at_one_of_dozens_of_home_sites():
    # Alatar may be revealed at any of forty sites of this deck, none a haven (Deep Mines, with no way out in the
    # location deck, among them): he waits for a company at one; there he enters
    sim = build_sim_deck(read_deck(str(DECKS / "gccg-restoration" / "Contrib" / "zara"
                                       / "{R}A_{F}{R} The Bounty of Earcaraxe.dck")))
    alatar, faramir = named(sim, "Alatar"), named(sim, "Faramir")
    towers = next(i for i, s in enumerate(sim.sites) if s.name == "The White Towers" and sim.site_is_haven[i])
    homes = sim.character_sites[alatar]
    assert len(homes) > 30 and not any(sim.site_is_haven[s] for s in homes) and towers not in homes
    g = scenario(sim, starting_company=False, characters=[(faramir, towers)], hand=[alatar])
    assert ResourcePlayer().character_to_play(g) is None
    there = next(s for s in sorted(homes) if sim.neighbours[s])
    g = scenario(sim, starting_company=False, characters=[(faramir, there)], hand=[alatar])
    assert ResourcePlayer().character_to_play(g) == (alatar, there, None)
