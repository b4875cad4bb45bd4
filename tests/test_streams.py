"""The random numbers by purpose (sim/streams.py): a place's dice do not depend on what was rolled before it, a
reshuffle's order depends on which cards are in the pile and not on the order they were put there, and both
are still fair (every 2D6 total and every position as often as it should be)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

from deckcheck.sim.streams import MOVE, ORGANIZATION, SITE, GameRandom, deck_slots


def rolls(rng: GameRandom, n: int) -> list[int]:
    return [int(rng.random() * 6) + int(rng.random() * 6) + 2 for _ in range(n)]


def test_a_places_dice_do_not_depend_on_the_rolls_before_it():
    quiet, busy = GameRandom(42), GameRandom(42)
    quiet.at(3, ORGANIZATION)
    busy.at(3, ORGANIZATION)
    rolls(busy, 7)                                    # one game rolls more in the organization phase
    quiet.at(3, SITE, 12)
    busy.at(3, SITE, 12)
    assert rolls(quiet, 5) == rolls(busy, 5)


def test_other_places_other_seeds_and_a_second_visit_roll_other_dice():
    def at(seed, *place):
        rng = GameRandom(seed)
        rng.at(*place)
        return rolls(rng, 8)

    first = at(1, 2, MOVE, 4, 9)
    assert first == at(1, 2, MOVE, 4, 9)
    assert first != at(1, 2, MOVE, 9, 4) and first != at(1, 3, MOVE, 4, 9) and first != at(2, 2, MOVE, 4, 9)
    rng = GameRandom(1)
    rng.at(2, MOVE, 4, 9)
    rolls(rng, 8)
    rng.at(2, MOVE, 4, 9)                             # two companies making the same move in one turn
    assert rolls(rng, 8) != first


def test_the_second_player_has_its_own_dice_and_the_same_opening_shuffler():
    first = GameRandom(5)
    second = first.for_side(1)
    first.at(1, SITE, 3)
    second.at(1, SITE, 3)
    assert rolls(first, 8) != rolls(second, 8)
    one, other = list(range(20)), list(range(20))
    GameRandom(5).shuffle(one)
    fresh = GameRandom(5)
    fresh.for_side(1).shuffle(other)                 # the same shuffler, drawn first
    assert one == other


def test_2d6_totals_come_as_often_as_they_should():
    rng = GameRandom(0)
    n = 36_000
    counts = Counter()
    for place in range(n // 10):                      # many places, a few rolls each
        rng.at(place % 50, SITE, place)
        counts.update(rolls(rng, 10))
    ways = {total: 6 - abs(total - 7) for total in range(2, 13)}
    chi2 = sum((counts[t] - n * w / 36) ** 2 / (n * w / 36) for t, w in ways.items())
    assert set(counts) == set(ways) and chi2 < 30     # 10 degrees of freedom: p ~ 0.001 at 29.6


def test_a_reshuffle_depends_on_the_pile_not_on_its_order():
    slots = deck_slots([7, 7, 3, 5, 9])
    orders = set()
    for pile in permutations([7, 3, 7, 5, 9]):
        rng = GameRandom(11)
        cards = list(pile)
        rng.reshuffle(cards, slots)
        orders.add(tuple(cards))
    assert len(orders) == 1 and sorted(next(iter(orders))) == [3, 5, 7, 7, 9]


def test_a_card_in_another_cards_slot_leaves_the_others_where_they_were():
    base, variant = [1, 2, 3, 4, 5, 6], [1, 2, 8, 4, 5, 6]      # 8 swapped in where 3 stood
    a, b = list(base), list(variant)
    GameRandom(3).reshuffle(a, deck_slots(base))
    GameRandom(3).reshuffle(b, deck_slots(variant))
    assert [8 if k == 3 else k for k in a] == b


def test_each_reshuffle_is_a_new_fair_order():
    rng = GameRandom(9)
    slots = deck_slots([0, 1, 2, 3])
    where = Counter()
    orders = set()
    for _ in range(4000):
        cards = [0, 1, 2, 3]
        rng.reshuffle(cards, slots)
        orders.add(tuple(cards))
        where.update((kind, i) for i, kind in enumerate(cards))
    assert len(orders) == 24                          # every order of 4 cards comes up
    assert all(abs(count - 1000) < 120 for count in where.values())   # each card in each place ~1/4 of the time


def test_a_copy_beyond_the_play_deck_list_still_gets_a_key_of_its_own():
    cards = [4, 4, 4, 2]                              # three copies of 4, the list had one (a discarded character)
    GameRandom(1).reshuffle(cards, deck_slots([4, 2]))
    assert sorted(cards) == [2, 4, 4, 4]


def test_the_opening_shuffle_is_random_shuffle_written_out():
    from deckcheck.sim.streams import shuffle_like_random

    for seed in range(200):
        for length in (0, 1, 2, 7, 33, 60, 257):
            ours, theirs = list(range(length)), list(range(length))
            shuffle_like_random(random.Random(seed), ours)
            random.Random(seed).shuffle(theirs)
            assert ours == theirs


def test_a_generator_drawing_otherwise_shuffles_itself():
    from deckcheck.sim.streams import shuffle_like_random

    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

        def _randbelow(self, n):
            return 0

    cards = [1, 2, 3]
    shuffle_like_random(Reversing(1), cards)
    assert cards == [3, 2, 1]
