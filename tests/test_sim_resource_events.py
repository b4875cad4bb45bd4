"""Resource events whose effect the duel plays (card_db/combat.json "resource_events", cards/resource_effects.py):
the facts the importer reads, the rule that applies each (sim/rules/), the player's choice to play one
(sim/players/resource_events.py) and what it does in a game; each both ways, on real decks."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.resource_effects import (
    CHARACTERS_ALLIES,
    DRAW_CARDS,
    FETCH,
    UNIQUE_FACTIONS,
    CardFlow,
    CharacterAtSite,
    CorruptionBonus,
    HazardDiscard,
    MpRaise,
    NoCreatures,
    StrikeBonus,
)
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.resource_events import (
    creature_stopper,
    hazard_discard,
    keeps_resource_event,
    strike_bonus,
)
from deckcheck.sim.rules.combat import STRIKE_FAILED, STRIKE_SUCCESSFUL, Attack, Defender, resolve_strike
from deckcheck.sim.rules.resource_events import (
    corruption_bonus_value,
    may_discard,
    may_hide,
    may_raise,
    may_tap_for,
    raised_worth,
)
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.hazards import face_attack
from tests._shared import DECKS, needs_decks

ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"
RISKY_BLOW = StrikeBonus(prowess=3, body=-1, skill="Warrior")
DODGE = StrikeBonus(body=-1, no_tap=True)


# ---- the facts --------------------------------------------------------------------------------------------

def test_the_importer_reads_the_strike_bonuses():
    events = load_combat_facts()["resource_events"]
    assert StrikeBonus.of(events["TW-319"]) == RISKY_BLOW                                  # Risky Blow
    assert StrikeBonus.of(events["LE-172"]) == RISKY_BLOW                                  # Bold Thrust
    assert StrikeBonus.of(events["TW-209"]) == DODGE                                       # Dodge
    assert StrikeBonus.of(events["LE-238"]) == StrikeBonus(prowess=1, rolls=2, skill="Warrior")   # Swift Strokes
    assert StrikeBonus.of(events["LE-247"]) == StrikeBonus(no_tap=True, untapped=True)     # Under His Blow
    # not read: a Hobbit tapping for another's strike (No Waiting to Wonder), a cancel (Concealment), an
    # attack's strikes changed (Adûnaphel Unleashed), a card on Beorn (Skin-changer)
    for card_id in ("DM-151", "TW-204", "LE-161", "TD-152"):
        assert card_id not in events


# ---- the rule ---------------------------------------------------------------------------------------------

def rolls(*values):
    it = iter(values)
    return lambda: next(it)


def test_a_prowess_bonus_turns_a_wound_into_a_failed_strike():
    attack = Attack(strikes=1, prowess=12)
    plain = resolve_strike(attack, Defender(prowess=5, body=8), 0, 0, rolls(6, 9))
    assert plain.result == STRIKE_SUCCESSFUL and plain.eliminated            # 11 < 12, body check 9 > 8
    helped = resolve_strike(attack, Defender(prowess=5, body=8), 0, 0, rolls(6), bonus=RISKY_BLOW)
    assert helped.result == STRIKE_FAILED and helped.prowess == 8            # 14 > 12


def test_a_body_penalty_counts_in_the_body_check_only_after_a_wound():
    attack = Attack(strikes=1, prowess=14)
    plain = resolve_strike(attack, Defender(prowess=5, body=8), 0, 0, rolls(3, 8))
    assert plain.wounded and not plain.eliminated                            # body check 8, not above 8
    helped = resolve_strike(attack, Defender(prowess=5, body=8), 0, 0, rolls(3, 8), bonus=RISKY_BLOW)
    assert helped.wounded and helped.eliminated                              # 11 < 14, then 8 > 8 - 1


def test_two_rolls_use_the_better():
    attack = Attack(strikes=1, prowess=10)
    two = StrikeBonus(rolls=2, skill="Warrior")
    assert resolve_strike(attack, Defender(prowess=3, body=8), 0, 0, rolls(4, 9), bonus=two).result == STRIKE_FAILED
    assert resolve_strike(attack, Defender(prowess=3, body=8), 0, 0, rolls(4, 9)).result == STRIKE_SUCCESSFUL


def test_a_card_that_keeps_him_untapped_replaces_the_minus_three():
    attack = Attack(strikes=1, prowess=10)
    one = Defender(prowess=5, body=8)
    outcome = resolve_strike(attack, one, 0, 0, rolls(6), bonus=DODGE)
    assert outcome.result == STRIKE_FAILED and not one.tapped                # 11 > 10, and he does not tap
    plain = Defender(prowess=5, body=8)
    resolve_strike(attack, plain, 0, 0, rolls(6))
    assert plain.tapped
    kept = Defender(prowess=5, body=8)                                       # he had chosen -3: Dodge drops it
    assert resolve_strike(attack, kept, 0, 0, rolls(6), stay_untapped=True, bonus=DODGE).prowess == 5
    assert resolve_strike(attack, Defender(prowess=5, body=8), 0, 0, rolls(6, 2), stay_untapped=True).prowess == 2


# ---- the choice, on a real deck ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def short_game():   # a zara tournament deck: Risky Blow x3; Beretar a warrior, Saruman not
    return build_sim_deck(read_deck(str(ZARA / "{F}_{F}{R} A Short Game.dck")))


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def at_rivendell(sim, names, hand, rolled=None, **kwargs):
    rivendell = next(i for i, s in enumerate(sim.sites) if s.name == "Rivendell")
    return scenario(sim, starting_company=False, characters=[(named(sim, n), rivendell) for n in names],
                    hand=[named(sim, n) for n in hand], rolls=rolled, **kwargs)


@needs_decks
def test_a_warrior_plays_risky_blow_on_a_strike_likely_to_wound_him(short_game):
    g = at_rivendell(short_game, ["Beretar", "Saruman"], ["Risky Blow"])
    beretar, saruman = g.companies[0].characters
    strong = Attack(strikes=1, prowess=12)
    one = Defender(prowess=5, body=8)
    assert strike_bonus(g, beretar, strong, one, 0, False, False) == named(short_game, "Risky Blow")
    # not for Saruman (no warrior), nor against a strike he beats on any roll
    assert strike_bonus(g, saruman, strong, Defender(prowess=6, body=9), 0, False, False) is None
    assert strike_bonus(g, beretar, Attack(strikes=1, prowess=4), one, 0, False, False) is None
    # nor against detainment: the strike wounds nobody
    assert strike_bonus(g, beretar, Attack(strikes=1, prowess=12, detainment=True), one, 0, False, False) is None


@needs_decks
def test_risky_blow_in_a_game_is_spent_and_the_strike_fails(short_game):
    # rolls: the strike's 2D6 (6): 5 + 3 + 6 = 14 > 12
    g = at_rivendell(short_game, ["Beretar"], ["Risky Blow"], rolled=[6, 6, 6])
    result = face_attack(g, g.companies[0], Attack(strikes=1, prowess=12, races=("Orc",)), "Orcs", None, None)
    assert result.strikes[0].result == STRIKE_FAILED and result.strikes[0].prowess == 8
    assert g.hand == [] and named(short_game, "Risky Blow") in g.discard
    g = at_rivendell(short_game, ["Saruman"], ["Risky Blow"], rolled=[6, 6, 6])     # no warrior: kept
    result = face_attack(g, g.companies[0], Attack(strikes=1, prowess=13, races=("Orc",)), "Orcs", None, None)
    assert result.strikes[0].result == STRIKE_SUCCESSFUL and g.hand == [named(short_game, "Risky Blow")]


@needs_decks
def test_a_strike_bonus_is_kept_at_the_end_of_the_turn_only_against_an_opponent_with_a_warrior(short_game):
    from deckcheck.sim.side import side_of

    blow = named(short_game, "Risky Blow")
    rivendell = next(i for i, s in enumerate(short_game.sites) if s.name == "Rivendell")
    goldfish = at_rivendell(short_game, ["Beretar"], ["Risky Blow"])
    assert not keeps_resource_event(goldfish, blow)
    side = side_of(short_game)
    duel = scenario(short_game, us=side, against=side, starting_company=False,
                    characters=[(named(short_game, "Beretar"), rivendell)], hand=[blow])
    assert keeps_resource_event(duel, blow)
    duel = scenario(short_game, us=side, against=side, starting_company=False,
                    characters=[(named(short_game, "Saruman"), rivendell)], hand=[blow])
    assert not keeps_resource_event(duel, blow)


# ---- discarding a hazard permanent-event (Marvels Told, Voices of Malice, Ancient Secrets) ---------------------

MARVELS = HazardDiscard(skill="Sage", long_events=True, corruption_check=-2)


def test_the_importer_reads_who_discards_which_hazard_event():
    events = load_combat_facts()["resource_events"]
    assert HazardDiscard.of(events["TD-134"]) == MARVELS                                   # Marvels Told
    assert HazardDiscard.of(events["LE-250"]) == MARVELS                                   # Voices of Malice
    assert HazardDiscard.of(events["BA-36"]) == HazardDiscard(avatar=True, environments=True)   # Ancient Secrets
    # not read: a discard that is only a card's alternative (The Cock Crows), a permanent-event (No More Nonsense)
    for card_id in ("TW-342", "LE-210"):
        assert card_id not in events


def test_which_hazard_events_a_card_may_discard_and_who_taps_for_it():
    assert may_discard(MARVELS, "permanent", False) and may_discard(MARVELS, "long", False)
    assert not may_discard(MARVELS, "permanent", True)                # "non-environment": not Doors of Night
    secrets = HazardDiscard(avatar=True, environments=True)
    assert may_discard(secrets, "permanent", True) and not may_discard(secrets, "long", False)
    assert may_tap_for(MARVELS, ("Sage",), False, False, False)
    assert not may_tap_for(MARVELS, ("Sage",), False, True, False)    # tapped
    assert not may_tap_for(MARVELS, ("Warrior",), False, False, False)
    assert may_tap_for(secrets, (), True, False, False) and not may_tap_for(secrets, ("Sage",), False, False, False)


@pytest.fixture(scope="module")
def gorn():   # a zara tournament deck: Marvels Told x2; Halbarad a sage, Aragorn II none
    return build_sim_deck(read_deck(str(ZARA / "{F}_{D} Gorn and Hobos Dunk.dck")))


@pytest.fixture(scope="module")
def witch_king():   # Challenge Deck I: Lure of Nature, Doors of Night, Long Winter
    from deckcheck.sim.side import side_of
    return side_of(build_sim_deck(read_deck(str(DECKS / "council-of-rivendell" / "Challenge Decks"
                                                / "I - Witchking - Morgul Rallying Cry"))))


def duel(sim, opponent, names, hand, tapped=(), corruption=(), board=(), rolled=None):
    from deckcheck.sim.side import side_of
    rivendell = next(i for i, s in enumerate(sim.sites) if s.name == "Rivendell")
    return scenario(sim, us=side_of(sim), against=opponent, starting_company=False,
                    characters=[(named(sim, n), rivendell) for n in names], hand=[named(sim, n) for n in hand],
                    tapped=[named(sim, n) for n in tapped], rolls=rolled,
                    corruption=[(named(sim, who), named(opponent.sim, card)) for who, card in corruption],
                    board=[named(opponent.sim, card) for card in board])


@needs_decks
def test_a_sage_discards_a_corruption_card_worth_more_than_his_own_check(gorn, witch_king):
    from deckcheck.sim.turn.hazards import corruption_points
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad"], ["Marvels Told"],
             corruption=[("Aragorn II", "Lure of Nature")])
    points = lambda c: corruption_points(g, c)   # noqa: E731
    kind, _company, actor, target = hazard_discard(g, points)
    assert gorn.kinds[kind].name == "Marvels Told" and gorn.kinds[actor.kind].name == "Halbarad"
    assert target[0] == "corruption" and witch_king.sim.kinds[target[2]].name == "Lure of Nature"
    # not with the sage tapped, nor with nothing but a long-event (it leaves at our next long-event phase) and
    # an environment (Marvels Told says "non-environment") in play
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad"], ["Marvels Told"], tapped=["Halbarad"],
             corruption=[("Aragorn II", "Lure of Nature")])
    assert hazard_discard(g, points) is None
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad"], ["Marvels Told"], board=["Long Winter", "Doors of Night"])
    assert hazard_discard(g, points) is None


@needs_decks
def test_marvels_told_at_the_end_of_the_turn_discards_the_card_and_taps_the_sage(gorn, witch_king):
    from deckcheck.sim.turn.resource_events import discard_hazard_event
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad"], ["Marvels Told"],
             corruption=[("Aragorn II", "Lure of Nature")], rolled=[9])        # Halbarad's check: 9 - 2 > 0
    aragorn, halbarad = g.companies[0].characters
    discard_hazard_event(g)
    assert g.corruption_on[aragorn] == [] and halbarad.tapped and halbarad in g.companies[0].characters
    assert named(gorn, "Marvels Told") in g.discard
    assert named(witch_king.sim, "Lure of Nature") in g.hazards.cards.discard
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad"], ["Marvels Told"], rolled=[9])   # nothing to discard
    discard_hazard_event(g)
    assert g.hand == [named(gorn, "Marvels Told")] and not g.companies[0].characters[1].tapped


# ---- card flow: Dark Tryst's draw, Smoke Rings' fetch from the discard pile ----------------------------------

def test_the_importer_reads_the_draws_and_fetches():
    events = load_combat_facts()["resource_events"]
    assert CardFlow.of(events["AS-80"]) == CardFlow(DRAW_CARDS, draw=3, removed=True)             # Dark Tryst
    assert CardFlow.of(events["DM-159"]) == CardFlow(FETCH, fetch=1, from_discard=True, characters=True)  # Smoke Rings
    assert CardFlow.of(events["BA-30"]) == CardFlow(FETCH, fetch=2, removed=True)                # Longbottom Leaf
    assert "LE-223" not in events          # The Ring Leaves Its Mark: named cards, and another way


@pytest.fixture(scope="module")
def dwar():    # a zara tournament deck (Ringwraith): Dark Tryst
    return build_sim_deck(read_deck(str(ZARA / "{D}_{D} Dwar CVCC.dck")))


@pytest.fixture(scope="module")
def stargazing():    # a zara tournament deck (Wizard): Smoke Rings (sideboard or discard pile), Longbottom Leaf
    return build_sim_deck(read_deck(str(ZARA / "{F}_{D} Stargazing.dck")))   # (sideboard only), Glamdring


@needs_decks
def test_a_fetch_brings_a_discarded_card_worth_mp_back_into_the_play_deck(stargazing):
    from deckcheck.sim.turn.resource_events import play_fetches
    sim = stargazing
    smoke, glamdring, twilight = named(sim, "Smoke Rings"), named(sim, "Glamdring"), named(sim, "Twilight")
    deck = [k for k in sim.play_deck if k not in (smoke, glamdring)][:20]
    g = scenario(sim, hand=[smoke], deck=deck, discard=[twilight, glamdring])
    assert g.player.fetch(g) == (smoke, [glamdring])
    play_fetches(g)
    assert g.discard == [twilight, smoke] and glamdring in g.deck and len(g.deck) == 21 and g.hand == []
    # the other way: nothing worth MP discarded (a hazard, a card worth none), or Glamdring in play already
    g = scenario(sim, hand=[smoke], deck=deck, discard=[twilight])
    assert g.player.fetch(g) is None
    play_fetches(g)
    assert g.hand == [smoke] and g.discard == [twilight]
    g = scenario(sim, hand=[smoke], deck=deck, discard=[glamdring], used_unique=[glamdring])
    assert g.player.fetch(g) is None


@needs_decks
def test_a_fetch_from_the_sideboard_brings_its_best_resources_into_the_play_deck(stargazing):
    from deckcheck.sim.report import engine_use
    from deckcheck.sim.turn.resource_events import play_sideboard_fetches
    sim = stargazing
    leaf, smoke = named(sim, "Longbottom Leaf"), named(sim, "Smoke Rings")
    southrons, aiglos, hound = named(sim, "Southrons"), named(sim, "Aiglos"), named(sim, "Noble Hound")
    assert engine_use(sim, leaf)[0] == "card fetch" and engine_use(sim, smoke)[0] == "card fetch"
    deck = [k for k in sim.play_deck if k not in (leaf, southrons, aiglos)][:20]
    g = scenario(sim, hand=[leaf], deck=deck, discard=[], sideboard=[hound, southrons, aiglos])
    assert g.player.fetch(g) is None                      # nothing in the discard pile: Smoke Rings' way has none
    kind, cards = g.player.sideboard_fetch(g)
    assert kind == leaf and sorted(cards) == sorted([southrons, aiglos])   # the two worth most (5 MP each)
    play_sideboard_fetches(g)
    assert g.sideboard == [hound] and {southrons, aiglos} <= set(g.deck) and len(g.deck) == 22
    assert g.hand == [] and leaf not in g.discard          # removed from the game
    # Smoke Rings ("from your sideboard or discard pile"): the discard pile first, else the sideboard's best
    g = scenario(sim, hand=[smoke], deck=deck, discard=[named(sim, "Twilight")], sideboard=[hound, aiglos])
    assert g.player.fetch(g) is None and g.player.sideboard_fetch(g) == (smoke, [aiglos])
    g = scenario(sim, hand=[smoke], deck=deck, discard=[named(sim, "Glamdring")], sideboard=[aiglos])
    assert g.player.fetch(g) == (smoke, [named(sim, "Glamdring")])
    # the other way: nothing worth MP left in the sideboard (a unique one in play), the leaf stays in hand
    g = scenario(sim, hand=[leaf], deck=deck, sideboard=[aiglos], used_unique=[aiglos])
    assert g.player.sideboard_fetch(g) is None
    play_sideboard_fetches(g)
    assert g.hand == [leaf] and g.sideboard == [aiglos]


# ---- keeping hazard creatures off a company (Stealth, Sneakin', Hiding, Hide in Dark Places) ------------------

STEALTH = NoCreatures(skill="Scout", taps=True, size_below=3)
HIDING = NoCreatures(skill="Scout", staying=True)


def test_the_importer_reads_the_cards_that_keep_creatures_off():
    events = load_combat_facts()["resource_events"]
    assert NoCreatures.of(events["TW-332"]) == STEALTH                                     # Stealth
    assert NoCreatures.of(events["LE-231"]) == STEALTH                                     # Sneakin'
    assert NoCreatures.of(events["TW-256"]) == HIDING                                      # Hiding
    assert NoCreatures.of(events["LE-192"]) == HIDING                                      # Hide in Dark Places
    assert "LE-177" not in events       # Crack in the Wall: only at the new site, unless in a Free-domain


def test_which_companies_a_card_may_keep_creatures_off():
    assert may_hide(STEALTH, 2, True) and not may_hide(STEALTH, 3, True)     # "company size is less than three"
    assert not may_hide(STEALTH, 2, False)
    assert may_hide(HIDING, 5, False) and not may_hide(HIDING, 1, True)      # "may not move"


@pytest.fixture(scope="module")
def saruman():     # Challenge Deck A: Stealth x3; Fatty Bolger a scout (a Hobbit: half toward company size)
    return build_sim_deck(read_deck(str(DECKS / "council-of-rivendell" / "Challenge Decks"
                                        / "A - Saruman - Stewards of Gondor")))


@needs_decks
def test_a_scout_of_a_small_moving_company_plays_stealth_against_an_opponent(saruman, witch_king):
    from deckcheck.sim.turn.resource_events import hide
    moria = next(i for i, s in enumerate(saruman.sites) if s.name == "Moria")
    g = duel(saruman, witch_king, ["Fatty Bolger", "Haldir"], ["Stealth"])
    company = g.companies[0]
    kind, actor = creature_stopper(g, company, moria)
    assert saruman.kinds[kind].name == "Stealth" and saruman.kinds[actor.kind].name == "Fatty Bolger"
    hide(g, company, moria)
    assert id(company) in g.hidden and actor.tapped and g.hand == [] and kind in g.discard
    # not for a company of three (Glorfindel II, Haldir and the Hobbit: 2.5, rounded up), nor one that stays,
    # nor in the goldfish (no hazard creatures to keep off)
    g = duel(saruman, witch_king, ["Fatty Bolger", "Haldir", "Glorfindel II"], ["Stealth"])
    assert creature_stopper(g, g.companies[0], moria) is None
    g = duel(saruman, witch_king, ["Fatty Bolger", "Haldir"], ["Stealth"])
    assert creature_stopper(g, g.companies[0], None) is None
    goldfish = at_rivendell(saruman, ["Fatty Bolger", "Haldir"], ["Stealth"])
    assert creature_stopper(goldfish, goldfish.companies[0], moria) is None


@needs_decks
def test_no_creature_is_played_on_a_hidden_company(saruman, witch_king):
    from deckcheck.sim.turn.hazards import play_hazards, site_move
    moria = next(i for i, s in enumerate(saruman.sites) if s.name == "Moria")
    creatures = [named(witch_king.sim, n) for n in ("Ambusher", "Slayer", "Ghosts")]

    def played(hidden: bool) -> list:
        g = duel(saruman, witch_king, ["Fatty Bolger", "Haldir"], [])
        g.hazards.cards.hand = list(creatures)
        company = g.companies[0]
        company.site = moria
        if hidden:
            g.hidden.add(id(company))
        play_hazards(g, company, site_move(g, moria), 4, 0)
        return [k for k in creatures if k not in g.hazards.cards.hand]
    assert played(False)                 # some creature may be keyed to Moria and is played
    assert played(True) == []


# ---- a character brought into play at a site (We Have Come to Kill, A Chance Meeting) ------------------------

def test_the_importer_reads_where_a_card_brings_a_character_into_play():
    events = load_combat_facts()["resource_events"]
    assert CharacterAtSite.of(events["TW-188"]) == CharacterAtSite(site_types=("F", "B", "R"), direct_only=True,
                                                                   no_wizard=True)          # A Chance Meeting
    assert CharacterAtSite.of(events["LE-252"]) == CharacterAtSite(site_types=("S", "R", "B"), no_avatar=True)


@pytest.fixture(scope="module")
def dwarves():    # a zara tournament deck: A Chance Meeting x3; Balin (direct influence 2), Bofur (mind 2)
    return build_sim_deck(read_deck(str(ZARA / "{F}_{D} Snow White and the Seven Dwarves.dck")))


def company_at(sim, site_name, names, hand):
    site = next(i for i, s in enumerate(sim.sites) if s.name == site_name)
    return scenario(sim, starting_company=False, characters=[(named(sim, n), site) for n in names],
                    hand=[named(sim, n) for n in hand])


@needs_decks
def test_a_chance_meeting_brings_a_follower_into_play_at_a_border_hold(dwarves):
    from deckcheck.sim.turn.organization import play_characters_by_events
    g = company_at(dwarves, "Bree", ["Balin"], ["A Chance Meeting", "Bofur"])
    entered = play_characters_by_events(g)
    assert [dwarves.kinds[c.kind].name for c in entered] == ["Bofur"]
    balin, bofur = g.companies[0].characters
    assert bofur.controller is balin and named(dwarves, "A Chance Meeting") in g.discard and g.hand == []
    # not at a haven (it lists none), nor under general influence ("with direct influence"): Bombur has none
    g = company_at(dwarves, "Rivendell", ["Balin"], ["A Chance Meeting", "Bofur"])
    assert play_characters_by_events(g) == [] and len(g.hand) == 2
    g = company_at(dwarves, "Bree", ["Bombur"], ["A Chance Meeting", "Bofur"])
    assert play_characters_by_events(g) == [] and len(g.hand) == 2


# ---- a bonus to one corruption check (A Friend or Three, New Friendship, Halfling Strength...) ---------------

def test_the_importer_reads_the_corruption_check_bonuses():
    events = load_combat_facts()["resource_events"]
    assert CorruptionBonus.of(events["TW-189"]) == CorruptionBonus(per_character=True)       # A Friend or Three
    assert CorruptionBonus.of(events["TW-292"]) == CorruptionBonus(bonus=2, company_skill="Diplomat")   # New Fr.
    assert CorruptionBonus.of(events["TW-253"]) == CorruptionBonus(bonus=4, race="Hobbit")   # Halfling Strength
    assert "DM-131" not in events        # First of the Order: on Saruman, for the rest of the turn


def test_what_a_corruption_bonus_adds_and_to_whom():
    friends = CorruptionBonus(per_character=True)
    assert corruption_bonus_value(friends, ("Elf",), [("Warrior",), ("Sage",), ()]) == 3
    diplomat = CorruptionBonus(bonus=2, company_skill="Diplomat")
    assert corruption_bonus_value(diplomat, ("Elf",), [("Warrior",), ("Sage", "Diplomat")]) == 2
    assert corruption_bonus_value(diplomat, ("Elf",), [("Warrior",), ("Sage",)]) == 0
    hobbit = CorruptionBonus(bonus=4, race="Hobbit")
    assert corruption_bonus_value(hobbit, ("Hobbit",), [()]) == 4
    assert corruption_bonus_value(hobbit, ("Elf",), [()]) == 0


@needs_decks
def test_a_friend_or_three_saves_a_corrupt_character_and_is_kept_for_a_safe_check(witch_king):
    from deckcheck.sim.turn.hazards import check_corruption
    stargazing = build_sim_deck(read_deck(str(ZARA / "{F}_{D} Stargazing.dck")))    # A Friend or Three x2
    lure = [("Aragorn II", "Lure of Nature"), ("Aragorn II", "Lure of Nature")]       # 4 corruption points
    g = duel(stargazing, witch_king, ["Aragorn II", "Glorfindel II"], ["A Friend or Three"], corruption=lure,
             rolled=[4])                        # 4 + 2 (two in his company) > 4: passes
    aragorn = g.companies[0].characters[0]
    # support=0: Glorfindel II does not tap for +1 (coe 7.1.1, tests/test_sim_support.py): the card alone
    assert check_corruption(g, g.companies[0], aragorn, 0, None, support=0) and g.hand == []
    g = duel(stargazing, witch_king, ["Aragorn II", "Glorfindel II"], [], corruption=lure, rolled=[4])
    assert not check_corruption(g, g.companies[0], g.companies[0].characters[0], 0, None, support=0)   # discarded
    g = duel(stargazing, witch_king, ["Aragorn II", "Glorfindel II"], ["A Friend or Three"], rolled=[4])
    assert check_corruption(g, g.companies[0], g.companies[0].characters[0], 0, None, support=0)
    assert g.hand == [named(stargazing, "A Friend or Three")]      # no corruption points: nothing to save


# ---- a stage card that makes a Fallen-wizard's cards worth more (Great Patron) --------------------------------

def test_the_importer_reads_the_stage_cards_that_raise_marshalling_points():
    events = load_combat_facts()["resource_events"]
    assert MpRaise.of(events["WH-72"]) == MpRaise(cards=CHARACTERS_ALLIES, printed_from=2, worth=2)  # Great Patron
    assert MpRaise.of(events["WH-70"]) == MpRaise(cards=UNIQUE_FACTIONS, worth=2, stage_above=3,       # Gatherer of
                                                  if_avatar=(("Alatar", "Dragon", 0, 4), ("Pallando", None, 3, 3)))
    assert "WH-119" not in events        # Man of Skill: permanent-events where Information is playable


def test_what_a_raised_card_is_worth():
    from deckcheck.cards.catalog import load_catalog
    patron = MpRaise(cards=CHARACTERS_ALLIES, printed_from=2, worth=2)
    cards = {c.name: c for c in load_catalog().cards if c.name in ("Faramir", "Gulla", "Glamdring", "Tom Bombadil")}
    assert raised_worth(patron, cards["Faramir"], 1) == 2            # printed 2, a Fallen-wizard scores 1
    assert raised_worth(patron, cards["Tom Bombadil"], 1) == 2       # an ally printed 2
    assert raised_worth(patron, cards["Gulla"], 1) == 1              # printed 1: not raised
    assert raised_worth(patron, cards["Glamdring"], 1) == 1          # an item: not named
    gatherer = MpRaise(cards=UNIQUE_FACTIONS, worth=2, stage_above=3,
                       if_avatar=(("Alatar", "Dragon", 0, 4), ("Pallando", None, 3, 3)))
    factions = {c.name: c for c in load_catalog().cards if c.is_faction and c.name in (
        "Rangers of the North", "Smaug Roused", "Beornings") and (c.mp or 0) in (2, 3, 5)}
    rangers, smaug = factions["Rangers of the North"], factions["Smaug Roused"]     # printed 3, a Dragon 5
    assert raised_worth(gatherer, rangers, 1) == 2 and raised_worth(gatherer, smaug, 1) == 2
    assert raised_worth(gatherer, smaug, 1, "Alatar") == 4 and raised_worth(gatherer, rangers, 1, "Alatar") == 2
    assert raised_worth(gatherer, rangers, 1, "Pallando") == 3
    assert raised_worth(gatherer, cards["Faramir"], 1) == 1          # a character: not named
    assert raised_worth(patron, rangers, 1) == 1


def test_a_stage_card_asks_more_stage_points_than_it_names_and_is_not_duplicated():
    gatherer = MpRaise(cards=UNIQUE_FACTIONS, worth=2, stage_above=3)
    assert not may_raise(gatherer, 0, 3) and may_raise(gatherer, 0, 4) and not may_raise(gatherer, 1, 5)
    assert may_raise(MpRaise(cards=CHARACTERS_ALLIES, printed_from=2, worth=2), 0, 0)


@pytest.fixture(scope="module")
def earcaraxe():    # a zara tournament deck (Fallen-wizard, Alatar): Great Patron; Faramir, Threlin, Gulla, Beretar
    return build_sim_deck(read_deck(str(ZARA / "{R}A_{F}{R} The Bounty of Earcaraxe.dck")))


@needs_decks
def test_great_patron_raises_the_characters_in_play_and_those_to_come(earcaraxe):
    from deckcheck.sim.turn.resource_events import play_mp_raises
    sim, patron = earcaraxe, named(earcaraxe, "Great Patron")
    g = scenario(sim, hand=[patron])
    names = sorted((sim.kinds[c.kind].name, sim.kinds[c.kind].mp) for c in g.companies[0].characters)
    assert names == [("Beretar", 2), ("Faramir", 2), ("Gulla", 1), ("Threlin", 2)] and g.mp == 4   # 1 each
    stage = g.stage_points
    play_mp_raises(g)
    assert g.hand == [] and g.in_play[patron] == 1 and g.stage_points == stage + 2
    assert g.mp == 7 and g.category[0] == 7                           # three of them printed 2: 2 each now
    company = g.companies[0]
    g.enter(named(sim, "Fram Framson"), None)                        # printed 2: scores 2 on entering
    assert g.mp == 9
    faramir = next(c for c in company.characters if sim.kinds[c.kind].name == "Faramir")
    g.remove_character(company, faramir, eliminated=True)           # and takes 2 with him
    assert g.mp == 7 and g.mp == sum(g.category)
    g.hand = [patron]                                               # "Cannot be duplicated by a given player"
    assert g.player.mp_raise(g) is None
    play_mp_raises(g)
    assert g.hand == [patron] and g.mp == 7


@needs_decks
def test_a_stage_card_is_read_for_a_fallen_wizard_only_and_the_report_names_its_use(earcaraxe):
    from deckcheck.sim.model.defence import defence_tables
    from deckcheck.sim.report import engine_use
    patron = named(earcaraxe, "Great Patron")
    assert engine_use(earcaraxe, patron)[0] == "marshalling points raised"
    assert engine_use(earcaraxe, named(earcaraxe, "Gatherer of Loyalties"))[0] == "marshalling points raised"
    assert defence_tables("wizard", [earcaraxe.kinds[patron]]).mp_raise == [None]


@needs_decks
def test_gatherer_of_loyalties_waits_for_a_fourth_stage_point_then_raises_a_unique_faction():
    from deckcheck.sim.turn.resource_events import play_mp_raises
    sim = build_sim_deck(read_deck(str(ZARA / "{R}A_{D} The Game Warden.dck")))   # Alatar; Rangers of the North
    gatherer, patron, rangers = (named(sim, n) for n in ("Gatherer of Loyalties", "Great Patron",
                                                         "Rangers of the North"))
    g = scenario(sim, hand=[gatherer])
    assert g.stage_points == 3                       # the starting stage cards' (coe 1.7.F1)
    g.gain(rangers)                                  # printed 3, a Fallen-wizard's 1
    before = g.mp
    play_mp_raises(g)
    assert g.hand == [gatherer] and g.mp == before   # "more than 3 stage points": not yet
    g.hand = [gatherer, patron]
    play_mp_raises(g)                                # Great Patron first (+2 stage points), then Gatherer
    assert g.hand == [] and g.stage_points == 3 + 2 + 3
    characters = sum(1 for c in g.companies[0].characters if (sim.kinds[c.kind].mp or 0) >= 2)
    assert g.mp == before + characters + 1 and g.mp == sum(g.category)   # the faction 2, not Alatar's Dragon 4
