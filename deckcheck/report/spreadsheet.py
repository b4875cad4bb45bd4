"""Spreadsheet cells that no program evaluates: protection against formula (CSV) injection.

Text that came from players (names, card names as written, pasted decklists) may start with "=", "+", "-",
"@", a tab or a carriage return; Excel, LibreOffice and Google Sheets run such a cell as a formula when the
file is opened (`=HYPERLINK(...)`, `@SUM(...)`, DDE payloads).

The choice, and why: `safe_cell` prefixes such text with an apostrophe ("'"). That is the one remedy
that works for every consumer alike -- a CSV file (which has no cell types), pandas `to_excel`, and openpyxl
(which would otherwise store any string starting with "=" as a formula). Spreadsheet programs show the
apostrophe, so the reader can still see what was written; nothing is lost. In xlsx files written by
`put_cell` the cell is, in addition, stored with the explicit string type (`data_type = "s"`), so even text
that a future change let through unprefixed would never be written as a formula.
Numbers, booleans and dates stay what they are.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from typing import Any

# OWASP "CSV injection": cells must not begin with these characters.
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
# A cell starting with a line feed is written on a line of its own by a CSV writer; some programs drop it.
_LEADING_TRIGGERS = FORMULA_TRIGGERS + ("\n",)
# What programs may skip before deciding that a cell is a formula: blanks of every kind (U+2003, U+3000, U+2028,
# VT, FF), invisible format characters (U+200B, U+FEFF) and control characters.
_SKIPPED_CATEGORIES = {"Zs", "Zl", "Zp", "Cc", "Cf"}

# Excel's limit on the text of one cell.
MAX_CELL_CHARS = 32767
# Control characters that XML 1.0 (and so xlsx) cannot hold; openpyxl raises on them.
_ILLEGAL_XML_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def is_formula_like(text: str) -> bool:
    """True when a spreadsheet program could take `text` as a formula: it starts with a trigger, or its first
    character after blanks, format and control characters is one -- or folds to one under NFKC (the full-width
    "\uff1d", the small "\ufe66", the superscript "\u207c" are all "=")."""
    if text.startswith(_LEADING_TRIGGERS):
        return True
    for char in text:
        if char.isspace() or unicodedata.category(char) in _SKIPPED_CATEGORIES:
            continue
        return unicodedata.normalize("NFKC", char)[:1] in FORMULA_TRIGGERS
    return False


def safe_cell(value: Any) -> Any:
    """The value to write into a spreadsheet cell (xlsx or csv) so that no program evaluates it.

    Text that could start a formula gets a leading apostrophe; other text is unchanged. None, numbers,
    booleans and dates are returned as they are (numbers stay numbers). Any other object becomes its str().
    """
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if _is_date_like(value):
        return value
    text = value if isinstance(value, str) else str(value)
    if text and is_formula_like(text):
        return "'" + text
    return text


# Where a program reading a CSV file may start a new cell inside one quoted field: it may split on any of these
# (LibreOffice asks; Excel uses ';' in German, French, Dutch or Spanish locales) and may ignore the quotes.
CSV_SEPARATORS = frozenset(";,\t|\r\n")


def csv_value(value: Any) -> Any:
    """`safe_cell` for a CSV field, and more: a formula trigger after any separator a reader may split on is
    neutralised as at the start (an apostrophe after the separator), so the field is safe whatever separator
    and quote character the reader is told to use ('Bob;=1+1' is two cells for a ';' reader)."""
    value = safe_cell(value)
    if isinstance(value, str) and not CSV_SEPARATORS.isdisjoint(value):
        return _neutralise_after_separators(value)
    return value


def _neutralise_after_separators(text: str) -> str:
    """One pass from the end (a run of tabs is separators and blanks at once: looking ahead from each would be
    quadratic), knowing at each character whether the text after it, past what programs skip, starts a
    formula."""
    out: list[str] = []
    formula_follows = False
    for char in reversed(text):
        if char in CSV_SEPARATORS and formula_follows:
            out.append("'")
            formula_follows = False
        out.append(char)
        if not (char.isspace() or unicodedata.category(char) in _SKIPPED_CATEGORIES):
            formula_follows = unicodedata.normalize("NFKC", char)[:1] in FORMULA_TRIGGERS
    return "".join(reversed(out))


def xlsx_value(value: Any) -> Any:
    """`safe_cell`, plus what an xlsx cell needs: no XML-illegal control characters, at most 32767 chars."""
    value = safe_cell(value)
    if isinstance(value, str):
        value = _ILLEGAL_XML_CHARS.sub("\ufffd", value)
        if len(value) > MAX_CELL_CHARS:
            value = value[: MAX_CELL_CHARS - 1] + "\u2026"
    return value


def put_cell(worksheet, row: int, column: int, value: Any):
    """Write `value` into an openpyxl worksheet cell: text is always stored as a string, never a formula."""
    cell = worksheet.cell(row=row, column=column)
    value = xlsx_value(value)
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"
    return cell


def _is_date_like(value: Any) -> bool:
    return isinstance(value, (datetime.date, datetime.time, datetime.timedelta))
