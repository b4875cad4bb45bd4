"""Agents played as hazards (coe 2.IV.vii.1, 2.V.iii, 3.ii.4, 3.iv.6.1, 3.v, 3.II.2.R3/B3): the rules, the hazard
player's choice, and a company entering an agent's home site."""

from __future__ import annotations

import pytest

from deckcheck.cards.names import fold
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.hazard_events import AGENT
from deckcheck.sim.referee import Referee
from deckcheck.sim.rules.agents import (
    Agent,
    agent_attack,
    at_site,
    card_allows_site,
    home_sites,
    is_detainment,
    kill_points,
    may_move_to,
    may_take_action,
)
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.turn.agents import agents_at, move_agent
from deckcheck.sim.turn.hazards import staying_hazard_phase
from deckcheck.sim.turn.site import agent_attacks
from tests._shared import CHALLENGE, DECKS, needs_decks

SARUMAN = CHALLENGE / "A - Saruman - Stewards of Gondor"
AGENTS_DECK = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{D}_{D} Dwar CVCC.dck"   # holds My Precious


# ---- the rules ----------------------------------------------------------------------------------------------

def test_the_agent_strike_is_its_roll_plus_its_prowess_modified_by_where_and_how_it_stands():
    down_home = agent_attack(6, 8, face_down=True, at_home=True, wounded=False, roll=7, detainment=False)
    assert (down_home.strikes, down_home.prowess, down_home.body, down_home.attacker_chooses) == (1, 18, 9, True)
    down_away = agent_attack(6, 8, face_down=True, at_home=False, wounded=False, roll=7, detainment=False)
    assert (down_away.prowess, down_away.body, down_away.attacker_chooses) == (15, 8, False)
    up_home = agent_attack(6, 8, face_down=False, at_home=True, wounded=False, roll=7, detainment=False)
    assert (up_home.prowess, up_home.body, up_home.attacker_chooses) == (15, 9, False)
    up_away = agent_attack(6, 8, face_down=False, at_home=False, wounded=True, roll=7, detainment=False)
    assert (up_away.prowess, up_away.body) == (11, 7)          # -2 wounded; its body check at +1 (3.I.1)


def test_agent_attacks_are_detainment_only_against_ringwraith_and_balrog_companies():
    assert is_detainment("ringwraith") and is_detainment("balrog")
    assert not is_detainment("wizard") and not is_detainment("fallen-wizard")
    attack = agent_attack(6, 8, face_down=True, at_home=True, wounded=False, roll=7, detainment=True)
    assert attack.detainment and attack.body is None           # tapped instead of wounded: no body check


def test_a_defeated_agent_is_kill_mp_for_a_hero_or_fallen_wizard_player_only():
    assert kill_points(3, "wizard") == 3 and kill_points(3, "fallen-wizard") == 3
    assert kill_points(3, "ringwraith") == 0 and kill_points(3, "balrog") == 0
    assert kill_points(-1, "wizard") == -1                     # My Precious: -1 kill MP


def test_a_face_down_agent_that_has_not_moved_is_at_every_home_site_a_revealed_one_at_its_own():
    homes = home_sites("Goblin-gate, Mount Gundabad")
    assert homes == {fold("Goblin-gate"), fold("Mount Gundabad")}
    agent = Agent(0)
    assert at_site(agent, fold("Mount Gundabad"), homes) and not at_site(agent, fold("Moria"), homes)
    agent.site = fold("Goblin-gate")
    assert at_site(agent, fold("Goblin-gate"), homes) and not at_site(agent, fold("Mount Gundabad"), homes)


# ---- in a game ----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sides():
    return side_of(build_sim_deck(read_deck(str(SARUMAN)))), side_of(build_sim_deck(read_deck(str(AGENTS_DECK))))


def _named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def _site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def _at(sides, site_name: str, hand: list[str], rolls: list[int], observer=None):
    us, them = sides
    g = scenario(us.sim, start_at=_site(us.sim, site_name), rolls=rolls, against=them, us=us, observer=observer)
    g.hazards.cards.hand = [_named(them.sim, n) for n in hand]
    return g


@needs_decks
def test_the_tables_play_an_agent_with_its_home_sites(sides):
    _us, them = sides
    kind = _named(them.sim, "My Precious")
    assert them.hazards.use[kind] == AGENT and kind not in them.hazards.not_played
    spec = them.hazards.agent[kind]
    assert (spec.prowess, spec.body, spec.mp) == (2, 9, -1) and fold("Moria") in spec.homes


@needs_decks
def test_the_hazard_player_plays_an_agent_on_a_company_at_its_home_site_and_it_attacks_there(sides):
    us, them = sides
    referee = Referee()
    g = _at(sides, "Moria", ["My Precious"], rolls=[2], observer=referee)   # every roll 2: the agent's strike wins
    company = g.companies[0]
    staying_hazard_phase(g, company)
    precious = _named(them.sim, "My Precious")
    assert [a.kind for a in g.agents] == [precious] and precious not in g.hazards.cards.hand
    assert g.stats.hazards_played[precious] == 1
    before = len(company.characters)
    agent_attacks(g, company)
    agent = g.agents[0]
    assert agent.site == fold("Moria") and not agent.wounded     # revealed at Moria, its strike successful
    assert g.wounded or len(company.characters) < before
    agent_attacks(g, company)                                    # once per site phase (2.V.iii.1)
    assert referee.findings["agents"].count == 0 and referee.findings["hazard-limit"].count == 0


@needs_decks
def test_no_agent_whose_home_sites_the_company_is_not_at(sides):
    us, them = sides
    g = _at(sides, "Moria", ["My Precious"], rolls=[7])
    g.agents.append(Agent(_named(them.sim, "My Precious"), site=fold("Goblin-gate")))   # revealed elsewhere
    g.hazards.cards.hand = []
    agent_attacks(g, g.companies[0])
    assert g.agents[0].attacked_turn == -1                       # it is not at Moria: no attack


@needs_decks
def test_a_unique_agent_in_play_is_not_played_again_and_one_waits_where_our_sites_are(sides):
    us, them = sides
    g = _at(sides, "Moria", ["My Precious"], rolls=[7])
    player = g.hazards
    precious = _named(them.sim, "My Precious")
    assert player.agent_to_meet(fold("Moria"), []) == precious
    assert player.agent_to_meet(fold("Moria"), [Agent(precious)]) is None          # coe 4.2.3
    assert player.agent_to_meet(fold("Bree"), []) is None
    assert player.agent_to_wait(frozenset({fold("Goblin-gate")}), []) == precious
    assert player.agent_to_wait(frozenset({fold("Bree")}), []) is None


@needs_decks
def test_a_defeated_agent_scores_its_kill_mp_for_a_hero_and_leaves_play(sides):
    us, them = sides
    g = _at(sides, "Moria", [], rolls=[2, 12, 12])     # the agent rolls 2, the defender 12, its body check 12
    g.agents.append(Agent(_named(them.sim, "My Precious")))
    before = g.mp
    agent_attacks(g, g.companies[0])
    assert g.agents == [] and g.mp == before - 1          # My Precious: -1 kill MP to whoever defeats it


@needs_decks
def test_the_referee_finds_an_agent_attacking_away_from_its_home_sites_or_twice(sides):
    us, them = sides
    referee = Referee()
    g = _at(sides, "Moria", [], rolls=[7], observer=referee)
    company = g.companies[0]
    precious = Agent(_named(them.sim, "My Precious"))
    referee.agent_attack(g, company, precious, fold("Moria"))            # Moria is one of its home sites
    assert referee.findings["agents"].count == 0
    referee.agent_attack(g, company, precious, fold("Moria"))            # 2.V.iii.1: once per site phase
    assert referee.findings["agents"].count == 1
    baduila = Agent(_named(them.sim, "Baduila"))                          # Goblin-gate, Mount Gundabad
    referee.agent_attack(g, company, baduila, fold("Moria"))
    assert referee.findings["agents"].count == 2


def test_an_agent_acts_from_the_turn_after_it_came_into_play_once_a_turn():
    agent = Agent(0, played_turn=3)
    assert not may_take_action(agent, 3) and may_take_action(agent, 4)
    agent.action_turn = 4
    assert not may_take_action(agent, 4)


def test_an_agent_moves_to_a_site_of_its_region_or_an_adjacent_one():
    regions = {"a": ("w", ("b",)), "b": ("w", ("a", "c")), "c": ("s", ("b",))}
    unmoved = Agent(0)
    assert may_move_to(unmoved, frozenset({"a"}), "b", regions)              # from a home site's region
    assert may_move_to(unmoved, frozenset({"a"}), "a", regions)
    assert not may_move_to(unmoved, frozenset({"a"}), "c", regions)
    moved = Agent(0, site="x", region="c")
    assert may_move_to(moved, frozenset({"a"}), "b", regions) and not may_move_to(moved, frozenset({"a"}), "a", regions)


@needs_decks
def test_an_agent_in_play_moves_to_meet_a_company_next_to_its_home_and_attacks_it_there(sides):
    us, them = sides
    referee = Referee()
    g = _at(sides, "Henneth Annûn", [], rolls=[7], observer=referee)         # Ithilien, next to Imlad Morgul
    company = g.companies[0]
    henneth = _site(us.sim, "Henneth Annûn")
    precious = Agent(_named(them.sim, "My Precious"), played_turn=g.turn)    # Shelob's Lair: Imlad Morgul
    g.agents.append(precious)
    assert move_agent(g, company, henneth, 2, 0) == 0                         # not in the turn it came into play
    precious.played_turn = g.turn - 1
    assert move_agent(g, company, _site(us.sim, "Dol Amroth"), 2, 0) == 0    # Belfalas: too far
    assert move_agent(g, company, henneth, 2, 0) == 1
    assert (precious.site, precious.tapped, precious.face_down) == (fold("Henneth Annûn"), True, True)
    assert move_agent(g, company, henneth, 2, 1) == 1                         # one action a turn
    assert agents_at(g, henneth) == [precious]
    agent_attacks(g, company)
    assert precious.revealed and precious.attacked_turn == g.turn
    assert referee.findings["agents"].count == 0


def test_the_importer_reads_what_an_agents_text_says_of_its_moves_and_strikes():
    from deckcheck.cards.combat_facts import agent_facts

    lobelia = {"text": {"en": "<p>Agent. +3 direct influence against Hobbits and Hobbit factions. May not move to any "
                              "site other than Bree, Old Forest, The White Towers, or a site in The Shire.</p>"}}
    assert agent_facts(lobelia) == {"moves_only_to": {"sites": ["Bree", "Old Forest", "The White Towers"],
                                                      "regions": ["The Shire"]}}
    baugur = {"text": {"en": "Agent only: Cannot move to Free-holds [{F}] and Border-holds [{B}]."}}
    assert agent_facts(baugur) == {"cannot_move_to": ["F", "B"]}
    taladhan = {"text": {"en": "Agent only: chooses defending characters; for each successful strike, the company "
                               "must discard one item (of defender's choice), but the defending character is not "
                               "harmed."}}
    assert agent_facts(taladhan) == {"harmless_strike": True}
    assert agent_facts({"text": {"en": "Unique. Agent. Can use spirit-magic."}}) == {}


def test_an_agent_moves_only_where_its_card_lets_it():
    shire = frozenset({fold("The Shire")})
    only = frozenset({fold("Bree"), fold("Old Forest")})
    assert card_allows_site(fold("Bree"), fold("Arthedain"), "B", only, shire, frozenset())
    assert card_allows_site(fold("Bag End"), fold("The Shire"), "F", only, shire, frozenset())
    assert not card_allows_site(fold("Moria"), fold("Redhorn Gate"), "S", only, shire, frozenset())
    assert not card_allows_site(fold("Bree"), fold("Arthedain"), "B", None, frozenset(), frozenset({"F", "B"}))
    assert card_allows_site(fold("Moria"), fold("Redhorn Gate"), "S", None, frozenset(), frozenset({"F", "B"}))
