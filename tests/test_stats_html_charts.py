"""The stats report's charts as drawn (the browser checks are in tests/test_browser.py): SVGs that scale, curves
that coincide drawn striped with both labels, labels that never overlap, the title and the creature keys."""

from __future__ import annotations

import re

from deckcheck.analysis.stats import deck_stats
from deckcheck.decklist import parse_text
from deckcheck.report.stats_html import bar_chart, deck_title, line_chart, render_html
from tests._shared import PROJECT

XS = list(range(8, 19))


def curve(start: float) -> list[float]:
    return [min(1.0, start + 0.03 * i) for i in range(len(XS))]


def test_charts_scale_to_the_width_they_are_given():
    svg = bar_chart("c", "t", [("a", 1), ("b", 2)])
    assert 'viewBox="0 0 420 ' in svg and 'style="max-width: 420px"' in svg and 'class="chart bar-chart"' in svg
    html = render_html(deck_stats(parse_text((PROJECT / "examples" / "wizard-legal.meccg").read_text("utf-8"))))
    assert "svg.chart { display: block; width: 100%; height: auto; }" in html


def test_equal_curves_are_striped_and_both_are_labelled():
    series = [("characters (6)", curve(0.5)), ("avatars (3)", curve(0.3)), ("allies (3)", curve(0.3)),
              ("factions (2)", curve(0.2))]
    svg = line_chart("odds", "P", XS, series)
    lines = re.findall(r'<polyline class="series"[^>]*>', svg)
    assert len(lines) == 4
    striped = [line for line in lines if "stroke-dasharray" in line]
    assert len(striped) == 2 and 'stroke-dashoffset="0"' in striped[0] and 'stroke-dashoffset="-9"' in striped[1]
    assert "Drawn striped, one curve: avatars (3) and allies (3)" in svg
    labels = re.findall(r'<text class="end-label" x="[\d.]+" y="([\d.]+)">([^<]*)<title>', svg)
    assert [name for _, name in labels] == [name for name, _ in series]
    ys = sorted(float(y) for y, _ in labels)
    assert all(b - a >= 15 for a, b in zip(ys, ys[1:]))            # no two labels on top of each other


def test_each_curve_has_its_own_marker_shape():
    series = [(f"group {i}", curve(0.1 * i)) for i in range(6)]
    svg = line_chart("odds", "P", XS, series)
    for shape in ("<circle", "<rect", "<polygon", "<path"):
        assert shape in svg
    assert "Drawn striped" not in svg


def test_the_title_is_the_decks_name_not_its_path():
    deck = parse_text("Pool\n1 Faramir (TW)\nDeck\n3 Gandalf [H] (TW)\n", path="/tmp/decks/club/My Gandalf.meccg")
    stats = deck_stats(deck)
    assert deck_title(stats) == "My Gandalf"
    assert "<h1>My Gandalf</h1>" in render_html(stats)


def test_creature_keys_are_explained():
    text = (PROJECT / "examples" / "wizard-legal.meccg").read_text(encoding="utf-8")
    html = render_html(deck_stats(parse_text(text)))
    assert "A creature is keyed to where it may attack" in html
    assert "{w} Wilderness" in html and "{R} Ruins &amp; Lairs" in html
    assert re.search(r"<td>[A-Z][\w &;-]+( or [\w &;-]+)* \((\{\w\})+\)</td>", html)
