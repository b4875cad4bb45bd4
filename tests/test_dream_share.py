"""The dream-card events' own numbers: meccg-online's deck builder (rulesets/meccg-online: 25% dream cards in the
play deck, its resources and its hazards; a sideboard of at most half the play deck; max(3, (play deck + pool)
/ 20) avatars) and the CoE's DC Cube sealed event (rulesets/dc-cube: 5 dream resources, 5 dream hazards, 3
dream-card characters in the pool). Each at its number keeps, one past it breaks; the ICE rulesets never ask."""

from __future__ import annotations

import pytest

from deckcheck.decklist.model import Part as P
from tests._rules_decks import base_parts, build

HERO_DREAM = ["FB-74", "FB-86", "FB-90", "FB-97"]          # hero short-events of Firstborn
DREAM_CREATURES = ["FB-30", "FB-37", "FB-56"]
DREAM_CHARACTERS = ["FB-13", "FB-14", "FB-20"]            # non-unique Elf characters of mind 2-3
FILLER = ["TW-13", "TW-14", "TW-15", "TW-19", "TW-21", "TW-22", "TW-24", "TW-27", "TW-28", "TW-29", "TW-30",
          "TW-32", "TW-33", "TW-34", "TW-35", "TW-36", "TW-37", "TW-38", "TW-39", "TW-40", "TW-41", "TW-42",
          "TW-43", "TW-45", "TW-49", "TW-50", "TW-51", "TW-52", "TW-53", "TW-54", "TW-55", "TW-56", "TW-57"]


def judge(parts: dict, ruleset: str, alignment: str = "wizard"):
    from deckcheck.rules import validate

    return validate(build(alignment, parts), ruleset=ruleset, alignment=alignment)


def of(parts: dict, ruleset: str, code: str) -> list:
    return [v for v in judge(parts, ruleset).violations if v.code == code]


def wizard(dream_resources: int, dream_hazards: int = 9, pool_characters: int = 3) -> dict:
    """The wizard base deck (30 resources, 30 hazards) with this many dream resources (of 3 copies each, the last
    one fewer), dream creatures (3 lines of 3) and dream characters in the pool."""
    parts = base_parts("wizard")
    dream, left = [], dream_resources
    for card_id in HERO_DREAM:
        if left > 0:
            dream.append((min(3, left), card_id))
            left -= min(3, left)
    held = sum(n for n, _ in dream)
    rest, ice = [], 30 - held
    for n, card_id in parts[P.RESOURCES]:
        if ice > 0:
            rest.append((min(n, ice), card_id))
            ice -= min(n, ice)
    parts[P.RESOURCES] = dream + rest
    creatures, left = [], dream_hazards
    for card_id in DREAM_CREATURES:
        if left > 0:
            creatures.append((min(3, left), card_id))
            left -= min(3, left)
    ice, hazards = 30 - sum(n for n, _ in creatures), []
    for n, card_id in parts[P.HAZARDS][::-1]:
        if ice > 0:
            hazards.append((min(n, ice), card_id))
            ice -= min(n, ice)
    parts[P.HAZARDS] = creatures + hazards
    parts[P.POOL] = parts[P.POOL] + [(1, i) for i in DREAM_CHARACTERS[:pool_characters]]
    return parts


def test_a_quarter_of_dream_resources_keeps_meccg_onlines_share_and_one_fewer_breaks_it():
    assert not of(wizard(8), "meccg-online", "dream-share")            # 8 of 30: 26%
    [short] = of(wizard(7), "meccg-online", "dream-share")              # 7 of 30: 23%
    assert short.severity == "error" and "7 of the 30 resources are dream cards (23%)" in short.message
    assert "at least 25%" in short.message and short.citation.startswith("meccg-online: its deck builder")


def test_meccg_online_asks_the_share_of_the_hazards_and_of_the_whole_play_deck_too():
    [hazards] = of(wizard(9, dream_hazards=7), "meccg-online", "dream-share")
    assert "7 of the 30 hazards are dream cards" in hazards.message
    assert not of(wizard(9, dream_hazards=8), "meccg-online", "dream-share")
    # 8 resources and 8 hazards of dream cards: 16 of a 63-card play deck (25.4%) keep; the play deck share
    # falls short once three more ICE characters join it (16 of 66: 24%)
    parts = wizard(8, dream_hazards=8)
    assert not of(parts, "meccg-online", "dream-share")
    parts[P.CHARACTERS] = parts[P.CHARACTERS] + [(1, "TW-116"), (1, "TW-119"), (1, "TW-121")]
    [deck] = of(parts, "meccg-online", "dream-share")
    assert "16 of the 66 cards of the play deck are dream cards (24%)" in deck.message


def test_meccg_onlines_sideboard_is_at_most_half_the_play_deck():
    parts = wizard(9)                                                   # a play deck of 63 cards: 31
    parts[P.SIDEBOARD] = [(1, i) for i in FILLER[:31]]
    assert not of(parts, "meccg-online", "sideboard-size")
    assert of(parts, "coe", "sideboard-size")                          # coe: 30
    parts[P.SIDEBOARD] = [(1, i) for i in FILLER[:32]]
    [broken] = of(parts, "meccg-online", "sideboard-size")
    assert "32 cards in the sideboard; the limit (50% of the 63-card play deck) is 31" in broken.message


@pytest.mark.parametrize("pool_characters,avatars,kept", [(0, 3, True), (0, 4, False)])
def test_meccg_online_allows_three_avatars_to_a_small_deck(pool_characters, avatars, kept):
    parts = wizard(9, pool_characters=pool_characters)
    parts[P.CHARACTERS] = [(avatars, "TW-156")] + [e for e in parts[P.CHARACTERS] if e[1] != "TW-156"]
    found = [v for v in of(parts, "meccg-online", "avatar-limit") if "avatars in the play deck" in v.message]
    assert (not found) == kept, [v.message for v in found]


def test_meccg_online_allows_more_avatars_to_a_deck_of_100_cards_and_pool():
    parts = wizard(9)
    parts[P.RESOURCES] = parts[P.RESOURCES] + [(3, i) for i in ("TW-190", "TW-203", "TW-211", "TW-215", "TW-236")]
    parts[P.HAZARDS] = parts[P.HAZARDS] + [(1, i) for i in FILLER[:15]]
    parts[P.CHARACTERS] = [(5, "TW-156")] + [e for e in parts[P.CHARACTERS] if e[1] != "TW-156"]
    cards = sum(n for part in (P.CHARACTERS, P.RESOURCES, P.HAZARDS, P.POOL) for n, _ in parts[part])
    assert cards // 20 == 5
    assert not [v for v in of(parts, "meccg-online", "avatar-limit") if "avatars in the play deck" in v.message]
    parts[P.CHARACTERS][0] = (6, "TW-156")
    [six] = [v for v in of(parts, "meccg-online", "avatar-limit") if "avatars in the play deck" in v.message]
    assert "the limit is 5" in six.message and six.citation.startswith("meccg-online: its deck builder")


def test_the_dc_cube_asks_five_dream_resources_five_dream_hazards_three_dream_characters_in_the_pool():
    assert not of(wizard(5, dream_hazards=5), "dc-cube", "dream-share")
    [resources] = of(wizard(4, dream_hazards=5), "dc-cube", "dream-share")
    assert resources.message == "4 dream cards among the resources; the format asks at least 5"
    [hazards] = of(wizard(5, dream_hazards=4), "dc-cube", "dream-share")
    assert "among the hazards" in hazards.message
    [pool] = of(wizard(5, dream_hazards=5, pool_characters=2), "dc-cube", "dream-share")
    assert pool.message == "2 dream cards among the characters of the pool; the format asks at least 3"
    assert pool.citation.startswith("dc-cube: the DC Cube")


@pytest.mark.parametrize("ruleset", ["coe", "rulebook", "dreamcards", "sealed"])
def test_no_other_ruleset_asks_dream_cards(ruleset):
    from deckcheck.rules.ruleset import load_ruleset

    assert load_ruleset(ruleset, "wizard")["rules"].get("dream-share") is not True
    assert not of(base_parts("wizard"), ruleset, "dream-share")


def test_validate_rules_meccg_online_reads_the_dream_cards(capsys, tmp_path):
    from tests._shared import run_main
    from tests.test_lord_formats import as_text

    deck = tmp_path / "dream.meccg"
    deck.write_text(as_text(wizard(9)), encoding="utf-8")
    code, out, _ = run_main(capsys, "validate", "--rules", "meccg-online", str(deck))
    assert code == 0 and "LEGAL under meccg-online rules, wizard" in out
    deck.write_text(as_text(base_parts("wizard")), encoding="utf-8")
    code, out, _ = run_main(capsys, "validate", "--rules", "meccg-online", str(deck))
    assert code == 1 and "dream-share" in out
