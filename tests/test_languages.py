"""Card names in the other languages of the card data: imported as facts, read in decklists, loaded only when needed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from deckcheck.cards.catalog import CARD_DB, load_catalog
from deckcheck.cards.languages import dump_names, import_names_file, spellings
from deckcheck.cards.names import fold
from deckcheck.decklist import parse_text
from tests._shared import COE_CARDS, PROJECT, corpus_files, needs_coe, needs_decks

NAMES = json.loads((Path(CARD_DB) / "names.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_names_fit_their_schema_and_cover_every_language():
    schema = json.loads((Path(CARD_DB) / "names.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(NAMES, schema)
    found = {code for names in NAMES["names"].values() for code in names}
    assert found == {"es", "fr", "de", "it", "nl", "fi", "ja"}
    assert NAMES["names"]["TW-225"]["es"] == "Capa Élfica" and NAMES["names"]["TW-421"]["fr"] == "Fondcombe"


def test_names_are_facts_only():
    """Names, nothing else: short strings, no markup or links, and never a card's English name again."""
    cards = json.loads((Path(CARD_DB) / "cards.json").read_text(encoding="utf-8"))["cards"]
    english = {c["id"]: c["name"] for c in cards}
    for card_id, by_language in NAMES["names"].items():
        assert card_id in english
        for value in by_language.values():
            for name in [value] if isinstance(value, str) else value:
                assert len(name) < 80 and "<" not in name and "http" not in name, (card_id, name)
                assert name != english[card_id]


@needs_coe
def test_import_is_deterministic_and_matches_the_committed_names():
    source = json.loads((Path(CARD_DB) / "cards.json").read_text(encoding="utf-8"))["source"]
    document = import_names_file(COE_CARDS, source)
    assert dump_names(document) == (Path(CARD_DB) / "names.json").read_text(encoding="utf-8")


def test_joined_japanese_spellings_are_split_and_stray_quotes_dropped():
    assert spellings('モリア","もりあ') == ["モリア", "もりあ"]
    assert spellings('夜明けの死""インドゥア') == ["夜明けの死インドゥア"]
    assert spellings('バート"（ブーラト）') == ["バート（ブーラト）"]
    assert spellings('"不浄"のレン') == ['"不浄"のレン']
    assert spellings("  Rivendel ") == ["Rivendel"] and spellings("") == []


def test_japanese_names_fold_to_themselves_and_latin_ones_as_before():
    assert fold("ガンダルフ") == "ガンダルフ" and fold("ｶﾞﾝﾀﾞﾙﾌ") == "ガンダルフ"   # half-width kana too
    assert fold("Carn Dûm") == "carndum" and fold("Durin’s Axe") == "durinsaxe" and fold("Æthel") == "aethel"
    assert fold("！？") == ""


@pytest.mark.parametrize("written,card_id,language", [
    ("Capa Élfica", "TW-225", "es"), ("capa elfica", "TW-225", "es"), ("Dardo", "TW-333", "es"),
    ("Minas Profundas", "WH-55", "es"), ("Manteau elfique", "TW-225", "fr"), ("Zwergenaxt", "TW-499", "de"),
    ("Schwertmeister", "TW-498", "de"), ("Manto Elfico", "TW-225", "it"), ("Haltiaviitta", "TW-225", "fi"),
    ("グラムドリング", "TW-244", "ja"), ("もりあ", "TW-413", "ja"),
])
def test_a_name_of_another_edition_resolves_to_its_card(catalog, written, card_id, language):
    result = catalog.resolve(written, alignment="wizard")
    assert result.ok and result.card.id == card_id and result.language == language and result.corrected is None


def test_an_english_name_always_wins_over_another_edition(catalog):
    # The German data names Dôgrib "Dorelas", which is the English name of another card
    assert catalog.resolve("Dorelas").card.name == "Dorelas"
    assert "dorelas" not in catalog.foreign_names()


def test_a_name_of_another_edition_names_every_version_of_its_card(catalog):
    # the Italian, Finnish and Japanese editions translated only TW: the LE reprint is the same card
    assert {c.id for c in catalog.by_name("Assalitore")} == {"TW-5", "LE-59"}
    assert catalog.name_in(catalog.by_id("LE-59"), "it") == "Assalitore"
    assert catalog.name_in(catalog.by_id("TW-156"), "es") == "Gandalf"           # the same in Spanish
    assert catalog.name_in(catalog.by_id("TW-413"), "ja") == "モリア"


def test_a_spanish_list_reads_with_one_language_note():
    deck = parse_text("Personajes:\n1 Gandalf\nRecursos:\n2 Capa Élfica\n1 Dardo\n", path="es.txt")
    assert [(e.card.id, e.count) for e in deck.entries] == [("TW-156", 1), ("TW-225", 2), ("TW-333", 1)]
    [note] = [d for d in deck.diagnostics if d.code == "card-language"]
    assert note.severity == "warning" and note.line == 4
    assert note.message == ("card names in Spanish (es) on 2 lines, read as the cards they name "
                            "(first: 'Capa Élfica' = Elven Cloak)")


def test_an_english_deck_never_loads_the_names():
    probe = ("import sys\nfrom deckcheck.cli import main\n"
             "import deckcheck.cards.languages as languages\n"
             "try:\n    main(['validate', 'examples/wizard-legal.meccg'])\nexcept SystemExit:\n    pass\n"
             "print('NAMES LOADED', languages.load_names.cache_info().currsize, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=PROJECT, timeout=60)
    assert "NAMES LOADED 0" in result.stderr, result.stderr


SPANISH = "Personajes:\n2 Gandalf\nRecursos:\n2 Capa Élfica\n1 Dardo\n3 Glamdring\nAdversidades:\n3 Lobos\n" \
          "Lugares:\n1 Rivendel\n"


def deckcheck(*args: str, stdin: str = SPANISH) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], input=stdin, capture_output=True, text=True,
                          encoding="utf-8", cwd=PROJECT, timeout=120)


def test_a_spanish_list_is_shown_in_english_and_back_in_spanish():
    english = deckcheck("show", "-")
    assert english.returncode == 0, english.stderr
    assert "2  Elven Cloak [H] (TW)" in english.stdout and "3  Wolves (TW)" in english.stdout
    spanish = deckcheck("show", "--lang", "es", "-")
    assert "2  Capa Élfica [H] (TW)" in spanish.stdout and "1  Rivendel [H] (TW)" in spanish.stdout
    assert "Elven Cloak" not in spanish.stdout


def test_validate_and_stats_name_the_cards_in_the_language_asked():
    validate = deckcheck("validate", "--rules", "coe", "--lang", "fr", "-",
                         stdin=SPANISH.replace("3 Glamdring", "3 Glamdring\n2 Capa Élfica"))
    assert validate.returncode == 1
    assert "Manteau elfique" in validate.stdout and "Elven Cloak" not in validate.stdout
    stats = deckcheck("stats", "--lang", "de", "-")
    assert stats.returncode == 0, stats.stderr
    assert "Elbenmantel" in stats.stdout and "Elven Cloak" not in stats.stdout
    as_json = json.loads(deckcheck("validate", "--output", "json", "--lang", "fr", "-").stdout)
    assert as_json["decks"][0]["path"] == "<stdin>"          # JSON keeps the English names and the ids


@pytest.mark.parametrize("to", ["gccg", "markdown", "json"])
@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_converted_deck_in_another_language_reads_back_to_the_same_deck(to, lang):
    english = parse_text(SPANISH, path="es.txt")
    written = deckcheck("convert", "--to", to, "--lang", lang, "-")
    assert written.returncode == 0, written.stderr
    again = parse_text(written.stdout, path=f"back.{to}")
    assert content(again) == content(english)   # in any order: GCCG's text sorts each group by name
    assert [d.code for d in again.diagnostics if d.code != "card-language"] == []
    if to != "json":
        assert load_catalog().name_in(load_catalog().by_id("TW-225"), lang) in written.stdout


def content(deck) -> list[tuple]:
    return sorted((e.part.value, e.card.id if e.card else "?" + e.written, e.count) for e in deck.entries)


def test_a_card_whose_name_in_another_language_names_another_card_keeps_its_english_name(catalog):
    # German "Versteck" is Concealment and Hiding (both TW, hero); the card data gives Dorelas (LE-8) the German
    # name of Dôgrib (LE-7), and Isle of the Ulond (AS-153) that of Isles of the Dead That Live
    from deckcheck.decklist.writers import write_deck

    deck = parse_text("Resources:\n3 Concealment [H] (TW)\n2 Hiding\n1 Glamdring\nCharacters:\n1 Dorelas\n"
                      "Sites:\n1 Isle of the Ulond (AS)\n1 Isle of the Ulond (TD)\n", path="de.txt")
    assert [catalog.name_in(catalog.by_id(i), "de") for i in ("TW-204", "TW-256", "LE-8", "AS-153", "TD-178")] \
        == ["Versteck", "Versteck", "Dôgrib", "Insel der lebenden Toten", "Insel der Ulond"]
    for fmt in ("gccg", "markdown"):
        written = write_deck(deck, fmt, lang="de")
        assert "Versteck" not in written and "Dôgrib" not in written and "Insel" not in written
        assert "Glamdring" in written and "3 Concealment [H] (TW)" in written
        assert content(parse_text(written, path=f"de.{fmt}")) == content(deck)
    shown = deckcheck("show", "--lang", "de", "-", stdin="Resources:\n3 Concealment\n1 Elven Cloak\n")
    assert "Concealment [H] (TW)" in shown.stdout and "Elbenmantel" in shown.stdout and "Versteck" not in shown.stdout


@needs_decks
def test_every_real_deck_converted_to_every_language_reads_back_to_the_same_deck():
    from deckcheck.cards.languages import OTHER_LANGUAGES
    from deckcheck.decklist import read_deck
    from deckcheck.decklist.writers import write_deck

    differ = []
    for i, path in enumerate(corpus_files()):
        deck = read_deck(path)
        for lang in OTHER_LANGUAGES:
            fmt = ("gccg", "markdown")[i % 2]
            again = parse_text(write_deck(deck, fmt, lang=lang), path=f"again.{fmt}")
            if content(again) != content(deck):
                differ.append((path.name, lang, sorted(set(content(again)) ^ set(content(deck)))[:2]))
    assert differ == []


def test_lang_is_a_setting_of_the_config_file(tmp_path):
    (tmp_path / "deckcheck.toml").write_text('lang = "es"\n', encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "deckcheck", "show", "-"], input=SPANISH, capture_output=True,
                            text=True, encoding="utf-8", cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Capa Élfica" in result.stdout


def test_the_spanish_example_of_the_readme_is_the_english_example_deck():
    from deckcheck.decklist import read_deck
    from deckcheck.decklist.fingerprint import fingerprint
    from deckcheck.rules import validate

    spanish, english = read_deck(PROJECT / "examples" / "wizard-legal-es.txt"), \
        read_deck(PROJECT / "examples" / "wizard-legal.meccg")
    assert fingerprint(spanish) == fingerprint(english)
    assert [(d.line, d.code) for d in spanish.diagnostics] == [(51, "not-a-card-line"), (17, "name-corrected"),
                                                               (3, "card-language")]
    assert validate(spanish, ruleset="coe").legal and validate(spanish, ruleset="rulebook").legal
