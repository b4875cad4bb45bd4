"""Benchmark the organizer's tools: fingerprint, diff, meta and sheet on the real decks of ../shared/decks.

    .venv/bin/python benchmarks/bench_organizer.py [--repeat 5]

Prints, best of --repeat: the fingerprint of every deck of the corpus (per deck), `diff` of each Challenge Deck
against itself (per pair), the batch's repeat marks for 1,000 and 10,000 rows of one player (linear), building
the metagame of the whole corpus with pandas (pandas import separately), the
registration sheet of every deck (per deck), and the wall time of the commands as a user runs them
(`deckcheck diff`, `deckcheck meta` over the corpus, `deckcheck sheet`), each a new process.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import deckcheck_command, ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.batch.repeats import mark_repeats  # noqa: E402
from deckcheck.batch.runner import RowResult  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.decklist.diff import diff_decks  # noqa: E402
from deckcheck.decklist.fingerprint import fingerprint  # noqa: E402
from deckcheck.errors import DeckcheckError  # noqa: E402
from deckcheck.report.sheet import render_sheet  # noqa: E402
from tests._shared import DECKS, corpus_files  # noqa: E402


def best(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def _one_player_rows(n: int) -> list[RowResult]:
    return [RowResult(index=i, sheet="", row=i + 2, player="Ann", extras={}, status="legal", deck="netdeck",
                      fingerprint="9deb-9616-d41a") for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not DECKS.is_dir():
        sys.exit(f"needs the real decks at {DECKS}")
    ensure_bytecode()
    print_conditions()
    decks = []
    for path in corpus_files():
        try:
            decks.append(read_deck(path))
        except DeckcheckError:
            pass                                    # INDEX.md and such: no decklist
    decks = [d for d in decks if any(e.card for e in d.entries)]
    challenge = [d for d in decks if "council-of-rivendell/Challenge Decks" in d.path]
    print(f"corpus: {len(decks)} decks ({len(challenge)} Challenge Decks of council-of-rivendell)")

    seconds = best(args.repeat, lambda: [fingerprint(d) for d in decks])
    print(f"fingerprint: {seconds * 1000:.1f} ms for {len(decks)} decks, {seconds / len(decks) * 1e6:.0f} us a deck")
    seconds = best(args.repeat, lambda: [diff_decks(d, d) for d in challenge])
    print(f"diff: {seconds / len(challenge) * 1000:.2f} ms a pair of decks")
    seconds = best(args.repeat, lambda: [render_sheet(d) for d in decks])
    print(f"sheet: {seconds / len(decks) * 1000:.2f} ms a deck (HTML)")
    for rows in (1000, 10_000):     # the worst case of the repeats: every row one player with one netdeck
        seconds = best(args.repeat, lambda rows=rows: mark_repeats(_one_player_rows(rows)))
        print(f"repeats: {seconds * 1000:.0f} ms for {rows} rows of one player and one deck")

    started = time.perf_counter()
    import pandas  # noqa: F401
    print(f"pandas import: {time.perf_counter() - started:.2f} s (meta and batch only)")
    from deckcheck.analysis.meta import build_meta, deck_record

    records = [deck_record(d) for d in decks]
    seconds = best(args.repeat, lambda: build_meta(records))
    print(f"meta: {seconds * 1000:.0f} ms to build the metagame of {len(decks)} decks")

    command = deckcheck_command()
    a = next((DECKS / "council-of-rivendell" / "Challenge Decks").glob("A - *"))
    octgn = next((DECKS / "octgn-wlk0" / "Challenge_decks").glob("A - *"))
    for label, argv in (("deckcheck diff (GCCG vs OCTGN)", ["diff", str(a), str(octgn)]),
                        ("deckcheck sheet", ["sheet", str(a)]),
                        (f"deckcheck meta ../shared/decks ({len(corpus_files())} files)",
                         ["meta", str(DECKS), "--output", "json"])):
        def run(argv=argv):
            subprocess.run([command, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        print(f"{label}: {best(max(1, args.repeat // 2), run):.2f} s wall, a new process")


if __name__ == "__main__":
    main()
