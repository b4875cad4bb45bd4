"""Where and how a batch's results are written: the format, the files, and the checks made before any work.

Everything that could stop the write (an existing file without --force, the output being the registrations
file itself, a missing directory) is checked before the decks are; then the files are written atomically.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deckcheck.batch.runner import RowResult
from deckcheck.errors import DeckcheckError
from deckcheck.fileio import atomic_write_bytes, atomic_write_files, check_output
from deckcheck.report.output_format import choose_format

FORMATS = ("xlsx", "csv", "json")


@dataclass(frozen=True)
class OutputPlan:
    format: str                     # xlsx | csv | json
    path: Path | None               # None: to stdout (csv, json)
    violations_path: Path | None    # CSV only: the Violations table's own file
    force: bool

    @property
    def paths(self) -> list[Path]:
        return [p for p in (self.path, self.violations_path) if p is not None]


def plan_output(out: str | None, fmt: str | None, *, force: bool, registrations: str) -> OutputPlan:
    """Decide the output format and files; a DeckcheckError (exit 2) for anything that would fail later."""
    from deckcheck.report.batch_results import violations_csv_path

    path = Path(out) if out else None
    if fmt is not None and fmt not in FORMATS:
        raise DeckcheckError(f"unknown output format {fmt!r}; use {', '.join(FORMATS)}")
    # CSV text in a file called .xlsx would only fail later, when the organizer opens it: a mismatch is an error.
    fmt = choose_format(out, fmt, FORMATS, default="json", file_only=("xlsx",))
    plan = OutputPlan(format=fmt, path=path,
                      violations_path=violations_csv_path(path) if (path and fmt == "csv") else None,
                      force=force)
    for target in plan.paths:
        _check_target(target, force=force, registrations=Path(registrations))
    return plan


def _check_target(target: Path, *, force: bool, registrations: Path) -> None:
    if _same_file(target, registrations):
        raise DeckcheckError("is the registrations file; the input is never overwritten", str(target))
    check_output(target, force=force)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise DeckcheckError("the directory for the results does not exist", str(target))
    if not os.access(parent, os.W_OK):
        raise DeckcheckError("the directory for the results is not writable", str(target))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def results_sink(plan: OutputPlan, has_sheets: bool):
    """What takes each row as it is checked (`.add(row)`): the workbook of an xlsx plan, whose Decklists and
    Metagame sheets are made as the rows come (report/batch_results.py ResultsWorkbook); None for CSV and JSON."""
    if plan.format != "xlsx" or plan.path is None:
        return None
    from deckcheck.report.batch_results import ResultsWorkbook

    return ResultsWorkbook(has_sheets)


def write_results(plan: OutputPlan, results: Sequence[RowResult], extra_columns: Sequence[str], *,
                  registrations: str, ruleset: str, length: int, stdout, sink=None) -> list[Path]:
    """Write the results as planned (an xlsx plan's workbook begun in `sink`, from `results_sink`); returns the
    files written (none when they went to stdout).

    A workbook or CSV that cannot be written at the end (a full disk, a file the writer needs removed under
    it) does not lose the run: the results are saved as JSON beside it, and the error line says where."""
    try:
        return _write_as_planned(plan, results, extra_columns, registrations=registrations, ruleset=ruleset,
                                 length=length, stdout=stdout, sink=sink)
    except Exception as exc:
        if plan.path is None or plan.format == "json":
            raise
        reason = exc.one_line() if isinstance(exc, DeckcheckError) else \
            f"{plan.path}: cannot write: {getattr(exc, 'strerror', None) or exc}"
        rescue = _save_rescue(plan.path, results, registrations=registrations, ruleset=ruleset, length=length)
        saved = (f"the results of the {len(results)} rows checked are in {rescue} (JSON)" if rescue
                 else "the results could not be saved elsewhere either")
        raise DeckcheckError(f"{reason}; {saved}") from None


def _save_rescue(path: Path, results, *, registrations: str, ruleset: str, length: int) -> Path | None:
    """The results as JSON in a new file beside `path` (never replacing one), or None when that fails too."""
    from deckcheck.report import batch_results as report

    data = report.json_text(report.json_document(results, registrations=registrations, ruleset=ruleset,
                                                 length=length)).encode("utf-8")
    for n in range(1, 10):
        rescue = path.with_name(f"{path.stem}.recovered{'' if n == 1 else f'-{n}'}.json")
        if os.path.lexists(rescue):
            continue
        try:
            atomic_write_bytes(rescue, data, overwrite=False)
            return rescue
        except DeckcheckError:
            return None
    return None


def _write_as_planned(plan: OutputPlan, results: Sequence[RowResult], extra_columns: Sequence[str], *,
                      registrations: str, ruleset: str, length: int, stdout, sink=None) -> list[Path]:
    from deckcheck.report import batch_results as report

    if plan.format == "json":
        text = report.json_text(report.json_document(results, registrations=registrations,
                                                     ruleset=ruleset, length=length))
        return _emit(plan.path, text.encode("utf-8"), plan, stdout)
    if plan.format == "csv":
        summary = report.csv_text(*report.summary_table(results, extra_columns))
        if plan.path is None:
            stdout.write(summary)
            return []
        violations = report.csv_text(*report.violations_table(results))
        # utf-8-sig: Excel opens a BOM-marked CSV as UTF-8 (player names with accents survive). The pair is
        # written as one: a full disk leaves neither file, never a Summary without its Violations.
        atomic_write_files([(plan.path, summary.encode("utf-8-sig")),
                            (plan.violations_path, violations.encode("utf-8-sig"))], overwrite=plan.force)
        return [plan.path, plan.violations_path]
    return _emit(plan.path, report.xlsx_bytes(results, extra_columns, sink), plan, stdout)


def _emit(path: Path | None, data: bytes, plan: OutputPlan, stdout) -> list[Path]:
    if path is None:
        stdout.write(data.decode("utf-8"))
        return []
    atomic_write_bytes(path, data, overwrite=plan.force)
    return [path]
