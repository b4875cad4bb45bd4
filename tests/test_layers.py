"""The pipeline's layers, enforced on every import (at the top of a module or inside a function):
cards/ -> decklist/ -> rules/ and analysis/ -> sim/ -> report/ -> batch/ -> commands/ and cli.py. A module
imports only from its own layer, a lower one, or the neutral modules beside them (errors, terminal, datafiles,
fileio, console, process, settings, about, patterns, records), which import no layer at all. A lower layer that
needs a helper of a higher one gets it moved down, to a neutral module or to the lowest layer that uses it."""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

from tests._shared import PROJECT

PACKAGE = PROJECT / "deckcheck"
# rules and analysis are side by side: both read decks, neither builds on the other.
# The simulator (sim/) builds on analysis (play conditions, scoring); the commands' own code sits beside cli.py.
RANKS = {"cards": 1, "decklist": 2, "rules": 3, "analysis": 3, "sim": 3.5, "report": 4, "batch": 5, "cli": 6,
         "commands": 6, "__main__": 6}
DATA_PACKAGES = {"card_db", "rulesets", "schemas"}     # package data: no code to layer


def layer(module: str) -> str | None:
    """deckcheck.report.sheet -> "report"; a top-level module is its own name; None outside deckcheck."""
    parts = module.split(".")
    if parts[0] != "deckcheck":
        return None
    return parts[1] if len(parts) > 1 else "deckcheck"


def rank(name: str) -> int:
    return RANKS.get(name, 0)       # 0: a neutral module beside the layers


def module_name(path: Path) -> str:
    parts = path.relative_to(PROJECT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def parsed(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file's syntax tree (parsed once for all the tests of this module)."""
    return tuple(ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))))


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every deckcheck import in the file, relative ones resolved."""
    own = module_name(path).split(".")
    package = own if path.name == "__init__.py" else own[:-1]
    found = []
    for node in parsed(path):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            if node.module is None or node.level:
                # "from . import x" / "from .x import y": each name may be a module
                found += [(node.lineno, f"{target}.{alias.name}" if node.module is None else target)
                          for alias in node.names]
            else:
                found.append((node.lineno, target))
    return sorted((line, name) for line, name in found if name == "deckcheck" or name.startswith("deckcheck."))


def code_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if not DATA_PACKAGES & set(p.relative_to(PACKAGE).parts[:-1]))


def violations() -> list[str]:
    out = []
    for path in code_files():
        here = layer(module_name(path))
        for line, target in imports(path):
            there = layer(target)
            if there in (None, "deckcheck", here):
                continue
            if rank(there) > rank(here) or (rank(here) == 0 and rank(there) > 0):
                out.append(f"{path.relative_to(PROJECT)}:{line}: {here} imports {target} ({there})")
    return out


def test_no_layer_imports_a_higher_one():
    assert violations() == []


def test_the_layer_map_knows_every_package_and_module():
    """A new folder of deckcheck/ gets its place in RANKS (or is a neutral module by choice, listed here)."""
    neutral = {"about", "console", "datafiles", "errors", "fileio", "patterns", "process", "records", "settings",
               "terminal"}
    names = {p.name.removesuffix(".py") for p in PACKAGE.iterdir()
             if (p.suffix == ".py" or p.is_dir()) and p.name not in ("__init__.py", "__pycache__")}
    assert names - DATA_PACKAGES - set(RANKS) == neutral


def test_the_check_sees_imports_inside_functions_and_relative_ones(tmp_path, monkeypatch):
    fake = tmp_path / "deckcheck"
    (fake / "cards").mkdir(parents=True)
    (fake / "cards" / "x.py").write_text("def f():\n    from deckcheck.report.sheet import render_sheet\n"
                                         "from ..batch import runner\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PROJECT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert violations() == ["deckcheck/cards/x.py:2: cards imports deckcheck.report.sheet (report)",
                            "deckcheck/cards/x.py:3: cards imports deckcheck.batch (batch)"]


# ---- inside the simulator (deckcheck/sim): model -> rules -> state -> players -> turn -> match ---------------
SIM = PACKAGE / "sim"
# What each part of the simulator may import of the others (besides itself and modules outside sim/).
# streams (the random numbers) sits below them all.
SIM_PARTS = {
    "streams": set(),
    "model": {"streams"},
    "rules": {"model"},
    "tally": set(),
    "state": {"model", "rules", "streams"},
    "players": {"model", "rules", "state"},
    "side": {"model", "rules", "players"},
    "turn": {"model", "rules", "state", "streams"},
    "match": {"model", "rules", "state", "players", "turn", "tally", "side", "streams"},
}
MAX_CLASS_LINES = 300


def sim_part(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["deckcheck", "sim"] else None


def sim_violations() -> list[str]:
    out = []
    for path in sorted(SIM.rglob("*.py")):
        here = sim_part(module_name(path))
        for line, target in imports(path):
            there = sim_part(target)
            if here in SIM_PARTS and there is not None and there != here and there not in SIM_PARTS[here]:
                out.append(f"{path.relative_to(PROJECT)}:{line}: sim.{here} imports {target}")
    return out


def test_the_simulator_parts_import_only_below_them():
    """The rules import no state, player or turn; the state no player or turn; the players no turn or match."""
    assert sim_violations() == []


def test_the_simulator_imports_no_click():
    found = [f"{path.relative_to(PROJECT)}:{node.lineno}" for path in sorted(SIM.rglob("*.py"))
             for node in parsed(path)
             if isinstance(node, ast.Import | ast.ImportFrom)
             and any(n == "click" or n.startswith("click.") for n in
                     ([a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]))]
    assert found == []


def patched_methods(tree: ast.AST | tuple[ast.AST, ...]) -> list[int]:
    """Lines that set a function as an attribute of an object (`game.roll = lambda: 3`, `a.may_call = f`,
    `setattr(x, "f", g)` with g a function of the module): a method patched onto an instance. The handlers of an
    expat parser (`parser.StartElementHandler = ...`) are its interface, not a patch."""
    nodes = tree if isinstance(tree, tuple) else tuple(ast.walk(tree))
    methods = {id(m) for c in nodes if isinstance(c, ast.ClassDef) for m in c.body}
    variables = {t.id for n in nodes if isinstance(n, ast.Assign) for t in n.targets
                 if isinstance(t, ast.Name)}
    functions = {n.name for n in nodes if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                 and id(n) not in methods} - variables

    def is_function(value: ast.AST) -> bool:
        return isinstance(value, ast.Lambda) or (isinstance(value, ast.Name) and value.id in functions)

    lines = []
    for node in nodes:
        if isinstance(node, ast.Assign) and is_function(node.value) and any(
                isinstance(t, ast.Attribute) and not t.attr.endswith("Handler") for t in node.targets):
            lines.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" \
                and len(node.args) == 3 and is_function(node.args[2]):
            lines.append(node.lineno)
    return lines


def test_no_method_is_patched_onto_an_instance_in_the_package():
    found = [f"{path.relative_to(PROJECT)}:{line}" for path in code_files()
             for line in patched_methods(parsed(path))]
    assert found == []


def test_the_patch_check_sees_a_patch():
    tree = ast.parse("def b_turn():\n    pass\na.duel_opponent_turn = b_turn\ngame.roll = lambda: 3\n"
                     "setattr(a, 'may_call', b_turn)\nkeep = b_turn\n")
    assert patched_methods(tree) == [3, 4, 5]


def test_no_simulator_class_is_over_300_lines():
    long = [f"{path.relative_to(PROJECT)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in sorted(SIM.rglob("*.py"))
            for node in parsed(path)
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES]
    assert long == []
