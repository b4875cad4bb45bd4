"""The card catalog deckcheck loads at run time (`card_db/cards.json`) and name resolution against it.

`resolve()` turns what a player typed into exactly one card, or says why not: the name is unknown (with the
nearest names), it names a dream card outside the ICE pool, or it fits several versions that neither the
line's tag and set code nor the deck part and alignment tell apart (with the candidates). It never picks
silently among versions that differ.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from deckcheck.cards.model import CARD_FIELDS, Card
from deckcheck.cards.names import DREAM_SET_CODES, ICE_SET_CODES, TAG_ALIGNMENT, fold
from deckcheck.datafiles import data_dir, read_json
from deckcheck.errors import DataError

CARD_DB = data_dir("card_db")     # card_db/ at the top of the repository, shipped as package data

OK, UNKNOWN, AMBIGUOUS, NOT_ICE = "ok", "unknown", "ambiguous", "not-ice"

# The card alignments each deck alignment draws its versions from, most preferred first.
ALIGNMENT_PREFERENCE = {
    "wizard": (("Hero", "Neutral", "Dual"),),
    "ringwraith": (("Minion", "Neutral", "Dual"),),
    "balrog": (("Balrog",), ("Minion", "Neutral", "Dual")),
    # A Fallen-wizard may use hero and minion cards: only its own versions are preferred outright.
    "fallen-wizard": (("Fallen-wizard", "Stage"), ("Hero", "Minion", "Neutral", "Dual")),
}

# A Fallen-wizard's untagged site is its own version, else the hero one: "Most fallen-wizard companies use hero
# site cards when moving to non-Fallen-wizard sites" (MEWH, Sites; coe 2.II.7.F1: covert companies use hero sites).
FALLEN_WIZARD_SITE_PREFERENCE = (("Fallen-wizard",), ("Hero",))

# The card types a deck part holds, where the part says it (a site line is a site).
PART_TYPES = {
    "sites": ("Site", "Region"),
    "characters": ("Character",),
    "resources": ("Resource",),
    "hazards": ("Hazard",),
}


@dataclass
class Resolution:
    card: Card | None
    status: str                                   # ok | unknown | ambiguous | not-ice
    written: str = ""
    candidates: list[Card] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.status == OK


def same_card(a: Card, b: Card) -> bool:
    """Reprints: the same card printed in two sets (same name, alignment, type and subtypes)."""
    return (fold(a.name), a.alignment, a.type, a.subtypes) == (fold(b.name), b.alignment, b.type, b.subtypes)


def _distinct(cards: list[Card]) -> list[Card]:
    """One card per distinct version; a reprint is represented by its first printing."""
    out: list[Card] = []
    for card in cards:
        if not any(same_card(card, kept) for kept in out):
            out.append(card)
    return out


def _narrow(cards: list[Card], keep) -> list[Card]:
    """Keep the cards that pass `keep`, unless none does: a filter may only narrow, never empty the list."""
    kept = [c for c in cards if keep(c)]
    return kept or cards


class Catalog:
    """The cards, by id and by folded name. A card record becomes a `Card` the first time it is asked for:
    checking one deck touches some 80 of the 1,683 cards, and building them all would double the load time."""

    def __init__(self, records: list[dict], aliases: dict[str, str], source: dict | None = None):
        self.source = source or {}
        self._records = {r["id"].upper(): r for r in records}
        self._made: dict[str, Card] = {}
        self._ids_by_key: dict[str, list[str]] = {}
        for record in records:
            self._ids_by_key.setdefault(fold(record["name"]), []).append(record["id"].upper())
        # An alias maps a folded misspelling or client name to a card name or id.
        self._aliases = {fold(k): v for k, v in aliases.items()}
        self._names = sorted({r["name"] for r in records})
        self._folded_names: dict[str, str] | None = None

    def _card(self, card_id: str) -> Card:
        card = self._made.get(card_id)
        if card is None:
            card = self._made[card_id] = Card.from_json(self._records[card_id])
        return card

    @property
    def cards(self) -> list[Card]:
        """Every card, in set and number order."""
        return [self._card(card_id) for card_id in self._records]

    def __len__(self) -> int:
        return len(self._records)

    def by_id(self, card_id: str) -> Card | None:
        """A card by id, "TW-181", "tw-181" or "tw-0181" alike."""
        set_code, _, number = card_id.strip().upper().partition("-")
        # isdecimal, not isdigit ("tw-²"), and short: int() of thousands of digits raises
        key = f"{set_code}-{int(number)}" if number.isdecimal() and len(number) < 9 else card_id.strip().upper()
        return self._card(key) if key in self._records else None

    def by_name(self, name: str) -> list[Card]:
        """Every version of a name (folded: case, accents, apostrophes, spaces), aliases followed."""
        key = fold(name)
        if key in self._ids_by_key:
            return [self._card(card_id) for card_id in self._ids_by_key[key]]
        target = self._aliases.get(key)
        if target:
            card = self.by_id(target)
            return [card] if card else [self._card(i) for i in self._ids_by_key.get(fold(target), [])]
        return []

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The n nearest card names, for "did you mean"."""
        if self._folded_names is None:
            self._folded_names = {}
            for real in self._names:
                self._folded_names.setdefault(fold(real), real)
        keys = difflib.get_close_matches(fold(name), list(self._folded_names), n=n, cutoff=0.6)
        return [self._folded_names[k] for k in keys]

    def resolve(self, name: str, *, tag: str | None = None, set_code: str | None = None,
                part=None, alignment: str | None = None) -> Resolution:
        """Resolve a written name to one card, using the line's tag and set code and the deck's context."""
        written = name.strip()
        code = (set_code or "").strip().upper() or None
        if code in DREAM_SET_CODES:
            return Resolution(None, NOT_ICE, written,
                              message=f"{written} ({code}): a dream card, not in the ICE card pool")
        candidates = self.by_name(written)
        if not candidates:
            suggestions = self.suggest(written)
            hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
            return Resolution(None, UNKNOWN, written, suggestions=suggestions,
                              message=f"unknown card {written!r}{hint}")
        cards = self._narrow_by_context(candidates, tag, code, part, alignment)
        distinct = _distinct(cards)
        if len(distinct) == 1:
            return Resolution(distinct[0], OK, written)
        listed = "; ".join(f"{c.id} {c.display()}" for c in distinct)
        return Resolution(None, AMBIGUOUS, written, candidates=distinct,
                          message=f"{written!r} fits {len(distinct)} cards: {listed} — add a tag [H]/[M]/[F]/[B] "
                                  f"or a set code")

    @staticmethod
    def _narrow_by_context(cards: list[Card], tag, code, part, alignment) -> list[Card]:
        if code in ICE_SET_CODES:
            cards = _narrow(cards, (lambda c: c.promo) if code == "PR" else (lambda c: c.set == code))
        tag_alignment = TAG_ALIGNMENT.get((tag or "").strip("[]").upper())
        if tag_alignment:
            cards = _narrow(cards, lambda c: c.alignment == tag_alignment)
        part_name = getattr(part, "value", part)
        if part_name in PART_TYPES:
            cards = _narrow(cards, lambda c: c.type in PART_TYPES[part_name])
        elif part_name is not None:
            # Outside the location deck a site is the least likely reading of a name.
            cards = _narrow(cards, lambda c: c.type not in ("Site", "Region"))
        if not tag_alignment and alignment in ALIGNMENT_PREFERENCE:
            tiers = ALIGNMENT_PREFERENCE[alignment]
            if alignment == "fallen-wizard" and all(c.type == "Site" for c in cards):
                tiers = FALLEN_WIZARD_SITE_PREFERENCE
            for preferred in tiers:
                narrowed = [c for c in cards if c.alignment in preferred]
                if narrowed:
                    cards = narrowed
                    break
        return cards


_MISSING = "reinstall deckcheck (in a checkout: rebuild it with 'deckcheck cards import-coe')"


# The parts of card_db/schema.json that the code relies on, checked at every load (the full schema is
# checked by the tests and by the importer; jsonschema itself is too slow to import at every start).
_REQUIRED_TYPES = {"id": str, "set": str, "number": int, "name": str, "type": str, "subtypes": list,
                   "alignment": str}
_CARD_TYPES = frozenset({"Character", "Resource", "Hazard", "Site", "Region"})
_CARD_FIELDS = frozenset(CARD_FIELDS)


def _record_problem(record) -> str | None:
    if not isinstance(record, dict):
        return "not an object"
    for key, kind in _REQUIRED_TYPES.items():
        if not isinstance(record.get(key), kind):
            return f"{record.get('id', '?')}: {key!r} must be a {kind.__name__}"
    if record["type"] not in _CARD_TYPES:
        return f"{record['id']}: unknown type {record['type']!r}"
    unknown = record.keys() - _CARD_FIELDS
    if unknown:
        return f"{record['id']}: unknown field(s) {', '.join(sorted(unknown))}"
    return None


def load_catalog_from(directory: Path) -> Catalog:
    cards_path = directory / "cards.json"
    doc = read_json(cards_path, "card catalog", missing=_MISSING)
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise DataError("card catalog has no 'cards' list", str(cards_path))
    for index, record in enumerate(doc["cards"]):
        problem = _record_problem(record)
        if problem:
            raise DataError(f"card catalog record {index} does not fit card_db/schema.json: {problem}",
                                 str(cards_path))
    aliases_path = directory / "aliases.json"
    aliases = read_json(aliases_path, "card aliases") if aliases_path.is_file() else {}
    if not isinstance(aliases, dict):
        raise DataError("aliases must be a JSON object", str(aliases_path))
    aliases = {k: v for k, v in aliases.items() if not k.startswith("_")}
    return Catalog(doc["cards"], aliases, doc.get("source"))


@cache
def load_catalog(directory: str | None = None) -> Catalog:
    """The catalog of `card_db/` (or of `directory`), loaded once per process."""
    return load_catalog_from(Path(directory) if directory else CARD_DB)
