"""Exact draw odds: published hypergeometric values, MECCG cases computed by hand, brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

from deckcheck.analysis.odds import (
    at_least_fraction,
    draw_curve,
    exactly_fraction,
    joint_at_least,
    joint_at_least_fraction,
    joint_overlapping_curve,
    joint_overlapping_fraction,
    p_at_least,
    p_exactly,
)

# ---- published values (the usual 60-card, 7-card-hand tables) ---------------------------------------


def test_published_at_least_one_of_four_in_seven_from_sixty():
    assert round(p_at_least(1, 4, 60, 7), 4) == 0.3995


def test_published_exactly_one_of_ten_in_seven_from_sixty():
    assert round(p_exactly(1, 10, 60, 7), 7) == 0.4114556


# ---- MECCG cases computed by hand ----------------------------------------------------------------------


def test_one_of_three_in_opening_hand_of_eight_from_fifty():
    # P(no copy) = C(47,8)/C(50,8) = (42*41*40)/(50*49*48) = 68880/117600 = 41/70, so P(>=1) = 29/70.
    assert at_least_fraction(1, 3, 50, 8) == Fraction(29, 70)


def test_both_copies_of_a_pair_in_opening_hand_of_eight_from_fifty():
    # P(both of 2) = C(48,6)/C(50,8) = (8*7)/(50*49) = 56/2450 = 4/175.
    assert at_least_fraction(2, 2, 50, 8) == Fraction(4, 175)
    assert exactly_fraction(2, 2, 50, 8) == Fraction(4, 175)


def test_one_specific_unique_card_after_two_more_draws():
    # A single copy among 10 cards seen from 50: 10/50 = 1/5.
    assert at_least_fraction(1, 1, 50, 10) == Fraction(1, 5)
    assert draw_curve([(1, 1)], 50, hand=8, draws=2) == [(8, 8 / 50), (9, 9 / 50), (10, 10 / 50)]


def test_two_single_cards_together_in_opening_hand():
    # Two different unique cards both in 8 from 50: same as both copies of a pair, 4/175.
    assert joint_at_least_fraction([(1, 1), (1, 1)], 50, 8) == Fraction(4, 175)


def test_character_and_item_by_inclusion_exclusion():
    # 3 characters and 4 items in 50 cards, hand of 8: P(>=1 char AND >=1 item)
    # = 1 - P(no char) - P(no item) + P(neither) = 1 - C(47,8)/C(50,8) - C(46,8)/C(50,8) + C(43,8)/C(50,8).
    total = comb(50, 8)
    expected = Fraction(total - comb(47, 8) - comb(46, 8) + comb(43, 8), total)
    assert joint_at_least_fraction([(3, 1), (4, 1)], 50, 8) == expected


def test_a_group_is_the_sum_of_its_cards():
    # "any of 3 Orc-captains + 2 Lieutenants" is "at least 1 of 5".
    assert joint_at_least_fraction([(5, 1)], 52, 8) == 1 - Fraction(comb(47, 8), comb(52, 8))


# ---- multivariate checked against brute-force enumeration --------------------------------------------


def _brute_force(requirements, deck_size, drawn):
    """Enumerate every hand of a small deck whose cards are labelled by group (or -1 for the rest)."""
    labels = []
    for group, (copies, _) in enumerate(requirements):
        labels += [group] * copies
    labels += [-1] * (deck_size - len(labels))
    good = total = 0
    for hand in itertools.combinations(range(deck_size), drawn):
        total += 1
        seen = [0] * len(requirements)
        for card in hand:
            if labels[card] >= 0:
                seen[labels[card]] += 1
        if all(seen[g] >= need for g, (_, need) in enumerate(requirements)):
            good += 1
    return Fraction(good, total)


@pytest.mark.parametrize(
    "requirements, deck_size, drawn",
    [
        ([(3, 1), (2, 1)], 12, 5),
        ([(4, 2), (3, 1), (2, 1)], 14, 6),
        ([(5, 0), (3, 3)], 10, 4),
        ([(6, 2)], 11, 7),
        ([(2, 1), (2, 1), (2, 1)], 9, 3),
        ([(3, 4)], 10, 5),      # at least 4 of 3 copies: impossible
    ],
)
def test_joint_matches_brute_force(requirements, deck_size, drawn):
    expected = _brute_force(requirements, deck_size, drawn)
    assert joint_at_least_fraction(requirements, deck_size, drawn) == expected


def test_joint_with_one_group_is_the_univariate_value():
    assert joint_at_least([(4, 1)], 60, 7) == p_at_least(1, 4, 60, 7)


# ---- edges --------------------------------------------------------------------------------------------


def test_edges():
    assert p_at_least(0, 4, 60, 7) == 1.0
    assert p_at_least(1, 0, 60, 7) == 0.0
    assert p_at_least(1, 4, 60, 0) == 0.0
    assert p_at_least(1, 4, 4, 4) == 1.0
    assert p_exactly(8, 4, 60, 7) == 0.0
    assert joint_at_least([], 50, 8) == 1.0


def test_exactly_sums_to_one():
    assert sum(exactly_fraction(k, 10, 60, 7) for k in range(8)) == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda: p_at_least(1, 4, 5, 7),          # drawing more than the deck
        lambda: p_at_least(1, 9, 5, 2),          # more copies than cards
        lambda: joint_at_least([(3, 1), (3, 1)], 5, 2),
        lambda: p_exactly(-1, 4, 60, 7),
    ],
)
def test_impossible_inputs_raise(call):
    with pytest.raises(ValueError):
        call()


def test_curve_stops_when_the_deck_runs_out():
    curve = draw_curve([(2, 1)], 10, hand=8, draws=5)
    assert [seen for seen, _ in curve] == [8, 9, 10]
    assert curve[-1][1] == 1.0
    # more cards seen never lowers the chance
    probs = [p for _, p in draw_curve([(3, 1), (4, 1)], 50, draws=10)]
    assert probs == sorted(probs)


# ---- conditions that share cards ---------------------------------------------------------------------


def _brute_force_overlapping(atoms, needs, deck_size, drawn):
    labels = []
    for copies, members in atoms:
        labels += [members] * copies
    labels += [frozenset()] * (deck_size - len(labels))
    good = total = 0
    for hand in itertools.combinations(range(deck_size), drawn):
        total += 1
        counts = [0] * len(needs)
        for card in hand:
            for i in labels[card]:
                counts[i] += 1
        good += all(c >= n for c, n in zip(counts, needs))
    return Fraction(good, total)


@pytest.mark.parametrize(
    "atoms, needs, deck_size, drawn",
    [
        # Glamdring (1) alone, and "weapons" = Glamdring + 3 others: the card counts for both
        ([(1, frozenset({0, 1})), (3, frozenset({1}))], [1, 2], 12, 5),
        ([(2, frozenset({0, 1})), (2, frozenset({0})), (3, frozenset({1, 2}))], [2, 1, 1], 13, 6),
        ([(4, frozenset({0}))], [1], 10, 4),
    ],
)
def test_overlapping_joint_matches_brute_force(atoms, needs, deck_size, drawn):
    expected = _brute_force_overlapping(atoms, needs, deck_size, drawn)
    assert joint_overlapping_fraction(atoms, needs, deck_size, drawn) == expected


def test_overlapping_joint_equals_the_disjoint_one_on_disjoint_groups():
    disjoint = joint_at_least_fraction([(3, 1), (4, 2), (5, 1)], 50, 8)
    atoms = [(3, frozenset({0})), (4, frozenset({1})), (5, frozenset({2}))]
    assert joint_overlapping_fraction(atoms, [1, 2, 1], 50, 8) == disjoint


def test_overlapping_curve_matches_brute_force_at_each_point():
    atoms = [(1, frozenset({0, 1})), (3, frozenset({1})), (2, frozenset({0}))]
    curve = joint_overlapping_curve(atoms, [1, 2], 10, [3, 4, 5, 10])
    assert curve == [_brute_force_overlapping(atoms, [1, 2], 10, n) for n in (3, 4, 5, 10)]
    assert curve[-1] == 1
