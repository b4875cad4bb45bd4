"""One deck model for every decklist format.

A reader turns a file into `RawLine`s (what the player wrote, where) and the builder resolves them
against the card catalog into `DeckEntry`s, merging repeated lines of the same card in the same part.
"""

from __future__ import annotations

from dataclasses import field
from enum import Enum

from deckcheck.cards.model import Card
from deckcheck.records import record
from deckcheck.terminal import printable


class Part(str, Enum):  # noqa: UP042 - str mixin keeps Part("pool") and JSON output as they are
    """Where a card sits in the deck. PLAY is a play-deck line whose header did not say its role."""

    POOL = "pool"                  # CoE pool / rulebook starting company (characters, minor items, stage cards)
    CHARACTERS = "characters"      # play deck
    RESOURCES = "resources"        # play deck
    HAZARDS = "hazards"            # play deck
    PLAY = "play"                  # play deck, role not given by the file (a mixed "Deck" list)
    SIDEBOARD = "sideboard"
    FW_SIDEBOARD = "fw-sideboard"  # CoE 1.6.1: extra sideboard used only against a Fallen-wizard
    SITES = "sites"                # location deck

    in_play_deck: bool   # set below for each part: an attribute, not a property (asked of every entry, rule
                         # after rule)


for _part in Part:
    _part.in_play_deck = _part in (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY)


# What a reader makes of a section whose lines are prose, not cards (a deck's notes): no Part.
NOTES = "notes"

# Order in which parts are shown and violations are sorted.
PART_ORDER = [Part.POOL, Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY,
              Part.SIDEBOARD, Part.FW_SIDEBOARD, Part.SITES]


@record(frozen=True)
class Diagnostic:
    """A problem found while reading a decklist (not a legality verdict)."""

    path: str
    line: int | None
    code: str            # e.g. "unknown-card", "ambiguous-card", "bad-count", "unknown-section", "misplaced-card"
    message: str
    severity: str = "error"   # error | warning

    def one_line(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return printable(f"{where}: {self.severity}: {self.message} [{self.code}]")


# What made a line name a card other than the name it writes: a misspelling read as the card it nearly spells, a
# remark in parentheses cut off, a name of another edition, a version chosen for an untagged name.
READING_KINDS = ("near-miss", "remark", "language", "version")


@record(frozen=True)
class Reading:
    """A line read as a card other than what it writes: part of the verdict, said with it (text, JSON, -q)."""

    line: int | None
    written: str          # the name as the line writes it
    card: str             # the card it was read as, as the catalog names it
    card_id: str | None
    kind: str             # one of READING_KINDS
    why: str              # one line: "'Glamdrng' is no card name; read as 'Glamdring' (spelling)"

    def to_json(self) -> dict:
        return {"line": self.line, "written": self.written, "card": self.card, "card_id": self.card_id,
                "kind": self.kind, "why": self.why}


@record(slots=True)    # slots: a reader makes one of every line of every deck, and the builder reads them all
class RawLine:
    """One card line as the player wrote it, before the catalog is consulted."""

    name: str                      # the name text without count, tag or set code
    count: int
    part: Part
    line: int | None               # 1-based source line; None where the format has no lines (JSON)
    tag: str | None = None         # H M F B from "[H]" or a NetMECCG suffix (* -> M, @ -> F, % -> B)
    set_code: str | None = None    # "TW", or a dream-card code ("DF") which is reported, not resolved
    card_id: str | None = None     # where the format names the card by id ("tw-181")
    text: str = ""                 # the whole source line, for messages
    tag_implied: bool = False      # the format implies the tag (NetMECCG: no suffix = hero); dropped if it misleads
    placed_by_type: bool = False   # written under no heading: the card goes where what it is says, sites included
    tentative: bool = False        # a bare name outside any section: a card only if the name is one, else reported


@record(slots=True)    # slots: an entry for nearly every line, read by every rule
class DeckEntry:
    """A card of the deck: all lines naming the same card in the same part, merged."""

    part: Part
    count: int
    written: str                       # the name as first written
    lines: list[int] = field(default_factory=list)
    card: Card | None = None           # None when the name did not resolve
    problem: str | None = None         # "unknown-card" or "ambiguous-card" when card is None
    candidates: list[Card] = field(default_factory=list)   # for ambiguous names
    suggestions: list[str] = field(default_factory=list)   # nearest names for unknown ones
    written_part: Part | None = None   # the part of the file it was written under, when not `part`
    tag: str | None = None             # the version tag as written ([H], NetMECCG "*"), kept for unresolved names
    set_code: str | None = None        # the set code as written, kept for unresolved names
    # problem not-ice-card: the codes of the sets outside the ICE card pool the line names (by its set code, or
    # by its name when no ICE card has that name: "Thorin" of Durin's Folk)
    outside_sets: tuple[str, ...] = ()
    # every line written with no tag, set code or card id: the name alone chose the version (rules/versions.py)
    untold_version: bool = False

    @property
    def role(self) -> str | None:
        """What the card is, from the card data: Character, Resource, Hazard, Site or Region."""
        return self.card.type if self.card else None


@record
class Deck:
    """A decklist as read: its entries by part, what the file declares, and what reading it found."""

    path: str
    format: str = ""
    name: str | None = None
    player: str | None = None
    alignment: str | None = None       # wizard, ringwraith, fallen-wizard, balrog (declared by the file)
    avatar: str | None = None
    length: int | None = None          # game length the file declares, 1-4
    entries: list[DeckEntry] = field(default_factory=list)
    notes: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    alignment_reason: str | None = None   # one line: why `alignment` was chosen (declared, avatar, majority)
    encoding: str | None = None           # the text encoding the file was read in
    readings: list[Reading] = field(default_factory=list)   # lines read as a card other than what they write

    def part(self, part: Part) -> list[DeckEntry]:
        return [e for e in self.entries if e.part == part]

    def play_deck(self) -> list[DeckEntry]:
        return [e for e in self.entries if e.part.in_play_deck]

    def count(self, part: Part) -> int:
        return sum(e.count for e in self.entries if e.part == part)
