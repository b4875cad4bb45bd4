"""Exact draw odds: hypergeometric and multivariate hypergeometric probabilities.

Everything is computed with integers (`math.comb`) and `Fraction`, so results are exact; the float
functions only convert at the end. Pure functions, no deck or card knowledge: callers pass counts.

A *requirement* is `(copies_in_deck, at_least)`: "at least `at_least` of these `copies_in_deck` cards".
Several requirements at once concern disjoint groups of cards (a card counts for one group only), drawn
together without replacement, e.g. P(at least 1 character AND at least 1 item in the opening hand).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

# MECCG: players draw up to 8 cards; there is no mulligan.
OPENING_HAND = 8

Requirement = tuple[int, int]   # (copies_in_deck, at_least)


def _check_draw(deck_size: int, drawn: int) -> None:
    if deck_size < 0 or drawn < 0:
        raise ValueError(f"deck size and cards drawn must be >= 0 (got {deck_size}, {drawn})")
    if drawn > deck_size:
        raise ValueError(f"cannot draw {drawn} cards from a deck of {deck_size}")


def _check_requirements(requirements: list[Requirement], deck_size: int) -> None:
    for copies, at_least in requirements:
        if copies < 0 or at_least < 0:
            raise ValueError(f"copies and at-least counts must be >= 0 (got {copies}, {at_least})")
    total = sum(copies for copies, _ in requirements)
    if total > deck_size:
        raise ValueError(f"the groups hold {total} cards, more than the deck's {deck_size}")


def exactly_fraction(k: int, copies: int, deck_size: int, drawn: int) -> Fraction:
    """P(exactly k of `copies` cards among `drawn` cards drawn from `deck_size`), exact."""
    _check_draw(deck_size, drawn)
    _check_requirements([(copies, k)], deck_size)
    ways = comb(copies, k) * comb(deck_size - copies, drawn - k) if k <= drawn else 0
    return Fraction(ways, comb(deck_size, drawn))


def at_least_fraction(k: int, copies: int, deck_size: int, drawn: int) -> Fraction:
    """P(at least k of `copies` cards among `drawn` cards drawn from `deck_size`), exact."""
    return joint_at_least_fraction([(copies, k)], deck_size, drawn)


def joint_at_least_fraction(requirements: list[Requirement], deck_size: int, drawn: int) -> Fraction:
    """P(for every (copies, at_least) group: at least `at_least` of its cards are drawn), exact.

    The groups are disjoint. The sum over the multivariate hypergeometric is done as a product of
    generating polynomials: group i contributes sum_{x >= k_i} C(c_i, x) t^x, the cards outside every
    group contribute sum_j C(rest, j) t^j; the coefficient of t^drawn counts the favourable hands.
    """
    _check_draw(deck_size, drawn)
    _check_requirements(requirements, deck_size)
    rest = deck_size - sum(copies for copies, _ in requirements)
    ways = [1]   # ways[j]: hands of j cards satisfying the groups so far
    for copies, at_least in requirements:
        group = [comb(copies, x) if x >= at_least else 0 for x in range(min(copies, drawn) + 1)]
        ways = _multiply(ways, group, drawn)
    ways = _multiply(ways, [comb(rest, j) for j in range(min(rest, drawn) + 1)], drawn)
    favourable = ways[drawn] if drawn < len(ways) else 0
    return Fraction(favourable, comb(deck_size, drawn))


def _multiply(a: list[int], b: list[int], max_degree: int) -> list[int]:
    """Product of two integer polynomials (coefficient lists), truncated above `max_degree`."""
    out = [0] * min(len(a) + len(b) - 1, max_degree + 1)
    for i, ai in enumerate(a):
        if ai == 0:
            continue
        for j, bj in enumerate(b[: len(out) - i]):
            out[i + j] += ai * bj
    return out


def p_exactly(k: int, copies: int, deck_size: int, drawn: int) -> float:
    """P(exactly k of `copies` cards in a hand of `drawn` from `deck_size`)."""
    return float(exactly_fraction(k, copies, deck_size, drawn))


def p_at_least(k: int, copies: int, deck_size: int, drawn: int) -> float:
    """P(at least k of `copies` cards in a hand of `drawn` from `deck_size`)."""
    return float(at_least_fraction(k, copies, deck_size, drawn))


def joint_at_least(requirements: list[Requirement], deck_size: int, drawn: int) -> float:
    """P(at least k1 of group 1 AND at least k2 of group 2 AND ...); requirements are (copies, at_least)."""
    return float(joint_at_least_fraction(requirements, deck_size, drawn))


def joint_overlapping_fraction(
    atoms: list[tuple[int, frozenset[int]]], needs: list[int], deck_size: int, drawn: int
) -> Fraction:
    """P(for every condition i: at least needs[i] of its cards drawn) where conditions may share cards.

    The deck is cut into disjoint *atoms*: `(copies, conditions)` — copies of cards that count for exactly
    that set of condition indexes (a card in two groups counts for both). Cards in no atom are the rest.
    """
    return joint_overlapping_curve(atoms, needs, deck_size, [drawn])[0]


def joint_overlapping_curve(
    atoms: list[tuple[int, frozenset[int]]], needs: list[int], deck_size: int, seen: list[int]
) -> list[Fraction]:
    """`joint_overlapping_fraction` for each number of cards in `seen`, from one pass over the atoms.

    Exact dynamic programme: a state is (atom cards taken so far, each condition's count capped at its need);
    its number of ways is then completed with C(rest, n - taken) cards from outside every atom.
    """
    for drawn in seen:
        _check_draw(deck_size, drawn)
    if any(copies < 0 for copies, _ in atoms) or any(need < 0 for need in needs):
        raise ValueError("copies and needs must be >= 0")
    rest = deck_size - sum(copies for copies, _ in atoms)
    if rest < 0:
        raise ValueError(f"the atoms hold {deck_size - rest} cards, more than the deck's {deck_size}")
    most = max(seen, default=0)
    # cards counting for the same conditions are interchangeable: one atom each (C(a+b,x) = sum C(a,i)C(b,x-i))
    merged: dict[frozenset[int], int] = {}
    for copies, members in atoms:
        merged[members] = merged.get(members, 0) + copies
    states: dict[tuple[int, tuple[int, ...]], int] = {(0, (0,) * len(needs)): 1}
    for members, copies in merged.items():
        following: dict[tuple[int, tuple[int, ...]], int] = {}
        for (taken, counts), ways in states.items():
            for x in range(min(copies, most - taken) + 1):
                new_counts = tuple(min(c + x, needs[i]) if i in members else c for i, c in enumerate(counts))
                key = (taken + x, new_counts)
                following[key] = following.get(key, 0) + ways * comb(copies, x)
        states = following
    satisfied = [(taken, ways) for (taken, counts), ways in states.items()
                 if all(c >= need for c, need in zip(counts, needs))]
    return [Fraction(sum(ways * comb(rest, n - taken) for taken, ways in satisfied if taken <= n),
                     comb(deck_size, n)) for n in seen]


def draw_curve(
    requirements: list[Requirement], deck_size: int, hand: int = OPENING_HAND, draws: int = 0
) -> list[tuple[int, float]]:
    """(cards seen, probability) for the opening hand and after each of `draws` further cards.

    Stops early when the deck runs out; a deck smaller than the hand gives the whole deck as the hand.
    """
    first = min(hand, deck_size)
    last = min(hand + draws, deck_size)
    return [(seen, joint_at_least(requirements, deck_size, seen)) for seen in range(first, last + 1)]
