"""pool-size, starting-size, starting-mind, starting-items, stage-points, stage-playable, mind-enablers: each
broken and kept under every ruleset where it applies."""

from __future__ import annotations

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.rules import load_ruleset
from tests._rules_b import corpus, deck, found, messages
from tests._shared import needs_decks

ORCS_AND_MEN = ["LE-7", "LE-8", "LE-9", "LE-12", "LE-18", "LE-25", "LE-30"]   # minion, mind 15 together
MIND_21 = ["LE-1", "LE-31", "LE-32", "LE-16", "LE-8"]                          # 5 + 5 + 4 + 4 + 3
MIND_20 = ["LE-1", "LE-31", "LE-32", "LE-16", "LE-7"]                          # 5 + 5 + 4 + 4 + 2
HERO_MINORS = ["TW-206", "TW-195", "TW-225"]        # Dagger of Westernesse, Athelas, Elven Cloak
RUMOURS_OF_RINGS = "BA-31"                          # "in lieu of a minor item"
OPEN_TO_THE_SUMMONS, AGENT, AGENT_2 = "WH-46", "DM-3", "DM-5"   # Bill Ferny, Deallus
FW_SARUMAN, WIZARD, RINGWRAITH = "WH-9", "TW-181", "LE-55"


def hero_characters(n: int) -> list[str]:
    heroes = [c.id for c in load_catalog().cards
              if c.is_character and c.alignment == "Hero" and not c.avatar and c.mind and c.mind <= 5]
    return heroes[:n]


# ---- pool-size (coe) ------------------------------------------------------------------------------------

def test_coe_pool_holds_at_most_ten_non_avatar_characters():
    got = found("pool-size", deck(pool=hero_characters(11)), ruleset="coe", alignment="wizard")
    assert [v.message for v in got] == ["the pool holds 11 non-avatar characters; the limit is 10"]
    assert got[0].citation == "coe 1.7"
    assert found("pool-size", deck(pool=hero_characters(10)), ruleset="coe", alignment="wizard") == []


def test_coe_pool_holds_at_most_two_minor_items_counting_cards_in_lieu_of_one():
    two = deck(pool=hero_characters(3) + HERO_MINORS[:2])
    assert found("pool-size", two, ruleset="coe", alignment="wizard") == []
    three = deck(pool=hero_characters(3) + HERO_MINORS[:2] + [RUMOURS_OF_RINGS])
    got = found("pool-size", three, ruleset="coe", alignment="wizard")
    assert [v.message for v in got] == [
        "the pool holds 3 minor items (Dagger of Westernesse, Athelas, Rumours of Rings); the limit is 2"]
    assert got[0].lines == [4, 5, 6]


def test_coe_pool_holds_no_avatar_no_hazard_agent_no_major_item_no_event_nothing_that_may_not_start():
    the_deck = deck(pool=[WIZARD, AGENT, "TW-244", "TW-190", "AS-1"])
    got = found("pool-size", the_deck, ruleset="coe", alignment="wizard")
    text = messages(got)
    assert len(got) == 5
    assert "Saruman [H] (TW) is an avatar; a pool holds only non-avatar characters" in text
    assert "Bill Ferny [M] (DM) is an agent, a hazard for a Wizard player; a pool holds characters" in text
    assert "Glamdring [H] (TW) is a major item; a pool may hold only minor items" in text
    assert "Align Palantír [H] (TW) (Resource Permanent-event) cannot be in a pool" in text
    assert "Bûrat [M] (AS) says it may not be included with a starting company: it can never be drafted" in text
    # coe 1.7 does not forbid such a card in the pool (it can never start): a warning, the others errors.
    assert [v.severity for v in got if v.card_id == "AS-1"] == ["warning"]
    assert {v.severity for v in got if v.card_id != "AS-1"} == {"error"}
    # Under the rulebook the starting company itself may not hold it: an error.
    ringwraith = found("starting-size", deck(pool=["LE-7", "AS-1"]), ruleset="rulebook", alignment="ringwraith")
    assert [(v.severity, v.card_id) for v in ringwraith] == [("error", "AS-1")]


def test_coe_ringwraith_and_fallen_wizard_pools_may_hold_agents_and_fw_pools_stage_cards():
    ringwraith = deck(pool=["LE-7", AGENT, OPEN_TO_THE_SUMMONS])
    assert found("pool-size", ringwraith, ruleset="coe", alignment="ringwraith") == []
    fallen = deck(pool=["TW-125", AGENT, "WH-63", "WH-66"])
    assert found("pool-size", fallen, ruleset="coe", alignment="fallen-wizard") == []


def test_the_rulebook_has_no_pool_only_a_starting_company():
    assert load_ruleset("rulebook", "wizard")["rules"]["pool-size"] is False
    assert found("pool-size", deck(pool=hero_characters(11)), ruleset="rulebook", alignment="wizard") == []


# ---- starting-size (rulebook) ---------------------------------------------------------------------------

def test_rulebook_ringwraith_starts_one_to_six_characters():
    got = found("starting-size", deck(pool=ORCS_AND_MEN), ruleset="rulebook", alignment="ringwraith")
    assert [v.message for v in got] == ["the starting company holds 7 characters; the limit is 6"]
    assert got[0].citation.startswith("rulebook MELE Starter step 3")
    assert found("starting-size", deck(pool=ORCS_AND_MEN[:6]), ruleset="rulebook", alignment="ringwraith") == []
    empty = found("starting-size", deck(pool=["TW-206"]), ruleset="rulebook", alignment="ringwraith")
    assert [v.message for v in empty] == ["the starting company holds 0 characters; at least 1 must start"]


def test_rulebook_ringwraith_starts_no_ringwraith_and_no_agent_without_open_to_the_summons():
    got = found("starting-size", deck(pool=["LE-7", RINGWRAITH, AGENT]), ruleset="rulebook", alignment="ringwraith")
    text = messages(got)
    assert "Khamûl the Ringwraith [M] (LE) is an avatar; a starting company holds only non-avatar characters" in text
    assert "the starting company holds 1 agent(s) (Bill Ferny); it may hold none without a card that allows " \
           "one, such as Open to the Summons" in text
    allowed = deck(pool=["LE-7", AGENT, OPEN_TO_THE_SUMMONS])
    assert found("starting-size", allowed, ruleset="rulebook", alignment="ringwraith") == []
    two = deck(pool=["LE-7", AGENT, AGENT_2, OPEN_TO_THE_SUMMONS])
    got = found("starting-size", two, ruleset="rulebook", alignment="ringwraith")
    assert "it may hold only 1 (one for each card that allows an agent to start)" in messages(got)


@pytest.mark.parametrize("alignment", ["wizard", "fallen-wizard"])
def test_rulebook_wizard_and_fallen_wizard_start_up_to_five(alignment):
    got = found("starting-size", deck(pool=hero_characters(6)), ruleset="rulebook", alignment=alignment)
    assert [v.message for v in got] == ["the starting company holds 6 characters; the limit is 5"]
    assert found("starting-size", deck(pool=hero_characters(5)), ruleset="rulebook", alignment=alignment) == []
    # MEWH states a Fallen-wizard's 5; a Wizard's is MEWH's borrowed (MELE says six for a Ringwraith)
    assert [(v.severity, v.by_analogy is not None) for v in got] == [
        ("error", False) if alignment == "fallen-wizard" else ("warning", True)]


def test_rulebook_fallen_wizard_agent_rule_is_meles_borrowed():
    # MELE step 3 keeps agents out of a Ringwraith's starting company; MEWH says nothing of a Fallen-wizard's.
    [got] = found("starting-size", deck(pool=["TW-118", AGENT]), ruleset="rulebook", alignment="fallen-wizard")
    assert got.severity == "warning" and "MEWH says nothing of a Fallen-wizard's agents" in got.by_analogy
    [ringwraith] = found("starting-size", deck(pool=["LE-7", AGENT]), ruleset="rulebook", alignment="ringwraith")
    assert ringwraith.severity == "error" and ringwraith.by_analogy is None


def test_coe_pool_is_never_too_big_for_the_draft_which_stops_by_itself():
    assert found("starting-size", deck(pool=ORCS_AND_MEN), ruleset="coe", alignment="ringwraith") == []
    assert load_ruleset("coe", "wizard")["rules"]["starting-size"] is False


@pytest.mark.parametrize("alignment,enabler,cite", [("ringwraith", OPEN_TO_THE_SUMMONS, "coe 1.9.R2"),
                                                     ("fallen-wizard", "WH-82", "coe 1.9.F1")])
def test_coe_warns_of_agents_in_a_pool_with_no_card_that_lets_one_be_revealed(alignment, enabler, cite):
    got = found("starting-size", deck(pool=["TW-125", AGENT]), ruleset="coe", alignment=alignment)
    assert len(got) == 1 and got[0].severity == "warning" and got[0].citation == cite
    assert got[0].message.startswith("Bill Ferny [M] (DM) is an agent; it cannot be revealed in the draft unless "
                                     "a card that allows one (Open to the Summons")
    enabled = deck(pool=["TW-125", AGENT, enabler])
    assert found("starting-size", enabled, ruleset="coe", alignment=alignment) == []


# ---- starting-mind --------------------------------------------------------------------------------------

def test_rulebook_ringwraith_starting_mind_at_most_twenty():
    got = found("starting-mind", deck(pool=MIND_21), ruleset="rulebook", alignment="ringwraith")
    assert [v.message for v in got] == ["the starting characters' combined mind is 21; the limit is 20"]
    assert got[0].lines == [1, 2, 3, 4, 5]
    assert found("starting-mind", deck(pool=MIND_20), ruleset="rulebook", alignment="ringwraith") == []


@pytest.mark.parametrize("alignment", ["wizard", "fallen-wizard"])
def test_rulebook_wizard_and_fallen_wizard_starting_mind_counts_printed_mind(alignment):
    over = deck(pool=["TW-120", "TW-137", "TW-123"])       # Aragorn II 9 + Círdan 8 + Balin 5
    got = found("starting-mind", over, ruleset="rulebook", alignment=alignment)
    assert [v.message for v in got] == ["the starting characters' combined mind is 22; the limit is 20"]
    under = deck(pool=["TW-123", "TW-121", "TW-116", "TW-119", "TW-122"])   # 5 + 4 + 3 + 3 + 3
    assert found("starting-mind", under, ruleset="rulebook", alignment=alignment) == []


def test_coe_pool_may_exceed_twenty_mind_the_draft_stops_before():
    assert found("starting-mind", deck(pool=MIND_21 + ORCS_AND_MEN[:3]), ruleset="coe", alignment="ringwraith") == []


def test_coe_warns_when_no_legal_starting_company_can_be_drafted():
    agents_only = deck(pool=[AGENT, AGENT_2])
    got = found("starting-mind", agents_only, ruleset="coe", alignment="ringwraith")
    assert len(got) == 1 and got[0].severity == "warning"
    assert got[0].message == ("no legal starting company can be drafted from the pool: Bill Ferny is an agent and "
                              "no card in the pool allows one; Deallus is an agent and no card in the pool allows one")
    summoned = deck(pool=[AGENT, AGENT_2, OPEN_TO_THE_SUMMONS])
    assert found("starting-mind", summoned, ruleset="coe", alignment="ringwraith") == []
    big_minds = deck(characters=[FW_SARUMAN], pool=["TW-120", "TW-137"])
    got = found("starting-mind", big_minds, ruleset="coe", alignment="fallen-wizard")
    assert "Aragorn II has mind 9; Círdan has mind 8" in got[0].message


# ---- starting-items -------------------------------------------------------------------------------------

def test_rulebook_starting_company_holds_at_most_two_minor_items():
    three = deck(pool=["LE-7"] + HERO_MINORS)
    got = found("starting-items", three, ruleset="rulebook", alignment="ringwraith")
    assert [v.message for v in got] == [
        "the starting company holds 3 minor items (Dagger of Westernesse, Athelas, Elven Cloak); the limit is 2"]
    assert found("starting-items", deck(pool=["LE-7"] + HERO_MINORS[:2]), ruleset="rulebook",
                 alignment="ringwraith") == []


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_starting_minor_items_are_non_unique_and_not_hoard_items(ruleset):
    the_deck = deck(pool=["LE-7", "TW-333", "TD-96"])     # Sting (unique), Adamant Helmet (hoard)
    got = found("starting-items", the_deck, ruleset=ruleset, alignment="ringwraith")
    assert [v.message for v in got] == [
        "Sting [H] (TW) is unique; starting minor items must be non-unique",
        "Adamant Helmet [H] (TD) is a hoard item; a hoard minor item may not be included with a starting company"]


def test_each_case_of_starting_items_cites_its_own_clause():
    # MELE step 4: two non-unique minor items; METD "Hoards": no hoard minor item in a starting company.
    the_deck = deck(pool=["TW-118", "TW-333", "TD-96"] + HERO_MINORS)   # Anborn; Sting, Adamant Helmet, 3 more
    got = {(v.message.split(";")[0], v.severity, v.citation)
           for v in found("starting-items", the_deck, ruleset="rulebook", alignment="wizard")}
    mele = "rulebook MELE Starter step 4 (MELE's rule; the METW rulebook is not among the references)"
    assert got == {
        ("the starting company holds 5 minor items (Sting, Adamant Helmet, Dagger of Westernesse, Athelas, Elven "
         "Cloak)", "error", mele),
        ("Sting [H] (TW) is unique", "error", mele),
        ("Adamant Helmet [H] (TD) is a hoard item", "error", 'rulebook METD "Hoards"')}


def test_rulebook_starting_company_holds_no_major_item_and_no_item_that_says_it_may_not_start():
    got = found("starting-items", deck(pool=["LE-7", "TW-244", "AS-130"]), ruleset="rulebook", alignment="ringwraith")
    assert [v.card_id for v in got] == ["TW-244", "AS-130"]
    assert "Records Unread [M] (AS) says it may not be included with a starting company" in messages(got)


def test_coe_item_count_is_pool_sizes_not_starting_items():
    three = deck(pool=["LE-7"] + HERO_MINORS)
    assert found("starting-items", three, ruleset="coe", alignment="ringwraith") == []
    assert len(found("pool-size", three, ruleset="coe", alignment="ringwraith")) == 1


# ---- stage-points (Fallen-wizard) -----------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_starting_stage_cards_worth_exactly_three_points_one_non_unique(ruleset):
    keeps = deck(characters=[FW_SARUMAN], pool=["TW-125", "WH-63", "WH-66"])   # Bad Company 2 + Double-dealing 1
    assert found("stage-points", keeps, ruleset=ruleset, alignment="fallen-wizard") == []
    four = deck(characters=[FW_SARUMAN], pool=["WH-63", ("WH-66", 2)])
    got = found("stage-points", four, ruleset=ruleset, alignment="fallen-wizard")
    assert [v.message for v in got] == [
        "the starting Stage cards (Bad Company, 2× Double-dealing) give 4 stage points; they must give exactly 3"]


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_starting_stage_cards_one_to_three_of_them(ruleset):
    none = found("stage-points", deck(characters=[FW_SARUMAN], pool=["TW-125"]), ruleset=ruleset,
                 alignment="fallen-wizard")
    assert [v.message for v in none] == [
        "no starting Stage resource permanent-events; a Fallen-wizard player starts with 1 to 3 of them worth "
        "exactly 3 stage points"]
    four = deck(characters=[FW_SARUMAN], pool=[("WH-66", 3), "WH-65"])   # 3 × 1 point + Delver's Harvest (none)
    got = found("stage-points", four, ruleset=ruleset, alignment="fallen-wizard")
    assert [v.message for v in got] == [
        "4 starting Stage cards (3× Double-dealing, Delver’s Harvest); 1 to 3 may start"]


def test_starting_stage_cards_may_not_all_be_unique():
    unique = deck(characters=[FW_SARUMAN], pool=["WH-118", "WH-119"])   # Many-coloured Robes 1 + Man of Skill 2
    got = found("stage-points", unique, ruleset="coe", alignment="fallen-wizard")
    assert [v.message for v in got] == [
        "the starting Stage cards (Many-coloured Robes, Man of Skill) are all unique; at least one must be non-unique"]
    assert got[0].citation == "coe 1.7.F1"


def test_a_starting_stage_card_is_a_permanent_event_that_may_start():
    the_deck = deck(characters=[FW_SARUMAN], pool=["WH-87", "WH-68", "WH-63", "WH-66"])
    got = found("stage-points", the_deck, ruleset="coe", alignment="fallen-wizard")
    assert [v.message for v in got] == [
        "Half-orcs (WH) is a Stage Faction; starting Stage cards must be permanent-events",
        "The Fortress of Isen (WH) says it may not be a starting stage card"]


def test_stage_points_apply_to_fallen_wizards_only():
    assert load_ruleset("coe", "wizard")["rules"]["stage-points"] is False
    assert found("stage-points", deck(pool=["TW-125"]), ruleset="coe", alignment="wizard") == []


# ---- stage-playable (coe 1.9.F4, 1.10.F1; MEWH "Starting Stage Cards") ----------------------------------

HIDDEN_HAVEN, BAD_COMPANY, THRALL, GREAT_PATRON = "WH-75", "WH-63", "WH-82", "WH-72"
WEATHERTOP_HERO, WHITE_TOWERS_FW, BREE_HERO = "TW-436", "WH-58", "TW-378"   # R&L in Arthedain; FW haven; Border-hold


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_hidden_haven_starts_only_on_a_ruins_and_lairs_of_the_location_deck(ruleset):
    # Hidden Haven (1) + Bad Company (2): 3 stage points, played on the starting site (coe 1.10.F1).
    keeps = deck(characters=[FW_SARUMAN], pool=["TW-125", HIDDEN_HAVEN, BAD_COMPANY],
                 sites=[WHITE_TOWERS_FW, WEATHERTOP_HERO])
    assert found("stage-playable", keeps, ruleset=ruleset, alignment="fallen-wizard") == []
    breaks = deck(characters=[FW_SARUMAN], pool=["TW-125", HIDDEN_HAVEN, BAD_COMPANY],
                  sites=[WHITE_TOWERS_FW, BREE_HERO])
    [bad] = found("stage-playable", breaks, ruleset=ruleset, alignment="fallen-wizard")
    assert bad.message == ("Hidden Haven (WH) cannot be played at the start: it is played on the starting site, a "
                           "Ruins & Lairs in Arthedain or Rhudaur, and the location deck holds none; without it the "
                           "starting Stage cards give 2 of the 3 stage points")
    assert bad.severity == "error" and bad.card_id == HIDDEN_HAVEN
    assert bad.citation == {"coe": "coe 1.9.F4, 1.10.F1",
                            "rulebook": 'rulebook MEWH "Starting Stage Cards", "Starting Site"'}[ruleset]
    # stage-points counts the cards as listed: one cause, one report
    assert found("stage-points", breaks, ruleset=ruleset, alignment="fallen-wizard") == []


def test_hidden_haven_with_no_location_deck_in_the_file_cannot_be_checked_a_warning():
    no_sites = deck(characters=[FW_SARUMAN], pool=["TW-125", HIDDEN_HAVEN, BAD_COMPANY])
    [unknown] = found("stage-playable", no_sites, ruleset="coe", alignment="fallen-wizard")
    assert unknown.severity == "warning" and "the file lists no location deck" in unknown.message


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_a_stage_card_no_start_can_play(ruleset):
    # Gatherer of Loyalties (3 stage points) is playable only with more than 3 stage points.
    the_deck = deck(characters=[FW_SARUMAN], pool=["TW-125", "WH-70"], sites=[WHITE_TOWERS_FW])
    [bad] = found("stage-playable", the_deck, ruleset=ruleset, alignment="fallen-wizard")
    assert bad.message == ("Gatherer of Loyalties (WH) cannot be played at the start: it needs more than 3 stage "
                           "points; without it the starting Stage cards give 0 of the 3 stage points")


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_a_stage_card_placed_on_the_avatar_if_he_is_in_play_can_start(ruleset):
    # Many-coloured Robes (1): "Place this card on Saruman if he is in play. If on Saruman, ..." says where the
    # card goes, not a condition to play it; coe 1.7.F1 lets starting Stage cards be specific to the avatar.
    the_deck = deck(characters=[FW_SARUMAN], pool=["TW-125", "WH-118", BAD_COMPANY], sites=[WHITE_TOWERS_FW])
    assert found("stage-playable", the_deck, ruleset=ruleset, alignment="fallen-wizard") == []


def test_a_stage_card_played_on_the_avatar_cannot_start_under_coe():
    # Oromë's Warders (3): "Playable on Alatar if Join the Hunt is in play"; a coe pool holds no avatar (1.7).
    the_deck = deck(characters=["WH-1"], pool=["TW-125", "WH-94"], sites=[WHITE_TOWERS_FW])   # Alatar [F]
    [bad] = found("stage-playable", the_deck, ruleset="coe", alignment="fallen-wizard")
    assert bad.severity == "error"
    assert "it is played on Alatar in play if Join the Hunt is in play: no avatar is in play at the start" \
        in bad.message


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_a_stage_card_played_on_a_starting_character_needs_one_that_fits(ruleset):
    # Arcane School (1): on a non-Hobbit, non-Dwarf sage in the starting company. Bad Company (2) makes 3.
    arwen = deck(characters=[FW_SARUMAN], pool=["TW-122", "WH-103", BAD_COMPANY], sites=[WHITE_TOWERS_FW])
    assert found("stage-playable", arwen, ruleset=ruleset, alignment="fallen-wizard") == []   # an Elf sage
    dwarf_sage = deck(characters=[FW_SARUMAN], pool=["TW-123", "TW-131", "WH-103", BAD_COMPANY],
                      sites=[WHITE_TOWERS_FW])                                   # Balin (Dwarf), Bilbo (Hobbit)
    [bad] = found("stage-playable", dwarf_sage, ruleset=ruleset, alignment="fallen-wizard")
    assert "it is played on a starting non-Hobbit/non-Dwarf sage, and the pool holds none" in bad.message


def test_stage_playable_applies_to_fallen_wizards_only():
    for alignment in ("wizard", "ringwraith", "balrog"):
        assert load_ruleset("coe", alignment)["rules"]["stage-playable"] is False


# ---- mind-enablers (coe 1.9.F3) -------------------------------------------------------------------------

CELEBORN, LEGOLAS = "TW-136", "TW-168"      # mind 6 each


def test_two_mind_six_characters_share_one_thrall_of_the_voice_a_warning():
    one_thrall = deck(characters=[FW_SARUMAN], pool=[CELEBORN, LEGOLAS, THRALL, GREAT_PATRON])
    [warning] = found("mind-enablers", one_thrall, ruleset="coe", alignment="fallen-wizard")
    assert warning.severity == "warning" and warning.citation == "coe 1.9.F3"
    assert warning.message == ("2 pool characters of mind above 5 (Celeborn, Legolas) and 1 Thrall of the Voice to "
                               "draft them with: only 1 of them can be drafted")
    # mind-limit has nothing to say: each could be drafted with the Thrall
    assert found("mind-limit", one_thrall, ruleset="coe", alignment="fallen-wizard") == []


def test_a_thrall_of_the_voice_for_each_mind_six_character_keeps_the_rule():
    two_thralls = deck(characters=[FW_SARUMAN], pool=[CELEBORN, LEGOLAS, (THRALL, 2), "WH-66"])
    assert found("mind-enablers", two_thralls, ruleset="coe", alignment="fallen-wizard") == []
    one_each = deck(characters=[FW_SARUMAN], pool=[CELEBORN, THRALL, GREAT_PATRON])
    assert found("mind-enablers", one_each, ruleset="coe", alignment="fallen-wizard") == []
    # no Thrall at all: mind-limit's warning, not this rule's
    none = deck(characters=[FW_SARUMAN], pool=[CELEBORN, LEGOLAS, "WH-66", BAD_COMPANY])
    assert found("mind-enablers", none, ruleset="coe", alignment="fallen-wizard") == []
    assert len(found("mind-limit", none, ruleset="coe", alignment="fallen-wizard")) == 2


def test_the_rulebook_starting_company_counts_thralls_in_mind_limit_instead():
    # Under the rulebook the starting cards are the company itself: mind-limit lets one character per Thrall.
    assert load_ruleset("rulebook", "fallen-wizard")["rules"]["mind-enablers"] is False
    one_thrall = deck(characters=[FW_SARUMAN], pool=[CELEBORN, LEGOLAS, THRALL, GREAT_PATRON])
    assert len(found("mind-limit", one_thrall, ruleset="rulebook", alignment="fallen-wizard")) == 1


# ---- real decks -----------------------------------------------------------------------------------------

ZARA = "gccg-restoration/Contrib/zara/"
ZARA_FALLEN_WIZARDS = ["{R}A_{D} The Game Warden.dck", "{R}A_{D}{R} The Bounty of Framsburg.dck",
                       "{R}A_{F}{R} The Bounty of Earcaraxe.dck", "{R}A_{F}{R} The Game Warden.dck",
                       "{R}G_{D} An Unlikely Party.dck", "{R}G_{F}{R} Annexing the Anduin.dck",
                       "{R}P_{D}{R} The Mystic Hills.dck", "{R}R_{D}{R} Laxander's Wolf Squat.dck",
                       "{R}R_{F} Laxander's Wolf Squat.dck", "{R}S_{F}{R} The Black Hills.dck"]


@needs_decks
@pytest.mark.parametrize("name", ZARA_FALLEN_WIZARDS)
def test_real_fallen_wizard_decks_start_with_three_stage_points(name):
    assert corpus(ZARA + name, codes=("stage-points",)) == []


@needs_decks
@pytest.mark.parametrize("name", ["A - Saruman - Stewards of Gondor", "F - Adunaphel - Spies and Traitors",
                                  "J - Indur - Seducing Nations of Men"])
def test_ice_challenge_deck_pools_keep_the_coe_pool_rules(name):
    codes = ("pool-size", "starting-items", "starting-mind")
    assert corpus("council-of-rivendell/Challenge Decks/" + name, codes=codes) == []


@needs_decks
def test_a_real_balrog_pool_with_agents_breaks_pool_size():
    got = corpus(ZARA + "{d}_{F}{R} The Red Hills (grab bag haz).dck", codes=("pool-size",))
    assert [v.card for v in got] == ["Drór", "Elerína"]
    assert "is an agent, a hazard for a Balrog player" in got[0].message
    assert got[0].citation == "coe 1.7, 1.3.B2"     # the pool's clause and the one that makes an agent a hazard


@needs_decks
def test_the_wigy_json_pool_holds_every_character_so_the_file_breaks_pool_size():
    # wigy/meccg lists the play deck's characters in `pool` too (see decks/INDEX.md): as written, 12 > 10.
    got = corpus("wigy-meccg/challenge-deck-f.json", codes=("pool-size",))
    assert [v.message for v in got] == ["the pool holds 12 non-avatar characters; the limit is 10"]


@needs_decks
def test_a_real_ringwraith_starting_company_under_the_rulebook():
    got = corpus("council-of-rivendell/Mark Alfano - zara/{c} Khamul -- Smoke on the Water.dck", ruleset="rulebook",
                 codes=("starting-size", "starting-mind"))
    assert [v.message for v in got] == ["the starting characters' combined mind is 36; the limit is 20",
                                        "the starting company holds 8 characters; the limit is 6"]
