"""Every real deck of ../shared/decks against the ICE Challenge Deck E, both ways (its hazards on E, E's on it,
both full turns): never a traceback, and the counts add up. A few games each keep the run short."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.against import simulate_sides
from deckcheck.sim.model import HAND_SIZE, build_sim_deck
from deckcheck.sim.side import side_of
from tests._shared import DECKS, corpus_files

CORPUS = corpus_files()
GANDALF = DECKS / "council-of-rivendell" / "Challenge Decks" / "E - Gandalf - Return of the King"


@pytest.fixture(scope="module")
def gandalf():
    return side_of(build_sim_deck(read_deck(str(GANDALF))))


@pytest.mark.skipif(not CORPUS, reason=f"needs the real decklists at {DECKS} (../shared is absent)")
@pytest.mark.parametrize("path", CORPUS, ids=[str(p.relative_to(DECKS)) for p in CORPUS])
def test_every_real_deck_against_a_challenge_deck(path, gandalf):
    deck = read_deck(path)
    if sum(e.count for e in deck.play_deck() if e.card is not None) < HAND_SIZE:
        pytest.skip("a sideboard fragment: simulate says so with exit 2")
    side = side_of(build_sim_deck(deck))
    against = simulate_sides(gandalf, side, games=3, turns=12, seed=1, both=False)
    assert against["characters_lost_per_game"]["mean"] >= 0
    both = simulate_sides(side, gandalf, games=3, turns=12, seed=2, both=True)
    assert 0 <= both["p_win"]["p"] + both["p_draw"]["p"] <= 1
    lost = both["characters_lost_per_game"]["mean"] * 3
    assert sum(row["characters_eliminated"] for row in both["hazards"]) <= lost + 0.01   # the mean is rounded
