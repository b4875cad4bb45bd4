"""What a deck holds, with everything about how it was written taken away: the cards, their counts and parts.

The fingerprint (`decklist.fingerprint`), `deckcheck diff` (`decklist.diff`), the batch's Decklists sheet and the
metagame all read a deck through this module, so that "the same deck" means the same thing everywhere:

- a card is named by its **canonical id**: the id of its first printing. A reprint (the same name, alignment,
  type and subtypes in a later set, as `cards.catalog.same_card` says: Cave-drake TW-20 and LE-66) is the same
  card, whichever printing a client or a format wrote;
- a name that resolves to no card keeps its place as ``?`` + the folded name as written ("?gandalfthegrey"),
  so that a changed unknown name still changes the content;
- the part is the one the deck counts the card in (`DeckEntry.part`): a mixed "Deck" list is already sorted into
  characters, resources and hazards by the reader, so a GCCG list and its OCTGN twin hold the same content.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from deckcheck.cards.model import Card
from deckcheck.cards.names import ICE_SETS, fold
from deckcheck.decklist.model import PART_ORDER, Deck, Part
from deckcheck.records import record

UNRESOLVED_PREFIX = "?"
PART_RANK = {part: rank for rank, part in enumerate(PART_ORDER)}   # a report's order of the parts
# Reading errors that leave a line read, as a name that is no card (the entry itself says so), not skipped.
NAMED_PROBLEMS = frozenset({"unknown-card", "ambiguous-card", "not-ice-card"})
NOT_ICE_CARD = "not-ice-card"    # the problem of a line whose set code names a set outside the ICE card pool


@record(frozen=True)
class ContentCard:
    """One card of the content: its key (canonical id or ``?name``), the name to show, its role."""

    key: str
    name: str
    card_id: str | None     # the canonical id; None for a name that is no card
    type: str | None        # Character, Resource, Hazard, Site, Region; None when unresolved


@lru_cache(maxsize=4096)   # a deck names some 80 cards, a tournament the same few hundred again and again
def canonical_id(card: Card) -> str:
    """The id of the first printing of `card` (itself when it was never reprinted)."""
    from deckcheck.cards.catalog import load_catalog, same_card

    printings = [c for c in load_catalog().by_name(card.name) if same_card(c, card)] or [card]
    first = min(printings, key=lambda c: (_set_rank(c.set), c.number))
    return first.id.upper()


def _set_rank(set_code: str) -> int:
    return ICE_SETS.index(set_code) if set_code in ICE_SETS else len(ICE_SETS)


def deck_content(deck: Deck) -> dict[tuple[Part, str], int]:
    """{(part, card key): copies} for every card of the deck with at least one copy."""
    counts: Counter[tuple[Part, str]] = Counter()
    for entry in deck.entries:
        if entry.count > 0:
            counts[(entry.part, content_card(entry).key)] += entry.count
    return dict(counts)


def content_cards(deck: Deck) -> dict[str, ContentCard]:
    """{card key: ContentCard} for the cards of `deck`: what a key means, for reports."""
    cards: dict[str, ContentCard] = {}
    for entry in deck.entries:
        card = content_card(entry)
        cards.setdefault(card.key, card)
    return cards


def content_card(entry) -> ContentCard:
    if entry.card is None:
        return ContentCard(UNRESOLVED_PREFIX + fold(entry.written), entry.written, None, None)
    card_id = canonical_id(entry.card)
    return ContentCard(card_id, entry.card.name, card_id, entry.card.type)


def card_rows(deck: Deck) -> list[dict]:
    """The deck as read, one plain dict per card and part in the deck's part order: what the batch's Decklists
    sheet shows and the metagame counts. `card_id` is the printing read, `key` the content key (reprints as
    one). `not_in_pool` is the set code written on a line of a set outside the ICE card pool ("Abductor (V1)": a
    card, but no ICE card), None on every other line. Plain data, so it crosses process boundaries."""
    rows = []
    for entry in sorted(deck.entries, key=lambda e: PART_RANK.get(e.part, 99)):
        if entry.count <= 0:
            continue
        card = content_card(entry)
        rows.append({"part": entry.part.value, "count": entry.count, "name": card.name,
                     "card_id": entry.card.id if entry.card else None, "key": card.key, "type": card.type,
                     "not_in_pool": outside_pool_code(entry), "not_in_pool_message": outside_pool_message(entry),
                     "dream": _is_dream(entry)})
    return rows


def _is_dream(entry) -> bool:
    """A card of a set outside the ICE sets, read or not (decklist/pool_status.py)."""
    from deckcheck.decklist.pool_status import is_dream_entry

    return is_dream_entry(entry)


def is_outside_pool(entry) -> bool:
    """A line the reader took as a card of a set outside the ICE card pool, by its set code or, where no ICE card
    has its name, by its name (decklist/build.py)."""
    return entry.card is None and entry.problem == NOT_ICE_CARD and bool(entry.outside_sets or entry.set_code)


def outside_pool_code(entry) -> str | None:
    """The set code of such a line: as written ("ROTS"), else the first set printing its name; None otherwise."""
    if not is_outside_pool(entry):
        return None
    return (entry.set_code or entry.outside_sets[0]).strip().upper()


def outside_pool_message(entry) -> str | None:
    """What not-in-pool says of such a line (without its part): "Abductor (V1) is a card of the CoE virtual set
    The Road Goes Ever on, not of the ICE card pool", "Thorin is the name of no ICE card but of a card of the
    dream-card set Durin's Folk (DF): not of the ICE card pool"; None for any other line."""
    if not is_outside_pool(entry):
        return None
    from deckcheck.cards.pools import ICE, pool_in_force
    from deckcheck.cards.set_codes import non_ice_set, not_in_pool_by_name, not_in_pool_message, set_of_code

    if non_ice_set(entry.set_code) and pool_in_force() != ICE:
        from deckcheck.cards.pools import not_in_pool_here

        return not_in_pool_here(entry.written, entry.set_code, pool_in_force())
    if non_ice_set(entry.set_code):
        return not_in_pool_message(entry.written, entry.set_code)
    near = f" (or the ICE card {entry.suggestions[0]!r} misspelt?)" if entry.suggestions else ""
    return not_in_pool_by_name(entry.written, tuple(set_of_code(code) for code in entry.outside_sets)) + near


def is_unread_line(diagnostic) -> bool:
    """A reading error that left part of the file unread (a skipped line, broken JSON or XML), as opposed to a
    line that was read but names no card (unknown-card, ambiguous-card report those). The content, the
    fingerprint and every verdict (the rule unreadable-line) cannot see what such a line held."""
    return diagnostic.severity == "error" and diagnostic.code not in NAMED_PROBLEMS


def unread_lines(deck: Deck) -> list[int | None]:
    """Lines the reader skipped (None: a part of the file without a line number): a card may hide there."""
    return [d.line for d in deck.diagnostics if is_unread_line(d)]


def unread_text(lines: list[int | None]) -> str:
    """`unread_lines` in words: "line 46", "lines 3, 9", "1 part without a line number" (broken JSON or XML)."""
    numbers = sorted({n for n in lines if n})
    whole = sum(1 for n in lines if not n)
    said = [f"line{'' if len(numbers) == 1 else 's'} {', '.join(map(str, numbers))}"] * bool(numbers)
    said += [f"{whole} part{'' if whole == 1 else 's'} without a line number"] * bool(whole)
    return " and ".join(said)


def read_summary(deck: Deck) -> str:
    """How the deck was read, in one line (what `-v` prints): its format, encoding, alignment and why, the cards
    found, and the lines skipped or names not found."""
    cards = sum(entry.count for entry in deck.entries)
    outside = sum(entry.count for entry in deck.entries if is_outside_pool(entry))
    unknown = sum(entry.count for entry in deck.entries if entry.card is None) - outside
    said = [f"{deck.format or 'unknown'} format"] + [f"{deck.encoding}"] * bool(deck.encoding)
    said.append(f"{cards} card{'' if cards == 1 else 's'} in {len(deck.entries)} entr"
                f"{'y' if len(deck.entries) == 1 else 'ies'}")
    if deck.alignment:
        said.append(deck.alignment_reason or deck.alignment)
    if unknown:
        said.append(f"{unknown} cop{'y' if unknown == 1 else 'ies'} of names that are no card")
    if outside:
        said.append(f"{outside} cop{'y' if outside == 1 else 'ies'} of cards outside the {_pool_name()} card pool")
    skipped = unread_lines(deck)
    if skipped:
        said.append(f"{unread_text(skipped)} not read")
    return f"read {deck.path} as " + ", ".join(said)


def _pool_name() -> str:
    """"ICE", or the pool beyond it in force ("dreamcards")."""
    from deckcheck.cards.pools import ICE, pool_in_force

    return "ICE" if pool_in_force() == ICE else pool_in_force()
