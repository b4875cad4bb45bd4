"""A Fallen-wizard avatar's ability that changes what our cards score (coe 10.F1: "non-Stage cards worth at least
one marshalling point are only worth one marshalling point, unless that value is modified by a stage resource,
Fallen-wizard avatar ability, or hazard"): the facts read from the five avatars' texts, what a card is worth
under each, and in a game, the raise while the avatar is in play and gone with him."""

from __future__ import annotations

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.combat_facts import load_combat_facts, mp_worth
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.resource_events import ability_worth, avatar_worth
from deckcheck.sim.scenario import scenario
from tests._shared import DECKS, needs_decks

ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"
GANDALF = [{"cards": "character", "worth": None}, {"cards": "hero_ally", "worth": None}]


def test_the_importer_reads_the_avatars_scoring_abilities():
    characters = load_combat_facts()["characters"]
    assert characters["WH-4"]["mp_worth"] == GANDALF                                                # Gandalf
    assert characters["WH-9"]["mp_worth"] == [{"cards": "item", "worth": None, "not_gear": True}]   # Saruman
    assert characters["WH-7"]["mp_worth"] == [{"cards": "faction", "worth": 2, "races": [           # Pallando
        "Man", "Dwarf", "Elf", "Dúnadan", "Hobbit", "Orc", "Troll"]}]
    assert characters["WH-8"]["mp_worth"] == [{"cards": "hero_ally", "worth": None}, {              # Radagast
        "cards": "faction", "worth": 2, "unique": True, "not_races": ["Man", "Dwarf", "Dúnadan", "Hobbit", "Orc",
                                                                       "Troll"]}]
    assert characters["WH-1"]["mp_worth"] == [{"cards": "kill", "worth": None, "star": True}]       # Alatar
    assert [c for c, facts in characters.items() if "mp_worth" in facts] == ["WH-1", "WH-4", "WH-7", "WH-8",
                                                                             "WH-9"]
    assert mp_worth("Unique. Can use spirit-magic.") == []
    items = load_combat_facts()["items"]
    assert items["TW-244"]["gear"] == "weapon" and items["TD-96"]["gear"] == "helmet"   # Glamdring, High Helm


def _card(name: str, **where):
    return next(c for c in load_catalog().cards if c.name == name and all(getattr(c, k) == v for k, v in where.items()))


def test_what_a_card_is_worth_under_each_ability():
    faramir, tom = _card("Faramir", alignment="Hero"), _card("Tom Bombadil")       # printed 2, an ally printed 3
    assert ability_worth(GANDALF[0], faramir, 1, None) == 2 and ability_worth(GANDALF[1], tom, 1, None) == 3
    assert ability_worth(GANDALF[0], tom, 1, None) == 1 and ability_worth(GANDALF[1], faramir, 1, None) == 1
    saruman = {"cards": "item", "worth": None, "not_gear": True}
    glamdring, palantir = _card("Glamdring"), _card("Palantír of Orthanc")
    assert ability_worth(saruman, glamdring, 1, "weapon") == 1                     # a weapon: as scored
    assert ability_worth(saruman, palantir, 1, None) == palantir.mp > 1             # full
    pallando = {"cards": "faction", "worth": 2, "races": ["Man", "Dwarf"]}
    radagast = {"cards": "faction", "worth": 2, "unique": True, "not_races": ["Man", "Dwarf"]}
    beornings, ents = _card("Beornings"), _card("Ents of Fangorn")       # Man, unique; Ent, unique
    assert ability_worth(pallando, beornings, 1, None) == 2 and ability_worth(pallando, ents, 1, None) == 1
    assert ability_worth(radagast, beornings, 1, None) == 1 and ability_worth(radagast, ents, 1, None) == 2


def test_a_fallen_wizards_kill_points_are_one_each_unless_alatar_says_full():
    from deckcheck.sim.rules.combat import kill_points_scored
    assert kill_points_scored(3, False, "fallen-wizard", False) == 1          # coe 10.F1: worth one
    assert kill_points_scored(3, True, "fallen-wizard", False) == 0           # coe 3.v.F1: a star gives none
    assert kill_points_scored(3, False, "fallen-wizard", False, full=True) == 3
    assert kill_points_scored(3, True, "fallen-wizard", False, full=True) == 3    # "(even with *)"
    assert kill_points_scored(3, False, "fallen-wizard", True, full=True) == 0    # detainment: none
    assert kill_points_scored(3, False, "wizard", False) == 3


@pytest.fixture(scope="module")
def annexing():     # a zara tournament deck (Fallen-wizard, Gandalf): Faramir, Théoden, Éomer; Shadowfax
    return build_sim_deck(read_deck(str(ZARA / "{R}G_{F}{R} Annexing the Anduin.dck")))


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


@needs_decks
def test_gandalf_in_play_makes_the_characters_in_play_and_to_come_worth_full_points(annexing):
    sim = annexing
    gandalf, faramir, theoden = named(sim, "Gandalf"), named(sim, "Faramir"), named(sim, "Théoden")
    assert avatar_worth(sim, gandalf)[faramir] == 1 and avatar_worth(sim, faramir) == {}   # printed 2, scored 1
    g = scenario(sim, starting_company=False, characters=[(faramir, sim.start_site)])
    assert g.mp == 1 == sim.mp[faramir]
    company = g.companies[0]
    wizard = g.enter(gandalf, None)
    company.characters.append(wizard)
    assert g.mp == 2 and g.mp == sum(g.category)                    # Faramir: 2 while Gandalf is in play
    g.enter(theoden, None)                                          # printed 3: scores 3 on entering
    assert g.mp == 2 + (sim.kinds[theoden].mp or 0)
    g.remove_character(company, wizard, eliminated=True)            # without him, 1 each again
    assert g.mp == 2 and g.mp == sum(g.category)


@needs_decks
def test_without_the_avatar_the_cards_score_one_each(annexing):
    sim = annexing
    faramir = named(sim, "Faramir")
    g = scenario(sim, starting_company=False, characters=[(faramir, sim.start_site)])
    assert g.mp == 1 and not g.mp_extra


@needs_decks
def test_alatar_in_play_gives_full_kill_points():
    from deckcheck.sim.rules.resource_events import full_kill_points
    sim = build_sim_deck(read_deck(str(ZARA / "{R}A_{F}{R} The Game Warden.dck")))     # Alatar
    alatar = named(sim, "Alatar")
    assert full_kill_points(sim, alatar) and not full_kill_points(sim, None)
    assert avatar_worth(sim, alatar) == {}                 # his ability raises no card's own MP
