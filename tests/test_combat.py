"""The rules of combat (coe §3), each checked against a hand-worked example.

`dice(...)` gives the 2D6 totals in the order the rules roll them: the strike roll, then the body check.
"""

from __future__ import annotations

import pytest

from deckcheck.sim.rules.combat import (
    STRIKE_FAILED,
    STRIKE_INEFFECTUAL,
    STRIKE_SUCCESSFUL,
    Attack,
    Defender,
    assign_strikes,
    body_check_fails,
    kill_points_scored,
    modified_prowess,
    resolve_attack,
    strike_result,
)


def dice(*rolls):
    rolls = list(rolls)

    def roll():
        assert rolls, "the rules rolled more dice than the example expects"
        return rolls.pop(0)
    roll.left = rolls
    return roll


# ---- 3.iv.6: prowess modifications ---------------------------------------------------------------------------

def test_tapped_character_is_at_minus_one():
    assert modified_prowess(6, tapped=True, wounded=False) == 5


def test_wounded_character_is_at_minus_two_not_three():
    # A wounded character is also tapped: only the -2 applies ("unwounded, tapped: -1").
    assert modified_prowess(6, tapped=True, wounded=True) == 4


def test_excess_strikes_support_and_staying_untapped():
    # Aragorn II (6) facing a strike with 2 excess strikes, 1 supporter, choosing -3 to stay untapped: 6-2+1-3 = 2.
    assert modified_prowess(6, tapped=False, wounded=False, excess=2, support=1, stay_untapped=True) == 2


# ---- 3.iv.7: the strike -------------------------------------------------------------------------------------

@pytest.mark.parametrize("roll, expected", [(5, STRIKE_FAILED), (4, STRIKE_INEFFECTUAL), (3, STRIKE_SUCCESSFUL)])
def test_strike_roll_plus_prowess_against_strike(roll, expected):
    # Prowess 6 against an Orc-patrol strike of 10: 5+6=11 > 10 fails it, 4+6=10 ties, 3+6=9 succeeds.
    assert strike_result(roll, 6, 10) == expected


# ---- 3.I.1: body checks -------------------------------------------------------------------------------------

def test_body_check_fails_only_above_body():
    assert body_check_fails(9, 8) and not body_check_fails(8, 8)


def test_body_check_of_an_already_wounded_character_is_plus_one():
    # Body 8, already wounded before the strike: a roll of 8 becomes 9 > 8, eliminated.
    assert body_check_fails(8, 8, already_wounded=True)


# ---- a whole attack -----------------------------------------------------------------------------------------

def test_failed_strike_defeats_a_creature_without_body():
    # Aragorn II (prowess 6, untapped) faces Orc-patrol's... one strike of prowess 10; rolls 5: 11 > 10.
    aragorn = Defender(prowess=6, body=9)
    result = resolve_attack(Attack(strikes=1, prowess=10), [aragorn], dice(5))
    assert result.strikes[0].result == STRIKE_FAILED and result.defeated
    assert aragorn.tapped and not aragorn.wounded         # the character facing the strike taps


def test_failed_strike_against_a_creature_with_body_needs_its_body_check_to_fail():
    # Ent in Search of the Entwives: one strike of 14, body 8. Prowess 6 rolls 9: 15 > 14, then the body
    # check on the Ent: 8 is not above 8, the strike is not defeated; a 9 would defeat it.
    ent = Attack(strikes=1, prowess=14, body=8)
    assert not resolve_attack(ent, [Defender(prowess=6, body=9)], dice(9, 8)).defeated
    assert resolve_attack(ent, [Defender(prowess=6, body=9)], dice(9, 9)).defeated


def test_successful_strike_wounds_then_body_check_eliminates():
    # Faramir (prowess 5, body 8) against a strike of 11: rolls 4 (9 < 11), wounded; body check 9 > 8: eliminated.
    faramir = Defender(prowess=5, body=8)
    result = resolve_attack(Attack(strikes=1, prowess=11), [faramir], dice(4, 9))
    outcome = result.strikes[0]
    assert outcome.result == STRIKE_SUCCESSFUL and outcome.wounded and outcome.eliminated
    assert result.eliminated == [0] and not result.defeated


def test_wounded_character_survives_a_body_check_equal_to_its_body():
    faramir = Defender(prowess=5, body=8)
    result = resolve_attack(Attack(strikes=1, prowess=11), [faramir], dice(4, 8))
    assert faramir.wounded and not result.strikes[0].eliminated


def test_tie_is_ineffectual_the_attack_is_not_defeated():
    # Prowess 6 rolls 4 against 10: ineffectual; the character taps, the creature is not defeated.
    character = Defender(prowess=6, body=9)
    result = resolve_attack(Attack(strikes=1, prowess=10), [character], dice(4))
    assert result.strikes[0].result == STRIKE_INEFFECTUAL and character.tapped and not result.defeated


def test_already_wounded_character_at_minus_two_and_plus_one_on_the_body_check():
    # Wounded Aragorn II (6-2 = 4) against 10 rolls 5: 9 < 10, wounded again; body check 8 (+1) = 9 > 9? no.
    aragorn = Defender(prowess=6, body=9, tapped=True, wounded=True)
    result = resolve_attack(Attack(strikes=1, prowess=10), [aragorn], dice(5, 8))
    assert result.strikes[0].result == STRIKE_SUCCESSFUL and not result.strikes[0].eliminated
    aragorn = Defender(prowess=6, body=9, tapped=True, wounded=True)
    assert resolve_attack(Attack(strikes=1, prowess=10), [aragorn], dice(5, 9)).strikes[0].eliminated


def test_detainment_taps_instead_of_wounding():
    character = Defender(prowess=3, body=8)
    result = resolve_attack(Attack(strikes=1, prowess=9, detainment=True), [character], dice(2))
    assert result.strikes[0].result == STRIKE_SUCCESSFUL
    assert character.tapped and not character.wounded and not result.eliminated


def test_every_assigned_strike_must_be_defeated():
    # Two strikes of 10 (Cave-drake) against prowess 6 and 5: rolls 6 (12 > 10) and 5 (10 = 10, a tie).
    company = [Defender(prowess=6, body=9), Defender(prowess=5, body=8)]
    result = resolve_attack(Attack(strikes=2, prowess=10), company, dice(6, 5))
    assert [s.result for s in result.strikes] == [STRIKE_FAILED, STRIKE_INEFFECTUAL]
    assert not result.defeated


# ---- 3.ii-3.iii: assigning strikes --------------------------------------------------------------------------

def test_defender_assigns_to_its_strongest_untapped_characters_first():
    company = [Defender(prowess=2, body=7), Defender(prowess=6, body=9), Defender(prowess=5, body=8)]
    assert assign_strikes(Attack(strikes=2, prowess=10), company) == [(1, 0), (2, 0)]


def test_attacker_assigns_the_strikes_left_to_the_weakest():
    # Only one untapped character: the defender takes one strike with it, the attacker gives the other to the
    # weakest of the rest (the tapped prowess-3 character, at 3-1 = 2, rather than the wounded 5, at 5-2 = 3).
    company = [Defender(prowess=6, body=9), Defender(prowess=3, body=7, tapped=True),
               Defender(prowess=5, body=8, tapped=True, wounded=True)]
    assert assign_strikes(Attack(strikes=2, prowess=10), company) == [(0, 0), (1, 0)]


def test_attacker_chooses_defending_characters():
    # "Attacker chooses defending characters" (Cave-drake): no defender step, the weakest take the strikes.
    company = [Defender(prowess=6, body=9), Defender(prowess=2, body=7), Defender(prowess=5, body=8)]
    assert assign_strikes(Attack(strikes=2, prowess=10, attacker_chooses=True), company) == [(1, 0), (2, 0)]


def test_excess_strikes_are_minus_one_each_on_the_weakest_assigned():
    # Orc-patrol's 3 strikes against a company of 2: one excess strike, on the weaker character.
    company = [Defender(prowess=6, body=9), Defender(prowess=3, body=8)]
    assert assign_strikes(Attack(strikes=3, prowess=6), company) == [(0, 0), (1, 1)]


def test_each_character_faces_one_strike():
    company = [Defender(prowess=6, body=9), Defender(prowess=3, body=8), Defender(prowess=1, body=6)]
    assigned = assign_strikes(Attack(strikes=1, prowess=9, each_character_faces_strike=True), company)
    assert sorted(i for i, _ in assigned) == [0, 1, 2] and all(excess == 0 for _, excess in assigned)


def test_excess_strike_changes_the_outcome():
    # A lone prowess-6 character against two strikes of 10: one excess strike makes it 5; rolling 5 ties
    # instead of defeating the strike.
    character = Defender(prowess=6, body=9)
    result = resolve_attack(Attack(strikes=2, prowess=10), [character], dice(5))
    assert result.strikes[0].result == STRIKE_INEFFECTUAL


# ---- 3.v: kill points ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("alignment, star, detainment, expected", [
    ("wizard", False, False, 1), ("wizard", True, False, 0), ("ringwraith", False, False, 0),
    ("ringwraith", True, False, 1), ("balrog", True, False, 1), ("fallen-wizard", True, False, 0),
    ("wizard", False, True, 0)])
def test_kill_points_by_alignment_and_detainment(alignment, star, detainment, expected):
    assert kill_points_scored(1, star, alignment, detainment) == expected


def test_the_defender_keeps_a_shielded_character_out_of_the_strikes_while_others_can_take_them():
    """coe 3.ii: the defending player assigns the strikes; the one who is to play a card at the site is kept
    out of them (`SiteChoices.shield_from_strikes`) while another untapped character can take one."""
    strong, weak, other = Defender(prowess=7, body=8), Defender(prowess=3, body=8), Defender(prowess=4, body=9)
    two = Attack(strikes=2, prowess=9)
    assert sorted(i for i, _ in assign_strikes(two, [strong, weak, other])) == [0, 2]      # highest prowess
    assert sorted(i for i, _ in assign_strikes(two, [strong, weak, other], frozenset({0}))) == [1, 2]
    three = Attack(strikes=3, prowess=9)                                  # no one else left: he takes one too
    assert sorted(i for i, _ in assign_strikes(three, [strong, weak, other], frozenset({0}))) == [0, 1, 2]
    chooses = Attack(strikes=1, prowess=9, attacker_chooses=True)        # the attacker's choice: no shield
    assert assign_strikes(chooses, [strong, weak, other], frozenset({1})) == [(1, 0)]
