"""One entry point for the statistics report in any format; each renderer is imported only when asked for
(the xlsx one loads openpyxl)."""

from __future__ import annotations

from deckcheck.analysis.stats import DeckStats
from deckcheck.terminal import printable, printable_json


def render_stats(stats: DeckStats, output: str) -> bytes:
    """The report as bytes: output is text, json, html or xlsx."""
    if output == "xlsx":
        from deckcheck.report.stats_xlsx import render_xlsx

        return render_xlsx(stats)
    if output == "html":
        from deckcheck.report.stats_html import render_html

        return render_html(stats).encode("utf-8")
    if output == "json":
        from deckcheck.report.stats_json import render_json

        return printable_json(render_json(stats)).encode("utf-8")
    from deckcheck.report.stats_text import render_text

    return printable(render_text(stats)).encode("utf-8")
