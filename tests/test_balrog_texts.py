"""Two texts that favour a Balrog's companies, and the Fallen-wizards' havens that share one of them:
The Balrog: "The Balrog's prowess is only modified by -1 when not tapping to face a strike" (coe 3.iv.3 says -3);
the Balrog's Moria and Under-gates, Isengard, Rhosgobel and The White Towers (White Hand): "If one of your
companies is at this site, all attacks against it are canceled" — a company moving there is at no site during
its movement/hazard phase (coe 2.IV.5), so only a company already there is spared. The facts the importer reads
(card_db/combat.json), the rule (sim/rules/combat.py) and the game (sim/turn/hazards.face_attack), both ways."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import character_facts, load_combat_facts, site_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.combat import (
    STAY_UNTAPPED_PENALTY,
    STRIKE_FAILED,
    Attack,
    Defender,
    defender_of,
    resolve_attack,
)
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.hazards import face_attack
from tests._shared import DECKS, needs_decks

BALROG_DECK = DECKS / "gccg-restoration" / "Balrog - Balrogs host.deck"


def dice(*rolls):
    rolls = list(rolls)
    return lambda: rolls.pop(0)


def test_the_importer_reads_the_balrogs_stay_untapped_penalty_and_the_sites_that_cancel_attacks():
    facts = load_combat_facts()
    assert facts["characters"]["BA-3"] == {"stay_untapped_penalty": 1}          # The Balrog
    assert [k for k, v in facts["characters"].items() if "stay_untapped_penalty" in v] == ["BA-3"]
    safe = sorted(k for k, v in facts["sites"].items() if v.get("attacks_canceled") is True)   # the Darkhavens:
    #                                                                     "minion" (tests/test_darkhavens.py)
    assert safe == ["BA-100", "BA-93", "WH-56", "WH-57", "WH-58"]   # Under-gates, Moria; Isengard, Rhosgobel, WT
    assert facts["sites"]["BA-100"]["keyed_attacks"] == "detainment"          # its other sentence still read
    text = {"text": {"en": "If one of your companies is at this site, all attacks against it are canceled."}}
    assert site_facts(text) == {"attacks_canceled": True}
    assert character_facts({"text": {"en": "Unique. He may not have any followers."}}) == {}


def test_staying_untapped_costs_the_balrog_one_prowess_and_anyone_else_three():
    attack = Attack(strikes=1, prowess=12)
    balrog = Defender(prowess=10, body=9, stay_penalty=1)
    other = Defender(prowess=10, body=9)
    assert other.stay_penalty == STAY_UNTAPPED_PENALTY == 3
    # roll 4: 4 + 10 - 1 = 13 > 12 beats the strike untapped; 4 + 10 - 3 = 11 < 12 is wounded
    beaten = resolve_attack(attack, [balrog], dice(4, 2), stay_untapped=frozenset({0})).strikes[0]
    assert beaten.result == STRIKE_FAILED and beaten.prowess == 9 and not balrog.tapped
    assert resolve_attack(attack, [other], dice(4, 2), stay_untapped=frozenset({0})).strikes[0].wounded


@pytest.fixture(scope="module")
def balrog_sim():
    return build_sim_deck(read_deck(str(BALROG_DECK)))


def _at(sim, site_name):
    site = next(i for i, s in enumerate(sim.sites) if s.name == site_name)
    balrog = next(k for k, c in enumerate(sim.kinds) if c.name == "The Balrog")
    return scenario(sim, starting_company=False, characters=[(balrog, site)], rolls=[2]), site


@needs_decks
def test_the_balrog_in_play_takes_his_own_penalty(balrog_sim):
    g, _site = _at(balrog_sim, "Moria")
    assert defender_of(g, g.companies[0].characters[0]).stay_penalty == 1


@needs_decks
@pytest.mark.parametrize("site_name", ["Moria", "The Under-gates"])
def test_a_company_at_its_balrog_haven_is_spared_every_attack(balrog_sim, site_name):
    g, site = _at(balrog_sim, site_name)
    assert balrog_sim.site_safe[site]
    result = face_attack(g, g.companies[0], Attack(strikes=2, prowess=16), "Orcs", None, None)
    assert not result.strikes and not result.defeated and not g.wounded


@needs_decks
def test_a_company_moving_there_is_at_no_site_and_faces_the_attack(balrog_sim):
    g, _site = _at(balrog_sim, "Moria")
    g.in_transit = g.companies[0]                  # its movement/hazard phase, the new site revealed (2.IV.5)
    result = face_attack(g, g.companies[0], Attack(strikes=1, prowess=16), "Orcs", None, None)
    assert len(result.strikes) == 1 and g.wounded


@needs_decks
def test_a_site_without_the_text_cancels_nothing(balrog_sim):
    g, site = _at(balrog_sim, "The Under-leas")
    assert not balrog_sim.site_safe[site]
    result = face_attack(g, g.companies[0], Attack(strikes=1, prowess=16), "Orcs", None, None)
    assert len(result.strikes) == 1


@needs_decks
def test_the_players_odds_of_staying_untapped_take_the_balrogs_own_penalty(balrog_sim):
    """His card: -1 to stay untapped, not -3 (coe 3.iv.3). The Balrog (prowess 8 here) alone at Gondmaeglom
    (a Dragon, 1 strike of 14): at -1 he beats or ties it on 7 or more (21 in 36), so the player counts on him
    being left untapped to play there; at -3 (9 or more, 10 in 36, under even odds) it would count on nobody."""
    from deckcheck.sim.players.attacks import odds_left_untapped

    g, _site = _at(balrog_sim, "Gondmaeglom")
    company = g.companies[0]
    one = defender_of(g, company.characters[0])
    assert (one.prowess, one.stay_penalty) == (8, 1)
    assert odds_left_untapped(g, company, [0]) == pytest.approx(21 / 36)
