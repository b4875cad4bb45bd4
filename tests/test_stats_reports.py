"""The stats reports: text, json, a self-contained HTML file with its SVG charts, an xlsx with native charts."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from io import BytesIO

import pytest

from deckcheck.analysis.stats import deck_stats
from deckcheck.decklist.model import DeckEntry, Part
from deckcheck.report.stats_html import render_html
from deckcheck.report.stats_json import render_json
from deckcheck.report.stats_text import render_text
from tests.test_stats import GLAMDRING, card, entry, wizard_deck

HOSTILE = "=HYPERLINK(\"http://evil.example\",\"x\")"


def hostile_deck():
    """A deck whose name and a card name are spreadsheet formulas and HTML markup."""
    deck = wizard_deck()
    deck.name = HOSTILE
    trap = card("@SUM(1+1)<script>alert(1)</script>", "Resource", subtypes=("Major Item",), mp=1,
                mp_category="item")
    deck.entries.append(entry(Part.RESOURCES, 1, trap))
    deck.entries.append(DeckEntry(part=Part.RESOURCES, count=1, written="-2+3", problem="unknown-card"))
    return deck


# ---- text and json ------------------------------------------------------------------------------------


def test_text_report_has_every_section():
    text = render_text(deck_stats(wizard_deck()))
    for heading in ("Composition", "Characters (total mind: pool 14, play deck 2)", "Marshalling points",
                    "Creatures (5 cards) keyed to", "Site coverage (4 different sites in the location deck)",
                    "Draw odds", "Warnings"):
        assert heading in text
    assert "The Iron Crown [M] (TW): 3(5) -> 2 (half: minion item)" in text


def test_json_report_round_trips():
    document = json.loads(render_json(deck_stats(wizard_deck())))
    assert document["schema"] == "deckcheck/stats/1"
    assert document["play_deck_size"] == 21
    assert {c["category"]: c["points"] for c in document["mp_categories"]}["item"] == 8
    assert document["draw_odds"]["cards_seen"][0] == 8


# ---- html ---------------------------------------------------------------------------------------------


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self.scripts += 1


def _parse(html: str) -> _Collector:
    parser = _Collector()
    parser.feed(html)
    parser.close()
    return parser


def test_html_is_self_contained_and_has_the_charts():
    html = render_html(deck_stats(wizard_deck()))
    parsed = _parse(html)
    svg_ids = {attrs.get("id") for tag, attrs in parsed.tags if tag == "svg"}
    assert {"chart-parts", "chart-types", "chart-subtypes", "chart-mp", "chart-keyed", "chart-odds"} <= svg_ids
    # one polyline per default odds group, bars for the MP categories with points
    assert sum(1 for tag, attrs in parsed.tags if tag == "polyline") == 6
    assert parsed.scripts == 0
    for tag, attrs in parsed.tags:          # nothing loaded from elsewhere
        assert tag not in ("link", "img", "iframe")
        assert not any(k in ("src", "href") for k in attrs), (tag, attrs)
    assert html.startswith("<!DOCTYPE html>")


def test_html_escapes_text_from_the_deck():
    html = render_html(deck_stats(hostile_deck()))
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert _parse(html).scripts == 0


# ---- xlsx ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def workbook():
    openpyxl = pytest.importorskip("openpyxl")
    from deckcheck.report.stats_xlsx import render_xlsx

    return openpyxl.load_workbook(BytesIO(render_xlsx(deck_stats(hostile_deck()))))


def test_xlsx_sheets_and_native_charts(workbook):
    assert workbook.sheetnames == ["Summary", "Composition", "Characters", "MP", "Creatures", "Site coverage",
                                   "Draw odds"]
    charts = {ws.title: [type(c).__name__ for c in ws._charts] for ws in workbook}
    assert charts["Composition"] == ["BarChart", "BarChart"]
    assert charts["MP"] == ["BarChart"]
    assert charts["Creatures"] == ["BarChart"]
    assert charts["Draw odds"] == ["LineChart"]


def test_xlsx_numbers_stay_numbers(workbook):
    mp = workbook["MP"]
    rows = {mp.cell(r, 1).value: mp.cell(r, 2).value for r in range(2, 8)}
    assert rows["item"] == 8 + 1        # the trap card is a hero major item worth 1
    odds = workbook["Draw odds"]
    assert odds.cell(2, 1).value == 8 and isinstance(odds.cell(2, 2).value, float)


def test_xlsx_cells_from_the_deck_are_not_formulas(workbook):
    summary = workbook["Summary"]
    assert summary["B2"].value == "'" + HOSTILE
    assert summary["B2"].data_type == "s"
    texts = [c.value for ws in workbook for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    assert not [t for t in texts if t.startswith(("=", "+", "-", "@"))]
    assert any(t.startswith("'@SUM(1+1)") for t in texts)


def test_glamdring_is_still_a_plain_name(workbook):
    names = [c.value for row in workbook["MP"].iter_rows() for c in row]
    assert GLAMDRING.display() in names
