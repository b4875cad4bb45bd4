"""Creature keying (coe 2.IV.vii.2), the hazard limit (coe 2.IV.iii), detainment by key (coe 3.II.2) and the
combat facts the importer reads out of the card text (`card_db/combat.json`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.names import fold
from deckcheck.sim.rules.keying import (
    Move,
    best_key,
    creature_keys,
    hazard_limit,
    is_detainment,
    keys_for,
    region_site_path,
    site_path,
)
from tests._shared import CHALLENGE, COE_CARDS, needs_coe, needs_decks


def move(path: str, site_type: str, site: str, site_region: str, origin_region: str = "Wold & Foothills") -> Move:
    return Move(path=site_path(path), regions=frozenset({fold(origin_region), fold(site_region)}),
                site_type=site_type, site=fold(site), site_region=fold(site_region))


# Lórien to Moria [H] (Redhorn Gate, Shadow-hold, site path {w}{w}); to Minas Tirith [H] ({w}{b}{f}, Free-hold).
TO_MORIA = move("{w}{w}", "S", "Moria", "Redhorn Gate")
TO_MINAS_TIRITH = move("{w}{b}{f}", "F", "Minas Tirith", "Anórien")


# A small map: a (Wilderness) touches b (Free-domain) and c (Shadow-land); both touch d (Border-land), which
# touches e (Wilderness); f lies beyond e.
MAP = {"a": ("w", ("b", "c")), "b": ("f", ("a", "d")), "c": ("s", ("a", "d")), "d": ("b", ("b", "c", "e")),
       "e": ("w", ("d", "f")), "f": ("f", ("e",))}


def test_region_movement_declares_a_shortest_path_through_the_fewest_dangerous_regions():
    assert region_site_path(MAP, "a", "a") == ("a",)              # moving within one region: that region
    assert region_site_path(MAP, "a", "b") == ("a", "b")
    # a-b-d and a-c-d are both three regions; through the Free-domain rather than the Shadow-land
    assert region_site_path(MAP, "a", "d") == ("a", "b", "d")
    assert region_site_path(MAP, "a", "e") == ("a", "b", "d", "e")   # four consecutive regions: the most
    assert region_site_path(MAP, "a", "f") is None                   # five: not by region movement (2.II.7.ii)


@pytest.mark.parametrize("size, limit", [(1, 2), (2, 2), (3, 3), (5, 5), (7, 7)])
def test_hazard_limit_is_company_size_or_two(size, limit):
    assert hazard_limit(size) == limit


def test_hazard_limit_halved_rounded_up_after_sideboard_access():
    assert hazard_limit(5, sideboard_accessed=True) == 3
    assert hazard_limit(1, sideboard_accessed=True) == 1


def test_region_type_key_needs_as_many_regions_as_symbols():
    # Cave-drake {w}{w}{R}: keyed to two Wildernesses on the way to Moria, but not with one Wilderness only.
    cave_drake = creature_keys("{w}{w}{R}")
    assert keys_for(cave_drake, TO_MORIA) == ["w"]
    assert keys_for(cave_drake, TO_MINAS_TIRITH) == []
    # ... and to a Ruins & Lairs by its type, whatever the path.
    assert keys_for(cave_drake, move("{w}", "R", "Bandit Lair", "Brown Lands")) == ["R"]


def test_free_domain_and_border_land_keys():
    # Ambusher {f}{b}: either region type of the path to Minas Tirith.
    assert keys_for(creature_keys("{f}{b}"), TO_MINAS_TIRITH) == ["b", "f"]


def test_named_region_key_from_the_combat_facts():
    # Cave Worm has no symbols, only named regions, one of which is Redhorn Gate, Moria's region.
    facts = load_combat_facts()["creatures"]
    cave_worm = creature_keys(None, facts["LE-65"])
    assert keys_for(cave_worm, TO_MORIA) == ["region:redhorngate"]
    assert keys_for(cave_worm, TO_MINAS_TIRITH) == []


def test_named_site_and_sites_in_regions():
    facts = load_combat_facts()["creatures"]
    smaug = creature_keys(None, facts["TW-90"])
    assert keys_for(smaug, move("{w}{w}", "D", "The Lonely Mountain", "Northern Rhovanion")) == [
        "site:thelonelymountain"]
    # Pûkel-men: {S}{D}, or a Ruins & Lairs in Anórien (among other regions), but not a Free-hold there.
    pukel = creature_keys("{S}{D}", facts["TW-82"])
    assert keys_for(pukel, move("{w}{b}", "R", "Some Lair", "Anórien")) == ["site-in:anorien"]
    assert keys_for(pukel, TO_MINAS_TIRITH) == []


def test_not_playable_without_any_key():
    assert not creature_keys(None, {}).playable
    assert creature_keys("{w}").playable


def test_ringwraith_detainment_by_key_and_race():
    dark = move("{s}{d}", "D", "Barad-dur", "Gorgoroth")
    assert is_detainment("d", ("Troll",), "ringwraith", dark)                 # coe 3.II.2.R1
    assert is_detainment("s", ("Orc",), "ringwraith", dark)                   # 3.II.2.R2
    assert not is_detainment("s", ("Dragon",), "ringwraith", dark)
    assert not is_detainment("d", ("Troll",), "wizard", dark)
    # The hazard player keys an Orc-patrol ({w}{s}{d}...) to the Wilderness to avoid detainment.
    assert best_key(["w", "s", "d"], ("Orc",), "ringwraith", dark) == ("w", False)
    assert best_key(["s", "d"], ("Orc",), "ringwraith", dark) == ("s", True)


def test_ringwraith_detainment_by_a_region_named_on_the_card():
    """coe 3.II.2.R1/R2 "also applies to attacks keyed by name to a region ... of the appropriate type": a
    creature keyed by name to a Dark-domain detains a Ringwraith company; by name to a Shadow-land, an Orc,
    Troll, Undead or Man attack does."""
    to_gundabad = Move(path=site_path("{s}{d}"), regions=frozenset({"angmar", "gundabad"}), site_type="S",
                       site="mountgundabad", site_region="gundabad", dark_regions=frozenset({"gundabad"}),
                       shadow_regions=frozenset({"angmar"}))
    assert is_detainment("region:gundabad", ("Drake",), "ringwraith", to_gundabad)        # R1
    assert is_detainment("region:gundabad", ("Drake",), "balrog", to_gundabad)            # B1
    assert not is_detainment("region:gundabad", ("Drake",), "wizard", to_gundabad)
    assert not is_detainment("region:angmar", ("Drake",), "ringwraith", to_gundabad)      # not an R2 race
    assert is_detainment("region:angmar", ("Man",), "ringwraith", to_gundabad)            # R2
    # Cave Worm ("keyed to ... Angmar, Gundabad ..."): the hazard player keys it to Angmar, not as detainment.
    assert best_key(["region:angmar", "region:gundabad"], ("Drake",), "ringwraith", to_gundabad) == \
        ("region:angmar", False)
    assert best_key(["region:gundabad"], ("Drake",), "ringwraith", to_gundabad) == ("region:gundabad", True)


@needs_decks
def test_a_move_knows_the_types_of_the_regions_it_names():
    from deckcheck.decklist import read_deck
    from deckcheck.sim.model import build_sim_deck
    from deckcheck.sim.rules.keying import move_of

    sim = build_sim_deck(read_deck(str(CHALLENGE / "H - Hoarmurath - Stealthy Tribe")))
    names = [site.name for site in sim.sites]
    move = move_of(sim, names.index("Carn Dûm"), names.index("Mount Gundabad"))    # starter movement
    assert move.regions == {"angmar", "gundabad"}
    assert move.dark_regions == {"gundabad"} and move.shadow_regions == {"angmar"}


def test_card_stated_detainment_against_hero_companies():
    assert is_detainment("region:rohan", ("Man",), "wizard", TO_MINAS_TIRITH, ("covert", "hero"))
    assert is_detainment("region:rohan", ("Man",), "fallen-wizard", TO_MINAS_TIRITH, ("covert", "hero"))
    assert not is_detainment("region:rohan", ("Man",), "ringwraith", TO_MINAS_TIRITH, ("covert", "hero"))


def test_combat_facts_read_out_of_the_text():
    facts = load_combat_facts()
    slayer = facts["creatures"]["LE-90"]
    assert slayer == {"attacker_chooses": True, "attacks": 2, "strikes": 1, "tap_cancels_one": True}
    assert facts["creatures"]["LE-72"] == {"wounded_corruption_check": -1}                         # Ghosts
    assert facts["creatures"]["TW-20"] == {"attacker_chooses": True}                               # Cave-drake
    assert facts["creatures"]["LE-60"]["detainment_against"] == ["covert", "hero"]
    lure = facts["corruption_cards"]["LE-123"]                                                      # Lure of Nature
    assert lure == {"corruption": 2, "modelled": True, "not_races": ["Hobbit", "Dwarf", "Orc", "Ringwraith"],
                    "check": "wilderness", "remove_above": 4}
    assert facts["items"]["TD-172"] == {"gear": "weapon", "prowess": 2, "prowess_max": 9}         # Wormsbane
    assert facts["haven_paths"]["TW-421"]["Lórien"] == "{w}{b}{w}{w}"


def test_combat_facts_keep_no_card_text():
    """Every string in combat.json is a card's name, a race, a symbol or one of the importer's own words."""
    import re

    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.combat_facts import CHECK_TRIGGERS

    catalog = load_catalog()
    names = ({c.name for c in catalog.cards} | {r for c in catalog.cards for r in c.races}
             | {s for c in catalog.cards for s in c.skills})
    words = {trigger for trigger, _ in CHECK_TRIGGERS} | {"hero", "covert", "minion", "overt", "*"}
    strings = []

    def walk(value):
        if isinstance(value, dict):
            strings.extend(value)                  # keys: card ids and field names
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str):
            strings.append(value)
    walk(load_combat_facts())
    for text in strings:
        assert (text in names or text in words or re.fullmatch(r"[A-Z]+-\d+|[a-z_]+|[RSDBFH]+|(\{\w\})+", text)
                ), text


@needs_coe
def test_import_writes_combat_facts_equal_to_the_committed_ones(tmp_path):
    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.combat_facts import dump_combat_facts, import_combat_facts

    committed = (Path(CARD_DB) / "combat.json").read_text(encoding="utf-8")
    assert dump_combat_facts(import_combat_facts(COE_CARDS)) == committed


def test_haven_paths_read_from_the_text_when_the_attributes_name_no_haven():
    from deckcheck.cards.combat_facts import haven_paths

    darkhaven = haven_paths({"haven1": "{d}{s}{d}{s}"}, "Site Path From Dol Guldur: {d}{b}{d}{s} "
                                                        "Site Path From Geann a-Lisch: {w}{w}{w}{w}{s} Special: x")
    assert darkhaven == {"Dol Guldur": "{d}{b}{d}{s}", "Geann a-Lisch": "{w}{w}{w}{w}{s}"}
    hero = haven_paths({"haven1": "Lórien - {w}{b}{w}{w}"}, "Site Path From Grey Havens: {f}{w}{w}")
    assert hero == {"Lórien": "{w}{b}{w}{w}"}              # the attributes, named, win over the text
    assert haven_paths({}, "Special: Any gold ring stored at this site is automatically tested.") == {}


@needs_decks
def test_a_move_between_darkhavens_follows_the_printed_site_path():
    """coe 2.II.7.i: starter movement between havens uses the path the haven card prints; between two Darkhavens
    that print none to each other the move keeps no site path (only the new site keys a creature)."""
    from deckcheck.decklist import read_deck
    from deckcheck.sim.model import build_sim_deck
    from deckcheck.sim.rules.keying import creature_keys, keys_for, move_of

    sim = build_sim_deck(read_deck(str(CHALLENGE / "H - Hoarmurath - Stealthy Tribe")))
    names = [site.name for site in sim.sites]
    to_dol_guldur = move_of(sim, names.index("Minas Morgul"), names.index("Dol Guldur"))
    assert to_dol_guldur.path == ("d", "s", "d", "d", "s")
    assert keys_for(creature_keys("{d}{d}{d}", {}), to_dol_guldur)          # three Dark-domains on the way
    assert not keys_for(creature_keys("{w}", {}), to_dol_guldur)            # no Wilderness on it
    assert move_of(sim, names.index("Minas Morgul"), names.index("Carn Dûm")).path == ()
