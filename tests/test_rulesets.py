"""Every ruleset file parses, matches rulesets/schema.json, and holds the numbers DECK-RULES.md gives."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from deckcheck.errors import DeckcheckError
from deckcheck.rules import RULES, load_rule_modules, load_ruleset
from deckcheck.rules.ruleset import RULESETS_DIR, SCHEMA_PATH, schema_problems

EXPECTED_FILES = {
    ("rulebook", "wizard"), ("rulebook", "ringwraith"), ("rulebook", "fallen-wizard"),
    ("coe", "wizard"), ("coe", "ringwraith"), ("coe", "fallen-wizard"), ("coe", "balrog"),
    ("dreamcards", "wizard"), ("dreamcards", "ringwraith"), ("dreamcards", "fallen-wizard"), ("dreamcards", "balrog"),
    ("dreamcards", "elf-lord"), ("dreamcards", "dwarf-lord"), ("dreamcards", "dragon-lord"),
    ("sealed", "wizard"), ("sealed", "ringwraith"),
    ("meccg-online", "wizard"), ("meccg-online", "ringwraith"), ("meccg-online", "fallen-wizard"),
    ("meccg-online", "balrog"), ("dc-cube", "wizard"), ("dc-cube", "ringwraith"),
}


def test_exactly_the_twenty_two_ruleset_files_exist():
    found = {(p.parent.name, p.stem) for p in Path(RULESETS_DIR).glob("*/*.toml")}
    assert found == EXPECTED_FILES


@pytest.mark.parametrize("ruleset,alignment", sorted(EXPECTED_FILES))
def test_ruleset_file_validates_against_the_schema(ruleset, alignment):
    schema = json.loads(Path(SCHEMA_PATH).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    data = tomllib.loads((Path(RULESETS_DIR) / ruleset / f"{alignment}.toml").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)
    assert data["meta"] == {**data["meta"], "ruleset": ruleset, "alignment": alignment}


@pytest.mark.parametrize("ruleset,alignment", sorted(EXPECTED_FILES))
def test_every_switched_on_rule_has_a_citation(ruleset, alignment):
    data = load_ruleset(ruleset, alignment)
    for code, on in data["rules"].items():
        if on:
            assert data["citations"].get(code, "").startswith(ruleset), (code, data["citations"].get(code))


@pytest.mark.parametrize("ruleset,alignment", sorted(EXPECTED_FILES))
def test_every_code_in_a_ruleset_is_a_registered_rule_or_a_known_code(ruleset, alignment):
    load_rule_modules()
    data = load_ruleset(ruleset, alignment)
    for code in data["rules"]:
        assert code in RULES or code in DECK_RULES_CODES, code


DECK_RULES_CODES = {
    "unique-limit", "copy-limit", "resource-count", "hazard-parity", "character-limit", "avatar-limit",
    "sideboard-size", "fw-sideboard-size", "site-copies", "site-alignment", "region-card", "alignment-card",
    "banned-card", "specific-card", "agent-mind", "creature-count", "pool-size", "starting-size",
    "starting-mind", "starting-items", "mind-limit", "stage-points", "starting-race", "faction-race",
    "unknown-card", "ambiguous-card",
}


def test_the_numbers_of_deck_rules_md():
    coe_wizard = load_ruleset("coe", "wizard")
    assert coe_wizard["play_deck"]["resources_min"] == 30
    assert coe_wizard["play_deck"]["resources_max"] == 50
    assert coe_wizard["play_deck"]["creatures_min"] == 12
    assert coe_wizard["play_deck"]["agent_mind_max"] == 36
    assert coe_wizard["avatars"]["play_deck_max"] == 3
    assert load_ruleset("rulebook", "ringwraith")["play_deck"]["resources_min"] == 25
    assert load_ruleset("rulebook", "ringwraith")["sideboard"]["max_by_length"] == [25, 25, 30, 35]
    assert load_ruleset("rulebook", "wizard")["sideboard"]["max_by_length"] == [20, 20, 25, 30]
    assert load_ruleset("rulebook", "fallen-wizard")["sideboard"]["max_by_length"] == [30, 30, 35, 40]
    for alignment in ("wizard", "ringwraith", "fallen-wizard", "balrog"):
        assert load_ruleset("coe", alignment)["sideboard"]["max_by_length"] == [30, 30, 35, 40]
    fw = load_ruleset("coe", "fallen-wizard")["copies"]["by_class"]
    assert fw == {"stage-resource": 3, "character": 2, "hero-resource": 2, "minion-resource": 2}
    assert load_ruleset("rulebook", "wizard")["rules"]["region-card"] is False
    assert load_ruleset("coe", "ringwraith")["rules"]["region-card"] is True


def test_a_broken_ruleset_is_reported_not_accepted():
    data = tomllib.loads((Path(RULESETS_DIR) / "coe" / "wizard.toml").read_text(encoding="utf-8"))
    data["sideboard"]["max_by_length"] = [30, 30]
    data["rules"]["Not A Code"] = True
    problems = schema_problems(data)
    assert any("max_by_length" in p for p in problems)
    assert any("rules" in p for p in problems)


def test_rulebook_has_no_balrog_ruleset():
    with pytest.raises(DeckcheckError, match="no rules for a balrog deck"):
        load_ruleset("rulebook", "balrog")
    with pytest.raises(DeckcheckError, match="unknown ruleset"):
        load_ruleset("house", "wizard")


BROKEN_VARIANTS = [
    ("sideboard", "max_by_length", [30, 30]),
    ("copies", "non_unique", -1),
    ("play_deck", "agents_count_as", "nobody"),
    ("avatars", "play_deck_max", "three"),
    ("sites", "alignments", ["Hero", "Hero"]),
    ("meta", "ruleset", "house"),
]


@pytest.mark.parametrize("section,key,value", BROKEN_VARIANTS)
def test_the_run_time_check_agrees_with_jsonschema(section, key, value):
    schema = json.loads(Path(SCHEMA_PATH).read_text(encoding="utf-8"))
    data = tomllib.loads((Path(RULESETS_DIR) / "coe" / "fallen-wizard.toml").read_text(encoding="utf-8"))
    assert schema_problems(data) == [] and jsonschema.Draft202012Validator(schema).is_valid(data)
    data[section][key] = value
    assert schema_problems(data) != []
    assert not jsonschema.Draft202012Validator(schema).is_valid(data)


def test_a_broken_ruleset_file_is_a_one_line_input_error(tmp_path, monkeypatch):
    from deckcheck.rules import ruleset as module

    (tmp_path / "coe").mkdir()
    text = (Path(RULESETS_DIR) / "coe" / "wizard.toml").read_text(encoding="utf-8")
    (tmp_path / "coe" / "wizard.toml").write_text(text.replace("resources_min = 30", 'resources_min = "30"'),
                                                  encoding="utf-8")
    (tmp_path / "coe" / "ringwraith.toml").write_text("[meta\n", encoding="utf-8")
    monkeypatch.setattr(module, "RULESETS_DIR", tmp_path)
    module.load_ruleset.cache_clear()
    try:
        with pytest.raises(DeckcheckError, match="resources_min: '30' is not of type 'integer'") as bad:
            module.load_ruleset("coe", "wizard")
        assert bad.value.path.endswith("coe/wizard.toml")
        with pytest.raises(DeckcheckError, match="not valid TOML"):
            module.load_ruleset("coe", "ringwraith")
    finally:
        module.load_ruleset.cache_clear()
