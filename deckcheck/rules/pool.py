"""The card pool: a deck under the ICE rulesets holds cards of the ICE sets (and their promos) only.

A line whose set code names a dream-card or virtual set ("Abductor (V1)", "Balin (DF)", "(ROTS)") is that set's
card, whatever ICE card shares its name: reading it as the ICE card would judge a deck the player did not write.
"""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.cards.set_codes import non_ice_set, not_in_pool_message
from deckcheck.rules.registry import Context, Violation, rule

NOT_IN_POOL = "not-ice-card"     # the reader's problem code of such a line (decklist/build.py)


@rule("not-in-pool", family="cards", summary="every card is of the ICE card pool: no dream-card or virtual set")
def not_in_pool(ctx: Context) -> Iterator[Violation]:
    """A line whose set code names a set outside the ICE card pool: a dream-card set of the community (Durin's
    Folk, The Necromancer, ...), a Council of Elrond virtual set (V1-V3) or the Cool Play Set, older codes
    included (ROTS, TOI, WOTR, GP, MR, MM). The line is that set's card, not the ICE card of the same name, and
    the rulesets deckcheck knows judge ICE decks only, so it is an error that names the set."""
    for entry in ctx.deck.entries:
        if entry.card is not None or entry.problem != NOT_IN_POOL or not non_ice_set(entry.set_code):
            continue
        copies = f"{entry.count} {'copy' if entry.count == 1 else 'copies'}"
        yield ctx.violation(
            "not-in-pool", f"{not_in_pool_message(entry.written, entry.set_code)} (in {entry.part.value})",
            entry=entry, explain=[f"{copies} in {entry.part.value}, read by the set code ({entry.set_code}): not "
                                  f"counted by any other rule, so the deck cannot be judged legal"])
