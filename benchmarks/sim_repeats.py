"""Whether the resource player is ever asked the same question twice on the same state: what a per-turn cache of
its choices could save.

    .venv/bin/python benchmarks/sim_repeats.py [--games 200]

Plays goldfish games of the ICE challenge deck E (Gandalf) with a player that counts, for `best_play` and
`enters_site` (the site-phase choices, the largest the profile shows), the calls whose whole input — the
question's own arguments and every part of the game state such a choice reads (hand, unique cards used, sites'
states, cards in play, each company's site and its characters with their tapped, controller, holdings and wounded
states, the cards companies stay for, general influence, the mode, the sites made havens, the boosts in play) —
is that of an earlier call in the same game, and prints their share. A share of 0 means a cache keyed by state
would never hit: the time can only be saved by answering each question more cheaply.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import game_rng, play_goldfish  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.players.hazard_model import HazardModel  # noqa: E402
from deckcheck.sim.players.resource import ResourcePlayer  # noqa: E402
from deckcheck.sim.state import GameState  # noqa: E402
from deckcheck.sim.tally import Tally  # noqa: E402

DECK = CHALLENGE / "E - Gandalf - Return of the King"
TURNS = 12


def state_of(g) -> tuple:
    """Everything of the game state the site-phase choices read."""
    companies = tuple((id(co), co.site, tuple((id(c), c.tapped, c.controller is None, tuple(c.holdings),
                                               c in g.wounded) for c in co.characters)) for co in g.companies)
    return (g.turn, tuple(g.hand), tuple(sorted(g.used_unique)), tuple(g.site_state), tuple(g.in_play), companies,
            tuple((id(company), kind) for company, kind in g.staying_for), g.gi_used, g.gi_max, g.mode,
            tuple(sorted(g.made_havens)), g.board.boost_key)


class CountingPlayer(ResourcePlayer):
    """The resource player, counting the calls of its site-phase choices that repeat an earlier call's input."""

    def __init__(self, seen: set, calls: Counter, repeats: Counter):
        super().__init__()
        self.seen, self.calls, self.repeats = seen, calls, repeats

    def _count(self, name: str, g, *question) -> None:
        key = (name, state_of(g), *question)
        self.calls[name] += 1
        if key in self.seen:
            self.repeats[name] += 1
        self.seen.add(key)

    def best_play(self, g, company, site: int, untapped: bool, entering: bool = False):
        self._count("best_play", g, id(company), site, untapped, entering)
        return super().best_play(g, company, site, untapped, entering)

    def enters_site(self, g, company):
        self._count("enters_site", g, id(company))
        return super().enters_site(g, company)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    if not DECK.is_file():
        raise SystemExit(f"needs the Challenge Decks of ../shared/decks ({DECK} is missing)")
    print_conditions()
    sim = build_sim_deck(read_deck(DECK))
    tally = Tally(turns=TURNS, kinds=len(sim.kinds))
    calls: Counter = Counter()
    repeats: Counter = Counter()
    for game in range(args.games):
        player = CountingPlayer(set(), calls, repeats)        # a game's own record: ids are not reused within it
        play_goldfish(GameState(sim, game_rng(1, game), player, HazardModel("none")), TURNS, tally)
    print(f"goldfish, deck {DECK.name}, {args.games} games x {TURNS} turns, seed 1")
    for name in ("best_play", "enters_site"):
        print(f"  {name:<12} {calls[name] / args.games:6.1f} calls a game; repeating an earlier call's state: "
              f"{repeats[name]:,} ({repeats[name] / max(1, calls[name]):.1%})")


if __name__ == "__main__":
    main()
