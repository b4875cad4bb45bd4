"""The rules the referee checks, kept by the engine (issue 22, "the referee at zero"): each on a scenario of a real
deck both ways — what would break the rule is not done (the company is not formed, the move or play is refused,
the card goes), what keeps it still happens."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.movement import plan_moves
from deckcheck.sim.players.resource import ResourcePlayer
from deckcheck.sim.referee import Referee
from deckcheck.sim.rules.company import may_be_away, may_enter_company, may_join
from deckcheck.sim.rules.play import company_fits, may_bear
from deckcheck.sim.rules.rings import may_test_from_hand
from deckcheck.sim.scenario import scenario
from deckcheck.sim.state import Character
from deckcheck.sim.turn.organization import discard_character, join_at_havens, keep_influence, organize
from tests._shared import DECKS, needs_decks

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"

pytestmark = needs_decks


def deck(path):
    return build_sim_deck(read_deck(str(path)))


@pytest.fixture(scope="module")
def dwar():        # Ringwraith: Orc and Troll leaders, Regiment of Black Crows ("cannot be duplicated")
    return deck(CHALLENGE / "G - Dwar - Marauding Brood of Uglies")


@pytest.fixture(scope="module")
def adunaphel():   # Ringwraith: Men and Dúnedain, an Orc Captain, Bade to Rule
    return deck(CHALLENGE / "F - Adunaphel - Spies and Traitors")


@pytest.fixture(scope="module")
def gandalf():     # Wizard: Gandalf tests gold rings by his ability
    return deck(CHALLENGE / "E - Gandalf - Return of the King")


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def non_haven(sim) -> int:
    return next(i for i, haven in enumerate(sim.site_is_haven) if not haven)


def table(sim, characters=(), **kw):
    """A scenario without the starting company: only `characters` ((kind, site[, controller kind])) in play."""
    g = scenario(sim, **kw)
    for company in list(g.companies):
        for character in list(company.characters):
            g.remove_character(company, character, eliminated=False)
        g.companies.remove(company)
    g.discard.clear()
    for kind, where, *controller in characters:
        boss = next((c for co in g.companies for c in co.characters if controller and c.kind == controller[0]),
                    None)
        character = g.enter(kind, boss)
        if boss is None:
            g.add_to_company(character, where)
        else:
            next(co for co in g.companies if boss in co.characters).characters.append(character)
    return g


def findings(g, step="organization") -> dict[str, int]:
    referee = Referee()
    referee.new_game()
    referee.phase(g, step)
    return {code: f.count for code, f in referee.findings.items() if f.count}


# ---- company composition (coe 2.II.3.1) ---------------------------------------------------------------


def test_two_leaders_leave_a_haven_in_two_companies_one_leader_leaves_whole(dwar):
    """coe 2.II.3.1.3: a company holds one leader unless at a haven."""
    morgul = site(dwar, "Minas Morgul")
    captain, shagrat, lagduf = named(dwar, "Orc Captain"), named(dwar, "Shagrat"), named(dwar, "Lagduf")
    g = table(dwar, [(captain, morgul), (shagrat, morgul), (lagduf, morgul)])
    company = g.companies[-1]
    assert not may_be_away(dwar, company.characters)
    plan_moves(g)
    assert all(sum(dwar.leader[c.kind] for c in co.characters) <= 1 for co in g.companies
               if co.site != morgul or co.characters)
    assert "leaders" not in findings(g)
    assert sorted(len(co.characters) for co in g.companies if captain in [c.kind for c in co.characters]
                  or shagrat in [c.kind for c in co.characters])[-1] <= 2
    # one leader and a follower of none: the company stays whole
    g = table(dwar, [(captain, morgul), (lagduf, morgul)])
    whole = [co for co in g.companies if captain in [c.kind for c in co.characters]][0]
    assert may_be_away(dwar, whole.characters)
    plan_moves(g)
    assert {lagduf, captain} <= {c.kind for c in whole.characters}


def test_free_peoples_and_orcs_leave_a_haven_apart(adunaphel):
    """coe 2.II.3.1.2: no Dúnadan (Dwarf, Elf, Hobbit) with an Orc or Troll unless at a haven."""
    sim = adunaphel
    guldur = site(sim, "Dol Guldur")
    ciryaher, captain, asternak = named(sim, "Ciryaher"), named(sim, "Orc Captain"), named(sim, "Asternak")
    assert not may_be_away(sim, [Character(ciryaher), Character(captain)])
    assert may_be_away(sim, [Character(asternak), Character(captain)])           # a Man may go with an Orc
    assert may_be_away(sim, [Character(asternak), Character(ciryaher)])
    g = table(sim, [(ciryaher, guldur), (captain, guldur)])
    plan_moves(g)
    for co in g.companies:
        kinds = {c.kind for c in co.characters}
        assert not {ciryaher, captain} <= kinds
    assert "company-composition" not in findings(g)


def test_a_character_does_not_enter_a_company_it_would_break_away_from_a_haven(dwar):
    """A second leader may not come into play in a company away from a haven (coe 2.II.3.1.3, 2.IV.6: the
    companies at one non-haven site join); a non-leader may."""
    there = non_haven(dwar)
    captain, shagrat, lagduf = named(dwar, "Orc Captain"), named(dwar, "Shagrat"), named(dwar, "Lagduf")
    g = table(dwar, [(captain, there)])
    company = next(co for co in g.companies if co.site == there)
    assert not may_enter_company(dwar, company, shagrat)
    assert may_enter_company(dwar, company, lagduf)
    player = ResourcePlayer()
    assert player.controller_to_enter(g, shagrat, there, None) is False
    # under the Orc Captain's direct influence restricted to Orcs (+3, coe 2.II.2.2.4), saving general influence
    captain_c = next(c for c in company.characters if c.kind == captain)
    assert player.controller_to_enter(g, lagduf, there, None) is captain_c


def test_only_ringwraiths_join_the_ringwraith_away_from_a_darkhaven(dwar):
    """coe 2.II.2.1.R3."""
    there = non_haven(dwar)
    wraith, lagduf = named(dwar, "Dwar the Ringwraith"), named(dwar, "Lagduf")
    g = table(dwar, [(wraith, there)])
    company = next(co for co in g.companies if co.site == there)
    assert not may_enter_company(dwar, company, lagduf)
    g.companies[-1].characters.append(g.enter(lagduf, None))
    assert findings(g).get("company-composition") == 1
    morgul = site(dwar, "Minas Morgul")                              # at a Darkhaven anything goes
    g = table(dwar, [(wraith, morgul)])
    assert may_enter_company(dwar, next(co for co in g.companies if co.site == morgul), lagduf)


# ---- "cannot be duplicated in a given company" ----------------------------------------------------------


def test_a_card_that_cannot_be_duplicated_in_a_company_is_played_once_per_company(dwar):
    crows = named(dwar, "Regiment of Black Crows")
    assert dwar.once_per_company[crows]
    there = non_haven(dwar)
    lagduf, radbug = named(dwar, "Lagduf"), named(dwar, "Radbug")
    g = table(dwar, [(lagduf, there), (radbug, there)])
    company = next(co for co in g.companies if co.site == there)
    assert company_fits(g, company, crows)
    company.characters[0].holdings.append(crows)
    assert not company_fits(g, company, crows)                   # a second one: refused
    assert "duplicates" not in findings(g)
    company.characters[1].holdings.append(crows)
    assert findings(g).get("duplicates") == 1                    # the referee sees a second one


def test_companies_holding_one_each_do_not_join(dwar):
    crows = named(dwar, "Regiment of Black Crows")
    morgul = site(dwar, "Minas Morgul")
    lagduf, radbug = named(dwar, "Lagduf"), named(dwar, "Radbug")
    g = table(dwar, [(lagduf, morgul)])
    g.companies[-1].characters[-1].holdings.append(crows)
    second = g.split_off(g.companies[-1], [g.companies[-1].characters[-1]])
    g.add_to_company(g.enter(radbug, None), morgul)
    first = next(co for co in g.companies if co is not second)
    assert may_join(dwar, first, second)            # one Regiment between them: they join
    join_at_havens(g)
    assert len([co for co in g.companies if co.site == morgul]) == 1
    other = next(c for c in g.companies[0].characters if crows not in c.holdings)
    other.holdings.append(crows)
    apart = g.split_off(g.companies[0], [other])
    assert not may_join(dwar, g.companies[0], apart)
    join_at_havens(g)
    assert len([co for co in g.companies if co.site == morgul]) == 2 and "duplicates" not in findings(g)


# ---- who may bear ---------------------------------------------------------------------------------------


def test_whip_of_many_thongs_is_borne_by_the_balrog_only():
    """"May only be borne by The Balrog" (BA-82): a fact of card_db/play.json, kept by the site phase and when
    a discarded character's items pass to a companion (coe 2.II.5)."""
    sim = deck(ZARA / "{d}_{F}{R} Flame On!.dck")
    whip, balrog, maggot = named(sim, "Whip of Many Thongs"), named(sim, "The Balrog"), named(sim, "Mountain-maggot")
    assert sim.bearers[whip] == frozenset({balrog})
    there = next(i for i in sim.play_sites[whip])
    g = table(sim, [(maggot, there)])
    company = next(co for co in g.companies if co.site == there)
    assert not may_bear(sim, company.characters[0], whip)
    assert ResourcePlayer().actor(g, company, whip) is False        # nobody here may bear it: not played
    company.characters.append(g.enter(balrog, None))
    assert ResourcePlayer().actor(g, company, whip).kind == balrog
    # the Balrog's items do not pass to the Mountain-maggot when he is discarded
    wraith = company.characters[-1]
    wraith.holdings.append(whip)
    discard_character(g, company, wraith)
    assert all(whip not in c.holdings for c in company.characters) and whip in g.discard
    assert "bearers" not in findings(g)
    company.characters[0].holdings.append(whip)
    assert findings(g).get("bearers") == 1


# ---- influence (coe 2.II.2, 2.II.8) ---------------------------------------------------------------------


def test_a_fallen_wizard_revealed_under_his_general_influence_keeps_within_it():
    """coe 2.II.2.1.F2, 2.II.8: Alatar sets general influence to 17; 20 mind under it at the end of the
    organization phase is not kept — characters go until it fits. With room, nobody goes."""
    sim = deck(ZARA / "{R}A_{F}{R} The Game Warden.dck")
    alatar = named(sim, "Alatar")
    home = min(sim.character_sites[alatar])                  # a Fallen-wizard enters at his home site (F1)
    g = scenario(sim, hand=[alatar])
    g.companies[0].site = home
    assert g.gi_used == 20 and sim.general_influence[alatar] == 17
    organize(g)
    assert g.avatar_kind == alatar and g.gi_max == 17 and g.gi_used <= 17
    assert "general-influence" not in findings(g)
    assert sum(1 for co in g.companies for _ in co.characters) < 1 + len(sim.start_characters)
    # nobody goes when the mind fits
    g = scenario(sim, hand=[alatar])
    light = g.companies[0]
    light.site = home
    while g.gi_used > 17:
        discard_character(g, light, next(c for c in light.characters if not sim.avatar[c.kind]))
    kept = g.gi_used
    organize(g)
    assert g.gi_used == kept and g.avatar_kind == alatar and g.companies[0].site == home


def test_a_follower_beyond_its_controllers_direct_influence_moves_or_goes(adunaphel):
    """coe 2.II.2.2.3, 2.II.3.3: Bade to Rule (-2 direct influence to the Ringwraith) leaves Eradan (mind 4)
    above Adûnaphel's 4 - 2: he moves under general influence where there is room, else he is discarded."""
    sim = adunaphel
    wraith, eradan = named(sim, "Adûnaphel the Ringwraith"), named(sim, "Eradan")
    guldur = site(sim, "Dol Guldur")
    bade = named(sim, "Bade to Rule")
    for room in (True, False):
        g = table(sim, [(wraith, guldur), (eradan, guldur, wraith)])
        g.gi_bonus_kind = bade                          # Bade to Rule on the Ringwraith
        g.gi_max = g.gi_used + (sim.mind[eradan] if room else 0)
        assert findings(g).get("direct-influence") == 1
        keep_influence(g, [])
        assert "direct-influence" not in findings(g) and "general-influence" not in findings(g)
        on_table = {c.kind for co in g.companies for c in co.characters}
        assert (eradan in on_table) == room and (eradan in g.discard) != room


# ---- ring tests (coe 6) ---------------------------------------------------------------------------------


def test_gandalf_in_hand_tests_no_ring_gandalf_in_play_does(gandalf):
    sim = gandalf
    wizard, gold, aragorn = named(sim, "Gandalf"), named(sim, "Beautiful Gold Ring"), named(sim, "Aragorn II")
    assert sim.tester[wizard] is not None and not may_test_from_hand(sim, wizard)
    rivendell = site(sim, "Rivendell")
    g = table(sim, [(aragorn, rivendell)], hand=[wizard])
    company = next(co for co in g.companies if co.site == rivendell)
    assert ResourcePlayer().ring_tester(g, company) is None          # his card in hand is not a test
    company.characters.append(g.enter(wizard, None))
    tester, _ = ResourcePlayer().ring_tester(g, company)
    assert tester is company.characters[-1]                          # in play, untapped: he tests
    referee = Referee()
    referee.new_game()
    referee.ring_test(g, company.characters[0], gold, 7, None, tester)
    referee.ring_test(g, company.characters[0], gold, 7, None, wizard)     # the card from hand: a finding
    assert referee.findings["ring-tests"].count == 1
