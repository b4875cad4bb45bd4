"""`deckcheck batch`: registrations in, results out, exit code from the verdicts.

Kept out of cli.py so the command there stays a thin layer and pandas/openpyxl load only when batch runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from deckcheck.batch.outputs import plan_output, write_results
from deckcheck.batch.registrations import read_registrations
from deckcheck.batch.repeats import mark_repeats
from deckcheck.batch.runner import ERROR, ILLEGAL, LEGAL, RowResult, Settings, run_batch
from deckcheck.terminal import printable

# Below this many registrations a bar would only flicker.
PROGRESS_MIN_ROWS = 2


def run_batch_command(registrations: str, *, out: str | None, output_format: str | None, ruleset: str,
                      length: int, jobs: int, force: bool, settings: Settings | None = None) -> int:
    """Run the whole command; returns the exit code (0 all legal, 1 some illegal or unreadable)."""
    plan = plan_output(out, output_format, force=force, registrations=registrations)
    _check_data()
    table = read_registrations(registrations)
    for note in table.notes:
        click.echo(printable(f"deckcheck: {note}"), err=True)
    base_dir = str(Path(registrations).resolve().parent)
    settings = settings or Settings(base_dir=base_dir, ruleset=ruleset, length=length)
    results = _run_with_progress(table.registrations, settings, jobs)
    for line in mark_repeats(results):
        click.echo(f"deckcheck: {line}", err=True)
    written = write_results(plan, results, table.extra_columns, registrations=registrations, ruleset=ruleset,
                            length=length, stdout=sys.stdout)
    if plan.format == "csv" and plan.path is None and any(r.violations for r in results):
        click.echo("deckcheck: only the Summary table is on stdout; -o NAME.csv also writes the Violations to "
                   "NAME-violations.csv (or use --output json)", err=True)
    click.echo(printable(_summary_line(results, written)), err=True)
    return 0 if all(r.status == LEGAL for r in results) else 1


def _check_data() -> None:
    """Load the card catalog and every ruleset once, here: damaged data is one line and exit 2, not an error on
    every row."""
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.rules.ruleset import RULESET_NAMES, available, load_ruleset

    load_catalog()
    for ruleset in RULESET_NAMES:
        for alignment in available(ruleset):
            load_ruleset(ruleset, alignment)


def _run_with_progress(registrations, settings: Settings, jobs: int) -> list[RowResult]:
    if not _stderr_is_terminal() or len(registrations) < PROGRESS_MIN_ROWS:
        return run_batch(registrations, settings, jobs=jobs)
    with click.progressbar(length=len(registrations), label="checking decks", file=sys.stderr,
                           show_pos=True, show_eta=True) as bar:
        return run_batch(registrations, settings, jobs=jobs, on_result=lambda _result: bar.update(1))


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _summary_line(results: list[RowResult], written: list[Path]) -> str:
    legal = sum(r.status == LEGAL for r in results)
    illegal = sum(r.status == ILLEGAL for r in results)
    errors = sum(r.status == ERROR for r in results)
    where = f"; results in {', '.join(str(p) for p in written)}" if written else ""
    return (f"deckcheck: {len(results)} registrations: {legal} legal, {illegal} illegal, "
            f"{errors} error{'' if errors == 1 else 's'} (row or deck unreadable){where}")
