"""Make the rulesets' JSON forms: `rulesets/<ruleset>/<alignment>.toml.json` beside each TOML file.

A form holds the TOML's data, the TOML's text and the text of the schema.json it was checked against
(ruleset.py uses it only while both texts are still exactly those). Run after editing a ruleset:

    python -m deckcheck.rules.forms

A form left stale is never wrong (the TOML is parsed instead), only slower; tests/test_ruleset_forms.py says so.
"""

from __future__ import annotations

import sys

from deckcheck.datafiles import read_text, toml_form, toml_form_path
from deckcheck.errors import DataError
from deckcheck.fileio import atomic_write_text
from deckcheck.rules.ruleset import ALIGNMENTS, RULESET_NAMES, SCHEMA_PATH, ruleset_path, schema_problems


def ruleset_files() -> list:
    """Every shipped ruleset TOML file, a pathlib.Path."""
    from pathlib import Path

    return [path for ruleset in RULESET_NAMES for alignment in ALIGNMENTS
            if (path := Path(ruleset_path(ruleset, alignment))).is_file()]


def form_of(path) -> str:
    """The JSON form of one ruleset file, checked against the schema first (a file that breaks it gets none)."""
    import tomllib

    text = read_text(path, "ruleset file")
    problems = schema_problems(tomllib.loads(text))
    if problems:
        raise DataError(f"ruleset file breaks rulesets/schema.json: {problems[0]}", str(path))
    return toml_form(text, schema=read_text(SCHEMA_PATH, "ruleset schema"))


def write_forms() -> list:
    """Write the form of every ruleset file whose form is missing or differs; the paths written."""
    written = []
    for path in ruleset_files():
        form, target = form_of(path), toml_form_path(path)
        if not target.is_file() or target.read_text(encoding="utf-8") != form:
            atomic_write_text(target, form)
            written.append(target)
    return written


if __name__ == "__main__":
    for target in write_forms():
        print(f"wrote {target}", file=sys.stderr)
