"""deckcheck's own data (card_db/, rulesets/, the schemas) is found as package data, and a missing or damaged
file is one line and exit 2 for every command that needs it, never a traceback nor a silent empty answer."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from deckcheck.cards import catalog as catalog_module
from deckcheck.datafiles import data_dir, read_json, read_toml
from deckcheck.errors import DataError
from deckcheck.rules import ruleset as ruleset_module
from tests._shared import PROJECT, run_main

EXAMPLES = PROJECT / "examples"
DECK = str(EXAMPLES / "wizard-legal.meccg")

# Every command that reads the card catalog, with arguments that would otherwise succeed.
CATALOG_COMMANDS = {
    "cards show": ["cards", "show", "Gandalf"],
    "cards search": ["cards", "search", "--name", "Gandalf"],
    "show": ["show", DECK],
    "convert": ["convert", DECK, "--to", "json"],
    "validate": ["validate", DECK, DECK],
    "validate --all-formats": ["validate", "--all-formats", DECK],
    "rules": ["rules", "--rules", "coe"],
    "batch": ["batch", str(EXAMPLES / "registrations.csv")],
    "stats": ["stats", DECK],
    "odds": ["odds", DECK],
    "simulate": ["simulate", DECK, "--games", "20"],
}
# Every command that reads the rulesets.
RULESET_COMMANDS = {name: CATALOG_COMMANDS[name] for name in ("validate", "validate --all-formats", "rules", "batch")}


def test_the_data_folders_are_the_packages_at_the_top_of_the_repository():
    assert Path(str(data_dir("card_db"))).resolve() == PROJECT / "card_db"
    assert Path(str(data_dir("rulesets"))).resolve() == PROJECT / "rulesets"
    assert (resources.files("deckcheck.card_db") / "cards.json").is_file()
    assert (resources.files("deckcheck.rulesets") / "coe" / "wizard.toml").is_file()


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A copy of card_db/ and rulesets/ that the command reads instead of the real ones; damage it at will."""
    card_db, rulesets = tmp_path / "card_db", tmp_path / "rulesets"
    shutil.copytree(PROJECT / "card_db", card_db)
    shutil.copytree(PROJECT / "rulesets", rulesets)
    monkeypatch.setattr(catalog_module, "CARD_DB", card_db)
    monkeypatch.setattr(ruleset_module, "RULESETS_DIR", rulesets)
    monkeypatch.setattr(ruleset_module, "SCHEMA_PATH", rulesets / "schema.json")
    caches = (catalog_module.load_catalog, ruleset_module.load_ruleset, ruleset_module.load_schema)
    for cached in caches:
        cached.cache_clear()
    yield card_db, rulesets
    for cached in caches:
        cached.cache_clear()


def assert_one_line_exit_2(capsys, argv, path_part: str, words: str) -> None:
    code, out, err = run_main(capsys, *argv)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("deckcheck: ") and path_part in lines[0] and words in lines[0], lines[0]
    assert "Traceback" not in err


CATALOG_DAMAGE = {
    "missing": (lambda d: (d / "cards.json").unlink(), "missing: reinstall deckcheck"),
    "truncated": (lambda d: (d / "cards.json").write_bytes((d / "cards.json").read_bytes()[:5000]),
                  "card catalog is not valid JSON"),
    "wrong record": (lambda d: (d / "cards.json").write_text('{"cards": [{"id": "TW-1"}]}', encoding="utf-8"),
                     "card catalog record 0 does not fit"),
    "aliases broken": (lambda d: (d / "aliases.json").write_text("{", encoding="utf-8"),
                       "card aliases is not valid JSON"),
}


@pytest.mark.parametrize("damage", CATALOG_DAMAGE)
@pytest.mark.parametrize("command", CATALOG_COMMANDS)
def test_a_damaged_card_catalog_is_one_line_and_exit_2_for_every_command(capsys, data_copy, command, damage):
    card_db, _ = data_copy
    spoil, words = CATALOG_DAMAGE[damage]
    spoil(card_db)
    path_part = "aliases.json" if damage == "aliases broken" else "cards.json"
    assert_one_line_exit_2(capsys, CATALOG_COMMANDS[command], str(card_db / path_part), words)


RULESET_DAMAGE = {
    "folder missing": (lambda d: shutil.rmtree(d / "coe"), "coe", "the ruleset's files are missing"),
    "schema missing": (lambda d: (d / "schema.json").unlink(), "schema.json", "ruleset schema missing"),
    "not TOML": (lambda d: (d / "coe" / "wizard.toml").write_text("[meta\n", encoding="utf-8"),
                 "wizard.toml", "ruleset file is not valid TOML"),
    "breaks the schema": (lambda d: (d / "coe" / "wizard.toml").write_text(
        (d / "coe" / "wizard.toml").read_text(encoding="utf-8").replace("resources_min = 30", 'resources_min = "a"'),
        encoding="utf-8"), "wizard.toml", "breaks rulesets/schema.json"),
}


@pytest.mark.parametrize("damage", RULESET_DAMAGE)
@pytest.mark.parametrize("command", RULESET_COMMANDS)
def test_damaged_rulesets_are_one_line_and_exit_2_for_every_command(capsys, data_copy, command, damage):
    _, rulesets = data_copy
    spoil, path_part, words = RULESET_DAMAGE[damage]
    spoil(rulesets)
    argv = RULESET_COMMANDS[command]
    if command == "validate":
        argv = ["validate", "--rules", "coe", DECK, DECK]
    assert_one_line_exit_2(capsys, argv, path_part, words)


def test_rules_without_any_ruleset_file_is_an_error_not_an_empty_list(capsys, data_copy):
    _, rulesets = data_copy
    for toml in rulesets.glob("rulebook/*.toml"):
        toml.unlink()
    assert_one_line_exit_2(capsys, ["rules", "--rules", "rulebook"], "rulebook", "reinstall it")


def test_readers_name_the_file_and_the_line(tmp_path):
    bad_json = tmp_path / "x.json"
    bad_json.write_text('{\n  "a": 1,\n  oops\n}', encoding="utf-8")
    with pytest.raises(DataError) as err:
        read_json(bad_json, "thing")
    assert err.value.path == str(bad_json) and err.value.line == 3
    bad_toml = tmp_path / "x.toml"
    bad_toml.write_bytes(b"\xff\xfe")
    with pytest.raises(DataError, match="cannot read thing"):
        read_toml(bad_toml, "thing")
    with pytest.raises(DataError, match="thing is a directory"):
        read_json(tmp_path, "thing")
