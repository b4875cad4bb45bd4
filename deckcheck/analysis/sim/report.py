"""Turn a `Tally` of integer sums into the numbers `deckcheck simulate` reports, as a dict and as text."""

from __future__ import annotations

import math

from deckcheck.analysis.sim.engine import EXHAUSTION_HORIZON, Tally
from deckcheck.analysis.sim.tables import MP_CATEGORIES, ROLE_HAZARD, SimDeck

Z95 = 1.96
TOP_STUCK = 5


def summarize(sim: SimDeck, tally: Tally, *, seed: int, hazards: str) -> dict:
    """Everything reported, as plain JSON-ready values; identical tallies give identical dicts."""
    n = tally.games
    per_turn = []
    for t in range(tally.turns):
        mean = tally.mp_sum[t] / n
        variance = max(0.0, tally.mp_sq[t] / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
        half = Z95 * math.sqrt(variance / n) if n > 1 else 0.0
        per_turn.append({
            "turn": t + 1,
            "mean_mp": round(mean, 3),
            "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "p_threshold": round(tally.reached[t] / n, 4),
            "p_called": round(tally.called[t] / n, 4),
        })
    exhausted = tally.exhausted_eventually
    stuck = sorted(
        ((tally.held[k] / n, k) for k in range(len(sim.kinds)) if sim.role[k] != ROLE_HAZARD and tally.held[k]),
        key=lambda pair: (-pair[0], sim.kinds[pair[1]].name))[:TOP_STUCK]
    return {
        "deck": sim.name,
        "alignment": sim.alignment,
        "games": n,
        "turns": tally.turns,
        "seed": seed,
        "hazards": hazards,
        "length": sim.length,
        "threshold": sim.threshold,
        "play_deck": sim.deck_size,
        "starting_company": [sim.kinds[k].name for k in sim.start_characters],
        "per_turn": per_turn,
        "exhaustion": {
            "p_within_turns": round(tally.exhausted_games / n, 4),
            "horizon": EXHAUSTION_HORIZON,
            "p_within_horizon": round(exhausted / n, 4),
            "mean_turn": round(tally.exhausted_turn_sum / exhausted, 2) if exhausted else None,
        },
        "stuck_in_hand": [
            {"card": sim.kinds[k].display(), "turns_held_per_game": round(value, 3), "copies": sim.copies(k)}
            for value, k in stuck
        ],
        "opening_hand": {
            "p_character": round(tally.opening_character / n, 4),
            "p_playable_character": round(tally.opening_playable_character / n, 4),
            "p_resource_at_reachable_site": round(tally.opening_reachable_resource / n, 4),
            "p_both": round(tally.opening_both / n, 4),
        },
        "final_mp_by_category": {
            name: round(tally.final_category[i] / n, 3) for i, name in enumerate(MP_CATEGORIES)
        },
        "final_mp_half_rule": round(tally.final_half_rule / n, 3),
        "warnings": list(sim.warnings),
    }


def format_text(summary: dict) -> str:
    """The human report: per-turn table, exhaustion, stuck cards, opening-hand odds."""
    s = summary
    lines = [
        f"{s['deck']} ({s['alignment']}): {_count(s['games'], 'game')} of {_count(s['turns'], 'own turn')}, "
        f"seed {s['seed']}, "
        f"hazards {s['hazards']}, {s['length']}-deck game (call at {s['threshold']} MP)",
        f"play deck {s['play_deck']} cards; starting company: {', '.join(s['starting_company']) or 'none'}",
        "",
        f"{'turn':>4}  {'mean MP':>7}  {'95% CI':>15}  {'P(MP>=' + str(s['threshold']) + ')':>10}  {'P(called)':>9}",
    ]
    for row in s["per_turn"]:
        low, high = row["ci95"]
        lines.append(f"{row['turn']:>4}  {row['mean_mp']:>7.2f}  {f'{low:.2f}-{high:.2f}':>15}  "
                     f"{row['p_threshold']:>10.1%}  {row['p_called']:>9.1%}")
    lines.append(f"mean MP after turn {s['turns']} under the half rule (coe 10.3.iv: no source above half the "
                 f"total; no kill points): {s['final_mp_half_rule']:.2f}")
    ex = s["exhaustion"]
    lines.append("")
    turns = f"{s['turns']} turn" + ("s" if s["turns"] != 1 else "")
    lines.append(f"play deck exhausted within {turns} in {ex['p_within_turns']:.1%} of games")
    if ex["mean_turn"] is None:
        lines.append(f"expected exhaustion turn: none within {ex['horizon']} turns")
    else:
        lines.append(f"expected turn of the first exhaustion: {ex['mean_turn']:.1f}"
                     + (f" ({ex['p_within_horizon']:.1%} of games exhaust by turn {ex['horizon']})"
                        if ex["p_within_horizon"] < 1 else ""))
    lines.append("cards most often stuck in hand (turn-ends held over, per game):")
    for row in s["stuck_in_hand"]:
        lines.append(f"  {row['turns_held_per_game']:6.2f}  {row['card']} (x{row['copies']})")
    if not s["stuck_in_hand"]:
        lines.append("  none")
    o = s["opening_hand"]
    lines += [
        "opening hand (8 cards):",
        f"  a character that can be played turn 1     {o['p_playable_character']:6.1%}",
        f"  a resource playable at a reachable site   {o['p_resource_at_reachable_site']:6.1%}",
        f"  both                                      {o['p_both']:6.1%}",
    ]
    for warning in s["warnings"]:
        lines.append(f"note: {warning}")
    return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
