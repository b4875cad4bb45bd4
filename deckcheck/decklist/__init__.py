"""Decklists: read every format players use into one `Deck`, and write it back out.

    from deckcheck.decklist import read_deck, parse_text
    deck = read_deck("A - Stewards of Gondor.meccg")           # format detected from the content
    deck = read_deck("-")                                        # standard input, named <stdin> in messages
    deck = parse_text(cell_text, path="Sheet1!B2")               # a decklist pasted into a spreadsheet cell

Both raise DeckcheckError only when nothing usable could be read; every other problem is in deck.diagnostics.
"""

from __future__ import annotations

import os
import re

from deckcheck.decklist.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.patterns import LazyPattern

__all__ = ["read_deck", "read_deck_text", "parse_text", "FORMATS", "MAX_DECK_BYTES", "STDIN"]

# The biggest real decklist (a multiplayer Arda deck) is 23 kB; a bigger file is something else, and reading
# megabytes of it line by line would keep the user waiting for nothing.
MAX_DECK_BYTES = 1024 * 1024

# Dropped from the start of any line of a decklist text: byte-order mark, zero-width space, word joiner.
INVISIBLE = "\ufeff\u200b\u2060"
_DROP_INVISIBLE = dict.fromkeys(map(ord, INVISIBLE))
_LEADING_INVISIBLE = LazyPattern(rf"^(?:[^\S\n]|[{INVISIBLE}])*[{INVISIBLE}](?:[^\S\n]|[{INVISIBLE}])*", re.MULTILINE)

# The DECK argument that means standard input (the one deliberate exception to "decks are regular files").
STDIN = "-"

FORMATS = ("gccg", "gccg-plain", "netmeccg", "octgn", "wigy-json", "json", "markdown", "cardnum")


def read_deck(path: str | os.PathLike, *, input_format: str | None = None, alignment: str | None = None) -> Deck:
    """Read a decklist file (or standard input for "-") in any known format (or the one given) and resolve it
    against the catalog."""
    text, encoding, name = read_deck_text(path)
    deck = parse_text(text, path=name, input_format=input_format, alignment=alignment)
    deck.encoding = encoding
    return deck


def read_deck_text(path: str | os.PathLike) -> tuple[str, str, str]:
    """(text, encoding, the name messages use) of a decklist file, or of standard input when path is "-"."""
    from deckcheck.fileio import STDIN_NAME, read_stdin, read_text

    if isinstance(path, str) and path == STDIN:
        (text, encoding), name = read_stdin(limit=MAX_DECK_BYTES), STDIN_NAME
    else:
        (text, encoding), name = read_text(path, limit=MAX_DECK_BYTES), str(path)
    if encoding in ("cp1252", "latin-1"):
        text, encoding = _mixed_utf8_lines(text, encoding)
    return text, encoding, name


def parse_text(text: str, *, path: str = "<text>", input_format: str | None = None,
               alignment: str | None = None) -> Deck:
    """Parse decklist text; DeckcheckError (exit 2) only when no card line could be read at all."""
    from deckcheck.decklist.build import build_deck
    from deckcheck.decklist.detect import read_text_as

    if input_format is not None and input_format not in FORMATS:
        raise DeckcheckError(f"unknown input format {input_format!r}; choose one of {', '.join(FORMATS)}", path)
    # text from a spreadsheet cell or a clipboard keeps its CR/CRLF line ends; files are normalised already
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # invisible marks a cell or a chat message carries at the start of a line (a byte-order mark, zero-width
    # spaces): one before a count ("\ufeff  3 Dodge") hid the count, or made the line the list's title unsaid. Only
    # there: inside a name they change nothing the resolver sees, and a name written with one reads back as itself.
    if any(mark in text for mark in INVISIBLE):
        text = _LEADING_INVISIBLE.sub(lambda m: m.group().translate(_DROP_INVISIBLE), text)
    if not text.strip("\ufeff \t\n\r"):
        raise DeckcheckError("empty file: no decklist to read", path, 1)
    if "\x00" in text:   # anywhere: NULs after the first 8 kB were read into card names
        raise DeckcheckError("binary file, not a decklist", path)
    result = read_text_as(text, path, input_format)
    if not result.lines:
        _no_card_lines(result, result.diagnostics, path)
    deck = build_deck(result, path, alignment=alignment)
    if not deck.entries and all(line.tentative for line in result.lines):
        _no_card_lines(result, deck.diagnostics, path)   # only bare lines, none of them a card: prose
    return deck


def _no_card_lines(result, diagnostics, path: str):
    first = next((d for d in diagnostics if d.severity == "error"), None)
    why = f"; first problem: line {first.line}: {first.message}" if first else ""
    raise DeckcheckError(f"no card lines found (read as {result.format}){why}", path, first.line if first else None)


def _mixed_utf8_lines(text: str, encoding: str) -> tuple[str, str]:
    """A file that is not UTF-8 as a whole may still hold UTF-8 lines (a deck pasted together from two
    editors): those lines were decoded as "ThÃ©oden" and are decoded again as UTF-8."""
    lines = text.split("\n")
    mended = 0
    for i, line in enumerate(lines):
        if line.isascii():
            continue
        try:
            again = line.encode(encoding).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue   # a genuine cp1252/latin-1 line ("Lórien" as one byte)
        lines[i], mended = again, mended + 1
    return ("\n".join(lines), f"{encoding} with {mended} UTF-8 line{'s' if mended > 1 else ''}") if mended \
        else (text, encoding)
