""""Discard on a body check result of N" (40 Orc, Troll and Man characters of the minion sets): a wounded
character whose body check comes to N is discarded though its body holds (coe 3.I.1 and the card). The facts
the importer reads (card_db/combat.json `characters`), the rule (sim/rules/combat.py), the player's reckoning of
a strike (`p_body_check_loses`) and the game (sim/turn/hazards.face_attack), each both ways, on real decks."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import character_facts, load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.combat import Attack, Defender, p_body_check_loses, resolve_attack
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.hazards import face_attack
from tests._shared import DECKS, needs_decks

STRONG = Attack(strikes=1, prowess=20)          # every strike succeeds: the body check decides


def dice(*rolls):
    rolls = list(rolls)
    return lambda: rolls.pop(0)


# ---- the facts --------------------------------------------------------------------------------------------

def test_the_importer_reads_the_results_a_character_is_discarded_on():
    characters = load_combat_facts()["characters"]
    assert characters["BA-9"] == {"discard_on_body": [9]}              # Umagaur
    assert characters["LE-30"]["discard_on_body"] == [7, 8]            # Orc Brawler: "7 or 8"
    assert characters["LE-31"] == {"discard_on_body": [8]}             # Orc Captain
    assert "TW-120" not in characters                                  # Aragorn II: no such text
    assert "discard_on_body" not in characters["BA-3"]                 # The Balrog: only his stay-untapped -1
    assert sum("discard_on_body" in v for v in characters.values()) == 40
    text = {"text": {"en": "<p>Unique. Discard on a body check result of 7 or 8. +2 direct influence.</p>"}}
    assert character_facts(text) == {"discard_on_body": [7, 8]}
    assert character_facts({"text": {"en": "Unique. +2 direct influence against Orcs."}}) == {}


# ---- the rule ---------------------------------------------------------------------------------------------

def test_a_body_check_result_the_character_names_discards_it():
    umagaur = Defender(prowess=7, body=9, discard_on=frozenset({9}))
    outcome = resolve_attack(STRONG, [umagaur], dice(2, 9)).strikes[0]
    assert outcome.wounded and outcome.discarded and not outcome.eliminated


def test_without_the_text_a_result_equal_to_body_survives():
    outcome = resolve_attack(STRONG, [Defender(prowess=7, body=9)], dice(2, 9)).strikes[0]
    assert outcome.wounded and not outcome.discarded and not outcome.eliminated


def test_other_results_survive_or_eliminate_as_for_anyone():
    below = resolve_attack(STRONG, [Defender(prowess=7, body=9, discard_on=frozenset({9}))], dice(2, 8)).strikes[0]
    assert not below.discarded and not below.eliminated
    above = resolve_attack(STRONG, [Defender(prowess=7, body=9, discard_on=frozenset({9}))], dice(2, 10)).strikes[0]
    assert above.eliminated and not above.discarded


def test_the_result_is_the_modified_roll():
    # already wounded: +1, so a roll of 8 comes to 9
    wounded = Defender(prowess=7, body=9, tapped=True, wounded=True, discard_on=frozenset({9}))
    assert resolve_attack(STRONG, [wounded], dice(2, 8)).strikes[0].discarded


def test_detainment_makes_no_body_check_so_discards_nobody():
    umagaur = Defender(prowess=7, body=9, discard_on=frozenset({9}))
    result = resolve_attack(Attack(strikes=1, prowess=20, detainment=True), [umagaur], dice(2))
    assert not result.discarded and not result.eliminated and umagaur.tapped


def test_the_player_reckons_a_discard_as_a_loss():
    assert p_body_check_loses(9) == pytest.approx(6 / 36)
    assert p_body_check_loses(9, frozenset({9})) == pytest.approx(10 / 36)
    assert p_body_check_loses(8, frozenset({7, 8})) == pytest.approx(21 / 36)
    assert p_body_check_loses(9, frozenset({9}), already_wounded=True) == pytest.approx(15 / 36)


# ---- in a game --------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def flame_on():        # a Balrog deck: Umagaur (body 9, discarded on 9)
    return build_sim_deck(read_deck(str(DECKS / "gccg-restoration" / "Contrib" / "zara" / "{d}_{F}{R} Flame On!.dck")))


@pytest.fixture(scope="module")
def gandalf():         # Challenge Deck E: Faramir (body 8, no such text)
    return build_sim_deck(read_deck(str(DECKS / "council-of-rivendell" / "Challenge Decks"
                                        / "E - Gandalf - Return of the King")))


def _alone(sim, name: str, rolls):
    kind = next(k for k, card in enumerate(sim.kinds) if card.name == name)
    site = next(i for i, s in enumerate(sim.sites) if not s.is_haven and not sim.site_under_deeps[i])
    return scenario(sim, starting_company=False, characters=[(kind, site)], rolls=rolls), kind


@needs_decks
def test_in_a_game_the_discarded_character_goes_to_the_discard_pile_and_counts_as_lost(flame_on):
    g, kind = _alone(flame_on, "Umagaur", [2, 9])
    company = g.companies[0]
    face_attack(g, company, STRONG, "Orcs", None, None)
    assert g.lost == 1 and not g.companies and kind in g.discard


@needs_decks
def test_in_a_game_a_character_without_the_text_survives_the_same_result(gandalf):
    g, kind = _alone(gandalf, "Faramir", [2, 8])
    face_attack(g, g.companies[0], STRONG, "Orcs", None, None)
    assert g.lost == 0 and [c.kind for c in g.companies[0].characters] == [kind] and kind not in g.discard
