"""Set codes outside the ICE card pool: the facts file imported from GCCG's set files, and the `not-in-pool` error
a line with such a code gets in `validate`, `batch` and `meta` (never the ICE card of the same name)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from deckcheck.cards.catalog import CARD_DB
from deckcheck.cards.set_codes import (
    NAMES_FILE,
    OLDER_CODES,
    SETS_FILE,
    dump_names,
    dump_sets,
    import_gccg_names,
    import_gccg_sets,
    non_ice_set,
)
from deckcheck.decklist import parse_text
from deckcheck.rules import validate
from tests._shared import DECKS, PROJECT, SHARED

GCCG_XML = SHARED / "carddata" / "gccg" / "xml"
needs_gccg = pytest.mark.skipif(not GCCG_XML.is_dir(),
                                reason=f"needs GCCG's set files at {GCCG_XML} (../shared is absent)")
LEGAL = (Path(__file__).parent / "fixtures" / "batch" / "wizard-legal.meccg").read_text(encoding="utf-8")
LINE = "1 Beregond (TW)"


def _xml_sets() -> dict[str, str]:
    """code -> set name, read straight from the XML (not through the importer), older codes included."""
    if not GCCG_XML.is_dir():       # without ../shared: the committed facts, so the walk still runs
        rows = json.loads((Path(CARD_DB) / SETS_FILE).read_text(encoding="utf-8"))["sets"]
        found = {row["code"]: row["name"] for row in rows}
    else:
        found = {}
        for path in sorted(GCCG_XML.glob("*.xml")):
            root = ET.parse(path).getroot()
            if root.tag == "ccg-setinfo":
                found[root.get("abbrev")] = root.get("name")
    found.update({old: found[new] for old, new in OLDER_CODES.items()})
    return found


SETS = _xml_sets()


@needs_gccg
def test_the_facts_file_is_what_the_importer_makes_of_the_xml():
    first = dump_sets(import_gccg_sets(GCCG_XML))
    assert first == dump_sets(import_gccg_sets(GCCG_XML))
    assert first == (Path(CARD_DB) / SETS_FILE).read_text(encoding="utf-8"), \
        "card_db/sets.json is stale: rebuild it with deckcheck.cards.set_codes.import_gccg_sets"


def test_the_facts_file_fits_its_schema_and_holds_every_set_of_the_source():
    document = json.loads((Path(CARD_DB) / SETS_FILE).read_text(encoding="utf-8"))
    jsonschema.validate(document, json.loads((Path(CARD_DB) / "sets.schema.json").read_text(encoding="utf-8")))
    # SOURCE.md: 2,561 cards in 22 sets (18 dream-card sets, 3 virtual sets, the Cool Play Set)
    assert len(document["sets"]) == 22 and sum(row["cards"] for row in document["sets"]) == 2561
    kinds = [row["kind"] for row in document["sets"]]
    assert (kinds.count("dream"), kinds.count("virtual"), kinds.count("other")) == (18, 3, 1)


# Card lines of every part of the legal deck (pool, characters, resources, hazards, sideboard, sites, one tagged):
# the walk puts each code on one of them in turn, so a code is tried on any kind of card line.
CARD_LINES = [(LINE, "Beregond", "pool"), ("1 Bifur (TW)", "Bifur", "characters"),
              ("3 Athelas (TW)", "Athelas", "resources"), ("3 Wargs (TW)", "Wargs", "hazards"),
              ("1 Corpse-candle (TW)", "Corpse-candle", "sideboard"), ("1 Amon Hen [H] (TW)", "Amon Hen", "sites")]


def _deck_with(code: str) -> tuple[str, str, str]:
    """The legal deck with one line written with `code` instead of (TW): (text, the card's name, its part)."""
    line, name, part = CARD_LINES[sorted(SETS).index(code) % len(CARD_LINES)]
    written = code if code != "RS" else "rs"          # case is the player's: one code written in lower case
    return LEGAL.replace(line, line.replace("(TW)", f"({written})")), name, part


def _says_the_set(message: str, code: str, name: str, part: str) -> bool:
    return (message.startswith(f"{name} ({code.upper()}) is a card of ") and SETS[code] in message
            and message.endswith(f"not of the ICE card pool (in {part})"))


@pytest.mark.parametrize("code", sorted(SETS))
@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_every_set_code_of_the_xml_on_a_card_line_is_not_in_pool_naming_the_set(code, ruleset):
    text, name, part = _deck_with(code)
    deck = parse_text(text, path="set-code.meccg")
    verdict = validate(deck, ruleset=ruleset)
    found = [v for v in verdict.violations if v.code == "not-in-pool"]
    assert len(found) == 1 and not verdict.legal
    assert _says_the_set(found[0].message, code, name, part), found[0].message
    assert found[0].citation.startswith(ruleset)
    # never the ICE card of the same name, nor also an unknown card
    assert not any(e.card is not None and e.card.name == name and e.part.value == part for e in deck.entries)
    assert not any(v.code == "unknown-card" for v in verdict.violations)


def test_the_ice_codes_and_their_long_forms_still_name_the_ice_card():
    for written in ("TW", "tw", "METW"):
        deck = parse_text(LEGAL.replace(LINE, f"1 Beregond ({written})"))
        assert validate(deck, ruleset="coe").legal, written
    assert non_ice_set("TW") is None and non_ice_set("v1").name == "The Road Goes Ever on"


def test_the_card_of_a_virtual_set_is_no_evidence_of_the_alignment():
    # "Saruman (V1)": not the ICE avatar, so the deck's avatar stays Gandalf and the line is not-in-pool
    deck = parse_text(LEGAL.replace(LINE, "3 Saruman (V1)"))
    assert "Gandalf" in deck.alignment_reason and "Saruman" not in deck.alignment_reason


def _deckcheck(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, text=True,
                          encoding="utf-8", timeout=300, cwd=PROJECT)


def test_validate_json_and_quiet_text_carry_not_in_pool(tmp_path):
    deck = tmp_path / "abductor.txt"
    deck.write_text("3 Abductor (V1)\n2 Gandalf\n", encoding="utf-8")
    done = _deckcheck("validate", "-q", "--output", "json", str(deck))
    assert done.returncode == 1
    [violation] = [v for v in json.loads(done.stdout)["decks"][0]["violations"] if v["code"] == "not-in-pool"]
    assert violation["message"] == ("Abductor (V1) is a card of the CoE virtual set The Road Goes Ever on, "
                                    "not of the ICE card pool (in play)")
    quiet = _deckcheck("validate", "-q", str(deck))
    assert "not-in-pool: Abductor (V1) is a card of the CoE virtual set" in quiet.stdout


def test_batch_and_meta_say_not_in_pool_naming_the_set(tmp_path):
    sheet = tmp_path / "registrations.csv"
    with open(sheet, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["player", "deck"], ["Ann", LEGAL.replace(LINE, "1 Beregond (DF)")],
                                  ["Bob", LEGAL]])
    done = _deckcheck("batch", "--output", "json", str(sheet))
    assert done.returncode == 1
    rows = {row["player"]: row for row in json.loads(done.stdout)["results"]}
    [found] = [v for v in rows["Ann"]["violations"] if v["code"] == "not-in-pool"]
    assert "dream-card set Durin's Folk" in found["message"] and rows["Bob"]["status"] == "legal"

    meta = _deckcheck("meta", str(sheet))
    assert meta.returncode == 0
    assert "Ann (row 2): not-in-pool: Beregond (DF) is a card of the dream-card set Durin's Folk" in meta.stderr
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "ann.meccg").write_text(LEGAL.replace(LINE, "1 Beregond (V2)"), encoding="utf-8")
    meta = _deckcheck("meta", str(folder))
    assert "not-in-pool: 1 copy of cards outside the ICE card pool, of Virtual Set 2 (V2)" in meta.stderr


def test_every_set_code_is_not_in_pool_naming_the_set_in_validate_batch_and_meta(tmp_path):
    """The walk of every code through the three commands a player or an organizer runs: a folder of decks
    (validate, meta) and a registrations sheet (batch, meta), each deck with one line of another set."""
    folder, sheet = tmp_path / "decks", tmp_path / "registrations.csv"
    folder.mkdir()
    expected = {}
    rows = [["player", "deck"]]
    for i, code in enumerate(sorted(SETS)):
        text, name, part = _deck_with(code)
        (folder / f"{i:02d}-{code}.meccg").write_text(text, encoding="utf-8")
        rows.append([code, text])
        expected[code] = (name, part)
    with open(sheet, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    by_file = {f"{i:02d}-{code}.meccg": code for i, code in enumerate(sorted(SETS))}

    done = _deckcheck("validate", "-q", "--output", "json", str(folder))
    assert done.returncode == 1
    decks = json.loads(done.stdout)["decks"]
    assert len(decks) == len(SETS)
    for deck in decks:
        code = by_file[Path(deck["path"]).name]
        [message] = [v["message"] for v in deck["violations"] if v["code"] == "not-in-pool"]
        assert _says_the_set(message, code, *expected[code]), message

    done = _deckcheck("batch", "--output", "json", str(sheet))
    assert done.returncode == 1
    results = json.loads(done.stdout)["results"]
    assert len(results) == len(SETS)
    for row in results:
        [message] = [v["message"] for v in row["violations"] if v["code"] == "not-in-pool"]
        assert row["status"] == "illegal" and _says_the_set(message, row["player"], *expected[row["player"]])

    schema = json.loads((PROJECT / "deckcheck" / "schemas" / "meta.schema.json").read_text(encoding="utf-8"))
    for source, code_of in ((folder, lambda deck: by_file[Path(deck).name]), (sheet, lambda player: player)):
        done = _deckcheck("meta", "--output", "json", str(source))
        assert done.returncode == 0, done.stderr
        field = json.loads(done.stdout)
        jsonschema.validate(field, schema)
        assert field["decks"] == len(SETS) and len(field["not_in_pool"]) == len(SETS)
        for line in field["not_in_pool"]:
            code = code_of(line["deck"])
            name, part = expected[code]
            assert (line["card"], line["part"], line["set_code"], line["set"]) == (name, part, code.upper(), SETS[code])
            assert _says_the_set(line["message"], code, name, part), line["message"]
        # the card is in the field as that set's card, never as the ICE card of its name nor a name unknown
        outside = {(c["name"], c["not_in_pool"]) for c in field["cards"] if c["not_in_pool"]}
        assert outside == {(expected[code][0], code.upper()) for code in SETS}
        assert not any(c["card_id"] is None and not c["not_in_pool"] for c in field["cards"])


# ---- a card of such a set named without its code ----------------------------------------------------------------

@needs_gccg
def test_the_names_file_is_what_the_importer_makes_of_the_xml_and_fits_its_schema():
    made = dump_names(import_gccg_names(GCCG_XML))
    assert made == (Path(CARD_DB) / NAMES_FILE).read_text(encoding="utf-8"), \
        "card_db/set_names.json is stale: rebuild it with deckcheck.cards.set_codes.import_gccg_names"
    document = json.loads(made)
    jsonschema.validate(document, json.loads((Path(CARD_DB) / "set_names.schema.json").read_text(encoding="utf-8")))
    # every card of the XML is named (2,561 cards; a name printed in two sets is one name with two codes)
    assert sum(len(codes) for codes in document["names"].values()) <= 2561 < 2 * len(document["names"])


def test_a_name_no_ice_card_has_but_a_dream_card_has_is_not_in_pool_naming_the_set():
    deck = parse_text(LEGAL.replace(LINE, "1 Thorin"), path="thorin.meccg")
    verdict = validate(deck, ruleset="coe")
    [found] = [v for v in verdict.violations if v.code == "not-in-pool"]
    assert found.message == ("Thorin is the name of no ICE card but of a card of the dream-card set Durin's Folk "
                             "(DF): not of the ICE card pool (or the ICE card 'Thorin II' misspelt?) (in pool)")
    assert not verdict.legal and not any(v.code == "unknown-card" for v in verdict.violations)
    # never read as the ICE card it nearly spells (before: a near miss, Thorin II)
    assert not any(e.card is not None and e.card.name == "Thorin II" for e in deck.entries) and not verdict.readings
    # -v's line of how the deck was read counts it as such a card, not as a name that is no card
    from deckcheck.decklist.content import read_summary

    summary = read_summary(deck)
    assert "1 copy of cards outside the ICE card pool" in summary and "names that are no card" not in summary


def test_an_ice_name_that_a_dream_card_shares_is_the_ice_card():
    # "Crebain" is also a card of a dream-card set: without a code, the ICE card (the pool the rulesets judge)
    from deckcheck.cards.set_codes import sets_of_name

    assert sets_of_name("Crebain")
    deck = parse_text(LEGAL.replace("3 Crebain (TW)", "3 Crebain"), path="crebain.meccg")
    assert validate(deck, ruleset="coe").legal and any(e.card and e.card.name == "Crebain" for e in deck.entries)


ARDA = DECKS / "meccg-online" / "Arda_Decks_(removed)" / "The Nine.meccg"


@pytest.mark.skipif(not ARDA.is_file(), reason=f"needs the real decklist {ARDA} (../shared is absent)")
def test_a_real_pool_of_dream_cards_stripped_of_its_set_codes_still_names_their_sets():
    """An Arda pool with dream cards, its set codes left out as a player types it: each dream card whose name no
    ICE card has is still not-in-pool naming its set, not an unknown name (nor a refused text)."""
    import re

    written = ARDA.read_text(encoding="utf-8")
    original = validate(parse_text(written, path=ARDA.name), ruleset="coe")
    outside = {v.card.casefold() for v in original.violations if v.code == "not-in-pool"}
    bare = re.sub(r" \(([A-Za-z0-9]{2,4})\)(?=\s*$)", "", written, flags=re.M)
    assert bare != written
    verdict = validate(parse_text(bare, path=ARDA.name), ruleset="coe")
    by_name = {v.card.casefold(): v.message for v in verdict.violations if v.code == "not-in-pool"}
    assert by_name and set(by_name) <= outside
    assert all("is the name of no ICE card but of a card of" in message for message in by_name.values())
    # judged as the original: the same errors (before: unknown-card for every such name, and no not-in-pool)
    assert {v.code for v in verdict.violations if v.severity == "error"} == \
        {v.code for v in original.violations if v.severity == "error"}
