"""alignment-card, banned-card, specific-card: each broken and kept under every ruleset where it applies,
and the ruleset lists checked against the catalog and the reference rules."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.rules.ruleset import RULESETS_DIR
from tests._rules_b import card, corpus, deck, found, messages
from tests._shared import SHARED, needs_decks

COE_RULES = SHARED / "reference" / "coe-official-game-rules.md"
MEWH_RULES = SHARED / "reference" / "white-hand-rules.txt"

HERO_CHAR, MINION_ORC, HERO_MINOR, MINION_MINOR = "TW-123", "LE-12", "TW-206", "LE-302"   # Balin, Grishnákh
HERO_EVENT, MINION_EVENT, STAGE = "TW-190", "LE-165", "WH-63"       # Align Palantír, Awaiting the Call, Bad Company
WIZARD, RINGWRAITH, FW_SARUMAN, FW_GANDALF, BALROG = "TW-181", "LE-55", "WH-9", "WH-4", "BA-3"


# ---- alignment-card -------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_wizard_deck_may_hold_hero_cards_minion_items_agents_and_hazards(ruleset):
    keeps = deck(characters=[(WIZARD, 3), HERO_CHAR], resources=[HERO_EVENT, MINION_MINOR, "LE-245"],
                 hazards=["DM-3", "LE-235", "TW-104"], pool=[HERO_MINOR])
    assert found("alignment-card", keeps, ruleset=ruleset, alignment="wizard") == []


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_wizard_deck_may_not_hold_minion_characters_or_events_stage_cards_or_other_avatars(ruleset):
    breaks = deck(characters=[MINION_ORC, FW_SARUMAN, RINGWRAITH], resources=[MINION_EVENT, STAGE, "LE-235"])
    got = found("alignment-card", breaks, ruleset=ruleset, alignment="wizard")
    assert sorted(v.card_id for v in got) == sorted([MINION_ORC, FW_SARUMAN, RINGWRAITH, MINION_EVENT, STAGE,
                                                     "LE-235"])
    text = messages(got)
    assert "Grishnákh [M] (LE) is a minion character; a Wizard player's characters can only be hero" in text
    assert "Saruman [F] (WH) is a Fallen-wizard avatar; a Wizard player's avatars can only be Wizard" in text
    assert "Bad Company (WH) is a Stage resource; only a Fallen-wizard player may include Stage" in text
    assert all(v.severity == "error" for v in got)
    assert got[0].citation.startswith(ruleset)


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_ringwraith_deck_hero_items_are_fine_hero_characters_and_events_are_not(ruleset):
    keeps = deck(characters=[(RINGWRAITH, 2), MINION_ORC], resources=[HERO_MINOR, "TW-244", MINION_EVENT])
    assert found("alignment-card", keeps, ruleset=ruleset, alignment="ringwraith") == []
    breaks = deck(characters=[HERO_CHAR, WIZARD], resources=[HERO_EVENT])
    got = found("alignment-card", breaks, ruleset=ruleset, alignment="ringwraith")
    assert sorted(v.card_id for v in got) == sorted([HERO_CHAR, WIZARD, HERO_EVENT])
    assert "Align Palantír [H] (TW) is a hero resource; a Ringwraith player's resources can only be minion " \
           "resources (and hero items)" in messages(got)


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_fallen_wizard_deck_holds_hero_minion_and_stage_cards_but_only_its_own_avatars(ruleset):
    keeps = deck(characters=[FW_SARUMAN, HERO_CHAR, MINION_ORC], resources=[HERO_EVENT, MINION_EVENT, STAGE])
    assert found("alignment-card", keeps, ruleset=ruleset, alignment="fallen-wizard") == []
    breaks = deck(characters=[WIZARD, RINGWRAITH])
    got = found("alignment-card", breaks, ruleset=ruleset, alignment="fallen-wizard")
    assert sorted(v.card_id for v in got) == sorted([WIZARD, RINGWRAITH])
    assert "a Fallen-wizard player's avatars can only be Fallen-wizard avatars" in messages(got)


def test_balrog_deck_has_no_item_exception_and_no_hero_characters():
    keeps = deck(characters=[(BALROG, 2), "BA-6"], resources=[MINION_MINOR, "BA-46"], hazards=["DM-3"])
    assert found("alignment-card", keeps, ruleset="coe", alignment="balrog") == []
    breaks = deck(characters=[HERO_CHAR, RINGWRAITH], resources=[HERO_MINOR])
    got = found("alignment-card", breaks, ruleset="coe", alignment="balrog")
    assert sorted(v.card_id for v in got) == sorted([HERO_CHAR, RINGWRAITH, HERO_MINOR])
    assert "Dagger of Westernesse [H] (TW) is a hero resource; a Balrog player's resources can only be " \
           "minion resources" in messages(got)
    # each case cites its own clause: avatars 1.3.B1, characters 1.3.B2, resources 1.3.B3
    assert {v.card_id: v.citation for v in got} == {HERO_CHAR: "coe 1.3.B2", RINGWRAITH: "coe 1.3.B1",
                                                   HERO_MINOR: "coe 1.3.B3"}


def test_a_minion_site_in_a_wizard_deck_is_site_alignments_business_not_this_rules():
    minion_site = next(c.id for c in load_catalog().cards if c.is_site and c.alignment == "Minion")
    the_deck = deck(characters=[WIZARD], sites=[minion_site])
    assert found("alignment-card", the_deck, ruleset="coe", alignment="wizard") == []


# ---- banned-card ----------------------------------------------------------------------------------------

def test_coe_fallen_wizard_bans_bade_to_rule_the_rulebook_does_not():
    the_deck = deck(characters=[FW_SARUMAN], resources=["LE-167", "TW-205"], sideboard=["AS-71"])
    coe = found("banned-card", the_deck, ruleset="coe", alignment="fallen-wizard")
    assert sorted(v.card_id for v in coe) == ["AS-71", "LE-167", "TW-205"]
    assert "Bade to Rule (LE-167) is banned for a Fallen-wizard player" in messages(coe)
    assert "The Balrog (Ally) (AS-71) is banned for a Fallen-wizard player" in messages(coe)
    assert coe[0].citation.startswith("coe 1.5.F6")
    rulebook = found("banned-card", the_deck, ruleset="rulebook", alignment="fallen-wizard")
    assert sorted(v.card_id for v in rulebook) == ["AS-71", "TW-205"]


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_fallen_wizard_deck_without_banned_cards_keeps_the_rule(ruleset):
    the_deck = deck(characters=[FW_SARUMAN], resources=[HERO_EVENT, MINION_EVENT, STAGE])
    assert found("banned-card", the_deck, ruleset=ruleset, alignment="fallen-wizard") == []


def test_balrog_ban_list_names_the_family_of_a_ringwraith_unleashed_card():
    the_deck = deck(characters=[BALROG], resources=["LE-182", "BA-43", "BA-46"], hazards=["DM-107"])
    got = found("banned-card", the_deck, ruleset="coe", alignment="balrog")
    assert sorted(v.card_id for v in got) == ["BA-43", "DM-107", "LE-182"]
    assert "Dwar Unleashed (LE-182) is banned for a Balrog player (one of the Ringwraith Unleashed cards)" \
        in messages(got)
    assert got[0].citation == "coe 1.3.B5"


def test_a_ringwraith_or_wizard_deck_has_no_ban_list():
    the_deck = deck(characters=[RINGWRAITH], resources=["LE-167", "LE-182"])
    assert found("banned-card", the_deck, ruleset="coe", alignment="ringwraith") == []


def load(ruleset: str, alignment: str) -> dict:
    return tomllib.loads((Path(RULESETS_DIR) / ruleset / f"{alignment}.toml").read_text(encoding="utf-8"))


def test_ban_lists_have_the_reference_sizes():
    assert len(load("rulebook", "fallen-wizard")["lists"]["banned"]) == 16
    assert len(load("coe", "fallen-wizard")["lists"]["banned"]) == 17
    balrog = load("coe", "balrog")["lists"]
    assert len(balrog["banned"]) + len(balrog["banned_families"]) == 27
    family = balrog["banned_families"]["Ringwraith Unleashed cards"]
    names = [card(i).name for i in family]
    assert len(names) == 9 and all(n.endswith(" Unleashed") for n in names)
    every_unleashed = {c.id for c in load_catalog().cards if c.name.endswith(" Unleashed")}
    assert set(family) == every_unleashed


ID_KEYS = {("lists", "banned"), ("starting", "agent_enablers"), ("starting", "never_starting"),
           ("starting", "never_starting_stage"), ("characters", "mind_enablers"),
           ("characters", "starting_race_enablers")}


@pytest.mark.parametrize("path", sorted(Path(RULESETS_DIR).glob("*/*.toml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_card_id_in_every_list_is_in_the_catalog(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    ids = [i for table, key in ID_KEYS for i in data.get(table, {}).get(key, [])]
    ids += [i for family in data.get("lists", {}).get("banned_families", {}).values() for i in family]
    from deckcheck.cards.pools import pool_catalog

    catalog = pool_catalog(data["meta"].get("pool", "ice"))     # a dreamcards ruleset may list dream cards
    assert [i for i in ids if catalog.by_id(i) is None] == []


def fold(name: str) -> str:
    name = name.replace("’", "").replace("'", "")
    name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    name = name.replace("(ally)", "").replace("excellance", "excellence").replace("trough", "through")
    return re.sub(r"[^a-z]+", " ", name).strip()


def reference_list(text: str, heading: str) -> list[str]:
    """The "- Name" lines of the list that follows `heading` in the coe rules."""
    after = text.split(heading, 1)[1]
    items = []
    for line in after.splitlines()[1:]:
        if line.startswith("- "):
            items.append(line[2:].strip())
        elif line.startswith("**"):
            break
    return items


@pytest.mark.skipif(not COE_RULES.is_file(), reason=f"needs the reference rules at {COE_RULES}")
@pytest.mark.parametrize("alignment,heading", [("fallen-wizard", "**1.5.F6**"), ("balrog", "**1.3.B5**")])
def test_coe_ban_lists_are_the_reference_lists(alignment, heading):
    listed = reference_list(COE_RULES.read_text(encoding="utf-8"), heading)
    data = load("coe", alignment)["lists"]
    ours = [fold(card(i).name) for i in data["banned"]] + [fold(f) for f in data.get("banned_families", {})]
    assert sorted(ours) == sorted(fold(n) for n in listed)


@pytest.mark.skipif(not MEWH_RULES.is_file(), reason=f"needs the reference rules at {MEWH_RULES}")
def test_rulebook_fallen_wizard_ban_list_is_the_mewh_list():
    text = MEWH_RULES.read_text(encoding="utf-8")
    sentence = text.split("You may not include any of the following cards:", 1)[1].splitlines()[0]
    listed = [n.strip() for n in sentence.split(",")]
    ours = [fold(card(i).name) for i in load("rulebook", "fallen-wizard")["lists"]["banned"]]
    assert sorted(ours) == sorted(fold(n) for n in listed)


# ---- specific-card --------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_stage_card_specific_to_another_fallen_wizard(ruleset):
    the_deck = deck(characters=[(FW_SARUMAN, 2)], resources=["WH-117", "WH-98"])
    got = found("specific-card", the_deck, ruleset=ruleset, alignment="fallen-wizard")
    assert [v.card_id for v in got] == ["WH-98"]
    assert "Gandalf’s Friend (WH) is Gandalf-specific; the player's avatar is Saruman (the deck's only " \
           "avatar)" in got[0].message
    keeps = deck(characters=[(FW_SARUMAN, 2)], resources=["WH-117", "WH-122"])
    assert found("specific-card", keeps, ruleset=ruleset, alignment="fallen-wizard") == []


def test_the_declared_avatar_decides_between_two_fallen_wizards():
    the_deck = deck(avatar="Gandalf", characters=[FW_SARUMAN, FW_GANDALF], resources=["WH-117", "WH-98"])
    got = found("specific-card", the_deck, ruleset="coe", alignment="fallen-wizard")
    assert [v.card_id for v in got] == ["WH-117"]
    assert "the player's avatar is Gandalf (named as the deck's avatar)" in got[0].message


def test_without_a_declared_avatar_the_best_fit_is_named():
    the_deck = deck(characters=[FW_SARUMAN, FW_GANDALF], resources=["WH-117", "WH-119", "WH-98"])
    got = found("specific-card", the_deck, ruleset="coe", alignment="fallen-wizard")
    assert [v.card_id for v in got] == ["WH-98"]
    assert "best fit of the deck's avatars Gandalf, Saruman" in got[0].message


def test_specific_cards_without_any_avatar_to_declare_are_not_reported_twice():
    # One cause, one report: with no avatar in the deck, the player may still declare the one the card needs
    # (coe 1.3.4); a coe Fallen-wizard must hold it (1.8.F1), which avatar-limit reports, naming the cards.
    the_deck = deck(resources=["WH-117"])
    assert found("specific-card", the_deck, ruleset="coe", alignment="fallen-wizard") == []
    [missing] = found("avatar-limit", the_deck, ruleset="coe", alignment="fallen-wizard")
    assert missing.message.startswith("no Fallen-wizard avatar in the deck")
    assert missing.citation == "coe 1.8.F1"
    assert any("specific cards point to Saruman (1 cards)" in line for line in missing.explanation)


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_a_card_no_declaration_mends_is_reported_in_a_deck_without_avatar(ruleset):
    # No Ringwraith card in the deck (real decks do this) and a Balrog-specific card: no avatar a Ringwraith
    # player may declare makes Scourge of Fire legal, and avatar-limit says nothing here (no in-deck minimum).
    the_deck = deck(characters=["BA-6"], resources=["BA-75"])
    got = found("specific-card", the_deck, ruleset=ruleset, alignment="ringwraith")
    assert sorted(v.card_id for v in got) == ["BA-6", "BA-75"]
    assert "a Ringwraith player cannot declare Balrog" in messages(got)
    assert found("avatar-limit", the_deck, ruleset=ruleset, alignment="ringwraith") == []


def test_specific_cards_of_two_avatars_in_a_deck_without_avatar():
    # Under the rulebook a Fallen-wizard deck need not hold its avatar, but one declaration cannot serve Man of
    # Skill (Saruman) and two Oromë's Warders (Alatar): the cards of the lesser fit are reported.
    the_deck = deck(resources=["WH-119", "WH-94", "WH-94"])
    [got] = found("specific-card", the_deck, ruleset="rulebook", alignment="fallen-wizard")
    assert got.card_id == "WH-119"
    assert "cards specific to Alatar and Saruman cannot all stay" in got.message
    # ... and the cards of one avatar alone wait for the player's declaration: nothing to report.
    one_avatar = deck(resources=["WH-119", "WH-117"])
    assert found("specific-card", one_avatar, ruleset="rulebook", alignment="fallen-wizard") == []


@pytest.mark.parametrize("ruleset", ["rulebook", "coe"])
def test_balrog_specific_cards_outside_a_balrog_deck(ruleset):
    the_deck = deck(characters=[RINGWRAITH, "BA-6"], resources=["BA-46"])
    got = found("specific-card", the_deck, ruleset=ruleset, alignment="ringwraith")
    assert sorted(v.card_id for v in got) == ["BA-46", "BA-6"]
    assert "Great Troll [M] (BA) is Balrog-specific" in messages(got)
    balrog = deck(characters=[BALROG, "BA-6"], resources=["BA-46"])
    assert found("specific-card", balrog, ruleset="coe", alignment="balrog") == []


def test_a_card_of_the_wrong_alignment_is_reported_once_not_also_as_specific():
    the_deck = deck(characters=[WIZARD], resources=["WH-117"])
    assert found("specific-card", the_deck, ruleset="coe", alignment="wizard") == []
    assert [v.card_id for v in found("alignment-card", the_deck, ruleset="coe", alignment="wizard")] == ["WH-117"]


# ---- real decks -----------------------------------------------------------------------------------------

CHALLENGE = "council-of-rivendell/Challenge Decks/"
CHALLENGE_DECKS = ["A - Saruman - Stewards of Gondor", "B - Alatar - Release of Prisoners",
                   "C - Pallando - Dwarven Quest", "D - Radagast - Bargain Between Friends",
                   "E - Gandalf - Return of the King", "F - Adunaphel - Spies and Traitors",
                   "G - Dwar - Marauding Brood of Uglies", "H - Hoarmurath - Stealthy Tribe",
                   "I - Witchking - Morgul Rallying Cry", "J - Indur - Seducing Nations of Men"]


@needs_decks
@pytest.mark.parametrize("name", CHALLENGE_DECKS)
def test_ice_challenge_decks_hold_only_cards_of_their_alignment(name):
    assert corpus(CHALLENGE + name, codes=("alignment-card", "banned-card", "specific-card")) == []


@needs_decks
def test_a_real_balrog_deck_with_hero_items_breaks_alignment_card():
    got = corpus("gccg-restoration/Contrib/zara/{d}_{F}{R} Mind Ring Monstrosity.dck")
    assert [(v.code, v.card) for v in got] == [("alignment-card", "Dwarven Light-stone"),
                                               ("alignment-card", "Noldo-lantern"),
                                               ("alignment-card", "Book of Mazarbul")]
    assert "a Balrog player's resources can only be minion resources" in got[0].message


@needs_decks
def test_a_real_fallen_wizard_deck_without_its_avatar_is_one_error_not_three():
    # The Black Hills holds two Saruman-specific cards and no Fallen-wizard: one avatar-limit error, which
    # names them, and no specific-card error repeating it.
    got = corpus("gccg-restoration/Contrib/zara/{R}S_{F}{R} The Black Hills.dck",
                 codes=("specific-card", "avatar-limit"))
    assert [(v.code, v.severity) for v in got] == [("avatar-limit", "error")]
    assert any("point to Saruman (2 cards)" in line for line in got[0].explanation)


def test_a_card_playable_as_a_hazard_in_a_mixed_deck_list_may_be_a_hazard():
    from deckcheck.decklist import parse_text

    text = "Deck\n3 Sudden Call [M] (LE)\n1 Gandalf [H] (TW)\n"
    mixed = parse_text(text, input_format="gccg-plain", alignment="wizard")
    assert found("alignment-card", mixed, ruleset="coe", alignment="wizard") == []
    as_resource = deck(characters=[WIZARD], resources=["LE-235"])
    assert [v.card_id for v in found("alignment-card", as_resource, ruleset="coe", alignment="wizard")] == ["LE-235"]
