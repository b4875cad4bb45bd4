"""Test-wide settings. Under CI, property-based tests run a fixed sequence of examples (derandomized), so a
submission's verdict does not depend on the luck of the draw; locally they explore new examples every run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
# More examples on demand, to look harder than a test run does: pytest --hypothesis-profile=thorough
# (HYPOTHESIS_EXAMPLES=N for N examples per test instead of 2,000). tests/_shared.examples() lets it through.
settings.register_profile("thorough", deadline=None, print_blob=True,
                          max_examples=int(os.environ.get("HYPOTHESIS_EXAMPLES", "2000")))
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def no_user_settings(monkeypatch, tmp_path_factory):
    """Every test sees deckcheck's built-in settings: no DECKCHECK_* variable and no user config file of the
    machine it runs on (subprocesses inherit this environment too)."""
    for name in [n for n in os.environ if n.startswith("DECKCHECK_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("user-config")))


# Test modules that play or read the whole corpus, start clusters, browsers, LibreOffice or many processes, or explore
# many generated examples: `python -m pytest -m "not slow"` leaves them out for a fast loop; CI runs everything.
SLOW_MODULES = frozenset({
    "test_simulate_corpus", "test_duel_corpus", "test_sim_characterization", "test_decklist_corpus",
    "test_corpus_verdicts", "test_corpus_resolution", "test_stats_real", "test_fuzz", "test_decklist_hypothesis",
    "test_batch_e2e", "test_matchups_cluster", "test_browser", "test_startup_equivalence", "test_rules_matrix",
    "test_meta", "test_printouts",
})
# Single tests as long (measured with --durations): a wheel built, clusters started, every worker count tried.
SLOW_TESTS = frozenset({
    "test_the_wheel_ships_every_data_file", "test_local_cluster_of_two_workers_gives_the_single_process_result",
    "test_an_existing_scheduler_gives_the_same_result", "test_same_seed_same_report_whatever_the_workers",
    "test_cli_matchups_in_process_and_bad_input",
    "test_the_hand_check_agrees_with_the_schema_wherever_the_reader_looks",
})


# And single tests of the other modules measured over 1 CPU-second each (benchmarks/bench_tests.py prints them).
MEASURED_SLOW = Path(__file__).with_name("slow_tests.txt")


def measured_slow() -> frozenset[str]:
    """`module.py::test` of every line of slow_tests.txt but comments and blank lines."""
    lines = MEASURED_SLOW.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def pytest_collection_modifyitems(config, items):
    measured = measured_slow()
    for item in items:
        module = item.module.__name__.rsplit(".", 1)[-1] if item.module is not None else ""
        name = item.name.split("[", 1)[0]
        if module in SLOW_MODULES or name in SLOW_TESTS or "every_real_deck" in name \
                or f"{module}.py::{name}" in measured:
            item.add_marker(pytest.mark.slow)
