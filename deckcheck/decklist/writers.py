"""Write a Deck as GCCG fenced text, Markdown, or deckcheck's JSON; reading the output back gives the same deck.

Every resolved card is written with its version tag and set code ("Moria [M] (LE)"), so the written deck
does not depend on alignment inference; unresolved lines are written as the player wrote them.
"""

from __future__ import annotations

import html
import json
import re

from deckcheck.decklist.gccg import is_plain_name_comment
from deckcheck.decklist.model import PART_ORDER, Deck, DeckEntry, Part
from deckcheck.decklist.native import deck_to_data

WRITE_FORMATS = ("gccg", "json", "markdown")

GCCG_SECTIONS = [("Deck", (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY)), ("Pool", (Part.POOL,)),
                 ("Sideboard", (Part.SIDEBOARD,)), ("Sideboard vs. fw", (Part.FW_SIDEBOARD,)),
                 ("Sites", (Part.SITES,))]
GCCG_CATEGORIES = {Part.CHARACTERS: "Character", Part.RESOURCES: "Resource", Part.HAZARDS: "Hazard",
                   Part.PLAY: "Other", Part.POOL: "Pool", Part.SIDEBOARD: "Sideboard",
                   Part.FW_SIDEBOARD: "Sideboard vs. fw", Part.SITES: "Sites"}
MARKDOWN_HEADINGS = {Part.POOL: "Pool", Part.CHARACTERS: "Characters", Part.RESOURCES: "Resources",
                     Part.HAZARDS: "Hazards", Part.PLAY: "Deck", Part.SIDEBOARD: "Sideboard",
                     Part.FW_SIDEBOARD: "Sideboard vs. FW", Part.SITES: "Sites"}
FENCE_LIKE = re.compile(r"^\s*#")


def card_text(entry: DeckEntry) -> str:
    """"Moria [M] (LE)" for a resolved card; the written name, tag and set code otherwise."""
    if entry.card:
        if entry.card.promo:   # a promo reprint shares its set code with the original: GCCG writes (PR)
            tag = f" [{entry.card.tag}]" if entry.card.tag else ""
            return f"{entry.card.name}{tag} (PR)"
        return entry.card.display()
    tag = f" [{entry.tag}]" if entry.tag else ""
    set_code = f" ({entry.set_code})" if entry.set_code else ""
    return f"{entry.written}{tag}{set_code}"


def write_gccg(deck: Deck) -> str:
    out = ["#", "# GCCG v0.9.4 Middle-earth deck", "#"]
    name = _one_line(deck.name or "")
    if name:
        # GCCG's convention is a bare comment line; a name that would read as a version or metadata line is labelled
        out.append(f"# {name}" if is_plain_name_comment(name) else f"# Name: {name}")
    for key, value in _metadata(deck, ("player", "alignment", "avatar", "length")):
        out.append(f"# {key.capitalize()}: {value}")
    out.append("#")
    for word, parts in GCCG_SECTIONS:
        if not any(deck.part(p) for p in parts):
            continue
        out += ["", "#" * len(word), word, "#" * len(word)]
        for part in parts:
            entries = deck.part(part)
            if entries:
                out += ["", f"# {GCCG_CATEGORIES[part]} ({sum(e.count for e in entries)})", ""]
                out += [f"{e.count} {card_text(e)}" for e in entries]
    if deck.notes:
        out += ["", "#####", "Notes", "#####", ""]
        # a notes line that starts with "#" could be taken for a fence or sub-header: indent it
        out += [f" {line}" if FENCE_LIKE.match(line) else line for line in deck.notes.split("\n")]
    return "\n".join(out) + "\n"


def write_markdown(deck: Deck) -> str:
    out: list[str] = []
    for key, value in _metadata(deck, ("name", "player", "alignment", "avatar", "length")):
        # escaped: the reader drops HTML tags (web pages have them), so "<draft>" would be lost
        out.append(f"{key.capitalize()}: {html.escape(value, quote=False)}")
    for part in PART_ORDER:
        entries = deck.part(part)
        if entries:
            out += ["", f"## {MARKDOWN_HEADINGS[part]} ({sum(e.count for e in entries)})", ""]
            out += [f"- {e.count} {card_text(e)}" for e in entries]
    if deck.notes:
        out += ["", "## Notes", ""]
        out += [f"> {line}" for line in deck.notes.split("\n")]
    return "\n".join(out).lstrip("\n") + "\n"


def write_json(deck: Deck) -> str:
    return json.dumps(deck_to_data(deck), ensure_ascii=False, indent=2) + "\n"


WRITERS = {"gccg": write_gccg, "json": write_json, "markdown": write_markdown}


def write_deck(deck: Deck, fmt: str, *, lang: str = "en") -> str:
    """The deck in a format; with `lang`, its card names in that language of the card data (each card keeps its
    tag and set code, and a JSON entry its id, so the file reads back to the same deck)."""
    return WRITERS[fmt](deck_in_language(deck, lang))


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
