"""Helpers the rule modules share: how a card counts in a deck, and how to name it in a message."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import field

from deckcheck.cards.model import CHARACTER, HAZARD, REGION, RESOURCE, SITE, Card
from deckcheck.cards.names import fold  # noqa: F401  (re-exported for the rule modules)
from deckcheck.cards.pools import ICE_SET_CODES
from deckcheck.decklist.content import is_unread_line
from deckcheck.decklist.model import PART_ORDER, DeckEntry, Part
from deckcheck.records import record
from deckcheck.rules.registry import Context, Violation

# Card alignment of an avatar -> the deck alignment it belongs to.
AVATAR_OF = {"Hero": "wizard", "Minion": "ringwraith", "Fallen-wizard": "fallen-wizard", "Balrog": "balrog",
             "Elf-lord": "elf-lord", "Dwarf-lord": "dwarf-lord", "Dragon-lord": "dragon-lord"}

# What a play-deck card counts as for deck construction.
AVATAR, CHARACTER_ROLE, RESOURCE_ROLE, HAZARD_ROLE, EITHER, NOT_PLAY = (
    "avatar", "character", "resource", "hazard", "either", "not-play")

_PART_RANK = {part: i for i, part in enumerate(PART_ORDER)}


def resolved(entries: Iterable[DeckEntry]) -> Iterator[DeckEntry]:
    """The entries whose card is known (unknown and ambiguous lines are reported by their own rules)."""
    return (e for e in entries if e.card is not None)


@record
class DeckViews:
    """The deck's resolved entries, sorted in one pass into what the rules count (read them, never change them)."""

    cards: list[DeckEntry] = field(default_factory=list)   # deck_cards
    cards_but_sites: list[tuple[DeckEntry, Card]] = field(default_factory=list)   # any part, no site or region
    play: list[DeckEntry] = field(default_factory=list)    # the play deck
    sites: list[DeckEntry] = field(default_factory=list)   # the location deck's site cards
    pool: list[tuple[DeckEntry, Card]] = field(default_factory=list)   # the pool's cards but sites and regions
    uniques: list[DeckEntry] = field(default_factory=list)   # of `cards`, the unique ones but avatars
    avatars: list[DeckEntry] = field(default_factory=list)   # of `cards`, the avatars (of any alignment)
    non_uniques: list[DeckEntry] = field(default_factory=list)   # of `cards`, neither unique nor an avatar
    regions: list[DeckEntry] = field(default_factory=list)   # region cards, in any part
    # every entry, of any part, that is no card of the ICE sets: a card of another set, or a line naming no card
    not_ice: list[DeckEntry] = field(default_factory=list)


def views(ctx: Context) -> DeckViews:
    """The deck's views, built once for all its rules."""
    return ctx.shared("views", lambda: _sorted_entries(ctx.deck.entries))


def _sorted_entries(entries: list[DeckEntry]) -> DeckViews:
    found = DeckViews()
    sites_part, pool_part = Part.SITES, Part.POOL     # an Enum's member, looked up on its class, is slow to reach
    for entry in entries:
        card = entry.card
        if card is None or card.set not in ICE_SET_CODES:
            found.not_ice.append(entry)
            if card is None:
                continue
        part = entry.part
        if part.in_play_deck:
            found.play.append(entry)
        if card.type in (SITE, REGION):
            if card.type == REGION:
                found.regions.append(entry)
            elif part is sites_part:
                found.sites.append(entry)
            continue
        found.cards_but_sites.append((entry, card))
        if part is not sites_part:
            found.cards.append(entry)
            if card.avatar:
                found.avatars.append(entry)
            else:
                (found.uniques if card.unique else found.non_uniques).append(entry)
        if part is pool_part:
            found.pool.append((entry, card))
    return found


def deck_cards(ctx: Context) -> list[DeckEntry]:
    """Entries of the whole deck that copy limits count: everything but the location deck, and no site or
    region card written elsewhere (a reader warns about those; site-copies counts the location deck)."""
    return list(views(ctx).cards)


def play_deck(ctx: Context) -> list[DeckEntry]:
    return list(views(ctx).play)


def play_roles(ctx: Context) -> list[tuple[DeckEntry, str]]:
    """(entry, what it counts as) for every card of the play deck: the counts of the play deck's rules read this
    one list (read it, never change it)."""
    return ctx.shared("play roles", lambda: _play_roles(ctx))


def _play_roles(ctx: Context) -> list[tuple[DeckEntry, str]]:
    roles = ctx.shared("roles", dict)     # role(), inlined: the table asked for once, not once per card
    found = []
    for entry in views(ctx).play:
        card = entry.card
        kind = roles.get(card.id)
        if kind is None:
            kind = roles[card.id] = _role(card, ctx)
        found.append((entry, kind))
    return found


def agents_are_hazards(ctx: Context) -> bool:
    return ctx.data["play_deck"]["agents_count_as"] == "hazard"


def is_own_avatar(card: Card, alignment: str) -> bool:
    return card.avatar and AVATAR_OF.get(card.alignment) == alignment


def role(card: Card, ctx: Context) -> str:
    """What a play-deck card counts as: avatar, character, resource, hazard, either (coe 1.3.3) or not-play.
    Worked out once per card and deck: the rules ask it of every card, rule after rule."""
    roles = ctx.shared("roles", dict)
    found = roles.get(card.id)
    if found is None:
        found = roles[card.id] = _role(card, ctx)
    return found


def _role(card: Card, ctx: Context) -> str:
    if card.type == CHARACTER:
        if card.avatar:
            return AVATAR
        if card.agent and agents_are_hazards(ctx):
            return HAZARD_ROLE
        return CHARACTER_ROLE
    if card.type == RESOURCE:
        if not card.playable_as_hazard:
            return RESOURCE_ROLE
        # A resource of an alignment the player may not use as a resource (Sudden Call, a minion resource, in
        # a Wizard's deck; Gnawed Ways outside a Fallen-wizard's) is included as a hazard only (coe 1.3.W3).
        own = ctx.data.get("lists", {}).get("resource_alignments")
        return EITHER if own is None or card.alignment in own else HAZARD_ROLE
    if card.type == HAZARD:
        return EITHER if card.playable_as_resource else HAZARD_ROLE
    return NOT_PLAY   # a site or region listed in the play deck: the reader reports it


def is_site_card(card: Card) -> bool:
    return card.type in (SITE, REGION)


def label(card: Card) -> str:
    """How a message names a card: with its version tag where versions exist ("Moria [M]")."""
    return f"{card.name} [{card.tag}]" if card.tag else card.name


def version_key(card: Card) -> tuple[str, str]:
    """Reprints of a card (same name and version, other set) are one card for counting."""
    found = _VERSION_KEYS.get(card.id)
    if found is not None and found[0] is card:    # another catalog's card of that id is worked out again
        return found[1]
    key = fold(card.name), card.alignment
    if len(_VERSION_KEYS) >= 16384:
        _VERSION_KEYS.clear()
    _VERSION_KEYS[card.id] = (card, key)
    return key


# version_key's answers, asked of every card by several rules deck after deck: card id -> (the card, its key).
_VERSION_KEYS: dict[str, tuple[Card, tuple[str, str]]] = {}


def all_lines(entries: Iterable[DeckEntry]) -> list[int]:
    return sorted({line for e in entries for line in e.lines if line is not None})


def first_part(entries: Iterable[DeckEntry]) -> Part | None:
    parts = [e.part for e in entries]
    return min(parts, key=lambda p: _PART_RANK.get(p, 99)) if parts else None


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def copies(n: int) -> str:
    return plural(n, "copy", "copies")


PLAY_DECK_PARTS = (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY)


def unidentified_lines(ctx: Context, parts: Iterable[Part]) -> list[int]:
    """Lines that may hold cards of these parts but were not identified: unknown or ambiguous names written in
    them, and lines the reader skipped (their part is not known)."""
    parts = set(parts)
    lines = {line for e in ctx.deck.entries if e.card is None and e.part in parts for line in e.lines}
    lines |= {d.line for d in ctx.deck.diagnostics if is_unread_line(d) and d.line}
    return sorted(lines)


def counts_cards_in(*parts: Part) -> Callable:
    """Mark a rule as a count over these parts: while lines there are unidentified, each violation about a
    total (one that names no single card) says it was counted without them and is marked
    `depends_on_unidentified`, so that a missing card is not taken for a second mistake."""

    def wrap(check: Callable[[Context], Iterable[Violation]]) -> Callable[[Context], Iterator[Violation]]:
        @functools.wraps(check)
        def counted(ctx: Context) -> Iterator[Violation]:
            unidentified = None
            for violation in check(ctx):
                if violation.card is None:
                    unidentified = unidentified_lines(ctx, parts) if unidentified is None else unidentified
                    if unidentified:
                        shown = ", ".join(map(str, unidentified[:6])) + (", ..." if len(unidentified) > 6 else "")
                        violation.message += (f" (counted without {plural(len(unidentified), 'unidentified line')}: "
                                               f"{shown})")
                        violation.depends_on_unidentified = True
                yield violation

        return counted

    return wrap
