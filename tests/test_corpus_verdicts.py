"""Verdicts on real decks of ../shared/decks, judged by hand against DECK-RULES.md and the rulebooks.

`benchmarks/corpus_verdicts.py` writes every verdict of the corpus for reading; the ones pinned here were read
by hand and agreed with (file, ruleset, code, the words and numbers of the message). The ICE Challenge Decks are
tournament-legal under the Council of Elrond rules and must stay free of any violation.
"""

from __future__ import annotations

import pytest

from deckcheck.rules.engine import validate_file
from tests._shared import DECKS, needs_decks

pytestmark = needs_decks

ICE_CHALLENGE = ["A - Saruman - Stewards of Gondor", "B - Alatar - Release of Prisoners",
                 "C - Pallando - Dwarven Quest", "D - Radagast - Bargain Between Friends",
                 "E - Gandalf - Return of the King", "F - Adunaphel - Spies and Traitors",
                 "G - Dwar - Marauding Brood of Uglies", "H - Hoarmurath - Stealthy Tribe",
                 "I - Witchking - Morgul Rallying Cry", "J - Indur - Seducing Nations of Men"]
ZARA = "gccg-restoration/Contrib/zara/"


@pytest.mark.parametrize("name", ICE_CHALLENGE)
def test_the_ice_challenge_decks_are_clean_under_coe(name):
    _, verdict = validate_file(str(DECKS / "council-of-rivendell/Challenge Decks" / name), ruleset="coe")
    assert verdict.legal and verdict.violations == [], [v.message for v in verdict.violations]


# (file, ruleset, code, severity, words of the message) — each read by hand and agreed with.
JUDGED = [
    ("council-of-rivendell/Mark Alfano - zara/{c} Khamul -- Smoke on the Water.dck", "coe", "copy-limit", "error",
     "4 copies of Foolish Words (in hazards, sideboard); the limit is 3"),
    (ZARA + "{F}_{F}{R} All's Well That Ends Well.dck", "coe", "unique-limit", "error",
     "Aragorn II [H] and Strider [H] are manifestations of one unique card: 2 copies; the limit is 1"),
    (ZARA + "{D}_{D} Dwar CVCC.dck", "coe", "sideboard-size", "error",
     "31 cards in the sideboard; the limit for a 2-deck (Short) game is 30"),
    (ZARA + "{D}_{D} Dwar CVCC.dck", "coe", "starting-size", "warning",
     "Golodhros [M] (DM) is an agent; it cannot be revealed in the draft"),
    (ZARA + "{R}S_{F}{R} The Black Hills.dck", "coe", "avatar-limit", "error",
     "no Fallen-wizard avatar in the deck"),
    (ZARA + "{d}_{F}{R} Lord and Usurper.dck", "coe", "creature-count", "error",
     "11 creatures among the hazards (9 creatures + 5 half-creatures (= 2)); the minimum is 12"),
    (ZARA + "{d}_{F}{R} Mind Ring Monstrosity.dck", "coe", "alignment-card", "error",
     "Noldo-lantern [H] (DM) is a hero resource; a Balrog player's resources can only be minion resources"),
    (ZARA + "{d}_{D} The Red Hills.dck", "coe", "site-alignment", "error",
     "Urlurtsu Nurn [M] is the minion version of a Dark-hold; a Balrog deck must use a Balrog version, and this "
     "site has none"),
    ("gccg-restoration/Players Guide/MEDM - The Queen and Her King.dck", "coe", "agent-mind", "error",
     "agents total 39 mind (7 agent cards); the limit is 36"),
    ("maciak-org/C_Challenge_Deck_C_Palando.md", "coe", "unique-limit", "error",
     "2 copies of Men of Dorwinion [H] (unique); the limit is 1"),
    ("wigy-meccg/challenge-deck-d.json", "coe", "site-alignment", "error",
     "Beorn’s House [M] is a minion site; a wizard location deck holds hero sites"),
    ("wigy-meccg/challenge-deck-f.json", "coe", "site-copies", "error",
     "4 copies of Barad-dûr [M] in the location deck; the limit is 1"),
    ("wigy-meccg/dev-partial/development-proto-fallen-wizard.json", "coe", "stage-points", "error",
     "the starting Stage cards (Hidden Haven) give 1 stage point; they must give exactly 3"),
    ("octgn-wlk0/Lost_Challenge_Decks/O - F_ Saruman - Men of Skill.o8d", "coe", "starting-race", "warning",
     "Troll-chief [M] (LE) is Troll; a Fallen-wizard player may start with Orc or Troll characters only with "
     "Bad Company"),
    ("gccg-restoration/Players Guide/MELE - Orc Warband [Wizard opponent; 2-deck].dck", "rulebook", "copy-limit",
     "error", "3 copies of the character Orc Tracker [M] in the play deck; only 1 of each character card"),
    ("gccg-restoration/Players Guide/MELE - The Unclean [Ringwraith or Wizard opponent; 2-deck].dck", "rulebook",
     "avatar-limit", "error", "3 avatars in the play deck (3 Ren the Ringwraith); the limit is 2"),
]


@pytest.mark.parametrize("path,ruleset,code,severity,words", JUDGED, ids=[f"{j[2]}:{j[0].split('/')[-1]}"
                                                                          for j in JUDGED])
def test_verdicts_judged_by_hand(path, ruleset, code, severity, words):
    _, verdict = validate_file(str(DECKS / path), ruleset=ruleset)
    matching = [v for v in verdict.violations if v.code == code and words in v.message]
    assert matching, [(v.code, v.message) for v in verdict.violations]
    assert {v.severity for v in matching} == {severity}
    assert all(v.citation.startswith(ruleset) for v in matching)
    assert verdict.legal == (not any(v.severity == "error" for v in verdict.violations))


def test_the_same_ice_deck_in_every_format_gets_the_same_coe_verdict():
    """Challenge Deck A in five encodings: where the list is complete, the verdict is the same (legal)."""
    copies = ["council-of-rivendell/Challenge Decks/A - Saruman - Stewards of Gondor",
              "gccg-restoration/Challenge Decks/A - Saruman - Stewards of Gondor",
              "meccg-online/Challenge_Decks_-_Hero/A - Stewards of Gondor.meccg",
              "octgn-wlk0/Challenge_decks/A - Saruman - Stewards of Gondor.o8d"]
    for path in copies:
        _, verdict = validate_file(str(DECKS / path), ruleset="coe")
        assert verdict.legal, (path, [v.message for v in verdict.violations])
    # The hand-typed maciak list lacks a resource (29 resources, 28 hazards, 2 Twilight): no split balances.
    _, typed = validate_file(str(DECKS / "maciak-org/A_Challenge_Deck_A_Saruman.md"), ruleset="coe")
    assert [v.code for v in typed.violations] == ["hazard-parity"]
