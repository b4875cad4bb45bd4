"""Copy limits across the whole deck: one of each unique card, three (or fewer) of each other card."""

from __future__ import annotations

import functools
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
    views,
)
from deckcheck.rules.registry import WARNING, Context, Violation, rule


def _can_manifest(card: Card) -> bool:
    """Unique resources and characters whose manifestations the deck rules may join; hazards stay apart."""
    return card.unique and not card.avatar and card.type in (RESOURCE, CHARACTER)


def manifested_names(card: Card) -> list[str]:
    """The folded names a card says it is a manifestation of. The data may join several in one field
    ("Gollum and My Precious" for Stinker): split it unless the whole is itself a card's name."""
    if not card.manifestation_of:
        return []
    return list(_manifested(card.manifestation_of))


@functools.lru_cache(maxsize=1024)   # the few hundred manifestation fields, asked deck after deck
def _manifested(whole: str) -> tuple[str, ...]:
    from deckcheck.cards.catalog import load_catalog

    if load_catalog().by_english_name(whole):     # the data's names are English: no other edition's are read
        return (fold(whole),)
    return tuple(fold(part) for part in re.split(r",\s*|\s+and\s+", whole) if part.strip())


class _Joins:
    """Union-find over the unique entries of a deck."""

    def __init__(self) -> None:
        self.parent: dict[object, object] = {}

    def find(self, x):
        while self.parent.setdefault(x, x) != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b) -> None:
        self.parent[self.find(a)] = self.find(b)


# How the entries of a unique-limit group were joined, from the plainest to the most debatable: the same card
# (reprints), manifestations of one unique resource (coe 1.3.1), manifestations of one character (not a
# resource: a debatable reading), versions of one name (MEWH, for a Fallen-wizard). Each level but the first
# adds its own join to the same card's; the group is every entry any join reaches (`_ALL`).
SAME_CARD, MANIFESTATION, CHARACTER_MANIFESTATION, NAME = "same-card", "manifestation", "character-manifestation", \
    "name"
JOIN_LEVELS = (SAME_CARD, MANIFESTATION, CHARACTER_MANIFESTATION, NAME)
_ALL = "all"


def _join_nodes(card: Card, level: str, manifested: set[str], by_name: bool) -> list[tuple]:
    """The nodes `level` links an entry of `card` to: entries sharing a node count as one card."""
    nodes = [("version", version_key(card))]
    if _can_manifest(card) and (level == MANIFESTATION and card.type == RESOURCE
                                or level in (CHARACTER_MANIFESTATION, _ALL)):
        nodes.extend(("entity", name) for name in manifested_names(card))
        if fold(card.name) in manifested or card.type == RESOURCE:
            # the hero and minion versions of a unique resource (The Arkenstone [H] and [M]) are "mechanically
            # different version[s] of the same entity" (coe glossary, "manifestation"): one card for 1.3.1
            nodes.append(("entity", fold(card.name)))
    if level in (NAME, _ALL) and by_name:
        nodes.append(("name", fold(card.name)))
    return nodes


def _link(joins: _Joins, i: int, card: Card, level: str, manifested: set[str], by_name: bool) -> None:
    for node in _join_nodes(card, level, manifested, by_name):
        joins.union(("entry", i), node)


def unique_groups(entries: list[DeckEntry], by_name: bool) -> list[dict[str, list[list[DeckEntry]]]]:
    """Entries of unique non-avatar cards that count as one card, by join, plainest first: for each group,
    {join: the sets of entries that hold more than one copy when joined that way}. The joins: reprints,
    manifestations of the same entity (card data `manifestation_of`, either direction), and, for a
    Fallen-wizard, every version of a name. Two Aragorn II and a Strider are over at `same-card` with the two
    Aragorn II alone."""
    uniques: list[DeckEntry] = []
    resources: set[str] = set()    # what unique resources manifest
    everyone: set[str] = set()     # what unique resources and characters manifest
    for entry in entries:      # one pass: unique_groups is asked of every deck
        card = entry.card
        if card.unique and not card.avatar:
            uniques.append(entry)
            if card.manifestation_of and _can_manifest(card):
                names = manifested_names(card)
                everyone.update(names)
                if card.type == RESOURCE:
                    resources.update(names)
    if _none_joined(uniques, everyone, by_name):
        return []
    found = []
    for members in _groups(uniques, range(len(uniques)), _ALL, everyone, by_name):
        if sum(uniques[i].count for i in members) < 2:
            continue    # one copy however it is joined: each level joins a part of what `_ALL` joins
        over: dict[str, list[list[DeckEntry]]] = {}
        for level in (*JOIN_LEVELS, _ALL):
            manifested = resources if level == MANIFESTATION else everyone
            joined = [[uniques[i] for i in sub] for sub in _groups(uniques, members, level, manifested, by_name)]
            held = [sub for sub in joined if sum(e.count for e in sub) > 1]
            if held:
                over[level] = held
        if over:    # over only when every join is taken together: the most debatable join named
            whole = over.pop(_ALL)
            found.append(over or {NAME if by_name else CHARACTER_MANIFESTATION: whole})
    return found


def _groups(uniques: list[DeckEntry], members, level: str, manifested: set[str], by_name: bool) -> list[list[int]]:
    """The entries among `members` (indexes into `uniques`) that `level` joins, group by group, each group and
    its members in the order of their first entry."""
    joins = _Joins()
    for i in members:
        _link(joins, i, uniques[i].card, level, manifested, by_name)
    groups: dict[object, list[int]] = defaultdict(list)
    for i in members:
        groups[joins.find(("entry", i))].append(i)
    return list(groups.values())


def _none_joined(uniques: list[DeckEntry], manifested: set[str], by_name: bool) -> bool:
    """True when no join can put two copies together: every entry is one copy and no two entries share a node
    that any level links them to (each level links a subset of what `_ALL` links). The usual deck: the five
    union-find passes of unique_groups would find nothing."""
    if any(e.count > 1 for e in uniques):
        return False
    if not manifested and len({fold(e.card.name) for e in uniques}) == len(uniques):
        return True     # every node an entry links to holds its name's fold: none is shared (the usual deck)
    seen: set[tuple] = set()
    for entry in uniques:
        nodes = set(_join_nodes(entry.card, _ALL, manifested, by_name))
        if nodes & seen:
            return False
        seen |= nodes
    return True


def judged_level(ctx: Context, levels: list[str]) -> str:
    """The join a unique-limit violation is reported under: the plainest one the ruleset states, else the
    plainest. Hillmen [H] and [M] for a rulebook Fallen-wizard are manifestations (coe's joining, borrowed by
    analogy) but also one name, which MEWH states: an error, not a borrowed warning."""
    stated = [level for level in levels if level != CHARACTER_MANIFESTATION
              and not ctx.analogy("unique-limit", None if level == SAME_CARD else level)]
    return (stated or levels)[0]


_JOINED_AS = {MANIFESTATION: "manifestations of one unique resource",
              CHARACTER_MANIFESTATION: "manifestations of one character",
              NAME: "versions of one unique name"}


@rule("unique-limit", family="copies", summary="at most 1 copy of each unique card in the whole deck")
def unique_limit(ctx: Context) -> Iterator[Violation]:
    """At most one copy of each unique non-avatar card across play deck, pool or starting company and
    sideboards. Manifestations of one unique resource are one card (coe 1.3.1); manifestations of one
    character (Aragorn II and Strider) are one card only on a debatable reading (coe 1.3.1 names resources):
    a warning that gives both readings. A Fallen-wizard counts hero and minion versions of a name as one
    (MEWH). Avatars: see avatar-limit."""
    by_name = ctx.data["copies"]["unique_by_name"]
    for over in unique_groups(views(ctx).uniques, by_name):     # read only: no copy of the view
        level = judged_level(ctx, list(over))
        yield from (_unique_violation(ctx, group, level) for group in over[level])


def _unique_violation(ctx: Context, group: list[DeckEntry], level: str) -> Violation:
    """One unique card held more than once: its copies, how they were joined, and the limit."""
    total = sum(e.count for e in group)
    names = sorted({label(e.card) for e in group})
    where = _parts_note(group)
    explain = [f"counted: {_counted(group)}"]
    severity = None
    if level == SAME_CARD:
        what = f"{copies(total)} of {names[0]} (unique)" if len(names) == 1 else \
            f"{' and '.join(names)} are one unique card: {copies(total)}"
        explain.append("the whole deck counts: play deck, pool or starting company, and sideboards")
        message = f"{what}{where}; the limit is 1"
    elif level == CHARACTER_MANIFESTATION:
        severity = WARNING
        message = (f"{' and '.join(names)} are {_JOINED_AS[level]}: {copies(total)}{where}; a debatable "
                   f"reading: if they count as one unique card the limit is 1, but coe 1.3.1 joins "
                   f"manifestations of a unique resource, and a character is not a resource")
        explain += [f"joined because the card data makes {_manifest_link(group)}",
                    "for one card: the cards name one person, and the draft sets aside duplicated characters "
                    "'with the same name or manifestation' (coe 1.9)",
                    "for two cards: 1.3.1 speaks of resources" + (
                        ", and Strider's own text lets Aragorn II be brought into play with Strider's company, "
                        "which assumes both are in the deck" if any(e.card.name == "Strider" for e in group) else "")]
    else:
        message = f"{' and '.join(names)} are {_JOINED_AS[level]}: {copies(total)}{where}; the limit is 1"
        explain.append(f"joined because the card data makes {_manifest_link(group)}" if level == MANIFESTATION
                       else "joined by name: hero and minion versions of one unique name")
    return ctx.violation("unique-limit", message, entry=group[0], part=first_part(group),
                         lines=all_lines(group), severity=severity,
                         aspect=None if level == SAME_CARD else level, explain=explain)


def _counted(group: list[DeckEntry]) -> str:
    return ", ".join(f"{label(e.card)} ({e.card.id}) ×{e.count} in {e.part.value}" for e in group)


def _manifest_link(group: list[DeckEntry]) -> str:
    links = sorted({f"{e.card.name} a manifestation of {e.card.manifestation_of}" for e in group
                    if e.card.manifestation_of})
    if len({fold(e.card.name) for e in group}) < len({version_key(e.card) for e in group}):
        links.append("versions of one name, of one entity (coe glossary: a manifestation is 'a mechanically "
                     "different version of the same entity')")
    return "; ".join(links) or "them one entity"


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


def _least_limit(ctx: Context) -> int:
    """The lowest limit copy_limit_of gives a card that states none of its own, in this ruleset."""
    rules = ctx.data["copies"]
    return min([rules["non_unique"], *rules.get("by_class", {}).values()])


def copy_limit_of(card: Card, ctx: Context) -> tuple[int, str, str]:
    """The limit for a non-unique card, the reason to print with it, and the case (aspect) it falls under:
    `card` (the card states its own limit), a Fallen-wizard class (`hero-resource`...) or `non-unique`."""
    if card.copy_limit:
        return card.copy_limit, "the card allows", "card"
    rules = ctx.data["copies"]
    cls = copy_class(card)
    by_class = rules.get("by_class", {})
    if card.type == RESOURCE and card.alignment == "Dual":
        # A dual resource is both a hero and a minion resource ("may also be used as a hero resource"):
        # the lower of the two limits holds (a Fallen-wizard: 2, coe 1.3.F1).
        limits = [(by_class[c], c) for c in ("hero-resource", "minion-resource") if c in by_class]
        if limits:
            limit, cls = min(limits)
            return limit, f"the limit for a hero or minion resource in a {ctx.alignment} deck is", cls
    if cls in by_class:
        return by_class[cls], f"the limit for a {cls.replace('-', ' ')} in a {ctx.alignment} deck is", cls
    return rules["non_unique"], "the limit is", "non-unique"


@rule("copy-limit", family="copies",
      summary="copies of each non-unique card across the whole deck")
def copy_limit(ctx: Context) -> Iterator[Violation]:
    """At most three copies of each non-unique card across the whole deck (play deck, pool or starting
    company, sideboards); a card may state its own limit (Black Horse: 9). A Fallen-wizard may hold only two
    of each non-unique character, hero resource and minion resource (coe 1.3.F1, MEWH). Under the rulebook
    the play deck holds only one of each character card (MELE Starter step 5: a Starter-game step, so in a
    longer game it is a number borrowed by analogy). Havens are sites: see site-copies."""
    groups: dict[tuple, list[DeckEntry]] = defaultdict(list)
    totals: dict[tuple, int] = defaultdict(int)
    for entry in views(ctx).non_uniques:      # read only: no copy of the view
        key = version_key(entry.card)
        groups[key].append(entry)
        totals[key] += entry.count
    least = _least_limit(ctx)
    for key, group in groups.items():
        total = totals[key]
        if total <= (group[0].card.copy_limit or least):
            continue    # within the card's own limit, or within every limit the ruleset sets
        limit, why, aspect = copy_limit_of(group[0].card, ctx)
        if total > limit:
            explain = [f"counted: {_counted(group)}",
                       {"card": f"the card states its own limit, {limit}",
                        "non-unique": f"a non-unique card: {limit} copies across the whole deck"}.get(
                           aspect, f"a {aspect.replace('-', ' ')} in a {ctx.alignment} deck: {limit} copies")]
            yield ctx.violation(
                "copy-limit", f"{copies(total)} of {label(group[0].card)}{_parts_note(group)}; {why} {limit}",
                entry=group[0], part=first_part(group), lines=all_lines(group), aspect=aspect, explain=explain)
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
                entry=group[0], part=group[0].part, lines=all_lines(group), aspect="character-copies",
                explain=[f"counted: {_counted(group)} (the play deck only: pool and sideboard are not counted)"])
