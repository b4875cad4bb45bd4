"""GCCG's Dream Cards Lord formats (rulesets/dreamcards/{elf,dwarf,dragon}-lord.toml): a Lord deck written as a
list reads as its Lord and keeps the format; each rule the Lords have that no other alignment has breaks both
ways; the real dream decks of ../shared that hold a Lord are read and judged as that Lord's.

(The rules matrix, tests/test_rules_matrix.py, breaks every other switched-on rule for the Lords too.)"""

from __future__ import annotations

import pytest

from deckcheck.decklist.model import Part as P
from tests._rules_decks import LORDS, base_parts, build
from tests._shared import SHARED, needs_decks

LORD_AVATAR = {"elf-lord": "Elrond Half-elven", "dwarf-lord": "Thorin", "dragon-lord": "Smaug the Golden"}
LORD_WORD = {"elf-lord": "Elf-lord", "dwarf-lord": "Dwarf-lord", "dragon-lord": "Dragon-lord"}
HEADINGS = {P.CHARACTERS: "Character", P.RESOURCES: "Resource", P.HAZARDS: "Hazard", P.POOL: "Pool",
            P.SIDEBOARD: "Sideboard", P.SITES: "Sites"}


@pytest.fixture(autouse=True)
def dreamcards_pool():
    from deckcheck.cards.pools import DEFAULT_POOL, DREAMCARDS, use_pool

    use_pool(DREAMCARDS)
    yield
    use_pool(DEFAULT_POOL)


def catalog():
    from deckcheck.cards.pools import DREAMCARDS, pool_catalog

    return pool_catalog(DREAMCARDS)


def as_text(parts: dict, *, untagged: set[str] = frozenset()) -> str:
    """A GCCG-style list of the parts: "N Name (SET)", with no [H]/[M] tag; the ids in `untagged` without their
    set code either (the reader must find the Lord's own version)."""
    lines = []
    for part, entries in parts.items():
        block = "Deck" if part in (P.CHARACTERS, P.RESOURCES, P.HAZARDS) else HEADINGS[part]
        if block not in lines:
            lines += ["#" * len(block), block, "#" * len(block), ""]
        lines += [f"# {HEADINGS[part]}", ""]
        for count, card_id in entries:
            card = catalog().by_id(card_id)
            lines.append(f"{count} {card.name}" + ("" if card_id in untagged else f" ({card.set})"))
        lines.append("")
    return "\n".join(lines)


def judge_text(text: str, ruleset: str = "dreamcards"):
    from deckcheck.decklist import parse_text
    from deckcheck.rules.engine import validate

    deck = parse_text(text, path="<deck>")
    return deck, validate(deck, ruleset=ruleset)


def judge(parts: dict, alignment: str):
    from deckcheck.rules import validate

    return validate(build(alignment, parts), ruleset="dreamcards", alignment=alignment)


def of(verdict, code: str) -> list:
    return [v for v in verdict.violations if v.code == code]


@pytest.mark.parametrize("lord", LORDS)
def test_a_lord_deck_written_as_a_list_reads_as_its_lord_and_keeps_the_format(lord):
    parts = base_parts(lord)
    own_sites = {i for _, i in parts[P.SITES] if catalog().by_id(i).alignment.lower() == lord}
    deck, verdict = judge_text(as_text(parts, untagged=own_sites))
    assert deck.alignment == lord and LORD_AVATAR[lord] in deck.alignment_reason
    # the Lord's havens written with no set code are the Lord's own versions (FB's Rivendell), not the ICE ones
    assert {e.card.id for e in deck.entries if e.part == P.SITES} >= own_sites
    assert verdict.legal, [(v.code, v.message) for v in verdict.violations]
    assert verdict.status["status"] == "dreamcard"


def test_an_ice_ruleset_has_no_lord_format_and_says_which_has(capsys, tmp_path):
    from tests._shared import run_main

    deck = tmp_path / "elf-lord.meccg"
    deck.write_text(as_text(base_parts("elf-lord")), encoding="utf-8")
    code, out, err = run_main(capsys, "validate", "--pool", "dreamcards", str(deck))
    assert code == 2 and "the coe ruleset has no rules for a elf-lord deck" in err
    assert "use --rules dreamcards" in err
    code, out, _ = run_main(capsys, "validate", "--rules", "dreamcards", str(deck))
    assert code == 0 and "LEGAL under dreamcards rules, elf-lord" in out


@pytest.mark.parametrize("lord,site,says", [
    ("elf-lord", "TW-421", "a haven; this player's havens can only be Elf-lord sites"),        # hero Rivendell
    ("dwarf-lord", "TW-421", "a haven; this player's havens can only be Dwarf-lord sites"),
    ("elf-lord", "LE-364", "this player's minion sites can only be Ruins & Lairs"),   # Dead Marshes [M], a [S]
    ("dragon-lord", "LE-367", "a minion site this player's rules refuse by name"),            # Dol Guldur [M]
])
def test_a_lords_location_deck_refuses_the_sites_gccg_refuses(lord, site, says):
    parts = base_parts(lord)
    assert not of(judge(parts, lord), "site-alignment")
    parts[P.SITES] = parts[P.SITES] + [(1, site)]
    [refused] = of(judge(parts, lord), "site-alignment")
    assert says in refused.message and refused.severity == "error"
    assert refused.citation.startswith(f"dreamcards: GCCG Metw-dream.rules '2-deck {LORD_WORD[lord]} (D)'")


def test_the_dwarf_lord_may_hold_deep_mines_and_the_elf_lord_may_not():
    for lord, kept in (("dwarf-lord", True), ("elf-lord", False)):
        parts = base_parts(lord)
        parts[P.SITES] = parts[P.SITES] + [(1, "WH-55")]                      # Deep Mines, a Fallen-wizard site
        assert (not of(judge(parts, lord), "site-alignment")) == kept, lord


@pytest.mark.parametrize("lord,card,kept", [
    ("elf-lord", "LE-159", True),     # a minion short-event
    ("elf-lord", "LE-299", False),    # a minion item: no minion resource but events and allies
    ("dwarf-lord", "LE-159", True),
    ("dwarf-lord", "LE-299", False),
])
def test_a_lords_minion_resources_are_of_the_kinds_gccg_allows(lord, card, kept):
    parts = base_parts(lord)
    parts[P.SIDEBOARD] = [(1, card)]
    found = of(judge(parts, lord), "alignment-card")
    assert (not found) == kept, [v.message for v in found]
    if not kept:
        assert "minion resources can only be events" in found[0].message


def test_a_dwarf_lord_holds_no_minion_ally_but_an_elf_lord_may():
    ally = next(c for c in catalog().cards if c.alignment == "Minion" and c.is_ally and c.set == "LE"
                and not c.unique and c.id not in ("LE-153", "LE-155"))
    for lord, kept in (("elf-lord", True), ("dwarf-lord", False)):
        parts = base_parts(lord)
        parts[P.SIDEBOARD] = [(1, ally.id)]
        assert (not of(judge(parts, lord), "alignment-card")) == kept, (lord, ally.id)


def test_cards_specific_to_the_lords_kind_are_any_lords_and_to_another_kind_break():
    parts = base_parts("dwarf-lord")
    parts[P.SIDEBOARD] = [(1, "DF-25")]               # Born under the Mountains: Dwarf-lord specific
    assert not of(judge(parts, "dwarf-lord"), "specific-card")
    parts[P.SIDEBOARD] = [(1, "GW-1")]                # A Gift for Lords of Men: Dragon-lord specific
    [broken] = of(judge(parts, "dwarf-lord"), "specific-card")
    assert "Dragon-lord-specific; the player's avatar is Thorin" in broken.message
    parts = base_parts("dragon-lord")
    parts[P.SIDEBOARD] = [(1, "GW-1")]
    assert not of(judge(parts, "dragon-lord"), "specific-card")


def test_the_dragon_lords_are_the_avatars_of_a_dragon_lord_deck_one_of_them_at_most_five_copies():
    parts = base_parts("dragon-lord")
    parts[P.CHARACTERS] = [(5, "GW-174"), (1, "LE-29")]
    assert not of(judge(parts, "dragon-lord"), "avatar-limit")
    parts[P.CHARACTERS] = [(2, "GW-174"), (1, "GW-168"), (1, "LE-29")]        # Smaug and Scatha
    [two] = of(judge(parts, "dragon-lord"), "avatar-limit")
    assert two.severity == "error"


def test_an_elf_lord_deck_holds_no_orc_and_no_troll_but_as_an_agent():
    parts = base_parts("elf-lord")
    parts[P.SIDEBOARD] = [(1, "LE-29")]                                        # Old Troll
    [troll] = of(judge(parts, "elf-lord"), "character-race")
    assert "cannot be Orc or Troll" in troll.message
    assert troll.citation.endswith("pool: (0, Orc), (0, Troll)")


def test_the_starting_site_of_a_lord_is_borrowed_and_said_so():
    parts = base_parts("elf-lord")
    parts[P.SITES] = [s for s in parts[P.SITES] if s[1] not in ("FB-176", "FB-169")]
    [none] = of(judge(parts, "elf-lord"), "starting-site")
    assert none.severity == "warning" and "GCCG's Dream Cards rules name no starting site" in none.by_analogy


@needs_decks
@pytest.mark.parametrize("name,lord,avatar", [
    ("Eldar & Edain 4-7 players.meccg", "elf-lord", "elrond half-elven (FB)"),
    ("Dwarven Houses of the North.meccg", "dwarf-lord", "thorin (DF)"),
])
def test_the_real_dream_decks_holding_a_lord_are_read_and_judged_as_that_lords(name, lord, avatar):
    """No deck of ../shared is a 2-deck Lord deck: these two are meccg-online Arda pools (hundreds of cards, every
    avatar of their folk). Read under dreamcards, their Lord's avatar decides, and the Lord's format judges them."""
    path = SHARED / "decks" / "meccg-online" / "Arda_Decks_(removed)" / name
    deck, verdict = judge_text(path.read_text(encoding="utf-8"))
    assert deck.alignment == lord and avatar in deck.alignment_reason
    assert verdict.alignment == lord and not verdict.legal
    codes = {v.code for v in verdict.violations}
    assert {"character-limit", "sideboard-size", "alignment-card"} <= codes
    assert all(v.citation.startswith("dreamcards") for v in verdict.violations)
    assert not {v.code for v in verdict.violations if v.code == "unknown-card"}


def test_the_simulator_says_it_plays_no_lord_deck(capsys, tmp_path):
    from tests._shared import run_main

    deck = tmp_path / "dragon-lord.meccg"
    deck.write_text(as_text(base_parts("dragon-lord")), encoding="utf-8")
    code, _, err = run_main(capsys, "simulate", "--pool", "dreamcards", "--games", "2", str(deck))
    assert code == 2 and "not a dragon-lord deck" in err and "Traceback" not in err
