"""Speed of `deckcheck simulate`: games per second of the goldfish engine.

    .venv/bin/python benchmarks/bench_simulate.py [--games 10000] [--turns 12] [--jobs 1 2] [--deck PATH]

Plays the games in-process (deck tables built once, not timed) with each --jobs value and prints the wall
time, the process's CPU time and games per second; then half the turns, to show that the run time grows with
--turns (no game plays on past its last turn); then runs the real command once from the shell (start-up,
reading the deck, the games, the report). The deck is the ICE challenge deck E (Gandalf) from ../shared/decks
when present (read there, never copied), else the small synthetic fixture of tests/fixtures/simulate.
The target (issue 9): 10,000 games of 12 turns of Challenge Deck E in under 15 s from the shell on a 2-core
machine. On a machine shared with other work the wall time is longer than the CPU time: both are printed.

    .venv/bin/python benchmarks/bench_simulate.py --compare-with ../wt-base [--games 3000] [--rounds 5]

plays the same games with this checkout and with another one (a worktree of an earlier commit) side by side:
alternating fresh processes, each timing only its games (CPU time), goldfish and `--both` (E against I); it
prints games per CPU-second of each, the median over the rounds, and the ratio (issue 21: no slower than 1.05x).

    .venv/bin/python benchmarks/bench_simulate.py --rates [--games 3000] [--rounds 5]

prints only the speed of issue 22: games per CPU-second of goldfish Challenge Deck E and of `--both` E against I
(a quarter as many games), each in fresh processes (only the games timed), the best and the median over the
rounds, the load average before and after, and whether the targets (1,500 and 500 per CPU-second) are met by the
median. The load matters: the 2 cores are shared, and a busy machine slows CPU time too (shared caches).
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
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.simulate import simulate_tables  # noqa: E402

REAL_DECK = PROJECT.parent / "shared" / "decks" / "council-of-rivendell" / "Challenge Decks" / \
    "E - Gandalf - Return of the King"
FIXTURE = PROJECT / "tests" / "fixtures" / "simulate" / "small-wizard.gccg"
OPPONENT = REAL_DECK.parent / "I - Witchking - Morgul Rallying Cry"
# One timed run in a fresh process of a checkout: its own modules, wherever the simulator lives in it.
TIMED_RUN = """
import sys, time
from deckcheck.decklist import read_deck
try:                  # before issue 21 (tried first: an editable install may also see the newer modules)
    from deckcheck.analysis.sim.tables import build_sim_deck
    from deckcheck.analysis.simulate import simulate_tables
    from deckcheck.analysis.against import simulate_sides
    from deckcheck.analysis.sim.duel import side_of
except ImportError:
    from deckcheck.sim.model import build_sim_deck
    from deckcheck.sim.simulate import simulate_tables
    from deckcheck.sim.against import simulate_sides
    from deckcheck.sim.side import side_of
deck, opponent, games, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
sim = build_sim_deck(read_deck(deck))
if mode == "both":
    us, them = side_of(sim), side_of(build_sim_deck(read_deck(opponent)))
    started = time.process_time()
    simulate_sides(us, them, games=games, turns=12, seed=1, both=True)
else:
    started = time.process_time()
    simulate_tables(sim, games=games, turns=12, seed=1)
print(time.process_time() - started)
"""
TARGET_SECONDS = 15.0
# Issue 22 "speed back": games per CPU-second of goldfish Challenge Deck E, and of --both E against I.
TARGET_RATES = {"goldfish": 1500, "both": 500}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=None, help="default 10,000 (--rates: 3,000)")
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--deck", type=Path, default=REAL_DECK if REAL_DECK.is_file() else FIXTURE)
    parser.add_argument("--compare-with", type=Path, metavar="CHECKOUT",
                        help="another checkout (an earlier commit's worktree) to time side by side")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rates", action="store_true", help="only games per CPU-second against issue 22's targets")
    args = parser.parse_args()

    ensure_bytecode()
    print_conditions()
    if args.rates:
        print_rates(args.deck, args.games or 3000, args.rounds)
        return
    args.games = args.games or 10_000
    if args.compare_with is not None:
        compare(args.compare_with.resolve(), args.deck, args.games, args.rounds)
        return
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


def timed(checkout: Path, deck: Path, games: int, mode: str) -> float:
    """CPU seconds of `games` games in a fresh process running `checkout`'s code."""
    import os

    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([str(interpreter(checkout)), "-c", TIMED_RUN, str(deck), str(OPPONENT), str(games), mode],
                          capture_output=True, text=True, env=env, cwd=checkout, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def interpreter(checkout: Path) -> Path:
    """The checkout's own virtual environment if it has one: this one's editable install maps the package data
    (card_db/) to this checkout, so another checkout's code would read this checkout's card facts."""
    own = checkout / ".venv" / "bin" / "python"
    return own if own.exists() else Path(sys.executable)


def print_rates(deck: Path, games: int, rounds: int) -> None:
    """Games per CPU-second of this checkout, goldfish and --both, against TARGET_RATES."""
    import os
    from statistics import median

    print(f"games per CPU-second, this checkout, deck {deck.name} (--both against {OPPONENT.name}); "
          f"{rounds} fresh processes each, 12 turns, seed 1; load average before {os.getloadavg()[0]:.2f}")
    for mode, count in (("goldfish", games), ("both", max(1, games // 4))):
        rates = [count / timed(PROJECT, deck, count, mode) for _ in range(rounds)]
        middle, target = median(rates), TARGET_RATES[mode]
        verdict = "met" if middle >= target else "NOT MET"
        print(f"  {mode:<8} {count:5d} games: median {middle:6,.0f}/s  best {max(rates):6,.0f}/s  "
              f"target {target:,}/s: {verdict}  (rounds: {', '.join(f'{r:,.0f}' for r in rates)})")
    print(f"load average after {os.getloadavg()[0]:.2f}")


def compare(other: Path, deck: Path, games: int, rounds: int) -> None:
    from statistics import median

    print(f"side by side: this checkout ({PROJECT}) and {other}; {games} games x 12 turns, {rounds} rounds, "
          f"alternating fresh processes; games per CPU-second (only the games are timed); interpreters "
          f"{interpreter(other)}, {interpreter(PROJECT)}")
    for mode, count in (("goldfish", games), ("both", max(1, games // 4))):
        rates: dict[str, list[float]] = {"before": [], "after": []}
        for _ in range(rounds):
            for label, checkout in (("before", other), ("after", PROJECT)):
                rates[label].append(count / timed(checkout, deck, count, mode))
        before, after = median(rates["before"]), median(rates["after"])
        print(f"  {mode:<8} ({count} games): before {before:8,.0f}/s  after {after:8,.0f}/s  "
              f"CPU time after/before {before / after:.3f}x  (rounds: "
              + ", ".join(f"{b:,.0f}|{a:,.0f}" for b, a in zip(rates["before"], rates["after"])) + ")")


if __name__ == "__main__":
    main()
