"""The pipeline's layers, enforced on every import (at the top of a module or inside a function):
cards/ -> decklist/ -> rules/ and analysis/ -> report/ -> batch/ -> cli.py. A module imports only from its own
layer, a lower one, or the neutral modules beside them (errors, terminal, datafiles, fileio, console, process,
settings, about), which import no layer at all. A lower layer that needs a helper of a higher one gets it
moved down, to a neutral module or to the lowest layer that uses it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests._shared import PROJECT

PACKAGE = PROJECT / "deckcheck"
# rules and analysis are side by side: both read decks, neither builds on the other.
RANKS = {"cards": 1, "decklist": 2, "rules": 3, "analysis": 3, "report": 4, "batch": 5, "cli": 6, "__main__": 6}
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


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every deckcheck import in the file, relative ones resolved."""
    own = module_name(path).split(".")
    package = own if path.name == "__init__.py" else own[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
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
    neutral = {"about", "console", "datafiles", "errors", "fileio", "process", "settings", "terminal"}
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
