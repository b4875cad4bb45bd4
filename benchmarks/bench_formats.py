"""How long reading a deck takes in each format deckcheck writes, on the same real decks (issue #12: our own
JSON format reads no slower than GCCG text).

Every deck of ../shared/decks that reads is converted (`convert --to gccg|json|markdown`, in-process) into a
temporary folder; then each format's files are read back with `read_deck`, the card catalog already loaded, the
formats taking turns over --runs rounds. Printed per format: the median time to read every deck (file, parse and
resolve the names: what `validate` pays), the part of it spent in the format's own reader (text -> lines, before
the names are resolved), and the ratio to GCCG.

Run: python benchmarks/bench_formats.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ensure_bytecode, print_conditions  # noqa: E402

PROJECT = Path(__file__).resolve().parents[1]
DECKS = PROJECT.parent / "shared" / "decks"
FORMATS = {"gccg": ".meccg", "json": ".json", "markdown": ".md"}


def real_decks() -> list:
    from deckcheck.decklist import read_deck
    from deckcheck.errors import DeckcheckError

    decks = []
    for path in sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS):
        try:
            decks.append(read_deck(path))
        except DeckcheckError:
            continue            # not a decklist (a README, an image): nothing to convert
    return decks


def write_formats(decks: list, folder: Path) -> dict[str, list[Path]]:
    from deckcheck.decklist.writers import write_deck

    files: dict[str, list[Path]] = {}
    for fmt, suffix in FORMATS.items():
        (folder / fmt).mkdir()
        for i, deck in enumerate(decks):
            target = folder / fmt / f"{i:04d}{suffix}"
            target.write_text(write_deck(deck, fmt), encoding="utf-8")
            files.setdefault(fmt, []).append(target)
    return files


def read_all(paths: list[Path]) -> tuple[float, float, int]:
    """(seconds for read_deck of every file, seconds in the format's reader alone, cards read)."""
    from deckcheck.decklist import read_deck
    from deckcheck.decklist.detect import read_text_as

    started = time.perf_counter()
    cards = sum(entry.count for path in paths for entry in read_deck(path).entries)
    whole = time.perf_counter() - started
    texts = [(path.read_text(encoding="utf-8"), str(path)) for path in paths]
    started = time.perf_counter()
    for text, name in texts:
        read_text_as(text, name)
    return whole, time.perf_counter() - started, cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="rounds over every format (the median is printed)")
    args = parser.parse_args()
    if not DECKS.is_dir():
        raise SystemExit(f"needs the real decks at {DECKS} (../shared is absent)")
    ensure_bytecode()
    print_conditions()
    from deckcheck.cards.catalog import load_catalog

    load_catalog()
    decks = real_decks()
    with tempfile.TemporaryDirectory() as tmp:
        files = write_formats(decks, Path(tmp))
        for paths in files.values():
            read_all(paths)                     # warm-up: each reader's modules imported, caches filled
        times: dict[str, list[tuple[float, float]]] = {fmt: [] for fmt in files}
        cards: dict[str, int] = {}
        for _ in range(args.runs):
            for fmt, paths in files.items():
                whole, reader, cards[fmt] = read_all(paths)
                times[fmt].append((whole, reader))
        sizes = {fmt: sum(p.stat().st_size for p in paths) for fmt, paths in files.items()}
    print(f"{len(decks)} real decks of {DECKS}, each written in every format; median of {args.runs} rounds")
    base = statistics.median(w for w, _ in times["gccg"])
    print(f"  {'format':9} {'read_deck, all':>15} {'per deck':>9} {'reader alone':>13} {'vs gccg':>8} "
          f"{'cards read':>10} {'bytes':>10}")
    for fmt in files:
        whole = statistics.median(w for w, _ in times[fmt])
        reader = statistics.median(r for _, r in times[fmt])
        print(f"  {fmt:9} {whole * 1000:12.1f} ms {whole / len(decks) * 1e6:6.0f} µs {reader * 1000:10.1f} ms "
              f"{whole / base:7.2f}x {cards[fmt]:10} {sizes[fmt]:10}")


if __name__ == "__main__":
    main()
