"""Writing a tournament batch's results: an .xlsx workbook (Judges, Summary, Violations, Decklists, Metagame), CSV
or JSON.

The Judges sheet is the one to print: a registration a row, only the columns a judge checks. The Summary has one
row per registration, the Violations sheet one row per violation, the Decklists sheet one row per card of each
deck as read. The workbook is made for the judges' table: every sheet prints landscape, one page wide where that
keeps the type at 9 pt or more (report/print_layout.py), with its header row on every page and gridlines; long
text wraps within its cell, the row as tall as its lines. Every cell passes through `report.spreadsheet` so that
text from the registrations (names, extra columns, card names as written) is never run as a formula. Writers
return bytes; the command writes them atomically.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from operator import gt, itemgetter
from pathlib import Path
from typing import Any

from deckcheck.report.batch_rows import ERROR, ILLEGAL, LEGAL, RowResult
from deckcheck.report.print_layout import text_width
from deckcheck.report.spreadsheet import csv_value, safe_cell, xlsx_value
from deckcheck.terminal import printable_json

SUMMARY_COLUMNS = ["sheet", "row", "player", "status", "legal", "alignment", "ruleset", "length",
                   "errors", "warnings", "first problem", "fingerprint", "deck status", "deck"]
VIOLATION_COLUMNS = ["player", "sheet", "row", "code", "severity", "message", "card", "line", "citation"]
DECKLIST_COLUMNS = ["player", "sheet", "row", "fingerprint", "part", "count", "card", "card id"]
# The sheet printed for the judges' table: only what a judge checks at the table, one page wide at 9 pt or more
# (its widest columns capped so that they fit: report/print_layout.py).
JUDGE_COLUMNS = ["sheet", "row", "player", "status", "errors", "warnings", "first problem", "fingerprint"]
JUDGE_WIDEST = {"sheet": 12, "player": 24, "first problem": 40}    # 125 units at most: one page wide

# Column widths in the workbook: wide enough for the text, never wider than MAX_WIDTH or the column's own cap
# (longer text wraps, the row taller), so that a sheet prints at 9 pt on as few pages across as it can.
MIN_WIDTH, MAX_WIDTH = 6, 40
WIDEST = {"player": 24, "first problem": 40, "deck": 36, "fingerprint": 16, "code": 18, "message": 40,
          "card": 26, "line": 12, "citation": 22}


def summary_table(results: Sequence[RowResult], extra_columns: Sequence[str]) -> tuple[list[str], list[list]]:
    """Header and rows of the Summary: the fixed columns, then the registrations' extra columns."""
    fixed = SUMMARY_COLUMNS if _has_sheets(results) else [c for c in SUMMARY_COLUMNS if c != "sheet"]
    extras = {name: _extra_header(name, fixed) for name in extra_columns}
    header = fixed + list(extras.values())
    rows = []
    for r in results:
        values = {"sheet": r.sheet, "row": r.row, "player": r.player, "status": r.status, "legal": r.legal,
                  "alignment": r.alignment, "ruleset": r.ruleset, "length": r.length, "errors": r.errors,
                  "warnings": r.warnings, "first problem": r.first_problem, "deck": r.deck,
                  "fingerprint": r.fingerprint, "deck status": _status_text(r)}
        rows.append([values[c] for c in fixed] + [r.extras.get(name) for name in extras])
    return header, rows


def _status_text(r: RowResult) -> str | None:
    """"standard", "dreamcard (resources 12/30, ...)", or None where no deck was read."""
    if r.deck_status is None:
        return None
    from deckcheck.decklist.pool_status import status_text

    return status_text(r.deck_status)


def judge_table(results: Sequence[RowResult]) -> tuple[list[str], list[list]]:
    """The Judges sheet: each registration's row, player, status, counts, first problem and fingerprint."""
    header, rows = summary_table(results, ())
    keep = [header.index(c) for c in JUDGE_COLUMNS if c in header]
    return [header[i] for i in keep], [[row[i] for i in keep] for row in rows]


def violations_table(results: Sequence[RowResult]) -> tuple[list[str], list[list]]:
    header = VIOLATION_COLUMNS if _has_sheets(results) else [c for c in VIOLATION_COLUMNS if c != "sheet"]
    rows = []
    for r in results:
        for v in r.violations:
            values = {"player": r.player, "sheet": r.sheet, "row": r.row, "code": v["code"],
                      "severity": v["severity"], "message": v["message"], "card": v.get("card"),
                      "line": _lines(v.get("lines") or []), "citation": v.get("citation")}
            rows.append([values[c] for c in header])
    return header, rows


def decklists_table(results: Sequence[RowResult]) -> tuple[list[str], Sequence[list]]:
    """Each player's deck as read: one row per card and part, in registration order. The rows are made as they
    are read (some 60 a deck: 300,000 for 5,000 decks are never all held at once)."""
    header = DECKLIST_COLUMNS if _has_sheets(results) else [c for c in DECKLIST_COLUMNS if c != "sheet"]

    def rows():
        for r in results:
            owner, tails = decklist_group(r, header)
            for tail in tails:
                yield owner + tail

    return header, _Rows(rows, sum(len(r.cards) for r in results))


def decklist_group(r: RowResult, header: list[str]) -> tuple[list, list[list]]:
    """The Decklists rows of one registration in the columns of `header` (DECKLIST_COLUMNS, with or without the
    sheet), as its owner's cells (player, sheet, row, fingerprint) and each card's (part, count, card, card id)."""
    owner = [r.player, r.sheet, r.row, r.fingerprint] if header[1] == "sheet" else [r.player, r.row, r.fingerprint]
    return owner, [[card["part"], card["count"], card["name"], card["card_id"]] for card in r.cards]


class _Rows:
    """Table rows made afresh at each pass (`make()`), with their number known beforehand."""

    def __init__(self, make, count: int):
        self._make, self._count = make, count

    def __iter__(self):
        return self._make()

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0


def counts(results: Sequence[RowResult]) -> dict[str, int]:
    return {"players": len(results),
            LEGAL: sum(r.status == LEGAL for r in results),
            ILLEGAL: sum(r.status == ILLEGAL for r in results),
            ERROR: sum(r.status == ERROR for r in results)}


# ---------------------------------------------------------------- xlsx


def xlsx_bytes(results: Sequence[RowResult], extra_columns: Sequence[str],
               started: ResultsWorkbook | None = None) -> bytes:
    """The results workbook, written row by row (report/xlsx_stream.py): `started`, the workbook that took each
    row as it was checked (`ResultsWorkbook`), finished; else one made of `results` now."""
    if started is None:
        started = ResultsWorkbook(_has_sheets(results), keep_cards=True)
        for result in results:
            started.add(result)
    return started.finish(results, extra_columns)


class ResultsWorkbook:
    """The results workbook made while the decks are checked. Each row's Decklists rows are written and its
    cards tallied for the Metagame sheets as the row comes (`add`), and then the row lets its cards go (unless
    `keep_cards`): 5,000 decks' 300,000 card rows are never all held. `finish` writes the Judges, Summary and
    Violations sheets, which the repeats (batch/repeats.py) change once every row is in, and the Metagame
    sheets, and returns the workbook. A row that cannot be written stops the writing, not the checking:
    `finish` raises its error, and the batch saves the results as JSON instead (batch/outputs.py)."""

    def __init__(self, has_sheets: bool, *, keep_cards: bool = False):
        from deckcheck.analysis.meta import MetaTally
        from deckcheck.report.xlsx_stream import new_workbook

        self.workbook = new_workbook()
        self._tables = [self.workbook.create_sheet(title) for title in ("Judges", "Summary", "Violations")]
        self._header = DECKLIST_COLUMNS if has_sheets else [c for c in DECKLIST_COLUMNS if c != "sheet"]
        self._decklists = TableSheet(self.workbook.create_sheet("Decklists"), self._header)
        self._meta = MetaTally()
        self._keep_cards = keep_cards
        self.failed: Exception | None = None

    def add(self, result: RowResult) -> None:
        if self.failed is None:
            try:
                self._decklists.add_group(*decklist_group(result, self._header))
                if result.cards:
                    self._meta.add(result.meta_record())
            except Exception as exc:  # noqa: BLE001 - raised by finish: the other rows are still checked
                self.failed = exc
        if not self._keep_cards:
            result.cards = []       # written and tallied

    def finish(self, results: Sequence[RowResult], extra_columns: Sequence[str]) -> bytes:
        from deckcheck.report.xlsx_stream import workbook_bytes

        if self.failed is not None:
            raise self.failed
        judges, summary, violations = self._tables
        header, rows = judge_table(results)
        stream_table(judges, header, rows, fills=_status_fills(header), widest=JUDGE_WIDEST)
        header, rows = summary_table(results, extra_columns)
        stream_table(summary, header, rows, fills=_status_fills(header))
        stream_table(violations, *violations_table(results))
        self._decklists.close()
        if self._meta.decks:    # the Metagame sheets, as `deckcheck meta` writes them, of the decks read
            from deckcheck.report.meta_report import write_meta_sheets

            write_meta_sheets(self.workbook, self._meta.meta())
        return workbook_bytes(self.workbook)


def stream_table(worksheet, header: list[str], rows: Sequence[list], *, fills: dict | None = None,
                 widest: dict[str, float] | None = None) -> None:
    """A table into a write-only worksheet in one pass (`TableSheet`)."""
    table = TableSheet(worksheet, header, fills=fills, widest=widest)
    for values in rows:
        table.add(values)
    table.close()


class TableSheet:
    """A header row in bold and the rows, into a write-only worksheet, a row at a time (`add`), then `close`: widths
    from the text (at most MAX_WIDTH, or `widest[column]`; longer text wraps within its column, the row as tall as
    its lines), the header frozen and filtered, the print layout (report/print_layout.py); `fills` colours a
    column's cells by value ({column: {value: fill}}).

    The rows are written as they come (report/xlsx_stream.py `RawRows`), before the widths are known: a cell
    wraps when its text is wider than its column's cap, and that is all a column's final width can change (it is
    the widest text, at most the cap), so no row waits for the others."""

    def __init__(self, worksheet, header: list[str], *, fills: dict | None = None,
                 widest: dict[str, float] | None = None):
        from openpyxl.styles import Alignment

        from deckcheck.report.print_layout import font
        from deckcheck.report.xlsx_stream import RawRows, style_id

        self.worksheet, self.header = worksheet, header
        self.rows = RawRows(worksheet)
        self._facts = _CellFacts()
        self.caps = [max(MIN_WIDTH, (widest or WIDEST).get(name, MAX_WIDTH)) for name in header]
        self.widths = [text_width(name) + 1 for name in header]
        self._plain = font()
        wrap = Alignment(wrap_text=True, vertical="top")
        self._alignments = {True: wrap, False: Alignment(vertical="top")}
        self._fills = {column - 1: by_value for column, by_value in (fills or {}).items()}
        self._styles: dict = {}      # (id of the fill, wrapped) -> (style id, fill): registered as they are met
        self._tails: dict = {}       # add_group: a tail's row template (None: written by `add`)
        bold = style_id(worksheet, font=font(bold=True), alignment=wrap)
        long_headers = [(c, name) for c, name in enumerate(header) if self.widths[c] > self.caps[c]]
        self.rows.add([xlsx_value(name) for name in header], [bold] * len(header), self._height(long_headers))

    def add(self, values: list) -> None:
        from deckcheck.report.xlsx_stream import style_id

        cells = self._facts.row(values)
        widths = list(map(itemgetter(1), cells))
        self.widths = list(map(max, self.widths, widths))
        fills, caps = self._fills, self.caps
        wraps = any(map(gt, widths, caps))
        if not fills and not wraps:
            rests = list(map(itemgetter(2), cells))
            if _NOT_PLAIN not in rests:
                self.rows.add_rests(rests)
            else:           # a date, say: openpyxl's cell writer writes it
                self.rows.add(list(map(itemgetter(0), cells)))
            return
        # a long text wraps within its column, the row as tall as its lines; every cell of such a row is styled
        styles = []
        for column, (value, width) in enumerate(zip(values, widths)):
            fill = fills[column].get(value) if column in fills else None
            if fill is not None or wraps:
                key = (id(fill), width > caps[column])
                found = self._styles.get(key)
                if found is None:     # the fill is kept with its id: while it lives, no other object takes it
                    found = self._styles[key] = (style_id(self.worksheet, font=self._plain, fill=fill,
                                                          alignment=self._alignments[key[1]]), fill)
                styles.append(found[0])
            else:
                styles.append(None)
        long_texts = [(column, safe) for column, (safe, width, _) in enumerate(cells) if width > caps[column]]
        self.rows.add(list(map(itemgetter(0), cells)), styles, self._height(long_texts))

    def add_group(self, owner: list, tails: Sequence[list]) -> None:
        """The rows `owner + tail` for each tail (the Decklists rows of one deck: its player, row and fingerprint,
        then each card's part, count, name and id). A plain row is written from the XML of its two halves, each
        worked out once (a card's tail recurs in deck after deck); any other row by `add`."""
        start = self._group_part(0, owner)
        if start is None:
            for tail in tails:
                self.add(owner + tail)
            return
        known = self._tails
        for tail in tails:
            try:
                key = tuple(tail)
                end = known.get(key, _NOT_PLAIN)
            except TypeError:       # an unhashable value
                key, end = None, _NOT_PLAIN
            if end is _NOT_PLAIN:
                end = self._group_part(len(owner), tail)
                if key is not None and len(known) < _CellFacts.KEEP:
                    known[key] = end
            if end is None:
                self.add(owner + tail)
            else:
                self.rows.add_template(start + end)

    def _group_part(self, first: int, values: list) -> str | None:
        """The cells of `values` (from column `first`) as a row template of RawRows.add_template, their widths
        counted; None when one of them wraps or is no plain value (or the sheet colours a column)."""
        from deckcheck.report.xlsx_stream import cell_template

        if self._fills:
            return None
        columns = range(first, first + len(values))
        cells = self._facts.row(values)
        self.widths[first:first + len(values)] = map(max, self.widths[first:first + len(values)],
                                                     map(itemgetter(1), cells))
        if any(cells[i][1] > self.caps[c] or cells[i][2] is _NOT_PLAIN for i, c in enumerate(columns)):
            return None
        return "".join(cell_template(c, rest) for c, (_, _, rest) in zip(columns, cells) if rest is not None)

    def _height(self, texts) -> float | None:
        """A row's height where its long texts wrap: each in its column at the column's cap."""
        from deckcheck.report.print_layout import row_height, wrapped_lines

        if not texts:
            return None
        return row_height(max(wrapped_lines(text, self.caps[column]) for column, text in texts))

    def close(self) -> None:
        from openpyxl.utils import get_column_letter

        from deckcheck.report.print_layout import set_print_layout

        worksheet, header = self.worksheet, self.header
        widths = [max(MIN_WIDTH, min(cap, width)) for cap, width in zip(self.caps, self.widths)]
        for column, width in enumerate(widths, start=1):
            worksheet.column_dimensions[get_column_letter(column)].width = width
        worksheet.freeze_panes = "A2"
        # printed on pages side by side where it must: the columns up to the player's on each page
        titles = get_column_letter(header.index("player") + 1 if "player" in header else 1)
        set_print_layout(worksheet, widths, title_cols=f"A:{titles}")
        if self.rows.count > 1:
            worksheet.auto_filter.ref = f"A1:{get_column_letter(len(header))}{self.rows.count}"


class _CellFacts:
    """A value's cell value (xlsx_value), display width and cell XML (report/xlsx_stream.py `cell_rest`; None for
    no value, _NOT_PLAIN for a value openpyxl writes), worked out once per distinct value of a table: the Decklists
    sheet repeats each player, part and card name on row after row. `known` is keyed by the text, or (class,
    value) for any other value (1, 1.0 and True are three cells)."""

    KEEP = 100_000          # distinct values kept, each of at most 300 characters

    def __init__(self):
        self.known: dict = {}

    def row(self, values: list) -> list[tuple[Any, float, Any]]:
        known = self.known
        try:
            return [known.get(v if v.__class__ is str else (v.__class__, v)) or self(v) for v in values]
        except TypeError:       # an unhashable value
            return [self(v) for v in values]

    def __call__(self, value: Any) -> tuple[Any, float, Any]:
        from deckcheck.report.xlsx_stream import cell_rest

        safe = xlsx_value(value)
        rest = None if safe is None else cell_rest(safe, None)
        found = (safe, _display_width(value), _NOT_PLAIN if rest is None and safe is not None else rest)
        try:
            key = value if value.__class__ is str else (value.__class__, value)
            if len(self.known) < self.KEEP and (not isinstance(value, str) or len(value) <= 300):
                self.known[key] = found
        except TypeError:        # unhashable: worked out each time
            pass
        return found


_NOT_PLAIN = object()


def _status_fills(header: list[str]) -> dict:
    from openpyxl.styles import PatternFill

    return {header.index("status") + 1: {LEGAL: PatternFill("solid", fgColor="C6EFCE"),
                                         ILLEGAL: PatternFill("solid", fgColor="FFC7CE"),
                                         ERROR: PatternFill("solid", fgColor="FFEB9C")}}


def _display_width(value: Any) -> float:
    return 0 if value is None else text_width(safe_cell(value))


# ---------------------------------------------------------------- csv and json


def csv_text(header: list[str], rows: list[list]) -> str:
    """A CSV table; booleans as TRUE/FALSE as spreadsheets write them, text made formula-safe for a reader that
    splits on any separator (`csv_value`). Every field is quoted: a reader that ignores quotes sees each field
    begin with a quote, never with a trigger."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow([csv_value(h) for h in header])
    for values in rows:
        writer.writerow([_csv_value(v) for v in values])
    return buffer.getvalue()


def _csv_value(value: Any) -> Any:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return "" if value is None else csv_value(value)


def violations_csv_path(summary_path: str | Path) -> Path:
    """Where the Violations table goes beside a CSV summary: results.csv -> results-violations.csv."""
    p = Path(summary_path)
    return p.with_name(f"{p.stem}-violations{p.suffix or '.csv'}")


SCHEMA = "deckcheck/batch/1"        # deckcheck/schemas/batch.schema.json


def json_document(results: Sequence[RowResult], *, registrations: str, ruleset: str, length: int) -> dict:
    return {
        "schema": SCHEMA,
        "registrations": registrations,
        "ruleset": ruleset,
        "length": length,
        "counts": counts(results),
        "results": [
            {"sheet": r.sheet, "row": r.row, "player": r.player, "status": r.status, "legal": r.legal,
             "alignment": r.alignment, "avatar": r.avatar, "ruleset": r.ruleset, "length": r.length,
             "deck": r.deck, "deck_name": r.deck_name, "fingerprint": r.fingerprint, "errors": r.errors,
             "warnings": r.warnings, "first_problem": r.first_problem,
             "deck_status": r.deck_status["status"] if r.deck_status else None,
             "dream_share": r.deck_status["share"] if r.deck_status else None,
             "extras": {k: _json_value(v) for k, v in r.extras.items()},
             "violations": r.violations}
            for r in results
        ],
    }


def json_text(document: dict) -> str:
    return printable_json(json.dumps(document, ensure_ascii=False, indent=2)) + "\n"


def _json_value(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


# ---------------------------------------------------------------- helpers


def _has_sheets(results: Sequence[RowResult]) -> bool:
    return any(r.sheet for r in results)


def _extra_header(name: str, fixed: Sequence[str]) -> str:
    """An extra column keeps its header unless it would be mistaken for one of ours."""
    return f"{name} (registration)" if name.strip().lower() in fixed else name


def _lines(lines: list[int]) -> int | str | None:
    """One line number stays a number (sortable); several are listed."""
    if not lines:
        return None
    if len(lines) == 1:
        return lines[0]
    return ", ".join(str(n) for n in lines)
