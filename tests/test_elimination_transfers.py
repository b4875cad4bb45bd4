"""A character eliminated by a failed body check (coe 3.I.2): "For each unwounded character in the same company,
an item that the eliminated character controlled may be immediately transferred to that unwounded character (up
to one item per unwounded character), and all other non-follower cards that the eliminated character controlled
are immediately discarded." The rule (sim/rules/play.py), the player's choice (sim/players/characters.py
`items_to_heirs`) and the game (sim/turn/hazards.face_attack), both ways, on Challenge Deck E."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.combat import Attack
from deckcheck.sim.rules.play import elimination_transfers, passes_on_elimination
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.hazards import face_attack
from tests._shared import GANDALF, needs_decks

STRONG = Attack(strikes=1, prowess=20)          # every strike succeeds: the body check decides


@pytest.fixture(scope="module")
def sim():
    if not GANDALF.exists():
        pytest.skip(f"needs {GANDALF} (../shared is absent)")
    return build_sim_deck(read_deck(str(GANDALF)))


def kind(sim, name: str) -> int:
    return next(i for i, k in enumerate(sim.kinds) if k.name == name)


def company_of(sim, names: list[str], rolls: list[int], holdings: dict[str, list[str]], tapped=(), wounded=()):
    """A goldfish game on deck E with `names` in one company at a ruin (no haven), each bearing `holdings`;
    `tapped`, `wounded` (tapped too) by name; every 2D6 fixed to `rolls`. (game, company, {name: character})."""
    site = next(i for i, s in enumerate(sim.sites) if not s.is_haven and not sim.site_under_deeps[i])
    g = scenario(sim, starting_company=False, characters=[(kind(sim, n), site) for n in names], rolls=rolls)
    company = g.companies[0]
    by_name = {sim.kinds[c.kind].name: c for c in company.characters}
    for name, cards in holdings.items():
        for card in cards:
            by_name[name].holdings.append(kind(sim, card))
            g.gain(kind(sim, card))
    for name in (*tapped, *wounded):
        by_name[name].tapped = True
    for name in wounded:
        g.wounded.add(by_name[name])
    return g, company, by_name


def names(sim, kinds) -> list[str]:
    return sorted(sim.kinds[k].name for k in kinds)


# ---- in a game: an unwounded companion receives, a wounded one does not ------------------------------------

@needs_decks
def test_an_item_passes_to_an_unwounded_companion_tapped_or_not(sim):
    """Aragorn II (Sword of Gondolin, Quickbeam) fails his body check (roll 12 against 9); Arwen is tapped but
    unwounded: the sword is hers, still in play with its MP; Quickbeam (an ally) is discarded with him."""
    g, company, c = company_of(sim, ["Aragorn II", "Arwen"], [2, 12],
                               {"Aragorn II": ["Sword of Gondolin", "Quickbeam"]}, tapped=["Arwen"])
    mp = g.mp
    sword = kind(sim, "Sword of Gondolin")
    face_attack(g, company, STRONG, "Orcs", None, None)
    assert c["Aragorn II"] not in company.characters and g.lost == 1
    assert names(sim, c["Arwen"].holdings) == ["Sword of Gondolin"]
    assert g.in_play[sword] == 1 and sword not in g.discard
    assert "Quickbeam" in names(sim, g.discard)
    assert g.mp == mp - sim.mp_on_play[kind(sim, "Aragorn II")] - sim.mp_on_play[kind(sim, "Quickbeam")]


@needs_decks
def test_no_item_passes_when_every_companion_is_wounded(sim):
    """The same elimination with Arwen wounded before the attack: the sword is discarded with him."""
    g, company, c = company_of(sim, ["Aragorn II", "Arwen"], [2, 12],
                               {"Aragorn II": ["Sword of Gondolin", "Quickbeam"]}, wounded=["Arwen"])
    face_attack(g, company, STRONG, "Orcs", None, None)
    assert c["Aragorn II"] not in company.characters
    assert c["Arwen"].holdings == []
    assert {"Sword of Gondolin", "Quickbeam"} <= set(names(sim, g.discard))
    assert g.in_play[kind(sim, "Sword of Gondolin")] == 0


@needs_decks
def test_one_item_per_unwounded_character_the_rest_discarded(sim):
    """Aragorn II with Glamdring and Hauberk of Bright Mail, Arwen his only unwounded companion: she takes one
    (the worthier, the player's choice), the other goes with him."""
    g, company, c = company_of(sim, ["Aragorn II", "Arwen"], [2, 12],
                               {"Aragorn II": ["Glamdring", "Hauberk of Bright Mail"]}, tapped=["Arwen"])
    face_attack(g, company, STRONG, "Orcs", None, None)
    assert len(c["Arwen"].holdings) == 1
    (taken,) = c["Arwen"].holdings
    other = next(k for k in (kind(sim, "Glamdring"), kind(sim, "Hauberk of Bright Mail")) if k != taken)
    assert sim.mp[taken] >= sim.mp[other]
    assert other in g.discard and taken not in g.discard


@needs_decks
def test_two_unwounded_companions_take_one_each(sim):
    """Arwen and Faramir (tapped, unwounded) each take one of Aragorn's two items."""
    g, company, c = company_of(sim, ["Aragorn II", "Arwen", "Faramir"], [2, 12],
                               {"Aragorn II": ["Glamdring", "Hauberk of Bright Mail"]}, tapped=["Arwen", "Faramir"])
    face_attack(g, company, STRONG, "Orcs", None, None)
    assert len(c["Arwen"].holdings) == 1 and len(c["Faramir"].holdings) == 1
    assert names(sim, c["Arwen"].holdings + c["Faramir"].holdings) == ["Glamdring", "Hauberk of Bright Mail"]


@needs_decks
def test_the_worthiest_item_goes_to_the_companion_best_able_to_bear_its_corruption(sim):
    """Faramir (first in the company) already bears the Sword of Gondolin, Arwen nothing: Aragorn's worthiest item
    goes to Arwen, whose corruption check it makes less likely to cost her."""
    g, company, c = company_of(sim, ["Aragorn II", "Faramir", "Arwen"], [2, 12],
                               {"Aragorn II": ["Glamdring", "Hauberk of Bright Mail"],
                                "Faramir": ["Sword of Gondolin"]}, tapped=["Arwen", "Faramir"])
    glamdring, hauberk = kind(sim, "Glamdring"), kind(sim, "Hauberk of Bright Mail")
    worthiest = min((glamdring, hauberk), key=lambda h: (-sim.mp[h], -g.defence.corruption_points[h], h))
    face_attack(g, company, STRONG, "Orcs", None, None)
    assert c["Arwen"].holdings == [worthiest]


@needs_decks
def test_a_companion_wounded_by_a_later_strike_of_the_attack_still_receives(sim):
    """Two strikes: Aragorn's (assigned first, the strongest) eliminates him, then Arwen's wounds her (body 2):
    she was unwounded when he failed his check, so the sword is hers."""
    g, company, c = company_of(sim, ["Aragorn II", "Arwen"], [2, 12, 2, 2],
                               {"Aragorn II": ["Sword of Gondolin"]})
    result = face_attack(g, company, Attack(strikes=2, prowess=20), "Orcs", None, None)
    assert [s.wounded for s in result.strikes] == [True, True]
    assert c["Arwen"] in g.wounded
    assert names(sim, c["Arwen"].holdings) == ["Sword of Gondolin"]


@needs_decks
def test_a_follower_that_general_influence_cannot_keep_receives_nothing(sim):
    """Bergil follows Aragorn II (before Arwen in the company); general influence has no room for him once Aragorn
    is gone, so he is discarded (coe 2.II.2.2.3) and the sword goes to Arwen, not with him."""
    site = next(i for i, s in enumerate(sim.sites) if not s.is_haven and not sim.site_under_deeps[i])
    aragorn, bergil, arwen = (kind(sim, n) for n in ("Aragorn II", "Bergil", "Arwen"))
    g = scenario(sim, starting_company=False, rolls=[2, 12],
                 characters=[(aragorn, site), (bergil, site, aragorn), (arwen, site)], tapped=[arwen])
    company = g.companies[0]
    g.gi_max = g.gi_used - sim.mind[aragorn] + sim.mind[bergil] - 1
    sword = kind(sim, "Sword of Gondolin")
    company.characters[0].holdings.append(sword)
    g.gain(sword)
    face_attack(g, company, STRONG, "Orcs", None, None)
    assert [c.kind for c in company.characters] == [arwen] and bergil in g.discard
    assert company.characters[0].holdings == [sword] and sword not in g.discard


@needs_decks
def test_an_attack_that_eliminates_every_character_wounded_passes_nothing(sim):
    """"Any character wounded is immediately eliminated": no body check, so 3.I.2's transfer does not apply."""
    g, company, c = company_of(sim, ["Aragorn II", "Arwen"], [2], {"Aragorn II": ["Sword of Gondolin"]},
                               tapped=["Arwen"])
    face_attack(g, company, Attack(strikes=1, prowess=20, wounded_eliminated=True), "Orcs", None, None)
    assert c["Aragorn II"] not in company.characters
    assert c["Arwen"].holdings == [] and kind(sim, "Sword of Gondolin") in g.discard


# ---- the rule ------------------------------------------------------------------------------------------------

@needs_decks
def test_the_rule_passes_items_only_to_the_unwounded_one_each(sim):
    g, company, c = company_of(sim, ["Aragorn II", "Arwen", "Faramir"], [7],
                               {"Aragorn II": ["Glamdring", "Quickbeam", "Sword of Gondolin"]}, wounded=["Faramir"])
    aragorn, arwen, faramir = c["Aragorn II"], c["Arwen"], c["Faramir"]
    items, heirs = passes_on_elimination(sim, aragorn.holdings, [arwen, faramir], g.wounded)
    assert names(sim, items) == ["Glamdring", "Sword of Gondolin"] and heirs == [arwen]
    glamdring, sword = kind(sim, "Glamdring"), kind(sim, "Sword of Gondolin")
    # a second item to the same heir, an item not his, a wounded heir: refused
    plan = [(glamdring, arwen), (sword, arwen), (kind(sim, "Quickbeam"), arwen), (sword, faramir)]
    assert elimination_transfers(sim, items, heirs, plan) == [(glamdring, arwen)]
