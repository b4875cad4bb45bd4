"""Every decklist reader, fed 1 MB worst cases: is each linear in its input?

    .venv/bin/python benchmarks/bench_reader_worst.py [--size 1048576] [--only gccg ...] [--full] [--repeat 3]

A backtracking pattern over unbounded text, or a line number counted from the start of the text for every entry,
turns a 1 MB input into minutes. Each reader (and format detection) gets each shape below at --size characters
-- one long line of blanks between two letters, a million '<', unclosed OCTGN tags, a JSON deck of 40,000
entries, ... -- and the time of the slowest shape (the fastest of --repeat runs of it) is printed per reader, with the
target: under 2 s each.
--full also runs the whole parse (detection, reader, the catalog resolving every name) of each shape.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from deckcheck.decklist import FORMATS, parse_text  # noqa: E402
from deckcheck.decklist.detect import detect, read_text_as  # noqa: E402
from deckcheck.errors import DeckcheckError  # noqa: E402

TARGET_SECONDS = 2.0


def repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def json_deck(size: int) -> str:
    entry = '{"name": "Twilight", "card": "tw-106", "qty": 1}'
    count = size // (len(entry) + 3)
    return json.dumps({"name": "x", "alignment": "hero", "pool": [],
                       "deck": {"hazards": [json.loads(entry)] * count}}, indent=1)[:size * 2]


def native_deck(size: int) -> str:
    entry = {"count": 1, "name": "Twilight"}
    count = size // 40
    return json.dumps({"format": "deckcheck-deck", "version": 1, "parts": {"hazards": [entry] * count}}, indent=1)


# name -> builder of a text of about `size` characters
SHAPES: dict[str, Callable[[int], str]] = {
    "a, blanks, b": lambda n: "a" + " " * (n - 3) + "b\n",
    "count, blanks, name": lambda n: "3" + " " * (n - 10) + "Twilight\n",
    "name, blanks, x": lambda n: "Twilight" + " " * (n - 12) + " x\n",
    "name, blanks, (x": lambda n: "Twilight" + " " * (n - 12) + "(x\n",
    "label, blanks, colon": lambda n: "Hazards" + " " * (n - 12) + ":\n",
    "blank lines": lambda n: "\n" * n,
    "lines of blanks": lambda n: repeat(" " * 200 + "\n", n),
    "digits": lambda n: "9" * n,
    "card lines": lambda n: repeat("3 Twilight (LE)\n", n),
    "bare names": lambda n: repeat("Twilight\n", n),
    "one-letter lines": lambda n: repeat("x\n", n),
    "one-letter lines after a header": lambda n: "Hazards:\n" + repeat("x\n", n),
    "count-only lines": lambda n: "Hazards:\n" + repeat("3\n", n),
    "distinct names": lambda n: "Hazards:\n" + "".join(f"1 N{i}\n" for i in range(n // 8)),
    "distinct short lines": lambda n: "".join(f"{i:x}\n" for i in range(n // 6)),
    "'<'": lambda n: "<" * n,
    "'<section '": lambda n: '<?xml version="1.0"?><deck>' + repeat("<section ", n),
    "'<card qty=\"1\">' unclosed": lambda n: "<deck>" + repeat('<card qty="1">', n),
    "'<notes>' unclosed": lambda n: "<deck>" + repeat("<notes>", n),
    "'<![CDATA['": lambda n: '<deck><card qty="1">' + repeat("<![CDATA[", n),
    "attributes": lambda n: "<deck><section " + repeat('a="', n),
    "'#' lines": lambda n: repeat("#\n", n),
    "fences": lambda n: repeat("####\nDeck\n####\n", n),
    "'# Label (' subheader": lambda n: "####\nDeck\n####\n# Hazard" + " " * (n - 30) + "(x\n",
    "'[' sections": lambda n: "[NetMECCG]\n" + repeat("[x\n", n),
    "'[[[['": lambda n: "[" * n,
    "'{{{{'": lambda n: "{" * n,
    "table rows": lambda n: "Hazards:\n" + repeat("| 3 | Twilight |\n", n),
    "one table row": lambda n: "Hazards:\n|" + repeat(" x |", n) + "\n",
    "'(' in a name": lambda n: "Hazards:\n3 Twilight " + "(" * (n - 30) + "\n",
    "'[' in a name": lambda n: "Hazards:\n3 Twilight " + "[" * (n - 30) + "\n",
    "labels": lambda n: repeat("Hazards:\n", n),
    "'x3' counts": lambda n: "Hazards:\n" + repeat("Twilight x3\n", n),
    "count ranges": lambda n: "Hazards:\n" + repeat("1-2 Twilight\n", n),
    "HTML tags": lambda n: "Hazards:\n" + repeat("<b", n),
    "'>' quotes": lambda n: repeat("> 3 Twilight\n", n),
    "headings": lambda n: repeat("## Hazards ##\n", n),
    "JSON deck, 1 entry a line": json_deck,
    "native JSON deck": native_deck,
    "JSON string of blanks": lambda n: '{"name": "' + " " * (n - 20) + '"}',
}


def timed(call: Callable[[], object], repeat: int = 1) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of the fastest of `repeat` calls (as timeit reports: the slower ones measure
    what else the machine was doing); the CPU time is what a busy machine does not inflate."""
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        started, cpu = time.perf_counter(), time.process_time()
        try:
            call()
        except DeckcheckError:
            pass        # an input error is an answer too: what counts is how long it took
        best = min(best, (time.perf_counter() - started, time.process_time() - cpu))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=1024 * 1024, help="characters per input (default 1 MB)")
    parser.add_argument("--only", nargs="*", help="readers to run (default: all, and detection)")
    parser.add_argument("--full", action="store_true", help="also time the whole parse with the catalog")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each reader on each shape; the fastest counts (default 3)")
    args = parser.parse_args()
    texts = {name: build(args.size) for name, build in SHAPES.items()}
    readers: dict[str, Callable[[str], Callable[[], object]]] = {
        "detect": lambda text: lambda: detect(text, "deck.txt")}
    for fmt in FORMATS:
        readers[fmt] = lambda text, fmt=fmt: lambda: read_text_as(text, "deck.txt", fmt)
    if args.full:
        readers["parse_text (all)"] = lambda text: lambda: parse_text(text, path="deck.txt")
        parse_text("Hazards:\n3 Twilight\n", path="warm.txt")      # load the catalog before timing
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (a busy machine slows the wall "
          f"time; the CPU time is the reader's own)")
    print(f"each reader on {len(texts)} shapes of {args.size:,} characters, the fastest of {args.repeat} runs; "
          f"target: under {TARGET_SECONDS} s each")
    print(f"{'reader':18} {'slowest s':>9} {'its CPU s':>9}  {'slowest shape':32} {'all shapes s':>12}")
    over = 0
    for name, make in readers.items():
        if args.only and name not in args.only:
            continue
        times = {shape: timed(make(text), args.repeat) for shape, text in texts.items()}
        worst = max(times, key=lambda shape: times[shape][0])
        wall, cpu = times[worst]
        over += wall >= TARGET_SECONDS
        flag = "" if wall < TARGET_SECONDS else "  OVER"
        print(f"{name:18} {wall:9.3f} {cpu:9.3f}  {worst:32} {sum(w for w, _ in times.values()):12.2f}{flag}")
    print(f"{over} reader(s) at or over {TARGET_SECONDS} s")


if __name__ == "__main__":
    main()
