"""OCTGN `.o8d` XML decks: <section name="Hazards"> holding <card qty="3" id="guid">Name</card>.

We scan the text with patterns instead of building a tree, so every card keeps its line number and a file
that is not well-formed XML still gives up the cards it does hold (the XML error is reported as well).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from bisect import bisect_right

from deckcheck.decklist.lines import ReadResult, check_count, label_part, number, split_card_text
from deckcheck.decklist.model import Part, RawLine

SECTION = re.compile(r"<section\b(?P<attrs>[^>]*?)(?P<empty>/?)>", re.IGNORECASE)
# The name runs to </card>, or, where a broken file lacks it, to the next tag: one unclosed card never
# swallows the next one.
CARD = re.compile(r"<card\b(?P<attrs>[^>]*)>(?P<name>(?:<!\[CDATA\[.*?\]\]>|[^<])*)(?P<close></card\s*>)?",
                  re.IGNORECASE | re.DOTALL)
NOTES = re.compile(r"<notes\b[^>]*>(?P<body>.*?)</notes\s*>", re.IGNORECASE | re.DOTALL)
ATTR = re.compile(r"(?P<key>[\w:-]+)\s*=\s*(?P<q>[\"'])(?P<value>.*?)(?P=q)", re.DOTALL)
CDATA = re.compile(r"<!\[CDATA\[(.*?)\]\]>", re.DOTALL)


def read(text: str, path: str) -> ReadResult:
    result = ReadResult(format="octgn")
    _check_well_formed(text, path, result)
    line_starts = _line_starts(text)
    events = sorted([(m.start(), "section", m) for m in SECTION.finditer(text)]
                    + [(m.start(), "card", m) for m in CARD.finditer(text)])
    part: Part | None = None
    skipping = False
    for offset, kind, match in events:
        line_no = _line_of(line_starts, offset)
        attrs = _attrs(match.group("attrs"))
        if kind == "section":
            label = attrs.get("name", "")
            found = label_part(label)
            skipping = not isinstance(found, Part)
            part = found if isinstance(found, Part) else None
            if skipping:
                result.problem(path, line_no, "unknown-section",
                               f"unknown section {label!r}; its cards are skipped", severity="warning")
            continue
        if skipping:
            continue
        _read_card(result, path, line_no, match, attrs, part)
    notes = NOTES.search(text)
    if notes:
        body = CDATA.sub(lambda m: m.group(1), notes.group("body"))
        result.notes = html.unescape(body).strip() or None
    result.recognised = bool(events) or "<deck" in text
    return result


def _read_card(result: ReadResult, path: str, line_no: int, match: re.Match, attrs: dict[str, str],
               part: Part | None) -> None:
    source = match.group(0).strip()
    if match.group("close") is None and not match.group("attrs").rstrip().endswith("/"):
        result.problem(path, line_no, "bad-xml", f"<card> not closed in {source!r}; read up to the next tag",
                       severity="warning")
    qty = attrs.get("qty", "").strip()
    if not qty.isdecimal():   # not isdigit(): "²" is a digit that int() refuses
        result.problem(path, line_no, "bad-count", f"qty {qty!r} is not a number in {source!r}; line skipped")
        return
    count = number(qty)
    if not check_count(result, path, line_no, count, source):
        return
    name, tag, set_code = split_card_text(html.unescape(CDATA.sub(lambda m: m.group(1), match.group("name"))))
    if not name:
        result.problem(path, line_no, "missing-name", f"no card name in {source!r}; line skipped")
        return
    if part is None:
        result.problem(path, line_no, "outside-section",
                       f"card outside any section: {name!r}; read as play deck", severity="warning")
    result.lines.append(RawLine(name=name, count=count, part=part or Part.PLAY, line=line_no, tag=tag,
                                set_code=set_code, text=source))


def _check_well_formed(text: str, path: str, result: ReadResult) -> None:
    try:
        # the text is decoded already: the parser is told so, whatever encoding the declaration names ("utf-0")
        parser = ET.XMLParser(encoding="utf-8")
        parser.feed(text.lstrip("\ufeff").encode("utf-8"))
        parser.close()
    except ET.ParseError as exc:
        line = exc.position[0] if getattr(exc, "position", None) else None
        result.problem(path, line, "bad-xml", f"not well-formed XML ({exc}); the cards that could be read are kept")
    except (ValueError, LookupError, RecursionError) as exc:
        result.problem(path, None, "bad-xml", f"not well-formed XML ({exc}); the cards that could be read are kept")


def _attrs(text: str) -> dict[str, str]:
    return {m.group("key").lower(): html.unescape(m.group("value")) for m in ATTR.finditer(text)}


def _line_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in re.finditer("\n", text)]


def _line_of(starts: list[int], offset: int) -> int:
    return bisect_right(starts, offset)
