"""Two Drake hazard events of the ICE sets, on scenarios of two ICE Challenge Decks (Gandalf's company against
Adûnaphel's hazards, with fixed rolls): the facts read out of their texts, the hazard player's choices
(`players.hazard_events`) and the turn.

- Summons from Long Sleep: "This card reserves up to one Dragon or Drake hazard creature at a time ... (not
  counting against the hazard limit). You may play a reserved creature as though it were in your hand. Discard
  this card after the reserved creature attacks. A reserved Dragon or Drake receives +2 prowess when attacking."
  (`turn.events.reserve`, `turn.hazards.reserved_attacks`);
- From the Pits of Angband: "At the end of each turn, each player may take one unique Dragon manifestation or one
  Drake hazard creature from his discard pile and shuffle it into his play deck. Alternatively, if Doors of Night
  is in play, ... return one unique Dragon manifestation and/or one Drake hazard creature ... to his hand"
  (`rules.events.recycled_at_end_of_turn`, `turn.events.end_of_turn_recycling`)."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.events import EventSpec, recycled_at_end_of_turn
from deckcheck.sim.side import side_of
from deckcheck.sim.turn.events import end_of_turn_recycling
from tests._hazard_scenes import kind, moved_into_hazards
from tests._shared import CHALLENGE, needs_decks

SUMMONS, PITS = "AS-39", "TD-27"


def test_the_importer_reads_summons_from_long_sleep():
    assert load_combat_facts()["events"][SUMMONS] == {"effect": "reserve_creature", "races": ["Dragon", "Drake"],
                                                      "prowess": 2, "lasts": "permanent"}


@pytest.fixture(scope="module")
def sides():
    def side(name):
        return side_of(build_sim_deck(read_deck(str(CHALLENGE / name))))

    return {"gandalf": side("E - Gandalf - Return of the King"),
            "adunaphel": side("F - Adunaphel - Spies and Traitors")}


class Prowess:
    """The prowess of each attack faced, by the attacker's name."""

    def __init__(self):
        self.seen = []

    def __getattr__(self, name):
        return lambda *args, **kwargs: None

    def attack(self, g, name, attack, defenders, result):
        self.seen.append((name, attack.prowess))


def moved(sides, origin: str, dest: str, hand: list[str], board=(), reserved=None, rolls=(7,), discard=()):
    """Aragorn II and Faramir moved from `origin` to `dest`; Adûnaphel's hazard hand (by name) played on them, its
    play deck resources only; `board`: its cards in play (by name), the first one holding `reserved`."""
    watch = Prowess()
    g = moved_into_hazards(sides["gandalf"], sides["adunaphel"], origin, dest, hand, discard=discard, board=board,
                           reserved=reserved, rolls=rolls, observer=watch)
    return g, watch


@needs_decks
def test_summons_is_played_and_holds_a_drake_the_hand_cannot_play_now(sides):
    """Rivendell to Lórien ({w}{b}{w}{w}): Marsh-drake (keyed to a Coastal Sea or a Shadow-land) cannot attack;
    Summons goes into play (one hazard) and Marsh-drake is set aside with it, out of the hand."""
    them = sides["adunaphel"]
    g, watch = moved(sides, "Rivendell", "Lórien", ["Summons from Long Sleep", "Marsh-drake"])
    summons, drake = kind(them, "Summons from Long Sleep"), kind(them, "Marsh-drake")
    assert g.stats.hazards_played[summons] == 1 and not watch.seen
    entry = next(e for e in g.board.events if e[0] == summons)
    assert g.board.reserved[id(entry)] == drake
    assert drake not in g.hazards.cards.hand


@needs_decks
def test_without_a_drake_in_hand_summons_stays_in_hand(sides):
    them = sides["adunaphel"]
    g, _ = moved(sides, "Rivendell", "Lórien", ["Summons from Long Sleep"])
    assert g.stats.hazards_played[kind(them, "Summons from Long Sleep")] == 0 and not g.board.events


@needs_decks
def test_the_reserved_drake_attacks_with_two_more_prowess_and_summons_goes(sides):
    """Lórien to Dead Marshes ({w}{s}{s}): the reserved Marsh-drake (11) attacks as though from hand at 13; then
    Summons is discarded; a Marsh-drake in hand is the less threatening choice."""
    them = sides["adunaphel"]
    g, watch = moved(sides, "Lórien", "Dead Marshes", [], board=["Summons from Long Sleep"],
                     reserved="Marsh-drake")
    assert watch.seen[0] == ("Marsh-drake", 13)
    assert not g.board.events and not g.board.reserved
    assert kind(them, "Summons from Long Sleep") in g.hazards.cards.discard
    assert g.stats.hazards_played[kind(them, "Marsh-drake")] == 1


@needs_decks
def test_a_reserved_drake_not_keyable_here_stays_reserved(sides):
    g, watch = moved(sides, "Rivendell", "Lórien", [], board=["Summons from Long Sleep"], reserved="Marsh-drake")
    assert not watch.seen and len(g.board.reserved) == 1


@needs_decks
def test_summons_discarded_takes_its_reserved_creature_to_the_discard_pile(sides):
    them = sides["adunaphel"]
    g, _ = moved(sides, "Rivendell", "Lórien", [], board=["Summons from Long Sleep"], reserved="Marsh-drake")
    g.board.remove(g.board.events[0])
    assert {kind(them, "Summons from Long Sleep"), kind(them, "Marsh-drake")} <= set(g.hazards.cards.discard)
    assert not g.board.reserved


def test_of_two_copies_in_play_the_one_discarded_leaves_with_its_own_reserved_creature():
    from deckcheck.sim.state import Board
    board, pile = Board(), []
    spec = EventSpec.of(load_combat_facts()["events"][SUMMONS])
    board.add(7, spec, pile, 1, SUMMONS)
    board.add(7, spec, pile, 1, SUMMONS)          # a second copy: an equal tuple
    first, second = board.events
    assert first == second and first is not second
    board.reserved[id(first)], board.reserved[id(second)] = 20, 21
    board.remove(second)
    assert board.events[0] is first and board.reserved == {id(first): 20} and pile == [7, 21]
    board.remove(first)                           # the other way: the first goes with its own
    assert board.events == [] and board.reserved == {} and pile == [7, 21, 7, 20]


# ---- From the Pits of Angband ---------------------------------------------------------------------------------

def test_the_importer_reads_from_the_pits_of_angband():
    assert load_combat_facts()["events"][PITS] == {"effect": "recycle_at_end_of_turn", "races": ["Drake"],
                                                   "unique_races": ["Dragon"], "doors_to_hand": True,
                                                   "lasts": "long", "not_duplicated": True}


@needs_decks
def test_the_most_threatening_drake_of_the_discard_pile_comes_back(sides):
    them = sides["adunaphel"]
    pits = EventSpec.of(load_combat_facts()["events"][PITS])
    pile = [kind(them, n) for n in ("Slayer", "Marsh-drake", "Cave Worm", "Marsh-drake")]
    for doors in (False, True):           # no unique Dragon in this deck: one Drake either way
        assert recycled_at_end_of_turn(pits, them.hazards, pile, doors) == [kind(them, "Cave Worm")]
    assert recycled_at_end_of_turn(pits, them.hazards, [kind(them, "Slayer")], False) == []
    # Cave-drake is printed a Dragon, not a unique one (no manifestation): the Pits leave it
    assert recycled_at_end_of_turn(pits, them.hazards, [kind(them, "Cave-drake")], True) == []


@needs_decks
def test_the_pits_are_played_only_with_a_drake_in_the_discard_pile(sides):
    them = sides["adunaphel"]
    pits = kind(them, "From the Pits of Angband")
    for discard, played in ((["Marsh-drake"], 1), (["Slayer"], 0)):
        g, _ = moved(sides, "Rivendell", "Lórien", ["From the Pits of Angband"], discard=discard)
        assert g.stats.hazards_played[pits] == played
        assert bool(g.board.events) is bool(played)


@needs_decks
def test_at_the_end_of_the_turn_a_drake_goes_back_into_the_play_deck_or_to_hand_under_doors(sides):
    them = sides["adunaphel"]
    drake = kind(them, "Marsh-drake")
    for board, to_hand in ((["From the Pits of Angband"], False),
                           (["From the Pits of Angband", "Doors of Night"], True)):
        g, _ = moved(sides, "Rivendell", "Lórien", [], board=board, discard=["Marsh-drake", "Slayer"])
        end_of_turn_recycling(g)
        cards = g.hazards.cards
        assert drake not in cards.discard and kind(them, "Slayer") in cards.discard
        assert (drake in cards.hand) is to_hand and (drake in cards.deck) is not to_hand
