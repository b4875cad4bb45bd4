"""`deckcheck sheet`: the registration sheet's content (every card, counts, fingerprint, fields), escaping, names that
are no card, the command's files and exit codes. How it prints is tests/test_browser.py's part."""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from pathlib import Path

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.fingerprint import fingerprint
from deckcheck.decklist.model import PART_ORDER
from deckcheck.decklist.writers import card_text
from deckcheck.report.sheet import render_sheet
from tests._shared import DECKS, PROJECT, needs_decks

SMALL = Path(__file__).parent / "fixtures" / "analysis" / "small-wizard.meccg"


def run(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, cwd=PROJECT)


def listed(html: str) -> list[tuple[int, str]]:
    return [(int(n), unescape(name)) for n, name in re.findall(r'<span class="n">(\d+)</span>([^<]*)</li>', html)]


@needs_decks
def test_every_card_of_a_challenge_deck_is_on_the_sheet_with_its_count():
    deck = read_deck(next((DECKS / "council-of-rivendell" / "Challenge Decks").glob("A - *")))
    html = render_sheet(deck, event="Lyon Open 2026")
    assert sorted(listed(html)) == sorted((e.count, card_text(e)) for e in deck.entries)
    assert sum(n for n, _ in listed(html)) == sum(deck.count(p) for p in PART_ORDER) == 109
    assert '<span class="fingerprint">9deb-9616-d41a</span>' in html
    for heading in ("Pool / starting company (7)", "Characters (8)", "Resources (30)", "Hazards (30)",
                    "Sideboard (19)", "Sites (15)"):
        assert f">{heading}</h2>" in html
    assert "<h1>Deck registration: Lyon Open 2026</h1>" in html
    assert "<b>Avatar</b> Saruman" in html and "<b>Alignment</b> wizard" in html
    assert "<b>Signature</b> </div>" in html          # a blank to sign on


def test_text_from_the_deck_is_escaped_and_names_that_are_no_card_are_said():
    text = SMALL.read_text(encoding="utf-8").replace("Small Wizard (a deckcheck test deck, counts checked by hand)",
                                                     "<script>alert(1)</script>")
    deck = parse_text(text.replace("1 Bilbo (TW)", "1 <b>Bilbo</b> the Hobbitt"))
    html = render_sheet(deck, player="Ann <img src=x>", event="Cup & Co")
    assert "<script>" not in html and "<img" not in html and "<b>Bilbo" not in html
    assert "&lt;script&gt;" in html and "Cup &amp; Co" in html
    assert '<li class="unread"><span class="n">1</span>&lt;b&gt;Bilbo&lt;/b&gt; the Hobbitt</li>' in html
    assert "1 name on this list is no card (in italics)" in html
    assert fingerprint(deck).value in html


def test_the_command_writes_the_sheet_and_never_overwrites(tmp_path):
    out = tmp_path / "sheet.html"
    result = run("sheet", SMALL, "-o", out, "--event", "Club night")
    assert result.returncode == 0, result.stderr
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and fingerprint(read_deck(SMALL)).value in html
    assert run("sheet", SMALL, "-o", out).returncode == 2                          # exists: --force
    assert run("sheet", SMALL, "-o", out, "--force").returncode == 0
    assert run("sheet", SMALL, "-o", SMALL, "--force").returncode == 2              # never over its input
    stdout = run("sheet", SMALL)
    assert stdout.returncode == 0 and stdout.stdout.startswith("<!DOCTYPE html>")
    missing = run("sheet", tmp_path / "missing.meccg")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_control_characters_are_shown_as_escapes_never_sent_to_the_page_or_terminal():
    # an ESC sequence (window title, screen clear) or a right-to-left override in a name: visible, inert
    text = SMALL.read_text(encoding="utf-8").replace("1 Bilbo (TW)", "1 Qwxzv\x1b[2J\u202eevil")
    deck = parse_text(text)
    html = render_sheet(deck, player="Ann\x1b]0;pwn\x07", event="Cup\x9b31m")
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", html)
    assert "Qwxzv\\x1b[2J\\u202eevil" in html and "Ann\\x1b]0;pwn\\x07" in html and "Cup\\x9b31m" in html



def test_the_command_prints_no_control_character_to_the_terminal(tmp_path):
    deck = tmp_path / "deck.meccg"
    deck.write_text(SMALL.read_text(encoding="utf-8").replace("1 Bilbo (TW)", "1 Qwxzv\x1b]0;pwn\x07"),
                    encoding="utf-8")
    result = run("sheet", deck, "--player", "Ann\x1b[2J")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "Ann\\x1b[2J" in result.stdout and "Qwxzv\\x1b]0;pwn\\x07" in result.stdout


def test_a_line_that_was_not_read_is_said_on_the_sheet(tmp_path):
    text = SMALL.read_text(encoding="utf-8").replace("1 Bilbo (TW)", "-2 Bilbo (TW)")
    line = text.splitlines().index("-2 Bilbo (TW)") + 1
    html = render_sheet(parse_text(text))
    assert (f'<p class="warn">Not read: line {line} of the file. What is there is not on this list and not in the '
            "fingerprint: fix the decklist before it is registered.</p>") in html
    assert '<p class="warn">' not in render_sheet(parse_text(SMALL.read_text(encoding="utf-8")))
