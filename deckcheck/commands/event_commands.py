"""deckcheck batch, meta and sheet: a tournament's registrations, its field, a deck's registration sheet."""

from __future__ import annotations

import sys

import click

from deckcheck.commands.options import (
    INPUT_PATH,
    OUTPUT_PATH,
    length_option,
    named_columns,
    pool_option,
    rules_option,
    sheet_options,
)
from deckcheck.commands.reading import read_deck_reporting
from deckcheck.console import note
from deckcheck.terminal import printable


@click.command("batch")
@pool_option()
@click.argument("registrations", type=INPUT_PATH)
@click.option("-o", "--out", "out", type=OUTPUT_PATH,
              help="Results file: .xlsx (Summary + Violations sheets), .csv (plus NAME-violations.csv) or .json.")
@click.option("--output", "output_format", type=click.Choice(["xlsx", "csv", "json"]),
              help="Results format; default from -o's suffix, JSON on stdout without -o.")
@rules_option("Ruleset for rows without a ruleset column value.")
@length_option("Game length (1-4 decks) for rows without a length column value.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Check decks in this many parallel processes (at most 2 per CPU).")
@click.option("--force", is_flag=True, help="Replace an existing results file.")
@click.option("--max-rows", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Registrations read at most; a bigger sheet is refused (exit 2) before any deck is checked.")
@sheet_options
def batch_command(registrations, out, output_format, ruleset, length, jobs, force, decks_dir, allow_outside,
                  max_rows, **columns) -> None:
    """Check every registered deck of a tournament: REGISTRATIONS is an .xlsx or .csv file with player and
    deck columns (deck = a path relative to the file, or the decklist pasted into the cell).

    Exit 0 when every deck is legal, 1 when some deck is illegal or unreadable, 2 when the registrations
    file itself cannot be used.
    """
    from deckcheck.batch.command import run_batch_command

    named = named_columns(columns)
    sys.exit(run_batch_command(registrations, out=out, output_format=output_format, ruleset=ruleset,
                               length=length, jobs=jobs, force=force, decks_dir=decks_dir,
                               allow_outside=allow_outside, max_rows=max_rows, columns=named))


@click.command("meta")
@pool_option()
@click.argument("inputs", nargs=-1, required=True, type=INPUT_PATH)
@click.option("-o", "--out", type=OUTPUT_PATH, help="Write here (.txt, .json, .xlsx or .html).")
@click.option("--output", type=click.Choice(["text", "json", "xlsx", "html"]),
              help="Report format; default from -o's suffix, else text.")
@click.option("--validate", is_flag=True, help="Check each deck file too, for the legal rate per alignment "
                                               "(a registrations sheet is always checked).")
@rules_option("Ruleset for --validate and for registrations without a ruleset column value.")
@length_option()
@click.option("--top", type=click.IntRange(min=0), default=40, show_default=True,
              help="Cards listed in the text report (0: all).")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@sheet_options
def meta_command(inputs, out, output, validate, ruleset, length, top, force, decks_dir, allow_outside,
                 **columns) -> None:
    """What a field of decks plays: INPUTs are decklist files, folders of them, or a registrations sheet.

    Decks and share by alignment and avatar, each card's decks and copies by part, the average composition
    per alignment, and the legal rate where validated. A sheet is read as `batch` reads it (--decks-dir,
    --allow-outside, --player-column, ...). Exit 0, or 2 when an input could not be read."""
    from deckcheck.batch.meta_command import run_meta_command

    sys.exit(run_meta_command(inputs, out=out, output=output, validate=validate, ruleset=ruleset, length=length,
                              force=force, top=top, decks_dir=decks_dir, allow_outside=allow_outside,
                              columns=named_columns(columns)))


@click.command("sheet")
@click.argument("deck", type=INPUT_PATH)
@click.option("-o", "--out", "out_path", type=OUTPUT_PATH,
              help="Write the HTML sheet to FILE (ending in .html or .htm).")
@click.option("--event", help="The event's name, printed at the top.")
@click.option("--player", help="The player's name (default: the deck's, else a blank to fill in).")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
def sheet_command(deck: str, out_path: str | None, event: str | None, player: str | None, force: bool) -> None:
    """A printable registration sheet of DECK (HTML, A4 or Letter): event, player, signature, alignment, avatar,
    the fingerprint and every part with its counts and cards."""
    from deckcheck.fileio import atomic_write_text, refuse_overwriting_inputs
    from deckcheck.report.output_format import choose_format
    from deckcheck.report.sheet import render_sheet

    choose_format(out_path, None, ("html",), default="html", file_only=(), option=None)   # s.pdf: an error
    if out_path:
        refuse_overwriting_inputs(out_path, [deck])
    html = render_sheet(read_deck_reporting(deck, require_cards=True), event=event, player=player)
    if out_path:
        atomic_write_text(out_path, html, overwrite=force)
        note(printable(f"wrote {out_path}"))
    else:
        click.echo(html, nl=False)
