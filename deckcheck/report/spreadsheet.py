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
from typing import Any

# OWASP "CSV injection": cells must not begin with these characters.
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
# Leading spaces do not protect: some programs strip them before deciding that a cell is a formula.
_LEADING_BLANKS = " \u00a0\u3000"
# Full-width forms that some programs (Excel with East-Asian input) also accept as a formula start.
_WIDE_TRIGGERS = ("\uff1d", "\uff0b", "\uff0d", "\uff20")

# Excel's limit on the text of one cell.
MAX_CELL_CHARS = 32767
# Control characters that XML 1.0 (and so xlsx) cannot hold; openpyxl raises on them.
_ILLEGAL_XML_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def is_formula_like(text: str) -> bool:
    """True when a spreadsheet program could take `text` as a formula."""
    stripped = text.lstrip(_LEADING_BLANKS)
    return stripped.startswith(FORMULA_TRIGGERS + _WIDE_TRIGGERS) or text.startswith(FORMULA_TRIGGERS)


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
