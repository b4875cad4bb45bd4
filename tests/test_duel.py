"""Simulating against a real opponent (`simulate --against [--both]`): the opponent's hazard model, the Free
Council, reproducibility, and a measured effect of the opponent's creatures on real ICE Challenge Decks."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from deckcheck.cards.names import fold
from deckcheck.decklist import read_deck
from deckcheck.sim.against import run_sides, simulate_against, simulate_sides, wilson
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.opponent import CORRUPTION, CREATURE, EVENT, HazardPlayer
from deckcheck.sim.rules.council import council_totals
from deckcheck.sim.rules.keying import Move, site_path
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.tally import DuelTally
from deckcheck.sim.turn.hazards import check_corruption, corruption_points, move_seen
from tests._shared import DECKS, needs_decks

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
GANDALF = CHALLENGE / "E - Gandalf - Return of the King"
WITCH_KING = CHALLENGE / "I - Witchking - Morgul Rallying Cry"


# ---- the Free Council (coe 10.3), hand-worked ------------------------------------------------------------

def test_council_doubles_a_source_the_opponent_lacks():
    # Sources: character, item, faction, ally, kill, miscellaneous.
    # Ours 10/4/6/0/0/0, theirs 8/0/0/0/2/0. They have no items and no factions: our 4 item MP count 8 and our 6
    # faction MP 12 (coe 10.3.iii); total 10+8+12 = 30, no source above half (12 <= 15).
    # We have MP in every source they have: nothing of theirs is doubled; 8 of their 10 come from characters,
    # more than half: cut to what the others give, 2 (10.3.iv): total 4.
    ours, theirs = council_totals([[10, 4, 6, 0, 0, 0], [8, 0, 0, 0, 2, 0]], [False, False])
    assert (ours, theirs) == (30, 4)


def test_council_eliminated_avatar_costs_five_after_everything():
    # Ours 5/5: total 10, then -5 for the avatar (10.3.vi) = 5. Theirs 5/5/1 with our factions at 0: their
    # faction doubled to 2, total 12.
    assert council_totals([[5, 5, 0, 0, 0, 0], [5, 5, 1, 0, 0, 0]], [True, False]) == [5, 12]


def test_wilson_interval():
    p = wilson(8, 10)
    assert p["p"] == 0.8 and p["ci95"][0] == pytest.approx(0.4902, abs=1e-4)
    assert p["ci95"][1] == pytest.approx(0.9433, abs=1e-4)


# ---- the opponent's hazard model on a real deck --------------------------------------------------------

@pytest.fixture(scope="module")
def sides():
    if not GANDALF.is_file():
        pytest.skip(f"needs the ICE Challenge Decks at {CHALLENGE} (../shared is absent)")
    return side_of(build_sim_deck(read_deck(str(GANDALF)))), side_of(build_sim_deck(read_deck(str(WITCH_KING))))


def _kind(side, name):
    return next(k for k, c in enumerate(side.sim.kinds) if c.name == name)


def test_hazards_are_sorted_by_what_the_model_can_play(sides):
    _, witch_king = sides
    t = witch_king.hazards
    assert t.use[_kind(witch_king, "True Fire-drake")] == CREATURE
    assert t.use[_kind(witch_king, "Lure of Nature")] == CORRUPTION
    doors = _kind(witch_king, "Doors of Night")
    assert t.use[doors] == EVENT and doors not in t.not_played
    outpost = _kind(witch_king, "An Unexpected Outpost")
    assert t.use[outpost] == EVENT and outpost not in t.not_played
    withered = _kind(witch_king, "Withered Lands")          # played since issue 22's tournament hazards
    assert t.use[withered] == EVENT and withered not in t.not_played


class _Hand:
    def __init__(self, cards):
        self.hand = list(cards)
        self.discard = []


def test_hazard_player_plays_keyable_creatures_most_threatening_first_within_the_limit(sides):
    _, witch_king = sides
    fire_drake, ambusher, slayer = (_kind(witch_king, n) for n in ("True Fire-drake", "Ambusher", "Slayer"))
    player = HazardPlayer(witch_king.hazards, _Hand([ambusher, fire_drake, slayer]))
    # Lórien to Minas Tirith: {w}{b}{f}. True Fire-drake needs three Wildernesses: not playable. Slayer ({b}{B})
    # and Ambusher ({f}{b}) are: Slayer (prowess 11, two attacks of one strike, attacker chooses: threat 15)
    # before Ambusher (prowess 10, two strikes, attacker chooses: 14).
    move = Move(path=site_path("{w}{b}{f}"), regions=frozenset({fold("Anórien")}), site_type="F",
                site=fold("Minas Tirith"), site_region=fold("Anórien"))
    chosen = player.choose_creatures(move, limit=2, defender_alignment="wizard")
    assert [k for k, _, _ in chosen] == [slayer, ambusher]
    assert player.choose_creatures(move, limit=1, defender_alignment="wizard")[0][0] == slayer
    wild = dataclasses.replace(move, path=site_path("{w}{w}{w}"))
    assert fire_drake in [k for k, _, _ in player.choose_creatures(wild, 3, "wizard")]
    # two copies of a creature may attack the same company, one after the other; a unique one cannot
    player = HazardPlayer(witch_king.hazards, _Hand([ambusher, slayer, ambusher]))
    assert [k for k, _, _ in player.choose_creatures(move, limit=3, defender_alignment="wizard")] == [
        slayer, ambusher, ambusher]
    cards = list(witch_king.hazards.cards)
    cards[ambusher] = dataclasses.replace(cards[ambusher], unique=True)
    player = HazardPlayer(dataclasses.replace(witch_king.hazards, cards=cards), _Hand([ambusher, ambusher]))
    assert [k for k, _, _ in player.choose_creatures(move, limit=3, defender_alignment="wizard")] == [ambusher]


def test_against_adds_the_opponent_keys_and_is_reproducible(sides):
    us, them = sides
    first = simulate_sides(us, them, games=40, turns=6, seed=3, both=False)
    assert first == simulate_sides(us, them, games=40, turns=6, seed=3, both=False)
    assert first["opponent"]["deck"].startswith("I - Witchking")
    assert first["characters_lost_per_game"]["mean"] > 0
    played = {row["card"]: row for row in first["hazards"]}
    assert any(name.startswith("Lure of Nature") for name in played)
    assert sum(r["characters_eliminated"] for r in first["hazards"]) <= first["characters_lost_per_game"]["mean"] * 40
    assert first["opponent_hazards_not_played"] == []       # Withered Lands, its last one, played since issue 22


def test_results_do_not_depend_on_how_games_are_split(sides):
    us, them = sides
    whole_tallies, whole_stats = run_sides(us, them, 0, 12, 5, 7, True)
    part_tallies, part_stats = run_sides(us, them, 0, 5, 5, 7, True)
    rest_tallies, rest_stats = run_sides(us, them, 5, 7, 5, 7, True)
    for i in range(2):
        part_tallies[i].merge(rest_tallies[i])
        part_stats[i].merge(rest_stats[i])
        assert part_tallies[i] == whole_tallies[i]
        assert part_stats[i] == whole_stats[i]


def test_worker_processes_give_the_same_summary(sides):
    us, them = sides
    one = simulate_sides(us, them, games=400, turns=3, seed=5, both=True, jobs=1)
    assert simulate_sides(us, them, games=400, turns=3, seed=5, both=True, jobs=2) == one


def test_against_output_fits_the_simulate_schema(sides):
    import jsonschema

    from deckcheck.datafiles import schema_path

    schema = json.loads(schema_path("simulate").read_text(encoding="utf-8"))
    us, them = sides
    for both in (False, True):
        summary = json.loads(json.dumps(simulate_sides(us, them, games=10, turns=4, seed=1, both=both)))
        assert summary["schema"] == "deckcheck/simulate/3"
        jsonschema.validate(summary, schema)
    broken = dict(summary, p_win={"p": 2, "ci95": [0, 1]})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)


def test_both_reports_win_draw_and_mp_difference(sides):
    us, them = sides
    s = simulate_sides(us, them, games=30, turns=8, seed=1, both=True)
    assert 0 <= s["p_win"]["p"] + s["p_draw"]["p"] <= 1
    low, high = s["p_win"]["ci95"]
    assert low <= s["p_win"]["p"] <= high
    d = s["mp_difference"]
    assert d["ci95"][0] <= d["mean"] <= d["ci95"][1]
    assert d["mean"] == pytest.approx(s["final_mp_free_council"] - s["opponent_final_mp_free_council"], abs=0.01)
    assert len(s["opponent"]["per_turn"]) == 8


def test_a_move_is_keyed_by_the_movement_the_company_used(sides):
    """coe 2.IV.ii: starter movement keys to the new site's printed path and the two sites' region names;
    region movement to every region it crosses, by type and name."""
    gandalf, witch_king = sides
    game = scenario(gandalf.sim, us=gandalf, against=witch_king)
    sim = gandalf.sim
    starter = next((o, d) for o in range(len(sim.sites)) for d in sim.starter[o] if not sim.site_is_haven[d])
    move = move_seen(game, *starter)
    assert move.path == site_path(sim.sites[starter[1]].site_path)
    assert move.regions == {fold(sim.sites[i].region) for i in starter}
    by_region = [(o, d) for o in range(len(sim.sites)) for d in sim.region_reach[o] - sim.starter[o]
                 if sim.sites[o].region != sim.sites[d].region]
    assert by_region
    for origin, dest in by_region:
        move = move_seen(game, origin, dest)
        crossed = {fold(sim.sites[origin].region), fold(sim.sites[dest].region)}
        assert crossed <= move.regions and 2 <= len(move.path) == len(move.regions) <= 4
        assert sorted(move.path) == sorted(sim.regions[r][0] for r in move.regions)
    assert move_seen(game, *by_region[0]) is gandalf.moves[by_region[0]]     # worked out once per deck


def test_a_hero_failing_a_corruption_check_by_one_is_discarded_and_by_more_eliminated(sides):
    """coe 7.1: a roll equal to or one less than the corruption points discards a hero character (to the discard
    pile: a unique one may be played again); lower eliminates it (out of the game)."""
    gandalf, witch_king = sides
    for below, out_of_game in ((1, False), (2, True)):
        game = scenario(gandalf.sim, us=gandalf, against=witch_king, rolls=[2])
        company = game.companies[0]
        hero = next(c for c in company.characters if not gandalf.sim.avatar[c.kind] and gandalf.sim.unique[c.kind])
        points = corruption_points(game, hero)
        fixed = game.defence.check_modifier[hero.kind]
        # support=0: nobody taps for +1 (coe 7.1.1, tests/test_sim_support.py)
        assert not check_corruption(game, company, hero, points - below - 2 - fixed, None, support=0)
        assert hero not in company.characters and game.lost == 1
        assert (hero.kind in game.discard) is not out_of_game
        assert (hero.kind in game.used_unique) is out_of_game


def test_with_both_our_hazards_played_on_the_opponent_count_as_played(sides):
    gandalf, witch_king = sides
    s = simulate_sides(gandalf, witch_king, games=20, turns=6, seed=3, both=True)
    hazards = [row for row in s["cards"] if row["part"] == "hazards"]
    assert any(row["p_played"] > 0 for row in hazards)           # the creatures the hazard model played on them
    for row in hazards:
        assert (row["never_played_reason"] is None) == (row["p_played"] > 0), row
    played_on_them = {row["card"]: row["times_played"] for row in s["opponent"]["hazards"]}
    # Twilight is also played as a resource, by us, to cancel their Doors of Night: not on them
    answers = {c.name + f" ({c.set})" for k, c in enumerate(gandalf.sim.kinds) if gandalf.environment[k]}
    assert {row["name"]: round(row["mean_played"] * 20) for row in hazards
            if row["p_played"] and row["name"] not in answers} == {
        name: times for name, times in played_on_them.items() if name not in answers}


@needs_decks
def test_a_creature_heavy_hazard_deck_costs_more_characters_than_the_same_deck_without_creatures():
    """The Witch-king deck as it is, and with its creatures taken out of the play deck (measured, 150 games)."""
    gandalf = read_deck(str(GANDALF))
    heavy = read_deck(str(WITCH_KING))
    light = dataclasses.replace(heavy, entries=[e for e in heavy.entries if not (
        e.card is not None and e.card.is_creature and e.part.value in ("hazards", "play"))])
    assert len(light.entries) < len(heavy.entries)
    lost = {}
    for label, opponent in (("heavy", heavy), ("light", light)):
        lost[label] = simulate_against(gandalf, opponent, games=150, turns=8, seed=2)["characters_lost_per_game"]
    assert lost["heavy"]["ci95"][0] > lost["light"]["ci95"][1], lost


@needs_decks
def test_cli_against_json_and_usage_errors():
    base = [sys.executable, "-m", "deckcheck", "simulate", str(GANDALF), "--games", "10", "--turns", "4"]
    done = subprocess.run(base + ["--against", str(WITCH_KING), "--both", "--output", "json"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert {"characters_lost_per_game", "hazards", "p_win", "p_draw", "mp_difference", "per_turn"} <= set(summary)
    bad = subprocess.run(base + ["--both"], capture_output=True, text=True)
    assert bad.returncode == 2 and "--both needs --against" in bad.stderr
    bad = subprocess.run(base + ["--against", str(WITCH_KING), "--hazards", "heavy"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    missing = subprocess.run(base + ["--against", "no-such-deck.txt"], capture_output=True, text=True)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_duel_tally_merges_by_addition():
    a = DuelTally(opponent_kinds=2, games=1, wins=1, hazards_played=[1, 0])
    b = DuelTally(opponent_kinds=2, games=2, draws=1, hazards_played=[0, 3])
    a.merge(b)
    assert (a.games, a.wins, a.draws, a.hazards_played) == (3, 1, 1, [1, 3])
