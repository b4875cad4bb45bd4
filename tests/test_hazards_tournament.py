"""Hazards of the real tournament decks the engine once left unplayed (issue 22): the facts the importer reads
out of the card text, the rule each follows and the hazard player's choice, each both ways on scenarios of real
decks from ../shared/decks with fixed rolls:

- Alone and Unadvised (corruption card): on a non-Wizard, non-Ringwraith character in a company of three or
  fewer; a check per region moved through; every check of its bearer + the number of characters in his company;
  discarded once the company has four characters or more.
- The Dragons' "Ahunt" long-events: played on a company moving in the Dragon's regions, the company faces its
  attack at once; in play, each company moving there faces it (coe 2.IV.vi, 9.6); defeated, it is removed from
  the game and gives its kill MP.
- Revealed to all Watchers: the hazard player's non-hazard cards go on top of its play deck, its hand is drawn
  up with hazards; Rolled down to the Sea: we discard a ring (our choice: the one worth least) from our hand or
  a company.
- Unabated in Malice: placed on-guard at a site with automatic-attacks (when no creature is), revealed as the
  company enters: the most threatening automatic-attack gets +1 strike, +1 prowess, -2 body.
- Faces of the Dead: Seized by Terror's split-off on a non-Wizard character moving with two Wildernesses, for
  the discard of an Undead creature from hand.
- Foolish Words: on the character with most direct influence, -4 to his influence checks until he rolls it
  off (he taps for it at a haven).
- The Dragons' "at Home": their lair's added automatic-attack (unless the Ahunt is in play), Smaug's one card
  less drawn by a moving company, Scorba's and Itangast's item corruption.
- Peril Returned (Doors of Night considered in play, nothing for Gates of Morning to answer); Withered Lands
  (one region as two Wildernesses when that lets a creature be keyed); Morgul-rats keyed under Doors of Night.
"""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.names import fold
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.observe import Observer
from deckcheck.sim.players.hazard_events import CREATURE, RESOURCE
from deckcheck.sim.players.opponent import creature_key
from deckcheck.sim.referee import Referee
from deckcheck.sim.rules.combat import Attack
from deckcheck.sim.rules.council import KILL
from deckcheck.sim.rules.events import EventSpec, lair_attack, may_be_seized, one_attack_boosted
from deckcheck.sim.rules.influence import check_bonus
from deckcheck.sim.rules.keying import Move, site_path
from deckcheck.sim.rules.rings import is_ring
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.state import OCCUPIED
from deckcheck.sim.turn.events import (
    foolish_words,
    owner_of,
    remove_influence_penalties,
    resource_environment,
    reveal_hand,
    ring_lost,
    terror,
    withered_lands,
)
from deckcheck.sim.turn.hazards import (
    check_corruption,
    company_size_discards,
    corruption_points,
    dragon_attacks,
    hazard_phase,
    move_seen,
)
from deckcheck.sim.turn.movement import move
from deckcheck.sim.turn.site import enter_site
from tests._shared import DECKS, needs_decks

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
GANDALF = CHALLENGE / "E - Gandalf - Return of the King"
INDUR = CHALLENGE / "J - Indur - Seducing Nations of Men"        # three Alone and Unadvised
FACTS = load_combat_facts()


@pytest.fixture(scope="module")
def sides():
    if not GANDALF.exists() or not INDUR.exists():
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {name: side_of(build_sim_deck(read_deck(str(path)))) for name, path in (("gandalf", GANDALF),
                                                                                 ("indur", INDUR))}


def kind(side, name: str) -> int:
    return next(k for k, c in enumerate(side.sim.kinds) if c.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def duel_at(sides, where: str, hand: list[str], names, rolls=(7,), against: str = "indur"):
    us, them = sides["gandalf"], sides[against]
    spot = site(us.sim, where)
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=rolls,
                 characters=[(kind(us, n), spot) for n in names])
    g.hazards.cards.hand = [kind(them, n) for n in hand]
    g.hazards.cards.deck = []
    return g, g.companies[0]


# ---- Alone and Unadvised ----------------------------------------------------------------------------------------

def test_the_importer_reads_alone_and_unadvised():
    assert FACTS["corruption_cards"]["AS-24"] == {
        "corruption": 4, "modelled": True, "not_races": ["Wizard", "Ringwraith"], "company_at_most": 3,
        "check": "region", "checks_plus_company": True, "discard_company_from": 4, "remove_above": 6}


@needs_decks
def test_alone_and_unadvised_goes_on_a_small_company_only(sides):
    us, indur = sides["gandalf"], sides["indur"]
    alone = kind(indur, "Alone and Unadvised")
    rivendell, moria = site(us.sim, "Rivendell"), site(us.sim, "Moria")
    referee = Referee()
    for names, played in ((("Arwen", "Boromir II"), True),
                          (("Arwen", "Boromir II", "Annalena", "Aragorn II"), False)):
        g, company = duel_at(sides, "Rivendell", ["Alone and Unadvised"], names, rolls=(12,))
        g.observer = referee
        company.site = moria
        g.occupy(moria)
        hazard_phase(g, company, rivendell, moria, OCCUPIED)
        on = [c for c, cards in g.corruption_on.items() if alone in cards]
        assert bool(on) is played
        assert g.stats.hazards_played[alone] == played
    assert referee.findings["hazard-limit"].count == 0


@needs_decks
def test_alone_and_unadvised_forces_a_check_per_region_moved_through(sides):
    us = sides["gandalf"]
    rivendell, moria = site(us.sim, "Rivendell"), site(us.sim, "Moria")
    for with_card in (True, False):
        g, company = duel_at(sides, "Rivendell", ["Alone and Unadvised"] if with_card else [], ("Arwen",),
                             rolls=(12,))
        company.site = moria
        g.occupy(moria)
        hazard_phase(g, company, rivendell, moria, OCCUPIED)
        regions = len(move_seen(g, rivendell, moria).path)
        assert regions >= 2
        assert g.dice.used == (regions if with_card else 0)       # 12s: every check passes


@needs_decks
def test_its_bearers_checks_get_the_size_of_his_company(sides):
    """Arwen with Alone and Unadvised (4 corruption points) rolls 2: in a company of three, 2 + 3 = 5 is above 4
    and she passes; alone, 2 + 1 = 3 fails the check."""
    us, indur = sides["gandalf"], sides["indur"]
    alone = kind(indur, "Alone and Unadvised")
    for names, passes in ((("Arwen", "Boromir II", "Annalena"), True), (("Arwen",), False)):
        g, company = duel_at(sides, "Rivendell", [], names, rolls=(2,))
        arwen = next(c for c in company.characters if us.sim.kinds[c.kind].name == "Arwen")
        g.corruption_on[arwen] = [alone]
        assert check_corruption(g, company, arwen, 0, None) is passes
        assert (arwen in company.characters) is passes


@needs_decks
def test_alone_and_unadvised_goes_once_the_company_has_four_characters(sides):
    us, indur = sides["gandalf"], sides["indur"]
    alone = kind(indur, "Alone and Unadvised")
    for names, discarded in ((("Arwen", "Boromir II", "Annalena"), False),
                             (("Arwen", "Boromir II", "Annalena", "Aragorn II"), True)):
        g, company = duel_at(sides, "Rivendell", [], names)
        arwen = next(c for c in company.characters if us.sim.kinds[c.kind].name == "Arwen")
        g.corruption_on[arwen] = [alone]
        company_size_discards(g)
        assert (alone not in g.corruption_on[arwen]) is discarded
        assert (alone in g.hazards.cards.discard) is discarded


# ---- the Dragons' "Ahunt" long-events ------------------------------------------------------------------------------

PALLANDO = CHALLENGE / "C - Pallando - Dwarven Quest"
LUCKY_SEARCH = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{F}_{F}{R} Lucky Search.dck"   # Itangast Ahunt


@pytest.fixture(scope="module")
def dragons():
    if not PALLANDO.exists() or not LUCKY_SEARCH.exists():
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {"us": side_of(build_sim_deck(read_deck(str(PALLANDO)))),
            "them": side_of(build_sim_deck(read_deck(str(LUCKY_SEARCH))))}


def moving(dragons, dest: str, hand: list[str], rolls, names=("Balin", "Boromir II")):
    """Pallando's characters moving from Lórien to `dest` against the Lucky Search deck's hazard hand."""
    us, them = dragons["us"], dragons["them"]
    lorien, there = site(us.sim, "Lórien"), site(us.sim, dest)
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=rolls,
                 characters=[(kind(us, n), lorien) for n in names])
    g.hazards.cards.hand = [kind(them, n) for n in hand]
    g.hazards.cards.deck = []
    company = g.companies[0]
    company.site = there
    g.occupy(there)
    return g, company, lorien, there


def test_the_importer_reads_the_ahunts():
    itangast = FACTS["events"]["TD-37"]
    assert itangast["effect"] == "region_attack" and itangast["lasts"] == "long"
    assert (itangast["strikes"], itangast["prowess"], itangast["body"], itangast["race"]) == (4, 16, 7, "Dragon")
    assert itangast["regions"] == ["Withered Heath", "Northern Rhovanion", "Iron Hills"]


@needs_decks
def test_an_ahunt_is_played_on_a_company_moving_in_its_regions_and_attacks_it(dragons):
    them = dragons["them"]
    ahunt = kind(them, "Itangast Ahunt")
    referee = Referee()
    for dest, played in (("The Lonely Mountain", True), ("Moria", False)):
        g, company, lorien, there = moving(dragons, dest, ["Itangast Ahunt"], rolls=(12,))
        g.observer = referee
        assert bool(move_seen(g, lorien, there).regions & {fold("Northern Rhovanion")}) is played
        hazard_phase(g, company, lorien, there, OCCUPIED)
        assert g.stats.hazards_played[ahunt] == played
        assert g.dice.used > 0 if played else g.dice.used == 0       # the attack's strikes and body check
    assert referee.findings["hazard-limit"].count == 0


@needs_decks
def test_an_ahunt_in_play_attacks_each_company_moving_in_its_regions(dragons):
    """Rolls of 2: each strike succeeds (wounds) and the Ahunt stays; a company moving elsewhere is not
    attacked."""
    them = dragons["them"]
    ahunt = kind(them, "Itangast Ahunt")
    for dest, attacked in (("The Lonely Mountain", True), ("Moria", False)):
        g, company, lorien, there = moving(dragons, dest, [], rolls=(2,))
        g.board.add(ahunt, them.hazards.event[ahunt], g.hazards.cards.discard, owner_of(g), "TD-37")
        hazard_phase(g, company, lorien, there, OCCUPIED)
        assert bool(g.wounded) is attacked
        assert g.board.holds_card("TD-37")
        assert g.stats.hazards_played[ahunt] == 0                # in play already: nothing counted


@needs_decks
def test_a_defeated_ahunt_leaves_the_game_and_gives_its_kill_points(dragons):
    """Its attack defeated (rolls of 12 against prowess 2, body 7 fails), the Ahunt is removed from the game, not
    discarded, and its 6 kill MP are the defender's; undefeated (prowess 30), it stays and gives nothing."""
    them = dragons["them"]
    ahunt = kind(them, "Itangast Ahunt")
    for prowess, defeated in ((2, True), (30, False)):
        g, company, _lorien, _there = moving(dragons, "The Lonely Mountain", [], rolls=(12,))
        g.board.add(ahunt, them.hazards.event[ahunt], g.hazards.cards.discard, owner_of(g), "TD-37")
        dragon_attacks(g, company, g.board.events[-1], Attack(strikes=1, prowess=prowess, body=7,
                                                              races=("Dragon",)))
        assert g.board.holds_card("TD-37") is not defeated
        assert g.stats.kill_mp == g.category[KILL] == (6 if defeated else 0)
        assert ahunt not in g.hazards.cards.discard


# ---- Revealed to all Watchers, Rolled down to the Sea ---------------------------------------------------------------

AKHORA = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{D}_{F}{R} AkhoraKILL.dck"     # both cards


@pytest.fixture(scope="module")
def rings():
    if not GANDALF.exists() or not AKHORA.exists():
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {"us": side_of(build_sim_deck(read_deck(str(GANDALF)))),
            "them": side_of(build_sim_deck(read_deck(str(AKHORA))))}


def against_akhora(rings, hand: list[int], deck: list[int] | None = None, names=("Aragorn II", "Faramir")):
    us, them = rings["us"], rings["them"]
    spot = site(us.sim, "Rivendell")
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=(7,),
                 characters=[(kind(us, n), spot) for n in names])
    g.hazards.cards.hand = list(hand)
    g.hazards.cards.deck = list(deck or [])
    return g, g.companies[0]


def test_the_importer_reads_revealed_to_all_watchers_and_rolled_down_to_the_sea():
    assert FACTS["events"]["DM-85"] == {"effect": "cycle_non_hazards", "lasts": "short"}
    assert FACTS["events"]["WH-29"] == {"effect": "discard_ring", "lasts": "short"}


def test_what_a_ring_is():
    from deckcheck.cards.catalog import load_catalog

    cards = {c.name: c for c in load_catalog().cards}
    assert all(is_ring(cards[n]) for n in ("Beautiful Gold Ring", "Magic Ring of Stealth", "Lesser Ring",
                                           "The One Ring"))
    assert not any(is_ring(cards[n]) for n in ("Smoke Rings", "Glamdring"))


@needs_decks
def test_rolled_down_to_the_sea_takes_a_ring_in_play_when_there_is_one(rings):
    us, them = rings["us"], rings["them"]
    rolled, ring = kind(them, "Rolled down to the Sea"), kind(us, "Magic Ring of Stealth")
    for with_ring in (True, False):
        g, company = against_akhora(rings, [rolled])
        g.hand = []
        aragorn = company.characters[0]
        if with_ring:
            aragorn.holdings.append(ring)
            g.gain(ring)
        before = g.mp
        assert ring_lost(g, company, 2, 0) == 1                        # played either way, one against the limit
        assert ring not in aragorn.holdings
        assert (ring in g.discard) is with_ring
        assert before - g.mp == (us.sim.mp[ring] if with_ring else 0)
        assert g.stats.hazards_played[rolled] == 1


@needs_decks
def test_the_ring_lost_is_the_one_worth_least(rings):
    """A Beautiful Gold Ring in hand and a Magic Ring of Stealth (3 MP) on Aragorn: the hand's gold ring goes."""
    us, them = rings["us"], rings["them"]
    gold, magic = kind(us, "Beautiful Gold Ring"), kind(us, "Magic Ring of Stealth")
    assert us.sim.mp[gold] < us.sim.mp[magic]
    g, company = against_akhora(rings, [kind(them, "Rolled down to the Sea")])
    g.hand = [gold]
    company.characters[0].holdings.append(magic)
    g.gain(magic)
    ring_lost(g, company, 2, 0)
    assert g.hand == [] and magic in company.characters[0].holdings


@needs_decks
def test_revealed_to_all_watchers_trades_the_hands_resources_for_hazards(rings):
    them = rings["them"]
    t = them.hazards
    revealed = kind(them, "Revealed to all Watchers")
    resources = [k for k in set(them.sim.play_deck) if t.use[k] == RESOURCE][:3]
    hazards = [k for k in them.sim.play_deck if t.use[k] != RESOURCE and k != revealed][:10]
    for held, played in ((resources[:3], True), (resources[:1], False)):
        g, company = against_akhora(rings, [revealed, *held], deck=hazards)
        assert reveal_hand(g, company, 4, 0) == (1 if played else 0)
        hand, deck = g.hazards.cards.hand, g.hazards.cards.deck
        if played:
            assert not set(hand) & set(resources) and len(hand) == 8
            assert deck[-len(held):] == held                           # on top: its next draws
        else:
            assert hand == [revealed, *held]
    g, company = against_akhora(rings, [revealed, *resources[:3]], deck=hazards)
    assert reveal_hand(g, company, 1, 0) == 0             # no room for a hazard after it: kept


# ---- Unabated in Malice, on-guard --------------------------------------------------------------------------------

WELL = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{F}_{F}{R} All's Well That Ends Well.dck"


class Attacks(Observer):
    """The attacks faced, as combat saw them."""

    def __init__(self):
        self.seen = []

    def attack(self, g, name, attack, defenders, result):
        self.seen.append((name, attack.strikes, attack.prowess))


@pytest.fixture(scope="module")
def malice():
    if not GANDALF.exists() or not WELL.exists():
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {"us": side_of(build_sim_deck(read_deck(str(GANDALF)))),
            "them": side_of(build_sim_deck(read_deck(str(WELL))))}


def moved_to(malice, dest: str, hand: list[str], observer=None):
    """Gandalf's Aragorn and Faramir moved from Rivendell to `dest` against the opponent's hazard hand; it
    draws only resources."""
    us, them = malice["us"], malice["them"]
    start, end = site(us.sim, "Rivendell"), site(us.sim, dest)
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=(12,), observer=observer,
                 characters=[(kind(us, n), start) for n in ("Aragorn II", "Faramir")])
    g.hazards.cards.hand = [kind(them, n) for n in hand]
    g.hazards.cards.deck = [next(k for k in range(len(them.sim.kinds)) if them.hazards.use[k] == RESOURCE)] * 10
    company = g.companies[0]
    company.site = end
    g.occupy(end)
    hazard_phase(g, company, start, end, OCCUPIED)
    return g, company


def test_the_importer_reads_unabated_in_malice_and_what_it_does_to_an_attack():
    facts = FACTS["events"]["BA-26"]
    assert facts == {"effect": "boost_automatic_attack", "strikes": 1, "prowess": 1, "body": -2,
                     "no_hazard_limit": True, "cancel_absorbed": True, "lasts": "short"}
    unabated = EventSpec.of(facts)
    assert one_attack_boosted(unabated, Attack(strikes=4, prowess=7)) == Attack(strikes=5, prowess=8)
    assert one_attack_boosted(unabated, Attack(strikes=1, prowess=9, body=8)) == Attack(strikes=2, prowess=10,
                                                                                         body=6)


@needs_decks
def test_unabated_in_malice_goes_on_guard_at_a_site_with_automatic_attacks_only(malice):
    unabated = kind(malice["them"], "Unabated in Malice")
    referee = Referee()
    for dest, guarded in (("Moria", True), ("Edoras", False)):                  # Moria: an Orc attack
        g, company = moved_to(malice, dest, ["Unabated in Malice"], observer=referee)
        assert (id(company) in g.on_guard) is guarded
        assert (unabated in g.hazards.cards.hand) is not guarded
    assert referee.findings["hazard-limit"].count == 0


@needs_decks
def test_unabated_in_malice_is_revealed_on_the_automatic_attack_as_the_company_enters(malice):
    """Moria's automatic-attack (Orcs, 4 strikes at 7) is faced as 5 strikes at 8 with the card on-guard, as
    printed without."""
    unabated = kind(malice["them"], "Unabated in Malice")
    for hand, faced in ((["Unabated in Malice"], (5, 8)), ([], (4, 7))):
        seen = Attacks()
        g, company = moved_to(malice, "Moria", hand, observer=seen)
        for k in dict.fromkeys(g.deck + g.hand + g.discard):         # a card the player enters Moria for
            g.hand = [k]
            if g.player.enters_site(g, company) is not None:
                break
        assert enter_site(g, company)
        assert seen.seen[0] == ("the automatic-attack of Moria", *faced)
        assert g.stats.hazards_played[unabated] == len(hand)
        assert (unabated in g.hazards.cards.discard) is bool(hand)


# ---- Faces of the Dead -------------------------------------------------------------------------------------------

FRAMSBURG = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{R}A_{D}{R} The Bounty of Framsburg.dck"


@pytest.fixture(scope="module")
def faces():
    if not GANDALF.exists() or not FRAMSBURG.exists():
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {"us": side_of(build_sim_deck(read_deck(str(GANDALF)))),
            "them": side_of(build_sim_deck(read_deck(str(FRAMSBURG))))}


def faces_on(faces, dest: str, hand: list[str], rolls):
    us, them = faces["us"], faces["them"]
    start, end = site(us.sim, "Rivendell"), site(us.sim, dest)
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=rolls,
                 characters=[(kind(us, n), start) for n in ("Aragorn II", "Arwen")])
    g.hazards.cards.hand = [kind(them, n) for n in hand]
    g.hazards.cards.deck = [next(k for k in range(len(them.sim.kinds)) if them.hazards.use[k] == RESOURCE)] * 10
    company = g.companies[0]
    company.site = end
    g.occupy(end)
    return g, company, start, end


def test_the_importer_reads_faces_of_the_dead():
    assert FACTS["events"]["DM-57"] == {"effect": "split_off", "wildernesses": 2, "discard_race": "Undead",
                                        "below": 13, "ringwraith_too": True, "lasts": "short"}
    faces = EventSpec.of(FACTS["events"]["DM-57"])
    two = Move(path=site_path("{w}{b}{w}"), regions=frozenset(), site_type="R", site="x", site_region="y")
    one = Move(path=site_path("{w}{b}{s}"), regions=frozenset(), site_type="R", site="x", site_region="y")
    assert may_be_seized(faces, two, False) and not may_be_seized(faces, one, False)
    assert not may_be_seized(faces, two, True)                     # a Wizard
    assert may_be_seized(faces, two, True, ringwraith=True)        # a Ringwraith may be targeted


@needs_decks
def test_faces_of_the_dead_splits_a_character_off_with_an_undead_discarded(faces):
    """Rivendell -> Moria crosses two Wildernesses: with an Undead creature (Ghosts) in hand to discard, Faces of
    the Dead is played and a roll of 2 sends the character back; without one, it is not played."""
    them = faces["them"]
    card, ghosts = kind(them, "Faces of the Dead"), kind(them, "Ghosts")
    for hand, played in ((["Faces of the Dead", "Ghosts"], True), (["Faces of the Dead"], False)):
        g, company, start, end = faces_on(faces, "Moria", hand, rolls=(2,))
        assert move_seen(g, start, end).path.count("w") >= 2
        terror(g, company, move_seen(g, start, end), 4, 0, start, end, OCCUPIED)
        assert g.stats.hazards_played[card] == played
        assert (ghosts in g.hazards.cards.discard) is played
        assert (len(g.companies) == 2) is played


# ---- Foolish Words ------------------------------------------------------------------------------------------------

def test_the_importer_reads_foolish_words():
    assert FACTS["events"]["LE-112"] == {"effect": "influence_penalty", "modifier": -4, "remove_above": 7,
                                         "lasts": "permanent"}


@needs_decks
def test_foolish_words_goes_on_the_character_with_most_direct_influence(faces):
    """Aragorn II (direct influence 3) rather than Arwen (0); a company with no influence gets none."""
    us, them = faces["us"], faces["them"]
    words = kind(them, "Foolish Words")
    for names, target in ((("Aragorn II", "Arwen"), "Aragorn II"), (("Arwen", "Annalena"), None)):
        g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=(7,),
                     characters=[(kind(us, n), site(us.sim, "Rivendell")) for n in names])
        g.hazards.cards.hand = [words]
        company = g.companies[0]
        assert foolish_words(g, company, 2, 0) == (1 if target else 0)
        on = [us.sim.kinds[c.kind].name for c, cards in g.influence_penalty.items() if words in cards]
        assert on == ([target] if target else [])


@needs_decks
def test_foolish_words_lowers_his_influence_checks_until_rolled_off_at_a_haven(faces):
    """-4 to Aragorn's checks on Rangers of Ithilien; at Rivendell he taps and a roll of 8 (above 7) removes it,
    a roll of 7 does not; away from a haven he does not try."""
    us, them = faces["us"], faces["them"]
    words, rangers = kind(them, "Foolish Words"), kind(us, "Rangers of Ithilien")
    for where, rolls, removed in (("Rivendell", (8,), True), ("Rivendell", (7,), False), ("Moria", (12,), False)):
        g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=rolls,
                     characters=[(kind(us, "Aragorn II"), site(us.sim, where))])
        aragorn = g.companies[0].characters[0]
        plain = check_bonus(g, aragorn, rangers)
        g.influence_penalty[aragorn] = [words]
        assert check_bonus(g, aragorn, rangers) == plain - 4
        remove_influence_penalties(g)
        assert (words not in g.influence_penalty[aragorn]) is removed
        assert aragorn.tapped is (where == "Rivendell")
        assert check_bonus(g, aragorn, rangers) == (plain if removed else plain - 4)


# ---- the Dragons' "at Home" permanent-events ---------------------------------------------------------------------

STOOGES = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{D}_{F}{R} The Three Stooges.dck"   # Smaug, Scorba


@pytest.fixture(scope="module")
def homes():
    if not PALLANDO.exists() or not STOOGES.exists():
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {"us": side_of(build_sim_deck(read_deck(str(PALLANDO)))),
            "them": side_of(build_sim_deck(read_deck(str(STOOGES))))}


def at_home(homes, where: str, names=("Balin", "Boromir II"), rolls=(12,), observer=None, home=()):
    """Pallando's characters at `where` against the Three Stooges deck, its `home` cards in play."""
    us, them = homes["us"], homes["them"]
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=rolls, observer=observer,
                 characters=[(kind(us, n), site(us.sim, where)) for n in names])
    g.hazards.cards.hand, g.hazards.cards.deck = [], []
    for name in home:
        k = kind(them, name)
        g.board.add(k, them.hazards.event[k], g.hazards.cards.discard, owner_of(g), them.sim.kinds[k].id)
    return g, g.companies[0]


def test_the_importer_reads_the_at_homes():
    smaug, itangast = FACTS["events"]["TD-71"], FACTS["events"]["TD-38"]
    assert smaug == {"effect": "at_home", "lair": "The Lonely Mountain", "unless_in_play": "Smaug Ahunt",
                     "lair_attack": {"race": "Dragon", "strikes": 2, "prowess": 18, "body": 8}, "draws_less": 1,
                     "lasts": "permanent"}
    assert itangast["item_corruption"] == {"greater": 1} and itangast["lair"] == "Gold Hill"
    assert "TD-2" not in FACTS["events"]        # Agburanar at Home: its global effect is not read, nor played
    spec = EventSpec.of(smaug)
    lonely = fold("The Lonely Mountain")
    assert lair_attack(spec, lonely, set()) == Attack(strikes=2, prowess=18, body=8, races=("Dragon",))
    assert lair_attack(spec, lonely, {fold("Smaug Ahunt")}) is None
    assert lair_attack(spec, fold("Moria"), set()) is None


@needs_decks
def test_smaug_at_home_adds_an_automatic_attack_at_the_lonely_mountain(homes):
    for home, faced in ((("Smaug at Home",), ["the automatic-attack of The Lonely Mountain", "Smaug at Home"]),
                        ((), ["the automatic-attack of The Lonely Mountain"])):
        seen = Attacks()
        g, company = at_home(homes, "The Lonely Mountain", observer=seen, home=home)
        g.occupy(company.site)
        for k in dict.fromkeys(g.deck + g.hand + g.discard):         # a card the player enters for
            g.hand = [k]
            if g.player.enters_site(g, company) is not None:
                break
        else:
            pytest.skip("no card of the deck makes the player enter The Lonely Mountain")
        enter_site(g, company)
        assert [name for name, _s, _p in seen.seen] == faced[:len(seen.seen)] and len(seen.seen) == len(faced)


@needs_decks
def test_smaug_at_home_makes_a_moving_company_draw_one_less(homes):
    """Rivendell -> Moria draws Moria's 2; with Smaug at Home, 1 (the referee agrees)."""
    us = homes["us"]
    referee = Referee()
    for home, drawn in ((("Smaug at Home",), 1), ((), 2)):
        g, company = at_home(homes, "Rivendell", home=home, observer=referee)
        g.deck = list(us.sim.play_deck)
        before = len(g.hand)
        assert move(g, company, site(us.sim, "Moria"))
        assert len(g.hand) - before == drawn
    assert us.sim.site_draw[site(us.sim, "Moria")] == 2
    assert referee.findings["draws"].count == 0


@needs_decks
def test_scorba_at_home_gives_each_major_item_a_corruption_point_more(homes):
    us = homes["us"]
    axe, wormsbane = kind(us, "Durin’s Axe"), kind(us, "Wormsbane")          # a major and a greater item
    for home, extra in ((("Scorba at Home",), 1), ((), 0)):
        g, company = at_home(homes, "Rivendell", home=home)
        balin = company.characters[0]
        plain = corruption_points(g, balin)
        balin.holdings += [axe, wormsbane]
        printed = us.defence.corruption_points[axe] + us.defence.corruption_points[wormsbane]
        assert corruption_points(g, balin) == plain + printed + extra


# ---- Peril Returned, Withered Lands -------------------------------------------------------------------------------

EARCARAXE = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{R}A_{F}{R} The Bounty of Earcaraxe.dck"
BOATS = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{F}_{F}{R} Dwarves on Boats.dck"   # Drakes {w}{w}{w}


@pytest.fixture(scope="module")
def doors():
    if not GANDALF.exists() or not EARCARAXE.exists():
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {"us": side_of(build_sim_deck(read_deck(str(GANDALF)))),
            "them": side_of(build_sim_deck(read_deck(str(EARCARAXE)))),
            "alatar": side_of(build_sim_deck(read_deck(str(CHALLENGE / "B - Alatar - Release of Prisoners")))),
            "boats": side_of(build_sim_deck(read_deck(str(BOATS))))}


def in_play(g, side, name: str) -> None:
    k = kind(side, name)
    g.board.add(k, side.hazards.event[k], g.hazards.cards.discard, owner_of(g), side.sim.kinds[k].id)


def test_the_importer_reads_peril_returned():
    assert FACTS["events"]["TD-54"] == {"effect": "doors_considered", "lasts": "long"}


@needs_decks
def test_peril_returned_counts_as_doors_of_night_and_gates_of_morning_does_not_answer_it(doors):
    us, them = doors["alatar"], doors["them"]                       # Alatar's deck holds Gates of Morning
    gates = kind(us, "Gates of Morning")
    for peril in (True, False):
        g = scenario(us.sim, us=us, against=them, hand=[gates])
        if peril:
            in_play(g, them, "Peril Returned")
        assert g.board.doors is peril
        resource_environment(g)
        assert g.hand == [gates]                         # nothing for Gates of Morning to discard
        assert g.board.doors is peril


@needs_decks
def test_the_hazard_player_plays_peril_returned_as_doors_of_night(doors):
    us, them = doors["us"], doors["them"]
    peril, night = kind(them, "Peril Returned"), kind(them, "Doors of Night")
    g = scenario(us.sim, us=us, against=them)
    g.hazards.cards.hand = [peril]
    assert g.hazards.doors_card(g.board, owner_of(g)) == peril
    g.hazards.cards.hand = [peril, night]
    assert g.hazards.doors_card(g.board, owner_of(g)) == night            # the card itself first
    in_play(g, them, "Peril Returned")
    assert g.hazards.doors_card(g.board, owner_of(g)) is None             # considered in play already


@needs_decks
def test_withered_lands_is_played_when_it_lets_a_creature_be_keyed(doors):
    """The Drakes keyed to three Wildernesses, a site path of two: under Doors of Night Withered Lands makes one
    of them two and a Drake keyable; without a Drake in hand, or without Doors of Night, it is kept."""
    us, them = doors["us"], doors["boats"]
    t = them.hazards
    plain = Move(path=site_path("{w}{b}{w}"), regions=frozenset(), site_type="R", site="x", site_region="y")
    wider = Move(path=site_path("{w}{w}{b}{w}"), regions=frozenset(), site_type="R", site="x", site_region="y")
    drakes = [k for k in set(them.sim.play_deck) if t.use[k] == CREATURE
              and creature_key(t, k, wider, "wizard", True) and not creature_key(t, k, plain, "wizard", True)]
    assert drakes
    withered = kind(them, "Withered Lands")
    for hand, night, played in (([withered, drakes[0]], True, True), ([withered], True, False),
                                ([withered, drakes[0]], False, False)):
        g = scenario(us.sim, starting_company=False, us=us, against=them,
                     characters=[(kind(us, "Aragorn II"), site(us.sim, "Rivendell"))])
        if night:
            in_play(g, them, "Doors of Night")
        g.hazards.cards.hand = list(hand)
        after, move = withered_lands(g, g.companies[0], plain, 3, 0)
        assert after == (1 if played else 0)
        assert (move.path.count("w") == 3) is played


# ---- Morgul-rats -------------------------------------------------------------------------------------------------

def test_the_importer_reads_morgul_rats_keys_under_doors_of_night():
    assert FACTS["creatures"]["TD-49"] == {"with_doors_of_night": {"site_types": ["S", "D"]}}


@needs_decks
def test_morgul_rats_are_keyed_to_a_shadow_hold_under_doors_of_night_only(doors):
    them = doors["them"]                                        # The Bounty of Earcaraxe holds them
    rats = kind(them, "Morgul-rats")
    t = them.hazards
    assert t.use[rats] == CREATURE and rats not in t.not_played
    hold = Move(path=site_path("{w}{s}"), regions=frozenset(), site_type="S", site="x", site_region="y")
    ruins = Move(path=site_path("{w}{s}"), regions=frozenset(), site_type="R", site="x", site_region="y")
    assert creature_key(t, rats, hold, "wizard", True) is not None
    assert creature_key(t, rats, hold, "wizard", False) is None
    assert creature_key(t, rats, ruins, "wizard", True) is None
