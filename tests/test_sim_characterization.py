"""The simulator's numbers do not move: every case of tests/sim_characterization.py prints, byte for byte, the JSON
its snapshot pins (a change meant to change numbers rewrites the snapshot and says why in its commit)."""

from __future__ import annotations

import json

import pytest

from tests._shared import DECKS, needs_decks
from tests.sim_characterization import SNAPSHOT, snapshot_of


@pytest.mark.slow
@needs_decks
def test_simulator_outputs_match_the_snapshot():
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    actual = snapshot_of(DECKS)
    assert list(actual) == list(expected)
    changed = [case for case in expected if actual[case] != expected[case]]
    assert not changed, f"{len(changed)} of {len(expected)} outputs changed, first: {changed[:5]} " \
                        f"(python -m tests.sim_characterization --dump DIR on both commits to diff)"
