"""The card catalog deckcheck loads at run time (`card_db/cards.json`) and name resolution against it.

`resolve()` turns what a player typed into exactly one card, or says why not: the name is unknown (with the
nearest names), it names a card of a dream-card or virtual set (its set code says so), or it fits several
versions that neither the line's tag and set code nor the deck part and alignment tell apart (with the
candidates). It never picks silently among versions that differ.

A name is looked up as the English name, then as a true alternative name (`card_db/aliases.json`), then as the
name of another edition (`card_db/names.json`, loaded only then); a name none of these know is read as the one
card it clearly misspells (`nearmiss.py`), and the resolution says so (`corrected`), or left unknown with the
nearest names of every language as suggestions.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import field
from functools import cache
from typing import TYPE_CHECKING, Any

from deckcheck.cards.catalog_index import INDEX_FILE, index_ids, index_names, read_index, record_of
from deckcheck.cards.model import CARD_FIELDS, Card
from deckcheck.cards.names import ICE_SET_CODES, TAG_ALIGNMENT, fold, ice_set_code
from deckcheck.cards.set_codes import non_ice_set, not_in_pool_by_name, not_in_pool_message, sets_of_name
from deckcheck.datafiles import REINSTALL, data_folder, data_path, is_file, read_json
from deckcheck.errors import DataError
from deckcheck.records import record

if TYPE_CHECKING:   # nearmiss is imported by the first unknown name (a deck without one never needs it)
    from importlib.resources.abc import Traversable

    from deckcheck.cards.nearmiss import NameEntry, NameMatcher, NearMiss

# card_db/ at the top of the repository, shipped as package data: its str path (or a Traversable, zipimport); join
# with datafiles.data_path, or pathlib.Path(CARD_DB) where a Path is wanted
CARD_DB = data_folder("card_db")

OK, UNKNOWN, AMBIGUOUS, NOT_ICE = "ok", "unknown", "ambiguous", "not-ice"

# The card alignments each deck alignment draws its versions from, most preferred first.
ALIGNMENT_PREFERENCE = {
    "wizard": (("Hero", "Neutral", "Dual"),),
    "ringwraith": (("Minion", "Neutral", "Dual"),),
    "balrog": (("Balrog",), ("Minion", "Neutral", "Dual")),
    # A Fallen-wizard may use hero and minion cards: only its own versions are preferred outright.
    "fallen-wizard": (("Fallen-wizard", "Stage"), ("Hero", "Minion", "Neutral", "Dual")),
    # GCCG's Lord formats play hero and minion cards as a Fallen-wizard does (Metw-dream.rules); the Dragon-lord's
    # are a Balrog's copy: minion cards only.
    "elf-lord": (("Elf-lord", "Stage"), ("Hero", "Minion", "Neutral", "Dual")),
    "dwarf-lord": (("Dwarf-lord", "Stage"), ("Hero", "Minion", "Neutral", "Dual")),
    "dragon-lord": (("Dragon-lord",), ("Minion", "Neutral", "Dual")),
}
# The alignments whose own versions exist only in the dream-card sets: for their decks an untagged name is the
# Lord's own version (FB's Elf-lord Rivendell) before the ICE card of that name.
LORD_VERSIONS = {"elf-lord": "Elf-lord", "dwarf-lord": "Dwarf-lord", "dragon-lord": "Dragon-lord"}

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


@record
class Resolution:
    """What a written name resolved to in its line's context: a card, or why none."""

    card: Card | None
    status: str                                   # ok | unknown | ambiguous | not-ice
    written: str = ""
    candidates: list[Card] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    message: str = ""
    corrected: NearMiss | None = None     # the near-miss the card was read as, when the name is no card's
    language: str | None = None           # the edition whose name was written, when not English
    # the other versions of the name that the line's tag, set code and part left open and the deck's alignment
    # ruled out: the card is the version that alignment plays ("Goblin-gate" in a Ringwraith's list), a choice
    other_versions: list[Card] = field(default_factory=list)
    # status not-ice: the codes of the sets outside the ICE pool the line names, by its set code or by its name
    outside_sets: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.status == OK

    def correction_text(self) -> str:
        """What a near-miss was read as: "'Glamdrng' read as 'Glamdring' (spelling)"."""
        miss = self.corrected
        if miss is None:
            return ""
        entry = miss.entry
        shown = entry.written if entry.written == entry.target else f"{entry.written} = {entry.target}"
        return f"{self.written!r} is no card name; read as {shown!r} ({miss.slip})"


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

    def __init__(self, records: list[dict], aliases: dict[str, str], source: dict | None = None,
                 directory=None, *, index: dict | None = None, pool_sets: frozenset[str] = frozenset()):
        """The catalog of cards.json's `records`, or of its quick-loading `index` (catalog_index.py) when given.
        `pool_sets`: the codes of the sets outside the ICE sets whose cards `records` hold too (cards/pools.py)."""
        self.source = source or {}
        self.pool_sets = pool_sets
        self.ice_catalog: Catalog | None = None    # a pool's: its ICE cards' catalog, for a tie of near misses
        self._made: dict[str, Card] = {}
        self._index = index
        if index is None:
            self._records = {r["id"].upper(): r for r in records}
            self._by_id: dict = self._records
            self._names_made: dict[str, str] | None = {card_id: r["name"] for card_id, r in self._records.items()}
            self._ids_by_key: dict[str, list[str]] = {}
            for record in records:
                self._ids_by_key.setdefault(fold(record["name"]), []).append(record["id"].upper())
        else:
            self._positions = self._by_id = index["by_id"]     # a Mapping, looked up in the index's sorted ids
            self._names_made = None       # made when asked (a deck whose names are all English never asks)
            self._ids_by_key = index["by_key"]
        # An alias maps a folded alternative name (a card renamed between printings) to a card name or id.
        self._aliases = {fold(k): (k, v) for k, v in aliases.items()}
        self._directory = directory                          # where names.json is, read on first need
        self._foreign: dict[str, dict[str, set[str]]] | None = None
        self._foreign_written: dict[str, str] = {}
        self._matcher: NameMatcher | None = None
        # Answers already given, by the name as written: a batch or a corpus asks the same names deck after deck.
        self._looked_up: dict[str, tuple[tuple[Card, ...], str | None]] = {}
        self._resolved: dict[tuple, Resolution] = {}
        self._by_written_id: dict[str, Card | None] = {}   # by_id's answers, by the id as written
        self._memos: dict[str, dict] = {}

    @property
    def _names(self) -> dict[str, str]:
        """card id -> English name, every card, in set and number order."""
        if self._names_made is None:
            self._names_made = dict(zip(index_ids(self._index), index_names(self._index)))
        return self._names_made

    def _card(self, card_id: str) -> Card:
        card = self._made.get(card_id)
        if card is None:
            card = self._made[card_id] = self._built(card_id)
        return card

    def _built(self, card_id: str) -> Card:
        if self._index is None:
            return Card.from_json(self._records[card_id])
        try:
            return Card.from_json(record_of(self._index, self._positions[card_id]))
        except (TypeError, ValueError, IndexError, KeyError) as exc:    # a hand-made index; the shipped one is checked
            raise DataError(f"card index record {card_id} is damaged ({exc}): rebuild it with 'deckcheck cards "
                            "import-coe', or delete it", str(data_path(self._directory, INDEX_FILE))) from None

    def records(self) -> list[dict]:
        """Every card's cards.json record, in set and number order (a pool's catalog is built of them)."""
        if self._index is None:
            return list(self._records.values())
        return [record_of(self._index, i) for i in range(len(self._positions))]

    @property
    def cards(self) -> list[Card]:
        """Every card, in set and number order."""
        return [self._card(card_id) for card_id in self._by_id]

    def __len__(self) -> int:
        return len(self._by_id)

    def by_id(self, card_id: str) -> Card | None:
        """A card by id, "TW-181", "tw-181" or "tw-0181" alike. Worked out once per id as written: the readers of
        formats that name cards by id (OCTGN, wigy) ask it of every line, and the index's ids are bisected."""
        try:
            return self._by_written_id[card_id]
        except KeyError:
            return _remember(self._by_written_id, card_id, self._by_id_worked_out(card_id))

    def _by_id_worked_out(self, card_id: str) -> Card | None:
        set_code, _, number = card_id.strip().upper().partition("-")
        # isdecimal, not isdigit ("tw-²"), and short: int() of thousands of digits raises
        key = f"{set_code}-{int(number)}" if number.isdecimal() and len(number) < 9 else card_id.strip().upper()
        return self._card(key) if key in self._by_id else None

    def by_name(self, name: str) -> list[Card]:
        """Every version of a name (folded: case, accents, apostrophes, spaces): English, an alternative name, or
        the name of another edition."""
        return self.lookup(name)[0]

    def by_english_name(self, name: str) -> list[Card]:
        """As by_name, but never the name of another edition: for the names deckcheck's own card data writes (a
        card's manifestation_of), which are English. Asking it a name that is no card's does not load every
        edition's names (names.json and its ~5 400 folds: more than half of a one-deck `validate`)."""
        found = self._english_or_alias(fold(name))
        return found[0] if found else []

    def lookup(self, name: str) -> tuple[list[Card], str | None]:
        """(every version of the name, the language it was found in: "en", "alias" or an edition's code)."""
        found = self._looked_up.get(name)
        if found is None:
            cards, language = self._lookup(name)
            found = _remember(self._looked_up, name, (tuple(cards), language))
        return list(found[0]), found[1]

    def _lookup(self, name: str) -> tuple[list[Card], str | None]:
        key = fold(name)
        english = self._english_or_alias(key)
        if english is not None:
            return english
        found = self.foreign_names().get(key) if key else None
        if found:
            cards = [card for english in sorted(found) for card in self._versions_of(english)]
            from deckcheck.cards.languages import LANGUAGES  # here: only a name of another edition needs it

            languages = sorted({code for codes in found.values() for code in codes}, key=list(LANGUAGES).index)
            return cards, languages[0]
        return [], None

    def _english_or_alias(self, key: str) -> tuple[list[Card], str] | None:
        """The versions of a folded English name ("en") or alternative name ("alias"), or None."""
        if key in self._ids_by_key:
            return [self._card(card_id) for card_id in self._ids_by_key[key]], "en"
        if key in self._aliases:
            return self._versions_of(self._aliases[key][1]), "alias"
        return None

    def _versions_of(self, target: str) -> list[Card]:
        """The cards an alias or another edition's name stands for: a card id, or every version of a name."""
        card = self.by_id(target)
        return [card] if card else [self._card(i) for i in self._ids_by_key.get(fold(target), [])]

    def foreign_names(self) -> dict[str, dict[str, set[str]]]:
        """folded name of another edition -> {English card name: {language codes}}. An English name always wins:
        another edition's name that folds like the English name of a card is left out."""
        if self._foreign is None:
            from deckcheck.cards.languages import load_names

            table = load_names(self._directory) if self._directory is not None else {}
            foreign: dict[str, dict[str, set[str]]] = {}
            written: dict[str, str] = {}      # folded -> as written, every spelling (the last of a fold wins)
            english_keys, aliases = self._ids_by_key, self._aliases
            for card_id, by_language in table.items():   # one pass, each spelling folded once
                english = self._names.get(card_id)
                for code, spellings in by_language.items():
                    for spelling in spellings:
                        key = fold(spelling)
                        written[key] = spelling
                        if english is not None and key and key not in english_keys and key not in aliases:
                            foreign.setdefault(key, {}).setdefault(english, set()).add(code)
            self._foreign = foreign
            self._foreign_written = written
        return self._foreign

    def name_in(self, card: Card, language: str | None) -> str:
        """The card's name in another edition ("es", "fr", ...), or its English name where that edition has
        none (for a reprint, the name of the printing that was translated)."""
        if not language or language == "en" or self._directory is None:
            return card.name
        from deckcheck.cards.languages import load_names

        table = load_names(self._directory)
        names = table.get(card.id, {}).get(language)
        if not names:
            names = next((table[i][language] for i in self._ids_by_key.get(fold(card.name), [])
                          if language in table.get(i, {})), None)
        return names[0] if names else card.name

    def matcher(self) -> NameMatcher:
        """The near-miss index over every name in every language (built on the first unknown name)."""
        if self._matcher is None:
            from deckcheck.cards.nearmiss import NameEntry, NameMatcher

            foreign = self.foreign_names()
            entries = [NameEntry.of(name, name, "en") for name in sorted(set(self._names.values()))]
            for written, target in sorted(self._aliases.values()):
                versions = self._versions_of(target)
                if versions:
                    entries.append(NameEntry.of(written, versions[0].name, "alias"))
            from deckcheck.cards.languages import LANGUAGES

            first = {code: order for order, code in enumerate(LANGUAGES)}.__getitem__
            for key, targets in sorted(foreign.items()):
                written = self._foreign_written.get(key, key)   # a spelling that folds to the key: no fold again
                for english, codes in sorted(targets.items()) if len(targets) > 1 else targets.items():
                    entries.append(NameEntry(key, written, english, min(codes, key=first)))
            self._matcher = NameMatcher(entries)
        return self._matcher

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The n nearest card names in any language, for "did you mean"."""
        return [_shown(miss.entry) for miss in self.matcher().match(name).close[:n]]

    def resolve(self, name: str, *, tag: str | None = None, set_code: str | None = None,
                part=None, alignment: str | None = None, correct: bool = True) -> Resolution:
        """Resolve a written name to one card, using the line's tag and set code and the deck's context. With
        `correct`, a name that is no card's is read as the one card it clearly misspells (see `corrected`).
        Worked out once per distinct name and context (the answer is shared: treat it as read-only)."""
        key = (name, tag, set_code, part, alignment, correct)
        found = self._resolved.get(key)
        if found is None:
            found = _remember(self._resolved, key, self._resolve(name, tag, set_code, part, alignment, correct))
        return found

    def remembered(self, table: str, key, make: Callable[..., Any], *args) -> Any:
        """`make(*args)`, worked out once per key of `table` and kept (bounded, as every answer of the catalog):
        for facts a reader derives from this catalog's cards alone, asked again deck after deck. Never None.
        (`make` and its arguments, not a closure: the readers ask it of every line, and most lines are answered.)"""
        memo = self._memos.get(table)      # self.memo(table), inlined: asked of every line of every deck
        if memo is None:
            memo = self._memos[table] = {}
        found = memo.get(key)
        if found is None:
            found = _remember(memo, key, make(*args))
        return found

    def memo(self, table: str) -> dict:
        """The answers `table` keeps (what `remembered` reads), for a caller that keeps only some answers: it reads
        them with .get, once per deck for all its lines, and adds one with `keep`. Read them, never change them."""
        memo = self._memos.get(table)
        if memo is None:
            memo = self._memos[table] = {}
        return memo

    def keep(self, table: str, key, answer) -> Any:
        """`answer` kept in `table` under `key` (bounded, as every answer of the catalog); the answer."""
        return _remember(self.memo(table), key, answer)

    def _resolve(self, name: str, tag, set_code, part, alignment, correct: bool) -> Resolution:
        from deckcheck.cards.pools import DREAMCARDS, not_in_pool_here

        written = name.strip()
        outside_set = non_ice_set(set_code)
        if outside_set and outside_set.code not in self.pool_sets:   # that set's card, never the ICE card's
            message = not_in_pool_message(written, set_code) if not self.pool_sets else \
                not_in_pool_here(written, set_code, DREAMCARDS)
            return Resolution(None, NOT_ICE, written, message=message, outside_sets=(outside_set.code,))
        code = ice_set_code(set_code) or (outside_set.code if outside_set else None)
        candidates, language = self.lookup(written)
        corrected = None
        outside = () if candidates else sets_of_name(written)
        if outside:     # no ICE card's name, but a dream or virtual card's: that card, not a near miss of one
            match = self.matcher().match(written)
            near = [match.best.entry.target] if match is not None and match.best is not None else []
            hint = f" (or the ICE card {near[0]!r} misspelt?)" if near else ""
            return Resolution(None, NOT_ICE, written, suggestions=near,
                              message=not_in_pool_by_name(written, outside) + hint,
                              outside_sets=tuple(s.code for s in outside))
        if not candidates:
            match = self.matcher().match(written) if correct else None
            if match is not None and match.best is None and self.ice_catalog is not None:
                # as near an ICE name as another set's (V3's "Long Grevious Siege"): the ICE card, said as any
                ice_match = self.ice_catalog.matcher().match(written)
                match = ice_match if ice_match is not None and ice_match.best is not None else match
            if outside_set and correct and not self._in_set(match, outside_set.code):
                return Resolution(None, NOT_ICE, written, outside_sets=(outside_set.code,),
                                  message=not_in_pool_here(written, set_code, DREAMCARDS))
            if match is None or match.best is None:
                suggestions = [_shown(m.entry) for m in match.suggestions] if match else []
                hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
                return Resolution(None, UNKNOWN, written, suggestions=suggestions,
                                  message=f"unknown card {written!r}{hint}")
            corrected = match.best
            candidates = self._versions_of(corrected.entry.target)
            language = corrected.entry.language
        language = None if language in ("en", "alias") else language
        by_line = _distinct(self._narrow_by_line(candidates, tag, code, part))
        # In a pool beyond ICE a name alone is the ICE card's where one has it; the other sets' cards are said.
        chosen_from = _narrow(by_line, lambda c: c.set in ICE_SET_CODES) if not code and self.pool_sets else by_line
        own = LORD_VERSIONS.get(alignment or "")
        if own and not TAG_ALIGNMENT.get((tag or "").strip("[]").upper()):
            chosen_from = _narrow(by_line, lambda c: c.alignment == own) if any(
                c.alignment == own for c in by_line) else chosen_from
        distinct = _distinct(self._narrow_by_alignment(chosen_from, tag, alignment))
        if len(distinct) == 1:
            others = [c for c in by_line if not same_card(c, distinct[0])]
            return Resolution(distinct[0], OK, written, corrected=corrected, language=language, other_versions=others)
        listed = "; ".join(f"{c.id} {c.display()}" for c in distinct)
        read = f" (read as {corrected.entry.target!r})" if corrected else ""
        return Resolution(None, AMBIGUOUS, written, candidates=distinct, corrected=corrected, language=language,
                          message=f"{written!r}{read} fits {len(distinct)} cards: {listed} — add a tag "
                                  f"[H]/[M]/[F]/[B] or a set code")

    def _in_set(self, match, code: str) -> bool:
        """The near miss names a card of the set `code`."""
        best = match.best if match is not None else None
        return best is not None and any(c.set == code for c in self._versions_of(best.entry.target))

    @staticmethod
    def _narrow_by_line(cards: list[Card], tag, code, part) -> list[Card]:
        """What the line itself says: its set code, its tag, the part it is written in."""
        if code:
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
        return cards

    @staticmethod
    def _narrow_by_alignment(cards: list[Card], tag, alignment) -> list[Card]:
        """What the deck's alignment plays, for a line with no tag: the version chosen (Resolution.other_versions)."""
        tag_alignment = TAG_ALIGNMENT.get((tag or "").strip("[]").upper())
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


# Distinct names (or name and context) a catalog remembers the answer for; past this the memo starts afresh, so
# that a text of a million distinct "names" costs no more memory than its lines do.
MEMO_LIMIT = 8192


def _remember(memo: dict, key, answer):
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = answer
    return answer


_MISSING = "reinstall deckcheck (in a checkout: rebuild it with 'deckcheck cards import-coe')"


# The parts of card_db/schema.json that the code relies on, checked at every load (the full schema is
# checked by the tests and by the importer; jsonschema itself is too slow to import at every start).
_REQUIRED_TYPES = {"id": str, "set": str, "number": int, "name": str, "type": str, "subtypes": list,
                   "alignment": str}
_CARD_TYPES = frozenset({"Character", "Resource", "Hazard", "Site", "Region"})
_CARD_FIELDS = frozenset(CARD_FIELDS)


def _shown(entry: NameEntry) -> str:
    """A name as a suggestion shows it: the English name, or another edition's name with the English one."""
    return entry.target if entry.language in ("en", "alias") else f"{entry.written} ({entry.target})"


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


def _records_fit(records: list) -> bool:
    """True when no record has a problem _record_problem would name: the same checks a field at a time over all
    the records (a third of the time of asking record by record, ~1.5 ms of every start). False only means
    "look record by record": a bool where an int is wanted fails here, not there."""
    if {type(record) for record in records} - {dict}:
        return False
    for key, kind in _REQUIRED_TYPES.items():
        if {type(record.get(key)) for record in records} - {kind}:
            return False
    if {record["type"] for record in records} - _CARD_TYPES:
        return False
    return not set().union(*(record.keys() for record in records)) - _CARD_FIELDS


# The files of the shipped card_db/ besides cards.json. A catalog folder of one's own (`cards import-coe -o`)
# may lack them (no aliases, English names only); in the installed package their absence is damage.
SHIPPED_FILES = {"aliases.json": "card aliases", "names.json": "card names"}


def load_catalog_from(directory: str | os.PathLike | Traversable, *, shipped: bool = False) -> Catalog:
    """The catalog of the folder `directory` (a str, an os.PathLike or a Traversable)."""
    if isinstance(directory, os.PathLike):
        directory = os.fspath(directory)
    cards_path = data_path(directory, "cards.json")
    if shipped:
        for name, what in SHIPPED_FILES.items():
            if not is_file(data_path(directory, name)):
                raise DataError(f"{what} missing: {REINSTALL}", str(data_path(directory, name)))
    index = read_index(directory) if isinstance(directory, str) else None
    aliases = _read_aliases(directory)
    if index is not None:
        return Catalog([], aliases, index.get("source"), directory=directory, index=index)
    doc = read_json(cards_path, "card catalog", missing=_MISSING)
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise DataError("card catalog has no 'cards' list", str(cards_path))
    if not _records_fit(doc["cards"]):
        for index, record in enumerate(doc["cards"]):
            problem = _record_problem(record)
            if problem:
                raise DataError(f"card catalog record {index} does not fit card_db/schema.json: {problem}",
                                str(cards_path))
    return Catalog(doc["cards"], aliases, doc.get("source"), directory=directory)


def _read_aliases(directory: str | os.PathLike | Traversable) -> dict[str, str]:
    aliases_path = data_path(directory, "aliases.json")
    aliases = read_json(aliases_path, "card aliases") if is_file(aliases_path) else {}
    if not isinstance(aliases, dict):
        raise DataError("aliases must be a JSON object", str(aliases_path))
    return {k: v for k, v in aliases.items() if not k.startswith("_")}


class _PoolCatalogs:
    """`load_catalog()`: the catalog of the card pool in force (cards/pools.py), or of the catalog folder
    `directory`; each loaded once per process. `load_catalog.cache_clear()` forgets them all (the tests)."""

    def __call__(self, directory: str | None = None) -> Catalog:
        from deckcheck.cards.pools import ICE, pool_catalog, pool_in_force

        if directory is None and pool_in_force() != ICE:
            return pool_catalog(pool_in_force())
        return _load_catalog(directory)

    @staticmethod
    def cache_clear() -> None:
        from deckcheck.cards import pools

        _load_catalog.cache_clear()
        pools.clear()


load_catalog = _PoolCatalogs()


@cache
def _load_catalog(directory: str | None = None) -> Catalog:
    """The catalog of `card_db/` (or of `directory`), loaded once per process."""
    return load_catalog_from(directory if directory else CARD_DB, shipped=directory is None)
