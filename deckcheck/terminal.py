"""Text that reaches a terminal: what strangers wrote is shown, never obeyed.

A deck name, a card line, a player's name or a file name may hold terminal control sequences (ESC [2J clears
the screen, ESC ] 0; sets the window title, U+009B is a one-character CSI) or bidirectional overrides that
reorder what is shown (U+202E). Every text report escapes them the way Python's repr() does ("\\x1b",
"\\u202e"); JSON reports escape them as JSON does ("\\u001b"), which keeps the document valid and its strings
the same once parsed. Tabs and line ends stay: they are how reports are laid out.
"""

from __future__ import annotations

import re

from deckcheck.patterns import LazyPattern

# C0 controls but tab and line feed, DEL, C1 controls; the bidirectional embeddings, overrides and isolates.
CONTROLS = LazyPattern("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with every control character written as its escape: safe to print on a terminal."""
    return text if _no_controls(text) else CONTROLS.sub(_escape, text)


def printable_json(document: str) -> str:
    """A JSON text with the control characters json.dumps(ensure_ascii=False) leaves raw (DEL, C1, bidi)
    written as \\u escapes: the same JSON once parsed, inert on a terminal."""
    return document if _no_controls(document) else CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", document)


# Texts longer than this go to the pattern straight away (the test below copies the text).
_QUICK_TEST_CHARS = 65536


def _no_controls(text: str) -> bool:
    """True when CONTROLS cannot match: every character but tab and line feed is printable (str.isprintable is
    False for every C0 and C1 control, DEL and the bidirectional format characters, category Cc and Cf). Most
    texts are so, and need no pattern compiled; a False only means "ask the pattern"."""
    return len(text) <= _QUICK_TEST_CHARS and text.replace("\n", "").replace("\t", "").isprintable()


def printable_html(text: str) -> str:
    """`text` for an HTML page: markup as entities, control characters as visible escapes, as on a terminal (a
    page, printed or shown, must not reorder a name with U+202E, and an ESC is no character a page can show)."""
    from html import escape

    return escape(printable(str(text)))


def _escape(match: re.Match) -> str:
    return repr(match.group())[1:-1]
