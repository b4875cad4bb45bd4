"""Each format's reader and the builder, on small synthetic decks in tests/fixtures/decklist/."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.detect import detect
from deckcheck.decklist.model import Part

FIXTURES = Path(__file__).parent / "fixtures" / "decklist"


def summary(deck):
    """{(part, card id or problem): count} of a deck."""
    return {(e.part, e.card.id if e.card else e.problem): e.count for e in deck.entries}


def codes(deck):
    return [d.code for d in deck.diagnostics]


@pytest.mark.parametrize("name, fmt", [
    ("fenced.meccg", "gccg"), ("plain-latin1.deck", "gccg-plain"), ("crlf.dck", "netmeccg"),
    ("bom.o8d", "octgn"), ("broken.o8d", "octgn"), ("wigy.json", "wigy-json"), ("list.md", "markdown"),
    ("zones.txt", "cardnum"), ("cp1252.md", "markdown"),
])
def test_detect_names_the_format_of_each_fixture(name, fmt):
    path = FIXTURES / name
    assert detect(path.read_bytes().decode("utf-8", "replace"), str(path)) == fmt


def test_gccg_fenced_reads_parts_subheaders_quoted_names_lowercase_sites_and_skips_notes():
    deck = read_deck(FIXTURES / "fenced.meccg")
    assert deck.format == "gccg" and deck.name == "Test - Fenced Wizard"
    assert summary(deck) == {
        (Part.CHARACTERS, "TW-181"): 3, (Part.CHARACTERS, "TW-123"): 1,
        (Part.RESOURCES, "TW-204"): 3, (Part.RESOURCES, "TW-209"): 2,
        (Part.HAZARDS, "TW-16"): 1, (Part.HAZARDS, "LE-87"): 3,
        (Part.POOL, "TW-161"): 1, (Part.POOL, "TW-180"): 1,
        (Part.SIDEBOARD, "TW-356"): 1, (Part.FW_SIDEBOARD, "TW-106"): 1,
        (Part.SITES, "TW-386"): 1, (Part.SITES, "TW-413"): 1,
    }
    # the Notes section is prose kept as notes: its "3 Not A Card (TW)" is no card
    assert "3 Not A Card (TW)" in deck.notes
    assert deck.diagnostics == []
    assert deck.alignment == "wizard" and "Saruman" in deck.alignment_reason
    saruman = next(e for e in deck.entries if e.card and e.card.id == "TW-181")
    assert saruman.lines == [13]


def test_gccg_subheader_count_that_disagrees_is_a_warning():
    text = "####\nDeck\n####\n\n# Hazard (3)\n\n2 Orc-watch (LE)\n"
    deck = parse_text(text, path="x.meccg")
    assert codes(deck) == ["count-mismatch"]
    assert deck.diagnostics[0].line == 5 and deck.diagnostics[0].severity == "warning"


def test_gccg_plain_latin1_reads_mixed_deck_by_card_role():
    deck = read_deck(FIXTURES / "plain-latin1.deck")
    assert deck.format == "gccg-plain" and deck.encoding in ("cp1252", "latin-1")
    assert deck.alignment == "ringwraith"
    parts = summary(deck)
    assert parts[(Part.CHARACTERS, "LE-50")] == 3         # Adûnaphel the Ringwraith, from "Deck"
    assert parts[(Part.RESOURCES, "TW-332")] == 3          # Stealth [M]
    assert parts[(Part.HAZARDS, "TW-28")] == 1             # Doors of Night (TW)
    assert parts[(Part.SITES, "LE-392")] == 1              # Moria [M]
    assert deck.count(Part.PLAY) == 0 and codes(deck) == []


def test_netmeccg_counts_repeated_lines_and_reads_suffixes_and_crlf():
    deck = read_deck(FIXTURES / "crlf.dck")
    parts = summary(deck)
    assert parts[(Part.CHARACTERS, "WH-1")] == 3           # Alatar@ ×3: the Fallen-wizard version
    assert parts[(Part.RESOURCES, "LE-343")] == 2          # Scroll of Isildur*: minion version
    assert parts[(Part.SITES, "BA-93")] == 1               # Moria%: Balrog version
    assert parts[(Part.SITES, "WH-56")] == 1               # Isengard@
    assert parts[(Part.FW_SIDEBOARD, "TW-28")] == 1        # [anti-FW]
    alatar = next(e for e in deck.entries if e.card and e.card.id == "WH-1")
    assert alatar.lines == [14, 15, 16]
    assert deck.alignment == "fallen-wizard"


def test_octgn_with_bom_reads_sections_qty_and_notes():
    deck = read_deck(FIXTURES / "bom.o8d")
    assert deck.alignment == "balrog" and deck.notes == "Start at Moria & win"
    parts = summary(deck)
    assert parts[(Part.CHARACTERS, "BA-3")] == 3           # The Balrog
    assert parts[(Part.SITES, "BA-93")] == 1               # untagged Moria: the Balrog deck's version
    assert deck.count(Part.FW_SIDEBOARD) == 0


def test_octgn_not_well_formed_reports_and_keeps_the_readable_cards():
    deck = read_deck(FIXTURES / "broken.o8d")
    assert "bad-xml" in codes(deck) and "bad-count" in codes(deck)
    bad_count = next(d for d in deck.diagnostics if d.code == "bad-count")
    assert bad_count.line == 5
    assert summary(deck) == {(Part.CHARACTERS, "TW-181"): 3, (Part.RESOURCES, "TW-209"): 2}


def test_wigy_json_uses_ids_and_declared_alignment():
    deck = read_deck(FIXTURES / "wigy.json")
    assert deck.alignment == "wizard" and "declared" in deck.alignment_reason
    assert summary(deck) == {(Part.POOL, "TW-116"): 1, (Part.CHARACTERS, "TW-181"): 3,
                             (Part.RESOURCES, "TW-209"): 2}
    assert [e.lines for e in deck.entries] == [[6], [9], [11]]


def test_wigy_id_that_names_another_card_is_resolved_by_name_with_a_warning():
    text = '{"alignment": "hero", "pool": [], "deck": {"resources": [{"name": "Dodge", "card": "tw-229", "qty": 2}]}}'
    deck = parse_text(text, path="w.json")
    assert summary(deck) == {(Part.RESOURCES, "TW-209"): 2}
    assert codes(deck) == ["card-id-mismatch"]


def test_markdown_labels_count_syntaxes_and_prose():
    deck = read_deck(FIXTURES / "list.md")
    assert deck.name == "Test Deck (Saruman)"
    parts = summary(deck)
    assert parts[(Part.POOL, "TW-259")] == 1               # "- 1x Horn of Anor"
    assert parts[(Part.HAZARDS, "TW-72")] == 2             # "Orc Guard x2"
    assert parts[(Part.HAZARDS, "TW-73")] == 3             # "3-Orc Lieutenant"
    assert parts[(Part.HAZARDS, "TW-28")] == 3             # "Doors of Night (x3)"
    assert parts[(Part.SIDEBOARD, "TW-117")] == 1          # under the misspelt "Sidebord:"
    assert deck.notes == "- Adrazar starts with the Horn of Anor."
    assert codes(deck) == []


def test_markdown_metadata_and_cp1252():
    deck = read_deck(FIXTURES / "cp1252.md")
    assert deck.name == "Windows deck" and deck.encoding == "cp1252"
    assert summary(deck)[(Part.CHARACTERS, "TW-182")] == 1   # Théoden


def test_cardnum_zone_words_including_fw_dc_sb():
    deck = read_deck(FIXTURES / "zones.txt")
    assert deck.format == "cardnum"
    assert summary(deck) == {
        (Part.RESOURCES, "TW-204"): 3, (Part.RESOURCES, "TW-209"): 2, (Part.HAZARDS, "LE-87"): 3,
        (Part.CHARACTERS, "TW-181"): 3, (Part.POOL, "TW-116"): 1, (Part.FW_SIDEBOARD, "TW-106"): 1,
        (Part.SITES, "TW-413"): 1,
    }


def test_repeated_lines_merge_and_keep_every_line_number():
    deck = parse_text("####\nDeck\n####\n\n3 Twilight (LE)\n1 Dodge (TW)\n3 Twilight (LE)\n", path="split.meccg")
    twilight = [e for e in deck.entries if e.card and e.card.name == "Twilight"]
    assert len(twilight) == 1 and twilight[0].count == 6 and twilight[0].lines == [5, 7]


def test_same_name_in_two_parts_stays_two_entries():
    deck = parse_text("Deck\n\n3 Twilight (LE)\n\nSideboard\n\n1 Twilight (LE)\n", path="p.deck")
    assert sorted((e.part, e.count) for e in deck.entries) == [(Part.HAZARDS, 3), (Part.SIDEBOARD, 1)]


def test_resource_under_hazards_counts_as_resource_with_misplaced_card_warning():
    deck = parse_text("Hazards:\n2 Dodge\n3 Orc-watch\n", path="m.md")
    dodge = next(e for e in deck.entries if e.card and e.card.name == "Dodge")
    assert dodge.part == Part.RESOURCES and dodge.written_part == Part.HAZARDS
    assert codes(deck) == ["misplaced-card"] and deck.diagnostics[0].line == 2
    assert deck.count(Part.HAZARDS) == 3


def test_cards_under_their_own_header_are_not_misplaced():
    deck = parse_text("Resources:\n2 Dodge\nHazards:\n3 Orc-watch\n", path="ok.md")
    assert codes(deck) == [] and all(e.written_part is None for e in deck.entries)


def test_agent_under_hazards_is_a_hazard_not_misplaced():
    deck = parse_text("Characters:\n3 Gandalf\nHazards:\n1 Baduila\n", path="agent.md")
    baduila = next(e for e in deck.entries if e.card and e.card.name == "Baduila")
    assert baduila.part == Part.HAZARDS and codes(deck) == []


def test_untagged_names_resolve_to_the_inferred_alignment():
    minion = parse_text("Characters:\n3 Dwar the Ringwraith\nSites:\n1 Moria\n", path="m.md")
    hero = parse_text("Characters:\n3 Gandalf\nSites:\n1 Moria\n", path="h.md")
    assert minion.alignment == "ringwraith" and hero.alignment == "wizard"
    assert [e.card.alignment for e in minion.part(Part.SITES)] == ["Minion"]
    assert [e.card.alignment for e in hero.part(Part.SITES)] == ["Hero"]


def test_alignment_argument_overrides_inference():
    deck = parse_text("Characters:\n3 Gandalf\nSites:\n1 Moria\n", path="h.md", alignment="balrog")
    assert deck.alignment == "balrog" and "given by the caller" in deck.alignment_reason
    assert [e.card.alignment for e in deck.part(Part.SITES)] == ["Balrog"]
    assert deck.avatar is None                       # Gandalf is no Balrog's avatar


def test_an_alignment_given_or_declared_still_finds_the_avatar():
    # the avatar is a fact of the deck; a registrations sheet's alignment column or a JSON deck's "alignment"
    # must not lose it (the metagame counted such decks under "(none)")
    text = "Characters:\n3 Gandalf\n1 Bilbo\nSites:\n1 Moria\n"
    assert parse_text(text, path="h.md", alignment="wizard").avatar == "Gandalf"
    assert parse_text(text, path="h.md", alignment="fallen-wizard").avatar == "Gandalf"
    assert parse_text("Alignment: Hero\n" + text, path="h.md").avatar == "Gandalf"
    minion = parse_text("Alignment: Minion\nCharacters:\n3 The Witch-king\n", path="m.md")
    assert (minion.alignment, minion.avatar) == ("ringwraith", "The Witch-king")


def test_alignment_majority_without_avatar_and_mixed_deck_is_fallen_wizard():
    minion_only = parse_text("Resources:\n3 Orc Quarrels\n2 Orc-draughts\n1 Dodge\n", path="x.md")
    assert minion_only.alignment == "ringwraith" and "no avatar" in minion_only.alignment_reason
    assert "one alignment only: 5 ringwraith, 1 wizard" in minion_only.alignment_reason
    mixed = parse_text("Resources:\n3 Orc Quarrels\n3 Dodge\n3 Concealment\n3 Orc-draughts\n", path="x.md")
    assert mixed.alignment == "fallen-wizard"
    assert mixed.alignment_reason == ("fallen-wizard: no avatar found; hero and minion cards mixed "
                                      "(6 ringwraith, 6 wizard), as only a Fallen-wizard may")


def test_unknown_and_dream_cards_are_diagnostics_not_guesses():
    # "Gandalf Friend" is as close to Gandalf (words after the name) as to Gandalf's Friend (a letter): no guess
    deck = parse_text("Deck\n\n1 Gandalf Friend\n1 Balin [D] (DF)\n3 Dodge (TW)\n", path="u.deck")
    assert sorted(codes(deck)) == ["not-ice-card", "unknown-card", "unknown-tag"]
    unknown = next(e for e in deck.entries if e.problem == "unknown-card")
    assert unknown.suggestions[:2] == ["Gandalf’s Friend", "Gandalf"] and unknown.lines == [3]


def test_native_json_round_trip_keeps_metadata_and_where_a_misplaced_card_was_written():
    from deckcheck.decklist.writers import write_json

    deck = parse_text("Name: Mine\nPlayer: Ann\nLength: 3\nCharacters:\n3 Gandalf\nHazards:\n2 Dodge\n3 Orc-watch\n",
                      path="n.md")
    again = parse_text(write_json(deck), path="n.json")
    assert (again.name, again.player, again.length, again.alignment) == ("Mine", "Ann", 3, "wizard")
    assert summary(again) == summary(deck)
    dodge = next(e for e in again.entries if e.card.name == "Dodge")
    assert dodge.part == Part.RESOURCES and dodge.written_part == Part.HAZARDS
    assert codes(again) == ["misplaced-card"]


def test_unknown_version_tag_is_kept_and_reported():
    deck = parse_text("Deck\n\n3 Dodge [d] (TW)\n", path="t.deck")
    assert codes(deck) == ["unknown-tag"] and deck.diagnostics[0].line == 3
    assert summary(deck) == {(Part.RESOURCES, "TW-209"): 3}


def test_netmeccg_section_word_in_the_notes_of_another_format_does_not_change_the_format():
    fenced = "####\nDeck\n####\n\n3 Twilight (LE)\n\n#####\nNotes\n#####\n\n[sites]\nMoria first\n"
    assert detect(fenced, "n.meccg") == "gccg"
    assert detect("Hazards:\n3 Twilight\nNotes:\n[hazards]\n", "n.md") == "markdown"
    # a NetMECCG file may open with '#' comments or without its header line
    assert detect("# from the 2004 archive\n[NetMECCG v1.4 Deck]\n[hazards]\nTwilight\n", "x.txt") == "netmeccg"
    assert detect("\n[hazards]\nTwilight\n", "x.txt") == "netmeccg"


@pytest.mark.parametrize("name", ["GCCG v2 fans", "Player: Bob", "Length: short", "#3"])
def test_gccg_writer_keeps_a_name_that_would_read_as_a_version_or_metadata_line(name):
    from deckcheck.decklist.writers import write_gccg

    deck = parse_text("Player: Ann\nCharacters:\n3 Gandalf\n", path="n.md")
    deck.name = name
    again = parse_text(write_gccg(deck), path="n.meccg")
    assert (again.name, again.player) == (name, "Ann")


def test_markdown_writer_keeps_notes_with_links_and_punctuation_and_html_in_metadata():
    from deckcheck.decklist.writers import write_markdown

    deck = parse_text("Characters:\n3 Gandalf\n", path="n.md")
    deck.name, deck.notes = "Fellowship <draft> & co", "See https://meccg.com/?p=411\n---\n:"
    again = parse_text(write_markdown(deck), path="n.md")
    assert (again.name, again.notes) == (deck.name, deck.notes)


# Unresolved names the bare line would not give back: a tag ("[0]"), an HTML tag ("<0>"), a set code, a name
# ending in one, a count word, a quoted name, an entity, a link, a "Label (N)" heading. Each is written so that it
# reads back as itself, exactly; a plain unknown name is written as it is.
@pytest.mark.parametrize("name", ["[0]", "<0>", "(LE)", "a (LE)", "a [M]", "x (2)", "x 3", '"a"', '"', "&amp;",
                                  "a](b", "http://x", "Resources (3)", "Hazards:", "## Sites", "Pool", " a "])
@pytest.mark.parametrize("fmt", ["gccg", "markdown", "json"])
def test_writers_write_an_unresolved_name_so_that_it_reads_back_as_itself(fmt, name):
    from deckcheck.decklist.model import DeckEntry
    from deckcheck.decklist.writers import write_deck

    deck = parse_text("Characters:\n3 Gandalf\n", path="n.md")
    deck.entries.append(DeckEntry(part=Part.POOL, count=2, written=name, problem="unknown-card"))
    again = parse_text(write_deck(deck, fmt), path=f"n.{fmt}")
    assert {(e.part, e.count, e.card.id if e.card else e.written) for e in again.entries} == \
           {(Part.CHARACTERS, 3, "TW-156"), (Part.POOL, 2, name)}
    assert [d.code for d in again.diagnostics] == ["unknown-card"]


@pytest.mark.parametrize("fmt, name, line", [
    ("gccg", "Qwxzv Plorth", "2 Qwxzv Plorth"), ("markdown", "Qwxzv Plorth", "- 2 Qwxzv Plorth"),
    ("gccg", "[0]", '2 "[0]"'), ("gccg", "a (LE)", '2 "a (LE)"'), ("gccg", '"a"', '2 ""a""'),
    ("markdown", "<0>", "- 2 &lt;0&gt;"), ("markdown", "a & b", "- 2 a & b"), ("markdown", "&amp;", "- 2 &amp;amp;"),
    ("markdown", "a](b", "- 2 a]&#40;b"), ("markdown", "[0]", '- 2 "[0]"'),
])
def test_writers_quote_or_escape_only_a_name_that_needs_it(fmt, name, line):
    from deckcheck.decklist.model import DeckEntry
    from deckcheck.decklist.writers import write_deck

    deck = parse_text("Characters:\n3 Gandalf\n", path="n.md")
    deck.entries.append(DeckEntry(part=Part.POOL, count=2, written=name, problem="unknown-card"))
    assert line in write_deck(deck, fmt).splitlines()


@pytest.mark.parametrize("fmt", ["gccg", "markdown"])
def test_a_name_no_line_can_hold_is_refused_naming_file_and_line_not_written_unreadable(fmt):
    from deckcheck.decklist.writers import write_deck
    from deckcheck.errors import DeckcheckError

    deck = parse_text('{"parts": {"pool": [{"count": 1, "name": "Two\\nlines"}]}}', path="n.json")
    with pytest.raises(DeckcheckError) as err:
        write_deck(deck, fmt)
    assert (err.value.path, err.value.line) == ("n.json", 1)
    assert "cannot be written" in err.value.message and "--to json" in err.value.message
    assert parse_text(write_deck(deck, "json"), path="again.json").entries[0].written == "Two\nlines"


def test_readers_take_a_quoted_name_as_the_text_inside_and_unescape_entities_in_markdown():
    deck = parse_text('####\nDeck\n####\n\n3 "Twilight" (LE)\n2 "[0]"\n1 "Bert" (Bûrat) (TW)\n', path="q.meccg")
    assert [(e.card.id if e.card else e.written) for e in deck.entries] == ["LE-145", "[0]", "TW-16"]
    deck = parse_text("## Hazards\n\n- 1 Webs of Fear &amp; Treachery\n- 2 &lt;0&gt;\n", path="e.md")
    assert [(e.card.name if e.card else e.written) for e in deck.entries] == ["Webs of Fear & Treachery", "<0>"]


def test_a_counted_line_ending_in_a_number_in_parentheses_is_a_card_line_not_a_heading():
    deck = parse_text("Resources (2)\n- 2 Resources (3)\nHazards (1)\n1 Twilight\n", path="h.md")
    assert [(e.part, e.count, e.card.id if e.card else e.written) for e in deck.entries] == \
           [(Part.RESOURCES, 2, "Resources (3)"), (Part.HAZARDS, 1, "TW-106")]


def test_a_metadata_value_holding_a_notes_word_is_no_notes_heading():
    # "comentarios", "estrategia" head a notes section in Spanish; inside a value they are words of the value
    deck = parse_text("Name: Mi estrategia\nPlayer: Comentarios\n3 Gandalf\n2 Dodge\nComentarios\nbuen mazo\n",
                      path="m.txt")
    assert (deck.name, deck.player, deck.notes) == ("Mi estrategia", "Comentarios", "buen mazo")
    assert [(e.card.name, e.count) for e in deck.entries] == [("Gandalf", 3), ("Dodge", 2)]


WEB_LIST = """Pallando: Nigel's deck

Resources (30)

A Chance Meeting
Concealment (x3)

Hazards (30) * indicates Creatures & Creatures

*Bairanax Ahunt
1-2 Twilight

Key Sideboard Cards:

1 The Arkenstone (vs. Dwarves)
"""


def test_web_list_label_with_a_remark_count_range_and_remark_after_a_name():
    deck = parse_text(WEB_LIST, path="web.txt")
    assert summary(deck) == {(Part.RESOURCES, "TW-188"): 1, (Part.RESOURCES, "TW-204"): 3,   # Concealment ×3
                             (Part.HAZARDS, "TD-4"): 1, (Part.HAZARDS, "TW-106"): 1,       # under "Hazards (30) *..."
                             (Part.SIDEBOARD, "TW-341"): 1}                                # The Arkenstone
    found = {(d.code, d.line) for d in deck.diagnostics}
    assert found == {("missing-count", 5), ("missing-count", 10), ("count-range", 11), ("card-remark", 15)}
    assert all(d.severity == "warning" for d in deck.diagnostics)


def test_parentheses_that_belong_to_the_name_or_hide_no_card_are_no_remark():
    deck = parse_text("Hazards:\n1 Doeth (Durthak)\n1 Qwxzv Plorth (vs. Dwarves)\n", path="p.md")
    assert [e.card.name if e.card else e.problem for e in deck.entries] == ["Doeth (Durthak)", "unknown-card"]
    assert "card-remark" not in codes(deck)


def test_copies_of_a_misplaced_card_give_one_warning_naming_every_line():
    deck = parse_text("[NetMECCG v1.4 Deck]\n[hazards]\nTwilight\nDodge\nDodge\nDodge\n", path="m.dck")
    assert [(d.code, d.line) for d in deck.diagnostics] == [("misplaced-card", 4)]
    assert "(3 copies, lines 4, 5, 6)" in deck.diagnostics[0].message
    assert summary(deck) == {(Part.HAZARDS, "TW-106"): 1, (Part.RESOURCES, "TW-209"): 3}


def test_a_site_in_a_mixed_deck_list_is_misplaced_but_a_character_is_not():
    deck = parse_text("Deck\n\n3 Gandalf\n1 Rivendell\n", path="s.deck")
    assert [(d.code, d.line) for d in deck.diagnostics] == [("misplaced-card", 4)]
    assert "listed under play deck; counted as sites" in deck.diagnostics[0].message


TABLE_DECK = """# Table deck

| Count | Card |
|------:|------|
| **Characters** | |
| 3 | Gandalf |
| 1x | Elrond |

## Hazards

| Card | Qty |
| --- | --- |
| Twilight | 3 |
| Doors of Night | |
"""


def test_markdown_table_rows_are_card_lines_and_header_rows_are_not():
    deck = parse_text(TABLE_DECK, path="t.md")
    assert deck.format == "markdown" and deck.name == "Table deck"
    assert summary(deck) == {(Part.CHARACTERS, "TW-156"): 3, (Part.CHARACTERS, "TW-145"): 1,
                             (Part.HAZARDS, "TW-106"): 3, (Part.HAZARDS, "TW-28"): 1}
    # the row without a count is read as one copy and said so; header and rule rows are silent
    assert [(d.code, d.line) for d in deck.diagnostics] == [("missing-count", 14)]


def test_wigy_lines_are_right_whatever_order_the_file_gives_its_parts():
    text = ('{\n  "alignment": "hero",\n  "deck": {\n    "hazards": [\n      {"name": "Twilight", "card": "tw-106", '
            '"qty": 2}\n    ],\n    "resources": [\n      {"name": "Dodge", "card": "tw-209", "qty": 1}\n    ]\n  },\n'
            '  "sideboard": [\n    {"name": "Twilight", "card": "tw-106", "qty": 1}\n  ],\n'
            '  "pool": [\n    {"name": "Gandalf", "card": "tw-156", "qty": 1}\n  ]\n}\n')
    deck = parse_text(text, path="order.json")
    assert deck.format == "wigy-json"
    assert {(e.part, e.card.name): e.lines for e in deck.entries} == {
        (Part.HAZARDS, "Twilight"): [5], (Part.RESOURCES, "Dodge"): [8], (Part.SIDEBOARD, "Twilight"): [12],
        (Part.POOL, "Gandalf"): [15]}


def test_a_list_with_no_headings_places_each_counted_card_by_what_it_is():
    deck = parse_text("My orc deck\n\n3 Orc-raiders\n3 Gandalf\n- 2x Dodge\n1 Rivendell\nGood luck!\n", path="b.txt")
    assert summary(deck) == {(Part.HAZARDS, "TW-75"): 3, (Part.CHARACTERS, "TW-156"): 3,
                             (Part.RESOURCES, "TW-209"): 2, (Part.SITES, "TW-421"): 1}
    assert [(d.code, d.line, d.severity) for d in deck.diagnostics] == [("no-sections", 3, "warning")]


def test_a_counted_line_before_the_headings_is_a_card_line_even_when_it_names_none():
    # never dropped unsaid: a counted line may be a card, so it is read as one, and reported when it names none
    deck = parse_text("3 friends built this deck\n2x Gandalf\nGood luck!\n\nHazards:\n3 Orc-raiders\n", path="h.md")
    assert summary(deck) == {(Part.PLAY, "unknown-card"): 3, (Part.CHARACTERS, "TW-156"): 2, (Part.HAZARDS, "TW-75"): 3}
    assert [(d.code, d.line, d.severity) for d in deck.diagnostics] == [
        ("no-sections", 1, "warning"), ("unknown-card", 1, "error")]
    assert deck.diagnostics[0].message == "2 card lines before the first heading: each card is placed by what it is"


def test_writers_leave_out_blank_metadata_instead_of_writing_an_empty_label():
    from deckcheck.decklist.writers import write_gccg, write_markdown

    deck = parse_text("Characters:\n3 Gandalf\n", path="b.md")
    deck.avatar, deck.player = " \u3000 ", "Ann"
    for write in (write_gccg, write_markdown):
        text = write(deck)
        again = parse_text(text, path="b.txt")
        assert "Avatar:" not in text and (again.name, again.player) == (None, "Ann")


@pytest.mark.parametrize("value, length", [("2", 2), ("Long", 3), ("Short (2 decks)", 2), ("3-deck", 3),
                                           ("campaign", 4), ("9", None), ("fast", None)])
def test_declared_game_length_in_numbers_or_words_and_a_bad_one_reported(value, length):
    for text, line in ((f"Length: {value}\nCharacters:\n3 Gandalf\n", 1),
                       (f"#\n# Length: {value}\n#\n####\nDeck\n####\n3 Gandalf (TW)\n", 2)):
        deck = parse_text(text, path="l.txt")
        assert deck.length == length
        assert [(d.code, d.line) for d in deck.diagnostics] == ([] if length else [("bad-length", line)])


@pytest.mark.parametrize("value, alignment", [("Hero", "wizard"), ("Minion", "ringwraith"),
                                              ("Fallen Wizard", "fallen-wizard"), ("balrog", "balrog")])
def test_declared_alignment_in_the_words_players_use(value, alignment):
    deck = parse_text(f"Alignment: {value}\nResources:\n3 Dodge\n", path="a.md")
    assert deck.alignment == alignment and deck.alignment_reason == f"{alignment}: declared by the file"
    assert "unknown-alignment" not in codes(deck)


def test_declared_alignment_that_names_none_is_reported_and_inferred_instead():
    deck = parse_text("Player: Ann\nAlignment: Dwarf\nCharacters:\n3 Gandalf\n", path="a.md")
    assert deck.alignment == "wizard" and "avatar Gandalf" in deck.alignment_reason
    assert [(d.code, d.line) for d in deck.diagnostics] == [("unknown-alignment", 2)]
    fenced = parse_text("#\n# GCCG v0.9.4 Middle-earth deck\n# Alignment: Dwarf\n#\n####\nDeck\n####\n3 Gandalf (TW)\n",
                        path="a.meccg")
    assert [(d.code, d.line) for d in fenced.diagnostics] == [("unknown-alignment", 3)]
