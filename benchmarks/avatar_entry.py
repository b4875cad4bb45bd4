"""How often each deck's avatar enters play, and what the deck scores alone: issue 22's check that a player brings
his avatar in (The Balrog only at The Under-gates, his card kept in hand, a company going for him).

    .venv/bin/python benchmarks/avatar_entry.py [--games 200] [--seed 1] [--only TEXT]

Over Mark Alfano's tournament decks (../shared/decks/gccg-restoration/Contrib/zara/) and ICE's ten Challenge
Decks (../shared/decks/council-of-rivendell/Challenge Decks/), read there: for each deck holding an avatar, the
share of goldfish games (no hazards, 12 turns) in which he was revealed by the last turn, the mean MP after it,
and the deck's alignment; the decks below 90% are marked.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, TURNS, ZARA, ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import run_games  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.observe import Observer  # noqa: E402

LOW = 0.9


class LastTurns(Observer):
    """Each game's state as its last turn began (the avatar's entry and the MP are read after the game)."""

    def __init__(self):
        self.states = []

    def new_game(self) -> None:
        self.states.append(None)

    def turn_start(self, g) -> None:
        self.states[-1] = g


def entry(path: Path, games: int, seed: int) -> tuple[str, float, float] | None:
    """(alignment, share of games with the avatar revealed, mean MP after the last turn); None without one."""
    try:
        sim = build_sim_deck(read_deck(str(path)))
    except ValueError:
        return None                       # a sideboard fragment: no play deck
    if not any(sim.avatar):
        return None
    watch = LastTurns()
    run_games(sim, 0, games, TURNS, seed, "none", observer=watch)
    states = [g for g in watch.states if g is not None]
    return (sim.alignment, sum(bool(g.avatar_revealed) for g in states) / len(states),
            sum(g.mp for g in states) / len(states))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="decks whose file name contains this")
    args = parser.parse_args(argv)
    if not ZARA.is_dir() or not CHALLENGE.is_dir():
        print(f"needs ../shared/decks ({CHALLENGE} and {ZARA})")
        return 1
    ensure_bytecode()
    print_conditions()
    print(f"goldfish, no hazards, {TURNS} turns, {args.games} games a deck, seed {args.seed}: share of games with the "
          f"avatar revealed by the last turn, mean MP then")
    shares = []
    for path in sorted(ZARA.iterdir()) + sorted(CHALLENGE.iterdir()):
        if not path.is_file() or (args.only and args.only not in path.name):
            continue
        found = entry(path, args.games, args.seed)
        if found is None:
            continue
        alignment, share, mp = found
        shares.append(share)
        print(f"  {share:6.1%}{' LOW' if share < LOW else '    '}  MP {mp:5.2f}  {alignment:13s}  {path.name}")
    if shares:
        print(f"  decks: {len(shares)}; below {LOW:.0%}: {sum(s < LOW for s in shares)}; "
              f"mean {sum(shares) / len(shares):.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
