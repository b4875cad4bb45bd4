"""The decks written for the clients, checked against what each client's own code reads (README "Writing a deck
for a client"): GCCG's canonical names equal its own deck files' lines, meccg-online's section and count rules,
Cardnum's parse-line, OCTGN's ids as in its own deck files, Tabletop Simulator's pile objects. The round trip
(written, read back, same cards and parts) over every real deck is test_decklist_corpus's, for every format."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.client_writers import CARDNUM_LINE, OCTGN_SECTIONS
from deckcheck.decklist.model import Part
from deckcheck.decklist.writers import client_warnings, write_deck
from tests._shared import DECKS, corpus_files, needs_decks

pytestmark = [needs_decks, pytest.mark.shared]

CARD_LINE = re.compile(r"^\d+ ")


@pytest.fixture(scope="module")
def decks():
    return {p: read_deck(p) for p in corpus_files()}


def gccg_sections(text: str) -> dict[str, Counter]:
    """section word -> its card lines, as GCCG reads a deck file: '#' lines are comments, a line whose first
    word is no number names the part the lines below it go to (client.functions GccgFormatParser)."""
    sections: dict[str, Counter] = {}
    part = None
    for line in text.split("\n"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if CARD_LINE.match(line):
            sections.setdefault(part, Counter())[line] += 1
        else:
            part = line.lower()
    return sections


def test_gccg_text_of_the_gccg_origin_decks_equals_their_own_card_lines(decks):
    origin = [p for p, d in decks.items() if "gccg-restoration" in p.parts and d.format in ("gccg", "gccg-plain")]
    assert len(origin) == 12
    for path in origin:
        original = gccg_sections(path.read_bytes().decode("latin-1"))
        assert gccg_sections(write_deck(decks[path], "gccg")) == original, path.name


def test_gccg_text_is_what_gccg_recognises_and_reads(decks):
    for path, deck in decks.items():
        text = write_deck(deck, "gccg")
        lines = text.split("\n")
        # RecognizeDeckFormat: the second line starts "# GCCG v" and ends "deck"
        assert lines[1].startswith("# GCCG v") and lines[1].endswith("deck")
        # every uncommented line is a card line or a part GCCG has: notes are comments
        assert set(gccg_sections(text)) <= {"deck", "pool", "sideboard", "sideboard vs. fw", "sites"}, path.name


def meccg_online_sections(text: str) -> dict[str, Counter]:
    """What meccg-online's deck import (ExploreDeckData.ts) takes: a part starts at "##\\nWord\\n##", its lines
    at the blank line after, and it ends at the next line starting "##"; a line's count is its first two
    characters, the rest its card code, '#' lines skipped."""
    out = {}
    for word in ("Deck", "Pool", "Sideboard", "Sites"):
        start = text.find(f"##\n{word}\n##")
        if start < 0:
            continue
        start = text.find("\n\n", start)
        end = text.find("\n##", start)
        body = text[start:end if end > start else None].strip()
        cards: Counter = Counter()
        for line in body.split("\n"):
            line = line.strip()
            if line.startswith("#") or len(line) < 3:
                continue
            head = line[:2]
            count = int(head) if head.isdigit() else int(head[0]) if head[0].isdigit() else 1
            cards[line[len(str(count)):].strip().lower()] += count
        out[word] = cards
    return out


def test_meccg_online_reads_every_part_and_count_it_has_a_place_for(decks):
    places = {"Deck": (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY), "Pool": (Part.POOL,),
              "Sideboard": (Part.SIDEBOARD,), "Sites": (Part.SITES,)}
    for path, deck in decks.items():
        read = meccg_online_sections(write_deck(deck, "meccg"))
        for word, parts in places.items():
            assert sum(read.get(word, Counter()).values()) == sum(e.count for p in parts for e in deck.part(p)), \
                (path.name, word)
        # every resolved card's code carries its set, as meccg-online's codes do ("eradan (le)")
        codes = [code for cards in read.values() for code in cards]
        assert all(re.search(r" \([a-z0-9]+\)$", code) for code in codes if not code.startswith('"')), path.name


def test_a_fallen_wizard_sideboard_meccg_online_skips_is_said():
    deck = parse_text("Sideboard vs. fw:\n3 Twilight\nHazards:\n3 Orc-raiders\n", path="fw.md")
    assert any("meccg-online reads no sideboard against a fallen-wizard" in w for w in client_warnings(deck, "meccg"))
    assert client_warnings(parse_text("Hazards:\n3 Orc-raiders\n", path="h.md"), "meccg") == []


def test_every_cardnum_line_is_one_cardnum_reads(decks):
    for path, deck in decks.items():
        text = write_deck(deck, "cardnum")
        zone_lines = [line for line in text.split("\n") if CARD_LINE.match(line)]
        assert sum(int(line.split()[0]) for line in zone_lines) == sum(e.count for e in deck.entries)
        unread = [line for line in zone_lines if not CARDNUM_LINE.fullmatch(line)]
        # a name holding a parenthesis ("Doeth (Durthak)") is no line Cardnum's parse-line takes: said, not hidden
        said = " ".join(client_warnings(deck, "cardnum"))
        assert all(line.split(" ", 1)[1] in said for line in unread), (path.name, unread[:3])


def octgn_cards(text: str) -> Counter:
    root = ET.fromstring(text.lstrip("\ufeff").encode("utf-8"))
    cards: Counter = Counter()
    for card in root.iter("card"):
        cards[card.get("id")] += int(card.get("qty"))
    return cards


def test_octgn_ids_are_the_ones_octgns_own_deck_files_give_the_cards(decks):
    octgn = [p for p in decks if p.suffix == ".o8d"]
    assert len(octgn) == 21
    differ = {}
    for path in octgn:
        written = write_deck(decks[path], "octgn")
        original = octgn_cards(path.read_text(encoding="utf-8-sig"))
        mine = octgn_cards(written)
        if mine != original:
            differ[path.name] = (dict(original - mine), dict(mine - original))
    # Two decks name a promo by its German name (Schwertmeister, Zwergenaxt, Baugúr of the German promo set); the
    # English promo is written, with the German printing's id where OCTGN has it only there
    assert set(differ) <= {"O - F_ Saruman - Men of Skill.o8d", "P - F_ Alatar - Join the Hunt.deck.o8d"}, differ


def test_octgn_decks_use_only_the_game_definitions_sections(decks):
    names = set(OCTGN_SECTIONS.values()) - {"Deck"}
    for path, deck in decks.items():
        root = ET.fromstring(write_deck(deck, "octgn").encode("utf-8"))
        assert root.get("game") == "1fe65646-3ee1-4dce-9a60-d33a7c3ce9f2"
        used = {section.get("name") for section in root.iter("section")}
        assert used <= names or deck.part(Part.PLAY), (path.name, used - names)


def test_a_card_octgn_lacks_is_said():
    assert client_warnings(parse_text("Hazards:\n3 Orc-raiders\n", path="o.md"), "octgn") == []
    news = parse_text("Resources:\n1 News Must Get Through\n", path="n.md")   # LE, absent from OCTGN's sets
    assert any("OCTGN's MECCG game has no News Must Get" in w for w in client_warnings(news, "octgn"))
    assert '<card qty="1">News Must Get' in write_deck(news, "octgn")   # the card data spells it "Trough"


def test_tabletop_simulator_piles_are_decks_of_named_cards_without_images(decks):
    for deck in decks.values():
        save = json.loads(write_deck(deck, "tts"))
        piles = save["ObjectStates"]
        assert [p["GMNotes"] for p in piles] == [part.value for part in Part if deck.part(part)]   # one per part
        assert sum(len(p["ContainedObjects"]) for p in piles) == sum(e.count for e in deck.entries)
        for pile in piles:
            assert pile["Name"] == "DeckCustom" and len(pile["DeckIDs"]) == len(pile["ContainedObjects"])
            assert all(card["Name"] == "Card" and card["Nickname"] and card["CardID"] in pile["DeckIDs"]
                       for card in pile["ContainedObjects"])
            assert all(not face["FaceURL"] and not face["BackURL"] for face in pile["CustomDeck"].values())


def test_a_tts_save_made_in_the_game_reads_as_its_piles():
    # a save as Tabletop Simulator writes one: a "Deck" of cards named by Nickname, a lone card, a bag
    save = {"SaveName": "", "ObjectStates": [
        {"Name": "Deck", "Nickname": "Location deck", "ContainedObjects": [
            {"Name": "Card", "Nickname": "Rivendell (TW)"}, {"Name": "Card", "Nickname": "Moria [H] (TW)"}]},
        {"Name": "Card", "Nickname": "Gandalf", "GMNotes": "pool"},
        {"Name": "Bag", "ContainedObjects": [{"Name": "Deck", "Nickname": "Hazards", "ContainedObjects": [
            {"Name": "Card", "Nickname": "Orc-raiders"}, {"Name": "Card", "Nickname": "Orc-raiders"}]}]}]}
    deck = parse_text(json.dumps(save), path="save.json")
    assert deck.format == "tts"
    assert sorted((e.part.value, e.card.id, e.count) for e in deck.entries) == [
        ("hazards", "TW-75", 2), ("pool", "TW-156", 1), ("sites", "TW-413", 1), ("sites", "TW-421", 1)]


def test_convert_names_the_format_from_the_clients_suffixes(tmp_path):
    from tests._shared import PROJECT
    from tests.test_conventions import deckcheck

    legal = str(PROJECT / "examples" / "wizard-legal.meccg")
    for name, fmt in (("d.deck", "gccg"), ("d.meccg", "gccg"), ("d.o8d", "octgn")):
        result = deckcheck("convert", legal, "-o", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        assert read_deck(tmp_path / name).format == fmt
    assert DECKS.is_dir()
