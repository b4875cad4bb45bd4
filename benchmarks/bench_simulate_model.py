"""How well the simulation plays real decks: the numbers issue 9's "Done when" asks for.

    .venv/bin/python benchmarks/bench_simulate_model.py [--games 2000] [--corpus-games 1000] [--seed 1]
                                                        [--skip-corpus] [--skip-challenge] [--worst 15]
                                                        [--sweep SEEDS] [--sweep-games 50]

1. Over every real deck of ../shared/decks (read there, never copied): the share of the play deck's resource
   marshalling points (resource cards, copies x MP as the deck's alignment scores them) in cards that no game
   played by the last of 12 turns, no hazards, `--corpus-games` games per deck; the mean of that share per
   alignment (target: at most 10% each), and the cards most responsible, with the reason the report gives.
2. The ten ICE Challenge Decks A-J (council-of-rivendell), `--games` games each, seed 1, 12 turns, no hazards:
   mean MP after turn 12 and the lowest / highest ratio (target: at least 0.6).
3. With `--sweep SEEDS`: every real deck under every hazard model and seeds 1..SEEDS, `--sweep-games` games each;
   the games played and the exceptions raised (target: none; each is printed with its deck, model and seed).

Decks that cannot be simulated (the two sideboard fragments: no play deck) are counted and named, not scored.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import run_games  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.players.hazard_model import HAZARD_MODELS  # noqa: E402
from deckcheck.sim.report import card_rows, never_played_share  # noqa: E402

DECKS = PROJECT.parent / "shared" / "decks"
CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
TURNS = 12
ALIGNMENTS = ("wizard", "ringwraith", "fallen-wizard", "balrog")


def corpus(games: int, seed: int, worst: int) -> None:
    shares: dict[str, list[float]] = defaultdict(list)
    blame: dict[tuple[str, str, str], float] = defaultdict(float)
    skipped = []
    started = time.perf_counter()
    paths = sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS)
    for path in paths:
        try:
            sim = build_sim_deck(read_deck(path))
        except ValueError as exc:
            skipped.append(f"{path.relative_to(DECKS)}: {exc}")
            continue
        tally = run_games(sim, 0, games, TURNS, seed, "none")
        share = never_played_share(sim, tally)
        if share is None:
            skipped.append(f"{path.relative_to(DECKS)}: no resource worth MP in the play deck")
            continue
        shares[sim.alignment].append(share)
        total = sum(sim.mp[k] * sim.copies(k) for k in set(sim.play_deck)
                    if sim.kinds[k].type == "Resource" and sim.mp[k] > 0)
        for row in card_rows(sim, tally, "none"):
            if row["never_played_reason"] and row["mp"] > 0 and sim.kinds[
                    next(k for k in set(sim.play_deck) if sim.kinds[k].id == row["card_id"])].type == "Resource":
                blame[(sim.alignment, row["name"], row["never_played_reason"])] += row["mp"] * row["copies"] / total
    elapsed = time.perf_counter() - started
    print(f"never-played share of play-deck resource MP, {games} games x {TURNS} turns per deck, seed {seed}, "
          f"no hazards ({elapsed:.0f} s)")
    for alignment in ALIGNMENTS:
        values = shares.get(alignment, [])
        if values:
            mean = statistics.mean(values)
            print(f"  {alignment:<14} {len(values):>3} decks  mean {mean:6.1%}  median {statistics.median(values):6.1%}"
                  f"  max {max(values):6.1%}  {'ok' if mean <= 0.10 else 'ABOVE 10%'}")
    for line in skipped:
        print(f"  not simulated: {line}")
    print("cards never played that weigh most (share of their decks' resource MP, summed per alignment / decks):")
    rows = sorted(blame.items(), key=lambda kv: -kv[1] / max(1, len(shares[kv[0][0]])))[:worst]
    for (alignment, name, reason), value in rows:
        print(f"  {value / len(shares[alignment]):6.2%}  {alignment:<13} {name}: {reason}")


def challenge(games: int, seed: int) -> None:
    print(f"ICE Challenge Decks A-J, {games} games x {TURNS} turns, seed {seed}, no hazards: "
          f"mean MP after turn {TURNS}")
    means = {}
    for path in sorted(CHALLENGE.iterdir()):
        sim = build_sim_deck(read_deck(path))
        started = time.perf_counter()
        tally = run_games(sim, 0, games, TURNS, seed, "none")
        elapsed = time.perf_counter() - started
        means[path.name] = tally.mp_sum[-1] / tally.games
        print(f"  {means[path.name]:6.2f}  {path.name} ({sim.alignment}; {games / elapsed:,.0f} games/s)")
    low, high = min(means.values()), max(means.values())
    print(f"  lowest / highest = {low:.2f} / {high:.2f} = {low / high:.3f} "
          f"({'ok' if low / high >= 0.6 else 'BELOW 0.6'})")


def sweep(seeds: int, games: int) -> None:
    played = errors = 0
    started = time.perf_counter()
    for path in sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS):
        try:
            sim = build_sim_deck(read_deck(path))
        except ValueError:
            continue                      # no play deck: the command says so (exit 2)
        for hazards in HAZARD_MODELS:
            for seed in range(1, seeds + 1):
                try:
                    run_games(sim, 0, games, TURNS, seed, hazards)
                    played += games
                except Exception as exc:  # noqa: BLE001 - counted and shown: the target is none
                    errors += 1
                    print(f"  EXCEPTION {type(exc).__name__}: {exc} — {path.relative_to(DECKS)}, {hazards}, "
                          f"seed {seed}")
    print(f"sweep: {played} games over every real deck x {len(HAZARD_MODELS)} hazard models x seeds 1-{seeds}, "
          f"{errors} exceptions ({time.perf_counter() - started:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per Challenge Deck")
    parser.add_argument("--corpus-games", type=int, default=1000, help="games per deck of the corpus")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worst", type=int, default=15)
    parser.add_argument("--skip-corpus", action="store_true")
    parser.add_argument("--skip-challenge", action="store_true")
    parser.add_argument("--sweep", type=int, default=0, metavar="SEEDS", help="also play every deck, model, seed")
    parser.add_argument("--sweep-games", type=int, default=50)
    args = parser.parse_args()
    if not DECKS.is_dir():
        sys.exit(f"needs the real decklists at {DECKS}")
    if not args.skip_challenge:
        challenge(args.games, args.seed)
    if not args.skip_corpus:
        corpus(args.corpus_games, args.seed, args.worst)
    if args.sweep:
        sweep(args.sweep, args.sweep_games)


if __name__ == "__main__":
    main()
