"""The parsed deck as people read it: metadata, then each part with its counts and source lines."""

from __future__ import annotations

import json

from deckcheck.cards.pools import STANDARD
from deckcheck.decklist.fingerprint import fingerprint
from deckcheck.decklist.model import PART_ORDER, Deck, DeckEntry, Part
from deckcheck.decklist.native import deck_to_data
from deckcheck.decklist.pool_status import deck_status, status_text
from deckcheck.decklist.writers import card_text
from deckcheck.terminal import printable, printable_json

PART_TITLES = {Part.POOL: "Pool", Part.CHARACTERS: "Characters", Part.RESOURCES: "Resources",
               Part.HAZARDS: "Hazards", Part.PLAY: "Play deck, role unknown", Part.SIDEBOARD: "Sideboard",
               Part.FW_SIDEBOARD: "Sideboard vs. Fallen-wizard", Part.SITES: "Sites"}


def render_text(deck: Deck) -> str:
    out = [f"{deck.path}  ({deck.format}{', ' + deck.encoding if deck.encoding else ''})"]
    for label, value in (("Name", deck.name), ("Player", deck.player), ("Avatar", deck.avatar),
                         ("Game length", deck.length)):
        if value is not None:
            out.append(f"{label}: {value}")
    out.append(f"Alignment: {deck.alignment_reason or deck.alignment or 'unknown'}")
    play = deck.play_deck()
    if play:
        roles = ", ".join(f"{p.value} {deck.count(p)}" for p in PART_ORDER if p.in_play_deck and deck.count(p))
        out.append(f"Play deck: {sum(e.count for e in play)} cards ({roles})")
    status = deck_status(deck)
    if status["status"] != STANDARD:      # a deck of ICE cards only says nothing more (show --output json does)
        out.append(f"Status: {status_text(status)}")
    out.append(f"Fingerprint: {fingerprint(deck).describe()}")
    for part in PART_ORDER:
        entries = deck.part(part)
        if not entries:
            continue
        out += ["", f"{PART_TITLES[part]} ({deck.count(part)})"]
        out += [_entry_line(e) for e in entries]
    # a decklist is untrusted text: its control characters (terminal escapes) are shown, not obeyed
    return printable("\n".join(out)) + "\n"


def _entry_line(entry: DeckEntry) -> str:
    notes = []
    if entry.problem:
        notes.append(entry.problem)
    if entry.written_part not in (None, entry.part, Part.PLAY):   # a mixed "Deck" list names no roles: no note
        notes.append(f"written under {entry.written_part.value}")
    where = f"line {', '.join(map(str, entry.lines))}" if entry.lines else ""
    if len(entry.lines) > 4:
        where = f"lines {entry.lines[0]}..{entry.lines[-1]} ({len(entry.lines)} lines)"
    elif len(entry.lines) > 1:
        where = f"lines {', '.join(map(str, entry.lines))}"
    extra = f"  [{'; '.join(notes)}]" if notes else ""
    return f"  {entry.count:>3}  {card_text(entry):<45} {where}{extra}".rstrip()


def render_json(deck: Deck) -> str:
    """The same shape as `convert --to json` (deck.schema.json), plus the fingerprint and the diagnostics."""
    data = deck_to_data(deck, with_diagnostics=True)
    data["fingerprint"] = fingerprint(deck).value
    data["status"] = deck_status(deck)
    return printable_json(json.dumps(data, ensure_ascii=False, indent=2)) + "\n"
