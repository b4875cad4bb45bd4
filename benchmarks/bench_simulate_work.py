"""The simulator's work per game, counted instead of timed: Python bytecode instructions and function calls.

    .venv/bin/python benchmarks/bench_simulate_work.py [--games 60] [--compare-with ../wt-base]

Plays goldfish games of the ICE challenge deck E (Gandalf) and `--both` games of E against I (a quarter as many)
under `sys.settrace` with opcode events, in a fresh process per checkout (only the games counted, the deck
tables built before), and prints the instructions and calls per game, with another checkout's beside them
(`--compare-with`: a worktree of an earlier commit, run with its own .venv). The counts are the same on a busy
machine as on an idle one (CPU time on this 2-core machine shared with other work moves 15% from run to run),
so they show what a change to the engine's code saves; they weigh a bytecode instruction alike whatever it
does, so they are not a time: `bench_simulate.py --rates` times the games. Tracing makes the games about 50
times slower: keep --games small.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, ensure_bytecode, print_conditions  # noqa: E402
from benchmarks.bench_simulate import interpreter  # noqa: E402

DECK = CHALLENGE / "E - Gandalf - Return of the King"
OPPONENT = CHALLENGE / "I - Witchking - Morgul Rallying Cry"
# One counted run in a fresh process of a checkout: "instructions calls" per game on stdout.
COUNTED_RUN = """
import sys
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.simulate import simulate_tables
from deckcheck.sim.against import simulate_sides
from deckcheck.sim.side import side_of
deck, opponent, games, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
sim = build_sim_deck(read_deck(deck))
them = side_of(build_sim_deck(read_deck(opponent))) if mode == "both" else None
us = side_of(sim) if mode == "both" else None
counts = [0, 0]
def local(frame, event, arg):
    if event == "opcode":
        counts[0] += 1
    return local
def tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    counts[1] += 1
    return local
sys.settrace(tracer)
if mode == "both":
    simulate_sides(us, them, games=games, turns=12, seed=1, both=True)
else:
    simulate_tables(sim, games=games, turns=12, seed=1)
sys.settrace(None)
print(counts[0] / games, counts[1] / games)
"""


def counted(checkout: Path, games: int, mode: str) -> tuple[float, float]:
    """(bytecode instructions, Python calls) per game of `checkout`'s engine, in a fresh process."""
    import os

    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([str(interpreter(checkout)), "-c", COUNTED_RUN, str(DECK), str(OPPONENT), str(games),
                           mode], capture_output=True, text=True, env=env, cwd=checkout, check=True)
    instructions, calls = done.stdout.split()
    return float(instructions), float(calls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60, help="goldfish games (--both: a quarter as many)")
    parser.add_argument("--compare-with", type=Path, metavar="CHECKOUT",
                        help="another checkout (an earlier commit's worktree) to count beside this one")
    args = parser.parse_args()
    if not DECK.is_file():
        raise SystemExit(f"needs the Challenge Decks of ../shared/decks ({DECK} is missing)")
    ensure_bytecode()
    print_conditions()
    print(f"work per game, deck {DECK.name} (--both against {OPPONENT.name}), 12 turns, seed 1")
    for mode, games in (("goldfish", args.games), ("both", max(1, args.games // 4))):
        after = counted(PROJECT, games, mode)
        line = f"  {mode:<8} ({games} games): {after[0]:11,.0f} instructions  {after[1]:8,.0f} calls per game"
        if args.compare_with is not None:
            before = counted(args.compare_with.resolve(), games, mode)
            line += (f"; {args.compare_with.name}: {before[0]:11,.0f} instructions  {before[1]:8,.0f} calls  "
                     f"(this / that: {after[0] / before[0]:.3f}x, {after[1] / before[1]:.3f}x)")
        print(line)


if __name__ == "__main__":
    main()
