"""Events that raise general influence while in play (`rules.influence.may_raise_influence`,
`turn.organization.change_general_influence`): The Lidless Eye ("You are Sauron, not a Ringwraith", +7, against
a Wizard) and Great Shadow (+6 on The Balrog), each both ways on a real tournament deck."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.influence import may_raise_influence
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.turn.organization import change_general_influence
from tests._shared import DECKS, GANDALF, WITCH_KING, needs_decks

pytestmark = needs_decks
ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name.startswith(name))


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


@pytest.fixture(scope="module")
def sauron():      # a Ringwraith-alignment deck with no Ringwraith, three The Lidless Eye
    return build_sim_deck(read_deck(str(ZARA / "{D}_{F}{R} The League of Extraordinary Shadowmagi.dck")))


@pytest.fixture(scope="module")
def balrog():      # The Balrog x3, Great Shadow x2
    return build_sim_deck(read_deck(str(ZARA / "{d}_{D} The Red Hills.dck")))


def test_the_lidless_eye_raises_general_influence_by_7_and_bars_a_ringwraith(sauron):
    sim = sauron
    eye = named(sim, "The Lidless Eye")
    assert sim.gi_change[eye].general == 7
    g = scenario(sim, hand=[eye])
    before = g.gi_max
    assert may_raise_influence(g, eye)             # the goldfish: no opponent, taken as a Wizard
    change_general_influence(g)                    # late in the phase: only Bade to Rule
    assert g.gi_max == before
    change_general_influence(g, early=True)
    assert g.gi_max == before + 7 and g.gi_bonus_kind == eye and g.avatar_barred and eye not in g.hand
    g.hand.append(eye)
    assert not may_raise_influence(g, eye)         # one in play at a time


def test_the_lidless_eye_is_played_against_a_wizard_only(sauron):
    us = side_of(sauron)
    eye = named(sauron, "The Lidless Eye")
    wizard = side_of(build_sim_deck(read_deck(str(GANDALF))))
    wraith = side_of(build_sim_deck(read_deck(str(WITCH_KING))))
    assert may_raise_influence(scenario(sauron, us=us, against=wizard, hand=[eye]), eye)
    g = scenario(sauron, us=us, against=wraith, hand=[eye])
    assert not may_raise_influence(g, eye)
    change_general_influence(g, early=True)
    assert g.gi_bonus_kind is None and eye in g.hand


def test_the_lidless_eye_not_once_a_ringwraith_is_revealed(sauron):
    eye = named(sauron, "The Lidless Eye")
    g = scenario(sauron, hand=[eye])
    g.avatar_revealed = True                       # as `GameState.enter` leaves it once a Ringwraith entered
    assert not may_raise_influence(g, eye)
    change_general_influence(g, early=True)
    assert g.gi_bonus_kind is None and eye in g.hand


def test_great_shadow_on_the_balrog_and_gone_with_him(balrog):
    sim = balrog
    shadow, the_balrog = named(sim, "Great Shadow"), named(sim, "The Balrog")
    assert sim.gi_change[shadow].general == 6
    moria = site(sim, "Moria")
    g = scenario(sim, starting_company=False, characters=[(the_balrog, moria)], hand=[shadow])
    before = g.gi_max
    change_general_influence(g, early=True)
    assert g.gi_max == before + 6 and g.gi_bonus_kind == shadow
    company = g.companies[0]
    g.eliminate(company, next(c for c in company.characters if c.kind == the_balrog))
    assert g.gi_max == before and g.gi_bonus_kind is None and shadow in g.discard and g.in_play[shadow] == 0


def test_great_shadow_not_without_the_balrog(balrog):
    sim = balrog
    shadow = named(sim, "Great Shadow")
    g = scenario(sim, starting_company=False, hand=[shadow])
    assert not may_raise_influence(g, shadow)
    change_general_influence(g, early=True)
    assert g.gi_bonus_kind is None and shadow in g.hand


def test_the_lidless_eye_keeps_one_more_card_in_hand(sauron):
    from deckcheck.sim.rules.hand import hand_size
    eye = named(sauron, "The Lidless Eye")
    g = scenario(sauron, hand=[eye])
    assert hand_size(g) == 8
    change_general_influence(g, early=True)
    assert hand_size(g) == 9


def test_great_shadow_brings_a_discarded_card_back_at_each_end_of_turn(balrog):
    from deckcheck.sim.turn.end import fetch_at_end
    sim = balrog
    shadow, the_balrog = named(sim, "Great Shadow"), named(sim, "The Balrog")
    stinker, tryst = named(sim, "Stinker"), named(sim, "Dark Tryst")   # an ally worth 2; a short-event, none
    assert sim.gi_change[shadow].end_of_turn_fetch
    deck = [k for k in sim.play_deck if k not in (stinker, shadow)][:10]
    moria = site(sim, "Moria")
    g = scenario(sim, starting_company=False, characters=[(the_balrog, moria)], hand=[shadow], deck=deck,
                 discard=[tryst, stinker])
    fetch_at_end(g)                                # not in play yet: nothing
    assert g.discard == [tryst, stinker]
    change_general_influence(g, early=True)
    fetch_at_end(g)
    assert g.discard == [tryst] and stinker in g.deck and len(g.deck) == 11
    fetch_at_end(g)                                # nothing worth it left
    assert g.discard == [tryst] and len(g.deck) == 11


@pytest.fixture(scope="module")
def fallen():      # a Fallen-wizard deck (Alatar) with Wizard's Myrmidon
    return build_sim_deck(read_deck(str(ZARA / "{R}A_{D} The Game Warden.dck")))


def test_wizards_myrmidon_frees_his_mind_less_3_and_goes_with_him(fallen):
    sim = fallen
    myrmidon = named(sim, "Wizard’s Myrmidon")
    assert sim.gi_change[myrmidon].control == 3
    g = scenario(sim, hand=[myrmidon])
    company = g.companies[0]
    under_gi = [c for c in company.characters if c.controller is None and not sim.avatar[c.kind]]
    target = max(under_gi, key=lambda c: sim.mind[c.kind])
    assert sim.mind[target.kind] > 3
    before = g.gi_max
    change_general_influence(g, early=True)
    assert g.gi_bonus_kind == myrmidon and g.gi_bonus_on is target
    assert g.gi_max == before + sim.mind[target.kind] - 3
    assert not any(c is target for c, _ in g.player.followers_to_free(g))   # general influence only
    g.eliminate(company, target)
    assert g.gi_max == before and g.gi_bonus_kind is None and g.gi_bonus_on is None
    assert myrmidon in g.discard and g.in_play[myrmidon] == 0


def test_wizards_myrmidon_not_without_a_character_under_general_influence(fallen):
    myrmidon = named(fallen, "Wizard’s Myrmidon")
    g = scenario(fallen, starting_company=False, hand=[myrmidon])
    assert not may_raise_influence(g, myrmidon)
    change_general_influence(g, early=True)
    assert g.gi_bonus_kind is None and myrmidon in g.hand
