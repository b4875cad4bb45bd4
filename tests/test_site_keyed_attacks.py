"""Two site texts of the Under-deeps and the minion holds, each both ways, on real decks:

- "(2nd attack) Opponent may play as an automatic-attack one non-unique hazard creature from his hand normally
  keyed to a Ruins & Lairs" (coe 2.V.ii.4; 3.v: discarded after it, no MP): `rules.keying.normally_keyed`,
  `HazardPlayer.automatic_attack_creature`, `turn.site.hand_attack`;
- "Creatures keyed to this site attack normally, not as detainment" ("Non-Nazgûl creatures played at this site
  ..."), "Creatures keyed to this site attack as detainment": the facts (card_db/combat.json `sites`) and
  `rules.keying.is_detainment` (coe 3.II.2.B1 overridden by the site card)."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts, site_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.keying import Move, creature_keys, is_detainment, move_of, normally_keyed
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.turn.site import hand_attack
from tests._shared import DECKS, needs_decks
from tests._watch import Watch

FLAME_ON = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{d}_{F}{R} Flame On!.dck"
GANDALF = DECKS / "council-of-rivendell" / "Challenge Decks" / "E - Gandalf - Return of the King"


# ---- the rules, pure ----------------------------------------------------------------------------------------

def test_a_creature_normally_keyed_to_the_site_type_or_a_single_region_may_be_the_automatic_attack():
    cave_drake, pukel_men, corsairs = creature_keys("{w}{w}{R}"), creature_keys("{S}{D}"), creature_keys("{c}")
    assert normally_keyed(cave_drake, ("R",)) and not normally_keyed(cave_drake, ("S",))
    assert normally_keyed(pukel_men, ("S",)) and not normally_keyed(pukel_men, ("R",))
    assert normally_keyed(corsairs, ("c",))
    assert not normally_keyed(cave_drake, ("w",))       # two Wildernesses, not "a single wilderness"


def _at(site_type: str, keyed_attacks: str = "", not_races: frozenset[str] = frozenset()) -> Move:
    return Move(path=(), regions=frozenset(), site_type=site_type, site="x", site_region="y",
                keyed_attacks=keyed_attacks, keyed_not_races=not_races)


def test_a_site_whose_keyed_creatures_attack_normally_is_no_detainment_for_a_balrog_company():
    assert is_detainment("S", ("Undead",), "balrog", _at("S"))                 # coe 3.II.2.B1: keyed to it
    assert not is_detainment("S", ("Undead",), "balrog", _at("S", "normal"))   # the site's text
    assert not is_detainment("site:x", ("Undead",), "ringwraith", _at("S", "normal"))


def test_the_site_text_leaves_the_races_it_names_and_the_region_keys_alone():
    nazgul = frozenset({"Nazgûl"})
    assert is_detainment("S", ("Nazgûl",), "ringwraith", _at("S", "normal", nazgul))   # "Non-Nazgûl creatures"
    assert not is_detainment("S", ("Orc",), "ringwraith", _at("S", "normal", nazgul))
    assert is_detainment("d", ("Orc",), "balrog", _at("S", "normal"))           # keyed to a Dark-domain


def test_a_site_whose_keyed_creatures_attack_as_detainment():
    assert not is_detainment("R", ("Orc",), "balrog", _at("R"))
    assert is_detainment("R", ("Orc",), "balrog", _at("R", "detainment"))


# ---- the facts ----------------------------------------------------------------------------------------------

def test_the_importer_reads_what_sites_say_of_creatures_keyed_to_them():
    sites = load_combat_facts()["sites"]
    assert sites["BA-102"] == {"keyed_attacks": "normal"}                                # The Under-leas (B)
    assert sites["LE-392"] == {"keyed_attacks": "normal", "not_races": ["Nazgûl"]}       # Moria (minion)
    assert sites["BA-100"] == {"attacks_canceled": True, "keyed_attacks": "detainment"}  # The Under-gates (B)
    assert "BA-90" not in sites and "TW-413" not in sites        # The Gem-deeps (B), a hero site: no such text
    assert site_facts({"text": {"en": "Special: Creatures keyed to this site attack normally, not as "
                                      "detainment."}}) == {"keyed_attacks": "normal"}
    assert site_facts({"text": {"en": "Special: When a gold ring is tested here, +1."}}) == {}


# ---- in a game ----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sides():
    return side_of(build_sim_deck(read_deck(str(FLAME_ON)))), side_of(build_sim_deck(read_deck(str(GANDALF))))


def _named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def _site(sim, card_id: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.id == card_id)


@needs_decks
def test_moving_to_the_under_leas_its_keyed_creatures_attack_normally(sides):
    us, _them = sides
    sim = us.sim
    leas, gundabad = _site(sim, "BA-102"), next(i for i, s in enumerate(sim.sites) if s.name == "Mount Gundabad")
    assert move_of(sim, gundabad, leas).keyed_attacks == "normal"
    assert move_of(sim, leas, _site(sim, "BA-104")).keyed_attacks == ""      # The Wind-deeps says nothing


def _umagaur_at(sides, site_id: str, opponent_hand: list[str]):
    us, them = sides
    sim = us.sim
    site = _site(sim, site_id)
    g = scenario(sim, starting_company=False, characters=[(_named(sim, "Umagaur"), site)], rolls=[12],
                 against=them, us=us)
    g.hazards.cards.hand = [_named(them.sim, n) for n in opponent_hand]
    return g, site


@needs_decks
def test_the_opponent_plays_a_creature_from_hand_as_the_under_leas_automatic_attack(sides):
    us, them = sides
    g, site = _umagaur_at(sides, "BA-102", ["Pûkel-men", "Cave-drake"])      # "normally keyed to a Ruins & Lairs"
    watch = Watch()
    g.observer = watch
    before = g.mp
    hand_attack(g, g.companies[0], us.sim.site_hand_attack[site], _named(us.sim, "Ancient Black Axe"))
    cave_drake = _named(them.sim, "Cave-drake")
    assert watch.seen == ["the opponent plays Cave-drake from hand as the automatic-attack of The Under-leas",
                          "attack by Cave-drake"]
    assert g.hazards.cards.hand == [_named(them.sim, "Pûkel-men")] and cave_drake in g.hazards.cards.discard
    assert g.mp == before                          # 3.v: defeated (every roll 12) but no kill points


@needs_decks
def test_no_creature_in_hand_the_site_allows_no_attack(sides):
    us, them = sides
    g, site = _umagaur_at(sides, "BA-102", ["Pûkel-men", "Ghosts"])          # Shadow-hold creatures: not R
    hand_attack(g, g.companies[0], us.sim.site_hand_attack[site], _named(us.sim, "Ancient Black Axe"))
    assert sorted(g.hazards.cards.hand) == sorted([_named(them.sim, "Pûkel-men"), _named(them.sim, "Ghosts")])
    g, site = _umagaur_at(sides, "BA-101", ["Pûkel-men", "Cave-drake"])      # The Under-grottos: Shadow-hold
    hand_attack(g, g.companies[0], us.sim.site_hand_attack[site], _named(us.sim, "Ancient Black Axe"))
    assert g.hazards.cards.hand == [_named(them.sim, "Cave-drake")]
