"""Every rule code has its doc (deckcheck/rules/docs/<code>.md): what it checks, why, an example deck that breaks
it and one that keeps it. The examples are fixtures, run here (as sqlfluff runs its rules' fixtures): the one
breaks the rule, the other keeps it. `deckcheck rules CODE` shows the page; its JSON matches its schema."""

from __future__ import annotations

import json

import jsonschema
import pytest

from deckcheck.cli import main
from deckcheck.datafiles import schema_path
from deckcheck.rules.describe import doc_file, judge_example, read_doc, rule_table
from deckcheck.rules.engine import load_rule_modules
from deckcheck.rules.registry import RULES
from deckcheck.rules.ruleset import RULESET_NAMES

load_rule_modules()
CODES = sorted(RULES)


def test_every_code_has_a_doc_and_every_doc_a_code():
    docs = {path.name.removesuffix(".md") for path in doc_file("x").parent.iterdir() if path.name.endswith(".md")}
    assert docs == set(CODES)


@pytest.mark.parametrize("code", CODES)
def test_the_doc_says_what_and_why(code):
    doc = read_doc(code)
    assert len(doc["what"]) > 40 and len(doc["why"]) > 40
    # an ICE ruleset's example where the rule applies under one; else the ruleset's that has it (dream-share)
    ice = [row for row in rule_table(code) if row["ruleset"] in ("coe", "rulebook") and row["applies"]]
    assert doc["breaks"]["ruleset"] in (("coe", "rulebook") if ice else RULESET_NAMES) and doc["breaks"]["alignment"]


@pytest.mark.parametrize("code", CODES)
def test_the_example_that_breaks_it_breaks_it(code):
    example = read_doc(code)["breaks"]
    found = judge_example(code, example)
    assert found, f"{code}'s example that breaks it brings no {code} violation"
    assert all(v.citation.startswith(example["ruleset"]) for v in found)


@pytest.mark.parametrize("code", CODES)
def test_the_example_that_keeps_it_keeps_it(code):
    assert judge_example(code, read_doc(code)["keeps"]) == []


@pytest.mark.parametrize("code", CODES)
def test_every_ruleset_row_of_a_rule_that_applies_has_a_citation_and_a_severity(code):
    for row in rule_table(code):
        if row["applies"]:
            assert row["citation"].startswith(row["ruleset"]) and row["severity"]
        else:
            assert row["citation"] == "" and row["numbers"] == ""


class Result:
    def __init__(self, capsys, argv):
        try:
            main(list(argv))
            self.exit_code = 0
        except SystemExit as exited:
            self.exit_code = exited.code
        self.stdout, self.stderr = capsys.readouterr()
        self.output = self.stdout + self.stderr


@pytest.fixture
def run(capsys):
    return lambda *argv: Result(capsys, argv)


def test_rules_code_shows_the_page(run):
    result = run("rules", "unique-limit")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for heading in ("What it checks", "Why", "Breaks it (coe rules, wizard deck)", "Keeps it (coe rules, wizard deck)",
                    "Under each ruleset and alignment"):
        assert f"\n{heading}\n" in out
    assert "  → error unique-limit: 2 copies of Glorfindel II [H] (unique) (in pool, sideboard); the limit is 1" in out
    assert "  → no unique-limit violation" in out
    assert "doc deckcheck/rules/docs/unique-limit.md" in out and "checked in deckcheck/rules/copies.py" in out
    # every ruleset and alignment, with the borrowed cases and why
    assert out.count("citation: ") >= 7
    assert "by analogy (unique-limit/manifestation): MELE's \"Manifestations\" rules" in out


def test_rules_code_narrowed_to_one_ruleset_and_alignment(run):
    result = run("rules", "avatar-limit", "--rules", "rulebook", "--alignment", "wizard")
    assert result.exit_code == 0
    table = result.stdout.split("Under each ruleset and alignment\n", 1)[1]
    assert table.startswith("  rulebook wizard        warning, by analogy")
    assert "coe " not in table and "ringwraith" not in table


def test_rules_code_as_json_matches_its_schema(run):
    result = run("rules", "stage-playable", "--output", "json")
    assert result.exit_code == 0
    page = json.loads(result.stdout)
    schema = json.loads(schema_path("rule").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(page, schema)
    assert page["schema"] == "deckcheck/rule/1" and page["code"] == "stage-playable"
    assert page["examples"]["breaks"]["violations"][0]["citation"] == "coe 1.9.F4, 1.10.F1"
    assert page["examples"]["keeps"]["violations"] == []
    coe_fw = next(r for r in page["rulesets"] if (r["ruleset"], r["alignment"]) == ("coe", "fallen-wizard"))
    assert coe_fw["applies"] and coe_fw["cases"] == {"site": "coe 1.9.F4, 1.10.F1"}


def test_an_unknown_code_is_one_line_with_a_suggestion(run):
    result = run("rules", "unique-limt")
    assert result.exit_code == 2
    assert "no rule 'unique-limt'; did you mean unique-limit?" in result.stderr


def test_a_code_is_found_whatever_its_case_and_a_part_of_one_suggests_the_codes_holding_it(run):
    assert run("rules", "UNIQUE-LIMIT").stdout.startswith("unique-limit: ")
    result = run("rules", "stage")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "deckcheck: no rule 'stage'; did you mean stage-playable, stage-points?\n"
    nothing_near = run("rules", "NOPE")
    assert nothing_near.exit_code == 2 and len(nothing_near.stderr.splitlines()) == 1
    assert "the codes: agent-mind, " in nothing_near.stderr


@pytest.mark.parametrize("code", CODES)
def test_every_rule_page_as_json_matches_its_schema(code, run):
    schema = json.loads(schema_path("rule").read_text(encoding="utf-8"))
    result = run("rules", code, "--output", "json")
    assert result.exit_code == 0
    jsonschema.validate(json.loads(result.stdout), schema)
