"""Draw odds for a real deck: which cards count for a condition, and the table `deckcheck odds` prints.

A condition is "at least k of these cards" (one named card, a labelled group, or a default group such as
all characters). Conditions are counted in the play deck only (characters, resources, hazards), opening
hand of 8 and each further draw. The joint row, "all conditions at once", is exact also when conditions
share a card (a Glamdring drawn counts for "Glamdring" and for "weapons"): see `odds.joint_overlapping_fraction`.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from deckcheck.analysis.alignment import deck_alignment, plays_as_hazard
from deckcheck.analysis.odds import OPENING_HAND, draw_curve, joint_overlapping_curve
from deckcheck.cards.lookup import split_written_name
from deckcheck.cards.names import fold
from deckcheck.decklist.model import Deck, DeckEntry
from deckcheck.errors import DeckcheckError

SCHEMA = "deckcheck/odds/1"

@dataclass
class Condition:
    label: str
    entries: list[DeckEntry]
    at_least: int = 1

    @property
    def copies(self) -> int:
        return sum(e.count for e in self.entries)

    def describe(self) -> str:
        at_least = f" >={self.at_least}" if self.at_least != 1 else ""
        return f"{self.label} ({self.copies}){at_least}"


@dataclass
class OddsTable:
    deck: str
    deck_size: int
    seen: list[int]                                  # cards seen: 8, 9, 10, ...
    rows: list[tuple[Condition, list[float]]]
    joint: list[float] | None = None
    notes: list[str] = field(default_factory=list)

    def to_document(self) -> dict:
        """What `odds --output json` prints (deckcheck/schemas/odds.schema.json)."""
        return {"schema": SCHEMA, **self.to_json()}

    def to_json(self) -> dict:
        return {
            "deck": self.deck,
            "play_deck_size": self.deck_size,
            "cards_seen": self.seen,
            "conditions": [
                {"label": c.label, "copies": c.copies, "at_least": c.at_least,
                 "cards": [_entry_name(e) for e in c.entries], "probabilities": probs}
                for c, probs in self.rows
            ],
            "all_together": self.joint,
            "notes": self.notes,
        }


def _entry_name(entry: DeckEntry) -> str:
    return entry.card.display() if entry.card else entry.written


# ---- default groups -------------------------------------------------------------------------------------

DEFAULT_GROUPS = (
    ("characters", lambda c: c.is_character and not c.avatar),     # less the agents played as hazards
    ("avatars", lambda c: c.avatar),
    ("items", lambda c: c.type == "Resource" and c.is_item),
    ("factions", lambda c: c.type == "Resource" and c.is_faction),
    ("allies", lambda c: c.type == "Resource" and c.is_ally),
    ("creatures", lambda c: c.type == "Hazard" and c.is_creature),
)


def default_conditions(deck: Deck) -> list[Condition]:
    """At least one of each non-empty group of DEFAULT_GROUPS (characters, items, creatures, ...).

    An agent the deck plays as a hazard (any agent of a Wizard or Balrog deck) is no character here."""
    alignment = deck_alignment(deck)
    conditions = []
    for label, belongs in DEFAULT_GROUPS:
        entries = [e for e in deck.play_deck() if e.card is not None and belongs(e.card)
                   and not (label == "characters" and plays_as_hazard(e, alignment))]
        if entries:
            conditions.append(Condition(label, entries))
    return conditions


# ---- named cards and groups -----------------------------------------------------------------------------


def card_condition(deck: Deck, name: str, at_least: int = 1) -> Condition:
    """The play-deck cards a player means by `name`; a DeckcheckError (exit 2) if the play deck has none."""
    entries = _entries_named(deck, name)
    return Condition(_base_name(entries[0]), entries, at_least)


def group_condition(deck: Deck, spec: str, at_least: int = 1) -> Condition:
    """"LABEL=CARD,CARD,..." -> one condition summing the copies of the cards."""
    label, sep, names = spec.partition("=")
    label = label.strip()
    wanted = [n for n in (part.strip() for part in names.split(",")) if n]
    if not sep or not label or not wanted:
        raise DeckcheckError(f"--group {spec!r}: write it as LABEL=CARD,CARD,...")
    entries: list[DeckEntry] = []
    for name in wanted:
        entries += [e for e in _entries_named(deck, name) if all(e is not seen for seen in entries)]
    return Condition(label, entries, at_least)


def _entries_named(deck: Deck, written: str) -> list[DeckEntry]:
    """The deck's cards first (by name as written or as printed; "[M]" or "(LE)" narrow), then the catalog's
    reading of the name (other spellings, aliases); a DeckcheckError naming the nearest deck cards if neither."""
    name, tag, set_code = split_written_name(written)
    key = fold(name)
    play = deck.play_deck()
    found = [e for e in play if key in (fold(e.written), fold(e.card.name) if e.card else None)
             and _fits(e, tag, set_code)]
    if found:
        return found
    card = catalog_card(name, tag, set_code, deck.alignment)
    if card is not None:
        found = [e for e in play if e.card is not None and fold(e.card.name) == fold(card.name)
                 and _fits(e, tag, set_code)]
        if found:
            return found
    elsewhere = [e for e in deck.entries if not e.part.in_play_deck and (
        key in (fold(e.written), fold(e.card.name) if e.card else None)
        or (card is not None and e.card is not None and fold(e.card.name) == fold(card.name)))]
    if elsewhere:
        where = ", ".join(sorted({PART_WORDS.get(e.part.value, e.part.value) for e in elsewhere}))
        raise DeckcheckError(f"{written.strip()!r} is in the {where}, not in the play deck: the odds are of drawing "
                             "it from the play deck", deck.path)
    raise DeckcheckError(f"{written.strip()!r} is not in the play deck{_suggest(name, play)}", deck.path)


PART_WORDS = {"pool": "pool", "sideboard": "sideboard", "fw-sideboard": "sideboard against a fallen-wizard",
              "sites": "location deck"}


def _fits(entry: DeckEntry, tag: str | None, set_code: str | None) -> bool:
    if entry.card is None:
        return tag is None and set_code is None
    return (tag is None or entry.card.tag == tag) and (set_code is None or entry.card.set == set_code)


def catalog_card(name: str, tag: str | None, set_code: str | None, alignment: str | None):
    """The catalog's reading of a name (aliases, other spellings, other languages); None when the catalog is
    unavailable. A name typed on the command line is not guessed at: a misspelling gets suggestions instead."""
    try:
        from deckcheck.cards.catalog import load_catalog

        resolution = load_catalog().resolve(name, tag=tag, set_code=set_code, alignment=alignment, correct=False)
    except (ImportError, DeckcheckError):
        return None
    if resolution.card is not None:
        return resolution.card
    return resolution.candidates[0] if resolution.candidates else None


def _suggest(name: str, play: list[DeckEntry]) -> str:
    names = {fold(_base_name(e)): _base_name(e) for e in play}
    close = difflib.get_close_matches(fold(name), list(names), n=3, cutoff=0.6)
    return f"; did you mean: {', '.join(names[c] for c in close)}?" if close else ""


def _base_name(entry: DeckEntry) -> str:
    return entry.card.name if entry.card else entry.written


# ---- the table ------------------------------------------------------------------------------------------


def odds_table(deck: Deck, conditions: list[Condition], *, draws: int = 0,
               hand: int = OPENING_HAND, joint: bool = True) -> OddsTable:
    """P(condition) for each condition, and (with `joint`) for all of them at once, after each draw."""
    size = sum(e.count for e in deck.play_deck())
    if size == 0:
        raise DeckcheckError("no play deck (characters, resources, hazards) to draw from", deck.path)
    rows = []
    seen: list[int] = []
    for condition in conditions:
        curve = draw_curve([(condition.copies, condition.at_least)], size, hand, draws)
        seen = [n for n, _ in curve]
        rows.append((condition, [p for _, p in curve]))
    table = OddsTable(deck.name or deck.path, size, seen, rows)
    for condition in conditions:
        if condition.copies < condition.at_least:   # 0% for a reason: said, not left for the reader to guess
            copies = f"{condition.copies} cop{'y' if condition.copies == 1 else 'ies'}"
            table.notes.append(f"{condition.label} has {copies} in the play deck: at least {condition.at_least} "
                               "can never be drawn (0%)")
    if joint and len(conditions) > 1:
        shared = _shared_cards(conditions)
        if shared:
            table.notes.append(f"{', '.join(shared)} counted in more than one condition (once in the hand)")
            needs = [c.at_least for c in conditions]
            table.joint = [float(p) for p in joint_overlapping_curve(_atoms(conditions), needs, size, seen)]
        else:
            requirements = [(c.copies, c.at_least) for c in conditions]
            table.joint = [p for _, p in draw_curve(requirements, size, hand, draws)]
    return table


def _atoms(conditions: list[Condition]) -> list[tuple[int, frozenset[int]]]:
    """The conditions' cards cut into disjoint atoms: (copies, indexes of the conditions they count for)."""
    members: dict[int, set[int]] = {}
    entries: dict[int, DeckEntry] = {}
    for index, condition in enumerate(conditions):
        for entry in condition.entries:
            members.setdefault(id(entry), set()).add(index)
            entries[id(entry)] = entry
    return [(entries[key].count, frozenset(indexes)) for key, indexes in members.items()]


def _shared_cards(conditions: list[Condition]) -> list[str]:
    owners: dict[int, int] = {}
    shared = []
    for index, condition in enumerate(conditions):
        for entry in condition.entries:
            if owners.setdefault(id(entry), index) != index and _entry_name(entry) not in shared:
                shared.append(_entry_name(entry))
    return shared


def format_odds(table: OddsTable) -> str:
    """The text table: one row per condition, one column per number of cards seen."""
    label_width = max([len(c.describe()) for c, _ in table.rows] + [len("all of the above"), 12]) + 2
    needed = {c.at_least for c, _ in table.rows}
    title = f"P(at least {needed.pop()})" if len(needed) == 1 else "P(at least k)"
    head = title.ljust(label_width) + "".join(f"{n:>8}" for n in table.seen)
    lines = [f"{table.deck}: play deck of {table.deck_size} cards, opening hand of {OPENING_HAND}",
             "", "cards seen".rjust(label_width + 8 * len(table.seen)), head]
    for condition, probs in table.rows:
        lines.append(_row(condition.describe(), label_width, probs))
    if table.joint is not None:
        lines.append(_row("all of the above", label_width, table.joint))
    lines += [f"note: {note}" for note in table.notes]
    return "\n".join(lines)


def _row(label: str, width: int, probs: list[float]) -> str:
    return label.ljust(width) + "".join(f"{_percent(p):>8}" for p in probs)


def _percent(p: float) -> str:
    return f"{100 * p:.1f}%"
