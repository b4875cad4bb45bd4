"""`simulate --cards`: what each card and each site brings. For the ten Challenge Decks the cards the engine
never or rarely plays are at the bottom of the per-card table, and the per-site MP adds up to the MP of the site
phases."""

from __future__ import annotations

import json

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.contributions import RARELY, contributions
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.simulate import simulate_tables
from tests._shared import DECKS, needs_decks, run_main

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"

pytestmark = needs_decks


def challenge_decks():
    return sorted(CHALLENGE.iterdir()) if CHALLENGE.is_dir() else []


@pytest.mark.parametrize("path", challenge_decks(), ids=lambda p: p.name[:1])
def test_never_and_rarely_played_cards_are_at_the_bottom_and_the_site_mp_adds_up(path):
    sim = build_sim_deck(read_deck(str(path)))
    report = contributions(sim, games=40, turns=6, seed=3)
    rates = [c["play_rate"] for c in report["cards"]]
    rare = [r < RARELY for r in rates]
    assert rare == sorted(rare), "a rarely played card above a played one"
    # the play rates are simulate's own, for the same games
    summary = simulate_tables(sim, games=40, turns=6, seed=3)
    assert [c["play_rate"] for c in report["cards"]] == \
        [next(row["p_played"] for row in summary["cards"] if row["card_id"] == c["card_id"]) for c in report["cards"]]
    assert sum(s["mp_total"] for s in report["sites"]) + report["site_phase_mp_unattributed"] == \
        report["site_phase_mp_total"]
    assert report["site_phase_mp_total"] > 0
    for c in report["cards"]:
        if c["difference"] is not None:
            assert c["ci95"][0] <= c["difference"] <= c["ci95"][1]


def test_the_command_prints_both_tables_and_says_it_is_an_association(capsys):
    deck = str(CHALLENGE / "E - Gandalf - Return of the King")
    code, out, _ = run_main(capsys, "simulate", deck, "--cards", "--games", "10", "--turns", "4")
    assert code == 0 and "What each card brings" in out and "What each site brings" in out
    assert "association" in out and "not a cause" in out
    code, out, _ = run_main(capsys, "simulate", deck, "--cards", "--games", "5", "--turns", "3", "--output", "json")
    assert code == 0 and json.loads(out)["schema"] == "deckcheck/contributions/1"
    code, _, err = run_main(capsys, "simulate", deck, "--cards", "--swap", "Dodge=Dodge")
    assert code == 2 and "--cards" in err

