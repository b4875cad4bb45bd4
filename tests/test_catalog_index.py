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
from deckcheck.cards.names import fold


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


def test_the_index_is_a_head_seven_lines_of_the_cards_and_a_line_a_card():
    data = (Path(CARD_DB) / INDEX_FILE).read_bytes()
    lines = data.split(b"\n")
    assert lines.pop() == b""
    head = json.loads(lines[0])
    assert isinstance(head, dict) and head["format"] == catalog_index.INDEX_FORMAT
    ids, names, keys, groups = (line.decode("utf-8").split("\t") for line in lines[1:5])
    assert len(ids) == len(names) == len(lines) - 8 == 1683
    assert keys == sorted({fold(name) for name in names}) and len(groups) == len(keys)
    assert {key: group.split(" ") for key, group in zip(keys, groups)} == \
        {key: [i for i, name in zip(ids, names) if fold(name) == key] for key in keys}
    width, block = head["number_width"], data.split(b"\n", 8)[8]
    number = [[int(line[i:i + width], 16) for i in range(0, len(line), width)] for line in (lines[5], lines[7])]
    assert len(number[0]) == len(number[1]) == len(ids)
    sorted_ids = lines[6].decode("utf-8").split("\t")
    assert sorted_ids == sorted(ids) and [ids[position] for position in number[1]] == sorted_ids
    for card_id, name, line, start in zip(ids, names, lines[8:], number[0]):
        assert block[start:start + len(line) + 1] == line + b"\n"
        row = json.loads(line)
        assert isinstance(row, list) and row[:2] == [card_id, name]


def test_build_index_refuses_a_name_it_could_not_list():
    cards_text = (Path(CARD_DB) / "cards.json").read_bytes()
    document = json.loads(cards_text)
    document["cards"][0]["name"] = "Tab\tName"
    with pytest.raises(ValueError, match="tab or a line break"):
        build_index(document, cards_text)


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
    index = parse_index(build_index(document, cards_text).replace(document["cards"][10]["name"], "Not a card"))
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
    width, shift = head["number_width"], len(row) - len(lines[8].encode("utf-8"))
    starts = [int(lines[5][i:i + width], 16) for i in range(0, len(lines[5]), width)]
    lines[5] = "".join(f"{start + (shift if n else 0):0{width}x}" for n, start in enumerate(starts))
    lines[8] = row      # the first card's line
    path.write_text("\n".join(lines), encoding="utf-8")
    catalog = load_catalog_from(card_db)
    assert catalog._index is not None
    with pytest.raises(DataError, match="card index record TW-1 is damaged"):
        catalog.by_id("TW-1")


@pytest.mark.parametrize("change", ["an id less", "a name less", "a key less", "an offset less", "a sorted id less",
                                    "no line end"])
def test_an_index_whose_lines_disagree_in_length_is_passed_over(card_db, change):
    path = card_db / INDEX_FILE
    lines = path.read_text(encoding="utf-8").split("\n")
    if change == "an id less":
        lines[1] = lines[1].rpartition("\t")[0]
    elif change == "a name less":
        lines[2] = lines[2].rpartition("\t")[0]
    elif change == "a sorted id less":
        lines[6] = lines[6].rpartition("\t")[0]
    elif change == "a key less":
        lines[3] = lines[3].rpartition("\t")[0]
    elif change == "an offset less":
        lines[5] = lines[5][:-1]
    else:
        lines.pop()
    path.write_text("\n".join(lines), encoding="utf-8")
    assert read_index(card_db) is None
    catalog = load_catalog_from(card_db)
    assert catalog._index is None and len(catalog) == 1683


def test_a_card_line_that_starts_elsewhere_than_its_offset_says_is_one_data_error(card_db):
    from deckcheck.errors import DataError

    path = card_db / INDEX_FILE
    lines = path.read_text(encoding="utf-8").split("\n")
    second = lines[1].split("\t")[1]
    lines[8] = " " + lines[8]      # every card line one further than its offset says, but the first
    path.write_text("\n".join(lines), encoding="utf-8")
    catalog = load_catalog_from(card_db)
    assert catalog.by_id("TW-1").id == "TW-1"      # a blank before its JSON: the card line is still where it says
    with pytest.raises(DataError, match=f"card index record {second} is damaged"):
        catalog.by_id(second)


def test_the_index_holds_no_field_cards_json_lacks():
    index = parse_index((Path(CARD_DB) / INDEX_FILE).read_text(encoding="utf-8"))
    document = json.loads((Path(CARD_DB) / "cards.json").read_bytes())
    assert set(index["fields"]) | {"id", "name"} == {k for r in document["cards"] for k in r}
    assert catalog_index.INDEX_FORMAT == index["format"]
