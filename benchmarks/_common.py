"""Shared set-up of the benchmark scripts: the same conditions for every number they print."""

from __future__ import annotations

import compileall
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import deckcheck

PACKAGE = Path(deckcheck.__file__).resolve().parent
PROJECT = Path(__file__).resolve().parents[1]
DECKS = PROJECT.parent / "shared" / "decks"
ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"               # Mark Alfano's tournament decks
CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"        # ICE's ten Challenge Decks, A to J
TURNS = 12                                                            # the turns of a duel in these benchmarks


def ensure_bytecode() -> None:
    """Compile the package as a normal (non-editable) install does.

    With PYTHONDONTWRITEBYTECODE set (as in this workplace's shells) an editable install never caches its
    bytecode, and every start recompiles the whole package: that measures the compiler, not deckcheck.
    """
    compileall.compile_dir(str(PACKAGE), quiet=1)


def deckcheck_command() -> str:
    """The installed console script: beside this interpreter (a venv), else on PATH."""
    beside = Path(sys.executable).with_name("deckcheck")
    return str(beside) if beside.exists() else (shutil.which("deckcheck") or "deckcheck")


def print_conditions() -> None:
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} "
          "(other work on the machine slows every number); bytecode compiled")


@contextlib.contextmanager
def exported(commit: str, *, with_shared: bool = False):
    """A temporary folder holding the files of `commit` (git archive), to run that version's code and data with
    PYTHONPATH=folder and cwd=folder (not this checkout's: an editable install maps deckcheck.card_db here);
    removed afterwards. With `with_shared`, ../shared is linked beside it, so that the commit's own scripts find
    the real decks where they look for them."""
    project = PACKAGE.parent
    with tempfile.TemporaryDirectory(prefix="deckcheck-commit-") as root:
        folder = Path(root) / "checkout" if with_shared else Path(root)
        folder.mkdir(exist_ok=True)
        if with_shared:
            os.symlink(DECKS.parent, Path(root) / "shared")
        archive = subprocess.run(["git", "archive", commit], cwd=project, capture_output=True)
        if archive.returncode:
            raise SystemExit(f"git archive {commit}: {archive.stderr.decode(errors='replace').strip()}")
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
        for data in ("card_db", "rulesets"):    # installed as deckcheck.card_db and deckcheck.rulesets (setup.py)
            os.symlink(folder / data, folder / "deckcheck" / data)
        yield folder
