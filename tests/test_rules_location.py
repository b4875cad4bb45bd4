"""sideboard-size, fw-sideboard-size, site-copies, site-alignment, region-card: broken and kept."""

from __future__ import annotations

import pytest

from tests._rules_decks import P, base_parts, only, verdict


@pytest.mark.parametrize("ruleset,alignment,limits", [
    ("rulebook", "wizard", [20, 20, 25, 30]),
    ("rulebook", "ringwraith", [25, 25, 30, 35]),
    ("rulebook", "fallen-wizard", [30, 30, 35, 40]),
    ("coe", "wizard", [30, 30, 35, 40]),
    ("coe", "balrog", [30, 30, 35, 40]),
])
def test_sideboard_size_by_game_length(ruleset, alignment, limits):
    for length, limit in enumerate(limits, start=1):
        parts = base_parts(alignment)
        # Only the size matters here (the copy limit is another rule's business).
        parts[P.SIDEBOARD] = [(limit - 1, "TW-6"), (1, "TW-13")]
        assert only(verdict(parts, alignment, ruleset, length), "sideboard-size") == []
        parts[P.SIDEBOARD].append((1, "TW-22"))
        [bad] = only(verdict(parts, alignment, ruleset, length), "sideboard-size")
        assert bad.message.startswith(f"{limit + 1} cards in the sideboard; the limit for a {length}-deck")
        assert bad.message.endswith(f"game is {limit}")


@pytest.mark.parametrize("ruleset,citation", [
    ("coe", "coe 1.6.1"), ("rulebook", 'rulebook MEWH "Declaring That Your Wizard is Fallen"')])
def test_fw_sideboard_at_most_ten(ruleset, citation):
    parts = base_parts("wizard")
    parts[P.FW_SIDEBOARD] = [(3, "TW-6"), (3, "TW-7"), (3, "TW-9"), (1, "TW-10")]
    assert only(verdict(parts, "wizard", ruleset), "fw-sideboard-size") == []
    parts[P.FW_SIDEBOARD].append((1, "TW-11"))
    [bad] = only(verdict(parts, "wizard", ruleset), "fw-sideboard-size")
    assert bad.message == "11 cards in the sideboard against Fallen-wizards; the limit is 10"
    assert bad.citation == citation and bad.part == P.FW_SIDEBOARD


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_one_of_each_non_haven_site(ruleset):
    parts = base_parts("wizard")
    parts[P.SITES] += [(1, "TW-371"), (3, "TW-421")]                   # Amon Hen again; Rivendell is a haven
    [bad] = only(verdict(parts, "wizard", ruleset), "site-copies")
    assert bad.message == "2 copies of Amon Hen [H] in the location deck; the limit is 1"
    assert bad.card_id == "TW-371" and bad.part == P.SITES and len(bad.lines) == 2


def test_fallen_wizard_one_of_each_haven_but_any_number_of_fallen_wizard_sites():
    parts = base_parts("fallen-wizard")                                # 3 The White Towers [F]
    assert only(verdict(parts, "fallen-wizard", "coe"), "site-copies") == []
    parts[P.SITES].append((1, "TW-421"))                               # a second Rivendell
    [bad] = only(verdict(parts, "fallen-wizard", "coe"), "site-copies")
    assert bad.message == ("2 copies of Rivendell [H] in the location deck; the limit is 1 "
                           "(havens are limited to one here)")
    assert bad.citation == "coe 1.4, 1.4.F1"


def test_balrog_havens_and_geann_a_lisch():
    parts = base_parts("balrog")                                        # 4 Moria [B], 2 The Under-gates [B]
    assert only(verdict(parts, "balrog", "coe"), "site-copies") == []
    parts[P.SITES].append((2, "LE-374"))                                # Geann a-Lisch: a Ruins & Lairs here
    [bad] = only(verdict(parts, "balrog", "coe"), "site-copies")
    assert bad.card == "Geann a-Lisch"


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_sites_of_another_alignment(ruleset):
    parts = base_parts("wizard")
    parts[P.SITES].append((1, "LE-367"))                                # Dol Guldur [M]
    [bad] = only(verdict(parts, "wizard", ruleset), "site-alignment")
    assert bad.message == "Dol Guldur [M] is a minion site; a wizard location deck holds hero sites"
    parts = base_parts("ringwraith")
    parts[P.SITES].append((1, "TW-421"))
    [bad] = only(verdict(parts, "ringwraith", ruleset), "site-alignment")
    assert bad.message == "Rivendell [H] is a hero site; a ringwraith location deck holds minion sites"


def test_anyone_may_hold_the_five_balrog_only_sites_under_coe():
    parts = base_parts("wizard")
    parts[P.SITES].append((1, "BA-83"))                                 # Ancient Deep-hold
    assert only(verdict(parts, "wizard", "coe"), "site-alignment") == []
    parts[P.SITES].append((1, "BA-93"))                                 # Moria [B] is not one of them
    [bad] = only(verdict(parts, "wizard", "coe"), "site-alignment")
    assert bad.card_id == "BA-93"


def test_fallen_wizard_may_hold_hero_minion_and_fallen_wizard_sites():
    parts = base_parts("fallen-wizard")
    parts[P.SITES] += [(1, "TW-371"), (1, "LE-349")]                    # Amon Hen, both versions
    v = verdict(parts, "fallen-wizard", "coe")
    assert only(v, "site-alignment") == [] and only(v, "site-copies") == []
    parts[P.SITES].append((1, "BA-84"))                                 # Barad-dûr [B]
    [bad] = only(verdict(parts, "fallen-wizard", "coe"), "site-alignment")
    assert bad.message.startswith("Barad-dûr [B] is a Balrog site")


def test_balrog_must_use_the_balrog_version_of_some_sites():
    parts = base_parts("balrog")
    parts[P.SITES] += [(1, "LE-367"), (1, "LE-352")]                    # Dol Guldur [M], Barad-dûr [M] (Dark-hold)
    messages = [x.message for x in only(verdict(parts, "balrog", "coe"), "site-alignment")]
    assert messages == [
        "Dol Guldur [M] is the minion version of Dol Guldur; a Balrog deck must use the Balrog version",
        "Barad-dûr [M] is the minion version of a Dark-hold; a Balrog deck must use the Balrog version",
    ]
    parts = base_parts("balrog")                                        # Amon Hen [M] is fine
    assert only(verdict(parts, "balrog", "coe"), "site-alignment") == []


def test_region_cards_coe_only():
    parts = base_parts("wizard")
    parts[P.SITES].append((1, "TW-442"))                                # Anduin Vales
    [bad] = only(verdict(parts, "wizard", "coe"), "region-card")
    assert bad.message == "Anduin Vales is a region card; the location deck may not hold region cards"
    assert bad.citation == "coe 1.4"
    assert only(verdict(parts, "wizard", "rulebook"), "region-card") == []
    assert only(verdict(parts, "wizard", "rulebook"), "site-alignment") == []


STARTS = {"wizard": "Rivendell", "ringwraith": "Minas Morgul or Dol Guldur",
          "fallen-wizard": "The White Towers or a Ruins & Lairs in Arthedain or Rhudaur",
          "balrog": "Moria or The Under-gates"}
START_SITES = {"wizard": {"TW-421"}, "ringwraith": {"LE-390", "LE-367"}, "fallen-wizard": {"WH-58"},
               "balrog": {"BA-93", "BA-100"}}


@pytest.mark.parametrize("ruleset,alignment", [
    ("coe", "wizard"), ("coe", "ringwraith"), ("coe", "fallen-wizard"), ("coe", "balrog"), ("rulebook", "wizard"),
    ("rulebook", "fallen-wizard")])
def test_the_location_deck_holds_a_starting_site(ruleset, alignment):
    parts = base_parts(alignment)
    assert only(verdict(parts, alignment, ruleset), "starting-site") == []
    parts[P.SITES] = [s for s in parts[P.SITES] if s[1] not in START_SITES[alignment]]
    [bad] = only(verdict(parts, alignment, ruleset), "starting-site")
    assert bad.message == (f"no site in the location deck where the starting company may begin: it needs "
                           f"{STARTS[alignment]}")
    assert bad.severity == "error" and bad.part == P.SITES and bad.citation.startswith(ruleset)


def test_rulebook_ringwraith_starts_at_minas_morgul_only():
    # MELE Starter step 3 places the starting company at Minas Morgul; coe 1.10.R1 also allows Dol Guldur.
    parts = base_parts("ringwraith")
    parts[P.SITES] = [s for s in parts[P.SITES] if s[1] != "LE-390"]     # Dol Guldur left
    assert only(verdict(parts, "ringwraith", "coe"), "starting-site") == []
    [bad] = only(verdict(parts, "ringwraith", "rulebook"), "starting-site")
    assert bad.message.endswith("it needs Minas Morgul")


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_a_fallen_wizard_may_start_at_a_ruins_and_lairs_in_rhudaur_or_arthedain(ruleset):
    parts = base_parts("fallen-wizard")
    parts[P.SITES] = [(1, "TW-421"), (1, "LE-367"), (1, "LE-373")]         # Ettenmoors [M]: R&L in Rhudaur
    assert only(verdict(parts, "fallen-wizard", ruleset), "starting-site") == []
    parts[P.SITES][-1] = (1, "TW-413")                                     # Moria [H]: a Shadow-hold
    assert len(only(verdict(parts, "fallen-wizard", ruleset), "starting-site")) == 1


def test_a_balrog_starts_at_the_balrog_moria_not_the_minion_one():
    parts = base_parts("balrog")
    parts[P.SITES] = [(1, "LE-392"), (1, "BA-83"), (1, "LE-349")]          # minion Moria (a site-alignment error)
    assert len(only(verdict(parts, "balrog", "coe"), "starting-site")) == 1


def test_no_location_deck_listed_is_only_a_warning():
    parts = base_parts("wizard")
    del parts[P.SITES]
    [bad] = only(verdict(parts, "wizard", "coe"), "starting-site")
    assert bad.severity == "warning"
    assert bad.message == "the file lists no location deck; the starting company needs Rivendell"
