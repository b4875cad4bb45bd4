"""Orc and Troll factions under an Orc or Troll leader (The Lidless Eye's Orc and Troll factions: "If this influence
attempt is made by an Orc or Troll leader, you may place this faction under the control of that leader and not tap
the site. Discard the faction if the leader moves or leaves play. Three or more factions controlled by the same
leader give 2 extra marshalling points."): the fact (card_db), the rule (`sim.rules.leader_factions`), the player's
choice (`players.factions.keeps_under_leader`), the leader who stays (`players.movement.plan_moves`) and the site
phase, both ways, on a real Ringwraith Challenge Deck (I: Orc Captain, a leader; Orcs of Udûn, Orcs of the Ash
Mountains and Uruk-hai at Cirith Gorgor; Orc Tracker, no leader)."""

from __future__ import annotations

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.play import load_play_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.movement import plan_moves
from deckcheck.sim.rules.leader_factions import LEADER_BONUS, led_factions, may_place_under
from deckcheck.sim.scenario import scenario
from deckcheck.sim.state import OCCUPIED, TAPPED
from deckcheck.sim.turn.movement import move
from deckcheck.sim.turn.site import play_at_site, resolve_play
from tests._shared import CHALLENGE, needs_decks

WITCHKING = CHALLENGE / "I - Witchking - Morgul Rallying Cry"


@pytest.fixture(scope="module")
def sim():
    return build_sim_deck(read_deck(str(WITCHKING))) if WITCHKING.exists() else pytest.skip("needs ../shared")


def named(sim, name: str) -> int:
    return next(i for i, k in enumerate(sim.kinds) if k.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def at_gorgor(sim, who: str, hand: list[str], deck: list[str] = (), rolls=(12,)):
    gorgor = site(sim, "Cirith Gorgor")
    g = scenario(sim, starting_company=False, characters=[(named(sim, who), gorgor)],
                 hand=[named(sim, n) for n in hand], deck=[named(sim, n) for n in deck], rolls=rolls)
    return g, g.companies[0], gorgor


def three_under(g, company, captain) -> None:
    """Two turns' site phases at Cirith Gorgor, then Uruk-hai (a check over 11: the player would wait for better
    odds; played here as if it had chosen to, the dice at 12)."""
    for _ in range(2):
        captain.tapped = False
        play_at_site(g, company)
    captain.tapped = False
    uruks = named(g.sim, "Uruk-hai")
    g.hand.append(uruks)
    assert resolve_play(g, company, uruks, captain)


def test_the_fact_is_on_the_orc_and_troll_factions_only():
    catalog = load_catalog()
    facts = load_play_facts()
    by_name = {c.name: c for c in catalog.cards}
    assert facts.condition(by_name["Uruk-hai"].id).under_leader
    assert facts.condition(by_name["Black Trolls"].id).under_leader
    assert not facts.condition(by_name["Asdriags"].id).under_leader          # a Man faction: the site taps


@needs_decks
def test_only_an_orc_or_troll_leader_may_keep_the_faction(sim):
    g, company, _ = at_gorgor(sim, "Orc Captain", [])
    captain = company.characters[0]
    udun = named(sim, "Orcs of Udûn")
    assert may_place_under(sim, captain, udun)
    assert not may_place_under(sim, captain, named(sim, "Asdriags"))       # no such text
    g, company, _ = at_gorgor(sim, "Orc Tracker", [])
    assert not may_place_under(sim, company.characters[0], udun)           # no leader
    g, company, _ = at_gorgor(sim, "Horseman in the Night", [])
    assert not may_place_under(sim, company.characters[0], udun)           # a Man, no leader


@needs_decks
def test_a_leader_keeps_the_faction_and_the_site_stays_untapped_for_the_next(sim):
    """Orc Captain with Orcs of Udûn and Orcs of the Ash Mountains in hand at Cirith Gorgor: he influences one,
    keeps it, and the site stays untapped (the other is still to play there)."""
    g, company, gorgor = at_gorgor(sim, "Orc Captain", ["Orcs of Udûn", "Orcs of the Ash Mountains"])
    play_at_site(g, company)
    captain = company.characters[0]
    assert len(led_factions(sim, captain)) == 1
    assert g.site_state[gorgor] == OCCUPIED
    assert g.category[2] == 1                                                  # its faction MP, no bonus yet


@needs_decks
def test_a_leader_with_nothing_more_to_keep_there_lets_the_site_tap_and_a_tracker_taps_it(sim):
    """The same faction with nothing else of its kind to come at Cirith Gorgor: the Captain stays free (the site
    taps, the faction is under nobody); Horseman in the Night, no leader, taps it whatever is to come."""
    g, company, gorgor = at_gorgor(sim, "Orc Captain", ["Orcs of Udûn"])
    g.deck[:] = [k for k in g.deck if not sim.under_leader[k]]
    g.discard[:] = [k for k in g.discard if not sim.under_leader[k]]
    play_at_site(g, company)
    assert led_factions(sim, company.characters[0]) == [] and g.in_play[named(sim, "Orcs of Udûn")] == 1
    assert g.site_state[gorgor] == TAPPED
    g, company, gorgor = at_gorgor(sim, "Horseman in the Night", ["Orcs of Udûn", "Orcs of the Ash Mountains"])
    play_at_site(g, company)
    assert g.site_state[gorgor] == TAPPED and led_factions(sim, company.characters[0]) == []
    assert sum(g.in_play[named(sim, n)] for n in ("Orcs of Udûn", "Orcs of the Ash Mountains")) == 1


@needs_decks
def test_three_factions_under_one_leader_give_two_more_and_lose_them_when_he_moves(sim):
    """Three site phases at Cirith Gorgor: the third faction under the Captain brings 2 extra MP; the planner keeps his
    company there; moved anyway, he loses the three factions and the 2."""
    names = ["Orcs of Udûn", "Orcs of the Ash Mountains", "Uruk-hai"]
    g, company, gorgor = at_gorgor(sim, "Orc Captain", names[:2])
    captain = company.characters[0]
    three_under(g, company, captain)
    assert len(led_factions(sim, captain)) == 3
    assert g.category[2] == 1 + 1 + 2 + LEADER_BONUS and g.mp == sum(g.category)
    assert all(c is not company for c, _ in plan_moves(g))                   # he stays
    before = g.mp
    move(g, company, site(sim, "Barad-dûr"))
    assert led_factions(sim, captain) == [] and g.category[2] == 0
    assert g.mp == before - 4 - LEADER_BONUS and all(g.in_play[named(sim, n)] == 0 for n in names)


@needs_decks
def test_the_factions_and_their_bonus_leave_play_with_the_leader(sim):
    names = ["Orcs of Udûn", "Orcs of the Ash Mountains", "Uruk-hai"]
    g, company, _ = at_gorgor(sim, "Orc Captain", names[:2])
    captain = company.characters[0]
    three_under(g, company, captain)
    g.eliminate(company, captain)
    assert g.category[2] == 0 and g.mp == sum(g.category)
    assert all(named(sim, n) in g.discard for n in names)


# ---- Great Bats: "Discard this ally if its controlling character is wounded" ----------------------------------

def test_the_importer_reads_the_allies_that_leave_a_wounded_controller():
    facts = load_play_facts()
    by_name = {c.name: c for c in load_catalog().cards}
    assert facts.condition(by_name["Great Bats"].id).leaves_if_wounded
    assert not facts.condition(by_name["Noble Hound"].id).leaves_if_wounded


def captain_with_bats(sim, rolls):
    g, company, _ = at_gorgor(sim, "Orc Captain", [], rolls=rolls)
    captain = company.characters[0]
    bats = named(sim, "Great Bats")
    captain.holdings.append(bats)
    g.gain(bats)
    return g, company, captain, bats


@needs_decks
def test_great_bats_are_discarded_when_their_controller_is_wounded_and_stay_when_he_is_not(sim):
    from deckcheck.sim.rules.combat import Attack
    from deckcheck.sim.turn.hazards import face_attack

    g, company, captain, bats = captain_with_bats(sim, rolls=[2])        # the strike wounds, the body check holds
    assert g.category[3] == sim.mp[bats] > 0
    face_attack(g, company, Attack(strikes=1, prowess=20, races=("Man",)), "Men", None, None)
    assert captain in g.wounded and captain in company.characters
    assert bats not in captain.holdings and bats in g.discard and g.category[3] == 0
    g, company, captain, bats = captain_with_bats(sim, rolls=[12])       # the strike fails
    face_attack(g, company, Attack(strikes=1, prowess=1, races=("Man",)), "Men", None, None)
    assert captain not in g.wounded and bats in captain.holdings and g.category[3] == sim.mp[bats]
