"""deckcheck show, convert and diff: a deck as read, in another format, against another."""

from __future__ import annotations

import sys

import click

from deckcheck.commands.options import (
    DECK_ALIGNMENTS,
    DECK_FORMATS,
    INPUT_PATH,
    OUTPUT_PATH,
    lang_option,
    pool_option,
    text_or_json_option,
)
from deckcheck.commands.reading import hint_if_terminal, in_language, read_deck_reporting
from deckcheck.console import diagnostic as report_diagnostic
from deckcheck.console import note
from deckcheck.errors import DeckcheckError
from deckcheck.terminal import printable, printable_json


@click.command()
@click.argument("deck", type=INPUT_PATH)
@text_or_json_option()
@pool_option()
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Play the deck as this alignment (overrides inference).")
@lang_option()
def show(deck: str, output: str, input_format: str | None, alignment: str | None, lang: str) -> None:
    """Print the parsed DECK (a file, or - for standard input) by part, with counts and source lines."""
    from deckcheck.decklist.show import render_json, render_text
    from deckcheck.decklist.writers import deck_in_language

    parsed = read_deck_reporting(deck, input_format, alignment)
    text = render_json(parsed) if output == "json" else \
        in_language(render_text(deck_in_language(parsed, lang)), [parsed], lang)   # the avatar line too
    click.echo(text, nl=False)


WRITE_CHOICE = click.Choice(["gccg", "meccg", "cardnum", "octgn", "tts", "json", "markdown"])   # WRITE_FORMATS


@click.command()
@click.argument("deck", type=INPUT_PATH)
@click.option("--to", "to_format", type=WRITE_CHOICE,
              help="The format to write: gccg (GCCG's .deck), meccg (meccg-online's .meccg), cardnum (Cardnum's zone "
                   "text), octgn (OCTGN's .o8d), tts (a Tabletop Simulator saved object, names only), json or "
                   "markdown (default: from -o's suffix: .deck, .meccg, .o8d, .json, .md).")
@click.option("-o", "--out", "out_path", type=OUTPUT_PATH,
              help="Write here instead of stdout; the suffix picks the format.")
@click.option("--force", is_flag=True, help="Replace the output file if it exists.")
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Play the deck as this alignment (overrides inference).")
@lang_option()
@pool_option()
@click.option("--check", is_flag=True,
              help="Instead of converting: check a deckcheck JSON deck against the whole of its schema "
                   "(deckcheck/schemas/deck.schema.json), each problem with its line; exit 1 when it does not fit. "
                   "Reading a deck checks only what the reader uses.")
def convert(deck: str, to_format: str | None, out_path: str | None, force: bool, input_format: str | None,
            alignment: str | None, lang: str, check: bool) -> None:
    """Convert DECK for a client (GCCG, meccg-online, Cardnum, OCTGN, Tabletop Simulator), or to deckcheck JSON
    or Markdown. What a client will not take from the deck is said on stderr."""
    from deckcheck.decklist.writers import WRITE_FORMATS, client_warnings, write_deck
    from deckcheck.fileio import atomic_write_text, refuse_overwriting_inputs
    from deckcheck.report.output_format import choose_format

    if check:
        if to_format or out_path:
            raise click.UsageError("--check only checks the deck: leave out --to and -o")
        sys.exit(_check_json_deck(deck, input_format))
    if to_format is None and out_path is None:
        raise click.UsageError(f"give --to {'|'.join(WRITE_FORMATS)}, or -o FILE ending in .deck, .meccg, .o8d, "
                               ".json or .md")
    to_format = choose_format(out_path, to_format, WRITE_FORMATS, default="gccg", option="--to")
    if out_path:
        refuse_overwriting_inputs(out_path, [deck])
    parsed = read_deck_reporting(deck, input_format, alignment)   # a missing or unreadable deck: exit 2 here
    text = write_deck(parsed, to_format, lang=lang)
    for warning in client_warnings(parsed, to_format):
        report_diagnostic(printable(f"deckcheck: {to_format}: {warning}"), "warning")
    if out_path:
        atomic_write_text(out_path, text, overwrite=force)
        note(printable(f"wrote {out_path} ({to_format}, {len(parsed.entries)} entries)"))
    else:
        click.echo(printable(text), nl=False)


def _check_json_deck(path: str, input_format: str | None) -> int:
    """convert --check: every way a deckcheck JSON deck breaks its schema, on stderr; 0 when it fits, else 1."""
    from deckcheck.decklist import read_deck_text
    from deckcheck.decklist.detect import detect
    from deckcheck.decklist.lines import ReadResult, load_json
    from deckcheck.decklist.native import SCHEMA, check_against_schema

    hint_if_terminal(path)
    text, _, name = read_deck_text(path)
    kind = input_format or detect(text, name)
    if kind != "json":
        raise DeckcheckError(f"--check checks a deckcheck JSON deck against its schema; this file reads as {kind}",
                             name)
    try:
        data = load_json(text.lstrip("\ufeff"))
    except ValueError as exc:
        raise DeckcheckError(f"not valid JSON: {getattr(exc, 'msg', exc)}", name, getattr(exc, "lineno", None)) \
            from None
    except RecursionError:
        raise DeckcheckError("JSON nested too deeply", name) from None
    result = ReadResult(format="json")
    check_against_schema(result, data, text, name)
    for diagnostic in result.diagnostics:
        report_diagnostic(diagnostic.one_line(), "error")
    problems = len(result.diagnostics)
    note(printable(f"deckcheck: {name}: fits {SCHEMA}" if not problems else
                   f"deckcheck: {name}: {problems} problem{'' if problems == 1 else 's'} with {SCHEMA}"))
    return 1 if problems else 0


@click.command("diff")
@click.argument("registered", type=INPUT_PATH)
@click.argument("played", type=INPUT_PATH)
@text_or_json_option()
def diff_command(registered: str, played: str, output: str) -> None:
    """Compare the REGISTERED deck with the PLAYED one card by card and part by part (any formats, any spelling).

    Exit 0 when they hold the same cards in the same parts, 1 when they differ, 2 on an input error -- a line
    of either file that could not be read included: what it held cannot be compared."""
    import json

    from deckcheck.decklist import STDIN
    from deckcheck.decklist.diff import diff_decks, render_text, to_json

    if registered == played == STDIN:
        raise DeckcheckError("standard input can be read once: give a file for REGISTERED or PLAYED")
    result = diff_decks(*(read_deck_reporting(path) for path in (registered, played)))
    click.echo(printable_json(json.dumps(to_json(result), ensure_ascii=False, indent=2)) if output == "json"
               else printable(render_text(result)), nl=output == "json")
    if result.unread_note():
        click.echo(printable(f"deckcheck: {result.unread_note()}"), err=True)
    sys.exit(result.exit_code)
