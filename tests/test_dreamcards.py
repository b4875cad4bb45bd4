"""`deckcheck cards import-gccg`: the second catalog (card_db/dreamcards.json) of the dream-card, CoE virtual and
Cool Play sets, imported from GCCG's set files: every card, facts only, byte for byte the same twice; bad XML gets
one line and exit 2; `validate` of an ICE deck never opens it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from deckcheck.cards.catalog import CARD_DB
from deckcheck.cards.dreamcards import (
    DREAMCARDS_FILE,
    counts_per_set,
    dump_dreamcards,
    import_gccg_cards,
    validate_dreamcards,
)
from deckcheck.cards.model import CARD_FIELDS
from deckcheck.errors import DeckcheckError
from tests._shared import PROJECT, SHARED

GCCG = SHARED / "carddata" / "gccg"
GCCG_XML = GCCG / "xml"
needs_gccg = pytest.mark.skipif(not GCCG_XML.is_dir(),
                                reason=f"needs GCCG's set files at {GCCG_XML} (../shared is absent)")
COMMITTED = Path(CARD_DB) / DREAMCARDS_FILE


def run(*args: str, cwd=PROJECT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def _xml_counts() -> dict[str, int]:
    """Set code -> its <card> elements, counted straight from the XML (not through the importer)."""
    counts = {}
    for path in sorted(GCCG_XML.glob("*.xml")):
        root = ET.parse(path).getroot()
        if root.tag == "ccg-setinfo":
            counts[root.get("abbrev")] = sum(1 for _ in root.iter("card"))
    return counts


def _source_md_counts() -> dict[str, int]:
    """The per-set counts SOURCE.md states ("FB Firstborn 184, ...")."""
    content = (GCCG / "SOURCE.md").read_text(encoding="utf-8").split("predecessors):", 1)[1].split("ISO-8859-1")[0]
    text = " ".join(content.split())
    return {code: int(n) for code, _, n in re.findall(r"\b([A-Z][A-Z0-9]{1,2})\b([^,;\d]*?)(\d+)(?=[,;.])", text)}


@needs_gccg
def test_import_gccg_writes_every_card_twice_byte_identical_and_equal_to_the_committed_file(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    results = [run("cards", "import-gccg", str(GCCG_XML), "-o", str(out)) for out in (first, second)]
    assert [r.returncode for r in results] == [0, 0], results[0].stderr
    for name in (DREAMCARDS_FILE, "sets.json", "set_names.json"):
        assert (first / name).read_bytes() == (second / name).read_bytes() == (Path(CARD_DB) / name).read_bytes(), \
            f"card_db/{name} is stale: rebuild it with 'deckcheck cards import-gccg {GCCG_XML}'"
    xml = _xml_counts()
    printed = dict(re.findall(r"^(?:deckcheck: )?(\w+): (\d+) cards \(the XML has \d+\)$", results[0].stderr, re.M))
    assert {code: int(n) for code, n in printed.items()} == xml
    assert sum(xml.values()) == 2561
    assert "2561 cards written to" in results[0].stderr


@needs_gccg
def test_counts_per_set_are_the_xml_and_source_md_counts():
    document = import_gccg_cards(GCCG_XML)
    assert counts_per_set(document) == _xml_counts()
    stated = _source_md_counts()
    assert counts_per_set(document) == stated and sum(stated.values()) == 2561
    assert dump_dreamcards(document) == COMMITTED.read_text(encoding="utf-8")


def test_the_catalog_holds_facts_only():
    """No card text, no image name: every record's keys are the card model's fields; no value is a sentence."""
    document = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert len(document["cards"]) == sum(s["cards"] for s in document["sets"]) == 2561
    assert not set().union(*(card.keys() for card in document["cards"])) - set(CARD_FIELDS)
    assert not re.search(r"\.(jpe?g|png|gif)\b", COMMITTED.read_text(encoding="utf-8"), re.I)
    assert {c["type"] for c in document["cards"]} == {"Character", "Resource", "Hazard", "Site", "Region"}
    ids = [c["id"] for c in document["cards"]]
    assert len(set(ids)) == len(ids)


def test_the_catalog_fits_its_schema_and_a_card_with_text_does_not():
    document = json.loads(COMMITTED.read_text(encoding="utf-8"))
    validate_dreamcards(document)
    document["cards"][0]["text"] = "Unique. Noldo."
    with pytest.raises(DeckcheckError, match="'text' was unexpected"):
        validate_dreamcards(document)


@needs_gccg
def test_no_card_text_of_the_xml_is_in_the_catalog():
    written = COMMITTED.read_text(encoding="utf-8")
    texts = [card.get("text") for path in GCCG_XML.glob("*.xml") for card in ET.parse(path).getroot().iter("card")]
    long_texts = [t for t in texts if t and len(t) > 40]
    assert long_texts and not [t for t in long_texts if json.dumps(t, ensure_ascii=False)[1:-1] in written]


@needs_gccg
def test_every_attribute_the_rules_read_is_taken_from_the_xml():
    """Card by card against the XML itself: unique, mind, influence, stage points, specific, agent, keywords,
    the site type, and the type and alignment read from GCCG's "Hero Site"."""
    document = import_gccg_cards(GCCG_XML)
    records = {c["id"]: c for c in document["cards"]}
    checked = 0
    for path in GCCG_XML.glob("*.xml"):
        root = ET.parse(path).getroot()
        if root.tag != "ccg-setinfo":
            continue
        for number, card in enumerate(root.iter("card"), start=1):
            attrs: dict[str, list[str]] = {}
            for attr in card.iter("attr"):
                attrs.setdefault(attr.get("key"), []).append(attr.get("value").strip())
            record = records[f"{root.get('abbrev')}-{number}"]
            assert record["name"] == card.get("name").strip()
            assert record.get("unique", False) == (attrs.get("unique") == ["yes"])
            assert record.get("agent", False) == ("yes" in attrs.get("agent", []) or "Agent" in attrs["type"][0])
            for key, field in (("mind", "mind"), ("sp", "stage_points")):
                if attrs.get(key, [""])[0].lstrip("-").isdigit():
                    assert record.get(field, 0) == int(attrs[key][0])     # 0 is left out, as in cards.json
            if attrs.get("influence", [""])[0].isdigit():
                assert record.get("direct_influence", 0) == int(attrs["influence"][0])
            assert set(record.get("keywords", [])) == {k for k in attrs.get("keyword", []) if k}
            if attrs.get("specific", [""])[0]:
                assert record["specific"] == attrs["specific"][0]
            if attrs.get("site_type"):
                assert record["site_type"] == attrs["site_type"][0].strip("{}")
            printed = attrs["type"][0].split()
            if printed[-1] in ("Character", "Resource", "Hazard", "Site", "Region"):
                assert record["type"] == printed[-1]
                # GW's "Dragon Character"s of race Dragon-lord are the Dragon-lord alignment's
                dragon_lord = printed[:-1] == ["Dragon"] and attrs.get("race") == ["Dragon-lord"]
                assert record["alignment"] in (" ".join(printed[:-1]) or "Neutral", "Dual") or (
                    dragon_lord and record["alignment"] == "Dragon-lord")
                lord = record["alignment"] in ("Elf-lord", "Dwarf-lord", "Dragon-lord")
                assert record.get("avatar", False) == (record["type"] == "Character" and (
                    "Avatar" in attrs.get("keyword", []) or lord))
            checked += 1
    assert checked == 2561
    unread = {(u["id"], u["field"]) for u in document["unread"]}
    assert ("KN-7", "type") in unread      # GCCG's "War-lord" names no card type: said, not guessed silently
    assert ("NW-124", "playable") in unread and "ring" not in records["NW-124"]["playable_items"]   # "ring": said
    assert records["KN-25"]["playable_items"] == ["minor", "major", "greater"]     # GCCG's "major; greater"


def _gccg_copy(tmp_path):
    folder = tmp_path / "xml"
    shutil.copytree(GCCG_XML, folder)
    return folder


@needs_gccg
@pytest.mark.parametrize("damage, says", [
    (lambda text: text.replace("</ccg-setinfo>", ""), "no element found"),
    (lambda text: text.replace('<card name="Aegnor"', '<card name="Aegnor" name="x"', 1), "duplicate attribute"),
    (lambda text: text.replace('<!DOCTYPE ccg-setinfo SYSTEM "../gccg-set.dtd">',
                               '<!DOCTYPE ccg-setinfo [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>')
     .replace('name="Aegnor"', 'name="&b;"'), "internal DTD subset"),
])
def test_bad_xml_is_one_line_naming_file_and_line_and_exit_2(tmp_path, damage, says):
    folder = _gccg_copy(tmp_path)
    broken = folder / "firstborn.xml"
    broken.write_text(damage(broken.read_text(encoding="latin-1")), encoding="latin-1")
    out = tmp_path / "out"
    result = run("cards", "import-gccg", str(folder), "-o", str(out))
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(broken) in lines[0] and says in lines[0], lines
    assert re.search(rf"{re.escape(str(broken))}(:| line )\d+", lines[0]), lines[0]
    assert "Traceback" not in result.stderr and not out.exists()


def test_a_folder_that_is_not_gccgs_is_one_line_exit_2(tmp_path):
    result = run("cards", "import-gccg", str(tmp_path))
    assert result.returncode == 2 and "metwDC.xml" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_validate_of_an_ice_deck_never_opens_the_dream_card_catalog():
    """Start-up stays: the second catalog, the dream-card names and the importer are read by nothing on the path
    of `validate` (an audit hook lists every file opened; benchmarks/bench_startup.py prints the same)."""
    probe = ("import sys\nopened = []\n"
             "sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == 'open' else None)\n"
             "from deckcheck.cli import main\n"
             "try:\n    main(['validate', 'examples/wizard-legal.meccg'])\nexcept SystemExit as exit:\n"
             "    code = exit.code\n"
             "print('OPENED', [p for p in opened if 'card_db' in p], 'dreamcards' in str(sorted(sys.modules)),\n"
             "      'CODE', code, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=PROJECT, timeout=60)
    line = next(line for line in result.stderr.splitlines() if line.startswith("OPENED"))
    assert "cards" in line and line.endswith("CODE 0"), line      # the ICE catalog was read: the hook works
    assert DREAMCARDS_FILE not in line and "set_names.json" not in line, line
    assert "] False CODE" in line, line       # deckcheck.cards.dreamcards not imported
