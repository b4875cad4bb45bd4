"""`simulate --trace N`: game N of the run written down turn by turn; the game traced is the game the run plays
(same numbers), goldfish, `--against` and `--both`."""

from __future__ import annotations

import json

import pytest

from deckcheck.datafiles import schema_path
from deckcheck.decklist import read_deck
from deckcheck.sim.match import run_games
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.rules.combat import body_check_fails, strike_result
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.trace import Trace, format_trace, trace_against, trace_game
from deckcheck.sim.turn.hazards import creature_attacks
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


@pytest.fixture(scope="module")
def sides():
    return side_of(build_sim_deck(read_deck(str(GANDALF)))), side_of(build_sim_deck(read_deck(str(WITCH_KING))))


@pytest.fixture(scope="module")
def duel(sides):
    return trace_against(*sides, 1, seed=1, turns=12, both=True)


def test_a_duel_trace_alternates_the_players_and_ends_at_the_free_council(sides, duel):
    us, them = sides
    document = duel
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
    assert code == 0 and document["schema"] == "deckcheck/trace/2" and document["mode"] == "both"


def test_each_strike_shows_its_rolls_and_they_decide_what_the_trace_says(duel):
    """Every strike of a whole duel: its roll and prowess give the result written (coe 3.iv.7), its body check
    the defeat or elimination (3.I.1), and the attack's summary names whom its strikes wounded."""
    attacks = [e for t in duel["turns"] for e in t["events"] if e["what"] == "attack"]
    assert attacks and all(e["strikes"] for e in attacks)
    text = format_trace(duel)
    body_checks = 0
    for event in attacks:
        for strike in event["strikes"]:
            assert 2 <= strike["roll"] <= 12
            assert strike["result"] == strike_result(strike["roll"], strike["prowess"], strike["strike_prowess"])
            assert strike["prowess"] <= strike["unmodified_prowess"] + 1
            check = strike["body_check"]
            if check is not None:
                body_checks += 1
                assert check["fails"] == body_check_fails(check["roll"], check["body"], modifier=check["modifier"])
                assert check["fails"] == (strike["defeated"] if check["of"] == "creature" else strike["eliminated"])
            assert f"strike on {strike['character']}: rolls {strike['roll']} + prowess {strike['prowess']}" in text
        wounded = [s["character"] for s in event["strikes"] if s["wounded"]]
        assert ("wounded " + ", ".join(wounded) in event["text"]) if wounded else "wounded" not in event["text"]
    assert body_checks


def test_fixed_rolls_through_a_real_creature_are_the_rolls_the_trace_shows(sides):
    """A creature of the Witch-king deck attacks Gandalf's starting company with the dice fixed: the first strike
    rolls 2 (successful: wounded), its body check 12 (eliminated); every later roll is 12 (failed strikes)."""
    gandalf, witch_king = sides
    creature = next(k for k, spec in enumerate(witch_king.hazards.creature)
                    if spec is not None and spec.strikes >= 2 and spec.attacks == 1 and spec.prowess <= 12)
    spec = witch_king.hazards.creature[creature]
    trace = Trace()
    game = scenario(gandalf.sim, us=gandalf, against=witch_king, rolls=[2, 12], observer=trace)
    trace.turn_start(game)
    company = game.companies[0]
    creature_attacks(game, company, creature, detainment=False)
    event = next(e for e in trace.turns[0]["events"] if e["what"] == "attack")
    first, *rest = event["strikes"]
    assert len(event["strikes"]) == min(spec.strikes, len(trace.turns[0]["companies"][0]["characters"]))
    assert (first["roll"], first["result"], first["wounded"], first["eliminated"]) == (2, "successful", True, True)
    assert first["body_check"]["roll"] == 12 and first["body_check"]["of"] == "character"
    assert rest and all(s["roll"] == 12 and s["result"] == "failed" for s in rest)
    assert f"eliminated {first['character']}" in event["text"]
    lines = format_trace(trace.document(game=1, seed=1, deck="E", mode="against", opponent="I")).splitlines()
    strike_lines = [line.strip() for line in lines if line.strip().startswith("strike on ")]
    assert strike_lines[0].startswith(f"strike on {first['character']}: rolls 2 + prowess {first['prowess']}")
    assert strike_lines[0].endswith("successful, wounded; body check rolls 12 against body "
                                    f"{first['body_check']['body']}: eliminated")
    assert len(strike_lines) == len(event["strikes"])


def test_a_trace_with_strikes_fits_its_schema(duel):
    import jsonschema

    jsonschema.validate(duel, json.loads(schema_path("trace").read_text(encoding="utf-8")))
