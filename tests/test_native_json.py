"""deckcheck's own JSON deck format reads fast and says the same: the reader checks by hand what it uses, against
the limits the schema gives (no jsonschema import on the way), falls back to the full schema's messages for a file
that breaks one of them, and `convert --check` checks the whole schema. benchmarks/bench_formats.py times it."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.decklist import native, parse_text, read_deck
from deckcheck.decklist.fingerprint import fingerprint
from deckcheck.decklist.writers import write_deck
from deckcheck.errors import DeckcheckError
from tests._shared import PROJECT, corpus_files, needs_decks, run_main

EXAMPLES = PROJECT / "examples"
WIZARD = EXAMPLES / "wizard-legal.meccg"
FULL = jsonschema.Draft202012Validator(native.schema())

# What the reader uses: these top-level keys, and these keys of an entry.
USED_TOP = {"schema", "format", "name", "player", "avatar", "notes", "alignment", "length", "parts"}
USED_ENTRY = {"count", "name", "card", "tag", "set", "written_in"}
UNUSED_TOP = {"version", "alignment_reason", "source", "counts", "diagnostics", "fingerprint"}
UNUSED_ENTRY = {"problem", "candidates", "suggestions", "lines"}


def deck_document(path=WIZARD) -> dict:
    return json.loads(write_deck(read_deck(path), "json"))


def used(error_path) -> bool:
    """Whether a schema error lies where the reader looks."""
    p = list(error_path)
    if not p:
        return True
    if p[0] not in USED_TOP:
        return False
    return p[0] != "parts" or len(p) <= 3 or p[3] in USED_ENTRY


def full_check_objects_where_the_reader_looks(doc) -> bool:
    return any(used(error.absolute_path) for error in FULL.iter_errors(doc))


# ---------------------------------------------------------------- the hand check is the schema, where it looks

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 600) | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([0, 1, 4, 5, 500, 501, 3.0, 2.5, "", "TW-1", "tw-12b", "TW-", "LE-145 ", "TW-١", "wizard",
                       "balrog", "Wizard", "pool", "deckcheck/deck/1", "deckcheck/deck/2", "deckcheck-deck"])
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6)


@st.composite
def mutated(draw) -> dict:
    doc = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "entry", "drop", "part", "entry-whole"]))
        parts = doc.get("parts") if isinstance(doc.get("parts"), dict) else None
        lists = [k for k, v in (parts or {}).items() if isinstance(v, list) and v]
        if where == "top":
            doc[draw(st.sampled_from(sorted(USED_TOP | UNUSED_TOP)))] = draw(JSON_VALUES)
        elif where == "drop":
            key = draw(st.sampled_from(["parts", "name", "count", "schema"]))
            if key in ("name", "count") and lists:
                entry = parts[draw(st.sampled_from(lists))][0]
                if isinstance(entry, dict):
                    entry.pop(key, None)
            else:
                doc.pop(key, None)
        elif where == "part" and parts is not None:
            parts[draw(st.sampled_from(["pool", "play", "sites", "Pool", "deck", "fw-sideboard"]))] = \
                draw(st.lists(st.just({"count": 1, "name": "Dodge"}), max_size=2) | JSON_VALUES)
        elif lists:
            entries = parts[draw(st.sampled_from(lists))]
            index = draw(st.integers(0, len(entries) - 1))
            if where == "entry-whole":
                entries[index] = draw(JSON_VALUES)
            elif isinstance(entries[index], dict):
                entries[index][draw(st.sampled_from(sorted(USED_ENTRY | UNUSED_ENTRY)))] = draw(JSON_VALUES)
    return doc


BASE = deck_document()


def test_what_deckcheck_writes_fits_the_hand_check_and_the_full_schema():
    assert native.fits_what_the_reader_uses(BASE)
    assert list(FULL.iter_errors(BASE)) == []


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(mutated())
def test_the_hand_check_agrees_with_the_schema_wherever_the_reader_looks(doc):
    assert native.fits_what_the_reader_uses(doc) == (not full_check_objects_where_the_reader_looks(doc))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(mutated())
def test_a_file_the_hand_check_refuses_reads_as_the_full_check_says(doc):
    """Whatever the mutation, reading never raises but for no card at all, and each problem the reader reports
    is one of the full schema's."""
    text = json.dumps(doc, indent=2)
    try:
        deck = parse_text(text, path="m.json", input_format="json")
    except DeckcheckError:
        return
    said = {d.message for d in deck.diagnostics if d.code == "schema"}
    if native.fits_what_the_reader_uses(doc):
        assert said == set()
    else:
        assert said and all(": " in message for message in said)


# ---------------------------------------------------------------- the same decks, read the same


@needs_decks
def test_every_real_deck_reads_back_from_json_as_the_same_deck():
    read = 0
    for path in corpus_files():
        try:
            deck = read_deck(path)
        except DeckcheckError:
            continue
        text = write_deck(deck, "json")
        doc = json.loads(text)
        assert native.fits_what_the_reader_uses(doc) and list(FULL.iter_errors(doc)) == [], path
        again = parse_text(text, path=f"{path.name}.json")
        assert fingerprint(again).value == fingerprint(deck).value, path
        assert [d for d in again.diagnostics if d.code == "schema"] == [], path
        read += 1
    assert read >= 100


def test_reading_a_json_deck_does_not_import_jsonschema(tmp_path):
    deck = tmp_path / "d.json"
    deck.write_text(write_deck(read_deck(WIZARD), "json"), encoding="utf-8")
    probe = ("import sys\nfrom deckcheck.cli import main\n"
             f"try:\n    main(['validate', {str(deck)!r}])\nexcept SystemExit as e:\n    code = e.code\n"
             "print('CODE', code, 'JSONSCHEMA', 'jsonschema' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=PROJECT, timeout=120)
    assert "CODE 0 JSONSCHEMA False" in result.stdout, result.stdout + result.stderr


def test_a_broken_used_key_gets_the_full_schemas_message_with_its_line():
    doc = copy.deepcopy(BASE)
    doc["parts"]["hazards"][1]["count"] = "many"
    doc["length"] = 7
    deck = parse_text(json.dumps(doc, indent=2), path="n.json")
    messages = sorted(d.message for d in deck.diagnostics if d.code == "schema")
    assert messages == ["length: 7 is greater than the maximum of 4",
                        "parts/hazards/1/count: 'many' is not of type 'integer'"]
    assert len(deck.entries) == len(read_deck(WIZARD).entries) - 1         # that entry only is left out


# ---------------------------------------------------------------- convert --check


def test_convert_check_finds_what_reading_passes_over(capsys, tmp_path):
    doc = copy.deepcopy(BASE)
    doc["counts"]["pool"] = -3                                  # a count of a part: the reader counts for itself
    doc["parts"]["pool"][0]["lines"] = ["x"]                   # an entry's source lines: shown, not read
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    code, _, err = run_main(capsys, "show", str(bad))
    assert code == 0 and "schema" not in err
    code, out, err = run_main(capsys, "convert", str(bad), "--check")
    assert code == 1 and out == ""
    assert "counts/pool: -3 is less than the minimum of 0 [schema]" in err
    assert "parts/pool/0/lines/0: 'x' is not of type 'integer' [schema]" in err
    assert err.rstrip().endswith(f"deckcheck: {bad}: 2 problems with deckcheck/deck/1")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(BASE, indent=2), encoding="utf-8")
    assert run_main(capsys, "convert", str(good), "--check") == (0, "", f"deckcheck: {good}: fits deckcheck/deck/1\n")


@pytest.mark.parametrize("argv, words", [
    (["convert", str(WIZARD), "--check"], "this file reads as gccg"),
    (["convert", "DECK.json", "--check", "--to", "gccg"], "--check only checks the deck: leave out --to and -o"),
])
def test_convert_check_is_for_json_decks_alone(capsys, argv, words):
    code, out, err = run_main(capsys, *argv)
    assert code == 2 and out == "" and words in err.splitlines()[-1]     # a usage error comes with click's usage


def test_a_damaged_deck_schema_is_one_line_and_exit_2(capsys, tmp_path, monkeypatch):
    deck = tmp_path / "d.json"
    deck.write_text(json.dumps(BASE), encoding="utf-8")
    for content, words in (("", "deck schema is not valid JSON"), ('{"properties": {}}', "deck schema lacks what"),
                           ('{"type": 12}', "deck schema is not a valid JSON Schema")):
        (tmp_path / "deck.schema.json").write_text(content, encoding="utf-8")
        monkeypatch.setattr(native, "schema_path", lambda kind: tmp_path / "deck.schema.json")
        for cached in (native.schema, native._limits, native._validator):
            cached.cache_clear()
        argv = ["convert", str(deck), "--check"] if "valid JSON Schema" in words else ["show", str(deck)]
        code, _, err = run_main(capsys, *argv)
        assert code == 2 and len(err.splitlines()) == 1 and words in err, err
    for cached in (native.schema, native._limits, native._validator):
        cached.cache_clear()
