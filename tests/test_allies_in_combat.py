"""Allies in combat (coe 2.V.2.2): "Allies are not characters, but are treated as characters for the purposes of
combat-specific actions or effects (e.g. facing strikes ...) ... and healing." An ally may be assigned a strike, uses
its own prowess and body (card_db), is discarded when it fails its body check, and heals like a character.
The rule (sim/rules/combat.py), strike assignment as for characters (`assign_strikes`: the defending player's
strongest untapped first) and the game (sim/turn/hazards.face_attack), both ways, on Challenge Deck E."""

from __future__ import annotations

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.model.defence import defence_tables
from deckcheck.sim.rules.combat import Defender, resolve_strike
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.hazards import face_attack, heal
from tests._shared import GANDALF, needs_decks
from tests.test_elimination_transfers import STRONG, kind


@pytest.fixture(scope="module")
def sim():
    """Challenge Deck E (Aragorn II, Quickbeam, the Sword of Gondolin), skipped without ../shared."""
    return build_sim_deck(read_deck(str(GANDALF))) if GANDALF.exists() else pytest.skip("needs ../shared")


def company_with_ally(sim, rolls, *, tapped: bool, haven: bool = False, sword: bool = False):
    """Aragorn II controlling Quickbeam (an ally, 6/9 in card_db), alone in a company at a ruin (or a haven),
    tapped or not, with the Sword of Gondolin if `sword`; every 2D6 fixed to `rolls`."""
    site = next(i for i, s in enumerate(sim.sites) if s.is_haven == haven and not sim.site_under_deeps[i])
    g = scenario(sim, starting_company=False, characters=[(kind(sim, "Aragorn II"), site)], rolls=rolls)
    company = g.companies[0]
    aragorn = company.characters[0]
    for card in ["Quickbeam"] + (["Sword of Gondolin"] if sword else []):
        aragorn.holdings.append(kind(sim, card))
        g.gain(kind(sim, card))
    aragorn.tapped = tapped
    return g, company, aragorn


# ---- the rule: a failed body check discards an ally, eliminates a character -----------------------------------

def test_an_ally_failing_its_body_check_is_discarded_not_eliminated():
    rolls = iter([2, 12])
    outcome = resolve_strike(STRONG, Defender(prowess=6, body=9, ally=True), 0, 0, lambda: next(rolls))
    assert outcome.wounded and outcome.discarded and not outcome.eliminated


def test_a_character_failing_its_body_check_is_eliminated():
    rolls = iter([2, 12])
    outcome = resolve_strike(STRONG, Defender(prowess=6, body=9), 0, 0, lambda: next(rolls))
    assert outcome.wounded and outcome.eliminated and not outcome.discarded


def test_allies_without_printed_stats_face_no_strike(sim):
    """The defence table says which allies face strikes: those card_db gives a prowess and a body (Quickbeam
    6/9), not one it gives neither (Goldberry), nor a character (his own combat)."""
    goldberry = next(c for c in load_catalog().by_name("Goldberry") if c.is_ally)
    assert goldberry.prowess is None and goldberry.body is None
    assert defence_tables("wizard", [goldberry]).ally_defends == [False]
    assert sim.defence.ally_defends[kind(sim, "Quickbeam")]
    assert not sim.defence.ally_defends[kind(sim, "Aragorn II")]


# ---- in a game ---------------------------------------------------------------------------------------------------

@needs_decks
def test_an_ally_takes_the_strike_when_its_controller_is_tapped_and_is_discarded(sim):
    """Aragorn II is tapped: the defending player assigns the strike to untapped Quickbeam (3.ii); it is wounded
    and fails its body check (12 against 9): discarded, its MP gone; Aragorn II is unhurt and no character lost."""
    g, company, aragorn = company_with_ally(sim, [2, 12], tapped=True)
    quickbeam = kind(sim, "Quickbeam")
    mp = g.mp
    face_attack(g, company, STRONG, "Orcs", None, None)
    assert aragorn in company.characters and aragorn not in g.wounded and g.lost == 0
    assert quickbeam not in aragorn.holdings and quickbeam in g.discard and g.in_play[quickbeam] == 0
    assert g.mp == mp - sim.mp_on_play[quickbeam]


@needs_decks
def test_an_ally_not_assigned_when_its_stronger_controller_is_untapped(sim):
    """Aragorn II untapped with the Sword of Gondolin is stronger than Quickbeam: the one strike is his (the
    defender's choice for characters); he is wounded, Quickbeam stays in play, unhurt and untapped."""
    g, company, aragorn = company_with_ally(sim, [2, 5], tapped=False, sword=True)
    quickbeam = kind(sim, "Quickbeam")
    result = face_attack(g, company, STRONG, "Orcs", None, None)
    assert [s.defender for s in result.strikes] == [0]  # Aragorn II's index: the ally's is after him
    assert aragorn in company.characters and aragorn in g.wounded   # wounded, his body check held (5)
    assert quickbeam in aragorn.holdings and not g.wounded_allies and not g.tapped_allies


@needs_decks
def test_a_wounded_ally_stays_in_play_wounded_and_heals_at_a_haven(sim):
    """Quickbeam survives its body check (5 against 9): wounded, still in play; in the untap phase at a haven it
    heals to tapped (2.I.1, allies heal like characters); away from a haven it stays wounded."""
    for haven, still_wounded in ((True, False), (False, True)):
        g, company, aragorn = company_with_ally(sim, [2, 5], tapped=True, haven=haven)
        quickbeam = kind(sim, "Quickbeam")
        result = face_attack(g, company, STRONG, "Orcs", None, None)
        assert result.strikes and result.strikes[0].wounded
        assert quickbeam in aragorn.holdings and (aragorn, quickbeam) in g.wounded_allies
        heal(g)
        assert ((aragorn, quickbeam) in g.wounded_allies) == still_wounded
        assert (aragorn, quickbeam) in g.tapped_allies


# ---- Noble Hound: "must be assigned a strike before any strike can be assigned to its controlling character" -----

def test_a_guard_takes_a_strike_before_its_controller_even_tapped():
    from deckcheck.sim.rules.combat import Attack, assign_strikes

    two = Attack(strikes=2, prowess=9, races=("Orc",))
    controller, other = Defender(prowess=6, body=8), Defender(prowess=5, body=8)
    hound = Defender(prowess=3, body=6, tapped=True, ally=True, guards=0)
    assert [i for i, _ in assign_strikes(two, [controller, other, hound])] == [2, 0]   # the hound, then him
    free = Defender(prowess=3, body=6, tapped=True, ally=True)                          # no guard: as before
    assert [i for i, _ in assign_strikes(two, [controller, other, free])] == [0, 1]
    one = Attack(strikes=1, prowess=9, races=("Orc",))
    stronger = Defender(prowess=7, body=8)                       # the one strike is his: the Hound is not needed
    assert [i for i, _ in assign_strikes(one, [stronger, controller, Defender(prowess=3, body=6, ally=True,
                                                                               guards=1)])] == [0]


def radagast_holding(name, rolls):
    """Challenge Deck D's Radagast alone at a site away from the havens, holding its ally `name` (in play)."""
    from tests._shared import CHALLENGE

    sim = build_sim_deck(read_deck(str(CHALLENGE / "D - Radagast - Bargain Between Friends")))
    site = next(i for i, s in enumerate(sim.sites) if not s.is_haven and not sim.site_under_deeps[i])
    g = scenario(sim, starting_company=False, characters=[(kind(sim, "Radagast"), site)], rolls=rolls)
    company = g.companies[0]
    radagast = company.characters[0]
    ally = kind(sim, name)
    radagast.holdings.append(ally)
    g.gain(ally)
    return g, company, radagast, ally


@needs_decks
def test_noble_hound_takes_the_strike_meant_for_its_controller():
    """Challenge Deck D: a lone Radagast with Noble Hound facing one strike: the Hound takes it (Radagast is the
    stronger, and would take it himself without the Hound's text)."""
    g, company, radagast, hound = radagast_holding("Noble Hound", [12])
    assert g.sim.guards_controller[hound]
    result = face_attack(g, company, STRONG, "Orcs", None, None)
    assert [s.defender for s in result.strikes] == [1]            # the Hound's index, after Radagast's


# ---- Noble Steed: "Tap to cancel a strike (not from an automatic-attack) against its bearer" ---------------------

def test_a_canceled_strike_hurts_nobody_and_defeats_nothing():
    from deckcheck.sim.rules.combat import STRIKE_CANCELED, resolve_attack

    one = Defender(prowess=6, body=8)
    result = resolve_attack(STRONG, [one], lambda: 2, cancel=lambda index, defender, excess: True)
    assert [s.result for s in result.strikes] == [STRIKE_CANCELED]
    assert not one.wounded and not one.tapped and not result.defeated and result.wounded == []
    other = Defender(prowess=6, body=8)
    result = resolve_attack(STRONG, [other], lambda: 2, cancel=lambda index, defender, excess: False)
    assert other.wounded and result.wounded == [0]


def radagast_with_steed(rolls):
    g, company, radagast, steed = radagast_holding("Noble Steed", rolls)
    assert g.sim.cancels_strike[steed]
    return g, company, radagast, steed


@needs_decks
def test_noble_steed_taps_to_cancel_a_creatures_strike_on_its_bearer():
    g, company, radagast, steed = radagast_with_steed([2])
    result = face_attack(g, company, STRONG, "Orcs", None, None)
    assert [s.result for s in result.strikes] == ["canceled"]
    assert radagast not in g.wounded and (radagast, steed) in g.tapped_allies
    result = face_attack(g, company, STRONG, "Orcs", None, None)        # tapped now: the next strike lands
    assert radagast in g.wounded


@needs_decks
def test_noble_steed_cancels_no_automatic_attacks_strike_nor_one_that_would_not_wound():
    from deckcheck.sim.rules.combat import Attack

    g, company, radagast, steed = radagast_with_steed([2])
    face_attack(g, company, STRONG, "the site's Orcs", None, None, automatic=True)
    assert radagast in g.wounded and (radagast, steed) not in g.tapped_allies
    g, company, radagast, steed = radagast_with_steed([12])
    result = face_attack(g, company, Attack(strikes=1, prowess=2), "Orcs", None, None)
    assert [s.result for s in result.strikes] == ["failed"] and (radagast, steed) not in g.tapped_allies
