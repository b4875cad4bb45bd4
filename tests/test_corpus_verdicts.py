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
    # coe 1.3.1 joins manifestations of a unique *resource*; Strider's text assumes Aragorn II in the same deck
    (ZARA + "{F}_{F}{R} All's Well That Ends Well.dck", "coe", "unique-limit", "warning",
     "Aragorn II [H] and Strider [H] are manifestations of one character: 2 copies; a debatable reading"),
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
    # MELE Starter step 5 in a 2-deck game: borrowed by analogy from the Starter game
    ("gccg-restoration/Players Guide/MELE - Orc Warband [Wizard opponent; 2-deck].dck", "rulebook", "copy-limit",
     "warning", "3 copies of the character Orc Tracker [M] in the play deck; only 1 of each character card"),
    # coe 1.9.F3: Firiel and Súrion (mind 6) and one Thrall of the Voice
    (ZARA + "{R}P_{D}{R} The Mystic Hills.dck", "coe", "mind-enablers", "warning",
     "2 pool characters of mind above 5 (Firiel, Súrion) and 1 Thrall of the Voice to draft them with: only 1 of "
     "them can be drafted"),
    (ZARA + "{R}S_{F}{R} The Black Hills.dck", "coe", "mind-enablers", "warning",
     "2 pool characters of mind above 5 (Calendal, Hendolen) and 1 Thrall of the Voice"),
    # the rulebook's avatar limit for a Wizard is MELE's for Ringwraith cards: by analogy
    ("council-of-rivendell/Challenge Decks/A - Saruman - Stewards of Gondor", "rulebook", "avatar-limit", "warning",
     "3 avatars in the play deck (3 Saruman); the limit is 2"),
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
    assert all((v.by_analogy is not None) <= (v.severity == "warning") for v in matching)


# Fallen-wizard pools whose starting Stage cards can all be played at the start (coe 1.9.F4, 1.10.F1), and
# those whose mind-6 characters each have their Thrall of the Voice (coe 1.9.F3).
KEEPS_STAGE_PLAYABLE = [ZARA + "{R}A_{D} The Game Warden.dck", ZARA + "{R}A_{D}{R} The Bounty of Framsburg.dck",
                        ZARA + "{R}A_{F}{R} The Bounty of Earcaraxe.dck", ZARA + "{R}G_{D} An Unlikely Party.dck",
                        ZARA + "{R}G_{F}{R} Annexing the Anduin.dck", ZARA + "{R}S_{F}{R} The Black Hills.dck",
                        "octgn-wlk0/Lost_Challenge_Decks/P - F_ Alatar - Join the Hunt.deck.o8d",
                        # Stage cards "placed on" the avatar "if he is in play" (Stave of Pallando; Glove of
                        # Radagast, Shifter of Hues): where they go, not a condition to play them
                        ZARA + "{R}P_{D}{R} The Mystic Hills.dck", ZARA + "{R}R_{F} Laxander's Wolf Squat.dck",
                        ZARA + "{R}R_{D}{R} Laxander's Wolf Squat.dck"]
KEEPS_MIND_ENABLERS = [ZARA + "{R}A_{F}{R} The Bounty of Earcaraxe.dck", ZARA + "{R}G_{D} An Unlikely Party.dck",
                       ZARA + "{R}G_{F}{R} Annexing the Anduin.dck",
                       "octgn-wlk0/Lost_Challenge_Decks/O - F_ Saruman - Men of Skill.o8d",
                       "octgn-wlk0/Lost_Challenge_Decks/P - F_ Alatar - Join the Hunt.deck.o8d"]


@pytest.mark.parametrize("path", KEEPS_STAGE_PLAYABLE, ids=[p.split("/")[-1] for p in KEEPS_STAGE_PLAYABLE])
def test_real_pools_whose_stage_cards_can_all_start(path):
    _, verdict = validate_file(str(DECKS / path), ruleset="coe")
    assert verdict.alignment == "fallen-wizard"
    assert [v.message for v in verdict.violations if v.code == "stage-playable"] == []


@pytest.mark.parametrize("path", KEEPS_MIND_ENABLERS, ids=[p.split("/")[-1] for p in KEEPS_MIND_ENABLERS])
def test_real_pools_with_a_thrall_of_the_voice_for_each_mind_six_character(path):
    _, verdict = validate_file(str(DECKS / path), ruleset="coe")
    assert [v.message for v in verdict.violations if v.code == "mind-enablers"] == []


def test_a_real_hidden_haven_pool_with_no_ruins_and_lairs_to_start_at():
    # Men of Skill starts Hidden Haven, played on the starting site, a Ruins & Lairs in Arthedain or Rhudaur
    # (coe 1.10.F1), and its location deck (Bree, Isengard, Mount Gram, The White Towers [F], The Worthy Hills)
    # holds none: the pool's stage points reach 3 only with a card that cannot be played (1.9.F4, 1.7.F1).
    _, verdict = validate_file(str(DECKS / "octgn-wlk0/Lost_Challenge_Decks/O - F_ Saruman - Men of Skill.o8d"),
                               ruleset="coe")
    [hidden] = [v for v in verdict.violations if v.code == "stage-playable"]
    assert hidden.severity == "error" and hidden.card == "Hidden Haven"
    assert hidden.message.endswith("and the location deck holds none; without it the starting Stage cards give 2 "
                                   "of the 3 stage points")
    assert hidden.citation == "coe 1.9.F4, 1.10.F1"


def test_every_verdict_on_the_real_decks_says_its_reasoning():
    """`validate --explain` has something to print under every violation of every real deck, both rulesets."""
    from deckcheck.errors import DeckcheckError
    from tests._shared import corpus_files

    silent = []
    for path in corpus_files():
        for ruleset in ("coe", "rulebook"):
            try:
                _, verdict = validate_file(str(path), ruleset=ruleset)
            except DeckcheckError:
                continue        # not judged (a Balrog deck under the rulebook, a fragment): nothing to explain
            silent += [(path.name, ruleset, v.code) for v in verdict.violations if not v.explanation]
    assert silent == []


def test_explain_prints_the_reasoning_under_each_violation(capsys):
    from deckcheck.cli import main

    path = str(DECKS / "octgn-wlk0/Lost_Challenge_Decks/O - F_ Saruman - Men of Skill.o8d")
    with pytest.raises(SystemExit) as exited:
        main(["validate", "--rules", "coe", "--explain", path])
    out = capsys.readouterr().out
    assert exited.value.code == 1
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "stage-playable:" in line)
    assert lines[at + 1].strip().startswith("· at the start: no avatar in play, 3 stage points at most")
    assert lines[at + 2].strip() == "· drafted Stage cards: Hidden Haven, 2× Thrall of the Voice"
