"""The catalog's quick-loading index (card_db/cards.index.jsonl) holds exactly the cards of cards.json, is what the
importer makes of it byte for byte, and is used only while it matches: a stale or damaged index is passed over
and the catalog read from cards.json (the same cards)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckcheck.cards import catalog_index
from deckcheck.cards.catalog import CARD_DB, load_catalog_from
from deckcheck.cards.catalog_index import INDEX_FILE, build_index, check_index, parse_index, read_index


@pytest.fixture()
def card_db(tmp_path):
    copy = tmp_path / "card_db"
    shutil.copytree(CARD_DB, copy)
    return copy


def test_the_shipped_index_is_what_build_index_makes_of_the_shipped_catalog():
    cards_text = (Path(CARD_DB) / "cards.json").read_bytes()
    document = json.loads(cards_text)
    assert build_index(document, cards_text).encode("utf-8") == (Path(CARD_DB) / INDEX_FILE).read_bytes()
    assert check_index(parse_index((Path(CARD_DB) / INDEX_FILE).read_text(encoding="utf-8")), document) is None


def test_the_index_is_json_lines_a_card_a_line_where_its_first_line_says():
    text = (Path(CARD_DB) / INDEX_FILE).read_text(encoding="utf-8")
    lines = text.split("\n")
    assert lines.pop() == ""
    head = json.loads(lines[0])
    assert len(lines) == 1 + len(head["ids"]) == 1 + len(head["starts"])
    for line, start in zip(lines[1:], head["starts"]):
        assert text[start:start + len(line) + 1] == line + "\n" and text[start - 1] == "\n"
        assert isinstance(json.loads(line), list)


def test_a_catalog_from_the_index_has_the_same_cards_names_and_versions(card_db):
    indexed = load_catalog_from(card_db)
    assert indexed._index is not None
    (card_db / INDEX_FILE).unlink()
    plain = load_catalog_from(card_db)
    assert plain._index is None
    assert len(indexed) == len(plain) == 1683
    assert [c.to_json() for c in indexed.cards] == [c.to_json() for c in plain.cards]
    for name in sorted({c.name for c in plain.cards}) + ["gandalf", "Lorien", "Orc-guard"]:
        assert [c.id for c in indexed.by_name(name)] == [c.id for c in plain.by_name(name)], name
    assert indexed.by_id("tw-0181") == plain.by_id("TW-181")
    assert indexed.foreign_names() == plain.foreign_names()


def test_check_index_names_a_card_that_differs():
    cards_text = (Path(CARD_DB) / "cards.json").read_bytes()
    document = json.loads(cards_text)
    index = parse_index(build_index(document, cards_text))
    index["names"][10] = "Not a card"
    assert check_index(index, document) == f"card {document['cards'][10]['id']} differs"


def test_an_index_built_from_another_cards_json_is_passed_over(card_db):
    path = card_db / "cards.json"
    document = json.loads(path.read_bytes())
    document["cards"] = document["cards"][:100]
    path.write_text(json.dumps(document), encoding="utf-8")    # another size than the index was built from
    assert read_index(card_db) is None
    catalog = load_catalog_from(card_db)
    assert catalog._index is None and len(catalog) == 100


@pytest.mark.parametrize("damage", [
    lambda p: p.write_bytes(p.read_bytes()[:1000]),                       # truncated
    lambda p: p.write_text("[]", encoding="utf-8"),                       # not an object
    lambda p: p.write_text(p.read_text(encoding="utf-8").replace(f'"format":{catalog_index.INDEX_FORMAT}',
                                                                 '"format":99'), encoding="utf-8"),
    lambda p: p.write_text(p.read_text(encoding="utf-8").replace('"agent"', '"flavour"', 1), encoding="utf-8"),
])
def test_a_damaged_index_is_passed_over_for_cards_json(card_db, damage):
    damage(card_db / INDEX_FILE)
    catalog = load_catalog_from(card_db)
    assert catalog._index is None and len(catalog) == 1683


@pytest.mark.parametrize("row", ["[0]", "[0,", '"Hero"'], ids=["a number without its value", "no JSON",
                                                             "a string, not a list"])
def test_a_damaged_record_of_a_hand_made_index_is_one_data_error(card_db, row):
    from deckcheck.errors import DataError

    path = card_db / INDEX_FILE
    lines = path.read_text(encoding="utf-8").split("\n")
    head = json.loads(lines[0])
    shift = len(row) - len(lines[1])
    head["starts"] = head["starts"][:1] + [start + shift for start in head["starts"][1:]]
    lines[1] = row
    first = json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    assert len(first) == len(lines[0])     # (the card lines start where the numbers say)
    path.write_text("\n".join([first] + lines[1:]), encoding="utf-8")
    catalog = load_catalog_from(card_db)
    assert catalog._index is not None
    with pytest.raises(DataError, match="card index record TW-1 is damaged"):
        catalog.by_id("TW-1")


def test_a_card_line_that_starts_elsewhere_than_its_number_says_is_one_data_error(card_db):
    from deckcheck.errors import DataError

    path = card_db / INDEX_FILE
    text = path.read_text(encoding="utf-8")
    head_end = text.index("\n")
    second = json.loads(text[:head_end])["ids"][1]
    path.write_text(text[:head_end + 1] + " " + text[head_end + 1:], encoding="utf-8")   # every line one further
    catalog = load_catalog_from(card_db)
    assert catalog.by_id("TW-1").id == "TW-1"      # a blank before its JSON: the card line is still where it says
    with pytest.raises(DataError, match=f"card index record {second} is damaged"):
        catalog.by_id(second)


def test_the_index_holds_no_field_cards_json_lacks():
    index = parse_index((Path(CARD_DB) / INDEX_FILE).read_text(encoding="utf-8"))
    document = json.loads((Path(CARD_DB) / "cards.json").read_bytes())
    assert set(index["fields"]) | {"id", "name"} == {k for r in document["cards"] for k in r}
    assert catalog_index.INDEX_FORMAT == index["format"]
