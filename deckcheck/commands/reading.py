"""Reading a deck for a command: its diagnostics on stderr, -v's summary, card names in another language, --jobs."""

from __future__ import annotations

import sys

import click

from deckcheck.console import detail, note, verbosity
from deckcheck.console import diagnostic as report_diagnostic
from deckcheck.errors import DeckcheckError
from deckcheck.terminal import printable


def in_language(text: str, decks, lang: str) -> str:
    """A text report with the card names of the decks written in `lang`."""
    if lang == "en":
        return text
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.languages import NameTranslator

    cards = [entry.card for deck in decks for entry in deck.entries]
    return NameTranslator(load_catalog(), lang, cards)(text)


def read_deck_reporting(path: str, input_format: str | None = None, alignment: str | None = None, *,
                         require_cards: bool = False):
    """Read a deck and print its diagnostics to stderr (a DeckcheckError means nothing usable: exit 2).

    With require_cards, a deck in which no line names a known card is an error too: there is nothing to analyse.
    """
    from deckcheck.decklist import read_deck

    hint_if_terminal(path)
    deck = read_deck(path, input_format=input_format, alignment=alignment)
    say_read(deck)
    for diagnostic in deck.diagnostics:
        report_diagnostic(diagnostic.one_line(), diagnostic.severity)
    if require_cards and not any(entry.card is not None for entry in deck.entries):
        raise DeckcheckError("no line of the deck names a known card: nothing to analyse", path)
    return deck


def say_read(deck) -> None:
    """-v: how the deck was read (format, cards, alignment and why)."""
    if verbosity() >= 1:
        from deckcheck.decklist.content import read_summary

        detail(printable(f"deckcheck: {read_summary(deck)}"))


def hint_if_terminal(path: str) -> None:
    """`-` at a terminal waits for a pasted decklist: say so, and how to end it."""
    from deckcheck.decklist import STDIN

    if path == STDIN and sys.stdin is not None and sys.stdin.isatty():     # None: started with stdin closed
        click.echo("deckcheck: reading a decklist from standard input (paste it, then Ctrl-D)", err=True)


def capped_jobs(jobs: int | None) -> int | None:
    """--jobs, at most process.max_jobs() (with a note when lowered); None stays None (the command's default)."""
    from deckcheck.process import cap_jobs

    if jobs is None:
        return None
    jobs, lowered = cap_jobs(jobs)
    if lowered:
        note(f"deckcheck: {lowered}")
    return jobs
