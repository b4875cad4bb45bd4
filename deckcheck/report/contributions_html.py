"""`simulate --cards --output html`: one self-contained page with the per-card and per-site figures as charts
and tables.

- per card, in the table's order: the MP difference (in hand by turn 4 minus not) as a dot with its 95%
  interval, the zero line marked, and beside it the share of games the card was played; the cards the engine
  plays in under 10% of games drawn grey (they are the last rows); in a duel (`--against OPP --both`) the dot
  is the P(win) difference in points, the MP difference going to the table;
- per site: the MP of its site phases per game as a bar, beside it the visits per game.

The charts are drawn narrow (about a phone's width) so that their text stays readable when a phone shrinks
them; every name shown is escaped.
"""

from __future__ import annotations

import re
from html import escape

from deckcheck.report.stats_html import STYLE, _svg_open
from deckcheck.sim.contributions import RARELY

WIDTH = 440                                  # the drawn width: a 400-px phone shows it at about 0.85
NAME, GAP, PANEL_A, PANEL_B = 176, 20, 144, 80   # label column, the two panels
ROW, TOP, BOTTOM = 17, 22, 26
NAME_CHARS = 27                              # a longer name is shortened (the table below gives it whole)
TAGS = re.compile(r"(\s\[[^\]]*\]|\s\([^)]*\))+$")      # "Gandalf [H] (TW)": the chart shows "Gandalf"


def render_contributions_html(report: dict) -> str:
    r = report
    title = f"What each card and each site brings: {r['deck']}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>deckcheck: {escape(title)}</title>
<style>{STYLE}svg.chart {{ max-width: {WIDTH * 3 // 2}px; }} svg.chart text {{ font-size: 11px; }}
.whisker {{ stroke: #08519c; stroke-width: 1.5; }} .dot {{ fill: #08519c; }} .bar {{ fill: #6baed6; }}
.rare .whisker, .rare .dot {{ stroke: #999; fill: #999; }} .rare .bar {{ fill: #ccc; }} .rare text {{ fill: #777; }}
.zero {{ stroke: #444; stroke-dasharray: 4 3; }} .grid {{ stroke: #ddd; }}
code {{ white-space: nowrap; }}</style></head><body>
<h1>{escape(title)}</h1>
<p>{escape(_games(r))}.
{escape(_sentence(r['what']))}</p>
<h2>Cards</h2>
<figure class="wide"><figcaption>{escape(_measure(r)[3])} with a copy in hand by turn {r['in_hand_by_turn']}
minus without (95% interval), and the share of games it was played</figcaption>
{_cards_chart(r)}
<p class="note">Grey: played in under {RARELY:.0%} of games (the last rows, never-played ones at the bottom). An
association in this engine's play, not a cause: <code>--swap</code> asks the causal question.</p></figure>
{_cards_table(r)}
<h2>Sites</h2>
<figure class="wide"><figcaption>MP of the site phases there and visits, per game</figcaption>
{_sites_chart(r)}</figure>
{_sites_table(r)}
<p>Site-phase MP in all: {r['site_phase_mp_total'] / r['games']:.2f} per game{_unattributed(r)}. Sites of the location
deck never visited: {escape(', '.join(r['sites_never_visited']) or 'none')}.</p>
</body></html>
"""


def _games(r: dict) -> str:
    if r["opponent"] is None:
        return f"{r['games']} goldfish games of {r['turns']} turns, seed {r['seed']}, hazards {r['hazards']}"
    if r["mode"] == "both":
        return (f"{r['games']} games of {r['turns']} turns against {r['opponent']}, seed {r['seed']}, both decks "
                f"playing full turns (ours first); P(win) at the Free Council {r['p_win']:.1%}")
    return (f"{r['games']} games of {r['turns']} turns against the hazards of {r['opponent']}, seed "
            f"{r['seed']}")


def _measure(r: dict) -> tuple:
    """The per-card association the chart draws: (its key, its interval's key, the factor to the unit shown,
    the caption's words, the axis title)."""
    if r["mode"] == "both":
        return "win_difference", "win_ci95", 100.0, "P(win) in points", "P(win) difference"
    return "difference", "ci95", 1.0, f"MP after turn {r['turns']}", "MP difference"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _unattributed(r: dict) -> str:
    if not r["site_phase_mp_unattributed"]:
        return ""
    return f" ({r['site_phase_mp_unattributed'] / r['games']:.2f} of it at no site the watcher could name)"


def _short(name: str) -> str:
    """A chart's label: the name without its printing's tags, shortened to fit (its row's tooltip and the table
    give it whole)."""
    name = TAGS.sub("", name) or name
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1] + "\u2026"


def _scale(low: float, high: float, left: float, width: float):
    if high - low < 1e-9:
        low, high = low - 1.0, high + 1.0
    return lambda v: left + width * (v - low) / (high - low)


def _cards_chart(r: dict) -> str:
    cards = r["cards"]
    key, ci_key, unit, _words, axis_title = _measure(r)
    shown = [c for c in cards if c[ci_key] is not None]
    low = min([0.0] + [unit * c[ci_key][0] for c in shown])
    high = max([0.0] + [unit * c[ci_key][1] for c in shown])
    a_left = NAME + GAP
    b_left = a_left + PANEL_A + GAP
    x = _scale(low, high, a_left, PANEL_A)
    share = _scale(0.0, 1.0, b_left, PANEL_B)
    height = TOP + ROW * len(cards) + BOTTOM
    rows = []
    for i, c in enumerate(cards):
        mid = TOP + ROW * i + ROW / 2
        cls = ' class="rare"' if c["play_rate"] < RARELY else ""
        mark = ""
        if c[ci_key] is not None:
            mark = (f'<line class="whisker" x1="{x(unit * c[ci_key][0]):.1f}" x2="{x(unit * c[ci_key][1]):.1f}" '
                    f'y1="{mid:.1f}" y2="{mid:.1f}"/><circle class="dot" cx="{x(unit * c[key]):.1f}" '
                    f'cy="{mid:.1f}" r="3"/>')
        rows.append(f'<g{cls}><title>{escape(c["card"])}: {_figure(c)}</title>'
                    f'<text x="{NAME}" y="{mid + 4:.1f}" text-anchor="end">{escape(_short(c["card"]))}</text>{mark}'
                    f'<rect class="bar" x="{b_left}" y="{mid - 5:.1f}" width="{share(c["play_rate"]) - b_left:.1f}" '
                    f'height="10"/></g>')
    bottom = TOP + ROW * len(cards)
    axis = (f'<line class="zero" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{TOP - 4}" y2="{bottom}"/>'
            f'<line class="grid" x1="{share(1):.1f}" x2="{share(1):.1f}" y1="{TOP - 4}" y2="{bottom}"/>'
            f'<text x="{a_left + PANEL_A / 2:.0f}" y="{TOP - 8}" text-anchor="middle">{axis_title}</text>'
            f'<text x="{b_left + PANEL_B / 2:.0f}" y="{TOP - 8}" text-anchor="middle">played</text>'
            f'<text x="{x(low):.1f}" y="{bottom + 14}" text-anchor="start">{low:+.1f}</text>'
            f'<text x="{x(0):.1f}" y="{bottom + 14}" text-anchor="middle">0</text>'
            f'<text x="{x(high):.1f}" y="{bottom + 14}" text-anchor="end">{high:+.1f}</text>'
            f'<text x="{b_left}" y="{bottom + 14}" text-anchor="start">0%</text>'
            f'<text x="{share(1):.1f}" y="{bottom + 14}" text-anchor="end">100%</text>')
    return (_svg_open("chart-cards", "card-chart", f"{axis_title} per card with its 95% interval, and its play rate",
                      WIDTH, height) + axis + "".join(rows) + "</svg>")


def _figure(c: dict) -> str:
    if c["difference"] is None:
        return f"no comparison, played in {c['play_rate']:.0%} of games"
    win = ""
    if c.get("win_difference") is not None:
        low, high = c["win_ci95"]
        win = f"P(win) {100 * c['win_difference']:+.1f} points ({100 * low:+.1f} to {100 * high:+.1f}), "
    return (f"{win}{c['difference']:+.2f} MP ({c['ci95'][0]:+.2f} to {c['ci95'][1]:+.2f}), played in "
            f"{c['play_rate']:.0%} of games")


def _sites_chart(r: dict) -> str:
    sites = r["sites"]
    high = max([0.1] + [s["mp_per_game"] for s in sites])
    low = min([0.0] + [s["mp_per_game"] for s in sites])
    most = max([0.1] + [s["visits_per_game"] for s in sites])
    a_left = NAME + GAP
    b_left = a_left + PANEL_A + GAP
    x = _scale(low, high, a_left, PANEL_A)
    visits = _scale(0.0, most, b_left, PANEL_B)
    height = TOP + ROW * max(1, len(sites)) + BOTTOM
    rows = []
    for i, s in enumerate(sites):
        mid = TOP + ROW * i + ROW / 2
        start, end = sorted((x(0), x(s["mp_per_game"])))
        rows.append(f'<g><title>{escape(s["site"])}: {s["mp_per_game"]:.2f} MP and {s["visits_per_game"]:.2f} '
                    f'visits per game</title><text x="{NAME}" y="{mid + 4:.1f}" text-anchor="end">'
                    f'{escape(_short(s["site"]))}</text><rect class="bar" x="{start:.1f}" y="{mid - 5:.1f}" '
                    f'width="{max(end - start, 0.5):.1f}" height="10"/><rect class="bar" x="{b_left}" '
                    f'y="{mid - 5:.1f}" width="{visits(s["visits_per_game"]) - b_left:.1f}" height="10"/></g>')
    bottom = TOP + ROW * max(1, len(sites))
    axis = (f'<line class="zero" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{TOP - 4}" y2="{bottom}"/>'
            f'<text x="{a_left + PANEL_A / 2:.0f}" y="{TOP - 8}" text-anchor="middle">MP per game</text>'
            f'<text x="{b_left + PANEL_B / 2:.0f}" y="{TOP - 8}" text-anchor="middle">visits</text>'
            f'<text x="{x(0):.1f}" y="{bottom + 14}" text-anchor="{"start" if low == 0 else "middle"}">0</text>'
            f'<text x="{x(high):.1f}" y="{bottom + 14}" text-anchor="end">{high:.1f}</text>'
            f'<text x="{b_left}" y="{bottom + 14}" text-anchor="start">0</text>'
            f'<text x="{visits(most):.1f}" y="{bottom + 14}" text-anchor="end">{most:.1f}</text>')
    return (_svg_open("chart-sites", "site-chart", "MP of the site phases per site and visits per game", WIDTH,
                      height) + axis + "".join(rows) + "</svg>")


def _cards_table(r: dict) -> str:
    both = r["mode"] == "both"
    rows = "".join(_card_row(c, r["games"], both) for c in r["cards"])
    win = "<th>P(win) difference (points)</th><th>95% CI</th>" if both else ""
    return (f'<details><summary>the per-card table</summary><div class="table"><table><tr><th>card</th>{win}'
            f'<th>MP difference</th><th>95% CI</th><th>in hand by turn {r["in_hand_by_turn"]}</th><th>played</th>'
            f'<th>turn-ends held</th></tr>{rows}</table></div></details>')


def _card_row(c: dict, games: int, both: bool) -> str:
    muted = ' class="muted"' if c["play_rate"] < RARELY else ""
    win = ""
    if both:
        wd = "-" if c["win_difference"] is None else f"{100 * c['win_difference']:+.1f}"
        wci = ("-" if c["win_ci95"] is None else
               f"{100 * c['win_ci95'][0]:+.1f} to {100 * c['win_ci95'][1]:+.1f}")
        win = f'<td class="n">{wd}</td><td class="n">{wci}</td>'
    difference = "-" if c["difference"] is None else f"{c['difference']:+.2f}"
    ci = "-" if c["ci95"] is None else f"{c['ci95'][0]:+.2f} to {c['ci95'][1]:+.2f}"
    hazard = ", hazard" if c["hazard"] else ""
    return (f'<tr{muted}><td>{escape(c["card"])} (x{c["copies"]}{hazard})</td>{win}<td class="n">{difference}</td>'
            f'<td class="n">{ci}</td><td class="n">{c["games_in_hand_by_turn"] / games:.0%}</td>'
            f'<td class="n">{c["play_rate"]:.0%}</td><td class="n">{c["turns_held_per_game"]:.1f}</td></tr>')


def _sites_table(r: dict) -> str:
    rows = "".join(f'<tr><td>{escape(s["site"])}</td><td class="n">{s["visits_per_game"]:.2f}</td>'
                   f'<td class="n">{s["mp_per_game"]:.2f}</td><td class="n">{s["characters_lost_per_game"]:.3f}</td>'
                   f'<td class="n">{s["first_reached_turn"]:.1f}</td></tr>' for s in r["sites"])
    return ('<details><summary>the per-site table</summary><div class="table"><table><tr><th>site</th>'
            '<th>visits</th><th>MP</th><th>characters lost</th><th>first reached (turn)</th></tr>'
            f'{rows}</table></div></details>')
