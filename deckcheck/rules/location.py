"""The location deck: copies of each site, sites of the deck's own alignment, no region cards."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from deckcheck.cards.model import SITE, Card
from deckcheck.decklist.model import DeckEntry, Part
from deckcheck.records import record
from deckcheck.rules.common import all_lines, copies, fold, label, plural, version_key, views
from deckcheck.rules.registry import WARNING, Context, Violation, rule

SITE_KIND = {"Hero": "hero", "Minion": "minion", "Fallen-wizard": "Fallen-wizard", "Balrog": "Balrog",
             "Dual": "dual"}


def location_sites(ctx: Context) -> list[DeckEntry]:
    return list(views(ctx).sites)


@record(frozen=True)
class SiteRules:
    """The ruleset's `[sites]` table with its lists of site names folded: made once per deck (site_rules), not
    once for each site card a rule asks about."""

    table: dict                               # [sites], and [copies] havens_exempt
    balrog_only: frozenset[str]               # the Balrog sites any player may hold (coe 1.4.1)
    also_allowed: frozenset[str]              # sites allowed by name whatever their version
    refused_minion_sites: frozenset[str]
    haven_exceptions: frozenset[str]          # havens on their card that are Ruins & Lairs for this player
    balrog_version_required: frozenset[str]
    starting: frozenset[str]                  # where the starting company may begin
    kinds_refused: bool                       # some site of an allowed alignment is refused by its kind


SITE_NAME_LISTS = ("balrog_only", "also_allowed", "refused_minion_sites", "haven_exceptions", "balrog_version_required",
                   "starting")
# What refuses a site of an allowed alignment by its kind (_kind_problem): GCCG's Lord formats' lists.
SITE_KIND_LISTS = ("haven_alignments", "minion_site_types", "refused_minion_sites")


def site_rules(ctx: Context) -> SiteRules:
    """The deck's SiteRules, made once for all its rules (read them, never change them)."""
    return ctx.shared("site rules", lambda: _site_rules_of(ctx.data))


def _site_rules_of(data: dict) -> SiteRules:
    table = {**data["sites"], "havens_exempt": data["copies"]["havens_exempt"]}
    return SiteRules(table, *(frozenset(fold(name) for name in table.get(key, ())) for key in SITE_NAME_LISTS),
                     any(table.get(key) for key in SITE_KIND_LISTS))


def _multi_copy_allowed(card: Card, rules: SiteRules) -> bool:
    if card.alignment in rules.table.get("multi_copy_alignments", []):
        return True
    return card.is_haven and rules.table["havens_exempt"] and fold(card.name) not in rules.haven_exceptions


def site_copy_limit(ctx: Context, card: Card) -> int | None:
    """How many copies of this site card the location deck may hold (None: any number)."""
    return None if _multi_copy_allowed(card, site_rules(ctx)) else 1


def site_version_allowed(ctx: Context, card: Card) -> bool:
    """Whether the deck may use this version of a site: of its own alignments (or one of the Balrog sites anyone may
    hold), and for a Balrog not a minion site it must replace by the Balrog one."""
    rules = site_rules(ctx)
    if _anyone_may_hold(card, rules):
        return True
    if card.alignment not in rules.table["alignments"] or _kind_problem(card, rules):
        return False
    return not (ctx.alignment == "balrog" and _needs_balrog_version(card, rules))


def _anyone_may_hold(card: Card, rules: SiteRules) -> bool:
    """One of the Balrog sites any player may hold (coe 1.4.1), or a site the ruleset allows by name whatever its
    version (GCCG's Dwarf-lord: Deep Mines)."""
    if card.alignment == "Balrog" and fold(card.name) in rules.balrog_only:
        return True
    return fold(card.name) in rules.also_allowed


def _kind_problem(card: Card, rules: SiteRules) -> str | None:
    """Why a site of an allowed alignment is still refused by its kind (GCCG's Lord formats), or None: a haven
    not of the Lord's own sites, a minion site of a type the Lord may not use, a minion site refused by name."""
    if not rules.kinds_refused:
        return None       # the usual ruleset: no site refused by its kind
    sites = rules.table
    havens = sites.get("haven_alignments")
    if havens and card.is_haven and card.alignment not in havens:
        return f"a haven; this player's havens can only be {' or '.join(havens)} sites"
    types = sites.get("minion_site_types")
    if types and card.alignment == "Minion" and card.site_type not in types:
        names = {"R": "Ruins & Lairs"}
        return f"a minion site; this player's minion sites can only be {' or '.join(names.get(t, t) for t in types)}"
    if card.alignment == "Minion" and fold(card.name) in rules.refused_minion_sites:
        return "a minion site this player's rules refuse by name"
    return None


def _untold_version(entries: list[DeckEntry]) -> bool:
    """Written without a tag or set code, of a site that has versions of several alignments: the list does not say
    which version its copies are."""
    from deckcheck.rules.versions import site_versions, untagged

    return all(untagged(e) for e in entries) and len(site_versions(entries[0].card)) > 1


@rule("site-copies", family="location deck", summary="one of each non-haven site in the location deck")
def site_copies(ctx: Context) -> Iterator[Violation]:
    """The location deck holds any number of havens and one of each other site (coe 1.4). A Fallen-wizard
    holds one of each hero and minion site, havens included, and any number of the four Fallen-wizard
    sites (coe 1.4.F1; MEWH). A Balrog's Geann a-Lisch is a Ruins & Lairs, not a haven (coe 1.4.B2).

    Sites written without [H]/[M] whose count no reading makes legal are said in one violation for them all, not one
    per line: the one cause is the missing tags (versions-read reads the counts that have one legal reading)."""
    rules = site_rules(ctx)
    groups: dict[tuple, list[DeckEntry]] = defaultdict(list)
    for entry in views(ctx).sites:      # read only: no copy of the view
        groups[version_key(entry.card)].append(entry)
    untold: list[list[DeckEntry]] = []
    for group in groups.values():
        card, total = group[0].card, group[0].count if len(group) == 1 else sum(e.count for e in group)
        if total > 1 and not _multi_copy_allowed(card, rules):
            if _untold_version(group):
                untold.append(group)
                continue
            yield _too_many(ctx, group, card, total, rules)
    if len(untold) == 1:
        yield _too_many(ctx, untold[0], untold[0][0].card, sum(e.count for e in untold[0]), rules)
    elif untold:
        yield _untold_copies(ctx, untold)


def _too_many(ctx: Context, group: list[DeckEntry], card: Card, total: int, rules: SiteRules) -> Violation:
    exempt = "" if not card.is_haven else " (havens are limited to one here)"
    why = ("a haven, but this player's location deck holds one of each haven too" if card.is_haven
           else "not a haven: one copy of each non-haven site")
    if card.is_haven and fold(card.name) in rules.haven_exceptions:
        why = "a haven on its card, but a Ruins & Lairs for this player"
    return ctx.violation("site-copies",
                         f"{copies(total)} of {label(card)} in the location deck; the limit is 1{exempt}",
                         entry=group[0], lines=all_lines(group),
                         explain=[f"counted: {copies(total)} (in the location deck only)",
                                  f"{label(card)} is {why}"])


def _untold_copies(ctx: Context, untold: list[list[DeckEntry]]) -> Violation:
    """One violation for every site written several times without a tag: "94 sites written twice without
    [H]/[M]: ..."."""
    totals = sorted({sum(e.count for e in group) for group in untold})
    times = {2: "twice", 3: "three times"}.get(totals[0], f"{totals[0]} times") if len(totals) == 1 else \
        "several times"
    names = [group[0].written for group in untold]
    more = f", +{len(names) - 6} more" if len(names) > 6 else ""
    lines = all_lines(e for group in untold for e in group)
    return ctx.violation(
        "site-copies",
        f"{len(untold)} sites written {times} without [H]/[M]: {', '.join(names[:6])}{more}; each is read as one "
        f"version, of which the location deck holds 1, and no reading of the versions this deck may use makes the "
        f"count legal (a tag on each line says which version each copy is)",
        part=Part.SITES, lines=lines,
        explain=[f"{group[0].written}: {copies(sum(e.count for e in group))}, read as {label(group[0].card)}"
                 for group in untold[:20]])


def _needs_balrog_version(card: Card, rules: SiteRules) -> str | None:
    """Why a Balrog deck must use the Balrog version of this minion site (coe 1.4.B1), or None."""
    if card.alignment != "Minion":
        return None
    if fold(card.name) in rules.balrog_version_required:
        return f"{card.name}"
    sites = rules.table
    if sites.get("balrog_version_under_deeps") and card.under_deeps:
        return "an Under-deeps site"
    if sites.get("balrog_version_dark_holds") and card.site_type == "D":
        return "a Dark-hold"
    return None


def _versions(card: Card) -> list[Card]:
    from deckcheck.cards.catalog import load_catalog

    return load_catalog().by_name(card.name)


@rule("site-alignment", family="location deck", summary="sites of the deck's own alignment only")
def site_alignment(ctx: Context) -> Iterator[Violation]:
    """Sites of the deck's own alignment only: hero sites for a Wizard, minion sites for a Ringwraith, hero,
    minion and Fallen-wizard sites for a Fallen-wizard, minion and Balrog sites for a Balrog; anyone may hold
    the five Balrog sites that have no hero or minion version (coe 1.4.1). A Balrog must use the Balrog
    version of Moria, Carn Dûm, Dol Guldur, Minas Morgul, every Under-deeps site and every Dark-hold
    (coe 1.4.B1)."""
    rules = site_rules(ctx)
    allowed = set(rules.table["alignments"])
    kinds = " and ".join(SITE_KIND.get(a, a) for a in rules.table["alignments"])
    # a site of the deck's own alignments is the usual site: nothing to say of it where no site is refused by its
    # kind and the deck is no Balrog's (who must use the Balrog version of some)
    own_fine = not rules.kinds_refused and ctx.alignment != "balrog"
    for entry in views(ctx).sites:      # read only: no copy of the view
        card = entry.card
        if own_fine and card.alignment in allowed or _anyone_may_hold(card, rules):
            continue
        kind_problem = card.alignment in allowed and _kind_problem(card, rules)
        if kind_problem:
            yield ctx.violation("site-alignment", f"{label(card)} is {kind_problem}", entry=entry, aspect="kind",
                                explain=[f"{card.id}: {card.alignment} site, site type {card.site_type or 'none'}"])
            continue
        if card.alignment not in allowed:
            kind = SITE_KIND.get(card.alignment, card.alignment.lower())
            others = sorted({SITE_KIND.get(c.alignment, c.alignment) for c in _versions(card)
                             if c.type == SITE and c.alignment in allowed})
            hint = (f"this site has a {' and a '.join(others)} version the deck may use" if others
                    else "this site has no version the deck may use")
            yield ctx.violation("site-alignment",
                                f"{label(card)} is a {kind} site; a {ctx.alignment} location deck holds "
                                f"{kinds} sites", entry=entry,
                                explain=[f"{card.id} is the {kind} version; {hint}"])
            continue
        why = _needs_balrog_version(card, rules) if ctx.alignment == "balrog" else None
        if why:
            exists = any(c.alignment == "Balrog" and c.type == SITE for c in _versions(card))
            remedy = "must use the Balrog version" if exists else \
                "must use a Balrog version, and this site has none: it may not be included"
            yield ctx.violation("site-alignment",
                                f"{label(card)} is the minion version of {why}; a Balrog deck {remedy}",
                                entry=entry, aspect="balrog-version",
                                explain=["coe 1.4.B1 names Moria, Carn Dûm, Dol Guldur, Minas Morgul, every "
                                         "Under-deeps site and every Dark-hold"])


@rule("region-card", family="location deck", summary="no region cards in the location deck")
def region_card(ctx: Context) -> Iterator[Violation]:
    """coe 1.4: no region cards (tournament play uses a map). The rulebook allows them by agreement."""
    for entry in views(ctx).regions:
        yield ctx.violation("region-card",
                            f"{entry.card.name} is a region card; the location deck may not hold region cards",
                            entry=entry, explain=[f"{entry.card.id} is a Region card in the card data, "
                                                  f"written in {entry.part.value}"])


def _may_start_at(card: Card, rules: SiteRules) -> bool:
    """A site of a name where the starting company may begin, or a Ruins & Lairs of a region it may begin in, of
    any version (_can_start_at then asks about the version): the few sites of a location deck worth asking."""
    return fold(card.name) in rules.starting or card.site_type == "R" and card.region in rules.table.get(
        "starting_ruins_regions", [])


def _can_start_at(card: Card, ctx: Context) -> bool:
    """Whether the starting company may begin at this site card of the deck (name, or a FW Ruins & Lairs), in a
    version the deck may use (not a wrong-alignment site, not a minion site a Balrog must replace)."""
    rules = site_rules(ctx)
    if card.alignment not in rules.table["alignments"] or _kind_problem(card, rules):
        return False
    if ctx.alignment == "balrog" and _needs_balrog_version(card, rules):
        return False
    if fold(card.name) in rules.starting:
        return True
    return card.site_type == "R" and card.region in rules.table.get("starting_ruins_regions", [])


@rule("starting-site", family="location deck",
      summary="a site in the location deck where the starting company may begin")
def starting_site(ctx: Context) -> Iterator[Violation]:
    """The starting site comes from the location deck (coe 1.10): Rivendell for a Wizard (1.10.W1), Minas Morgul
    or Dol Guldur for a Ringwraith (1.10.R1; MELE Starter step 3: Minas Morgul), The White Towers or a Ruins &
    Lairs in Arthedain or Rhudaur for a Fallen-wizard (1.10.F1; MEWH "Starting Site"), Moria or The Under-gates
    for a Balrog (1.10.B1). A file that lists no location deck at all gets a warning: nothing to check."""
    sites = ctx.data["sites"]
    where = " or ".join(sites.get("starting", []))
    if sites.get("starting_ruins_regions"):
        where += f" or a Ruins & Lairs in {' or '.join(sites['starting_ruins_regions'])}"
    listed = location_sites(ctx)
    if not listed:
        yield ctx.violation("starting-site", f"the file lists no location deck; the starting company needs {where}",
                            part=Part.SITES, severity=WARNING,
                            explain=["a warning: with no location deck in the file there is nothing to check"])
    elif not any(_can_start_at(e.card, ctx) for e in listed if _may_start_at(e.card, site_rules(ctx))):
        near = sorted({label(e.card) for e in listed if fold(e.card.name) in site_rules(ctx).starting})
        explain = [f"looked at the {plural(len(listed), 'site')} of the location deck"]
        if near:
            explain.append(f"{', '.join(near)}: a version the deck may not start at")
        yield ctx.violation("starting-site",
                            f"no site in the location deck where the starting company may begin: it needs {where}",
                            part=Part.SITES, lines=all_lines(listed[:1]), explain=explain)
