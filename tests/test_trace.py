"""`simulate --trace N`: game N of the run written down turn by turn; the game traced is the game the run plays
(same numbers), goldfish, `--against` and `--both`."""

from __future__ import annotations

import json

from deckcheck.decklist import read_deck
from deckcheck.sim.match import run_games
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.side import side_of
from deckcheck.sim.trace import format_trace, trace_against, trace_game
from tests._shared import DECKS, needs_decks, run_main

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
WITCH_KING = CHALLENGE / "I - Witchking - Morgul Rallying Cry"
GANDALF = CHALLENGE / "E - Gandalf - Return of the King"
BALROG = DECKS / "octgn-wlk0" / "Lost_Challenge_Decks" / "V - Balrog - Great Shadow.o8d"

pytestmark = needs_decks


def test_the_traced_game_is_the_game_the_run_plays():
    for path, hazards in ((WITCH_KING, "heavy"), (BALROG, "none")):
        sim = build_sim_deck(read_deck(str(path)))
        for game in (0, 3):
            document = trace_game(sim, game, seed=5, turns=8, hazards=hazards)
            tally = run_games(sim, game, 1, 8, 5, hazards)
            assert [t["mp_after"] for t in document["turns"]] == tally.mp_sum[:len(document["turns"])]
            assert document["game"] == game + 1 and [t["turn"] for t in document["turns"]] == \
                list(range(1, len(document["turns"]) + 1))
            first = document["turns"][0]
            assert len(first["hand"]) == 8 and first["companies"]
            assert any(e["what"] == "move" for t in document["turns"] for e in t["events"])


def test_a_duel_trace_alternates_the_players_and_ends_at_the_free_council():
    us = side_of(build_sim_deck(read_deck(str(GANDALF))))
    them = side_of(build_sim_deck(read_deck(str(WITCH_KING))))
    document = trace_against(us, them, 1, seed=1, turns=12, both=True)
    players = [t["player"] for t in document["turns"]]
    assert players[0].endswith("(first)") and players[1].endswith("(second)")
    assert all(a != b for a, b in zip(players, players[1:]))
    assert set(document["free_council"]) == set(players)
    assert any(e["what"] in ("hazard", "attack") for t in document["turns"] for e in t["events"])
    text = format_trace(document)
    assert "Free Council:" in text and "turn 1: " in text
    against = trace_against(us, them, 0, seed=1, turns=6, both=False)
    assert against["mode"] == "against" and against["free_council"] is None


def test_the_command_prints_a_trace_as_text_and_json(capsys):
    code, out, _ = run_main(capsys, "simulate", str(WITCH_KING), "--trace", "2", "--seed", "3", "--turns", "5")
    assert code == 0 and out.startswith("game 2 (seed 3) of I - Witchking") and "MP after the turn" in out
    code, out, _ = run_main(capsys, "simulate", str(WITCH_KING), "--against", str(GANDALF), "--both", "--trace", "1",
                            "--turns", "4", "--output", "json")
    document = json.loads(out)
    assert code == 0 and document["schema"] == "deckcheck/trace/1" and document["mode"] == "both"
