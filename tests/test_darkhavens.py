"""The minion Darkhavens' "Any attack against a minion company at this site is canceled" (Carn Dûm, Dol Guldur,
Minas Morgul): the fact read out of the text (`attacks_canceled: "minion"`), the site safe for a Ringwraith or
Balrog player's company there and not for a Fallen-wizard's (a hero company for such texts), on ICE Challenge
Deck F's Dol Guldur; a company moving there is at no site during its movement/hazard phase (2.IV.5)."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.model.sites import _safe
from deckcheck.sim.rules.combat import Attack
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.hazards import face_attack
from tests._shared import CHALLENGE, needs_decks


def test_the_importer_reads_the_three_darkhavens():
    sites = load_combat_facts()["sites"]
    for card_id in ("LE-359", "LE-367", "LE-390"):          # Carn Dûm, Dol Guldur, Minas Morgul
        assert sites[card_id] == {"attacks_canceled": "minion"}
    assert _safe("minion", "ringwraith") and _safe("minion", "balrog")
    assert not _safe("minion", "fallen-wizard") and not _safe("minion", "wizard")
    assert _safe(True, "fallen-wizard") and not _safe(None, "ringwraith")


@pytest.fixture(scope="module")
def sim():
    return build_sim_deck(read_deck(str(CHALLENGE / "F - Adunaphel - Spies and Traitors")))


@needs_decks
def test_a_minion_company_at_its_darkhaven_is_spared_and_one_moving_there_is_not(sim):
    haven = next(i for i, s in enumerate(sim.sites) if s.name == "Dol Guldur")
    assert sim.site_safe[haven]
    g = scenario(sim, start_at=haven)
    company = g.companies[0]
    result = face_attack(g, company, Attack(strikes=2, prowess=16), "Orcs", None, None)
    assert not result.strikes and not g.wounded
    g.in_transit = company
    result = face_attack(g, company, Attack(strikes=1, prowess=16), "Orcs", None, None)
    assert len(result.strikes) == 1


@needs_decks
def test_starter_movement_between_darkhavens_only_where_a_site_path_is_printed():
    """coe 2.II.7.i: a company moves between two havens by starter movement only where the haven cards print the
    site path: Dol Guldur prints paths from Minas Morgul and Carn Dûm, neither of those prints one from the other
    (Deck H holds all three). A hero haven keeps the havens it names."""
    from deckcheck.sim.model.sites import near_havens

    h = build_sim_deck(read_deck(str(CHALLENGE / "H - Hoarmurath - Stealthy Tribe")))
    index = {site.name: i for i, site in enumerate(h.sites) if site.is_haven}
    morgul, guldur, carn = index["Minas Morgul"], index["Dol Guldur"], index["Carn Dûm"]
    assert guldur in h.starter[morgul] and guldur in h.starter[carn]
    assert {morgul, carn} <= h.starter[guldur]
    assert carn not in h.starter[morgul] and morgul not in h.starter[carn]
    rivendell = next(s for s in build_sim_deck(read_deck(str(CHALLENGE / "D - Radagast - Bargain Between Friends"))
                                               ).sites if s.name == "Rivendell")
    assert set(near_havens(rivendell)) == {"Lórien", "Grey Havens"}
