"""The Free Council (coe 10.3): the totals by source, the doubling of a source the opponent lacks, no source
above half the total, the eliminated-avatar penalty."""

from __future__ import annotations

from deckcheck.analysis.scoring import half_rule_total
from deckcheck.sim.model import MP_CATEGORIES
from deckcheck.sim.rules.play import rival_conflicts

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


def duplicates_revealed(holder, rival) -> int:
    """coe 10.3.v: the cards of `holder`'s hand that would give him MP when played and match a unique card (or
    manifestation, whatever its alignment) in play that gives `rival` MP (`rules.play.rival_conflicts`)."""
    conflicts = rival_conflicts(holder.sim, rival.sim)
    sim, theirs = holder.sim, rival.sim
    return sum(1 for k in set(holder.hand) if sim.mp[k] > 0 and any(
        rival.in_play[j] and theirs.mp[j] > 0 for j in conflicts[k]))
