"""Bad input never ends in a traceback: a diagnostic with file and line and the rest of the deck, or, when
nothing usable is left, one DeckcheckError line (exit code 2 in the CLI)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.model import Part
from deckcheck.errors import DeckcheckError

FIXTURES = Path(__file__).parent / "fixtures" / "decklist"


def codes(deck):
    return [d.code for d in deck.diagnostics]


def test_empty_file_is_an_input_error_naming_the_file(tmp_path):
    empty = tmp_path / "empty.meccg"
    empty.write_bytes(b"")
    with pytest.raises(DeckcheckError) as err:
        read_deck(empty)
    assert err.value.path == str(empty) and "empty" in err.value.message


def test_whitespace_only_file_is_empty_too():
    with pytest.raises(DeckcheckError, match="empty"):
        parse_text("\ufeff \n\r\n\t\n", path="blank.txt")


def test_binary_file_is_an_input_error(tmp_path):
    binary = tmp_path / "deck.meccg"
    binary.write_bytes(bytes(range(256)) * 40)
    with pytest.raises(DeckcheckError, match="binary"):
        read_deck(binary)


def test_fifty_megabyte_file_is_refused_without_reading_it_all(tmp_path):
    huge = tmp_path / "huge.deck"
    with open(huge, "wb") as fh:
        fh.write(b"Deck\n\n")
        fh.write(b"3 Twilight (LE)\n" * (50 * 1024 * 1024 // 16))
    with pytest.raises(DeckcheckError, match="larger than"):
        read_deck(huge)


def test_a_decklist_may_be_up_to_one_megabyte_and_no_more(tmp_path):
    from deckcheck.decklist import MAX_DECK_BYTES

    body = b"[NetMECCG v1.4 Deck]\n[hazards]\n" + b"Twilight\n" * ((MAX_DECK_BYTES - 40) // 9)
    just_under = tmp_path / "long.dck"
    just_under.write_bytes(body)
    assert len(body) <= MAX_DECK_BYTES and read_deck(just_under).count(Part.HAZARDS) == (MAX_DECK_BYTES - 40) // 9
    over = tmp_path / "longer.dck"
    over.write_bytes(body + b"Twilight\n" * 10)
    with pytest.raises(DeckcheckError, match="larger than 1 MB") as err:
        read_deck(over)
    assert err.value.path == str(over)


def test_text_with_no_card_line_is_an_input_error():
    with pytest.raises(DeckcheckError, match="no card lines"):
        parse_text("Just some words about a deck I like.\n", path="prose.txt")


def test_unknown_section_header_is_reported_and_the_rest_read():
    text = ("####\nDeck\n####\n\n3 Twilight (LE)\n\n######\nExtras\n######\n\n1 Dodge (TW)\n\n"
            "#####\nSites\n#####\n\n1 Moria [H] (TW)\n")
    deck = parse_text(text, path="x.meccg")
    assert codes(deck) == ["unknown-section"] and deck.diagnostics[0].line == 8
    assert deck.count(Part.HAZARDS) == 3 and deck.count(Part.SITES) == 1
    assert not any(e.card and e.card.name == "Dodge" for e in deck.entries)


def test_unknown_netmeccg_section_is_reported_and_the_rest_read():
    deck = parse_text("[NetMECCG v1.4 Deck]\n[extras]\nDodge\n[hazards]\nTwilight\n", path="x.dck")
    assert codes(deck) == ["unknown-section"] and deck.diagnostics[0].line == 2
    assert deck.count(Part.HAZARDS) == 1 and deck.count(Part.RESOURCES) == 0


def test_unknown_markdown_label_after_the_list_starts_is_reported():
    deck = parse_text("Characters:\n3 Gandalf\nWeird Things:\n1 Dodge\nSites:\n1 Moria\n", path="x.md")
    assert codes(deck) == ["unknown-section"] and deck.diagnostics[0].line == 3
    assert deck.count(Part.SITES) == 1 and deck.count(Part.RESOURCES) == 0


@pytest.mark.parametrize("count", ["0", "1000000000", "-3", "-2x"])
def test_count_of_zero_or_a_billion_is_reported_and_the_line_skipped(count):
    deck = parse_text(f"Deck\n\n{count} Dodge (TW)\n3 Twilight (LE)\n", path="c.deck")
    assert codes(deck) == ["bad-count"] and deck.diagnostics[0].line == 3
    assert [(e.card.name, e.count) for e in deck.entries] == [("Twilight", 3)]


def test_line_without_count_is_reported_and_read_as_one_copy():
    deck = parse_text("Deck\n\nDodge (TW)\n3 Twilight (LE)\n", path="n.deck")
    assert codes(deck) == ["missing-count"] and deck.diagnostics[0].line == 3
    assert deck.diagnostics[0].severity == "warning"
    assert sorted((e.card.name, e.count) for e in deck.entries) == [("Dodge", 1), ("Twilight", 3)]


def test_xml_not_well_formed_is_reported_with_its_line_and_the_cards_kept():
    deck = read_deck(FIXTURES / "broken.o8d")
    bad = next(d for d in deck.diagnostics if d.code == "bad-xml")
    assert bad.line == 9 and bad.path.endswith("broken.o8d")
    assert deck.count(Part.CHARACTERS) == 3 and deck.count(Part.RESOURCES) == 2


def test_broken_json_is_an_input_error_with_its_line():
    with pytest.raises(DeckcheckError) as err:
        parse_text('{\n  "pool": [\n    {"name": "Adrazar", "qty": 1,,}\n  ]\n}\n', path="bad.json")
    assert err.value.line == 3 and "not valid JSON" in err.value.message


def test_native_json_schema_error_skips_one_entry_and_keeps_the_rest():
    data = {"format": "deckcheck-deck", "version": 1, "parts": {
        "hazards": [{"count": 3, "name": "Twilight", "card": "LE-145"}, {"count": "many", "name": "Dodge"}]}}
    deck = parse_text(json.dumps(data, indent=2), path="n.json")
    assert codes(deck) == ["schema"] and "many" in deck.diagnostics[0].message
    assert [(e.card.id, e.count) for e in deck.entries] == [("LE-145", 3)]


def test_unknown_input_format_is_a_usage_error():
    with pytest.raises(DeckcheckError, match="unknown input format"):
        parse_text("Deck\n1 Dodge\n", input_format="lackey")


@pytest.mark.parametrize("encoded", [
    "Deck\n\n1 Théoden (TW)\n".encode(),
    b"\xef\xbb\xbf" + "Deck\n\n1 Théoden (TW)\n".encode(),
    "Deck\r\n\r\n1 Théoden (TW)\r\n".encode("cp1252"),
    "Deck\n\n1 Théoden (TW)\n".encode("latin-1"),
])
def test_encodings_and_line_ends_are_detected(tmp_path, encoded):
    path = tmp_path / "enc.deck"
    path.write_bytes(encoded)
    deck = read_deck(path)
    assert [(e.card.id, e.lines) for e in deck.entries] == [("TW-182", [3])] and deck.diagnostics == []


def test_forced_input_format_is_used_even_when_detection_would_differ():
    text = "Resources\n3 Concealment (TW)\n"
    assert parse_text(text, path="z.txt").format == "cardnum"
    forced = parse_text(text, path="z.txt", input_format="gccg-plain")
    # gccg-plain knows no "Resources" section: the bare first line is the list's title, the card is outside any
    assert forced.format == "gccg-plain" and forced.name == "Resources" and "outside-section" in codes(forced)


def test_pasted_text_with_cr_line_ends_keeps_its_line_numbers():
    deck = parse_text("Deck\r\n\r\n3 Twilight (LE)\r1 Dodge (TW)\r\n", path="Sheet1!B2")
    assert sorted((e.card.name, e.lines) for e in deck.entries) == [("Dodge", [4]), ("Twilight", [3])]


@pytest.mark.parametrize("text, fmt", [
    ("[NetMECCG v1.4 Deck]\n[hazards]\nTwilight\nThis deck won the 2015 championship thanks to careful play\n"
     "http://forum.example/deck\n", "netmeccg"),
    ("Deck\n\n3 Twilight (LE)\nThis deck won the 2015 championship thanks to careful play\n", "gccg-plain"),
])
def test_commentary_among_card_lines_is_reported_not_read_as_cards(text, fmt):
    deck = parse_text(text, path="c.txt", input_format=fmt)
    assert set(codes(deck)) == {"not-a-card-line"} and len(deck.entries) == 1


def test_an_unclosed_octgn_card_is_reported_and_does_not_swallow_the_next_card():
    text = ('<?xml version="1.0"?>\n<deck>\n<section name="Characters">\n<card qty="3" id="a">Gandalf</card>\n'
            '<card qty="2" id="b">Glamdring\n<card qty="1" id="c">Dodge</card>\n</section>\n</deck>\n')
    deck = parse_text(text, path="u.o8d")
    assert [(d.code, d.line) for d in deck.diagnostics if d.code == "bad-xml"] == [("bad-xml", 7), ("bad-xml", 5)]
    assert sorted((e.card.name, e.count, e.lines) for e in deck.entries) == [
        ("Dodge", 1, [6]), ("Gandalf", 3, [4]), ("Glamdring", 2, [5])]


def test_unknown_plain_gccg_section_word_is_reported_and_the_rest_read():
    deck = parse_text("Deck\n\n3 Twilight (LE)\n\nExtras\n\n1 Dodge (TW)\n\nSites\n\n1 Moria [H] (TW)\n", path="x.deck")
    assert [(d.code, d.line) for d in deck.diagnostics] == [("unknown-section", 5)]
    assert deck.count(Part.HAZARDS) == 3 and deck.count(Part.SITES) == 1 and deck.count(Part.RESOURCES) == 0


def test_bare_names_between_blank_lines_are_cards_not_unknown_sections():
    deck = parse_text("Deck\n\nGandalf\n\nDodge\n\n3 Twilight (LE)\n", path="x.deck")
    assert sorted(e.card.name for e in deck.entries) == ["Dodge", "Gandalf", "Twilight"]
    assert [d.code for d in deck.diagnostics] == ["missing-count", "missing-count"]


def test_utf8_lines_in_a_cp1252_file_are_read_as_utf8_and_the_others_as_cp1252(tmp_path):
    mixed = tmp_path / "mixed.deck"
    mixed.write_bytes("Deck\n\n1 Théoden (TW)\n1 Adûnaphel (TW)\n".encode()
                      + "\nSites\n\n1 Lórien [H] (TW)\n".encode("cp1252"))
    deck = read_deck(mixed)
    assert sorted(e.card.name for e in deck.entries) == ["Adûnaphel", "Lórien", "Théoden"]
    assert deck.diagnostics == [] and deck.encoding == "cp1252 with 2 UTF-8 lines"


def test_a_dash_list_item_is_no_negative_count():
    deck = parse_text("Resources:\n- 3 Dodge\n-  2x Concealment\n", path="d.md")
    assert sorted((e.card.name, e.count) for e in deck.entries) == [("Concealment", 2), ("Dodge", 3)]
    assert deck.diagnostics == []
