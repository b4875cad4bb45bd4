"""unique-limit and copy-limit, each broken and kept, under the rulesets where they apply."""

from __future__ import annotations

import pytest

from tests._rules_decks import P, base_parts, only, rules_a, verdict


def with_added(alignment, part, *entries):
    parts = base_parts(alignment)
    parts.setdefault(part, []).extend(entries)
    return parts


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_base_decks_keep_every_rules_a_code(ruleset):
    for alignment in ("wizard", "ringwraith", "fallen-wizard"):
        assert rules_a(verdict(base_parts(alignment), alignment, ruleset)) == []
    assert rules_a(verdict(base_parts("balrog"), "balrog", "coe")) == []


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_unique_card_twice_across_pool_and_sideboard(ruleset):
    # Anborn (TW-118, unique) is in the pool; a second copy in the sideboard breaks the limit.
    v = verdict(with_added("wizard", P.SIDEBOARD, (1, "TW-118")), "wizard", ruleset)
    [bad] = only(v, "unique-limit")
    assert bad.message == "2 copies of Anborn [H] (unique) (in pool, sideboard); the limit is 1"
    assert bad.card == "Anborn" and bad.card_id == "TW-118" and bad.part == P.POOL
    assert bad.lines == [1, 27]   # the pool line and the added sideboard line
    assert bad.citation.startswith(ruleset)
    assert not v.legal and bad.severity == "error"


def test_manifestations_of_one_character_are_a_debatable_reading_a_warning():
    # Strider (BA-1) is a manifestation of Aragorn II (TW-120); coe 1.3.1 joins manifestations of a unique
    # *resource*, and Strider's own text assumes both in one deck: both readings, as a warning.
    v = verdict(with_added("wizard", P.SIDEBOARD, (1, "BA-1"), (1, "TW-120")), "wizard", "coe")
    [debatable] = only(v, "unique-limit")
    assert debatable.severity == "warning" and v.legal
    assert debatable.message.startswith("Aragorn II [H] and Strider [H] are manifestations of one character: "
                                        "2 copies; a debatable reading: if they count as one unique card the "
                                        "limit is 1, but coe 1.3.1 joins manifestations of a unique resource")
    assert debatable.citation == "coe 1.3.1"
    assert any("Strider a manifestation of Aragorn II" in line for line in debatable.explanation)
    # One Strider alone keeps the rule.
    assert only(verdict(with_added("wizard", P.SIDEBOARD, (1, "BA-1")), "wizard", "coe"), "unique-limit") == []


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_a_card_that_names_two_entities_joins_each(ruleset):
    # Stinker (LE-154) is "Manifestation of Gollum and My Precious": with Gollum (TW-246) in a Fallen-wizard
    # deck it is two copies of one unique card.
    parts = base_parts("fallen-wizard")
    parts[P.SIDEBOARD] = [(1, "TW-246"), (1, "LE-154")]
    [bad] = only(verdict(parts, "fallen-wizard", ruleset), "unique-limit")
    assert bad.message == ("Gollum [H] and Stinker [M] are manifestations of one unique resource: 2 copies; "
                           "the limit is 1")
    parts[P.SIDEBOARD] = [(1, "LE-154")]
    assert only(verdict(parts, "fallen-wizard", ruleset), "unique-limit") == []


@pytest.mark.parametrize("pool", ["ice", "dreamcards"])
def test_a_manifestation_field_reads_the_same_by_english_name_as_by_any_name(pool):
    # copies._manifested asks by_english_name, so that a field naming no card ("Gollum and My Precious") does not
    # load every edition's names: for every field of the data that is the answer by_name gives
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.pools import use_pool

    use_pool(pool)
    try:
        catalog = load_catalog()
        fields = sorted({card.manifestation_of for card in catalog.cards if card.manifestation_of})
        assert fields and [f for f in fields if catalog.by_english_name(f) != catalog.by_name(f)] == []
    finally:
        use_pool("ice")


def test_hazard_manifestations_are_not_joined():
    # Smaug (hazard) and Smaug Ahunt: coe 1.3.1 joins manifestations of unique *resources* only.
    v = verdict(with_added("wizard", P.SIDEBOARD, (1, "TW-90"), (1, "TD-70")), "wizard", "coe")
    assert only(v, "unique-limit") == []


def test_fallen_wizard_counts_hero_and_minion_versions_of_a_unique_name_once():
    # Hillmen: hero TW-257 and minion LE-269 factions.
    parts = with_added("fallen-wizard", P.SIDEBOARD, (1, "TW-257"), (1, "LE-269"))
    [bad] = only(verdict(parts, "fallen-wizard", "coe"), "unique-limit")
    assert bad.message.startswith("Hillmen [H] and Hillmen [M]")
    assert bad.citation == "coe 1.3.1, 1.3.F1"


def test_a_card_held_twice_is_reported_alone_not_with_a_debatable_manifestation():
    # Two Aragorn II (same card: an error) and a Strider (joined only on the debatable reading): the error
    # names the two Aragorn II, not "Aragorn II and Strider are one unique card: 3 copies".
    v = verdict(with_added("wizard", P.SIDEBOARD, (2, "TW-120"), (1, "BA-1")), "wizard", "coe")
    [bad] = only(v, "unique-limit")
    assert bad.severity == "error"
    assert bad.message == "2 copies of Aragorn II [H] (unique); the limit is 1"


def test_a_join_the_ruleset_states_wins_over_one_it_borrows():
    # Hillmen [H] and [M] are manifestations of one unique resource (coe 1.3.1's joining, borrowed by analogy
    # under the rulebook) and versions of one name, which MEWH states: under the rulebook, an error citing MEWH.
    parts = with_added("fallen-wizard", P.SIDEBOARD, (1, "TW-257"), (1, "LE-269"))
    [bad] = only(verdict(parts, "fallen-wizard", "rulebook"), "unique-limit")
    assert bad.severity == "error" and bad.by_analogy is None
    assert bad.message.startswith("Hillmen [H] and Hillmen [M] are versions of one unique name")
    assert bad.citation == 'rulebook MEWH "Your Play Deck"'
    # Aragorn II and Strider share no name: still the debatable character-manifestation warning.
    parts = with_added("fallen-wizard", P.SIDEBOARD, (1, "BA-1"), (1, "TW-120"))
    [debatable] = only(verdict(parts, "fallen-wizard", "rulebook"), "unique-limit")
    assert debatable.severity == "warning" and "manifestations of one character" in debatable.message


def test_avatars_are_exempt_from_the_unique_limit():
    parts = base_parts("wizard")
    parts[P.CHARACTERS][0] = (3, "TW-156")   # Gandalf x3
    assert only(verdict(parts, "wizard", "coe"), "unique-limit") == []


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_four_copies_of_a_non_unique_card(ruleset):
    v = verdict(with_added("wizard", P.SIDEBOARD, (1, "TW-75")), "wizard", ruleset)   # Orc-raiders 3+1
    [bad] = only(v, "copy-limit")
    assert bad.message == "4 copies of Orc-raiders (in hazards, sideboard); the limit is 3"
    assert bad.card_id == "TW-75" and bad.part == P.HAZARDS


def test_reprints_are_one_card_for_the_copy_limit():
    # Orc-raiders is printed in TW (TW-75) and LE (LE-85).
    v = verdict(with_added("wizard", P.SIDEBOARD, (1, "LE-85")), "wizard", "coe")
    assert [x.message for x in only(v, "copy-limit")] == [
        "4 copies of Orc-raiders (in hazards, sideboard); the limit is 3"]


def test_three_copies_are_fine_and_black_horse_allows_nine():
    parts = base_parts("ringwraith")
    parts[P.SIDEBOARD] = [(9, "AS-72")]
    v = verdict(parts, "ringwraith", "coe")
    assert only(v, "copy-limit") == []
    parts[P.SIDEBOARD] = [(10, "AS-72")]
    [bad] = only(verdict(parts, "ringwraith", "coe"), "copy-limit")
    assert bad.message == "10 copies of Black Horse [M]; the card allows 9"


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_fallen_wizard_lowered_limits(ruleset):
    parts = base_parts("fallen-wizard")
    parts[P.SIDEBOARD] = [(1, "TW-206"), (1, "LE-159"), (3, "WH-63")]   # 3rd Dagger, 3rd Malady, 3 Bad Company
    v = verdict(parts, "fallen-wizard", ruleset)
    messages = sorted(x.message for x in only(v, "copy-limit"))
    assert messages == [
        "3 copies of A Malady Without Healing [M] (in resources, sideboard); the limit for a minion resource "
        "in a fallen-wizard deck is 2",
        "3 copies of Dagger of Westernesse [H] (in resources, sideboard); the limit for a hero resource "
        "in a fallen-wizard deck is 2",
    ]
    parts[P.SIDEBOARD] = [(2, "LE-31"), (1, "LE-31")]   # Orc Captain x3: characters are limited to 2
    [bad] = only(verdict(parts, "fallen-wizard", ruleset), "copy-limit")
    assert bad.message.startswith("3 copies of Orc Captain [M]") and bad.message.endswith("is 2")


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_fallen_wizard_dual_resources_are_limited_like_hero_and_minion_ones(ruleset):
    # Deadly Dart (LE-419) is a minion item that "may also be used as a hero resource": 2 for a Fallen-wizard.
    parts = base_parts("fallen-wizard")
    parts[P.SIDEBOARD] = [(2, "LE-419")]
    assert only(verdict(parts, "fallen-wizard", ruleset), "copy-limit") == []
    parts[P.SIDEBOARD] = [(3, "LE-419")]
    [bad] = only(verdict(parts, "fallen-wizard", ruleset), "copy-limit")
    assert bad.message == ("3 copies of Deadly Dart; the limit for a hero or minion resource in a fallen-wizard "
                           "deck is 2")
    # Other players keep the usual three.
    ringwraith = base_parts("ringwraith")
    ringwraith[P.SIDEBOARD] = [(3, "LE-419")]
    assert only(verdict(ringwraith, "ringwraith", ruleset), "copy-limit") == []


def test_rulebook_one_of_each_character_card_in_the_play_deck():
    parts = base_parts("ringwraith")
    parts[P.CHARACTERS].append((2, "LE-30"))   # Orc Brawler x2 (non-unique)
    # MELE Starter step 5 states it for the Starter (1-deck) game: an error there.
    [bad] = only(verdict(parts, "ringwraith", "rulebook", length=1), "copy-limit")
    assert bad.message == ("2 copies of the character Orc Brawler [M] in the play deck; only 1 of each "
                           "character card may be included")
    assert bad.citation == "rulebook MELE Starter step 5"
    assert bad.severity == "error" and bad.by_analogy is None
    # In a longer game it is the Starter step borrowed by analogy: a warning that says so.
    [borrowed] = only(verdict(parts, "ringwraith", "rulebook", length=2), "copy-limit")
    assert borrowed.severity == "warning" and borrowed.message == bad.message
    assert borrowed.by_analogy.startswith("MELE Starter step 5 is a step of the Starter (1-deck) game")
    # coe has no such rule: two copies are within the 3-copy limit.
    assert only(verdict(parts, "ringwraith", "coe"), "copy-limit") == []


def test_rulebook_fallen_wizard_may_hold_two_of_each_non_unique_character():
    # MEWH "Your Play Deck": two of each non-unique character (not MELE's one of each).
    parts = base_parts("fallen-wizard")
    parts[P.CHARACTERS].append((2, "WH-10"))    # Sly Southerner x2
    assert only(verdict(parts, "fallen-wizard", "rulebook"), "copy-limit") == []
    parts[P.CHARACTERS][-1] = (3, "WH-10")
    [bad] = only(verdict(parts, "fallen-wizard", "rulebook"), "copy-limit")
    assert bad.message == "3 copies of Sly Southerner [M]; the limit for a character in a fallen-wizard deck is 2"
