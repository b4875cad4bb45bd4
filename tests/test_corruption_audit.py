"""Corruption mechanics checked against the rules (issue 22's audit): each fact the importer reads, the rule it
feeds and a scenario of real decks with fixed rolls, both ways.

- A character's own corruption check modification (coe 7.1, the glossary's "corruption check modifier"): the
  text's "-1 to all of his corruption checks" / "All of his corruption checks are modified by +2", which 22
  characters (Bilbo, Pippin, Robin Smallburrow, Bofur, Orc Tracker...) state without a `corruption` attribute.
- The Free Council's checks (coe 10.3.i, 7.1.1): "tapping one or more characters in the same company to provide
  +1 support" each, not one at most.
- Lure of Expedience checks "each time a character in his company gains an item (including a ring special
  item)": an ally is no item (coe 2.V.2.2), a ring test's special ring is one.
- A character discarded while organizing: each item transferred first after a corruption check of its bearer
  (coe 2.II.5), his allies discarded with him (2.V.2.3).
- Alone and Unadvised goes the moment its bearer's company has four characters (a passive condition that
  discards a card resolves at once, coe 9.6.3), not only after the organization phase.
- Corpse-candle: its attack not canceled, every character of the company checks before strikes are assigned.
"""

from __future__ import annotations

import json

import jsonschema
import pytest

from deckcheck.cards.combat_facts import character_facts, load_combat_facts
from deckcheck.datafiles import schema_path
from deckcheck.decklist import read_deck
from deckcheck.sim.match import free_council
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.scenario import FixedRolls, scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.trace import Trace
from deckcheck.sim.turn.hazards import check_corruption, creature_attacks
from deckcheck.sim.turn.organization import discard_character, enter_character, join_at_havens, resolve_ring_test
from deckcheck.sim.turn.site import resolve_play, site_phase
from tests._shared import CHALLENGE, DECKS, needs_decks

ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"
DWARVES = ZARA / "{F}_{F}{R} Lucky Search.dck"                   # Bofur (-1), Strider
HOBBITS = ZARA / "{F}_{F}{R} All's Well That Ends Well.dck"      # Robin Smallburrow (+2), Bilbo (+4)
INDUR = DECKS / "council-of-rivendell" / "Challenge Decks" / "J - Indur - Seducing Nations of Men"
GANDALF = CHALLENGE / "E - Gandalf - Return of the King"


@pytest.fixture(scope="module")
def sides():
    if not all(p.exists() for p in (DWARVES, HOBBITS, INDUR, GANDALF)):
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {name: side_of(build_sim_deck(read_deck(str(path))))
            for name, path in (("dwarves", DWARVES), ("hobbits", HOBBITS), ("indur", INDUR), ("gandalf", GANDALF))}


def site(side, name: str) -> int:
    return next(i for i, s in enumerate(side.sim.sites) if s.name == name)


def duel_states(sides, ours: str, characters: list[str], at: str, rolls: list[int], corruption=(), observer=None):
    """Our game (`characters` at `at`, `corruption`: (our character, Indur's card) on him, fixed `rolls`) and
    Indur's, each the other's opponent, as a duel ends."""
    us, them = sides[ours], sides["indur"]
    where = site(us, at)
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=rolls, observer=observer,
                 characters=[(kind(us, name), where) for name in characters],
                 corruption=[(kind(us, who), kind(them, card)) for who, card in corruption])
    rival = scenario(them.sim, starting_company=False, us=them, against=us)
    g.rival, rival.rival = rival, g
    return g, rival


def kind(side, name: str) -> int:
    return next(k for k, c in enumerate(side.sim.kinds) if c.name == name)


def lone_check(sides, ours: str, name: str, roll: int) -> bool:
    """`name` alone at Rivendell under Alone and Unadvised (4 corruption points, +1 for his company of one)
    makes one corruption check on `roll`; True if he is still in play."""
    us, them = sides[ours], sides["indur"]
    rivendell = next(i for i, s in enumerate(us.sim.sites) if s.name == "Rivendell")
    g = scenario(us.sim, starting_company=False, us=us, against=them, rolls=[roll],
                 characters=[(kind(us, name), rivendell)])
    company = g.companies[0]
    character = company.characters[0]
    g.corruption_on[character] = [kind(them, "Alone and Unadvised")]
    return check_corruption(g, company, character, 0, None, support=0)


# ---- a character's own corruption check modification ---------------------------------------------------------

def test_the_importer_reads_the_modification_the_text_states():
    characters = load_combat_facts()["characters"]
    assert characters["TW-132"]["check_modifier"] == -1        # Bofur: no attribute, "-1 to all of his ..."
    assert characters["TW-131"]["check_modifier"] == 4         # Bilbo: "... are modified by +4"
    assert characters["TW-179"]["check_modifier"] == 2         # Robin Smallburrow
    assert characters["LE-34"]["check_modifier"] == -1         # Orc Tracker: "-1 to all corruption checks"
    assert characters["TW-156"]["check_modifier"] == 1         # Gandalf: the attribute says it too
    assert "check_modifier" not in characters.get("TW-120", {})     # Aragorn II: none
    assert sum("check_modifier" in v for v in characters.values()) == 38
    assert character_facts({"text": {"en": "Unique. -1 to all of his corruption checks."}}) == {"check_modifier": -1}
    assert character_facts({"text": {"en": "Unique. +2 direct influence against Orcs."}}) == {}


@needs_decks
def test_a_minus_one_in_the_text_fails_a_check_that_would_pass(sides):
    """Roll 4 + 1 (company of one) = 5 against 4 points passes for Strider; Bofur's -1 makes it 4: discarded."""
    assert lone_check(sides, "dwarves", "Strider", 4)
    assert not lone_check(sides, "dwarves", "Bofur", 4)


@needs_decks
def test_a_plus_two_in_the_text_passes_a_check_that_would_fail(sides):
    """Roll 2 + 1 = 3 against 4 points fails; Robin Smallburrow's +2 makes it 5: he passes (Bilbo's +4 too)."""
    assert not lone_check(sides, "dwarves", "Strider", 2)
    assert lone_check(sides, "hobbits", "Robin Smallburrow", 2)
    assert lone_check(sides, "hobbits", "Bilbo", 1 + 0)


# ---- the Free Council's checks: every supporter the player taps -------------------------------------------

def council_keeps(sides, company: list[str], roll: int) -> bool:
    """Aragorn II under Lure of Nature and Lure of the Senses (4 points) with `company` at Rivendell as the game
    ends: the Free Council's checks on `roll`; True if he is still in play."""
    g, rival = duel_states(sides, "gandalf", ["Aragorn II", *company], "Rivendell", [roll],
                           corruption=[("Aragorn II", "Lure of Nature"), ("Aragorn II", "Lure of the Senses")])
    aragorn = g.companies[0].characters[0]
    free_council([g, rival], g)
    return any(aragorn in c.characters for c in g.companies)


@needs_decks
def test_the_free_council_takes_every_supporter_the_player_taps(sides):
    """Roll 3 + 1 supporter = 4 against 4 points: discarded; Arwen, Annalena and Bergil all tap: 6 > 4 passes."""
    assert council_keeps(sides, ["Arwen", "Annalena", "Bergil"], 3)
    assert council_keeps(sides, ["Arwen", "Annalena"], 3)       # two are enough


@needs_decks
def test_the_free_council_support_is_only_the_company_s_other_characters(sides):
    """One other character in the company: 3 + 1 = 4 is no more than 4; alone, 3 + 0."""
    assert not council_keeps(sides, ["Arwen"], 3)
    assert not council_keeps(sides, [], 4)


# ---- Lure of Expedience: "each time a character in his company gains an item (including a ring special item)" ---

def lured(sides, at: str, roll: int, company=("Aragorn II",)):
    """Our game with `company` at `at`, Lure of Expedience (2 points) of Indur's on Aragorn II, every roll
    `roll`; (game, company, Aragorn)."""
    g, _rival = duel_states(sides, "gandalf", list(company), at, [roll],
                            corruption=[("Aragorn II", "Lure of Expedience")])
    company = g.companies[0]
    return g, company, company.characters[0]


@needs_decks
def test_lure_of_expedience_makes_no_check_on_an_ally(sides):
    """Quickbeam (an ally, coe 2.V.2.2: no character's item) played at Wellinghall: Aragorn makes no check, so
    that a roll of 2 against his 2 points costs him nothing."""
    g, company, aragorn = lured(sides, "Wellinghall", 2)
    us = sides["gandalf"]
    g.hand = [kind(us, "Quickbeam")]
    site_phase(g, company)
    assert kind(us, "Quickbeam") in aragorn.holdings
    assert aragorn in company.characters


@needs_decks
def test_lure_of_expedience_checks_on_an_item_gained(sides):
    """Glamdring played by Aragorn (Lure's 2 + 1 points): a roll of 2 discards him, a roll of 5 passes."""
    us = sides["gandalf"]
    glamdring = kind(us, "Glamdring")
    for roll, kept in ((2, False), (5, True)):
        g, company, aragorn = lured(sides, "Rivendell", roll)
        g.hand = [glamdring]
        resolve_play(g, company, glamdring, aragorn)
        assert (aragorn in company.characters) is kept


@needs_decks
def test_lure_of_expedience_checks_on_a_ring_special_item(sides):
    """A Beautiful Gold Ring tested (roll 5) becomes the Lesser Ring of the hand (1 point; Lure's 2): the Lure's
    check then, on 2, costs Aragorn; on a roll of 5 he keeps it."""
    us = sides["gandalf"]
    gold, lesser = kind(us, "Beautiful Gold Ring"), kind(us, "Lesser Ring")
    for rolls, kept in (([5, 2], False), ([5, 5], True)):
        g, company, aragorn = lured(sides, "Rivendell", 5)
        g.dice = FixedRolls(rolls)
        aragorn.holdings.append(gold)
        g.gain(gold)
        g.hand = [lesser]
        resolve_ring_test(g, company, aragorn, gold, 0)
        assert aragorn in company.characters if kept else aragorn not in company.characters
        assert g.in_play[lesser] == (1 if kept else 0)


# ---- a character discarded while organizing: his items transferred after a corruption check (coe 2.II.5) -------

def discarded_with(sides, roll: int):
    """Aragorn II bearing Sword of Gondolin (2 points) and Quickbeam, discarded at Rivendell beside Arwen (tapped: no
    support) on `roll`: (Arwen's holdings, our discard pile)."""
    us = sides["gandalf"]
    trace = Trace()
    g, _rival = duel_states(sides, "gandalf", ["Aragorn II", "Arwen"], "Rivendell", [roll], observer=trace)
    g.turn = 1
    trace.turn_start(g)
    company = g.companies[0]
    aragorn, arwen = company.characters
    arwen.tapped = True
    for card in ("Sword of Gondolin", "Quickbeam"):
        aragorn.holdings.append(kind(us, card))
        g.gain(kind(us, card))
    discard_character(g, company, aragorn)
    assert aragorn not in company.characters
    document = trace.document(game=1, seed=1, deck="E", mode="against", opponent="J")
    jsonschema.validate(document, json.loads(schema_path("trace").read_text(encoding="utf-8")))
    return [us.sim.kinds[k].name for k in arwen.holdings], [us.sim.kinds[k].name for k in g.discard]


@needs_decks
def test_an_item_passes_on_a_discard_only_after_the_bearers_corruption_check(sides):
    """Roll 5 against 2 points: the Sword of Gondolin goes to Arwen; roll 2: the check fails and the sword is
    discarded with him. Quickbeam (an ally, 2.V.2.3) is discarded either way."""
    held, discard = discarded_with(sides, 5)
    assert held == ["Sword of Gondolin"] and "Quickbeam" in discard
    held, discard = discarded_with(sides, 2)
    assert held == [] and {"Sword of Gondolin", "Quickbeam", "Aragorn II"} <= set(discard)


# ---- Alone and Unadvised: "Discard this card if his company has 4 or more characters" — at once (coe 9.6.3) -------

def alone_at_rivendell(sides, names: list[str]):
    """Our game with `names` at Rivendell, Indur's Alone and Unadvised on the first; (game, its card, bearer)."""
    first = names[0]
    g, _rival = duel_states(sides, "gandalf", names, "Rivendell", [7],
                            corruption=[(first, "Alone and Unadvised")])
    return g, kind(sides["indur"], "Alone and Unadvised"), g.companies[0].characters[0]


@needs_decks
def test_alone_and_unadvised_goes_as_a_fourth_character_enters_the_company(sides):
    """Bergil played into Aragorn's company of three: the card goes then, before any check later in the
    organization phase, not once the phase is over."""
    us = sides["gandalf"]
    g, alone, aragorn = alone_at_rivendell(sides, ["Aragorn II", "Arwen", "Annalena"])
    g.hand = [kind(us, "Bergil")]
    enter_character(g, (kind(us, "Bergil"), site(us, "Rivendell"), None))
    assert alone not in g.corruption_on[aragorn] and alone in g.hazards.cards.discard


@needs_decks
def test_alone_and_unadvised_goes_as_companies_join_at_a_haven(sides):
    """Two companies of two at Rivendell join before moving (coe 2.II.3.5): four characters, the card goes
    before the movement/hazard phase whose region checks it would force; a company of three keeps it."""
    for names, discarded in ((["Aragorn II", "Arwen", "Annalena", "Bergil"], True),
                             (["Aragorn II", "Arwen", "Annalena"], False)):
        g, alone, aragorn = alone_at_rivendell(sides, names)
        company = g.companies[0]
        g.split_off(company, company.characters[2:])
        assert len(g.companies) == 2
        join_at_havens(g)
        assert len(g.companies) == 1
        assert (alone not in g.corruption_on[aragorn]) is discarded


# ---- Corpse-candle: "every character in the company makes a corruption check before defending characters are
# selected" -----------------------------------------------------------------------------------------------------

def test_the_importer_reads_corpse_candles_company_check():
    creatures = load_combat_facts()["creatures"]
    assert creatures["TW-23"]["company_corruption_check"] is True and creatures["LE-67"] == creatures["TW-23"]
    assert "company_corruption_check" not in creatures.get("TW-14", {})          # Barrow-wight: wounded only


@needs_decks
def test_corpse_candle_makes_every_character_check_before_its_strike(sides):
    """Aragorn II alone, bearing Sword of Gondolin (2 points), attacked by Indur's Corpse-candle (1 strike, 7
    prowess): on a roll of 2 his check discards him before any strike (his prowess 6 + 2 would have beaten it);
    on 6 he passes and beats the strike."""
    us, them = sides["gandalf"], sides["indur"]
    candle = kind(them, "Corpse-candle")
    for roll, kept in ((2, False), (6, True)):
        g, _rival = duel_states(sides, "gandalf", ["Aragorn II"], "Rivendell", [roll])
        company = g.companies[0]
        aragorn = company.characters[0]
        aragorn.holdings.append(kind(us, "Sword of Gondolin"))
        g.gain(kind(us, "Sword of Gondolin"))
        creature_attacks(g, company, candle, False)
        assert (aragorn in company.characters) is kept
        assert g.dice.used == (1 if not kept else 2)        # the check's roll, then (kept) the strike's


@needs_decks
def test_the_player_cancels_corpse_candle_for_its_corruption_checks(sides):
    """Aragorn II alone with Sword of Gondolin under two Lures (6 points) holds Concealment: the strike alone
    (prowess 6 against 7) is worth no cancel, the check before it (lost on 6 or less, 15 in 36) is; with no
    corruption (his sword's 2 points) he faces it."""
    us, them = sides["gandalf"], sides["indur"]
    candle, concealment = kind(them, "Corpse-candle"), kind(us, "Concealment")
    for lures, cancelled in (([("Aragorn II", "Lure of Nature"), ("Aragorn II", "Lure of the Senses")], True),
                             ([], False)):
        g, _rival = duel_states(sides, "gandalf", ["Aragorn II"], "Rivendell", [8], corruption=lures)
        aragorn = g.companies[0].characters[0]
        aragorn.holdings.append(kind(us, "Sword of Gondolin"))
        g.gain(kind(us, "Sword of Gondolin"))
        g.hand = [concealment]
        creature_attacks(g, g.companies[0], candle, False)
        assert (concealment in g.discard) is cancelled
        assert g.dice.used == (0 if cancelled else 2)          # canceled: no check, no strike
