"""The rule registry: every legality rule has a stable code, a summary, a family and a check.

A rule module registers its checks with `@rule(code, family=..., summary=...)`; the check's docstring says
what it checks and why, and `deckcheck/rules/docs/<code>.md` says it to players (`deckcheck rules CODE`). A
check takes a `Context` and yields `Violation`s. The numbers and switches come from the ruleset data
(`rulesets/<ruleset>/<alignment>.toml`), never from the code.

Severity: an error makes the deck illegal; a warning is a debatable reading or a number borrowed by analogy
(said in the violation); a note tells the player something that does not change the verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from typing import Any

from deckcheck.decklist.model import Deck, DeckEntry, Part
from deckcheck.records import record

ERROR, WARNING, NOTE = "error", "warning", "note"


@record
class Violation:
    """One way the deck breaks a rule: the rule's code, how serious, what was counted, and where."""

    code: str
    severity: str               # error | warning | note
    message: str                # with the numbers: "4 copies of Orc-raiders; the limit is 3"
    citation: str               # "coe 1.6.1", 'rulebook MELE Standard 2 "Sideboard"'
    part: Part | None = None
    card: str | None = None     # card name as the catalog spells it (or as written when unresolved)
    card_id: str | None = None
    lines: list[int] = field(default_factory=list)
    # Why the number is borrowed, when no reference states it for this alignment and game length: the
    # violation is then a warning, never an error (the ruleset's `[analogy]` table).
    by_analogy: str | None = None
    explanation: list[str] = field(default_factory=list)   # the reasoning: what was counted, which exception
    # A count (resources, hazards, sideboard size...) taken while lines it may hold are unidentified.
    depends_on_unidentified: bool = False

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "part": self.part.value if self.part else None,
            "card": self.card,
            "card_id": self.card_id,
            "lines": list(self.lines),
            "citation": self.citation,
            "by_analogy": self.by_analogy,
            "explanation": list(self.explanation),
            "depends_on_unidentified": self.depends_on_unidentified,
        }


@record
class Context:
    """Everything a check needs: the deck, the ruleset's data, and the format being checked."""

    deck: Deck
    ruleset: str                # "rulebook" | "coe"
    alignment: str              # wizard | ringwraith | fallen-wizard | balrog
    length: int                 # 1..4
    data: dict[str, Any]        # the ruleset file for this alignment, validated by rulesets/schema.json
    # The deck's views (play deck, the cards copy limits count, ...), each built once for all the rules. Not an
    # init field: dataclasses.replace(ctx, deck=other) (ambiguous-card judges each version) starts with none.
    views: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def view(self, name: str, make: Callable[[], list]) -> list:
        """The deck's view `name`, built by `make` the first time a rule asks for it (a copy: callers may sort
        or extend it). The deck does not change while its rules run."""
        return list(self.shared(name, make))

    def shared(self, name: str, make: Callable[[], Any]) -> Any:
        """Like `view`, but the one object itself, for every rule to read and none to change (a count, a
        table)."""
        found = self.views.get(name)
        if found is None:
            found = self.views[name] = make()
        return found
    # Untagged counts read as the versions the rules allow (versions.py): the deck above is read so already.
    readings: list = field(default_factory=list)

    def violation(self, code: str, message: str, *, entry: DeckEntry | None = None,
                  citation: str | None = None, severity: str | None = None,
                  part: Part | None = None, lines: list[int] | None = None, aspect: str | None = None,
                  explain: list[str] | None = None) -> Violation:
        """A violation of `code`, citing the ruleset's citation for it (for `code/aspect` when the ruleset
        cites that case apart) unless one is given. A number the ruleset marks as borrowed by analogy for
        this case and game length makes the violation a warning that says so."""
        registered = RULES[code]
        card = entry.card if entry else None
        analogy = self.analogy(code, aspect)
        severity = severity or registered.severity
        if analogy and severity == ERROR:
            severity = WARNING
        return Violation(
            code=code,
            severity=severity,
            message=message,
            citation=citation or self.citation(code, aspect),
            part=part or (entry.part if entry else None),
            card=card.name if card else (entry.written if entry else None),
            card_id=card.id if card else None,
            lines=list(lines if lines is not None else (entry.lines if entry else [])),
            by_analogy=analogy,
            explanation=list(explain or []),
        )

    def citation(self, code: str, aspect: str | None = None) -> str:
        cites = self.data.get("citations", {})
        return (aspect and cites.get(f"{code}/{aspect}")) or cites.get(code) \
            or f"{self.ruleset} (see DECK-RULES.md `{code}`)"

    def analogy(self, code: str, aspect: str | None = None) -> str | None:
        """Why this case's number is borrowed by analogy (ruleset `[analogy]`, by `code/aspect` or `code`,
        limited to some game lengths where it says so), or None when a reference states it."""
        table = self.data.get("analogy", {})
        found = (aspect and table.get(f"{code}/{aspect}")) or table.get(code)
        if not found or self.length not in found.get("lengths", (1, 2, 3, 4)):
            return None
        return found["why"]


Check = Callable[[Context], Iterable[Violation]]


@record(frozen=True)
class Rule:
    """A registered rule: its code, family, one-line summary and the check that finds its violations."""

    code: str
    family: str
    summary: str          # one line: what it checks
    check: Check
    severity: str = ERROR

    @property
    def doc(self) -> str:
        """What the rule checks and why: the check's docstring."""
        return (self.check.__doc__ or self.summary).strip()


RULES: dict[str, Rule] = {}


def rule(code: str, *, family: str, summary: str, severity: str = ERROR) -> Callable[[Check], Check]:
    """Register a check under its code. Codes are unique and stable: they are the public API."""

    def register(check: Check) -> Check:
        if code in RULES:
            raise ValueError(f"rule code registered twice: {code}")
        RULES[code] = Rule(code=code, family=family, summary=summary, check=check, severity=severity)
        return check

    return register
