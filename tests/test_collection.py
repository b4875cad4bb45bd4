"""A deck built from a collection (the cards a player owns, or a sealed pool handed out): `validate --collection`
and the batch's collection column. Both ways: a deck the collection covers passes, one copy over fails naming the
card and the shortfall."""

from __future__ import annotations

import csv
import json

import pytest

from tests._shared import PROJECT, run_main

EXAMPLES = PROJECT / "examples"
DECK = EXAMPLES / "wizard-legal.meccg"


@pytest.fixture(autouse=True)
def ice_pool_after():
    from deckcheck.cards.pools import DEFAULT_POOL, use_pool

    yield
    use_pool(DEFAULT_POOL)


def _plain_list(deck_path, *, less: str | None = None) -> str:
    """The deck as a plain 'N Name' list of every copy in it, one copy of `less` fewer."""
    from deckcheck.decklist import read_deck

    totals: dict[str, int] = {}
    for entry in read_deck(str(deck_path)).entries:
        name = f"{entry.card.name} [{entry.card.tag}]" if entry.card.tag else entry.card.name
        totals[name] = totals.get(name, 0) + entry.count
    if less:
        totals[less] -= 1
    return "".join(f"{n} {name}\n" for name, n in totals.items() if n)


def test_a_deck_built_from_its_collection_passes(capsys, tmp_path):
    collection = tmp_path / "mine.txt"
    collection.write_text(_plain_list(DECK), encoding="utf-8")
    code, out, _ = run_main(capsys, "validate", str(DECK), "--collection", str(collection))
    assert code == 0, out
    assert "collection-short" not in out


def test_one_copy_over_the_collection_fails_naming_the_card_and_the_shortfall(capsys, tmp_path):
    collection = tmp_path / "mine.txt"
    collection.write_text(_plain_list(DECK, less="Dagger of Westernesse [H]"), encoding="utf-8")
    code, out, _ = run_main(capsys, "validate", str(DECK), "--collection", str(collection), "--output", "json")
    assert code == 1
    [short] = [v for v in json.loads(out)["decks"][0]["violations"] if v["code"] == "collection-short"]
    assert short["message"].startswith("you lack 1 Dagger of Westernesse: the deck uses 2 copies")
    assert short["card_id"] == "TW-206" or short["card"] == "Dagger of Westernesse"
    assert short["severity"] == "error" and short["lines"] and "the collection given" in short["citation"]


def test_a_collection_line_without_a_version_counts_for_either_version(tmp_path):
    from deckcheck.decklist import parse_text
    from deckcheck.rules.collection import collection_of, shortfalls

    deck = parse_text("Sites:\n1 Goblin-gate [H]\n", path="<deck>")
    untold = collection_of(parse_text("1 Goblin-gate\n", path="<collection>"))
    assert shortfalls(deck, untold, citation="c") == []
    other = collection_of(parse_text("1 Goblin-gate [M]\n", path="<collection>"))
    [short] = shortfalls(deck, other, citation="c")
    assert short.message.startswith("you lack 1 Goblin-gate")


def test_a_sealed_batch_with_a_collection_column_runs(capsys, tmp_path):
    (tmp_path / "deck.meccg").write_text(DECK.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "pool-ann.txt").write_text(_plain_list(DECK), encoding="utf-8")
    (tmp_path / "pool-bob.txt").write_text(_plain_list(DECK, less="Block [H]"), encoding="utf-8")
    sheet = tmp_path / "sealed.csv"
    with open(sheet, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["Player", "Deck", "Ruleset", "Collection"])
        writer.writerow(["Ann", "deck.meccg", "sealed", "pool-ann.txt"])
        writer.writerow(["Bob", "deck.meccg", "sealed", "pool-bob.txt"])
    code, out, _ = run_main(capsys, "batch", str(sheet))
    results = {r["player"]: r for r in json.loads(out)["results"]}
    assert code == 1
    assert results["Ann"]["status"] == "legal", results["Ann"]["violations"]
    assert results["Ann"]["ruleset"] == "sealed"
    [short] = [v for v in results["Bob"]["violations"] if v["code"] == "collection-short"]
    assert results["Bob"]["status"] == "illegal" and short["message"].startswith("you lack 1 Block")
    assert short["citation"].startswith("sealed: the pool handed out")


def test_the_sealed_rules_take_the_sealed_numbers(capsys):
    from deckcheck.rules import load_ruleset

    data = load_ruleset("sealed", "wizard")
    assert data["play_deck"]["creatures_min"] == 10 and data["play_deck"]["resources_min"] == 25
    assert data["sideboard"]["max_by_length"][1] == 30 and data["sideboard"]["fw_max"] == 0
    code, _, err = run_main(capsys, "validate", "--rules", "sealed", str(DECK))
    assert code == 0 and "without --collection" in err
