"""Frank Karsten's question for a MECCG deck: how many copies of a card does it need to have drawn at least one by
turn t, with 80, 90 or 95% probability?

The cards seen by a turn are not fixed in MECCG (the movement draws depend on the sites the engine goes to), so
the probability is the exact hypergeometric one averaged over how many cards the games had seen by then:

    P(t, k) = sum over n of  share of games that had seen n cards by turn t  x  P(at least 1 of k | n of N)

`seen` comes from the simulator (`deckcheck.sim.hands.cards_seen_by_turn`); this module only does the sums, with
exact fractions. Turn 0 is the opening hand: every game has seen 8 cards, so P(0, k) is today's exact odds.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from deckcheck.analysis.odds import at_least_fraction

TARGETS = (0.80, 0.90, 0.95)


def by_turn_probability(seen: Mapping[int, int], copies: int, deck_size: int, at_least: int = 1) -> Fraction:
    """P(at least `at_least` of `copies` cards seen) over games that had seen n cards ({n: games})."""
    games = sum(seen.values())
    if games == 0:
        raise ValueError("no game reached this turn")
    total = sum(count * at_least_fraction(at_least, copies, deck_size, min(n, deck_size))
                for n, count in seen.items())
    return total / games


def copies_needed(seen: Mapping[int, int], deck_size: int, target: float, most: int) -> int | None:
    """The fewest copies (1..`most`) giving P(at least one seen) >= target; None: not even `most`."""
    for copies in range(1, most + 1):
        if by_turn_probability(seen, copies, deck_size) >= Fraction(target).limit_denominator(10_000):
            return copies
    return None


def karsten_table(seen_by_turn: list[Mapping[int, int]], deck_size: int, *, targets=TARGETS,
                  most: int | None = None) -> dict:
    """For each turn (0 = the opening hand): the games counted, the mean cards seen, and per target the copies
    needed. `most` caps the copies tried (default: the play deck's size)."""
    most = deck_size if most is None else most
    rows = []
    for turn, seen in enumerate(seen_by_turn):
        games = sum(seen.values())
        if not games:
            continue
        rows.append({"turn": turn, "games": games,
                     "mean_cards_seen": sum(n * c for n, c in seen.items()) / games,
                     "copies_needed": {f"{round(100 * t)}%": copies_needed(seen, deck_size, t, most)
                                       for t in targets}})
    return {"deck_size": deck_size, "targets": [f"{round(100 * t)}%" for t in targets], "turns": rows}
