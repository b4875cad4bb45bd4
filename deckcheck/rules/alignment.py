"""Alignment and content rules: `alignment-card`, `banned-card`, `specific-card`.

Which card alignments a deck may hold, its ban list and the card families in it come from the ruleset's
`[lists]` table; this module holds only the logic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from deckcheck.cards.model import CHARACTER, HAZARD, RESOURCE, Card
from deckcheck.decklist.model import DeckEntry, Part
from deckcheck.rules.common import views
from deckcheck.rules.registry import Context, Violation, rule

FAMILY = "alignment"

# How a message names a deck's player and a card's alignment.
PLAYER = {"wizard": "Wizard", "ringwraith": "Ringwraith", "fallen-wizard": "Fallen-wizard", "balrog": "Balrog",
          "elf-lord": "Elf-lord", "dwarf-lord": "Dwarf-lord", "dragon-lord": "Dragon-lord"}
AVATAR_KIND = {"Hero": "Wizard", "Minion": "Ringwraith", "Fallen-wizard": "Fallen-wizard", "Balrog": "Balrog"}
VERSION = {"Hero": "hero", "Minion": "minion", "Stage": "Stage", "Dual": "dual", "Neutral": "neutral",
           "Fallen-wizard": "Fallen-wizard", "Balrog": "Balrog"}


def deck_cards(ctx: Context) -> list[tuple[DeckEntry, Card]]:
    """Every resolved non-site card of the whole deck (play deck, pool, sideboards): the view itself, to read, never
    to change."""
    return views(ctx).cards_but_sites


def player(ctx: Context) -> str:
    return PLAYER.get(ctx.alignment, ctx.alignment)


def agents_are_hazards(ctx: Context) -> bool:
    """Wizard and Balrog players treat agents as hazards (coe 1.3.W2, 1.3.B2)."""
    return ctx.data.get("play_deck", {}).get("agents_count_as") == "hazard"


def allowed_alignments(ctx: Context, key: str) -> list[str]:
    """The ruleset's list itself (read it, never change it)."""
    return ctx.data.get("lists", {}).get(key, [])


def alignment_problem(ctx: Context, entry: DeckEntry, card: Card) -> str | None:
    """Why this card may not be in a deck of the context's alignment, or None when it may."""
    if card.type == HAZARD:
        return None                                   # hazards are neutral: anyone may hold them
    if card.avatar:
        if card.alignment in allowed_alignments(ctx, "avatar_alignments"):
            return None
        kinds = " or ".join(AVATAR_KIND.get(a, a) for a in allowed_alignments(ctx, "avatar_alignments"))
        return (f"{card.display()} is a {AVATAR_KIND.get(card.alignment, card.alignment)} avatar; "
                f"a {player(ctx)} player's avatars can only be {kinds} avatars")
    if card.is_character:
        if card.agent and (agents_are_hazards(ctx) or card.alignment == "Neutral"):
            return None                               # an agent a hazard for this player, or a neutral one
        if card.alignment in allowed_alignments(ctx, "character_alignments"):
            return None
        versions = " or ".join(VERSION.get(a, a) for a in allowed_alignments(ctx, "character_alignments"))
        return (f"{card.display()} is a {VERSION.get(card.alignment, card.alignment)} character; "
                f"a {player(ctx)} player's characters can only be {versions} characters")
    if card.type == RESOURCE:
        return resource_problem(ctx, entry, card)
    return None


def resource_kind(card: Card) -> str | None:
    """event, ally, item or faction: what a resource is, by its class as the card data writes it (a dream card's
    class may carry a qualifier: "Sage Ally", "Dragon Faction")."""
    if card.is_item:
        return "item"
    for subtype in card.subtypes:
        if subtype.endswith("Ally"):
            return "ally"
        if subtype.endswith("Faction"):
            return "faction"
        if "event" in subtype.lower():
            return "event"
    return None


def minion_kind_problem(ctx: Context, card: Card) -> str | None:
    """GCCG's Elf- and Dwarf-lord formats: minion resources only of some kinds (events, allies), but the cards
    named in their stead (`[lists] minion_resource_kinds`, `minion_resource_kinds_except`)."""
    kinds = allowed_alignments(ctx, "minion_resource_kinds")
    if not kinds or card.alignment != "Minion" or card.name in allowed_alignments(ctx, "minion_resource_kinds_except"):
        return None
    kind = resource_kind(card)
    if kind in kinds:
        return None
    return (f"{card.display()} is a minion {kind or 'resource'}; a {player(ctx)} player's minion resources can only "
            f"be {' or '.join(k + 's' for k in kinds)}")


def resource_problem(ctx: Context, entry: DeckEntry, card: Card) -> str | None:
    if card.alignment in allowed_alignments(ctx, "resource_alignments"):
        return minion_kind_problem(ctx, card)
    if card.is_item and card.alignment in allowed_alignments(ctx, "item_alignments"):
        return None                                   # coe 1.3.W3 / 1.3.R3: the other alignment's items
    written = entry.written_part or entry.part     # a mixed "Deck" list is sorted into parts by card type
    if card.playable_as_hazard and written not in (Part.RESOURCES, Part.POOL):
        return None                                   # coe 1.3.3: included as a hazard
    what = f"a {VERSION.get(card.alignment, card.alignment)} resource"
    if card.alignment == "Stage":
        return f"{card.display()} is a Stage resource; only a Fallen-wizard player may include Stage resources"
    allowed = [VERSION.get(a, a) for a in allowed_alignments(ctx, "resource_alignments") if a != "Dual"]
    items = allowed_alignments(ctx, "item_alignments")
    extra = f" (and {' or '.join(VERSION.get(a, a) for a in items)} items)" if items else ""
    return (f"{card.display()} is {what}; a {player(ctx)} player's resources can only be "
            f"{' or '.join(allowed)} resources{extra}")


@rule("alignment-card", family=FAMILY,
      summary="no card of another alignment: hero/minion characters and resources, avatars, Stage resources")
def check_alignment_card(ctx: Context) -> Iterator[Violation]:
    """Every character, resource and avatar must be one the deck's alignment may include.

    The allowed card alignments come from the ruleset's `[lists]`: `avatar_alignments`,
    `character_alignments`, `resource_alignments` and `item_alignments` (the other alignment's items that
    coe 1.3.W3/1.3.R3 allow). Hazards are neutral; agents are hazards for Wizard and Balrog players; a card
    playable as a hazard may be included as one (coe 1.3.3). Stage resources belong to Fallen-wizards only.
    Sites are `site-alignment`'s business, not this rule's.
    """
    # the usual card, cleared by its type and alignment alone, before alignment_problem's every exception
    lists = ctx.data.get("lists", {})
    # (not a minion resource where only some kinds are allowed: GCCG's Elf- and Dwarf-lords)
    resources = set(lists.get("resource_alignments", ()))
    if lists.get("minion_resource_kinds"):
        resources.discard("Minion")
    fine = {RESOURCE: frozenset(resources), CHARACTER: frozenset(lists.get("character_alignments", ()))}
    for entry, card in deck_cards(ctx):
        if card.type == HAZARD or (not card.avatar and card.alignment in fine.get(card.type, ())):
            continue
        problem = alignment_problem(ctx, entry, card)
        if problem:
            aspect = "avatar" if card.avatar else "character" if card.is_character else "resource"
            yield ctx.violation("alignment-card", problem, entry=entry, aspect=aspect,
                                explain=_alignment_reasoning(ctx, entry, card, aspect))


def _alignment_reasoning(ctx: Context, entry: DeckEntry, card: Card, aspect: str) -> list[str]:
    """Which lists of the ruleset were consulted, and which exceptions were tried and did not apply."""
    key = {"avatar": "avatar_alignments", "character": "character_alignments", "resource": "resource_alignments"}
    allowed = "/".join(allowed_alignments(ctx, key[aspect])) or "none"
    lines = [f"{card.id} is a {VERSION.get(card.alignment, card.alignment)} {aspect}; a {player(ctx)} deck's "
             f"{aspect}s may be: {allowed}"]
    if aspect == "resource":
        items = allowed_alignments(ctx, "item_alignments")
        lines.append(f"exception for items of another alignment ({'/'.join(items) or 'none for this player'}): "
                     f"{'not an item' if not card.is_item else 'not one of those'}")
        written = (entry.written_part or entry.part).value
        lines.append("exception for a card playable as a hazard: "
                     + (f"it is, but it is written among the {written}" if card.playable_as_hazard
                        else "it is not playable as a hazard"))
    if aspect == "character" and card.agent:
        lines.append("an agent: a character for this player, so its version counts")
    return lines


def banned_ids(ctx: Context) -> dict[str, tuple[str, str | None]]:
    """Card id (upper case) -> (the name as the ban list spells it, the family it is banned under or None)."""
    lists = ctx.data.get("lists", {})
    banned: dict[str, tuple[str, str | None]] = {card_id.upper(): (name, None)
                                                 for card_id, name in lists.get("banned", {}).items()}
    for family, ids in lists.get("banned_families", {}).items():
        for card_id in ids:
            banned[card_id.upper()] = ("", family)
    return banned


@rule("banned-card", family=FAMILY, summary="no card of the alignment's ban list")
def check_banned_card(ctx: Context) -> Iterator[Violation]:
    """No card of the ruleset's ban list (`[lists.banned]`: catalog id = the name as the list spells it)
    anywhere in the deck. Messages use the list's spelling, whatever the card data's (which misspells two).

    Fallen-wizard: the MEWH list (16 cards) or coe 1.5.F6 (17). Balrog: coe 1.3.B5, where one entry is a
    family ("Ringwraith Unleashed cards", `[lists.banned_families]`).
    """
    banned = banned_ids(ctx)
    if not banned:
        return
    for entry, card in deck_cards(ctx):
        if card.id.upper() in banned:
            listed, family = banned[card.id.upper()]
            name = listed or card.name
            why = f" (one of the {family})" if family else ""
            found = ctx.violation(
                "banned-card", f"{name} ({card.id}) is banned for a {player(ctx)} player{why}", entry=entry,
                explain=[f"the ban list names {family or repr(listed)}; this line was read as {card.id}"])
            found.card = name
            yield found


def avatar_key(card: Card) -> str:
    """The name a "specific" card uses for an avatar: "Saruman", "Balrog"."""
    if card.specific:
        return card.specific
    return card.name.removeprefix("The ").strip()


def declared_avatar_keys(ctx: Context, keys: set[str]) -> set[str]:
    """The avatar(s) the deck declares: from the file's avatar field, matched against the known keys."""
    declared = (ctx.deck.avatar or "").lower()
    return {key for key in keys if key.lower() in declared} if declared else set()


def deck_avatars(ctx: Context) -> Counter:
    """Avatar key -> copies, for the avatars of the deck's own kind."""
    own = allowed_alignments(ctx, "avatar_alignments")
    found: Counter = Counter()
    for entry, card in deck_cards(ctx):
        if card.avatar and card.alignment in own:
            found[avatar_key(card)] += entry.count
    return found


def specific_cards(ctx: Context) -> list[tuple[DeckEntry, Card]]:
    """Specific cards that pass `alignment-card` (the others are reported there, not twice). A card specific to
    the player's kind ("Dwarf-lord specific", GCCG's dream sets) is any avatar's of that kind: not one of them."""
    return [(entry, card) for entry, card in deck_cards(ctx)
            if card.specific and not card.avatar and card.specific != player(ctx)
            and alignment_problem(ctx, entry, card) is None]


def choose_avatar(ctx: Context, specific: list[tuple[DeckEntry, Card]]) -> tuple[str | None, str]:
    """The avatar the player plays, and how we know: named by the deck (declared by the file or found by the
    reader), the only one in the deck, or the best fit."""
    if ctx.alignment == "balrog":
        return "Balrog", "a Balrog player's avatar is The Balrog"
    avatars = deck_avatars(ctx)
    declared = declared_avatar_keys(ctx, set(avatars) | {c.specific for _, c in specific if c.specific})
    if len(declared) == 1:
        return next(iter(declared)), "named as the deck's avatar"
    if not avatars:
        return None, f"the deck holds no {player(ctx)} avatar to declare"
    if len(avatars) == 1:
        return next(iter(avatars)), "the deck's only avatar"
    fits = Counter({key: 0 for key in avatars})
    for entry, card in specific:
        if card.specific in fits:
            fits[card.specific] += entry.count
    best = max(avatars, key=lambda key: (fits[key], avatars[key]))
    return best, f"the best fit of the deck's avatars {', '.join(sorted(avatars))}"


def declarable_avatars(ctx: Context) -> set[str]:
    """The avatar keys a player of this alignment could declare ("Saruman" for a Wizard, "Balrog" for a Balrog)."""
    from deckcheck.cards.catalog import load_catalog

    own = allowed_alignments(ctx, "avatar_alignments")
    return {avatar_key(card) for card in load_catalog().cards if card.avatar and card.alignment in own}


def _without_avatar(ctx: Context, specific: list[tuple[DeckEntry, Card]], how: str) -> Iterator[Violation]:
    """A deck with no avatar of its kind: where the rules ask for the avatar in the deck (coe 1.8.F1) avatar-limit
    reports that one cause once. Otherwise the player may still declare one avatar, so only what no declaration
    mends is reported: a card specific to an avatar this player cannot declare (a Balrog's card in a Ringwraith
    deck), and the cards of all but the best-fitting avatar when they name several."""
    if ctx.data["avatars"].get("in_deck_min", 0):
        return
    declarable = declarable_avatars(ctx)
    fits = Counter()
    for entry, card in specific:
        if card.specific in declarable:
            fits[card.specific] += entry.count
    best = max(sorted(fits), key=lambda key: fits[key]) if fits else None
    for entry, card in specific:
        if card.specific not in declarable:
            reason = f"{how}, and a {player(ctx)} player cannot declare {card.specific}"
        elif card.specific != best:
            reason = (f"{how}; whichever avatar the player declares, cards specific to {' and '.join(sorted(fits))} "
                      f"cannot all stay (counted as kept: the {best}-specific ones)")
        else:
            continue
        yield ctx.violation(
            "specific-card", f"{card.display()} is {card.specific}-specific; {reason}", entry=entry,
            explain=[how, f"{card.name} may only be in a deck whose player declares {card.specific}"])


@rule("specific-card", family=FAMILY, summary="no card specific to an avatar the player does not play")
def check_specific_card(ctx: Context) -> Iterator[Violation]:
    """A card "specific" to an avatar may be included only by the player of that avatar (coe 1.3.4; MEWH:
    no Stage resources specific to another Fallen-wizard).

    The avatar is the one the deck names (`Deck.avatar`), else the deck's only avatar of its own kind, else the one
    most specific cards fit (the message says which). A Balrog player's avatar is The Balrog. A deck that holds
    no avatar of its kind and names none may still declare the avatar its specific cards need (1.3.4 asks for a
    declaration): see `_without_avatar`.
    """
    specific = specific_cards(ctx)
    if not specific:
        return
    avatar, how = choose_avatar(ctx, specific)
    if avatar is None:
        yield from _without_avatar(ctx, specific, how)
        return
    for entry, card in specific:
        if card.specific == avatar:
            continue
        yield ctx.violation(
            "specific-card", f"{card.display()} is {card.specific}-specific; the player's avatar is {avatar} ({how})",
            entry=entry, explain=[f"the avatar: {avatar}, {how}",
                                  f"{card.name} may only be in a deck whose player declares {card.specific}"])
