"""Every real deck's verdict JSON under two commits, compared: the same verdicts, or each deck that differs.

    .venv/bin/python benchmarks/verdicts_between.py main HEAD [--rules coe] [--length 2]

Each commit is exported (`git archive`) into a temporary folder and run there in a fresh interpreter of this
venv, so that a speed change (a view built once instead of per rule, another catalog form) can be shown to leave
every verdict on ../shared/decks as it was. Nothing derived from the decks is written into the repository.
Exit 0 when every verdict is the same, 1 when some differ, 2 on an error.
"""

from __future__ import annotations

import argparse
import difflib
import json
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(PROJECT))

from benchmarks._common import exported  # noqa: E402

DECKS = PROJECT.parent / "shared" / "decks"

# Run inside the exported commit: one JSON line per deck file, in name order.
VERDICTS = """
import json, sys
from pathlib import Path
import deckcheck
assert Path(deckcheck.__file__).resolve().is_relative_to(Path.cwd().resolve()), deckcheck.__file__
import deckcheck.card_db
assert Path(deckcheck.card_db.__file__).resolve().is_relative_to(Path.cwd().resolve()), deckcheck.card_db.__file__
from deckcheck.decklist import read_deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules.engine import validate
decks = Path(sys.argv[1])
for path in sorted(p for p in decks.rglob("*") if p.is_file() and p.parent != decks):
    name = str(path.relative_to(decks))
    try:
        document = validate(read_deck(path), ruleset=sys.argv[2], length=int(sys.argv[3])).to_json()
        document["path"] = name
    except DeckcheckError as exc:
        document = {"path": name, "error": exc.message}
    print(json.dumps(document, ensure_ascii=False, sort_keys=True))
"""


def verdicts_at(commit: str, rules: str, length: int) -> list[str]:
    with exported(commit) as folder:
        done = subprocess.run([sys.executable, "-c", VERDICTS, str(DECKS), rules, str(length)], cwd=folder,
                              capture_output=True, text=True, env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"})
        if done.returncode:
            raise SystemExit(f"verdicts at {commit} failed: {done.stderr.strip()}")
        return done.stdout.splitlines()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rules", default="coe", choices=["coe", "rulebook"])
    parser.add_argument("--length", type=int, default=2)
    args = parser.parse_args()
    if not DECKS.is_dir():
        print(f"no decks at {DECKS}: this script needs the real corpus", file=sys.stderr)
        return 2
    before = verdicts_at(args.before, args.rules, args.length)
    after = verdicts_at(args.after, args.rules, args.length)
    differing = 0
    for old, new in zip(before, after, strict=False):
        if old != new:
            differing += 1
            old_doc, new_doc = json.loads(old), json.loads(new)
            print(f"--- {old_doc['path']}")
            print("\n".join(difflib.unified_diff(json.dumps(old_doc, indent=1, ensure_ascii=False).splitlines(),
                                                 json.dumps(new_doc, indent=1, ensure_ascii=False).splitlines(),
                                                 args.before, args.after, lineterm="", n=1)))
    if len(before) != len(after):
        print(f"{len(before)} decks at {args.before}, {len(after)} at {args.after}")
        differing += 1
    print(f"{len(before)} deck files, --rules {args.rules} --length {args.length}: "
          + ("every verdict JSON identical" if not differing else f"{differing} verdicts differ")
          + f" ({args.before} vs {args.after})")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
