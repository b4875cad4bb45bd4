"""NetMECCG v1.4 `.dck`: "[section]" headers and one line per copy; a name suffix gives the version.

Suffixes: "*" minion, "@" Fallen-wizard, "%" Balrog; none is the hero (or neutral) version, read as tag H.
"""

from __future__ import annotations

import re

from deckcheck.decklist.lines import ReadResult, excerpt, looks_like_prose, short_texts_remembered, split_card_text
from deckcheck.decklist.model import Part, RawLine

SECTIONS = {
    "starting": Part.POOL,
    "pool": Part.POOL,
    "sideboard": Part.SIDEBOARD,
    "anti-fw": Part.FW_SIDEBOARD,
    "characters": Part.CHARACTERS,
    "resources": Part.RESOURCES,
    "hazards": Part.HAZARDS,
    "sites": Part.SITES,
}
SUFFIX_TAGS = {"*": "M", "@": "F", "%": "B"}
HEADER = re.compile(r"^\[(?P<word>[^\]]*)\]\s*$")


def read(text: str, path: str) -> ReadResult:
    result = ReadResult(format="netmeccg")
    part: Part | None = None
    play = Part.PLAY   # looked up once: an Enum's member is slow to reach on its class
    skipping = False
    seen_header = False
    for i, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = HEADER.match(stripped)
        if header:
            word = header.group("word").strip()
            if word.lower().startswith("netmeccg"):
                seen_header = True
                continue
            seen_header = True
            part = SECTIONS.get(word.lower())
            skipping = part is None
            if skipping:
                result.problem(path, i, "unknown-section",
                               f"unknown section [{excerpt(word)}]; its lines are skipped", severity="warning")
            continue
        if skipping:
            continue
        if part is None:
            result.problem(path, i, "outside-section",
                           f"card line before any section: {excerpt(stripped)!r}; read as play deck",
                           severity="warning")
        card = card_of_line(stripped)
        if card is PROSE:
            result.problem(path, i, "not-a-card-line", f"not a card line: {excerpt(stripped)!r}; skipped",
                           severity="warning")
            continue
        if card is None:
            result.problem(path, i, "missing-name", f"no card name in {excerpt(stripped)!r}; line skipped")
            continue
        name, tag, set_code, implied = card
        # positional (name, count, part, line, tag, set_code, card_id, text, tag_implied): a line per copy
        result.lines.append(RawLine(name, 1, part or play, i, tag, set_code, None, stripped, implied))
    result.recognised = seen_header
    return result


# What card_of_line says of a line that is prose, not a card.
PROSE = "prose"


@short_texts_remembered     # a line per copy: the same lines again and again, deck after deck
def card_of_line(stripped: str) -> tuple[str, str, str | None, bool] | str | None:
    """(name, tag, set code, whether the tag is implied) of a card line, PROSE for a line of prose, None for a line
    with no card name."""
    if looks_like_prose(stripped):
        return PROSE
    # No suffix means the hero version (or the only one): an implied tag H, dropped by the builder
    # where it does not fit (a hero-less name such as "The Balrog" in a minion deck).
    name, tag, implied = stripped, "H", True
    if name[-1] in SUFFIX_TAGS:
        name, tag, implied = name[:-1].rstrip(), SUFFIX_TAGS[name[-1]], False
    name, bracket_tag, set_code = split_card_text(name)
    if not name:
        return None
    return name, bracket_tag or tag, set_code, implied and not bracket_tag
