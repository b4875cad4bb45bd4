"""`simulate --swap/--variant --output html`: one self-contained page, per variant a chart of the paired MP
difference by turn with its 95% band (zero marked), and the numbers as a table."""

from __future__ import annotations

from html import escape

from deckcheck.report.stats_html import STYLE

# Drawn about a phone's width, so that a 400-px screen shrinks its text little; a desktop shows it 1.5x.
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 440, 200, 40, 10, 12, 34
LABEL_GAP = 12                  # an axis label closer than this to 0's is left out


def render_whatif_html(report: dict) -> str:
    r = report
    sections = [_variant_section(row, r["turns"]) for row in r["variants"]]
    against = f" against {escape(r['opponent'])}" if r["opponent"] else f", hazards {escape(str(r['hazards']))}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>deckcheck what-if: {escape(r['deck'])}</title>
<style>{STYLE}body {{ max-width: 60em; }} svg.chart {{ width: 100%; height: auto; max-width: {WIDTH * 3 // 2}px; }}
.band {{ fill: #9ecae1; opacity: .6; }} .line {{ fill: none; stroke: #08519c; stroke-width: 2; }}
.zero {{ stroke: #444; stroke-dasharray: 4 3; }} .axis text {{ font-size: 11px; }}</style></head><body>
<h1>What if: {escape(r['deck'])}</h1>
<p>{r['games']} games of {r['turns']} turns, seed {r['seed']}{against}. {escape(r['what'][:1].upper() + r['what'][1:])}.
The deck: {escape(_verdict(r['deck_validate']))}.</p>
{''.join(sections)}
<p>A difference in this engine's play (its written-down choices), not in a player's; an interval that holds 0 is no
evidence either way.</p>
</body></html>
"""


def _variant_section(row: dict, turns: int) -> str:
    mp = row["mp_last_turn"]
    rows = "".join(f"<tr><td>{t['turn']}</td><td>{t['mp']['difference']:+.2f}</td>"
                   f"<td>{t['mp']['ci95'][0]:+.2f} to {t['mp']['ci95'][1]:+.2f}</td>"
                   f"<td>±{t['mp']['half_width']:.2f}</td><td>±{t['mp']['unpaired_half_width']:.2f}</td></tr>"
                   for t in row["per_turn"])
    win = ""
    if "win" in row:
        w = row["win"]
        win = (f" P(win): {100 * w['difference']:+.1f} points (95% CI {100 * w['ci95'][0]:+.1f} to "
               f"{100 * w['ci95'][1]:+.1f}); two separate runs would give ±{100 * w['unpaired_half_width']:.1f}.")
    return f"""<section><h2>{row['rank']}. {escape(row['label'])}</h2>
<p>validate: {escape(_verdict(row['validate']))}. MP after turn {turns}: {mp['difference']:+.2f} (95% CI
{mp['ci95'][0]:+.2f} to {mp['ci95'][1]:+.2f}); two separate runs would give ±{mp['unpaired_half_width']:.2f}.{win}</p>
{_chart(row, f"diff-{row['rank']}")}
<details><summary>by turn</summary><table><tr><th>turn</th><th>MP difference</th><th>paired 95% CI</th>
<th>paired ±</th><th>separate runs ±</th></tr>{rows}</table></details></section>
"""


def _chart(row: dict, chart_id: str) -> str:
    points = [(t["turn"], t["mp"]["difference"], t["mp"]["ci95"][0], t["mp"]["ci95"][1]) for t in row["per_turn"]]
    low = min(0.0, *(p[2] for p in points))
    high = max(0.0, *(p[3] for p in points))
    if high - low < 1e-9:
        low, high = -1.0, 1.0
    first, last = points[0][0], points[-1][0]

    def x(turn):
        return LEFT + (WIDTH - LEFT - RIGHT) * ((turn - first) / (last - first) if last > first else 0.5)

    def y(value):
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)

    band = " ".join(f"{x(t):.1f},{y(hi):.1f}" for t, _, _, hi in points) + " " + \
        " ".join(f"{x(t):.1f},{y(lo):.1f}" for t, _, lo, _ in reversed(points))
    line = " ".join(f"{x(t):.1f},{y(d):.1f}" for t, d, _, _ in points)
    ticks = "".join(f'<text x="{x(t):.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">{t}</text>'
                    for t, *_ in points)
    values = [0.0] + [v for v in (high, low) if abs(y(v) - y(0.0)) >= LABEL_GAP]
    labels = "".join(f'<text x="{LEFT - 5}" y="{y(v) + 4:.1f}" text-anchor="end">{v:+.1f}</text>' if v else
                     f'<text x="{LEFT - 5}" y="{y(v) + 4:.1f}" text-anchor="end">0</text>' for v in values)
    return f"""<svg class="chart" id="{chart_id}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"
aria-label="MP difference by turn with its 95% band"><polygon class="band" points="{band}"/>
<line class="zero" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0):.1f}" y2="{y(0):.1f}"/>
<polyline class="line" points="{line}"/><g class="axis">{ticks}{labels}
<text x="{(LEFT + WIDTH - RIGHT) / 2:.0f}" y="{HEIGHT - 4}" text-anchor="middle">turn (MP difference, variant
minus deck, with its paired 95% band)</text></g></svg>"""


def _verdict(verdict: dict) -> str:
    if verdict["legal"] is None:
        return f"not validated ({verdict['note']})"
    if verdict["legal"]:
        return "LEGAL"
    return f"ILLEGAL ({verdict['error_count']} error(s): {'; '.join(verdict['errors'])}), simulated anyway"
