"""Character rules of the Fallen-wizard and Balrog players: `mind-limit`, `starting-race`, `character-race`,
`faction-race`.

The limits and the cards that lift them (Thrall of the Voice, Bad Company) come from the ruleset's
`[characters]` table; this module holds only the logic.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from deckcheck.cards.model import Card
from deckcheck.decklist.model import DeckEntry, Part
from deckcheck.rules.alignment import agents_are_hazards, deck_cards, player
from deckcheck.rules.common import views
from deckcheck.rules.registry import ERROR, Context, Violation, rule

FAMILY = "characters"


def settings(ctx: Context) -> dict:
    return ctx.data.get("characters", {})


def ids_in(entries: Iterable[tuple[DeckEntry, Card]], wanted: Iterable[str]) -> list[Card]:
    """The cards among `entries` whose id is in `wanted` (one per copy)."""
    wanted_ids = {w.upper() for w in wanted}
    return [card for entry, card in entries if card.id.upper() in wanted_ids for _ in range(entry.count)]


def pool_cards(ctx: Context) -> list[tuple[DeckEntry, Card]]:
    """The resolved non-site cards of the pool (coe) / starting company (rulebook)."""
    return list(views(ctx).pool)


def rated_characters(ctx: Context) -> list[tuple[DeckEntry, Card]]:
    """Non-avatar characters the player counts as characters (agents are hazards for Wizard and Balrog): found once
    per deck for the rules that read them (read it, never change it)."""
    return ctx.shared("rated characters", lambda: _rated_characters(ctx))


def _rated_characters(ctx: Context) -> list[tuple[DeckEntry, Card]]:
    agents_hazards = agents_are_hazards(ctx)
    return [(entry, card) for entry, card in deck_cards(ctx)
            if card.is_character and not card.avatar and not (card.agent and agents_hazards)]


def names(cards: Iterable[Card]) -> str:
    return " or ".join(sorted({c.name for c in cards}))


def enabler_names(ctx: Context, key: str, table: dict | None = None) -> str:
    """The names of the cards listed under `key` of the `[characters]` table (or of the given table)."""
    from deckcheck.cards.catalog import load_catalog

    catalog = load_catalog()
    found = [catalog.by_id(card_id) for card_id in (settings(ctx) if table is None else table).get(key, [])]
    return names(c for c in found if c is not None)


def mind_problem(ctx: Context, card: Card, enablers_present: bool) -> str | None:
    """Why this character's printed mind is too high for the player, or None when it is not."""
    limits = settings(ctx)
    mind_max = limits.get("mind_max")
    if mind_max is None or card.mind is None or card.mind <= mind_max:
        return None
    if card.specific and card.specific in limits.get("mind_exempt_specific", []):
        return None
    enabled_max = limits.get("enabled_mind_max")
    if enablers_present and enabled_max is not None and card.mind <= enabled_max:
        return None
    message = (f"{card.display()} has mind {card.mind}; a {player(ctx)} player's characters may have mind "
               f"{mind_max} or less")
    exempt = limits.get("mind_exempt_specific", [])
    if exempt:
        message += f" unless {'/'.join(exempt)}-specific"
    if enabled_max is not None and card.mind <= enabled_max:
        message += f" ({enabler_names(ctx, 'mind_enablers')} allows one of mind {enabled_max})"
    return message


def deck_race_problem(ctx: Context, card: Card) -> str | None:
    """Why this character's race is not allowed in the deck at all (Balrog: Orc or Troll only), else None."""
    refused = set(settings(ctx).get("character_races_refused", [])) & set(card.races)
    if refused and not card.agent:
        return (f"{card.display()} is {'/'.join(sorted(refused))}; a {player(ctx)} player's non-agent characters "
                f"cannot be {' or '.join(settings(ctx)['character_races_refused'])}")
    allowed = settings(ctx).get("character_races")
    if allowed and not set(card.races) & set(allowed):
        race = "/".join(card.races) or "no race"
        return (f"{card.display()} is {race}; a {player(ctx)} player's non-avatar characters can only be "
                f"{' or '.join(allowed)}")
    return None


def race_problem(ctx: Context, card: Card, enablers_present: bool, *, starting: bool) -> str | None:
    """Why this character's race is not allowed (all characters, or only starting ones), else None."""
    limits = settings(ctx)
    deck_problem = deck_race_problem(ctx, card)
    if deck_problem:
        return deck_problem
    restricted = set(limits.get("starting_races_restricted", []))
    if starting and restricted & set(card.races) and not enablers_present:
        race = "/".join(sorted(restricted & set(card.races)))
        kinds = " or ".join(sorted(restricted))
        return (f"{card.display()} is {race}; a {player(ctx)} player may start with {kinds} characters only "
                f"with {enabler_names(ctx, 'starting_race_enablers')} among the starting cards")
    return None


@rule("mind-limit", family=FAMILY, summary="no character whose mind is above the player's limit")
def check_mind_limit(ctx: Context) -> Iterator[Violation]:
    """Characters' printed mind at most `[characters] mind_max`.

    Fallen-wizard: mind 5 or less (MEWH "Characters"; coe 1.9.F3 for the draft, 2.II.2.2.F1 for play);
    Thrall of the Voice (`mind_enablers`) lets one character of mind up to `enabled_mind_max` start if it
    is among the starting cards, or be played later if it is in the deck. A Fallen-wizard's agents outside
    the pool are not checked: they may be played as hazards. Under coe this is a warning
    (`mind_severity`): coe forbids revealing or playing such a character, not including it.
    Balrog: mind below 9 unless Balrog-specific (coe 1.3.B4, a deck restriction: an error), anywhere.
    """
    limits = settings(ctx)
    if limits.get("mind_max") is None:
        return
    enablers = limits.get("mind_enablers", [])
    # Each enabler among the starting cards lets one starting character exceed the limit; a coe pool is
    # only drafted from, so there any number may wait in it.
    starting_allowance = len(ids_in(pool_cards(ctx), enablers))
    if ctx.data.get("starting", {}).get("mode") == "pool" and starting_allowance:
        starting_allowance = 10 ** 6
    in_deck = bool(ids_in(deck_cards(ctx), enablers))
    severity = limits.get("mind_severity", ERROR)
    names = enabler_names(ctx, "mind_enablers") or "no card"
    for entry, card in rated_characters(ctx):
        if entry.part != Part.POOL:
            if card.agent:
                continue                     # outside the pool an agent may be played as a hazard (MEWH)
            problem = mind_problem(ctx, card, in_deck)
            if problem:
                yield ctx.violation("mind-limit", problem, entry=entry, severity=severity,
                                    explain=[f"printed mind {card.mind}, in {entry.part.value}",
                                             _enabler_note(limits, card, names, in_deck, where="in the deck")])
            continue
        for _ in range(entry.count):
            problem = mind_problem(ctx, card, starting_allowance > 0)
            if problem:
                yield ctx.violation("mind-limit", problem, entry=entry, severity=severity,
                                    explain=[f"printed mind {card.mind}, among the starting cards",
                                             _enabler_note(limits, card, names, bool(enablers))])
                break
            if mind_problem(ctx, card, False):
                starting_allowance -= 1      # it starts thanks to an enabler: one fewer left


def _enabler_note(limits: dict, card: Card, names: str, present: bool, where: str = "among the starting cards") -> str:
    """Why no card lifted the limit for this character: none there, all used, or its mind is beyond any."""
    enabled = limits.get("enabled_mind_max")
    if enabled is None:
        return "no card lifts this limit"
    if card.mind > enabled:
        return f"mind above {enabled}: {names} cannot lift the limit for it"
    if not present:
        return f"{names} {where}: none"
    return f"{names} {where}: each lets one character start, and the others use them"


@rule("starting-race", family=FAMILY, summary="no Orc or Troll starting character without a card that allows one")
def check_starting_race(ctx: Context) -> Iterator[Violation]:
    """Fallen-wizard: no Orc or Troll among the starting characters unless a starting Stage card allows it
    (`starting_race_enablers`: Bad Company) (MEWH "Starting characters"; coe 1.9.F2, where it stops the
    character being revealed in the draft: a warning, `starting_race_severity`). The Balrog's rule on the
    races of every character is character-race."""
    limits = settings(ctx)
    if not limits.get("starting_races_restricted"):
        return
    enablers = ids_in(pool_cards(ctx), limits.get("starting_race_enablers", []))
    for entry, card in rated_characters(ctx):
        if entry.part != Part.POOL or deck_race_problem(ctx, card):
            continue
        problem = race_problem(ctx, card, bool(enablers), starting=True)
        if problem:
            yield ctx.violation("starting-race", problem, entry=entry,
                                severity=limits.get("starting_race_severity", ERROR),
                                explain=[f"{card.name}'s race: {'/'.join(card.races)}",
                                         f"{enabler_names(ctx, 'starting_race_enablers')} among the starting "
                                         f"cards: none"])


@rule("character-race", family=FAMILY, summary="non-avatar characters only of the races the player may hold")
def check_character_race(ctx: Context) -> Iterator[Violation]:
    """Balrog: every non-avatar character of the deck (play deck, pool, sideboard) is an Orc or a Troll
    (`[characters] character_races`, coe 1.3.B4); agents are hazards for a Balrog player and are not
    checked. A deck restriction, so an error wherever the character is."""
    limits = settings(ctx)
    if not limits.get("character_races") and not limits.get("character_races_refused"):
        return      # the usual ruleset: a character of any race (deck_race_problem finds nothing)
    for entry, card in rated_characters(ctx):
        problem = deck_race_problem(ctx, card)
        if problem:
            yield ctx.violation("character-race", problem, entry=entry,
                                explain=[f"{card.name}'s race in the card data: {'/'.join(card.races) or 'none'}"])


@rule("faction-race", family=FAMILY, summary="factions only of the races the player may use")
def check_faction_race(ctx: Context) -> Iterator[Violation]:
    """Balrog: factions only Orc, Troll, Wolf, Animal or Dragon (`[characters] faction_races`, coe 1.3.B4)."""
    allowed = settings(ctx).get("faction_races")
    if not allowed:
        return
    for entry, card in deck_cards(ctx):
        if card.is_faction and not set(card.races) & set(allowed):
            race = "/".join(card.races) or "of no race"
            yield ctx.violation(
                "faction-race",
                f"{card.display()} is a {race} faction; a {player(ctx)} player's factions can only be "
                f"{', '.join(allowed[:-1])} or {allowed[-1]}",
                entry=entry, explain=[f"{card.name}'s race in the card data: {'/'.join(card.races) or 'none'}"])
