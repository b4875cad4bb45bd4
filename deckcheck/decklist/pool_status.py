"""A deck's status in Cardnum's words: `standard` (ICE cards only) or `dreamcard` (a card of any other set: a
dream-card set, a CoE virtual set, the Cool Play Set), and the share of such cards in each part of the deck.

A line of such a set that the pool in force cannot read (not-in-pool) is a dream card too: the deck is a
dreamcard deck whether or not deckcheck knows that card, and the share counts it where it was written.
"""

from __future__ import annotations

from deckcheck.cards.pools import DREAMCARD, ICE_SET_CODES, SHARE_PARTS, STANDARD, is_ice_card
from deckcheck.decklist.content import is_outside_pool
from deckcheck.decklist.model import Deck


def is_dream_entry(entry) -> bool:
    """A card of a set outside the ICE sets: read (the pool holds it) or not (not-in-pool)."""
    return (entry.card is not None and not is_ice_card(entry.card)) or is_outside_pool(entry)


def deck_status(deck: Deck) -> dict:
    """{"status": "standard" | "dreamcard", "dream_cards": copies, "share": {part: {"dream": n, "cards": m}}}
    for the parts resources, hazards, characters and sites (a part with no card is 0 of 0)."""
    share = {part: {"dream": 0, "cards": 0} for part in SHARE_PARTS}
    dream = 0
    for entry in deck.entries:
        card = entry.card      # is_dream_entry, inlined: it is asked of every line of every deck judged
        is_dream = card.set not in ICE_SET_CODES if card is not None else is_outside_pool(entry)
        dream += entry.count if is_dream else 0
        counted = share.get(entry.part._value_)     # _value_: .value is a property, slow to reach
        if counted is not None:
            counted["cards"] += entry.count
            counted["dream"] += entry.count if is_dream else 0
    return {"status": DREAMCARD if dream else STANDARD, "dream_cards": dream, "share": share}


def status_text(status: dict) -> str:
    """"standard", or "dreamcard: 61 dream cards; resources 12/50 (24%), hazards 0/50, ..."."""
    if status["status"] == STANDARD:
        return STANDARD
    parts = ", ".join(_part_share(part, n) for part, n in status["share"].items())
    copies = status["dream_cards"]
    return f"{DREAMCARD}: {copies} dream card{'' if copies == 1 else 's'}; {parts}"


def _part_share(part: str, n: dict) -> str:
    percent = f" ({100 * n['dream'] // n['cards']}%)" if n["cards"] else ""
    return f"{part} {n['dream']}/{n['cards']}{percent}"
