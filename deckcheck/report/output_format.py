"""Which format a report is written in, the same way for every command that writes one.

`--output` if given, else the suffix of `-o FILE`, else the command's default. A file name that contradicts an
explicit `--output` (`-o r.html --output json`) is an error, not a silently mislabelled file, and so is a
format that needs a file (a workbook) without `-o`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from deckcheck.errors import DeckcheckError

SUFFIX_FORMATS = {".txt": "text", ".text": "text", ".json": "json", ".xlsx": "xlsx", ".html": "html",
                  ".htm": "html", ".csv": "csv", ".md": "markdown",
                  # decks for the clients (convert): meccg-online's .meccg, GCCG's .deck, OCTGN's .o8d; NetMECCG's
                  # .dck is read, not written
                  ".meccg": "meccg", ".deck": "gccg", ".o8d": "octgn", ".dck": "netmeccg"}
FILE_ONLY = ("xlsx", "html")


def format_from_name(out: str | None) -> str | None:
    return SUFFIX_FORMATS.get(Path(out).suffix.lower()) if out else None


def choose_format(out: str | None, given: str | None, formats: Iterable[str], *, default: str,
                  file_only: Iterable[str] = FILE_ONLY, option: str | None = "--output") -> str:
    """The format to write: `given` (the --output value, None when not given), else -o's suffix, else `default`.
    `option` None: the command writes one format and has no option to choose it (`sheet`)."""
    formats = tuple(formats)
    named = format_from_name(out)
    if given is not None:
        # A name in a format this command does not write (a deck.meccg for JSON) is only a name.
        if named in formats and named != given:
            raise DeckcheckError(f"the name says {named} but {option} is {given}; give one or make them agree", out)
        chosen = given
    elif out is None:
        chosen = default
    elif named in formats:
        chosen = named
    else:
        suffix = Path(out).suffix
        said = (f"from {suffix} ({named} is not one this command writes)" if named else
                f"from {suffix}" if suffix else "from a name without a suffix")
        suffixes = ", ".join(s for s, f in SUFFIX_FORMATS.items() if f in formats)
        instead = f", or give {option}" if option else ""
        raise DeckcheckError(f"cannot tell the format {said}; end the name in {suffixes}{instead}", out)
    if chosen in tuple(file_only) and out is None:
        raise DeckcheckError(f"{option} {chosen} writes a file: give it with -o FILE")
    return chosen
