"""Each of GCCG's seven Dream Cards formats (rulesets/dreamcards/*.toml: Hero, Minion, Fallen-wizard, Balrog and
the Elf-, Dwarf- and Dragon-lord), at the numbers GCCG's Metw-dream.rules states: a crafted deck at the number
keeps the rule, one card past it breaks it.

The rules matrix (tests/test_rules_matrix.py) breaks every switched-on rule of every format once; this file holds
each of GCCG's numbers to its boundary, both ways, in every format."""

from __future__ import annotations

import pytest

from deckcheck.decklist.model import Part as P
from tests._rules_decks import CREATURES, LORDS, base_parts, build

FORMATS = ("wizard", "ringwraith", "fallen-wizard", "balrog", "elf-lord", "dwarf-lord", "dragon-lord")
# Non-unique hazards none of the base decks holds, one copy each: a sideboard of any size up to 41.
FILLER = ["TW-13", "TW-14", "TW-15", "TW-19", "TW-21", "TW-22", "TW-24", "TW-27", "TW-28", "TW-29", "TW-30",
          "TW-32", "TW-33", "TW-34", "TW-35", "TW-36", "TW-37", "TW-38", "TW-39", "TW-40", "TW-41", "TW-42",
          "TW-43", "TW-45", "TW-49", "TW-50", "TW-51", "TW-52", "TW-53", "TW-54", "TW-55", "TW-56", "TW-57",
          "TW-58", "TW-59", "TW-60", "TW-61", "TW-62", "TW-63", "TW-64", "TW-66"]
EVENTS = ["TW-6", "TW-7", "TW-9", "TW-10", "TW-11", "TW-18"]       # non-creature hazards
OWN_AVATAR = {"wizard": "TW-156", "ringwraith": "LE-58", "fallen-wizard": "WH-9", "balrog": "BA-3",
              "elf-lord": "FB-12", "dwarf-lord": "DF-177", "dragon-lord": "GW-174"}
HEROES = ["TW-116", "TW-119", "TW-121", "TW-122", "TW-123", "TW-124", "TW-125", "TW-128", "TW-129", "TW-131"]
ORCS = ["LE-11", "LE-12", "LE-18", "LE-25", "LE-29", "LE-30", "LE-31", "LE-32", "LE-33", "LE-34"]
CHARACTERS = {"ringwraith": ORCS, "balrog": ORCS, "dragon-lord": ORCS}
# Non-unique minor items none of the base decks holds: hero ones, minion ones for the minion-card formats.
HERO_MINOR, MINION_MINOR = ["TW-224", "TW-255", "TW-259", "TW-283"], ["LE-298", "LE-300", "LE-302", "LE-310"]
MINOR = {"ringwraith": MINION_MINOR, "balrog": MINION_MINOR, "dragon-lord": MINION_MINOR}
AGENTS_36 = ["DM-1", "DM-2", "DM-7", "DM-4", "DM-8", "DM-3"]          # 7+8+8+5+5+3 mind
GCCG_FORMAT = {"wizard": "Hero", "ringwraith": "Minion", "fallen-wizard": "Fallen-wizard", "balrog": "Balrog",
               "elf-lord": "Elf-lord", "dwarf-lord": "Dwarf-lord", "dragon-lord": "Dragon-lord"}


def judge(parts: dict, alignment: str):
    from deckcheck.cards.pools import DEFAULT_POOL, DREAMCARDS, use_pool
    from deckcheck.rules import validate

    use_pool(DREAMCARDS if alignment in LORDS else DEFAULT_POOL)
    try:
        return validate(build(alignment, parts), ruleset="dreamcards", alignment=alignment)
    finally:
        use_pool(DEFAULT_POOL)


def of(parts: dict, alignment: str, code: str) -> list:
    return [v for v in judge(parts, alignment).violations if v.code == code]


def cites_gccg(violation, alignment: str) -> bool:
    return violation.citation.startswith(f"dreamcards: GCCG Metw-dream.rules '2-deck {GCCG_FORMAT[alignment]} (D)'")


@pytest.mark.parametrize("alignment", FORMATS)
def test_a_sideboard_of_40_keeps_and_41_breaks(alignment):
    parts = base_parts(alignment)
    parts[P.SIDEBOARD] = [(1, i) for i in FILLER[:40]]
    assert not of(parts, alignment, "sideboard-size")
    parts[P.SIDEBOARD] = [(1, i) for i in FILLER[:41]]
    [broken] = of(parts, alignment, "sideboard-size")
    assert broken.severity == "error" and "the limit for a 2-deck (Short) game is 40" in broken.message
    assert cites_gccg(broken, alignment) and broken.citation.endswith("sideboard: RuleDeckMaximum 40")


@pytest.mark.parametrize("alignment", FORMATS)
def test_ten_cards_against_a_fallen_wizard_keep_and_eleven_break(alignment):
    parts = base_parts(alignment)
    parts[P.FW_SIDEBOARD] = [(1, i) for i in FILLER[:10]]
    assert not of(parts, alignment, "fw-sideboard-size")
    parts[P.FW_SIDEBOARD] = [(1, i) for i in FILLER[:11]]
    [broken] = of(parts, alignment, "fw-sideboard-size")
    assert broken.severity == "error" and cites_gccg(broken, alignment)


# A second avatar of the player's kind (a Balrog player's avatar is The Balrog: it has none in the ICE pool).
SECOND_AVATAR = {"wizard": "TW-181", "ringwraith": "LE-55", "fallen-wizard": "WH-1", "elf-lord": "FB-10",
                 "dwarf-lord": "DF-35", "dragon-lord": "GW-168"}


@pytest.mark.parametrize("alignment", sorted(SECOND_AVATAR))
def test_one_avatar_keeps_and_a_second_different_one_breaks_as_gccg_states(alignment):
    parts = base_parts(alignment)
    assert not of(parts, alignment, "avatar-limit")
    other = SECOND_AVATAR[alignment]
    parts[P.CHARACTERS] = parts[P.CHARACTERS] + [(1, other)]
    broken = [v for v in of(parts, alignment, "avatar-limit") if "different avatars" in v.message]
    assert broken and broken[0].severity == "error" and not broken[0].by_analogy     # stated, not borrowed


@pytest.mark.parametrize("alignment", FORMATS)
def test_five_copies_of_the_avatar_keep_and_six_are_past_the_borrowed_cap(alignment):
    parts = base_parts(alignment)
    avatar = OWN_AVATAR[alignment]
    parts[P.CHARACTERS] = [e for e in parts[P.CHARACTERS] if e[1] != avatar] + [(5, avatar)]
    assert not of(parts, alignment, "avatar-limit")
    parts[P.CHARACTERS] = [e for e in parts[P.CHARACTERS] if e[1] != avatar] + [(6, avatar)]
    [six] = of(parts, alignment, "avatar-limit")
    assert six.severity == "warning" and "min(play deck / 20, 5)" in six.by_analogy


@pytest.mark.parametrize("alignment", FORMATS)
def test_ten_characters_keep_and_eleven_break(alignment):
    parts = base_parts(alignment)
    avatar = [e for e in parts[P.CHARACTERS] if e[1] == OWN_AVATAR[alignment]]
    eleven = CHARACTERS.get(alignment, HEROES) + ["LE-38" if alignment in CHARACTERS else "TW-132"]
    parts[P.CHARACTERS] = avatar + [(1, i) for i in eleven[:10]]
    assert not of(parts, alignment, "character-limit")
    parts[P.CHARACTERS] = avatar + [(1, i) for i in eleven]
    [broken] = of(parts, alignment, "character-limit")
    assert "11 non-avatar characters" in broken.message and cites_gccg(broken, alignment)


@pytest.mark.parametrize("alignment", FORMATS)
def test_twelve_creatures_keep_and_eleven_break(alignment):
    parts = base_parts(alignment)
    parts[P.HAZARDS] = [(3, i) for i in CREATURES[:4]] + [(3, i) for i in EVENTS]
    assert not of(parts, alignment, "creature-count")
    parts[P.HAZARDS] = [(3, i) for i in CREATURES[:3]] + [(2, CREATURES[3])] + [(3, i) for i in EVENTS]
    [broken] = of(parts, alignment, "creature-count")
    assert "11 creatures among the hazards; the minimum is 12" in broken.message and cites_gccg(broken, alignment)


@pytest.mark.parametrize("alignment", FORMATS)
def test_agents_of_36_mind_keep_and_39_break(alignment):
    parts = base_parts(alignment)
    parts[P.SIDEBOARD] = [(1, i) for i in AGENTS_36]
    assert not of(parts, alignment, "agent-mind")
    parts[P.SIDEBOARD] = parts[P.SIDEBOARD] + [(1, "DM-5")]                  # Deallus, 3 more
    [broken] = of(parts, alignment, "agent-mind")
    assert "agents total 39 mind" in broken.message and cites_gccg(broken, alignment)


@pytest.mark.parametrize("alignment", FORMATS)
def test_the_pools_minor_items_keep_at_gccgs_number_and_break_one_past_it(alignment):
    from deckcheck.rules.ruleset import load_ruleset

    most = load_ruleset("dreamcards", alignment)["starting"]["minor_items_max"]
    assert most == (2 if alignment == "dragon-lord" else 3)                   # GCCG: 3; its Dragon-lord: 2
    items = MINOR.get(alignment, HERO_MINOR)
    parts = base_parts(alignment)
    parts[P.POOL] = parts.get(P.POOL, []) + [(1, i) for i in items[:most]]
    assert not of(parts, alignment, "pool-size")
    parts[P.POOL] = parts[P.POOL] + [(1, items[most])]
    [broken] = of(parts, alignment, "pool-size")
    assert f"the limit is {most}" in broken.message and cites_gccg(broken, alignment)
