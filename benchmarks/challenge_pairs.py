"""Where a Challenge pair's Free Council comes from: for each pair of ICE Challenge Decks named, both decks playing
full turns (the pair seeds and seats of `tournament_vs_starters.py`: the first deck starts the even games), per
side and per game:

- the wins, and the Free Council total (coe 10.3, after doubling and the half rule) beside the MP by source before
  it (character, item, faction, ally, kill, miscellaneous);
- how it moved: its companies' moves a game and the characters a move (every move gives the hazard player a
  hazard limit and draws, coe 2.IV.iii, 2.IV.v), the attacks and strikes it faced, those that were detainment, and
  the characters it lost (eliminated or discarded);
- the characters that entered play and the faction attempts (successes / attempts, coe 2.V.3; those an Orc or
  Troll leader kept under his control, the site left untapped: the Lidless Eye factions' text).

    .venv/bin/python benchmarks/challenge_pairs.py [--games 40] [--seed 1] [PAIR ...]

A PAIR is two Challenge Deck letters ("DF": D against F); default DF AF DI AI FI DA. Nothing here is tuned and no
player or rule names a deck (issue 22): it reads what the games did.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, TURNS, ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.matchups import deck_fingerprint, pair_seed, play_pair  # noqa: E402
from deckcheck.sim.model import MP_CATEGORIES, build_sim_deck  # noqa: E402
from deckcheck.sim.observe import Observer  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402

DEFAULT_PAIRS = ("DF", "AF", "DI", "AI", "FI", "DA")
SHORT = {"character": "char", "item": "item", "faction": "fact", "ally": "ally", "kill": "kill",
         "miscellaneous": "misc"}


def challenge_side(letter: str):
    """(Side, fingerprint) of the Challenge Deck whose name starts with the letter."""
    path = next(p for p in sorted(CHALLENGE.iterdir()) if p.is_file() and p.name.startswith(letter + " "))
    deck = read_deck(str(path))
    return side_of(build_sim_deck(deck)), deck_fingerprint(deck), path.name


class PairWatch(Observer):
    """Counts per side (by the deck's `SimDeck`): moves, characters moved, attacks and strikes faced, detainment
    attacks, characters lost, characters entered, faction attempts and successes, the council by source."""

    def __init__(self):
        self.by = defaultdict(Counter)

    def move(self, g, company, origin, dest, roll, moved, drawn=0) -> None:
        c = self.by[id(g.sim)]
        c["moves"] += 1
        c["moved"] += len(company.characters)

    def attack(self, g, name, attack, defenders, result) -> None:
        c = self.by[id(g.sim)]
        c["attacks"] += 1
        c["strikes"] += len(result.strikes)
        c["detained"] += bool(attack.detainment)
        c["lost"] += sum(1 for i in result.eliminated + result.discarded if not defenders[i].ally)

    def character_played(self, g, character, site) -> None:
        self.by[id(g.sim)]["entered"] += 1

    def faction(self, g, company, kind, actor, roll, check, success) -> None:
        c = self.by[id(g.sim)]
        c["attempts"] += 1
        c["factions"] += bool(success)
        c["kept"] += bool(success and actor is not None and kind in actor.holdings)   # under its Orc/Troll leader

    def council(self, g, players, totals) -> None:
        for player, total in zip(players, totals):
            c = self.by[id(player.sim)]
            c["games"] += 1
            c["council"] += total
            for i, points in enumerate(player.category):
                c[f"source{i}"] += points


def report_pair(first: str, second: str, games: int, seed: int) -> None:
    (a, pa, name_a), (b, pb, name_b) = challenge_side(first), challenge_side(second)
    watch = PairWatch()
    tally = play_pair(a, b, 0, games, TURNS, pair_seed(seed, pa, pb), observer=watch)
    print(f"{name_a} against {name_b}: {tally.wins} won, {tally.draws} drawn, {tally.losses} lost of {tally.games}")
    for side, name in ((a, name_a), (b, name_b)):
        c = watch.by[id(side.sim)]
        n = c["games"] or 1
        sources = " ".join(f"{SHORT[s]} {c[f'source{i}'] / n:.1f}" for i, s in enumerate(MP_CATEGORIES))
        print(f"  {name[:1]}: council {c['council'] / n:.1f} (before it: {sources})")
        print(f"     moves {c['moves'] / n:.1f} of {c['moved'] / max(1, c['moves']):.2f} characters; attacks "
              f"{c['attacks'] / n:.1f} ({c['detained'] / n:.1f} detainment), strikes {c['strikes'] / n:.1f}, "
              f"characters lost {c['lost'] / n:.2f}; entered {c['entered'] / n:.1f}; factions "
              f"{c['factions'] / n:.2f} of {c['attempts'] / n:.2f} attempts ({c['kept'] / n:.2f} kept by a leader)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pairs", nargs="*", default=list(DEFAULT_PAIRS))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    start = time.process_time()
    for pair in args.pairs:
        report_pair(pair[0], pair[1], args.games, args.seed)
    print(f"{time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
