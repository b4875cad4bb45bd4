"""Pool and starting-company rules: `pool-size`, `starting-size`, `starting-mind`, `starting-items`,
`stage-points`, `stage-playable`, `mind-enablers`.

The deck's `Part.POOL` is, under the rulebook, the starting company itself (`[starting] mode = "company"`)
and, under coe, the pool the starting company is drafted from (`mode = "pool"`). The numbers come from the
ruleset's `[starting]` table; this module holds only the logic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from deckcheck.cards.model import Card
from deckcheck.decklist.model import DeckEntry, Part
from deckcheck.rules.alignment import agents_are_hazards, player
from deckcheck.rules.characters import enabler_names, ids_in, mind_problem, pool_cards, race_problem
from deckcheck.rules.characters import settings as character_settings
from deckcheck.rules.common import counts_cards_in, plural
from deckcheck.rules.registry import WARNING, Context, Violation, rule

FAMILY = "starting"
COMPANY, POOL = "company", "pool"
# Said under a rulebook count of the starting cards: a deck written for coe lists a pool there.
NO_DRAFT = "under the rulebook the deck's starting cards (its pool section) are the starting company itself: " \
           "there is no draft (--rules coe reads them as a pool)"


def settings(ctx: Context) -> dict:
    return ctx.data.get("starting", {})


def mode(ctx: Context) -> str | None:
    return settings(ctx).get("mode")


def copies(entries: list[tuple[DeckEntry, Card]]) -> int:
    return sum(entry.count for entry, _ in entries)


def lines_of(entries: list[tuple[DeckEntry, Card]]) -> list[int]:
    return sorted({line for entry, _ in entries for line in entry.lines})


def listing(entries: list[tuple[DeckEntry, Card]]) -> str:
    return ", ".join(f"{entry.count}× {card.name}" if entry.count > 1 else card.name for entry, card in entries)


def is_starting_item(card: Card) -> bool:
    """A minor item, or one of the cards playable with a starting company "in lieu of a minor item"."""
    return card.is_minor_item or card.playable_as_starting_minor_item


def is_stage_card(ctx: Context, card: Card) -> bool:
    return card.alignment == "Stage" and "stage_points" in settings(ctx)


def starting_characters(ctx: Context) -> list[tuple[DeckEntry, Card]]:
    """Pool characters that count as characters for the player (agents are hazards for Wizard/Balrog)."""
    return [(e, c) for e, c in pool_cards(ctx)
            if c.is_character and not (c.agent and agents_are_hazards(ctx))]


def is_never_starting(ctx: Context, card: Card) -> bool:
    """A card whose text says it may not be included with a starting company (`never_starting`)."""
    never = ctx.shared("never starting", lambda: {i.upper() for i in settings(ctx).get("never_starting", [])})
    return card.id.upper() in never


def pool_kind_problem(ctx: Context, card: Card) -> str | None:
    """Why a card cannot be among the starting cards at all (not a character, minor item or Stage card)."""
    where = "a pool" if mode(ctx) == POOL else "a starting company"
    if card.is_character and card.avatar:
        return f"{card.display()} is an avatar; {where} holds only non-avatar characters"
    if card.is_character and card.agent and agents_are_hazards(ctx):
        return f"{card.display()} is an agent, a hazard for a {player(ctx)} player; {where} holds characters"
    if is_never_starting(ctx, card):
        return f"{card.display()} says it may not be included with a starting company"
    if card.is_character or is_starting_item(card) or is_stage_card(ctx, card):
        return None
    if card.is_item:
        return f"{card.display()} is a {card.item_class} item; {where} may hold only minor items"
    kind = "/".join(card.subtypes) or card.type
    allowed = "characters, minor items" + (" and Stage permanent-events" if "stage_points" in settings(ctx) else "")
    return f"{card.display()} ({card.type} {kind}) cannot be in {where}: it holds {allowed}"


@rule("pool-size", family=FAMILY, summary="pool: how many non-avatar characters and minor items, and nothing else")
@counts_cards_in(Part.POOL)
def check_pool_size(ctx: Context) -> Iterator[Violation]:
    """The coe pool: up to `pool_characters_max` non-avatar characters and up to `minor_items_max` minor items
    (coe 1.7), where the cards playable with a starting company "in lieu of a minor item" count as minor
    items; a Fallen-wizard pool also holds its starting Stage cards (checked by `stage-points`). Anything
    else in the pool (an avatar, an agent that is a hazard for this player, a major item, an event) is
    reported here; a card that says it may not start (Bûrat, Lost Tome) is only a warning: the pool may hold
    it, it just can never be drafted.
    """
    if mode(ctx) != POOL:
        return
    limits = settings(ctx)
    for entry, card in pool_cards(ctx):
        problem = pool_kind_problem(ctx, card)
        if problem and is_never_starting(ctx, card):
            # coe 1.7 lets the pool hold any character and non-hoard minor item that keeps the deck rules; a
            # card that may not start can only never be drafted (a character may still be shuffled into the
            # play deck after the draft, 1.9): a warning, like an agent no card lets the player reveal.
            yield ctx.violation("pool-size", f"{problem}: it can never be drafted", entry=entry, severity=WARNING,
                                explain=["a warning: the pool may hold it (coe 1.7); it can never be drafted, and a "
                                         "character may be shuffled into the play deck after the draft"])
        elif problem:
            agent = card.is_character and card.agent and agents_are_hazards(ctx)
            yield ctx.violation("pool-size", problem, entry=entry, aspect="agent" if agent else None,
                                explain=[f"{card.id}: {card.type} {'/'.join(card.subtypes)}".rstrip(" ")
                                         + "; a pool holds non-avatar characters and minor items"
                                         + (" and Stage cards" if "stage_points" in settings(ctx) else "")])
    characters = [(e, c) for e, c in starting_characters(ctx) if not c.avatar]
    most = limits.get("pool_characters_max")
    if most is not None and copies(characters) > most:
        yield ctx.violation(
            "pool-size", f"the pool holds {copies(characters)} non-avatar characters; the limit is {most}",
            part=Part.POOL, lines=lines_of(characters),
            explain=[f"counted: {listing(characters)}",
                     "the play deck's characters are not counted: the pool has its own limit (coe 1.7)"])
    yield from item_count(ctx, "pool-size")


def item_count(ctx: Context, code: str) -> Iterator[Violation]:
    items = [(e, c) for e, c in pool_cards(ctx) if is_starting_item(c)]
    most = settings(ctx).get("minor_items_max")
    if most is not None and copies(items) > most:
        where = "pool" if mode(ctx) == POOL else "starting company"
        in_lieu = [(e, c) for e, c in items if not c.is_minor_item]
        explain = [f"counted: {listing(items)}"]
        if in_lieu:
            explain.append(f"counted as minor items, being playable in lieu of one: {listing(in_lieu)}")
        yield ctx.violation(
            code, f"the {where} holds {copies(items)} minor items ({listing(items)}); the limit is {most}",
            part=Part.POOL, lines=lines_of(items), aspect="count", explain=explain)


@rule("starting-items", family=FAMILY, summary="starting minor items: how many, non-unique, not hoard items")
@counts_cards_in(Part.POOL)
def check_starting_items(ctx: Context) -> Iterator[Violation]:
    """Starting minor items: at most `minor_items_max` (the rulebook's starting company; under coe the pool
    count is `pool-size`'s), each non-unique (MELE step 4; coe 1.7) and not a hoard item (METD "Hoards": a
    hoard minor item may not be included with a starting company). The cards playable "in lieu of a minor
    item" count as items. Under the rulebook, other non-character cards in the starting company are
    reported here too.
    """
    if mode(ctx) not in (COMPANY, POOL):
        return
    for entry, card in pool_cards(ctx):
        if mode(ctx) == COMPANY and not card.is_character:
            problem = pool_kind_problem(ctx, card)
            if problem:
                yield ctx.violation("starting-items", problem, entry=entry, aspect="kind",
                                    explain=["a starting company holds characters and minor items"
                                             + (" and Stage cards" if "stage_points" in settings(ctx) else "")])
                continue
        if not card.is_minor_item:
            continue
        if card.unique:
            yield ctx.violation(
                "starting-items", f"{card.display()} is unique; starting minor items must be non-unique",
                entry=entry, aspect="unique", explain=[f"{card.id} is a unique minor item in the card data"])
        if card.hoard_item:
            yield ctx.violation(
                "starting-items",
                f"{card.display()} is a hoard item; a hoard minor item may not be included with a starting company",
                entry=entry, aspect="hoard", explain=[f"{card.id} carries the Hoard Item keyword in the card data"])
    if mode(ctx) == COMPANY:
        yield from item_count(ctx, "starting-items")


def enablers_in_pool(ctx: Context, key: str, table: dict) -> int:
    return len(ids_in(pool_cards(ctx), table.get(key, [])))


@rule("starting-size", family=FAMILY, summary="number and kind of starting characters")
@counts_cards_in(Part.POOL)
def check_starting_size(ctx: Context) -> Iterator[Violation]:
    """The rulebook's starting company: `characters_min` to `characters_max` characters (MELE step 3:
    one to six minion characters; MEWH: up to 5), no avatar (no Ringwraith), and no agent unless a card
    among the starting cards allows one (`agent_enablers`: Open to the Summons, one agent each).
    Under coe the pool is drafted from (1.9: the draft stops at 5, Ringwraith and Balrog 6), so a pool is
    never too big for the draft (`pool-size` checks the pool, `starting-mind` whether a company can be
    drafted); what remains is a warning for agents in a pool without any card that lets one be revealed
    (coe 1.9.R2, 1.9.F1): they can never start.
    """
    if mode(ctx) == POOL:
        yield from undraftable_agents(ctx)
        return
    if mode(ctx) != COMPANY:
        return
    limits = settings(ctx)
    for entry, card in pool_cards(ctx):
        problem = pool_kind_problem(ctx, card) if card.is_character else None
        if problem:
            yield ctx.violation("starting-size", problem, entry=entry,
                                explain=["a starting company holds non-avatar characters (agents only with a card "
                                         "that allows one)"])
    characters = [(e, c) for e, c in starting_characters(ctx) if not c.avatar]
    agents = [(e, c) for e, c in characters if c.agent]
    allowed_agents = enablers_in_pool(ctx, "agent_enablers", limits)
    if copies(agents) > allowed_agents:
        allowance = (f"only {allowed_agents} (one for each card that allows an agent to start)" if allowed_agents
                     else "none without a card that allows one, such as Open to the Summons")
        yield ctx.violation(
            "starting-size",
            f"the starting company holds {copies(agents)} agent(s) ({listing(agents)}); it may hold {allowance}",
            part=Part.POOL, lines=lines_of(agents), aspect="agents",
            explain=[f"cards among the starting cards that let an agent start: {allowed_agents}"])
    n, least, most = copies(characters), limits.get("characters_min", 0), limits.get("characters_max")
    counted = [f"counted: {listing(characters)}", NO_DRAFT]
    if most is not None and n > most:
        yield ctx.violation("starting-size", f"the starting company holds {n} characters; the limit is {most}",
                            part=Part.POOL, lines=lines_of(characters), aspect="count", explain=counted)
    elif n < least:
        # its own case: the least is MELE's (a Ringwraith's "one to six"), the most may be another reference's
        yield ctx.violation("starting-size", f"the starting company holds {n} characters; at least {least} must start",
                            part=Part.POOL, lines=lines_of(characters), aspect="count-min", explain=counted)


def undraftable_agents(ctx: Context) -> Iterator[Violation]:
    """coe: agents a pool can never draft: all of them when no card in the pool lets one be revealed, else those
    beyond one per such card (each lets one agent start, as the rulebook's starting company counts them)."""
    if agents_are_hazards(ctx):
        return
    allowed = enablers_in_pool(ctx, "agent_enablers", settings(ctx))
    if allowed:
        agents = [(e, c) for e, c in starting_characters(ctx) if c.agent]
        if copies(agents) > allowed:
            names = enabler_names(ctx, "agent_enablers", settings(ctx))
            yield ctx.violation(
                "starting-size",
                f"the pool holds {copies(agents)} agents ({listing(agents)}) and {allowed} card(s) that let one be "
                f"revealed in the draft ({names}): only {allowed} of them can be drafted", part=Part.POOL,
                lines=lines_of(agents), severity=WARNING, aspect="agents",
                explain=[f"each of {names} lets one agent be revealed in the draft",
                         "a warning: the pool may hold the others (coe 1.7); they cannot start, and may be shuffled "
                         "into the play deck after the draft"])
        return
    for entry, card in starting_characters(ctx):
        if card.agent:
            yield ctx.violation(
                "starting-size",
                f"{card.display()} is an agent; it cannot be revealed in the draft unless a card that allows "
                f"one ({enabler_names(ctx, 'agent_enablers', settings(ctx))}) is drafted first, and the pool "
                f"has none", entry=entry, severity=WARNING,
                explain=["a warning: the pool may hold it (coe 1.7), it can only never be drafted; after the draft "
                         "it may be shuffled into the play deck"])


def undraftable(ctx: Context) -> Callable[[Card], tuple[str, str] | None]:
    """A test telling why a pool character can never be revealed in the coe draft, and the case it falls under
    (kind, agent, mind, race), or None when it can (coe 1.9.R2, 1.9.F1-F3): the cards that lift a
    restriction must be in the pool to be drafted first."""
    limits, chars = settings(ctx), character_settings(ctx)
    agents_allowed = enablers_in_pool(ctx, "agent_enablers", limits) > 0
    big_minds_allowed = enablers_in_pool(ctx, "mind_enablers", chars) > 0
    races_allowed = enablers_in_pool(ctx, "starting_race_enablers", chars) > 0

    def why(card: Card) -> tuple[str, str] | None:
        if pool_kind_problem(ctx, card):
            return f"{card.name} may not start", "kind"
        if card.agent and not agents_allowed:
            return f"{card.name} is an agent and no card in the pool allows one", "agent"
        if mind_problem(ctx, card, big_minds_allowed):
            return f"{card.name} has mind {card.mind}", "mind"
        if race_problem(ctx, card, races_allowed, starting=True):
            return f"{card.name} is {'/'.join(card.races)}", "race"
        return None

    return why


def merged_citation(ctx: Context, code: str, aspects: Iterable[str]) -> str:
    """One citation for several cases of a rule: "coe 1.9, 1.9.R2" and "coe 1.9, 1.9.F3" -> "coe 1.9, 1.9.R2,
    1.9.F3" (the ruleset's own citation when no case is cited apart)."""
    prefix = f"{ctx.ruleset} "
    clauses: dict[str, None] = {}
    for aspect in [None, *aspects]:
        for clause in ctx.citation(code, aspect).removeprefix(prefix).split(", "):
            clauses[clause] = None
    return prefix + ", ".join(clauses)


@rule("starting-mind", family=FAMILY,
      summary="starting characters' combined mind within the limit (coe: whether a company can be drafted)")
@counts_cards_in(Part.POOL)
def check_starting_mind(ctx: Context) -> Iterator[Violation]:
    """Starting characters' combined printed mind at most `mind_max` (20), followers not discounted and
    no effect counted (MELE step 3 and its clarification; MEWH; coe 1.9).

    Under the rulebook the starting company is the deck's starting cards, so their mind is summed. Under
    coe the pool may hold more (the draft stops before the total would pass 20): the rule then warns of a
    pool from which no legal starting company can be drafted at all (no character the player may reveal,
    coe 1.9, 1.9.R2, 1.9.F1-F3), citing the clause behind each reason.
    """
    limits = settings(ctx)
    most = limits.get("mind_max")
    if most is None:
        return
    characters = [(e, c) for e, c in starting_characters(ctx) if not c.avatar]
    if mode(ctx) == COMPANY:
        total = sum((card.mind or 0) * entry.count for entry, card in characters)
        if total > most:
            minds = ", ".join(f"{card.name} {card.mind or 0}" + (f" ×{entry.count}" if entry.count > 1 else "")
                              for entry, card in characters)
            yield ctx.violation(
                "starting-mind", f"the starting characters' combined mind is {total}; the limit is {most}",
                part=Part.POOL, lines=lines_of(characters),
                explain=[f"printed minds: {minds}", "no follower discount and no card effect is counted",
                         NO_DRAFT])
    elif mode(ctx) == POOL and characters:
        why = undraftable(ctx)
        found = [why(card) for _, card in characters]
        if all(found):
            # A warning: the draft then simply ends with no character (coe 1.9); no rule forbids that pool.
            reasons = sorted({reason for reason, _ in found})
            yield ctx.violation(
                "starting-mind", f"no legal starting company can be drafted from the pool: {'; '.join(reasons)}",
                part=Part.POOL, lines=lines_of(characters), severity=WARNING,
                citation=merged_citation(ctx, "starting-mind", sorted({case for _, case in found})),
                explain=["a warning: the draft then ends with no starting character (coe 1.9); no rule forbids "
                         "such a pool"])


@rule("stage-points", family=FAMILY,
      summary="Fallen-wizard: how many starting Stage cards, their stage points, one non-unique")
@counts_cards_in(Part.POOL)
def check_stage_points(ctx: Context) -> Iterator[Violation]:
    """A Fallen-wizard starts with `stage_cards_min`..`stage_cards_max` Stage resource permanent-events
    among the starting cards (pool), worth exactly `stage_points` stage points together, at least
    `non_unique_min` of them non-unique (MEWH "Starting stage cards"; coe 1.7.F1).
    """
    limits = settings(ctx)
    target = limits.get("stage_points")
    if target is None:
        return
    stage = [(e, c) for e, c in pool_cards(ctx) if c.alignment == "Stage"]
    never = {card_id.upper() for card_id in limits.get("never_starting_stage", [])}
    for entry, card in stage:
        if card.id.upper() in never:
            yield ctx.violation(
                "stage-points", f"{card.display()} says it may not be a starting stage card", entry=entry,
                explain=[f"{card.id} is in the ruleset's never_starting_stage list (its text says so)"])
        if "Permanent-event" not in card.subtypes:
            yield ctx.violation(
                "stage-points",
                f"{card.display()} is a Stage {'/'.join(card.subtypes) or card.type}; starting Stage cards "
                f"must be permanent-events", entry=entry,
                explain=[f"{card.id}'s subtypes in the card data: {'/'.join(card.subtypes) or 'none'}"])
    events = [(e, c) for e, c in stage if "Permanent-event" in c.subtypes and c.id.upper() not in never]
    n, least, most = copies(events), limits.get("stage_cards_min", 1), limits.get("stage_cards_max", 3)
    lines = lines_of(events)
    if not events:
        yield ctx.violation(
            "stage-points", f"no starting Stage resource permanent-events; a {player(ctx)} player starts with "
            f"{least} to {most} of them worth exactly {target} stage points", part=Part.POOL,
            explain=["looked for Stage resource permanent-events among the starting cards (the pool): none"
                     + (f" (not counted: {listing(stage)})" if stage else "")])
        return
    if not least <= n <= most:
        yield ctx.violation("stage-points",
                            f"{n} starting Stage cards ({listing(events)}); {least} to {most} may start",
                            part=Part.POOL, lines=lines, explain=[f"counted: {listing(events)}"])
    points = sum((card.stage_points or 0) * entry.count for entry, card in events)
    if points != target:
        each = ", ".join(f"{card.name} {card.stage_points or 0}" + (f" ×{entry.count}" if entry.count > 1 else "")
                         for entry, card in events)
        yield ctx.violation(
            "stage-points",
            f"the starting Stage cards ({listing(events)}) give {points} stage point{'' if points == 1 else 's'}; "
            f"they must give exactly {target}",
            part=Part.POOL, lines=lines, explain=[f"stage points: {each}"])
    non_unique = sum(entry.count for entry, card in events if not card.unique)
    if non_unique < limits.get("non_unique_min", 1):
        yield ctx.violation(
            "stage-points",
            f"the starting Stage cards ({listing(events)}) are all unique; at least one must be non-unique",
            part=Part.POOL, lines=lines,
            explain=[f"unique in the card data: {listing(events)}"])


def starting_site_entries(ctx: Context) -> list[DeckEntry]:
    """The location deck's Ruins & Lairs where a Fallen-wizard's company may start (coe 1.10.F1: in Arthedain
    or Rhudaur), in a version the deck may use."""
    from deckcheck.rules.location import location_sites

    sites = ctx.data["sites"]
    return [e for e in location_sites(ctx) if e.card.site_type == "R"
            and e.card.region in sites.get("starting_ruins_regions", []) and e.card.alignment in sites["alignments"]]


def _fits(card: Card, wanted: dict) -> bool:
    """Whether a starting character fits one alternative of a Stage card's condition on the character."""
    races = set(card.races)
    return ((not wanted.get("skill") or wanted["skill"] in card.skills)
            and (not wanted.get("race") or wanted["race"] in races)
            and not races & set(wanted.get("not_races", [])))


def _wanted(alternatives: list[dict]) -> str:
    def one(w: dict) -> str:
        text = " ".join(x for x in (w.get("race"), w.get("skill", "").lower() or None) if x) or "character"
        if w.get("not_races"):
            text = f"non-{'/non-'.join(w['not_races'])} {text}"
        return text
    return " or ".join(one(w) for w in alternatives)


def stage_start_problem(ctx: Context, card: Card) -> tuple[str, str | None, str] | None:
    """Why a starting Stage card cannot be played at the start (`[starting.stage_conditions]`), the severity
    when it is not an error (a condition that cannot be checked) and the case (never, site, character), or
    None when it can be played."""
    condition = settings(ctx).get("stage_conditions", {}).get(card.id.upper())
    if not condition:
        return None
    if condition.get("never"):
        return f"it {condition['never']}", None, "never"
    if condition.get("starting_site"):
        from deckcheck.rules.location import location_sites

        regions = " or ".join(ctx.data["sites"].get("starting_ruins_regions", []))
        if not location_sites(ctx):
            return (f"it is played on the starting site, a Ruins & Lairs in {regions}, and the file lists no "
                    f"location deck to find one in", WARNING, "site")
        if not starting_site_entries(ctx):
            return (f"it is played on the starting site, a Ruins & Lairs in {regions}, and the location deck holds "
                    f"none", None, "site")
    if condition.get("characters"):
        pool = [c for _, c in starting_characters(ctx) if not c.avatar]
        if not any(_fits(c, w) for c in pool for w in condition["characters"]):
            return (f"it is played on a starting {_wanted(condition['characters'])}, and the pool holds none", None,
                    "character")
    return None


@rule("stage-playable", family=FAMILY, summary="Fallen-wizard: every starting Stage card can be played at the start")
def check_stage_playable(ctx: Context) -> Iterator[Violation]:
    """A Fallen-wizard's starting Stage resources must be playable when the draft puts them into play: "all
    active conditions to play a drafted Stage resource must be met" (coe 1.9.F4; MEWH "Starting Stage
    Cards": not started if its conditions do not exist). At the start no avatar is in play (a pool holds
    non-avatar characters, coe 1.7), the stage points are the starting cards' 3, the only site in play is the
    starting site (coe 1.10.F1: The White Towers or a Ruins & Lairs in Arthedain or Rhudaur, where Hidden Haven
    may be played) and the characters are the drafted ones. What each Stage card needs comes from the
    ruleset's `[starting.stage_conditions]`. A card that cannot be played leaves the others short of the 3
    stage points coe 1.7.F1 asks, so it is one error here (stage-points counts the cards as listed).
    """
    if "stage_conditions" not in settings(ctx):
        return
    target = settings(ctx).get("stage_points")
    stage = [(e, c) for e, c in pool_cards(ctx) if c.alignment == "Stage" and "Permanent-event" in c.subtypes]
    points = sum((c.stage_points or 0) * e.count for e, c in stage)
    for entry, card in stage:
        found = stage_start_problem(ctx, card)
        if not found:
            continue
        problem, severity, case = found
        left = points - (card.stage_points or 0) * entry.count
        short = (f"; without it the starting Stage cards give {left} of the {target} stage points"
                 if target and left < target <= points else "")
        yield ctx.violation(
            "stage-playable", f"{card.display()} cannot be played at the start: {problem}{short}", entry=entry,
            severity=severity, aspect=case,
            explain=[f"at the start: no avatar in play, {target} stage points at most, the starting site the only "
                     f"site in play, the drafted characters the only characters",
                     f"drafted Stage cards: {listing(stage)}"])


@rule("mind-enablers", family=FAMILY, severity=WARNING,
      summary="Fallen-wizard: no more mind-6 pool characters than Thrall of the Voice cards to draft them")
def check_mind_enablers(ctx: Context) -> Iterator[Violation]:
    """coe 1.9.F3: a Fallen-wizard reveals a character of mind above 5 only after drafting a Stage card that
    allows one (Thrall of the Voice, `[characters] mind_enablers`), and each such card brings one character
    ("one character ... with up to a 6 mind"). A pool with more such characters than such cards can draft only
    as many of them: a warning (the pool may hold them; the others just cannot start). Characters above the
    enabled mind are mind-limit's; a pool with no such card at all is mind-limit's too."""
    chars = character_settings(ctx)
    enablers = ids_in(pool_cards(ctx), chars.get("mind_enablers", []))
    if not enablers or mode(ctx) != POOL:
        return
    most, enabled = chars.get("mind_max"), chars.get("enabled_mind_max")
    needing = [(e, c) for e, c in starting_characters(ctx)
               if not c.avatar and c.mind is not None and most < c.mind <= enabled]
    names = enabler_names(ctx, "mind_enablers", chars)
    n = len(enablers)
    if copies(needing) > n:
        yield ctx.violation(
            "mind-enablers",
            f"{copies(needing)} pool characters of mind above {most} ({listing(needing)}) and {n} {names} to draft "
            f"them with: only {n} of them can be drafted", part=Part.POOL, lines=lines_of(needing),
            severity=WARNING,
            explain=[f"each {names} lets one character of mind up to {enabled} be revealed in the draft",
                     "a warning: the pool may hold the others; they cannot start, and may be shuffled into the play "
                     "deck after the draft"])
        return
    yield from _shared_enablers(ctx, needing, enablers, names)


def _shared_enablers(ctx: Context, needing: list, enablers: list[Card], names: str) -> Iterator[Violation]:
    """A card that lets one character of high mind or one agent be revealed (Thrall of the Voice: "one character
    (including a minion agent) with up to a 6 mind") brings one of them, not both: the agents beyond the cards that
    only let agents start (Open to the Summons) take from the same cards as the characters of high mind."""
    mind_ids = {c.id for c in enablers}
    enabled = character_settings(ctx).get("enabled_mind_max")
    # an agent above that mind is no Thrall's (mind-limit says so): only those it may bring share it
    agents = [(e, c) for e, c in starting_characters(ctx) if c.agent and (e, c) not in needing
              and (c.mind is None or enabled is None or c.mind <= enabled)]
    only_agents = [c for c in ids_in(pool_cards(ctx), settings(ctx).get("agent_enablers", [])) if c.id not in mind_ids]
    left = max(0, copies(agents) - len(only_agents))
    if not left or not needing or copies(needing) + left <= len(enablers):
        return
    n = len(enablers)
    both = needing + agents
    yield ctx.violation(
        "mind-enablers",
        f"{plural(copies(needing), 'pool character')} of mind above {character_settings(ctx).get('mind_max')} and "
        f"{plural(copies(agents), 'agent')} ({listing(both)}) to draft with {n} {names} and {len(only_agents)} "
        f"card(s) that let only an agent be revealed: each {names} brings one of them, so only "
        f"{n + len(only_agents)} can be drafted", part=Part.POOL, lines=lines_of(both), severity=WARNING,
        aspect="agents",
        explain=[f"each {names} lets one character be revealed in the draft: one of mind up to "
                 f"{character_settings(ctx).get('enabled_mind_max')} or one agent",
                 "a warning: the pool may hold the others; they cannot start"])
