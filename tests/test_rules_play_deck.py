"""resource-count, hazard-parity, character-limit, avatar-limit, creature-count, agent-mind: broken and kept."""

from __future__ import annotations

import pytest

from tests._rules_decks import CREATURES, HERO_RESOURCES, P, base_parts, only, verdict


@pytest.mark.parametrize("ruleset,minimum", [("coe", 30), ("rulebook", 25)])
def test_too_few_resources(ruleset, minimum):
    parts = base_parts("wizard")
    parts[P.RESOURCES] = [(3, i) for i in HERO_RESOURCES[:8]]          # 24 resources
    parts[P.HAZARDS] = [(3, i) for i in CREATURES[:8]]                 # 24 hazards: parity kept
    [bad] = only(verdict(parts, "wizard", ruleset), "resource-count")
    assert bad.message == f"24 resources in the play deck; the minimum is {minimum}"
    assert bad.part == P.RESOURCES and len(bad.lines) == 8
    assert only(verdict(parts, "wizard", ruleset), "hazard-parity") == []


def test_the_rulebook_minimum_is_kept_by_25_resources():
    parts = base_parts("ringwraith")
    parts[P.RESOURCES] = [(3, i) for i in ["LE-159", "LE-160", "LE-164", "LE-166", "LE-171", "LE-172",
                                           "LE-175", "LE-177"]] + [(1, "LE-179")]
    parts[P.HAZARDS] = [(3, i) for i in CREATURES[:8]] + [(1, "TW-109")]
    assert only(verdict(parts, "ringwraith", "rulebook"), "resource-count") == []
    [bad] = only(verdict(parts, "ringwraith", "coe"), "resource-count")
    assert bad.message == "25 resources in the play deck; the minimum is 30"


def test_too_many_resources():
    parts = base_parts("wizard")
    parts[P.RESOURCES] = parts[P.RESOURCES] * 2                        # 60 resources (the copy limit also breaks)
    parts[P.HAZARDS] = parts[P.HAZARDS] * 2
    [bad] = only(verdict(parts, "wizard", "coe"), "resource-count")
    assert bad.message == "60 resources in the play deck; the maximum is 50"


@pytest.mark.parametrize("ruleset,citation", [("coe", "coe 1.5, 1.3.3, 1.3.R2"),
                                              ("rulebook", "rulebook MELE Starter step 2")])
def test_hazards_must_equal_resources(ruleset, citation):
    parts = base_parts("ringwraith")
    parts[P.HAZARDS].append((1, "TW-23"))                              # 31 hazards
    [bad] = only(verdict(parts, "ringwraith", ruleset), "hazard-parity")
    assert bad.message == "31 hazards and 30 resources in the play deck; hazards must equal resources"
    assert bad.part == P.HAZARDS and bad.citation == citation


def test_cards_playable_as_either_may_balance_the_play_deck():
    # Twilight (TW-106) is a hazard playable as a resource: 30 resources + 32 hazards incl. 2 Twilight
    # balance as 31/31.
    parts = base_parts("wizard")
    parts[P.HAZARDS].append((2, "TW-106"))
    v = verdict(parts, "wizard", "coe")
    assert only(v, "hazard-parity") == [] and only(v, "resource-count") == []
    parts[P.HAZARDS].append((1, "TW-23"))                              # 33 hazards: an odd total
    [bad] = only(verdict(parts, "wizard", "coe"), "hazard-parity")
    assert bad.message == ("31 hazards and 30 resources in the play deck (plus 2 copies playable as either); "
                           "hazards must equal resources")


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_a_minion_resource_playable_as_a_hazard_is_only_a_hazard_for_a_wizard(ruleset):
    # Sudden Call (LE-235) "may be included as a hazard in a Wizard's deck", never as a resource (coe 1.3.W3):
    # 29 resources + 30 hazards + Sudden Call cannot balance for a Wizard; for a Ringwraith it can.
    wizard = base_parts("wizard")
    wizard[P.RESOURCES] = wizard[P.RESOURCES][:-1] + [(2, "TW-253")]   # 29 resources
    wizard[P.HAZARDS].append((1, "LE-235"))
    [bad] = only(verdict(wizard, "wizard", ruleset), "hazard-parity")
    assert bad.message == "31 hazards and 29 resources in the play deck; hazards must equal resources"
    ringwraith = base_parts("ringwraith")
    ringwraith[P.RESOURCES] = ringwraith[P.RESOURCES][:-1] + [(2, "LE-180")]
    ringwraith[P.HAZARDS].append((1, "LE-235"))
    assert only(verdict(ringwraith, "ringwraith", ruleset), "hazard-parity") == []


def test_fallen_wizard_counts_at_most_two_copies_of_each_either_card_as_resources():
    # 27 resources + 30 hazards + 3 Twilight: balancing needs all 3 Twilight as resources (coe 1.3.F2 allows 2).
    parts = base_parts("fallen-wizard")
    parts[P.RESOURCES] = parts[P.RESOURCES][:-2] + [(1, "LE-171")]     # 27 resources
    parts[P.HAZARDS].append((3, "TW-106"))
    [bad] = only(verdict(parts, "fallen-wizard", "coe"), "hazard-parity")
    assert "(plus 3 copies playable as either, at most 2 of them as resources)" in bad.message
    assert bad.citation == "coe 1.5, 1.3.3, 1.3.F2, 1.3.F4"
    # A Wizard may count all three as resources.
    wizard = base_parts("wizard")
    wizard[P.RESOURCES] = wizard[P.RESOURCES][:-1]                     # 27 resources
    wizard[P.HAZARDS].append((3, "TW-106"))
    assert only(verdict(wizard, "wizard", "coe"), "hazard-parity") == []


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_more_than_ten_characters(ruleset):
    parts = base_parts("wizard")
    parts[P.CHARACTERS] += [(1, f"TW-{n}") for n in (116, 119, 120, 121, 122, 123, 124, 125, 126)]
    [bad] = only(verdict(parts, "wizard", ruleset), "character-limit")
    assert bad.message == "11 non-avatar characters in the play deck; the limit is 10"
    parts[P.CHARACTERS].pop()
    assert only(verdict(parts, "wizard", ruleset), "character-limit") == []


def test_agents_count_as_characters_for_a_ringwraith_and_as_hazards_for_a_wizard():
    agents = [(1, f"DM-{n}") for n in (3, 5, 9, 16, 18, 19, 11, 13, 20, 26)]    # 10 agents
    ringwraith = base_parts("ringwraith")                                       # + Orc Veteran = 11
    ringwraith[P.CHARACTERS] += agents
    [bad] = only(verdict(ringwraith, "ringwraith", "coe"), "character-limit")
    assert bad.message == "11 non-avatar characters in the play deck (10 agents among them); the limit is 10"
    wizard = base_parts("wizard")
    wizard[P.HAZARDS] += agents
    v = verdict(wizard, "wizard", "coe")
    assert only(v, "character-limit") == []
    assert only(v, "hazard-parity")[0].message.startswith("40 hazards and 30 resources")


@pytest.mark.parametrize("ruleset,limit", [("coe", 3), ("rulebook", 2)])
def test_avatars_in_the_play_deck(ruleset, limit):
    parts = base_parts("ringwraith")
    parts[P.CHARACTERS][0] = (limit, "LE-58")
    assert only(verdict(parts, "ringwraith", ruleset), "avatar-limit") == []
    parts[P.CHARACTERS][0] = (limit + 1, "LE-58")
    messages = [x.message for x in only(verdict(parts, "ringwraith", ruleset), "avatar-limit")]
    assert f"{limit + 1} avatars in the play deck ({limit + 1} The Witch-king); the limit is {limit}" in messages


def test_coe_three_different_avatars_are_not_allowed():
    parts = base_parts("ringwraith")
    parts[P.CHARACTERS][0] = (1, "LE-58")
    parts[P.CHARACTERS] += [(1, "LE-57"), (1, "LE-56")]
    [bad] = only(verdict(parts, "ringwraith", "coe"), "avatar-limit")
    assert bad.message == ("3 different avatars in the play deck (1 Ren the Ringwraith, 1 The Witch-king, "
                           "1 Ûvatha the Ringwraith); at most 2 different ones")
    parts[P.CHARACTERS][-1] = (1, "LE-57")                              # 2 Ûvatha + 1 Witch-king: fine
    assert only(verdict(parts, "ringwraith", "coe"), "avatar-limit") == []


def test_at_most_one_avatar_with_several_copies_across_play_deck_and_sideboard():
    parts = base_parts("ringwraith")                                     # 2 Witch-king in the play deck
    parts[P.SIDEBOARD] = [(2, "LE-57")]
    [bad] = only(verdict(parts, "ringwraith", "coe"), "avatar-limit")
    assert bad.message == ("2 avatars with several copies in play deck and sideboard (2 The Witch-king, "
                           "2 Ûvatha the Ringwraith); at most 1 may have several")
    assert bad.citation == "coe 1.6.2"
    parts[P.SIDEBOARD] = [(1, "LE-57"), (1, "LE-56")]
    assert only(verdict(parts, "ringwraith", "coe"), "avatar-limit") == []


def test_rulebook_two_copies_of_one_ringwraith_across_play_deck_and_sideboard():
    parts = base_parts("ringwraith")
    parts[P.SIDEBOARD] = [(1, "LE-58")]
    [bad] = only(verdict(parts, "ringwraith", "rulebook"), "avatar-limit")
    assert bad.message == "3 copies of The Witch-king [M] in play deck and sideboard; the limit is 2"


def test_coe_fallen_wizard_must_hold_its_avatar():
    # coe 1.8.F1: at least one copy of the declared Fallen-wizard must be in the deck; MEWH asks no such thing.
    parts = base_parts("fallen-wizard")
    parts[P.POOL] = [(1, "WH-82"), (1, "WH-72")]                        # Thrall of the Voice 1 + Great Patron 2
    parts[P.CHARACTERS] = [(1, "TW-130")]                               # Bifur, no Saruman
    [bad] = only(verdict(parts, "fallen-wizard", "coe"), "avatar-limit")
    assert bad.message == ("no Fallen-wizard avatar in the deck; the player must declare one and hold at least "
                           "1 copy of it in the play deck or sideboard")
    assert bad.citation == "coe 1.8.F1" and bad.part is None
    assert only(verdict(parts, "fallen-wizard", "rulebook"), "avatar-limit") == []
    parts[P.SIDEBOARD] = [(1, "WH-9")]                                  # Saruman [F] in the sideboard is enough
    assert only(verdict(parts, "fallen-wizard", "coe"), "avatar-limit") == []
    # Other players need no avatar in the deck.
    wizard = base_parts("wizard")
    wizard[P.CHARACTERS] = wizard[P.CHARACTERS][1:]                     # no Gandalf
    assert only(verdict(wizard, "wizard", "coe"), "avatar-limit") == []


EVENTS = [(3, "TW-6"), (3, "TW-7"), (3, "TW-9"), (3, "TW-10"), (3, "TW-11"), (3, "TW-18")]   # 18, no creatures


def test_twelve_creatures_with_halves_rounded_down():
    parts = base_parts("wizard")
    # 11 creatures + 3 Dragon "Ahunt" manifestations (3 halves -> 1) = 12; 11 + 3 + 18 events = 32 - 2 = 30.
    dragons = [(1, "TD-1"), (1, "TD-4"), (1, "TD-10")]
    parts[P.HAZARDS] = [(3, "TW-1"), (3, "TW-5"), (3, "TW-8"), (2, "TW-17")] + dragons + EVENTS[:5] + [(1, "TW-18")]
    assert sum(c for c, _ in parts[P.HAZARDS]) == 30
    v = verdict(parts, "wizard", "coe")
    assert only(v, "creature-count") == [] and only(v, "hazard-parity") == []
    parts[P.HAZARDS][3] = (1, "TW-17")                                   # 10 creatures + 3 halves = 11
    parts[P.HAZARDS][-1] = (2, "TW-18")
    [bad] = only(verdict(parts, "wizard", "coe"), "creature-count")
    assert bad.message == "11 creatures among the hazards (10 creatures + 3 half-creatures (= 1)); the minimum is 12"
    assert bad.citation == "coe 1.5.1" and bad.part == P.HAZARDS
    assert only(verdict(parts, "wizard", "rulebook"), "creature-count") == []      # coe only


def test_half_creatures_two_halves_make_one():
    parts = base_parts("wizard")
    # 10 creatures + 4 halves: 2 agents counted as hazards, 2 creatures also playable as events.
    parts[P.HAZARDS] = [(3, "TW-1"), (3, "TW-5"), (3, "TW-8"), (1, "TW-17"), (1, "DM-3"), (1, "DM-5"),
                        (1, "TW-2"), (1, "TW-4")] + EVENTS[:5] + [(1, "TW-18")]
    assert sum(c for c, _ in parts[P.HAZARDS]) == 30
    assert only(verdict(parts, "wizard", "coe"), "creature-count") == []
    # For a Ringwraith the agents are characters, not half-creatures: 10 + 2 halves = 11.
    parts[P.RESOURCES] = base_parts("ringwraith")[P.RESOURCES]
    [bad] = only(verdict(parts, "ringwraith", "coe"), "creature-count")
    assert bad.message == "11 creatures among the hazards (10 creatures + 2 half-creatures (= 1)); the minimum is 12"


def test_agent_mind_over_36():
    parts = base_parts("wizard")
    # Anarin 7, Baduila 8, Elerína 8, Golodhros 9 = 32 in the hazards; + Firiel 6 in the sideboard = 38.
    parts[P.SIDEBOARD] = [(1, "DM-10")]
    parts[P.HAZARDS] = parts[P.HAZARDS][:-2] + [(1, "DM-1"), (1, "DM-2"), (1, "DM-7"), (1, "DM-14"), (2, "TW-109")]
    [bad] = only(verdict(parts, "wizard", "coe"), "agent-mind")
    assert bad.message == "agents total 38 mind (5 agent cards); the limit is 36"
    assert bad.part is None and bad.citation == "coe 1.3.2"
    assert only(verdict(parts, "wizard", "rulebook"), "agent-mind") == []    # coe only
    parts[P.SIDEBOARD] = []
    assert only(verdict(parts, "wizard", "coe"), "agent-mind") == []


def test_the_fallen_wizard_cap_is_per_card_across_reprints_and_parts():
    # Twilight TW-106 in the hazards and its LE-145 reprint in the resources: one card, 3 copies, 2 may count.
    parts = base_parts("fallen-wizard")
    parts[P.RESOURCES] = parts[P.RESOURCES][:-2] + [(1, "LE-171"), (1, "LE-145")]   # 27 resources + 1 Twilight
    parts[P.HAZARDS].append((2, "TW-106"))
    [bad] = only(verdict(parts, "fallen-wizard", "coe"), "hazard-parity")
    assert "(plus 3 copies playable as either, at most 2 of them as resources)" in bad.message


def test_a_fallen_wizards_agent_counts_as_a_character_and_the_parity_message_says_so():
    # One hazard replaced by an agent, Bill Ferny (DM-3), written among the hazards:
    # 29 hazards and 30 resources, because a Fallen-wizard's agent counts as a character (coe 1.3.F4).
    parts = base_parts("fallen-wizard")
    count, first = parts[P.HAZARDS][0]
    parts[P.HAZARDS][0] = (count - 1, first)
    parts[P.HAZARDS].append((1, "DM-3"))
    [bad] = only(verdict(parts, "fallen-wizard", "coe"), "hazard-parity")
    assert bad.message == ("29 hazards and 30 resources in the play deck; hazards must equal resources (the agent "
                           "1 Bill Ferny [M] counts as a character for a Fallen-wizard player, not as a hazard)")
    assert bad.citation == "coe 1.5, 1.3.3, 1.3.F2, 1.3.F4"
    assert any("agents count as characters (not resources or hazards)" in line for line in bad.explanation)
    # For a Wizard the same agent is a hazard: 30 and 30, nothing to say.
    wizard = base_parts("wizard")
    count, first = wizard[P.HAZARDS][0]
    wizard[P.HAZARDS][0] = (count - 1, first)
    wizard[P.HAZARDS].append((1, "DM-3"))
    assert only(verdict(wizard, "wizard", "coe"), "hazard-parity") == []


def test_a_rulebook_fallen_wizard_held_back_by_coes_cap_alone_gets_a_borrowed_warning():
    # examples/fallen-wizard-illegal.meccg: 27 resources, 30 hazards, 3 Twilight (a hazard playable as a
    # resource). Counting one Twilight as a hazard and two as resources misses parity by one; only coe 1.3.F2
    # keeps the third from counting as a resource too, and MEWH states no such cap.
    from pathlib import Path

    from deckcheck.rules.engine import validate_file

    path = str(Path(__file__).resolve().parents[1] / "examples" / "fallen-wizard-illegal.meccg")
    _, coe = validate_file(path, ruleset="coe")
    _, rulebook = validate_file(path, ruleset="rulebook")
    [under_coe] = [v for v in coe.violations if v.code == "hazard-parity"]
    [borrowed] = [v for v in rulebook.violations if v.code == "hazard-parity"]
    assert under_coe.severity == "error" and under_coe.by_analogy is None
    assert borrowed.severity == "warning" and "coe 1.3.F2's rule; MEWH states no such cap" in borrowed.by_analogy
    assert borrowed.citation == "rulebook MELE Starter step 2, coe 1.3.F2 applied"
    assert borrowed.explanation[-1] == "without that cap the cards playable as either would keep the rule"
