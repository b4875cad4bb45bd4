"""The what-if and per-card pages escape every name they show (a card, site, deck or label written by whoever made
the deck file), in the charts' labels and titles as in the tables."""

from __future__ import annotations

from deckcheck.report.contributions_html import render_contributions_html
from deckcheck.report.whatif_html import render_whatif_html

TRAP = "<script>alert(1)</script>&<b>"


def difference(value: float) -> dict:
    return {"base": 1.0, "variant": 1.0 + value, "difference": value, "ci95": [value - 0.5, value + 0.5],
            "half_width": 0.5, "unpaired_half_width": 1.5, "games_that_differ": 3}


def test_the_per_card_page_escapes_card_site_and_deck_names():
    card = {"card": TRAP, "card_id": "X-1", "copies": 2, "hazard": False, "games_in_hand_by_turn": 5,
            "mp_in_hand": 3.0, "mp_not_in_hand": 2.0, "difference": 1.0, "ci95": [0.1, 1.9], "play_rate": 0.5,
            "turns_held_per_game": 1.2}
    rare = dict(card, card="Rare " + TRAP, difference=None, ci95=None, play_rate=0.0)
    site = {"site": TRAP, "visits_per_game": 1.0, "mp_per_game": 2.0, "mp_total": 20,
            "characters_lost_per_game": 0.0, "first_reached_turn": 2.0}
    report = {"deck": TRAP, "games": 10, "turns": 4, "seed": 0, "hazards": TRAP, "mode": "goldfish", "opponent": None,
              "ranked_by": "mp", "p_win": None, "in_hand_by_turn": 4,
              "cards": [card, rare], "sites": [site], "sites_never_visited": [TRAP], "site_phase_mp_total": 20,
              "site_phase_mp_unattributed": 0, "mean_final_mp": 5.0, "what": TRAP}
    page = render_contributions_html(report)
    assert "<script>" not in page and "<b>" not in page and "&lt;script&gt;" in page
    assert page.count('class="rare"') == 1 and 'id="chart-cards"' in page and 'id="chart-sites"' in page
    # a duel's page: the opponent's name escaped too, the P(win) columns there
    win = {"p_win_in_hand": 0.6, "p_win_not_in_hand": 0.4, "win_difference": 0.2, "win_ci95": [0.05, 0.35]}
    none = dict.fromkeys(win)
    duel = dict(report, mode="both", opponent=TRAP, hazards=None, ranked_by="win", p_win=0.5,
                cards=[dict(card, **win), dict(rare, **none)])
    page = render_contributions_html(duel)
    assert "<script>" not in page and "<b>" not in page and page.count("&lt;script&gt;") > 3
    assert "P(win) difference (points)" in page and "+20.0" in page


def test_the_whatif_page_escapes_labels_and_verdicts():
    verdict = {"legal": False, "errors": [TRAP], "error_count": 1, "note": None}
    row = {"label": TRAP, "kind": "swap", "deck": TRAP, "validate": verdict, "rank": 1,
           "per_turn": [{"turn": t, "mp": difference(0.5 * t), "called": difference(0.0)} for t in (1, 2)],
           "mp_last_turn": difference(1.0), "called_last_turn": difference(0.0)}
    report = {"deck": TRAP, "games": 10, "turns": 2, "seed": 0, "mode": "goldfish", "hazards": TRAP,
              "opponent": None, "deck_validate": dict(verdict, legal=True), "ranked_by": "mp_last_turn",
              "variants": [row], "what": TRAP}
    page = render_whatif_html(report)
    assert "<script>" not in page and "<b>" not in page and "&lt;script&gt;" in page
