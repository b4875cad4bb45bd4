"""Random and mutated text fed to every reader: no exception escapes but DeckcheckError (nothing usable),
and every problem is a diagnostic naming the file and a line."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.names import fold
from deckcheck.decklist import FORMATS, parse_text
from deckcheck.decklist.model import DeckEntry, Part
from deckcheck.decklist.writers import WRITE_FORMATS, write_deck
from deckcheck.errors import DeckcheckError
from deckcheck.fileio import decode_bytes
from tests._shared import corpus_files, examples, needs_decks

FIXTURES = Path(__file__).parent / "fixtures" / "decklist"
SAMPLES = sorted(decode_bytes(p.read_bytes())[0] for p in FIXTURES.iterdir() if p.is_file())
PATH = "fuzz/deck.txt"
FORMAT_OR_DETECT = st.sampled_from((None, *FORMATS))
CHECKS = settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def parse_checked(text: str, input_format: str | None) -> None:
    try:
        deck = parse_text(text, path=PATH, input_format=input_format)
    except DeckcheckError as err:
        assert err.path == PATH and err.message
        return
    assert deck.entries
    for entry in deck.entries:
        assert entry.count >= 1 and entry.lines is not None
        assert entry.card is not None or entry.problem
    for diagnostic in deck.diagnostics:
        assert diagnostic.path == PATH
        assert isinstance(diagnostic.line, int) and diagnostic.line >= 1, diagnostic
        assert diagnostic.severity in ("error", "warning") and diagnostic.message


# Text made of the pieces decklists are made of, so that the readers' deeper paths are reached.
PIECES = st.sampled_from([
    "####", "Deck", "Pool", "Sites", "Sideboard", "Sideboard vs. fw", "Notes", "# Hazard (3)", "# Hero Resource (2)",
    "[NetMECCG v1.4 Deck]", "[starting]", "[hazards]", "[sites]", "[anti-FW]", "Alatar@", "Moria%", "Cave-drake*",
    '<section name="Hazards">', '<card qty="3" id="x">Twilight</card>', "</section>", "<deck>", "</deck>",
    "Starting Company:", "Hazards:", "- 3x Dodge", "Orc Guard x2", "3-Orc Lieutenant", "Doors of Night (x3)",
    "3 Twilight (LE)", "1 \"Bert\" (Bûrat) (TW)", "1 moria [m] (le)", "0 Dodge", "1000000000 Dodge", "Gandalf",
    "FW-DC-SB", "resources", "1 Balin* [d] (df)", "{", "}", '"pool": [', "]", '{"card": "tw-181", "qty": 3}', ",",
    "Name: x", "Alignment: balrog", "## Sites", "> quoted", "| 3 | Twilight |", "|---|---|", "| Qty | Card |",
    "| Hazards |", "||", "", " ", "\t",
])
DECKISH_TEXT = st.lists(st.one_of(PIECES, st.text(max_size=20)), max_size=40).map("\n".join)


@CHECKS
@given(text=st.text(max_size=300), input_format=FORMAT_OR_DETECT)
def test_random_text_never_raises_anything_but_deckcheck_error(text, input_format):
    parse_checked(text, input_format)


@CHECKS
@given(text=DECKISH_TEXT, input_format=FORMAT_OR_DETECT)
def test_deck_shaped_random_text_gives_diagnostics_with_lines(text, input_format):
    parse_checked(text, input_format)


def mutate_and_parse(data, text: str, input_format: str | None) -> None:
    for _ in range(data.draw(st.integers(1, 4))):
        start = data.draw(st.integers(0, len(text)))
        end = data.draw(st.integers(start, min(len(text), start + 40)))
        action = data.draw(st.sampled_from(["delete", "insert", "duplicate"]))
        if action == "delete":
            text = text[:start] + text[end:]
        elif action == "insert":
            text = text[:start] + data.draw(st.one_of(PIECES, st.text(max_size=15))) + text[start:]
        else:
            text = text[:end] + text[start:end] + text[end:]
    parse_checked(text, input_format)


@CHECKS
@given(data=st.data(), input_format=FORMAT_OR_DETECT)
def test_mutated_fixture_decks_give_diagnostics_with_lines(data, input_format):
    mutate_and_parse(data, data.draw(st.sampled_from(SAMPLES)), input_format)


CORPUS = corpus_files()


@needs_decks
@CHECKS
@given(data=st.data(), input_format=FORMAT_OR_DETECT)
def test_mutated_real_corpus_decks_give_diagnostics_with_lines(data, input_format):
    path = data.draw(st.sampled_from(CORPUS or [FIXTURES / "fenced.meccg"]))
    mutate_and_parse(data, decode_bytes(path.read_bytes())[0], input_format)


@CHECKS
@given(raw=st.binary(max_size=400))
def test_random_bytes_decode_and_parse_without_traceback(raw):
    text, _encoding = decode_bytes(raw)
    parse_checked(text, None)


# ---- writers: whatever the metadata and notes say, reading the written deck back gives them again ----------

# (lambdas, not .filter(str.split): Hypothesis 6.170 let "\xa0" through that one, a blank value the writers
# rightly leave out)
METADATA_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30).filter(
    lambda s: bool(s.split()))
NOTES_TEXT = st.lists(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30),
                      min_size=1, max_size=5).map("\n".join).filter(lambda s: bool(s.strip()))


def _words(text: str | None) -> str:
    """Writers put metadata on one line and may indent a notes line; words and their order must survive."""
    return " ".join((text or "").split())


@CHECKS
@given(fmt=st.sampled_from(WRITE_FORMATS), name=METADATA_TEXT, player=METADATA_TEXT, avatar=METADATA_TEXT,
       notes=NOTES_TEXT)
def test_written_metadata_and_notes_read_back_the_same(fmt, name, player, avatar, notes):
    deck = parse_text("Characters:\n3 Gandalf\nResources:\n2 Dodge\n", path="meta.md")
    deck.name, deck.player, deck.avatar, deck.notes = name, player, avatar, notes
    again = parse_text(write_deck(deck, fmt), path=f"meta.{fmt}")
    assert [_words(v) for v in (again.name, again.player, again.avatar, again.notes)] == \
           [_words(v) for v in (name, player, avatar, notes)]
    assert [(e.part, e.count, e.card.id) for e in again.entries] == [(e.part, e.count, e.card.id) for e in deck.entries]


# Names that are no card and misspell none: an unresolved entry must stay unresolved (random text can spell
# "HOBBITS", or "HM" one letter off "Hm..."). Any character but a lone surrogate: names that look like a tag
# ("[0]"), an HTML tag ("<0>"), a set code, a count or a heading are the writers' business (they quote or escape
# them); a line break or a NUL no line can hold, and only those are refused.
CARD_NAME_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=25).filter(
    lambda s: s.strip() == s and load_catalog().resolve(s).status == "unknown")
NO_LINE_HOLDS = ("\n", "\r", "\x00")


@CHECKS
# names unique as the builder merges the lines of one unknown name ("O" and "Ø" are one: cards.names.fold)
@given(fmt=st.sampled_from(WRITE_FORMATS), names=st.lists(CARD_NAME_TEXT, min_size=1, max_size=4, unique_by=fold),
       part=st.sampled_from(list(Part)))
def test_unresolved_names_of_any_text_are_written_and_read_back_in_their_part(fmt, names, part):
    deck = parse_text("Characters:\n3 Gandalf\n", path="names.md")
    deck.entries += [DeckEntry(part=part, count=2, written=name, problem="unknown-card") for name in names]
    unholdable = fmt != "json" and any(c in name for name in names for c in NO_LINE_HOLDS)
    try:
        text = write_deck(deck, fmt)
    except DeckcheckError as err:   # said, with the file, never written unreadable
        assert unholdable and err.path == "names.md" and "cannot be written" in err.message
        return
    assert not unholdable
    again = parse_text(text, path=f"names.{fmt}")

    def cards(d):   # the exact text: "[0]" must not come back as '"[0]"' or "0"
        return sorted((e.part.value, e.count, e.card.id if e.card else e.written) for e in d.entries)
    assert cards(again) == cards(deck)
