"""`simulate --swap/--variant`: the deck and each variant play the same games; a swap for itself changes nothing,
a never-played card swapped for one that scores gains MP with an interval clear of 0, the deck's own numbers
are simulate's, a swap that breaks legality is said and simulated anyway."""

from __future__ import annotations

import json

import pytest

from deckcheck.decklist import read_deck
from deckcheck.errors import DeckcheckError
from deckcheck.sim.match import run_games
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.observe import Observer
from deckcheck.sim.simulate import simulate_tables
from deckcheck.sim.whatif import paired_difference, paired_whatif, swap_variant
from tests._shared import GANDALF, WITCH_KING, needs_decks, run_main

pytestmark = needs_decks


@pytest.fixture(scope="module")
def gandalf():
    return read_deck(str(GANDALF))


def test_a_swap_takes_the_place_of_the_card_it_replaces(gandalf):
    original = build_sim_deck(gandalf)
    variant = swap_variant(gandalf, "2 Stealth=Hauberk of Bright Mail")
    sim = build_sim_deck(variant.deck)
    names = [sim.kinds[k].name for k in sim.play_deck]
    before = [original.kinds[k].name for k in original.play_deck]
    changed = [(a, b) for a, b in zip(before, names) if a != b]
    assert len(names) == len(before) and changed == [("Stealth", "Hauberk of Bright Mail")] * 2
    assert variant.label == "-2 Stealth +2 Hauberk of Bright Mail"
    assert sum(e.count for e in gandalf.play_deck()) == sum(e.count for e in variant.deck.play_deck())


def test_a_card_swapped_for_itself_changes_no_game(gandalf):
    report = paired_whatif(gandalf, [swap_variant(gandalf, "Concealment=Concealment")], games=30, turns=6, seed=2)
    for turn in report["variants"][0]["per_turn"]:
        assert turn["mp"]["difference"] == 0 and turn["mp"]["half_width"] == 0 and turn["called"]["difference"] == 0
        assert turn["mp"]["games_that_differ"] == 0


def test_the_decks_own_numbers_are_simulates(gandalf):
    report = paired_whatif(gandalf, [swap_variant(gandalf, "Dodge=Orcrist")], games=25, turns=5, seed=4)
    summary = simulate_tables(build_sim_deck(gandalf), games=25, turns=5, seed=4)
    assert [round(t["mp"]["base"], 2) for t in report["variants"][0]["per_turn"]] == \
        [round(t["mean_mp"], 2) for t in summary["per_turn"]]


class FirstInHand(Observer):
    """The first turn a kind is in hand: looked at after every move's draws and at every phase's end (so a
    card drawn and dropped at the same hand reset is seen)."""

    def __init__(self, kind: int):
        self.kind, self.turn = kind, None

    def _look(self, g) -> None:
        if self.turn is None and self.kind in g.hand:
            self.turn = g.turn

    turn_start = _look

    def phase(self, g, name: str) -> None:
        self._look(g)

    def move(self, g, company, origin, dest, roll, moved, drawn=0) -> None:
        self._look(g)


def test_until_the_swapped_in_card_is_drawn_both_games_are_one(gandalf):
    """The pairing's promise (the swapped-in card in the replaced card's place in the shuffle, dice by place,
    keyed reshuffles): up to the turn a swapped-in copy first comes to hand, the variant scores what the deck
    scores after every turn, game by game; after it, they may part."""
    original = build_sim_deck(gandalf)
    variant = build_sim_deck(swap_variant(gandalf, "Concealment=Orcrist").deck)
    orcrist = next(k for k in variant.copies_in_play_deck if variant.kinds[k].name == "Orcrist")
    checked = parted = 0
    for game in range(40):
        watch = FirstInHand(orcrist)
        mine = run_games(variant, game, 1, 8, 1, "none", observer=watch).mp_sum
        theirs = run_games(original, game, 1, 8, 1, "none").mp_sum
        first = watch.turn if watch.turn is not None else 9      # turn 0: in the opening hand
        assert mine[:max(0, first - 1)] == theirs[:max(0, first - 1)], game
        checked += max(0, first - 1)
        parted += mine != theirs
    assert checked > 40 and parted > 5


def test_a_never_played_card_for_a_scoring_one_gains_mp_clear_of_0(gandalf):
    # Concealment: never played (an event the engine does not model); Orcrist: a 4-MP item it plays
    report = paired_whatif(gandalf, [swap_variant(gandalf, "Concealment=Orcrist"),
                                     swap_variant(gandalf, "Concealment=Concealment")], games=150, turns=6, seed=0)
    best, same = report["variants"]
    assert best["label"] == "-1 Concealment +1 Orcrist" and best["rank"] == 1
    assert best["mp_last_turn"]["ci95"][0] > 0
    assert best["mp_last_turn"]["half_width"] < best["mp_last_turn"]["unpaired_half_width"]
    assert same["mp_last_turn"]["difference"] == 0


def test_a_swap_that_breaks_legality_is_said_and_simulated(gandalf):
    report = paired_whatif(gandalf, [swap_variant(gandalf, "3 Stealth=Orcrist")], games=4, turns=2, seed=0)
    row = report["variants"][0]
    assert report["deck_validate"]["legal"] is True
    assert row["validate"]["legal"] is False and any("Orcrist" in e for e in row["validate"]["errors"])
    assert len(row["per_turn"]) == 2


def test_the_paired_difference_and_both_half_widths():
    d = paired_difference([1, 2, 3, 4], [2, 3, 4, 5])          # +1 in every game: no spread at all
    assert d["difference"] == 1 and d["half_width"] == 0 and d["unpaired_half_width"] > 0
    assert d["games_that_differ"] == 4 and d["ci95"] == [1, 1]


def test_bad_swaps_are_one_line_and_exit_2(capsys, gandalf):
    for spec, said in (("Nope=Orcrist", "not in the play deck"), ("Concealment=Nope", "no card of the catalog"),
                       ("Concealment=Moria", "not a play-deck card"), ("9 Concealment=Orcrist", "holds 3"),
                       ("no equals sign", "OUT=IN")):
        code, _, err = run_main(capsys, "simulate", str(GANDALF), "--games", "3", "--swap", spec)
        assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    with pytest.raises(DeckcheckError):
        swap_variant(gandalf, "=")


def test_the_command_against_an_opponent_gives_the_win_rate_difference(capsys):
    code, out, _ = run_main(capsys, "simulate", str(GANDALF), "--games", "4", "--turns", "3", "--against",
                            str(WITCH_KING), "--both", "--swap", "Dodge=Dodge", "--output", "json")
    row = json.loads(out)["variants"][0]
    assert code == 0 and row["win"]["difference"] == 0 and json.loads(out)["ranked_by"] == "win"
    code, out, _ = run_main(capsys, "simulate", str(GANDALF), "--games", "6", "--turns", "3", "--against",
                            str(WITCH_KING), "--both", "--swap", "Concealment=Orcrist")
    win = next(line for line in out.splitlines() if line.strip().startswith("P(win)"))
    assert code == 0 and "two separate runs would give ±" in win and "this pairing ±" in win
    code, out, _ = run_main(capsys, "simulate", str(GANDALF), "--games", "4", "--turns", "2", "--variant",
                            str(WITCH_KING))
    assert code == 0 and "1. I - Witchking" in out and "paired 95% interval" in out


def test_the_same_report_whatever_the_workers(gandalf, monkeypatch):
    import deckcheck.sim.whatif as whatif

    monkeypatch.setattr(whatif, "MIN_GAMES_PER_WORKER", 3)     # so that 12 games take 2 worker processes
    variants = [swap_variant(gandalf, "Concealment=Orcrist"), swap_variant(gandalf, "Dodge=Dodge")]
    one = paired_whatif(gandalf, variants, games=12, turns=3, seed=5, jobs=1)
    assert whatif.worker_count(2, 12, whatif.MIN_GAMES_PER_WORKER) == 2
    assert paired_whatif(gandalf, variants, games=12, turns=3, seed=5, jobs=2) == one
