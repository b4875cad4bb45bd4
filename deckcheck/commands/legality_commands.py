"""deckcheck validate and rules: a deck against the deck-construction rules; the rules themselves."""

from __future__ import annotations

import sys

import click

from deckcheck.commands.options import (
    DECK_ALIGNMENTS,
    DECK_FORMATS,
    INPUT_PATH,
    lang_option,
    length_option,
    pool_option,
    rules_option,
    text_or_json_option,
)
from deckcheck.commands.reading import hint_if_terminal, in_language, say_read
from deckcheck.console import detail, error_line, note, print_report, verbosity
from deckcheck.console import diagnostic as report_diagnostic
from deckcheck.errors import DataError, DeckcheckError
from deckcheck.terminal import printable

# Reading problems that also become legality violations (unknown-card, ambiguous-card, unreadable-line) are
# reported once, in the verdict: every reading error; the reader's warnings go to stderr.


@click.command("validate")
@pool_option()
@click.argument("decks", nargs=-1, required=True, type=INPUT_PATH)
@rules_option()
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Judge as this alignment (default: inferred).")
@length_option()
@text_or_json_option()
@click.option("--all-formats", is_flag=True,
              help="Show in which ruleset x alignment x length combinations the deck is legal.")
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
@click.option("--explain", is_flag=True,
              help="Under each violation, the reasoning: what was counted, which exception applied.")
@click.option("--collection", "collection_path", type=INPUT_PATH,
              help="The cards the player holds (or the sealed pool handed out), as any decklist or an 'N Name' "
                   "list: the deck may use no more copies of a card than it holds.")
@lang_option()
def validate_command(decks: tuple[str, ...], ruleset: str, alignment: str | None, length: int, output: str,
                     all_formats: bool, input_format: str | None, explain: bool, lang: str,
                     collection_path: str | None) -> None:
    """Check each DECK (a file, a folder of them, or - for standard input) against the deck-construction rules;
    every violation at once.

    Exit 0 when every deck is legal, 1 when any is illegal, 2 on a usage or input error.
    With --all-formats: exit 0 when the deck is legal in at least one combination."""
    from deckcheck.report import verdict as report
    from deckcheck.rules.engine import all_formats as judge_all
    from deckcheck.rules.engine import note_other_ruleset, validate_file
    if decks.count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    if all_formats:
        if len(decks) != 1 or output != "text":
            raise click.UsageError("--all-formats takes one deck and prints a text table")
        source = click.get_current_context().get_parameter_source
        given = [f"--{name}" for name in ("rules", "alignment", "length")
                 if source("ruleset" if name == "rules" else name) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"--all-formats tries every ruleset, alignment and length; drop {', '.join(given)}")
        hint_if_terminal(decks[0])
        rows = judge_all(decks[0], input_format=input_format)
        click.echo(report.render_matrix("<stdin>" if decks[0] == "-" else decks[0], rows), nl=False)
        legal_somewhere = any(getattr(cell, "legal", False) for _, _, cells in rows for cell in cells.values())
        sys.exit(0 if legal_somewhere else 1)
    _read_under_the_pool_of(ruleset)
    held = _collection(collection_path, ruleset)
    verdicts, read, input_errors = [], [], 0
    decks, from_folders = _deck_paths(decks)
    for path in decks:
        hint_if_terminal(path)
        try:
            deck, verdict = validate_file(path, ruleset=ruleset, alignment=alignment, length=length,
                                          input_format=input_format)
            if path in from_folders and not any(entry.card is not None for entry in deck.entries):
                raise DeckcheckError("no line names a known card: not a decklist", path)
        except DataError:
            raise               # deckcheck's own data is damaged: no deck can be checked, say it once
        except DeckcheckError as exc:
            if path in from_folders:   # a file of a folder that is no decklist: left out, as meta and matchups do
                note(printable(f"deckcheck: {exc.one_line()}; left out"))
                continue
            error_line(f"deckcheck: {exc.one_line()}")
            input_errors += 1
            continue
        say_read(deck)
        for diagnostic in deck.diagnostics:
            if diagnostic.severity != "error":
                report_diagnostic(diagnostic.one_line(), diagnostic.severity)
        if held is not None:     # judged under the ruleset chosen: no note of another one without the collection
            from deckcheck.rules.collection import add_to_verdict

            add_to_verdict(verdict, deck, held)
        else:
            note_other_ruleset(deck, verdict)
        verdicts.append(verdict)
        read.append(deck)
    listed = verbosity() >= 1 and output == "text"
    if verdicts and output == "json":
        click.echo(report.render_json(verdicts), nl=False)
    elif verdicts:
        print_report(in_language(report.render_text(verdicts, explain=explain, readings=listed), read, lang))
    # names read as other cards are part of the verdict: said in the closing line even with -q
    read_as = report.readings_line(verdicts, listed=listed, where="" if output == "text" else "JSON")
    if len(decks) > 1 or read_as:
        summary = "; ".join(filter(None, [report.summary_line(verdicts, unreadable=input_errors)
                                          if len(decks) > 1 else None, read_as]))
        if output == "text":
            print_report(f"\n{summary}\n")
        elif read_as:
            error_line(f"deckcheck: {summary}")       # stdout holds the JSON document only; not hidden by -q
        else:
            note(f"deckcheck: {summary}")
    if input_errors:
        sys.exit(2)
    sys.exit(0 if all(v.legal for v in verdicts) else 1)


def _collection(path: str | None, ruleset: str):
    """The collection of --collection (None without it); --rules sealed without one is said: the pool handed
    out is then not checked."""
    if path is None:
        from deckcheck.rules.ruleset import SEALED_RULESET_NAMES

        if ruleset in SEALED_RULESET_NAMES:
            note(f"deckcheck: --rules {ruleset} without --collection: the sealed pool handed out is not checked")
        return None
    from deckcheck.rules.collection import read_collection

    held = read_collection(path)
    if not held.copies:
        raise DeckcheckError("no line of the collection names a card", path)
    return held


def _read_under_the_pool_of(ruleset: str) -> None:
    """A ruleset of dream cards judges a deck read under its pool (--rules dreamcards reads --pool dreamcards)."""
    from deckcheck.cards.pools import ICE, pool_in_force, use_pool
    from deckcheck.rules.ruleset import pool_of

    pool = pool_of(ruleset)
    if pool != ICE and pool_in_force() != pool:
        use_pool(pool)
        if verbosity() >= 1:
            detail(f"deckcheck: --rules {ruleset} plays the {pool} card pool: the decks are read under it")


def _deck_paths(given: tuple[str, ...]) -> tuple[list[str], set[str]]:
    """The decks to check: each file as given, and for a folder its deck files to any depth (as meta reads one);
    also the set of those found in a folder, whose files that are no decklist are left out, not errors."""
    import os

    paths, from_folders = [], set()
    for source in given:
        if source != "-" and os.path.isdir(source):
            # imported only for a folder: the batch package (and pathlib) is no part of checking a file
            from pathlib import Path

            from deckcheck.batch.meta_command import deck_files

            found = [str(p) for p in deck_files(Path(source), say_empty=False)]
            if not found:
                raise DeckcheckError("no deck files in this folder", source)
            paths += found
            from_folders.update(found)
        else:
            paths.append(source)
    return paths, from_folders


@click.command("rules")
@pool_option()
@click.argument("code", required=False)
@rules_option()
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Only this alignment (default: every one the ruleset covers).")
@text_or_json_option()
def rules_command(code: str | None, ruleset: str, alignment: str | None, output: str) -> None:
    """List every rule: its code, what it checks, its numbers and its citation. With a CODE: that rule in full
    (what it checks, why, an example that breaks it and one that keeps it, its numbers and citations under every
    ruleset and alignment; --rules and --alignment narrow the table)."""
    import json

    from deckcheck.rules import load_ruleset
    from deckcheck.rules.describe import describe, render_rules, rule_page
    from deckcheck.rules.ruleset import available

    if code:
        from deckcheck.report.rule_page import render_rule_page

        page = rule_page(code)
        given = click.get_current_context().get_parameter_source("ruleset") == click.core.ParameterSource.COMMANDLINE
        page["rulesets"] = [r for r in page["rulesets"] if (not given or r["ruleset"] == ruleset)
                            and (not alignment or r["alignment"] == alignment)]
        if output == "json":
            click.echo(json.dumps(page, ensure_ascii=False, indent=2))
        else:
            print_report(render_rule_page(page))
        return

    alignments = [alignment] if alignment else available(ruleset)
    tables = {a: describe(load_ruleset(ruleset, a)) for a in alignments}
    if output == "json":
        click.echo(json.dumps({"schema": "deckcheck/rules/1", "ruleset": ruleset, "alignments": tables},
                              ensure_ascii=False, indent=2))
    else:
        print_report(render_rules(ruleset, tables))
