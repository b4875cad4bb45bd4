"""Verdicts as text (for a player before a tournament) and as JSON (for tools).

Text: one header line per deck, the alignment and why, then one line per violation in deck order, each with
its code, severity, deck part, source lines, card and citation.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from deckcheck.rules.engine import Verdict
from deckcheck.rules.registry import Violation
from deckcheck.terminal import printable, printable_json

LENGTH_NAMES = {1: "1-deck", 2: "2-deck", 3: "3-deck", 4: "4-deck"}


def _lines(lines: list[int]) -> str:
    if not lines:
        return "-"
    shown = ",".join(str(n) for n in lines[:6])
    return shown + (f",+{len(lines) - 6}" if len(lines) > 6 else "")


def violation_line(v: Violation) -> str:
    """`  error   hazards      copy-limit: 4 copies of Orc-raiders; ...  [Orc-raiders, TW-75]  lines 12,40  (coe 1.3.1)`

    Severity and part in fixed columns, then the code and message, the card, the source lines, the citation."""
    where = f"  line{'s' if len(v.lines) > 1 else ''} {_lines(v.lines)}" if v.lines else ""
    part = v.part.value if v.part else "whole deck"
    card = f"  [{v.card}, {v.card_id}]" if v.card_id else ""
    return f"  {v.severity:<7} {part:<12} {v.code}: {v.message}{card}{where}  ({v.citation})"


def render_text(verdicts: Sequence[Verdict]) -> str:
    blocks = []
    for verdict in verdicts:
        errors = sum(v.severity == "error" for v in verdict.violations)
        warnings = len(verdict.violations) - errors
        state = "LEGAL" if verdict.legal else "ILLEGAL"
        counts = []
        if errors:
            counts.append(f"{errors} error{'s' if errors != 1 else ''}")
        if warnings:
            counts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
        summary = f" ({', '.join(counts)})" if counts else ""
        head = (f"{verdict.path}: {state}{summary} under {verdict.ruleset} rules, "
                f"{verdict.alignment}, {LENGTH_NAMES[verdict.length]} game")
        reason = verdict.alignment_reason.removeprefix(f"{verdict.alignment}: ")
        out = [head, f"  alignment {verdict.alignment}: {reason}"]
        out.extend(f"  note: {note}" for note in verdict.notes)
        out.extend(violation_line(v) for v in verdict.violations)
        blocks.append("\n".join(out))
    return printable("\n\n".join(blocks)) + "\n"


def json_document(verdicts: Sequence[Verdict]) -> dict:
    """`{"decks": [{"path", "legal", "ruleset", "alignment", "alignment_reason", "length", "violations"}]}`"""
    return {"decks": [v.to_json() for v in verdicts]}


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
                errors = sum(v.severity == "error" for v in cell.violations)
                text = "legal" if cell.legal else f"{errors} err"
                broken.update((v.code, None) for v in cell.violations if v.severity == "error")
            else:
                text = cell or "-"
            row += f"{text:>10}"
        out.append(row + (f"  {', '.join(broken)}" if broken else ""))
    return printable("\n".join(out)) + "\n"
