"""OCTGN `.o8d` XML decks: <section name="Hazards"> holding <card qty="3" id="guid">Name</card>.

We scan the text with patterns instead of building a tree, so every card keeps its line number and a file
that is not well-formed XML still gives up the cards it does hold (the XML error is reported as well).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from deckcheck.decklist.lines import LineIndex, ReadResult, check_count, excerpt, label_part, number, split_card_text
from deckcheck.decklist.model import Part, RawLine

# Every pattern is linear in the text: a tag never runs past the next "<" (a megabyte of "<" or of "<section "
# is one pass), an attribute's key starts only where a word starts, and CDATA sections and the notes' end are
# found with str.find from where the reading is, never rescanned from each start.
SECTION = re.compile(r"<section\b(?P<attrs>[^<>]*?)(?P<empty>/?)>", re.IGNORECASE)
CARD_TAG = re.compile(r"<card\b(?P<attrs>[^<>]*)>", re.IGNORECASE)
TEXT = re.compile(r"[^<]*+")
CARD_CLOSE = re.compile(r"</card\s*+>", re.IGNORECASE)
NOTES_OPEN = re.compile(r"<notes\b[^<>]*>", re.IGNORECASE)
NOTES_CLOSE = re.compile(r"</notes\s*+>", re.IGNORECASE)
ATTR = re.compile(r"(?<![\w:-])(?P<key>[\w:-]++)\s*+=\s*+(?:\"(?P<v1>[^\"]*+)\"|'(?P<v2>[^']*+)')")
CDATA_OPEN, CDATA_CLOSE = "<![CDATA[", "]]>"


@dataclass
class _CardTag:
    """A <card qty="3">Name</card>: the name runs to </card>, or, where a broken file lacks it, to the next tag
    (one unclosed card never swallows the next one); CDATA sections are part of it."""

    start: int
    end: int
    attrs: str
    name: str
    closed: bool
    source: str


def read(text: str, path: str) -> ReadResult:
    result = ReadResult(format="octgn")
    _check_well_formed(text, path, result)
    lines = LineIndex(text)
    events = sorted([(m.start(), "section", m) for m in SECTION.finditer(text)]
                    + [(card.start, "card", card) for card in _cards(text)], key=lambda event: event[0])
    part: Part | None = None
    skipping = False
    for offset, kind, match in events:
        line_no = lines.line(offset)
        attrs = _attrs(match.group("attrs") if kind == "section" else match.attrs)
        if kind == "section":
            label = attrs.get("name", "")
            found = label_part(label)
            skipping = not isinstance(found, Part)
            part = found if isinstance(found, Part) else None
            if skipping:
                result.problem(path, line_no, "unknown-section",
                               f"unknown section {excerpt(label)!r}; its cards are skipped", severity="warning")
            continue
        if skipping:
            continue
        _read_card(result, path, line_no, match, attrs, part)
    body = _notes(text)
    if body is not None:
        result.notes = _notes_metadata(result, html.unescape(_without_cdata(body)).strip()) or None
    result.recognised = bool(events) or "<deck" in text
    return result


def _notes_metadata(result: ReadResult, notes: str) -> str:
    """The notes after their leading "Name: ..." / "Player: ..." lines, which are the deck's metadata (an .o8d has
    no other place for it: deckcheck's writer puts it there)."""
    from deckcheck.decklist.labelled import _metadata

    lines = notes.split("\n")
    start = 0
    while start < len(lines) and lines[start].strip() and _metadata(result, lines[start].strip()):
        start += 1
    return "\n".join(lines[start:]).strip()


def _cards(text: str) -> list[_CardTag]:
    cards, pos = [], 0
    last_cdata_close = text.rfind(CDATA_CLOSE)
    while (tag := CARD_TAG.search(text, pos)) is not None:
        end = TEXT.match(text, tag.end()).end()
        while text.startswith(CDATA_OPEN, end) and last_cdata_close > end:
            close = text.find(CDATA_CLOSE, end + len(CDATA_OPEN))
            if close < 0:
                break
            end = TEXT.match(text, close + len(CDATA_CLOSE)).end()
        name = text[tag.end():end]
        close = CARD_CLOSE.match(text, end)
        stop = close.end() if close else end
        cards.append(_CardTag(tag.start(), stop, tag.group("attrs"), name, close is not None, text[tag.start():stop]))
        pos = max(stop, tag.end())
    return cards


def _notes(text: str) -> str | None:
    """The text between the first <notes> and the </notes> after it, or None."""
    start = NOTES_OPEN.search(text)
    if start is None:
        return None
    end = NOTES_CLOSE.search(text, start.end())
    return text[start.end():end.start()] if end else None


def _without_cdata(text: str) -> str:
    """The text with each complete <![CDATA[...]]> replaced by what it holds."""
    out, pos = [], 0
    while (start := text.find(CDATA_OPEN, pos)) >= 0:
        end = text.find(CDATA_CLOSE, start + len(CDATA_OPEN))
        if end < 0:
            break
        out += [text[pos:start], text[start + len(CDATA_OPEN):end]]
        pos = end + len(CDATA_CLOSE)
    out.append(text[pos:])
    return "".join(out)


def _read_card(result: ReadResult, path: str, line_no: int, card: _CardTag, attrs: dict[str, str],
               part: Part | None) -> None:
    source = card.source.strip()
    if not card.closed and not card.attrs.rstrip().endswith("/"):
        result.problem(path, line_no, "bad-xml", f"<card> not closed in {excerpt(source)!r}; read up to the next tag",
                       severity="warning")
    qty = attrs.get("qty", "").strip()
    if not qty.isdecimal():   # not isdigit(): "²" is a digit that int() refuses
        result.problem(path, line_no, "bad-count",
                       f"qty {excerpt(qty, 20)!r} is not a number in {excerpt(source)!r}; line skipped")
        return
    count = number(qty)
    if not check_count(result, path, line_no, count, source):
        return
    name, tag, set_code = split_card_text(html.unescape(_without_cdata(card.name)))
    if not name:
        result.problem(path, line_no, "missing-name", f"no card name in {excerpt(source)!r}; line skipped")
        return
    if part is None:
        result.problem(path, line_no, "outside-section",
                       f"card outside any section: {excerpt(name)!r}; read as play deck", severity="warning")
    result.lines.append(RawLine(name=name, count=count, part=part or Part.PLAY, line=line_no, tag=tag,
                                set_code=set_code, text=source, card_id=_card_id(attrs.get("id"))))


def _card_id(guid: str | None) -> str | None:
    """The card OCTGN's id names (it tells printings and versions apart where the name does not: Doors of Night
    of LE, the fallen-wizard Saruman); None for no id or one the MECCG game lacks."""
    if not guid:
        return None
    from deckcheck.decklist.client_names import card_id_of_octgn

    return card_id_of_octgn(guid)


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
    return {m.group("key").lower(): html.unescape(m.group("v1") if m.group("v1") is not None else m.group("v2"))
            for m in ATTR.finditer(text)}
