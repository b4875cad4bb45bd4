"""The minor rows of issue 20's attack campaign, each as it was found: an xlsx part with a DOCTYPE, a cell ref of
eight digits, a closed standard input, --allow-outside quoting any file into the shared results, the shipped
schemas refusing the tool's own output, `simulate - --against -`, and `matchups DIR` stopping at a file that
`meta DIR` leaves out. (The output rows -- the race, `-o -` -- are in test_outputs.py; the environment value in
test_settings.py.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest

from deckcheck.batch import read_registrations
from deckcheck.datafiles import schema_path
from tests._shared import run_main
from tests.fixtures import attacks

PROJECT = Path(__file__).resolve().parents[1]
EXAMPLES = PROJECT / "examples"
LEGAL = EXAMPLES / "wizard-legal.meccg"


def run_process(*argv, cwd=None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *argv], capture_output=True, text=True, cwd=cwd,
                          timeout=120, **kwargs)


# ---------------------------------------------------------------- xlsx parts


@pytest.mark.parametrize("part", ["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/worksheets/sheet1.xml"])
def test_an_xlsx_part_with_a_doctype_is_one_line(tmp_path, capsys, part):
    """expat's own errors have a code; the one raised for a DTD had none: 'ExpatError' object has no attribute
    'code', an internal error."""
    source, path = zipfile.ZipFile(EXAMPLES / "registrations.xlsx"), tmp_path / "r.xlsx"
    with zipfile.ZipFile(path, "w") as out:
        for name in source.namelist():
            data = source.read(name)
            if name == part:
                data = re.sub(rb"^(<\?xml[^>]*\?>)?", lambda m: (m.group(1) or b"") + b'<!DOCTYPE x [<!ENTITY a "b">]>',
                              data, count=1)
            out.writestr(name, data)
    code, _, err = run_main(capsys, "batch", str(path))
    assert code == 2 and "internal error" not in err, err
    where = "sheet 'Registrations': " if "worksheets" in part else ""
    assert err == (f"deckcheck: {path}: not a readable .xlsx workbook ({where}a DTD in a workbook part (refused: no "
                   f"entity is ever expanded))\n"), err


def test_a_cell_ref_with_a_long_row_number_keeps_its_column(tmp_path):
    """<c r="C10000000">: the ref did not match (at most 7 digits), so the cell was taken for the column after
    the last one (B -> the deck moved under 'E-mail')."""
    header = attacks.row_xml(1, ["Player", "Deck", "E-mail"])
    row = (b'<row r="2"><c r="A2" t="inlineStr"><is><t>Ann</t></is></c>'
           b'<c r="C10000000" t="inlineStr"><is><t>ann@example.org</t></is></c></row>')
    table = read_registrations(attacks.write_workbook(tmp_path / "r.xlsx", [[header, row]]))
    [reg] = table.registrations
    assert (reg.player, reg.deck, reg.extras) == ("Ann", "", {"E-mail": "ann@example.org"})


def test_a_cell_ref_past_the_last_column_is_dropped_whatever_its_length(tmp_path):
    header = attacks.row_xml(1, ["Player", "Deck"])
    row = (b'<row r="2"><c r="A2" t="inlineStr"><is><t>Ann</t></is></c>'
           b'<c r="B2" t="inlineStr"><is><t>ann.meccg</t></is></c>'
           b'<c r="ABCDEFGHIJ2" t="inlineStr"><is><t>x</t></is></c></row>')
    [reg] = read_registrations(attacks.write_workbook(tmp_path / "r.xlsx", [[header, row]])).registrations
    assert (reg.player, reg.deck, reg.extras) == ("Ann", "ann.meccg", {})


# ---------------------------------------------------------------- standard input


@pytest.mark.skipif(os.name != "posix", reason="closing a child's standard input needs POSIX")
@pytest.mark.parametrize("argv", [["validate", "-"], ["stats", "-"], ["show", "-"], ["meta", "-"]])
def test_a_closed_standard_input_is_one_line(argv):
    done = run_process(*argv, preexec_fn=lambda: os.close(0))
    assert done.returncode == 2 and "internal error" not in done.stderr, done.stderr
    assert "deckcheck: <stdin>: standard input is closed: nothing to read" in done.stderr


def test_simulate_reading_standard_input_twice_says_so(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(LEGAL.read_bytes())))
    code, out, err = run_main(capsys, "simulate", "-", "--against", "-", "--games", "2")
    assert code == 2 and out == ""
    assert err == "deckcheck: standard input can be read only once: give a file for DECK or OPPONENT\n"


# ---------------------------------------------------------------- --allow-outside

SECRETS = ["hunter2-the-password", "API_KEY=abcd1234", "Turn 2: play the Balrog secretly"]


@pytest.mark.parametrize("suffix", ["json", "csv", "xlsx"])
def test_allow_outside_never_quotes_a_file_into_the_results(tmp_path, capsys, suffix):
    """With --allow-outside a row may name any file of the machine; the results (shared with the players) keep
    the cards it names and not one line of its other text."""
    (tmp_path / "secret.txt").write_text(f"{SECRETS[0]}\n{SECRETS[1]}\n3 Gandalf\n{SECRETS[2]}\n", encoding="utf-8")
    (tmp_path / "binary.dat").write_bytes(b"\x00\x01" + SECRETS[0].encode() + b"\xff" * 64)
    reg = tmp_path / "reg"
    reg.mkdir()
    (reg / LEGAL.name).write_bytes(LEGAL.read_bytes())
    (reg / "r.csv").write_text(f"Player,Deck\nMal,../secret.txt\nBin,../binary.dat\nAnn,{LEGAL.name}\n",
                               encoding="utf-8")
    out = tmp_path / f"results.{suffix}"
    code, _, err = run_main(capsys, "batch", str(reg / "r.csv"), "--allow-outside", "-o", str(out))
    assert code == 1, err
    if suffix == "xlsx":
        from openpyxl import load_workbook

        text = "\n".join(str(c) for ws in load_workbook(out) for row in ws.iter_rows(values_only=True) for c in row)
    else:
        text = "".join(p.read_text(encoding="utf-8-sig") for p in tmp_path.glob("results*"))
    for secret in SECRETS:
        assert secret not in text and secret not in err, secret
    assert "outside the registrations folder" in text
    assert ("Gandalf" in text) is (suffix != "csv")       # the cards it names are kept (CSV lists no cards)
    if suffix == "json":
        mal = json.loads(out.read_text())["results"][0]
        assert mal["deck_name"] is None and mal["status"] == "illegal"


def test_a_deck_outside_read_with_allow_outside_is_still_judged(tmp_path, capsys):
    (tmp_path / "deck.meccg").write_bytes(LEGAL.read_bytes())
    reg = tmp_path / "reg"
    reg.mkdir()
    (reg / "r.csv").write_text("Player,Deck\nAnn,../deck.meccg\n", encoding="utf-8")
    code, out, err = run_main(capsys, "batch", str(reg / "r.csv"), "--allow-outside")
    assert code == 0, err
    assert json.loads(out)["results"][0]["status"] == "legal"


# ---------------------------------------------------------------- the schemas accept the tool's own output


def _validator(kind: str):
    schema = json.loads(schema_path(kind).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def test_a_deck_of_more_than_500_copies_of_a_card_converts_to_json_that_fits_and_reads_back(tmp_path, capsys):
    """Two lines of 300 Dodge merge into 600: `convert` wrote a count its own schema (and reader) refuse."""
    deck = tmp_path / "many.txt"
    deck.write_text("Characters\n3 Gandalf\nResources\n300 Dodge\n300 Dodge\n", encoding="utf-8")
    out = tmp_path / "many.json"
    code, _, err = run_main(capsys, "convert", str(deck), "-o", str(out))
    assert code == 0, err
    document = json.loads(out.read_text())
    assert list(_validator("deck").iter_errors(document)) == []
    code, _, err = run_main(capsys, "convert", "--check", str(out))
    assert code == 0, err
    code, shown, err = run_main(capsys, "show", str(out), "--output", "json")
    dodge = [e for e in json.loads(shown)["parts"]["resources"] if e["name"] == "Dodge"]
    assert sum(e["count"] for e in dodge) == 600 and all(e["count"] <= 500 for e in dodge)


def test_simulate_json_with_a_card_fetched_from_the_sideboard_fits_its_schema(tmp_path, capsys):
    """A Ringwraith deck with Sudden Call only in its sideboard fetches it at an exhaustion (coe 2.4): held in
    hand, it is stuck_in_hand with 0 copies in the play deck, which the schema refused (minimum 1)."""
    text = (EXAMPLES / "ringwraith-legal.meccg").read_text(encoding="utf-8")
    marker = "#########\nSideboard\n#########\n\n"
    assert marker in text
    deck = tmp_path / "rw.meccg"
    deck.write_text(text.replace(marker, marker + "1 Sudden Call (LE)\n", 1), encoding="utf-8")
    code, out, err = run_main(capsys, "simulate", str(deck), "--games", "60", "--turns", "30", "--output", "json")
    assert code == 0, err
    document = json.loads(out)
    assert any(row["copies"] == 0 for row in document["stuck_in_hand"]), document["stuck_in_hand"]
    assert list(_validator("simulate").iter_errors(document)) == []


# ---------------------------------------------------------------- matchups DIR as meta DIR


def test_matchups_of_a_folder_leaves_out_a_file_that_is_no_deck_as_meta_does(tmp_path, capsys):
    field = tmp_path / "field"
    field.mkdir()
    for name in ("wizard-legal.meccg", "balrog-legal.meccg"):
        (field / name).write_bytes((EXAMPLES / name).read_bytes())
    with open(field / "huge.txt", "wb") as fh:          # past the 1 MB any decklist holds
        fh.truncate(2 * 1024 * 1024)
    said = f"deckcheck: {field / 'huge.txt'}: file is larger than 1 MB; not a decklist; left out\n"
    code, _, err = run_main(capsys, "meta", str(field))
    assert said in err
    code, out, err = run_main(capsys, "matchups", str(field), "--games", "2", "--jobs", "1", "--output", "json")
    assert code == 0, err
    assert said in err
    assert len(json.loads(out)["decks"]) == 2
    # a deck named one by one must be read: there it is still an error
    code, _, err = run_main(capsys, "matchups", str(field / "wizard-legal.meccg"), str(field / "huge.txt"),
                            "--games", "2", "--jobs", "1")
    assert code == 2 and "file is larger than 1 MB" in err
