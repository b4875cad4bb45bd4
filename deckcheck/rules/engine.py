"""The legality engine: run every rule the ruleset switches on over a deck and collect a verdict.

Rule modules register themselves on import (registry.py); `load_rule_modules` imports every module of this
package, so a new rule family only has to add its file.
"""

from __future__ import annotations

import importlib
import os
from collections import Counter
from dataclasses import field
from functools import cache

from deckcheck.decklist.model import PART_ORDER, Deck
from deckcheck.decklist.pool_status import deck_status
from deckcheck.errors import DataError, DeckcheckError
from deckcheck.records import record
from deckcheck.rules.registry import ERROR, RULES, Context, Violation
from deckcheck.rules.ruleset import ALIGNMENTS, DEFAULT_RULESET, ICE_ALIGNMENTS, ICE_RULESET_NAMES, load_ruleset
from deckcheck.rules.versions import read_same_verdicts, read_versions, site_readings

# Package modules that hold no rules.
# The modules of deckcheck.rules that register no rule: load_rule_modules passes them over (collection.py adds
# collection-short to a verdict itself, for validate --collection and a batch's collection column).
_NOT_RULE_MODULES = {"registry", "engine", "ruleset", "common", "describe", "forms", "collection"}

# Card alignment of an avatar -> deck alignment.
AVATAR_ALIGNMENT = {"Hero": "wizard", "Minion": "ringwraith", "Fallen-wizard": "fallen-wizard",
                    "Balrog": "balrog", "Elf-lord": "elf-lord", "Dwarf-lord": "dwarf-lord",
                    "Dragon-lord": "dragon-lord"}

# Ways players and file formats name an alignment.
ALIGNMENT_WORDS = {
    "wizard": "wizard", "hero": "wizard", "ringwraith": "ringwraith", "minion": "ringwraith",
    "fallen-wizard": "fallen-wizard", "fallenwizard": "fallen-wizard", "fallen": "fallen-wizard",
    "fw": "fallen-wizard",
    "balrog": "balrog", "elf-lord": "elf-lord", "dwarf-lord": "dwarf-lord", "dragon-lord": "dragon-lord",
}


@cache
def load_rule_modules() -> None:
    """Import every rule module of deckcheck.rules so that all codes are registered (once per process), in
    name order as pkgutil.iter_modules gives them (registration order is the order rules run in)."""
    for name in rule_module_names():
        importlib.import_module(f"deckcheck.rules.{name}")


def rule_module_names() -> list[str]:
    """The rule modules of deckcheck.rules, by name. A listing of the package's folder where it is one (pkgutil,
    ~1.5 ms of every start, only where it is not: a zip)."""
    package = importlib.import_module("deckcheck.rules")
    folder = os.path.dirname(package.__file__ or "")
    if os.path.isdir(folder):
        names = sorted(entry.name.removesuffix(".py") for entry in os.scandir(folder)
                       if entry.name.endswith(".py") and entry.is_file())
    else:
        import pkgutil

        names = [info.name for info in pkgutil.iter_modules(package.__path__)]
    return [n for n in names if n not in _NOT_RULE_MODULES and not n.startswith("_")]


@record
class Verdict:
    """A deck judged under a ruleset and alignment: legal or not, every violation, the readings."""

    path: str
    legal: bool
    ruleset: str
    alignment: str
    alignment_reason: str
    length: int
    violations: list[Violation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)      # one line each, under the verdict's header
    readings: list = field(default_factory=list)        # decklist.model.Reading: lines read as another card
    # standard | dreamcard, and the dream cards' share per part (decklist/pool_status.py)
    status: dict = field(default_factory=lambda: {"status": "standard", "dream_cards": 0, "share": {}})

    def counts(self) -> Counter:
        return Counter(v.severity for v in self.violations)

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "legal": self.legal,
            "ruleset": self.ruleset,
            "alignment": self.alignment,
            "alignment_reason": self.alignment_reason,
            "length": self.length,
            "violations": [v.to_json() for v in self.violations],
            "notes": list(self.notes),
            "readings": [reading.to_json() for reading in self.readings],
            "status": self.status["status"],
            "dream_cards": self.status["dream_cards"],
            "dream_share": self.status["share"],
        }


def normalise_alignment(word: str | None) -> str | None:
    if not word:
        return None
    return ALIGNMENT_WORDS.get(word.strip().lower().replace(" ", "-").replace("_", "-"))


def infer_alignment(deck: Deck) -> tuple[str | None, str]:
    """The deck's alignment and why: declared by the file, else from its avatars, else from its cards."""
    declared = normalise_alignment(deck.alignment)
    if declared:
        reason = getattr(deck, "alignment_reason", None) or f"declared by the deck file ({deck.alignment})"
        return declared, reason.removeprefix(f"{declared}: ")   # the readers write "wizard: avatar ..."
    avatars = Counter()
    for entry in deck.entries:
        card = entry.card
        if card and card.avatar and card.alignment in AVATAR_ALIGNMENT:
            avatars[(AVATAR_ALIGNMENT[card.alignment], card.name)] += entry.count
    if avatars:
        by_alignment = Counter()
        for (alignment, _), n in avatars.items():
            by_alignment[alignment] += n
        alignment = max(by_alignment.items(), key=lambda item: item[1])[0]   # most_common(1), without heapq
        names = sorted({name for (a, name) in avatars if a == alignment})
        reason = f"inferred from the avatar{'s' if len(names) > 1 else ''} {', '.join(names)}"
        others = sorted({name for (a, name) in avatars if a != alignment})
        if others:
            reason += f" (also holds {', '.join(others)})"
        return alignment, reason
    return _infer_from_cards(deck)


def _infer_from_cards(deck: Deck) -> tuple[str | None, str]:
    """No avatar: count the version of each aligned card (Stage -> FW, Balrog sites/cards -> Balrog)."""
    votes = Counter()
    for entry in deck.entries:
        card = entry.card
        if not card:
            continue
        if card.alignment == "Stage" or card.alignment == "Fallen-wizard":
            votes["fallen-wizard"] += 3 * entry.count      # only a Fallen-wizard may hold these
        elif card.alignment == "Balrog":
            votes["balrog"] += 3 * entry.count
        elif card.alignment in ("Hero", "Minion"):
            votes[AVATAR_ALIGNMENT[card.alignment]] += entry.count
    if not votes:
        return None, "no avatar and no hero/minion cards to tell the alignment by"
    (best, n), *rest = votes.most_common()
    if rest and rest[0][1] == n:
        return None, f"no avatar, and as many {best} as {rest[0][0]} cards"
    summary = ", ".join(f"{k} {v}" for k, v in votes.most_common())
    return best, f"inferred from the card versions (no avatar): {summary}"


def active_rules(data: dict) -> list:
    """The registered rules the ruleset switches on, in registration order."""
    load_rule_modules()
    switches = data.get("rules", {})
    return [r for code, r in RULES.items() if switches.get(code) is True]


def run_rules(ctx: Context, *, skip: set[str] = frozenset()) -> list[Violation]:
    """Every violation the ruleset's rules find in the context's deck (but those of the codes in `skip`)."""
    violations: list[Violation] = []
    for registered in active_rules(ctx.data):
        if registered.code not in skip:
            violations.extend(registered.check(ctx))
    return violations


def validate(deck: Deck, *, ruleset: str = DEFAULT_RULESET, alignment: str | None = None,
             length: int = 2) -> Verdict:
    """Every violation of the deck under the ruleset, for the given (or the deck's own) alignment."""
    if length not in (1, 2, 3, 4):
        raise DeckcheckError(f"game length must be 1, 2, 3 or 4 (decks), not {length}", deck.path)
    if alignment:
        chosen = normalise_alignment(alignment)
        if chosen not in ALIGNMENTS:
            raise DeckcheckError(f"unknown alignment {alignment!r}; choose one of {', '.join(ALIGNMENTS)}")
        reason = "given on the command line"
    else:
        chosen, reason = infer_alignment(deck)
        if not chosen:
            raise DeckcheckError(f"cannot tell the deck's alignment ({reason}); give --alignment", deck.path)
    try:
        data = load_ruleset(ruleset, chosen)
    except DeckcheckError as exc:
        if exc.path is None:
            exc = DeckcheckError(exc.message, deck.path)
        raise exc from None
    # versions from the rules: untagged counts with one legal reading, ambiguous lines whose versions agree
    ctx = read_same_verdicts(read_versions(Context(deck=deck, ruleset=ruleset, alignment=chosen, length=length,
                                                   data=data)))
    violations = run_rules(ctx)
    violations.sort(key=violation_order)
    legal = not any(v.severity == ERROR for v in violations)
    read_as_several = [r.as_reading() for r in site_readings(ctx)]
    # a count read as several versions replaces the one version the alignment chose for its line (build.py)
    replaced = {r.line for r in read_as_several}
    readings = [r for r in deck.readings if not (r.kind == "version" and r.line in replaced)] + read_as_several
    return Verdict(path=deck.path, legal=legal, ruleset=ruleset, alignment=chosen, alignment_reason=reason,
                   length=length, violations=violations, readings=readings, status=deck_status(deck))


def note_other_ruleset(deck: Deck, verdict: Verdict) -> None:
    """An illegal deck that the other ruleset allows gets a note saying so: a player may have meant it."""
    if verdict.legal:
        return
    for other in ICE_RULESET_NAMES if verdict.ruleset in ICE_RULESET_NAMES else ():
        if other == verdict.ruleset:
            continue
        try:
            elsewhere = validate(deck, ruleset=other, alignment=verdict.alignment, length=verdict.length)
        except DataError:
            raise
        except DeckcheckError:
            continue        # the other ruleset has no rules for this alignment (rulebook Balrog)
        if elsewhere.legal:
            verdict.notes.append(f"legal under {other} rules (--rules {other})")


_PART_RANK = {part: i for i, part in enumerate(PART_ORDER)}


def violation_order(v: Violation) -> tuple:
    """Deck-wide violations first, then by deck part, then by first source line."""
    part_rank = -1 if v.part is None else _PART_RANK.get(v.part, len(PART_ORDER))
    first_line = min(v.lines) if v.lines else 0
    return (part_rank, first_line, v.code, v.card or "")


def validate_file(path: str, *, ruleset: str = DEFAULT_RULESET, alignment: str | None = None, length: int = 2,
                  input_format: str | None = None) -> tuple[Deck, Verdict]:
    """Read a decklist file and validate it; DeckcheckError when the file cannot be read or judged."""
    from deckcheck.decklist import read_deck

    deck = read_deck(path, input_format=input_format, alignment=alignment)
    return deck, validate(deck, ruleset=ruleset, alignment=alignment, length=length)


def all_formats(path: str, *, input_format: str | None = None) -> list[tuple[str, str, dict[int, Verdict | str]]]:
    """The deck under every ruleset × alignment × game length: rows of (ruleset, alignment, {length: cell}).

    The text is read once and parsed once per alignment, so that untagged names resolve to that alignment's
    versions."""
    from deckcheck.decklist import parse_text, read_deck_text
    from deckcheck.rules.ruleset import available

    text, _, name = read_deck_text(path)   # read once: standard input cannot be read again
    decks = {a: parse_text(text, path=name, input_format=input_format, alignment=a) for a in ICE_ALIGNMENTS}
    rows = []
    for ruleset in ICE_RULESET_NAMES:
        for alignment in ICE_ALIGNMENTS:
            if alignment not in available(ruleset):
                rows.append((ruleset, alignment, {n: "no rules" for n in range(1, 5)}))
                continue
            cells: dict[int, Verdict | str] = {
                n: validate(decks[alignment], ruleset=ruleset, alignment=alignment, length=n) for n in range(1, 5)}
            rows.append((ruleset, alignment, cells))
    return rows
