"""Prose among the card lines that looks like them: a marshalling-point breakdown or a total after (or before) a
list. "Characters: 12 MP", "Kill MP: 2", "Total: 30 MP", "MP breakdown:"; once one is seen, its bare lines too
("Items 6", "Factions - 8"). They are neither headings nor cards (read as such, "Characters: 12 MP" opened a
section and "Total: 30 MP" became an unknown card): kept as prose and said in one warning with their lines. No
card name holds "MP", "marshalling points", or one of these category words with a number alone.
"""

from __future__ import annotations

from dataclasses import field

from deckcheck.decklist.lines import ReadResult, excerpt, fold, label_part, split_card_text, split_count, strip_bullet
from deckcheck.decklist.model import Part
from deckcheck.patterns import LazyPattern
from deckcheck.records import record

MP_WORDS = LazyPattern(r"(?i)(?<![\w'’])(?:mps?|marshall?ing[ -]+points?)(?![\w'’])")
MP_CATEGORY = LazyPattern(r"(?i)^(?:total|kills?|misc(?:ellaneous)?|characters?|items?|factions?|all(?:y|ies)|general)"
                         r"(?:[ \t]+(?:mps?|points?|pts))?[ \t]*[:=\-–—]?[ \t]*\(?[ \t]*-?\d{1,3}[ \t]*\)?"
                         r"(?:[ \t]*(?:mps?|points?|pts|cards?))?\.?$")
# The characters MP_CATEGORY can start with (its words' first letters, either case, and what (?i) matches them with:
# the Kelvin sign, dotted and dotless I): a card line ("3 Dodge") is not tried, nor the pattern compiled for it.
_CATEGORY_FIRST = frozenset("ACFGIKMTacfgikmt\u0130\u0131\u212a")
MAX_BREAKDOWN_WORDS = 12
BREAKDOWN_LABEL = LazyPattern(r"[^\d:(]*")     # what precedes the numbers: "Characters", "Kill MP"


@record
class Breakdown:
    """The lines of a marshalling-point breakdown (or a total) a reader met: prose, said in one warning."""

    lines: list[int] = field(default_factory=list)
    first: str = ""

    def holds(self, stripped: str, line_no: int, seen_parts: set[Part]) -> bool:
        """Whether the line belongs to a breakdown (then kept as one of its lines). A part's heading that gives its
        points ("Characters (2, 4 MP):") before that part's cards is a heading still."""
        text = strip_bullet(stripped).strip()
        if len(text.split()) > MAX_BREAKDOWN_WORDS:
            return False
        lower = text.lower()     # MP_WORDS needs "mp" or "mar" in any case ((?i) matches M, P, A, R only so)
        mentions_mp = ("mp" in lower or "mar" in lower) and MP_WORDS.search(text) is not None
        category = text[:1] in _CATEGORY_FIRST and MP_CATEGORY.match(text)
        if not (mentions_mp or category and (self.lines or fold(text).startswith("total"))):
            return False
        named = label_part(BREAKDOWN_LABEL.match(text).group(0).strip(" \t:-–—(")) if not self.lines else None
        if isinstance(named, Part) and named not in seen_parts:
            return False
        if mentions_mp and _names_a_card(text):
            return False
        self.lines.append(line_no)
        self.first = self.first or text
        return True

    def say(self, result: ReadResult, path: str) -> None:
        """The one warning that names the breakdown's lines, as lines not read."""
        if self.lines:
            n = len(self.lines)
            shown = ", ".join(map(str, self.lines[:6])) + (f", ... {self.lines[-1]}" if n > 6 else "")
            what = f"line {self.lines[0]} is" if n == 1 else f"{n} lines ({shown}) are"
            result.problem(path, self.lines[0], "not-a-card-line",
                           f"{what} a marshalling-point breakdown or a total ({excerpt(self.first)!r}), not card "
                           f"lines; not read", severity="warning")


def _names_a_card(text: str) -> bool:
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.errors import DeckcheckError

    try:
        return bool(load_catalog().by_name(split_card_text(split_count(text)[1])[0]))
    except DeckcheckError:
        return False
