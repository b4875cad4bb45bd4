"""How much of the tournament decks' deficit against the Challenge Decks the opponent's hazards explain.

    .venv/bin/python benchmarks/hazard_ceiling.py [--games 10] [--seed 1] [--jobs 2] [--every 1] [--only TEXT]
                                                  [--goldfish-games 300] [--families] [--goldfish-only]

1. Each of Mark Alfano's tournament decks (../shared/decks/gccg-restoration/Contrib/zara/, read there; the two
   sideboard fragments are skipped) against each of the ten ICE Challenge Decks, `--games` games a pair, the
   pair seeds and seats of `tournament_vs_starters.py` (the zara deck starts the even games): its win rate as
   played, and again on the same games with **no hazard of the opponent played on it** (no creature, corruption
   card, hazard event, nor a creature from hand as an automatic-attack; the sites' own automatic-attacks stay,
   and so do the zara deck's hazards on the opponent). The second is the ceiling of any change in how the
   tournament decks face hazards (where their companies go, how they split, what they cancel): if it is below
   the target, no such change reaches the target. `--families`: the same, sparing one family at a time
   (creatures, corruption cards, hazard events): which of them the deficit comes from.
2. Goldfish MP after turn 12 (no opponent, `--goldfish-games` games each) of each deck, beside its row, and the
   means: what the decks score before any interaction. The means of part 1 are printed again for the tournament
   decks that score alone at least as much as the lowest Challenge Deck, and for the others: the hazards explain
   the deficit of the first group, not of the second. `--goldfish-only`: part 2 alone, each deck's goldfish MP
   and the two means (the resource side's gap, in a few CPU-minutes: 200 games each take about 80 CPU-seconds).

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

from benchmarks._common import CHALLENGE, TURNS, ZARA, ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import Duel, run_games  # noqa: E402
from deckcheck.sim.matchups import deck_fingerprint, pair_seed  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.players.opponent import HazardPlayer  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402
from deckcheck.sim.tally import DuelTally, Tally  # noqa: E402

# The hazard families a spared game keeps off the tournament deck (`--families` spares one at a time).
CREATURES, CORRUPTION, EVENTS = "creatures", "corruption cards", "hazard events"
EVERY_FAMILY = (CREATURES, CORRUPTION, EVENTS)


class Spared(HazardPlayer):
    """A hazard player that holds its cards but plays none of the `families` on the company (the ceiling's
    opponent): no creature (nor one from hand as an automatic-attack), no corruption card, no hazard event."""

    def __init__(self, tables, cards, families=EVERY_FAMILY):
        super().__init__(tables, cards)
        self.families = frozenset(families)

    def choose_creatures(self, move, limit, defender_alignment, doors=False):
        if CREATURES in self.families:
            return []
        return super().choose_creatures(move, limit, defender_alignment, doors)

    def automatic_attack_creature(self, hand_attack, defender_alignment):
        if CREATURES in self.families:
            return None
        return super().automatic_attack_creature(hand_attack, defender_alignment)

    def corruption_cards(self):
        return [] if CORRUPTION in self.families else super().corruption_cards()

    def has_events(self):
        return False if EVENTS in self.families else super().has_events()


def _side(path: str):
    deck = read_deck(path)
    return side_of(build_sim_deck(deck)), deck_fingerprint(deck)


def _pair(job: tuple[str, str, int, int, tuple]) -> tuple[str, int, int, float, float, float]:
    """(row, games, wins, MP, opponent MP, characters the row lost) over the pair's games; `spared`: the hazard
    families of the opponent not played on the row deck (none: as played)."""
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
            ours.hazards = Spared(ours.hazards.tables, ours.hazards.cards, spared)
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


def goldfish_mp(paths: list[Path], games: int, seed: int) -> dict[str, float]:
    """Mean MP after turn 12 of each deck alone (no opponent, no hazards)."""
    out = {}
    for path in paths:
        tally = run_games(build_sim_deck(read_deck(str(path))), 0, games, TURNS, seed, "none")
        out[str(path)] = tally.mp_sum[-1] / tally.games
    return out


def _means(label: str, values: list[tuple[float, float, float, float]]) -> str:
    return (f"win {statistics.mean(v[0] for v in values):.1%}, above 50% {sum(v[0] > 0.5 for v in values)}/"
            f"{len(values)}, MP {statistics.mean(v[1] for v in values):.1f} against "
            f"{statistics.mean(v[2] for v in values):.1f}, lost {statistics.mean(v[3] for v in values):.2f} a game "
            f"({label})")


def ceiling(games: int, seed: int, workers: int, every: int, only: str | None, goldfish_games: int,
            families: bool = False) -> None:
    decks = _decks(every, only)
    challenge = sorted(p for p in CHALLENGE.iterdir() if p.is_file())
    alone = goldfish_mp(decks, goldfish_games, seed)
    starters = goldfish_mp(challenge, goldfish_games, seed)
    floor = min(starters.values())
    started = time.perf_counter()
    rows = {}
    for spared in (False, True):
        jobs = [(str(d), str(c), games, seed, EVERY_FAMILY if spared else ()) for d in decks for c in challenge]
        for row, n, wins, mp, opp, lost in _run(jobs, workers, _pair):
            cell = rows.setdefault((row, spared), [0, 0, 0.0, 0.0, 0.0])
            for i, v in enumerate((n, wins, mp, opp, lost)):
                cell[i] += v
    print(f"{len(decks)} zara tournament decks against the ten Challenge Decks, {games} games a pair, seed {seed} "
          f"({time.perf_counter() - started:.0f} s wall, {workers} workers): win rate, MP at the Free Council "
          f"(theirs), characters lost a game; as played | with no opponent hazard played on them | goldfish "
          f"MP@{TURNS} ({goldfish_games} games)")
    means = {(False, True): [], (True, True): [], (False, False): [], (True, False): []}
    for path in decks:
        parts = []
        high = alone[str(path)] >= floor
        for spared in (False, True):
            n, wins, mp, opp, lost = rows[str(path), spared]
            means[spared, high].append((wins / n, mp / n, opp / n, lost / n))
            parts.append(f"{wins / n:6.1%} {mp / n:5.1f} ({opp / n:5.1f}) lost {lost / n:4.2f}")
        print(f"  {parts[0]} | {parts[1]} | {alone[str(path)]:5.1f}  {path.name}")
    for spared, label in ((False, "as played"), (True, "no opponent hazard on them")):
        print(f"  mean {label}: " + _means("all", means[spared, True] + means[spared, False]))
        for high, group in ((True, f"goldfish MP at least the lowest Challenge Deck's {floor:.1f}"),
                            (False, "the others")):
            if means[spared, high]:
                print("      " + _means(group, means[spared, high]))
    if families:
        for family in EVERY_FAMILY:
            jobs = [(str(d), str(c), games, seed, (family,)) for d in decks for c in challenge]
            cells: dict = {}
            for row, n, wins, mp, opp, lost in _run(jobs, workers, _pair):
                cell = cells.setdefault(row, [0, 0, 0.0, 0.0, 0.0])
                for i, v in enumerate((n, wins, mp, opp, lost)):
                    cell[i] += v
            groups = {True: [], False: []}
            for path in decks:
                n, wins, mp, opp, lost = cells[str(path)]
                groups[alone[str(path)] >= floor].append((wins / n, mp / n, opp / n, lost / n))
            print(f"  mean with no {family} of the opponent on them: " + _means("all", groups[True] + groups[False]))
            if groups[True]:
                print("      " + _means(f"goldfish MP at least {floor:.1f}", groups[True]))
    print(f"goldfish MP@{TURNS} ({goldfish_games} games each, no hazards): tournament decks mean "
          f"{statistics.mean(alone.values()):.1f} ({min(alone.values()):.1f}-{max(alone.values()):.1f}), Challenge "
          f"Decks mean {statistics.mean(starters.values()):.1f} ({floor:.1f}-{max(starters.values()):.1f})")


def goldfish_gap(games: int, seed: int, every: int, only: str | None) -> None:
    """Part 2 alone: each deck's goldfish MP@12, lowest first, and the means of the two groups."""
    started = time.process_time()
    alone = goldfish_mp(_decks(every, only), games, seed)
    starters = goldfish_mp(sorted(p for p in CHALLENGE.iterdir() if p.is_file()), games, seed)
    for group in (alone, starters):
        for path, mp in sorted(group.items(), key=lambda kv: kv[1]):
            print(f"  {mp:6.2f}  {Path(path).name}")
    print(f"goldfish MP@{TURNS} ({games} games each, no hazards, seed {seed}): tournament decks mean "
          f"{statistics.mean(alone.values()):.2f}, Challenge Decks mean {statistics.mean(starters.values()):.2f} "
          f"({time.process_time() - started:.0f} CPU-s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games a pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=1, help="every Nth tournament deck (1: all)")
    parser.add_argument("--only", help="tournament decks whose file name contains this")
    parser.add_argument("--goldfish-games", type=int, default=300)
    parser.add_argument("--families", action="store_true", help="also spare one hazard family at a time")
    parser.add_argument("--goldfish-only", action="store_true", help="only each deck's goldfish MP and the means")
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    if args.goldfish_only:
        goldfish_gap(args.goldfish_games, args.seed, args.every, args.only)
        return
    ceiling(args.games, args.seed, args.jobs, args.every, args.only, args.goldfish_games, args.families)


if __name__ == "__main__":
    main()
