"""coe 2.II.2.2.B3: "When a Balrog player plays a non-unique character with mind of three or less, that character
may come from the player's hand, discard pile, or sideboard." The rule (`sim.rules.entry`), the player's choice
(`CharacterChoices.character_to_play`) and the card's way into play (`turn.organization.enter_character`), both
ways, on a real Balrog deck (Balrogs host: Hill-troll, Crook-legged Orc and Mountain-maggot in its sideboard) and a
Ringwraith Challenge Deck (I: Orc Veteran, non-unique mind 2); a unique one of mind 3 (Great Army of the North's
Grishnákh) stays where it is."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.characters import reserve_waits
from deckcheck.sim.rules.entry import may_come_from_reserve, reserve_characters
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.organization import enter_character
from tests._shared import CHALLENGE, DECKS, needs_decks

HOST = DECKS / "gccg-restoration" / "Balrog - Balrogs host.deck"
GREAT_ARMY = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{d}_{D}{R} Great Army of the North.dck"


@pytest.fixture(scope="module")
def host():
    return build_sim_deck(read_deck(str(HOST))) if HOST.exists() else pytest.skip("needs ../shared")


def named(sim, name: str) -> int:
    return next(i for i, k in enumerate(sim.kinds) if k.name == name)


@needs_decks
def test_only_a_balrog_players_small_non_unique_characters_may_come_from_the_reserve(host):
    hill_troll, bolg, balrog = named(host, "Hill-troll"), named(host, "Bolg"), named(host, "The Balrog")
    assert host.mind[hill_troll] <= 3 and not host.unique[hill_troll]
    assert may_come_from_reserve(host, hill_troll, True)
    assert not may_come_from_reserve(host, hill_troll, False)       # not for another player's
    assert host.unique[bolg] and not may_come_from_reserve(host, bolg, True)
    assert not may_come_from_reserve(host, balrog, True)            # the avatar
    army = build_sim_deck(read_deck(str(GREAT_ARMY)))
    grishnakh = named(army, "Grishnákh")                            # a Balrog deck's unique character, mind 3
    assert army.alignment == "balrog" and army.unique[grishnakh] and army.mind[grishnakh] <= 3
    assert not may_come_from_reserve(army, grishnakh, True)
    assert reserve_characters(army, True, [grishnakh], []) == frozenset()
    witchking = build_sim_deck(read_deck(str(CHALLENGE / "I - Witchking - Morgul Rallying Cry")))
    captain = named(witchking, "Orc Captain")                       # non-unique, mind 5
    assert not witchking.unique[captain] and witchking.mind[captain] > 3
    assert not may_come_from_reserve(witchking, captain, True)


@needs_decks
def test_a_balrog_player_plays_a_hill_troll_from_the_sideboard_and_keeps_the_hand(host):
    """Nothing to play in hand: the Hill-troll of the sideboard enters (it leaves the sideboard, the hand is as it
    was); with the sideboard's small characters gone, nothing enters."""
    hill_troll = named(host, "Hill-troll")
    g = scenario(host, hand=[], sideboard=[hill_troll])
    assert reserve_characters(host, g.balrog, g.discard, g.sideboard) == {hill_troll}
    choice = g.player.character_to_play(g)
    assert choice is not None and choice[0] == hill_troll
    character = enter_character(g, choice)
    assert character.kind == hill_troll and hill_troll not in g.sideboard and g.hand == []
    assert g.played[hill_troll] == 1
    g = scenario(host, hand=[], sideboard=[])
    assert g.player.character_to_play(g) is None


@needs_decks
def test_from_the_discard_pile_first_and_not_for_a_ringwraith_player(host):
    """A Hill-troll in hand and one in the discard pile: the discard pile's is played, the hand's stays. A
    Ringwraith player's Orc Veteran (non-unique, mind 2) in its discard pile stays there."""
    hill_troll = named(host, "Hill-troll")
    g = scenario(host, hand=[hill_troll], discard=[hill_troll], sideboard=[])
    choice = g.player.character_to_play(g)
    assert choice is not None and choice[0] == hill_troll
    enter_character(g, choice)
    assert g.hand == [hill_troll] and hill_troll not in g.discard
    witchking = build_sim_deck(read_deck(str(CHALLENGE / "I - Witchking - Morgul Rallying Cry")))
    veteran = named(witchking, "Orc Veteran")
    g = scenario(witchking, hand=[], discard=[veteran], sideboard=[])
    assert not g.balrog and reserve_characters(witchking, g.balrog, g.discard, g.sideboard) == frozenset()
    assert g.player.character_to_play(g) is None


@needs_decks
def test_a_reserve_character_waits_when_it_would_take_the_room_of_a_better_one(host):
    """Bolg alone (mind 7 of general influence 18): a Hill-troll of the sideboard (1 MP, mind 3) waits while
    Umagaur (3 MP, mind 9) is still to come in the play deck (7 + 3 > 18 - 9); with none to come it may enter."""
    bolg, umagaur, hill_troll = named(host, "Bolg"), named(host, "Umagaur"), named(host, "Hill-troll")
    moria = next(i for i, s in enumerate(host.sites) if s.name == "Moria")
    for deck, waits in (([umagaur], True), ([], False)):
        g = scenario(host, starting_company=False, characters=[(bolg, moria)], hand=[], deck=deck,
                     sideboard=[hill_troll], general_influence=18)
        assert g.gi_used == host.mind[bolg]
        assert reserve_waits(g, hill_troll) == waits
        choice = g.player.character_to_play(g)                       # the choice follows it
        assert (choice is None) if waits else (choice is not None and choice[0] == hill_troll)
