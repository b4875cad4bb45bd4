"""The metagame (`analysis.meta.Meta`) as text, JSON, an xlsx workbook with native charts, or one HTML page.

`write_meta_sheets` is also how `deckcheck batch` writes its Metagame sheets, so both say the same. openpyxl and the
HTML helpers are imported only by the format that needs them.
"""

from __future__ import annotations

import json

from deckcheck.analysis.meta import Meta

FORMATS = ("text", "json", "xlsx", "html")
# The text report lists this many cards unless told otherwise (every card is in the JSON, xlsx and html).
TEXT_CARDS = 40


def render_meta(meta: Meta, output: str, *, title: str = "Metagame", top: int = TEXT_CARDS) -> bytes:
    if output == "json":
        return (json.dumps(meta.to_json(), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    if output == "xlsx":
        return render_xlsx(meta)
    if output == "html":
        return render_html(meta, title=title).encode("utf-8")
    return render_text(meta, top=top).encode("utf-8")


# ---------------------------------------------------------------- rows shared by every format


def alignment_rows(meta: Meta) -> list[list]:
    rows = []
    for alignment, decks in meta.alignments.items():
        legal = meta.legal.get(alignment)
        rows.append([alignment, decks, meta.share(decks),
                     None if legal is None else legal["legal"], None if legal is None else legal["rate"]])
    return rows


def avatar_rows(meta: Meta) -> list[list]:
    return [[avatar, meta.avatar_alignments.get(avatar), decks, meta.share(decks)]
            for avatar, decks in meta.avatars.items()]


def composition_parts(meta: Meta) -> list[str]:
    parts: list[str] = []
    for by_part in meta.composition.values():
        parts += [p for p in by_part if p not in parts]
    return parts


def composition_rows(meta: Meta) -> list[list]:
    parts = composition_parts(meta)
    return [[alignment] + [by_part.get(part, 0.0) for part in parts] for alignment, by_part in meta.composition.items()]


def card_rows(meta: Meta) -> list[list]:
    return [[_card_name(c), c["card_id"], c["part"], c["decks"], meta.share(c["decks"]), c["copies"]]
            for c in meta.cards]


def _card_name(card: dict) -> str:
    """The name as written, with the set code of a card outside the ICE card pool ("Beregond (V2)")."""
    return f"{card['name']} ({card['not_in_pool']})" if card.get("not_in_pool") else card["name"]


ALIGNMENT_HEADER = ["alignment", "decks", "share", "legal", "legal rate"]
AVATAR_HEADER = ["avatar", "alignment", "decks", "share"]
CARD_HEADER = ["card", "card id", "part", "decks", "share of decks", "copies"]


# ---------------------------------------------------------------- text


def render_text(meta: Meta, *, top: int = TEXT_CARDS) -> str:
    out = [f"Metagame: {meta.decks} deck{'' if meta.decks == 1 else 's'}"]
    if meta.statuses.get("dreamcard"):     # a field of ICE decks only says nothing more
        out.append(f"Status: {meta.statuses['standard']} standard, {meta.statuses['dreamcard']} dreamcard "
                   "(a card of a dream-card, virtual or Cool Play set)")
    out.append("")
    validated = bool(meta.legal)
    header = ALIGNMENT_HEADER if validated else ALIGNMENT_HEADER[:3]
    rows = [[a, d, _pct(s)] + ([_legal_text(meta, a)] if validated else []) for a, d, s, *_ in alignment_rows(meta)]
    out += _text_table(header[:3] + (["legal"] if validated else []), rows) + [""]
    out += _text_table(AVATAR_HEADER, [[a, al or "", d, _pct(s)] for a, al, d, s in avatar_rows(meta)]) + [""]
    parts = composition_parts(meta)
    out += ["Average composition (copies per deck)"]
    out += _text_table(["alignment"] + parts, [[r[0]] + [f"{v:.1f}" for v in r[1:]] for r in composition_rows(meta)])
    shown = meta.cards if top <= 0 else meta.cards[:top]
    out += ["", f"Cards by decks playing them ({len(shown)} of {len(meta.cards)})"]
    out += _text_table(["decks", "copies", "part", "card"],
                       [[c["decks"], c["copies"], c["part"], _card_label(c)] for c in shown])
    if len(shown) < len(meta.cards):
        out.append(f"... {len(meta.cards) - len(shown)} more cards: --top 0 lists them all, "
                   "as do --output json, xlsx and html")
    if meta.not_in_pool:
        out += ["", f"Cards outside the ICE card pool ({len(meta.not_in_pool)} line"
                    f"{'' if len(meta.not_in_pool) == 1 else 's'})"]
        out += [f"  {line['deck']}: not-in-pool: {line['message']}" for line in meta.not_in_pool]
    return "\n".join(out) + "\n"


def _legal_text(meta: Meta, alignment: str) -> str:
    legal = meta.legal.get(alignment)
    return "-" if legal is None else f"{legal['legal']}/{legal['validated']} ({100 * legal['rate']:.0f}%)"


def _card_label(card: dict) -> str:
    if card.get("not_in_pool"):
        return f"{card['name']} ({card['not_in_pool']}: not in the ICE card pool)"
    return f"{card['name']} ({card['card_id']})" if card["card_id"] else f"{card['name']} (no such card)"


def _pct(share: float) -> str:
    return f"{100 * share:.1f}%"


def _text_table(header: list[str], rows: list[list]) -> list[str]:
    cells = [[str(h) for h in header]] + [["" if v is None else str(v) for v in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    numeric = [all(_is_number(row[i]) for row in cells[1:]) and bool(rows) for i in range(len(header))]
    lines = []
    for row in cells:
        lines.append("  ".join(v.rjust(w) if num else v.ljust(w) for v, w, num in zip(row, widths, numeric)).rstrip())
    return lines


def _is_number(text: str) -> bool:
    return text.replace(".", "", 1).replace("%", "").replace("-", "", 1).isdigit() or text == ""


# ---------------------------------------------------------------- xlsx


def render_xlsx(meta: Meta) -> bytes:
    from deckcheck.report.xlsx_stream import new_workbook, workbook_bytes

    workbook = new_workbook()
    write_meta_sheets(workbook, meta)
    return workbook_bytes(workbook)


def write_meta_sheets(workbook, meta: Meta) -> None:
    """A Metagame sheet (alignments, avatars, composition; native bar charts) and a Metagame cards sheet, into a
    write-only workbook (report/xlsx_stream.py: each sheet is laid out by position, then written in order)."""
    from openpyxl.chart import BarChart, Reference

    from deckcheck.report.print_layout import font, lay_out_for_print, place_charts
    from deckcheck.report.spreadsheet import put_cell
    from deckcheck.report.stats_xlsx import bar_chart, write_table
    from deckcheck.report.xlsx_stream import BufferedSheet

    sheet = BufferedSheet(workbook.create_sheet("Metagame"))
    put_cell(sheet, 1, 1, f"Metagame: {meta.decks} decks").font = font(bold=True, size=13)
    top = 3
    last = write_table(sheet, top, ALIGNMENT_HEADER, alignment_rows(meta))
    _number_format(sheet, top + 1, last, (3, 5), "0.0%")
    charts = bar_chart(sheet, "Decks by alignment", top, last, y_title="decks")
    avatars_top = last + 3
    last = write_table(sheet, avatars_top, AVATAR_HEADER, avatar_rows(meta))
    _number_format(sheet, avatars_top + 1, last, (4,), "0.0%")
    charts += bar_chart(sheet, "Decks by avatar", avatars_top, last, value_col=3, y_title="decks")
    composition_top = last + 3
    parts = composition_parts(meta)
    put_cell(sheet, composition_top - 1, 1, "Average composition (copies per deck)").font = font(italic=True)
    last = write_table(sheet, composition_top, ["alignment"] + parts, composition_rows(meta))
    _number_format(sheet, composition_top + 1, last, range(2, 2 + len(parts)), "0.0")
    if meta.composition and parts:
        chart = BarChart()     # stacked: each part a colour, which the legend names
        chart.type, chart.grouping, chart.overlap = "bar", "stacked", 100
        chart.title, chart.y_axis.title = "Average composition (copies per deck)", "copies"
        chart.add_data(Reference(sheet, min_col=2, max_col=1 + len(parts), min_row=composition_top, max_row=last),
                       titles_from_data=True)
        chart.set_categories(Reference(sheet, min_col=1, min_row=composition_top + 1, max_row=last))
        charts.append(chart)
    _widths(sheet, {1: 28, 2: 12, 3: 10, 4: 10, 5: 11, 6: 10, 7: 10})
    place_charts(sheet, charts, last)    # below the tables, nothing under them
    lay_out_for_print(sheet, sheet.cells(), header_rows=None)
    sheet.flush()

    cards = BufferedSheet(workbook.create_sheet("Metagame cards"))
    last = write_table(cards, 1, CARD_HEADER, card_rows(meta))
    _number_format(cards, 2, last, (5,), "0.0%")
    cards.freeze_panes = "A2"
    if meta.cards:
        cards.auto_filter.ref = f"A1:F{last}"
    _widths(cards, {1: 34, 2: 10, 3: 12, 4: 8, 5: 14, 6: 8})
    lay_out_for_print(cards, cards.cells())
    cards.flush()


def _number_format(sheet, first_row: int, last_row: int, columns, number_format: str) -> None:
    for row in range(first_row, last_row + 1):
        for column in columns:
            sheet.cell(row=row, column=column).number_format = number_format


def _widths(sheet, widths: dict[int, int]) -> None:
    from openpyxl.utils import get_column_letter

    for column, width in widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = width


# ---------------------------------------------------------------- html


def render_html(meta: Meta, *, title: str = "Metagame") -> str:
    from html import escape

    from deckcheck.report.stats_html import STYLE, bar_chart, table

    charts = [bar_chart("chart-alignments", "Decks by alignment", list(meta.alignments.items())),
              bar_chart("chart-avatars", "Decks by avatar", list(meta.avatars.items()))]
    parts = composition_parts(meta)
    sections = [
        f'<div class="charts">{"".join(charts)}</div>',
        "<h2>Alignments</h2>" + table(ALIGNMENT_HEADER, [[a, d, _pct(s), _legal_text(meta, a) if meta.legal else None,
                                                           None if r is None else _pct(r)]
                                                          for a, d, s, _, r in alignment_rows(meta)]),
        "<h2>Avatars</h2>" + table(AVATAR_HEADER, [[a, al, d, _pct(s)] for a, al, d, s in avatar_rows(meta)]),
        "<h2>Average composition</h2><p>Copies per deck, by part.</p>"
        + table(["alignment"] + parts, composition_rows(meta)),
        f"<h2>Cards</h2><p>{len(meta.cards)} cards and parts, by the number of decks playing them.</p>"
        + table(CARD_HEADER, [[n, i, p, d, _pct(s), c] for n, i, p, d, s, c in card_rows(meta)]),
    ]
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1><p class=\"muted\">{meta.decks} decks &middot; made by deckcheck meta</p>"
            + "".join(sections) + "</body></html>\n")
