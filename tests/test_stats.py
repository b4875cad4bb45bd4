"""Deck statistics on small synthetic decks whose every number can be checked by hand.

The cards are written here (no catalog needed), with the facts the statistics read. Real decks from
../shared are in tests/test_stats_real.py.
"""

from __future__ import annotations

import pytest

from deckcheck.analysis.alignment import fallen_wizard_may_play_at
from deckcheck.analysis.deck_odds import card_condition, default_conditions, group_condition, odds_table
from deckcheck.analysis.odds import p_at_least
from deckcheck.analysis.scoring import half_rule_total
from deckcheck.analysis.stats import deck_alignment, deck_stats, keyed_symbols, scored_mp
from deckcheck.cards.model import Card
from deckcheck.cards.play import PlayFacts, SiteFacts
from deckcheck.decklist.model import Deck, DeckEntry, Part
from deckcheck.errors import DeckcheckError

_NUMBER = iter(range(1, 10_000))


def card(name: str, type_: str, alignment: str = "Hero", subtypes: tuple[str, ...] = (), **facts) -> Card:
    return Card(id=f"XX-{next(_NUMBER)}", set="TW", number=1, name=name, type=type_, subtypes=subtypes,
                alignment=alignment, **facts)


GANDALF = card("Gandalf", "Character", avatar=True, unique=True, direct_influence=10, races=("Wizard",))
SAURON_AVATAR = card("The Mouth", "Character", "Minion", avatar=True, direct_influence=3)
ARAGORN = card("Aragorn II", "Character", unique=True, mind=9, direct_influence=3, mp=3, mp_category="character",
               skills=("Warrior", "Scout", "Ranger"), races=("Dúnadan",), home_site="Bree")
BILBO = card("Bilbo", "Character", unique=True, mind=5, direct_influence=1, mp=2, mp_category="character",
             skills=("Scout", "Sage"), races=("Hobbit",), home_site="Bag End")
BEREGOND = card("Beregond", "Character", unique=True, mind=2, direct_influence="+2(7)", mp=1,
                mp_category="character", home_site="Minas Tirith")
DAGGER = card("Dagger of Westernesse", "Resource", subtypes=("Minor Item",), mp=0, mp_category="item")
GLAMDRING = card("Glamdring", "Resource", subtypes=("Major Item",), unique=True, mp=2, mp_category="item")
ARKENSTONE = card("The Arkenstone", "Resource", subtypes=("Greater Item",), unique=True, mp=2, mp_alt=5,
                  mp_category="item")
IRON_CROWN = card("The Iron Crown", "Resource", "Minion", ("Greater Item",), unique=True, mp=3, mp_alt=5,
                  mp_category="item")
PALANTIR = card("Palantír of Orthanc", "Resource", subtypes=("Special Item",), unique=True, mp=2,
                mp_category="item")
RIDERS = card("Riders of Rohan", "Resource", subtypes=("Faction",), unique=True, mp=3, mp_category="faction",
              playable_at=("Edoras",))
TREEBEARD = card("Treebeard", "Resource", subtypes=("Ally",), unique=True, mp=2, mp_category="ally",
                 playable_at=("Wellinghall",))
STEALTH = card("Stealth", "Resource", subtypes=("Short-event",))
CAVE_DRAKE = card("Cave-drake", "Hazard", "Neutral", ("Creature",), mp=1, mp_category="kill",
                  keyed_to="{w}{w}{R}")
ORC_WATCH = card("Orc-watch", "Hazard", "Neutral", ("Creature",), mp=2, mp_category="kill",
                 keyed_to="{s}{d}{S}{D}")
DOORS = card("Doors of Night", "Hazard", "Neutral", ("Permanent-event",))
MORIA = card("Moria", "Site", site_type="S", playable_items=("minor", "major", "greater", "gold ring"))
EDORAS_MINION = card("Edoras", "Site", "Minion", site_type="F")
BREE = card("Bree", "Site", site_type="B", playable_items=("minor",))
RIVENDELL = card("Rivendell", "Site", site_type="H")
STAGE = card("Rebel-talk of Isengard", "Resource", "Stage", ("Permanent-event",), mp=2,
             mp_category="miscellaneous", stage_points=2)


def entry(part: Part, count: int, c: Card) -> DeckEntry:
    return DeckEntry(part=part, count=count, written=c.name, card=c)


def wizard_deck(alignment: str | None = "wizard") -> Deck:
    entries = [
        entry(Part.POOL, 1, ARAGORN), entry(Part.POOL, 1, BILBO), entry(Part.POOL, 2, DAGGER),
        entry(Part.CHARACTERS, 3, GANDALF), entry(Part.CHARACTERS, 1, BEREGOND),
        entry(Part.RESOURCES, 1, GLAMDRING), entry(Part.RESOURCES, 1, ARKENSTONE),
        entry(Part.RESOURCES, 1, IRON_CROWN), entry(Part.RESOURCES, 1, PALANTIR),
        entry(Part.RESOURCES, 1, RIDERS), entry(Part.RESOURCES, 1, TREEBEARD),
        entry(Part.RESOURCES, 3, STEALTH),
        entry(Part.HAZARDS, 3, CAVE_DRAKE), entry(Part.HAZARDS, 2, ORC_WATCH), entry(Part.HAZARDS, 3, DOORS),
        entry(Part.SITES, 1, MORIA), entry(Part.SITES, 1, EDORAS_MINION), entry(Part.SITES, 1, BREE),
        entry(Part.SITES, 2, RIVENDELL),
        DeckEntry(part=Part.SIDEBOARD, count=1, written="Frodo's Cousin", problem="unknown-card"),
    ]
    return Deck(path="synthetic.txt", name="Synthetic Wizard", alignment=alignment, entries=entries)


def _category(stats, name):
    return next(c for c in stats.mp_categories if c.category == name)


# ---- composition and characters -------------------------------------------------------------------------


def test_composition_counts_each_part_type_and_subtype():
    stats = deck_stats(wizard_deck())
    assert stats.parts == {"pool": 4, "characters": 4, "resources": 9, "hazards": 8, "sideboard": 1, "sites": 5}
    assert stats.play_deck_size == 21
    assert stats.types["pool"] == {"Character": 2, "Resource": 2}
    assert stats.types["sideboard"] == {"unresolved": 1}
    assert stats.subtypes["Creature"] == 5
    assert stats.subtypes["Short-event"] == 3
    assert stats.alignments == {"Hero": 16, "Neutral": 8, "Minion": 1, "unresolved": 1}
    assert "1 card(s) did not resolve" in stats.warnings[0]


def test_characters_and_total_mind():
    stats = deck_stats(wizard_deck())
    assert [c.name for c in stats.characters] == ["Aragorn II [H] (TW)", "Bilbo [H] (TW)", "Gandalf [H] (TW)",
                                                  "Beregond [H] (TW)"]
    assert stats.pool_mind == 9 + 5
    assert stats.play_deck_mind == 2          # Gandalf has no mind printed
    beregond = stats.characters[-1]
    assert beregond.direct_influence == "+2(7)" and beregond.part == "characters"


# ---- marshalling points --------------------------------------------------------------------------------


def test_wizard_scores_minion_items_at_half_rounded_up():
    stats = deck_stats(wizard_deck())
    # items: Glamdring 2 + Arkenstone 2 + Iron Crown ceil(3/2)=2 + Palantir 2 + 2 Daggers 0 = 8
    assert _category(stats, "item").points == 8
    # up to: Arkenstone (5), Iron Crown ceil(5/2)=3 -> 2 + 5 + 3 + 2 = 12
    assert _category(stats, "item").potential == 12
    assert _category(stats, "character").points == 3 + 2 + 1
    assert _category(stats, "faction").points == 3
    assert _category(stats, "ally").points == 2
    assert stats.mp_total == 8 + 6 + 3 + 2
    crown = next(r for r in stats.mp_rows if r.name.startswith("The Iron Crown"))
    assert (crown.printed, crown.each, crown.note) == ("3(5)", 2, "half: minion item")


def test_half_rule_cuts_the_largest_source_to_what_the_others_give():
    # coe 10.3.iv: no source may give more than half the total (negative sources ignored for the share)
    assert half_rule_total([30, 0, 10, 0, 0, 0]) == 20
    assert half_rule_total([10, 10, 5, 0, 0, 0]) == 25          # no source above half: unchanged
    assert half_rule_total([6, 0, 0, 0, 0, 0]) == 0             # a single source is always above half
    assert half_rule_total([4, 9, 0, 0, 0, -5]) == 4 + 4 - 5
    assert half_rule_total([0] * 6) == 0
    stats = deck_stats(wizard_deck())
    assert stats.mp_half_rule == stats.mp_total == 19            # items 8 of 19: not above half


def test_agents_are_hazards_for_a_wizard_and_characters_for_a_ringwraith_unless_listed_as_hazards():
    spy = card("Spy", "Character", "Minion", agent=True, unique=True, mind=4, direct_influence=1, mp=3,
               mp_category="character")
    deck = wizard_deck()
    deck.entries.append(entry(Part.CHARACTERS, 1, spy))       # as some GCCG files list them
    stats = deck_stats(deck)
    assert "Spy [M] (TW)" not in [c.name for c in stats.characters]
    assert stats.mp_total == 19 and stats.play_deck_mind == 2      # coe 10.4, 2.IV.vii.1: no MP to its player
    assert stats.kill_points_offered == 3 * 1 + 2 * 2 + 3
    assert stats.types["characters"]["Hazard (agent)"] == 1
    characters = next(c for c in default_conditions(deck) if c.label == "characters")
    assert spy not in [e.card for e in characters.entries] and characters.copies == 1   # Beregond only
    minion = deck_stats(Deck(path="m.txt", alignment="ringwraith", entries=[
        entry(Part.CHARACTERS, 1, spy), entry(Part.HAZARDS, 1, card("Other Spy", "Character", "Minion",
                                                                      agent=True, mind=2, mp=1))]))
    assert [c.name for c in minion.characters] == ["Spy [M] (TW)"]   # coe 2.II.2.2.5: an agent character
    assert minion.mp_total == 3 and minion.kill_points_offered == 1


def test_hazards_give_kill_points_to_the_opponent_not_to_us():
    stats = deck_stats(wizard_deck())
    assert _category(stats, "kill").points == 0
    assert stats.kill_points_offered == 3 * 1 + 2 * 2


def test_ringwraith_scores_hero_items_at_half():
    stats = deck_stats(wizard_deck("ringwraith"))
    # Glamdring ceil(2/2)=1, Arkenstone 1, Palantir 1, Iron Crown (minion) 3
    assert _category(stats, "item").points == 6


def test_fallen_wizard_scores_every_non_stage_card_one():
    deck = wizard_deck("fallen-wizard")
    deck.entries.append(entry(Part.POOL, 1, STAGE))
    stats = deck_stats(deck)
    assert _category(stats, "item").points == 4      # four items worth >= 1 -> 1 each; Daggers 0 stay 0
    assert _category(stats, "character").points == 3
    assert _category(stats, "miscellaneous").points == 2   # the Stage card keeps its 2
    assert stats.stage_points_pool == 2 and stats.stage_points_deck == 2


def test_stage_points_only_for_a_fallen_wizard():
    assert deck_stats(wizard_deck()).stage_points_pool is None


@pytest.mark.parametrize("alignment, printed, expected", [
    ("wizard", 3, 2), ("wizard", 1, 1), ("balrog", 3, 3), ("fallen-wizard", 3, 1), ("ringwraith", 3, 3),
])
def test_scored_mp_of_a_minion_item(alignment, printed, expected):
    assert scored_mp(IRON_CROWN, alignment, printed)[0] == expected


def test_balrog_halves_hero_items():
    assert scored_mp(GLAMDRING, "balrog", 3) == (2, "half: hero item")
    assert scored_mp(RIDERS, "balrog", 3) == (3, "")   # not an item: full


def test_alignment_is_inferred_from_avatars_when_not_declared():
    assert deck_alignment(wizard_deck(None)) == "wizard"
    minion = Deck(path="m", entries=[entry(Part.CHARACTERS, 2, SAURON_AVATAR), entry(Part.CHARACTERS, 1, GANDALF)])
    assert deck_alignment(minion) == "ringwraith"
    assert deck_alignment(Deck(path="empty")) is None


# ---- creatures and site coverage ---------------------------------------------------------------------


def test_creatures_and_what_they_are_keyed_to():
    stats = deck_stats(wizard_deck())
    assert [(c.name, c.count) for c in stats.creatures] == [("Cave-drake (TW)", 3), ("Orc-watch (TW)", 2)]
    assert stats.keyed_region_types["Wilderness"] == 3      # {w}{w} counts the card once
    assert stats.keyed_region_types["Shadow-land"] == 2
    assert stats.keyed_region_types["Free-domain"] == 0
    assert stats.keyed_site_types == {"Haven": 0, "Free-hold": 0, "Border-hold": 0, "Ruins & Lairs": 3,
                                      "Shadow-hold": 2, "Dark-hold": 2}


def test_keyed_symbols_keep_repeats():
    assert keyed_symbols("{w}{w}{R}") == (["Wilderness", "Wilderness"], ["Ruins & Lairs"])
    assert keyed_symbols(None) == ([], [])


def test_site_coverage_and_a_warning_for_a_resource_playable_nowhere():
    stats = deck_stats(wizard_deck())
    coverage = {c.name: c for c in stats.coverage}
    assert coverage["Glamdring [H] (TW)"].sites == ["Moria [H] (TW)"]
    assert coverage["The Arkenstone [H] (TW)"].sites == ["Moria [H] (TW)"]
    assert coverage["Riders of Rohan [H] (TW)"].sites == ["Edoras [M] (TW)"]   # any version of the site
    assert coverage["Treebeard [H] (TW)"].sites == []
    assert not coverage["Palantír of Orthanc [H] (TW)"].checked
    warnings = [w for w in stats.warnings if "none of the location deck" in w]
    assert warnings == ["Treebeard [H] (TW) (resources): playable at none of the location deck's sites "
                        "(needs Wellinghall)"]


def test_a_fallen_wizard_plays_a_resource_only_at_a_site_of_its_alignment():
    wizard = {c.name: c for c in deck_stats(wizard_deck()).coverage}
    assert wizard["The Iron Crown [M] (TW)"].sites == ["Moria [H] (TW)"]
    assert wizard["Riders of Rohan [H] (TW)"].sites == ["Edoras [M] (TW)"]
    stats = deck_stats(wizard_deck("fallen-wizard"))
    coverage = {c.name: c for c in stats.coverage}
    assert coverage["Glamdring [H] (TW)"].sites == ["Moria [H] (TW)"]               # hero item, hero site
    assert coverage["The Iron Crown [M] (TW)"].sites == []                          # coe 2.V.F1
    assert coverage["Riders of Rohan [H] (TW)"].sites == []                         # only a minion Edoras
    assert coverage["Riders of Rohan [H] (TW)"].needs == "Edoras (hero or Fallen-wizard site, coe 2.V.F1)"
    assert any(w.startswith("The Iron Crown [M] (TW) (resources): playable at none") for w in stats.warnings)
    white_towers = card("The White Towers", "Site", "Fallen-wizard", site_type="H")
    edoras = card("Edoras", "Site", site_type="F")
    stage_item = card("Stage Sword", "Resource", "Stage", ("Major Item",))
    assert fallen_wizard_may_play_at(IRON_CROWN, white_towers)                       # Wizardhavens: either
    assert fallen_wizard_may_play_at(RIDERS, edoras) and not fallen_wizard_may_play_at(RIDERS, EDORAS_MINION)
    assert fallen_wizard_may_play_at(stage_item, MORIA) and fallen_wizard_may_play_at(stage_item, EDORAS_MINION)


def test_a_hoard_item_is_played_only_at_a_site_with_a_hoard():
    deck = wizard_deck()
    helmet = card("Adamant Helmet", "Resource", subtypes=("Minor Item",), hoard_item=True)
    deck.entries.append(entry(Part.RESOURCES, 1, helmet))
    lair = PlayFacts(sites={MORIA.id: SiteFacts(auto_attacks=("Dragon",), hoard=True)})   # a Dragon's lair
    row = next(c for c in deck_stats(deck, facts=lair).coverage if c.name.startswith("Adamant Helmet"))
    assert row.needs == "minor item site with a hoard"
    assert row.sites == ["Moria [H] (TW)"]                  # Bree lists minor items but holds no hoard
    row = next(c for c in deck_stats(deck, facts=PlayFacts()).coverage if c.name.startswith("Adamant Helmet"))
    assert row.sites == [] and row.checked


def test_a_deck_without_sites_warns_once():
    deck = wizard_deck()
    deck.entries = [e for e in deck.entries if e.part != Part.SITES]
    stats = deck_stats(deck)
    assert "the deck has no location deck: site coverage not checked" in stats.warnings


# ---- deck odds ---------------------------------------------------------------------------------------


def test_default_odds_groups_and_values():
    deck = wizard_deck()
    labels = [c.label for c in default_conditions(deck)]
    assert labels == ["characters", "avatars", "items", "factions", "allies", "creatures"]
    stats = deck_stats(deck, draws=3)
    odds = stats.draw_odds
    assert odds["cards_seen"] == [8, 9, 10, 11]
    creatures = next(c for c in odds["conditions"] if c["label"] == "creatures")
    assert creatures["copies"] == 5
    assert creatures["probabilities"][0] == pytest.approx(p_at_least(1, 5, 21, 8))


def test_card_and_group_conditions_and_the_joint_row():
    deck = wizard_deck()
    gandalf = card_condition(deck, "gandalf")
    items = group_condition(deck, "weapons=Glamdring, The Arkenstone")
    assert (gandalf.copies, items.copies) == (3, 2)
    table = odds_table(deck, [gandalf, items], draws=1)
    # by hand: 21 cards, 8 seen; P(>=1 of 3 AND >=1 of 2) = 1 - P(no G) - P(no W) + P(neither)
    from math import comb
    total = comb(21, 8)
    expected = (total - comb(18, 8) - comb(19, 8) + comb(16, 8)) / total
    assert table.joint[0] == pytest.approx(expected)


def test_a_card_not_in_the_play_deck_is_an_error_with_a_suggestion():
    with pytest.raises(DeckcheckError, match="did you mean: Glamdring"):
        card_condition(wizard_deck(), "Glamdrin")
    with pytest.raises(DeckcheckError, match="not in the play deck"):
        card_condition(wizard_deck(), "Moria")       # a site is not drawn


def test_a_malformed_group_is_an_error():
    with pytest.raises(DeckcheckError, match="LABEL=CARD"):
        group_condition(wizard_deck(), "Glamdring")


def test_conditions_sharing_a_card_count_it_for_both():
    deck = wizard_deck()
    glamdring = card_condition(deck, "Glamdring")
    weapons = group_condition(deck, "weapons=Glamdring, The Arkenstone", at_least=2)
    table = odds_table(deck, [glamdring, weapons])
    # both at once = both weapons in the hand: C(19,6)/C(21,8) = (8*7)/(21*20) = 56/420
    assert table.joint[0] == pytest.approx(56 / 420)
    same = odds_table(deck, [glamdring, group_condition(deck, "g=Glamdring")])
    assert same.joint[0] == pytest.approx(8 / 21)
    assert "Glamdring [H] (TW) counted in more than one condition" in same.notes[0]


def test_a_mixed_play_part_is_sorted_by_the_card_data():
    deck = Deck(path="mixed.txt", alignment="wizard", entries=[
        entry(Part.PLAY, 3, GANDALF), entry(Part.PLAY, 2, GLAMDRING), entry(Part.PLAY, 3, CAVE_DRAKE),
        DeckEntry(part=Part.PLAY, count=2, written="Mystery Card", problem="unknown-card"),
    ])
    stats = deck_stats(deck)
    assert stats.types["play"] == {"Character": 3, "Hazard": 3, "Resource": 2, "unresolved": 2}
    assert stats.play_deck_size == 10          # the unresolved cards are still drawn
    odds = {c["label"]: c["copies"] for c in stats.draw_odds["conditions"]}
    assert odds == {"avatars": 3, "items": 2, "creatures": 3}
    assert stats.draw_odds["play_deck_size"] == 10


def test_a_card_name_with_tag_or_set_narrows_the_deck_cards():
    deck = wizard_deck()
    assert card_condition(deck, "Gandalf [H]").copies == 3
    assert card_condition(deck, "glamdring (TW)").copies == 1
    with pytest.raises(DeckcheckError, match="'Gandalf \\[M\\]' is not in the play deck"):
        card_condition(deck, "Gandalf [M]")


def test_a_name_the_catalog_knows_by_another_spelling():
    # card_db/names.json: a Spanish player writes "Largo y Crudo Asedio" for "Long Grievous Siege"
    siege = card("Long Grievous Siege", "Hazard", "Neutral", ("Long-event",))
    deck = Deck(path="d", alignment="wizard", entries=[entry(Part.HAZARDS, 2, siege), entry(Part.HAZARDS, 3, DOORS)])
    assert card_condition(deck, "Largo y Crudo Asedio").copies == 2
