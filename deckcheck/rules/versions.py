"""Versions from the rules: `versions-read`.

A list without tags writes `2 Amon Hen` for a Fallen-wizard's hero and minion copies of that site (coe 1.4.F1 lets
it hold one of each). Read as two copies of one version, a legal deck gets a site-copies error per site. Where the
rules leave only one legal reading of such a count, it is read so before the rules run, and one warning per deck
names the lines read that way: a reading, said, never a silent guess.

Only counts written without a tag or a set code, in the location deck, and only when the count is exactly what the
versions the deck may hold allow (one of each); a count that no reading makes legal stays as written, and
site-copies says it once for all such lines (see location.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from deckcheck.cards.model import SITE, Card
from deckcheck.decklist.model import DeckEntry, Part
from deckcheck.decklist.model import Reading as LineReading
from deckcheck.records import record
from deckcheck.rules.common import label, plural, views
from deckcheck.rules.registry import ERROR, WARNING, Context, Violation, rule


@record(frozen=True)
class Reading:
    """One line read as several versions: the entry as written and the versions it was read as."""

    entry: DeckEntry
    versions: tuple[Card, ...]

    def as_reading(self) -> LineReading:
        """The reading as the verdict lists it with the other lines read as something they do not write."""
        shown = " + ".join(label(v) for v in dict.fromkeys(self.versions))
        return LineReading(line=self.entry.lines[0] if self.entry.lines else None,
                           written=f"{self.entry.count} {self.entry.written}", card=shown, card_id=None,
                           kind="version", why=f"{self.entry.count} {self.entry.written!r} without [H]/[M] read as "
                                               f"{shown}, the only legal reading")


@record(frozen=True)
class SameVerdict:
    """An ambiguous line judged as its first version because every version gives the deck the same verdict: the
    counts then hold it (a resource is a resource whichever version it is). ambiguous-card says it, a note."""

    entry: DeckEntry                   # as read: no card, its candidates
    chosen: Card
    added: dict                        # candidate -> what reading the line so adds to the verdict (cards.py)


def read_same_verdicts(ctx: Context) -> Context:
    """The context with each ambiguous line read as its first version where every version gives the same verdict
    and none adds an error (the verdict does not depend on the version: counting the line without a card would
    make a second mistake of it, a resource short). At most MAX_VERSION_TRIALS lines are tried."""
    from deckcheck.rules.cards import MAX_VERSION_TRIALS, ambiguous_entries, outcome, verdicts_by_version

    ambiguous = ambiguous_entries(ctx)[:MAX_VERSION_TRIALS]
    if not ambiguous:
        return ctx
    base = outcome(ctx)
    found: dict[int, SameVerdict] = {}
    for entry in ambiguous:
        outcomes = verdicts_by_version(ctx, entry)
        if len(outcomes) < 2 or len(set(outcomes.values())) != 1:
            continue
        added = {card: result - base for card, result in outcomes.items()}
        if any(severity == ERROR for (_, severity, _, _), _n in next(iter(added.values()))):
            continue
        found[id(entry)] = SameVerdict(entry, entry.candidates[0], added)
    if not found:
        return ctx
    entries = [replace(e, card=found[id(e)].chosen, problem=None, candidates=[]) if id(e) in found else e
               for e in ctx.deck.entries]
    return replace(ctx, deck=replace(ctx.deck, entries=entries), readings=ctx.readings + list(found.values()))


def untagged(entry: DeckEntry) -> bool:
    """Written without a tag, a set code or a card id: nothing in the lines tells its version."""
    return entry.card is not None and entry.untold_version


def site_versions(card: Card) -> list[Card]:
    """The site cards of the card's name, one per version (reprints of a version are one card for counting)."""
    from deckcheck.cards.catalog import load_catalog

    by_version: dict[str, Card] = {}
    for version in load_catalog().by_name(card.name):
        if version.type == SITE:
            by_version.setdefault(version.alignment, version)
    return list(by_version.values())


def only_legal_reading(ctx: Context, entry: DeckEntry) -> tuple[Card, ...] | None:
    """The versions an untagged count of a site must be, when the rules leave one reading: the deck may hold one
    copy of each of several versions and the count is their number. None otherwise."""
    if entry.part != Part.SITES or entry.count < 2 or not untagged(entry) or entry.card.type != SITE:
        return None
    from deckcheck.rules.location import site_copy_limit, site_version_allowed

    allowed = [v for v in site_versions(entry.card) if site_version_allowed(ctx, v)]
    limits = [site_copy_limit(ctx, v) for v in allowed]
    if len(allowed) < 2 or None in limits or sum(limits) != entry.count:
        return None   # one version, any number of copies of one, or a count no reading makes legal
    return tuple(v for v, limit in zip(allowed, limits, strict=True) for _ in range(limit))


def read_versions(ctx: Context) -> Context:
    """The context with each untagged count that has only one legal reading read so (ctx.readings says which).
    Only where the ruleset switches `versions-read` on: the rule that says so."""
    if not ctx.data.get("rules", {}).get("versions-read"):
        return ctx
    if not any(entry.count > 1 and entry.untold_version for entry in views(ctx).sites):
        return ctx      # the usual deck: no count of an untagged site to read (only_legal_reading's first test)
    readings: list[Reading] = []
    entries: list[DeckEntry] = []
    for entry in ctx.deck.entries:
        versions = only_legal_reading(ctx, entry)
        if versions is None:
            entries.append(entry)
            continue
        readings.append(Reading(entry, versions))
        for version in dict.fromkeys(versions):
            entries.append(replace(entry, card=version, count=versions.count(version), lines=list(entry.lines)))
    if not readings:
        return ctx
    return replace(ctx, deck=replace(ctx.deck, entries=entries), readings=readings)


@rule("versions-read", family="location deck", severity=WARNING,
      summary="an untagged count read as the versions the rules allow (one hero and one minion site)")
def check_versions_read(ctx: Context) -> Iterator[Violation]:
    """Said once per deck: the untagged counts read as the versions the deck may hold, because no other reading is
    legal (coe 1.4.F1: a Fallen-wizard's location deck holds one copy of each hero site and one of each minion
    site; MEWH "Your Location Deck"). A warning, not an error: the deck is judged as read, and a tag on each line
    makes the list exact."""
    readings = site_readings(ctx)
    if not readings:
        return
    shown = [f"{reading.entry.count} {reading.entry.written} = "
             + " + ".join(label(v) for v in dict.fromkeys(reading.versions)) for reading in readings]
    more = f", +{len(shown) - 4} more" if len(shown) > 4 else ""
    lines = sorted({n for reading in readings for n in reading.entry.lines})
    yield ctx.violation(
        "versions-read",
        f"{plural(len(readings), 'line')} written without [H]/[M] read as one copy of each version, the only "
        f"legal reading: {'; '.join(shown[:4])}{more} (tag each line to say otherwise)",
        part=Part.SITES, lines=lines,
        explain=[f"{reading.entry.written}: {reading.entry.count} copies; the deck may hold "
                 + " and ".join(f"one {label(v)}" for v in dict.fromkeys(reading.versions))
                 for reading in readings[:20]])


def site_readings(ctx: Context) -> list[Reading]:
    return [r for r in ctx.readings if isinstance(r, Reading)]


def same_verdicts(ctx: Context) -> list[SameVerdict]:
    return [r for r in ctx.readings if isinstance(r, SameVerdict)]
