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
