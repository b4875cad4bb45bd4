"""Where a Fallen-wizard may play a resource that taps the site: coe 2.V.F1.

"For a Fallen-wizard player to play a resource that would normally tap the site, the alignment of the resource
being played must match the alignment of the site where it is being played. Wizardhavens and Stage resources
count as either alignment for this purpose." Shared by the statistics' site coverage and the goldfish.
"""

from __future__ import annotations

from deckcheck.cards.model import Card

# Resources of these alignments are hero or minion for the rule; Stage (and Dual) ones count as either.
SIDED = ("Hero", "Minion")


def fallen_wizard_may_play_at(resource: Card, site: Card) -> bool:
    """True if a Fallen-wizard may play `resource` (item, faction, ally) at `site` by coe 2.V.F1."""
    if resource.alignment not in SIDED or site.alignment == "Fallen-wizard":
        return True
    return site.alignment == resource.alignment
