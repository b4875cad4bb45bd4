"""`deckcheck batch`: registrations in, results out, exit code from the verdicts.

Kept out of cli.py so the command there stays a thin layer and openpyxl loads only when batch runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from deckcheck.batch.outputs import plan_output, results_sink, write_results
from deckcheck.batch.registrations import MAX_ROWS, read_registrations
from deckcheck.batch.repeats import mark_repeats
from deckcheck.batch.runner import ERROR, ILLEGAL, LEGAL, RowResult, Settings, deck_path, named_file, run_batch
from deckcheck.console import detail, note, show_progress
from deckcheck.errors import DeckcheckError
from deckcheck.fileio import refuse_overwriting_inputs
from deckcheck.process import cap_jobs
from deckcheck.terminal import printable

# Below this many registrations a bar would only flicker.
PROGRESS_MIN_ROWS = 2


def run_batch_command(registrations: str, *, out: str | None, output_format: str | None, ruleset: str,
                      length: int, jobs: int, force: bool, settings: Settings | None = None,
                      decks_dir: str | None = None, allow_outside: bool = False, max_rows: int = MAX_ROWS,
                      columns: dict[str, str] | None = None) -> int:
    """Run the whole command; returns the exit code (0 all legal, 1 some illegal or unreadable).

    Deck paths resolve inside the registrations folder, or `decks_dir`; with allow_outside anywhere."""
    plan = plan_output(out, output_format, force=force, registrations=registrations)
    jobs, lowered = cap_jobs(jobs)
    if lowered:
        note(f"deckcheck: {lowered}")
    check_decks_dir(decks_dir)
    _check_data()
    table = read_sheet(registrations, max_rows=max_rows, columns=columns)
    settings = sheet_settings(registrations, ruleset=ruleset, length=length, decks_dir=decks_dir,
                              allow_outside=allow_outside, settings=settings)
    _refuse_writing_over_decks(plan, table.registrations, settings)
    # an xlsx workbook takes each row as it is checked: its cards are written and tallied, and let go
    sink = results_sink(plan, any(reg.sheet for reg in table.registrations))
    results = _run_with_progress(table.registrations, settings, jobs, on_result=sink.add if sink else None)
    for result in results:      # -v: each row's verdict, as the organizer would call it out
        detail(printable(f"deckcheck: {result.sheet + '!' if result.sheet else 'row '}{result.row} "
                         f"{result.player}: {result.status} ({result.deck})"
                         + (f": {result.first_problem}" if result.first_problem else "")))
    for line in mark_repeats(results):
        note(printable(f"deckcheck: {line}"))
    written = write_results(plan, results, table.extra_columns, registrations=registrations, ruleset=ruleset,
                            length=length, stdout=sys.stdout, sink=sink)
    if plan.format == "csv" and plan.path is None and any(r.violations for r in results):
        note("deckcheck: only the Summary table is on stdout; -o NAME.csv also writes the Violations to "
             "NAME-violations.csv (or use --output json)")
    note(printable(_summary_line(results, written)))
    return 0 if all(r.status == LEGAL for r in results) else 1


def check_decks_dir(decks_dir: str | None) -> None:
    if decks_dir is not None and not Path(decks_dir).is_dir():
        raise DeckcheckError("no such folder (--decks-dir)", decks_dir)


def read_sheet(registrations: str | Path, *, max_rows: int = MAX_ROWS, columns: dict[str, str] | None = None):
    """The registrations of a sheet, read as `batch` and `meta` both read it, its notes said (skipped sheets,
    columns without a header)."""
    table = read_registrations(registrations, max_rows=max_rows, columns=columns)
    for said in table.notes:
        note(printable(f"deckcheck: {said}"))
    return table


def sheet_settings(registrations: str | Path, *, ruleset: str, length: int, decks_dir: str | None = None,
                   allow_outside: bool = False, settings: Settings | None = None) -> Settings:
    """Where a sheet's deck paths resolve (its folder, or --decks-dir) and whether they may lead out of it."""
    base_dir = str(Path(decks_dir or Path(registrations).parent).resolve())
    folder = "the decks folder (--decks-dir)" if decks_dir else "the registrations folder"
    settings = settings or Settings(base_dir=base_dir, ruleset=ruleset, length=length)
    settings.allow_outside, settings.folder = allow_outside, folder
    return settings


def _refuse_writing_over_decks(plan, registrations, settings: Settings) -> None:
    """No results file may replace a deck file a row names (`-o decks/ann.json --force`), checked before any
    deck is: the batch never writes over its inputs."""
    if not plan.paths:
        return
    decks = named_deck_files(registrations, settings)
    for target in plan.paths:
        refuse_overwriting_inputs(target, decks)


def named_deck_files(registrations, settings: Settings) -> list[Path]:
    """The deck files the rows name that the batch may read (a path it will not read is its row's error),
    including a one-line cell that reads as a decklist but names a file there, which is read when it is none."""
    decks = []
    for reg in registrations:
        if not reg.deck.strip():
            continue
        if reg.deck_is_pasted:
            path = named_file(reg, settings)
            if path is not None:
                decks.append(path)
            continue
        try:
            decks.append(deck_path(reg.deck, settings.base_dir, allow_outside=settings.allow_outside))
        except DeckcheckError:
            continue
    return decks


def _check_data() -> None:
    """Load the card catalog and every ruleset once, here: damaged data is one line and exit 2, not an error on
    every row."""
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.rules.ruleset import RULESET_NAMES, available, load_ruleset

    load_catalog()
    for ruleset in RULESET_NAMES:
        for alignment in available(ruleset):
            load_ruleset(ruleset, alignment)


def _run_with_progress(registrations, settings: Settings, jobs: int, on_result=None) -> list[RowResult]:
    if not _stderr_is_terminal() or len(registrations) < PROGRESS_MIN_ROWS:
        return run_batch(registrations, settings, jobs=jobs, on_result=on_result)
    with click.progressbar(length=len(registrations), label="checking decks", file=sys.stderr,
                           show_pos=True, show_eta=True) as bar:
        def each(result: RowResult) -> None:
            if on_result:
                on_result(result)
            bar.update(1)

        return run_batch(registrations, settings, jobs=jobs, on_result=each)


_stderr_is_terminal = show_progress     # tests stand in a terminal here


def _summary_line(results: list[RowResult], written: list[Path]) -> str:
    legal = sum(r.status == LEGAL for r in results)
    illegal = sum(r.status == ILLEGAL for r in results)
    errors = sum(r.status == ERROR for r in results)
    where = f"; results in {', '.join(str(p) for p in written)}" if written else ""
    return (f"deckcheck: {len(results)} registrations: {legal} legal, {illegal} illegal, "
            f"{errors} error{'' if errors == 1 else 's'} (row or deck unreadable){where}")
