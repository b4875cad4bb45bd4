"""The deck fingerprint: the same code for the same cards whatever the format, order and spelling; another code
for any change of a card, a count or a part; and the recipe exactly as its documentation says."""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.fingerprint import canonical_text, fingerprint
from deckcheck.decklist.writers import write_deck
from tests._shared import DECKS, needs_decks

SMALL = Path(__file__).parent / "fixtures" / "analysis" / "small-wizard.meccg"
LETTERS = "ABCDEFGHIJ"

# The fingerprints of the ten ICE Challenge Decks as the council-of-rivendell files hold them. An organizer trusts a
# code written down at registration in every later release: a change of the recipe must fail here.
CHALLENGE_FINGERPRINTS = {"A": "9deb-9616-d41a", "B": "c374-8d67-c4ba", "C": "27a1-8886-27bc",
                          "D": "91f4-2786-53a5", "E": "af17-c5a4-dc5b", "F": "051a-1576-fba4",
                          "G": "5d40-a473-103b", "H": "037c-bcfa-5eb8", "I": "bddb-e167-b7f1",
                          "J": "8fd7-bbd2-be66"}


def challenge_files(letter: str) -> list[Path]:
    """The same Challenge Deck in three formats: GCCG 0.9.4 fenced (latin-1), GCCG 0.8.78 plain, OCTGN XML."""
    found = [next((DECKS / "council-of-rivendell" / "Challenge Decks").glob(f"{letter} - *")),
             next((DECKS / "gccg-restoration" / "Challenge Decks").glob(f"{letter} - *")),
             next((DECKS / "octgn-wlk0" / "Challenge_decks").glob(f"{letter} - *.o8d"))]
    return found


@needs_decks
@pytest.mark.parametrize("letter", LETTERS)
def test_a_challenge_deck_has_one_fingerprint_in_three_formats(letter):
    files = challenge_files(letter)
    decks = [read_deck(path) for path in files]
    assert [d.format for d in decks] == ["gccg", "gccg-plain", "octgn"]
    # OCTGN names the TW printing of the hazards that the GCCG files take from LE: reprints are one card
    assert {fingerprint(d).value for d in decks} == {CHALLENGE_FINGERPRINTS[letter]}
    assert all(fingerprint(d).unresolved == 0 for d in decks)


@needs_decks
@pytest.mark.parametrize("letter", LETTERS)
def test_a_deck_and_its_conversions_have_one_fingerprint(letter):
    deck = read_deck(challenge_files(letter)[0])
    for to_format in ("gccg", "json", "markdown"):
        again = parse_text(write_deck(deck, to_format), path=f"converted.{to_format}")
        assert fingerprint(again) == fingerprint(deck), to_format


@needs_decks
def test_hand_typed_lists_of_the_same_deck_share_it():
    # maciak.org's hand-typed Markdown B and E hold exactly the GCCG cards (A, C, D differ by a card: see INDEX.md)
    for letter, name in (("B", "B_Challenge_Deck_B_Alatar.md"), ("E", "E_Challenge_Deck_E_Gandalf.md")):
        assert fingerprint(read_deck(DECKS / "maciak-org" / name)).value == CHALLENGE_FINGERPRINTS[letter]


def _card_lines(text: str) -> tuple[list[str], list[str]]:
    lines = text.splitlines()
    return [line for line in lines if line[:1].isdigit()], lines


def test_order_spelling_and_metadata_do_not_enter_it():
    text = SMALL.read_text(encoding="utf-8")
    base = fingerprint(parse_text(text))
    # each section's card lines shuffled, names in other case and spacing, accents, a new deck name and player
    respelled = []
    rng = random.Random(14)
    block: list[str] = []
    for line in text.splitlines() + [""]:
        if line[:1].isdigit():
            count, rest = line.split(" ", 1)
            name, _, code = rest.rpartition(" (")
            block.append(f"{count}  {name.upper().replace('-', ' ')} ({code}")
            continue
        rng.shuffle(block)
        respelled += block + [line]
        block = []
    respelled = "\n".join(respelled).replace("Small Wizard", "Renamed by its player\n# Player: Éowyn")
    assert respelled != text
    assert fingerprint(parse_text(respelled)) == base


def test_any_change_of_a_card_a_count_or_a_part_changes_it():
    text = SMALL.read_text(encoding="utf-8")
    base = fingerprint(parse_text(text)).value
    changed = {
        "a card": text.replace("1 Glamdring (TW)", "1 Orcrist (TW)"),
        "a count": text.replace("3 Stealth (TW)", "2 Stealth (TW)"),
        "a part": text.replace("1 Beretar (TW)\n", "").replace("1 Legolas (TW)", "1 Legolas (TW)\n1 Beretar (TW)"),
    }
    values = {what: fingerprint(parse_text(t)).value for what, t in changed.items()}
    assert all(v != base for v in values.values()), values
    assert len(set(values.values())) == 3


def test_a_reprint_is_the_same_card():
    text = SMALL.read_text(encoding="utf-8")
    reprinted = text.replace("3 Cave-drake (TW)", "3 Cave-drake (LE)").replace("3 Twilight (TW)", "3 Twilight (LE)")
    deck = parse_text(reprinted)
    assert {e.card.id for e in deck.entries if e.card.name in ("Cave-drake", "Twilight")} == {"LE-66", "LE-145"}
    assert fingerprint(deck) == fingerprint(parse_text(text))


def test_the_recipe_is_exactly_as_documented():
    """Rebuilt from the module documentation by hand: PART<TAB>KEY<TAB>COUNT lines, sorted, SHA-256, 12 digits."""
    deck = parse_text("Pool\n1 Faramir (TW)\nDeck\n2 Cave-drake (LE)\n1 Cave-drake (TW)\n3 Gandalf [H] (TW)\n"
                      "1 Qwxzv the Greyish\n")
    text = ("characters\tTW-156\t3\n"          # Gandalf [H] (TW)
            "hazards\tTW-20\t3\n"              # Cave-drake: TW-20 and its reprint LE-66 added up
            "play\t?qwxzvthegreyish\t1\n"      # no such card: the folded name as written
            "pool\tTW-149\t1\n")               # Faramir
    assert canonical_text(deck) == text
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert fingerprint(deck).value == f"{digest[:4]}-{digest[4:8]}-{digest[8:12]}"
    assert fingerprint(deck).describe().endswith("(1 name that is no card enters it as written)")


def test_show_prints_it(tmp_path):
    result = subprocess.run([sys.executable, "-m", "deckcheck", "show", str(SMALL)], capture_output=True, text=True,
                            encoding="utf-8", timeout=120)
    assert result.returncode == 0, result.stderr
    assert f"Fingerprint: {fingerprint(read_deck(SMALL)).value}\n" in result.stdout
