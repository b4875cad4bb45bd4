"""Verdicts as text (for a player before a tournament) and as JSON (for tools).

Text: one header line per deck, the alignment and why, then one line per violation in deck order, each with
its code, severity, deck part, source lines, card and citation; a number borrowed by analogy says so after its
code. With `explain`, the reasoning the rule recorded (what it counted, which exception applied) follows each
violation, indented. A line read as a card other than the name it writes (a near miss, a remark cut off, another
edition's name, a version chosen) is part of the verdict: listed with `readings` (-v), counted in the closing line
(`readings_line`) whatever the verbosity, and in the JSON of each deck.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from deckcheck.decklist.pool_status import status_text
from deckcheck.rules.engine import Verdict
from deckcheck.rules.registry import ERROR, NOTE, WARNING, Violation
from deckcheck.terminal import printable, printable_json

SCHEMA = "deckcheck/validate/1"     # deckcheck/schemas/validate.schema.json
LENGTH_NAMES = {1: "1-deck", 2: "2-deck", 3: "3-deck", 4: "4-deck"}


def _lines(lines: list[int]) -> str:
    if not lines:
        return "-"
    shown = ",".join(str(n) for n in lines[:6])
    return shown + (f",+{len(lines) - 6}" if len(lines) > 6 else "")


def violation_line(v: Violation) -> str:
    """`  error   hazards      copy-limit: 4 copies of Orc-raiders; ...  [Orc-raiders, TW-75]  lines 12,40  (coe 1.3.1)`

    Severity and part in fixed columns, then the code and message, the card, the source lines, the citation.
    A number borrowed by analogy reads `avatar-limit (by analogy): ...` and gives why after the citation."""
    where = f"  line{'s' if len(v.lines) > 1 else ''} {_lines(v.lines)}" if v.lines else ""
    part = v.part.value if v.part else "whole deck"
    card = f"  [{v.card}, {v.card_id}]" if v.card_id else ""
    code = f"{v.code} (by analogy)" if v.by_analogy else v.code
    cited = f"{v.citation}; by analogy: {v.by_analogy}" if v.by_analogy else v.citation
    return f"  {v.severity:<7} {part:<12} {code}: {v.message}{card}{where}  ({cited})"


def explanation_lines(v: Violation) -> list[str]:
    """The reasoning under a violation (`validate --explain`), indented below its message."""
    return [f"{' ' * 23}· {line}" for line in v.explanation]


def _counts(violations: Sequence[Violation]) -> str:
    """The header's counts, like " (2 errors, 3 warnings (2 by analogy), 1 note)"; empty when none."""
    counts = []
    for severity in (ERROR, WARNING, NOTE):
        found = [v for v in violations if v.severity == severity]
        if not found:
            continue
        text = f"{len(found)} {severity}{'s' if len(found) != 1 else ''}"
        borrowed = sum(v.by_analogy is not None for v in found)
        counts.append(text + (f" ({borrowed} by analogy)" if borrowed else ""))
    return f" ({', '.join(counts)})" if counts else ""


def summary_line(verdicts: Sequence[Verdict], *, unreadable: int = 0) -> str:
    """The closing line after several decks: "3 decks: 2 legal, 1 illegal (4 errors, 1 warning)". `unreadable`
    decks ended in an error line of their own (a missing file, or a deck the ruleset has no rules for): "not
    checked", which is true of both."""
    total = len(verdicts) + unreadable
    legal = sum(v.legal for v in verdicts)
    parts = [f"{legal} legal", f"{len(verdicts) - legal} illegal"]
    if unreadable:
        parts.append(f"{unreadable} not checked")
    violations = [v for verdict in verdicts for v in verdict.violations]
    return f"{total} deck{'s' if total != 1 else ''}: {', '.join(parts)}{_counts(violations)}"


READING_LABELS = {"near-miss": ("near miss", "near misses"), "remark": ("remark cut off", "remarks cut off"),
                  "version": ("version chosen", "versions chosen")}


def readings_line(verdicts: Sequence[Verdict], *, listed: bool = False, where: str = "") -> str | None:
    """"2 names read as other cards (1 near miss, 1 remark cut off), 40 names of other editions read as their cards;
    -v lists them", or None when every line names what it writes. `listed`: the readings are shown above (-v); `where`
    "JSON": they are each deck's "readings" there."""
    readings = [r for verdict in verdicts for r in verdict.readings]
    if not readings:
        return None
    kinds = Counter(r.kind for r in readings)
    parts = []
    other = sum(n for kind, n in kinds.items() if kind not in ("language", "version"))
    if other:
        detail = ", ".join(f"{n} {READING_LABELS[kind][n != 1]}" for kind, n in kinds.items()
                           if kind not in ("language", "version"))
        cards = "other cards" if other != 1 else "another card"
        parts.append(f"{other} name{'s' if other != 1 else ''} read as {cards} ({detail})")
    if kinds["version"]:      # the name is the card's; which version it is, the list did not say
        n = kinds["version"]
        parts.append(f"{n} {READING_LABELS['version'][n != 1]} for names without [H]/[M]")
    if kinds["language"]:
        n = kinds["language"]
        parts.append("1 name of another edition read as its card" if n == 1
                     else f"{n} names of other editions read as their cards")
    shown = "each deck's \"readings\" lists them" if where == "JSON" else "listed above" if listed else "-v lists them"
    return f"{', '.join(parts)}; {shown}"


def reading_lines(verdict: Verdict) -> list[str]:
    """`  read    line 12: 'Glamdrng' as Glamdring [TW-244] ('Glamdrng' is no card name; ... (spelling))`"""
    out = []
    for r in verdict.readings:
        where = f"line {r.line}" if r.line else "no line"
        card = f"{r.card} [{r.card_id}]" if r.card_id else r.card
        out.append(f"  read    {where}: {r.written!r} as {card} ({r.why})")
    return out


def render_text(verdicts: Sequence[Verdict], *, explain: bool = False, readings: bool = False) -> str:
    blocks = []
    for verdict in verdicts:
        state = "LEGAL" if verdict.legal else "ILLEGAL"
        head = (f"{verdict.path}: {state}{_counts(verdict.violations)} under {verdict.ruleset} rules, "
                f"{verdict.alignment}, {LENGTH_NAMES[verdict.length]} game")
        reason = verdict.alignment_reason.removeprefix(f"{verdict.alignment}: ")
        out = [head, f"  alignment {verdict.alignment}: {reason}"]
        if verdict.status["status"] != "standard":     # a deck of ICE cards only says nothing more
            out.append(f"  status {status_text(verdict.status)}")
        out.extend(f"  note: {note}" for note in verdict.notes)
        if readings:
            out.extend(reading_lines(verdict))
        for v in verdict.violations:
            out.append(violation_line(v))
            if explain:
                out.extend(explanation_lines(v))
        blocks.append("\n".join(out))
    return printable("\n\n".join(blocks)) + "\n"


def json_document(verdicts: Sequence[Verdict]) -> dict:
    """`{"schema": "deckcheck/validate/1", "decks": [{"path", "legal", "ruleset", "alignment", ...}]}`"""
    return {"schema": SCHEMA, "decks": [v.to_json() for v in verdicts]}


def render_json(verdicts: Sequence[Verdict]) -> str:
    return printable_json(json.dumps(json_document(verdicts), ensure_ascii=False, indent=2)) + "\n"


def render_matrix(path: str, rows: list[tuple[str, str, dict[int, Verdict | str]]]) -> str:
    """The --all-formats table: one row per ruleset and alignment, one column per game length.

    A cell is "legal", the number of errors, or why the combination could not be checked."""
    header = (f"{'ruleset':<9} {'alignment':<14}" + "".join(f"{LENGTH_NAMES[n]:>10}" for n in range(1, 5))
              + "  broken rules")
    out = [f"{path}: legality by ruleset, alignment and game length", header]
    for ruleset, alignment, cells in rows:
        row = f"{ruleset:<9} {alignment:<14}"
        broken: dict[str, None] = {}
        for length in range(1, 5):
            cell = cells.get(length)
            if isinstance(cell, Verdict):
                errors = sum(v.severity == ERROR for v in cell.violations)
                text = "legal" if cell.legal else f"{errors} err"
                broken.update((v.code, None) for v in cell.violations if v.severity == ERROR)
            else:
                text = cell or "-"
            row += f"{text:>10}"
        out.append(row + (f"  {', '.join(broken)}" if broken else ""))
    return printable("\n".join(out)) + "\n"
