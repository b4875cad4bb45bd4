"""How much of the tournament decks' deficit against the Challenge Decks the opponent's hazards explain.

    .venv/bin/python benchmarks/hazard_ceiling.py [--games 10] [--seed 1] [--jobs 2] [--every 1] [--only TEXT]
                                                  [--goldfish-games 300]

1. Each of Mark Alfano's tournament decks (../shared/decks/gccg-restoration/Contrib/zara/, read there; the two
   sideboard fragments are skipped) against each of the ten ICE Challenge Decks, `--games` games a pair, the
   pair seeds and seats of `tournament_vs_starters.py` (the zara deck starts the even games): its win rate as
   played, and again on the same games with **no hazard of the opponent played on it** (no creature, corruption
   card, hazard event, nor a creature from hand as an automatic-attack; the sites' own automatic-attacks stay,
   and so do the zara deck's hazards on the opponent). The second is the ceiling of any change in how the
   tournament decks face hazards (where their companies go, how they split, what they cancel): if it is below
   the target, no such change reaches the target.
2. Goldfish MP after turn 12 (no opponent, `--goldfish-games` games each): the mean of the tournament decks
   beside the mean of the Challenge Decks: what the decks score before any interaction.

Nothing here is tuned and no player or rule names a deck (issue 22); the spared games replace only the hazard
player that plays on the tournament deck (`Spared`), in this benchmark.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import Duel, run_games  # noqa: E402
from deckcheck.sim.matchups import deck_fingerprint, pair_seed  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.players.opponent import HazardPlayer  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402
from deckcheck.sim.tally import DuelTally, Tally  # noqa: E402

DECKS = PROJECT.parent / "shared" / "decks"
ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"
CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
TURNS = 12                                      # as tournament_vs_starters.py


class Spared(HazardPlayer):
    """A hazard player that holds its cards but plays none of them on the company (the ceiling's opponent)."""

    def choose_creatures(self, move, limit, defender_alignment, doors=False):
        return []

    def automatic_attack_creature(self, hand_attack, defender_alignment):
        return None

    def corruption_cards(self):
        return []

    def has_events(self):
        return False


def _side(path: str):
    deck = read_deck(path)
    return side_of(build_sim_deck(deck)), deck_fingerprint(deck)


def _pair(job: tuple[str, str, int, int, bool]) -> tuple[str, int, int, float, float, float]:
    """(row, games, wins, MP, opponent MP, characters the row lost) over the pair's games; `spared`: no hazard of
    the opponent is played on the row deck."""
    row, column, games, seed, spared = job
    (a, pa), (b, pb) = _side(row), _side(column)
    s = pair_seed(seed, pa, pb)
    wins = 0
    mp = opponent_mp = lost = 0.0
    for game in range(games):
        a_first = game % 2 == 0
        one, two = (a, b) if a_first else (b, a)
        tallies = (Tally(turns=TURNS, kinds=len(one.sim.kinds)), Tally(turns=TURNS, kinds=len(two.sim.kinds)))
        stats = (DuelTally(opponent_kinds=len(two.sim.kinds)), DuelTally(opponent_kinds=len(one.sim.kinds)))
        duel = Duel(one, two, game, s, TURNS, tallies, stats)
        if spared:
            ours = duel.a if a_first else duel.b
            ours.hazards = Spared(ours.hazards.tables, ours.hazards.cards)
        scores = duel.play()
        mine, theirs = (0, 1) if a_first else (1, 0)
        wins += scores[mine] > scores[theirs]
        mp += scores[mine]
        opponent_mp += scores[theirs]
        lost += stats[mine].characters_lost
    return row, games, wins, mp, opponent_mp, lost


def _run(jobs: list, workers: int, task) -> list:
    if workers <= 1:
        return [task(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(task, jobs, chunksize=1))


def _decks(every: int, only: str | None) -> list[Path]:
    out = []
    for path in sorted(p for p in ZARA.iterdir() if p.is_file()):
        if only and only not in path.name:
            continue
        try:
            build_sim_deck(read_deck(str(path)))
        except ValueError:
            continue                            # a sideboard fragment: no play deck
        out.append(path)
    return out[::every]


def ceiling(games: int, seed: int, workers: int, every: int, only: str | None) -> None:
    decks = _decks(every, only)
    challenge = sorted(p for p in CHALLENGE.iterdir() if p.is_file())
    started = time.perf_counter()
    rows = {}
    for spared in (False, True):
        jobs = [(str(d), str(c), games, seed, spared) for d in decks for c in challenge]
        for row, n, wins, mp, opp, lost in _run(jobs, workers, _pair):
            cell = rows.setdefault((row, spared), [0, 0, 0.0, 0.0, 0.0])
            for i, v in enumerate((n, wins, mp, opp, lost)):
                cell[i] += v
    print(f"{len(decks)} zara tournament decks against the ten Challenge Decks, {games} games a pair, seed {seed} "
          f"({time.perf_counter() - started:.0f} s wall, {workers} workers): win rate, MP at the Free Council "
          "(theirs), characters lost a game; as played | with no opponent hazard played on them")
    means = {False: [], True: []}
    for path in decks:
        parts = []
        for spared in (False, True):
            n, wins, mp, opp, lost = rows[str(path), spared]
            means[spared].append((wins / n, mp / n, opp / n, lost / n))
            parts.append(f"{wins / n:6.1%} {mp / n:5.1f} ({opp / n:5.1f}) lost {lost / n:4.2f}")
        print(f"  {parts[0]} | {parts[1]}  {path.name}")
    for spared, label in ((False, "as played"), (True, "no opponent hazard on them")):
        values = means[spared]
        print(f"  mean {label}: win {statistics.mean(v[0] for v in values):.1%}, above 50% "
              f"{sum(v[0] > 0.5 for v in values)}/{len(values)}, MP {statistics.mean(v[1] for v in values):.1f} "
              f"against {statistics.mean(v[2] for v in values):.1f}, "
              f"lost {statistics.mean(v[3] for v in values):.2f} a game")


def goldfish(games: int, seed: int, every: int, only: str | None) -> None:
    challenge = sorted(p for p in CHALLENGE.iterdir() if p.is_file())
    for label, paths in (("zara tournament decks", _decks(every, only)), ("Challenge Decks", challenge)):
        values = []
        for path in paths:
            tally = run_games(build_sim_deck(read_deck(str(path))), 0, games, TURNS, seed, "none")
            values.append(tally.mp_sum[-1] / tally.games)
        print(f"goldfish MP@{TURNS} ({games} games each, no hazards), {label}: mean {statistics.mean(values):.1f}, "
              f"lowest {min(values):.1f}, highest {max(values):.1f} ({len(values)} decks)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games a pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=1, help="every Nth tournament deck (1: all)")
    parser.add_argument("--only", help="tournament decks whose file name contains this")
    parser.add_argument("--goldfish-games", type=int, default=300)
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    ceiling(args.games, args.seed, args.jobs, args.every, args.only)
    goldfish(args.goldfish_games, args.seed, args.every, args.only)


if __name__ == "__main__":
    main()
