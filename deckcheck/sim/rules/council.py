"""The Free Council (coe 10.3): the totals by source, the doubling of a source the opponent lacks, no source
above half the total, the eliminated-avatar penalty."""

from __future__ import annotations

from deckcheck.analysis.scoring import half_rule_total
from deckcheck.sim.model import MP_CATEGORIES

KILL = MP_CATEGORIES.index("kill")
# coe 10.3.iii: the sources doubled for a player whose opponent has none (not kill, not miscellaneous).
DOUBLED_SOURCES = tuple(MP_CATEGORIES.index(s) for s in ("character", "item", "faction", "ally"))
AVATAR_PENALTY = 5                    # coe 10.3.vi: an eliminated avatar


def council_totals(sources: list[list[int]], avatars_lost: list[bool]) -> list[int]:
    """coe 10.3.ii-vi for two players' MP by source (character, item, faction, ally, kill, miscellaneous):
    a source in which the opponent has zero or less is doubled (not kill, not miscellaneous); no source may give
    more than half the total; -5 for an eliminated avatar, after everything else."""
    doubled = [list(s) for s in sources]
    for i in range(2):
        other = sources[1 - i]
        for source in DOUBLED_SOURCES:
            if other[source] <= 0:
                doubled[i][source] *= 2
    return [half_rule_total(doubled[i]) - (AVATAR_PENALTY if lost else 0) for i, lost in enumerate(avatars_lost)]
