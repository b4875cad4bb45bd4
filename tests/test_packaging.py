"""The wheel carries every file of deckcheck/ (modules, schemas), card_db/ and rulesets/, whatever is added there
later: the data folders are shipped by pattern, not by a list of names."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

from tests._shared import PROJECT

SOURCES = ("setup.py", "setup.cfg", "pyproject.toml", "README.md", "deckcheck", "card_db", "rulesets")
SHIPPED_FOLDERS = {"deckcheck": "deckcheck", "card_db": "deckcheck/card_db", "rulesets": "deckcheck/rulesets"}


def shipped_source_files() -> set[str]:
    """What the wheel must hold: every file of those folders but Python's byte-code."""
    wanted = set()
    for folder, installed in SHIPPED_FOLDERS.items():
        for path in (PROJECT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                wanted.add(f"{installed}/{path.relative_to(PROJECT / folder).as_posix()}")
    return wanted


def test_the_wheel_ships_every_data_file(tmp_path):
    tree = tmp_path / "tree"
    tree.mkdir()
    for name in SOURCES:
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(source, tree / name)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                            str(tmp_path / "dist"), str(tree)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "dist").glob("deckcheck-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert shipped_source_files() - names == set()
    assert "deckcheck/card_db/cards.json" in names and "deckcheck/rulesets/coe/wizard.toml" in names
    assert not any("__pycache__" in name for name in names)
