"""Write the junk registrations workbook of issue 20: rows of pasted "decks" of random 20-letter names.

    .venv/bin/python benchmarks/junk_workbook.py OUT.xlsx [--rows 3500] [--names 150] [--seed 20]

Every row is a player and a deck cell of `--names` lines, each one copy of a random 20-letter name ("1 qwhd...")
that is no card: within every limit of a registrations file (a cell of ~3.2 kB, 3,500 rows), and each name sends
the reader to the near-miss search. The issue's workbook is the default: 3,500 rows (the 200 rows of its
reproduction, then 3,300 more), 7,435,899 bytes (the issue says 7.7 MB of the same shape). Time it with

    /usr/bin/time -f '%U user %S system %e wall %M kB' deckcheck batch OUT.xlsx -o out.json
"""

from __future__ import annotations

import argparse
import random
import string
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from tests.fixtures import attacks  # noqa: E402


def junk_cell(rng: random.Random, names: int) -> str:
    return "\n".join("1 " + "".join(rng.choices(string.ascii_lowercase, k=20)) for _ in range(names))


def junk_workbook(path: Path, *, rows: int = 3500, names: int = 150, seed: int = 20) -> Path:
    rng = random.Random(seed)

    def chunks():
        yield attacks.row_xml(1, ["Player", "Deck"])
        for number in range(2, rows + 2):
            yield attacks.row_xml(number, [f"Player {number - 1}", junk_cell(rng, names)])
    return attacks.write_workbook(path, [chunks()])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--rows", type=int, default=3500)
    parser.add_argument("--names", type=int, default=150)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    junk_workbook(args.out, rows=args.rows, names=args.names, seed=args.seed)
    print(f"wrote {args.out}: {args.rows} rows of {args.names} random names, {args.out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
