"""Which decklist format a text is in, and the reader for each format.

Detection looks at the content first (a JSON object, XML, a NetMECCG header, GCCG fences, bare GCCG section
words, Cardnum zone words) and at the file name only to break ties; anything else is read as a labelled list.
A text is JSON when it parses as JSON, or when it starts as a JSON document does (then broken JSON, reported where
it breaks); a list whose first line is a title in brackets is a list.
"""

from __future__ import annotations

import importlib
import json
import os
import re
from collections.abc import Callable

from deckcheck.decklist.lines import ReadResult, load_json
from deckcheck.patterns import LazyPattern

FORMATS = ("gccg", "gccg-plain", "netmeccg", "octgn", "wigy-json", "tts", "json", "markdown", "cardnum")

NETMECCG_SECTION = LazyPattern(r"^\[(starting|sideboard|anti-fw|characters|resources|hazards|sites)\]\s*$",
                              re.IGNORECASE | re.MULTILINE)
GCCG_FENCE = LazyPattern(r"^#{3,}[ \t]*\n[^#\n][^\n]*\n#{3,}[ \t]*$", re.MULTILINE)
GCCG_PLAIN_DECK = LazyPattern(r"^Deck[ \t]*$", re.MULTILINE)
CARDNUM_ZONE = LazyPattern(r"^(resources|hazards|characters|fwsb|fw-dc-sb)[ \t]*$", re.IGNORECASE | re.MULTILINE)


# How a JSON document that does not parse still starts: an object's first key or its end, an array's first value
# or its end. A text that starts otherwise ("[Deck Dwarf-lord Balin] Hobbits") is read as the list it is.
JSON_START = LazyPattern(r'\{\s*(?:"|\}|$)|\[\s*(?:[\[{"\]\d-]|true|false|null|$)')
_NOT_JSON = object()

_last_parsed: tuple[str | None, object] = (None, None)


def _parsed(text: str):
    """load_json of the text, parsed once for detect() and the reader of the same text (compared by identity;
    one tuple, rebound whole, so that a thread never gets another text's data)."""
    global _last_parsed
    last = _last_parsed
    if last[0] is text:
        return last[1]
    data = load_json(text.lstrip("\ufeff"))
    _last_parsed = (text, data)
    return data


def _suffix(path: str | os.PathLike) -> str:
    """pathlib.PurePath(path).suffix ("deck.meccg" -> ".meccg"; none for ".meccg" or "deck."), without importing
    pathlib (with urllib.parse, ~16 M instructions of every start: benchmarks/bench_startup.py)."""
    path = os.fspath(path)
    name = os.path.basename(os.path.normpath(path)) if path else ""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def detect(text: str, path: str = "") -> str:
    """The format name of a decklist text (one of FORMATS)."""
    head = text.lstrip("\ufeff \t\n")
    suffix = _suffix(path).lower()
    is_netmeccg = _starts_like_netmeccg(text)
    if head.startswith(("{", "[")) and not is_netmeccg:
        try:
            data = _parsed(text)
        except (ValueError, RecursionError):
            data = _NOT_JSON
        if data is not _NOT_JSON:
            from deckcheck.decklist import native, tts, wigy

            if tts.looks_like(data) and not native.looks_like(data):
                return "tts"
            return "wigy-json" if wigy.looks_like(data) and not native.looks_like(data) else "json"
        if suffix == ".json" or JSON_START.match(head):
            return "json"   # broken JSON: the native reader reports where
        # "[Deck Dwarf-lord Balin] Hobbits": a pasted list's title in brackets, a forum habit, not JSON
    if head.startswith(("<?xml", "<deck")) or suffix == ".o8d":
        return "octgn"
    if is_netmeccg:
        return "netmeccg"
    if GCCG_FENCE.search(text):
        return "gccg"
    if GCCG_PLAIN_DECK.search(text):
        return "gccg-plain"
    if CARDNUM_ZONE.search(text):
        return "cardnum"
    if suffix == ".dck":
        return "netmeccg"
    if suffix in (".meccg", ".deck"):
        return "gccg"
    return "markdown"


def _starts_like_netmeccg(text: str) -> bool:
    """The first line that is neither blank nor a '#' comment is the NetMECCG header or one of its sections.

    Only the start counts: a "[sites]" line in the notes of a GCCG or Markdown deck does not make it NetMECCG.
    """
    for line in text.split("\n"):
        stripped = line.strip("\ufeff \t")
        if stripped and not stripped.startswith("#"):
            return stripped[:1] == "[" and (stripped.lower().startswith("[netmeccg")
                                            or NETMECCG_SECTION.match(stripped) is not None)
    return False


def read_json(text: str, path: str, kind: str) -> ReadResult:
    """Parse JSON once; a syntax error is a diagnostic with its line, and nothing is read."""
    try:
        data = _parsed(text)
    except json.JSONDecodeError as exc:
        result = ReadResult(format=kind, recognised=False)
        result.problem(path, exc.lineno, "bad-json", f"not valid JSON: {exc.msg}")
        return result
    except RecursionError:
        result = ReadResult(format=kind, recognised=False)
        result.problem(path, None, "bad-json", "JSON nested too deeply")
        return result
    from deckcheck.decklist import native, tts, wigy

    if kind == "tts":
        if not tts.looks_like(data):
            result = ReadResult(format=kind, recognised=False)
            result.problem(path, 1, "bad-json", 'a Tabletop Simulator save must be an object with "ObjectStates"')
            return result
        return tts.read_data(data, text, path)
    if kind == "wigy-json":
        if not isinstance(data, dict):
            result = ReadResult(format=kind, recognised=False)
            result.problem(path, 1, "bad-json", "a wigy deck must be a JSON object")
            return result
        return wigy.read_data(data, text, path)
    return native.read_data(data, text, path)


def _reader(module: str, function: str) -> Callable[[str, str], ReadResult]:
    """The reader `function` of decklist/<module>.py, imported on its first use: a run imports only the reader of
    the format it reads (importing all six cost every start ~7 ms: html, xml.etree and their patterns)."""
    def read(text: str, path: str) -> ReadResult:
        return getattr(importlib.import_module(f"deckcheck.decklist.{module}"), function)(text, path)

    read.__qualname__ = f"{module}.{function}"
    return read


READERS: dict[str, Callable[[str, str], ReadResult]] = {
    "gccg": _reader("gccg", "read_fenced"),
    "gccg-plain": _reader("gccg", "read_plain"),
    "netmeccg": _reader("netmeccg", "read"),
    "octgn": _reader("octgn", "read"),
    "wigy-json": lambda text, path: read_json(text, path, "wigy-json"),
    "tts": lambda text, path: read_json(text, path, "tts"),
    "json": lambda text, path: read_json(text, path, "json"),
    "markdown": _reader("labelled", "read_markdown"),
    "cardnum": _reader("labelled", "read_cardnum"),
}


def read_text_as(text: str, path: str, input_format: str | None = None) -> ReadResult:
    """Run the reader of the given (or detected) format; readers never raise on bad content."""
    kind = input_format or detect(text, path)
    return READERS[kind](text, path)
