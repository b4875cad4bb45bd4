"""Write a Deck in Markdown or deckcheck's JSON, and the helpers of every writer (the clients' formats are in
client_writers.py); reading the output back gives the same deck.

Every resolved card is written with its version tag and set code ("Moria [M] (LE)"), so the written deck
does not depend on alignment inference; unresolved lines are written as the player wrote them, quoted (and in
Markdown, HTML-escaped) when the bare name would not read back as itself ("[0]" reads as a tag, "<0>" as an HTML
tag, "x (2)" as a count); a name no line can hold (a line break in a JSON deck's name) is refused with one line.
"""

from __future__ import annotations

import html
import json
import re

from deckcheck.decklist.labelled import read_markdown
from deckcheck.decklist.lines import excerpt
from deckcheck.decklist.model import PART_ORDER, Deck, DeckEntry, Part
from deckcheck.decklist.native import deck_to_data
from deckcheck.errors import DeckcheckError

# The clients' formats (client_writers.py), then deckcheck's own
WRITE_FORMATS = ("gccg", "meccg", "cardnum", "octgn", "tts", "json", "markdown")

MARKDOWN_HEADINGS = {Part.POOL: "Pool", Part.CHARACTERS: "Characters", Part.RESOURCES: "Resources",
                     Part.HAZARDS: "Hazards", Part.PLAY: "Deck", Part.SIDEBOARD: "Sideboard",
                     Part.FW_SIDEBOARD: "Sideboard vs. FW", Part.SITES: "Sites"}
FENCE_LIKE = re.compile(r"^\s*#")


def card_text(entry: DeckEntry, name: str | None = None) -> str:
    """"Moria [M] (LE)" for a resolved card; the written name (or `name`, its quoted form), tag and set code
    otherwise."""
    if entry.card:
        if entry.card.promo:   # a promo reprint shares its set code with the original: GCCG writes (PR)
            tag = f" [{entry.card.tag}]" if entry.card.tag else ""
            return f"{entry.card.name}{tag} (PR)"
        return entry.card.display()
    tag = f" [{entry.tag}]" if entry.tag else ""
    set_code = f" ({entry.set_code})" if entry.set_code else ""
    return f"{entry.written if name is None else name}{tag}{set_code}"


def _quoted(name: str) -> str:
    return f'"{name}"'   # lines.unquote reads it back


def _html_escaped(name: str) -> str:
    """What the Markdown reader reads back as `name`: it drops HTML tags, unescapes entities and skips a line
    holding a link ("](", "://")."""
    return html.escape(name, quote=False).replace("](", "]&#40;").replace("://", "&#58;//")


def _unresolved_line(entry: DeckEntry, path: str, fmt: str, forms: list[str], line_of, read_back) -> str:
    """The first line, of `forms` of the written name, that reads back as this entry (read_back(line) gives the
    RawLine read from it, or None); DeckcheckError when none does."""
    for name in forms if "\x00" not in entry.written else ():   # a NUL makes the text binary
        line = line_of(name)
        raw = read_back(line.replace("\r\n", "\n").replace("\r", "\n"))   # as every reading does
        if raw is not None and raw.name == entry.written and raw.count == entry.count \
                and (raw.tag or "").upper() == (entry.tag or "").upper() \
                and (raw.set_code or "").upper() == (entry.set_code or "").upper():
            return line
    raise DeckcheckError(f"the card name {excerpt(entry.written)!r} cannot be written in {fmt} so that it reads "
                         f"back as itself; write json (--to json)", path, entry.lines[0] if entry.lines else None)


def _read_back_one(result, line_no: int, part: Part):
    found = [raw for raw in result.lines if raw.line == line_no]
    return found[0] if len(found) == 1 and found[0].part == part else None


def _markdown_line(entry: DeckEntry, path: str) -> str:
    if entry.card:
        return f"- {entry.count} {card_text(entry)}"
    head = f"## {MARKDOWN_HEADINGS[entry.part]}\n\n"   # line 3 is the card line, in its part's section
    return _unresolved_line(
        entry, path, "Markdown", [entry.written, _html_escaped(entry.written), _html_escaped(_quoted(entry.written))],
        lambda name: f"- {entry.count} {card_text(entry, name)}",
        lambda line: _read_back_one(read_markdown(f"{head}{line}\n", "<written>"), 3, entry.part))


def write_markdown(deck: Deck) -> str:
    out: list[str] = []
    for key, value in _metadata(deck, ("name", "player", "alignment", "avatar", "length")):
        # escaped: the reader drops HTML tags (web pages have them), so "<draft>" would be lost
        out.append(f"{key.capitalize()}: {_html_escaped(value)}")
    for part in PART_ORDER:
        entries = deck.part(part)
        if entries:
            out += ["", f"## {MARKDOWN_HEADINGS[part]} ({sum(e.count for e in entries)})", ""]
            out += [_markdown_line(e, deck.path) for e in entries]
    if deck.notes:
        out += ["", "## Notes", ""]
        out += [f"> {line}" for line in deck.notes.split("\n")]
    return "\n".join(out).lstrip("\n") + "\n"


def write_json(deck: Deck) -> str:
    return json.dumps(deck_to_data(deck), ensure_ascii=False, indent=2) + "\n"


def writer(fmt: str):
    """The function writing a deck in `fmt` (one of WRITE_FORMATS)."""
    if fmt == "json":
        return write_json
    if fmt == "markdown":
        return write_markdown
    from deckcheck.decklist.client_writers import CLIENT_WRITERS

    return CLIENT_WRITERS[fmt]


def write_gccg(deck: Deck) -> str:
    return writer("gccg")(deck)


def client_warnings(deck: Deck, fmt: str) -> list[str]:
    """What the client of `fmt` will not take from the deck (client_writers.client_warnings); none for JSON and
    Markdown, which are deckcheck's own."""
    if fmt in ("json", "markdown"):
        return []
    from deckcheck.decklist.client_writers import client_warnings as warnings

    return warnings(deck, fmt)


def write_deck(deck: Deck, fmt: str, *, lang: str = "en") -> str:
    """The deck in a format; with `lang`, its card names in that language of the card data (each card keeps its
    tag and set code, and a JSON entry its id, so the file reads back to the same deck)."""
    return writer(fmt)(deck_in_language(deck, lang))


def deck_in_language(deck: Deck, lang: str) -> Deck:
    """A copy of the deck whose cards carry their names in another language of the card data (for writing and
    showing it; never for judging it)."""
    if lang == "en":
        return deck
    from dataclasses import replace

    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.languages import NameTranslator

    translate = NameTranslator(load_catalog(), lang, [e.card for e in deck.entries])
    renamed = [replace(e, card=replace(e.card, name=translate.name(e.card.name))) if e.card else e
               for e in deck.entries]
    return replace(deck, entries=renamed)


def _metadata(deck: Deck, keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """(key, value on one line) for the metadata the deck has; a blank value is left out, not written empty
    (an empty "Avatar:" line would read back as a label)."""
    values = [(key, _one_line(str(getattr(deck, key)))) for key in keys if getattr(deck, key) is not None]
    return [(key, value) for key, value in values if value]


def _one_line(text: str) -> str:
    return " ".join(text.split())
