"""From what a reader found to a `Deck`: resolve every line against the catalog, merge repeats, check roles.

A card is counted as what the card data says it is: a resource written under a hazards header is a resource
(with a `misplaced-card` warning), and a mixed "Deck" list is sorted into characters, resources and hazards.
"""

from __future__ import annotations

from dataclasses import field

from deckcheck.cards.catalog import Resolution
from deckcheck.cards.model import CHARACTER, HAZARD, RESOURCE, SITE, Card
from deckcheck.cards.names import fold
from deckcheck.cards.set_codes import non_ice_set
from deckcheck.decklist.alignment import ALIGNMENTS, LineFacts, declared_alignment, facts_of_lines, infer_alignment
from deckcheck.decklist.lines import (
    KNOWN_TAGS,
    MAX_PROBLEMS,
    ReadResult,
    TooManyProblems,
    excerpt,
    trailing_remark,
)
from deckcheck.decklist.model import Deck, DeckEntry, Diagnostic, Part, RawLine, Reading
from deckcheck.errors import DeckcheckError
from deckcheck.records import record

ROLE_PART = {CHARACTER: Part.CHARACTERS, RESOURCE: Part.RESOURCES, HAZARD: Part.HAZARDS, SITE: Part.SITES}
ROLE_CHECKED = (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY, Part.SITES)
# Parts as module names: an Enum's member, looked up on its class (Part.PLAY), costs ~0.3 us, a global ~0.03 us,
# and _counted_part asks them of every line of every deck
_CHARACTERS, _RESOURCES, _HAZARDS, _PLAY, _SITES = ROLE_CHECKED
_HAZARDS_OR_PLAY = (_HAZARDS, _PLAY)
# A text naming more cards than this that are no card (distinct names, by exact look-up) is no decklist: it is
# refused before the near-miss search, which costs ~1 ms a name (a deck has a few misspelt names, not dozens).
MAX_UNKNOWN_NAMES = 40
# No card name is this long: a longer "name" (a line of a megabyte) is kept as an excerpt, so that messages,
# results and the nearest-name search never work on the whole of it.
MAX_NAME_CHARS = 80
PROBLEM_CODES = {"unknown": "unknown-card", "ambiguous": "ambiguous-card", "not-ice": "not-ice-card"}


def build_deck(result: ReadResult, path: str, *, alignment: str | None = None, catalog=None) -> Deck:
    if catalog is None:
        from deckcheck.cards.catalog import load_catalog
        catalog = load_catalog()
    facts = _facts_unless_no_decklist(result, path, catalog)
    deck = Deck(path=path, format=result.format, name=result.name, player=result.player,
                avatar=result.avatar, length=result.length, notes=result.notes,
                diagnostics=list(result.diagnostics))
    declared = _declared_alignment(result, deck)
    evidence, evidence_facts = _alignment_evidence(result.lines, facts, getattr(catalog, "pool_sets", frozenset()))
    deck.alignment, deck.alignment_reason, avatar = infer_alignment(
        evidence, catalog, declared=declared, override=alignment, facts=evidence_facts)
    deck.avatar = deck.avatar or avatar
    gathered = _read_lines(result, deck, catalog)
    for (part, card_id, written), lines in gathered.misplaced.items():
        deck.diagnostics.append(_misplaced_diagnostic(path, gathered.entries[(part, card_id)].card, part, written,
                                                      lines))
    deck.diagnostics.extend(_language_notes(path, gathered.languages))
    deck.diagnostics.extend(_avatars_in_pool(path, deck))
    if avatar and not result.avatar:
        # the avatar as the card is named ("The Witch-king"), not as typed ("The Witch King")
        named = next((e.card.name for e in deck.entries if e.card and e.card.avatar and e.written == avatar), None)
        deck.avatar = named or avatar
    return deck


def _alignment_evidence(lines: list[RawLine], facts: list[LineFacts],
                        pool_sets) -> tuple[list[RawLine], list[LineFacts]]:
    """The lines that tell the deck's alignment, and their facts: a card of a set outside the pool ("Gandalf (V1)"
    under ice) is no evidence of it (it is not-in-pool). The usual deck: all of them, the lists as they are."""
    kept = [i for i, line in enumerate(lines) if not line.set_code or not non_ice_set(line.set_code)
            or non_ice_set(line.set_code).code in pool_sets]
    if len(kept) == len(lines):
        return lines, facts
    return [lines[i] for i in kept], [facts[i] for i in kept]


def _declared_alignment(result: ReadResult, deck: Deck) -> str | None:
    """The alignment the file declares, or None (a declared word that names none is warned of)."""
    if result.alignment is None:
        return None
    declared = declared_alignment(result.alignment)
    if declared is None:
        deck.diagnostics.append(Diagnostic(
            deck.path, result.meta_lines.get("alignment", 1), "unknown-alignment",
            f"declared alignment {result.alignment!r} is not one of {', '.join(ALIGNMENTS)}; ignored", "warning"))
    return declared


@record(slots=True, eq=False)
class Gathered:
    """What the pass over a deck's lines gathers besides the deck's entries and messages."""

    entries: dict = field(default_factory=dict)      # LineOutcome.merge_key -> its DeckEntry
    resolved: dict = field(default_factory=dict)     # the deck's resolutions of a name in context
    misplaced: dict = field(default_factory=dict)    # (counted part, card id, written part) -> its lines
    languages: dict = field(default_factory=dict)    # another edition's names: language -> [(line, card)]
    chosen: set = field(default_factory=set)         # (written part, card id) of the versions the alignment chose


@record(slots=True, eq=False)
class LineOutcome:
    """What resolving a line and placing it decided."""

    card: Card | None
    problem: str | None                # unknown-card, ambiguous-card, ... when card is None
    resolution: Resolution | None      # None for a card named by its id
    part: Part                         # where the card counts (_counted_part)
    misplaced: bool                    # the file wrote it under another role's heading
    ruled_out: list | None             # the versions the deck's alignment chose against, the line naming none
    merge_key: tuple                   # the deck's entry the line counts in: its card (or name) and part
    untold: bool                       # a card named without a tag, set code or id: the name chose the version


# The catalog's memo of the outcomes of lines that said nothing (no message, no reading): a line that writes the
# same name, tag, set code and id in the same part of a deck of the same alignment has the same outcome, deck after
# deck (decks name the same cards; NetMECCG writes a line per copy). A line that says something is worked out
# every time, so that its messages name its own line.
QUIET_OUTCOMES = "quiet line outcomes"


def _read_lines(result: ReadResult, deck: Deck, catalog) -> Gathered:
    """Every line read into the deck's entries, in one pass: resolved, placed and merged with the lines before it
    that name the same card in the same part (the messages reading them says go to the deck)."""
    gathered = Gathered()
    quiet = catalog.memo(QUIET_OUTCOMES)
    for line in result.lines:
        if len(deck.diagnostics) > MAX_PROBLEMS:     # thousands of names that are no card: no decklist
            raise TooManyProblems(deck.diagnostics[0])
        _check_written(line, deck)
        placed_by_type = result.placed_by_type or line.placed_by_type
        if line.tentative:
            if line.line == result.title_line and not deck.name and not catalog.by_name(line.name):
                deck.name = line.text   # the first line of a pasted list, no card and no heading: its title
                continue
            outcome = _line_outcome(line, catalog, deck, gathered, placed_by_type)
            if outcome is None:
                continue   # a bare line outside any section that names no card: reported, not a card (_resolve)
        else:
            key = _outcome_key(line, placed_by_type, deck.alignment)
            outcome = quiet.get(key)
            if outcome is None:
                outcome = _line_outcome(line, catalog, deck, gathered, placed_by_type, quiet_as=key)
        card = outcome.card
        if outcome.ruled_out and (line.part, card.id) not in gathered.chosen:
            gathered.chosen.add((line.part, card.id))
            deck.readings.append(_version_reading(line, card, outcome.ruled_out, deck.alignment))
        if outcome.misplaced:
            gathered.misplaced.setdefault((outcome.part, card.id, line.part), []).append(line)
        _merge(line, outcome, gathered.entries, deck)
    return gathered


def _check_written(line: RawLine, deck: Deck) -> None:
    """A name too long to be a card's is cut to an excerpt; an unknown version tag is warned of."""
    if len(line.name) > MAX_NAME_CHARS:
        line.name = excerpt(line.name, MAX_NAME_CHARS)
    if line.tag and line.tag.upper() not in KNOWN_TAGS:
        message = f"unknown version tag [{excerpt(line.tag, 10)}] in {excerpt(line.text)!r}; ignored"
        deck.diagnostics.append(Diagnostic(deck.path, line.line, "unknown-tag", message, "warning"))


def _outcome_key(line: RawLine, placed_by_type: bool, alignment: str | None) -> tuple:
    """All that decides a line's outcome (_line_outcome) but where it is: what it writes, in which part, of a deck
    of which alignment."""
    return (line.name, line.tag, line.set_code, line.card_id, line.part, line.tag_implied, placed_by_type,
            alignment)


def _line_outcome(line: RawLine, catalog, deck: Deck, gathered: Gathered, placed_by_type: bool, *,
                  quiet_as: tuple | None = None) -> LineOutcome | None:
    """The line resolved and placed (None for a bare line that names no card); what it says goes to the deck.
    Kept in the catalog under `quiet_as` when it says nothing."""
    said = len(deck.diagnostics), len(deck.readings)
    card, problem, resolution = _resolve(line, catalog, deck, gathered.resolved)
    language = getattr(resolution, "language", None) if card is not None else None
    if language:
        gathered.languages.setdefault(language, []).append((line, card))
        if resolution.corrected is None:
            deck.readings.append(_language_reading(line, card, language))
    if card is None and line.tentative:
        return None
    part, is_misplaced = _counted_part(line, card, deck, placed_by_type=placed_by_type)
    ruled_out = resolution.other_versions if _version_chosen(card, resolution) else None
    merge_key = (part, card.id) if card else (part, fold(line.name), (line.tag or "").upper(), line.set_code)
    untold = card is not None and not line.tag and not line.set_code and not line.card_id
    outcome = LineOutcome(card, problem, resolution, part, is_misplaced, ruled_out, merge_key, untold)
    if quiet_as is not None and not language and said == (len(deck.diagnostics), len(deck.readings)):
        catalog.keep(QUIET_OUTCOMES, quiet_as, outcome)
    return outcome


def _merge(line: RawLine, outcome: LineOutcome, entries: dict, deck: Deck) -> None:
    """The line counted into the deck's entry for its card and part (a new entry for the first such line)."""
    entry = entries.get(outcome.merge_key)
    if entry is None:
        entries[outcome.merge_key] = entry = _new_entry(line, outcome)
        deck.entries.append(entry)
        return
    entry.untold_version = outcome.untold if entry.count == 0 else entry.untold_version and outcome.untold
    entry.count += line.count
    if line.line is not None:
        entry.lines.append(line.line)


def _new_entry(line: RawLine, outcome: LineOutcome) -> DeckEntry:
    """The entry a card's first line in a part opens, that line counted."""
    card, part, resolution = outcome.card, outcome.part, outcome.resolution
    # positional (part, count, written, lines, card, problem, candidates, suggestions, written_part, tag,
    # set_code, outside_sets, untold_version): a call by keywords costs twice as much, and most lines open an entry
    entry = DeckEntry(part, line.count, line.name, [] if line.line is None else [line.line], card, outcome.problem,
                      [], [], line.part if line.part != part else None, line.tag, line.set_code, (), outcome.untold)
    if resolution is not None and card is None:
        entry.candidates = list(resolution.candidates)
        entry.suggestions = list(resolution.suggestions)
        entry.outside_sets = tuple(getattr(resolution, "outside_sets", ()))
    return entry


class TooManyUnknownNames(DeckcheckError):
    """More than MAX_UNKNOWN_NAMES distinct names of the text are no card: no decklist, and not searched."""


def _facts_unless_no_decklist(result: ReadResult, path: str, catalog) -> list[LineFacts]:
    """The LineFacts of every line (for the alignment and this check: one look-up a line); TooManyUnknownNames as
    soon as more than MAX_UNKNOWN_NAMES names are no card that a look-up finds (not counted: a card id that is a
    card, a set code or a name of a card outside the pool, a remark after a card's name, a bare line outside any
    section), before any other work on a text that is no decklist."""
    facts = []
    unknown: dict[str, RawLine] = {}
    for line, said in zip(result.lines, facts_of_lines(result.lines, catalog)):
        facts.append(said)
        if line.tentative or said.named:
            continue
        key = fold(line.name)
        if key in unknown:
            continue
        unknown[key] = line
        if len(unknown) > MAX_UNKNOWN_NAMES:
            first = next(iter(unknown.values()))
            raise TooManyUnknownNames(
                f"more than {MAX_UNKNOWN_NAMES} of its names are no card (the first: {excerpt(first.name)!r}): "
                f"not a decklist, and not searched for misspelt names", path, first.line)
    return facts


def _avatars_in_pool(path: str, deck: Deck) -> list[Diagnostic]:
    """An avatar read into the pool is said where it is read ("Starting company: Aragorn II, Legolas" then
    "2x Gandalf": the lines after a label's own list stay under it), not left for the rules to find: a pool holds
    no avatar, so the player most likely meant the play deck."""
    return [Diagnostic(path, entry.lines[0] if entry.lines else None, "avatar-in-pool",
                       f"{entry.card.name} ×{entry.count} is an avatar, read into the pool under the heading above it; "
                       "a pool holds no avatar: put a heading such as 'Characters:' before it if it is the play "
                       "deck's", "warning")
            for entry in deck.entries if entry.part is Part.POOL and entry.card is not None and entry.card.avatar]


def _language_notes(path: str, languages: dict[str, list[tuple[RawLine, object]]]) -> list[Diagnostic]:
    """One note per language: names of another edition are read as their cards, and said so once."""
    if not languages:
        return []
    from deckcheck.cards.languages import LANGUAGES

    notes = []
    for code, found in languages.items():
        first, card = found[0]
        lines = f"{len(found)} line{'s' if len(found) > 1 else ''}"
        notes.append(Diagnostic(path, first.line, "card-language",
                                f"card names in {LANGUAGES.get(code, code)} ({code}) on {lines}, read as the "
                                f"cards they name (first: {first.name!r} = {card.name})", "warning"))
    return notes


def _version_chosen(card, resolution) -> bool:
    """The line named several versions and the deck's alignment chose one (a near miss or another edition's name
    is already a reading of its own, naming the card read)."""
    return (card is not None and resolution is not None and bool(getattr(resolution, "other_versions", None))
            and resolution.corrected is None and resolution.language is None)


def _version_reading(line: RawLine, card, others, alignment: str | None) -> Reading:
    """"'Goblin-gate' without [H]/[M] read as Goblin-gate [M] (LE), the version a ringwraith deck plays; not
    Goblin-gate [H] (TW)": the tag the list did not write, said, so a list that meant the other version sees it."""
    shown = ", ".join(other.display() for other in others)
    return Reading(line.line, line.name, card.name, card.id, "version",
                   f"{line.name!r} without [H]/[M] read as {card.display()}, the version a {alignment} deck plays; "
                   f"not {shown}")


def _language_reading(line: RawLine, card, code: str) -> Reading:
    from deckcheck.cards.languages import LANGUAGES

    return Reading(line.line, line.name, card.name, card.id, "language",
                   f"{line.name!r} is the {LANGUAGES.get(code, code)} ({code}) name of {card.name}")


def _resolve(line: RawLine, catalog, deck: Deck, cache: dict):
    """(card or None, problem code or None, Resolution or None); problems become diagnostics."""
    if line.card_id:
        card = catalog.by_id(line.card_id)
        if card and (fold(card.name) == fold(line.name) or card in catalog.by_name(line.name)):
            return card, None, None   # the id and its name, in any language of the card data
        if card is None:
            why = f"card id {line.card_id!r} is not in the catalog"
        else:
            why = f"card id {line.card_id!r} is {card.name!r} in the catalog, not {line.name!r}"
        deck.diagnostics.append(Diagnostic(deck.path, line.line, "card-id-mismatch",
                                           f"{why}; resolved by name", "warning"))
    resolution = _cached_resolution(line.name, line, catalog, deck, cache, correct=False)
    if line.tentative:
        return _resolve_tentative(line, deck, resolution)
    if resolution.card is None and line.tag_implied:
        untagged = RawLine(line.name, line.count, line.part, line.line, None, line.set_code, text=line.text)
        return _resolve(untagged, catalog, deck, cache)
    if resolution.status == "unknown":
        remark = _resolve_without_remark(line, catalog, deck, cache)
        if remark is not None:
            return remark.card, None, remark
        resolution = _cached_resolution(line.name, line, catalog, deck, cache, correct=True)
        if resolution.card is not None and resolution.corrected is not None:
            deck.diagnostics.append(Diagnostic(deck.path, line.line, "name-corrected",
                                               resolution.correction_text(), "warning"))
            deck.readings.append(Reading(line.line, line.name, resolution.card.name, resolution.card.id,
                                         "near-miss", resolution.correction_text()))
    if resolution.card is not None:
        return resolution.card, None, resolution
    code = PROBLEM_CODES.get(resolution.status, "unknown-card")
    message = resolution.message or f"{line.name!r} does not resolve ({resolution.status})"
    deck.diagnostics.append(Diagnostic(deck.path, line.line, code, message, "error"))
    return None, code, resolution


def _resolve_tentative(line: RawLine, deck: Deck, resolution: Resolution):
    """A bare name outside any section ("Aragorn II" above the first heading): a card when it names one exactly
    (any language), said with a missing-count warning; otherwise reported as a line not read, never dropped."""
    shown = excerpt(line.text)
    if resolution.card is not None:
        deck.diagnostics.append(Diagnostic(deck.path, line.line, "missing-count",
                                           f"no count in {shown!r}; read as 1 copy of {resolution.card.name}",
                                           "warning"))
        return resolution.card, None, resolution
    why = "names several cards" if resolution.status == "ambiguous" else "is no card name"
    deck.diagnostics.append(Diagnostic(deck.path, line.line, "not-a-card-line",
                                       f"{shown!r} is outside every section and {why}; not read (give it a "
                                       f"count, or put it under a heading, if it is a card)", "warning"))
    return None, None, resolution


def _cached_resolution(name: str, line: RawLine, catalog, deck: Deck, cache: dict, *, correct: bool) -> Resolution:
    """The catalog's resolution of a name in the line's context, once per deck (NetMECCG repeats every line)."""
    key = (fold(name), (line.tag or "").upper(), line.set_code, line.part, deck.alignment, correct)
    found = cache.get(key)
    if found is None:
        found = cache[key] = catalog.resolve(name, tag=line.tag, set_code=line.set_code, part=line.part,
                                             alignment=deck.alignment, correct=correct)
    return found


def _resolve_without_remark(line: RawLine, catalog, deck: Deck, cache: dict):
    """"The Arkenstone (vs. Dwarves)": when the whole name is unknown but the name before a trailing remark in
    parentheses is a card, that card (with a warning), else None. Names with parentheses resolve before this."""
    annotated = trailing_remark(line.name)
    if not annotated or not catalog.by_name(annotated[0]):   # by_name: no costly nearest-name search
        return None
    name, remark = annotated
    resolution = _cached_resolution(name, line, catalog, deck, cache, correct=False)
    if resolution.card is None:
        return None
    why = f"({remark}) after {name!r} read as a remark, not part of the card name"
    deck.diagnostics.append(Diagnostic(deck.path, line.line, "card-remark", why, "warning"))
    deck.readings.append(Reading(line.line, line.name, resolution.card.name, resolution.card.id, "remark", why))
    return resolution


def _counted_part(line: RawLine, card, deck: Deck, *, placed_by_type: bool = False) -> tuple[Part, bool]:
    """(the part a card counts in, whether the file put it under another role's header): what the card is
    decides, where the header said otherwise."""
    if card is None or line.part not in ROLE_CHECKED:
        return line.part, False
    role = ROLE_PART.get(card.type)
    if card.agent and line.part in _HAZARDS_OR_PLAY:
        # an agent is a character that opponents of its alignment play as a hazard
        if line.part == _HAZARDS or deck.alignment not in ("ringwraith", "balrog"):
            return _HAZARDS, False
    if role is None or role == line.part:
        return line.part, False
    if line.part == _PLAY and (role != _SITES or placed_by_type):
        return role, False   # a mixed "Deck" list (or a list with no headings) does not say roles; the card does
    if (line.part == _HAZARDS and card.playable_as_hazard) or (
            line.part == _RESOURCES and card.playable_as_resource):
        return line.part, False   # cards that may be played either way stay where the player put them
    return role, True


def _misplaced_diagnostic(path: str, card, part: Part, written: Part, lines: list[RawLine]) -> Diagnostic:
    """One warning per card and header, however many lines (NetMECCG writes a line per copy)."""
    where = "play deck" if written == Part.PLAY else written.value
    copies = sum(line.count for line in lines)
    numbers = [line.line for line in lines if line.line is not None]
    also = f" ({copies} copies, lines {', '.join(map(str, numbers))})" if len(numbers) > 1 else ""
    return Diagnostic(path, lines[0].line, "misplaced-card",
                      f"{card.display()} is a {card.type.lower()} but is listed under {where}{also}; "
                      f"counted as {part.value}", "warning")
