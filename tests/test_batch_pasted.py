"""Batch input as organizers get it: the header words they use, columns named by hand, and decks pasted into cells
recognised by what they hold (with deckcheck's real reader and rules)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from deckcheck.batch import Registration, read_registrations, run_batch
from deckcheck.batch.registrations import looks_like_path
from deckcheck.batch.runner import Settings
from deckcheck.errors import DeckcheckError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LEGAL = (EXAMPLES / "wizard-legal.meccg").read_text(encoding="utf-8")
SPANISH = (EXAMPLES / "wizard-legal-es.txt").read_text(encoding="utf-8")


def write_csv(path: Path, rows) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


@pytest.mark.parametrize("player,deck", [
    ("Name", "Deck"), ("Your name", "Deck list"), ("Nombre", "Mazo"), ("Jugador", "Lista"), ("Joueur", "Liste"),
    ("Spieler", "Deckliste"), ("Full name", "Upload your deck"), ("NAME", "Your decklist"),
    ("Nombre del jugador", "Pega aquí tu mazo"), ("Your name (as on your ID)", "Please upload your deck here"),
    ("Nom du joueur", "Liste de deck"), ("Nom du joueur", "Collez ici votre liste de deck"),
])
def test_the_header_words_organizers_use(tmp_path, player, deck):
    path = write_csv(tmp_path / "r.csv", [["Timestamp", player, "Nombre del mazo", deck], ["1", "Ann", "X", SPANISH]])
    (reg,) = read_registrations(path).registrations
    assert (reg.player, reg.deck) == ("Ann", SPANISH.strip("\n"))


def test_a_deck_name_column_is_never_the_deck(tmp_path):
    path = write_csv(tmp_path / "r.csv", [["Jugador", "Nombre del mazo"], ["Ann", "Enanos"]])
    with pytest.raises(DeckcheckError, match="no sheet has a header row with player and deck columns"):
        read_registrations(path)


def test_no_header_names_the_headers_seen_and_the_words_accepted(tmp_path):
    path = tmp_path / "r.xlsx"
    workbook = openpyxl.Workbook()
    workbook.active.title = "Inscripciones"
    workbook.active.append(["Participante n.º", "Lista para Lucca"])
    workbook.active.append(["Ann", "3 Glamdring"])
    workbook.save(path)
    with pytest.raises(DeckcheckError) as caught:
        read_registrations(path)
    message = caught.value.message
    assert "headers seen: sheet 'Inscripciones' row 1: 'Participante n.º', 'Lista para Lucca'" in message
    assert "for player: player, player name" in message and "deck: deck, decklist" in message
    assert message.endswith("or name them with --player-column and --deck-column")


def test_columns_named_by_hand_by_header_or_letter(tmp_path):
    path = write_csv(tmp_path / "r.csv", [["Participante n.º", "Lista para Lucca", "Bando"],
                                          ["Ann", SPANISH, "Héroe"]])
    (reg,) = read_registrations(path, columns={"player": "participante n.º", "deck": "B"}).registrations
    assert (reg.player, reg.deck_is_pasted) == ("Ann", True)
    with pytest.raises(DeckcheckError, match="--deck-column 'Lista' names no header there"):
        read_registrations(path, columns={"player": "Participante n.º", "deck": "Lista"})
    with pytest.raises(DeckcheckError, match="unknown column 'colour'"):
        read_registrations(path, columns={"colour": "A"})


@pytest.mark.parametrize("cell,path", [
    ("decks/ann.meccg", True), ("ann.meccg", True), ('"C:\\decks\\ann.dck"', True), ("ann.o8d", True),
    ("https://example.org/deck/1", True), ("\ufeff<?xml version='1.0'?><deck/>", False),
    ("   {\"parts\": {}}", False), ("[NetMECCG v1.4 Deck] [hazards] Twilight", False), ("3 Glamdring", False),
    ("Starting company: Aragorn II, Legolas", False), ("decks/" + "x" * 300 + ".meccg", False),
    ("1 Gandalf\n1 Bilbo", False), ("", False),
])
def test_a_cell_is_a_path_only_when_it_looks_like_one(cell, path):
    assert looks_like_path(cell) is path
    assert Registration(index=0, sheet="", row=2, player="Ann", deck=cell).deck_is_pasted is (not path)


def real_settings(base: Path) -> Settings:
    return Settings(base_dir=str(base), ruleset="coe")


def test_a_pasted_one_line_octgn_deck_with_a_byte_order_mark_is_read(tmp_path):
    xml = ("\ufeff<?xml version='1.0' encoding='utf-8'?><deck game='x'><section name='Characters'>"
           "<card qty='2' id='a'>Gandalf</card></section><section name='Resources'>"
           "<card qty='3' id='b'>Dodge</card></section></deck>")
    path = write_csv(tmp_path / "r.csv", [["Name", "Deck"], ["Ann", xml]])
    (ann,) = run_batch(read_registrations(path).registrations, real_settings(tmp_path))
    assert ann.status == "illegal" and ann.deck == "pasted decklist (1 line)"
    assert {v["code"] for v in ann.violations} >= {"resource-count"}
    assert not any(v["code"] == "internal-error" for v in ann.violations)


def test_a_failed_paste_never_lands_whole_in_the_results(tmp_path):
    junk = "  " + "<deck>" + "Z" * 5000
    too_long = "decks/" + "y" * 300 + ".meccg"       # longer than any path: pasted text
    path = write_csv(tmp_path / "r.csv", [["Name", "Deck"], ["Ann", junk], ["Bob", too_long]])
    for row in run_batch(read_registrations(path).registrations, real_settings(tmp_path)):
        assert row.status == "error" and row.deck == "pasted decklist (1 line)"
        assert all(len(v["message"]) < 300 for v in row.violations), row.violations


def test_a_one_line_cell_naming_a_deck_file_without_suffix_is_still_read(tmp_path):
    (tmp_path / "Stewards of Gondor").write_text(LEGAL, encoding="utf-8")
    path = write_csv(tmp_path / "r.csv", [["Name", "Deck"], ["Ann", "Stewards of Gondor"], ["Bob", "Nothing here"]])
    ann, bob = run_batch(read_registrations(path).registrations, real_settings(tmp_path))
    assert ann.status == "legal", ann.violations
    assert bob.status == "error" and bob.first_problem.startswith("unreadable-deck: pasted decklist")


def test_the_batch_command_maps_columns_by_hand(tmp_path):
    path = write_csv(tmp_path / "r.csv", [["Participante n.º", "Lista para Lucca"], ["Ann", SPANISH]])
    result = subprocess.run([sys.executable, "-m", "deckcheck", "batch", str(path), "--rules", "coe",
                             "--player-column", "Participante n.º", "--deck-column", "Lista para Lucca"],
                            capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)["results"]
    assert (row["player"], row["status"]) == ("Ann", "legal")
    without = subprocess.run([sys.executable, "-m", "deckcheck", "batch", str(path)], capture_output=True,
                             text=True, encoding="utf-8", timeout=120)
    assert without.returncode == 2 and "headers seen: row 1: 'Participante n.º', 'Lista para Lucca'" in without.stderr
