"""`deckcheck stats --output html`: one self-contained HTML file with inline SVG charts.

No JavaScript, no external CSS, fonts or images: the file reads the same offline and years from now.
The charts are drawn here as SVG: horizontal bars (composition, MP by category, creature keying) and
line curves (draw odds). Every text from the deck goes through `html.escape`.
"""

from __future__ import annotations

from html import escape

from deckcheck.analysis.stats import DeckStats

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac")

DASHES = ("none", "7 4", "2 3", "10 3 2 3")

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 60em;
       color: #222; line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
.charts { display: flex; flex-wrap: wrap; gap: 1.5em; } figure { margin: 0; }
figcaption { font-weight: 600; margin-bottom: 0.3em; } .muted { color: #666; } .warn { color: #a33; }
svg text { font-family: inherit; font-size: 12px; fill: #222; }
"""


# ---- charts ---------------------------------------------------------------------------------------------


def bar_chart(chart_id: str, title: str, data: list[tuple[str, float]], *, width: int = 420) -> str:
    """Horizontal bars, one per (label, value), the value written at the end of each bar."""
    data = [(label, value) for label, value in data if value]
    if not data:
        return _figure(chart_id, title, '<p class="muted">nothing to show</p>')
    bar_h, gap, label_w = 18, 6, 150
    plot_w = width - label_w - 50
    top = max(value for _, value in data) or 1
    height = len(data) * (bar_h + gap) + gap
    parts = [f'<svg id="{chart_id}" class="chart bar-chart" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">']
    for i, (label, value) in enumerate(data):
        y = gap + i * (bar_h + gap)
        w = max(1.0, plot_w * value / top)
        parts.append(f'<text x="{label_w - 6}" y="{y + bar_h - 5}" text-anchor="end">{escape(_short(label))}'
                     f'<title>{escape(label)}</title></text>')
        parts.append(f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" '
                     f'fill="{PALETTE[i % len(PALETTE)]}"><title>{escape(label)}: {value:g}</title></rect>')
        parts.append(f'<text x="{label_w + w + 4:.1f}" y="{y + bar_h - 5}">{value:g}</text>')
    parts.append("</svg>")
    return _figure(chart_id, title, "".join(parts))


def line_chart(chart_id: str, title: str, xs: list[int], series: list[tuple[str, list[float]]],
               *, width: int = 560, height: int = 300) -> str:
    """Probability curves: x = cards seen, y = 0..100 %, one polyline and legend entry per series."""
    if not xs or not series:
        return _figure(chart_id, title, '<p class="muted">nothing to show</p>')
    left, right, top, bottom = 44, 150, 10, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    span = max(xs[-1] - xs[0], 1)

    def px(x: int) -> float:
        return left + plot_w * (x - xs[0]) / span

    def py(p: float) -> float:
        return top + plot_h * (1 - p)

    parts = [f'<svg id="{chart_id}" class="chart line-chart" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">']
    for pct in range(0, 101, 25):
        y = py(pct / 100)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{pct}%</text>')
    for x in xs:
        parts.append(f'<text x="{px(x):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{x}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle">cards seen</text>')
    for i, (label, values) in enumerate(series):
        color = PALETTE[i % len(PALETTE)]
        # dashes tell apart curves that coincide (two groups with the same number of copies)
        dash = DASHES[i % len(DASHES)]
        points = " ".join(f"{px(x):.1f},{py(p):.1f}" for x, p in zip(xs, values))
        parts.append(f'<polyline class="series" fill="none" stroke="{color}" stroke-width="2" '
                     f'stroke-dasharray="{dash}" points="{points}"><title>{escape(label)}</title></polyline>')
        ly = top + 14 + 18 * i
        parts.append(f'<line x1="{left + plot_w + 8}" y1="{ly - 4}" x2="{left + plot_w + 28}" y2="{ly - 4}" '
                     f'stroke="{color}" stroke-width="3" stroke-dasharray="{dash}"/>')
        parts.append(f'<text x="{left + plot_w + 32}" y="{ly}">{escape(_short(label, 18))}</text>')
    parts.append("</svg>")
    return _figure(chart_id, title, "".join(parts))


def _figure(chart_id: str, title: str, body: str) -> str:
    return f'<figure data-chart="{chart_id}"><figcaption>{escape(title)}</figcaption>{body}</figure>'


def _short(text: str, limit: int = 22) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


# ---- tables ---------------------------------------------------------------------------------------------


def table(headers: list[str], rows: list[list]) -> str:
    if not rows:
        return '<p class="muted">none</p>'
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(_td(v) for v in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _td(value) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<td class="n">{value:g}</td>'
    if value is None:
        return '<td class="muted">-</td>'
    if isinstance(value, _Html):
        return f"<td>{value}</td>"
    if isinstance(value, (list, tuple)):
        value = ", ".join(str(v) for v in value) or "-"
    return f"<td>{escape(str(value))}</td>"


# ---- sections -------------------------------------------------------------------------------------------


def _composition(stats: DeckStats) -> str:
    play_types: dict[str, int] = {}
    for part in ("characters", "resources", "hazards", "play"):
        for kind, n in stats.types.get(part, {}).items():
            play_types[kind] = play_types.get(kind, 0) + n
    charts = [
        bar_chart("chart-parts", "Cards by deck part", list(stats.parts.items())),
        bar_chart("chart-types", f"Play deck by type ({stats.play_deck_size})", list(play_types.items())),
        bar_chart("chart-subtypes", "Play deck by subtype", list(stats.subtypes.items())),
        bar_chart("chart-alignment", "Card alignment (all but sites)", list(stats.alignments.items())),
    ]
    return "<h2>Composition</h2>" + f'<div class="charts">{"".join(charts)}</div>'


def _characters(stats: DeckStats) -> str:
    rows = [[c.name + (" (avatar)" if c.avatar else ""), c.part, c.count, c.mind, c.direct_influence, c.mp,
             c.skills, c.races, c.home_site] for c in stats.characters]
    return (f"<h2>Characters</h2><p>Total mind: pool {stats.pool_mind}, play deck {stats.play_deck_mind}.</p>"
            + table(["character", "part", "n", "mind", "DI", "MP", "skills", "race", "home site"], rows))


def _marshalling_points(stats: DeckStats) -> str:
    chart = bar_chart("chart-mp", f"MP by category (total {stats.mp_total})",
                      [(c.category, c.points) for c in stats.mp_categories])
    rows = [[r.name, r.part, r.category, r.count, r.printed, r.each, r.potential, r.note] for r in stats.mp_rows]
    alignment = escape(stats.alignment or "an unknown alignment")
    return (f"<h2>Marshalling points</h2><p>Scored for {alignment}: pool and play deck, {stats.mp_total} MP "
            f"(up to {stats.mp_potential} with the values in parentheses); all in play and no kill points, "
            f"the half rule (coe 10.3.iv: no source above half the total) leaves {stats.mp_half_rule}. "
            f"Your hazards offer the opponent {stats.kill_points_offered} kill points.</p>"
            + f'<div class="charts">{chart}</div>'
            + table(["card", "part", "category", "n", "printed", "MP each", "up to", "note"], rows))


def _creatures(stats: DeckStats) -> str:
    keyed = list(stats.keyed_region_types.items()) + list(stats.keyed_site_types.items())
    chart = bar_chart("chart-keyed", "Creature copies keyed to", keyed)
    rows = [[c.name, c.count, c.keyed_to or "(by name or text)"] for c in stats.creatures]
    return "<h2>Creatures</h2>" + f'<div class="charts">{chart}</div>' + table(["creature", "n", "keyed to"], rows)


def _coverage(stats: DeckStats) -> str:
    rows = [[c.name, c.part, c.kind, c.needs, _Html(_sites(c.sites)) if c.checked else "(not checked)"]
            for c in stats.coverage]
    return (f"<h2>Site coverage</h2><p>{len(stats.sites)} different sites in the location deck.</p>"
            + table(["resource", "part", "kind", "needs", "playable at"], rows))


class _Html(str):
    """Markup built here from escaped parts: a table cell takes it as it is."""


def _sites(sites: list[str], shown: int = 4) -> str:
    """The sites, folded into a <details> element past a few: a location deck may hold 200 sites."""
    names = [escape(s) for s in sites]
    if len(names) <= shown + 1:
        return ", ".join(names) or "-"
    summary = f"{len(names)} sites: {', '.join(names[:shown])}, ..."
    return f"<details><summary>{summary}</summary>{', '.join(names)}</details>"


def _odds(stats: DeckStats) -> str:
    odds = stats.draw_odds
    if not odds:
        return ""
    series = [(f"{c['label']} ({c['copies']})", c["probabilities"]) for c in odds["conditions"]]
    chart = line_chart("chart-odds", "P(at least one) by cards seen", odds["cards_seen"], series)
    rows = [[label] + [f"{100 * p:.1f}%" for p in probs] for label, probs in series]
    headers = ["group"] + [str(n) for n in odds["cards_seen"]]
    return (f"<h2>Draw odds</h2><p>Play deck of {odds['play_deck_size']} cards, opening hand of 8, "
            "then one card per draw; exact hypergeometric values.</p>"
            + f'<div class="charts">{chart}</div>' + table(headers, rows))


def render_html(stats: DeckStats) -> str:
    title = escape(stats.name)
    sections = [_composition(stats), _characters(stats), _marshalling_points(stats), _creatures(stats),
                _coverage(stats)]
    if stats.stage_points_pool is not None:
        sections.append(f"<h2>Stage points</h2><p>Pool (starting stage cards): {stats.stage_points_pool}; "
                        f"pool and play deck: {stats.stage_points_deck}.</p>")
    sections.append(_odds(stats))
    if stats.warnings:
        items = "".join(f'<li class="warn">{escape(w)}</li>' for w in stats.warnings)
        sections.append(f"<h2>Warnings</h2><ul>{items}</ul>")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}: deck statistics</title><style>{STYLE}</style></head><body>"
        f"<h1>{title}</h1><p class=\"muted\">{escape(stats.alignment or 'alignment unknown')} &middot; "
        f"{escape(stats.path)} &middot; made by deckcheck stats</p>"
        + "".join(sections) + "</body></html>\n"
    )
