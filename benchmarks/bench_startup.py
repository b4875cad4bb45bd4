"""Start-up time of `deckcheck validate`, against `python -c "import click"` (issue #12: under 1.5x).

Each command runs --runs times as a fresh process; the median wall time is printed, and its ratio to the
reference. Two numbers for validate, because "cold start" can mean either:

- start-up path: `deckcheck validate --help` -- the interpreter, click and every module validate imports before
  it reads anything (what a heavy import such as pandas would slow down);
- one deck: `deckcheck validate DECK` -- the whole run: start-up, the card catalog, the ruleset, reading and
  judging the deck.

It also lists the heavy libraries (pandas, numpy, openpyxl, jsonschema, dask, distributed) that validate's run
imports, from `python -X importtime`: there should be none.

Run: python benchmarks/bench_startup.py [--runs 21]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import deckcheck_command, ensure_bytecode, print_conditions  # noqa: E402

PROJECT = Path(__file__).resolve().parents[1]
DECK = PROJECT / "examples" / "wizard-legal.meccg"
HEAVY = ("pandas", "numpy", "openpyxl", "jsonschema", "dask", "distributed")


def median_ms(commands: list[list[str]], runs: int) -> list[float]:
    """Median wall time of each command; the commands take turns, so that a burst of other work on the machine
    falls on all of them alike."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for command, taken in zip(commands, times):
            started = time.perf_counter()
            done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=PROJECT)
            taken.append(time.perf_counter() - started)
            if done.returncode not in (0, 1):
                raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode(errors='replace').strip()}")
    return [1000 * statistics.median(taken) for taken in times]


def heavy_imports(argv: list[str]) -> list[str]:
    """The heavy top-level packages `python -X importtime -m deckcheck ARGV` imports."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "deckcheck", *argv], capture_output=True,
                          text=True, cwd=PROJECT)
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
                if line.startswith("import time:")}
    return sorted(imported & set(HEAVY))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (the median is printed)")
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    python, deckcheck = sys.executable, deckcheck_command()
    rows = [
        ("python -c pass", [python, "-c", "pass"]),
        ('python -c "import click"  (reference)', [python, "-c", "import click"]),
        ("deckcheck --help", [deckcheck, "--help"]),
        ("deckcheck validate --help  (start-up path)", [deckcheck, "validate", "--help"]),
        ("deckcheck validate DECK  (one deck, whole run)", [deckcheck, "validate", str(DECK)]),
    ]
    print(f"median of {args.runs} runs each (taking turns), {DECK.name}")
    medians = median_ms([command for _, command in rows], args.runs)
    reference = medians[1]
    for (label, _), ms in zip(rows, medians):
        print(f"  {label:48} {ms:7.1f} ms  {ms / reference:5.2f}x click")
    heavy = heavy_imports(["validate", str(DECK)])
    print(f"heavy libraries validate imports: {', '.join(heavy) if heavy else 'none'} (of {', '.join(HEAVY)})")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("(PYTHONDONTWRITEBYTECODE is set; the package was compiled beforehand, as an install does)")


if __name__ == "__main__":
    main()
