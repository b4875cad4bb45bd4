"""Paths to ../shared and skip markers for tests that need it.

The full CoE card database and the real decklists live beside the project, never in it. Tests that need them
skip with a clear reason where ../shared is absent, so the README's test command passes anywhere.
"""

from __future__ import annotations

from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
SHARED = PROJECT.parent / "shared"
COE_CARDS = SHARED / "carddata" / "coe-cards.json"
DECKS = SHARED / "decks"
DECK_RULES = SHARED / "DECK-RULES.md"
CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"        # the ten Challenge Decks, A to J
GANDALF = CHALLENGE / "E - Gandalf - Return of the King"
WITCH_KING = CHALLENGE / "I - Witchking - Morgul Rallying Cry"

needs_coe = pytest.mark.skipif(
    not COE_CARDS.is_file(), reason=f"needs the CoE card database at {COE_CARDS} (../shared is absent)"
)
needs_decks = pytest.mark.skipif(
    not DECKS.is_dir(), reason=f"needs the real decklists at {DECKS} (../shared is absent)"
)


def examples(usual: int) -> int:
    """How many examples a property test runs: `usual`, or more when the loaded Hypothesis profile asks for more
    than Hypothesis' default (pytest --hypothesis-profile=thorough, see conftest.py)."""
    from hypothesis import settings

    wanted = settings.default.max_examples
    return max(usual, wanted) if wanted > settings.get_profile("default").max_examples else usual


def corpus_files() -> list[Path]:
    """Every decklist file of ../shared/decks (not the INDEX/FORMATS docs)."""
    if not DECKS.is_dir():
        return []
    return sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS)


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    """`deckcheck ARGV...` in this process: (exit code, stdout, stderr); 0 when the command returns."""
    from deckcheck.cli import main

    try:
        main(list(argv))
        code = 0
    except SystemExit as exited:
        code = exited.code or 0
    out, err = capsys.readouterr()
    return code, out, err
