"""How well near-miss names are read: generated misspellings of every card name, in every language.

    .venv/bin/python benchmarks/near_misses.py [--per-kind 1] [--seed 0] [--language es]

For every name the catalog knows (English, true alternative names, the names of the other editions) it makes
misspellings of each kind -- a letter dropped, two neighbouring letters swapped, a letter added, a letter replaced,
a word dropped, junk after the name -- and resolves each the way a decklist line is resolved. Each is counted as
read right (the card the name belongs to), read wrong (another card), or left unknown (no card clearly meant: an
unknown-card error with suggestions). A misspelling that is itself the exact name of some card cannot be told from
that name and is counted apart. Then every real decklist of ../shared/decks is read, and every line read through
a near miss is listed with what it was read as, so that no correctly spelled name can be seen changing meaning.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.nearmiss import NameEntry

DECKS = Path(__file__).resolve().parents[1].parent / "shared" / "decks"
KINDS = ("drop a letter", "swap letters", "add a letter", "replace a letter", "drop a word", "junk after")
JUNK = ["/find", "*/fin", " x", " (sb)", " ??", " - 2nd", " *", " /fw"]


def letters_at(text: str) -> list[int]:
    return [i for i, ch in enumerate(text) if ch.isalnum()]


def misspell(name: str, kind: str, rng: random.Random) -> str | None:
    """One misspelling of `name` of the given kind, or None where the kind does not apply."""
    at = letters_at(name)
    alphabet = "abcdefghijklmnopqrstuvwxyz" if name.isascii() else "".join(sorted(set(name) - {" "}))
    if kind == "drop a letter" and len(at) > 1:
        i = rng.choice(at)
        return name[:i] + name[i + 1:]
    if kind == "swap letters":
        pairs = [i for i in at if i + 1 < len(name) and name[i + 1].isalnum() and name[i] != name[i + 1]]
        if pairs:
            i = rng.choice(pairs)
            return name[:i] + name[i + 1] + name[i] + name[i + 2:]
    if kind == "add a letter" and at:
        i = rng.choice(at)
        return name[:i] + rng.choice(alphabet) + name[i:]
    if kind == "replace a letter" and at:
        i = rng.choice(at)
        options = [c for c in alphabet if c.lower() != name[i].lower()]
        return name[:i] + rng.choice(options) + name[i + 1:] if options else None
    if kind == "drop a word":
        words = name.split()
        if len(words) > 1:
            del words[rng.randrange(len(words))]
            return " ".join(words)
    if kind == "junk after":
        return name + rng.choice(JUNK)
    return None


def outcome(catalog, variant: str, entry: NameEntry) -> str:
    exact = catalog.by_name(variant)
    if exact:   # junk that folds away ("Glamdring *") is the name itself; else the misspelling is another name
        return "right" if entry.target in {card.name for card in exact} else "another name"
    match = catalog.matcher().match(variant)
    if match.best is None:
        return "unknown"
    return "right" if match.best.entry.target == entry.target else "wrong"


def measure(catalog, per_kind: int, seed: int, language: str | None):
    rng = random.Random(seed)
    table: dict[tuple[str, str], Counter] = defaultdict(Counter)
    wrong: list[str] = []
    for entry in catalog.matcher().entries:
        if language and entry.language != language:
            continue
        group = "en" if entry.language == "alias" else entry.language
        for kind in KINDS:
            for _ in range(per_kind):
                variant = misspell(entry.written, kind, rng)
                if variant is None or variant.strip() == entry.written:
                    continue
                result = outcome(catalog, variant, entry)
                table[(group, kind)][result] += 1
                if result == "wrong" and len(wrong) < 40:
                    read = catalog.matcher().match(variant).best
                    wrong.append(f"  {variant!r} (from {entry.written!r}, {group}) read as {read.entry.written!r}")
    return table, wrong


def print_table(table) -> None:
    print(f"{'language':<9}{'kind':<18}{'made':>7}{'right':>8}{'wrong':>7}{'unknown':>9}{'exact other':>13}"
          f"{'right %':>9}{'wrong per 1000':>16}")
    totals: Counter = Counter()
    for (group, kind), counts in sorted(table.items()):
        totals.update(counts)
        print(row(group, kind, counts))
    by_language: dict[str, Counter] = defaultdict(Counter)
    for (group, _), counts in table.items():
        by_language[group].update(counts)
    print()
    for group, counts in sorted(by_language.items()):
        print(row(group, "all kinds", counts))
    print(row("all", "all kinds", totals))


def row(group: str, kind: str, counts: Counter) -> str:
    made = sum(counts.values())
    judged = made - counts["another name"]
    right = 100 * counts["right"] / judged if judged else 0
    per_mille = 1000 * counts["wrong"] / judged if judged else 0
    return (f"{group:<9}{kind:<18}{made:>7}{counts['right']:>8}{counts['wrong']:>7}{counts['unknown']:>9}"
            f"{counts['another name']:>13}{right:>8.1f}%{per_mille:>16.2f}")


def corpus_corrections() -> list[str]:
    """Every line of the real decks read through a near miss, with what it was read as."""
    from deckcheck.decklist import read_deck

    lines = []
    for path in sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS):
        deck = read_deck(path)
        for d in deck.diagnostics:
            if d.code == "name-corrected":
                lines.append(f"  {path.relative_to(DECKS)}:{d.line}: {d.message}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-kind", type=int, default=1, help="misspellings of each kind per name")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--language", help="only the names of this language (en, es, fr, de, it, nl, fi, ja)")
    args = parser.parse_args()
    catalog = load_catalog()
    started = time.perf_counter()
    catalog.matcher()
    built = time.perf_counter() - started
    started = time.perf_counter()
    table, wrong = measure(catalog, args.per_kind, args.seed, args.language)
    elapsed = time.perf_counter() - started
    made = sum(sum(c.values()) for c in table.values())
    print(f"names indexed: {len(catalog.matcher().entries)} (index built in {built:.2f} s); "
          f"misspellings made: {made}, resolved in {elapsed:.1f} s ({1000 * elapsed / max(made, 1):.2f} ms each)")
    print_table(table)
    if wrong:
        print("read wrong (first 40):")
        print("\n".join(wrong))
    if DECKS.is_dir():
        corrected = corpus_corrections()
        print(f"\nreal decks ({DECKS}): {len(corrected)} lines read through a near miss")
        print("\n".join(corrected))
    return 0


if __name__ == "__main__":
    sys.exit(main())
