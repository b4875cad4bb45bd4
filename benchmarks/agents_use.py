"""What the agents played as hazards do (issue 22): the zara tournament decks as hazard players against each
Challenge Deck's companies, both decks playing full turns (the pair seeds of `tournament_vs_starters.py`).

Per game of a zara deck whose play deck holds an agent as a hazard: agents played (coe 2.IV.vii.1), agent
moves (4.1), agent attacks (2.V.iii), the characters those attacks removed from play, the defended attacks
that defeated an agent and the kill MP they gave; and, per agent card, the same. Nothing here is tuned: it reads
what the games did.

    .venv/bin/python benchmarks/agents_use.py [--games 2] [--seed 1] [--check]

`--check` plays the same games again with the referee watching (`sim/referee.py`) and prints its table: the
Challenge pairs of `referee_findings.py` hold no agent, these games do.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, TURNS, ZARA, ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.matchups import deck_fingerprint, pair_seed, play_pair  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.observe import Observer  # noqa: E402
from deckcheck.sim.referee import Referee, format_referee  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402


class AgentWatch(Observer):
    """Counts, per agent card name, what the agents played on the watched side's companies did."""

    def __init__(self):
        self.watched = None                    # id(sim) of the Challenge side (the agents' targets)
        self.by = Counter()
        self.cards = {}
        self._attack = None                    # (card name, characters before) of the attack being resolved

    def _ours(self, g) -> bool:
        return id(g.sim) == self.watched

    def agent_played(self, g, company, agent) -> None:
        if self._ours(g):
            self._count(g, agent, "played")

    def agent_moved(self, g, company, agent, limit) -> None:
        if self._ours(g):
            self._count(g, agent, "moved")

    def agent_attack(self, g, company, agent, site) -> None:
        if self._ours(g):
            self._count(g, agent, "attacks")
            self._attack = (g.opponent.sim.kinds[agent.kind].name, company)

    def attack(self, g, name, attack, defenders, result) -> None:
        if self._attack is None or not self._ours(g):
            return
        card, _company = self._attack
        self._attack = None
        lost = sum(1 for s in result.strikes if s.eliminated or s.discarded)
        wounded = sum(1 for s in result.strikes if s.wounded)
        self.cards.setdefault(card, Counter()).update({"lost": lost, "wounded": wounded})
        self.by.update({"lost": lost, "wounded": wounded})

    def event(self, g, what, text) -> None:
        if self._ours(g) and "(agent) is defeated" in text:
            card = text.split(" (agent)")[0]
            self.cards.setdefault(card, Counter())["defeated"] += 1
            self.by["defeated"] += 1

    def _count(self, g, agent, key: str) -> None:
        card = g.opponent.sim.kinds[agent.kind].name
        self.cards.setdefault(card, Counter())[key] += 1
        self.by[key] += 1


def _side(path: Path):
    deck = read_deck(str(path))
    return side_of(build_sim_deck(deck)), deck_fingerprint(deck)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="the referee's findings over the same games")
    args = parser.parse_args()
    if not CHALLENGE.is_dir() or not ZARA.is_dir():
        sys.exit(f"needs ../shared/decks ({CHALLENGE} and {ZARA})")
    ensure_bytecode()
    print_conditions()
    start = time.process_time()
    watch = AgentWatch()
    referee = Referee() if args.check else None
    challenge = [p for p in sorted(CHALLENGE.iterdir()) if p.is_file()]
    games = decks = 0
    for z in sorted(p for p in ZARA.iterdir() if p.is_file()):
        try:
            zs, zp = _side(z)
        except ValueError:
            continue
        if not zs.hazards.agent_kinds & set(zs.sim.play_deck):
            continue
        decks += 1
        for c in challenge:
            cs, cp = _side(c)
            watch.watched = id(cs.sim)
            play_pair(zs, cs, 0, args.games, TURNS, pair_seed(args.seed, zp, cp), observer=watch)
            if referee is not None:
                play_pair(zs, cs, 0, args.games, TURNS, pair_seed(args.seed, zp, cp), observer=referee)
            games += args.games
    n = games or 1
    print(f"{decks} zara decks holding agents as hazards, {games} games against the Challenge Decks")
    print("per game: " + ", ".join(f"{key} {watch.by[key] / n:.3f}" for key in
                                   ("played", "moved", "attacks", "wounded", "lost", "defeated")))
    print("per agent card (all games): played, moved, attacks, characters wounded, lost, agent defeated")
    for card, c in sorted(watch.cards.items(), key=lambda kv: -kv[1]["played"]):
        print(f"  {c['played']:5d} {c['moved']:5d} {c['attacks']:5d} {c['wounded']:5d} {c['lost']:5d} "
              f"{c['defeated']:5d}  {card}")
    if referee is not None:
        print(format_referee(referee.document()))
    print(f"\n{args.games} games a pair, {TURNS} turns, seed {args.seed}; {time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
