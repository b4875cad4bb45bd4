"""batch and meta read the same registrations sheets, the way organizers make them: a Forms export whose deck
question mentions a file name, a title row above the header (an error quotes the row taken for the header, not
the title), and meta taking batch's --player-column, --deck-column, --decks-dir and --allow-outside."""

from __future__ import annotations

import csv
import json

import openpyxl
import pytest

from deckcheck.batch.registrations import read_registrations
from deckcheck.errors import DeckcheckError
from tests._shared import PROJECT, run_main

LEGAL = (PROJECT / "examples" / "wizard-legal.meccg").read_text(encoding="utf-8")
ILLEGAL = (PROJECT / "examples" / "wizard-illegal.meccg").read_text(encoding="utf-8")
FORMS_DECK = "Paste your decklist here (or the file name)"


def write_csv(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_a_forms_deck_question_that_mentions_a_file_name_is_the_deck_column(capsys, tmp_path, suffix):
    (tmp_path / "bob.meccg").write_text(ILLEGAL, encoding="utf-8")
    rows = [["Lucca Open 2026 — registrations"], ["Timestamp", "Your name", FORMS_DECK],
            ["2026/11/29 10:02", "Ann", LEGAL], ["2026/11/29 10:05", "Bob", "bob.meccg"]]
    path = tmp_path / f"form{suffix}"
    if suffix == ".csv":
        write_csv(path, rows)
    else:
        book = openpyxl.Workbook()
        for row in rows:
            book.active.append(row)
        book.save(path)
    ann, bob = read_registrations(path).registrations
    assert (ann.player, ann.deck_is_pasted, bob.player, bob.deck) == ("Ann", True, "Bob", "bob.meccg")
    code, out, _ = run_main(capsys, "batch", "--output", "json", str(path))
    statuses = {r["player"]: r["status"] for r in json.loads(out)["results"]}
    assert code == 1 and statuses == {"Ann": "legal", "Bob": "illegal"}
    code, out, _ = run_main(capsys, "meta", "--output", "json", str(path))
    assert code == 0 and json.loads(out)["decks"] == 2


def test_a_deck_name_question_is_still_no_deck_column(tmp_path):
    path = tmp_path / "form.csv"
    write_csv(path, [["Your name", "Deck name (or its file name)"], ["Ann", "Dwarves"]])
    with pytest.raises(DeckcheckError, match="no sheet has a header row"):
        read_registrations(path)


def test_the_error_quotes_the_row_taken_for_the_header_not_the_title_above_it(tmp_path):
    path = tmp_path / "form.csv"
    write_csv(path, [["Lucca Open 2026 — registrations"], ["Your name", "Your list"], ["Ann", "1 Gandalf"]])
    with pytest.raises(DeckcheckError) as raised:
        read_registrations(path)
    message = raised.value.message
    assert "row 2: 'Your name', 'Your list'; it names player but no deck column" in message
    assert "Lucca Open" not in message


def test_meta_takes_the_column_and_folder_options_batch_takes(capsys, tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "ann.meccg").write_text(LEGAL, encoding="utf-8")
    (decks / "bob.meccg").write_text(ILLEGAL, encoding="utf-8")
    sheet_dir = tmp_path / "sheets"
    sheet_dir.mkdir()
    sheet = sheet_dir / "inscriptions.csv"
    write_csv(sheet, [["Nom et prénom", "Ma liste"], ["Ann", "ann.meccg"], ["Bob", "bob.meccg"]])
    named = ["--player-column", "Nom et prénom", "--deck-column", "B", "--decks-dir", str(decks)]
    code, _, err = run_main(capsys, "meta", str(sheet))
    assert code == 2 and "--player-column" in err          # no alias names these headers: said, as batch says it
    code, out, err = run_main(capsys, "meta", "--output", "json", *named, str(sheet))
    assert code == 0, err
    assert json.loads(out)["decks"] == 2
    code, out, _ = run_main(capsys, "batch", "--output", "json", *named, str(sheet))
    assert {r["player"]: r["status"] for r in json.loads(out)["results"]} == {"Ann": "legal", "Bob": "illegal"}
    # a path out of the folder is refused, as in batch, unless --allow-outside
    (tmp_path / "elsewhere.meccg").write_text(LEGAL, encoding="utf-8")
    write_csv(sheet, [["player", "deck"], ["Ann", str(tmp_path / "elsewhere.meccg")], ["Bob", "bob.meccg"]])
    code, out, err = run_main(capsys, "meta", "--output", "json", "--decks-dir", str(decks), str(sheet))
    assert json.loads(out)["decks"] == 1 and "Ann" in err and "left out" in err
    code, out, _ = run_main(capsys, "meta", "--output", "json", "--decks-dir", str(decks), "--allow-outside",
                            str(sheet))
    assert code == 0 and json.loads(out)["decks"] == 2
    code, _, err = run_main(capsys, "meta", "--decks-dir", str(tmp_path / "none"), str(sheet))
    assert code == 2 and "no such folder (--decks-dir)" in err
