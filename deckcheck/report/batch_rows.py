"""One registration's result: the row `batch` makes of it (batch/runner.py) and its reports show
(report/batch_results.py). Plain data, so that it crosses process boundaries; it lives here, below both, so
that the report never imports the batch that runs it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEGAL, ILLEGAL, ERROR = "legal", "illegal", "error"


@dataclass
class RowResult:
    index: int
    sheet: str
    row: int
    player: str
    extras: dict[str, Any]
    status: str                         # legal | illegal | error
    deck: str                           # what was checked: the path as written, or "pasted decklist (N lines)"
    deck_name: str | None = None
    alignment: str | None = None
    ruleset: str | None = None
    length: int | None = None
    violations: list[dict] = field(default_factory=list)   # Violation.to_json() shape
    avatar: str | None = None
    fingerprint: str | None = None      # decklist.fingerprint of the deck read; None when none was
    cards: list[dict] = field(default_factory=list)        # decklist.content.card_rows: the deck as read
    deck_status: dict | None = None     # decklist.pool_status.deck_status of the deck read; None when none was

    @property
    def legal(self) -> bool | None:
        return None if self.status == ERROR else self.status == LEGAL

    @property
    def errors(self) -> int:
        return sum(1 for v in self.violations if v["severity"] == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for v in self.violations if v["severity"] == "warning")

    def meta_record(self) -> dict:
        """The row as a metagame record (the shape of `analysis.meta.deck_record`)."""
        return {"deck": self.player, "alignment": self.alignment, "avatar": self.avatar, "legal": self.legal,
                "cards": self.cards}

    @property
    def first_problem(self) -> str:
        """The first error, else the first warning (a note, such as identical-deck, is no problem)."""
        first = next((v for v in self.violations if v["severity"] == "error"), None)
        first = first or next((v for v in self.violations if v["severity"] == "warning"), None)
        return f"{first['code']}: {first['message']}" if first else ""
