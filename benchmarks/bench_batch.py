"""Benchmark `deckcheck batch`: 500 registrations with the decklists pasted into the cells.

    .venv/bin/python benchmarks/bench_batch.py [--rows 500] [--repeat 3] [--corpus]

Runs the real command in a fresh process (start-up, catalog load, reading the workbook, checking every deck,
writing the results workbook) with --jobs 1 and --jobs 2, and prints the best wall time of --repeat runs and
the time per deck. The decks are the synthetic fixtures of tests/fixtures/batch (half legal, half illegal);
--corpus pastes the real decklists of ../shared/decks instead (read there, never copied into the project).
The target (issue 5): 500 registrations in under 20 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from tests.fixtures.batch import RowSpec, write_xlsx  # noqa: E402

FIXTURES = PROJECT / "tests" / "fixtures" / "batch"
SHARED_DECKS = PROJECT.parent / "shared" / "decks"


def deck_texts(corpus: bool) -> list[str]:
    if not corpus:
        return [(FIXTURES / name).read_text(encoding="utf-8") for name in ("wizard-legal.meccg",
                                                                           "wizard-illegal.meccg")]
    from deckcheck.fileio import read_text

    if not SHARED_DECKS.is_dir():
        sys.exit(f"--corpus needs {SHARED_DECKS}")
    files = sorted(p for p in SHARED_DECKS.rglob("*") if p.is_file() and p.parent != SHARED_DECKS)
    return [read_text(p)[0] for p in files]


def registrations(path: Path, rows: int, texts: list[str]) -> None:
    specs = [RowSpec(kind="legal-pasted", player=f"Player {i + 1:03d}", deck=texts[i % len(texts)],
                     extras={"Table": i + 1, "E-mail": f"p{i}@example.org", "Notes": ""}) for i in range(rows)]
    write_xlsx(path, specs, sheets=2)


def run(registrations_path: Path, out: Path, jobs: int) -> tuple[float, int]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "deckcheck", "batch", str(registrations_path), "-o", str(out),
                           "--jobs", str(jobs), "--force"], capture_output=True, text=True, cwd=PROJECT)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        sys.exit(f"deckcheck batch failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed, done.returncode


def in_process(registrations_path: Path, rows: int) -> None:
    """Reading the workbook and checking the decks, without process start-up and catalog load."""
    from deckcheck.batch import Settings, read_registrations, run_batch
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.report.batch_results import xlsx_bytes

    load_catalog()
    started = time.perf_counter()
    table = read_registrations(registrations_path)
    read = time.perf_counter() - started
    started = time.perf_counter()
    results = run_batch(table.registrations, Settings(base_dir=str(registrations_path.parent)), jobs=1)
    checked = time.perf_counter() - started
    started = time.perf_counter()
    workbook = xlsx_bytes(results, table.extra_columns)
    written = time.perf_counter() - started
    violations = sum(len(r.violations) for r in results)
    print(f"in process: reading the workbook {read:.2f} s, checking {rows} decks {checked:.2f} s "
          f"({checked / rows * 1000:.2f} ms per deck), writing the results workbook {written:.2f} s "
          f"({violations} violation rows, {len(workbook) / 1024:.0f} KiB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", action="store_true", help="paste the real decklists of ../shared/decks")
    args = parser.parse_args()

    texts = deck_texts(args.corpus)
    with tempfile.TemporaryDirectory() as tmp:
        reg = Path(tmp) / "registrations.xlsx"
        registrations(reg, args.rows, texts)
        print(f"registrations: {args.rows} rows, {len(texts)} distinct pasted decklists "
              f"({'../shared corpus' if args.corpus else 'synthetic fixtures'}), "
              f"{reg.stat().st_size / 1024:.0f} KiB; cpus: {os.cpu_count()}")
        in_process(reg, args.rows)
        for jobs in (1, 2):
            times = []
            for _ in range(args.repeat):
                elapsed, code = run(reg, Path(tmp) / f"results-{jobs}.xlsx", jobs)
                times.append(elapsed)
            best = min(times)
            print(f"--jobs {jobs}: best {best:6.2f} s of {args.repeat} (all: "
                  f"{', '.join(f'{t:.2f}' for t in times)}), {best / args.rows * 1000:6.2f} ms per deck, "
                  f"exit {code}; target < 20 s: {'met' if best < 20 else 'MISSED'}")


if __name__ == "__main__":
    main()
