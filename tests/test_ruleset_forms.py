"""The rulesets' JSON forms (`rulesets/<ruleset>/<alignment>.toml.json`): the shipped ones are what
`python -m deckcheck.rules.forms` makes of the shipped TOML files, and a form is read only while it holds exactly
the TOML's text (and is not checked again only while schema.json is the one it was checked against)."""

from __future__ import annotations

import shutil
import tomllib

import pytest

from deckcheck.datafiles import read_toml_form, same_data, toml_form_path
from deckcheck.errors import DataError
from deckcheck.rules import forms
from deckcheck.rules import ruleset as ruleset_module
from tests._shared import PROJECT

SHIPPED = forms.ruleset_files()


def test_every_shipped_ruleset_file_has_its_form_made_from_its_present_text():
    assert len(SHIPPED) == 22
    stale = [path.name for path in SHIPPED
             if not toml_form_path(path).is_file()
             or toml_form_path(path).read_text(encoding="utf-8") != forms.form_of(path)]
    assert not stale, (f"ruleset forms missing or stale for {stale} (every start then parses the TOML): "
                       "run python -m deckcheck.rules.forms and commit the .toml.json files")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_form_gives_the_data_of_its_toml(path):
    data, form = read_toml_form(path, "ruleset file")
    assert form is not None
    # the same values, and every table's keys in the TOML's order (rules run and are listed in that order)
    assert same_data(data, tomllib.loads(path.read_text(encoding="utf-8")))


@pytest.fixture
def rulesets(tmp_path, monkeypatch):
    """A copy of rulesets/ (forms made) that load_ruleset reads instead of the real one."""
    copy = tmp_path / "rulesets"
    shutil.copytree(PROJECT / "rulesets", copy)
    monkeypatch.setattr(ruleset_module, "RULESETS_DIR", copy)
    monkeypatch.setattr(ruleset_module, "SCHEMA_PATH", copy / "schema.json")
    for cached in (ruleset_module.load_ruleset, ruleset_module.load_schema):
        cached.cache_clear()
    yield copy
    for cached in (ruleset_module.load_ruleset, ruleset_module.load_schema):
        cached.cache_clear()


def test_same_data_sees_the_order_of_keys_and_the_types():
    assert same_data({"a": [1, {"b": True}]}, {"a": [1, {"b": True}]})
    assert not same_data({"a": 1, "b": 2}, {"b": 2, "a": 1})
    assert not same_data({"a": 1}, {"a": True}) and not same_data([1.0], [1])


def test_a_toml_edited_after_its_form_was_made_is_read_from_the_toml(rulesets):
    toml = rulesets / "coe" / "wizard.toml"
    assert ruleset_module.load_ruleset("coe", "wizard")["play_deck"]["resources_min"] == 30
    toml.write_text(toml.read_text(encoding="utf-8").replace("resources_min = 30", "resources_min = 31"),
                    encoding="utf-8")
    ruleset_module.load_ruleset.cache_clear()
    assert ruleset_module.load_ruleset("coe", "wizard")["play_deck"]["resources_min"] == 31
    assert read_toml_form(toml, "ruleset file")[1] is None


@pytest.mark.parametrize("damage", ["", "{", '{"format": 1, "toml": 3, "data": {}}', '["not", "a", "form"]'])
def test_a_missing_or_damaged_form_is_passed_over(rulesets, damage):
    toml = rulesets / "coe" / "wizard.toml"
    expected = tomllib.loads(toml.read_text(encoding="utf-8"))
    if damage:
        toml_form_path(toml).write_text(damage, encoding="utf-8")
    else:
        toml_form_path(toml).unlink()
    data, form = read_toml_form(toml, "ruleset file")
    assert form is None and data == expected
    assert ruleset_module.load_ruleset("coe", "wizard") == expected


def test_a_changed_schema_checks_the_form_again(rulesets):
    """The TOML is unchanged, so its form is read, but schema.json now asks for something the file lacks: the
    check runs again and refuses it, as it would without forms."""
    schema = rulesets / "schema.json"
    text = schema.read_text(encoding="utf-8")
    assert '"required": [' in text
    schema.write_text(text.replace('"required": [', '"required": ["no-such-table", ', 1), encoding="utf-8")
    with pytest.raises(DataError, match="breaks rulesets/schema.json"):
        ruleset_module.load_ruleset("coe", "wizard")


def test_no_form_is_made_of_a_file_that_breaks_the_schema(tmp_path, monkeypatch):
    bad = tmp_path / "wizard.toml"
    bad.write_text((PROJECT / "rulesets" / "coe" / "wizard.toml").read_text(encoding="utf-8")
                   .replace("resources_min = 30", 'resources_min = "thirty"'), encoding="utf-8")
    with pytest.raises(DataError, match="breaks rulesets/schema.json"):
        forms.form_of(bad)
