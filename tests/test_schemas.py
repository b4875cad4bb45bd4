"""Every JSON document deckcheck prints carries "schema": "deckcheck/<kind>/<version>", and real outputs validate
against the JSON Schema shipped for that kind in deckcheck/schemas/<kind>.schema.json.

A new JSON output adds its schema file and a line to OUTPUTS; the last tests fail until it does.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import click
import jsonschema
import pytest

from deckcheck.cli import cli
from deckcheck.datafiles import schema_path
from tests._shared import DECKS, PROJECT, corpus_files, needs_decks, run_main

EXAMPLES = PROJECT / "examples"
EXAMPLE_DECKS = sorted(str(p) for p in EXAMPLES.glob("*.meccg"))
NOT_BALROG = [d for d in EXAMPLE_DECKS if "balrog" not in d]        # the rulebook has no Balrog rules
WIZARD = str(EXAMPLES / "wizard-legal.meccg")
RINGWRAITH = str(EXAMPLES / "ringwraith-legal.meccg")
SCHEMA_FILES = sorted(p.name for p in resources.files("deckcheck").joinpath("schemas").iterdir()
                      if p.name.endswith(".schema.json"))

# kind -> command lines whose stdout is a document of that kind (real decks, real registrations).
OUTPUTS = {
    "validate": [["validate", "--output", "json", *EXAMPLE_DECKS],
                 ["validate", "--rules", "rulebook", "--output", "json", *NOT_BALROG],
                 ["validate", "--output", "json", "--length", "4", "--explain",
                  str(EXAMPLES / "wizard-illegal.meccg")]],
    "rules": [["rules", "--output", "json"], ["rules", "--rules", "rulebook", "--output", "json"]],
    "rule": [["rules", "copy-limit", "--output", "json"]],
    "batch": [["batch", str(EXAMPLES / "registrations.xlsx"), "--output", "json"],
              ["batch", str(EXAMPLES / "registrations.csv")]],
    "odds": [["odds", WIZARD, "--output", "json"],
             ["odds", WIZARD, "--card", "Gandalf", "--group", "dwarves=Bifur,Bofur", "--output", "json"],
             ["odds", WIZARD, "--karsten", "--games", "20", "--output", "json"]],
    "hand": [["hand", WIZARD, "--seed", "2", "--turns", "3", "--output", "json"],
             ["hand", WIZARD, "--seed", "5", "--turns", "2", "--hazards", "heavy", "--output", "json"]],
    "stats": [["stats", deck, "--output", "json"] for deck in EXAMPLE_DECKS],
    "cards": [["cards", "show", "Gandalf", "--output", "json"],
              ["cards", "search", "--subtype", "faction", "--race", "dwarf", "--output", "json"]],
    "deck": [["show", "--output", "json", deck] for deck in EXAMPLE_DECKS] + [["convert", WIZARD, "--to", "json"]],
    "simulate": [["simulate", WIZARD, "--games", "20", "--output", "json"],
                 ["simulate", WIZARD, "--games", "20", "--hazards", "heavy", "--output", "json"],
                 ["simulate", WIZARD, "--against", RINGWRAITH, "--games", "6", "--output", "json"],
                 ["simulate", WIZARD, "--against", RINGWRAITH, "--both", "--games", "6", "--output", "json"],
                 ["simulate", WIZARD, "--games", "6", "--check", "--output", "json"],
                 ["simulate", WIZARD, "--against", RINGWRAITH, "--both", "--games", "3", "--check", "--output",
                  "json"]],
    "trace": [["simulate", WIZARD, "--trace", "2", "--seed", "1", "--hazards", "heavy", "--output", "json"],
              ["simulate", WIZARD, "--against", RINGWRAITH, "--trace", "1", "--output", "json"],
              ["simulate", WIZARD, "--against", RINGWRAITH, "--both", "--trace", "1", "--output", "json"]],
    "whatif": [["simulate", WIZARD, "--games", "6", "--turns", "4", "--swap", "Dodge=Dodge", "--swap",
                "2 Block=Glamdring", "--output", "json"],
               ["simulate", WIZARD, "--games", "4", "--turns", "3", "--variant", str(EXAMPLES / "wizard-illegal.meccg"),
                "--against", RINGWRAITH, "--both", "--output", "json"]],
    "contributions": [["simulate", WIZARD, "--games", "8", "--turns", "5", "--cards", "--output", "json"],
                      ["simulate", WIZARD, "--games", "6", "--turns", "4", "--cards", "--against", RINGWRAITH,
                       "--output", "json"],
                      ["simulate", WIZARD, "--games", "6", "--turns", "4", "--cards", "--against", RINGWRAITH,
                       "--both", "--output", "json"]],
    "drafts": [["simulate", WIZARD, "--games", "4", "--turns", "3", "--drafts", "--output", "json"]],
    "diff": [["diff", WIZARD, str(EXAMPLES / "wizard-illegal.meccg"), "--output", "json"]],
    "meta": [["meta", str(EXAMPLES), "--output", "json"]],
    "matchups": [["matchups", WIZARD, RINGWRAITH, "--games", "2", "--jobs", "1", "--output", "json"],
                 ["matchups", RINGWRAITH, str(EXAMPLES / "balrog-legal.meccg"), "--one", WIZARD, "--games", "2",
                  "--jobs", "1", "--output", "json"]],
}


@cache
def schema(kind: str) -> dict:
    return json.loads(schema_path(kind).read_text(encoding="utf-8"))


def document(capsys, argv) -> dict:
    code, out, err = run_main(capsys, *argv)
    assert code in (0, 1), err
    return json.loads(out)


def check(doc: dict, kind: str) -> None:
    assert doc["schema"] == schema(kind)["$id"] == f"deckcheck/{kind}/{doc['schema'].rsplit('/', 1)[1]}"
    jsonschema.Draft202012Validator(schema(kind)).validate(doc)


@pytest.mark.parametrize("name", SCHEMA_FILES)
def test_every_shipped_schema_is_a_schema_of_its_kind(name):
    kind = name.removesuffix(".schema.json")
    found = schema(kind)
    jsonschema.Draft202012Validator.check_schema(found)
    assert found["$id"].startswith(f"deckcheck/{kind}/") and found["$id"].rsplit("/", 1)[1].isdigit()
    assert found["properties"]["schema"] == {"const": found["$id"]}
    if kind != "deck":      # the deck format is read too, and files older than the key read the same
        assert "schema" in found["required"]


@pytest.mark.parametrize("kind, argv", [(k, a) for k, runs in OUTPUTS.items() for a in runs],
                         ids=lambda v: v if isinstance(v, str) else " ".join(v[:2]))
def test_real_outputs_fit_their_schema(capsys, kind, argv):
    check(document(capsys, argv), kind)


# kind -> a command line that writes a document of that kind to the file given after -o (the suffix picks JSON).
FILE_OUTPUTS = {
    "stats": ["stats", WIZARD],
    "batch": ["batch", str(EXAMPLES / "registrations.csv")],
    "meta": ["meta", str(EXAMPLES), "--validate"],
    "matchups": ["matchups", WIZARD, RINGWRAITH, "--games", "2", "--jobs", "1"],
    "deck": ["convert", WIZARD],
}


@pytest.mark.parametrize("kind", FILE_OUTPUTS)
def test_json_files_written_with_o_fit_their_schema(capsys, tmp_path, kind):
    target = tmp_path / f"{kind}.json"
    code, _, err = run_main(capsys, *FILE_OUTPUTS[kind], "-o", str(target))
    assert code in (0, 1), err
    check(json.loads(target.read_text(encoding="utf-8")), kind)


@needs_decks
@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_the_real_corpus_fits_the_validate_and_stats_schemas(capsys, ruleset):
    decks = [str(p) for p in corpus_files()][::5]            # every fifth real deck: some 30, every format
    code, out, _ = run_main(capsys, "validate", "--rules", ruleset, "--output", "json", *decks)
    check(json.loads(out), "validate")
    for deck in decks[::3]:
        code, out, _ = run_main(capsys, "stats", deck, "--output", "json")
        if code == 0:
            check(json.loads(out), "stats")


@needs_decks
def test_a_real_field_fits_the_batch_schema(capsys, tmp_path):
    import csv

    challenge = sorted((DECKS / "council-of-rivendell" / "Challenge Decks").iterdir())
    with open(tmp_path / "reg.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["player", "deck"])
        for i, deck in enumerate(challenge):
            writer.writerow([f"Player {i}", deck.read_text(encoding="utf-8", errors="replace")])
    check(document(capsys, ["batch", str(tmp_path / "reg.csv")]), "batch")


def test_every_schema_is_checked_against_real_output():
    assert {name.removesuffix(".schema.json") for name in SCHEMA_FILES} == set(OUTPUTS)


def test_every_json_output_is_listed():
    """Each command that can print JSON appears in OUTPUTS (a new one: add its schema and its line)."""
    ctx = click.Context(cli)
    covered = {" ".join(argv[:2]) if argv[0] == "cards" else argv[0] for runs in OUTPUTS.values() for argv in runs}
    can_print_json = set()
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        subcommands = ([(f"{name} {sub}", command.get_command(ctx, sub)) for sub in command.list_commands(ctx)]
                       if isinstance(command, click.Group) else [(name, command)])
        for full, sub in subcommands:
            for option in sub.params:
                choices = getattr(option.type, "choices", ())
                if option.name in ("output", "to_format", "output_format") and "json" in choices:
                    can_print_json.add(full)
    assert can_print_json - covered == set()


def test_the_readme_lists_every_schema():
    import re

    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Machine output: JSON and its schemas", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `(deckcheck/[a-z]+/\d+)` \|", table, flags=re.M))
    assert listed == {schema(name.removesuffix(".schema.json"))["$id"] for name in SCHEMA_FILES}
