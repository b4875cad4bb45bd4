"""Tapping to support (coe 7.1.1: +1 to a corruption check per other character of the company tapped; coe 3.iv.4:
+1 to the prowess of the character facing a strike per untapped character of the company without a strike
tapped): the rule as the turn applies it, and the player's choice (sim/players/support.py), each both ways, on
real decks."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.support import TAPPED_WORTH, corruption_supporters
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.turn.hazards import check_corruption, corruption_points
from tests._shared import DECKS, needs_decks

ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"
CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"


@pytest.fixture(scope="module")
def gorn():   # a zara tournament deck: Aragorn II (3 MP), Halbarad, Ioreth
    return build_sim_deck(read_deck(str(ZARA / "{F}_{D} Gorn and Hobos Dunk.dck")))


@pytest.fixture(scope="module")
def witch_king():   # Challenge Deck I: Lure of Nature (2 corruption points)
    return side_of(build_sim_deck(read_deck(str(CHALLENGE / "I - Witchking - Morgul Rallying Cry"))))


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def duel(sim, opponent, names, at="Rivendell", tapped=(), rolled=None):
    where = site(sim, at)
    return scenario(sim, us=side_of(sim), against=opponent, starting_company=False,
                    characters=[(named(sim, n), where) for n in names], tapped=[named(sim, n) for n in tapped],
                    rolls=rolled, corruption=[(named(sim, "Aragorn II"), named(opponent.sim, "Lure of Nature"))])


# ---- the rule: supporters tap, +1 each -----------------------------------------------------------------------

@needs_decks
def test_a_supporter_taps_and_his_plus_one_saves_the_check(gorn, witch_king):
    # Aragorn II bears Lure of Nature: 2 corruption points; a roll of 2 is discarded (2 is not above 2) unless
    # someone taps for +1 (3 > 2)
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad", "Ioreth"], rolled=[2])
    company = g.companies[0]
    aragorn = company.characters[0]
    assert corruption_points(g, aragorn) == 2
    lure = g.corruption_on[aragorn][0]
    assert check_corruption(g, company, aragorn, 0, lure)
    helpers = [c for c in company.characters[1:] if c.tapped]
    assert len(helpers) == 1 and helpers[0] in g.stay_tapped        # one +1 is enough: the other stays untapped
    assert aragorn in company.characters and not aragorn.tapped


@needs_decks
def test_without_an_untapped_companion_the_same_roll_discards_him(gorn, witch_king):
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad", "Ioreth"], tapped=["Halbarad", "Ioreth"], rolled=[2])
    company = g.companies[0]
    aragorn = company.characters[0]
    assert not check_corruption(g, company, aragorn, 0, g.corruption_on[aragorn][0])
    assert aragorn not in company.characters
    # an explicit support (the Free Council's) is not asked again
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad"], rolled=[2])
    company = g.companies[0]
    aragorn, halbarad = company.characters
    assert not check_corruption(g, company, aragorn, 0, g.corruption_on[aragorn][0], support=0)
    assert not halbarad.tapped


# ---- the choice: only while the +1 saves more than the tap costs -----------------------------------------------

@needs_decks
def test_away_from_a_haven_a_small_risk_is_not_worth_a_tap_but_at_the_end_of_the_turn_it_is(gorn, witch_king):
    # at 2 corruption points the check fails on a 2 only (1 in 36): +1 saves 1/36 of Halbarad's 0 MP + 2, under
    # what an untapped character is worth before the site phase away from a haven
    assert (1 / 36) * 2 < TAPPED_WORTH
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad"], at="Weathertop")
    company = g.companies[0]
    aragorn, halbarad = company.characters
    assert corruption_supporters(g, company, halbarad, 2, 0, "turn") == []
    assert corruption_supporters(g, company, halbarad, 2, 0, "end") == [aragorn]
    # a real risk (6 points: 15 in 36 to lose him) is worth it there too, and as many as each +1 saves enough
    assert corruption_supporters(g, company, aragorn, 6, 0, "turn") == [halbarad]
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad", "Ioreth"], at="Weathertop")
    company = g.companies[0]
    assert len(corruption_supporters(g, company, company.characters[0], 6, 0, "turn")) == 2


@needs_decks
def test_in_the_untap_phase_whoever_is_about_to_untap_may_support(gorn, witch_king):
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad"], tapped=["Halbarad"])
    company = g.companies[0]
    aragorn = company.characters[0]
    assert corruption_supporters(g, company, aragorn, 6, 0, "turn") == []       # tapped: he cannot
    assert corruption_supporters(g, company, aragorn, 6, 0, "upkeep") == [company.characters[1]]
    g.stay_tapped.add(company.characters[1])                                   # but not one held tapped
    assert corruption_supporters(g, company, aragorn, 6, 0, "upkeep") == []


# ---- strikes (coe 3.iv.4) --------------------------------------------------------------------------------------

def rolls(*values):
    it = iter(values)
    return lambda: next(it)


def test_the_rule_taps_the_supporters_without_a_strike_and_adds_one_each():
    from deckcheck.sim.rules.combat import STRIKE_FAILED, STRIKE_SUCCESSFUL, Attack, Defender, resolve_attack

    attack = Attack(strikes=1, prowess=11)
    asked = []

    def everyone(index, one, excess, stay, able):
        asked.append((index, list(able)))
        return able
    company = [Defender(prowess=5, body=8), Defender(prowess=2, body=8), Defender(prowess=3, body=8, tapped=True)]
    result = resolve_attack(attack, company, rolls(5), support=everyone)
    # the defender takes the strike with his strongest; the one untapped without a strike supports (the tapped
    # one may not): 5 + 5 + 1 = 11, not above 11: ineffectual
    assert asked == [(0, [1])] and company[1].tapped and result.strikes[0].support == 1
    assert result.strikes[0].prowess == 6 and result.strikes[0].result != STRIKE_SUCCESSFUL
    plain = [Defender(prowess=5, body=8), Defender(prowess=2, body=8)]
    result = resolve_attack(attack, plain, rolls(5, 2))
    assert result.strikes[0].result == STRIKE_SUCCESSFUL and not plain[1].tapped and result.strikes[0].support == 0
    helped = [Defender(prowess=5, body=8), Defender(prowess=2, body=8), Defender(prowess=2, body=8)]
    result = resolve_attack(attack, helped, rolls(5), support=everyone)
    assert result.strikes[0].result == STRIKE_FAILED and result.strikes[0].support == 2    # 12 > 11


@needs_decks
def test_who_supports_a_strike_and_when_it_is_worth_a_tap(gorn, witch_king):
    from deckcheck.sim.players.support import strike_supporters
    from deckcheck.sim.rules.combat import Attack, defender_of

    g = duel(gorn, witch_king, ["Halbarad", "Aragorn II", "Ioreth"], at="Weathertop")
    company = g.companies[0]
    characters = company.characters
    one = defender_of(g, characters[0])                      # Halbarad: prowess 0, body 5
    strong = Attack(strikes=1, prowess=7, attacker_chooses=True)   # wounds him on 6 or less: each +1 saves a lot
    assert strike_supporters(g, company, characters, strong, 0, one, 0, False, [1, 2]) == [2, 1]   # weakest first
    # not the one who is to play a card at the site while a tap costs anything; nor against detainment
    assert strike_supporters(g, company, characters, strong, 0, one, 0, False, [1, 2], frozenset({1})) == [2]
    held = Attack(strikes=1, prowess=7, detainment=True)
    assert strike_supporters(g, company, characters, held, 0, one, 0, False, [1, 2]) == []
    # a strike he beats on any roll but a 2 is not worth a tap away from a haven...
    weak = Attack(strikes=1, prowess=3)
    assert strike_supporters(g, company, characters, weak, 0, one, 0, False, [1, 2]) == []
    # ...but at a haven a tap costs nothing
    g = duel(gorn, witch_king, ["Halbarad", "Aragorn II", "Ioreth"])
    company = g.companies[0]
    assert strike_supporters(g, company, company.characters, weak, 0, defender_of(g, company.characters[0]), 0,
                             False, [1, 2]) != []


@needs_decks
def test_in_a_game_the_supporters_tap_and_turn_a_wound_into_a_failed_strike(gorn, witch_king):
    from deckcheck.sim.rules.combat import Attack
    from deckcheck.sim.turn.hazards import face_attack

    # Aragorn II (prowess 6) faces the one strike (the defender's choice): 5 + 6 = 11 < 12 wounds him; with
    # Halbarad and Ioreth tapping, 5 + 6 + 2 = 13 > 12
    attack = Attack(strikes=1, prowess=12, races=("Man",))
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad", "Ioreth"], rolled=[5, 5, 5])
    aragorn, halbarad, ioreth = g.companies[0].characters
    result = face_attack(g, g.companies[0], attack, "Brigands", None, None)
    assert result.strikes[0].support == 2 and halbarad.tapped and ioreth.tapped
    assert result.strikes[0].result == "failed" and aragorn not in g.wounded
    g = duel(gorn, witch_king, ["Aragorn II", "Halbarad", "Ioreth"], tapped=["Halbarad", "Ioreth"], rolled=[5, 5, 5])
    aragorn = g.companies[0].characters[0]
    result = face_attack(g, g.companies[0], attack, "Brigands", None, None)
    assert result.strikes[0].support == 0 and aragorn in g.wounded
