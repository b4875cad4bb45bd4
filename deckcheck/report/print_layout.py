"""How every workbook deckcheck writes prints for the judges' table: at least 9 pt type, rows as tall as their
wrapped text, nothing cut, landscape, the header row on every page.

Checked by printing the workbooks through LibreOffice and measuring the PDF (tests/test_printouts.py). What it
found, and what this module does about each:
- fit-to-width shrank the type to 4-7 pt: a sheet is fitted to the page width only where that keeps the type at
  9 pt or more (`MIN_SCALE` of the 11 pt type); a wider sheet prints at that scale on pages side by side, its first
  column(s) repeated on each. The width is estimated as LibreOffice prints a column where Calibri is absent
  (`POINTS_PER_UNIT`; Excel's columns are narrower, so they fit at a larger scale) on Letter, the narrower paper;
- wrapped text printed over the next rows (no row height is stored unless the writer sets one): each row gets the
  height of its tallest wrapped cell (`wrapped_lines`);
- text longer than its column was cut at the next cell: it wraps (`lay_out_for_print`);
- a font without a name (`Font(bold=True)`) printed in a serif: every font here is named (`font`);
- charts' text at LibreOffice's 10 pt shrank below 9 pt with the sheet: charts take 11 pt (`readable_chart`).

openpyxl is imported inside the functions: this module is imported only by the workbook writers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

FONT_NAME, FONT_SIZE = "Calibri", 11
MIN_TYPE = 9.0                                     # pt, the smallest type a judge reads on paper
MIN_SCALE = math.ceil(100 * MIN_TYPE / FONT_SIZE) + 1  # percent: 83 % of 11 pt is 9.1 pt (82 % printed 8.99)
POINTS_PER_UNIT = 7.0           # a column-width unit printed at 100 % (LibreOffice, DejaVu Sans for Calibri: 7.0)
MARGIN = 0.4                    # inches, left and right
PRINTABLE_WIDTH = 11.0 * 72 - 2 * MARGIN * 72     # points across a landscape Letter page (A4 is wider)
LINE_HEIGHT = 15.0              # points a line of 11 pt text takes (Excel's default row)
UNITS_PER_CHARACTER = 1.05      # a character of text, bold or capitals included, in column-width units (at most)
DEFAULT_WIDTH = 8.43            # a column's width where none is set


def font(**style):
    """A named font: a font without a name prints in the application's default, a serif in LibreOffice."""
    from openpyxl.styles import Font

    style.setdefault("size", FONT_SIZE)
    return Font(name=FONT_NAME, **style)


def wrapped_lines(text: str, width: float) -> int:
    """The lines `text` takes wrapped in a column `width` units wide (words kept whole where they fit)."""
    capacity = max(1, int((width - 1) / UNITS_PER_CHARACTER))
    lines = 0
    for paragraph in str(text).split("\n"):
        used, count = 0, 1
        for word in paragraph.split(" "):
            size = len(word)
            if used and used + 1 + size > capacity:
                count, used = count + 1, 0
            if used:
                used += 1
            while size > capacity:            # a word longer than the column breaks where it must
                count, size = count + 1, size - capacity
            used += size
        lines += count
    return lines


def row_height(lines: int, size: float = FONT_SIZE) -> float | None:
    """A row's height for `lines` lines of `size` pt type; None for one line of the usual type (the default)."""
    if lines <= 1 and size <= FONT_SIZE:
        return None
    return round(lines * LINE_HEIGHT * max(size, FONT_SIZE) / FONT_SIZE, 1)


def text_width(value) -> float:
    """The width a cell's value needs unwrapped, in column-width units (to a tenth, rounded up)."""
    text = "" if value is None else str(value)
    longest = max((len(line) for line in text.split("\n")), default=0)
    return math.ceil(round((longest * UNITS_PER_CHARACTER + 1) * 10, 6)) / 10


def set_print_layout(worksheet, widths: Sequence[float], *, header_rows: str | None = "1:1",
                     title_cols: str | None = "A:A") -> None:
    """Landscape, gridlines, `header_rows` on every page; one page wide when the `widths` of its columns fit at
    MIN_SCALE or more, else printed at MIN_SCALE on pages side by side with `title_cols` on each. In a
    write-only worksheet, call it before the first row (fit-to-page is written at the sheet's top)."""
    setup = worksheet.page_setup
    setup.orientation = "landscape"
    worksheet.page_margins.left = worksheet.page_margins.right = MARGIN
    worksheet.print_options.gridLines = True
    if header_rows:
        worksheet.print_title_rows = header_rows
    if sum(widths) * POINTS_PER_UNIT * MIN_SCALE / 100 <= PRINTABLE_WIDTH:
        setup.fitToWidth, setup.fitToHeight = 1, 0
        worksheet.sheet_properties.pageSetUpPr.fitToPage = True
    else:
        setup.scale = MIN_SCALE
        worksheet.sheet_properties.pageSetUpPr.fitToPage = False
        if title_cols:
            worksheet.print_title_cols = title_cols


def column_widths(worksheet, columns: int) -> list[float]:
    from openpyxl.utils import get_column_letter

    widths = []
    for column in range(1, columns + 1):
        dimension = worksheet.column_dimensions.get(get_column_letter(column))
        widths.append(dimension.width if dimension is not None and dimension.width else DEFAULT_WIDTH)
    return widths


def lay_out_for_print(worksheet, cells: Iterable | None = None, *, header_rows: str | None = "1:1",
                      title_cols: str | None = "A:A") -> None:
    """Print layout for a sheet laid out by position (an ordinary worksheet, or a `BufferedSheet` before its
    flush, whose `cells()` are given as (row, column, cell)): text longer than its column wraps (keeping its
    font), each row as tall as its tallest cell, fonts named, then `set_print_layout`."""
    from copy import copy

    from openpyxl.styles import Alignment

    if cells is None:
        cells = [(c.row, c.column, c) for row in worksheet.iter_rows() for c in row]
    cells = [(r, c, cell) for r, c, cell in cells if cell.value is not None]
    widths = column_widths(worksheet, max((c for _, c, _ in cells), default=1))
    heights: dict[int, float] = {}
    for row, column, cell in cells:
        if cell.font.name is None:
            named = copy(cell.font)
            named.name = FONT_NAME
            cell.font = named
        size, width, lines = cell.font.size or FONT_SIZE, widths[column - 1], 1
        if isinstance(cell.value, str) and text_width(cell.value) * size / FONT_SIZE > width:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            lines = wrapped_lines(cell.value, width * FONT_SIZE / size)
        height = row_height(lines, size)
        if height:
            heights[row] = max(heights.get(row, 0), height)
    for number, height in heights.items():
        worksheet.row_dimensions[number].height = height
    set_print_layout(worksheet, widths, header_rows=header_rows, title_cols=title_cols)


def readable_chart(chart) -> None:
    """The chart's title, axes and legend in 11 pt Calibri: LibreOffice draws a chart's text at 10 pt, which the
    page's scale shrinks below 9 pt."""
    from openpyxl.chart.text import RichText, Text
    from openpyxl.chart.title import Title
    from openpyxl.drawing.text import CharacterProperties, Font, Paragraph, ParagraphProperties, RegularTextRun

    def properties(size: int, bold: bool = False):
        return CharacterProperties(sz=size * 100, b=bold, latin=Font(typeface=FONT_NAME))

    def rich(size: int):
        return RichText(p=[Paragraph(pPr=ParagraphProperties(defRPr=properties(size)),
                                     endParaRPr=properties(size))])

    def title(text: str, size: int) -> Title:
        run = RegularTextRun(rPr=properties(size, bold=True), t=text)
        paragraph = Paragraph(pPr=ParagraphProperties(defRPr=properties(size, bold=True)), r=[run])
        return Title(tx=Text(rich=RichText(p=[paragraph])), overlay=False)

    def title_text(existing) -> str | None:
        if existing is None or existing.tx is None or existing.tx.rich is None:
            return None
        return "".join(run.t for p in existing.tx.rich.p for run in (p.r or []))

    if title_text(chart.title):
        chart.title = title(title_text(chart.title), 12)
    for axis in (chart.x_axis, chart.y_axis):
        axis.txPr = rich(FONT_SIZE)
        if title_text(axis.title):
            axis.title = title(title_text(axis.title), FONT_SIZE)
    if chart.legend is not None:
        chart.legend.txPr = rich(FONT_SIZE)


ROW_CM = 15 / 72 * 2.54         # a row without a height of its own (openpyxl's default, 15 pt), in cm
PAGE_CM = 16.0                  # the height a printed page holds at 100 % (landscape Letter, 1 inch margins)


def place_charts(worksheet, charts: Sequence, last_row: int) -> None:
    """The sheet's charts one under another below its last table, from column A on a page of their own, a
    page break before a chart that would not fit on the page: a chart beside a table covered the columns of a
    wider table below it, and a chart across a page break printed in two halves. Their text made readable."""
    from openpyxl.worksheet.pagebreak import Break

    row, used = last_row + 1, PAGE_CM
    for chart in charts:
        rows = math.ceil(chart.height / ROW_CM) + 1
        if used + rows * ROW_CM > PAGE_CM:
            worksheet.row_breaks.append(Break(id=row))
            row, used = row + 1, 0.0
        readable_chart(chart)
        worksheet.add_chart(chart, f"A{row}")
        row, used = row + rows, used + rows * ROW_CM
