"""How much narrower the paired what-if interval is than two separate runs' (issue 23), turn by turn, with the
engine's random numbers by purpose (sim/streams.py) and, for comparison, with one generator per game.

    .venv/bin/python benchmarks/bench_whatif.py [--games 1000] [--turns 12] [--swap "Concealment=Orcrist" ...]
                                                [--dice-by-order] [--why N] [--against I]

On Challenge Deck E (read from ../shared/decks, never copied) each swap is played on the same games as the deck
(`simulate --swap`, common random numbers) and, per turn, prints the MP difference with:
- the paired 95% interval and half-width (the per-game differences' spread),
- the unpaired half-width for the same games (as if the two runs were independent: 1.96 sqrt(s_deck²/n + s_var²/n)),
- their ratio with the streams, and the ratio the same games give with one generator per game (the opening
  shuffle, every roll and every reshuffle drawn in turn from it: the coupling before the streams),
- the ratio with the dice keyed by order instead of place (`--dice-by-order`: the i-th move or site phase of a
  turn rolls the same numbers in both games wherever it goes, an experiment on how much the place keys lose once
  two games send a company to different sites),
- with `--against I` (a Challenge Deck's letter, or a path) the games are duels (`simulate --against --both`)
  and P(win)'s difference follows, paired and unpaired,
- how many games' MP differ, the share of the paired variance (the sum of squared per-game differences) that
  games differing by 4 MP or more carry, and the difference two truly separate runs give (the variant on the
  next seed).

`--why N` then traces the first N games of both decks and says where each pair first parts: the swapped-in card
itself played, another choice (another card, site or character), the same step with other numbers (a roll, the
count of cards drawn), or the hands at a turn's start (another card kept or drawn); with the streams and with one
generator per game. A hand is the same when the variant's is the deck's with OUT as IN, a step when its text is
(or is with IN named OUT), so copies of IN the deck holds of its own are no parting. It also checks the pairing's
promise: until a swapped-in copy is first in the variant's hand (seen after every draw), both games' MP are the
same after every turn.
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
from deckcheck.sim import match, streams, trace  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.observe import Observer  # noqa: E402
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


@contextlib.contextmanager
def dice_by_order():
    """Every place of a turn's phase keyed by the phase alone: its i-th place (move, site phase) is its i-th
    visit, whatever the sites."""
    place = streams.GameRandom.at

    def at(self, turn: int, phase: int, a: int = 0, b: int = 0) -> None:
        place(self, turn, phase)

    streams.GameRandom.at = at
    try:
        yield
    finally:
        streams.GameRandom.at = place


class FirstInHand(Observer):
    """The first turn a card kind is in hand (looked at after every move's draw and at every phase's end)."""

    def __init__(self, kind: int):
        self.kind, self.turn = kind, None

    def _look(self, g) -> None:
        if self.turn is None and self.kind in g.hand:
            self.turn = g.turn

    def turn_start(self, g) -> None:
        self._look(g)

    def phase(self, g, name: str) -> None:
        self._look(g)

    def move(self, g, company, origin, dest, roll, moved, drawn=0) -> None:
        self._look(g)


def before_drawn(deck, variant, in_name: str, games: int, turns: int, seed: int) -> tuple[int, int]:
    """(turn-games played before a swapped-in copy was first in the variant's hand, those whose MP differ)."""
    base_sim, variant_sim = build_sim_deck(deck), build_sim_deck(variant.deck)
    kind = next(k for k in variant_sim.copies_in_play_deck if variant_sim.kinds[k].name == in_name)
    checked = differ = 0
    for game in range(games):
        watch = FirstInHand(kind)
        mine = match.run_games(variant_sim, game, 1, turns, seed, "none", observer=watch).mp_sum
        theirs = match.run_games(base_sim, game, 1, turns, seed, "none").mp_sum
        first = watch.turn if watch.turn is not None else turns + 1
        # the opening hand is turn 0: a copy there leaves no turn before it
        for t in range(min(first - 1, turns)):
            checked += 1
            differ += mine[t] != theirs[t]
    return checked, differ


def big_share(base: list[int], variant: list[int], at_least: int = 4) -> float:
    squares = [(v - b) ** 2 for b, v in zip(base, variant)]
    total = sum(squares)
    return sum(q for q in squares if q >= at_least * at_least) / total if total else 0.0


def parting(base: dict, variant: dict, out_name: str, in_name: str) -> str:
    """Where two traced games first differ: its kind of step. The variant's swapped-in IN stands where the
    deck's OUT stood, and the deck may hold copies of IN of its own: a hand is the same if the variant's is the
    deck's with some OUT as IN (the same count of the two together, every other card's count the same), a step
    the same if its text is, or is once the variant's IN is named OUT."""
    def hands_same(a: list[str], b: list[str]) -> bool:
        ca, cb = Counter(a), Counter(b)
        others = {k for k in ca | cb if k not in (out_name, in_name)}
        return all(ca[k] == cb[k] for k in others) and ca[out_name] + ca[in_name] == cb[out_name] + cb[in_name] \
            and cb[in_name] >= ca[in_name]

    def steps(document):
        for turn in document["turns"]:
            yield "hand", turn["hand"]
            for event in turn["events"]:
                yield "event", event["text"]

    for (kind, a), (other, b) in zip(steps(base), steps(variant)):
        if kind != other:               # one game takes a step the other does not: its turn went otherwise
            return "another choice"
        if kind == "hand":
            if hands_same(a, b):
                continue
            return "the hands at a turn's start (another card kept or discarded)"
        renamed = b.replace(in_name, out_name)
        if a in (b, renamed):
            continue
        if out_name in renamed and out_name not in a:
            return "the swapped-in card played"
        if re.sub(r"\d+", "#", a) in (re.sub(r"\d+", "#", b), re.sub(r"\d+", "#", renamed)):
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
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--swap", action="append", dest="swaps")
    parser.add_argument("--why", type=int, default=0, metavar="N", help="trace N games: where each pair parts")
    parser.add_argument("--dice-by-order", action="store_true", help="also the ratio with the dice keyed by order")
    parser.add_argument("--against", metavar="OPPONENT", help="a Challenge Deck's letter (I) or a deck path: both "
                                                              "decks play full turns (simulate --against --both)")
    args = parser.parse_args()
    if not DECK.exists():
        sys.exit(f"{DECK} is absent: this benchmark needs ../shared/decks")
    print_conditions()
    deck = read_deck(str(DECK))
    play = dict(games=args.games, turns=args.turns, hazards="none", length=2)
    opponent = None
    if args.against:
        path = next((p for p in DECK.parent.iterdir() if p.name.startswith(f"{args.against} - ")), Path(args.against))
        opponent = read_deck(str(path))
        play.update(opponent=opponent, both=True)
        if args.why:
            sys.exit("--why traces goldfish games: leave it out with --against")
    started = time.process_time()
    base = play_records(deck, seed=args.seed, **play)
    with one_stream():
        base_one = play_records(deck, seed=args.seed, **play)
    if args.dice_by_order:
        with dice_by_order():
            base_order = play_records(deck, seed=args.seed, **play)
    games = f"duels against {opponent.name} (both play, ours first)" if opponent is not None else "goldfish games"
    print(f"{deck.name}: {args.games} {games} of {args.turns} turns, seed {args.seed}")
    for spec in args.swaps or SWAPS:
        variant = swap_variant(deck, spec)
        paired = play_records(variant.deck, seed=args.seed, **play)
        separate = play_records(variant.deck, seed=args.seed + 1, **play)
        with one_stream():
            paired_one = play_records(variant.deck, seed=args.seed, **play)
        if args.dice_by_order:
            with dice_by_order():
                paired_order = play_records(variant.deck, seed=args.seed, **play)
        print(f"\n{variant.label}")
        print(" turn  difference  paired 95% CI        paired ±  unpaired ±  ratio  one-stream ratio"
              + ("  by-order ratio" if args.dice_by_order else "")
              + "  games differ  |d|>=4 share  separate runs' difference")
        for t in range(args.turns):
            b, v = [g[t] for g in base.mp], [g[t] for g in paired.mp]
            d = paired_difference(b, v)
            one = paired_difference([g[t] for g in base_one.mp], [g[t] for g in paired_one.mp])
            alone = paired_difference(b, [g[t] for g in separate.mp])["difference"]
            order = ""
            if args.dice_by_order:
                by_order = paired_difference([g[t] for g in base_order.mp], [g[t] for g in paired_order.mp])
                order = f"  {ratio(by_order):>14.2f}"
            print(f"{t + 1:>5}  {d['difference']:>+10.3f}  {d['ci95'][0]:>+7.3f} to {d['ci95'][1]:>+7.3f}  "
                  f"{d['half_width']:>8.3f}  {d['unpaired_half_width']:>10.3f}  {ratio(d):>5.2f}  "
                  f"{ratio(one):>16.2f}{order}  {d['games_that_differ']:>12}  {big_share(b, v):>12.2f}  "
                  f"{alone:>+8.3f}")
        if opponent is not None:
            d = paired_difference(base.wins, paired.wins)
            print(f"P(win): {100 * d['difference']:+.1f} points, paired ±{100 * d['half_width']:.1f}, unpaired "
                  f"±{100 * d['unpaired_half_width']:.1f}, ratio {ratio(d):.2f} (one stream "
                  f"{ratio(paired_difference(base_one.wins, paired_one.wins)):.2f}); games whose result differs: "
                  f"{d['games_that_differ']}")
        if args.why:
            by_purpose = why(deck, variant, args.why, args.turns, args.seed)
            with one_stream():
                single = why(deck, variant, args.why, args.turns, args.seed)
            print(f"where the first {args.why} games part (streams / one generator):")
            for kind in sorted(set(by_purpose) | set(single), key=lambda k: -by_purpose[k]):
                print(f"  {by_purpose[kind]:>5} / {single[kind]:<5} {kind}")
            in_name = variant.label.split(" +", 1)[1].split(" ", 1)[1]
            checked, differ = before_drawn(deck, variant, in_name, args.why, args.turns, args.seed)
            print(f"turns played before a swapped-in {in_name} was first in hand: {checked}; of them with "
                  f"another MP: {differ}")
    print(f"\nCPU {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
