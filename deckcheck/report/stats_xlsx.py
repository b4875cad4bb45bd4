"""`deckcheck stats --output xlsx`: a workbook with one sheet per section and native Excel charts.

openpyxl is imported here only, and this module only by `stats --output xlsx`. Every cell goes through
`report.spreadsheet.put_cell`, so a deck or card name that starts with "=" is stored as text, never run.
"""

from __future__ import annotations

from io import BytesIO

from openpyxl import Workbook
from openpyxl.chart import BarChart, LineChart, Reference, Series
from openpyxl.utils import get_column_letter

from deckcheck.analysis.stats import DeckStats
from deckcheck.report.print_layout import font, lay_out_for_print, place_charts
from deckcheck.report.spreadsheet import put_cell

BOLD = font(bold=True)


def write_table(ws, top: int, headers: list[str], rows: list[list], left: int = 1) -> int:
    """Headers in bold at row `top`, the rows below; returns the last row written."""
    for col, header in enumerate(headers, start=left):
        put_cell(ws, top, col, header).font = BOLD
    for r, row in enumerate(rows, start=top + 1):
        for col, value in enumerate(row, start=left):
            put_cell(ws, r, col, _flat(value))
    return top + len(rows)


def _flat(value):
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return value


def _widen(ws, widths: dict[int, int]) -> None:
    for col, width in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = width


def bar_chart(ws, title: str, first_row: int, last_row: int, *, label_col: int = 1,
              value_col: int = 2, y_title: str = "cards") -> list:
    """A native horizontal bar chart of the labels in `label_col` and the values in `value_col` (none when the
    table is empty), for `place_charts` to put below the sheet's tables. One series, each bar labelled: its
    colour says nothing, so it has no legend."""
    if last_row <= first_row:
        return []
    chart = BarChart()
    chart.type = "bar"
    chart.title = title
    chart.y_axis.title = y_title
    chart.legend = None
    data = Reference(ws, min_col=value_col, min_row=first_row, max_row=last_row)
    labels = Reference(ws, min_col=label_col, min_row=first_row + 1, max_row=last_row)
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(labels)
    chart.height = max(6, 0.6 * (last_row - first_row) + 3)
    return [chart]


def _summary(wb: Workbook, stats: DeckStats) -> None:
    ws = wb.active
    ws.title = "Summary"
    rows = [["deck", stats.name], ["file", stats.path], ["alignment", stats.alignment or "unknown"],
            ["play deck cards", stats.play_deck_size], ["sites in the location deck", len(stats.sites)],
            ["total mind of the pool", stats.pool_mind], ["MP (scored for the alignment)", stats.mp_total],
            ["MP up to (values in parentheses)", stats.mp_potential],
            ["MP after the half rule (coe 10.3.iv)", stats.mp_half_rule],
            ["kill points offered to the opponent", stats.kill_points_offered]]
    if stats.stage_points_pool is not None:
        rows += [["stage points in the pool", stats.stage_points_pool],
                 ["stage points, pool and play deck", stats.stage_points_deck]]
    write_table(ws, 1, ["statistic", "value"], rows)
    write_table(ws, len(rows) + 3, ["warning"], [[w] for w in stats.warnings])
    _widen(ws, {1: 36, 2: 60})


def _composition(wb: Workbook, stats: DeckStats) -> None:
    ws = wb.create_sheet("Composition")
    last = write_table(ws, 1, ["part", "cards"], [[p, n] for p, n in stats.parts.items()])
    charts = bar_chart(ws, "Cards by deck part", 1, last)
    top = last + 2
    kinds = sorted({k for types in stats.types.values() for k in types})
    rows = [[part] + [types.get(k, 0) for k in kinds] for part, types in stats.types.items()]
    last = write_table(ws, top, ["part \\ type"] + kinds, rows)
    top = last + 2
    sub_top = top
    last = write_table(ws, top, ["play-deck subtype", "cards"], [[s, n] for s, n in stats.subtypes.items()])
    charts += bar_chart(ws, "Play deck by subtype", sub_top, last)
    top = last + 2
    last = write_table(ws, top, ["card alignment", "cards"], [[a, n] for a, n in stats.alignments.items()])
    _widen(ws, {1: 24, 2: 12, 3: 12, 4: 12, 5: 12, 6: 12})
    place_charts(ws, charts, last)      # below the tables: a chart beside them covered the wider ones


def _characters(wb: Workbook, stats: DeckStats) -> None:
    ws = wb.create_sheet("Characters")
    rows = [[c.name, c.part, c.count, c.mind, c.direct_influence, c.mp, c.skills, c.races, c.home_site,
             "yes" if c.avatar else ""] for c in stats.characters]
    last = write_table(ws, 1, ["character", "part", "n", "mind", "DI", "MP", "skills", "race", "home site",
                                "avatar"], rows)
    put_cell(ws, last + 2, 1, "total mind of the pool").font = BOLD
    put_cell(ws, last + 2, 4, stats.pool_mind)
    put_cell(ws, last + 3, 1, "total mind of the play deck").font = BOLD
    put_cell(ws, last + 3, 4, stats.play_deck_mind)
    _widen(ws, {1: 26, 2: 11, 3: 6, 4: 6, 5: 6, 6: 6, 7: 20, 8: 12, 9: 20, 10: 7})


def _marshalling_points(wb: Workbook, stats: DeckStats) -> None:
    ws = wb.create_sheet("MP")
    rows = [[c.category, c.points, c.potential, c.cards] for c in stats.mp_categories]
    last = write_table(ws, 1, ["category", "MP", "up to", "cards"], rows)
    put_cell(ws, last + 1, 1, "total").font = BOLD
    put_cell(ws, last + 1, 2, stats.mp_total)
    put_cell(ws, last + 1, 3, stats.mp_potential)
    charts = bar_chart(ws, f"MP by category (scored for {stats.alignment or 'unknown'})", 1, last, y_title="MP")
    rows = [[r.name, r.part, r.category, r.count, r.printed, r.each, r.potential, r.note] for r in stats.mp_rows]
    last = write_table(ws, last + 4, ["card", "part", "category", "n", "printed", "MP each", "up to", "note"], rows)
    _widen(ws, {1: 32, 3: 14, 8: 22})
    place_charts(ws, charts, last)      # below the card table: beside the first table it covered its headers


def _creatures(wb: Workbook, stats: DeckStats) -> None:
    ws = wb.create_sheet("Creatures")
    keyed = list(stats.keyed_region_types.items()) + list(stats.keyed_site_types.items())
    last = write_table(ws, 1, ["keyed to", "creature copies"], [[k, n] for k, n in keyed])
    charts = bar_chart(ws, "Creature copies keyed to", 1, last, y_title="copies")
    rows = [[c.name, c.count, c.keyed_to, c.region_types, c.site_types] for c in stats.creatures]
    last = write_table(ws, last + 3, ["creature", "n", "keyed to", "region types", "site types"], rows)
    _widen(ws, {1: 28, 2: 10, 3: 20, 4: 36, 5: 28})
    place_charts(ws, charts, last)


def _coverage(wb: Workbook, stats: DeckStats) -> None:
    ws = wb.create_sheet("Site coverage")
    rows = [[c.name, c.part, c.kind, c.count, c.needs, c.sites if c.checked else "(not checked)",
             len(c.sites)] for c in stats.coverage]
    last = write_table(ws, 1, ["resource", "part", "kind", "n", "needs", "playable at", "sites"], rows)
    write_table(ws, last + 3, ["location deck"], [[s] for s in stats.sites])
    _widen(ws, {1: 28, 2: 10, 3: 10, 4: 5, 5: 24, 6: 41, 7: 7})


def _odds(wb: Workbook, stats: DeckStats) -> None:
    odds = stats.draw_odds
    if not odds:
        return
    ws = wb.create_sheet("Draw odds")
    conditions = odds["conditions"]
    headers = ["cards seen"] + [f"{c['label']} ({c['copies']})" for c in conditions]
    rows = [[n] + [c["probabilities"][i] for c in conditions] for i, n in enumerate(odds["cards_seen"])]
    last = write_table(ws, 1, headers, rows)
    for row in ws.iter_rows(min_row=2, max_row=last, min_col=2, max_col=len(headers)):
        for cell in row:
            cell.number_format = "0.0%"
    chart = LineChart()
    chart.title = f"P(at least one) by cards seen (play deck {odds['play_deck_size']})"
    chart.y_axis.title = "probability"
    chart.y_axis.number_format = "0%"
    chart.y_axis.scaling.min = 0
    chart.y_axis.scaling.max = 1
    chart.x_axis.title = "cards seen"
    for series in odds_series(ws, conditions, last):
        chart.series.append(series)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last))
    chart.width, chart.height = 20, 10
    _widen(ws, {i: 12 for i in range(1, len(headers) + 1)})
    place_charts(ws, [chart], last)


def odds_series(ws, conditions: list[dict], last_row: int) -> list:
    """One curve per distinct set of odds: conditions of as many copies have the same odds, and their curves
    drawn one over the other showed only the last; such a curve is named after all of them ("avatars (3) =
    allies (3)"). The legend names each curve: their colours carry the meaning."""
    from deckcheck.report.stats_html import _distinct, _equal_groups

    labelled = [(f"{c['label']} ({c['copies']})", c["probabilities"]) for c in conditions]
    out = []
    for group in _distinct(_equal_groups(labelled)):
        values = Reference(ws, min_col=2 + group[0], min_row=2, max_row=last_row)
        out.append(Series(values, title=" = ".join(labelled[i][0] for i in group)))
    return out


def render_xlsx(stats: DeckStats) -> bytes:
    """The workbook as bytes, for `fileio.atomic_write_bytes`."""
    wb = Workbook()
    for section in (_summary, _composition, _characters, _marshalling_points, _creatures, _coverage, _odds):
        section(wb, stats)
    for ws in wb.worksheets:     # the header row repeated on the charts' pages would print over them
        lay_out_for_print(ws, header_rows=None if ws._charts else "1:1")
    buffer = BytesIO()
    wb.save(buffer)
    return buffer.getvalue()
