"""`deckcheck meta`: the ten ICE Challenge Decks (5 Wizard, 5 Ringwraith) counted card by card against the decklist
files' own lines; JSON against its schema; xlsx with native charts; a registrations sheet; the batch's Metagame
sheets; pandas only where it is used."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from collections import Counter, defaultdict
from importlib.resources import files
from pathlib import Path

import jsonschema
import openpyxl
import pytest

from deckcheck.cards.names import fold
from deckcheck.decklist import read_deck
from deckcheck.decklist.content import canonical_id
from deckcheck.decklist.model import PART_ORDER
from deckcheck.rules import validate
from tests._shared import DECKS, PROJECT, needs_decks

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
# "3 Doors of Night (TW)", "1 Gandalf [H] (TW)": a card line of the GCCG 0.9.4 files
CARD_LINE = re.compile(r"^(\d+) (.+?)(?: \[[HMFB]\])? \((\w\w)\)\s*$")


def run(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", timeout=300, cwd=PROJECT)


def meta_schema() -> dict:
    return json.loads((files("deckcheck") / "schemas" / "meta.schema.json").read_text(encoding="utf-8"))


def counted_in_the_files() -> tuple[Counter, Counter]:
    """(copies, decks) per folded card name, read from the files' card lines with a regular expression."""
    copies, decks = Counter(), Counter()
    for path in sorted(CHALLENGE.iterdir()):
        seen = set()
        for line in path.read_text(encoding="latin-1").splitlines():
            match = CARD_LINE.match(line)
            if match:
                name = fold(match.group(2))
                copies[name] += int(match.group(1))
                seen.add(name)
        decks.update(seen)
    return copies, decks


@pytest.fixture(scope="module")
def challenge_meta() -> dict:
    result = run("meta", CHALLENGE, "--output", "json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@needs_decks
def test_the_challenge_decks_are_5_wizard_and_5_ringwraith(challenge_meta):
    assert challenge_meta["decks"] == 10
    assert challenge_meta["alignments"] == {"ringwraith": 5, "wizard": 5}
    assert challenge_meta["avatars"] == {name: 1 for name in (
        "Adûnaphel the Ringwraith", "Alatar", "Dwar the Ringwraith", "Gandalf", "Hoarmûrath the Ringwraith",
        "Indûr the Ringwraith", "Pallando", "Radagast", "Saruman", "The Witch-king")}


@needs_decks
def test_card_counts_match_the_decklist_files(challenge_meta):
    copies, decks = counted_in_the_files()
    assert sum(copies.values()) > 1000
    meta_copies, meta_decks = Counter(), defaultdict(int)
    for card in challenge_meta["cards"]:
        meta_copies[fold(card["name"])] += card["copies"]
    assert meta_copies == copies
    # per card and part: decks and copies as the decks read them
    by_part: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    for path in CHALLENGE.iterdir():
        deck = read_deck(path)
        in_deck = Counter()
        for entry in deck.entries:
            in_deck[(entry.part.value, canonical_id(entry.card))] += entry.count
        for key, n in in_deck.items():
            by_part[key][0] += 1
            by_part[key][1] += n
    assert len(by_part) == len(challenge_meta["cards"])
    for card in challenge_meta["cards"]:
        meta_decks[fold(card["name"])] = max(meta_decks[fold(card["name"])], card["decks"])
        assert [card["decks"], card["copies"]] == by_part[(card["part"], card["card_id"])], card
    # a card in two parts of one deck is still one deck playing it
    assert all(meta_decks[name] <= decks[name] for name in decks)
    twilight = {c["part"]: (c["decks"], c["copies"]) for c in challenge_meta["cards"] if c["name"] == "Twilight"}
    assert twilight == {"hazards": (10, 20), "sideboard": (10, 10)}


@needs_decks
def test_composition_is_the_mean_of_each_alignment(challenge_meta):
    sums: dict[str, Counter] = defaultdict(Counter)
    for path in CHALLENGE.iterdir():
        deck = read_deck(path)
        sums[deck.alignment].update({p.value: deck.count(p) for p in PART_ORDER if deck.count(p)})
    for alignment, total in sums.items():
        assert challenge_meta["composition"][alignment] == {p: round(n / 5, 2) for p, n in total.items()}
    # as INDEX.md counts them: Wizard pools 7 6 7 6 6, Ringwraith characters 9 10 10 9 11
    assert challenge_meta["composition"]["wizard"]["pool"] == 6.4
    assert challenge_meta["composition"]["ringwraith"]["characters"] == 9.8


@needs_decks
def test_json_fits_its_schema_and_says_the_legal_rate_when_validated(challenge_meta):
    jsonschema.validate(challenge_meta, meta_schema())
    assert challenge_meta["schema"] == "deckcheck/meta/1" and challenge_meta["legal"] == {}
    result = run("meta", CHALLENGE, "--output", "json", "--validate", "--length", "3")
    document = json.loads(result.stdout)
    jsonschema.validate(document, meta_schema())
    verdicts = defaultdict(list)
    for path in CHALLENGE.iterdir():
        deck = read_deck(path)
        verdicts[deck.alignment].append(validate(deck, length=3).legal)
    assert document["legal"] == {a: {"validated": len(v), "legal": sum(v), "rate": round(sum(v) / len(v), 4)}
                                 for a, v in sorted(verdicts.items(), key=lambda kv: kv[0])}


@needs_decks
def test_text_report_lists_the_top_cards_and_says_how_many_more(tmp_path):
    result = run("meta", CHALLENGE, "--top", "5")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Metagame: 10 decks"
    assert "ringwraith      5  50.0%" in lines and "wizard          5  50.0%" in lines
    assert "   10      20  hazards    Twilight (TW-106)" in lines
    assert lines[-1].startswith("... ") and "more cards: --top 0 lists them all" in lines[-1]


@needs_decks
def test_xlsx_has_native_charts_and_prints_one_page_wide(tmp_path):
    out = tmp_path / "meta.xlsx"
    assert run("meta", CHALLENGE, "-o", out, "--validate").returncode == 0
    with zipfile.ZipFile(out) as archive:
        charts = [n for n in archive.namelist() if n.startswith("xl/charts/chart")]
    assert len(charts) == 3
    workbook = openpyxl.load_workbook(out)
    assert workbook.sheetnames == ["Metagame", "Metagame cards"]
    cards = list(workbook["Metagame cards"].iter_rows(values_only=True))
    assert cards[0] == ("card", "card id", "part", "decks", "share of decks", "copies")
    assert cards[1] == ("Twilight", "TW-106", "hazards", 10, 1, 20)
    for sheet in workbook.worksheets:
        assert (sheet.page_setup.orientation, sheet.page_setup.fitToWidth) == ("landscape", 1)
    assert run("meta", CHALLENGE, "-o", out).returncode == 2          # exists: --force to replace it


def test_a_registrations_sheet_is_read_as_batch_reads_it(tmp_path):
    result = run("meta", "examples/registrations.xlsx", "--output", "json")
    # one row names a deck file that does not exist: said, left out; the report is written: exit 0, never 2
    assert result.returncode == 0
    assert "Forgetful Fredegar" in result.stderr and "left out" in result.stderr
    document = json.loads(result.stdout)
    jsonschema.validate(document, meta_schema())
    assert document["decks"] == 8
    assert sum(v["validated"] for v in document["legal"].values()) == 8


def test_batch_writes_the_same_metagame_sheets(tmp_path):
    out = tmp_path / "results.xlsx"
    meta = tmp_path / "meta.xlsx"
    run("batch", "examples/registrations.xlsx", "-o", out)
    run("meta", "examples/registrations.xlsx", "-o", meta)
    batch_book, meta_book = openpyxl.load_workbook(out), openpyxl.load_workbook(meta)
    assert batch_book.sheetnames[-2:] == ["Metagame", "Metagame cards"]
    for name in ("Metagame", "Metagame cards"):
        assert list(batch_book[name].values) == list(meta_book[name].values)


def test_input_errors(tmp_path):
    missing = run("meta", tmp_path / "missing.meccg")
    assert missing.returncode == 2 and "no such file" in missing.stderr and "Traceback" not in missing.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("meta", empty)
    assert result.returncode == 2 and "no deck files in this folder" in result.stderr
    assert run("meta", "examples/wizard-legal.meccg", "--output", "xlsx").returncode == 2    # xlsx needs -o
    clash = run("meta", "examples/wizard-legal.meccg", "-o", tmp_path / "m.json", "--output", "html")
    assert clash.returncode == 2 and "the name says json" in clash.stderr


def test_a_link_in_a_folder_is_not_followed(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "legal.meccg").write_bytes((PROJECT / "examples" / "wizard-legal.meccg").read_bytes())
    (folder / "outside.meccg").symlink_to(PROJECT / "examples" / "ringwraith-legal.meccg")
    document = json.loads(run("meta", folder, "--output", "json").stdout)
    assert document["alignments"] == {"wizard": 1}


@pytest.mark.parametrize("args, loads_pandas", [
    (["meta", "examples/wizard-legal.meccg"], True),
    (["diff", "examples/wizard-legal.meccg", "examples/wizard-illegal.meccg"], False),
    (["show", "examples/wizard-legal.meccg"], False),
    (["validate", "examples/wizard-legal.meccg"], False),
    (["sheet", "examples/wizard-legal.meccg"], False),
    (["batch", "examples/registrations.csv", "--output", "json"], False),   # the Metagame sheets are xlsx only
])
def test_pandas_is_loaded_only_by_the_commands_that_use_it(args, loads_pandas):
    probe = ("import sys\nfrom deckcheck.cli import main\n"
             f"try:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
             "print('PANDAS', 'pandas' in sys.modules, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=PROJECT, timeout=60)
    assert f"PANDAS {loads_pandas}" in result.stderr, result.stderr



def test_files_that_are_no_decklist_by_their_suffix_are_skipped_and_named():
    result = run("meta", "examples", "--output", "json")
    assert result.returncode == 0, result.stderr
    assert ("skipped 3 file(s) that are no decklist: make_registrations.py, registrations.csv, registrations.xlsx"
            in result.stderr)
    assert json.loads(result.stdout)["decks"] == 9   # the eight .meccg examples and the Spanish list
    # a misspelt name counted as the card it nearly spells is said, as a name that is no card is
    assert ("deckcheck: examples/wizard-legal-es.txt: 1 misspelt name read as the card it nearly spells; "
            "deckcheck show lists them") in result.stderr


def test_a_file_named_twice_counts_once_and_standard_input_is_a_deck():
    legal, illegal = "examples/wizard-legal.meccg", "examples/ringwraith-legal.meccg"
    result = run("meta", legal, "examples", "./" + legal, "--output", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["decks"] == 9                       # the folder's 9 decks, not 11
    assert "deckcheck: named more than once, counted once: examples/wizard-legal.meccg (3 times)" in result.stderr
    piped = subprocess.run([sys.executable, "-m", "deckcheck", "meta", "-", illegal, "--output", "json"],
                           input=(PROJECT / legal).read_text(encoding="utf-8"), capture_output=True, text=True,
                           encoding="utf-8", cwd=PROJECT, timeout=120)
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout)["alignments"] == {"ringwraith": 1, "wizard": 1}


def test_an_alignment_given_by_the_sheet_keeps_the_decks_avatar():
    # examples/registrations.csv gives the alignment of four rows in its Alignment column: their decks' avatars
    # (Gandalf, The Witch-king, Saruman as a Fallen-wizard, The Balrog) are still counted, not "(none)"
    document = json.loads(run("meta", "examples/registrations.csv", "--output", "json").stdout)
    assert document["avatars"] == {"Gandalf": 3, "The Witch-king": 3, "Saruman": 1, "The Balrog": 1}
    text = run("meta", "examples/registrations.csv").stdout.splitlines()
    assert "Saruman         fallen-wizard      1  12.5%" in text


def test_an_avatar_played_by_two_alignments_is_listed_with_both(tmp_path):
    from deckcheck.analysis.meta import build_meta

    records = [{"alignment": a, "avatar": v, "legal": None, "cards": []}
               for a, v in (("wizard", "Saruman"), ("wizard", "Saruman"), ("fallen-wizard", "Saruman"),
                            ("ringwraith", None), ("balrog", None))]
    meta = build_meta(records)
    assert meta.avatar_alignments == {"Saruman": "wizard, fallen-wizard", "(none)": "balrog, ringwraith"}


def test_the_report_never_replaces_a_deck_it_read(tmp_path):
    # -o naming a deck inside a folder given, or a deck a registrations sheet names: one line, exit 2, --force or
    # not, and the deck as it was (it was replaced by the JSON report)
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = folder / "legal.meccg"
    text = (PROJECT / "examples" / "wizard-legal.meccg").read_bytes()
    deck.write_bytes(text)
    sheet = tmp_path / "registrations.csv"
    sheet.write_text("Player,Deck\nAnn,decks/legal.meccg\n", encoding="utf-8")
    for source in (folder, sheet):
        result = run("meta", source, "-o", deck, "--output", "json", "--force")
        assert result.returncode == 2, result.stderr
        assert "an input of this command; the input is never overwritten" in result.stderr
        assert result.stderr.count("\n") == 1 and deck.read_bytes() == text


def test_a_folder_that_cannot_be_read_is_an_input_error_not_an_empty_folder(tmp_path, monkeypatch):
    # os.walk passes over a folder it cannot list; meta said "no deck files in this folder" and counted nothing.
    # (As root no permission bit stops a read, so the refusal is made where os.walk lists a folder.)
    import os

    from deckcheck.batch.meta_command import _deck_files
    from deckcheck.errors import DeckcheckError

    folder = tmp_path / "decks"
    (folder / "closed").mkdir(parents=True)
    (folder / "a.meccg").write_text((PROJECT / "examples" / "wizard-legal.meccg").read_text(encoding="utf-8"),
                                    encoding="utf-8")
    real_scandir = os.scandir

    def scandir(path="."):
        if Path(path).name == "closed":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(DeckcheckError) as refused:
        _deck_files(folder)
    assert refused.value.one_line() == f"{folder / 'closed'}: cannot read this folder: Permission denied"
    monkeypatch.setattr(os, "scandir", real_scandir)
    assert _deck_files(folder) == [folder / "a.meccg"]
