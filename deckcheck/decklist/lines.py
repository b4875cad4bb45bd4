"""Pieces every text reader shares: what a reader returns, card-name parsing, counts, section labels."""

from __future__ import annotations

import functools
import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import field
from functools import lru_cache
from itertools import accumulate
from typing import Any

from deckcheck.cards.names import is_set_code
from deckcheck.decklist.model import NOTES, Diagnostic, Part, RawLine
from deckcheck.errors import DeckcheckError
from deckcheck.patterns import LazyPattern
from deckcheck.records import record

KNOWN_TAGS = ("H", "M", "F", "B")

# A count above this is a typo or garbage, never a deck (the biggest real location decks hold ~210 sites).
MAX_COUNT = 500
# Digits read into a number at most: a longer run is no count, and int() of thousands of digits raises (Python
# 3.11+ caps it at 4300) after costing time. Such a count stands for itself as TOO_MANY.
MAX_NUMBER_DIGITS = 9
TOO_MANY = 10**MAX_NUMBER_DIGITS


def number(digits: str) -> int:
    """The number a run of decimal digits (re's \\d, str.isdecimal) spells; TOO_MANY when it is longer than
    MAX_NUMBER_DIGITS."""
    return int(digits) if len(digits) <= MAX_NUMBER_DIGITS else TOO_MANY


def load_json(text: str):
    """json.loads, with integers of more than MAX_NUMBER_DIGITS digits read as infinity (no whole number): the
    entry holding one is reported, the file is not refused (json.loads itself raises on 4300 digits)."""
    import json

    return json.loads(text, parse_int=lambda digits: int(digits) if len(digits.lstrip("-")) <= MAX_NUMBER_DIGITS
                      else float("inf"))


# A decklist has a few hundred lines; a text with more problems than this is no decklist, and reading on would
# only spend time (each line costs its checks) and fill the report. Reading stops with one line (exit 2).
MAX_PROBLEMS = 1000


class TooManyProblems(DeckcheckError):
    """The reader met more than MAX_PROBLEMS problems: the text is no decklist."""

    def __init__(self, first: Diagnostic):
        super().__init__(f"more than {MAX_PROBLEMS:,} problems while reading it, the first at line {first.line}: "
                         f"{first.message}; not a decklist", first.path)


@record
class ReadResult:
    """What a reader found: card lines, metadata the file states, and problems (an exception only past
    MAX_PROBLEMS of them)."""

    format: str
    lines: list[RawLine] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    name: str | None = None
    player: str | None = None
    alignment: str | None = None
    avatar: str | None = None
    length: int | None = None
    notes: str | None = None
    # True when the text had the shape of a decklist at all (sections, header); an empty file does not.
    recognised: bool = True
    # True when the text named no parts at all: every card, sites included, goes where the card data says.
    placed_by_type: bool = False
    # the line each metadata value was read from ("alignment" -> 4), for the builder's diagnostics
    meta_lines: dict[str, int] = field(default_factory=dict)
    # lines that are no card and need no diagnostic of their own: headings, metadata, notes, prose, and the lines
    # of a section reported as unknown at its heading (so that a caller can check every line is accounted for)
    accounted_lines: set[int] = field(default_factory=set)
    # the first line of a text that opens with a bare line (no count, no heading): its title if no card
    title_line: int | None = None
    # bare lines outside every section read so far: each becomes a diagnostic of the builder, so more than
    # MAX_PROBLEMS of them stop the reading too
    tentative: int = 0

    def problem(self, path: str, line: int | None, code: str, message: str, severity: str = "error") -> None:
        # a problem of the whole file (or one a JSON text cannot place) points at line 1
        self.diagnostics.append(Diagnostic(path, line or 1, code, message, severity))
        if len(self.diagnostics) > MAX_PROBLEMS:
            raise TooManyProblems(self.diagnostics[0])


# "Name [H] (TW)": an optional trailing (SET) and, before it, an optional [TAG]; the set code is the LAST
# parenthesised token, because names hold parentheses themselves ("Bert" (Bûrat) (TW)).
# Every pattern a reader searches with is linear in its text: one that starts with blanks starts only where a run of
# blanks starts ((?<!\s)), or every position of a long run would rescan the rest of it.
_TRAILING_PAREN = LazyPattern(r"(?<!\s)\s*\(([^()]{1,8})\)\s*$")
_TRAILING_BRACKET = LazyPattern(r"(?<!\s)\s*\[([^\[\]]{1,8})\]\s*$")


def short_texts_remembered(function: Callable[[str], Any]) -> Callable[[str], Any]:
    """`function` of a text, its answers for the last 4,096 short texts kept: the same card lines come back line
    after line and deck after deck ("3 Dodge", "Moria [M] (LE)"). A long text (a line of a megabyte in a file
    that is no decklist) is worked out each time, never kept."""
    remembered = lru_cache(maxsize=4096)(function)

    @functools.wraps(function)
    def answer(text: str):
        return remembered(text) if len(text) <= MEMO_TEXT_CHARS else function(text)

    return answer


MEMO_TEXT_CHARS = 200


@short_texts_remembered
def split_card_text(text: str) -> tuple[str, str | None, str | None]:
    """Split "Moria [m] (le)" into ("Moria", "M", "LE"). Unknown bracket text stays in the tag for reporting.

    A trailing parenthesis is a set code only if it is a known ICE, dream-card or virtual set code; otherwise it is part
    of the name ("Doeth (Durthak)"). A name wholly in double quotes is the text inside (unquote).
    """
    name, tag, set_code = text.strip(), None, None
    for _ in range(2):  # "[H] (TW)" and "(TW) [H]" both occur in hand-typed lists
        m = _TRAILING_PAREN.search(name) if ")" in name else None   # the test first: most names hold none
        if m and set_code is None and _is_set_code(m.group(1)):
            set_code, name = m.group(1).strip().upper(), name[: m.start()]
            continue
        m = _TRAILING_BRACKET.search(name) if "]" in name else None
        if m and tag is None:
            inner = m.group(1).strip()
            if _is_set_code(inner) and set_code is None:   # Cardnum allows "[TW]" for the set
                set_code = inner.upper()
            else:
                tag = inner.upper()
            name = name[: m.start()]
            continue
        break
    return unquote(name.strip()), tag, set_code


def unquote(name: str) -> str:
    """A name wholly in double quotes is the name inside ('"[0]"' -> '[0]', '"x (2)"' -> 'x (2)'): the writers
    quote a name that would not read back as itself otherwise (writers.py). No card name is quoted whole
    ('"Bert" (Bûrat)' is not), so a player's quoted name only loses its quotes."""
    if len(name) > 2 and name[0] == name[-1] == '"':
        return name[1:-1]
    return name


def trailing_remark(name: str) -> tuple[str, str] | None:
    """("The Arkenstone", "vs. Dwarves") from "The Arkenstone (vs. Dwarves)"; None without such a remark."""
    name = name.rstrip()
    start = name.rfind("(")
    if not name.endswith(")") or start < 0 or ")" in name[start + 1:-1]:
        return None
    before = name[:start].rstrip()
    return (before, name[start + 1:-1]) if before else None


def _is_set_code(token: str) -> bool:
    # Dream-card and virtual set codes are kept too, so the resolver can say "not of the ICE card pool".
    return len(token) <= 5 and is_set_code(token)


# Count syntaxes players use: "3 Name", "3x Name", "3 x Name", "x3 Name", "3-Name", "(3) Name", "[3] Name",
# "Name x3", "Name (x3)", "Name ×3", "Name (3)", "Name [3]", "Name 3x", "Name - 3", and a count in a tab-separated
# column of its own ("Name<TAB>3", from a spreadsheet). No card name in any language holds a digit, so a number
# before or after the name is its count.
_LEADING_COUNT = LazyPattern(r"^(?:(?P<n>\d+)(?:\s*[x×]\s+|[x×]\s*|-|\s+)|[x×]\s*(?P<m>\d+)\s+"
                            r"|[(\[]\s*+(?:[x×]\s*+)?(?P<p>\d++)\s*+[x×]?\s*+[)\]]\s*+)(?P<rest>\S.*)$",
                            re.IGNORECASE)
# searched for: the name before it is what precedes the first place it matches (the text is stripped)
_TRAILING_COUNT = LazyPattern(r"(?<!\s)\s*(?:\(\s*+(?:[x×]\s*+)?(?P<a>\d++)\s*+\)|\[\s*+(?:[x×]\s*+)?(?P<d>\d++)\s*+\]"
                             r"|\s[x×]\s*+(?P<b>\d++)|\s(?P<e>\d++)\s*+[x×]|\s[-–—]\s*+(?P<f>\d++)|\t(?P<c>\d++))"
                             r"\s*+$", re.IGNORECASE)
NEGATIVE_COUNT = LazyPattern(r"^\s*+-\d++(?:\s*+[x×])?\s++\S")   # "-3 Dodge" ("- 3 Dodge" is a list item)
COUNT_RANGE = LazyPattern(r"^(?P<low>\d+)\s*-\s*(?P<high>\d+)\s+(?P<rest>\S.*)$")
# list markers: Markdown's, and those word processors and chat apps paste ("–", "—", "·", "▪", "●", "→", ...),
# with a task-list box after them ("- [ ] ", "- [x] ")
BULLET_MARK = r"(?:[-*+•·‣⁃▪▫◦●○■□►▸▹→–—]|\d+[.)])"
_BULLET = LazyPattern(rf"^\s*{BULLET_MARK}\s+(?:\[[ xX]\]\s+)?(?=\S)")
_COUNT_FIRST = LazyPattern(r"^\s*\d+\s")


_BULLET_CHARS = frozenset(BULLET_MARK[BULLET_MARK.index("[") + 1:BULLET_MARK.index("]")])


def _may_start_with_bullet(text: str) -> bool:
    """False where _BULLET cannot match: no list marker after the leading blanks. ("3 Dodge", a card line of every
    format, needs no pattern compiled: str.lstrip strips what \\s matches, str.isdecimal is \\d.)"""
    text = text.lstrip()
    if not text:
        return False
    if text[0] in _BULLET_CHARS:
        return True
    digits = len(text) - len(text.lstrip("0123456789")) if text[0].isascii() else 0
    if not digits:
        return text[0].isdecimal()      # a digit of another script: the pattern decides
    return text[digits:digits + 1] in (".", ")") or text[digits:digits + 1].isdecimal()


@short_texts_remembered
def strip_bullet(text: str) -> str:
    """Drop a Markdown list marker ("- ", "* ", "1. ") but not a count ("1 Gandalf")."""
    m = _BULLET.match(text) if _may_start_with_bullet(text) else None
    if m and not _COUNT_FIRST.match(text):
        return text[m.end():]
    return text


def _plain_after_count(text: str, at: int) -> bool:
    """After "3 " at `at`: a first character that is no blank and no x (IGNORECASE: x, X, × only), and no line end
    anywhere. _LEADING_COUNT then matches its digits, that one blank and the rest (the text is stripped already),
    and none of its other branches comes first (tests/test_start_up_shortcuts.py compares the two)."""
    return at < len(text) and not text[at].isspace() and text[at] not in "xX×" and "\n" not in text


@short_texts_remembered   # a hand-typed list asks it of each card line twice: is it a heading, and then its card
def split_count(text: str) -> tuple[int | None, str]:
    """("3 Twilight (LE)") -> (3, "Twilight (LE)"); no count found -> (None, text)."""
    text = text.strip()
    digits = len(text) - len(text.lstrip("0123456789"))
    if digits and text[digits:digits + 1] == " " and _plain_after_count(text, digits + 1):
        return number(text[:digits]), text[digits + 1:]    # what _LEADING_COUNT finds in "3 Dodge", without it
    m = _LEADING_COUNT.match(text)
    if m:
        return number(m.group("n") or m.group("m") or m.group("p")), m.group("rest").strip()
    m = _TRAILING_COUNT.search(text, 1)
    if m:
        return number(next(d for d in m.group("a", "d", "b", "e", "f", "c") if d)), text[:m.start()].strip()
    return None, text


# What a message quotes of a line at most: results never carry a whole line of a stranger's file.
EXCERPT_CHARS = 60


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` as a message quotes it: stripped, and cut to `limit` characters with an ellipsis."""
    text = text.strip()
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def check_count(result: ReadResult, path: str, line_no: int | None, count: int, text: str) -> bool:
    """A count of 0 or an absurd count is reported and the line skipped; True when the count is usable."""
    problem = count_problem(count, text)
    if problem:
        result.problem(path, line_no, "bad-count", problem)
    return problem is None


def count_problem(count: int, text: str) -> str | None:
    """What is wrong with a count of 0 or an absurd count (the line is skipped), or None."""
    if count <= 0:
        return f"count {count} in {excerpt(text)!r}; line skipped"
    if count > MAX_COUNT:
        shown = f"of more than {MAX_NUMBER_DIGITS} digits" if count >= TOO_MANY else str(count)
        return f"count {shown} is not a plausible number of copies in {excerpt(text)!r}; line skipped"
    return None


@lru_cache(maxsize=8192)   # the same names and labels come back on every line of a NetMECCG deck
def fold(text: str) -> str:
    """Lower-case, accents and punctuation dropped: for comparing labels and names, never for display."""
    if text.isascii():   # NFKD leaves ASCII as it is and no ASCII character combines: the same answer, cheaper
        return _NOT_ALNUM.sub(" ", text.lower()).strip()
    decomposed = unicodedata.normalize("NFKD", text)
    ascii_only = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _NOT_ALNUM.sub(" ", ascii_only.lower()).strip()


_NOT_ALNUM = LazyPattern(r"[^a-z0-9]+")


# NOTES: a label whose section is prose, not cards


# The words of a folded label (lower-case letters, digits, single blanks) that name a part: what the patterns
# \\b(fw|fallen|...)\\b found, asked of the set of its words (no pattern to compile at every start).
_LABEL_COUNT = LazyPattern(r"\(\s*\d+\s*\)")
_FALLEN_WORDS = frozenset({"fw", "fallen", "fwsb"})      # "anti fw", "fw dc sb" hold "fw"
_SITE_WORDS = frozenset({"site", "sites", "location", "locations"})      # "location deck" holds "location"
_HAZARD_WORDS = frozenset({"hazard", "hazards", "creature", "creatures"})
_RESOURCE_WORDS = frozenset({"resource", "resources", "item", "items", "faction", "factions", "allies", "allys",
                             "ally"})
_RESOURCE_PHRASES = (" mp source ", " mp sources ")
_CHARACTER_WORDS = frozenset({"character", "characters", "heroes", "hero", "avatar", "avatars", "minions", "wizard",
                              "wizards", "ringwraith", "ringwraiths"})


@lru_cache(maxsize=4096)
def label_part(label: str) -> Part | str | None:
    """The part a free-text section label names ("Hazard Creatures", "Sidebord", "Starting Company"), in English
    or in another language of the card data (section_words.py).

    Returns a Part, NOTES for prose sections, or None when the label is not understood.
    """
    words = fold(_LABEL_COUNT.sub(" ", label) if "(" in label else label)
    each = frozenset(words.split(" "))
    if not words or "decks" in each:
        return None   # "Wizard decks:" heads a list of decks, not a part of one
    if words.startswith(("starting compan", "sarting compan")) and " at " in f" {words} ":
        return NOTES   # "Starting Companies (2) at Rivendell": prose about the starting companies
    if words.startswith(("note", "mp breakdown", "strategy", "deck explanation", "comment")):
        return NOTES
    side = any(w in words for w in ("sideboard", "sidebord", "sidebar", "side board")) \
        or words in ("side", "sb", "side deck", "sidedeck")   # "Side:", "SB:" in chat and forum lists
    fallen = not _FALLEN_WORDS.isdisjoint(each)
    if fallen and (side or words in ("anti fw", "fwsb", "fw dc sb", "fw sideboard", "fw sb")):
        return Part.FW_SIDEBOARD
    if side:
        return Part.SIDEBOARD
    if words in ("pool", "starting", "starting company", "starting companies", "starting pool",
                 "starting characters", "starting company pool", "draft", "drafted characters"):
        return Part.POOL
    if not _SITE_WORDS.isdisjoint(each):
        return Part.SITES
    if not _HAZARD_WORDS.isdisjoint(each):
        return Part.HAZARDS
    if not _RESOURCE_WORDS.isdisjoint(each) or any(p in f" {words} " for p in _RESOURCE_PHRASES):
        return Part.RESOURCES   # before characters: "Hero Resource" is a resource block
    if not _CHARACTER_WORDS.isdisjoint(each):
        return Part.CHARACTERS
    if words in ("deck", "play deck", "in deck", "playdeck", "main deck", "other"):
        return Part.PLAY
    from deckcheck.decklist.section_words import foreign_part  # here: only a label not in English needs it

    return foreign_part(words)   # "Recursos", "Périls", "Startgemeinschaft"


# No card name has more than 7 words; a line of 9 or more without a count is a sentence.
PROSE_WORDS = 9


def looks_like_prose(text: str) -> bool:
    """A comment or explanation among the card lines (forum links, strategy sentences)."""
    return len(text.split()) >= PROSE_WORDS or "://" in text


def _starts_negative(text: str) -> bool:
    """False where NEGATIVE_COUNT cannot match: no "-" and a digit first after the leading blanks."""
    text = text.lstrip()
    return text[:1] == "-" and text[1:2].isdecimal()


def _starts_range(text: str) -> bool:
    """False where COUNT_RANGE cannot match: no digits, then blanks and a "-", first."""
    text = text.strip()
    digits = len(text) - len(text.lstrip("0123456789"))
    if not digits:
        return text[:1].isdecimal()      # a digit of another script: the pattern decides
    rest = text[digits:]
    return rest[:1].isdecimal() or rest.lstrip()[:1] == "-"


def read_card_line(result: ReadResult, path: str, line_no: int, text: str, part: Part,
                   *, default_count: int | None = None) -> RawLine | None:
    """Parse "3 Name [H] (TW)" into a RawLine appended to result; problems become diagnostics.

    default_count: the count for a line without one (formats where a bare name means 1 copy); when None,
    a missing count is reported and the line is read as 1 copy so the rest of the deck stays whole.
    """
    read = card_text(text, default_count)
    for code, message, severity in read.problems:
        result.problem(path, line_no, code, message, severity)
    if read.name is None:
        return None
    # positional (name, count, part, line, tag, set_code, card_id, text): a call by keywords costs twice as much,
    # and every card line of every text format is made here
    raw = RawLine(read.name, read.count, part, line_no, read.tag, read.set_code, None, read.text)
    result.lines.append(raw)
    return raw


@record(frozen=True)
class CardText:
    """What the text of a card line says, wherever it is written: its card (name None: the line is skipped) and
    the problems to report at its line, (code, message, severity) each."""

    name: str | None
    count: int = 0
    tag: str | None = None
    set_code: str | None = None
    text: str = ""                                  # stripped, as the RawLine keeps it
    problems: tuple[tuple[str, str, str], ...] = ()


def card_text(text: str, default_count: int | None = None) -> CardText:
    """The CardText of a line's text, worked out once per short text and default count (the same card lines come
    back line after line and deck after deck); a long text every time, never kept."""
    if len(text) > MEMO_TEXT_CHARS:
        return _card_text(text, default_count)
    return _remembered_card_text(text, default_count)


def _card_text(text: str, default_count: int | None) -> CardText:
    if "-" in text and _starts_negative(text) and NEGATIVE_COUNT.match(text):   # the tests first, here and below:
        # most lines hold no "-", or not where a negative count or a range would have it ("Far-sight")
        return CardText(None, problems=(("bad-count", f"negative count in {excerpt(text)!r}; line skipped", "error"),))
    problems = []
    unbulleted = strip_bullet(text)
    count, rest = split_count(unbulleted)
    in_range = COUNT_RANGE.match(unbulleted.strip()) if "-" in unbulleted and _starts_range(unbulleted) else None
    if in_range:   # "1-2 Leg It Double Quick": a web list not yet settled on a count
        count, rest = number(in_range.group("low")), in_range.group("rest").strip()
        problems.append(("count-range", f"count range {in_range.group('low')}-{in_range.group('high')} in "
                                        f"{excerpt(text)!r}; read as {count}", "warning"))
    if count is None and looks_like_prose(rest):
        problems.append(("not-a-card-line", f"not a card line: {excerpt(text)!r}; skipped", "warning"))
        return CardText(None, problems=tuple(problems))
    if count is None:
        if default_count is None:
            problems.append(("missing-count", f"no count in {excerpt(text)!r}; read as 1 copy", "warning"))
        count = default_count or 1
    elif count_problem(count, text):
        problems.append(("bad-count", count_problem(count, text), "error"))
        return CardText(None, problems=tuple(problems))
    quoted = rest.find('"', 1) + 1 if rest.startswith('"') else 0   # a quoted name holds what it likes
    comment = COMMENT.search(rest, quoted) if "//" in rest or "#" in rest or "--" in rest else None
    if comment and rest[:comment.start()].strip():   # "3 Far-sight [H] (TW) # for the hazards"
        rest, remark = rest[:comment.start()], rest[comment.start():].strip()
        problems.append(("card-remark", f"{excerpt(remark)!r} after {excerpt(rest)!r} read as a remark, not part "
                                        f"of the card name", "warning"))
    name, tag, set_code = split_card_text(rest)
    if not name:
        problems.append(("missing-name", f"no card name in {excerpt(text)!r}; line skipped", "error"))
        return CardText(None, problems=tuple(problems))
    return CardText(name, count, tag, set_code, text.strip(), tuple(problems))


_remembered_card_text = lru_cache(maxsize=4096)(_card_text)


# A comment after a card's name, as code and chat write one: "Far-sight // for the hazards", "Dodge # tech",
# "Dodge -- vs FW". No card name in any language holds "//", " #" or " -- " ("Orc--guard" is Orc-guard).
COMMENT = LazyPattern(r"(?<!\s)\s*+(?://|(?<=\s)#|(?<=\s)--(?!\S))")


class LineIndex:
    """The line number of any offset of a text, from one table of where each line starts (built once, looked
    up by bisection): counting the newlines before an offset for every entry made a 1 MB JSON deck quadratic."""

    def __init__(self, text: str):
        self.text = text
        self._starts: list[int] | None = None

    def line(self, offset: int) -> int:
        if self._starts is None:
            self._starts = list(accumulate((len(line) + 1 for line in self.text.split("\n")), initial=0))
        return bisect_right(self._starts, offset)


class TextCursor:
    """Finds successive occurrences in a source text, to give the entries of a JSON file line numbers."""

    def __init__(self, text: str, lines: LineIndex | None = None):
        self.text, self.pos = text, 0
        self.lines = lines or LineIndex(text)

    def find(self, needle: str) -> int:
        """The line of the next occurrence; where it cannot be found (escapes differ), the line reached so far."""
        at = self.text.find(needle, self.pos)
        if at < 0:
            return self.lines.line(self.pos)
        self.pos = at + len(needle)
        return self.lines.line(at)


def key_offset(text: str, keys: tuple[str, ...] | list[str]) -> int:
    """Where the value of data[keys[0]][keys[1]]... starts in a JSON text (0 where a key is not found), so that
    a TextCursor looks for a part's entries from the part on, whatever order the file gives its parts."""
    pos = 0
    for key in keys:
        found = re.compile(rf'"{re.escape(key)}"\s*:').search(text, pos)
        if found is None:
            return 0
        pos = found.end()
    return pos


# DECK-RULES: 1-deck (Starter), 2-deck (Short, the CoE default), 3-deck (Long), 4-deck (Campaign) games.
LENGTH_WORDS = {"starter": 1, "short": 2, "long": 3, "campaign": 4}


def read_length(result: ReadResult, path: str, line_no: int | None, value: str) -> None:
    """A declared game length: "2", "2-deck", "Short (2 decks)" or "Long"; anything else is reported."""
    words = fold(value).split()
    numbers = [number(w) for w in words if w.isdecimal()]
    named = [LENGTH_WORDS[w] for w in words if w in LENGTH_WORDS]
    length = numbers[0] if numbers else (named[0] if named else None)
    if length is None or not 1 <= length <= 4:
        result.problem(path, line_no, "bad-length",
                       f"game length {excerpt(value, 20)!r} is not one of 1-4 or starter/short/long/campaign; ignored",
                       severity="warning")
        return
    result.length = length
