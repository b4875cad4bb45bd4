"""Ruleset data: `rulesets/<ruleset>/<alignment>.toml`, checked against `rulesets/schema.json`.

The files hold the numbers, lists and switches; the rule modules hold the logic. A file is read and checked
once per process (cached); a broken file is an input error naming the file, never a traceback.
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from deckcheck.errors import DeckcheckError

RULESETS_DIR = Path(__file__).resolve().parents[2] / "rulesets"
SCHEMA_PATH = RULESETS_DIR / "schema.json"

RULESET_NAMES = ("rulebook", "coe")
ALIGNMENTS = ("wizard", "ringwraith", "fallen-wizard", "balrog")


def ruleset_path(ruleset: str, alignment: str) -> Path:
    return RULESETS_DIR / ruleset / f"{alignment}.toml"


def available(ruleset: str) -> list[str]:
    """The alignments a ruleset has a file for, in the usual order (rulebook has no Balrog)."""
    return [a for a in ALIGNMENTS if ruleset_path(ruleset, a).is_file()]


@cache
def load_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


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
    if not path.is_file():
        covered = ", ".join(available(ruleset)) or "none"
        raise DeckcheckError(
            f"the {ruleset} ruleset has no rules for a {alignment} deck (it covers: {covered}); "
            f"use --rules coe for a {alignment} deck")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DeckcheckError(f"ruleset file is not valid TOML: {exc}", str(path)) from None
    problems = schema_problems(data)
    if problems:
        raise DeckcheckError(f"ruleset file breaks rulesets/schema.json: {problems[0]}", str(path))
    meta = data["meta"]
    if (meta["ruleset"], meta["alignment"]) != (ruleset, alignment):
        raise DeckcheckError(f"ruleset file says it is {meta['ruleset']}/{meta['alignment']}", str(path))
    return data


def schema_problems(data: dict) -> list[str]:
    """Schema violations of ruleset data, as readable lines (empty when valid)."""
    import jsonschema  # imported here: only loading a ruleset needs it

    validator = jsonschema.Draft202012Validator(load_schema())
    return [f"{'/'.join(str(p) for p in err.absolute_path) or '(top)'}: {err.message}"
            for err in sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))]
