"""Hand-typed lists: Markdown and "Label:" lists (maciak.org, forum posts, pasted forms) and Cardnum zone text.

Sections start at a label ("Starting Company:", "Hazard Creatures:", "## Sites", "Resources (30)", "Recursos:") or,
in Cardnum text, a bare zone word ("resources", "FW-DC-SB"); a label may carry its cards on the same line
("Starting company: Aragorn II, Legolas, Gimli"). Card lines take any count syntax players use ("3 Name",
"- 3x Name", "Name x2", "3-Name", "Name (x3)", "Name (2)"). Nothing is dropped unsaid: counted lines before the
first heading are cards placed by what they are, a bare name there is a card only if it names one (else a
warning), the lines of an unknown section are listed in its warning, and only prose stays prose.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import lru_cache

from deckcheck.decklist.lines import (
    BULLET_MARK,
    COUNT_RANGE,
    MAX_PROBLEMS,
    NEGATIVE_COUNT,
    NOTES,
    ReadResult,
    TooManyProblems,
    excerpt,
    fold,
    label_part,
    looks_like_prose,
    read_card_line,
    read_length,
    split_card_text,
    split_count,
    strip_bullet,
)
from deckcheck.decklist.model import Diagnostic, Part, RawLine
from deckcheck.decklist.prose import Breakdown
from deckcheck.decklist.section_words import BARE_WORDS

# Linear patterns only (a line may be a megabyte of blanks): no lazy part followed by blanks and a test that can
# fail, no tag that runs past the next "<"; what a lazy part used to leave out is stripped in code.
HEADING = re.compile(r"^\s{0,3}#{1,6}\s*(?P<label>.+)$")      # closing #s and blanks: heading_label()
HTML_TAG = re.compile(r"<[^<>]+>")
LABEL = re.compile(r"^(?P<label>[^:]{0,59}?[^:\s])\s*+:\s*+(?P<value>.*)$")      # value: rstrip it
MARKDOWN_LINK = re.compile(r"\]\(|https?://")
COUNT_SUFFIX = re.compile(r"\(\s*\d+\s*\)")
LABEL_THEN_COUNT = re.compile(r"^(?P<label>[^\W\d][^():]*+)\(\s*+\d++\s*+\)\s*+\S")    # label: strip it
LETTER_OR_DIGIT = re.compile(r"[^\W_]")
HTML_HEADING = re.compile(r"^\s*<h\d\b", re.IGNORECASE)
META_KEYS = {"name": "name", "deck name": "name", "deck": "name", "player": "player", "alignment": "alignment",
             "avatar": "avatar", "length": "length", "game length": "length"}
# Labels accepted without a colon, as whole lines (Cardnum zone words and web headings).
BARE_LABELS = {"pool", "starting company", "characters", "resources", "hazards", "sideboard", "sites", "fwsb",
               "fw dc sb", "avatars", "items", "factions", "allies", "creatures", "hazard creatures",
               "hazard events", "location deck", "sideboard vs fw", "anti fw", "notes"} | BARE_WORDS


def read_markdown(text: str, path: str) -> ReadResult:
    return _read(text, path, ReadResult(format="markdown"))


def read_cardnum(text: str, path: str) -> ReadResult:
    return _read(text, path, ReadResult(format="cardnum"))


UNKNOWN = "unknown"   # the section of an unknown heading: its lines are reported, not read


@dataclass
class _Skipped:
    """An unknown section: its heading, where its warning goes, and the lines it holds."""

    path: str
    label: str
    line: int
    at: int                                   # index of its warning among the diagnostics
    lines: list[int] = field(default_factory=list)


def _read(text: str, path: str, result: ReadResult) -> ReadResult:
    section: Part | str | None = None         # None: before the first heading
    skipped: _Skipped | None = None
    seen_parts: set[Part] = set()
    notes: list[str] = []
    outside: list[int] = []                   # card lines read outside every section
    breakdown = Breakdown()                   # lines of a marshalling-point breakdown: prose, said in one warning
    content_seen = False
    for line_no, line in enumerate(text.split("\n"), start=1):
        if line.strip().startswith(">"):   # a quote is never a label or a card: notes (kept verbatim), or prose
            if section == NOTES:
                notes.append(line.strip()[1:].strip())
            result.accounted_lines.add(line_no)
            continue
        stripped = _unemphasised(_without_tags(line))
        row = _table_row(stripped)
        if row is not None:
            stripped = row   # "| 3 | Twilight |" reads as "3 Twilight"; "" for rules and header rows
        if not stripped or not LETTER_OR_DIGIT.search(stripped) \
                or ("](" in stripped or "://" in stripped) and MARKDOWN_LINK.search(stripped):
            if line.strip():
                result.accounted_lines.add(line_no)   # rules ("---"), table headers and link lists are no cards
            continue
        first_content, content_seen = not content_seen, True
        if section != NOTES and breakdown.holds(stripped, line_no, seen_parts):
            result.accounted_lines.add(line_no)   # "Characters: 12 MP", "Items 6": no heading, no card
            continue
        label = _section_label(line, stripped)
        if label is not None:
            result.accounted_lines.add(line_no)
            skipped = _close(result, skipped)
            found = label_part(label)
            if _second_deck(result, path, line_no, text, found, seen_parts):
                break
            if found is None:
                if not seen_parts and section in (None, NOTES):
                    # prose before the list: its headings name the deck ("Challenge Deck A (Saruman)")
                    heading = _heading_text(line)
                    if heading:
                        result.name = heading
                    continue
                skipped = _Skipped(path, label, line_no, len(result.diagnostics))
                section = UNKNOWN
                continue
            section = found
            continue
        if _metadata(result, stripped, path, line_no):
            result.accounted_lines.add(line_no)
            continue
        inline = _inline_list(stripped)
        if inline is not None:
            skipped = _close(result, skipped)
            if _second_deck(result, path, line_no, text, inline[0], seen_parts):
                break   # "Compañía inicial: Anborn, ..." again: the list pasted twice
            section, items = inline
            for item in items:
                if read_card_line(result, path, line_no, item, section, default_count=1):
                    seen_parts.add(section)
            if not items:
                result.accounted_lines.add(line_no)   # "Resources: 30", a heading with its count
            continue
        if section == NOTES:
            notes.append(stripped)
            result.accounted_lines.add(line_no)
            continue
        if section == UNKNOWN:
            skipped.lines.append(line_no)
            result.accounted_lines.add(line_no)
            continue
        if section is None:
            if _read_outside(result, path, line_no, stripped, first_content):
                outside.append(line_no)
            continue
        if _is_sentence(stripped):
            result.problem(path, line_no, "not-a-card-line", f"not a card line: {excerpt(stripped)!r}; skipped",
                           severity="warning")   # "Comments welcome, thanks." between the sections
            continue
        several = _several_cards(stripped)
        for item in several or (stripped,):
            if read_card_line(result, path, line_no, item, section, default_count=1 if several else None):
                seen_parts.add(section)
    _close(result, skipped)
    breakdown.say(result, path)
    for raw in result.lines:   # "Webs of Fear &amp; Treachery" from a web page; our writer escapes "<" and "&"
        if "&" in raw.name:
            raw.name = html.unescape(raw.name)
    if notes:
        result.notes = "\n".join(notes)
    if outside:
        _say_outside(result, path, outside, headings=section is not None)
    result.recognised = bool(seen_parts) or section is not None or bool(outside)
    return result


def _second_deck(result: ReadResult, path: str, line_no: int, text: str, part, seen_parts: set[Part]) -> bool:
    """A pool after other parts starts another decklist (two lists in one file, or one pasted twice): said, and
    the rest of the text is not read. True when it does."""
    if part != Part.POOL or Part.POOL not in seen_parts or not seen_parts - {Part.POOL}:
        return False
    result.problem(path, line_no, "second-deck", "another decklist starts here; only the first one in the file is read",
                   severity="warning")
    result.accounted_lines.update(range(line_no, text.count("\n") + 2))   # said by that warning
    return True


def _close(result: ReadResult, skipped: _Skipped | None) -> None:
    """The warning of an unknown section, once its lines are known: they are not read, and this says which."""
    if skipped is not None:
        lines = skipped.lines
        listed = ("it holds no line and is" if not lines else f"its line {lines[0]} is" if len(lines) == 1
                  else f"its {len(lines)} lines ({_line_list(lines)}) are")
        result.diagnostics.insert(skipped.at, Diagnostic(
            skipped.path, skipped.line, "unknown-section",
            f"unknown section {excerpt(skipped.label)!r}; {listed} not read", "warning"))
    return None


def _line_list(lines: list[int]) -> str:
    shown = ", ".join(map(str, lines[:6]))
    return shown + (f", ... {lines[-1]}" if len(lines) > 6 else "")


# Prose: a sentence ("Here is my deck for Lucca.", "Good luck!") is no card line, unless a card is named so
# ("Rats!", "Will You Not Come Down?").
SENTENCE = re.compile(r"[.!?…。！？]\s*$")


def _is_sentence(stripped: str) -> bool:
    if not SENTENCE.search(stripped):
        return False   # the test first (most lines are none): what follows a list marker ends as the line does
    text = strip_bullet(stripped)
    return bool(SENTENCE.search(text)) and split_count(text)[0] is None and not _names_a_card(text)


def _read_outside(result: ReadResult, path: str, line_no: int, stripped: str, first_content: bool) -> bool:
    """A line before the first heading (or in a list with none). A counted line is a card, placed by what it is;
    prose stays prose; a bare name is tentative: a card if it names one, else reported by the builder (the first
    line of the text may be the list's title). True when a counted card line was read."""
    text = strip_bullet(stripped)
    count, rest = split_count(text)
    if count is not None or COUNT_RANGE.match(text.strip()) or NEGATIVE_COUNT.match(stripped):
        raw = read_card_line(result, path, line_no, stripped, Part.PLAY)
        if raw is not None:
            raw.placed_by_type = True
        return raw is not None
    if LABEL.match(rest) and LABEL.match(rest).group("value"):
        result.accounted_lines.add(line_no)   # "title: My deck", "layout: wide": a key and its value, no card
        return False
    if looks_like_prose(rest) or _is_sentence(rest):
        result.accounted_lines.add(line_no)   # prose stays prose ("Good luck!"; not "Rats!", a card)
        if first_content and result.name is None and "://" not in rest:
            result.name = rest                # a long first line: the list's title
        return False
    name, tag, set_code = split_card_text(rest)
    if not name:
        result.accounted_lines.add(line_no)
        return False
    result.lines.append(RawLine(name=name, count=1, part=Part.PLAY, line=line_no, tag=tag, set_code=set_code,
                                text=stripped, placed_by_type=True, tentative=True))
    if first_content:
        result.title_line = line_no
    result.tentative += 1
    if result.tentative > MAX_PROBLEMS:     # a thousand bare lines outside any section: prose, no decklist
        first = next(line for line in result.lines if line.tentative)
        raise TooManyProblems(Diagnostic(path, first.line, "not-a-card-line",
                                         f"{excerpt(first.text)!r} is outside every section and has no count"))
    return False


def _say_outside(result: ReadResult, path: str, outside: list[int], *, headings: bool) -> None:
    """One warning for the card lines read outside every section."""
    if not headings:
        result.placed_by_type = True
        result.problem(path, outside[0], "no-sections", "no section headings (Pool, Characters, Resources, Hazards, "
                       "Sites): each card is placed by what it is", severity="warning")
        return
    count = len(outside)
    result.problem(path, outside[0], "no-sections",
                   f"{count} card line{'s' if count > 1 else ''} before the first heading: each card is placed by "
                   f"what it is", severity="warning")


# "Starting company: Aragorn II, Legolas, Gimli": a section label and its cards on one line.
HEADING_COUNT = re.compile(r"^\(?\s*+\d++\s*+\)?(?:\s++\w++)?$")   # "Resources: 30", "Recursos: 30 cartas"
MAX_LABEL_WORDS = 4
COMMA_NAME_PIECES = 4        # the most comma-separated pieces a card name spans ("Horns, Horns, Horns")


def _inline_list(stripped: str) -> tuple[Part, list[str]] | None:
    """(the part, its items) when a line is a part label followed by its cards; None otherwise."""
    m = LABEL.match(stripped) if ":" in stripped else None
    if not m or not m.group("value"):
        return None
    label, value = m.group("label"), m.group("value").rstrip()
    part = label_part(label)
    if not isinstance(part, Part) or len(label.split()) > MAX_LABEL_WORDS or split_count(label)[0] is not None:
        return None
    if HEADING_COUNT.match(value):
        return part, []
    return part, _items(value)


def _items(value: str) -> list[str]:
    """Comma- or semicolon-separated items; pieces that together are one card's name ("Horns, Horns, Horns") are
    kept together (at most COMMA_NAME_PIECES pieces, so the work stays linear in the line)."""
    pieces = [p.strip() for p in re.split(r"[,;]", value)]
    items, i = [], 0
    while i < len(pieces):
        for span in range(min(COMMA_NAME_PIECES, len(pieces) - i), 1, -1):
            joined = ", ".join(pieces[i:i + span])
            if _names_a_card(joined):
                items.append(joined)
                i += span
                break
        else:
            if pieces[i]:
                items.append(pieces[i])
            i += 1
    return items


# The most cards a line under a heading lists (a part's worth); a line with more separators is read as one name
# and reported, so that splitting and looking up its pieces stays bounded.
MAX_LINE_ITEMS = 60


@lru_cache(maxsize=4096)
def _several_cards(stripped: str) -> tuple[str, ...] | None:
    """The cards of a line that lists several under a heading ("Gandalf, Aragorn II", "3 Dodge, 2 Block",
    "Corpse-candle; 2 Wolves"), as an inline list reads them; None when the line is one card (a name with a comma,
    "Horns, Horns, Horns") or an item is neither a card's name nor counted (then the line is read, and reported, as
    one name)."""
    if "," not in stripped and ";" not in stripped or stripped.count(",") + stripped.count(";") >= MAX_LINE_ITEMS:
        return None
    text = strip_bullet(stripped)
    if _names_a_card(text) or _near_card(text) not in (None, "words after the name"):
        return None   # "Horns, Horns, Horn": one card misspelt, not "Dodge, Blokc", Dodge and words after it
    items = _items(text)
    if len(items) < 2 or not all(_names_a_card(item) or split_count(item)[0] is not None
                                 or _near_card(item) == "spelling" for item in items):   # not "Gandalf, the Grey"
        return None
    return tuple(items)


@lru_cache(maxsize=4096)   # a hostile list repeats one misspelt name a hundred thousand times
def _near_card(text: str) -> str | None:
    """The slip by which a name nearly spells one card ("spelling", "words after the name", ...), else None."""
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.errors import DeckcheckError

    try:
        best = load_catalog().matcher().match(split_card_text(split_count(text)[1])[0]).best
    except DeckcheckError:
        return None
    return best.slip if best else None


def _names_a_card(item: str) -> bool:
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.errors import DeckcheckError

    name = split_card_text(split_count(strip_bullet(item))[1])[0]
    try:
        return bool(load_catalog().by_name(name))
    except DeckcheckError:
        return False


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


# A whole line (after its list marker) in bold, italics or code, as chat and forum posts write a card line:
# "**3 Dodge**", "- *Gandalf x2*", "`2 Wargs`". Struck-through text ("~~3 Dodge~~") is a card taken out: kept as is.
EMPHASIS = re.compile(rf"^(?P<bullet>{BULLET_MARK}\s+)?(?P<mark>\*\*|__|[*_`])(?=\S)(?P<inner>.*\S)(?P=mark)$")


def _unemphasised(stripped: str) -> str:
    m = EMPHASIS.match(stripped) if stripped[-1:] in "*_`" else None
    return (m.group("bullet") or "") + m.group("inner") if m else stripped


def _without_tags(line: str) -> str:
    return (HTML_TAG.sub("", line) if "<" in line else line).strip()


# The same lines come back (a hand-typed list repeats its card lines; a hostile text repeats one line a million
# times): what a line is, which depends on its text alone, is remembered.
@lru_cache(maxsize=8192)
def _section_label(line: str, stripped: str) -> str | None:
    """The label text when the line starts a section, else None."""
    heading = _heading_text(line)
    if heading is not None:
        return heading
    suffixed = COUNT_SUFFIX.search(stripped) if "(" in stripped else None
    folded = fold(COUNT_SUFFIX.sub(" ", stripped)) if suffixed else None   # else asked for after the count
    if suffixed and len(folded.split()) <= MAX_LABEL_WORDS \
            and isinstance(label_part(stripped), Part) \
            and split_count(COUNT_SUFFIX.sub(" ", strip_bullet(stripped)))[0] is None \
            and (folded in BARE_LABELS or not _names_a_card(stripped)):
        return stripped   # "Resources (30)", "Recursos (30)"; not "Wizard's Ring (2)", two copies of a card,
    #                     nor "- 2 Resources (3)", a counted line
    tail = LABEL_COUNT_TAIL.search(stripped, 1)
    if tail and _counted_heading(stripped[:tail.start()]):
        return stripped[:tail.start()]   # "RESOURCES - 30", "Hazards — 30", "Sites [10]", "Resources (30 cards)"
    count, _rest = split_count(strip_bullet(stripped))
    if count is not None:
        return None
    if folded is None:
        folded = fold(stripped)   # no "(N)" to take out
    m = LABEL.match(stripped) if ":" in stripped else None
    if m and not m.group("value").rstrip():
        return m.group("label")
    if folded in BARE_LABELS or (label_part(stripped) == NOTES and not SENTENCE.search(stripped)
                                 and not looks_like_prose(stripped)):
        return stripped   # "Notes", "Starting Company (1) at Dol Guldur"; not "Comments welcome, thanks."
    lead = LABEL_THEN_COUNT.match(stripped)
    if lead and len(lead.group("label").split()) <= 3 and isinstance(label_part(lead.group("label")), Part) \
            and label_part(stripped) != NOTES:
        return lead.group("label").strip()   # "Hazards (30) * indicates Creatures" (Guild Companion)
    return None


# A heading's count after its label, in the shapes "(N)" does not cover: "RESOURCES - 30", "Hazards — 30",
# "Sites [10]", "Resources 30", "Resources (30 cards)", with or without a closing colon.
# Possessive blanks only: a backtracking "\s*" before "\s*+\d" rescanned a run of blanks from each of its positions.
LABEL_COUNT_TAIL = re.compile(r"(?<!\s)(?:\s*+\(\s*+\d++\s++[^\W\d]++\s*+\)|\s*+\[\s*+\d++\s*+\]"
                              r"|\s++[-–—:]?\s*+\d++(?:\s++[^\W\d]++)?)\s*+:?\s*+$")


def _counted_heading(label: str) -> bool:
    """Whether the text before such a count is a part's label: a heading word ("Resources", "Peligros") and not,
    exactly or by a near miss, the name of a card ("Wizard's Ring - 2" is two copies of a card)."""
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.errors import DeckcheckError

    if len(fold(label).split()) > MAX_LABEL_WORDS or not isinstance(label_part(label), Part) \
            or split_count(strip_bullet(label))[0] is not None or label != strip_bullet(label):
        return False
    if fold(label) in BARE_LABELS:
        return True
    try:
        return not _names_a_card(label) and load_catalog().matcher().match(label).best is None
    except DeckcheckError:
        return False


def _heading_text(line: str) -> str | None:
    m = HEADING.match(line) if "#" in line else None
    if m and not line.lstrip().startswith("#" * 7):
        return HTML_TAG.sub("", heading_label(m.group("label"))).strip()
    if "<" in line and HTML_HEADING.match(line):
        return HTML_TAG.sub("", line).strip()
    return None


def heading_label(text: str) -> str:
    """A Markdown heading's text without its closing #s and blanks ("Hazards ##" -> "Hazards"; "C#" -> "C" as
    Markdown reads it); a heading of #s only keeps one."""
    text = text.rstrip()
    return text.rstrip("#").rstrip() or text[:1]


def _metadata(result: ReadResult, stripped: str, path: str = "", line_no: int | None = None) -> bool:
    """"Player: Ann" and the like; True when the line was metadata."""
    m = LABEL.match(stripped) if ":" in stripped else None
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

