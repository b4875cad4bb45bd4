"""The deck's views (the play deck, what each card counts as, the resource/hazard split, the location deck's sites)
are built once per deck and read by every rule (rules/registry.py `Context.shared`): a speed-up that must judge
every real deck exactly as building each view afresh, for every rule that asks, does."""

from __future__ import annotations

import json

import pytest

from deckcheck.decklist import read_deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules.engine import validate
from deckcheck.rules.registry import Context
from tests._shared import corpus_files, needs_decks

pytestmark = needs_decks


def _verdicts(decks, ruleset: str) -> list[str]:
    out = []
    for deck in decks:
        try:
            out.append(json.dumps(validate(deck, ruleset=ruleset).to_json(), sort_keys=True))
        except DeckcheckError as exc:       # a deck whose alignment cannot be told: the same error both ways
            out.append(f"error: {exc.message}")
    return out


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_views_built_once_judge_every_real_deck_as_views_built_afresh(ruleset, monkeypatch):
    decks = []
    for path in corpus_files():
        try:
            decks.append(read_deck(path))
        except DeckcheckError:
            continue
    assert len(decks) > 100
    shared = _verdicts(decks, ruleset)
    monkeypatch.setattr(Context, "shared", lambda self, name, make: make())
    afresh = _verdicts(decks, ruleset)
    differing = [deck.path for deck, a, b in zip(decks, shared, afresh, strict=True) if a != b]
    assert not differing, differing[:5]
    assert sum('"legal": false' in v for v in shared) > 10     # real verdicts, not only errors
