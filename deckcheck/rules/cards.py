"""Rules on identifying the cards: a line must name exactly one card of the ICE pool.

No rule of the game asks for this in so many words: every count and limit of the deck rules is over cards,
so a line that names no card, or several, cannot be judged. Where every version of an ambiguous name gives the
same verdict, the verdict does not wait on it: a note.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator

from deckcheck.decklist.content import is_unread_line
from deckcheck.decklist.model import DeckEntry
from deckcheck.rules.common import views
from deckcheck.rules.registry import ERROR, NOTE, Context, Violation, rule

# How many ambiguous lines of one deck are judged under each of their versions (each try runs every rule
# once): beyond this, an ambiguous line is an error without trying, so the work stays linear in the deck.
MAX_VERSION_TRIALS = 8


def _where(entry) -> str:
    return f" (in {entry.part.value})"


@rule("unknown-card", family="cards", summary="every line names a card of the ICE card pool")
def unknown_card(ctx: Context) -> Iterator[Violation]:
    """A line whose name matches no card (nor a known alias). Nothing is guessed: the nearest names are
    offered as did-you-mean suggestions, and the deck cannot be judged legal until the line is fixed."""
    for entry in views(ctx).not_ice:    # the lines naming no card are among them
        if entry.card is not None or entry.problem == "ambiguous-card" or entry.candidates:
            continue
        if entry.problem in (None, "not-ice-card"):
            continue      # a card of a set outside the ICE pool: not-in-pool (pool.py)
        hint = f"; did you mean {', '.join(entry.suggestions)}?" if entry.suggestions else "; no similar name"
        kind = "names no known card"
        explain = [f"{entry.count} {'copy' if entry.count == 1 else 'copies'} in {entry.part.value}: not counted by "
                   f"any other rule, so the deck cannot be judged legal",
                   "looked up with accents, case, apostrophes and hyphens forgiven, and the known misspellings "
                   "(card_db/aliases.json)"]
        yield ctx.violation("unknown-card", f"{entry.written!r} {kind}{_where(entry)}{hint}", entry=entry,
                            explain=explain)


@rule("ambiguous-card", family="cards", summary="a name that fits several versions is told apart")
def ambiguous_card(ctx: Context) -> Iterator[Violation]:
    """A name that fits several cards (hero/minion versions, a hazard and a character of one name) where
    neither the line's tag or set code nor the deck part and alignment decide which. Never picked silently:
    the candidates are listed so the player can add a tag [H]/[M]/[F]/[B] or a set code. The deck is judged
    once with each candidate: when every version gives the same verdict, the legality does not depend on the
    version and the line is a note, not an error."""
    from deckcheck.rules.versions import same_verdicts

    for read in same_verdicts(ctx):   # judged as its first version before the rules ran (versions.py)
        yield ctx.violation(
            "ambiguous-card", f"{_fits(read.entry)}; either gives the same verdict, so the legality does not depend "
            f"on the version, and the deck is counted with {read.chosen.display()} (a tag [H]/[M]/[F]/[B] or a set "
            f"code makes the list exact)", entry=read.entry, severity=NOTE,
            explain=["judged the deck once with each version: "
                     + "; ".join(_added(card, extra) for card, extra in read.added.items())])
    ambiguous = ambiguous_entries(ctx)
    base = outcome(ctx) if ambiguous else frozenset()
    for n, entry in enumerate(ambiguous):
        message = _fits(entry)
        outcomes = verdicts_by_version(ctx, entry) if n < MAX_VERSION_TRIALS else {}
        added = {card: result - base for card, result in outcomes.items()}
        same = len(outcomes) > 1 and len(set(outcomes.values())) == 1
        if same and not any(severity == ERROR for (_, severity, _, _), _n in next(iter(added.values()))):
            yield ctx.violation(
                "ambiguous-card", f"{message}; either gives the same verdict, so the legality does not depend on "
                f"the version (a tag [H]/[M]/[F]/[B] or a set code makes the list exact)",
                entry=entry, severity=NOTE, explain=["judged the deck once with each version: "
                                                     + "; ".join(_added(card, extra) for card, extra in added.items())])
            continue
        explain = [_added(card, extra) for card, extra in added.items()] or [
            f"not judged with each version (only the first {MAX_VERSION_TRIALS} ambiguous lines are)"
            if n >= MAX_VERSION_TRIALS else "no candidates to try"]
        yield ctx.violation("ambiguous-card", f"{message}; add a tag [H]/[M]/[F]/[B] or a set code", entry=entry,
                            explain=explain)


def _fits(entry: DeckEntry) -> str:
    listed = "; ".join(f"{c.id} {c.display()}" for c in entry.candidates) or "several cards"
    return f"{entry.written!r}{_where(entry)} fits {len(entry.candidates) or 'several'} cards: {listed}"


def ambiguous_entries(ctx: Context) -> list[DeckEntry]:
    """The lines whose name fits several cards and nothing told which."""
    return [e for e in views(ctx).not_ice if e.card is None and (e.problem == "ambiguous-card" or e.candidates)]


def outcome(ctx: Context) -> frozenset:
    """The violations of every rule but this one, as a comparable multiset (code, severity, part, card name)."""
    from deckcheck.rules.engine import run_rules

    found = run_rules(ctx, skip={"ambiguous-card"})
    return frozenset(Counter((v.code, v.severity, v.part, v.card) for v in found).items())


def verdicts_by_version(ctx: Context, entry: DeckEntry) -> dict:
    """The verdict on the deck with the ambiguous entry read as each of its candidates (card -> outcome)."""
    outcomes = {}
    for card in entry.candidates:
        chosen = dataclasses.replace(entry, card=card, problem=None, candidates=[])
        deck = dataclasses.replace(ctx.deck, entries=[chosen if e is entry else e for e in ctx.deck.entries])
        outcomes[card] = outcome(dataclasses.replace(ctx, deck=deck))
    return outcomes


def _added(card, extra: frozenset) -> str:
    """"with LE-296 Woses ... [M] (LE): also alignment-card (error)": what reading the line as this card adds."""
    codes = sorted({f"{code} ({severity})" for (code, severity, _, _), _n in extra})
    return f"with {card.id} {card.display()}: {'also ' + ', '.join(codes) if codes else 'no other violation'}"


@rule("unreadable-line", family="cards", summary="every line of the file is read: a skipped line may hide a card")
def unreadable_line(ctx: Context) -> Iterator[Violation]:
    """A line (or part of a file) the reader had to skip: a count of 0 or none that makes sense, a line with no
    name, a broken JSON entry or XML. What it held cannot be counted, so the deck cannot be judged legal until
    the line is fixed. The reader's warnings (a count read as 1, an unknown section it names) are not errors."""
    for diagnostic in ctx.deck.diagnostics:
        if is_unread_line(diagnostic):
            lines = [diagnostic.line] if diagnostic.line else []
            yield ctx.violation("unreadable-line", f"{diagnostic.message} [{diagnostic.code}]", lines=lines,
                                explain=["the reader skipped what this line held: no rule could count it"])
