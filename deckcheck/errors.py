"""Errors that end a command with a one-line message and exit code 2."""

from __future__ import annotations

from deckcheck.terminal import printable


class DeckcheckError(Exception):
    """A usage or input error: printed as one line, exit code 2, never a traceback."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = ""
        if self.path:
            where = f"{self.path}:{self.line}: " if self.line else f"{self.path}: "
        return printable(f"{where}{self.message}")


class DataError(DeckcheckError):
    """deckcheck's own data (card catalog, rulesets, schemas) is missing or damaged: no deck can be checked, so a
    command that goes on past a bad deck stops here, with one line."""
