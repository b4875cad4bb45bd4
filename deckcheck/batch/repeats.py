"""What the rows of a tournament say about each other: a player registered twice, two players with one deck.

- `duplicate-player` (a warning, on every row of the player): the same name on two or more rows, compared without
  letter case, accents or extra spaces ("José  Pérez" and "jose perez" are one player). Which deck counts is the
  organizer's call; deckcheck only makes sure it is seen.
- `identical-deck` (a note, on every row of the group): two or more players whose decks have the same fingerprint
  (`decklist.fingerprint`), in whatever format each was written. Nothing wrong in itself -- a shared netdeck --
  but an organizer wants to know.

Neither changes a row's status: legality is the deck's, not the registration's.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Sequence

from deckcheck.batch.runner import RowResult, problem

CODE_DUPLICATE_PLAYER = "duplicate-player"
CODE_IDENTICAL_DECK = "identical-deck"
# A note names at most this many of the other rows; a netdeck played by 60 players is one line, not sixty.
NAMED_AT_MOST = 5


def player_key(name: str) -> str:
    """A name compared without case, accents and extra spaces."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def mark_repeats(results: Sequence[RowResult]) -> list[str]:
    """Add the duplicate-player warnings and identical-deck notes to the rows; returns one line per repeated
    player, for stderr."""
    lines = []
    for rows in _groups(results, lambda r: player_key(r.player)):
        for row in rows:
            others = _listed(rows, row, lambda other, me=row: _also_on(other, me))
            row.violations.append(problem(
                CODE_DUPLICATE_PLAYER, f"{row.player!r} is registered more than once: also on {others}",
                severity="warning", citation="registrations"))
        lines.append(f"warning: {rows[0].player!r} is registered {len(rows)} times "
                     f"({_listed(rows, None, _where)})")
    for rows in _groups(results, lambda r: r.fingerprint):
        for row in rows:
            others = _listed(rows, row, lambda r: f"{r.player} ({_where(r)})")
            row.violations.append(problem(
                CODE_IDENTICAL_DECK, f"the same deck (fingerprint {row.fingerprint}) as {others}",
                severity="note", citation="fingerprint of the resolved cards"))
    return lines


def _groups(results: Sequence[RowResult], key) -> list[list[RowResult]]:
    groups: dict[str, list[RowResult]] = defaultdict(list)
    for result in results:
        value = key(result)
        if value:
            groups[value].append(result)
    return [rows for rows in groups.values() if len(rows) > 1]


def _listed(rows: list[RowResult], row: RowResult | None, describe) -> str:
    """The rows of a group but `row`, the first NAMED_AT_MOST described, the rest counted: linear in the group,
    so that 10,000 registrations of one netdeck (or one name) take no quadratic time."""
    named = []
    for other in rows:
        if len(named) == NAMED_AT_MOST:
            break
        if other is not row:
            named.append(describe(other))
    more = len(rows) - (row is not None) - len(named)
    return ", ".join(named) + (f" and {more} more" if more > 0 else "")


def _also_on(other: RowResult, row: RowResult) -> str:
    """Where else `row`'s player is registered, and how the name is written there when it differs."""
    return _where(other) + (f" as {other.player!r}" if other.player != row.player else "")


def _where(row: RowResult) -> str:
    return f"{row.sheet}!{row.row}" if row.sheet else f"row {row.row}"
