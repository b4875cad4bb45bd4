"""How much narrower the paired what-if interval is than two separate runs' (issue 23), turn by turn, with the
engine's random numbers by purpose (sim/streams.py) and, for comparison, with one generator per game.

    .venv/bin/python benchmarks/bench_whatif.py [--games 1000] [--turns 12] [--swap "Concealment=Orcrist" ...]

On Challenge Deck E (read from ../shared/decks, never copied) each swap is played on the same games as the deck
(`simulate --swap`, common random numbers) and, per turn, prints the MP difference with:
- the paired 95% interval and half-width (the per-game differences' spread),
- the unpaired half-width for the same games (as if the two runs were independent: 1.96 sqrt(s_deck²/n + s_var²/n)),
- their ratio with the streams, and the ratio the same games give with one generator per game (the opening
  shuffle, every roll and every reshuffle drawn in turn from it: the coupling before the streams),
- how many games' MP differ, and the difference two truly separate runs give (the variant on the next seed).

`--why N` then traces the first N games of both decks (with the variant's card named as the one it replaced)
and says where each pair first parts: the swapped-in card itself played, another choice (another card, site or
character), the same step with other numbers (a roll, the count of cards drawn), or the hands at a turn's start
(another card kept or drawn); with the streams and with one generator per game.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim import match, trace  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.whatif import paired_difference, play_records, swap_variant  # noqa: E402

DECK = PROJECT.parent / "shared" / "decks" / "council-of-rivendell" / "Challenge Decks" / \
    "E - Gandalf - Return of the King"
SWAPS = ("Concealment=Orcrist", "Concealment=Hauberk of Bright Mail", "Concealment=Concealment")


class OneStream(random.Random):
    """One generator for everything in a game, drawn in turn (what `game_rng` gave before sim/streams.py)."""

    def at(self, *place) -> None:
        pass

    def reshuffle(self, cards, slots) -> None:
        self.shuffle(cards)

    def for_side(self, side: int):
        return self


@contextlib.contextmanager
def one_stream():
    engine = match.game_rng
    match.game_rng = trace.game_rng = lambda seed, game: OneStream(seed * 1_000_003 + game)
    try:
        yield
    finally:
        match.game_rng = trace.game_rng = engine


def parting(base: dict, variant: dict, out_name: str, in_name: str) -> str:
    """Where two traced games first differ (the variant's IN named OUT): its kind of step."""
    def steps(document, rename):
        for turn in document["turns"]:
            yield "hand", " | ".join(sorted(rename(c) for c in turn["hand"]))
            for event in turn["events"]:
                yield "event", rename(event["text"])

    def same(text):
        return text

    def renamed(text):
        return text.replace(in_name, out_name)

    for (kind, a), (_, b) in zip(steps(base, same), steps(variant, renamed)):
        if a == b:
            continue
        if kind == "hand":
            return "the hands at a turn's start (another card kept or discarded)"
        if out_name in b and out_name not in a:
            return "the swapped-in card played"
        if re.sub(r"\d+", "#", a) == re.sub(r"\d+", "#", b):
            return "the same step, other numbers"
        return "another choice"
    return "never (the same game)"


def why(deck, variant, games: int, turns: int, seed: int) -> Counter:
    out_name, in_name = variant.label.split(" +", 1)[0].split(" ", 1)[1], variant.label.split(" +", 1)[1]
    in_name = in_name.split(" ", 1)[1]
    base_sim, variant_sim = build_sim_deck(deck), build_sim_deck(variant.deck)
    return Counter(parting(trace.trace_game(base_sim, game, seed, turns), trace.trace_game(variant_sim, game, seed,
                                                                                            turns), out_name, in_name)
                   for game in range(games))


def ratio(d: dict) -> float:
    return d["unpaired_half_width"] / d["half_width"] if d["half_width"] else float("inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--swap", action="append", dest="swaps")
    parser.add_argument("--why", type=int, default=0, metavar="N", help="trace N games: where each pair parts")
    args = parser.parse_args()
    if not DECK.exists():
        sys.exit(f"{DECK} is absent: this benchmark needs ../shared/decks")
    print_conditions()
    deck = read_deck(str(DECK))
    play = dict(games=args.games, turns=args.turns, hazards="none", length=2)
    started = time.process_time()
    base = play_records(deck, seed=args.seed, **play)
    with one_stream():
        base_one = play_records(deck, seed=args.seed, **play)
    print(f"{deck.name}: {args.games} goldfish games of {args.turns} turns, seed {args.seed}")
    for spec in args.swaps or SWAPS:
        variant = swap_variant(deck, spec)
        paired = play_records(variant.deck, seed=args.seed, **play)
        separate = play_records(variant.deck, seed=args.seed + 1, **play)
        with one_stream():
            paired_one = play_records(variant.deck, seed=args.seed, **play)
        print(f"\n{variant.label}")
        print(" turn  difference  paired 95% CI        paired ±  unpaired ±  ratio  one-stream ratio  games differ"
              "  separate runs' difference")
        for t in range(args.turns):
            b = [g[t] for g in base.mp]
            d = paired_difference(b, [g[t] for g in paired.mp])
            one = paired_difference([g[t] for g in base_one.mp], [g[t] for g in paired_one.mp])
            alone = paired_difference(b, [g[t] for g in separate.mp])["difference"]
            print(f"{t + 1:>5}  {d['difference']:>+10.3f}  {d['ci95'][0]:>+7.3f} to {d['ci95'][1]:>+7.3f}  "
                  f"{d['half_width']:>8.3f}  {d['unpaired_half_width']:>10.3f}  {ratio(d):>5.2f}  "
                  f"{ratio(one):>16.2f}  {d['games_that_differ']:>12}  {alone:>+8.3f}")
        if args.why:
            streams = why(deck, variant, args.why, args.turns, args.seed)
            with one_stream():
                single = why(deck, variant, args.why, args.turns, args.seed)
            print(f"where the first {args.why} games part (streams / one generator):")
            for kind in sorted(set(streams) | set(single), key=lambda k: -streams[k]):
                print(f"  {streams[kind]:>5} / {single[kind]:<5} {kind}")
    print(f"\nCPU {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
