"""The judge's misses of issue 19, each both ways (a deck that breaks it, one that keeps it): coe pools with more
agents, or more mind-6 characters, than Open to the Summons / Thrall of the Voice cards to draft them; The White Hand
and Oromë's Warders as starting Stage cards; a Wizard deck with both versions of one unique item."""

from __future__ import annotations

import pytest

from tests._rules_b import deck, found

OPEN_TO_THE_SUMMONS, THRALL, GREAT_PATRON = "WH-46", "WH-82", "WH-72"
BILL_FERNY, DEALLUS, ANARIN = "DM-3", "DM-5", "DM-1"     # agents: mind 3, 3, 7
CELEBORN, LEGOLAS = "TW-136", "TW-168"                   # hero characters of mind 6
FW_SARUMAN = "WH-9"
ORC = "LE-12"


# ---- coe: agents beyond the cards that let one be revealed (coe 1.9.R2, 1.9.F1) --------------------------

@pytest.mark.parametrize("alignment,cite", [("ringwraith", "coe 1.9.R2"), ("fallen-wizard", "coe 1.9.F1")])
def test_coe_pool_with_more_agents_than_open_to_the_summons_a_warning(alignment, cite):
    # main said nothing once one enabler was in the pool; the rulebook's starting company counts one agent each
    breaks = deck(pool=["TW-125" if alignment == "fallen-wizard" else ORC, BILL_FERNY, DEALLUS, OPEN_TO_THE_SUMMONS])
    [got] = found("starting-size", breaks, ruleset="coe", alignment=alignment)
    assert got.severity == "warning" and got.citation == cite
    assert got.message.startswith("the pool holds 2 agents (Bill Ferny, Deallus) and 1 card(s) that let one be "
                                  "revealed in the draft (Open to the Summons")
    assert got.message.endswith("only 1 of them can be drafted")
    keeps = deck(pool=["TW-125" if alignment == "fallen-wizard" else ORC, BILL_FERNY, DEALLUS,
                       (OPEN_TO_THE_SUMMONS, 2)])
    assert found("starting-size", keeps, ruleset="coe", alignment=alignment) == []


def test_a_thrall_of_the_voice_brings_one_character_an_agent_or_one_of_mind_six():
    # one Thrall, one mind-6 character and one agent: each alone can be drafted with it, not both
    breaks = deck(characters=[FW_SARUMAN], pool=[CELEBORN, BILL_FERNY, THRALL, GREAT_PATRON])
    [got] = found("mind-enablers", breaks, ruleset="coe", alignment="fallen-wizard")
    assert got.severity == "warning" and got.citation == "coe 1.9.F1, 1.9.F3"
    assert "1 pool character of mind above 5 and 1 agent (Celeborn, Bill Ferny)" in got.message
    assert got.message.endswith("so only 1 can be drafted")
    # an Open to the Summons for the agent: the Thrall brings Celeborn
    keeps = deck(characters=[FW_SARUMAN], pool=[CELEBORN, BILL_FERNY, THRALL, OPEN_TO_THE_SUMMONS, GREAT_PATRON])
    assert found("mind-enablers", keeps, ruleset="coe", alignment="fallen-wizard") == []
    assert found("starting-size", keeps, ruleset="coe", alignment="fallen-wizard") == []
    two = deck(characters=[FW_SARUMAN], pool=[CELEBORN, BILL_FERNY, (THRALL, 2), "WH-66"])
    assert found("mind-enablers", two, ruleset="coe", alignment="fallen-wizard") == []
    # an agent of mind 7 is no Thrall's to bring (mind-limit's business): nothing shared
    above = deck(characters=[FW_SARUMAN], pool=[CELEBORN, ANARIN, THRALL, GREAT_PATRON])
    assert found("mind-enablers", above, ruleset="coe", alignment="fallen-wizard") == []


def test_more_mind_six_characters_than_thralls_still_one_warning():
    breaks = deck(characters=[FW_SARUMAN], pool=[CELEBORN, LEGOLAS, THRALL, GREAT_PATRON])
    assert len(found("mind-enablers", breaks, ruleset="coe", alignment="fallen-wizard")) == 1


# ---- The White Hand and Oromë's Warders as starting Stage cards (MEWH "Starting Stage Cards", coe 1.9.F4) -------

WHITE_HAND, OROMES_WARDERS, BAD_COMPANY = "WH-122", "WH-94", "WH-63"
WHITE_TOWERS_FW, FW_ALATAR = "WH-58", "WH-1"


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_the_white_hand_cannot_start_it_needs_twelve_stage_points(ruleset):
    # "Playable on Saruman if he has the following in play: at least 12 stage points, ...": the start has 3; main
    # accepted it under the rulebook
    breaks = deck(characters=[FW_SARUMAN], pool=["TW-125", WHITE_HAND], sites=[WHITE_TOWERS_FW])
    [bad] = found("stage-playable", breaks, ruleset=ruleset, alignment="fallen-wizard")
    assert bad.severity == "error" and bad.citation.startswith(ruleset)
    assert "The White Hand (WH) cannot be played at the start: it is played on Saruman" in bad.message
    assert "with at least 12 stage points in play" in bad.message
    keeps = deck(characters=[FW_SARUMAN], pool=["TW-125", GREAT_PATRON, THRALL], sites=[WHITE_TOWERS_FW])
    assert found("stage-playable", keeps, ruleset=ruleset, alignment="fallen-wizard") == []


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_oromes_warders_cannot_start_join_the_hunt_would_pass_three_stage_points(ruleset):
    # "Playable on Alatar if Join the Hunt is in play": Join the Hunt (2) and the Warders (3) make 5, not the 3 the
    # starting Stage cards must have, so no start lets it be played
    breaks = deck(characters=[FW_ALATAR], pool=["TW-125", OROMES_WARDERS], sites=[WHITE_TOWERS_FW])
    [bad] = found("stage-playable", breaks, ruleset=ruleset, alignment="fallen-wizard")
    assert bad.severity == "error"
    assert "if Join the Hunt is in play" in bad.message and "pass the 3 the starting Stage cards have" in bad.message
    keeps = deck(characters=[FW_ALATAR], pool=["TW-125", BAD_COMPANY, THRALL], sites=[WHITE_TOWERS_FW])
    assert found("stage-playable", keeps, ruleset=ruleset, alignment="fallen-wizard") == []


# ---- both versions of one unique item (coe 1.3.1 and the glossary's "manifestation") ----------------------------

ARKENSTONE_H, ARKENSTONE_M, WIZARD, RINGWRAITH = "TW-341", "LE-418", "TW-181", "LE-55"


@pytest.mark.parametrize("alignment,avatar", [("wizard", WIZARD), ("ringwraith", RINGWRAITH)])
def test_both_versions_of_a_unique_item_are_one_unique_card(alignment, avatar):
    # a Wizard may hold minion items (coe 1.3.W3), a Ringwraith hero items (1.3.R3): The Arkenstone [H] and [M] are
    # "mechanically different version[s] of the same entity", manifestations of one unique resource; main was silent
    breaks = deck(characters=[(avatar, 2)], resources=[ARKENSTONE_H, ARKENSTONE_M])
    [got] = found("unique-limit", breaks, ruleset="coe", alignment=alignment)
    assert got.severity == "error" and got.citation == "coe 1.3.1"
    assert got.message == ("The Arkenstone [H] and The Arkenstone [M] are manifestations of one unique resource: "
                           "2 copies; the limit is 1")
    assert any("versions of one name, of one entity" in line for line in got.explanation)
    for one in (ARKENSTONE_H, ARKENSTONE_M):
        keeps = deck(characters=[(avatar, 2)], resources=[one, "TW-206"])
        assert found("unique-limit", keeps, ruleset="coe", alignment=alignment) == []


def test_both_versions_of_a_unique_item_under_the_rulebook_a_borrowed_warning():
    # MELE's manifestation rules limit what is in play: coe 1.3.1's joining is borrowed, a warning that says so
    breaks = deck(characters=[(WIZARD, 2)], resources=[ARKENSTONE_H, ARKENSTONE_M])
    [got] = found("unique-limit", breaks, ruleset="rulebook", alignment="wizard")
    assert got.severity == "warning" and got.by_analogy
