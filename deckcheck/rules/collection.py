"""A deck built from a collection: the cards a player owns, or the sealed pool an event handed out.

`validate DECK --collection FILE` (and a batch's collection column) reads FILE as any decklist (every format
deckcheck reads, or a plain "N Name" list; its parts do not matter: every copy in it counts) and checks that the
deck, all its parts together (play deck, pool, sideboards, sites), uses no more copies of a card than FILE holds.
Reprints are one card (the content key); a collection line that names no version ("Goblin-gate" without [H]/[M])
counts for any version of that name. What is missing is said card by card: "you lack 1 Glamdring".

This is no rule of a ruleset (a collection is no deck-construction number): the violation `collection-short` is
added to the verdict, with the collection as its citation (for --rules sealed: the pool handed out).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field

from deckcheck.cards.names import fold
from deckcheck.decklist.content import content_card
from deckcheck.decklist.model import Deck
from deckcheck.records import record
from deckcheck.rules.registry import ERROR, WARNING, Violation

CODE = "collection-short"
UNREAD_CODE = "collection-unread"


@record
class Collection:
    """The cards a player holds (--collection): copies by card and by name, and the lines not read."""

    path: str
    by_key: Counter = field(default_factory=Counter)     # content key (canonical id) -> copies held
    by_name: Counter = field(default_factory=Counter)    # folded name -> copies of lines that named no version
    unread: list[str] = field(default_factory=list)      # lines that name no card: said, never guessed

    @property
    def copies(self) -> int:
        return sum(self.by_key.values()) + sum(self.by_name.values())


def collection_of(deck: Deck) -> Collection:
    """The copies a decklist read as a collection holds, by card."""
    held = Collection(deck.path)
    for entry in deck.entries:
        if entry.card is None and entry.candidates:    # versions no alignment tells apart: any of them
            held.by_name[fold(entry.candidates[0].name)] += entry.count
        elif entry.card is None:
            held.unread.append(f"{entry.count} {entry.written}")
        elif entry.untold_version:
            held.by_name[fold(entry.card.name)] += entry.count
        else:
            held.by_key[content_card(entry).key] += entry.count
    return held


def shortfalls(deck: Deck, held: Collection, *, citation: str) -> list[Violation]:
    """One error per card the deck uses more copies of than the collection holds, naming the shortfall."""
    needed: Counter = Counter()
    first: dict[str, object] = {}
    lines: dict[str, list[int]] = {}
    for entry in deck.entries:
        if entry.card is None or entry.count <= 0:
            continue          # a line that names no card is unknown-card's, not the collection's
        key = content_card(entry).key
        needed[key] += entry.count
        first.setdefault(key, entry)
        lines.setdefault(key, []).extend(entry.lines)
    by_name = Counter(held.by_name)
    out = []
    for key, need in needed.items():
        card = first[key].card
        have = held.by_key.get(key, 0)
        untold = min(by_name[fold(card.name)], max(0, need - have))
        by_name[fold(card.name)] -= untold
        have += untold
        if have >= need:
            continue
        lack = need - have
        out.append(Violation(
            code=CODE, severity=ERROR,
            message=f"you lack {lack} {card.name}: the deck uses {need} cop{'y' if need == 1 else 'ies'} "
                    f"({card.display()}), the collection holds {have}",
            citation=citation, part=first[key].part, card=card.name, card_id=card.id,
            lines=sorted(set(lines[key])),
            explanation=[f"{need} in the deck (every part) against {have} in {held.path}"]))
    if held.unread:
        shown = ", ".join(held.unread[:5]) + (f" (+{len(held.unread) - 5} more)" if len(held.unread) > 5 else "")
        out.append(Violation(
            code=UNREAD_CODE, severity=WARNING,
            message=f"{len(held.unread)} line(s) of the collection name no card and are not counted: {shown}",
            citation=citation))
    return out


def collection_citation(ruleset: str, path: str) -> str:
    if ruleset in ("sealed", "dc-cube"):     # the sealed events (ruleset.SEALED_RULESET_NAMES)
        return f"{ruleset}: the pool handed out ({path}); a sealed deck is built from it alone"
    return f"the collection given ({path}): a deck uses no more copies than the player holds"


def add_to_verdict(verdict, deck: Deck, held: Collection) -> None:
    """The collection's shortfalls join the verdict's violations (in its order); an error makes it illegal."""
    from deckcheck.rules.engine import violation_order

    found = shortfalls(deck, held, citation=collection_citation(verdict.ruleset, held.path))
    if found:
        verdict.violations = sorted(verdict.violations + found, key=violation_order)
        verdict.legal = verdict.legal and not any(v.severity == ERROR for v in found)


def read_collection(path: str) -> Collection:
    """FILE read as a decklist of any format (a DeckcheckError when it cannot be read)."""
    from deckcheck.decklist import read_deck

    return collection_of(read_deck(path))
