"""Deck statistics on real decklists from ../shared/decks (skipped where ../shared is absent).

Expected numbers were counted by hand from the files (see the comments), not taken from the program.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from deckcheck.analysis.deck_odds import card_condition, odds_table
from deckcheck.analysis.odds import at_least_fraction
from deckcheck.analysis.stats import deck_stats
from tests._shared import DECKS, corpus_files, needs_decks

pytestmark = [needs_decks, pytest.mark.shared]

CHALLENGE_A = DECKS / "council-of-rivendell" / "Challenge Decks" / "A - Saruman - Stewards of Gondor"
CHALLENGE_A_PLAIN = DECKS / "gccg-restoration" / "Challenge Decks" / "A - Saruman - Stewards of Gondor"
GAME_WARDEN = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{R}A_{D} The Game Warden.dck"
CHALLENGE_F = DECKS / "council-of-rivendell" / "Challenge Decks" / "F - Adunaphel - Spies and Traitors"
REN = DECKS / "council-of-rivendell" / "Mark Alfano - zara" / "{c} Ren -- Smoke on the Water.dck"


def _read(path):
    from deckcheck.decklist import read_deck

    return read_deck(path)


def _category(stats, name):
    return next(c for c in stats.mp_categories if c.category == name)


@pytest.fixture(scope="module")
def challenge_a():
    return deck_stats(_read(CHALLENGE_A))


def test_challenge_a_composition(challenge_a):
    # the file's headers: Hazard (30), Hero Character (8), Hero Resource (30); pool 5 + 2; sideboard 9 + 10; 15 sites
    assert challenge_a.alignment == "wizard"
    assert challenge_a.parts == {"pool": 7, "characters": 8, "resources": 30, "hazards": 30, "sideboard": 19,
                                 "sites": 15}
    assert challenge_a.play_deck_size == 68
    # Bert 1, Tom 1, William 1, Hobgoblins 3, Little Snuffler 1, Orc-guard 1, Orc-lieutenant 3,
    # Orc-warband 2, Orc-watch 3
    assert sum(c.count for c in challenge_a.creatures) == 16
    assert challenge_a.subtypes["Faction"] == 5


def test_challenge_a_characters_and_mind(challenge_a):
    # pool: Adrazar 3 + Anborn 2 + Fatty Bolger 3 + Glorfindel II 8 + Sam Gamgee 4
    assert challenge_a.pool_mind == 20
    # play deck: Balin 5 + Haldir 3 + Ioreth 1 + Peath 4 + Théoden 6 (+ 3 Saruman, no mind)
    assert challenge_a.play_deck_mind == 19
    assert sum(c.count for c in challenge_a.characters if c.avatar) == 3


def test_challenge_a_marshalling_points(challenge_a):
    # characters as printed: Adrazar 1, Fatty Bolger 1, Glorfindel II 3, Sam Gamgee 1, Balin 2, Haldir 1,
    # Peath 1, Théoden 2 (Anborn and Ioreth give none)
    assert _category(challenge_a, "character").points == 12
    # factions: Knights of Dol Amroth 3, Men of Anfalas 2, Men of Anórien 2, Men of Lebennin 2,
    # Rangers of Ithilien 3; ally: Treebeard 2
    assert _category(challenge_a, "faction").points == 12
    assert _category(challenge_a, "ally").points == 2


def test_challenge_a_every_faction_and_ally_has_its_site(challenge_a):
    # each faction's site (Dol Amroth, Lond Galen, Minas Tirith, Pelargir, Henneth Annûn) and Treebeard's
    # Wellinghall are in the location deck
    factions = [c for c in challenge_a.coverage if c.kind in ("faction", "ally") and c.part == "resources"]
    assert len(factions) == 6 and all(c.sites for c in factions)
    assert not [w for w in challenge_a.warnings if "none of the location deck" in w]


def test_challenge_a_odds_of_drawing_saruman():
    deck = _read(CHALLENGE_A)
    # 3 Saruman in 68: P(none in 8) = C(65,8)/C(68,8) = (60*59*58)/(68*67*66) = 205320/300696
    assert at_least_fraction(1, 3, 68, 8) == Fraction(300696 - 205320, 300696)
    table = odds_table(deck, [card_condition(deck, "Saruman")])
    assert table.rows[0][1][0] == pytest.approx((300696 - 205320) / 300696)


def test_the_same_deck_in_another_format_gives_the_same_statistics(challenge_a):
    # GCCG 0.8.78 lists the play deck in one "Deck" section: the card types sort it
    other = deck_stats(_read(CHALLENGE_A_PLAIN))
    assert other.play_deck_size == challenge_a.play_deck_size
    assert other.mp_total == challenge_a.mp_total
    assert other.pool_mind == challenge_a.pool_mind
    assert other.keyed_site_types == challenge_a.keyed_site_types


def test_fallen_wizard_stage_points_and_scoring():
    stats = deck_stats(_read(GAME_WARDEN))
    assert stats.alignment == "fallen-wizard"
    # [starting]: Wizard's Trove (1 stage point) and Squire of the Hunt (2)
    assert stats.stage_points_pool == 3
    assert all(row.each <= 1 for row in stats.mp_rows)          # coe 10.F1: non-Stage cards worth 1
    baduila = next(r for r in stats.mp_rows if r.name.startswith("Baduila"))
    assert (baduila.printed, baduila.each) == ("3", 1)


def test_ringwraith_deck_scores_minion_items_in_full():
    stats = deck_stats(_read(CHALLENGE_F))
    assert stats.alignment == "ringwraith"
    items = [r for r in stats.mp_rows if r.category == "item"]
    assert items and all(r.each == int(r.printed.split("(")[0] or 0) for r in items if not r.note)
    assert not [r for r in items if "half" in r.note]      # all its items are minion items


def test_an_item_heavy_deck_loses_points_to_the_half_rule():
    from deckcheck.report.stats_text import render_text

    stats = deck_stats(_read(REN))
    # items: 3 Gold Ring that Sauron Fancies (2) + Bright Gold Ring 2 + Scroll of Isildur 3 + Dwarven Ring of
    # Thelor's Tribe 4 + Oracle's Ring 3 + Palantir of Orthanc 3 + 2 Minor Ring (2) = 25; characters Dror 1,
    # Gulla 1, Pon Opar 2, Hador 2 = 6; Beornings 3; 3 War-wolf (1) = 3
    assert [c.points for c in stats.mp_categories] == [6, 25, 3, 3, 0, 0]
    assert stats.mp_total == 37 and stats.mp_half_rule == 12 + 12   # items cut to the other 12
    assert "the half rule (coe 10.3.iv" in render_text(stats) and "leaves 24 of 37" in render_text(stats)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name[:40])
def test_every_corpus_deck_gets_statistics(path):
    from deckcheck.errors import DeckcheckError
    from deckcheck.report.stats_html import render_html
    from deckcheck.report.stats_text import render_text

    try:
        deck = _read(path)
    except DeckcheckError:
        pytest.skip("not a deck the readers take")
    stats = deck_stats(deck)
    assert stats.play_deck_size == sum(e.count for e in deck.play_deck())
    assert sum(stats.parts.values()) == sum(e.count for e in deck.entries)
    assert render_text(stats) and "<svg" in render_html(stats)
