"""What the sites do (automatic-attacks, coe 2.V.ii) and going home to heal (2.I.1), measured on the real decks.

    .venv/bin/python benchmarks/sites_and_healing.py [--games 20] [--duel-games 4] [--zara-games 40] [--skip-zara]

Prints, on ../shared/decks (read there, never copied), seed 1, 12 turns:
1. characters lost per game, per alignment: every real deck in the goldfish (--games each), and every real deck
   with both sides playing against each of the ten ICE Challenge Decks (--duel-games each, the deck starting
   every other game), with Balrog / Wizard (issue 22 wants it within 0.5x, i.e. at least 0.5);
2. all-wounded company-turns away from a haven: how many there were and the share that stayed where they were;
3. each zara tournament deck's win rate against the ten Challenge Decks (what `matchups --one DECK "Challenge
   Decks" --games N --seed 1` prints as its standing), their mean and how many are above 50%.
Run it on two checkouts (PYTHONPATH=OTHER python benchmarks/sites_and_healing.py) to compare before and after.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.append(str(PROJECT))          # after PYTHONPATH: PYTHONPATH=OTHER measures the other checkout

from benchmarks._common import CHALLENGE, DECKS, TURNS, ZARA, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import game_rng, goldfish_state, play_goldfish  # noqa: E402
from deckcheck.sim.matchups import play_pair, run_matchups  # noqa: E402
from deckcheck.sim.model import HAND_SIZE, build_sim_deck  # noqa: E402
from deckcheck.sim.observe import Observer  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402
from deckcheck.sim.tally import Tally  # noqa: E402

SEED = 1


class WornCompanies(Observer):
    """At the end of each movement phase: companies away from a haven all of whose characters are wounded, and
    whether they moved this turn."""

    def __init__(self):
        self.sites: dict[int, int] = {}
        self.worn = self.stayed = 0

    def turn_start(self, g) -> None:
        self.sites = {id(c): c.site for c in g.companies}
        self.worn_now = {id(c) for c in g.companies if c.characters and not g.sim.site_is_haven[c.site]
                         and all(ch in g.wounded for ch in c.characters)}

    def phase(self, g, name: str) -> None:
        if name != "movement":
            return
        for company in g.companies:
            if id(company) in self.worn_now:
                self.worn += 1
                self.stayed += company.site == self.sites.get(id(company))


def playable_decks() -> list[Path]:
    out = []
    for path in sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS):
        deck = read_deck(str(path))
        if sum(e.count for e in deck.play_deck() if e.card is not None) >= HAND_SIZE:
            out.append(path)                 # not a sideboard fragment (simulate refuses those)
    return out


def characters_lost(paths: list[Path], games: int, duel_games: int) -> None:
    worn = WornCompanies()
    goldfish: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    duels: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    field = [side_of(build_sim_deck(read_deck(str(p)))) for p in sorted(CHALLENGE.iterdir()) if p.is_file()]
    for path in paths:
        sim = build_sim_deck(read_deck(str(path)))
        for game in range(games):
            g = goldfish_state(sim, game_rng(SEED, game), observer=worn)
            play_goldfish(g, TURNS, Tally(turns=TURNS, kinds=len(sim.kinds)))
            goldfish[sim.alignment][0] += g.lost
            goldfish[sim.alignment][1] += 1
        side = side_of(sim)
        for opponent in field:
            pair = play_pair(side, opponent, 0, duel_games, TURNS, SEED)
            duels[sim.alignment][0] += pair.characters_lost
            duels[sim.alignment][1] += pair.games
    for label, table, what in (("goldfish", goldfish, f"{games} games per deck"),
                               ("duels", duels, f"{duel_games} games per deck against each of the ten Challenge "
                                                "Decks, both sides playing")):
        print(f"characters lost per game, {label} ({what}):")
        for alignment in ("wizard", "ringwraith", "fallen-wizard", "balrog"):
            lost, played = table.get(alignment, (0, 0))
            if played:
                print(f"  {alignment:<14} {lost / played:5.2f}  ({played} games)")
        wizard, balrog = table.get("wizard"), table.get("balrog")
        if wizard and balrog and wizard[0]:
            print(f"  balrog / wizard: {(balrog[0] / balrog[1]) / (wizard[0] / wizard[1]):.2f}")
    share = worn.stayed / worn.worn if worn.worn else 0.0
    print(f"all-wounded company-turns away from a haven (goldfish): {worn.worn}, of which stayed put "
          f"{worn.stayed} ({share:.0%})")


def zara(games: int) -> None:
    field_paths = sorted(str(p) for p in CHALLENGE.iterdir() if p.is_file())
    field = [read_deck(p) for p in field_paths]
    rates = []
    print(f"zara tournament decks against the ten Challenge Decks ({games} games a pair, seed {SEED}):")
    for path in sorted(p for p in ZARA.iterdir() if p.is_file() and not p.name.startswith("sideboard")):
        deck = read_deck(str(path))
        if sum(e.count for e in deck.play_deck() if e.card is not None) < HAND_SIZE:
            continue
        document = run_matchups([deck] + field, games=games, turns=TURNS, seed=SEED, one_against_field=True,
                                paths=[str(path)] + field_paths)
        mine = next(s for s in document["standings"] if s["deck"] == 0)
        rates.append(mine["p_win"]["p"])
        print(f"  {mine['p_win']['p']:6.1%}  {path.name}")
    if rates:
        above = sum(r > 0.5 for r in rates)
        print(f"  mean {sum(rates) / len(rates):.1%}; above 50%: {above} of {len(rates)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="goldfish games per deck")
    parser.add_argument("--duel-games", type=int, default=4, help="games per deck and Challenge Deck")
    parser.add_argument("--zara-games", type=int, default=40, help="games per zara deck and Challenge Deck")
    parser.add_argument("--skip-zara", action="store_true")
    parser.add_argument("--skip-losses", action="store_true")
    args = parser.parse_args()
    if not DECKS.is_dir():
        sys.exit(f"{DECKS} is not there: these numbers need the real decks of ../shared")
    print_conditions()
    started = time.process_time()
    if not args.skip_losses:
        characters_lost(playable_decks(), args.games, args.duel_games)
    if not args.skip_zara:
        zara(args.zara_games)
    print(f"{time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main()
