"""The card pool: a deck under the ICE rulesets holds cards of the ICE sets (and their promos) only.

A line whose set code names a dream-card or virtual set ("Abductor (V1)", "Balin (DF)", "(ROTS)") is that set's
card, whatever ICE card shares its name: reading it as the ICE card would judge a deck the player did not write.
A line without a set code whose name no ICE card has but a card of such a set does ("Thorin", Durin's Folk) is
that card too: a list that left out the set code still names it (never a near miss of an ICE name).
"""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.cards.pools import ICE, ICE_SET_CODES, is_ice_card, pool_in_force
from deckcheck.cards.set_codes import not_in_pool_message, set_of_code
from deckcheck.decklist.content import is_outside_pool, outside_pool_message
from deckcheck.rules.common import views
from deckcheck.rules.registry import Context, Violation, rule


@rule("not-in-pool", family="cards", summary="every card is of the ICE card pool: no dream-card or virtual set")
def not_in_pool(ctx: Context) -> Iterator[Violation]:
    """A line whose set code names a set outside the ICE card pool: a dream-card set of the community (Durin's
    Folk, The Necromancer, ...), a Council of Elrond virtual set (V1-V3) or the Cool Play Set, older codes
    included (ROTS, TOI, WOTR, GP, MR, MM), or a line whose name is no ICE card's but such a set's card's. The
    line is that set's card, not the ICE card of the same name (nor a near miss of one), and the rulesets
    deckcheck knows judge ICE decks only, so it is an error that names the set."""
    plays = ctx.data["meta"].get("pool", ICE)
    excluded = frozenset(ctx.data["meta"].get("excluded_sets", ()))
    # an ICE card is a question only where the ruleset leaves out some of the ICE sets
    for entry in ctx.deck.entries if excluded else views(ctx).not_ice:
        card = entry.card
        if card is not None and card.set in ICE_SET_CODES and card.set not in excluded:
            continue    # the usual line: an ICE card the ruleset plays
        if excluded and entry.card is not None and entry.card.set in excluded:
            yield ctx.violation(
                "not-in-pool", f"{entry.card.display()} is a card of {set_of_code(entry.card.set).described()}, "
                f"which the {ctx.ruleset} ruleset does not play (in {entry.part.value})", entry=entry,
                explain=[f"{_copies(entry)} in {entry.part.value}; the ruleset leaves out the sets "
                         f"{', '.join(sorted(excluded))}"])
            continue
        if plays == ICE and entry.card is not None and not is_ice_card(entry.card):
            # read, since the pool in force (--pool dreamcards) holds it; this ruleset plays the ICE pool only
            yield ctx.violation(
                "not-in-pool", f"{not_in_pool_message(entry.written, entry.card.set)} (in {entry.part.value}); "
                f"the {ctx.ruleset} ruleset plays the ICE card pool only", entry=entry,
                explain=[f"{_copies(entry)} of {entry.card.display()} in {entry.part.value}, read under the "
                         f"{pool_in_force()} pool and counted by every other rule; a ruleset of dream cards "
                         "judges it (rules --pool dreamcards)"])
            continue
        if not is_outside_pool(entry):     # the usual line, without the set tables outside_pool_message reads
            continue
        message = outside_pool_message(entry)
        how = f"by the set code ({entry.set_code})" if entry.set_code else "by the name, which no ICE card has"
        yield ctx.violation(
            "not-in-pool", f"{message} (in {entry.part.value})", entry=entry,
            explain=[f"{_copies(entry)} in {entry.part.value}, read {how}: not counted by any other rule, so the deck "
                     f"cannot be judged legal"])


def _copies(entry) -> str:
    return f"{entry.count} {'copy' if entry.count == 1 else 'copies'}"
