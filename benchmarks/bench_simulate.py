"""Speed of `deckcheck simulate`: games per second of the goldfish engine.

    .venv/bin/python benchmarks/bench_simulate.py [--games 10000] [--turns 12] [--jobs 1 2] [--deck PATH]

Plays the games in-process (deck tables built once, not timed) with each --jobs value and prints the wall
time, the process's CPU time and games per second; then half the turns, to show that the run time grows with
--turns (no game plays on past its last turn); then runs the real command once from the shell (start-up,
reading the deck, the games, the report). The deck is the ICE challenge deck E (Gandalf) from ../shared/decks
when present (read there, never copied), else the small synthetic fixture of tests/fixtures/simulate.
The target (issue 9): 10,000 games of 12 turns of Challenge Deck E in under 15 s from the shell on a 2-core
machine. On a machine shared with other work the wall time is longer than the CPU time: both are printed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.analysis.sim.tables import build_sim_deck  # noqa: E402
from deckcheck.analysis.simulate import simulate_tables  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402

REAL_DECK = PROJECT.parent / "shared" / "decks" / "council-of-rivendell" / "Challenge Decks" / \
    "E - Gandalf - Return of the King"
FIXTURE = PROJECT / "tests" / "fixtures" / "simulate" / "small-wizard.gccg"
TARGET_SECONDS = 15.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--deck", type=Path, default=REAL_DECK if REAL_DECK.is_file() else FIXTURE)
    args = parser.parse_args()

    ensure_bytecode()
    print_conditions()
    sim = build_sim_deck(read_deck(args.deck))
    print(f"deck: {args.deck.name} ({sim.deck_size} cards in the play deck, {len(sim.sites)} sites)")
    print(f"{args.games} games x {args.turns} turns, target under {TARGET_SECONDS:.0f} s")
    for jobs in args.jobs:
        started, cpu = time.perf_counter(), time.process_time()
        simulate_tables(sim, games=args.games, turns=args.turns, seed=1, jobs=jobs)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        verdict = "ok" if elapsed < TARGET_SECONDS else "TOO SLOW"
        print(f"  in-process --jobs {jobs}: {elapsed:6.2f} s wall ({cpu:.2f} s CPU in this process)  "
              f"{args.games / elapsed:8,.0f} games/s  {1000 * elapsed / args.games:.3f} ms/game  {verdict}")
    half = max(1, args.turns // 2)
    started, cpu = time.perf_counter(), time.process_time()
    simulate_tables(sim, games=args.games, turns=half, seed=1)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"  in-process, {half} turns: {elapsed:6.2f} s wall ({cpu:.2f} s CPU): the run time grows with --turns")
    command = [sys.executable, "-m", "deckcheck", "simulate", str(args.deck), "--games", str(args.games),
               "--turns", str(args.turns), "--seed", "1"]
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    verdict = "ok" if elapsed < TARGET_SECONDS else "TOO SLOW"
    print(f"  deckcheck simulate from the shell (--jobs 1): {elapsed:6.2f} s wall, exit {result.returncode}, "
          f"{args.games / elapsed:,.0f} games/s {verdict}; "
          f"it says: {result.stderr.strip().splitlines()[-1] if result.stderr.strip() else '-'}")


if __name__ == "__main__":
    main()
