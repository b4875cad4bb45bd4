"""On-guard cards (coe 2.IV.vii.4, 2.V.i, 2.V.iv, 2.V.10) and the hazard short-events Tidings of Bold Spies,
Seized by Terror and An Unexpected Outpost in duels: each rule on a hand-worked case, each choice both ways on
scenarios of the ICE Challenge Decks (Gandalf's company against Radagast's and Hoarmûrath's hazards), with fixed
rolls."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.observe import Observer
from deckcheck.sim.players.hazard_events import RESOURCE
from deckcheck.sim.referee import Referee
from deckcheck.sim.rules.events import (
    EventSpec,
    hazards_recycled,
    may_be_seized,
    on_guard_revealed_on_entry,
    split_off_chance,
)
from deckcheck.sim.rules.keying import Move, site_path
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.state import OCCUPIED
from deckcheck.sim.turn.hazards import hazard_phase, site_move
from deckcheck.sim.turn.site import enter_site, on_guard_returns
from tests._shared import DECKS, needs_decks

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
EVENTS = load_combat_facts()["events"]


def spec(card_id: str) -> EventSpec:
    return EventSpec.of(EVENTS[card_id])


# ---- the facts and the rules -----------------------------------------------------------------------------------

def test_the_importer_reads_the_three_events():
    assert EVENTS["LE-143"] == {"effect": "duplicate_automatic_attacks", "lasts": "short"}    # Tidings
    assert EVENTS["DM-88"] == {"effect": "split_off", "region_types": ["s", "d"], "below": 12,
                               "lasts": "short"}                                             # Seized by Terror
    assert EVENTS["DM-45"] == {"effect": "recycle_hazard", "times": 1, "doors_times": 2,
                               "lasts": "short"}                                             # An Unexpected Outpost


def test_seized_by_terror_odds_and_where_it_is_playable():
    terror = spec("DM-88")
    assert split_off_chance(terror, 8) == 3 / 36          # 2D6 + 8 below 12: a roll of 2 (1 way) or 3 (2)
    assert split_off_chance(terror, 5) == 15 / 36         # a roll of 6 or less
    assert split_off_chance(terror, 11) == 0
    shadow = Move(path=site_path("{w}{s}"), regions=frozenset(), site_type="S", site="x", site_region="y")
    wild = Move(path=site_path("{w}{b}"), regions=frozenset(), site_type="R", site="x", site_region="y")
    assert may_be_seized(terror, shadow, wizard_or_ringwraith=False)
    assert not may_be_seized(terror, shadow, wizard_or_ringwraith=True)
    assert not may_be_seized(terror, wild, wizard_or_ringwraith=False)


def test_an_unexpected_outpost_brings_back_two_under_doors_of_night():
    outpost = spec("DM-45")
    assert hazards_recycled(outpost, doors=False) == 1 and hazards_recycled(outpost, doors=True) == 2


def test_an_on_guard_card_is_revealed_on_entry_only_at_a_site_with_automatic_attacks():
    assert on_guard_revealed_on_entry(None, creature_keyed=True, automatic_attacks=1, boost_applies=False)
    assert not on_guard_revealed_on_entry(None, creature_keyed=True, automatic_attacks=0, boost_applies=False)
    assert not on_guard_revealed_on_entry(None, creature_keyed=False, automatic_attacks=2, boost_applies=False)
    boost = spec("TW-9")                                                                   # Awaken Denizens
    assert on_guard_revealed_on_entry(boost, creature_keyed=False, automatic_attacks=1, boost_applies=True)
    assert not on_guard_revealed_on_entry(boost, creature_keyed=False, automatic_attacks=1, boost_applies=False)


# ---- in a game --------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sides():
    paths = {"gandalf": "E - Gandalf - Return of the King", "radagast": "D - Radagast - Bargain Between Friends",
             "hoarmurath": "H - Hoarmurath - Stealthy Tribe"}
    if not all((CHALLENGE / p).exists() for p in paths.values()):
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {name: side_of(build_sim_deck(read_deck(str(CHALLENGE / p)))) for name, p in paths.items()}


def kind(side, name: str) -> int:
    return next(k for k, c in enumerate(side.sim.kinds) if c.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


class Attacks(Observer):
    """The names of the attacks, in the order they were faced."""

    def __init__(self):
        self.names = []

    def attack(self, g, name, attack, defenders, result):
        self.names.append(name)


def moved(sides, against: str, origin: str, dest: str, hand: list[str], rolls=(7,),
          names=("Aragorn II", "Faramir"), discard=(), observer=None):
    """Gandalf's characters (by name) moved from `origin` to `dest`, the opponent's hazard hand (by name) played
    on them; it draws only resources (which it does not play as hazards)."""
    us, them = sides["gandalf"], sides[against]
    sim = us.sim
    start, end = site(sim, origin), site(sim, dest)
    g = scenario(sim, starting_company=False, us=us, against=them, rolls=rolls, observer=observer,
                 characters=[(kind(us, n), start) for n in names])
    g.hazards.cards.hand = [kind(them, n) for n in hand]
    resource = next(k for k in range(len(them.sim.kinds)) if them.hazards.use[k] == RESOURCE)
    g.hazards.cards.deck = [resource] * 10
    g.hazards.cards.discard = [kind(them, n) for n in discard]
    company = g.companies[0]
    company.site = end
    g.occupy(end)
    hazard_phase(g, company, start, end, OCCUPIED)
    return g, company


def wanting_to_enter(g, company) -> None:
    """A hand that holds a card the player enters the company's site for."""
    for k in dict.fromkeys(g.deck + g.hand + g.discard):
        g.hand = [k]
        if g.player.enters_site(g, company) is not None:
            return
    pytest.skip("no card of the deck makes the player enter this site")


@needs_decks
def test_a_creature_keyed_to_a_site_with_automatic_attacks_waits_on_guard(sides):
    """Sellswords Between Charters (keyed to Shadow-holds and Border-holds): at Moria (Orcs) it goes on-guard,
    at Henneth Annûn (no automatic-attack) it attacks in the movement/hazard phase."""
    radagast = sides["radagast"]
    sellswords = kind(radagast, "Sellswords Between Charters")
    referee = Referee()
    for dest, guarded in (("Moria", True), ("Henneth Annûn", False)):
        g, company = moved(sides, "radagast", "Lórien", dest, ["Sellswords Between Charters"], observer=referee)
        assert (id(company) in g.on_guard) is guarded
        assert sellswords not in g.hazards.cards.hand
        assert g.stats.hazards_played[sellswords] == (0 if guarded else 1)
    assert referee.findings["hazard-limit"].count == 0


@needs_decks
def test_the_choice_of_the_on_guard_creature(sides):
    """Only at a site with automatic-attacks, and only a creature that may be keyed to the site itself (Lawless
    Men are keyed to regions only)."""
    us, radagast = sides["gandalf"], sides["radagast"]
    g = scenario(us.sim, us=us, against=radagast)
    player = g.hazards
    moria = site_move(g, site(us.sim, "Moria"))
    sellswords, lawless = kind(radagast, "Sellswords Between Charters"), kind(radagast, "Lawless Men")
    chosen = [(lawless, "region", False), (sellswords, "site", False)]
    assert player.on_guard_creature(chosen, moria, "wizard", False, automatic_attacks=1) == (sellswords, False)
    assert player.on_guard_creature(chosen, moria, "wizard", False, automatic_attacks=0) is None
    assert player.on_guard_creature(chosen[:1], moria, "wizard", False, automatic_attacks=1) is None


@needs_decks
def test_the_on_guard_creature_attacks_after_the_automatic_attack(sides):
    radagast = sides["radagast"]
    sellswords = kind(radagast, "Sellswords Between Charters")
    seen = Attacks()
    g, company = moved(sides, "radagast", "Lórien", "Moria", ["Sellswords Between Charters"], rolls=(12,),
                       observer=seen)
    wanting_to_enter(g, company)
    assert enter_site(g, company)
    assert seen.names == ["the automatic-attack of Moria", "Sellswords Between Charters"]
    assert id(company) not in g.on_guard and g.stats.hazards_played[sellswords] == 1
    on_guard_returns(g)
    assert sellswords not in g.hazards.cards.hand


@needs_decks
def test_an_on_guard_card_not_revealed_goes_back_to_hand(sides):
    radagast = sides["radagast"]
    sellswords = kind(radagast, "Sellswords Between Charters")
    g, company = moved(sides, "radagast", "Lórien", "Moria", ["Sellswords Between Charters"])
    company.lost = True                                  # it does not enter its site
    assert not enter_site(g, company)
    on_guard_returns(g)
    assert not g.on_guard and sellswords in g.hazards.cards.hand
    assert g.stats.hazards_played[sellswords] == 0


@needs_decks
def test_tidings_of_bold_spies_duplicates_the_automatic_attacks(sides):
    radagast = sides["radagast"]
    tidings = kind(radagast, "Tidings of Bold Spies")
    for dest, played in (("Moria", True), ("Henneth Annûn", False)):
        seen = Attacks()
        g, company = moved(sides, "radagast", "Lórien", dest, ["Tidings of Bold Spies"], rolls=(12,),
                           observer=seen)
        assert g.stats.hazards_played[tidings] == int(played)
        assert seen.names == (["Tidings of Bold Spies (Moria)"] if played else [])


@needs_decks
def test_seized_by_terror_sends_a_character_back_on_a_failed_roll(sides):
    radagast, us = sides["radagast"], sides["gandalf"]
    lorien, marshes = site(us.sim, "Lórien"), site(us.sim, "Dead Marshes")
    for rolls, seized in (((2,), True), ((12,), False)):
        g, company = moved(sides, "radagast", "Lórien", "Dead Marshes", ["Seized by Terror"], rolls=rolls,
                           names=("Aragorn II", "Arwen"))
        assert g.stats.hazards_played[kind(radagast, "Seized by Terror")] == 1
        assert len(company.characters) == (1 if seized else 2) and company.site == marshes
        back = [c for c in g.companies if c is not company]
        assert bool(back) is seized
        if seized:
            assert back[0].site == lorien and back[0].lost and id(back[0]) in g.stopped


@needs_decks
def test_seized_by_terror_only_moving_through_a_shadow_land_or_dark_domain(sides):
    radagast = sides["radagast"]
    g, company = moved(sides, "radagast", "Lórien", "Moria", ["Seized by Terror"], rolls=(2,),
                       names=("Aragorn II", "Arwen"))
    assert g.stats.hazards_played[kind(radagast, "Seized by Terror")] == 0 and len(company.characters) == 2


@needs_decks
def test_an_unexpected_outpost_brings_a_creature_back_into_the_play_deck(sides):
    hoarmurath = sides["hoarmurath"]
    outpost, ghouls = kind(hoarmurath, "An Unexpected Outpost"), kind(hoarmurath, "Ghouls")
    for discard, played in ((["Ghouls"], True), ([], False)):
        g, _ = moved(sides, "hoarmurath", "Rivendell", "Lórien", ["An Unexpected Outpost"], discard=discard)
        assert g.stats.hazards_played[outpost] == int(played)
        assert (ghouls in g.hazards.cards.deck) is played and ghouls not in g.hazards.cards.discard
