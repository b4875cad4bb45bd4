"""Speed and plausibility of games against a real opponent (`simulate --against/--both`, `matchups`).

    .venv/bin/python benchmarks/bench_matchups.py [--games 1000] [--pair-games 100] [--jobs 2] [--skip-field]

Prints, on the ICE Challenge Decks of ../shared (read there, never copied):
1. games per second of one matchup, E (Gandalf) against I (Witch-king): its hazards only, and both full turns;
2. the whole field A-J (45 pairs) in this process and on a local Dask cluster of --jobs workers: the wall
   time and games per second of each, and whether the two documents are identical apart from `run`;
3. characters E loses per game against each deck's hazards, beside the number of creatures (and corruption
   cards) the simulation can play from that deck, and against I with its creatures taken out.
The machine is shared: the timings are noisy; compare them only within one run.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.against import simulate_sides  # noqa: E402
from deckcheck.sim.matchups import run_matchups  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.players.opponent import CORRUPTION, CREATURE  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402

CHALLENGE = PROJECT.parent / "shared" / "decks" / "council-of-rivendell" / "Challenge Decks"


def _deck(letter: str) -> Path:
    return next(p for p in sorted(CHALLENGE.iterdir()) if p.name.startswith(f"{letter} - "))


def one_matchup(games: int) -> None:
    us, them = side_of(build_sim_deck(read_deck(str(_deck("E"))))), side_of(build_sim_deck(read_deck(str(_deck("I")))))
    for both in (False, True):
        started = time.perf_counter()
        s = simulate_sides(us, them, games=games, turns=12, seed=1, both=both)
        wall = time.perf_counter() - started
        what = "--both   " if both else "--against"
        extra = (f", P(win) {s['p_win']['p']:.1%}, MP difference {s['mp_difference']['mean']:+.1f}" if both else "")
        print(f"E {what} I: {games} games of 12 turns in {wall:.2f} s = {games / wall:,.0f} games/s; "
              f"characters lost {s['characters_lost_per_game']['mean']:.2f}/game{extra}")


def field(pair_games: int, jobs: int) -> None:
    paths = sorted(str(p) for p in CHALLENGE.iterdir() if p.is_file())
    decks = [read_deck(p) for p in paths]
    documents = []
    for label, workers in (("single process", 1), (f"local Dask cluster, {jobs} workers", jobs)):
        started = time.perf_counter()
        document = run_matchups(decks, games=pair_games, turns=12, seed=1, jobs=workers, paths=paths)
        wall = time.perf_counter() - started
        run = document["run"]
        print(f"matchups A-J ({len(document['pairs'])} pairs x {pair_games} games = {run['games']} games), "
              f"{label}: {wall:.1f} s wall (games {run['wall_seconds']:.1f} s), {run['games'] / wall:,.0f} games/s")
        documents.append({k: v for k, v in document.items() if k != "run"})
    print(f"identical apart from `run`: {documents[0] == documents[1]}")
    standings = documents[0]["standings"]
    names = documents[0]["decks"]
    print("standings: " + ", ".join(f"{names[s['deck']]['name'][:1]} {s['p_win']['p']:.0%}" for s in standings))


def losses_by_opponent(games: int) -> None:
    gandalf = side_of(build_sim_deck(read_deck(str(_deck("E")))))
    print(f"E's characters lost per game against each deck's hazards ({games} games, 12 turns, seed 1):")
    print(f"  {'opponent':<42} {'creatures':>9} {'corruption':>10} {'lost/game':>10}  95% CI")
    rows = []
    for letter in "ABCDEFGHIJ":
        opponent = read_deck(str(_deck(letter)))
        rows.append((letter, opponent))
    witch_king = rows[8][1]
    light = dataclasses.replace(witch_king, name="I without its creatures", entries=[
        e for e in witch_king.entries if not (e.card is not None and e.card.is_creature and e.part.value
                                              in ("hazards", "play"))])
    rows.append(("I-", light))
    for letter, opponent in rows:
        side = side_of(build_sim_deck(opponent))
        creatures = sum(1 for k in side.sim.play_deck if side.hazards.use[k] == CREATURE)
        corruption = sum(1 for k in side.sim.play_deck if side.hazards.use[k] == CORRUPTION)
        s = simulate_sides(gandalf, side, games=games, turns=12, seed=1, both=False)
        lost = s["characters_lost_per_game"]
        name = (opponent.name or letter)[:42]
        print(f"  {name:<42} {creatures:>9} {corruption:>10} {lost['mean']:>10.2f}  "
              f"{lost['ci95'][0]:.2f}-{lost['ci95'][1]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games of the single matchup and the loss table")
    parser.add_argument("--pair-games", type=int, default=100, help="games per pair of the A-J field")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-field", action="store_true")
    args = parser.parse_args()
    if not CHALLENGE.is_dir():
        sys.exit(f"needs the ICE Challenge Decks at {CHALLENGE}")
    ensure_bytecode()
    print_conditions()
    one_matchup(args.games)
    if not args.skip_field:
        field(args.pair_games, args.jobs)
    losses_by_opponent(args.games)


if __name__ == "__main__":
    main()
