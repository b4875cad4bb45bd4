"""Rules on identifying the cards: a line must name exactly one card of the ICE pool."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.rules.registry import Context, Violation, rule


def _where(entry) -> str:
    return f" (in {entry.part.value})"


@rule("unknown-card", family="cards", summary="every line names a card of the ICE card pool")
def unknown_card(ctx: Context) -> Iterator[Violation]:
    """A line whose name matches no card (nor a known alias). Nothing is guessed: the nearest names are
    offered as did-you-mean suggestions, and the deck cannot be judged legal until the line is fixed."""
    for entry in ctx.deck.entries:
        if entry.card is not None or entry.problem == "ambiguous-card" or entry.candidates:
            continue
        if entry.problem is None:
            continue
        hint = f"; did you mean {', '.join(entry.suggestions)}?" if entry.suggestions else "; no similar name"
        kind = ("is a dream card, not in the ICE card pool" if entry.problem == "not-ice-card"
                else "names no known card")
        yield ctx.violation("unknown-card", f"{entry.written!r} {kind}{_where(entry)}{hint}", entry=entry)


@rule("ambiguous-card", family="cards", summary="a name that fits several versions is told apart")
def ambiguous_card(ctx: Context) -> Iterator[Violation]:
    """A name that fits several cards (hero/minion versions, a hazard and a character of one name) where
    neither the line's tag or set code nor the deck part and alignment decide which. Never picked silently:
    the candidates are listed so the player can add a tag [H]/[M]/[F]/[B] or a set code."""
    for entry in ctx.deck.entries:
        if entry.card is not None or not (entry.problem == "ambiguous-card" or entry.candidates):
            continue
        listed = "; ".join(f"{c.id} {c.display()}" for c in entry.candidates) or "several cards"
        yield ctx.violation(
            "ambiguous-card",
            f"{entry.written!r}{_where(entry)} fits {len(entry.candidates) or 'several'} cards: {listed}; "
            f"add a tag [H]/[M]/[F]/[B] or a set code",
            entry=entry)


# Reading problems that are their own violations already (one per unresolved entry).
ENTRY_PROBLEMS = {"unknown-card", "ambiguous-card", "not-ice-card"}


def is_unread_line(diagnostic) -> bool:
    """A reading error that left part of the file unread (a skipped line, broken JSON or XML), as opposed to a
    line that was read but names no card (unknown-card, ambiguous-card report those)."""
    return diagnostic.severity == "error" and diagnostic.code not in ENTRY_PROBLEMS


@rule("unreadable-line", family="cards", summary="every line of the file is read: a skipped line may hide a card")
def unreadable_line(ctx: Context) -> Iterator[Violation]:
    """A line (or part of a file) the reader had to skip: a count of 0 or none that makes sense, a line with no
    name, a broken JSON entry or XML. What it held cannot be counted, so the deck cannot be judged legal until
    the line is fixed. The reader's warnings (a count read as 1, an unknown section it names) are not errors."""
    for diagnostic in ctx.deck.diagnostics:
        if is_unread_line(diagnostic):
            lines = [diagnostic.line] if diagnostic.line else []
            yield ctx.violation("unreadable-line", f"{diagnostic.message} [{diagnostic.code}]", lines=lines)
