"""CPU time of the fast test loop, `python -m pytest -m "not slow"` (issue 21: under 3 CPU-minutes).

    .venv/bin/python benchmarks/bench_tests.py [--top 30] [--over 1.0] [-- PYTEST ARGS...]

Runs the fast loop once in a fresh process and prints its CPU time (user + system, of pytest and of every
process the tests started), its wall time, the load average before and after, the heaviest tests, and the
tests over `--over` CPU-seconds not yet marked slow: candidates for tests/slow_tests.txt, or for being made
cheaper. Per-test CPU comes from the plugin benchmarks/_pytest_cpu.py; a module-scoped fixture counts for the
first test that uses it. On a machine shared with other work every number is higher than on an idle one.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import ensure_bytecode, print_conditions  # noqa: E402

TARGET_CPU_SECONDS = 180.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=30, help="how many of the heaviest tests to print")
    parser.add_argument("--over", type=float, default=1.0, help="CPU-seconds above which a test is a candidate")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --)")
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    with tempfile.TemporaryDirectory() as tmp:
        per_test = Path(tmp) / "cpu.tsv"
        env = {**os.environ, "DECKCHECK_TEST_CPU": str(per_test)}
        command = [sys.executable, "-m", "pytest", "-m", "not slow", "-p", "no:randomly",     # -q: pyproject
                   "-p", "benchmarks._pytest_cpu", *args.pytest_args]
        before, load_before, started = _children_cpu(), os.getloadavg()[0], time.perf_counter()
        done = subprocess.run(command, cwd=PROJECT, env=env, capture_output=True, text=True, check=False)
        wall, (user, system), load_after = time.perf_counter() - started, _minus(_children_cpu(), before), \
            os.getloadavg()[0]
        rows = [line.split("\t") for line in per_test.read_text(encoding="utf-8").splitlines()] \
            if per_test.exists() else []
    counts = [line for line in done.stdout.splitlines() if " passed" in line or " failed" in line]
    summary = counts[-1].strip("= ") if counts else "(no summary line)"
    total = user + system
    verdict = "ok" if total < TARGET_CPU_SECONDS else "OVER"
    print(f"python -m pytest -m 'not slow': {summary}")
    print(f"  CPU {total:.0f} s = {total / 60:.2f} CPU-minutes (user {user:.0f} s + sys {system:.0f} s), target "
          f"under {TARGET_CPU_SECONDS / 60:.0f}: {verdict}; wall {wall:.0f} s; load average {load_before:.2f} "
          f"before, {load_after:.2f} after; exit {done.returncode}")
    print(f"  the {min(args.top, len(rows))} heaviest tests (CPU-seconds, with the processes they started):")
    for seconds, nodeid in rows[: args.top]:
        print(f"    {float(seconds):6.2f}  {nodeid}")
    over = sorted({nodeid.split("[", 1)[0] for seconds, nodeid in rows if float(seconds) >= args.over})
    print(f"  tests over {args.over} CPU-second(s) still in the fast loop: {len(over)}")
    for nodeid in over:
        print(f"    {nodeid.removeprefix('tests/')}")


def _children_cpu() -> tuple[float, float]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime, usage.ru_stime


def _minus(after: tuple[float, float], before: tuple[float, float]) -> tuple[float, float]:
    return after[0] - before[0], after[1] - before[1]


if __name__ == "__main__":
    main()
