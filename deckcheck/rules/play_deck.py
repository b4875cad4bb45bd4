"""The play deck's make-up: resources, hazards, characters, avatars, creatures and agents."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import field

from deckcheck.cards.model import Card
from deckcheck.decklist.model import DeckEntry, Part
from deckcheck.records import record
from deckcheck.rules.common import (
    CHARACTER_ROLE,
    EITHER,
    HAZARD_ROLE,
    PLAY_DECK_PARTS,
    RESOURCE_ROLE,
    agents_are_hazards,
    all_lines,
    copies,
    counts_cards_in,
    deck_cards,
    is_own_avatar,
    label,
    play_deck,
    play_roles,
    plural,
    role,
    version_key,
    views,
)
from deckcheck.rules.registry import Context, Violation, rule

# How a message names the avatars of a deck alignment.
AVATAR_KIND = {"wizard": "Wizard", "ringwraith": "Ringwraith", "fallen-wizard": "Fallen-wizard", "balrog": "Balrog",
               "elf-lord": "Elf-lord", "dwarf-lord": "Dwarf-lord", "dragon-lord": "Dragon-lord"}


@record
class Split:
    """Resources and hazards of a play deck, with the cards that may count as either (coe 1.3.3)."""

    resources: int = 0
    hazards: int = 0
    either: int = 0                  # copies playable as resource or hazard
    either_as_resource_max: int = 0  # how many of those may count as resources (FW: 2 of each, coe 1.3.F2)
    entries: list[DeckEntry] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)   # what each of the entries counts as (common.role)

    def counted_as(self, *roles: str) -> list[DeckEntry]:
        """The entries that count as one of these roles."""
        return [entry for entry, kind in zip(self.entries, self.roles) if kind in roles]

    def parity_resources(self) -> int | None:
        """Resources in a split with as many hazards as resources, or None when there is none."""
        twice = self.hazards + self.either - self.resources
        if twice % 2 or not 0 <= twice // 2 <= self.either_as_resource_max:
            return None
        return self.resources + twice // 2

    def resource_range(self) -> tuple[int, int]:
        return self.resources, self.resources + self.either_as_resource_max


def split_play_deck(ctx: Context, *, capped: bool = True) -> Split:
    """The play deck's resources, hazards and cards playable as either; `capped=False` drops the Fallen-wizard's
    cap on hazards counted as resources (to tell whether a violation rests on it alone). Counted once per deck
    for resource-count and hazard-parity alike: read it, never change it."""
    return ctx.shared(f"split capped={capped}", lambda: _split(ctx, capped))


def _split(ctx: Context, capped: bool) -> Split:
    cap = ctx.data["play_deck"]["either_as_resource_max"] if capped else 0
    split = Split()
    either: Counter = Counter()
    for entry, kind in play_roles(ctx):
        if kind == RESOURCE_ROLE:
            split.resources += entry.count
        elif kind == HAZARD_ROLE:
            split.hazards += entry.count
        elif kind == EITHER:
            split.either += entry.count
            either[(version_key(entry.card), entry.card.type)] += entry.count
        else:
            continue
        split.entries.append(entry)
        split.roles.append(kind)
    # The FW cap is per card (reprints and lines in several parts together) and applies to hazards
    # playable as resources; a resource playable as a hazard may always count as a resource.
    for (_, card_type), count in either.items():
        split.either_as_resource_max += min(count, cap) if cap and card_type == "Hazard" else count
    return split


def _tally(entries: list[DeckEntry], limit: int = 8) -> str:
    """"3 Dodge, 2 Orc-guard, ... (+4 more)": what a count counted, shortest first lines."""
    shown = [f"{e.count} {label(e.card)}" for e in entries[:limit]]
    more = len(entries) - limit
    return ", ".join(shown) + (f", … (+{more} more)" if more > 0 else "") if shown else "none"


def split_explanation(ctx: Context, split: Split) -> list[str]:
    """What the resource and hazard counts counted, and how the cards playable as either were placed."""
    either = split.counted_as(EITHER)
    lines = [f"{plural(split.resources, 'resource')}, {plural(split.hazards, 'hazard')} "
             f"and {copies(split.either)} playable as either, in the play deck"]
    if either:
        cap = (f"; a Fallen-wizard may count at most {ctx.data['play_deck']['either_as_resource_max']} copies of "
               f"each hazard playable as a resource as resources" if ctx.data["play_deck"]["either_as_resource_max"]
               else "")
        lines.append(f"playable as either, counted as whichever keeps the deck legal: {_tally(either)}{cap}")
    agents = _play_deck_agents(ctx)
    if agents:
        kind = "hazards" if agents_are_hazards(ctx) else "characters (not resources or hazards)"
        lines.append(f"agents count as {kind} for a {AVATAR_KIND[ctx.alignment]} player: {_tally(agents)}")
    return lines


def _play_deck_agents(ctx: Context) -> list[DeckEntry]:
    return [e for e in play_deck(ctx) if e.card.agent and e.card.type == "Character"]


def _either_note(split: Split) -> str:
    if not split.either:
        return ""
    how = (f", at most {split.either_as_resource_max} of them as resources"
           if split.either_as_resource_max < split.either else "")
    return f" (plus {copies(split.either)} playable as either{how})"


@rule("resource-count", family="play deck", summary="play deck resources between the minimum and 50")
@counts_cards_in(*PLAY_DECK_PARTS)
def resource_count(ctx: Context) -> Iterator[Violation]:
    """The play deck holds between the minimum (rulebook 25, coe 30) and 50 resources. Characters are not
    resources; a card playable as a resource or a hazard counts as whichever makes the deck legal."""
    split = split_play_deck(ctx)
    problem = _resource_problem(ctx, split)
    if not problem:
        return
    resources = split.counted_as(RESOURCE_ROLE, EITHER)
    aspect, explain = _cap_case(ctx, split, _resource_problem(ctx, split_play_deck(ctx, capped=False)) is None)
    yield ctx.violation("resource-count", problem, part=Part.RESOURCES, lines=all_lines(resources), aspect=aspect,
                        explain=explain)


def _resource_problem(ctx: Context, split: Split) -> str | None:
    """Why the play deck's resources are too few or too many in every way of counting the cards playable as
    either (those that also balance the deck first), or None."""
    low, high = ctx.data["play_deck"]["resources_min"], ctx.data["play_deck"]["resources_max"]
    least, most = split.resource_range()
    if split.parity_resources() is not None:
        least = most = split.parity_resources()
    if most < low:
        return f"{plural(split.resources, 'resource')} in the play deck{_either_note(split)}; the minimum is {low}"
    if least > high:
        return f"{plural(least, 'resource')} in the play deck; the maximum is {high}"
    return None


def _cap_case(ctx: Context, split: Split, kept_without_cap: bool) -> tuple[str | None, list[str]]:
    """The case of a resource-count or hazard-parity violation and its reasoning: `either-cap` when the
    Fallen-wizard's cap on hazards counted as resources alone breaks the rule (a ruleset may borrow that cap)."""
    explain = split_explanation(ctx, split)
    if not (split.either and kept_without_cap):
        return None, explain
    return "either-cap", explain + ["without that cap the cards playable as either would keep the rule"]


@rule("hazard-parity", family="play deck", summary="as many hazards as resources in the play deck")
@counts_cards_in(*PLAY_DECK_PARTS)
def hazard_parity(ctx: Context) -> Iterator[Violation]:
    """The play deck holds exactly as many hazards as resources. Cards playable as either may count as
    either (coe 1.3.3); a Fallen-wizard may count at most two copies of each hazard playable as a resource
    as resources, the rest as hazards (coe 1.3.F2). Agents count as hazards for a Wizard or Balrog, as
    characters for a Ringwraith or Fallen-wizard (coe 1.3.R2, 1.3.F4): the message says so when the deck
    holds agents that a reader may have counted among its hazards."""
    split = split_play_deck(ctx)
    if split.parity_resources() is not None:
        return
    aspect, explain = _cap_case(ctx, split, split_play_deck(ctx, capped=False).parity_resources() is not None)
    hazards = split.counted_as(HAZARD_ROLE, EITHER)
    agents = _play_deck_agents(ctx)
    note = ""
    if agents and not agents_are_hazards(ctx):
        n = sum(e.count for e in agents)
        note = (f" ({'the agent' if n == 1 else f'the {n} agents'} {_tally(agents)} "
                f"{'counts' if n == 1 else 'count'} as {'a character' if n == 1 else 'characters'} for a "
                f"{AVATAR_KIND[ctx.alignment]} player, not as {'a hazard' if n == 1 else 'hazards'})")
    yield ctx.violation(
        "hazard-parity",
        f"{plural(split.hazards, 'hazard')} and {plural(split.resources, 'resource')} in the play deck"
        f"{_either_note(split)}; hazards must equal resources{note}",
        part=Part.HAZARDS, lines=all_lines(hazards), aspect=aspect, explain=explain)


@rule("character-limit", family="play deck", summary="at most 10 non-avatar characters in the play deck")
@counts_cards_in(*PLAY_DECK_PARTS)
def character_limit(ctx: Context) -> Iterator[Violation]:
    """At most 10 non-avatar characters in the play deck; the sideboard and the pool are exempt. Agents
    count as characters for a Ringwraith or Fallen-wizard, as hazards for a Wizard or Balrog."""
    limit = ctx.data["play_deck"]["characters_max"]
    characters = [e for e, kind in play_roles(ctx) if kind == CHARACTER_ROLE]
    total = sum(e.count for e in characters)
    if total > limit:
        agents = sum(e.count for e in characters if e.card.agent)
        note = f" ({plural(agents, 'agent')} among them)" if agents and not agents_are_hazards(ctx) else ""
        yield ctx.violation("character-limit",
                            f"{plural(total, 'non-avatar character')} in the play deck{note}; the limit is {limit}",
                            part=Part.CHARACTERS, lines=all_lines(characters),
                            explain=[f"counted: {_tally(characters, 12)}",
                                     "not counted: avatars, the pool or starting company, the sideboard"])


@rule("avatar-limit", family="play deck", summary="avatars in the play deck and copies across play deck and sideboard")
@counts_cards_in(*PLAY_DECK_PARTS)
def avatar_limit(ctx: Context) -> Iterator[Violation]:
    """Avatars: rulebook (MELE) up to 2 Ringwraith cards in the play deck, two copies of one chosen
    Ringwraith allowed across play deck and sideboard (for a Wizard or Fallen-wizard no reference states a
    number: MELE's, by analogy); coe up to 3 avatars in the play deck in any combination but three different
    ones (1.5), and at most one avatar with several copies across play deck and sideboard (1.6.2). A coe
    Fallen-wizard must hold at least one copy of the Fallen-wizard it declares (1.8.F1, `in_deck_min`); the
    cards specific to one Fallen-wizard are named as a hint. An avatar of another kind is alignment-card's
    concern."""
    limits = ctx.data["avatars"]
    own = [e for e in views(ctx).avatars if is_own_avatar(e.card, ctx.alignment)]
    if sum(e.count for e in own) < limits.get("in_deck_min", 0):
        yield ctx.violation("avatar-limit",
                            f"no {AVATAR_KIND[ctx.alignment]} avatar in the deck; the player must declare one and "
                            f"hold at least {copies(limits['in_deck_min'])} of it in the play deck or sideboard",
                            aspect="declared", explain=_specific_hint(ctx))
    in_play = [e for e in own if e.part.in_play_deck]
    yield from _avatars_in_play_deck(ctx, in_play)
    too_many = sum(e.count for e in in_play) > play_deck_avatar_max(ctx)
    yield from _avatar_copies(ctx, own, play_deck_reported=too_many)


def play_deck_avatar_max(ctx: Context) -> int:
    """The avatars the play deck may hold: the ruleset's number, or (meccg-online) max(it, (play deck + pool) /
    `play_deck_max_per_cards`)."""
    limits = ctx.data["avatars"]
    per = limits.get("play_deck_max_per_cards")
    if not per:
        return limits["play_deck_max"]
    cards = sum(e.count for e in ctx.deck.play_deck()) + ctx.deck.count(Part.POOL)
    return max(limits["play_deck_max"], cards // per)


def _avatars_in_play_deck(ctx: Context, in_play: list[DeckEntry]) -> Iterator[Violation]:
    """Too many avatars in the play deck, or too many different ones (coe 1.5; MELE step 5)."""
    limits = ctx.data["avatars"]
    in_play_count = Counter()
    for e in in_play:
        in_play_count[e.card.name] += e.count
    total = sum(in_play_count.values())
    counted = [f"counted in the play deck: {_listing(in_play_count)}"] if in_play_count else []
    most = play_deck_avatar_max(ctx)
    if total > most:
        yield ctx.violation("avatar-limit",
                            f"{plural(total, 'avatar')} in the play deck ({_listing(in_play_count)}); "
                            f"the limit is {most}",
                            part=in_play[0].part, lines=all_lines(in_play), aspect="play-deck", explain=counted)
    elif len(in_play_count) > limits["play_deck_max_different"]:
        yield ctx.violation("avatar-limit",
                            f"{len(in_play_count)} different avatars in the play deck ({_listing(in_play_count)}); "
                            f"at most {limits['play_deck_max_different']} different ones",
                            part=in_play[0].part, lines=all_lines(in_play), aspect="different", explain=counted)


def _avatar_copies(ctx: Context, own: list[DeckEntry], *, play_deck_reported: bool) -> Iterator[Violation]:
    """Avatars with several copies across play deck and sideboard (coe 1.6.2; MELE "Sideboard": one chosen
    Ringwraith, two copies at most). Copies all in the play deck that were just reported as too many avatars
    there are not reported again."""
    limits = ctx.data["avatars"]
    outside_pool = [e for e in own if e.part in (Part.SIDEBOARD, Part.FW_SIDEBOARD) or e.part.in_play_deck]
    across = Counter()
    for e in outside_pool:
        across[e.card.name] += e.count
    multi = {name: n for name, n in across.items() if n > 1}
    if len(multi) > limits["multi_copy_max"]:
        yield ctx.violation("avatar-limit",
                            f"{len(multi)} avatars with several copies in play deck and sideboard "
                            f"({_listing(multi)}); at most {limits['multi_copy_max']} may have several",
                            part=outside_pool[0].part, lines=all_lines(outside_pool), aspect="copies",
                            explain=[f"counted in play deck and sideboard: {_listing(across)}"])
    cap = limits.get("copies_max")
    for name, n in sorted(across.items()):
        if cap and n > cap:
            group = [e for e in outside_pool if e.card.name == name]
            if play_deck_reported and all(e.part.in_play_deck for e in group):
                continue
            yield ctx.violation("avatar-limit",
                                f"{copies(n)} of {label(group[0].card)} in play deck and sideboard; "
                                f"the limit is {cap}", entry=group[0], lines=all_lines(group), aspect="copies",
                                explain=[f"counted: {', '.join(f'{e.count} in {e.part.value}' for e in group)}"])


def _specific_hint(ctx: Context) -> list[str]:
    """For a deck without its avatar: the avatars its specific cards point to (one cause, one report: the
    specific cards are not reported again by specific-card)."""
    wanted = Counter()
    for e in deck_cards(ctx):
        if e.card.specific and not e.card.avatar:
            wanted[e.card.specific] += e.count
    if not wanted:
        return ["no avatar of this kind anywhere in the play deck or sideboard, and no card specific to one"]
    return [f"no avatar of this kind in the play deck or sideboard; its specific cards point to "
            f"{', '.join(f'{name} ({n} cards)' for name, n in wanted.most_common())}",
            "specific-card does not report those cards again: their legality waits on the avatar declared"]


def _listing(counts: Counter | dict) -> str:
    return ", ".join(f"{n} {name}" for name, n in sorted(counts.items()))


def creature_weight(card: Card, ctx: Context) -> int:
    """Halves of a creature a hazard is worth toward coe 1.5.1's minimum: 2 (a creature), 1 (half) or 0."""
    if card.agent:
        # Only agents counted as hazards reach here: agent characters for a Wizard or Balrog, and the
        # hazard agents (Lobelia Sackville-Baggins, My Precious) for everyone.
        return 1 if role(card, ctx) == HAZARD_ROLE else 0
    if card.dragon_manifestation:
        return 1
    if card.spawn and "Permanent-event" in card.subtypes:
        return 1
    if card.is_creature:
        also_event = any(st.endswith("-event") for st in card.subtypes)
        return 1 if also_event else 2
    return 0


@rule("creature-count", family="play deck", summary="at least 12 creatures among the hazards (halves rounded down)")
@counts_cards_in(*PLAY_DECK_PARTS)
def creature_count(ctx: Context) -> Iterator[Violation]:
    """coe 1.5.1: the hazards hold at least 12 creatures. An agent counted as a hazard, a Dragon "Ahunt" or
    "at Home" manifestation, a creature also playable as an event and a Spawn permanent-event count half
    each; the halves are summed, then rounded down."""
    minimum = ctx.data["play_deck"].get("creatures_min")
    if minimum is None:
        return
    full = halves = 0
    counted: list[DeckEntry] = []
    half: list[DeckEntry] = []
    for entry, kind in play_roles(ctx):
        if kind not in (HAZARD_ROLE, EITHER):
            continue
        weight = creature_weight(entry.card, ctx)
        if weight == 2:
            full += entry.count
        elif weight == 1:
            halves += entry.count
            half.append(entry)
        if weight:
            counted.append(entry)
    total = full + halves // 2
    if total < minimum:
        how = f" ({full} creatures + {halves} half-creatures (= {halves // 2}))" if halves else ""
        explain = [f"creatures: {_tally([e for e in counted if e not in half], 12)}"]
        if half:
            explain.append(f"half a creature each (an agent counted as a hazard, a Dragon Ahunt or at Home, a "
                           f"creature also playable as an event, a Spawn permanent-event): {_tally(half, 12)}")
        yield ctx.violation("creature-count",
                            f"{total} creatures among the hazards{how}; the minimum is {minimum}",
                            part=Part.HAZARDS, lines=all_lines(counted), explain=explain)


@rule("agent-mind", family="play deck", summary="total mind of agents in the whole deck at most 36")
@counts_cards_in(*PLAY_DECK_PARTS, Part.POOL, Part.SIDEBOARD, Part.FW_SIDEBOARD)
def agent_mind(ctx: Context) -> Iterator[Violation]:
    """coe 1.3.2: the agents of the whole deck (play deck, sideboards and pool) total at most 36 mind."""
    limit = ctx.data["play_deck"].get("agent_mind_max")
    if limit is None:
        return
    agents = [e for e in deck_cards(ctx) if e.card.agent]
    total = sum((e.card.mind or 0) * e.count for e in agents)
    if total > limit:
        counted = ", ".join(f"{label(e.card)} {e.card.mind or 0}" + (f" ×{e.count}" if e.count > 1 else "")
                            + f" ({e.part.value})" for e in agents)
        yield ctx.violation("agent-mind",
                            f"agents total {total} mind ({plural(sum(e.count for e in agents), 'agent card')}); "
                            f"the limit is {limit}", lines=all_lines(agents),
                            explain=[f"counted (printed mind, every part of the deck): {counted}"])
