"""Writing a tournament batch's results: an .xlsx workbook (Summary, Violations, Decklists, Metagame), CSV or JSON.

The Summary has one row per registration, the Violations sheet one row per violation, the Decklists sheet one row
per card of each deck as read. The workbook is made for the judges' table: every sheet prints landscape, one
page wide, with its header row on every page and gridlines, and long text wraps within its cell. Every cell passes
through `report.spreadsheet` so that text from the registrations (names, extra columns, card names as written)
is never run as a formula. Writers return bytes; the command writes them atomically.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deckcheck.report.batch_rows import ERROR, ILLEGAL, LEGAL, RowResult
from deckcheck.report.spreadsheet import csv_value, put_cell, safe_cell
from deckcheck.terminal import printable_json

SUMMARY_COLUMNS = ["sheet", "row", "player", "status", "legal", "alignment", "ruleset", "length",
                   "errors", "warnings", "first problem", "fingerprint", "deck"]
VIOLATION_COLUMNS = ["player", "sheet", "row", "code", "severity", "message", "card", "line", "citation"]
DECKLIST_COLUMNS = ["player", "sheet", "row", "fingerprint", "part", "count", "card", "card id"]

# Column widths in the workbook: wide enough for the text, never wider than this (long text wraps off-screen).
MIN_WIDTH, MAX_WIDTH = 6, 60


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
                  "fingerprint": r.fingerprint}
        rows.append([values[c] for c in fixed] + [r.extras.get(name) for name in extras])
    return header, rows


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


def decklists_table(results: Sequence[RowResult]) -> tuple[list[str], list[list]]:
    """Each player's deck as read: one row per card and part, in registration order."""
    header = DECKLIST_COLUMNS if _has_sheets(results) else [c for c in DECKLIST_COLUMNS if c != "sheet"]
    rows = []
    for r in results:
        for card in r.cards:
            values = {"player": r.player, "sheet": r.sheet, "row": r.row, "fingerprint": r.fingerprint,
                      "part": card["part"], "count": card["count"], "card": card["name"], "card id": card["card_id"]}
            rows.append([values[c] for c in header])
    return header, rows


def counts(results: Sequence[RowResult]) -> dict[str, int]:
    return {"players": len(results),
            LEGAL: sum(r.status == LEGAL for r in results),
            ILLEGAL: sum(r.status == ILLEGAL for r in results),
            ERROR: sum(r.status == ERROR for r in results)}


# ---------------------------------------------------------------- xlsx


def xlsx_bytes(results: Sequence[RowResult], extra_columns: Sequence[str]) -> bytes:
    import openpyxl

    workbook = openpyxl.Workbook()
    summary = workbook.active
    summary.title = "Summary"
    header, rows = summary_table(results, extra_columns)
    _fill_sheet(summary, header, rows)
    _colour_status(summary, header, rows)
    violations = workbook.create_sheet("Violations")
    _fill_sheet(violations, *violations_table(results))
    _fill_sheet(workbook.create_sheet("Decklists"), *decklists_table(results))
    _add_metagame(workbook, results)
    for worksheet in workbook.worksheets:
        set_print_layout(worksheet)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _add_metagame(workbook, results: Sequence[RowResult]) -> None:
    """The Metagame sheets, as `deckcheck meta` writes them, of every deck that could be read."""
    records = [r.meta_record() for r in results if r.cards]
    if records:
        from deckcheck.analysis.meta import build_meta
        from deckcheck.report.meta_report import write_meta_sheets

        write_meta_sheets(workbook, build_meta(records))


def _fill_sheet(worksheet, header: list[str], rows: list[list]) -> None:
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    bold = Font(bold=True)
    for column, name in enumerate(header, start=1):
        put_cell(worksheet, 1, column, name).font = bold
    wrap = Alignment(wrap_text=True, vertical="top")
    for row_number, values in enumerate(rows, start=2):
        for column, value in enumerate(values, start=1):
            cell = put_cell(worksheet, row_number, column, value)
            if _display_width(value) > MAX_WIDTH:
                cell.alignment = wrap    # a long message wraps within its column, never past the page
    worksheet.freeze_panes = "A2"
    if rows:
        worksheet.auto_filter.ref = f"A1:{get_column_letter(len(header))}{len(rows) + 1}"
    for column, name in enumerate(header, start=1):
        width = max([len(name) + 2] + [_display_width(values[column - 1]) for values in rows])
        worksheet.column_dimensions[get_column_letter(column)].width = max(MIN_WIDTH, min(MAX_WIDTH, width))


def set_print_layout(worksheet, *, header_rows: str = "1:1") -> None:
    """Landscape, one page wide (as many pages down as needed), the header row on every page, gridlines."""
    worksheet.page_setup.orientation = "landscape"
    worksheet.page_setup.fitToWidth = 1
    worksheet.page_setup.fitToHeight = 0
    worksheet.sheet_properties.pageSetUpPr.fitToPage = True
    worksheet.print_options.gridLines = True
    worksheet.print_title_rows = header_rows


def _colour_status(worksheet, header: list[str], rows: list[list]) -> None:
    from openpyxl.styles import PatternFill

    fills = {LEGAL: PatternFill("solid", fgColor="C6EFCE"), ILLEGAL: PatternFill("solid", fgColor="FFC7CE"),
             ERROR: PatternFill("solid", fgColor="FFEB9C")}
    column = header.index("status") + 1
    for row_number, values in enumerate(rows, start=2):
        fill = fills.get(values[column - 1])
        if fill:
            worksheet.cell(row=row_number, column=column).fill = fill


def _display_width(value: Any) -> int:
    if value is None:
        return 0
    text = str(safe_cell(value))
    return max((len(line) for line in text.split("\n")), default=0) + 1


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
