"""Where a game's work goes, counted by decision: each engine function's calls per game and per turn, the
bytecode instructions it runs itself and with what it calls, and, for the player's questions, how many
candidates each one evaluates (the calls it makes of the functions below it).

    .venv/bin/python benchmarks/sim_call_counts.py [--games 40] [--top 30] [--mode goldfish|both|all]

Plays goldfish games of the ICE challenge deck E (Gandalf) and `--both` games of E against I (a quarter as many)
under `sys.settrace` with opcode events (the same counts on a busy machine as on an idle one, like
`bench_simulate_work.py`), and prints, for the `--top` functions by inclusive instructions: calls a game, calls a
turn (of the player whose deck it is: 12 turns a game, 24 in `--both`), instructions by itself and inclusive
(a recursive call counted once), and for each player question (`QUESTIONS`) the calls it makes of each function
under it a call: the candidates it weighs. Tracing makes a game ~50 times slower: keep --games small.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, TURNS, ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.against import simulate_sides  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402
from deckcheck.sim.simulate import simulate_tables  # noqa: E402

DECK = CHALLENGE / "E - Gandalf - Return of the King"
OPPONENT = CHALLENGE / "I - Witchking - Morgul Rallying Cry"
# The player's questions whose candidates are counted (the functions they call, per call).
QUESTIONS = ("plan_moves", "site_values", "best_play", "enters_site", "character_to_play", "organize",
             "followers_to_free", "face_attack", "reset_to_hand_size", "end_of_turn_discard", "cards_to_drop",
             "choose_hazards", "play_hazards", "hazards_for_move")


def name_of(code) -> str:
    path = Path(code.co_filename)
    where = f"{path.parent.name}/{path.stem}" if "deckcheck" in path.parts else path.name
    return f"{where}.{code.co_name}"


class Counts:
    """Calls, instructions by itself and inclusive per function, and the calls each question makes below it."""

    def __init__(self):
        self.calls: Counter = Counter()
        self.own: Counter = Counter()
        self.inclusive: Counter = Counter()
        self.below: dict[str, Counter] = defaultdict(Counter)
        self.instructions = 0
        self.stack: list[tuple[str, int]] = []
        self.active: Counter = Counter()

    def tracer(self, frame, event, arg):
        if event != "call":
            return None
        frame.f_trace_opcodes = True
        name = name_of(frame.f_code)
        self.calls[name] += 1
        if self.stack:
            parent = self.stack[-1][0]
            if parent.rsplit(".", 1)[-1] in QUESTIONS:
                self.below[parent][name] += 1
        self.stack.append((name, self.instructions))
        self.active[name] += 1
        return self.local

    def local(self, frame, event, arg):
        if event == "opcode":
            self.instructions += 1
            self.own[self.stack[-1][0]] += 1
        elif event == "return":
            name, start = self.stack.pop()
            self.active[name] -= 1
            if not self.active[name]:
                self.inclusive[name] += self.instructions - start
        return self.local


def run(mode: str, games: int) -> tuple[Counts, int]:
    sim = build_sim_deck(read_deck(DECK))
    if mode == "both":
        us, them = side_of(sim), side_of(build_sim_deck(read_deck(OPPONENT)))
        play = lambda: simulate_sides(us, them, games=games, turns=TURNS, seed=1, both=True)  # noqa: E731
    else:
        play = lambda: simulate_tables(sim, games=games, turns=TURNS, seed=1)  # noqa: E731
    counts = Counts()
    sys.settrace(counts.tracer)
    try:
        play()
    finally:
        sys.settrace(None)
    return counts, games


def report(mode: str, counts: Counts, games: int, top: int) -> None:
    turns = games * TURNS * (2 if mode == "both" else 1)
    total = counts.instructions
    print(f"\n{mode}: {games} games, {total / games:,.0f} instructions and {sum(counts.calls.values()) / games:,.0f}"
          f" calls a game")
    print(f"  {'function':<44} {'calls/game':>10} {'/turn':>7} {'own instr/game':>15} {'inclusive/game':>15} "
          f"{'incl %':>7}")
    for name, inclusive in counts.inclusive.most_common(top):
        print(f"  {name:<44} {counts.calls[name] / games:10.1f} {counts.calls[name] / turns:7.2f} "
              f"{counts.own[name] / games:15,.0f} {inclusive / games:15,.0f} {inclusive / total:7.1%}")
    print("  by itself:")
    for name, own in counts.own.most_common(top // 2):
        print(f"  {name:<44} {counts.calls[name] / games:10.1f} {own / games:15,.0f} own {own / total:7.1%}")
    print("  what each question asks per call (the candidates it weighs):")
    for name in sorted(counts.below, key=lambda n: -counts.inclusive[n]):
        calls = counts.calls[name]
        below = ", ".join(f"{child.rsplit('.', 1)[-1]} {n / calls:.1f}"
                          for child, n in counts.below[name].most_common(8))
        print(f"  {name:<34} {calls / turns:6.2f}/turn, {counts.inclusive[name] / calls:8,.0f} instr/call: {below}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="goldfish games (--both: a quarter as many)")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--mode", choices=("goldfish", "both", "all"), default="all")
    args = parser.parse_args()
    if not DECK.is_file():
        raise SystemExit(f"needs the Challenge Decks of ../shared/decks ({DECK} is missing)")
    ensure_bytecode()
    print_conditions()
    print(f"deck {DECK.name} (--both against {OPPONENT.name}), {TURNS} turns, seed 1")
    modes = ("goldfish", "both") if args.mode == "all" else (args.mode,)
    for mode in modes:
        games = args.games if mode == "goldfish" else max(1, args.games // 4)
        counts, games = run(mode, games)
        report(mode, counts, games, args.top)


if __name__ == "__main__":
    main()
