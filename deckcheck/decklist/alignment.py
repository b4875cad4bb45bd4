"""Which alignment a deck is played as: wizard, ringwraith, fallen-wizard or balrog (the ICE alignments), or
under the dreamcards pool one of the Lords GCCG's Dream Cards formats play: elf-lord, dwarf-lord, dragon-lord.

Decided before names are resolved, so that an untagged "Moria" or "Saruman" resolves to the version of the
deck's alignment. In order: what the caller says, what the file declares, the avatar in the deck (written in any
part, tagged or not), then the evidence a judge reads a deck by when its avatar is left out:

- cards only a Fallen-wizard plays (Stage resources, Fallen-wizard cards, the Wizardhavens);
- hero and minion resources together (only a Fallen-wizard may mix them);
- between a Ringwraith and a Balrog: cards specific to the Balrog and the Balrog's own sites against the cards the
  Balrog's rules ban (coe 1.3.B5: the Ringwraiths' own cards), and, with no card to tell, a location deck of
  Under-deeps sites;
- else the majority of cards whose name exists in only one alignment (or that carry a tag).

Hero and minion sites do not vote: NetMECCG location decks list a player's whole site collection, of every
alignment. The reason line says what decided.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import field
from functools import cache

from deckcheck.cards.names import TAG_ALIGNMENT
from deckcheck.cards.set_codes import non_ice_set, sets_of_name
from deckcheck.decklist.lines import fold, trailing_remark
from deckcheck.decklist.model import Part, RawLine
from deckcheck.records import record

ICE_DECK_ALIGNMENT = {"Hero": "wizard", "Minion": "ringwraith", "Fallen-wizard": "fallen-wizard", "Balrog": "balrog"}
# The Lords of the dream-card sets (FB, DF, GW): a card of one of these alignments is that Lord player's.
LORD_DECK_ALIGNMENT = {"Elf-lord": "elf-lord", "Dwarf-lord": "dwarf-lord", "Dragon-lord": "dragon-lord"}
DECK_ALIGNMENT = {**ICE_DECK_ALIGNMENT, **LORD_DECK_ALIGNMENT}
ICE_ALIGNMENTS = ("wizard", "ringwraith", "fallen-wizard", "balrog")
LORD_ALIGNMENTS = tuple(LORD_DECK_ALIGNMENT.values())
ALIGNMENTS = ICE_ALIGNMENTS + LORD_ALIGNMENTS
# Where the deck's own avatar is counted first; written elsewhere (a sideboard, under a wrong heading) it is still
# the avatar when the play deck and pool hold none.
AVATAR_PARTS = (Part.CHARACTERS, Part.PLAY, Part.POOL)
# Hazards do not vote: any player plays hazards of any printing (NetMECCG marks LE reprints "*").
VOTING_PARTS = (Part.POOL, Part.CHARACTERS, Part.RESOURCES, Part.PLAY)
_SITES = Part.SITES   # a global, not an Enum's member looked up on its class (~10x slower), asked of every line
# Only a Fallen-wizard may mix hero and minion resources: when the smaller side holds at least this share
# (and 3 copies), the deck is read as a Fallen-wizard deck.
FALLEN_MIX_SHARE = 0.2
# A location deck at least this share Under-deeps sites (and 3 of them) is a Balrog's, when no card tells.
UNDER_DEEPS_SHARE = 0.5


# What files and players write for the deck alignments (folded): "Hero", "Minion", "Fallen Wizard", "FW".
ALIGNMENT_WORDS = {"wizard": "wizard", "hero": "wizard", "heroes": "wizard", "ringwraith": "ringwraith",
                   "minion": "ringwraith", "minions": "ringwraith", "fallen wizard": "fallen-wizard",
                   "fw": "fallen-wizard", "fallen": "fallen-wizard", "balrog": "balrog",
                   "elf lord": "elf-lord", "dwarf lord": "dwarf-lord", "dragon lord": "dragon-lord"}


def declared_alignment(text: str) -> str | None:
    """The deck alignment a file's "Alignment:" value names, or None when it names none of them."""
    return ALIGNMENT_WORDS.get(fold(text))


# A Wizard's card is the avatar of a Wizard player and of a Fallen-wizard player alike.
WIZARD_KINDS = {"wizard", "fallen-wizard"}


def infer_alignment(lines: list[RawLine], catalog, *, declared: str | None = None, override: str | None = None,
                    facts: list[LineFacts] | None = None) -> tuple[str | None, str, str | None]:
    """(alignment or None, one-line reason, avatar name or None); `facts`: the lines' LineFacts, when the caller
    has them already.

    An alignment given or declared still leaves the avatar to find: a registrations sheet's alignment column or
    a JSON deck's "alignment" must not make the metagame, the batch and the sheet lose the deck's avatar."""
    if facts is None:
        facts = [line_facts(line, catalog) for line in lines]    # once per line, for both passes
    evidence = _gather(lines, facts)
    found = _from_avatar(lines, facts, catalog, evidence)
    if override or declared:
        chosen = override or declared
        avatar = found[2] if found and (found[0] == chosen or {found[0], chosen} == WIZARD_KINDS) else None
        return chosen, f"{chosen}: {'given by the caller' if override else 'declared by the file'}", avatar
    if found:
        return found
    decided = _from_evidence(evidence)
    if decided:
        return decided[0], f"{decided[0]}: no avatar found; {decided[1]}", None
    return None, "unknown: no avatar and no cards of a single alignment", None


@record
class Evidence:
    """What the lines say of the deck's alignment, besides its avatar: copies and a few names of each kind."""

    votes: Counter = field(default_factory=Counter)       # deck alignment -> copies of cards of that one only
    names: dict[str, list[str]] = field(default_factory=dict)   # kind of evidence -> names, as first written
    copies: Counter = field(default_factory=Counter)      # kind of evidence -> copies
    sites: int = 0                                        # site lines of the location deck

    def add(self, kind: str, line: RawLine) -> None:
        self.copies[kind] += line.count
        shown = self.names.setdefault(kind, [])
        if line.name not in shown:
            shown.append(line.name)

    def said(self, kind: str, what: str) -> str:
        """"3 Balrog-specific cards (Umagaur, Bolg, +1)": the copies and the first names of one kind."""
        names = self.names.get(kind, [])
        more = f", +{len(names) - 3}" if len(names) > 3 else ""
        return f"{self.copies[kind]} {what} ({', '.join(names[:3])}{more})"


# Kinds of evidence (Evidence.copies keys).
FALLEN_CARDS, FALLEN_SITES = "fallen-wizard cards", "wizardhavens"
BALROG_CARDS, BALROG_SITES, RINGWRAITH_CARDS, UNDER_DEEPS = "balrog cards", "balrog sites", "ringwraith cards", \
    "under-deeps"


def _from_evidence(evidence: Evidence) -> tuple[str, str] | None:
    """(alignment, what decided) from the cards and sites, or None when nothing tells."""
    votes, copies = evidence.votes, evidence.copies
    listed = ", ".join(f"{n} {a}" for a, n in votes.most_common())
    if copies[FALLEN_CARDS] or copies[FALLEN_SITES]:
        return "fallen-wizard", f"{_fallen_evidence(evidence)}, which only a Fallen-wizard plays" + (
            f" ({listed})" if listed else "")
    winner = _most_common(votes)[0] if votes else None
    mixed = winner in ("wizard", "ringwraith") and _mixed(votes)
    if winner in (None, "ringwraith") or mixed:
        # before the mix: hero items in a Balrog's deck are its mistake, Balrog-specific cards its identity
        balrog = _balrog_or_ringwraith(evidence)
        if balrog:
            return "balrog", balrog + (f" ({listed})" if listed else "")
    if mixed:
        return "fallen-wizard", f"hero and minion cards mixed ({listed}), as only a Fallen-wizard may"
    if winner is None:
        return None
    why = f"cards that exist in one alignment only: {listed}"
    against = copies[BALROG_CARDS] + copies[BALROG_SITES]
    if winner == "ringwraith" and against:
        why += f"; {copies[RINGWRAITH_CARDS]} Ringwraith cards the Balrog may not hold outweigh {against} Balrog ones"
    return winner, why


def _balrog_or_ringwraith(evidence: Evidence) -> str | None:
    """What makes a minion deck a Balrog's, or None: Balrog cards and sites outweigh the Ringwraiths' own cards (the
    Balrog's ban list); with no card of either, a location deck mostly of Under-deeps sites."""
    copies = evidence.copies
    balrog = copies[BALROG_CARDS] + copies[BALROG_SITES]
    if balrog and balrog > copies[RINGWRAITH_CARDS]:
        said = [evidence.said(kind, what) for kind, what in ((BALROG_CARDS, "Balrog-specific and Balrog cards"),
                                                             (BALROG_SITES, "Balrog sites")) if copies[kind]]
        if copies[RINGWRAITH_CARDS]:
            said.append(f"against {evidence.said(RINGWRAITH_CARDS, 'Ringwraith cards the Balrog may not hold')}")
        return "; ".join(said)
    deeps = len(evidence.names.get(UNDER_DEEPS, []))
    if not balrog and not copies[RINGWRAITH_CARDS] and deeps >= 3 and deeps >= UNDER_DEEPS_SHARE * evidence.sites:
        return (f"{deeps} of the {evidence.sites} sites of the location deck are Under-deeps sites "
                f"({', '.join(evidence.names[UNDER_DEEPS][:3])}, ...), as a Balrog's are")
    return None


def _most_common(counts: Counter) -> tuple:
    """counts.most_common(1)[0]: the first of the most counted, in the order counted (max keeps the first, as
    most_common does), without the heapq module most_common(1) imports."""
    return max(counts.items(), key=_count_of)


def _count_of(item: tuple) -> int:
    return item[1]


def _mixed(votes: Counter) -> bool:
    hero, minion = votes["wizard"], votes["ringwraith"]
    smaller = min(hero, minion)
    return smaller >= 3 and smaller >= FALLEN_MIX_SHARE * (hero + minion)


@cache
def _balrog_rules() -> tuple[frozenset[str], frozenset[str]]:
    """(ids of the cards the Balrog's rules ban, folded names of the five Balrog sites any player may hold): the
    Council of Elrond Balrog ruleset's lists (coe 1.3.B5, 1.4.1), read from the ruleset data, not restated."""
    from deckcheck.datafiles import data_folder, data_path, read_toml

    data = read_toml(data_path(data_folder("rulesets"), "coe", "balrog.toml"), "Balrog ruleset")
    lists = data.get("lists", {})
    banned = set(lists.get("banned", {}))
    for ids in lists.get("banned_families", {}).values():
        banned.update(ids)
    anyone = data.get("sites", {}).get("balrog_only", [])
    return frozenset(i.upper() for i in banned), frozenset(fold(n) for n in anyone)


def _card_alignments(line: RawLine, catalog) -> set[str]:
    """The deck alignments a line's card can belong to (tag and id first, then every version of its name)."""
    if line.card_id:
        card = catalog.by_id(line.card_id)
        if card:
            return {DECK_ALIGNMENT[card.alignment]} if card.alignment in DECK_ALIGNMENT else set()
    cards = [c for c in catalog.by_name(line.name) if c.type != "Hazard"]
    tag_alignment = TAG_ALIGNMENT.get((line.tag or "").upper())
    if tag_alignment and (not cards or any(c.alignment == tag_alignment for c in cards)):
        # a tag counts where the name has that version (NetMECCG's implicit H on a neutral card does not)
        return {DECK_ALIGNMENT[tag_alignment]} if cards else set()
    return {DECK_ALIGNMENT[c.alignment] for c in cards if c.alignment in DECK_ALIGNMENT}


def _evidence_kinds(line: RawLine, catalog) -> tuple[str, ...]:
    """The kinds of evidence a line is, when every version it may name is of that kind (an untagged "Moria" is
    no Balrog site: it may be the minion one)."""
    versions = [c for c in _versions(line, catalog) if c.type != "Hazard"]
    if not versions:
        return ()
    banned, anyone = _balrog_rules()
    if line.part == _SITES:
        if all(c.type != "Site" for c in versions):
            return ()
        if all(c.alignment == "Fallen-wizard" for c in versions):
            return (FALLEN_SITES,)
        if any(fold(c.name) in anyone for c in versions):
            return ()   # coe 1.4.1: any player may hold these five
        if all(c.alignment == "Balrog" for c in versions):
            return (BALROG_SITES,)
        return (UNDER_DEEPS,) if all(c.under_deeps for c in versions) else ()
    if all(c.avatar for c in versions):
        return ()   # the avatar decides before any evidence, of its own kind
    if all(c.alignment in ("Stage", "Fallen-wizard") for c in versions):
        return (FALLEN_CARDS,)
    if all(c.alignment == "Balrog" or c.specific == "Balrog" for c in versions):
        return (BALROG_CARDS,)
    if all(c.alignment == "Minion" and c.id.upper() in banned for c in versions):
        return (RINGWRAITH_CARDS,)
    return ()


def _line_key(line: RawLine) -> tuple:
    """What decides a line's facts: lines that agree on it are looked up once (NetMECCG repeats them)."""
    return line.name, (line.tag or "").upper(), line.set_code, line.card_id, line.part == _SITES


@record(frozen=True)
class LineFacts:
    """What the catalog says of a line's card versions, for telling the deck's alignment, and whether a look-up
    finds its card at all (a text of many names that are no card is no decklist: build.py)."""

    kinds: tuple[str, ...]         # _evidence_kinds
    alignments: frozenset[str]     # _card_alignments
    avatar: bool                   # some version is an avatar
    only_avatars: bool             # every version is
    named: bool                    # _names_a_card


# The catalog's memo of LineFacts, by _line_key.
FACTS = "alignment facts"


def line_facts(line: RawLine, catalog) -> LineFacts:
    """The line's LineFacts, worked out once per `_line_key` and catalog (decks name the same cards again and
    again; NetMECCG repeats every line)."""
    return catalog.remembered(FACTS, _line_key(line), _line_facts_made, line, catalog)


def facts_of_lines(lines: list[RawLine], catalog) -> Iterator[LineFacts]:
    """line_facts of each line, in order, the catalog's memo taken once for them all."""
    memo = catalog.memo(FACTS)
    for line in lines:
        key = _line_key(line)
        found = memo.get(key)
        yield found if found is not None else catalog.keep(FACTS, key, _line_facts_made(line, catalog))


def _line_facts_made(line: RawLine, catalog) -> LineFacts:
    versions = _versions(line, catalog)
    return LineFacts(_evidence_kinds(line, catalog), frozenset(_card_alignments(line, catalog)),
                     any(c.avatar for c in versions), all(c.avatar for c in versions), _names_a_card(line, catalog))


def _names_a_card(line: RawLine, catalog) -> bool:
    """Whether a look-up finds the line's card without the nearest-name search: a set code outside the pool, a card
    id that is a card, a card of the ICE pool by name, a set outside it by its name (not-in-pool), or a name before
    a remark."""
    if non_ice_set(line.set_code) is not None or (line.card_id and catalog.by_id(line.card_id)):
        return True
    if catalog.by_name(line.name) or sets_of_name(line.name):
        return True
    remark = trailing_remark(line.name)
    return bool(remark and catalog.by_name(remark[0]))


def _gather(lines: list[RawLine], facts_of_lines: list[LineFacts]) -> Evidence:
    evidence = Evidence()
    for line, facts in zip(lines, facts_of_lines):
        for kind in facts.kinds:
            evidence.add(kind, line)
        if line.part == _SITES:
            evidence.sites += 1
        if line.part not in VOTING_PARTS or facts.kinds in ((BALROG_CARDS,), (FALLEN_CARDS,)):
            continue   # a Balrog-specific minion card is a Balrog's, not a Ringwraith's vote
        if len(facts.alignments) == 1:
            evidence.votes[next(iter(facts.alignments))] += line.count
    return evidence


def _from_avatar(lines: list[RawLine], facts_of_lines: list[LineFacts], catalog,
                 evidence: Evidence) -> tuple[str, str, str] | None:
    """The alignment of the avatar with the most copies in the pool or play deck, else anywhere but the location
    deck (a list that writes its avatar only in the sideboard, or under a wrong heading)."""
    found = {True: Counter(), False: Counter()}        # in the play deck or pool -> avatar key -> copies
    first: dict[bool, dict[str, RawLine]] = {True: {}, False: {}}
    for line, facts in zip(lines, facts_of_lines):
        if line.part == _SITES:
            continue
        own_place = line.part in AVATAR_PARTS
        # elsewhere only a name that is an avatar in every version ("The Balrog" in a sideboard may be the ally)
        if facts.avatar and (own_place or facts.only_avatars):
            key = f"{line.name.lower()}|{(line.tag or '').upper()}|{line.card_id or ''}"
            found[own_place][key] += line.count
            first[own_place].setdefault(key, line)
    own_place = bool(found[True])
    copies = found[own_place]
    if not copies:
        return None
    key, n = _most_common(copies)
    line = first[own_place][key]
    possible = {a for a in line_facts(line, catalog).alignments if a in ALIGNMENTS}
    avatar_versions = {DECK_ALIGNMENT[c.alignment] for c in _versions(line, catalog)
                       if c.avatar and c.alignment in DECK_ALIGNMENT}   # no format for a Man-lord (TI)
    possible = (possible & avatar_versions) or avatar_versions or possible
    if len(possible) == 1:
        chosen = next(iter(possible))
    elif possible == {"wizard", "fallen-wizard"}:
        chosen = "fallen-wizard" if _fallen_evidence(evidence) else "wizard"
    else:
        return None
    shown_tag = f" [{line.tag}]" if line.tag and not line.tag_implied else ""
    written = line.name + shown_tag + (f" ({line.set_code})" if line.set_code else "")
    where = "play deck" if line.part.in_play_deck else line.part.value
    # a Wizard written without its tag is the Wizard's or the Fallen-wizard's: what made it the latter is said
    why = f", the Fallen-wizard's by {_fallen_evidence(evidence)}" if len(possible) > 1 and chosen != "wizard" else ""
    return chosen, f"{chosen}: avatar {written} ×{n} in the {where}{why}", line.name


def _fallen_evidence(evidence: Evidence) -> str | None:
    """What makes a deck a Fallen-wizard's rather than a Wizard's ("2 Stage cards (...)"), or None."""
    kinds = ((FALLEN_CARDS, "Fallen-wizard and Stage cards"), (FALLEN_SITES, "Fallen-wizard sites"))
    said = [evidence.said(kind, what) for kind, what in kinds if evidence.copies[kind]]
    if said:
        return "; ".join(said)
    if _mixed(evidence.votes):
        return "hero and minion cards mixed (" + ", ".join(f"{n} {a}" for a, n in evidence.votes.most_common()) + ")"
    return None


def _versions(line: RawLine, catalog) -> list:
    if line.card_id:
        card = catalog.by_id(line.card_id)
        if card:
            return [card]
    cards = catalog.by_name(line.name)
    tag_alignment = TAG_ALIGNMENT.get((line.tag or "").upper())
    if tag_alignment:
        cards = [c for c in cards if c.alignment == tag_alignment] or cards
    return cards

