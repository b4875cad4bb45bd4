"""A card that lets a character use his prowess instead of his unused direct influence on a faction (Threats:
"Warrior only. Playable on a warrior attempting to influence a faction. Warrior does not use his unused direct
influence for the attempt. Instead he uses his prowess, to a maximum modifier of +6"; coe 2.V.3): the fact, what
it adds for whom, the influencer chosen with it, and in a game spent only to turn a failure into a success."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.resource_effects import ProwessInfluence
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.site_choices import faction_influencer
from deckcheck.sim.rules.influence import boost_value, check_bonus
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.site import resolve_play
from tests._shared import DECKS, needs_decks

ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"


def test_the_importer_reads_threats():
    events = load_combat_facts()["resource_events"]
    assert ProwessInfluence.of(events["LE-244"]) == ProwessInfluence(skill="Warrior", maximum=6)
    assert [k for k, e in events.items() if e["effect"] == "prowess_influence"] == ["LE-244"]


@pytest.fixture(scope="module")
def brood():    # a zara tournament deck (Ringwraith): Threats, Smaug Roused; Lieutenant of Morgul (warrior, 8/DI 2)
    return build_sim_deck(read_deck(str(ZARA / "{D}_{F}{R} Summoning the Brood of Ancalagon.dck")))


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


@needs_decks
def test_a_warrior_uses_his_prowess_to_six_instead_of_his_unused_influence(brood):
    sim = brood
    threats, lieutenant, tros = named(sim, "Threats"), named(sim, "Lieutenant of Morgul"), named(sim, "Tros Hesnef")
    hoarmurath = named(sim, "Hoarmûrath the Ringwraith")                  # a scout, ranger, sage: no warrior
    g = scenario(sim, starting_company=False, hand=[threats],
                 characters=[(lieutenant, sim.start_site), (tros, sim.start_site), (hoarmurath, sim.start_site)])
    by_kind = {c.kind: c for c in g.companies[0].characters}
    assert boost_value(g, by_kind[lieutenant], threats) == 6 - 2         # prowess 8, to 6, for his DI 2
    assert boost_value(g, by_kind[tros], threats) == 5                   # prowess 5, DI 0
    assert boost_value(g, by_kind[hoarmurath], threats) == 0
    assert g.player.boosts_to_spend(g, by_kind[lieutenant]) == [threats]
    assert g.player.boosts_to_spend(g, by_kind[hoarmurath]) == []


@needs_decks
def test_with_threats_in_hand_the_warrior_influences_and_spends_it_only_to_succeed(brood):
    sim = brood
    threats, smaug, lieutenant = named(sim, "Threats"), named(sim, "Smaug Roused"), named(sim, "Lieutenant of Morgul")
    mountain = site(sim, "The Lonely Mountain")
    number = sim.influence_number[smaug]                                 # "greater than 12"
    for rolls, hand, success in (([12 - 2 - 2], [smaug, threats], True),   # fails by 2 alone, +4 with Threats
                                 ([12], [smaug, threats], True),           # succeeds alone: Threats kept
                                 ([12 - 2 - 2], [smaug], False)):          # without it, discarded
        g = scenario(sim, starting_company=False, start_at=mountain, hand=list(hand), rolls=rolls,
                     characters=[(lieutenant, mountain)])
        company = g.companies[0]
        actor = company.characters[0]
        base = check_bonus(g, actor, smaug)
        assert base == 2 and number == 12
        if threats in hand:
            assert faction_influencer(g, [actor], smaug)[0] is actor
        assert resolve_play(g, company, smaug, actor) is success
        assert (g.in_play[smaug] == 1) is success
        assert (threats in g.hand) is (threats in hand and rolls == [12])


# ---- the Dragons "Roused": "Modifications: influencer discards a major item (+3) or a greater item (+6)" ------

def test_the_importer_reads_the_item_discard_modifications():
    from deckcheck.cards.play import load_play_facts
    conditions = load_play_facts().conditions
    smaug, itangast = conditions["LE-285"], conditions["AS-117"]
    assert (smaug.influence, smaug.discard_major, smaug.discard_greater) == (12, 3, 6)
    assert (itangast.influence, itangast.discard_major, itangast.discard_greater) == (15, 4, 8)
    assert sum(1 for c in conditions.values() if c.discard_major or c.discard_greater) == 9


@needs_decks
def test_the_influencer_discards_an_item_worth_less_than_the_faction_only_to_succeed(brood):
    from deckcheck.sim.players.factions import discard_bonus
    from deckcheck.sim.rules.influence import item_discards
    sim = brood
    smaug, lieutenant, mace = named(sim, "Smaug Roused"), named(sim, "Lieutenant of Morgul"), named(sim, "Black Mace")
    mountain = site(sim, "The Lonely Mountain")
    assert sim.kinds[mace].item_class == "greater" and sim.mp[mace] < sim.mp[smaug]
    for roll, success, kept in ((13 - 2 - 6, True, False),     # 7 against "greater than 12": +6 makes 13
                                (12, True, True),              # succeeds alone: the mace stays
                                (12 - 2 - 6, False, True)):    # 6 + 6 is not enough: kept, Smaug discarded
        g = scenario(sim, starting_company=False, start_at=mountain, hand=[smaug], rolls=[roll],
                     characters=[(lieutenant, mountain)])
        company = g.companies[0]
        actor = company.characters[0]
        actor.holdings.append(mace)
        g.gain(mace)
        assert item_discards(g, actor, smaug) == [(6, mace)] and discard_bonus(g, actor, smaug) == 6
        before = g.mp
        assert resolve_play(g, company, smaug, actor) is success
        assert (mace in actor.holdings) is kept and (mace in g.discard) is not kept
        assert g.mp == before + (sim.mp[smaug] if success else 0) - (0 if kept else sim.mp[mace])
    assert item_discards(g, actor, named(sim, "Ice-orcs")) == []      # a faction that does not allow it
