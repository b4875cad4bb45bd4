"""Speed of `deckcheck odds`: cold from the shell, and the exact arithmetic in-process.

Target (issue 6): `deckcheck odds` answers instantly, under 0.3 s from the shell.
Run: python benchmarks/bench_odds.py [DECK]   (default: the project's fixture deck; a 68-card challenge deck from
../shared when present). Prints numbers; asserts nothing.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
FIXTURE = PROJECT / "tests" / "fixtures" / "analysis" / "small-wizard.meccg"
CHALLENGE_A = PROJECT.parent / "shared" / "decks" / "council-of-rivendell" / "Challenge Decks" / \
    "A - Saruman - Stewards of Gondor"
RUNS = 7


def shell_times(args: list[str], *, bytecode: bool) -> tuple[list[float], list[float]]:
    """Wall time of a fresh `python -m deckcheck ...` process, each run a new interpreter.

    bytecode=True is an installed deckcheck: .pyc files cached (in a temporary PYTHONPYCACHEPREFIX, so the
    work tree stays clean) by a first, uncounted run. bytecode=False is PYTHONDONTWRITEBYTECODE=1 as in
    this workplace's shells: deckcheck's own modules are compiled from source on every run.
    """
    env = dict(os.environ)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="bench-odds-")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    command = [sys.executable, "-m", "deckcheck", *args]
    subprocess.run(command, capture_output=True, env=env)       # warm-up: file cache, .pyc files
    times, cpu = [], []
    for _ in range(RUNS):
        before = _children_cpu()
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, text=True, env=env)
        times.append(time.perf_counter() - start)
        cpu.append(_children_cpu() - before)
        if result.returncode != 0:
            raise SystemExit(f"deckcheck {' '.join(args)} failed: {result.stderr.strip()}")
    return times, cpu


def _children_cpu() -> float:
    """CPU seconds (user + system) used by finished child processes: steady when the machine is busy."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def python_startup() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def arithmetic() -> tuple[float, float]:
    """Mean seconds of one 4-group joint probability over 8..28 cards seen, and of one single curve."""
    from deckcheck.analysis.odds import draw_curve

    start = time.perf_counter()
    for _ in range(100):
        draw_curve([(5, 1), (6, 1), (4, 2), (16, 1)], 68, draws=20)
    joint = (time.perf_counter() - start) / 100
    start = time.perf_counter()
    for _ in range(100):
        draw_curve([(3, 1)], 68, draws=20)
    single = (time.perf_counter() - start) / 100
    return joint, single


def report(label: str, measured: tuple[list[float], list[float]]) -> None:
    times, cpu = measured
    print(f"{label:<58} wall median {statistics.median(times) * 1000:6.1f} ms, max {max(times) * 1000:6.1f} ms;"
          f" CPU median {statistics.median(cpu) * 1000:6.1f} ms   (target < 300 ms)")


def main() -> None:
    deck = Path(sys.argv[1] if len(sys.argv) > 1 else (CHALLENGE_A if CHALLENGE_A.exists() else FIXTURE))
    if deck.resolve() == CHALLENGE_A.resolve():
        chosen = ["--card", "Saruman", "--group", "evasion=Concealment,Stealth,Dodge", "--draws", "10"]
    else:
        chosen = ["--card", "Gandalf", "--group", "hide=Concealment,Stealth", "--draws", "10"]
    print(f"deck: {deck}")
    print(f"{'python -c pass (interpreter start, for reference)':<58} {python_startup() * 1000:7.1f} ms")
    for bytecode in (True, False):
        kind = "installed, .pyc cached" if bytecode else "PYTHONDONTWRITEBYTECODE=1: deckcheck compiled each run"
        print(f"-- {kind}")
        report("deckcheck odds DECK (default groups, 5 draws)", shell_times(["odds", str(deck)], bytecode=bytecode))
        report("deckcheck odds DECK --card ... --group ... --draws 10",
               shell_times(["odds", str(deck), *chosen], bytecode=bytecode))
    joint, single = arithmetic()
    print(f"{'in-process: 4-group joint curve, 21 points':<58} {joint * 1000:7.3f} ms")
    print(f"{'in-process: single-card curve, 21 points':<58} {single * 1000:7.3f} ms")


if __name__ == "__main__":
    main()
