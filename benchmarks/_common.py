"""Shared set-up of the benchmark scripts: the same conditions for every number they print."""

from __future__ import annotations

import compileall
import os
import shutil
import sys
from pathlib import Path

import deckcheck

PACKAGE = Path(deckcheck.__file__).resolve().parent


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
