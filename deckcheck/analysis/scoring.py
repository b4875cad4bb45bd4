"""Marshalling points as a deck's alignment scores them, shared by `stats` and `simulate`, and the end-of-game
rule that needs no opponent: the "no source above half" cap (coe 10.3.iv).

The doubling of a source the opponent lacks (coe 10.3.iii) needs the opponent's totals, so neither the
statistics nor the goldfish apply it.
"""

from __future__ import annotations

import math

from deckcheck.cards.model import Card

# Items of the other side score half for these alignments (coe 10.W1, 10.R1, 10.B1).
HALF_SCORED_ITEMS = {"wizard": "Minion", "ringwraith": "Hero", "balrog": "Hero"}
_PRINTED = object()


def scored_mp(card: Card, alignment: str | None, printed: int | None | object = _PRINTED) -> tuple[int, str]:
    """A card's marshalling points (its printed value, or `printed`) as the deck's alignment scores them, and
    why the score differs from the print ("" when it does not).

    Fallen-wizard: a non-Stage card worth at least 1 is worth 1 (coe 10.F1). Wizard, Ringwraith, Balrog:
    items of the other side score half, rounded up (coe 10.W1, 10.R1, 10.B1).
    """
    value = card.mp if printed is _PRINTED else printed
    if value is None:
        return 0, ""
    if alignment == "fallen-wizard" and not card.is_stage and value >= 1:
        return 1, "Fallen-wizard: 1" if value > 1 else ""
    other_side = HALF_SCORED_ITEMS.get(alignment or "")
    if card.is_item and card.alignment == other_side and value > 0:
        return math.ceil(value / 2), f"half: {other_side.lower()} item"
    return value, ""

# Sources by position, as `MP_CATEGORIES` in stats and sim.tables: character, item, faction, ally, kill, misc.


def half_rule_total(points: list[int] | tuple[int, ...]) -> int:
    """The total after coe 10.3.iv: a source giving more than half the total is cut to half of it.

    Negative sources are ignored when finding the share, so the largest source may give at most what all
    other positive sources give together; the total is then the sum of every source, the cut one reduced.
    """
    positive = [p for p in points if p > 0]
    if not positive:
        return sum(points)
    largest = max(positive)
    others = sum(positive) - largest
    return sum(points) - max(0, largest - others)
