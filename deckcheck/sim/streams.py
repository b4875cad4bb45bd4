"""The random numbers of one side of one game, in separate streams by purpose, so that two games that differ
by one card (`simulate --swap`, common random numbers) keep drawing the same numbers wherever that card
changed nothing:

- the opening shuffle: one `random.Random` of the game's seed, the same for any deck of the same length, so a
  swapped-in card lies exactly where the card it replaces would have lain;
- the dice: a stream per place of the game, `at(turn, phase, a, b)` (the untap/organization phase, a move
  from a to b, a site phase at a), so a roll at one site does not shift the rolls at every later one;
- each reshuffle of the discard pile: every card copy gets a key from its slot in the play deck's list
  (`deck_slots`), and the pile is sorted by key, so the same cards come back in the same order even if the
  pile was built in another order or holds one other card.

The dice are splitmix64 (Steele, Lea and Flood 2014) over a counter: reseeding a `random.Random` costs ~15 µs,
far too much at every site of 10,000 games; one step here costs about as much as `random.random()` called from
Python code does.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
TO_UNIT = 2.0 ** -53
ORGANIZATION, MOVE, SITE, RESHUFFLE = range(4)    # the places' phases
SIDE = 0x5DEECE66D                               # sets apart the second player's streams in a duel
EXTRA_SLOT = 1 << 20                             # a copy beyond the play deck's list (a discarded character)


def mix(z: int) -> int:
    """splitmix64's finalizer: a bijection of 64-bit integers that scatters nearby inputs."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def place_code(turn: int, phase: int, a: int = 0, b: int = 0) -> int:
    """Distinct for every turn below 1024, phase below 4 and sites a, b below 2**20 (below 2**52 in all)."""
    return (((turn << 2) | phase) << 40) | ((a & 0xFFFFF) << 20) | (b & 0xFFFFF)


class GameRandom:
    """`shuffle` (the opening shuffle and the hazard hand's), `random` (the dice of the current place), `at`
    (moves the dice to a place), `reshuffle` (a keyed shuffle of a discard pile)."""

    __slots__ = ("_shuffler", "_key", "_place", "_state", "_visits", "_reshuffles")

    def __init__(self, seed: int, shuffler: random.Random | None = None):
        self._shuffler = shuffler if shuffler is not None else random.Random(seed)
        self._key = mix(seed & MASK)
        self._place = 0
        self._state: int | None = None        # None: the place's stream is not started yet
        self._visits: dict[int, int] = {}
        self._reshuffles = 0

    def for_side(self, side: int) -> GameRandom:
        """The other player's streams in a duel: its own dice and reshuffles, the same opening shuffler."""
        other = GameRandom(0, shuffler=self._shuffler)
        other._key = mix((self._key + side * SIDE) & MASK)
        return other

    def shuffle(self, cards: list) -> None:
        shuffle_like_random(self._shuffler, cards)

    def at(self, turn: int, phase: int, a: int = 0, b: int = 0) -> None:
        """The dice from now on are the stream of this place. Most places roll nothing: the stream starts at
        the first roll (a second place with the same name that rolls gets a stream of its own)."""
        self._place = (((turn << 2) | phase) << 40) | ((a & 0xFFFFF) << 20) | (b & 0xFFFFF)   # place_code
        self._state = None

    def random(self) -> float:
        state = self._state
        if state is None:
            state = self._start_place()
        self._state = z = (state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK        # `mix`, inlined: the dice's hot path
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return ((z ^ (z >> 31)) >> 11) * TO_UNIT

    def two_d6(self) -> int:
        """2D6 from the next two numbers of the place's stream: `int(random() * 6)` twice, plus 2."""
        state = self._state
        if state is None:
            state = self._start_place()
        first = z = (state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        total = int(((z ^ (z >> 31)) >> 11) * TO_UNIT * 6)
        self._state = z = (first + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return total + int(((z ^ (z >> 31)) >> 11) * TO_UNIT * 6) + 2

    def _start_place(self) -> int:
        code = self._place
        visit = self._visits.get(code, 0)
        self._visits[code] = visit + 1
        # (code, visit) -> distinct 64-bit numbers (code < 2**52, visit < 2**12), scattered by an odd multiplier
        z = self._key ^ (((code | (visit << 52)) * GOLDEN) & MASK)
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK        # `mix`, inlined
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def reshuffle(self, cards: list[int], slots: dict[int, Sequence[int]]) -> None:
        """Sort the cards by a key for each copy: the reshuffle's number and the copy's slot (the j-th copy
        of a kind in the pile takes that kind's j-th slot in the play deck's list). The keys are distinct, so
        this is a uniformly random order (the keys made kind by kind: the sorted order is the keys' alone)."""
        self._reshuffles += 1
        base = mix(self._key ^ ((place_code(self._reshuffles, RESHUFFLE) * GOLDEN) & MASK))
        keyed = []
        for kind, count in Counter(cards).items():
            own = slots.get(kind, ())
            for j in range(count):
                z = base ^ (own[j] if j < len(own) else EXTRA_SLOT + (kind << 8) + j)
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK    # `mix`, inlined
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
                keyed.append((z ^ (z >> 31), kind))
        keyed.sort()
        cards[:] = [kind for _, kind in keyed]


def shuffle_like_random(rng: random.Random, cards: list) -> None:
    """`rng.shuffle(cards)`, the same permutation from the same numbers: random.Random's Fisher-Yates with its
    `_randbelow` (getrandbits of n's bit length until below n) written out in one loop, as a game's opening
    shuffle is a fair share of a goldfish game's work. A generator that draws otherwise shuffles itself."""
    if type(rng)._randbelow is not random.Random._randbelow_with_getrandbits:
        rng.shuffle(cards)
        return
    if len(cards) < 2:
        return
    getrandbits = rng.getrandbits
    k = len(cards).bit_length()           # n's bit length, n from len(cards) down to 2
    low = 1 << (k - 1)
    for i in reversed(range(1, len(cards))):
        n = i + 1
        if n < low:
            k -= 1
            low >>= 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def deck_slots(play_deck: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """kind -> the positions of its copies in the play deck's list (a swapped-in card takes the positions of
    the card it replaced)."""
    slots: dict[int, list[int]] = {}
    for i, kind in enumerate(play_deck):
        slots.setdefault(kind, []).append(i)
    return {kind: tuple(positions) for kind, positions in slots.items()}
