"""The referee (sim/referee.py): each rule it checks, both ways, on scenarios of a real deck; it changes no
number of the games it watches; `simulate --check` reports its findings per rule."""

from __future__ import annotations

import json

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.against import simulate_sides
from deckcheck.sim.model import ROLE_CHARACTER, build_sim_deck
from deckcheck.sim.referee import RULES, Referee
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.simulate import simulate_tables
from tests._shared import GANDALF, WITCH_KING, needs_decks, run_main

pytestmark = needs_decks


@pytest.fixture(scope="module")
def wraith():
    return build_sim_deck(read_deck(str(WITCH_KING)))


def non_haven(sim) -> int:
    return next(i for i, haven in enumerate(sim.site_is_haven) if not haven)


def characters(sim, test, n):
    kinds = [k for k in range(len(sim.kinds)) if sim.role[k] == ROLE_CHARACTER and test(k)]
    assert len(kinds) >= n
    return kinds[:n]


def findings(g, step="site") -> dict[str, int]:
    referee = Referee()
    referee.new_game()
    referee.phase(g, step)
    return {code: f.count for code, f in referee.findings.items() if f.count}


def test_two_leaders_away_from_a_haven_are_a_finding_one_is_not(wraith):
    site = non_haven(wraith)
    leaders = [k for k in range(len(wraith.kinds)) if wraith.leader[k] and not wraith.avatar[k]][:2]
    leaders = (leaders * 2)[:2]                    # the same leader twice is two leaders too
    others = characters(wraith, lambda k: not wraith.leader[k] and not wraith.unique[k], 1)
    g = scenario(wraith, characters=[(k, site) for k in leaders])
    assert findings(g).get("leaders") == 1
    g = scenario(wraith, characters=[(leaders[0], site), (others[0], site)])
    assert "leaders" not in findings(g)


def test_a_company_of_eight_away_from_a_haven_is_a_finding_seven_are_not(wraith):
    site = non_haven(wraith)
    grunt = next(k for k in range(len(wraith.kinds)) if wraith.role[k] == 0 and not wraith.unique[k]
                 and not wraith.half_size[k] and not wraith.avatar[k])
    assert "company-size" in findings(scenario(wraith, characters=[(grunt, site)] * 8))
    assert "company-size" not in findings(scenario(wraith, characters=[(grunt, site)] * 7))


def test_a_unique_card_twice_in_play_is_a_finding(wraith):
    site = non_haven(wraith)
    unique = characters(wraith, lambda k: wraith.unique[k], 1)[0]
    assert findings(scenario(wraith, characters=[(unique, site)] * 2)).get("uniqueness") == 1
    assert "uniqueness" not in findings(scenario(wraith, characters=[(unique, site)]))


def test_general_influence_overspent_is_a_finding(wraith):
    g = scenario(wraith)
    assert "general-influence" not in findings(g)
    site = non_haven(wraith)
    heavy = sorted((k for k in range(len(wraith.kinds)) if wraith.role[k] == 0 and not wraith.avatar[k]
                    and not wraith.unique[k]), key=lambda k: -wraith.mind[k])[0]
    g = scenario(wraith, characters=[(heavy, site)] * (1 + g.gi_max // max(1, wraith.mind[heavy])))
    assert "general-influence" in findings(g, "organization")
    # coe 2.II.8: "the characters remain under that player's control until the end of that player's organization
    # phase" (general influence lost mid-turn: Great Shadow discarded with The Balrog)
    assert "general-influence" not in findings(g, "site")


def test_a_hand_above_its_size_after_a_reset_is_a_finding(wraith):
    g = scenario(wraith)
    assert len(g.hand) == 8 and "hand-size" not in findings(g, "end")
    g.hand.append(g.deck.pop())
    assert findings(g, "end").get("hand-size") == 1
    assert "hand-size" not in findings(g, "organization")     # a hand is checked only after a reset


def test_a_short_hand_after_movement_is_a_finding_only_where_a_company_had_that_phase(wraith):
    g = scenario(wraith)
    assert g.companies
    g.discard.append(g.hand.pop())                             # a card played in organization, say
    assert findings(g, "movement").get("hand-size") == 1     # the company's movement/hazard phase resets
    referee = Referee()
    referee.new_game()
    companies, g.companies = g.companies, []                   # no company: no movement/hazard phase, no reset
    referee.phase(g, "organization")
    referee.phase(g, "movement")
    assert not referee.findings["hand-size"].count
    g.companies = companies
    referee.phase(g, "end")                                    # the end of the turn resets in any case
    assert referee.findings["hand-size"].count == 1


def test_the_free_council_arithmetic_is_checked_both_ways(wraith):
    a, b = scenario(wraith, seed=1), scenario(wraith, seed=2)
    a.category, b.category = [6, 0, 3, 0, 0, 1], [2, 2, 0, 0, 0, 0]
    # b has no faction: a's 3 faction MP count 6; a source above half the total is cut to it (10.3.iv)
    for totals, found in (([13, 4], 0), ([10, 4], 1)):
        referee = Referee()
        referee.new_game()
        referee.council(a, [a, b], totals)
        assert referee.findings["free-council"].count == found, totals


def test_draws_by_the_site_are_checked(wraith):
    g = scenario(wraith)
    company = g.companies[0]
    dest = next(iter(s for s in wraith.starter[company.site] if not wraith.site_is_haven[s]))
    rule = max(1, wraith.sites[dest].draw or 1)
    for drawn, found in ((rule, 0), (rule + 1, 1)):
        referee = Referee()
        referee.new_game()
        referee.move(g, company, company.site, dest, None, True, drawn)
        assert referee.findings["draws"].count == found


def test_watching_changes_no_number(wraith):
    plain = simulate_tables(wraith, games=30, turns=12, seed=4, hazards="heavy")
    referee = Referee()
    watched = simulate_tables(wraith, games=30, turns=12, seed=4, hazards="heavy", observer=referee)
    assert plain == watched and referee.games == 30 and referee.steps > 30 * 12
    us, them = side_of(wraith), side_of(build_sim_deck(read_deck(str(GANDALF))))
    plain = simulate_sides(us, them, games=6, turns=12, seed=2, both=True)
    referee = Referee()
    assert simulate_sides(us, them, games=6, turns=12, seed=2, both=True, observer=referee) == plain
    assert referee.games == 6


def test_simulate_check_reports_every_rule(capsys):
    code, out, _err = run_main(capsys, "simulate", str(WITCH_KING), "--games", "20", "--hazards", "light",
                               "--check", "--output", "json")
    assert code == 0
    document = json.loads(out)
    rows = document["referee"]["rules"]
    assert [r["rule"] for r in rows] == list(RULES) and document["referee"]["games"] == 20
    assert all(r["findings"] >= r["games_with_findings"] >= 0 for r in rows)
    assert all((r["first"] is None) == (r["findings"] == 0) for r in rows)


def test_matchups_check_reports_every_rule_and_changes_no_number(capsys):
    import jsonschema

    from deckcheck.datafiles import schema_path

    field = [str(WITCH_KING), str(GANDALF)]
    code, plain, _err = run_main(capsys, "matchups", *field, "--games", "4", "--seed", "3", "--output", "json")
    assert code == 0
    code, out, _err = run_main(capsys, "matchups", *field, "--games", "4", "--seed", "3", "--check",
                               "--output", "json")
    assert code == 0
    document = json.loads(out)
    jsonschema.validate(document, json.loads(schema_path("matchups").read_text(encoding="utf-8")))
    rows = document["referee"]["rules"]
    assert [r["rule"] for r in rows] == list(RULES) and document["referee"]["games"] == 4
    without = {k: v for k, v in document.items() if k not in ("referee", "run")}
    assert without == {k: v for k, v in json.loads(plain).items() if k != "run"}   # watching changes nothing
    code, text, _err = run_main(capsys, "matchups", *field, "--games", "2", "--check")
    assert code == 0 and "referee: 2 games" in text and all(rule in text for rule in RULES)


def test_an_eliminated_avatar_costs_5_mp_only_against_an_opponent(wraith):
    """coe 10.3.vi is a Free Council rule: the goldfish (no council, its curve the raw total, 10.2) keeps the MP
    of its sources when its avatar is eliminated by an automatic-attack; a game against an opponent takes 5 off."""
    g = scenario(wraith)
    g.category, g.mp, g.avatar_lost = [6, 8, 5, 0, 0, 0], 19, True
    assert "score" not in findings(g)
    g.mp = 14
    assert findings(g).get("score") == 1
    g.opponent = scenario(wraith, seed=2)          # against an opponent: 19 - 5
    assert "score" not in findings(g)
    g.mp = 19
    assert findings(g).get("score") == 1
