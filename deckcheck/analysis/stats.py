"""Deck statistics: composition, characters, marshalling points, creatures, site coverage, stage points.

`deck_stats(deck)` reads a resolved `Deck` (entries with their `Card`) and returns a `DeckStats` of plain
values that every report (text, json, html, xlsx) renders. No I/O here, no catalog: the deck's cards are
all the facts needed. Entries whose name did not resolve are counted in the composition as "unresolved"
and left out of everything that needs card facts.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass, field

from deckcheck.analysis.alignment import (
    deck_alignment,
    plays_as_hazard,
)
from deckcheck.analysis.deck_odds import default_conditions, odds_table
from deckcheck.analysis.playable import condition_of, describe, playable_sites, site_views
from deckcheck.analysis.scoring import half_rule_total, scored_mp
from deckcheck.cards.model import Card
from deckcheck.cards.play import PlayFacts, load_play_facts
from deckcheck.decklist.model import PART_ORDER, Deck, DeckEntry, Part

# Marshalling point categories in the order the rules list them (coe 10.3.ii).
MP_CATEGORIES = ("character", "item", "faction", "ally", "kill", "miscellaneous")

REGION_TYPES = {"w": "Wilderness", "s": "Shadow-land", "d": "Dark-domain", "b": "Border-land",
                "f": "Free-domain", "c": "Coastal Sea"}
SITE_TYPES = {"H": "Haven", "F": "Free-hold", "B": "Border-hold", "R": "Ruins & Lairs",
              "S": "Shadow-hold", "D": "Dark-hold"}
_SYMBOL = re.compile(r"\{(\w)\}")

UNRESOLVED = "unresolved"
# Odds curves of the reports: the opening hand and this many further draws.
DEFAULT_DRAWS = 10


@dataclass
class CharacterRow:
    name: str
    part: str
    count: int
    mind: int | None
    direct_influence: int | str | None
    skills: list[str]
    races: list[str]
    home_site: str | None
    mp: int | None
    avatar: bool


@dataclass
class MPRow:
    """One card's marshalling points as the deck's alignment scores them."""

    name: str
    part: str
    category: str
    count: int
    printed: str        # "3", "3(5)", "(2)"
    each: int           # scored per copy, printed value before any parentheses
    potential: int      # scored per copy with the parenthesised value (when stored, etc.)
    note: str = ""      # why the score differs from the print ("half: hero item", "Fallen-wizard: 1")


@dataclass
class MPCategory:
    category: str
    cards: int = 0
    points: int = 0
    potential: int = 0


@dataclass
class CreatureRow:
    name: str
    count: int
    keyed_to: str               # as printed: "{w}{s}{R}"
    region_types: list[str]     # ["Wilderness", "Shadow-land"] (repeats kept: {w}{w} needs two)
    site_types: list[str]       # ["Ruins & Lairs"]


@dataclass
class CoverageRow:
    """Where a resource of the deck can be played among the sites of the location deck."""

    name: str
    part: str
    count: int
    kind: str                   # item, faction, ally
    needs: str                  # "major item site", "Edoras", ...
    sites: list[str]
    checked: bool = True        # False where the card data does not say where it is played


@dataclass
class DeckStats:
    name: str
    path: str
    alignment: str | None
    parts: dict[str, int]                       # part -> cards
    play_deck_size: int
    types: dict[str, dict[str, int]]            # part -> {type -> cards}
    subtypes: dict[str, int]                    # play-deck resources and hazards: subtype -> cards
    alignments: dict[str, int]                  # card alignment -> cards (all parts but sites)
    characters: list[CharacterRow]
    pool_mind: int
    play_deck_mind: int
    mp_rows: list[MPRow]
    mp_categories: list[MPCategory]
    mp_total: int
    mp_potential: int
    mp_half_rule: int                           # mp_total after coe 10.3.iv: no source above half the total
    kill_points_offered: int                    # MP of our own hazards: kill points for the opponent
    creatures: list[CreatureRow]
    keyed_region_types: dict[str, int]          # region/site type -> creature copies keyed to it
    keyed_site_types: dict[str, int]
    sites: list[str]                            # the location deck, by name
    coverage: list[CoverageRow]
    stage_points_pool: int | None               # Fallen-wizard only
    stage_points_deck: int | None
    draw_odds: dict | None = None               # OddsTable.to_json() of the default groups
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return asdict(self)


# ---- alignment ------------------------------------------------------------------------------------------


# ---- composition ----------------------------------------------------------------------------------------


def entry_type(entry: DeckEntry) -> str:
    """The card's type (Character, Resource, Hazard, Site); for an unresolved name the part's, if it says."""
    by_part = {Part.CHARACTERS: "Character", Part.RESOURCES: "Resource", Part.HAZARDS: "Hazard"}
    if entry.card is not None:
        return entry.card.type
    return by_part.get(entry.part, UNRESOLVED)


def _parts(deck: Deck) -> dict[str, int]:
    return {p.value: deck.count(p) for p in PART_ORDER if deck.count(p)}


def _types(deck: Deck, alignment: str | None) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for part in PART_ORDER:
        tally: Counter[str] = Counter()
        for entry in deck.part(part):
            hazard_agent = entry.card is not None and entry.card.agent and plays_as_hazard(entry, alignment)
            tally["Hazard (agent)" if hazard_agent else entry_type(entry)] += entry.count
        if tally:
            out[part.value] = dict(tally.most_common())
    return out


def _subtypes(deck: Deck) -> dict[str, int]:
    tally: Counter[str] = Counter()
    for entry in deck.play_deck():
        if entry.card is None or entry.card.is_character:
            continue
        for subtype in entry.card.subtypes or ("(no subtype)",):
            tally[subtype] += entry.count
    return dict(tally.most_common())


def _alignments(deck: Deck) -> dict[str, int]:
    tally: Counter[str] = Counter()
    for entry in deck.entries:
        if entry.part != Part.SITES:
            tally[entry.card.alignment if entry.card else UNRESOLVED] += entry.count
    return dict(tally.most_common())


# ---- characters -----------------------------------------------------------------------------------------


def _characters(deck: Deck, alignment: str | None) -> list[CharacterRow]:
    rows = []
    for part in PART_ORDER:
        for entry in deck.part(part):
            card = entry.card
            if card is None or not card.is_character or plays_as_hazard(entry, alignment):
                continue
            rows.append(CharacterRow(
                name=card.display(), part=part.value, count=entry.count, mind=card.mind,
                direct_influence=card.direct_influence, skills=list(card.skills), races=list(card.races),
                home_site=card.home_site, mp=card.mp, avatar=card.avatar,
            ))
    return rows


def _mind(deck: Deck, parts: tuple[Part, ...], alignment: str | None) -> int:
    return sum((e.card.mind or 0) * e.count for e in deck.entries
               if e.part in parts and e.card is not None and e.card.is_character
               and not plays_as_hazard(e, alignment))


# ---- marshalling points ---------------------------------------------------------------------------------


def _printed_mp(card: Card) -> str:
    base = "" if card.mp is None else str(card.mp)
    alt = "" if card.mp_alt is None else f"({card.mp_alt})"
    return base + alt + ("*" if card.mp_star else "")


def _mp_rows(deck: Deck, alignment: str | None) -> list[MPRow]:
    """MP of the cards the player brings into play: pool and play-deck characters and resources.

    Hazards, and agents played as hazards, give no MP to the player who plays them (coe 10.4, 2.IV.vii.1);
    their MP are kill points for the opponent.
    """
    rows = []
    for entry in sorted(deck.entries, key=lambda e: PART_ORDER.index(e.part)):
        card = entry.card
        if card is None or plays_as_hazard(entry, alignment) or not (
                entry.part == Part.POOL or entry.part.in_play_deck):
            continue
        if card.mp is None and card.mp_alt is None:
            continue
        category = card.mp_category or ("character" if card.is_character else "miscellaneous")
        each, note = scored_mp(card, alignment, card.mp)
        potential, _ = scored_mp(card, alignment, card.mp_alt if card.mp_alt is not None else card.mp)
        rows.append(MPRow(card.display(), entry.part.value, category, entry.count, _printed_mp(card),
                          each, potential, note))
    return rows


def _mp_categories(rows: list[MPRow]) -> list[MPCategory]:
    cats = {c: MPCategory(c) for c in MP_CATEGORIES}
    for row in rows:
        cat = cats.setdefault(row.category, MPCategory(row.category))
        cat.cards += row.count
        cat.points += row.each * row.count
        cat.potential += row.potential * row.count
    return list(cats.values())


def _kill_points_offered(deck: Deck, alignment: str | None) -> int:
    return sum((e.card.mp or 0) * e.count for e in deck.play_deck()
               if e.card is not None and plays_as_hazard(e, alignment) and e.card.mp)


# ---- creatures ------------------------------------------------------------------------------------------


def keyed_symbols(keyed_to: str | None) -> tuple[list[str], list[str]]:
    """"{w}{w}{R}" -> (["Wilderness", "Wilderness"], ["Ruins & Lairs"])."""
    regions, sites = [], []
    for symbol in _SYMBOL.findall(keyed_to or ""):
        if symbol in REGION_TYPES:
            regions.append(REGION_TYPES[symbol])
        elif symbol in SITE_TYPES:
            sites.append(SITE_TYPES[symbol])
    return regions, sites


def _creatures(deck: Deck) -> list[CreatureRow]:
    rows = []
    for entry in deck.play_deck():
        card = entry.card
        if card is None or not card.is_creature or card.type != "Hazard":
            continue
        regions, sites = keyed_symbols(card.keyed_to)
        rows.append(CreatureRow(card.display(), entry.count, card.keyed_to or "", regions, sites))
    return rows


def _keyed_tally(creatures: list[CreatureRow], attribute: str, order: dict[str, str]) -> dict[str, int]:
    tally = {name: 0 for name in order.values()}
    for row in creatures:
        for name in set(getattr(row, attribute)):
            tally[name] += row.count
    return tally


# ---- site coverage --------------------------------------------------------------------------------------


def _location_sites(deck: Deck) -> list[Card]:
    return [e.card for e in deck.part(Part.SITES) if e.card is not None and e.card.is_site]


def _coverage(deck: Deck, sites: list[Card], alignment: str | None, facts: PlayFacts) -> list[CoverageRow]:
    """For each resource of the play deck and sideboards with a play condition: the location-deck sites where
    it can be played, as `deckcheck.analysis.playable` says (the simulation asks the same function).

    A resource whose condition names no site (a ring played after a test, an event played on a faction) or
    that the simulation cannot play (`unmodelled`) is listed, marked unchecked, with what it needs.
    """
    views = site_views(sites, facts)
    rows = []
    parts = (Part.CHARACTERS, Part.RESOURCES, Part.HAZARDS, Part.PLAY, Part.SIDEBOARD, Part.FW_SIDEBOARD)
    for entry in sorted(deck.entries, key=lambda e: PART_ORDER.index(e.part)):
        card = entry.card
        if card is None or entry.part not in parts or card.type != "Resource":
            continue
        condition = condition_of(card, facts)
        if condition is None:
            continue
        kind = "item" if card.is_item else "faction" if card.is_faction else "ally" if card.is_ally else "event"
        needs = describe(condition)
        checked = condition.modelled and bool(condition.at)
        if not condition.modelled:
            needs += f" (not modelled: {condition.unmodelled})"
        elif alignment == "fallen-wizard" and condition.taps_site and card.alignment in ("Hero", "Minion"):
            needs += f" ({card.alignment.lower()} or Fallen-wizard site, coe 2.V.F1)"
        matched = [sites[i].display() for i in playable_sites(card, condition, sites, views, alignment)]
        rows.append(CoverageRow(card.display(), entry.part.value, entry.count, kind, needs, matched, checked))
    return rows


def _coverage_warnings(rows: list[CoverageRow], sites: list[Card]) -> list[str]:
    if not sites:
        return ["the deck has no location deck: site coverage not checked"] if rows else []
    return [f"{row.name} ({row.part}): playable at none of the location deck's sites (needs {row.needs})"
            for row in rows if row.checked and not row.sites]


# ---- stage points ---------------------------------------------------------------------------------------


def _stage_points(deck: Deck, parts: tuple[Part, ...]) -> int:
    return sum((e.card.stage_points or 0) * e.count for e in deck.entries
               if e.part in parts and e.card is not None)


# ---- the whole ------------------------------------------------------------------------------------------


def deck_stats(deck: Deck, *, draws: int = DEFAULT_DRAWS, facts: PlayFacts | None = None) -> DeckStats:
    """All statistics of a deck; `draws` further cards after the opening hand for the odds curves.

    `facts` are the play facts of card_db/play.json (loaded once per process when not given)."""
    alignment = deck_alignment(deck)
    play_parts = tuple(p for p in Part if p.in_play_deck)
    mp_rows = _mp_rows(deck, alignment)
    categories = _mp_categories(mp_rows)
    creatures = _creatures(deck)
    sites = _location_sites(deck)
    coverage = _coverage(deck, sites, alignment, facts if facts is not None else load_play_facts())
    is_fw = alignment == "fallen-wizard"
    warnings = _coverage_warnings(coverage, sites)
    unresolved = sum(e.count for e in deck.entries if e.card is None)
    if unresolved:
        warnings.insert(0, f"{unresolved} card(s) did not resolve and are left out of the statistics")
    return DeckStats(
        name=deck.name or deck.path,
        path=deck.path,
        alignment=alignment,
        parts=_parts(deck),
        play_deck_size=sum(e.count for e in deck.play_deck()),
        types=_types(deck, alignment),
        subtypes=_subtypes(deck),
        alignments=_alignments(deck),
        characters=_characters(deck, alignment),
        pool_mind=_mind(deck, (Part.POOL,), alignment),
        play_deck_mind=_mind(deck, play_parts, alignment),
        mp_rows=mp_rows,
        mp_categories=categories,
        mp_total=sum(c.points for c in categories),
        mp_potential=sum(c.potential for c in categories),
        mp_half_rule=half_rule_total([c.points for c in categories]),
        kill_points_offered=_kill_points_offered(deck, alignment),
        creatures=creatures,
        keyed_region_types=_keyed_tally(creatures, "region_types", REGION_TYPES),
        keyed_site_types=_keyed_tally(creatures, "site_types", SITE_TYPES),
        sites=[s.display() for s in sites],
        coverage=coverage,
        stage_points_pool=_stage_points(deck, (Part.POOL,)) if is_fw else None,
        stage_points_deck=_stage_points(deck, (Part.POOL,) + play_parts) if is_fw else None,
        draw_odds=_default_odds(deck, draws),
        warnings=warnings,
    )


def _default_odds(deck: Deck, draws: int) -> dict | None:
    conditions = default_conditions(deck)
    if not conditions or not deck.play_deck():
        return None
    return odds_table(deck, conditions, draws=draws, joint=False).to_json()
