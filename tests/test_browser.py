"""The HTML pages deckcheck writes, checked in a real browser (headless Chromium, see tests/browser.py):

- the stats report at a desktop's 1280 px and a phone's 400 px: no console error, every chart's SVG drawn with a
  visible size inside the page, no sideways scrolling, the curves' end labels apart (two groups of 3 copies give one
  curve: it is drawn striped and both labels show);
- the registration sheet printed to PDF on A4 and on Letter: at most two pages, its fingerprint the deck's;
- the metagame page's charts;
- every page (stats, meta, matchups, sheet) at both widths: no label cut (`CUT_TEXT`: a text clipped by a box
  that does not scroll, run off the page, or an SVG chart's text drawn outside its chart).

The screenshots and PDFs are kept in out/browser/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from deckcheck.decklist import read_deck
from deckcheck.decklist.fingerprint import fingerprint
from tests._shared import CHALLENGE, DECKS, GANDALF, PROJECT, WITCH_KING, needs_decks
from tests.browser import Browser, chromium_or_skip

ARTIFACTS = PROJECT / "out" / "browser"
WIDTHS = [(1280, False), (400, True)]      # desktop; a phone (mobile viewport)
PAPER = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}    # inches

MEASURE_CHARTS = """JSON.stringify(Array.from(document.querySelectorAll('svg.chart')).map(svg => {
  const box = svg.getBoundingClientRect();
  return {id: svg.id, width: box.width, height: box.height, left: box.left, right: box.right};
}))"""
# Text of a chart drawn outside its SVG is cut off: a bar label too long for the label column loses its start.
CLIPPED_TEXT = """JSON.stringify(Array.from(document.querySelectorAll('svg.chart')).flatMap(svg => {
  const box = svg.getBoundingClientRect();
  return Array.from(svg.querySelectorAll('text')).map(t => [t, t.getBoundingClientRect()])
    .filter(([t, b]) => b.width > 0 && (b.left < box.left - 0.5 || b.right > box.right + 0.5))
    .map(([t, b]) => svg.id + ': ' + t.childNodes[0].nodeValue);
}))"""
# Any text of the page cut off: a text clipped by a box that hides its overflow (a box that scrolls lets it be
# read), or drawn off the page sideways; and SVG text outside its SVG (CLIPPED_TEXT).
CUT_TEXT = """JSON.stringify((() => {
  const cut = [], width = window.innerWidth;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (!text || node.parentElement.closest('svg, script, style, title')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    let scrolls = false, clipped = false;     // sideways: what a phone cuts; down: a box of a fixed height
    for (let e = node.parentElement; e && e !== document.documentElement && !clipped; e = e.parentElement) {
      const style = getComputedStyle(e), clip = e.getBoundingClientRect();
      if (/hidden|clip/.test(style.overflowX) && (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)) {
        clipped = true;
      } else if (/hidden|clip/.test(style.overflowY) && e !== document.body
                 && (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5)) {
        clipped = true;
      }
      if (/auto|scroll/.test(style.overflowX)) { scrolls = true; break; }
    }
    if (clipped) cut.push('clipped: ' + text.slice(0, 60));
    else if (!scrolls && (box.left < -0.5 || box.right > width + 0.5)) cut.push('off the page: ' + text.slice(0, 60));
  }
  return cut;
})())"""
END_LABELS = """JSON.stringify(Array.from(document.querySelectorAll('#chart-odds text.end-label')).map(t => {
  const b = t.getBoundingClientRect();
  return {text: t.childNodes[0].nodeValue, top: b.top, bottom: b.bottom, left: b.left, right: b.right};
}))"""


@pytest.fixture(scope="module")
def browser():
    executable = chromium_or_skip()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with Browser(executable) as running:
        yield running


def deckcheck(*args) -> None:
    result = subprocess.run([sys.executable, "-m", "deckcheck", *map(str, args)], capture_output=True, text=True,
                            encoding="utf-8", timeout=300, cwd=PROJECT)
    assert result.returncode == 0, result.stderr


def check_charts(page, expected: set[str]) -> list[dict]:
    import json

    charts = json.loads(page.evaluate(MEASURE_CHARTS))
    assert {c["id"] for c in charts} >= expected
    viewport = page.evaluate("window.innerWidth")
    for chart in charts:
        assert chart["width"] >= 100 and chart["height"] >= 20, chart          # drawn, with a visible size
        assert chart["left"] >= 0 and chart["right"] <= viewport + 0.5, (chart, viewport)   # nothing clipped
    check_page(page)
    return charts


def cut_text(page) -> list[str]:
    import json

    return json.loads(page.evaluate(CLIPPED_TEXT)) + json.loads(page.evaluate(CUT_TEXT))


def check_page(page) -> None:
    """What every page must be at every width: no console error, no sideways scrolling, no label cut."""
    assert page.console_errors == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")
    assert cut_text(page) == []


def overlapping(boxes: list[dict]) -> list[tuple[str, str]]:
    return [(a["text"], b["text"]) for a, b in itertools.combinations(boxes, 2)
            if a["top"] < b["bottom"] and b["top"] < a["bottom"] and a["left"] < b["right"] and b["left"] < a["right"]]


@needs_decks
@pytest.mark.parametrize("width, mobile", WIDTHS)
def test_the_stats_report_in_a_browser(browser, width, mobile):
    import json

    # Challenge Deck E: avatars (3 Gandalf) and allies (3) are two groups of 3 copies: one curve
    deck = next(CHALLENGE.glob("E - *"))
    report = ARTIFACTS / "stats-E.html"
    deckcheck("stats", deck, "--output", "html", "-o", report, "--force")
    page = browser.open(report, width=width, height=900, mobile=mobile)
    assert page.console_errors == []
    charts = check_charts(page, {"chart-parts", "chart-types", "chart-subtypes", "chart-alignment", "chart-mp",
                                 "chart-keyed", "chart-odds"})
    if mobile:
        assert all(c["width"] <= width for c in charts)
    assert page.evaluate("document.querySelector('h1').textContent") == "E - Gandalf - Return of the King"
    labels = json.loads(page.evaluate(END_LABELS))
    assert {label["text"] for label in labels} >= {"avatars (3)", "allies (3)"}
    assert overlapping(labels) == []
    assert "avatars (3) and allies (3)" in page.evaluate("document.querySelector('#chart-odds + p.note').textContent")
    page.screenshot(ARTIFACTS / f"stats-E-{width}.png")


@pytest.mark.parametrize("width, mobile", WIDTHS)
def test_the_stats_report_of_an_example_deck_in_a_browser(browser, width, mobile):
    """The same checks on a deck of the repository: they run where ../shared is absent too."""
    report = ARTIFACTS / "stats-example.html"
    deckcheck("stats", "examples/wizard-legal.meccg", "--output", "html", "-o", report, "--force")
    page = browser.open(report, width=width, mobile=mobile)
    assert page.console_errors == []
    check_charts(page, {"chart-parts", "chart-odds"})


@needs_decks
@pytest.mark.parametrize("deck_glob, name", [(("council-of-rivendell", "Challenge Decks", "A - *"), "A"),
                                             (("council-of-rivendell", "Challenge Decks", "J - *"), "J"),
                                             (("gccg-restoration", "Contrib", "zara", "{D}_{D} Dwar CVCC.dck"),
                                              "zara-106-sites")])
def test_the_registration_sheet_prints_on_at_most_two_pages(browser, deck_glob, name):
    *folders, pattern = deck_glob
    deck_path = next(DECKS.joinpath(*folders).glob(pattern))
    sheet = ARTIFACTS / f"sheet-{name}.html"
    deckcheck("sheet", deck_path, "--event", "Lyon Open 2026", "-o", sheet, "--force")
    page = browser.open(sheet, width=1280)
    assert page.console_errors == []
    assert page.evaluate("document.querySelector('.fingerprint').textContent") == \
        fingerprint(read_deck(deck_path)).value
    pages = {paper: page.pdf(ARTIFACTS / f"sheet-{name}-{paper}.pdf", paper=size) for paper, size in PAPER.items()}
    assert all(1 <= n <= 2 for n in pages.values()), pages
    if name != "zara-106-sites":         # a Challenge Deck: one page
        assert pages == {"a4": 1, "letter": 1}


@needs_decks
def test_the_metagame_page_in_a_browser(browser):
    page_path = ARTIFACTS / "meta.html"
    deckcheck("meta", CHALLENGE, "-o", page_path, "--force")
    for width, mobile in WIDTHS:
        page = browser.open(page_path, width=width, mobile=mobile)
        assert page.console_errors == []
        check_charts(page, {"chart-alignments", "chart-avatars"})


@pytest.mark.parametrize("width, mobile", WIDTHS)
def test_the_registration_sheet_on_a_screen(browser, width, mobile):
    """The sheet opened on a desktop and on a phone (a player checks it before printing): every line whole, no
    sideways scrolling, the fingerprint shown."""
    sheet = ARTIFACTS / "sheet-screen.html"
    deckcheck("sheet", "examples/wizard-legal.meccg", "--event", "Lyon Open 2026", "--player",
              'Ann "Quoted" Example', "-o", sheet, "--force")
    page = browser.open(sheet, width=width, mobile=mobile)
    check_page(page)
    assert page.evaluate("document.querySelector('.fingerprint').textContent") == \
        fingerprint(read_deck(PROJECT / "examples" / "wizard-legal.meccg")).value
    page.screenshot(ARTIFACTS / f"sheet-screen-{width}.png")


def test_a_cut_label_is_seen(browser, tmp_path):
    """The cut-label check itself: a label clipped by its box, one run off a phone's page and a chart label
    drawn outside its chart are each reported; a box that scrolls is no cut."""
    page_path = tmp_path / "cut.html"
    page_path.write_text(
        '<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        '<body style="overflow-x: hidden; margin: 0">'
        '<div style="width: 60px; overflow: hidden; white-space: nowrap">characters of the pool</div>'
        '<p style="position: relative; left: 350px; white-space: nowrap">Neutral alignment</p>'
        '<div style="width: 60px; overflow-x: auto; white-space: nowrap">a matrix that scrolls in its box</div>'
        '<svg class="chart" id="chart-x" width="200" height="40"><text x="-30" y="20">hazards</text></svg>'
        "</body></html>", encoding="utf-8")
    found = cut_text(browser.open(page_path, width=400, mobile=True))
    assert any(f.startswith("clipped: characters") for f in found), found
    assert any(f.endswith(": Neutral alignment") for f in found), found
    assert any("hazards" in f for f in found), found
    assert not any("scrolls" in f for f in found), found


def test_a_page_error_is_seen(browser, tmp_path):
    """The console check itself: a page with a script error and a failed load reports both."""
    broken = tmp_path / "broken.html"
    broken.write_text("<!DOCTYPE html><html><body><img src='missing.png'><script>undefinedFunction()</script>"
                      "</body></html>", encoding="utf-8")
    errors = browser.open(broken, width=400).console_errors
    assert any("undefinedFunction" in e for e in errors), errors
    assert any("missing.png" in e or "ERR_FILE_NOT_FOUND" in e for e in errors), errors


@pytest.mark.parametrize("width, mobile", WIDTHS)
def test_the_matchups_page_in_a_browser(browser, width, mobile):
    """The matchups page at both widths: no console error, no sideways scrolling of the page (the matrix scrolls in
    its own box), its text at a readable size on a phone (the viewport tag: without it a phone draws 980 px)."""
    page_path = ARTIFACTS / "matchups.html"
    deckcheck("matchups", "examples/wizard-legal.meccg", "examples/balrog-legal.meccg",
              "examples/ringwraith-legal.meccg", "--games", "4", "--turns", "3", "-o", page_path, "--force")
    page = browser.open(page_path, width=width, mobile=mobile)
    assert page.evaluate("window.innerWidth") <= width
    check_page(page)
    assert page.evaluate("document.querySelectorAll('#matrix tr').length") == 4
    assert "red 0 %" in page.evaluate("document.querySelector('#colour-legend').textContent")
    page.screenshot(ARTIFACTS / f"matchups-{width}.png")


@needs_decks
def test_every_printed_page_of_a_long_sheet_names_the_player_and_the_fingerprint(browser):
    """A sheet of two pages: page 2, separated from page 1, still says whose deck it is and which (the top margin of
    every page holds the player and the fingerprint). Read from the PDF with pdftotext (poppler-utils)."""
    import shutil

    if shutil.which("pdftotext") is None:
        pytest.skip("needs pdftotext (poppler-utils) to read the printed pages")
    deck_path = DECKS / "gccg-restoration" / "Contrib" / "zara" / "{D}_{D} Dwar CVCC.dck"
    sheet = ARTIFACTS / "sheet-running-head.html"
    deckcheck("sheet", deck_path, "--player", 'Ann "Quoted" Example', "-o", sheet, "--force")
    page = browser.open(sheet, width=1280)
    pdf = ARTIFACTS / "sheet-running-head-a4.pdf"
    pages = page.pdf(pdf, paper=PAPER["a4"])
    assert pages == 2
    code = fingerprint(read_deck(deck_path)).value
    for number in (1, 2):
        text = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(pdf), "-"],
                              capture_output=True, text=True, check=True).stdout
        assert f'Ann "Quoted" Example · fingerprint {code}' in " ".join(text.split()), (number, text[:300])


@needs_decks
@pytest.mark.parametrize("width, mobile", WIDTHS)
def test_the_whatif_page_in_a_browser(browser, width, mobile):
    """`simulate --swap --output html`: one chart of the paired MP difference by turn per variant (its band and
    the zero line drawn), at both widths: no console error, no sideways scrolling, no label cut."""
    page_path = ARTIFACTS / "whatif.html"
    result = subprocess.run([sys.executable, "-m", "deckcheck", "simulate", str(GANDALF),
                             "--games", "30", "--turns", "6", "--swap", "Concealment=Orcrist", "--swap",
                             "Dodge=Dodge", "--output", "html"], capture_output=True, text=True, encoding="utf-8",
                            timeout=300, cwd=PROJECT)
    assert result.returncode == 0, result.stderr
    page_path.write_text(result.stdout, encoding="utf-8")
    page = browser.open(page_path, width=width, mobile=mobile)
    check_charts(page, {"diff-1", "diff-2"})
    assert page.evaluate("document.querySelectorAll('svg.chart polygon.band').length") == 2
    assert page.evaluate("document.querySelectorAll('svg.chart polyline.line').length") == 2
    page.screenshot(ARTIFACTS / f"whatif-{width}.png")


CARD_ROWS = """JSON.stringify(Array.from(document.querySelectorAll('#chart-cards > g')).map(g => ({
  rare: g.classList.contains('rare'), dots: g.querySelectorAll('circle.dot').length,
  whiskers: g.querySelectorAll('line.whisker').length, bars: g.querySelectorAll('rect.bar').length})))"""


CARD_RUNS = {"goldfish": [], "duel": ["--against", str(WITCH_KING), "--both"]}


@needs_decks
@pytest.mark.parametrize("run", CARD_RUNS)
@pytest.mark.parametrize("width, mobile", WIDTHS)
def test_the_cards_page_in_a_browser(browser, width, mobile, run):
    """`simulate --cards --output html`: a row per card of the table (its MP difference as a dot with its
    interval, its play rate as a bar; the rarely played ones grey and last) and a row per site, at both widths: no
    console error, no sideways scrolling, no label cut. In a duel (`--against OPP --both`) the dot is the P(win)
    difference, and the table has its columns."""
    import json

    page_path = ARTIFACTS / f"cards-{run}.html"
    result = subprocess.run([sys.executable, "-m", "deckcheck", "simulate", str(GANDALF), "--cards", "--games",
                             "30", "--turns", "6", *CARD_RUNS[run], "--output", "html"], capture_output=True,
                            text=True, encoding="utf-8", timeout=300, cwd=PROJECT)
    assert result.returncode == 0, result.stderr
    page_path.write_text(result.stdout, encoding="utf-8")
    page = browser.open(page_path, width=width, mobile=mobile)
    check_charts(page, {"chart-cards", "chart-sites"})
    rows = json.loads(page.evaluate(CARD_ROWS))
    table = page.evaluate("document.querySelectorAll('details')[0].querySelectorAll('tr').length") - 1
    assert len(rows) == table > 10 and all(r["bars"] == 1 for r in rows)
    assert sum(r["dots"] == r["whiskers"] == 1 for r in rows) >= len(rows) - 2   # a card with no comparison: none
    rare = [r["rare"] for r in rows]
    assert any(rare) and rare == sorted(rare)                  # the grey rows are the last ones
    sites = page.evaluate("document.querySelectorAll('#chart-sites > g').length")
    assert sites == page.evaluate("document.querySelectorAll('details')[1].querySelectorAll('tr').length") - 1 > 3
    heads = json.loads(page.evaluate("JSON.stringify(Array.from(document.querySelectorAll('details')[0]"
                                     ".querySelectorAll('th')).map(th => th.textContent))"))
    axis = page.evaluate("document.querySelector('#chart-cards').textContent")
    if run == "duel":
        assert heads[1] == "P(win) difference (points)" and "P(win) difference" in axis
    else:
        assert heads[1] == "MP difference" and "P(win)" not in axis
    page.screenshot(ARTIFACTS / f"cards-{run}-{width}.png")
