"""A deck's fingerprint: a short code that stays the same as long as the deck's cards do.

An organizer writes it on the registration sheet; at a deck check, or a round later, the same code from the deck on
the table proves that not a card changed -- whatever format, order, spelling or client the deck is written in.

The recipe (version 1; it is part of the product: the same deck gives the same code in every deckcheck release):

1. Every card of the deck is a line ``PART<TAB>KEY<TAB>COUNT``:
   PART is the part the deck counts it in (``pool``, ``characters``, ``resources``, ``hazards``, ``play``,
   ``sideboard``, ``fw-sideboard``, ``sites``); KEY is the card's canonical id, the id of its first printing in
   upper case (``TW-20``; a reprint such as Cave-drake LE-66 counts as TW-20), or, for a name that is no card,
   ``?`` followed by the name folded to lower-case ASCII letters and digits (``?gandalfthegrey``); COUNT is the
   copies in that part, in decimal. Lines of the same PART and KEY are added up; a count of 0 is no line.
2. The lines are sorted (they are ASCII: plain string order), each ends with a newline (``\\n``), and the text is
   hashed with SHA-256 (UTF-8).
3. The fingerprint is the first 12 hex digits of the digest, lower case, in three groups of four joined by ``-``:
   ``3f9a-b2c4-7e10``.

Nothing else enters: not the deck's name, player, declared alignment, avatar line, notes or file format.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from deckcheck.decklist.content import UNRESOLVED_PREFIX, deck_content
from deckcheck.decklist.model import Deck

RECIPE_VERSION = 1
DIGITS = 12


@dataclass(frozen=True)
class Fingerprint:
    value: str              # "3f9a-b2c4-7e10"
    unresolved: int         # names in it that are no card (kept as written, folded)

    def __str__(self) -> str:
        return self.value

    def describe(self) -> str:
        """The value, and what it rests on when that is less than every card resolved."""
        if not self.unresolved:
            return self.value
        what = "name that is no card enters" if self.unresolved == 1 else "names that are no card enter"
        return f"{self.value} ({self.unresolved} {what} it as written)"


def canonical_text(deck: Deck, content: dict | None = None) -> str:
    """The text that is hashed (step 1 and 2 of the recipe); `content` is the deck's `deck_content`."""
    content = deck_content(deck) if content is None else content
    lines = sorted(f"{part.value}\t{key}\t{count}\n" for (part, key), count in content.items())
    return "".join(lines)


def fingerprint(deck: Deck) -> Fingerprint:
    content = deck_content(deck)
    digest = hashlib.sha256(canonical_text(deck, content).encode("utf-8")).hexdigest()[:DIGITS]
    value = "-".join(digest[i:i + 4] for i in range(0, DIGITS, 4))
    unresolved = sum(1 for (_, key) in content if key.startswith(UNRESOLVED_PREFIX))
    return Fingerprint(value, unresolved)
