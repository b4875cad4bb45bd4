"""`deckcheck hand` and `odds --karsten`: the hands are the simulator's own (same seed, same game as `simulate`),
every card drawn is accounted for, and Karsten's by-turn odds are the exact odds at turn 0."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from deckcheck.analysis.karsten import by_turn_probability, copies_needed, karsten_table
from deckcheck.analysis.odds import draw_curve
from deckcheck.decklist import read_deck
from deckcheck.sim.hands import cards_seen_by_turn, sample_hand
from deckcheck.sim.match import game_rng, goldfish_state, run_games
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.trace import trace_game
from tests._shared import GANDALF, WITCH_KING, needs_decks, run_main


@pytest.fixture(scope="module")
def gandalf():
    return build_sim_deck(read_deck(str(GANDALF)))


@needs_decks
def test_the_same_seed_and_deck_deal_the_same_hand_and_another_seed_another(gandalf):
    first = sample_hand(gandalf, seed=7, turns=3)
    assert sample_hand(gandalf, seed=7, turns=3) == first
    assert sample_hand(gandalf, seed=8, turns=3)["opening"]["hand"] != first["opening"]["hand"]


@needs_decks
def test_the_hands_are_the_simulators_own_first_turns():
    for path, hazards in ((GANDALF, "none"), (WITCH_KING, "heavy")):
        sim = build_sim_deck(read_deck(str(path)))
        for seed in (0, 11):
            document = sample_hand(sim, seed=seed, turns=4, hazards=hazards)
            dealt = goldfish_state(sim, game_rng(seed, 0), hazards)          # the engine's own opening
            assert document["opening"]["hand"] == sorted(sim.kinds[k].name for k in dealt.hand)
            traced = trace_game(sim, 0, seed, 4, hazards)                   # and its own turns
            assert [t["hand_at_start"] for t in document["turns"]] == [t["hand"] for t in traced["turns"]]
            assert [t["mp_after"] for t in document["turns"]] == \
                run_games(sim, 0, 1, 4, seed, hazards).mp_sum[:len(document["turns"])]


@needs_decks
def test_every_card_drawn_is_accounted_for_and_movement_draws_are_the_moves_own(gandalf):
    for seed in range(6):
        document = sample_hand(gandalf, seed=seed, turns=3)
        traced = trace_game(gandalf, 0, seed, 3)
        for turn, next_turn, trace in zip(document["turns"], document["turns"][1:] + [None], traced["turns"]):
            drawn = [c for d in turn["draws"] for c in d["cards"]]
            kept = Counter(turn["hand_at_start"]) + Counter(drawn) - Counter(turn["left_hand"])
            assert sorted(kept.elements()) == turn["hand_at_end"]
            moves = [d for d in turn["draws"] if d["when"].startswith("movement to ")]
            said = [e["text"] for e in trace["events"] if e["what"] == "move" and "card(s) drawn" in e["text"]]
            assert [len(m["cards"]) for m in moves] == [int(t.rsplit(", ", 1)[1].split()[0]) for t in said
                                                         if not t.endswith(", 0 card(s) drawn")]
            if next_turn is not None:
                between = turn["opponent_turn"]
                assert sorted((Counter(turn["hand_at_end"]) + Counter(between["drew"])
                               - Counter(between["left_hand"])).elements()) == next_turn["hand_at_start"]


@needs_decks
def test_karsten_at_turn_0_is_the_exact_hypergeometric_odds(gandalf):
    size = len(gandalf.play_deck)
    seen = cards_seen_by_turn(gandalf, games=30, turns=2, seed=3)
    assert seen[0] == {8: 30}
    for copies in range(0, 13):
        exact = draw_curve([(copies, 1)], size)[0][1]
        assert abs(float(by_turn_probability(seen[0], copies, size)) - exact) < 1e-9
    table = karsten_table(seen, size)
    assert [r["turn"] for r in table["turns"]] == [0, 1, 2]
    # more cards seen by a later turn: never more copies needed
    for target in table["targets"]:
        needed = [r["copies_needed"][target] for r in table["turns"]]
        assert needed == sorted(needed, reverse=True)


def test_copies_needed_is_the_fewest_that_reach_the_target():
    seen = {8: 1}                        # the opening hand only: 8 of 60
    need = copies_needed(seen, 60, 0.8, 60)
    assert float(by_turn_probability(seen, need, 60)) >= 0.8 > float(by_turn_probability(seen, need - 1, 60))
    assert copies_needed({1: 1}, 60, 0.95, 3) is None     # one card seen: 3 copies are far from 95%
    mixed = {8: 1, 20: 1}
    assert by_turn_probability(mixed, 4, 60) == (by_turn_probability({8: 1}, 4, 60)
                                                  + by_turn_probability({20: 1}, 4, 60)) / 2


@needs_decks
def test_the_commands_print_the_hand_and_the_table(capsys):
    code, out, _ = run_main(capsys, "hand", str(GANDALF), "--seed", "4", "--turns", "2")
    assert code == 0 and "opening hand (8):" in out and "turn 2: hand" in out and "drew (movement to" in out
    code, again, _ = run_main(capsys, "hand", str(GANDALF), "--seed", "4", "--turns", "2", "--output", "json")
    assert code == 0 and json.loads(again)["seed"] == 4
    code, out, _ = run_main(capsys, "odds", str(GANDALF), "--karsten", "--games", "20")
    assert code == 0 and "Karsten: copies needed for" in out and "P(at least 1 seen) >= 95%" in out
    code, _, err = run_main(capsys, "hand", str(GANDALF))
    assert code == 0 and "--seed" in err             # a new shuffle says how to deal it again
