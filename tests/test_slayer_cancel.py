"""Slayer: "Two attacks (of one strike each) ... The defender may tap any one character in the company to cancel
one of these attacks." The fact the importer reads (card_db/combat.json `tap_cancels_one`), the creature's
attacks with one of them canceled by a tap (sim/turn/hazards.creature_attacks) and the defender's choice
(sim/players/support.tap_to_cancel); both ways, Challenge Deck D's characters against F's Slayer."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.support import tap_to_cancel
from deckcheck.sim.rules.combat import Attack
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.turn.hazards import creature_attacks
from tests._shared import DECKS, needs_decks
from tests._watch import Watch

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"


def test_the_importer_reads_slayers_cancel_by_a_tap_and_no_other_creatures():
    creatures = load_combat_facts()["creatures"]
    assert creatures["LE-90"] == {"attacker_chooses": True, "attacks": 2, "strikes": 1, "tap_cancels_one": True}
    assert creatures["TW-89"]["tap_cancels_one"]
    # and Nameless Thing's "A character can tap to cancel one of these attacks" (tests/test_under_deeps_creatures.py)
    assert [k for k, v in creatures.items() if v.get("tap_cancels_one")] == ["DM-109", "LE-90", "TW-89"]


@pytest.fixture(scope="module")
def sides():
    us = side_of(build_sim_deck(read_deck(str(CHALLENGE / "D - Radagast - Bargain Between Friends"))))
    them = side_of(build_sim_deck(read_deck(str(CHALLENGE / "F - Adunaphel - Spies and Traitors"))))
    return us, them


def _named(sim, name):
    return next(k for k, c in enumerate(sim.kinds) if c.name == name)


def _company(sides, tapped=()):
    us, them = sides
    sim = us.sim
    lorien = next(i for i, s in enumerate(sim.sites) if s.name == "Lórien")
    g = scenario(sim, starting_company=False, characters=[(_named(sim, "Haldir"), lorien),
                                                          (_named(sim, "Elrohir"), lorien)],
                 tapped=[_named(sim, n) for n in tapped], rolls=[7], against=them, us=us)
    g.observer = Watch()
    return g, _named(them.sim, "Slayer")


@needs_decks
def test_one_untapped_character_taps_to_cancel_one_of_slayers_two_attacks(sides):
    g, slayer = _company(sides)
    before = g.mp
    creature_attacks(g, g.companies[0], slayer, detainment=False)
    assert g.observer.seen.count("attack by Slayer") == 1
    assert any("taps to cancel an attack of Slayer" in s for s in g.observer.seen)
    assert g.mp == before                              # a canceled attack is not defeated: no kill MP


@needs_decks
def test_with_nobody_untapped_both_attacks_of_slayer_are_faced(sides):
    g, slayer = _company(sides, tapped=("Haldir", "Elrohir"))
    creature_attacks(g, g.companies[0], slayer, detainment=False)
    assert g.observer.seen.count("attack by Slayer") == 2
    assert not any("taps to cancel" in s for s in g.observer.seen)


@needs_decks
def test_the_defender_taps_only_against_an_attack_that_threatens(sides):
    g, _slayer = _company(sides)
    company = g.companies[0]
    assert tap_to_cancel(g, company, Attack(strikes=1, prowess=2, attacker_chooses=True)) is None
    actor = tap_to_cancel(g, company, Attack(strikes=1, prowess=14, attacker_chooses=True))
    assert actor is not None and not actor.tapped
