"""The start-up work of `validate` made cheaper (benchmarks/bench_startup.py) gives the same answers as before.

Each test sets the cheaper code beside what it replaced (rebuilt here) and compares them over every input the
code can meet, or over the whole card catalog.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from deckcheck.datafiles import package_files
from tests._shared import PROJECT


@pytest.mark.parametrize("package", ["deckcheck", "deckcheck.card_db", "deckcheck.rulesets"])
def test_package_files_is_where_importlib_resources_finds_the_package(package):
    assert package_files(package) == resources.files(package)


def test_a_package_that_is_no_folder_gets_importlib_resources_answer(tmp_path, monkeypatch):
    # a package imported from a zip file (zipimport): its __file__ is no folder on disk
    import zipfile

    with zipfile.ZipFile(tmp_path / "packed.zip", "w") as archive:
        archive.writestr("packed_pkg/__init__.py", "")
        archive.writestr("packed_pkg/facts.json", "{}")
    monkeypatch.syspath_prepend(str(tmp_path / "packed.zip"))
    found = package_files("packed_pkg")
    assert not isinstance(found, Path)
    assert json.loads((found / "facts.json").read_text(encoding="utf-8")) == {}


# What `validate` of a GCCG deck must not import: the other formats' readers (and the html and xml.etree they
# need), the near-miss index (no name is misspelt), importlib.resources, and what writes files or wraps text for a
# terminal (stdout here is a pipe).
NOT_ON_THE_PATH = ("deckcheck.decklist.labelled", "deckcheck.decklist.octgn", "deckcheck.decklist.native",
                   "deckcheck.decklist.netmeccg", "deckcheck.decklist.wigy", "deckcheck.cards.nearmiss", "html",
                   "xml.etree.ElementTree", "importlib.resources", "tempfile", "shutil", "textwrap", "traceback")


def test_validate_of_a_gccg_deck_imports_only_what_it_uses():
    code = ("import runpy, sys\nsys.argv = ['deckcheck', 'validate', sys.argv[1]]\ntry:\n"
            "    runpy.run_module('deckcheck', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print('MODULES', *sorted(sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, str(PROJECT / "examples" / "wizard-legal.meccg")],
                          capture_output=True, text=True, cwd=PROJECT)
    assert "LEGAL under coe rules" in done.stdout
    imported = set(done.stderr.rpartition("MODULES")[2].split())
    assert "deckcheck.decklist.gccg" in imported
    assert sorted(imported.intersection(NOT_ON_THE_PATH)) == []


@pytest.mark.parametrize("name, expected_format", [("wizard-legal.meccg", "gccg"), ("wizard-legal-es.txt", "markdown")])
def test_each_format_is_read_by_its_reader_imported_on_demand(name, expected_format):
    from deckcheck.decklist.detect import READERS, detect

    text = (PROJECT / "examples" / name).read_text(encoding="utf-8")
    assert detect(text, name) == expected_format
    assert READERS[expected_format](text, name).format == expected_format
