"""Direct influence restricted to followers of a kind (coe 2.II.2.2.4: "+3 direct influence against Orcs and Orc
factions", "+7 direct influence only usable against Aragorn II"): the fact the importer derives, the rule the
engine and the referee apply, and the player's choice of controller. Real cards and real Challenge Decks."""

from __future__ import annotations

import json

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.importer import _text
from deckcheck.cards.names import fold
from deckcheck.cards.play import FollowerInfluence, load_play_facts
from deckcheck.cards.play_import import follower_influence
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.resource import ResourcePlayer
from deckcheck.sim.referee import Referee
from deckcheck.sim.rules.influence import controllers_with_room, may_control, unrestricted_needed, unused_di
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.organization import organize
from tests._shared import CHALLENGE, COE_CARDS, GANDALF, WITCH_KING, needs_coe, needs_decks


def card_id(name: str) -> str:
    return load_catalog().by_name(name)[0].id


# ---- the fact -------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def coe():
    cards = [c for s in json.loads(COE_CARDS.read_text(encoding="utf-8")).values() for c in s["cards"].values()]
    printed = {fold(c["name"]["en"]): c["name"]["en"].strip() for c in cards if c["type"] == "Character"}
    return {c["name"]["en"].strip(): c for c in cards if c["type"] == "Character"}, printed


def read(coe, name: str):
    cards, printed = coe
    return follower_influence(_text(cards[name]), printed)


@needs_coe
def test_the_importer_reads_races_names_specifics_and_home_sites(coe):
    assert read(coe, "Orc Captain") == ((FollowerInfluence(3, races=("Orc",)),), [])
    assert read(coe, "Lieutenant of Morgul") == ((FollowerInfluence(3, races=("Troll", "Orc")),), [])
    assert read(coe, "Arwen") == ((FollowerInfluence(7, names=("Aragorn II",)),), [])
    assert read(coe, "Celeborn") == ((FollowerInfluence(5, names=("Galadriel",)),), [])
    # two instances, each its own (2.II.2.2.4: the player chooses which to spend)
    assert read(coe, "Azog") == ((FollowerInfluence(3, races=("Orc",)), FollowerInfluence(2, specific="Balrog")), [])
    # "Dúnedain and factions that can be played in Anfalas, ...": the faction half is no follower's
    assert read(coe, "Firiel") == ((FollowerInfluence(2, races=("Dúnadan",)),), [])
    # "+2 prowess against Orcs, +1 direct influence against Dwarves and Dwarf factions"
    assert read(coe, "Balin") == ((FollowerInfluence(1, races=("Dwarf",)),), [])


@needs_coe
def test_what_names_no_kind_of_character_is_not_a_fact_and_is_said(coe):
    # factions only: no follower is meant
    assert read(coe, "Aragorn II") == ((), [])
    assert read(coe, "Strider") == ((), [])
    # "Riders of Rohan" printed without "faction": said as not read, never guessed as a race
    restricted, unread = read(coe, "Wormtongue")
    assert restricted == (FollowerInfluence(4, home_site="Edoras"),) and unread == ["Riders of Rohan"]
    assert read(coe, "Wolf") == ((), ["Dunlendings"])
    # a Ringwraith's change by mode is no restriction
    assert read(coe, "The Witch-king") == ((), [])


def test_the_committed_facts_hold_restricted_direct_influence():
    facts = load_play_facts()
    assert facts.follower_influence[card_id("Orc Captain")] == (FollowerInfluence(3, races=("Orc",)),)
    assert card_id("Aragorn II") not in facts.follower_influence
    assert len(facts.follower_influence) == 39


# ---- the rule -------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def witch_king():   # Orc Captain (DI 0, +3 against Orcs), Orc Veteran, Orc Tracker, Orc Brawler; a Man: Horseman
    return build_sim_deck(read_deck(str(WITCH_KING)))


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


@needs_decks
def test_restricted_direct_influence_counts_once_for_followers_of_its_kind(witch_king):
    sim = witch_king
    captain, veteran, tracker = named(sim, "Orc Captain"), named(sim, "Orc Veteran"), named(sim, "Orc Tracker")
    brawler, horseman = named(sim, "Orc Brawler"), named(sim, "Horseman in the Night")
    assert sim.direct_influence[captain] == 0 and sim.mind[tracker] == 3 and sim.mind[brawler] == 1
    assert unrestricted_needed(sim, captain, [veteran]) == 0            # an Orc: restricted influence covers it
    assert unrestricted_needed(sim, captain, [horseman]) == sim.mind[horseman]     # a Man: it cannot
    assert unrestricted_needed(sim, captain, [tracker, brawler]) == 1  # once, not per follower: 3 for 4 mind
    assert unrestricted_needed(sim, veteran, [brawler]) == 1           # no restriction: the plain sum


@needs_decks
def test_an_orc_enters_under_the_orc_captain_a_man_does_not(witch_king):
    sim = witch_king
    captain, veteran = named(sim, "Orc Captain"), named(sim, "Orc Veteran")
    horseman = named(sim, "Horseman in the Night")
    site = sim.start_site
    g = scenario(sim, starting_company=False, characters=[(captain, site)])
    chief = g.companies[0].characters[0]
    assert controllers_with_room(g, veteran, site) == [chief] and may_control(g, chief, veteran)
    assert controllers_with_room(g, horseman, site) == [] and not may_control(g, chief, horseman)
    # in play: the Veteran enters as his follower, general influence untouched (it was full)
    g = scenario(sim, starting_company=False, characters=[(captain, site)], hand=[veteran],
                 general_influence=sim.mind[captain])
    chief = g.companies[0].characters[0]
    organize(g)
    follower = next(c for c in g.companies[0].characters if c.kind == veteran)
    assert follower.controller is chief and g.gi_used == sim.mind[captain]
    assert unused_di(g, chief) == 0
    # the Man waits: neither general influence nor the Captain's may take him
    g = scenario(sim, starting_company=False, characters=[(captain, site)], hand=[horseman],
                 general_influence=sim.mind[captain])
    organize(g)
    assert [c.kind for c in g.companies[0].characters] == [captain] and horseman in g.hand


@needs_decks
def test_the_referee_counts_restricted_influence_only_for_its_kind(witch_king):
    sim = witch_king
    captain, veteran = named(sim, "Orc Captain"), named(sim, "Orc Veteran")
    horseman = named(sim, "Horseman in the Night")
    tracker, brawler = named(sim, "Orc Tracker"), named(sim, "Orc Brawler")
    site = sim.start_site

    def findings(followers) -> int:
        g = scenario(sim, starting_company=False,
                     characters=[(captain, site)] + [(k, site, captain) for k in followers])
        referee = Referee()
        referee.new_game()
        referee.phase(g, "site")
        return referee.findings["direct-influence"].count

    assert findings([veteran]) == 0
    assert findings([horseman]) == 1
    assert findings([tracker]) == 0 and findings([tracker, brawler]) == 1


# ---- the choice -----------------------------------------------------------------------------------------------


@needs_decks
def test_a_newcomer_goes_under_restricted_influence_first_keeping_the_rest_free():
    sim = build_sim_deck(read_deck(str(CHALLENGE / "C - Pallando - Dwarven Quest")))
    # Thorin II and Glóin: DI 2, +2 and +1 against Dwarves; Celeborn: DI 1, none for Dwarves; Fíli and Dori Dwarves
    thorin, gloin, celeborn = named(sim, "Thorin II"), named(sim, "Glóin"), named(sim, "Celeborn")
    fili, dori = named(sim, "Fíli"), named(sim, "Dori")
    assert [sim.direct_influence[k] for k in (thorin, gloin, celeborn)] == [2, 2, 1]
    assert (sim.mind[fili], sim.mind[dori]) == (2, 1)
    site = sim.start_site
    g = scenario(sim, starting_company=False, characters=[(gloin, site), (thorin, site), (celeborn, site)])
    gloin_c, thorin_c, celeborn_c = g.companies[0].characters
    player = ResourcePlayer()
    # Fíli under Thorin costs none of his unrestricted influence, under Glóin 1 of 2: Thorin first
    assert set(controllers_with_room(g, fili, site)) == {gloin_c, thorin_c}
    assert player.frees_follower(g, fili, [gloin_c, thorin_c])[0] is thorin_c
    # Dori under Glóin costs nothing, under Celeborn (an Elf's influence is no Dwarf's) all his 1: Glóin first
    assert player.frees_follower(g, dori, [celeborn_c, gloin_c]) == [gloin_c, celeborn_c]
    # where nobody has restricted influence the order is left as it is
    assert player.frees_follower(g, dori, [celeborn_c]) == [celeborn_c]


@needs_decks
def test_arwen_controls_aragorn_and_nobody_else():
    sim = build_sim_deck(read_deck(str(GANDALF)))
    arwen, aragorn, faramir = named(sim, "Arwen"), named(sim, "Aragorn II"), named(sim, "Faramir")
    assert sim.direct_influence[arwen] == 0
    assert unrestricted_needed(sim, arwen, [aragorn]) == sim.mind[aragorn] - 7
    assert unrestricted_needed(sim, arwen, [faramir]) == sim.mind[faramir]
