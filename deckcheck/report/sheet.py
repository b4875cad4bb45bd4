"""`deckcheck sheet DECK`: a printable registration sheet, one HTML page with its own print stylesheet.

What a player hands in and signs at a tournament: the event, the player, a signature line, the alignment and avatar,
the deck's fingerprint (`decklist.fingerprint`: the same code at a later deck check proves the deck unchanged) and
every part with its counts and cards, sites in compact columns. The page sets margins but no paper size, so it
prints on A4 and on Letter alike; a deck of the usual size prints on one page, a big one on two. No JavaScript,
nothing loaded from elsewhere, every text from the deck escaped -- markup as HTML entities, control characters
and bidirectional overrides as visible escapes ("\\x1b"), as on a terminal. The tests print it in headless Chromium.
"""

from __future__ import annotations

from deckcheck.decklist.content import unread_lines, unread_text
from deckcheck.decklist.fingerprint import fingerprint
from deckcheck.decklist.model import Deck, DeckEntry, Part
from deckcheck.decklist.writers import card_text
from deckcheck.terminal import printable_html as _text

# Parts in the order a sheet lists them, with their headings; sites come last, in their own columns.
SHEET_PARTS = [(Part.POOL, "Pool / starting company"), (Part.CHARACTERS, "Characters"),
               (Part.RESOURCES, "Resources"), (Part.HAZARDS, "Hazards"), (Part.PLAY, "Play deck, role unknown"),
               (Part.SIDEBOARD, "Sideboard"), (Part.FW_SIDEBOARD, "Sideboard vs. Fallen-wizard")]

# A part of at most this many lines is never split between two columns.
KEEP_TOGETHER = 30

STYLE = """
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #111; margin: 0; background: #eee; }
.sheet { background: #fff; max-width: 190mm; margin: 1em auto; padding: 10mm; font-size: 9pt; line-height: 1.25; }
h1 { font-size: 15pt; margin: 0 0 2mm; } h2 { font-size: 10pt; margin: 0 0 1mm; break-after: avoid; }
.fields { display: grid; grid-template-columns: 1fr 1fr; gap: 2mm 8mm; margin-bottom: 4mm; }
.field { border-bottom: 1px solid #555; min-height: 7mm; padding-top: 1mm; }
.field b { display: inline-block; min-width: 22mm; font-weight: 600; }
.field.wide { grid-column: 1 / -1; }
.fingerprint { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13pt; letter-spacing: 0.05em; }
.totals { margin: 0 0 3mm; color: #333; }
.parts { column-count: 2; column-gap: 8mm; }
h2.sites-title { margin-top: 2mm; }
.sites { column-count: 4; column-gap: 5mm; font-size: 8.5pt; }
section { margin-bottom: 3mm; } section.keep { break-inside: avoid-column; }
ol { list-style: none; margin: 0; padding: 0; }
li { break-inside: avoid; padding-left: 8mm; text-indent: -8mm; }  /* a long name wraps under the name */
.n { display: inline-block; width: 6mm; text-align: right; margin-right: 2mm; font-variant-numeric: tabular-nums; }
.unread { font-style: italic; }
.warn { border: 1px solid #b00; padding: 1mm 2mm; color: #b00; }
.foot { border-top: 1px solid #999; margin-top: 4mm; padding-top: 2mm; font-size: 8pt; color: #444; }
@page { margin: 10mm; }
@media print {
  body { background: none; }
  .sheet { margin: 0; max-width: none; padding: 0; }
}
@media (max-width: 600px) { .parts, .sites { column-count: 1; } .fields { grid-template-columns: 1fr; } }
"""


def render_sheet(deck: Deck, *, event: str | None = None, player: str | None = None) -> str:
    code = fingerprint(deck)
    name = deck.name or ""
    player = player if player is not None else (deck.player or "")
    fields = [
        _field("Event", event or ""), _field("Date", ""),
        _field("Player", player), _field("Signature", ""),
        _field("Deck", name, wide=True),
        _field("Alignment", deck.alignment or "unknown"), _field("Avatar", deck.avatar or ""),
        _field("Fingerprint", f'<span class="fingerprint">{_text(code.value)}</span>', markup=True),
        _field("Checked by", ""),
    ]
    parts = [_part(title, deck.part(part)) for part, title in SHEET_PARTS if deck.part(part)]
    sites = deck.part(Part.SITES)
    unresolved = (f" {code.unresolved} name{'s' if code.unresolved != 1 else ''} on this list "
                  f"{'are' if code.unresolved != 1 else 'is'} no card (in italics); the fingerprint holds "
                  "them as written." if code.unresolved else "")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Registration: {_text(player or name or 'deck')}</title><style>{STYLE}"
        f"{_running_head(player, code.value)}</style></head><body>"
        '<main class="sheet">'
        f"<h1>Deck registration{': ' + _text(event) if event else ''}</h1>"
        f'<div class="fields">{"".join(fields)}</div>'
        f'<p class="totals">{_text(_totals(deck))}</p>'
        + _unread_warning(deck) +
        f'<div class="parts">{"".join(parts)}</div>'
        + (f'<h2 class="sites-title">Sites ({deck.count(Part.SITES)})</h2><div class="sites">{_list(sites)}</div>'
           if sites else "")
        + '<p class="foot">I register this deck for the event above and will play it unchanged. The fingerprint is '
          "deckcheck's code of the cards and their counts by part (any format, order or spelling gives the same "
          f"code; `deckcheck show` prints it, `deckcheck diff` compares two decks).{_text(unresolved)}</p>"
        "</main></body></html>\n"
    )


def _running_head(player: str, code: str) -> str:
    """Every printed page names the player and the fingerprint in its top margin (a page margin box): page 2 of a
    big deck, separated from page 1, still says whose deck it is and which."""
    said = f"{player} · fingerprint {code}" if player else f"fingerprint {code}"
    return ("@page { @top-right { content: \"" + _css_string(said) + "\"; font-family: system-ui, sans-serif; "
            "font-size: 8pt; color: #444; } }")


def _css_string(text: str) -> str:
    """`text` inside a CSS string: anything but letters, digits and plain punctuation as a hex escape (a player's
    name can hold a quote, a backslash, '</style>')."""
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -.,:·'()")
    return "".join(c if c in safe and c != "'" else f"\\{ord(c):x} " for c in text)


def _field(label: str, value: str, *, wide: bool = False, markup: bool = False) -> str:
    css = "field wide" if wide else "field"
    return f'<div class="{css}"><b>{_text(label)}</b> {value if markup else _text(value)}</div>'


def _totals(deck: Deck) -> str:
    play = [(p, deck.count(p)) for p in (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY) if deck.count(p)]
    out = []
    if deck.count(Part.POOL):
        out.append(f"pool {deck.count(Part.POOL)}")
    if play:
        roles = ", ".join(f"{p.value} {n}" for p, n in play)
        out.append(f"play deck {sum(n for _, n in play)} ({roles})")
    for part, label in ((Part.SIDEBOARD, "sideboard"), (Part.FW_SIDEBOARD, "sideboard vs. FW"),
                        (Part.SITES, "sites")):
        if deck.count(part):
            out.append(f"{label} {deck.count(part)}")
    return "Cards: " + "; ".join(out)


def _part(title: str, entries: list[DeckEntry]) -> str:
    # a part of the usual size stays in one column; a long one (a big sideboard) may go on in the next
    keep = ' class="keep"' if len(entries) <= KEEP_TOGETHER else ""
    return f"<section{keep}><h2>{_text(title)} ({sum(e.count for e in entries)})</h2>{_list(entries)}</section>"


def _list(entries: list[DeckEntry]) -> str:
    items = []
    for entry in sorted(entries, key=lambda e: card_text(e).casefold()):
        css = "" if entry.card else ' class="unread"'
        items.append(f'<li{css}><span class="n">{entry.count}</span>{_text(card_text(entry))}</li>')
    return f"<ol>{''.join(items)}</ol>"


def _unread_warning(deck: Deck) -> str:
    """A line of the file the reader skipped is on no list and in no fingerprint: said on the sheet itself."""
    lines = unread_lines(deck)
    if not lines:
        return ""
    return (f'<p class="warn">Not read: {unread_text(lines)} of the file. What is there is not on this list and '
            "not in the fingerprint: fix the decklist before it is registered.</p>")
