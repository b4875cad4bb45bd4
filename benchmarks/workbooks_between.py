"""The `deckcheck batch` results workbook of two commits, compared sheet by sheet and cell by cell.

    .venv/bin/python benchmarks/workbooks_between.py main HEAD [--rows 200] [--synthetic]

The registrations are those bench_batch.py makes (the real decks of ../shared/decks pasted into the cells; the
test fixtures with --synthetic); each commit is exported (`git archive`) and its `deckcheck batch` run on them.
Compared: the sheet names and order, every cell's value and type, and what a reader sees of its style (bold,
fill colour, wrapping, number format), the column widths, the frozen panes, the auto-filter and the print setup
(orientation, fit to width, rows printed on every page, gridlines). Both run with --jobs 1 by default: with several
processes a worker's near-miss index depends on which decks it read before. Exit 0 when the two workbooks hold the same,
1 when they differ (each difference printed, at most 20 a sheet), 2 on an error.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(PROJECT))

from benchmarks._common import exported  # noqa: E402
from benchmarks.bench_batch import deck_texts, registrations  # noqa: E402

SHOWN = 20


def results_at(commit: str, registrations_path: Path, out: Path, jobs: int) -> None:
    with exported(commit) as folder:
        done = subprocess.run([sys.executable, "-m", "deckcheck", "batch", str(registrations_path), "-o", str(out),
                               "--force", "--jobs", str(jobs)], cwd=folder, capture_output=True, text=True,
                              env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"})
        if done.returncode not in (0, 1):
            raise SystemExit(f"batch at {commit} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")


def sheet_facts(worksheet) -> dict:
    """What a reader of the sheet sees besides its cells."""
    setup = worksheet.page_setup
    return {"widths": {k: round(v.width, 2) for k, v in worksheet.column_dimensions.items() if v.width},
            "freeze": worksheet.freeze_panes, "filter": worksheet.auto_filter.ref,
            "print": (setup.orientation, setup.fitToWidth, setup.fitToHeight,
                      worksheet.sheet_properties.pageSetUpPr.fitToPage if worksheet.sheet_properties.pageSetUpPr
                      else None, worksheet.print_options.gridLines, worksheet.print_title_rows),
            "charts": len(worksheet._charts)}


def cell_facts(cell) -> tuple:
    fill = cell.fill.fgColor.rgb if cell.fill is not None and cell.fill.fill_type else None
    data_type = cell.data_type if cell.value is not None else None    # an empty cell has no type to read
    return (cell.value, data_type, bool(cell.font.bold), cell.font.italic, cell.font.size, fill,
            bool(cell.alignment.wrap_text), cell.number_format)


def differences(before: Path, after: Path) -> list[str]:
    import openpyxl

    old, new = openpyxl.load_workbook(before), openpyxl.load_workbook(after)
    found = []
    if old.sheetnames != new.sheetnames:
        found.append(f"sheets: {old.sheetnames} vs {new.sheetnames}")
    for name in old.sheetnames:
        if name not in new.sheetnames:
            continue
        a, b = old[name], new[name]
        if sheet_facts(a) != sheet_facts(b):
            found.append(f"{name}: {sheet_facts(a)} vs {sheet_facts(b)}")
        shown = 0
        rows = max(a.max_row, b.max_row)
        columns = max(a.max_column, b.max_column)
        for row in range(1, rows + 1):
            for column in range(1, columns + 1):
                x, y = cell_facts(a.cell(row, column)), cell_facts(b.cell(row, column))
                if x != y:
                    shown += 1
                    if shown <= SHOWN:
                        found.append(f"{name}!{a.cell(row, column).coordinate}: {x} vs {y}")
        if shown > SHOWN:
            found.append(f"{name}: {shown - SHOWN} more cells differ")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--synthetic", action="store_true", help="the test fixtures instead of the real decks")
    parser.add_argument("--jobs", type=int, default=1, help="batch --jobs of both runs (default 1: one process)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        reg = folder / "registrations.xlsx"
        registrations(reg, args.rows, deck_texts(args.synthetic))
        results_at(args.before, reg, folder / "before.xlsx", args.jobs)
        results_at(args.after, reg, folder / "after.xlsx", args.jobs)
        found = differences(folder / "before.xlsx", folder / "after.xlsx")
    print("\n".join(found))
    what = "the test fixtures" if args.synthetic else "the real decks"
    print(f"{args.rows} registrations ({what}): "
          + ("the two workbooks hold the same sheets, cells, styles and print setup" if not found
             else f"{len(found)} differences") + f" ({args.before} vs {args.after})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
