"""What the reader remembers from deck to deck (the catalog's answers by name, the alignment facts of a line, the
split of a card text) never changes how a deck reads: every real deck reads the same whichever decks were read
before it, in one process (a batch, a corpus) as alone."""

from __future__ import annotations

import json

from deckcheck.cards.catalog import load_catalog
from deckcheck.decklist import read_deck
from deckcheck.errors import DeckcheckError
from tests._shared import corpus_files, needs_decks

pytestmark = needs_decks


def _read(path) -> str:
    try:
        deck = read_deck(path)
    except DeckcheckError as exc:
        return f"error: {exc.message}"
    return json.dumps({
        "alignment": [deck.alignment, deck.alignment_reason, deck.avatar],
        "entries": [[e.part.value, e.count, e.written, e.lines, e.card.id if e.card else None, e.problem,
                     [c.id for c in e.candidates], e.suggestions, e.untold_version] for e in deck.entries],
        "diagnostics": [[d.line, d.code, d.message, d.severity] for d in deck.diagnostics],
        "readings": [r.to_json() for r in deck.readings]}, sort_keys=True)


def _forget() -> None:
    catalog = load_catalog()
    for memo in (catalog._memos, catalog._resolved, catalog._looked_up):
        memo.clear()


def test_every_real_deck_reads_the_same_after_any_other_decks():
    files = corpus_files()
    assert len(files) > 100
    _forget()
    forward = {path: _read(path) for path in files}
    _forget()
    backward = {path: _read(path) for path in reversed(files)}
    alone = {}
    for path in files[::10]:
        _forget()
        alone[path] = _read(path)
    differing = [str(p) for p in files if forward[p] != backward[p] or p in alone and alone[p] != forward[p]]
    assert not differing, differing[:5]
    assert sum(not text.startswith("error") for text in forward.values()) > 100   # real decks, read
