"""Corruption checks (coe §7), each rule with a hand-worked example."""

from __future__ import annotations

import pytest

from deckcheck.sim.rules.corruption import (
    DISCARDED,
    ELIMINATED,
    PASSED,
    TAPPED,
    company_modifier,
    corruption_check,
    makes_corruption_checks,
    removal_succeeds,
)


@pytest.mark.parametrize("roll, hero, minion", [
    (5, PASSED, PASSED),            # 5 > 4
    (4, DISCARDED, TAPPED),         # equal to the total
    (3, DISCARDED, TAPPED),         # one less
    (2, ELIMINATED, ELIMINATED),    # two less
])
def test_check_against_four_corruption_points(roll, hero, minion):
    # A character bearing Glamdring (1) and under Lure of Nature (2) and a Beautiful Gold Ring (1): 4 points.
    assert corruption_check(roll, 4) == hero
    assert corruption_check(roll, 4, minion=True) == minion


def test_wizard_avatar_is_eliminated_not_discarded():
    assert corruption_check(4, 4, wizard_avatar=True) == ELIMINATED


def test_modifiers_and_support_add_to_the_roll():
    # Ghosts: wounded characters check at -1. 5 - 1 = 4 against 4 fails; one supporter (+1) makes it 5: passes.
    assert corruption_check(5, 4, -1) == DISCARDED
    assert corruption_check(5, 4, -1, support=1) == PASSED


def test_ringwraith_company_gives_plus_two():
    assert company_modifier([("Orc",), ("Ringwraith",)]) == 2
    assert company_modifier([("Orc",), ("Troll",)]) == 0


def test_ringwraiths_balrogs_and_allies_make_no_checks():
    assert not makes_corruption_checks(("Ringwraith",))
    assert not makes_corruption_checks(("Balrog",))
    assert not makes_corruption_checks(("Eagle",), ally=True)
    assert makes_corruption_checks(("Dúnadan",))


def test_removing_a_corruption_card():
    # Lure of Nature: removed on a roll above 4; without tapping, at -3 (coe 7.3): 8 - 3 = 5 > 4, 7 - 3 = 4 is not.
    assert removal_succeeds(5, 4) and not removal_succeeds(4, 4)
    assert removal_succeeds(8, 4, untapped=True) and not removal_succeeds(7, 4, untapped=True)
