"""GCCG decklists: the 0.9.x "fenced" text (####/Deck/####) and the 0.8.78 plain text (a bare "Deck" line).

Both are "N Name [TAG] (SET)" lines under section words; 0.9.x adds "# Hazard (30)" category sub-headers
whose number we check against the lines below them. The Notes section is prose: kept as notes, never cards.
"""

from __future__ import annotations

import re

from deckcheck.decklist.lines import (
    NOTES,
    ReadResult,
    excerpt,
    label_part,
    number,
    read_card_line,
    read_length,
    split_card_text,
    split_count,
    strip_bullet,
)
from deckcheck.decklist.model import Part, RawLine
from deckcheck.decklist.prose import Breakdown
from deckcheck.patterns import LazyPattern

FENCE = LazyPattern(r"^#{3,}\s*$")
# Linear patterns (possessive blanks, no lazy part before blanks): the label and value are stripped in code.
SUBHEADER = LazyPattern(r"^#\s*+(?P<label>[^#()\d][^()]*+)\((?P<n>\d++)\)\s*+$")
VERSION = LazyPattern(r"GCCG\s+v?(?P<v>[\d.]+)", re.IGNORECASE)
META = LazyPattern(r"^#\s*+(?P<key>Player|Alignment|Avatar|Length|Name)\s*+:\s*+(?P<value>.+)$", re.IGNORECASE)

# Section words of GCCG files, folded to lower case.
SECTIONS: dict[str, Part | str] = {
    "deck": Part.PLAY,
    "pool": Part.POOL,
    "sideboard": Part.SIDEBOARD,
    "sideboard vs. fw": Part.FW_SIDEBOARD,
    "sideboard vs fw": Part.FW_SIDEBOARD,
    "sites": Part.SITES,
    "notes": NOTES,
}


def is_fence_at(lines: list[str], i: int) -> bool:
    """A fenced section header: a '#' line, a word line, a '#' line."""
    return (i + 2 < len(lines) and FENCE.match(lines[i]) is not None
            and FENCE.match(lines[i + 2]) is not None and not lines[i + 1].startswith("#")
            and lines[i + 1].strip() != "")


def read_fenced(text: str, path: str) -> ReadResult:
    return _read(text, path, fenced=True)


def read_plain(text: str, path: str) -> ReadResult:
    return _read(text, path, fenced=False)


class _Block:
    """A "# Hazard (30)" category block: the count it declares and the copies read under it."""

    def __init__(self, label: str, declared: int, line: int):
        self.label, self.declared, self.line, self.read = label, declared, line, 0


def _read(text: str, path: str, *, fenced: bool) -> ReadResult:
    result = ReadResult(format="gccg" if fenced else "gccg-plain")
    lines = text.split("\n")
    section: Part | str | None = None   # None before the first section
    unknown_section = False
    part = Part.PLAY
    block: _Block | None = None
    notes: list[str] = []
    seen_section = False
    breakdown, seen_parts = Breakdown(), set()     # a marshalling-point breakdown after the list: prose
    i = 0
    while i < len(lines):
        line_no, line = i + 1, lines[i].rstrip()
        stripped = line.strip()
        header = _section_header(lines, i, fenced)
        if header is not None:
            _close_block(result, path, block)
            block = None
            word, width = header
            seen_section = True
            found = SECTIONS.get(word.lower().strip())
            unknown_section = found is None
            if unknown_section:
                result.problem(path, line_no + (1 if fenced else 0), "unknown-section",
                               f"unknown section {excerpt(word)!r}; its lines are skipped", severity="warning")
            section = found
            part = found if isinstance(found, Part) else Part.PLAY
            i += width
            continue
        i += 1
        if section == NOTES:
            notes.append(line)
            continue
        if not stripped or unknown_section:
            continue
        if stripped.startswith("#"):
            if not seen_section:
                _header_comment(result, stripped, path, line_no)
                continue
            sub = SUBHEADER.match(stripped)
            if sub:
                _close_block(result, path, block)
                label = sub.group("label").rstrip()
                block = _Block(label, number(sub.group("n")), line_no)
                part = _subheader_part(section, label)
            continue
        if breakdown.holds(stripped, line_no, seen_parts):
            continue
        if section is None and not result.lines and split_count(strip_bullet(stripped))[0] is None:
            _first_bare_line(result, stripped, line_no)   # "[Deck Dwarf-lord Balin] Hobbits": a pasted title
            continue
        if section is None:
            result.problem(path, line_no, "outside-section",
                           f"card line before any section: {excerpt(stripped)!r}; read as play deck",
                           severity="warning")
        raw = read_card_line(result, path, line_no, stripped, part)
        if raw:
            seen_parts.add(part)
        if raw and block:
            block.read += raw.count
    _close_block(result, path, block)
    breakdown.say(result, path)
    if notes:
        result.notes = "\n".join(_uncommented(notes)).strip() or None
    result.recognised = seen_section
    return result


def _first_bare_line(result: ReadResult, stripped: str, line_no: int) -> None:
    """The first line before any section, without a count: the list's title unless it names a card (the builder
    decides, as for a pasted list: a card with a missing-count warning, else the deck's name)."""
    name, tag, set_code = split_card_text(stripped)
    result.lines.append(RawLine(name=name or stripped, count=1, part=Part.PLAY, line=line_no, tag=tag,
                                set_code=set_code, text=stripped, placed_by_type=True, tentative=True))
    result.title_line = line_no
    result.tentative += 1


def _uncommented(notes: list[str]) -> list[str]:
    """Notes written as '#' comments (deckcheck's GCCG writer: GCCG reads every other line as a card or a part
    name) without their '# '; notes with any other line as they are."""
    if all(line.startswith("#") for line in notes if line.strip()):
        return [line[2:] if line.startswith("# ") else line[1:] for line in notes]
    return notes


def _section_header(lines: list[str], i: int, fenced: bool) -> tuple[str, int] | None:
    """(section word, lines it spans) when a section starts at line i."""
    if is_fence_at(lines, i):
        return lines[i + 1].strip(), 3
    word = lines[i].strip()
    if not fenced and word.lower() in SECTIONS and word[:1].isupper():
        return word, 1
    if not fenced and _looks_like_plain_header(lines, i):
        return word, 1   # an unknown section word, reported by the caller
    return None


def _looks_like_plain_header(lines: list[str], i: int) -> bool:
    """A count-less capitalised line between blank lines, after a counted card line or a section and before a
    counted card line: a section word. (0.8.78 card lines always have a count; a bare name among bare names
    is a hand-typed list, not this.)"""
    word = lines[i].strip()
    if not word[:1].isupper() or word.startswith("#") or split_count(word)[0] is not None:
        return False
    if (i > 0 and lines[i - 1].strip()) or i + 1 >= len(lines) or lines[i + 1].strip():
        return False
    above, below = _next_text(lines, i, -1), _next_text(lines, i, +1)
    counted_or_section = not above or above.startswith("#") or above.lower() in SECTIONS \
        or split_count(above)[0] is not None
    return counted_or_section and split_count(below)[0] is not None


def _next_text(lines: list[str], i: int, step: int) -> str:
    """The nearest non-blank line above (step -1) or below (+1) line i, stripped; "" at the end of the text."""
    i += step
    while 0 <= i < len(lines) and not lines[i].strip():
        i += step
    return lines[i].strip() if 0 <= i < len(lines) else ""


def _subheader_part(section: Part | str | None, label: str) -> Part:
    """In the Deck section, "# Hero Resource (30)" says the role; elsewhere the section decides."""
    if section in (Part.PLAY, None):
        found = label_part(label)
        if found in (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.SITES):
            return found
        return Part.PLAY
    return section if isinstance(section, Part) else Part.PLAY


def _close_block(result: ReadResult, path: str, block: _Block | None) -> None:
    if block and block.declared != block.read:
        result.problem(path, block.line, "count-mismatch",
                       f"'# {block.label} ({block.declared})' is followed by {block.read} cards",
                       severity="warning")


def is_plain_name_comment(name: str) -> bool:
    """True when "# <name>" reads back as the deck name (not as a version line or a metadata line)."""
    comment = f"# {name}"
    body = comment.lstrip("#").strip()
    return bool(body) and not VERSION.search(body) and not META.match(comment)


def _header_comment(result: ReadResult, comment: str, path: str, line_no: int) -> None:
    """The comment block before the first section: version line, deck name, our own metadata lines."""
    body = comment.lstrip("#").strip()
    meta = META.match(comment) if ":" in comment else None      # META needs its colon
    if meta:   # before the version check: "# Name: GCCG v2 fans" names the deck
        key, value = meta.group("key").lower(), meta.group("value").rstrip()
        if key == "length":
            read_length(result, path, line_no, value)
        else:
            setattr(result, key, value)
            result.meta_lines[key] = line_no
        return
    if not body or VERSION.search(body) or body.lower() == "middle-earth deck":   # meccg-online's banner
        return
    if result.name is None:
        result.name = body
