"""A missing card does not invent other errors: count rules say they counted without the unidentified lines."""

from __future__ import annotations

import json
from pathlib import Path

from deckcheck.decklist import parse_text
from deckcheck.rules import validate

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LEGAL = (EXAMPLES / "wizard-legal.meccg").read_text(encoding="utf-8")


def codes(verdict) -> dict[str, object]:
    return {v.code: v for v in verdict.violations}


def test_an_unknown_resource_marks_the_counts_it_breaks():
    # "3 Dodge" (a resource) written as a name no card has: the deck is really 30/30
    text = LEGAL.replace("3 Dodge [H] (TW)", "3 Qwxzv Plorth [H] (TW)")
    line = text.split("\n").index("3 Qwxzv Plorth [H] (TW)") + 1
    verdict = validate(parse_text(text, path="deck.meccg"), ruleset="coe")
    found = codes(verdict)
    assert found["unknown-card"].depends_on_unidentified is False
    parity = found["hazard-parity"]
    assert parity.depends_on_unidentified is True
    assert parity.message.endswith(f"(counted without 1 unidentified line: {line})")
    resources = found["resource-count"]
    assert resources.depends_on_unidentified is True and "27 resources" in resources.message
    assert resources.to_json()["depends_on_unidentified"] is True


def test_counts_of_other_parts_are_not_marked():
    # an unknown sideboard card may change the sideboard's size, never the play deck's parity
    text = LEGAL.replace("3 Dodge [H] (TW)", "4 Dodge [H] (TW)")
    text = text.replace("1 Corpse-candle (TW)", "1 Corpse-candle (TW)\n1 Qwxzv Plorth", 1)
    assert "Qwxzv" in text
    verdict = validate(parse_text(text, path="deck.meccg"), ruleset="coe")
    parity = codes(verdict)["hazard-parity"]
    assert parity.depends_on_unidentified is False and "unidentified" not in parity.message


def test_a_deck_without_unidentified_lines_marks_nothing():
    text = LEGAL.replace("3 Dodge [H] (TW)", "2 Dodge [H] (TW)")
    verdict = validate(parse_text(text, path="deck.meccg"), ruleset="coe")
    assert {"hazard-parity", "resource-count"} <= set(codes(verdict))
    assert not any(v.depends_on_unidentified for v in verdict.violations)
    assert all(json.loads(json.dumps(v.to_json()))["depends_on_unidentified"] is False for v in verdict.violations)
