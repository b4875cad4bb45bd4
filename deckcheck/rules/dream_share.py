"""Dream-card shares and minimums: `dream-share`.

Events and sites that play the dream cards ask a deck to hold enough of them: meccg-online's deck builder at
least 25% dream cards in the play deck, in its resources and in its hazards; the Council of Elrond's DC Cube
sealed event at least 5 dream cards among the resources and among the hazards, and 3 dream-card characters in
the pool. The numbers are the ruleset's `[dream_share]` table; a dream card is a card of a set outside ICE's
(decklist/pool_status.py), read or not-in-pool.
"""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.decklist.model import Part
from deckcheck.decklist.pool_status import is_dream_entry
from deckcheck.rules.common import all_lines, plural
from deckcheck.rules.registry import Context, Violation, rule

# What each key of `[dream_share]` counts: its deck parts, and whether only characters count.
COUNTED = {
    "play-deck": ((Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY), False),
    "resources": ((Part.RESOURCES,), False),
    "hazards": ((Part.HAZARDS,), False),
    "pool-characters": ((Part.POOL,), True),
}
WORDS = {"play-deck": "cards of the play deck", "resources": "resources", "hazards": "hazards",
         "pool-characters": "characters of the pool"}


def _counted(ctx: Context, key: str) -> tuple[int, int, list]:
    """(dream copies, copies, the dream entries) of what `key` counts."""
    parts, characters_only = COUNTED[key]
    entries = [e for e in ctx.deck.entries if e.part in parts
               and (not characters_only or (e.card is not None and e.card.is_character))]
    dream = [e for e in entries if is_dream_entry(e)]
    return sum(e.count for e in dream), sum(e.count for e in entries), dream


@rule("dream-share", family="pool", summary="at least the share and the number of dream cards the format asks")
def check_dream_share(ctx: Context) -> Iterator[Violation]:
    """`[dream_share] share_min`: per cent of dream cards at least, in the play deck (`play-deck`), its resources
    and its hazards (meccg-online: 25 each); `count_min`: dream cards at least among the resources, the hazards
    and the characters of the pool (`pool-characters`) (DC Cube: 5, 5 and 3). A part with no card at all has no
    share to fall short of (its own count rules speak of it)."""
    table = ctx.data.get("dream_share", {})
    for key, least in table.get("share_min", {}).items():
        dream, cards, found = _counted(ctx, key)
        if cards and dream * 100 < least * cards:
            yield ctx.violation(
                "dream-share", f"{dream} of the {cards} {WORDS[key]} are dream cards ({100 * dream // cards}%); "
                               f"the format asks at least {least}%",
                part=COUNTED[key][0][0], lines=all_lines(found), aspect=key,
                explain=[f"dream cards: of a set outside ICE's (a dream-card set, a CoE virtual set, the Cool Play "
                         f"Set), counted by the deck parts {', '.join(p.value for p in COUNTED[key][0])}"])
    for key, least in table.get("count_min", {}).items():
        dream, _, found = _counted(ctx, key)
        if dream < least:
            yield ctx.violation(
                "dream-share", f"{plural(dream, 'dream card')} among the {WORDS[key]}; the format asks at least "
                               f"{least}", part=COUNTED[key][0][0], lines=all_lines(found), aspect=key,
                explain=[f"counted: {', '.join(e.card.name if e.card else e.written for e in found) or 'none'}"])
