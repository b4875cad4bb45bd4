"""Speed of `deckcheck validate`: one deck cold from the shell, and the whole shared corpus in-process.

Targets (issue "Rules", part A): one deck cold under 0.3 s; every deck of ../shared/decks in-process under 2 s.
Run: python benchmarks/bench_validate.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DECKS = PROJECT.parent / "shared" / "decks"
ONE_DECK = PROJECT / "examples" / "wizard-legal.meccg"


def cold_shell(runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) time of a fresh `deckcheck validate` process: interpreter start, imports,
    catalog, reading, rules. CPU time is what the machine's load does not inflate."""
    command = [sys.executable, "-m", "deckcheck", "validate", "--rules", "coe", str(ONE_DECK)]
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode not in (0, 1):
            raise SystemExit(f"validate failed: {done.stderr.strip()}")
    return walls, cpus


def whole_corpus() -> tuple[float, float, int, int]:
    """Read and validate every corpus deck in one process, catalog load included (first use)."""
    from deckcheck.errors import DeckcheckError
    from deckcheck.rules.engine import validate_file

    files = sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS)
    judged = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    for path in files:
        try:
            validate_file(str(path), ruleset="coe")
            judged += 1
        except DeckcheckError:
            pass
    return time.perf_counter() - started, time.process_time() - cpu_started, len(files), judged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    walls, cpus = cold_shell(args.runs)
    print(f"validate one deck, cold from the shell ({args.runs} runs): wall min {min(walls):.3f} s, "
          f"median {statistics.median(walls):.3f} s, max {max(walls):.3f} s; CPU median "
          f"{statistics.median(cpus):.3f} s (target < 0.3 s); load average {os.getloadavg()[0]:.1f}")
    if not DECKS.is_dir():
        print(f"corpus: skipped, no decks at {DECKS}")
        return
    elapsed, cpu, files, judged = whole_corpus()
    print(f"validate the whole corpus in-process: {files} files ({judged} judged) in {elapsed:.2f} s wall, "
          f"{cpu:.2f} s CPU ({1000 * elapsed / files:.1f} ms per deck; target < 2 s)")


if __name__ == "__main__":
    main()
