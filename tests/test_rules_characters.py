"""mind-limit, starting-race, faction-race: each broken and kept under every ruleset where it applies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckcheck.cli import cli
from deckcheck.rules import load_ruleset
from tests._rules_b import RULES_B_CODES, corpus, deck, found, messages
from tests._shared import needs_decks

FW_SARUMAN, BALROG = "WH-9", "BA-3"
THRALL, BAD_COMPANY, DOUBLE_DEALING = "WH-82", "WH-63", "WH-66"
CELEBORN, CELEBORN_MIND = "TW-136", 6
BEORN, GORBAG_ORC, ORC_CAPTAIN, ASTERNAK_MAN = "TW-126", "LE-11", "LE-31", "LE-1"
BADUILA_AGENT = "DM-2"                                   # mind 8
LIEUTENANT_TROLL, BUTHRAKAUR_BALROG = "LE-20", "BA-5"    # both mind 9; the second Balrog-specific


# ---- mind-limit -----------------------------------------------------------------------------------------

def test_rulebook_fallen_wizard_characters_of_mind_above_five_are_errors():
    got = found("mind-limit", deck(characters=[FW_SARUMAN, CELEBORN, "TW-123"]), ruleset="rulebook",
                alignment="fallen-wizard")
    assert [v.message for v in got] == [
        f"Celeborn [H] (TW) has mind {CELEBORN_MIND}; a Fallen-wizard player's characters may have mind 5 or "
        "less (Thrall of the Voice allows one of mind 6)"]
    assert got[0].severity == "error" and got[0].citation == 'rulebook MEWH "Characters", "Starting Characters"'


def test_thrall_of_the_voice_in_the_deck_allows_mind_six_not_seven():
    the_deck = deck(characters=[FW_SARUMAN, CELEBORN, BEORN], resources=[THRALL])
    got = found("mind-limit", the_deck, ruleset="rulebook", alignment="fallen-wizard")
    assert [v.card_id for v in got] == [BEORN]
    assert got[0].message == ("Beorn [H] (TW) has mind 7; a Fallen-wizard player's characters may have mind 5 "
                              "or less")


def test_rulebook_one_starting_thrall_lets_one_starting_character_of_mind_six_start():
    one = deck(characters=[FW_SARUMAN], pool=[CELEBORN, THRALL, DOUBLE_DEALING, DOUBLE_DEALING])
    assert found("mind-limit", one, ruleset="rulebook", alignment="fallen-wizard") == []
    two = deck(characters=[FW_SARUMAN], pool=[CELEBORN, "TW-159", THRALL])     # Gimli (mind 6) as well
    got = found("mind-limit", two, ruleset="rulebook", alignment="fallen-wizard")
    assert [v.card_id for v in got] == ["TW-159"]


def test_coe_fallen_wizard_mind_is_a_warning_it_stops_revealing_and_playing_not_including():
    the_deck = deck(characters=[FW_SARUMAN, BEORN], pool=[CELEBORN], hazards=[BADUILA_AGENT])
    got = found("mind-limit", the_deck, ruleset="coe", alignment="fallen-wizard")
    assert sorted(v.card_id for v in got) == sorted([BEORN, CELEBORN])      # the agent may be a hazard
    assert all(v.severity == "warning" for v in got)
    assert got[0].citation == "coe 1.9.F3, 2.II.2.2.F1"
    thrall_drafted = deck(characters=[FW_SARUMAN], pool=[CELEBORN, THRALL])
    assert found("mind-limit", thrall_drafted, ruleset="coe", alignment="fallen-wizard") == []


def test_coe_balrog_characters_mind_below_nine_unless_balrog_specific():
    the_deck = deck(characters=[BALROG, LIEUTENANT_TROLL, BUTHRAKAUR_BALROG, ORC_CAPTAIN], hazards=[BADUILA_AGENT])
    got = found("mind-limit", the_deck, ruleset="coe", alignment="balrog")
    assert [v.message for v in got] == [
        "Lieutenant of Angmar [M] (LE) has mind 9; a Balrog player's characters may have mind 8 or less unless "
        "Balrog-specific"]
    assert got[0].severity == "error" and got[0].citation == "coe 1.3.B4"
    assert found("mind-limit", deck(characters=[BALROG, BUTHRAKAUR_BALROG, ORC_CAPTAIN]), ruleset="coe",
                 alignment="balrog") == []


def test_wizard_and_ringwraith_have_no_mind_limit():
    assert load_ruleset("coe", "ringwraith")["rules"]["mind-limit"] is False
    assert found("mind-limit", deck(characters=["LE-24"]), ruleset="coe", alignment="ringwraith") == []


# ---- starting-race --------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset,severity", [("rulebook", "error"), ("coe", "warning")])
def test_fallen_wizard_starts_orcs_and_trolls_only_with_bad_company(ruleset, severity):
    without = deck(characters=[FW_SARUMAN, ORC_CAPTAIN], pool=["TW-125", GORBAG_ORC, DOUBLE_DEALING])
    got = found("starting-race", without, ruleset=ruleset, alignment="fallen-wizard")
    assert [v.message for v in got] == [
        "Gorbag [M] (LE) is Orc; a Fallen-wizard player may start with Orc or Troll characters only with Bad "
        "Company among the starting cards"]
    assert got[0].severity == severity
    with_bad_company = deck(characters=[FW_SARUMAN], pool=["TW-125", GORBAG_ORC, BAD_COMPANY, DOUBLE_DEALING])
    assert found("starting-race", with_bad_company, ruleset=ruleset, alignment="fallen-wizard") == []


def test_bad_company_in_the_play_deck_does_not_let_an_orc_start():
    the_deck = deck(characters=[FW_SARUMAN], pool=[GORBAG_ORC], resources=[BAD_COMPANY])
    assert len(found("starting-race", the_deck, ruleset="coe", alignment="fallen-wizard")) == 1


def test_balrog_non_avatar_characters_are_orcs_or_trolls_anywhere_in_the_deck():
    # coe 1.3.B4 is a rule on every character of the deck, not on the starting ones: its own code.
    the_deck = deck(characters=[BALROG, ORC_CAPTAIN, LIEUTENANT_TROLL, ASTERNAK_MAN], sideboard=["LE-7"],
                    hazards=["DM-3"])
    got = found("character-race", the_deck, ruleset="coe", alignment="balrog")
    assert sorted(v.card_id for v in got) == ["LE-1", "LE-7"]
    assert "Asternak [M] (LE) is Man; a Balrog player's non-avatar characters can only be Orc or Troll" in messages(got)
    assert got[0].severity == "error" and got[0].citation == "coe 1.3.B4"
    assert found("starting-race", the_deck, ruleset="coe", alignment="balrog") == []
    assert found("character-race", deck(characters=[BALROG, ORC_CAPTAIN], pool=["BA-7"]), ruleset="coe",
                 alignment="balrog") == []


# ---- faction-race ---------------------------------------------------------------------------------------

def test_balrog_factions_only_orc_troll_wolf_animal_or_dragon():
    keeps = deck(characters=[BALROG], resources=["LE-278", "LE-262", "LE-272", "LE-283", "WH-38"])
    assert found("faction-race", keeps, ruleset="coe", alignment="balrog") == []
    breaks = deck(characters=[BALROG], resources=["LE-264", "LE-278"])
    got = found("faction-race", breaks, ruleset="coe", alignment="balrog")
    assert [v.message for v in got] == [
        "Easterlings [M] (LE) is a Man faction; a Balrog player's factions can only be Orc, Troll, Wolf, Animal "
        "or Dragon"]
    assert got[0].citation == "coe 1.3.B4"


def test_other_alignments_have_no_faction_race_rule():
    assert found("faction-race", deck(resources=["LE-264"]), ruleset="coe", alignment="ringwraith") == []


# ---- real decks -----------------------------------------------------------------------------------------

ZARA = "gccg-restoration/Contrib/zara/"
BALROG_DECKS = ["gccg-restoration/Balrog - Balrogs host.deck", "gccg-restoration/Balrog - Shadow deeps.deck",
                ZARA + "{d}_{D} The Red Hills.dck", ZARA + "{d}_{D} Wolf-Rog.dck",
                ZARA + "{d}_{D}{R} Great Army of the North.dck", ZARA + "{d}_{F}{R} Flame On!.dck",
                ZARA + "{d}_{F}{R} Lord and Usurper.dck"]


@needs_decks
@pytest.mark.parametrize("path", BALROG_DECKS)
def test_real_balrog_decks_keep_the_balrog_character_and_faction_rules(path):
    assert corpus(path, codes=("mind-limit", "starting-race", "character-race", "faction-race")) == []


@needs_decks
def test_a_real_fallen_wizard_pool_with_a_troll_and_no_bad_company():
    got = corpus("octgn-wlk0/Lost_Challenge_Decks/O - F_ Saruman - Men of Skill.o8d", codes=("starting-race",))
    assert [(v.card, v.severity) for v in got] == [("Troll-chief", "warning")]
    got = corpus("octgn-wlk0/Lost_Challenge_Decks/O - F_ Saruman - Men of Skill.o8d", ruleset="rulebook",
                 codes=("starting-race",))
    assert [(v.card, v.severity) for v in got] == [("Troll-chief", "error")]


# ---- end to end: synthetic GCCG decks through the reader and `deckcheck validate` ------------------------

FIXTURES = Path(__file__).parent / "fixtures" / "rules_b"


def rules_b_findings(path: Path) -> tuple[int, list[tuple[str, str, str | None]]]:
    result = CliRunner().invoke(cli, ["validate", "--rules", "coe", "--output", "json", str(path)])
    verdict = json.loads(result.stdout)["decks"][0]
    return result.exit_code, [(v["code"], v["severity"], v["card_id"]) for v in verdict["violations"]
                              if v["code"] in RULES_B_CODES]


def test_validate_reports_a_fallen_wizards_broken_starting_cards_and_content():
    exit_code, got = rules_b_findings(FIXTURES / "fallen-wizard-coe.meccg")
    assert exit_code == 1
    assert sorted(got) == sorted([
        ("mind-limit", "warning", "TW-136"), ("mind-limit", "warning", "LE-11"), ("mind-limit", "warning", "TW-126"),
        ("stage-points", "error", None), ("banned-card", "error", "LE-167"), ("specific-card", "error", "WH-98")])
    # Many-coloured Robes goes on Saruman "if he is in play": where it goes, not a condition to play it


def test_validate_reports_a_balrog_decks_broken_1_3_b_rules():
    exit_code, got = rules_b_findings(FIXTURES / "balrog-coe.meccg")
    assert exit_code == 1
    assert sorted(got) == sorted([
        ("pool-size", "error", None), ("mind-limit", "error", "LE-20"), ("character-race", "error", "LE-1"),
        ("faction-race", "error", "LE-264"), ("banned-card", "error", "LE-182"), ("alignment-card", "error", "TW-206")])
