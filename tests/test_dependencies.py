"""Every dependency earns its place (issue #12): each package of install_requires is imported by the code for
the work it is best at, Dask only from the `cluster` extra, and no command loads a heavy library it does not
use -- validate least of all (benchmarks/bench_startup.py times it)."""

from __future__ import annotations

import ast
import configparser
import re
import subprocess
import sys

import pytest

from tests._shared import PROJECT
from tests.test_conventions import RUNNABLE

PACKAGE = PROJECT / "deckcheck"
# import name -> the modules that may import it, and what for.
USES = {
    "click": ("the command line", None),
    "jsonschema": ("checking documents against deckcheck's JSON Schemas: the importers' output, a deck file "
                   "with convert --check", {"deckcheck.cards.importer", "deckcheck.cards.languages",
                                            "deckcheck.cards.play_import", "deckcheck.datafiles",
                                            "deckcheck.decklist.native"}),
    "pandas": ("the metagame's tables: counts, group-bys, pivots over every card of every deck",
               {"deckcheck.analysis.meta"}),
    "openpyxl": ("writing workbooks (stats, batch, meta, matchups) and Excel's date formats when reading one",
                 {"deckcheck.report.stats_xlsx", "deckcheck.report.batch_results", "deckcheck.report.meta_report",
                  "deckcheck.report.matchups_report", "deckcheck.batch.sheets", "deckcheck.report.xlsx_stream",
                  "deckcheck.report.print_layout"}),
    "lxml": ("the XML under openpyxl's workbooks (written in C, not openpyxl's pure-Python writer)",
             {"deckcheck.report.xlsx_stream"}),
    "dask": ("matchups on a cluster (--jobs N, --scheduler)", {"deckcheck.sim.matchups"}),
    "distributed": ("the same (and the probe of a --scheduler, which speaks Dask's comm protocol)",
                    {"deckcheck.report.matchups_report", "deckcheck.sim.matchups"}),
}
HEAVY = {"pandas", "numpy", "openpyxl", "lxml", "jsonschema", "dask", "distributed"}
# The heavy libraries each command of tests.test_conventions.RUNNABLE may load; every other: none.
MAY_LOAD = {"meta": {"pandas", "numpy"}}


def requirement_names(text: str) -> set[str]:
    return {re.split(r"[<>=!~\[; ]", line.strip(), maxsplit=1)[0].lower() for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#")}


def setup_cfg() -> configparser.ConfigParser:
    config = configparser.ConfigParser()
    config.read(PROJECT / "setup.cfg", encoding="utf-8")
    return config


def importers() -> dict[str, set[str]]:
    """Top-level package -> the deckcheck modules that import it (anywhere in the module)."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(PROJECT).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else []
            for name in names:
                found.setdefault(name.split(".")[0], set()).add(module)
    return found


def test_every_install_requirement_is_imported_where_it_does_its_work():
    required = requirement_names(setup_cfg()["options"]["install_requires"])
    assert required == {"click", "jsonschema", "pandas", "openpyxl", "lxml"}
    used = importers()
    for name in required:
        assert used.get(name), f"{name} is in install_requires but nothing imports it"
        allowed = USES[name][1]
        if allowed is not None:
            assert used[name] <= allowed, f"{name} imported by {sorted(used[name] - allowed)}"


def test_dask_is_only_in_the_cluster_extra_and_only_where_matchups_runs_on_it():
    config = setup_cfg()
    assert "distributed" not in requirement_names(config["options"]["install_requires"])
    assert requirement_names(config["options.extras_require"]["cluster"]) == {"distributed"}
    used = importers()
    assert used.get("dask", set()) <= USES["dask"][1] and used.get("distributed", set()) <= USES["distributed"][1]


@pytest.mark.parametrize("name", sorted(RUNNABLE))
def test_each_command_loads_only_the_heavy_libraries_it_uses(name):
    probe = ("import sys\nfrom deckcheck.cli import main\n"
             f"try:\n    main({RUNNABLE[name]!r})\nexcept SystemExit:\n    pass\n"
             f"print('HEAVY', sorted({{m.split('.')[0] for m in sys.modules}} & set({sorted(HEAVY)!r})), "
             "file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=PROJECT, timeout=300)
    line = next(line for line in result.stderr.splitlines() if line.startswith("HEAVY "))
    assert line == f"HEAVY {sorted(MAY_LOAD.get(name, set()))!r}", result.stderr[-2000:]
