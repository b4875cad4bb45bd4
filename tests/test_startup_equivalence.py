"""The start-up work of `validate` made cheaper (benchmarks/bench_startup.py) gives the same answers as before.

Each test sets the cheaper code beside what it replaced (rebuilt here) and compares them over every input the
code can meet, or over the whole card catalog.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from deckcheck.cards.catalog import CARD_DB, _record_problem, _records_fit, load_catalog_from
from deckcheck.cards.names import _has_non_latin, fold
from deckcheck.datafiles import package_files
from deckcheck.errors import DataError
from tests._shared import PROJECT


def test_non_latin_check_is_the_character_class_it_replaced_for_every_code_point():
    # the regular expression fold() used before (compiling it cost ~3 ms at every start)
    before = re.compile("[\u0370-\u03ff\u0400-\u04ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
                        "\uff66-\uff9f]")
    differ = [hex(cp) for cp in range(0x110000) if bool(before.search(chr(cp))) != _has_non_latin(chr(cp))]
    assert differ == []
    assert _has_non_latin("Gandalf ガンダルフ") and not _has_non_latin("Bûrat’s Ætheling — 3")
    assert fold("ガンダルフ") == "ガンダルフ" and fold("Bûrat") == "burat"


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


def test_records_fit_agrees_with_asking_record_by_record():
    records = json.loads((Path(CARD_DB) / "cards.json").read_text(encoding="utf-8"))["cards"]
    assert _records_fit(records) and not any(_record_problem(record) for record in records)
    damaged = [   # (damage, whether asking record by record finds a problem)
        (lambda r: r.__setitem__("number", "7"), True),          # a field of the wrong type
        (lambda r: r.__setitem__("number", True), False),        # a bool is an int: the slow path lets it pass
        (lambda r: r.pop("name"), True),                         # a field missing
        (lambda r: r.__setitem__("type", "Artifact"), True),     # a type the code does not know
        (lambda r: r.__setitem__("flavour", "x"), True),         # a field the schema does not have
    ]
    for damage, found in damaged:
        copy = [dict(record) for record in records]
        damage(copy[100])
        assert not _records_fit(copy)
        assert [i for i, r in enumerate(copy) if _record_problem(r)] == ([100] if found else [])
    assert not _records_fit([*records[:5], ["not", "an", "object"]])


def test_a_damaged_record_is_named_as_before(tmp_path):
    shutil.copytree(CARD_DB, tmp_path / "card_db")
    path = tmp_path / "card_db" / "cards.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["cards"][7]["number"] = "7"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError, match=r"card catalog record 7 does not fit card_db/schema.json: TW-8: 'number' "
                                        r"must be a int"):
        load_catalog_from(tmp_path / "card_db")


# What `validate` of a GCCG deck must not import: the other formats' readers (and the html and xml.etree they
# need), the near-miss index (no name is misspelt), importlib.resources, what writes files or wraps text for a
# terminal (stdout here is a pipe), signal.py (its C module _signal is all process.py needs) and the collection
# check (no --collection).
NOT_ON_THE_PATH = ("deckcheck.decklist.labelled", "deckcheck.decklist.octgn", "deckcheck.decklist.native",
                   "deckcheck.decklist.netmeccg", "deckcheck.decklist.wigy", "deckcheck.cards.nearmiss", "html",
                   "xml.etree.ElementTree", "importlib.resources", "tempfile", "shutil", "textwrap", "traceback",
                   "signal", "deckcheck.rules.collection")


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


def test_validate_of_a_gccg_deck_imports_no_pathlib():
    # pathlib (with urllib.parse and ipaddress) was 16 M instructions, 6% of a one-deck validate in a plain install
    # (benchmarks/bench_startup.py). Run without site (-S), as in a plain install: an editable install's finder,
    # which site loads, imports pathlib in every Python start; site-packages is put on the path by hand for click.
    code = ("import sys, sysconfig\nsys.path.append(sysconfig.get_paths()['purelib'])\n"
            "from deckcheck.__main__ import main\nsys.argv = ['deckcheck', 'validate', sys.argv[1]]\ntry:\n"
            "    main()\nexcept SystemExit:\n    pass\nprint('MODULES', *sorted(sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-S", "-c", code, str(PROJECT / "examples" / "wizard-legal.meccg")],
                          capture_output=True, text=True, cwd=PROJECT)
    assert "LEGAL under coe rules" in done.stdout, done.stderr
    imported = set(done.stderr.rpartition("MODULES")[2].split())
    assert sorted(imported.intersection({"pathlib", "urllib.parse", "ipaddress"})) == []


def test_validate_of_a_deck_with_a_manifestation_naming_no_card_reads_no_other_editions_names(tmp_path):
    # Stinker is "Manifestation of Gollum and My Precious", no card's name: the unique-limit rule splits it without
    # looking it up among every edition's names (names.json, cards/languages.py)
    text = (PROJECT / "examples" / "wizard-legal.meccg").read_text(encoding="utf-8")
    deck = tmp_path / "with-stinker.meccg"
    deck.write_text(text.replace("3 Block [H] (TW)\n", "3 Block [H] (TW)\n1 Stinker (LE)\n"), encoding="utf-8")
    code = ("import runpy, sys\nsys.argv = ['deckcheck', 'validate', sys.argv[1]]\ntry:\n"
            "    runpy.run_module('deckcheck', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print('MODULES', *sorted(sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, str(deck)], capture_output=True, text=True, cwd=PROJECT)
    assert "Stinker" in done.stdout
    assert "deckcheck.cards.languages" not in done.stderr.rpartition("MODULES")[2].split()


@pytest.mark.parametrize("name, expected_format", [("wizard-legal.meccg", "gccg"), ("wizard-legal-es.txt", "markdown")])
def test_each_format_is_read_by_its_reader_imported_on_demand(name, expected_format):
    from deckcheck.decklist.detect import READERS, detect

    text = (PROJECT / "examples" / name).read_text(encoding="utf-8")
    assert detect(text, name) == expected_format
    assert READERS[expected_format](text, name).format == expected_format


def test_the_rule_modules_are_those_pkgutil_lists_in_its_order():
    """load_rule_modules lists the package folder instead of importing pkgutil: the same modules, the same order
    (the order rules register and run in)."""
    import importlib
    import pkgutil

    from deckcheck.rules.engine import _NOT_RULE_MODULES, rule_module_names

    package = importlib.import_module("deckcheck.rules")
    listed = [info.name for info in pkgutil.iter_modules(package.__path__)
              if info.name not in _NOT_RULE_MODULES and not info.name.startswith("_")]
    assert rule_module_names() == listed and "copies" in listed
