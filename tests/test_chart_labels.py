"""The HTML bar charts of stats and meta: no label cut shorter than the chart's own 22-character shortening (a
round() made the label column a fraction narrower than its longest label, so "characters" was drawn
"characte…"), and one colour for each deck part, type and alignment in every chart and page. The browser tests
(test_browser.py) look at the drawn pages; these read the SVG the pages hold."""

from __future__ import annotations

import re
from html import unescape

import pytest

from deckcheck.decklist import read_deck
from deckcheck.report.stats_html import FIXED_COLOURS, _short, bar_chart
from tests._shared import PROJECT, corpus_files, needs_decks

LABEL = re.compile(r'<text x="[\d.]+" y="[\d.]+" text-anchor="end">([^<]*)<title>([^<]*)</title></text>')
BAR = re.compile(r'<rect [^>]*fill="(#[0-9a-f]{6})"><title>([^<:]*):')


def cut_labels(html: str) -> list[tuple[str, str]]:
    return [(unescape(shown), unescape(full)) for shown, full in LABEL.findall(html)
            if unescape(shown) != _short(unescape(full))]


@pytest.mark.parametrize("label", ["characters", "Neutral", "resources", "Fallen-wizard", "Adûnaphel the Ringwraith",
                                   "Minion", "hazards", "W" * 12, "i" * 20])
def test_a_bar_label_is_drawn_whole(label):
    for others in ([], ["x"], ["pool", "sites"]):
        html = bar_chart("c", "t", [(label, 3)] + [(o, 1) for o in others])
        assert cut_labels(html) == [], label


@needs_decks
def test_no_stats_page_of_a_real_deck_cuts_a_label_and_parts_keep_their_colours():
    from deckcheck.analysis.stats import deck_stats
    from deckcheck.report.stats_html import render_html

    for path in corpus_files()[::5] + [PROJECT / "examples" / "wizard-legal.meccg"]:
        html = render_html(deck_stats(read_deck(path)))
        assert cut_labels(html) == [], path.name
        for colour, label in BAR.findall(html):
            key = unescape(label).strip().lower()
            if key in FIXED_COLOURS:
                assert colour == FIXED_COLOURS[key], (path.name, label, colour)


def test_a_part_has_one_colour_whatever_its_place_in_the_chart():
    first = dict((label, colour) for colour, label in BAR.findall(bar_chart("a", "t", [("pool", 1), ("hazards", 2)])))
    second = dict((label, colour) for colour, label in BAR.findall(bar_chart("b", "t", [("hazards", 2), ("pool", 1)])))
    assert first == second and first["pool"] != first["hazards"]


def test_the_matchups_page_has_a_viewport_and_the_shared_style(capsys):
    from deckcheck.report.stats_html import STYLE
    from tests._shared import run_main

    examples = PROJECT / "examples"
    code, page, _ = run_main(capsys, "matchups", str(examples / "wizard-legal.meccg"),
                             str(examples / "balrog-legal.meccg"), "--games", "2", "--turns", "2", "--output", "html")
    assert code == 0
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page   # no zoomed-out phone
    assert STYLE in page and '<div class="table"><table id="matrix">' in page     # the matrix scrolls in its box
