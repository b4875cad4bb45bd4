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


# ---- the rules pages: citations and severities as the rules texts give them ------------------------------------

def test_a_wizards_least_starting_company_cites_mele_not_mewh_and_is_borrowed():
    # MEWH sets no least number ("up to 5"); MELE Starter step 3's "one to six" is a Ringwraith's: main cited MEWH
    breaks = deck(characters=[(WIZARD, 2)], resources=["TW-206"])
    [got] = found("starting-size", breaks, ruleset="rulebook", alignment="wizard")
    assert got.message == "the starting company holds 0 characters; at least 1 must start"
    assert got.citation.startswith("rulebook MELE Starter step 3") and "MEWH" not in got.citation.split(";")[0]
    assert got.severity == "warning" and "the Ringwraith's one is taken" in got.by_analogy
    keeps = deck(characters=[(WIZARD, 2)], pool=["TW-125"], resources=["TW-206"])
    assert found("starting-size", keeps, ruleset="rulebook", alignment="wizard") == []
    # a Ringwraith's own number: MELE's, an error
    [own] = found("starting-size", deck(characters=[(RINGWRAITH, 1)]), ruleset="rulebook", alignment="ringwraith")
    assert own.severity == "error" and own.citation == "rulebook MELE Starter step 3"


def test_a_wizards_borrowed_starting_numbers_are_warnings_and_mind_twenty_is_meles_general_rule():
    # the count (5) is a Fallen-wizard's number and the least (1) a Ringwraith's: borrowed, warnings; the mind 20 is
    # MELE's general influence ("the total mind attributes of your characters in play ... less than or equal to 20"),
    # a general rule MELE shares with METW: an error, and the citation says which rule
    six = ["TW-116", "TW-119", "TW-121", "TW-122", "TW-123", "TW-124"]
    [count] = found("starting-size", deck(characters=[(WIZARD, 2)], pool=six), ruleset="rulebook", alignment="wizard")
    assert count.severity == "warning" and count.by_analogy
    heavy = ["TW-136", "TW-168", "TW-159", "TW-166"]    # Celeborn, Legolas, Gimli, Imrahil: mind 24
    [mind] = found("starting-mind", deck(characters=[(WIZARD, 2)], pool=heavy), ruleset="rulebook", alignment="wizard")
    assert mind.severity == "error" and mind.by_analogy is None
    assert '"Influencing (Controlling) a Character" (20 general influence points' in mind.citation
    assert found("starting-mind", deck(characters=[(WIZARD, 2)], pool=heavy[:3]), ruleset="rulebook",
                 alignment="wizard") == []


def test_a_fallen_wizards_hazard_copy_limit_cites_1_3_1_not_1_3_f1():
    # 1.3.F1 lowers the limits of Stage and hero/minion resources and characters; a hazard keeps 1.3.1's three
    hazards = deck(characters=[(FW_SARUMAN, 2)], hazards=[("TW-72", 4)])          # Orc-guard
    [got] = found("copy-limit", hazards, ruleset="coe", alignment="fallen-wizard")
    assert got.citation == "coe 1.3.1" and got.message.endswith("the limit is 3")
    assert found("copy-limit", deck(characters=[(FW_SARUMAN, 2)], hazards=[("TW-72", 3)]), ruleset="coe",
                 alignment="fallen-wizard") == []
    # a hero resource: 1.3.F1's two, cited with it
    [resource] = found("copy-limit", deck(characters=[(FW_SARUMAN, 2)], resources=[("TW-206", 3)]), ruleset="coe",
                       alignment="fallen-wizard")
    assert resource.citation == "coe 1.3.1, 1.3.F1" and resource.message.endswith("is 2")


def test_no_rule_page_example_breaks_a_copy_limit_but_its_own():
    # the sideboard-size page's "keeps it" deck held 3 of the unique Hillmen (a unique-limit error)
    from deckcheck.decklist import parse_text
    from deckcheck.rules.describe import judge_example, read_doc
    from deckcheck.rules.engine import load_rule_modules, validate
    from deckcheck.rules.registry import RULES

    load_rule_modules()
    for code in sorted(RULES):
        for case in ("breaks", "keeps"):
            example = read_doc(code)[case]
            the_deck = parse_text(example["deck"], path=f"{code} example", alignment=example["alignment"])
            verdict = validate(the_deck, ruleset=example["ruleset"], alignment=example["alignment"],
                               length=example["length"])
            others = [v.message for v in verdict.violations
                      if v.code in ("unique-limit", "copy-limit") and v.code != code]
            assert others == [], (code, case, others)
        assert judge_example(code, read_doc(code)["keeps"]) == []
