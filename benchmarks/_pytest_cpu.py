"""A pytest plugin for benchmarks/bench_tests.py: the CPU seconds of each test (this process's and those of the
processes it started and waited for), written to $DECKCHECK_TEST_CPU as `seconds<TAB>node id` lines."""

from __future__ import annotations

import os
import resource

import pytest

_rows: list[tuple[float, str]] = []


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    started = _cpu()
    yield
    _rows.append((_cpu() - started, item.nodeid))


def pytest_sessionfinish(session, exitstatus):
    with open(os.environ["DECKCHECK_TEST_CPU"], "w", encoding="utf-8") as out:
        out.writelines(f"{seconds:.3f}\t{nodeid}\n" for seconds, nodeid in sorted(_rows, reverse=True))
