"""How much narrower the paired what-if interval is than two separate runs' (issue 23).

    .venv/bin/python benchmarks/bench_whatif.py [--games 1000] [--turns 12] [--swap "Concealment=Orcrist" ...]

On Challenge Deck E (read from ../shared/decks, never copied) each swap is played on the same games as the deck
(`simulate --swap`, common random numbers) and, per turn, prints the MP difference with:
- the paired 95% half-width (the per-game differences' spread),
- the unpaired half-width for the same games (as if the two runs were independent: sqrt(s_deck^2/n + s_var^2/n)),
- their ratio, and the difference two truly separate runs give (the variant on the next seed instead).
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
from deckcheck.sim.whatif import paired_difference, play_records, swap_variant  # noqa: E402

DECK = PROJECT.parent / "shared" / "decks" / "council-of-rivendell" / "Challenge Decks" / \
    "E - Gandalf - Return of the King"
SWAPS = ("Concealment=Orcrist", "Concealment=Hauberk of Bright Mail", "Concealment=Concealment")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--swap", action="append", dest="swaps")
    args = parser.parse_args()
    if not DECK.exists():
        sys.exit(f"{DECK} is absent: this benchmark needs ../shared/decks")
    print_conditions()
    deck = read_deck(str(DECK))
    play = dict(games=args.games, turns=args.turns, hazards="none", length=2)
    started = time.process_time()
    base = play_records(deck, seed=args.seed, **play)
    print(f"{deck.name}: {args.games} goldfish games of {args.turns} turns, seed {args.seed}")
    for spec in args.swaps or SWAPS:
        variant = swap_variant(deck, spec)
        paired = play_records(variant.deck, seed=args.seed, **play)
        separate = play_records(variant.deck, seed=args.seed + 1, **play)
        print(f"\n{variant.label}")
        print(" turn  difference  paired 95% CI        paired ±  unpaired ±  ratio   separate runs' difference")
        for t in range(args.turns):
            b = [g[t] for g in base.mp]
            d = paired_difference(b, [g[t] for g in paired.mp])
            alone = paired_difference(b, [g[t] for g in separate.mp])["difference"]
            ratio = d["unpaired_half_width"] / d["half_width"] if d["half_width"] else float("inf")
            print(f"{t + 1:>5}  {d['difference']:>+10.3f}  {d['ci95'][0]:>+7.3f} to {d['ci95'][1]:>+7.3f}  "
                  f"{d['half_width']:>8.3f}  {d['unpaired_half_width']:>10.3f}  {ratio:>5.2f}   {alone:>+8.3f}")
    print(f"\nCPU {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
