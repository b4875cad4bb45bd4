"""Benchmark the decklist readers: parse (and resolve) every deck of ../shared/decks.

    .venv/bin/python benchmarks/bench_decklist.py [--repeat 5]

Prints the catalog load time, then for the whole corpus the best of --repeat runs of: reading only
(bytes -> text -> raw lines, no catalog) and the full `read_deck` (readers + alignment + resolution + merging),
with the per-file mean, the slowest file, the time of each writer over the corpus, and the time to read
1 MB (the biggest file read_deck accepts) of text that is no real decklist: read, or refused in one error (1 MB of
names that are no card is refused, TooManyUnknownNames: that refusal is timed and said, not raised).
"""

from __future__ import annotations

import argparse
import random
import string
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from deckcheck.cards.catalog import load_catalog  # noqa: E402
from deckcheck.decklist import MAX_DECK_BYTES, parse_text, read_deck  # noqa: E402
from deckcheck.decklist.detect import read_text_as  # noqa: E402
from deckcheck.decklist.writers import WRITE_FORMATS, write_deck  # noqa: E402
from deckcheck.errors import DeckcheckError  # noqa: E402
from deckcheck.fileio import read_text  # noqa: E402
from tests._shared import corpus_files  # noqa: E402


def best_of(repeat: int, action) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    files = corpus_files()
    if not files:
        sys.exit("no corpus: ../shared/decks is absent")
    start = time.perf_counter()
    load_catalog()
    print(f"catalog load:            {1000 * (time.perf_counter() - start):8.1f} ms")
    lines = sum(len(read_text_as(read_text(p)[0], str(p)).lines) for p in files)
    print(f"corpus:                  {len(files)} files, {lines} card lines")

    read_only = best_of(args.repeat, lambda: [read_text_as(read_text(p)[0], str(p)) for p in files])
    print(f"read only (no catalog):  {1000 * read_only:8.1f} ms   {1000 * read_only / len(files):6.2f} ms/file")
    full = best_of(args.repeat, lambda: [read_deck(p) for p in files])
    print(f"read_deck (resolved):    {1000 * full:8.1f} ms   {1000 * full / len(files):6.2f} ms/file")

    slowest = max(files, key=lambda p: best_of(1, lambda: read_deck(p)))
    print(f"slowest file:            {1000 * best_of(args.repeat, lambda: read_deck(slowest)):8.1f} ms   "
          f"{slowest.relative_to(slowest.parents[2])}")
    decks = [read_deck(p) for p in files]
    for fmt in WRITE_FORMATS:
        took = best_of(args.repeat, lambda fmt=fmt: [write_deck(d, fmt) for d in decks])
        print(f"write {fmt:<18} {1000 * took:8.1f} ms")
    for label, text in garbage_inputs():
        took, outcome = time_garbage(text)
        print(f"{label:<24} {1000 * took:8.1f} ms   {outcome}")


def time_garbage(text: str) -> tuple[float, str]:
    """(seconds, what came of it) of parse_text on a text that is no decklist: read (with its diagnostics) or
    refused with one DeckcheckError (too many names that are no card: the reader's right answer, timed as well)."""
    start = time.perf_counter()
    try:
        deck = parse_text(text, path="garbage")
    except DeckcheckError as exc:
        return time.perf_counter() - start, f"refused: {type(exc).__name__}: {exc.one_line()[:70]}"
    return time.perf_counter() - start, f"read: {len(deck.entries)} entries, {len(deck.diagnostics)} diagnostics"


def garbage_inputs() -> list[tuple[str, str]]:
    """Texts as big as a decklist file may be (MAX_DECK_BYTES) that are no decklist, or an absurd one."""
    rng = random.Random(1)
    unknown = ["Deck", ""]
    while sum(len(line) + 1 for line in unknown) < MAX_DECK_BYTES - 40:
        unknown.append("2 " + "".join(rng.choice(string.ascii_letters) for _ in range(14)))
    repeated = "[NetMECCG v1.4 Deck]\n[hazards]\n" + "Twilight\n" * ((MAX_DECK_BYTES - 40) // 9)
    return [("1 MB of unknown names:", "\n".join(unknown)), ("1 MB of one NetMECCG card:", repeated)]


if __name__ == "__main__":
    main()
