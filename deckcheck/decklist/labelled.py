"""Hand-typed lists: Markdown and "Label:" lists (maciak.org, forum posts) and Cardnum zone text.

Sections start at a label ("Starting Company:", "Hazard Creatures:", "## Sites", "Resources (30)") or, in
Cardnum text, a bare zone word ("resources", "FW-DC-SB"). Card lines take any count syntax players use
("3 Name", "- 3x Name", "Name x2", "3-Name", "Name (x3)"). Prose around the list is skipped.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from deckcheck.decklist.lines import (
    NOTES,
    ReadResult,
    excerpt,
    fold,
    label_part,
    read_card_line,
    read_length,
    split_count,
    strip_bullet,
)
from deckcheck.decklist.model import Diagnostic, Part

# Linear patterns only (a line may be a megabyte of blanks): no lazy part followed by blanks and a test that can
# fail, no tag that runs past the next "<"; what a lazy part used to leave out is stripped in code.
HEADING = re.compile(r"^\s{0,3}#{1,6}\s*(?P<label>.+)$")      # closing #s and blanks: heading_label()
HTML_TAG = re.compile(r"<[^<>]+>")
LABEL = re.compile(r"^(?P<label>[^:]{0,59}?[^:\s])\s*+:\s*+(?P<value>.*)$")      # value: rstrip it
MARKDOWN_LINK = re.compile(r"\]\(|https?://")
LETTER_OR_DIGIT = re.compile(r"[^\W_]")
HTML_HEADING = re.compile(r"^\s*<h\d\b", re.IGNORECASE)
COUNT_SUFFIX = re.compile(r"\(\s*\d+\s*\)")
LABEL_THEN_COUNT = re.compile(r"^(?P<label>[^\W\d][^():]*+)\(\s*+\d++\s*+\)\s*+\S")    # label: strip it
META_KEYS = {"name": "name", "deck name": "name", "deck": "name", "player": "player", "alignment": "alignment",
             "avatar": "avatar", "length": "length", "game length": "length"}
# Labels accepted without a colon, as whole lines (Cardnum zone words and web headings).
BARE_LABELS = {"pool", "starting company", "characters", "resources", "hazards", "sideboard", "sites", "fwsb",
               "fw dc sb", "avatars", "items", "factions", "allies", "creatures", "hazard creatures",
               "hazard events", "location deck", "sideboard vs fw", "anti fw", "notes"}


def read_markdown(text: str, path: str) -> ReadResult:
    return _read(text, path, ReadResult(format="markdown"))


def read_cardnum(text: str, path: str) -> ReadResult:
    return _read(text, path, ReadResult(format="cardnum"))


def _read(text: str, path: str, result: ReadResult) -> ReadResult:
    section: Part | str | None = None
    seen_parts: set[Part] = set()
    notes: list[str] = []
    for line_no, line in enumerate(text.split("\n"), start=1):
        if line.strip().startswith(">"):   # a quote is never a label or a card: notes (kept verbatim), or prose
            if section == NOTES:
                notes.append(line.strip()[1:].strip())
            continue
        stripped = _without_tags(line)
        row = _table_row(stripped)
        if row is not None:
            stripped = row   # "| 3 | Twilight |" reads as "3 Twilight"; "" for rules and header rows
        if not stripped or not LETTER_OR_DIGIT.search(stripped) or MARKDOWN_LINK.search(stripped):
            continue   # blank, rules ("---"), and link lists (a table of contents) are not cards
        label = _section_label(line, stripped)
        if label is not None:
            found = label_part(label)
            if found == Part.POOL and Part.POOL in seen_parts and seen_parts - {Part.POOL}:
                result.problem(path, line_no, "second-deck",
                               "another decklist starts here; only the first one in the file is read",
                               severity="warning")
                break
            if found is None:
                if not seen_parts and not isinstance(section, Part):
                    # prose before the list: its headings name the deck ("Challenge Deck A (Saruman)")
                    heading = _heading_text(line)
                    if heading:
                        result.name = heading
                    continue
                result.problem(path, line_no, "unknown-section",
                               f"unknown section {excerpt(label)!r}; its lines are skipped", severity="warning")
            section = found if found is not None else "unknown"
            continue
        if _metadata(result, stripped, path, line_no):
            continue
        if section == NOTES:
            notes.append(stripped)
            continue
        if not isinstance(section, Part):
            continue   # prose before the list, or lines of an unknown section
        raw = read_card_line(result, path, line_no, stripped, section)
        if raw:
            seen_parts.add(section)
    if notes:
        result.notes = "\n".join(notes)
    if section is None:
        _read_without_headings(text, path, result)
    result.recognised = bool(seen_parts) or section is not None
    return result


def _read_without_headings(text: str, path: str, result: ReadResult) -> None:
    """A list with no section heading at all ("3 Orc-raiders" lines pasted on their own): the counted lines
    are the play deck, each card placed by what it is; lines without a count stay prose."""
    before = len(result.diagnostics)
    first_card_line = None
    for line_no, line in enumerate(text.split("\n"), start=1):
        stripped = _without_tags(line)
        row = _table_row(stripped)
        stripped = row if row is not None else stripped
        if not stripped or stripped.startswith(">") or not _has_count(stripped):
            continue
        if read_card_line(result, path, line_no, stripped, Part.PLAY) and first_card_line is None:
            first_card_line = line_no
    if first_card_line is not None:
        result.placed_by_type = True
        result.diagnostics.insert(before, Diagnostic(
            path, first_card_line, "no-sections",
            "no section headings (Pool, Characters, Resources, Hazards, Sites): each card is placed by what it is",
            "warning"))


TABLE_RULE = re.compile(r"^:?-+:?$")
TABLE_COUNT = re.compile(r"^(?:(?P<a>\d+)\s*[x×]?|[x×]\s*(?P<b>\d+))$", re.IGNORECASE)
TABLE_HEADERS = {"count", "qty", "quantity", "copies", "card", "cards", "name", "card name", "set", "type", "n"}


def _table_row(stripped: str) -> str | None:
    """A Markdown table row as a card line ("| 3 | Twilight |" -> "3 Twilight"), "" for a rule or header row,
    or None when the line is no table row."""
    if len(stripped) < 2 or not (stripped.startswith("|") and stripped.endswith("|")):
        return None
    cells = [c.strip() for c in stripped[1:-1].split("|") if c.strip()]
    if not cells or all(TABLE_RULE.match(c) for c in cells):
        return ""
    counts = [TABLE_COUNT.match(c) for c in cells]
    names = [c for c, n in zip(cells, counts, strict=True) if n is None]
    count = next((m.group("a") or m.group("b") for m in counts if m), None)
    if count and names:
        return f"{count} {names[0]}"
    if all(fold(c) in TABLE_HEADERS for c in names):
        return ""
    return " ".join(names)   # a label row ("| Hazards |") or a name without a count


def _without_tags(line: str) -> str:
    return (HTML_TAG.sub("", line) if "<" in line else line).strip()


# The same lines come back (a hand-typed list repeats its card lines; a hostile text repeats one line a million
# times): what a line is, which depends on its text alone, is remembered.
@lru_cache(maxsize=8192)
def _has_count(stripped: str) -> bool:
    return split_count(strip_bullet(stripped))[0] is not None


@lru_cache(maxsize=8192)
def _section_label(line: str, stripped: str) -> str | None:
    """The label text when the line starts a section, else None."""
    heading = _heading_text(line)
    if heading is not None:
        return heading
    count, _rest = split_count(strip_bullet(stripped))
    if count is not None:
        return None
    m = LABEL.match(stripped)
    if m and not m.group("value").rstrip():
        return m.group("label")
    folded = fold(COUNT_SUFFIX.sub(" ", stripped))
    if folded in BARE_LABELS or label_part(stripped) == NOTES:
        return stripped
    if COUNT_SUFFIX.search(stripped) and len(folded.split()) <= 3 and isinstance(label_part(stripped), Part):
        return stripped   # "Resources (30)"
    lead = LABEL_THEN_COUNT.match(stripped)
    if lead and len(lead.group("label").split()) <= 3 and isinstance(label_part(lead.group("label")), Part) \
            and label_part(stripped) != NOTES:
        return lead.group("label").strip()   # "Hazards (30) * indicates Creatures" (Guild Companion)
    return None


def _heading_text(line: str) -> str | None:
    m = HEADING.match(line)
    if m and not line.lstrip().startswith("#" * 7):
        return HTML_TAG.sub("", heading_label(m.group("label"))).strip()
    if HTML_HEADING.match(line):
        return HTML_TAG.sub("", line).strip()
    return None


def heading_label(text: str) -> str:
    """A Markdown heading's text without its closing #s and blanks ("Hazards ##" -> "Hazards"; "C#" -> "C" as
    Markdown reads it); a heading of #s only keeps one."""
    text = text.rstrip()
    return text.rstrip("#").rstrip() or text[:1]


def _metadata(result: ReadResult, stripped: str, path: str = "", line_no: int | None = None) -> bool:
    """"Player: Ann" and the like; True when the line was metadata."""
    m = LABEL.match(stripped)
    if not m or not m.group("value").rstrip():
        return False
    key = META_KEYS.get(fold(m.group("label")))
    if key is None or split_count(m.group("label"))[0] is not None:
        return False
    value = html.unescape(m.group("value").rstrip())   # "&lt;" and "&amp;" as web pages and our writer escape them
    if key == "length":
        read_length(result, path, line_no, value)
    else:
        setattr(result, key, value)
        if line_no is not None:
            result.meta_lines[key] = line_no
    return True

