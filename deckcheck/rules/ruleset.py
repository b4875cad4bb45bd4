"""Ruleset data: `rulesets/<ruleset>/<alignment>.toml`, checked against `rulesets/schema.json`.

The files hold the numbers, lists and switches; the rule modules hold the logic. A file is read and checked
once per process (cached); a broken file is an input error naming the file, never a traceback.

Each TOML file has a JSON form beside it (`wizard.toml.json`, made by `python -m deckcheck.rules.forms`), read
instead of parsing the TOML when it holds exactly the TOML's text, and not checked again when it was checked
against exactly the schema.json there is now; otherwise the TOML is parsed and checked as it always was.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from deckcheck.datafiles import data_folder, data_path, is_file, read_json, read_text, read_toml_form
from deckcheck.errors import DataError, DeckcheckError

# rulesets/ at the top of the repository, shipped as package data: its str path (or a Traversable, zipimport);
# join with datafiles.data_path, or pathlib.Path(RULESETS_DIR) where a Path is wanted
RULESETS_DIR = data_folder("rulesets")
SCHEMA_PATH = data_path(RULESETS_DIR, "schema.json")

RULESET_NAMES = ("rulebook", "coe", "dreamcards", "sealed", "meccg-online", "dc-cube")
# The sealed events: the deck is built from the pool handed out (validate --collection).
SEALED_RULESET_NAMES = ("sealed", "dc-cube")
# The rulesets of the ICE card pool: an illegal deck is tried under the other of them (note_other_ruleset), and
# --all-formats tries them all. dreamcards (GCCG's Dream Cards formats) plays the dreamcards pool.
ICE_RULESET_NAMES = ("rulebook", "coe")
# The Council of Elrond's rules: what tournaments and online play use today. The printed rulebooks call 107 of
# the 133 real decks of ../shared they can judge illegal; coe 38 of 145 (benchmarks/corpus_verdicts.py).
DEFAULT_RULESET = "coe"
# The alignments of the ICE rulesets, and the Lords only the dreamcards ruleset has formats for (GCCG's
# "2-deck Elf-lord/Dwarf-lord/Dragon-lord (D)").
ICE_ALIGNMENTS = ("wizard", "ringwraith", "fallen-wizard", "balrog")
LORD_ALIGNMENTS = ("elf-lord", "dwarf-lord", "dragon-lord")
ALIGNMENTS = ICE_ALIGNMENTS + LORD_ALIGNMENTS


def pool_of(ruleset: str) -> str:
    """The card pool a ruleset plays (its files' meta.pool): ice for rulebook and coe, read from the data for the
    others (a deck judged by them is read under that pool)."""
    if ruleset in ICE_RULESET_NAMES or ruleset not in RULESET_NAMES:
        return "ice"
    return load_ruleset(ruleset, available(ruleset)[0])["meta"].get("pool", "ice")


def ruleset_path(ruleset: str, alignment: str):
    """rulesets/<ruleset>/<alignment>.toml: a str path (or a Traversable)."""
    return data_path(RULESETS_DIR, ruleset, f"{alignment}.toml")


def available(ruleset: str) -> list[str]:
    """The alignments a ruleset has a file for, in the usual order (rulebook has no Balrog).

    A ruleset with no file at all is a damaged installation, not a ruleset that covers nothing."""
    covered = [a for a in ALIGNMENTS if is_file(ruleset_path(ruleset, a))]
    if not covered:
        raise DataError("the ruleset's files are missing: deckcheck's installation is incomplete or damaged; "
                             "reinstall it", str(data_path(RULESETS_DIR, ruleset)))
    return covered


@cache
def load_schema() -> dict:
    return read_json(SCHEMA_PATH, "ruleset schema")


@cache
def load_ruleset(ruleset: str, alignment: str) -> dict[str, Any]:
    """The validated data of one ruleset for one alignment.

    Raises DeckcheckError for an unknown ruleset, an alignment the ruleset does not cover (rulebook Balrog),
    or a file that is not valid TOML or breaks the schema.
    """
    if ruleset not in RULESET_NAMES:
        raise DeckcheckError(f"unknown ruleset {ruleset!r}; choose one of {', '.join(RULESET_NAMES)}")
    if alignment not in ALIGNMENTS:
        raise DeckcheckError(f"unknown alignment {alignment!r}; choose one of {', '.join(ALIGNMENTS)}")
    path = ruleset_path(ruleset, alignment)
    if not is_file(path):
        covered = ", ".join(available(ruleset)) or "none"
        other = "dreamcards" if alignment in LORD_ALIGNMENTS else "coe"
        raise DeckcheckError(
            f"the {ruleset} ruleset has no rules for a {alignment} deck (it covers: {covered}); "
            f"use --rules {other} for a {alignment} deck")
    data, form = read_toml_form(path, "ruleset file")
    problems = [] if form is not None and _checked_against_this_schema(form) else schema_problems(data)
    if problems:
        raise DataError(f"ruleset file breaks rulesets/schema.json: {problems[0]}", str(path))
    meta = data["meta"]
    if (meta["ruleset"], meta["alignment"]) != (ruleset, alignment):
        raise DataError(f"ruleset file says it is {meta['ruleset']}/{meta['alignment']}", str(path))
    return data


def _checked_against_this_schema(form: dict) -> bool:
    """The JSON form was checked, when it was made, against a schema.json of the very text there is now (the
    check is deterministic: it would find the same nothing again)."""
    checked = form.get("checked")
    return isinstance(checked, dict) and checked.get("schema") == read_text(SCHEMA_PATH, "ruleset schema")


def schema_problems(data: dict) -> list[str]:
    """Schema violations of ruleset data, as readable lines (empty when valid).

    A small validator for the JSON-schema keywords schema.json uses, so that a run does not pay for
    importing jsonschema (~0.1-0.2 s of a 0.3 s budget); the tests check the files with jsonschema itself."""
    import re

    schema = load_schema()
    problems: list[str] = []
    try:
        _check(data, schema, schema, "", problems)
    except (KeyError, TypeError, AttributeError, IndexError, re.error) as exc:
        # schema.json itself is damaged (an unknown type, a $ref to nothing): say which file, not a traceback
        raise DataError(f"ruleset schema cannot be applied ({type(exc).__name__}: {exc}); deckcheck's "
                        "installation is incomplete or damaged; reinstall it", str(SCHEMA_PATH)) from None
    return problems


_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool}


def _is_type(value, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, _TYPES[name])


def _check(value, rule: dict, root: dict, where: str, problems: list[str]) -> None:
    """Append a line to `problems` for each way `value` breaks `rule` (the subset schema.json uses)."""
    import re

    at = where or "(top)"
    if "$ref" in rule:
        target = root
        for key in rule["$ref"].lstrip("#/").split("/"):
            target = target[key]
        _check(value, target, root, where, problems)
    if "type" in rule and not _is_type(value, rule["type"]):
        problems.append(f"{at}: {value!r} is not of type {rule['type']!r}")
        return
    if "enum" in rule and value not in rule["enum"]:
        problems.append(f"{at}: {value!r} is not one of {rule['enum']}")
    if "minimum" in rule and isinstance(value, int) and value < rule["minimum"]:
        problems.append(f"{at}: {value} is less than the minimum of {rule['minimum']}")
    if "minLength" in rule and isinstance(value, str) and len(value) < rule["minLength"]:
        problems.append(f"{at}: {value!r} is too short")
    if "pattern" in rule and isinstance(value, str) and not re.search(rule["pattern"], value):
        problems.append(f"{at}: {value!r} does not match {rule['pattern']!r}")
    if isinstance(value, list):
        if len(value) < rule.get("minItems", 0):
            problems.append(f"{at}: {value!r} is too short")
        if "maxItems" in rule and len(value) > rule["maxItems"]:
            problems.append(f"{at}: {value!r} is too long")
        if rule.get("uniqueItems") and len({repr(v) for v in value}) != len(value):
            problems.append(f"{at}: {value!r} has non-unique elements")
        for i, item in enumerate(value):
            if "items" in rule:
                _check(item, rule["items"], root, f"{where}/{i}", problems)
    if isinstance(value, dict):
        for key in rule.get("required", []):
            if key not in value:
                problems.append(f"{at}: {key!r} is a required property")
        properties = rule.get("properties", {})
        for key, item in value.items():
            if "propertyNames" in rule:
                _check(key, rule["propertyNames"], root, f"{where}/{key}", problems)
            if key in properties:
                _check(item, properties[key], root, f"{where}/{key}", problems)
            elif rule.get("additionalProperties") is False:
                problems.append(f"{at}: additional property {key!r} is not allowed")
            elif isinstance(rule.get("additionalProperties"), dict):
                _check(item, rule["additionalProperties"], root, f"{where}/{key}", problems)
