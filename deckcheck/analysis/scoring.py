"""End-of-game marshalling-point rules that need no opponent: the "no source above half" cap (coe 10.3.iv).

The doubling of a source the opponent lacks (coe 10.3.iii) needs the opponent's totals, so neither the
statistics nor the goldfish apply it.
"""

from __future__ import annotations

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
