"""The metagame tallied a deck at a time (analysis/meta.py `MetaTally`, what `batch` writes its Metagame sheets
from) is the `Meta` that `build_meta` makes of the same decks: every value, and every table in the same order,
over the real decks read as each alignment, validated or not."""

from __future__ import annotations

import dataclasses

import pytest

from deckcheck.analysis.meta import MetaTally, build_meta, deck_record
from deckcheck.decklist import read_deck
from deckcheck.errors import DeckcheckError
from deckcheck.rules import validate
from tests._shared import corpus_files, needs_decks

pytestmark = needs_decks


@pytest.fixture(scope="module")
def records() -> list[dict]:
    """Every real deck once, every third validated (legal or not), the rest not (legal None)."""
    found = []
    for number, path in enumerate(corpus_files()):
        try:
            deck = read_deck(path)
        except DeckcheckError:
            continue
        legal = None
        if number % 3 == 0:
            try:
                legal = validate(deck).legal
            except DeckcheckError:
                legal = None
        found.append(deck_record(deck, label=path.name, legal=legal))
    return found


def tallied(records: list[dict]):
    tally = MetaTally()
    for record in records:
        tally.add(record)
    return tally.meta()


def in_order(value):
    """A value with its dicts as lists of items: equal only in the same order."""
    if isinstance(value, dict):
        return [(k, in_order(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [in_order(v) for v in value]
    return value


@pytest.mark.parametrize("part", ["all", "first half", "one deck"])
def test_the_tally_is_build_metas_meta(records, part):
    chosen = {"all": records, "first half": records[: len(records) // 2], "one deck": records[:1]}[part]
    made, built = tallied(chosen), build_meta(chosen)
    for name in (f.name for f in dataclasses.fields(built)):
        if name == "avatar_alignments":       # looked up by avatar, never listed
            assert getattr(made, name) == getattr(built, name)
        else:
            assert in_order(getattr(made, name)) == in_order(getattr(built, name)), name
    assert built.cards and built.legal and built.composition


def test_the_tally_counts_what_the_decks_hold(records):
    meta = tallied(records)
    assert meta.decks == len(records) == sum(meta.alignments.values()) == sum(meta.avatars.values())
    copies = sum(card["count"] for record in records for card in record["cards"])
    assert sum(card["copies"] for card in meta.cards) == copies
