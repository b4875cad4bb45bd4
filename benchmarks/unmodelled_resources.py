"""Which resource cards of the real tournament and starter decks the simulator never plays, and how many.

    .venv/bin/python benchmarks/unmodelled_resources.py [--top 40] [--only TEXT]

Over Mark Alfano's tournament decks (../shared/decks/gccg-restoration/Contrib/zara/) and ICE's ten Challenge
Decks (../shared/decks/council-of-rivendell/Challenge Decks/), read there, never copied: every resource card of a
play deck the engine has no way to play in a game against an opponent (`--both`, `matchups`), as the tables say
before any game (`deckcheck.sim.report.engine_use`: no play condition it can act on, or an event worth no MP
whose effect is not simulated), with its copies and the decks holding it, most copies first. The cards the
engine does play (items, factions, allies and MP events at their sites; the events it uses for a purpose: cancel
an attack, a strike bonus, a ring test, a mode...) are counted by that use, so that what each effect added can
be read off the same table. Cards of the sideboard are counted apart: the engine fetches no card from it but
Sudden Call.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from deckcheck.cards.model import RESOURCE  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.report import engine_use  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402

DECKS = PROJECT.parent / "shared" / "decks"
FOLDERS = {"zara": DECKS / "gccg-restoration" / "Contrib" / "zara",
           "challenge": DECKS / "council-of-rivendell" / "Challenge Decks"}


def count(folders: dict[str, Path], only: str | None = None):
    """(unplayed, used, sideboard, decks read, skipped): per card name, copies by folder and the decks."""
    unplayed: dict[str, Counter] = defaultdict(Counter)
    reasons: dict[str, str] = {}
    decks_of: dict[str, set] = defaultdict(set)
    used: Counter = Counter()
    read, skipped = Counter(), []
    for label, folder in folders.items():
        for path in sorted(p for p in folder.iterdir() if p.is_file() and (not only or only in p.name)):
            try:
                sim = build_sim_deck(read_deck(str(path)))
            except Exception as error:          # a sideboard fragment has no play deck: named, not counted
                skipped.append(f"{path.name}: {str(error).splitlines()[0][:80]}")
                continue
            read[label] += 1
            side = side_of(sim)
            for kind, copies in sim.copies_in_play_deck.items():
                card = sim.kinds[kind]
                if card.type != RESOURCE:
                    continue
                use, reason = engine_use(sim, kind, side.environment)
                if use is not None:
                    used[use] += copies
                    continue
                name = card.display()
                unplayed[name][label] += copies
                decks_of[name].add((label, path.name))
                reasons[name] = reason
    return unplayed, reasons, decks_of, used, read, skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=40, help="the cards with most copies to list (0: all)")
    parser.add_argument("--only", help="decks whose file name contains this")
    args = parser.parse_args(argv)
    unplayed, reasons, decks_of, used, read, skipped = count(FOLDERS, args.only)
    labels = list(FOLDERS)
    print("decks read: " + ", ".join(f"{label} {read[label]}" for label in labels)
          + (f"; not played ({len(skipped)}): " + "; ".join(skipped) if skipped else ""))
    total = {label: sum(c[label] for c in unplayed.values()) for label in labels}
    print("resource copies the engine never plays: " + ", ".join(f"{label} {total[label]}" for label in labels)
          + f" ({len(unplayed)} cards)")
    print("resource copies played, by use: " + ", ".join(f"{use} {n}" for use, n in used.most_common()))
    print()
    rows = sorted(unplayed, key=lambda n: (-sum(unplayed[n].values()), n))
    if args.top:
        rows = rows[:args.top]
    print(f"{'card':42} " + " ".join(f"{label + ' copies/decks':>22}" for label in labels) + "  why")
    for name in rows:
        cells = []
        for label in labels:
            decks = sum(1 for lab, _ in decks_of[name] if lab == label)
            cells.append(f"{unplayed[name][label]:>14}/{decks:<7}")
        print(f"{name[:42]:42} " + " ".join(cells) + f"  {reasons[name]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
