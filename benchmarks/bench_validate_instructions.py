"""Machine instructions a deck of a warm reading pass and of a warm rule pass, counted under valgrind (callgrind).

    .venv/bin/python benchmarks/bench_validate_instructions.py [--decks 30] [--rules coe] [--against REV]

The reading helper of issue "Fast where a user waits" (24) measured its commits so, by a script in /tmp: this is
that measure where anyone can rerun it. For each phase a fresh process loads the catalog, the rulesets and the
rule modules, reads the first --decks decks of ../shared/decks (0: every deck) once to warm every memo, then passes
over them 1 time and, in a second process, 3 times (reading: `read_deck` of each file; rule pass: `validate` of
each deck read before the passes). The Ir of the second process minus the first, / 2 / decks, is one warm pass a
deck: start-up and the first pass cancel out. Instruction counts do not move with the machine's load (CPU time
on this shared 2-core machine moves 15% from run to run); they weigh every instruction alike, so they are not a
time (bench_validate.py times the passes). With --against REV the same for REV (git archive), beside it. Each
process runs about 50 times slower under valgrind: keep --decks small on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from contextlib import nullcontext
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(PROJECT))

from benchmarks._common import exported, print_conditions  # noqa: E402

DECKS = PROJECT.parent / "shared" / "decks"
PHASES = ("reading", "rule pass")

# The child: run inside the checkout measured (its own code and data), under valgrind.
CHILD = r"""
import sys
from pathlib import Path
from deckcheck.cards.catalog import load_catalog
from deckcheck.decklist import read_deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules.engine import load_rule_modules, validate
from deckcheck.rules.ruleset import ALIGNMENTS, available, load_ruleset

decks_folder, count, phase, passes, rules = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), \
    sys.argv[5]
load_catalog()
load_rule_modules()
for alignment in ALIGNMENTS:
    if alignment in available(rules):
        load_ruleset(rules, alignment)
files = sorted(p for p in decks_folder.rglob("*") if p.is_file() and p.parent != decks_folder)
read = []
for path in files:
    try:
        read.append((path, read_deck(path)))
    except DeckcheckError:
        continue
    if count and len(read) == count:
        break
for _, deck in read:                      # warm: the rule pass's first use of every memo
    validate(deck, ruleset=rules)
for _ in range(passes):
    for path, deck in read:
        if phase == "reading":
            read_deck(path)
        else:
            validate(deck, ruleset=rules)
print(len(read))
"""


def instructions(tree: Path, decks: int, phase: str, passes: int, rules: str) -> tuple[int, int]:
    """(Ir of the whole process, decks read) for one run of the child in `tree` under callgrind."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                           CHILD, str(DECKS), str(decks), phase, str(passes), rules],
                          cwd=tree, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"callgrind run in {tree} failed: {(done.stderr or done.stdout).strip()[-500:]}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def per_deck(tree: Path, decks: int, phase: str, rules: str) -> tuple[float, int]:
    """(instructions a deck of one warm pass, decks)."""
    once, count = instructions(tree, decks, phase, 1, rules)
    thrice, _ = instructions(tree, decks, phase, 3, rules)
    return (thrice - once) / 2 / count, count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decks", type=int, default=30, help="the first N decks of the corpus (0: every deck)")
    parser.add_argument("--rules", default="coe")
    parser.add_argument("--against", default=None, help="a commit to count beside this checkout")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing counted")
        return 1
    print_conditions()
    trees = [("this checkout", PROJECT)]
    with exported(args.against, with_shared=True) if args.against else nullcontext() as folder:
        if folder is not None:
            trees.append((args.against, folder))
        counted = {name: {phase: per_deck(tree, args.decks, phase, args.rules) for phase in PHASES}
                   for name, tree in trees}
    for phase in PHASES:
        line = ", ".join(f"{name} {counted[name][phase][0] / 1e6:.2f} M" for name, _ in trees)
        decks = counted[trees[0][0]][phase][1]
        ratio = (f"; ratio {counted[trees[0][0]][phase][0] / counted[trees[1][0]][phase][0]:.2f}"
                 if len(trees) > 1 else "")
        print(f"instructions a deck, warm {phase} ({decks} decks, --rules {args.rules}): {line}{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
