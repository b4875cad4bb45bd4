"""Validate every real decklist of ../shared/decks under a ruleset and write the verdicts to a report file.

    .venv/bin/python benchmarks/corpus_verdicts.py [--rules coe] [--out out/corpus-verdicts-coe.txt]

Prints the counts (decks legal / illegal / unreadable, violations by code) and the time taken; the report
file holds every verdict in the `deckcheck validate` text form, for reading by hand. It is written outside
the repository: it quotes the decks, which are not ours to commit.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

from deckcheck.errors import DeckcheckError
from deckcheck.fileio import atomic_write_text
from deckcheck.report.verdict import render_text
from deckcheck.rules.engine import validate_file

DECKS = Path(__file__).resolve().parents[1].parent / "shared" / "decks"


def corpus_files() -> list[Path]:
    return sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="coe", choices=["coe", "rulebook"])
    parser.add_argument("--length", type=int, default=2)
    parser.add_argument("--out", help="report file (default: out/corpus-verdicts-RULES.txt, outside git)")
    args = parser.parse_args()
    files = corpus_files()
    if not files:
        print(f"no decks at {DECKS}", file=sys.stderr)
        return 2
    verdicts, failures = [], []
    codes, decks_by_code = Counter(), Counter()
    started = time.perf_counter()
    for path in files:
        try:
            _, verdict = validate_file(str(path), ruleset=args.rules, length=args.length)
        except DeckcheckError as exc:
            failures.append(exc.one_line())
            continue
        verdicts.append(verdict)
        found = Counter(v.code for v in verdict.violations)
        codes.update(found)
        decks_by_code.update(found.keys())
    elapsed = time.perf_counter() - started
    legal = sum(v.legal for v in verdicts)
    summary = [f"{len(files)} decks under {args.rules} rules, {args.length}-deck game: {legal} legal, "
               f"{len(verdicts) - legal} illegal, {len(failures)} not judged (input errors)",
               f"validated in {elapsed:.2f} s ({1000 * elapsed / len(files):.1f} ms per deck, reading included)",
               "violations by code (violations / decks):"]
    summary += [f"  {code:<18} {n:>5} / {decks_by_code[code]}" for code, n in codes.most_common()]
    report = "\n".join(summary) + "\n\n" + "\n".join(f"NOT JUDGED {f}" for f in failures) + "\n\n" \
        + render_text(verdicts)
    out = Path(args.out or f"out/corpus-verdicts-{args.rules}.txt")
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out, report, overwrite=True)
    print("\n".join(summary))
    print(f"report: {out}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:             # `... | head`: the reader stopped listening; the report file is written
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the interpreter's exit flush quiet
        sys.exit(0)
