"""Secrets of Their Forging ("Sage only. Playable on a sage during the site phase at a site where Information is
playable if a character in his company has a gold ring item. Tap the sage and the site. You may replace the gold
ring with a special item ring from your hand ... for which the gold ring could normally be tested") and Ringlore
("Playable only during the site phase if a sage is untapped at an untapped site where Information is playable"):
the facts read out of their text, the site phase that plays them (`turn.site.site_ring_test`), the player's
choices (`ResourcePlayer.site_ring_test`, entering a site and going there for it), on a scenario of ICE Challenge
Deck F: its sage Ciryaher bearing The Least of Gold Rings (a Dwarven Ring on 10-12+) at Thranduil's Halls."""

from __future__ import annotations

import pytest

from deckcheck.cards.play import load_play_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.movement import site_values
from deckcheck.sim.scenario import scenario
from deckcheck.sim.state import AVAILABLE, OCCUPIED, TAPPED
from deckcheck.sim.turn import organization
from deckcheck.sim.turn.site import play_at_site
from tests._shared import CHALLENGE, needs_decks


def test_the_importer_reads_when_and_where_they_are_played():
    testers = load_play_facts().ring_testers
    for card_id in ("LE-226", "TW-318"):          # Secrets of Their Forging, Ringlore
        tester = testers[card_id]
        assert tester.site_phase and tester.sage and tester.information and tester.no_roll
    assert not testers["TW-340"].site_phase       # Test of Lore: "Play to test a gold ring in a sage's company"


@pytest.fixture(scope="module")
def sim():
    return build_sim_deck(read_deck(str(CHALLENGE / "F - Adunaphel - Spies and Traitors")))


def kind(sim, name: str) -> int:
    return next(k for k, c in enumerate(sim.kinds) if c.name == name)


def at_the_halls(sim, hand: list[str], sage: bool = True, site_state: int = OCCUPIED):
    """Ciryaher (a sage) or Luitprand (no sage) at Thranduil's Halls bearing The Least of Gold Rings."""
    halls = next(i for i, s in enumerate(sim.sites) if s.name == "Thranduil’s Halls")
    who = kind(sim, "Ciryaher" if sage else "Luitprand")
    g = scenario(sim, starting_company=False, characters=[(who, halls)], hand=[kind(sim, n) for n in hand],
                 site_states={halls: site_state})
    company = g.companies[0]
    gold = kind(sim, "The Least of Gold Rings")
    company.characters[0].holdings.append(gold)
    g.in_play[gold] += 1
    return g, company, halls, gold


@needs_decks
def test_the_sage_replaces_the_gold_ring_in_the_site_phase(sim):
    g, company, halls, gold = at_the_halls(sim, ["Secrets of Their Forging", "Dwarven Ring of Thrár’s Tribe"])
    ring = kind(sim, "Dwarven Ring of Thrár’s Tribe")
    organization.test_rings(g)                    # the organization phase: not played there
    assert company.characters[0].holdings == [gold]
    play_at_site(g, company)
    assert company.characters[0].holdings == [ring] and company.characters[0].tapped
    assert g.site_state[halls] == TAPPED and kind(sim, "Secrets of Their Forging") not in g.hand


@needs_decks
def test_no_sage_no_untapped_site_or_no_better_ring_no_swap(sim):
    for hand, sage, state in ((["Secrets of Their Forging", "Dwarven Ring of Thrár’s Tribe"], False, OCCUPIED),
                              (["Secrets of Their Forging", "Dwarven Ring of Thrár’s Tribe"], True, TAPPED),
                              (["Secrets of Their Forging"], True, OCCUPIED)):
        g, company, _halls, gold = at_the_halls(sim, hand, sage, state)
        play_at_site(g, company)
        assert gold in company.characters[0].holdings


@needs_decks
def test_the_player_enters_and_goes_to_a_site_where_information_is_playable_for_it(sim):
    hand = ["Secrets of Their Forging", "Dwarven Ring of Thrár’s Tribe"]
    g, company, halls, _gold = at_the_halls(sim, hand)
    assert g.player.enters_site(g, company) == kind(sim, "Secrets of Their Forging")
    g.site_state[halls] = AVAILABLE
    values = site_values(g)
    assert values[halls] == 10 * (4 - 2) + 1          # the Dwarven Ring's 4 MP for the gold ring's 2
    assert all(sim.sites[s].information for s in values)
    g.hand.remove(kind(sim, "Secrets of Their Forging"))
    assert halls not in site_values(g)
