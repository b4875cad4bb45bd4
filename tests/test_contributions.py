"""`simulate --cards`: what each card and each site brings. For the ten Challenge Decks the cards the engine
never or rarely plays are at the bottom of the per-card table, and the per-site MP adds up to the MP of the site
phases."""

from __future__ import annotations

import json

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.contributions import RARELY, contributions, format_contributions
from deckcheck.sim.match import game_rng, goldfish_state, play_goldfish
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.observe import Observer
from deckcheck.sim.simulate import simulate_tables
from deckcheck.sim.tally import Tally
from tests._shared import CHALLENGE, GANDALF, needs_decks, run_main

pytestmark = needs_decks


def challenge_decks():
    return sorted(CHALLENGE.iterdir()) if CHALLENGE.is_dir() else []


class SitePhaseMP(Observer):
    """The score's change over every site phase, read off the game alone (no site named)."""

    def __init__(self):
        self.total = 0
        self._before = 0

    def phase(self, g, name: str) -> None:
        if name == "movement":
            self._before = g.mp
        elif name == "site":
            self.total += g.mp - self._before


def site_phase_mp(sim, games: int, turns: int, seed: int) -> int:
    watch = SitePhaseMP()
    tally = Tally(turns=turns, kinds=len(sim.kinds))
    for game in range(games):
        play_goldfish(goldfish_state(sim, game_rng(seed, game), observer=watch), turns, tally)
    return watch.total


@pytest.mark.parametrize("path", challenge_decks(), ids=lambda p: p.name[:1])
def test_never_and_rarely_played_cards_are_at_the_bottom_and_the_site_mp_adds_up(path):
    sim = build_sim_deck(read_deck(str(path)))
    report = contributions(sim, games=40, turns=6, seed=3)
    # which cards the engine never or rarely plays: simulate's own summary of the same games
    played = {row["card_id"]: row["p_played"] for row in simulate_tables(sim, games=40, turns=6, seed=3)["cards"]}
    order = [c["card_id"] for c in report["cards"]]
    rare = [i for i in order if played[i] < RARELY]
    never = [i for i in order if played[i] == 0]
    assert rare, "every card played: nothing to find at the bottom"
    assert order[len(order) - len(rare):] == rare, "a card played in 10% of games or more below a rarely played one"
    assert order[len(order) - len(never):] == never, "a card the engine plays below one it never plays"
    # and so the text's last rows name them, never-played ones last
    rows = format_contributions(report).split("\n\nWhat each site brings")[0].splitlines()[-1 - len(rare):-1]
    names = {c["card_id"]: c["card"] for c in report["cards"]}
    assert [row.split("  ")[-1].rsplit(" (x", 1)[0] for row in rows] == [names[i] for i in rare]
    # the per-site MP adds up to the MP the site phases scored, as the game's own score moved
    assert sum(s["mp_total"] for s in report["sites"]) + report["site_phase_mp_unattributed"] == \
        report["site_phase_mp_total"] == site_phase_mp(sim, 40, 6, 3)
    assert report["site_phase_mp_total"] > 0 and report["site_phase_mp_unattributed"] == 0
    for c in report["cards"]:
        if c["difference"] is not None:
            assert c["ci95"][0] <= c["difference"] <= c["ci95"][1]


def test_the_command_prints_both_tables_and_says_it_is_an_association(capsys):
    deck = str(GANDALF)
    code, out, _ = run_main(capsys, "simulate", deck, "--cards", "--games", "10", "--turns", "4")
    assert code == 0 and "What each card brings" in out and "What each site brings" in out
    assert "association" in out and "not a cause" in out
    code, out, _ = run_main(capsys, "simulate", deck, "--cards", "--games", "5", "--turns", "3", "--output", "json")
    assert code == 0 and json.loads(out)["schema"] == "deckcheck/contributions/1"
    code, _, err = run_main(capsys, "simulate", deck, "--cards", "--swap", "Dodge=Dodge")
    assert code == 2 and "--cards" in err

