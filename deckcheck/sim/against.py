"""`deckcheck simulate DECK --against OPPONENT [--both]`: our turns against a real opponent's hazards.

    from deckcheck.sim.against import simulate_against
    summary = simulate_against(deck, opponent, games=2000, turns=12, seed=1, both=True)

The summary has every key of the goldfish summary (`sim.report.summarize`) plus `opponent`,
`characters_lost_per_game`, `hazards` and, with `both`, `p_win`, `p_draw`, `mp_difference` (each with a 95%
interval) and the opponent's own curve. Game i uses its own generator seeded from (seed, i), and every number
is an integer sum over games, so the same seed gives the same summary in any split of the games.
"""

from __future__ import annotations

from functools import partial

from deckcheck.decklist.model import Deck
from deckcheck.sim.match import play_against, play_duel
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.opponent import AGENT_PARTLY
from deckcheck.sim.report import format_text, mean_interval, summarize, wilson
from deckcheck.sim.side import Side, side_of
from deckcheck.sim.tally import DuelTally, Tally
from deckcheck.sim.workers import play_in_workers, worker_count

TOP_HAZARDS = 8
# Below this many games per worker, another process costs more than it saves.
MIN_GAMES_PER_WORKER = 200


def simulate_against(deck: Deck, opponent: Deck, *, games: int = 2000, turns: int = 12, seed: int = 0,
                     length: int = 2, both: bool = False) -> dict:
    us, them = side_of(build_sim_deck(deck, length)), side_of(build_sim_deck(opponent, length))
    return simulate_sides(us, them, games=games, turns=turns, seed=seed, both=both)


def simulate_sides(us: Side, them: Side, *, games: int, turns: int, seed: int, both: bool,
                   jobs: int | None = None, observer=None) -> dict:
    """The summary of `games` games against `them`; an `observer` (the referee) watches every one, in this
    process."""
    if games < 1 or turns < 1:
        raise ValueError("games and turns must be at least 1")
    if observer is not None:
        tallies, stats = run_sides(us, them, 0, games, turns, seed, both, observer)
    else:
        tallies, stats = run_split(us, them, games, turns, seed, both, jobs)
    return summarize_against(us, them, tallies, stats, seed=seed, both=both)


def run_split(us: Side, them: Side, games: int, turns: int, seed: int, both: bool, jobs: int | None):
    """All games in this process, or in contiguous chunks over `jobs` worker processes (the same sums)."""
    workers = worker_count(jobs, games, MIN_GAMES_PER_WORKER)
    if workers == 1:
        return run_sides(us, them, 0, games, turns, seed, both)
    play = partial(run_sides, us, them, turns=turns, seed=seed, both=both)
    parts = [part for _count, part in play_in_workers(play, games, workers)]
    tallies, stats = parts[0]
    for more_tallies, more_stats in parts[1:]:
        for mine, theirs in zip(tallies + stats, more_tallies + more_stats):
            mine.merge(theirs)
    return tallies, stats


def run_sides(us: Side, them: Side, first: int, count: int, turns: int, seed: int, both: bool, observer=None
              ) -> tuple[tuple[Tally, Tally], tuple[DuelTally, DuelTally]]:
    """Games first..first+count-1: integer tallies of ours and the opponent's (the latter only with `both`)."""
    tallies = (Tally(turns=turns, kinds=len(us.sim.kinds)), Tally(turns=turns, kinds=len(them.sim.kinds)))
    stats = (DuelTally(opponent_kinds=len(them.sim.kinds)), DuelTally(opponent_kinds=len(us.sim.kinds)))
    for game in range(first, first + count):
        if both:
            play_duel(us, them, game, seed, turns, tallies, stats, observer)
        else:
            play_against(us, them, game, seed, turns, tallies[0], stats[0], observer)
    return tallies, stats


def summarize_against(us: Side, them: Side, tallies: tuple[Tally, Tally], stats: tuple[DuelTally, DuelTally], *,
                      seed: int, both: bool) -> dict:
    summary = summarize(us.sim, tallies[0], seed=seed, hazards="both" if both else "against")
    if both:        # our hazards are played by the hazard model: one it never plays says why
        _hazard_model_reasons(us, tallies[0], summary["cards"])
    mine = stats[0]
    n = mine.games
    summary["opponent"] = {"deck": them.sim.name, "alignment": them.sim.alignment, "plays": "both" if both else
                           "hazards"}
    summary["characters_lost_per_game"] = mean_interval(mine.characters_lost, mine.characters_lost_sq, n)
    summary["kill_mp_per_game"] = round(mine.kill_mp / n, 3)
    summary["hazards"] = hazard_rows(them, mine, n)
    summary["opponent_hazards_not_played"] = [
        {"card": them.sim.kinds[k].display(), "copies": them.sim.copies(k), "reason": reason}
        for k, reason in sorted(them.hazards.not_played.items(), key=lambda kv: them.sim.kinds[kv[0]].name)]
    summary["opponent_hazards_partly_played"] = [
        {"card": them.sim.kinds[k].display(), "copies": them.sim.copies(k), "reason": AGENT_PARTLY}
        for k in sorted(them.hazards.agent_kinds & set(them.sim.play_deck), key=lambda k: them.sim.kinds[k].name)]
    if both:
        summary["p_win"] = wilson(mine.wins, n)
        summary["p_draw"] = wilson(mine.draws, n)
        summary["mp_difference"] = mean_interval(mine.mp_difference, mine.mp_difference_sq, n)
        summary["final_mp_free_council"] = round(mine.final_mp / n, 3)
        summary["opponent_final_mp_free_council"] = round(mine.opponent_final_mp / n, 3)
        theirs = summarize(them.sim, tallies[1], seed=seed, hazards="against")
        summary["opponent"]["per_turn"] = theirs["per_turn"]
        summary["opponent"]["characters_lost_per_game"] = mean_interval(
            stats[1].characters_lost, stats[1].characters_lost_sq, n)
        summary["opponent"]["hazards"] = hazard_rows(us, stats[1], n)
    return summary


def _hazard_model_reasons(us: Side, tally: Tally, rows: list[dict]) -> None:
    kind_of = {us.sim.kinds[k].id: k for k in us.sim.copies_in_play_deck}
    for row in rows:
        kind = kind_of[row["card_id"]]
        if row["never_played_reason"] and tally.drawn_games[kind] and kind in us.hazards.not_played:
            row["never_played_reason"] = us.hazards.not_played[kind]


def hazard_rows(them: Side, stats: DuelTally, n: int) -> list[dict]:
    """Per opponent card played as a hazard: times played and characters it removed, per game and in all."""
    rows = []
    for kind, played in enumerate(stats.hazards_played):
        if played or stats.hazards_eliminated[kind]:
            rows.append({"card": them.sim.kinds[kind].display(), "copies": them.sim.copies(kind),
                         "times_played": played, "played_per_game": round(played / n, 3),
                         "characters_eliminated": stats.hazards_eliminated[kind],
                         "eliminated_per_game": round(stats.hazards_eliminated[kind] / n, 3)})
    rows.sort(key=lambda r: (-r["characters_eliminated"], -r["times_played"], r["card"]))
    return rows


def format_against(summary: dict) -> str:
    """The goldfish text report, then the opponent's part."""
    s = summary
    lines = [format_text({**s, "hazards": f"of {s['opponent']['deck']}"}), ""]
    o = s["opponent"]
    lines.append(f"against {o['deck']} ({o['alignment']}): "
                 + ("both sides play full turns; the Free Council decides (coe 10.3)" if o["plays"] == "both"
                    else "its hazards are played on our companies; its own turns only draw and discard"))
    lost = s["characters_lost_per_game"]
    low, high = lost["ci95"]
    lines.append(f"characters lost per game: {lost['mean']:.2f} (95% CI {low:.2f}-{high:.2f}); "
                 f"kill MP per game: {s['kill_mp_per_game']:.2f}")
    if "p_win" in s:
        for label, key in (("P(win)", "p_win"), ("P(draw)", "p_draw")):
            p = s[key]
            lines.append(f"{label:<8} {p['p']:6.1%}  (95% CI {p['ci95'][0]:.1%}-{p['ci95'][1]:.1%})")
        d = s["mp_difference"]
        lines.append(f"MP difference at the Free Council (ours - theirs): {d['mean']:+.2f} "
                     f"(95% CI {d['ci95'][0]:+.2f} to {d['ci95'][1]:+.2f}); ours {s['final_mp_free_council']:.2f}, "
                     f"theirs {s['opponent_final_mp_free_council']:.2f}")
        last = o["per_turn"][-1]
        lines.append(f"opponent's mean MP after its turn {last['turn']}: {last['mean_mp']:.2f}; characters it lost "
                     f"per game: {o['characters_lost_per_game']['mean']:.2f}")
    lines.append("their hazards that hurt most (characters removed from play, per game; times played per game):")
    for row in s["hazards"][:TOP_HAZARDS]:
        lines.append(f"  {row['eliminated_per_game']:6.3f}  {row['played_per_game']:6.2f}  {row['card']} "
                     f"(x{row['copies']})")
    if not s["hazards"]:
        lines.append("  none played")
    if s.get("opponent_hazards_partly_played"):
        lines.append("their hazards the simulation plays in part:")
        for row in s["opponent_hazards_partly_played"]:
            lines.append(f"  {row['card']} (x{row['copies']}): {row['reason']}")
    if s["opponent_hazards_not_played"]:
        lines.append("their hazards the simulation never plays:")
        for row in s["opponent_hazards_not_played"]:
            lines.append(f"  {row['card']} (x{row['copies']}): {row['reason']}")
    return "\n".join(lines)
