"""Creatures keyed to the Under-deeps by their text (card_db/combat.json `creatures`): Nameless Thing ("3 attacks of
2 strikes each. A character can tap to cancel one of these attacks. Playable at any Under-deeps site. If Doors of
Night is in play, also playable at an adjacent site of any Under-deeps site or keyed to a Coastal Sea"), Shelob's
Brood ("at any Under-deeps site or surface site thereof"), Bûthrakaur's "If Doors of Night is in play, playable at
any Under-deeps site": the facts, and Nameless Thing on a scenario of two ICE Challenge Decks (Gandalf's company
moving to Moria, Adûnaphel's hazards) with Doors of Night in play or not."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.hazard_events import RESOURCE
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.state import OCCUPIED
from deckcheck.sim.turn.hazards import hazard_phase
from tests._shared import CHALLENGE, needs_decks


def test_the_importer_reads_the_under_deeps_keys():
    creatures = load_combat_facts()["creatures"]
    nameless = creatures["DM-109"]
    assert nameless["attacks"] == 3 and nameless["strikes"] == 2 and nameless["tap_cancels_one"]
    assert "The Under-gates" in nameless["sites"] and "Moria" not in nameless["sites"]
    doors = nameless["with_doors_of_night"]
    assert doors["keyed_to"] == "{c}" and {"Moria", "Goblin-gate", "The Under-gates"} <= set(doors["sites"])
    assert {"Moria", "The Under-leas"} <= set(creatures["BA-13"]["sites"])          # Shelob's Brood
    assert "The Iron-deeps" in creatures["DM-105"]["with_doors_of_night"]["sites"]  # Bûthrakaur the Green
    assert "The Iron-deeps" not in creatures["DM-105"]["sites"]


@pytest.fixture(scope="module")
def sides():
    def side(name):
        return side_of(build_sim_deck(read_deck(str(CHALLENGE / name))))

    return side("E - Gandalf - Return of the King"), side("F - Adunaphel - Spies and Traitors")


class Attacks:
    def __init__(self):
        self.seen = []

    def __getattr__(self, name):
        return lambda *args, **kwargs: None

    def attack(self, g, name, attack, defenders, result):
        self.seen.append((name, attack.strikes, attack.prowess))


@needs_decks
def test_nameless_thing_attacks_at_moria_only_under_doors_of_night(sides):
    us, them = sides
    sim = us.sim
    kind = {c.name: k for k, c in enumerate(us.sim.kinds)}
    theirs = {c.name: k for k, c in enumerate(them.sim.kinds)}
    start, end = (next(i for i, s in enumerate(sim.sites) if s.name == n) for n in ("Lórien", "Moria"))
    for doors in (False, True):
        watch = Attacks()
        g = scenario(sim, starting_company=False, us=us, against=them, rolls=(12,), observer=watch,
                     characters=[(kind[n], start) for n in ("Aragorn II", "Faramir")],
                     board=[theirs["Doors of Night"]] if doors else [])
        g.hazards.cards.hand = [theirs["Nameless Thing"]]
        g.hazards.cards.deck = [next(k for k in range(len(them.sim.kinds)) if them.hazards.use[k] == RESOURCE)] * 9
        company = g.companies[0]
        company.site = end
        g.occupy(end)
        hazard_phase(g, company, start, end, OCCUPIED)
        # Moria has an automatic-attack: keyed to the site itself, the creature goes on-guard there (2.IV.vii.4)
        guard = g.on_guard.get(id(company))
        assert (guard is not None and guard[1] == theirs["Nameless Thing"]) is doors
        assert (theirs["Nameless Thing"] in g.hazards.cards.hand) is not doors
        if doors:          # revealed as the company enters: three attacks of 2 strikes at 10, one canceled by a tap
            from deckcheck.sim.turn.hazards import creature_attacks

            creature_attacks(g, company, guard[1], guard[2])
            assert [a for a in watch.seen if a[0] == "Nameless Thing"] == [("Nameless Thing", 2, 10)] * 2
