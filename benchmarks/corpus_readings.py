"""What every real decklist of ../shared/decks reads as: its cards, counts and parts, file by file.

    .venv/bin/python benchmarks/corpus_readings.py --out /tmp/readings.json           # snapshot the readings
    .venv/bin/python benchmarks/corpus_readings.py --diff /tmp/before.json             # compare with a snapshot

A reader change must leave every deck as it was, except where a line was dropped or misread before: `--diff`
prints each difference (a card gained, lost or counted differently, a line now read or no longer read), so that
every change can be looked at and listed. The snapshot quotes the decks, so it is written outside the repository.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from deckcheck.decklist import read_deck
from deckcheck.errors import DeckcheckError

DECKS = Path(__file__).resolve().parents[1].parent / "shared" / "decks"


def corpus_files() -> list[Path]:
    return sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS)


def reading(path: Path) -> dict:
    """One file: {part|card: count} for resolved cards, {part|?written: count} for the others, and the
    reading problems reported, by line (severity and code)."""
    try:
        deck = read_deck(path)
    except DeckcheckError as exc:
        return {"error": exc.message}
    cards: dict[str, int] = {}
    for entry in deck.entries:
        key = f"{entry.part.value}|{entry.card.id if entry.card else '?' + entry.written}"
        cards[key] = cards.get(key, 0) + entry.count
    problems: dict[str, str] = {}
    for d in deck.diagnostics:
        key = f"{d.line}"
        problems[key] = ", ".join(filter(None, [problems.get(key), f"{d.severity} {d.code}"]))
    return {"format": deck.format, "alignment": deck.alignment, "cards": cards, "problems": problems}


def snapshot() -> dict:
    return {path.relative_to(DECKS).as_posix(): reading(path) for path in corpus_files()}


def differences(before: dict, after: dict) -> list[str]:
    out = []
    for name in sorted(before.keys() | after.keys()):
        old, new = before.get(name, {}), after.get(name, {})
        if old == new:
            continue
        if "error" in old or "error" in new:
            out.append(f"{name}: {old.get('error', 'read')} -> {new.get('error', 'read')}")
            continue
        for key in ("format", "alignment"):
            if old.get(key) != new.get(key):
                out.append(f"{name}: {key} {old.get(key)} -> {new.get(key)}")
        old_cards, new_cards = old.get("cards", {}), new.get("cards", {})
        for key in sorted(old_cards.keys() | new_cards.keys()):
            if old_cards.get(key, 0) != new_cards.get(key, 0):
                out.append(f"{name}: {key} {old_cards.get(key, 0)} -> {new_cards.get(key, 0)}")
        old_problems, new_problems = old.get("problems", {}), new.get("problems", {})
        for line in sorted(old_problems.keys() | new_problems.keys(), key=lambda n: int(n) if n.isdigit() else 0):
            if old_problems.get(line) != new_problems.get(line):
                out.append(f"{name}: line {line}: {old_problems.get(line)} -> {new_problems.get(line)}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", help="write the snapshot here (JSON)")
    parser.add_argument("--diff", help="a snapshot to compare the current readings with")
    args = parser.parse_args()
    if not DECKS.is_dir():
        print(f"no decks at {DECKS}", file=sys.stderr)
        return 2
    now = snapshot()
    if args.out:
        Path(args.out).write_text(json.dumps(now, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8")
        print(f"{len(now)} files read; snapshot in {args.out}")
    if args.diff:
        changes = differences(json.loads(Path(args.diff).read_text(encoding="utf-8")), now)
        print("\n".join(changes))
        changed_files = len({c.split(": ", 1)[0] for c in changes})
        print(f"{len(changes)} differences in {changed_files} of {len(now)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
