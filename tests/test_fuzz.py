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
