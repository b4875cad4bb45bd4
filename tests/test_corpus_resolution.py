"""Every card line of the real decklists resolves to exactly one card.

Each line is resolved with its own tag, set code and section and the deck's alignment, as `read_deck` does.
Dream-card lines (fan sets, reported as "not in the ICE pool"), the Arda multiplayer deck and wigy's
incomplete development decks are left out. Set DECKCHECK_UNRESOLVED_REPORT=FILE to have the failing lines
written to FILE, for whoever maintains the resolver and its alias table.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests._shared import DECKS, corpus_files, needs_coe, needs_decks

EXCLUDED_DIRS = ("meccg-online/Arda/", "wigy-meccg/dev-partial/")

# The lines that truly fit several cards, each with the reason no context decides it. The goal is none.
# (Men of Skill's Woses of the Eryn Vorn, which a Fallen-wizard may field as the minion faction or the hero one, was
# here: OCTGN's card id names the version, and the octgn reader now reads it.)
GENUINELY_AMBIGUOUS: set[tuple[str, int]] = set()


def unresolved_lines() -> list[tuple[str, int | None, str, str]]:
    """(file, line, what was written, status) for every line that does not resolve to one card."""
    from deckcheck.decklist import read_deck

    failures = []
    for path in corpus_files():
        relative = path.relative_to(DECKS).as_posix()
        if relative.startswith(EXCLUDED_DIRS):
            continue
        deck = read_deck(path)
        for entry in deck.entries:
            if entry.card is not None or entry.problem == "not-ice-card":
                continue
            written = entry.written + (f" [{entry.tag}]" if entry.tag else "") + (
                f" ({entry.set_code})" if entry.set_code else "")
            detail = entry.problem or "unresolved"
            if entry.candidates:
                detail += ": " + ", ".join(c.id for c in entry.candidates)
            elif entry.suggestions:
                detail += "; nearest: " + ", ".join(entry.suggestions)
            for line in entry.lines or [None]:
                failures.append((relative, line, f"{written} in {entry.part.value} ({deck.alignment})", detail))
    return failures


def write_report(failures) -> None:
    target = os.environ.get("DECKCHECK_UNRESOLVED_REPORT")
    if not target:
        return
    try:
        report = Path(target)
        body = "".join(f"{f}\t{line}\t{text}\t{status}\n" for f, line, text, status in failures)
        report.write_text(f"# {len(failures)} unresolved card lines (file, line, text, status)\n{body}",
                          encoding="utf-8")
    except OSError:
        pass   # the report is a convenience for the team; the assertion below is the test


@needs_coe
@needs_decks
@pytest.mark.shared
def test_every_corpus_card_line_resolves_to_exactly_one_card():
    failures = unresolved_lines()
    write_report(failures)
    unexpected = [f for f in failures if (f[0], f[1]) not in GENUINELY_AMBIGUOUS]
    shown = "\n".join(f"{f}:{line}: {text}: {status}" for f, line, text, status in unexpected[:30])
    assert not unexpected, f"{len(unexpected)} card lines do not resolve:\n{shown}"
    # Each documented exception must still be one (else the list is stale and should shrink).
    assert {(f[0], f[1]) for f in failures} == GENUINELY_AMBIGUOUS
