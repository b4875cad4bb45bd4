"""Sideboard sizes: by game length, and the extra cards preselected against a Fallen-wizard."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.decklist.model import Part
from deckcheck.rules.common import all_lines, counts_cards_in
from deckcheck.rules.registry import Context, Violation, rule

LENGTH_NAMES = {1: "1-deck (Starter)", 2: "2-deck (Short)", 3: "3-deck (Long)", 4: "4-deck (Campaign)"}


@rule("sideboard-size", family="sideboard", summary="sideboard at most the size allowed for the game length")
@counts_cards_in(Part.SIDEBOARD)
def sideboard_size(ctx: Context) -> Iterator[Violation]:
    """The sideboard holds at most: rulebook Wizard 20/20/25/30 (METD), rulebook Ringwraith 25/25/30/35
    (MELE), Fallen-wizard and every coe deck 30/30/35/40 (MEWH; coe 1.6.1), for 1-, 2-, 3-, 4-deck games."""
    limit, of_what = _sideboard_limit(ctx)
    entries = ctx.deck.part(Part.SIDEBOARD)
    total = sum(e.count for e in entries)
    if total > limit:
        yield ctx.violation("sideboard-size",
                            f"{total} cards in the sideboard; the limit {of_what} is {limit}",
                            part=Part.SIDEBOARD, lines=all_lines(entries),
                            explain=[f"counted: every card of the sideboard ({total}); the cards preselected "
                                     f"against Fallen-wizards ({ctx.deck.count(Part.FW_SIDEBOARD)}) are counted "
                                     f"apart, by fw-sideboard-size",
                                     f"limits for 1/2/3/4-deck games: "
                                     f"{'/'.join(map(str, ctx.data['sideboard']['max_by_length']))}"])


def _sideboard_limit(ctx: Context) -> tuple[int, str]:
    """(the limit, what it is the limit for): by game length, or (meccg-online) a share of the play deck."""
    share = ctx.data["sideboard"].get("max_play_deck_share")
    if share:
        play = sum(e.count for e in ctx.deck.play_deck())
        return play * share // 100, f"({share}% of the {play}-card play deck)"
    return ctx.data["sideboard"]["max_by_length"][ctx.length - 1], f"for a {LENGTH_NAMES[ctx.length]} game"


@rule("fw-sideboard-size", family="sideboard", summary="at most 10 extra sideboard cards against a Fallen-wizard")
@counts_cards_in(Part.FW_SIDEBOARD)
def fw_sideboard_size(ctx: Context) -> Iterator[Violation]:
    """Up to 10 extra cards preselected for Fallen-wizard opponents (coe 1.6.1; MEWH "Declaring That Your
    Wizard is Fallen"), on top of the sideboard."""
    limit = ctx.data["sideboard"]["fw_max"]
    entries = ctx.deck.part(Part.FW_SIDEBOARD)
    total = sum(e.count for e in entries)
    if total > limit:
        yield ctx.violation("fw-sideboard-size",
                            f"{total} cards in the sideboard against Fallen-wizards; the limit is {limit}",
                            part=Part.FW_SIDEBOARD, lines=all_lines(entries),
                            explain=[f"counted: the cards the file lists apart as preselected against "
                                     f"Fallen-wizards ({total})"])
