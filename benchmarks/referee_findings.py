"""The referee's findings per rule over the real decks: every deck of ../shared/decks under each hazard model and
five seeds (goldfish, as `simulate --check`), and the ICE Challenge Decks A-J as a field (as `matchups --check`:
every pair, both decks playing).

    .venv/bin/python benchmarks/referee_findings.py [--games 20] [--pair-games 10] [--seeds 5]

It prints the count of findings per rule, and the games they happened in, with the first example of each (issue 21
made them visible; issue 22 brought them to 0).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.matchups import run_matchups  # noqa: E402
from deckcheck.sim.model import HAND_SIZE, build_sim_deck  # noqa: E402
from deckcheck.sim.players.hazard_model import HAZARD_MODELS  # noqa: E402
from deckcheck.sim.referee import Referee, format_referee  # noqa: E402
from deckcheck.sim.simulate import simulate_tables  # noqa: E402

DECKS = PROJECT.parent / "shared" / "decks"
CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="goldfish games per deck, hazard model and seed")
    parser.add_argument("--pair-games", type=int, default=10, help="--both games per Challenge Deck pair")
    parser.add_argument("--seeds", type=int, default=5, help="seeds 1..N for each deck and hazard model")
    args = parser.parse_args()
    if not DECKS.is_dir():
        sys.exit(f"needs the real decklists at {DECKS}")
    print_conditions()
    seeds = range(1, args.seeds + 1)
    started = time.process_time()
    referee, decks = Referee(), 0
    for path in sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS):
        deck = read_deck(str(path))
        if sum(e.count for e in deck.play_deck() if e.card is not None) < HAND_SIZE:
            continue                      # a sideboard fragment: simulate refuses it (exit 2)
        sim = build_sim_deck(deck)
        decks += 1
        for hazards in HAZARD_MODELS:
            for seed in seeds:
                simulate_tables(sim, games=args.games, turns=12, seed=seed, hazards=hazards, observer=referee)
    print(f"every real deck ({decks}) x {len(HAZARD_MODELS)} hazard models x {len(seeds)} seeds x {args.games} "
          f"games, goldfish:")
    print(format_referee(referee.document()))
    challenge = [read_deck(str(p)) for p in sorted(CHALLENGE.iterdir()) if p.is_file()]
    referee = Referee()
    run_matchups(challenge, games=args.pair_games, turns=12, seed=1, referee=referee)   # as `matchups --check`
    pairs = len(challenge) * (len(challenge) - 1) // 2
    print(f"\nmatchups --check over the {len(challenge)} Challenge Decks ({pairs} pairs x {args.pair_games} games, "
          f"both decks playing):")
    print(format_referee(referee.document()))
    print(f"\n{time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main()
