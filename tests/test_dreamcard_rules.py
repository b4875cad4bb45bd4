"""The dreamcards ruleset (GCCG's Dream Cards formats, rulesets/dreamcards/): crafted decks break and keep each
number it takes from GCCG's rules, both ways; an ICE ruleset refuses the same dream cards (not-in-pool)."""

from __future__ import annotations

import pytest

from tests._shared import PROJECT

LEGAL = (PROJECT / "examples" / "wizard-legal.meccg").read_text(encoding="utf-8")
# two dream-card hero resources and two dream-card hazards: the parity and the counts stay
DREAM_CARDS = ("# Resource (30)\n\n2 Elven Bridge (FB)\n", "# Hazard (30)\n\n2 Arda Angered (DF)\n")


@pytest.fixture(autouse=True)
def ice_pool_after():
    from deckcheck.cards.pools import DEFAULT_POOL, use_pool

    yield
    use_pool(DEFAULT_POOL)


def _with_dream_cards(text: str = LEGAL) -> str:
    for heading in DREAM_CARDS:
        text = text.replace(heading.split("\n\n")[0] + "\n\n", heading, 1)
    return text


def judge(text: str, ruleset: str = "dreamcards", pool: str = "dreamcards"):
    from deckcheck.cards.pools import use_pool
    from deckcheck.decklist import parse_text
    from deckcheck.rules.engine import validate

    use_pool(pool)
    deck = parse_text(text, path="<deck>")
    return validate(deck, ruleset=ruleset)


def codes(verdict, severity: str = "error") -> set[str]:
    return {v.code for v in verdict.violations if v.severity == severity}


def test_a_hero_deck_with_dream_cards_keeps_the_dreamcards_rules_and_breaks_the_ice_pool_of_coe():
    text = _with_dream_cards()
    kept = judge(text)
    assert kept.legal, [v.message for v in kept.violations]
    assert kept.status["status"] == "dreamcard" and kept.status["share"]["resources"] == {"dream": 2, "cards": 32}
    refused = judge(text, ruleset="coe")
    assert codes(refused) == {"not-in-pool"}
    assert {v.card_id for v in refused.violations if v.code == "not-in-pool"} == {"FB-74", "DF-7"}


def test_the_virtual_sets_1_and_2_are_not_played_on_the_dream_cards_server():
    text = LEGAL.replace("# Resource (30)\n\n", "# Resource (30)\n\n2 Fair Travels in Dark-Domains (V1)\n", 1)
    text = text.replace("# Hazard (30)\n\n", "# Hazard (30)\n\n2 Arda Angered (DF)\n", 1)
    verdict = judge(text)
    [refused] = [v for v in verdict.violations if v.code == "not-in-pool"]
    assert refused.card_id == "V1-16" and "does not play" in refused.message
    assert refused.citation.startswith("dreamcards: GCCG Metw-dream.rules '2-deck Hero (D)'")


def test_a_sideboard_of_40_keeps_and_41_breaks_the_dream_cards_sideboard():
    filler = "".join(f"3 {name} (TW)\n" for name in ("Orc-lieutenant", "Orc-warriors", "Orc-watch", "Wolves",
                                                     "Cave Worm", "Hill-troll", "Hobgoblins", "Foul Fumes",
                                                     "Snowstorm", "Rebel-talk", "Lure of the Senses"))
    text = LEGAL.replace("# Sideboard (6)\n\n", "# Sideboard\n\n" + filler, 1)
    thirty_nine = judge(text)
    assert "sideboard-size" not in codes(thirty_nine)
    assert "sideboard-size" in codes(judge(text, ruleset="coe", pool="ice"))     # coe: 30
    forty_two = text.replace("1 Corpse-candle (TW)", "1 Corpse-candle (TW)\n3 Long Winter (TW)")
    broken = [v for v in judge(forty_two).violations if v.code == "sideboard-size"]
    assert broken and broken[0].severity == "error" and "40" in broken[0].message
    assert broken[0].citation.endswith("sideboard: RuleDeckMaximum 40")


def test_one_avatar_only_where_coe_allows_two_different():
    text = LEGAL.replace("2 Gandalf [H] (TW)", "1 Gandalf [H] (TW)\n1 Saruman [H] (TW)")
    assert "avatar-limit" not in codes(judge(text, ruleset="coe", pool="ice"))
    broken = [v for v in judge(text).violations if v.code == "avatar-limit"]
    assert broken and broken[0].citation.startswith("dreamcards: GCCG Metw-dream.rules")


def test_a_pool_of_three_minor_items_keeps_and_four_break_it():
    cloak, dagger = "1 Elven Cloak [H] (TW)\n", "1 Dagger of Westernesse [H] (TW)\n"
    three = LEGAL.replace(cloak + "\n", cloak + dagger + "\n", 1)
    assert "pool-size" not in codes(judge(three))
    assert "pool-size" in codes(judge(three, ruleset="coe", pool="ice"))         # coe: 2
    four = three.replace(dagger + "\n", dagger + "1 Shield of Iron-bound Ash [H] (TW)\n\n", 1)
    assert "pool-size" in codes(judge(four))


def test_the_resource_count_the_ruleset_borrows_is_a_warning_that_says_so():
    text = _with_dream_cards()
    for name in ("Far-sight", "Halfling Strength", "Fellowship"):
        text = text.replace(f"3 {name} [H] (TW)\n", "", 1)
    for name in ("Orc-guard", "Orc-patrol", "Crebain"):
        text = text.replace(f"3 {name} (TW)\n", "", 1)
    verdict = judge(text)        # 23 resources: below the 25 borrowed from GCCG's 60-card play deck
    [short] = [v for v in verdict.violations if v.code == "resource-count"]
    assert short.severity == "warning" and short.by_analogy and "60-115" in short.by_analogy


def test_validate_rules_dreamcards_reads_under_the_dreamcards_pool(capsys, tmp_path):
    from tests._shared import run_main

    deck = tmp_path / "dream.meccg"
    deck.write_text(_with_dream_cards(), encoding="utf-8")
    code, out, _ = run_main(capsys, "validate", "--rules", "dreamcards", str(deck))
    assert code == 0 and "LEGAL under dreamcards rules" in out and "status dreamcard" in out
    code, out, _ = run_main(capsys, "validate", str(deck))
    assert code == 1 and "not-in-pool" in out
