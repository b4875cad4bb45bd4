"""A fingerprint of the games' results, to check that a speed change changes no game: the SHA-256 of the JSON
summaries of goldfish runs (three hazard models) and `--both` duels of several Challenge Decks.

    .venv/bin/python benchmarks/sim_fingerprint.py [--games 300]

Prints one hash per run and one over all of them; a speed change must leave every one as it was (run it before
and after the change: the characterization snapshot covers fewer games).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, DECKS, TURNS, ZARA  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.against import simulate_sides  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402
from deckcheck.sim.simulate import simulate_tables  # noqa: E402

# The Challenge Decks by letter: Wizards and Ringwraiths, goldfish and duels; and two of Mark Alfano's tournament
# decks, a Balrog's and a Fallen-wizard's (by file name in ZARA).
GOLDFISH = ("E", "A", "H", "J", "{d}_{F}{R} Flame On!", "{R}G_{D} An Unlikely Party")
DUELS = (("E", "I"), ("B", "J"), ("F", "G"))


def digest(obj) -> str:
    """The hash of `obj`'s JSON, with the decks' folder written as "decks": a deck without a name in its file
    (the .dck ones) is named by its path, which differs between a worktree (../shared) and an export
    (_common.exported links shared/ elsewhere); the games themselves do not."""
    text = json.dumps(obj, sort_keys=True, default=str).replace(str(DECKS), "decks")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    sims = {}

    def sim_of(name):
        if name not in sims:
            path = ZARA / f"{name}.dck" if len(name) > 1 else next(CHALLENGE.glob(f"{name} - *"))
            sims[name] = build_sim_deck(read_deck(path))
        return sims[name]

    hashes = []
    for name in GOLDFISH:
        for hazards in ("none", "light", "heavy"):
            summary = simulate_tables(sim_of(name), games=args.games, turns=TURNS, seed=1, hazards=hazards, jobs=1)
            hashes.append(digest(summary))
            print(f"goldfish {name} {hazards:<5} {hashes[-1]}")
    for us, them in DUELS:
        for both in (False, True):
            result = simulate_sides(side_of(sim_of(us)), side_of(sim_of(them)), games=max(1, args.games // 4),
                                    turns=TURNS, seed=1, both=both)
            result.pop("run", None)
            hashes.append(digest(result))
            print(f"{'both' if both else 'against':<8} {us}-{them}       {hashes[-1]}")
    print(f"all {digest(hashes)}")


if __name__ == "__main__":
    main()
