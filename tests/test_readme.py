"""The README tells the truth: its set-up commands are what CI runs, and its rule table matches the registry."""

from __future__ import annotations

import inspect
import re

from deckcheck.rules.engine import load_rule_modules
from deckcheck.rules.registry import RULES
from tests._shared import PROJECT

README = (PROJECT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_set_up_commands():
    set_up = README.split("## Set up", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.strip() for line in set_up.strip().splitlines()]
    assert commands == ["python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]'", "python -m pytest"]
    ci = (PROJECT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert all(command in ci for command in commands)
    assert "ruff check ." in ci


def test_rule_table_names_the_module_of_every_code():
    load_rule_modules()
    table = README.split("Every rule code lives in one module", 1)[1].split("\n\n", 2)[1]
    documented = {}
    for module, codes in re.findall(r"^\| `(\w+)\.py` \| (.+) \|$", table, flags=re.M):
        for code in re.findall(r"`([a-z-]+)`", codes):
            documented[code] = module
    actual = {code: inspect.getmodule(rule.check).__name__.rsplit(".", 1)[1] for code, rule in RULES.items()}
    assert documented == actual
