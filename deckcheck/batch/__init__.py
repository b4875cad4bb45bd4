"""Tournament batch: every registered player's deck checked, results as a workbook, CSV or JSON.

`read_registrations` reads the organizer's spreadsheet, `run_batch` checks the decks (in parallel processes
with jobs > 1), and `deckcheck.report.batch_results` writes what was found.
"""

from deckcheck.batch.registrations import Registration, RegistrationFile, read_registrations
from deckcheck.batch.runner import ERROR, ILLEGAL, LEGAL, RowResult, Settings, check_registration, run_batch

__all__ = [
    "ERROR", "ILLEGAL", "LEGAL", "Registration", "RegistrationFile", "RowResult", "Settings",
    "check_registration", "read_registrations", "run_batch",
]
