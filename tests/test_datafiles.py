"""deckcheck's own data (card_db/, rulesets/, the schemas) is found as package data, and a missing or damaged
file is one line and exit 2 for every command that needs it, never a traceback nor a silent empty answer."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from deckcheck.cards import catalog as catalog_module
from deckcheck.cards import combat_facts, languages, play
from deckcheck.datafiles import data_dir, read_json, read_toml
from deckcheck.errors import DataError
from deckcheck.rules import ruleset as ruleset_module
from tests._shared import PROJECT, run_main

EXAMPLES = PROJECT / "examples"
DECK = str(EXAMPLES / "wizard-legal.meccg")
OPPONENT = str(EXAMPLES / "ringwraith-legal.meccg")
SPANISH = str(EXAMPLES / "wizard-legal-es.txt")

# Every command that reads the card catalog, with arguments that would otherwise succeed.
CATALOG_COMMANDS = {
    "cards show": ["cards", "show", "Gandalf"],
    "cards search": ["cards", "search", "--name", "Gandalf"],
    "show": ["show", DECK],
    "convert": ["convert", DECK, "--to", "json"],
    "diff": ["diff", DECK, DECK],
    "validate": ["validate", DECK, DECK],
    "validate --all-formats": ["validate", "--all-formats", DECK],
    "rules": ["rules", "--rules", "coe"],
    "rules CODE": ["rules", "copy-limit"],
    "batch": ["batch", str(EXAMPLES / "registrations.csv")],
    "meta": ["meta", str(EXAMPLES)],
    "meta --validate": ["meta", "--validate", str(EXAMPLES)],
    "sheet": ["sheet", DECK],
    "stats": ["stats", DECK],
    "odds": ["odds", DECK],
    "simulate": ["simulate", DECK, "--games", "20"],
    "simulate --against": ["simulate", DECK, "--against", OPPONENT, "--games", "4"],
    "simulate --both": ["simulate", DECK, "--against", OPPONENT, "--both", "--games", "4"],
    "matchups": ["matchups", DECK, OPPONENT, "--games", "2", "--jobs", "1"],
}
# Every command that reads the rulesets.
RULESET_COMMANDS = {name: CATALOG_COMMANDS[name] for name in ("validate", "validate --all-formats", "rules",
                                                               "rules CODE", "batch", "meta --validate")}
# The commands that play games: the combat facts (card_db/combat.json) and the play facts (card_db/play.json).
COMBAT_COMMANDS = {name: CATALOG_COMMANDS[name] for name in ("simulate --against", "simulate --both", "matchups")}
PLAY_COMMANDS = {name: CATALOG_COMMANDS[name] for name in ("stats", "simulate", *COMBAT_COMMANDS)}
# The commands that read the other editions' names (card_db/names.json): a Spanish deck, or a report in Spanish.
NAMES_COMMANDS = {
    "validate": ["validate", SPANISH],
    "show": ["show", SPANISH],
    "diff": ["diff", SPANISH, DECK],
    "stats --lang": ["stats", DECK, "--lang", "es"],
    "convert --lang": ["convert", DECK, "--to", "gccg", "--lang", "es"],
    "meta": ["meta", str(EXAMPLES)],
    "batch": ["batch", str(EXAMPLES / "registrations.csv")],
}


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
    caches = (catalog_module.load_catalog, ruleset_module.load_ruleset, ruleset_module.load_schema,
              combat_facts._load, play.load_play_facts, languages.load_names)
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


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])


def _not_an_object(path: Path) -> None:
    path.write_text("[]", encoding="utf-8")


# Damage to the card data files besides cards.json, each with what the one line says.
FACTS_DAMAGE = {
    "missing": (lambda p: p.unlink(), "missing"),
    "truncated": (_truncate, "is not valid JSON"),
    "not an object": (_not_an_object, "is not a JSON object"),
}


# Each of those files, what the line calls it, and the commands that read it.
FACTS_FILES = {"combat.json": ("combat facts", COMBAT_COMMANDS), "play.json": ("play facts", PLAY_COMMANDS),
               "names.json": ("card names", NAMES_COMMANDS)}


@pytest.mark.parametrize("damage", FACTS_DAMAGE)
@pytest.mark.parametrize("name, command", [(n, c) for n, (_, commands) in FACTS_FILES.items() for c in commands])
def test_damaged_card_facts_are_one_line_and_exit_2(capsys, data_copy, name, command, damage):
    card_db, _ = data_copy
    what, commands = FACTS_FILES[name]
    spoil, words = FACTS_DAMAGE[damage]
    spoil(card_db / name)
    assert_one_line_exit_2(capsys, commands[command], str(card_db / name), f"{what} {words}")


@pytest.mark.parametrize("command", ["validate", "rules", "stats", "meta"])
def test_a_missing_shipped_names_or_aliases_file_is_damage_not_english_only(capsys, data_copy, command):
    """A catalog folder of one's own may lack names.json and aliases.json; the shipped one may not: without them
    a Spanish deck and a known misspelling would read as unknown cards, and nothing would say why."""
    card_db, _ = data_copy
    for name, what in (("names.json", "card names"), ("aliases.json", "card aliases")):
        saved = (card_db / name).read_bytes()
        (card_db / name).unlink()
        catalog_module.load_catalog.cache_clear()
        assert_one_line_exit_2(capsys, CATALOG_COMMANDS[command], str(card_db / name), f"{what} missing")
        (card_db / name).write_bytes(saved)
    catalog_module.load_catalog.cache_clear()
    code, _, err = run_main(capsys, *CATALOG_COMMANDS[command])
    assert code in (0, 1) and "missing" not in err


def test_a_catalog_folder_of_ones_own_may_lack_the_optional_files(tmp_path):
    shutil.copy2(PROJECT / "card_db" / "cards.json", tmp_path / "cards.json")
    catalog = catalog_module.load_catalog_from(tmp_path)
    assert catalog.foreign_names() == {}
    assert combat_facts.load_combat_facts(tmp_path)["creatures"] == {}


@pytest.mark.parametrize("command", ["rules CODE"])
def test_a_missing_rule_doc_is_one_line_and_exit_2(capsys, monkeypatch, tmp_path, command):
    from deckcheck.rules import describe

    monkeypatch.setattr(describe, "doc_file", lambda code: tmp_path / f"{code}.md")
    assert_one_line_exit_2(capsys, CATALOG_COMMANDS[command], str(tmp_path / "copy-limit.md"),
                           "the doc of rule copy-limit missing")


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
