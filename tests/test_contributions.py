"""`simulate --cards`: what each card and each site brings. For the ten Challenge Decks the cards the engine
never or rarely plays are at the bottom of the per-card table, and the per-site MP adds up to the MP of the site
phases; the same in a duel (`--against OPP --both`), where each card's P(win) association is the table's order
and its figures are those of `simulate --against --both`'s own games."""

from __future__ import annotations

import json

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.against import simulate_sides
from deckcheck.sim.contributions import RARELY, OneSide, contributions, format_contributions, newcombe
from deckcheck.sim.match import game_rng, goldfish_state, play_duel, play_goldfish
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.observe import Observer
from deckcheck.sim.side import side_of
from deckcheck.sim.simulate import simulate_tables
from deckcheck.sim.tally import DuelTally, Tally
from tests._shared import CHALLENGE, GANDALF, WITCH_KING, needs_decks, run_main

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


def assert_weakest_at_the_bottom(report: dict, played: dict[str, float]) -> None:
    """The cards played in under 10% of games (by `played`, simulate's own rates) are the table's last rows,
    those never played the very last, and the text's last rows name them."""
    order = [c["card_id"] for c in report["cards"]]
    rare = [i for i in order if played[i] < RARELY]
    never = [i for i in order if played[i] == 0]
    assert rare, "every card played: nothing to find at the bottom"
    assert order[len(order) - len(rare):] == rare, "a card played in 10% of games or more below a rarely played one"
    assert order[len(order) - len(never):] == never, "a card the engine plays below one it never plays"
    rows = format_contributions(report).split("\n\nWhat each site brings")[0].splitlines()[-1 - len(rare):-1]
    names = {c["card_id"]: c["card"] for c in report["cards"]}
    assert [row.split("  ")[-1].rsplit(" (x", 1)[0] for row in rows] == [names[i] for i in rare]


@pytest.mark.parametrize("path", challenge_decks(), ids=lambda p: p.name[:1])
def test_never_and_rarely_played_cards_are_at_the_bottom_and_the_site_mp_adds_up(path):
    sim = build_sim_deck(read_deck(str(path)))
    report = contributions(sim, games=40, turns=6, seed=3)
    # which cards the engine never or rarely plays: simulate's own summary of the same games
    played = {row["card_id"]: row["p_played"] for row in simulate_tables(sim, games=40, turns=6, seed=3)["cards"]}
    assert_weakest_at_the_bottom(report, played)
    # the per-site MP adds up to the MP the site phases scored, as the game's own score moved
    assert sum(s["mp_total"] for s in report["sites"]) + report["site_phase_mp_unattributed"] == \
        report["site_phase_mp_total"] == site_phase_mp(sim, 40, 6, 3)
    assert report["site_phase_mp_total"] > 0 and report["site_phase_mp_unattributed"] == 0
    for c in report["cards"]:
        if c["difference"] is not None:
            assert c["ci95"][0] <= c["difference"] <= c["ci95"][1]


def duel_site_phase_mp(us, them, games: int, turns: int, seed: int) -> int:
    """Our score's change over our site phases in the duels of `simulate --against --both` (our side only)."""
    watch = SitePhaseMP()
    for game in range(games):
        tallies = (Tally(turns=turns, kinds=len(us.sim.kinds)), Tally(turns=turns, kinds=len(them.sim.kinds)))
        stats = (DuelTally(opponent_kinds=len(them.sim.kinds)), DuelTally(opponent_kinds=len(us.sim.kinds)))
        play_duel(us, them, game, seed, turns, tallies, stats, OneSide(watch, us))
    return watch.total


@pytest.mark.parametrize("path", challenge_decks(), ids=lambda p: p.name[:1])
def test_in_a_duel_each_card_has_its_p_win_and_the_weakest_are_at_the_bottom(path):
    """Each Challenge Deck against the next one (J against A), both playing: the play rates and P(win) are
    those of `simulate --against --both` on the same seed, each card's P(win) in and out of hand adds up to the
    deck's, the rarely played cards are last, and the per-site MP adds up to our site phases' MP."""
    decks = challenge_decks()
    other = decks[(decks.index(path) + 1) % len(decks)]
    sim, opponent = build_sim_deck(read_deck(str(path))), build_sim_deck(read_deck(str(other)))
    games, turns, seed = 30, 6, 5
    report = contributions(sim, games=games, turns=turns, seed=seed, opponent=opponent, both=True)
    assert report["mode"] == "both" and report["ranked_by"] == "win" and report["opponent"] == opponent.name
    us, them = side_of(sim), side_of(opponent)
    summary = simulate_sides(us, them, games=games, turns=turns, seed=seed, both=True)
    assert report["p_win"] == summary["p_win"]["p"]
    assert report["mean_final_mp"] == summary["per_turn"][-1]["mean_mp"]
    played = {row["card_id"]: row["p_played"] for row in summary["cards"]}
    assert {c["card_id"]: c["play_rate"] for c in report["cards"]} == played
    assert_weakest_at_the_bottom(report, played)
    wins = round(report["p_win"] * games)
    compared = [c for c in report["cards"] if c["win_difference"] is not None]
    assert compared
    for c in report["cards"]:
        n_in = c["games_in_hand_by_turn"]
        won = (c["p_win_in_hand"] or 0) * n_in + (c["p_win_not_in_hand"] or 0) * (games - n_in)
        assert won == pytest.approx(wins, abs=0.01)
    for c in compared:
        low, high = c["win_ci95"]
        assert -1 <= low <= c["win_difference"] <= high <= 1
        assert c["win_difference"] == pytest.approx(c["p_win_in_hand"] - c["p_win_not_in_hand"], abs=2e-4)
    # among the cards the engine plays, P(win)'s association orders the table
    played_rows = [c for c in report["cards"] if c["play_rate"] >= RARELY and c["win_difference"] is not None]
    assert [c["win_difference"] for c in played_rows] == sorted((c["win_difference"] for c in played_rows),
                                                                reverse=True)
    assert sum(s["mp_total"] for s in report["sites"]) + report["site_phase_mp_unattributed"] == \
        report["site_phase_mp_total"] == duel_site_phase_mp(us, them, games, turns, seed)
    assert report["site_phase_mp_total"] > 0


def test_newcombe_s_interval_is_his_worked_example():
    """Newcombe (1998), Statistics in Medicine 17:873, table II, example (a): 56/70 against 48/80, method 10
    gives 0.0524 to 0.3339; and at the edges (no win on one side) the interval stays within [-1, 1]."""
    assert newcombe(56, 70, 48, 80) == pytest.approx([0.0524, 0.3339], abs=1e-4)
    low, high = newcombe(0, 10, 10, 10)
    assert -1 <= low < -0.5 and high < 0


def test_the_command_prints_both_tables_and_says_it_is_an_association(capsys):
    deck = str(GANDALF)
    code, out, _ = run_main(capsys, "simulate", deck, "--cards", "--games", "10", "--turns", "4")
    assert code == 0 and "What each card brings" in out and "What each site brings" in out
    assert "association" in out and "not a cause" in out
    code, out, _ = run_main(capsys, "simulate", deck, "--cards", "--games", "5", "--turns", "3", "--output", "json")
    assert code == 0 and json.loads(out)["schema"] == "deckcheck/contributions/2"
    code, _, err = run_main(capsys, "simulate", deck, "--cards", "--swap", "Dodge=Dodge")
    assert code == 2 and "--cards" in err


def test_the_duel_command_gives_p_win_per_card_and_says_it_is_an_association(capsys):
    deck, opponent = str(GANDALF), str(WITCH_KING)
    code, out, _ = run_main(capsys, "simulate", deck, "--cards", "--against", opponent, "--both", "--games", "8",
                            "--turns", "4")
    assert code == 0 and "win diff" in out and "P(win) at the Free Council" in out
    assert "association" in out and "not a cause" in out and "What each site brings" in out
    code, out, _ = run_main(capsys, "simulate", deck, "--cards", "--against", opponent, "--games", "6", "--turns",
                            "3", "--output", "json")
    document = json.loads(out)
    assert code == 0 and document["mode"] == "against" and document["p_win"] is None
    assert "win_difference" not in document["cards"][0]
    code, _, err = run_main(capsys, "simulate", deck, "--cards", "--both", "--games", "4")
    assert code == 2 and "--both needs --against" in err



def test_the_same_tables_whatever_the_workers(monkeypatch):
    """The games split over two worker processes add up to one process's tables, goldfish and in a duel."""
    import deckcheck.sim.contributions as module

    monkeypatch.setattr(module, "MIN_GAMES_PER_WORKER", 4)
    monkeypatch.setattr(module, "MIN_DUEL_GAMES_PER_WORKER", 4)
    sim, opponent = build_sim_deck(read_deck(str(GANDALF))), build_sim_deck(read_deck(str(WITCH_KING)))
    for play in ({}, {"opponent": opponent, "both": True}):
        one = contributions(sim, games=10, turns=4, seed=2, jobs=1, **play)
        assert contributions(sim, games=10, turns=4, seed=2, jobs=2, **play) == one
