"""Copy limits across the whole deck: one of each unique card, three (or fewer) of each other card."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from deckcheck.cards.model import CHARACTER, HAZARD, RESOURCE, Card
from deckcheck.decklist.model import DeckEntry
from deckcheck.rules.common import (
    CHARACTER_ROLE,
    all_lines,
    copies,
    deck_cards,
    first_part,
    fold,
    label,
    role,
    version_key,
)
from deckcheck.rules.registry import Context, Violation, rule


def _can_manifest(card: Card) -> bool:
    """coe 1.3.1 joins manifestations of a unique *resource* (characters included); hazards stay apart."""
    return card.unique and not card.avatar and card.type in (RESOURCE, CHARACTER)


def manifested_names(card: Card) -> list[str]:
    """The folded names a card says it is a manifestation of. The data may join several in one field
    ("Gollum and My Precious" for Stinker): split it unless the whole is itself a card's name."""
    if not card.manifestation_of:
        return []
    from deckcheck.cards.catalog import load_catalog

    whole = card.manifestation_of
    if load_catalog().by_name(whole):
        return [fold(whole)]
    return [fold(part) for part in re.split(r",\s*|\s+and\s+", whole) if part.strip()]


def unique_groups(entries: list[DeckEntry], by_name: bool) -> list[list[DeckEntry]]:
    """Entries of unique non-avatar cards grouped as one card: reprints, manifestations of the same entity
    (card data `manifestation_of`, either direction) and, for a Fallen-wizard, every version of a name."""
    parent: dict[object, object] = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a, b):
        parent[find(a)] = find(b)

    uniques = [e for e in entries if e.card.unique and not e.card.avatar]
    manifested = {name for e in uniques if _can_manifest(e.card) for name in manifested_names(e.card)}
    for i, entry in enumerate(uniques):
        card = entry.card
        union(("entry", i), ("version", version_key(card)))
        if _can_manifest(card):
            for name in manifested_names(card):
                union(("entry", i), ("entity", name))
            if fold(card.name) in manifested:
                union(("entry", i), ("entity", fold(card.name)))
        if by_name:
            union(("entry", i), ("name", fold(card.name)))
    groups: dict[object, list[DeckEntry]] = defaultdict(list)
    for i, entry in enumerate(uniques):
        groups[find(("entry", i))].append(entry)
    return list(groups.values())


@rule("unique-limit", family="copies", summary="at most 1 copy of each unique card in the whole deck")
def unique_limit(ctx: Context) -> Iterator[Violation]:
    """At most one copy of each unique non-avatar card across play deck, pool or starting company and
    sideboards. Manifestations of one unique resource or character are one card (coe 1.3.1); a
    Fallen-wizard counts hero and minion versions of a name as one (MEWH). Avatars: see avatar-limit."""
    by_name = ctx.data["copies"]["unique_by_name"]
    for group in unique_groups(deck_cards(ctx), by_name):
        total = sum(e.count for e in group)
        if total <= 1:
            continue
        names = sorted({label(e.card) for e in group})
        if len(names) == 1:
            what = f"{copies(total)} of {names[0]} (unique)"
        else:
            why = "versions of one unique name" if by_name and len({fold(e.card.name) for e in group}) == 1 \
                else "manifestations of one unique card"
            what = f"{' and '.join(names)} are {why}: {copies(total)}"
        where = _parts_note(group)
        yield ctx.violation("unique-limit", f"{what}{where}; the limit is 1",
                            entry=group[0], part=first_part(group), lines=all_lines(group))


def _parts_note(group: list[DeckEntry]) -> str:
    parts = sorted({e.part.value for e in group})
    return f" (in {', '.join(parts)})" if len(parts) > 1 else ""


def copy_class(card: Card) -> str | None:
    """The class a Fallen-wizard's lowered limits name (coe 1.3.F1): stage/hero/minion resource, character."""
    if card.type == CHARACTER:
        return "character"
    if card.type == RESOURCE:
        return {"Stage": "stage-resource", "Hero": "hero-resource", "Minion": "minion-resource"}.get(card.alignment)
    if card.type == HAZARD:
        return "hazard"
    return None


def copy_limit_of(card: Card, ctx: Context) -> tuple[int, str]:
    """The limit for a non-unique card and the reason to print with it."""
    if card.copy_limit:
        return card.copy_limit, "the card allows"
    rules = ctx.data["copies"]
    cls = copy_class(card)
    by_class = rules.get("by_class", {})
    if card.type == RESOURCE and card.alignment == "Dual":
        # A dual resource is both a hero and a minion resource ("may also be used as a hero resource"):
        # the lower of the two limits holds (a Fallen-wizard: 2, coe 1.3.F1).
        limits = [by_class[c] for c in ("hero-resource", "minion-resource") if c in by_class]
        if limits:
            return min(limits), f"the limit for a hero or minion resource in a {ctx.alignment} deck is"
    if cls in by_class:
        return by_class[cls], f"the limit for a {cls.replace('-', ' ')} in a {ctx.alignment} deck is"
    return rules["non_unique"], "the limit is"


@rule("copy-limit", family="copies",
      summary="copies of each non-unique card across the whole deck")
def copy_limit(ctx: Context) -> Iterator[Violation]:
    """At most three copies of each non-unique card across the whole deck (play deck, pool or starting
    company, sideboards); a card may state its own limit (Black Horse: 9). A Fallen-wizard may hold only two
    of each non-unique character, hero resource and minion resource (coe 1.3.F1, MEWH). Under the rulebook
    the play deck holds only one of each character card (MELE Starter step 5). Havens are sites: see
    site-copies."""
    groups: dict[tuple, list[DeckEntry]] = defaultdict(list)
    for entry in deck_cards(ctx):
        if not entry.card.unique and not entry.card.avatar:
            groups[version_key(entry.card)].append(entry)
    for group in groups.values():
        total = sum(e.count for e in group)
        limit, why = copy_limit_of(group[0].card, ctx)
        if total > limit:
            yield ctx.violation(
                "copy-limit", f"{copies(total)} of {label(group[0].card)}{_parts_note(group)}; {why} {limit}",
                entry=group[0], part=first_part(group), lines=all_lines(group))
    yield from _one_of_each_character(ctx)


def _one_of_each_character(ctx: Context) -> Iterator[Violation]:
    """MELE Starter step 5: "Only one of each character card may be included" in the play deck."""
    limit = ctx.data["copies"].get("play_deck_character_copies")
    if not limit:
        return
    groups: dict[tuple, list[DeckEntry]] = defaultdict(list)
    for entry in deck_cards(ctx):
        card = entry.card
        if entry.part.in_play_deck and role(card, ctx) == CHARACTER_ROLE and not card.unique:
            groups[version_key(card)].append(entry)
    for group in groups.values():
        total = sum(e.count for e in group)
        if total > limit:
            yield ctx.violation(
                "copy-limit",
                f"{copies(total)} of the character {label(group[0].card)} in the play deck; "
                f"only {limit} of each character card may be included",
                entry=group[0], part=group[0].part,
                lines=all_lines(group))
