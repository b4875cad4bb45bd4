"""`deckcheck stats --output html`: one self-contained HTML file with inline SVG charts.

No JavaScript, no external CSS, fonts or images: the file reads the same offline and years from now.
The charts are drawn here as SVG: horizontal bars (composition, MP by category, creature keying) and
line curves (draw odds). Each SVG scales to the width of the page (a phone's too) and keeps its shape; curves carry
marker shapes and labels at their ends, and curves that coincide are drawn striped. Every text from the deck goes
through `terminal.printable_html` (entities for markup, visible escapes for control characters). The tests render
the page in headless Chromium (tests/test_browser.py).
"""

from __future__ import annotations

import math
from pathlib import PurePath

from deckcheck.analysis.stats import REGION_TYPES, SITE_TYPES, DeckStats
from deckcheck.terminal import printable_html as escape

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac")

# One colour for each deck part, card type and alignment, whatever chart or page shows it (a part was green in one
# chart and orange in the next: colours went by the bar's position); other labels take the palette in turn.
FIXED_COLOURS = {
    "pool": "#4e79a7", "characters": "#f28e2b", "resources": "#59a14f", "hazards": "#e15759", "play": "#bab0ac",
    "sideboard": "#76b7b2", "fw-sideboard": "#edc948", "sites": "#9c755f",
    "character": "#f28e2b", "resource": "#59a14f", "hazard": "#e15759", "site": "#9c755f", "region": "#bab0ac",
    "hero": "#4e79a7", "wizard": "#4e79a7", "minion": "#e15759", "ringwraith": "#e15759",
    "fallen-wizard": "#b07aa1", "balrog": "#9c755f", "neutral": "#bab0ac", "stage": "#edc948", "dual": "#76b7b2",
}


def colour_of(label: str, i: int) -> str:
    """The colour of a bar or series: the fixed one of a part, type or alignment, else the palette's i-th."""
    return FIXED_COLOURS.get(label.strip().lower(), PALETTE[i % len(PALETTE)])


# Marker shapes of the curves, so that curves stay apart without colour (and in print).
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "cross")
# Curves that coincide (two groups with the same number of copies) are drawn striped, in dashes this long.
STRIPE = 9

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 60em;
       color: #222; line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; overflow-wrap: anywhere; }
h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; }
.muted, p { overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
.table { overflow-x: auto; max-width: 100%; }
th, td { border: 1px solid #ddd; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
.charts { display: flex; flex-wrap: wrap; gap: 1.5em; }
figure { margin: 0; flex: 1 1 20em; min-width: 0; max-width: 100%; }
figure.wide { flex-basis: 100%; }
svg.chart { display: block; width: 100%; height: auto; }
figcaption { font-weight: 600; margin-bottom: 0.3em; } .muted { color: #666; } .warn { color: #a33; }
figure .note { font-weight: normal; font-size: 0.9em; margin: 0.3em 0 0; }
svg text { font-family: inherit; font-size: 12px; fill: #222; } svg.line-chart text { font-size: 13px; }
@media print { body { margin: 0; max-width: none; } figure, tr { break-inside: avoid; } }
"""


# ---- charts ---------------------------------------------------------------------------------------------


def _svg_open(chart_id: str, kind: str, title: str, width: int, height: int) -> str:
    """An SVG that scales to the width it is given (a phone's too), up to its drawn width, keeping its shape."""
    return (f'<svg id="{chart_id}" class="chart {kind}" role="img" aria-label="{escape(title)}" '
            f'xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" preserveAspectRatio="xMinYMin meet" style="max-width: {width}px">')


def bar_chart(chart_id: str, title: str, data: list[tuple[str, float]], *, width: int = 420) -> str:
    """Horizontal bars, one per (label, value), the value written at the end of each bar."""
    data = [(label, value) for label, value in data if value]
    if not data:
        return _figure(chart_id, title, '<p class="muted">nothing to show</p>')
    bar_h, gap = 18, 6
    # the label column as wide as its longest label (up to 45% of the chart): a fixed 150 px cut off the start
    # of "Adûnaphel the Ringwraith"
    # rounded up: round() could make the column a fraction narrower than its longest label, which _fit then cut
    # ("characte…", "Neutr…")
    label_w = math.ceil(min(max(_text_px(_short(label)) for label, _ in data) + 12, 0.45 * width))
    plot_w = width - label_w - 50
    top = max(value for _, value in data) or 1
    height = len(data) * (bar_h + gap) + gap
    parts = [_svg_open(chart_id, "bar-chart", title, width, height)]
    for i, (label, value) in enumerate(data):
        y = gap + i * (bar_h + gap)
        w = max(1.0, plot_w * value / top)
        parts.append(f'<text x="{label_w - 6}" y="{y + bar_h - 5}" text-anchor="end">'
                     f'{escape(_fit(_short(label), label_w - 12))}'
                     f'<title>{escape(label)}</title></text>')
        parts.append(f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" '
                     f'fill="{colour_of(label, i)}"><title>{escape(label)}: {value:g}</title></rect>')
        parts.append(f'<text x="{label_w + w + 4:.1f}" y="{y + bar_h - 5}">{value:g}</text>')
    parts.append("</svg>")
    return _figure(chart_id, title, "".join(parts))


def line_chart(chart_id: str, title: str, xs: list[int], series: list[tuple[str, list[float]]],
               *, width: int = 480, height: int = 300) -> str:
    """Probability curves: x = cards seen, y = 0..100 %, one polyline per series with its own marker shape and
    a label at its end. Curves of equal values are drawn striped in their colours, their markers taking turns,
    and the caption says which coincide."""
    if not xs or not series:
        return _figure(chart_id, title, '<p class="muted">nothing to show</p>')
    left, right, top, bottom = 44, 140, 10, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    span = max(xs[-1] - xs[0], 1)

    def px(x: int) -> float:
        return left + plot_w * (x - xs[0]) / span

    def py(p: float) -> float:
        return top + plot_h * (1 - p)

    parts = [_svg_open(chart_id, "line-chart", title, width, height)]
    for pct in range(0, 101, 25):
        y = py(pct / 100)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{pct}%</text>')
    for x in xs:
        parts.append(f'<text x="{px(x):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{x}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle">cards seen</text>')
    groups = _equal_groups(series)
    for i, (label, values) in enumerate(series):
        color, group = PALETTE[i % len(PALETTE)], groups[i]
        turn, size = group.index(i), len(group)
        stripes = (f' stroke-dasharray="{STRIPE} {STRIPE * (size - 1)}" stroke-dashoffset="{-STRIPE * turn}"'
                   if size > 1 else "")
        points = " ".join(f"{px(x):.1f},{py(p):.1f}" for x, p in zip(xs, values))
        parts.append(f'<polyline class="series" fill="none" stroke="{color}" stroke-width="2"{stripes} '
                     f'points="{points}"><title>{escape(label)}</title></polyline>')
        shape = MARKERS[i % len(MARKERS)]
        parts += [_marker(shape, px(x), py(p), color) for j, (x, p) in enumerate(zip(xs, values))
                  if j % size == turn]
    parts += _end_labels(series, [py(values[-1]) for _, values in series], left + plot_w, top, top + plot_h)
    parts.append("</svg>")
    same = [" and ".join(series[i][0] for i in group) for group in _distinct(groups) if len(group) > 1]
    note = (f'<p class="note muted">Drawn striped, one curve: {escape("; ".join(same))} '
            "(as many copies, the same odds).</p>") if same else ""
    return _figure(chart_id, title, "".join(parts) + note, wide=True)


def _equal_groups(series: list[tuple[str, list[float]]]) -> list[list[int]]:
    """For each series, the indices of the series with the same values (itself included), in order."""
    by_values: dict[tuple, list[int]] = {}
    for i, (_, values) in enumerate(series):
        by_values.setdefault(tuple(round(v, 9) for v in values), []).append(i)
    return [by_values[tuple(round(v, 9) for v in values)] for _, values in series]


def _distinct(groups: list[list[int]]) -> list[list[int]]:
    seen, out = set(), []
    for group in groups:
        if group[0] not in seen:
            seen.add(group[0])
            out.append(group)
    return out


def _end_labels(series, ends: list[float], x_end: float, y_min: float, y_max: float) -> list[str]:
    """Each curve's marker and name right of the plot, beside its last point, spread so that none overlaps;
    a thin line leads from the point to the label."""
    gap = 15
    order = sorted(range(len(series)), key=lambda i: (ends[i], i))
    placed: dict[int, float] = {}
    y = y_min - gap
    for i in order:
        y = max(ends[i], y + gap)
        placed[i] = y
    overflow = y - y_max
    if overflow > 0:           # pushed below the plot: move them all up as far as needed
        for i in placed:
            placed[i] -= overflow
        for previous, i in zip(order, order[1:]):
            placed[i] = max(placed[i], placed[previous] + gap)
    parts = []
    for i, (label, _) in enumerate(series):
        color, y = PALETTE[i % len(PALETTE)], placed[i]
        parts.append(f'<line class="leader" x1="{x_end:.1f}" y1="{ends[i]:.1f}" x2="{x_end + 10:.1f}" y2="{y:.1f}" '
                     f'stroke="{color}" stroke-width="1"/>')
        parts.append(_marker(MARKERS[i % len(MARKERS)], x_end + 18, y, color))
        parts.append(f'<text class="end-label" x="{x_end + 27:.1f}" y="{y + 4:.1f}">'
                     f'{escape(_short(label, 17))}<title>{escape(label)}</title></text>')
    return parts


def _marker(shape: str, x: float, y: float, color: str, r: float = 3.6) -> str:
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{color}"/>'
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" fill="{color}"/>'
    if shape == "cross":
        return (f'<path d="M{x - r:.1f},{y - r:.1f}L{x + r:.1f},{y + r:.1f}M{x - r:.1f},{y + r:.1f}'
                f'L{x + r:.1f},{y - r:.1f}" stroke="{color}" stroke-width="2"/>')
    corners = {"triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)], "triangle-down": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
               "diamond": [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)]}[shape]
    points = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in corners)
    return f'<polygon points="{points}" fill="{color}"/>'


def _figure(chart_id: str, title: str, body: str, *, wide: bool = False) -> str:
    kind = ' class="wide"' if wide else ""
    return f'<figure data-chart="{chart_id}"{kind}><figcaption>{escape(title)}</figcaption>{body}</figure>'


def _short(text: str, limit: int = 22) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


# Widths of the chart font's letters in em (DejaVu Sans, the widest of the usual system-ui fonts), generous.
_NARROW, _WIDE = set(" iljtfr.,:;'|!()[]"), set("mwMW@%")


def _text_px(text: str, size: float = 12) -> float:
    """About how wide `text` is drawn at `size` px, erring wide: enough to keep a label inside its column."""
    ems = sum(0.36 if c in _NARROW else 0.95 if c in _WIDE else 0.74 if c.isupper() else 0.64 for c in text)
    return ems * size * 1.05


def _fit(text: str, px: float) -> str:
    """`text`, shortened with an ellipsis until it fits in `px`."""
    while len(text) > 2 and _text_px(text) > px:
        text = text[:-2].rstrip() + "\u2026"
    return text


# ---- tables ---------------------------------------------------------------------------------------------


def table(headers: list[str], rows: list[list]) -> str:
    if not rows:
        return '<p class="muted">none</p>'
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(_td(v) for v in row) + "</tr>" for row in rows)
    # a wide table scrolls inside its box on a narrow screen; the page itself never scrolls sideways
    return f'<div class="table"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


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
    symbols = {name: symbol for symbol, name in {**REGION_TYPES, **SITE_TYPES}.items()}
    keyed = [(f"{name} {{{symbols[name]}}}", n)
             for name, n in list(stats.keyed_region_types.items()) + list(stats.keyed_site_types.items())]
    chart = bar_chart("chart-keyed", "Creature copies keyed to", keyed)
    rows = [[c.name, c.count, _keys(c)] for c in stats.creatures]
    return ("<h2>Creatures</h2><p>A creature is keyed to where it may attack: a region type in the company's site "
            "path ({w} Wilderness, {s} Shadow-land, {d} Dark-domain, {b} Border-land, {f} Free-domain, {c} Coastal "
            "Sea; a symbol printed twice needs two such regions) or the type of the site it moves to ({R} Ruins "
            "&amp; Lairs, {S} Shadow-hold, {D} Dark-hold, {B} Border-hold, {F} Free-hold, {H} Haven). Any one key "
            "is enough, so a creature with several counts under each of them in the chart; one keyed by name or "
            "by its text is in the table only.</p>"
            + f'<div class="charts">{chart}</div>' + table(["creature", "n", "keyed to"], rows))


def _keys(creature) -> str:
    """"{w}{w}{R}" as "2 Wilderness or Ruins & Lairs ({w}{w}{R})"."""
    if not creature.keyed_to:
        return "by name or text"
    counts: dict[str, int] = {}
    for name in creature.region_types + creature.site_types:
        counts[name] = counts.get(name, 0) + 1
    words = [f"{n} {name}" if n > 1 else name for name, n in counts.items()]
    return f"{' or '.join(words)} ({creature.keyed_to})" if words else creature.keyed_to


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


def deck_title(stats: DeckStats) -> str:
    """The deck's name; for a deck that names itself nowhere, its file name without folders or suffix."""
    if stats.name and stats.name != stats.path:
        return stats.name
    return PurePath(stats.path).stem or stats.path


def render_html(stats: DeckStats) -> str:
    title = escape(deck_title(stats))
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
