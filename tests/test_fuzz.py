"""Fuzzing every deck command and `batch` through the real main(): no traceback, no internal error, no hang,
an exit code of 0, 1 or 2 -- whatever the decklists and registration sheets hold (tests/fixtures/fuzz.py).

Under CI the examples are derandomized (tests/conftest.py), so a run's verdict does not depend on luck;
benchmarks/fuzz_commands.py runs the same cases for as long as it is told (the issue's 10 minutes).
"""

from __future__ import annotations

import random
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fixtures import fuzz

CASES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def names() -> list[str]:
    return fuzz.card_names()


@CASES
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_no_command_ends_in_a_traceback_or_a_hang(seed):
    with tempfile.TemporaryDirectory(prefix="deckcheck-fuzz-") as folder:
        case = fuzz.draw_case(random.Random(seed), Path(folder), names())
        outcome = fuzz.run_case(case, limit=60)
    assert outcome.ok, (outcome.problem, case.argv, outcome.stderr[-2000:])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_same_cases_in_a_process_of_their_own(seed):
    """Real streams, real signals, the installed entry point: a few cases, as the command runs them."""
    with tempfile.TemporaryDirectory(prefix="deckcheck-fuzz-") as folder:
        case = fuzz.draw_case(random.Random(seed), Path(folder), names())
        outcome = fuzz.run_case_in_process_of_its_own(case, Path(folder), limit=120)
    assert outcome.ok, (outcome.problem, case.argv, outcome.stderr[-2000:])


def test_a_hang_and_a_traceback_are_caught_as_such(monkeypatch):
    """The harness itself: a command that never answers is a hang, one that raises is a traceback."""
    import deckcheck.cli as cli

    def sleeps(*_args, **_kw):
        import time

        time.sleep(5)

    def raises(*_args, **_kw):
        raise KeyError("boom")

    monkeypatch.setattr(cli, "main", sleeps)
    assert fuzz.run_case(fuzz.Case(["validate", "x"]), limit=0.2).problem.startswith("hang")
    monkeypatch.setattr(cli, "main", raises)
    assert fuzz.run_case(fuzz.Case(["validate", "x"])).problem.startswith("traceback: KeyError")


def test_every_json_output_is_checked_against_the_schema_it_names(tmp_path):
    """The harness checks each JSON report (stdout, -o files) against its shipped schema and counts the checks:
    real ones fit, one with a field of the wrong type does not, a text report is not counted."""
    import json

    legal = str(Path(__file__).resolve().parents[1] / "examples" / "wizard-legal.meccg")
    on_stdout = fuzz.run_case(fuzz.Case(["validate", legal, "--output", "json"]))
    in_file = fuzz.run_case(fuzz.Case(["stats", legal, "--output", "json", "-o", str(tmp_path / "s.json")]))
    for fitting in (on_stdout, in_file):
        assert fitting.ok and fitting.code == 0 and fitting.json_checked == 1, (fitting.problem, fitting.stderr)
    document = json.loads(on_stdout.stdout)
    document["decks"][0]["legal"] = "yes"
    broken = fuzz.Outcome(command="validate", argv=[], code=0, stdout=json.dumps(document))
    fuzz.classify(broken)
    assert broken.problem.startswith("schema: deckcheck/validate/1 at decks/0/legal: 'yes' is not of type"), \
        broken.problem
    text = fuzz.run_case(fuzz.Case(["validate", legal]))
    assert text.ok and text.code == 0 and text.json_checked == 0
    tally = fuzz.Tally()
    for outcome in (on_stdout, in_file, broken, text):
        tally.add(outcome)
    assert (tally.json_checked, tally.schema) == (3, 1)
