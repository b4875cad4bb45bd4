"""Exhalation of Decay: "Playable on an Undead hazard creature in your discard pile. If target Undead can attack,
bring it into play as a creature that attacks immediately (not counting against the hazard limit). The attack's
prowess is modified by -1." The fact read out of its text, the hazard player's choice
(`players.hazard_events.from_discard`) and the turn (`turn.hazards.from_discard`), on scenarios of two ICE
Challenge Decks: Gandalf's Aragorn II and Faramir moving against Hoarmûrath's hazards, with fixed rolls."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.side import side_of
from tests._hazard_scenes import kind, moved_into_hazards
from tests._shared import CHALLENGE, needs_decks


def test_the_importer_reads_exhalation_of_decay():
    assert load_combat_facts()["events"]["DM-55"] == {"effect": "attack_from_discard", "races": ["Undead"],
                                                      "prowess": -1, "lasts": "short"}


@pytest.fixture(scope="module")
def sides():
    def side(name):
        return side_of(build_sim_deck(read_deck(str(CHALLENGE / name))))

    return side("E - Gandalf - Return of the King"), side("H - Hoarmurath - Stealthy Tribe")


class Attacks:
    """(attacker, strikes, prowess) of each attack faced."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: None

    def __init__(self):
        self.seen = []

    def attack(self, g, name, attack, defenders, result):
        self.seen.append((name, attack.strikes, attack.prowess))


def moved(sides, origin: str, dest: str, hand: list[str], discard: list[str], rolls=(7,)):
    us, them = sides
    watch = Attacks()
    return moved_into_hazards(us, them, origin, dest, hand, discard=discard, rolls=rolls, observer=watch), watch


@needs_decks
def test_the_most_threatening_undead_of_the_discard_pile_attacks_at_one_less_prowess(sides):
    """Lórien to Dead Marshes ({w}{s}{s}): Ghouls (5 strikes at 7) and Barrow-wight (1 at 12) may both be keyed
    to a Shadow-land; Ghouls threatens more and attacks at 6; it counts against no limit, the card does. Rolls of
    2: Faramir, facing the three excess strikes, is wounded, the attack is not defeated and Ghouls goes back to
    the discard pile; rolls of 7 defeat it (to our marshalling point pile)."""
    us, them = sides
    for roll, defeated in ((2, False), (7, True)):
        g, watch = moved(sides, "Lórien", "Dead Marshes", ["Exhalation of Decay"], ["Barrow-wight", "Ghouls"],
                         rolls=(roll,))
        assert ("Ghouls", 5, 6) in watch.seen
        assert g.stats.hazards_played[kind(them, "Exhalation of Decay")] == 1
        assert (kind(them, "Ghouls") in g.hazards.cards.discard) is not defeated
        assert kind(them, "Exhalation of Decay") in g.hazards.cards.discard
        assert (g.stats.kill_mp > 0) is defeated


@needs_decks
def test_no_undead_that_can_attack_here_no_exhalation(sides):
    """Rivendell to Lórien ({w}{b}{w}{w}): neither Ghouls (Shadow-land, Dark-domain or their holds) nor Chill
    Douser (Ruins & Lairs, Shadow-holds) can attack; a Slayer-like non-Undead would not be taken either."""
    us, them = sides
    g, watch = moved(sides, "Rivendell", "Lórien", ["Exhalation of Decay"], ["Ghouls", "Chill Douser"])
    assert not watch.seen and g.stats.hazards_played[kind(them, "Exhalation of Decay")] == 0
