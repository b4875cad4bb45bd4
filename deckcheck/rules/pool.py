"""The card pool: a deck under the ICE rulesets holds cards of the ICE sets (and their promos) only.

A line whose set code names a dream-card or virtual set ("Abductor (V1)", "Balin (DF)", "(ROTS)") is that set's
card, whatever ICE card shares its name: reading it as the ICE card would judge a deck the player did not write.
A line without a set code whose name no ICE card has but a card of such a set does ("Thorin", Durin's Folk) is
that card too: a list that left out the set code still names it (never a near miss of an ICE name).
"""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.decklist.content import is_outside_pool, outside_pool_message
from deckcheck.rules.registry import Context, Violation, rule


@rule("not-in-pool", family="cards", summary="every card is of the ICE card pool: no dream-card or virtual set")
def not_in_pool(ctx: Context) -> Iterator[Violation]:
    """A line whose set code names a set outside the ICE card pool: a dream-card set of the community (Durin's
    Folk, The Necromancer, ...), a Council of Elrond virtual set (V1-V3) or the Cool Play Set, older codes
    included (ROTS, TOI, WOTR, GP, MR, MM), or a line whose name is no ICE card's but such a set's card's. The
    line is that set's card, not the ICE card of the same name (nor a near miss of one), and the rulesets
    deckcheck knows judge ICE decks only, so it is an error that names the set."""
    for entry in ctx.deck.entries:
        if not is_outside_pool(entry):     # the usual line, without the set tables outside_pool_message reads
            continue
        message = outside_pool_message(entry)
        copies = f"{entry.count} {'copy' if entry.count == 1 else 'copies'}"
        how = f"by the set code ({entry.set_code})" if entry.set_code else "by the name, which no ICE card has"
        yield ctx.violation(
            "not-in-pool", f"{message} (in {entry.part.value})", entry=entry,
            explain=[f"{copies} in {entry.part.value}, read {how}: not counted by any other rule, so the deck "
                     f"cannot be judged legal"])
