"""The card catalog: its schema, its facts, the importer's determinism, and its bad-input errors."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from deckcheck.cards.catalog import CARD_DB, load_catalog, load_catalog_from
from deckcheck.cards.importer import dump_catalog, import_coe, validate_catalog
from deckcheck.cards.model import CARD_FIELDS
from deckcheck.errors import DeckcheckError
from tests._shared import COE_CARDS, needs_coe


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_catalog_validates_against_its_schema():
    document = json.loads((Path(CARD_DB) / "cards.json").read_text(encoding="utf-8"))
    schema = json.loads((Path(CARD_DB) / "schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(document, schema)
    assert len(document["cards"]) == 1683
    assert document["source"]["commit"] == "f2ef20abb811e0cf407c8845d1585617dc87b4ea"


def test_catalog_keeps_facts_only():
    """No card text, quotes, artists or image links: nothing long, no HTML, no URL, no such keys."""
    document = json.loads((Path(CARD_DB) / "cards.json").read_text(encoding="utf-8"))
    for card in document["cards"]:
        assert set(card) <= set(CARD_FIELDS), card["id"]       # only the card model's fact fields
        for value in card.values():
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str):
                    assert len(text) < 120 and "<" not in text and "http" not in text, (card["id"], text)


def test_every_set_and_type_is_present(catalog):
    assert {c.set for c in catalog.cards} == {"TW", "TD", "DM", "LE", "AS", "WH", "BA"}
    counts = {t: sum(c.type == t for c in catalog.cards) for t in ("Character", "Resource", "Hazard", "Site", "Region")}
    assert counts == {"Character": 194, "Resource": 767, "Hazard": 450, "Site": 220, "Region": 52}


def test_facts_of_known_cards(catalog):
    gandalf = catalog.by_id("TW-156")
    assert (gandalf.name, gandalf.avatar, gandalf.direct_influence, gandalf.skills) == (
        "Gandalf", True, 10, ("Warrior", "Scout", "Sage", "Diplomat"))
    black_horse = catalog.by_id("AS-72")
    assert black_horse.copy_limit == 9
    # Race normalised to the singular; comma lists split.
    assert all(r in ("Orc", "Troll", "Wolf", "Animal") or not r.endswith("s")
               for c in catalog.cards for r in c.races if r not in ("Dúnadan", "Pûkel-creature"))
    assert catalog.by_id("LE-266").influence_check == 8          # Grey Mountain Goblins
    assert catalog.by_id("LE-266").playable_at == ("Gondmaeglom",)
    mithril = catalog.by_id("DM-173")
    assert (mithril.mp, mithril.mp_alt, mithril.mp_category) == (3, 7, "item")
    moria = catalog.by_id("LE-392")
    assert (moria.site_type, moria.havens, moria.draw, moria.draw_opponent) == ("S", ("Dol Guldur",), 2, 3)
    assert moria.playable_items == ("minor", "major", "greater", "gold ring")


def test_flags_known_traps_of_the_source(catalog):
    dragons = [c for c in catalog.cards if c.dragon_manifestation]
    assert len(dragons) == 18
    assert not catalog.by_id("TD-143").dragon_manifestation            # "Not at Home"
    assert {c.entity for c in dragons} == {"Agburanar", "Bairanax", "Daelomin", "Eärcaraxë", "Itangast",
                                           "Leucaruth", "Scatha", "Scorba", "Smaug"}
    # spawn flag (9) and keyword (12) disagree in the source: either makes a card spawn.
    assert sum(c.spawn for c in catalog.cards) == 12
    assert sum(c.hoard_item for c in catalog.cards) == 22
    assert sum(c.playable_as_starting_minor_item for c in catalog.cards) == 6
    # Trailing spaces in the source names are trimmed.
    assert all(c.name == c.name.strip() for c in catalog.cards)
    assert catalog.by_id("AS-71").entity == catalog.by_id("BA-3").entity == "Balrog of Moria"


@needs_coe
def test_import_is_deterministic_and_matches_the_committed_catalog(tmp_path):
    first = dump_catalog(import_coe(COE_CARDS))
    second = dump_catalog(import_coe(COE_CARDS))
    assert first == second
    validate_catalog(json.loads(first))
    assert first == (Path(CARD_DB) / "cards.json").read_text(encoding="utf-8"), \
        "card_db/cards.json is stale: run deckcheck cards import-coe ../shared/carddata/coe-cards.json"


@needs_coe
def test_import_all_1683_cards():
    document = import_coe(COE_CARDS)
    assert len(document["cards"]) == 1683
    assert len({c["id"] for c in document["cards"]}) == 1683


def test_missing_catalog_is_a_one_line_error(tmp_path):
    with pytest.raises(DeckcheckError) as err:
        load_catalog_from(tmp_path)
    assert "cards.json" in err.value.one_line() and "missing" in err.value.one_line()


def test_corrupt_catalog_names_file_and_line(tmp_path):
    (tmp_path / "cards.json").write_text('{"cards": [\n  {"id": "TW-1",\n  oops\n]}', encoding="utf-8")
    with pytest.raises(DeckcheckError) as err:
        load_catalog_from(tmp_path)
    assert err.value.path.endswith("cards.json") and err.value.line == 3


def test_schema_invalid_catalog_is_rejected():
    document = json.loads((Path(CARD_DB) / "cards.json").read_text(encoding="utf-8"))
    document["cards"][0]["type"] = "Spell"
    with pytest.raises(DeckcheckError, match="schema"):
        validate_catalog(document)


def test_importer_rejects_what_is_not_the_coe_database(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("[1, 2, 3]", encoding="utf-8")
    with pytest.raises(DeckcheckError, match="not a Council of Elrond card database"):
        import_coe(bad)
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DeckcheckError, match="not valid JSON"):
        import_coe(bad)


def test_catalog_record_of_the_wrong_shape_is_a_one_line_error(tmp_path):
    (tmp_path / "cards.json").write_text(json.dumps({"format": 1, "cards": [
        {"id": "TW-1", "set": "TW", "number": 1, "name": 5, "type": "Hazard", "subtypes": [],
         "alignment": "Neutral"}]}), encoding="utf-8")
    with pytest.raises(DeckcheckError) as err:
        load_catalog_from(tmp_path)
    assert "record 0" in err.value.one_line() and "'name' must be a str" in err.value.one_line()


def test_catalog_in_another_encoding_is_a_one_line_error(tmp_path):
    (tmp_path / "cards.json").write_bytes(b"\xff\xfe garbage")
    with pytest.raises(DeckcheckError, match="cannot read card catalog"):
        load_catalog_from(tmp_path)
