"""Does the simulation know a strong deck from a weak one? Issue 22's headline check of the model.

    .venv/bin/python benchmarks/tournament_vs_starters.py [--games 40] [--seed 1] [--jobs 2]
                                                          [--skip-tournament] [--skip-balance] [--only TEXT]
                                                          [--balance-games N] [--mirror-games 1200]
                                                          [--skip-goldfish]

1. Each of Mark Alfano's tournament decks (../shared/decks/gccg-restoration/Contrib/zara/, read there, never
   copied; the two sideboard fragments have no play deck and are named, not played) against each of the ten ICE
   Challenge Decks, `--games` games a pair, both sides playing full turns (`matchups --one DECK "Challenge
   Decks"`, the same pair seeds): the deck's win rate (wins / games, as `matchups`; draws said apart), the mean
   over the decks and how many are above 50% (target: mean at least 60%, at least 3 in 4 above 50%).
2. The Challenge Decks stay balanced: each one's win rate against the other nine (target 30-70%), each against
   itself (47-53%), and goldfish MP after turn 12 lowest / highest (at least 0.6; 2,000 games each, no hazards).
   A deck against itself plays `--mirror-games` games (default 1,200) and is scored as a chess score: a win 1,
   a draw 1/2, a loss 0 (by wins alone a mirror with 4% draws cannot reach 48%), with its 95% interval (about
   +/-2.8 points at 1,200 games, +/-4.9 at 400: only from about 1,100 games is the interval inside the 47-53%
   band, so that the band's check means something; a mirror's interval holding 50% is one chance cannot tell
   from 50%). The seats
   alternate (the row deck starts the even games), so a mirror's expected score is 50% whatever the first
   player's advantage; that advantage is printed apart: the first player's score over all mirror games and over
   all the games of the field, each with its interval (a seat bias of the engine shows there). The pair matrix
   follows (each row deck's win rate against each column deck); `--skip-goldfish` leaves out the goldfish ratio.

No number here is tuned: the players and rules name no deck (issue 22).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, TURNS, ZARA, ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import run_games  # noqa: E402
from deckcheck.sim.matchups import deck_fingerprint, pair_seed, play_pair  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.report import mean_interval  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402

GOLDFISH_GAMES = 2000


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file())


def _side(path: Path):
    deck = read_deck(str(path))
    return side_of(build_sim_deck(deck)), deck_fingerprint(deck)


def _pair(job: tuple[str, str, int, int]) -> tuple[str, str, int, int, int, float]:
    """One pair: (row, column, games, wins, draws, characters the row lost per game)."""
    row, column, games, seed = job
    (a, pa), (b, pb) = _side(Path(row)), _side(Path(column))
    tally = play_pair(a, b, 0, games, TURNS, pair_seed(seed, pa, pb))
    return row, column, tally.games, tally.wins, tally.draws, tally.characters_lost / tally.games


def _games(job: tuple[str, str, int, int]) -> tuple[str, str, list[int]]:
    """One pair game by game: the row deck's result of each (2 a win, 1 a draw, 0 a loss); game g is started by
    the row deck when g is even, as in `matchups`."""
    row, column, games, seed = job
    (a, pa), (b, pb) = _side(Path(row)), _side(Path(column))
    s = pair_seed(seed, pa, pb)
    results = []
    for game in range(games):
        t = play_pair(a, b, game, 1, TURNS, s)
        results.append(2 * t.wins + t.draws)
    return row, column, results


def _run(jobs: list, workers: int, task=_pair) -> list:
    if workers <= 1:
        return [task(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(task, jobs, chunksize=1))


def _rate(wins: int, draws: int, games: int) -> float:
    """Wins over games, as `matchups` reports P(win): a draw is no win."""
    return wins / games


def _score(halves: list[int]) -> dict:
    """A chess score (win 1, draw 1/2, loss 0) with its 95% normal interval, from results in half points."""
    cell = mean_interval(sum(halves), sum(h * h for h in halves), len(halves))
    return {"p": cell["mean"] / 2, "ci95": [min(1.0, max(0.0, x / 2)) for x in cell["ci95"]]}


def _outside_band(games: int, band: float = 0.03) -> float:
    """The chance that a fair mirror's score (no draws: variance 1/4 a game) falls outside 50% +/- `band`."""
    return math.erfc(band / math.sqrt(0.25 / games) / math.sqrt(2))


def _first_seat(results: list[int]) -> list[int]:
    """The first player's result of each game, from the row deck's (which starts the even games)."""
    return [r if game % 2 == 0 else 2 - r for game, r in enumerate(results)]


def tournament(games: int, seed: int, workers: int, only: str | None) -> None:
    challenge = _files(CHALLENGE)
    decks, skipped = [], []
    for path in _files(ZARA):
        if only and only not in path.name:
            continue
        try:
            build_sim_deck(read_deck(str(path)))
            decks.append(path)
        except ValueError as exc:
            skipped.append(f"{path.name}: {exc}")
    started = time.perf_counter()
    results = _run([(str(d), str(c), games, seed) for d in decks for c in challenge], workers)
    by_deck: dict[str, list] = {}
    for row, _column, n, wins, draws, lost in results:
        by_deck.setdefault(row, []).append((n, wins, draws, lost))
    print(f"zara tournament decks against the ten Challenge Decks, {games} games a pair, {TURNS} turns, seed {seed} "
          f"({time.perf_counter() - started:.0f} s wall, {workers} workers): win rate, draws, characters lost a game")
    rates = []
    for path in decks:
        rows = by_deck[str(path)]
        n = sum(r[0] for r in rows)
        rate = _rate(sum(r[1] for r in rows), sum(r[2] for r in rows), n)
        rates.append(rate)
        lost = statistics.mean(r[3] for r in rows)
        print(f"  {rate:6.1%}  draws {sum(r[2] for r in rows) / n:5.1%}  lost {lost:4.2f}  {path.name}")
    for line in skipped:
        print(f"  not played: {line}")
    if rates:
        above = sum(r > 0.5 for r in rates)
        mean = statistics.mean(rates)
        print(f"  mean {mean:.1%} ({'ok' if mean >= 0.6 else 'BELOW 60%'}); above 50%: {above}/{len(rates)} "
              f"({'ok' if above * 4 >= 3 * len(rates) else 'FEWER THAN 3 IN 4'})")


def _print_pairs(decks: list[Path], pairs: dict[tuple[str, str], float]) -> None:
    """The row deck's win rate against each column deck, by the decks' letters."""
    print("  row's win rate against column: " + " ".join(f"{p.name[0]:>4s}" for p in decks))
    for row in decks:
        cells = ("   ." if row == column else f"{pairs[str(row), str(column)]:4.0%}" for column in decks)
        print(f"  {row.name[:30]:30s}  " + " ".join(cells))


def balance(games: int, mirror_games: int, seed: int, workers: int, goldfish: bool = True) -> None:
    challenge = _files(CHALLENGE)
    jobs = [(str(a), str(b), games, seed) for i, a in enumerate(challenge) for b in challenge[i + 1:]]
    jobs += [(str(a), str(a), mirror_games, seed) for a in challenge]
    started = time.perf_counter()
    results = _run(jobs, workers, _games)
    field = {str(p): [0, 0, 0] for p in challenge}   # games, wins, draws against the other nine
    pairs: dict[tuple[str, str], float] = {}          # (row, column): the row deck's wins / games
    mirror, first_mirror, first_field = {}, [], []
    for row, column, halves in results:
        if row == column:
            mirror[row] = (_score(halves), halves.count(1) / len(halves))
            first_mirror += _first_seat(halves)
            continue
        first_field += _first_seat(halves)
        n, wins, draws = len(halves), halves.count(2), halves.count(1)
        pairs[row, column], pairs[column, row] = wins / n, halves.count(0) / n
        for deck, w in ((row, wins), (column, halves.count(0))):
            field[deck][0] += n
            field[deck][1] += w
            field[deck][2] += draws
    print(f"Challenge Decks balance, {games} games a pair, {mirror_games} a mirror "
          f"({time.perf_counter() - started:.0f} s wall): win rate against the other nine (wins / games, a draw "
          f"is no win; 30-70%); against itself as a score, a draw half a win (47-53%), with its 95% interval")
    inside = within = 0
    for path in challenge:
        n, wins, draws = field[str(path)]
        rate = _rate(wins, draws, n)
        score, mirror_draws = mirror[str(path)]
        low, high = score["ci95"]
        ok = 0.47 <= score["p"] <= 0.53
        holds = low <= 0.5 <= high
        within += ok
        inside += holds
        print(f"  {rate:6.1%} {'ok' if 0.3 <= rate <= 0.7 else 'OUT'}   self {score['p']:6.1%} "
              f"({low:.1%}-{high:.1%}) {'ok' if ok else 'OUT'}, {'holds' if holds else 'EXCLUDES'} 50%, "
              f"draws {mirror_draws:4.1%}   {path.name}")
    print(f"  mirrors in 47-53%: {within}/{len(challenge)}; intervals holding 50%: {inside}/{len(challenge)} "
          f"(by chance alone about 1 interval in 20 misses 50%, and a score falls outside 47-53% with odds "
          f"{_outside_band(mirror_games):.0%})")
    _print_pairs(challenge, pairs)
    for label, halves in (("mirror games", first_mirror), ("games between two decks", first_field)):
        score = _score(halves)
        low, high = score["ci95"]
        print(f"  first player's score over {len(halves)} {label}: {score['p']:.1%} ({low:.1%}-{high:.1%}), "
              f"draws {halves.count(1) / len(halves):.1%}")
    if not goldfish:
        return
    means = []
    for path in challenge:
        tally = run_games(build_sim_deck(read_deck(str(path))), 0, GOLDFISH_GAMES, TURNS, seed, "none")
        means.append(tally.mp_sum[-1] / tally.games)
    low, high = min(means), max(means)
    print(f"  goldfish MP@{TURNS} ({GOLDFISH_GAMES} games each): lowest / highest = {low:.2f} / {high:.2f} = "
          f"{low / high:.3f} ({'ok' if low / high >= 0.6 else 'BELOW 0.6'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--balance-games", type=int, default=None, help="games a Challenge pair (default --games)")
    parser.add_argument("--mirror-games", type=int, default=1200, help="games of a deck against itself")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="tournament decks whose file name contains this")
    parser.add_argument("--skip-tournament", action="store_true")
    parser.add_argument("--skip-balance", action="store_true")
    parser.add_argument("--skip-goldfish", action="store_true", help="balance without the goldfish MP ratio")
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    if not CHALLENGE.is_dir() or not ZARA.is_dir():
        sys.exit(f"needs ../shared/decks ({CHALLENGE} and {ZARA})")
    if not args.skip_tournament:
        tournament(args.games, args.seed, args.jobs, args.only)
    if not args.skip_balance:
        balance(args.balance_games or args.games, args.mirror_games, args.seed, args.jobs,
                not args.skip_goldfish)


if __name__ == "__main__":
    main()
