"""The referee's findings per rule over the real decks: every deck of ../shared/decks under each hazard model and
three seeds (goldfish), and every pair of the ICE Challenge Decks A-J with both sides playing (`--both`).

    .venv/bin/python benchmarks/referee_findings.py [--games 20] [--pair-games 10]

This is what `simulate --check` does, over the corpus: it prints the count of findings per rule, and the games
they happened in, with the first example of each (issue 21 makes them visible; issue 22 is to bring them to 0).
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.against import simulate_sides  # noqa: E402
from deckcheck.sim.model import HAND_SIZE, build_sim_deck  # noqa: E402
from deckcheck.sim.players.hazard_model import HAZARD_MODELS  # noqa: E402
from deckcheck.sim.referee import Referee, format_referee  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402
from deckcheck.sim.simulate import simulate_tables  # noqa: E402

DECKS = PROJECT.parent / "shared" / "decks"
CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
SEEDS = (1, 2, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="goldfish games per deck, hazard model and seed")
    parser.add_argument("--pair-games", type=int, default=10, help="--both games per Challenge Deck pair")
    args = parser.parse_args()
    if not DECKS.is_dir():
        sys.exit(f"needs the real decklists at {DECKS}")
    print_conditions()
    started = time.process_time()
    referee, decks = Referee(), 0
    for path in sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS):
        deck = read_deck(str(path))
        if sum(e.count for e in deck.play_deck() if e.card is not None) < HAND_SIZE:
            continue                      # a sideboard fragment: simulate refuses it (exit 2)
        sim = build_sim_deck(deck)
        decks += 1
        for hazards in HAZARD_MODELS:
            for seed in SEEDS:
                simulate_tables(sim, games=args.games, turns=12, seed=seed, hazards=hazards, observer=referee)
    print(f"every real deck ({decks}) x {len(HAZARD_MODELS)} hazard models x {len(SEEDS)} seeds x {args.games} "
          f"games, goldfish:")
    print(format_referee(referee.document()))
    sides = [side_of(build_sim_deck(read_deck(str(p)))) for p in sorted(CHALLENGE.iterdir()) if p.is_file()]
    referee = Referee()
    pairs = list(combinations(range(len(sides)), 2))
    for a, b in pairs:
        simulate_sides(sides[a], sides[b], games=args.pair_games, turns=12, seed=1, both=True, observer=referee)
    print(f"\nevery --both pair of the {len(sides)} Challenge Decks ({len(pairs)} pairs x {args.pair_games} games):")
    print(format_referee(referee.document()))
    print(f"\n{time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main()
