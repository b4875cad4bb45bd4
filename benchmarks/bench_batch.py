"""Benchmark `deckcheck batch`: registrations with the real decklists of ../shared/decks pasted into the cells.

    .venv/bin/python benchmarks/bench_batch.py [--rows 500] [--repeat 3] [--jobs 1,2] [--synthetic] [--keep DIR]

Runs the real command in a fresh process under `/usr/bin/time -v` (start-up, catalog load, reading the workbook,
checking every deck, writing the results workbook) once per --jobs value and --repeat times, taking turns, and
prints the median wall time, the time per deck, the CPU time (user + system) and the peak memory (maximum
resident set size) of each.
The decks cycle through every real decklist of ../shared/decks (read there, never copied into the project);
--synthetic pastes the two small fixtures of tests/fixtures/batch instead (no corpus needed, not the target).
Then where the time goes, in one process: reading the registrations, checking the decks, writing the workbook.

Targets (issue "Fast where a user waits"), real decks: 500 registrations in at most 10 s, 5,000 in at most 60 s
(between the two, the straight line; past 5,000, 12 ms a row), and at most 400 MB of memory. Each line says
whether the target is met; the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(PROJECT))

from benchmarks._common import ensure_bytecode, print_conditions  # noqa: E402
from tests.fixtures.batch import RowSpec, write_xlsx  # noqa: E402

FIXTURES = PROJECT / "tests" / "fixtures" / "batch"
SHARED_DECKS = PROJECT.parent / "shared" / "decks"
MEMORY_TARGET_MB = 400
TIME = "/usr/bin/time"


def target_seconds(rows: int) -> float:
    """10 s for 500 rows, 60 s for 5,000, the straight line between; 12 ms a row past 5,000."""
    if rows <= 500:
        return 10.0
    if rows <= 5000:
        return 10.0 + (rows - 500) * 50.0 / 4500
    return rows * 0.012


def deck_texts(synthetic: bool) -> list[str]:
    if synthetic:
        return [(FIXTURES / name).read_text(encoding="utf-8") for name in ("wizard-legal.meccg",
                                                                           "wizard-illegal.meccg")]
    from deckcheck.fileio import read_text

    if not SHARED_DECKS.is_dir():
        sys.exit(f"the real decks are not at {SHARED_DECKS}; --synthetic runs on the test fixtures instead")
    files = sorted(p for p in SHARED_DECKS.rglob("*") if p.is_file() and p.parent != SHARED_DECKS)
    return [read_text(p)[0] for p in files]


def registrations(path: Path, rows: int, texts: list[str]) -> None:
    specs = [RowSpec(kind="legal-pasted", player=f"Player {i + 1:04d}", deck=texts[i % len(texts)],
                     extras={"Table": i + 1, "E-mail": f"p{i}@example.org", "Notes": ""}) for i in range(rows)]
    write_xlsx(path, specs, sheets=2)


def run(registrations_path: Path, out: Path, jobs: int) -> tuple[float, float, int, float]:
    """Wall seconds, peak memory (MB, the largest process), exit code and CPU seconds (user + system, of the
    command and its workers: what load on the machine inflates least) of one `deckcheck batch`."""
    command = [sys.executable, "-m", "deckcheck", "batch", str(registrations_path), "-o", str(out),
               "--jobs", str(jobs), "--force"]
    timed = [TIME, "-v", *command] if os.access(TIME, os.X_OK) else command
    started = time.perf_counter()
    done = subprocess.run(timed, capture_output=True, text=True, cwd=PROJECT)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        sys.exit(f"deckcheck batch failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    cpu = sum(float(m) for m in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", done.stderr))
    return elapsed, (int(peak.group(1)) / 1024 if peak else float("nan")), done.returncode, \
        (cpu if peak else float("nan"))


def in_process(registrations_path: Path, rows: int) -> None:
    """Reading the workbook, checking the decks and writing the results as the command does (the Decklists rows
    and the metagame tally as each row comes, the rest at the end), without process start-up. CPU seconds."""
    from deckcheck.batch import Settings, read_registrations, run_batch
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.report.batch_results import ResultsWorkbook, xlsx_bytes

    load_catalog()
    started = time.process_time()
    table = read_registrations(registrations_path)
    read = time.process_time() - started
    sink = ResultsWorkbook(any(reg.sheet for reg in table.registrations))
    streamed = [0.0]

    def take(result) -> None:
        began = time.process_time()
        sink.add(result)
        streamed[0] += time.process_time() - began

    started = time.process_time()
    results = run_batch(table.registrations, Settings(base_dir=str(registrations_path.parent)), jobs=1,
                        on_result=take)
    checked = time.process_time() - started - streamed[0]
    started = time.process_time()
    workbook = xlsx_bytes(results, table.extra_columns, sink)
    written = time.process_time() - started
    violations = sum(len(r.violations) for r in results)
    print(f"in one process, CPU: reading the registrations {read:.2f} s, checking {rows} decks {checked:.2f} s "
          f"({checked / rows * 1000:.2f} ms a deck), the Decklists rows and metagame tally as each row comes "
          f"{streamed[0]:.2f} s, finishing the results workbook {written:.2f} s ({violations} violation rows, "
          f"{len(workbook) / 1024:.0f} KiB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each --jobs value (the median is judged)")
    parser.add_argument("--jobs", default="1,2", help="comma-separated --jobs values to run")
    parser.add_argument("--synthetic", action="store_true",
                        help="paste the two small test fixtures instead of the real decks (not the target)")
    parser.add_argument("--no-breakdown", action="store_true", help="skip the in-process breakdown")
    parser.add_argument("--keep", metavar="DIR", help="leave the registrations and results workbooks in DIR")
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    texts = deck_texts(args.synthetic)
    jobs_values = [int(j) for j in args.jobs.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        reg = folder / f"registrations-{args.rows}.xlsx"
        registrations(reg, args.rows, texts)
        print(f"registrations: {args.rows} rows, {len(texts)} distinct pasted decklists "
              f"({'synthetic fixtures, NOT the target' if args.synthetic else 'the real decks of ../shared'}), "
              f"{reg.stat().st_size / 1024:.0f} KiB")
        if not args.no_breakdown:
            in_process(reg, args.rows)
        times: dict[int, list[tuple[float, float, int, float]]] = {jobs: [] for jobs in jobs_values}
        for _ in range(args.repeat):
            for jobs in jobs_values:        # taking turns: a burst of other work falls on each alike
                times[jobs].append(run(reg, folder / f"results-{args.rows}-jobs{jobs}.xlsx", jobs))
        target = target_seconds(args.rows)
        for jobs, runs in times.items():
            wall = statistics.median(t for t, _, _, _ in runs)
            cpu = statistics.median(c for _, _, _, c in runs)
            peak = max(m for _, m, _, _ in runs)
            met = wall <= target and peak <= MEMORY_TARGET_MB
            each = ", ".join(f"{t:.2f}" for t, _, _, _ in runs)
            print(f"--jobs {jobs}: median {wall:6.2f} s of {len(runs)} (all: {each}), "
                  f"{wall / args.rows * 1000:.2f} ms a deck, CPU {cpu:.2f} s (user + system, median; "
                  f"{'within' if cpu <= target else 'over'} the time target too), "
                  f"peak memory {peak:.0f} MB, exit {runs[-1][2]}; "
                  f"target <= {target:.0f} s and <= {MEMORY_TARGET_MB} MB: {'met' if met else 'MISSED'}"
                  + (" (synthetic decks: not the target's)" if args.synthetic else ""))
    print(f"load average now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
