"""Per-deck tables for the simulated-turn engine, computed once before any game is played.

The engine plays thousands of games, so everything it looks up during a turn is an integer, a set or a tuple
indexed by a *kind* (one distinct card of the play deck or pool) or by a *site* (one card of the location
deck). Card facts come from the catalog's `Card` and from the play facts of `card_db/play.json`: where each
resource is played is decided by `deckcheck.analysis.playable`, the function `stats` site coverage uses too.
Nothing here knows about rolls or turns.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from itertools import combinations

from deckcheck.analysis.alignment import deck_alignment as declared_or_avatar_alignment
from deckcheck.analysis.playable import condition_of, describe, place_fits, playable_sites, site_views
from deckcheck.analysis.scoring import scored_mp
from deckcheck.cards.model import CHARACTER, HAZARD, RESOURCE, SITE, Card, leading_int
from deckcheck.cards.names import fold
from deckcheck.cards.play import ANY, ORGANIZATION, TAPPED, PlayCondition, PlayFacts, RingTester, load_play_facts
from deckcheck.decklist.model import Deck, Part

# What a play-deck card does in the simulation.
ROLE_CHARACTER, ROLE_ITEM, ROLE_FACTION, ROLE_ALLY, ROLE_EVENT, ROLE_HAZARD = range(6)

# Marshalling point categories (card data `mp_category`); "kill" is never scored by the goldfish.
MP_CATEGORIES = ("character", "item", "faction", "ally", "kill", "miscellaneous")

# When a resource is played: in its company's site phase, in the organization phase, or not as a resource
# with a condition (characters, hazards, events worth no MP).
PHASE_NONE, PHASE_SITE, PHASE_ORGANIZATION = range(3)
# The state the site must be in (coe 2.V.1; "tapped or untapped"; "already tapped").
NEED_UNTAPPED, NEED_ANY, NEED_TAPPED = range(3)
# What a resource is played on, besides a character.
ON_NONE, ON_FACTION, ON_UNIQUE_FACTION, ON_PALANTIR, ON_ITEM = range(5)
# The company a resource asks for (glossary "covert", "overt": an Orc, Troll or Balrog makes a company overt).
COMPANY_ANY, COMPANY_COVERT, COMPANY_OVERT = range(3)
OVERT_RACES = frozenset({"Orc", "Troll", "Balrog"})

# Calling the game: MP threshold by game length (DECK-RULES "Scoring"; coe 10.2).
CALL_THRESHOLD = {1: 20, 2: 25, 3: 30, 4: 40}

HAND_SIZE = 8
GENERAL_INFLUENCE = 20
# coe 2.II.7.ii: region movement reaches a site within four consecutive regions (three steps).
REGION_STEPS = 3

# Starting havens by deck alignment, most preferred first (coe 1.10.W1/R1/F1/B1).
START_HAVENS = {
    "wizard": ("Rivendell",),
    "ringwraith": ("Minas Morgul", "Dol Guldur"),
    "fallen-wizard": ("The White Towers",),
    "balrog": ("Moria", "The Under-gates"),
}
# Where an avatar may be revealed besides its home site (coe 2.II.2.1.W1/R1/B1; a Fallen-wizard only at home).
AVATAR_HAVENS = {
    "wizard": ("Rivendell",),
    "ringwraith": ("Minas Morgul", "Dol Guldur"),
    "fallen-wizard": (),
    "balrog": ("The Under-gates",),
}
# The pool characters the draft tries groups of at most (all of a real pool: C(20, 6) is 38,760 groups).
MAX_DRAFT_CANDIDATES = 20
# Starting company size: coe 1.9 draft of up to 5 (Ringwraith and Balrog 6), mind at most 20.
START_SIZE = {"wizard": 5, "ringwraith": 6, "fallen-wizard": 5, "balrog": 6}
# coe 2.II.7.i.F1, B1: these players cannot use starter movement (region and Under-deeps movement only).
NO_STARTER_MOVEMENT = frozenset({"fallen-wizard", "balrog"})
# A play deck holds at most 10 non-avatar characters; leftover pool characters fill up to it (coe 1.9).
PLAY_DECK_CHARACTERS = 10
# A Fallen-wizard may not draft nor play a character of mind above 5 (coe 1.9.F3, 2.II.2.2.F1).
FW_MAX_MIND = 5
# Agents: hazards for a Wizard or Balrog (coe 1.3.B2, DECK-RULES creature-count); a Ringwraith or Fallen-wizard
# may play one as a character at its home site only (coe 2.II.2.2.5), and drafts one only with a card that allows
# agent characters (coe 1.9.R2, 1.9.F1: Open to the Summons, Thrall of the Voice; as the rulesets name them).
AGENT_CHARACTERS = {"ringwraith": ("WH-46",), "fallen-wizard": ("WH-46", "WH-82")}
# A Ringwraith or Balrog player calls the game only by playing Sudden Call (coe 10.2.R1, 10.2.B1): kept in hand.
SUDDEN_CALL = "Sudden Call"
SUDDEN_CALL_KEEP = 100
# Events worth no MP that the engine plays for what they enable (a Ringwraith's mode, a ring test, an
# influence bonus) are kept like a small resource.
UTILITY_KEEP = 4
CALL_WITH_CARD = frozenset({"ringwraith", "balrog"})
# Nor Orc and Troll characters (coe 1.9.F2, 2.II.2.2.F2), unless Bad Company is among the starting stage cards
# (the goldfish plays no stage card from the play deck). The same card as the fallen-wizard rulesets name.
FW_RESTRICTED_RACES = frozenset({"Orc", "Troll"})
FW_RACE_ENABLER = "WH-63"
# Influence checks (coe 2.V.3): the influencer's race as a faction's standard modifications name it.
WIZARD_RACE = "Wizard"
LEADER = "Leader"
# The Balrog's company adds 3 to its Under-deeps movement rolls (BA-3's own text, read from its card).
BALROG_MOVE_BONUS = 3


@dataclass
class SimDeck:
    """A deck as integer tables: kinds (distinct cards) and sites (location deck), plus the start state."""

    name: str
    alignment: str
    length: int
    threshold: int
    kinds: list[Card] = field(default_factory=list)
    role: list[int] = field(default_factory=list)
    mind: list[int] = field(default_factory=list)
    direct_influence: list[int] = field(default_factory=list)
    general_influence: list[int] = field(default_factory=list)   # Fallen-wizard avatars set it (coe 2.II.2.1.F2)
    mp: list[int] = field(default_factory=list)                  # as scored by this deck's alignment
    mp_on_play: list[int] = field(default_factory=list)          # 0 for a card that scores only once stored
    mp_category: list[int] = field(default_factory=list)
    unique: list[bool] = field(default_factory=list)
    avatar: list[bool] = field(default_factory=list)
    races: list[tuple[str, ...]] = field(default_factory=list)
    skills: list[tuple[str, ...]] = field(default_factory=list)
    leader: list[bool] = field(default_factory=list)
    item_bit: list[int] = field(default_factory=list)            # 1 for a minor item (the additional item)
    influence_number: list[int] = field(default_factory=list)     # factions: the check must exceed it
    # -- play conditions (card_db/play.json through analysis/playable) --
    condition: list[PlayCondition | None] = field(default_factory=list)
    phase: list[int] = field(default_factory=list)
    play_sites: list[frozenset[int]] = field(default_factory=list)   # sites where the kind can be played
    site_need: list[int] = field(default_factory=list)
    taps_site: list[bool] = field(default_factory=list)
    taps_bearer: list[bool] = field(default_factory=list)
    bearers: list[frozenset[int] | None] = field(default_factory=list)   # character kinds allowed; None: any
    requires: list[tuple[frozenset[int], ...]] = field(default_factory=list)   # each: one of these in play
    avatars_needed: list[frozenset[int] | None] = field(default_factory=list)
    avatar_there: list[bool] = field(default_factory=list)
    stage_needed: list[int] = field(default_factory=list)
    on: list[int] = field(default_factory=list)
    on_items: list[frozenset[int]] = field(default_factory=list)
    ring_kind: list[str | None] = field(default_factory=list)
    store_sites: list[frozenset[int]] = field(default_factory=list)
    unplayable: list[str | None] = field(default_factory=list)   # why no game can ever play it, if known
    # -- influence (factions): what a check adds besides unused direct influence (coe 2.V.3) --
    check_static: list[dict[int, int]] = field(default_factory=list)    # faction -> {character kind: bonus}
    check_items: list[dict[int, int]] = field(default_factory=list)     # faction -> {item kind: bonus}
    check_in_play: list[tuple[tuple[frozenset[int], int], ...]] = field(default_factory=list)   # if in play
    check_avatar: list[dict[int, int]] = field(default_factory=list)    # faction -> {our avatar kind: bonus}
    boost: list[int] = field(default_factory=list)               # short-events: + to an attempt on a faction
    # -- rings and Ringwraith modes --
    ring_table: list[tuple[tuple[str, int, int], ...]] = field(default_factory=list)   # gold rings
    tester: list[RingTester | None] = field(default_factory=list)
    ring_bonus: list[int] = field(default_factory=list)
    mode: list[tuple[str, int] | None] = field(default_factory=list)        # (mode, DI change) of a mode card
    mode_di: list[dict[str, int]] = field(default_factory=list)             # a Ringwraith's own DI per mode
    gi_change: list[tuple[int, int] | None] = field(default_factory=list)   # (+GI, avatar DI): Bade to Rule
    hand_bonus: list[tuple[int, frozenset[int] | None] | None] = field(default_factory=list)   # +cards, where
    #                                              (None: anywhere) for a character or item in play (Pallando...)
    company_need: list[int] = field(default_factory=list)       # COMPANY_ANY, COMPANY_COVERT, COMPANY_OVERT
    makes_haven: list[bool] = field(default_factory=list)       # its site becomes one of our Wizardhavens
    protects: list[bool] = field(default_factory=list)          # protects one of our Wizardhavens
    needs_protected: list[bool] = field(default_factory=list)   # needs a protected Wizardhaven
    made_haven_ok: list[frozenset[int] | None] = field(default_factory=list)   # Wizardhavens we make count for
    #                                                             it, but not these sites; None: they do not
    makes_overt: list[bool] = field(default_factory=list)       # an Orc, Troll or Balrog makes its company overt
    # -- hand management --
    keep_value: list[int] = field(default_factory=list)           # hand-management rank: discard lowest first
    cancels: list[bool] = field(default_factory=list)             # MP-less resource short-events: spent on hazards
    half_size: list[bool] = field(default_factory=list)           # Hobbits, Orc scouts: half toward company size
    sudden_call: list[bool] = field(default_factory=list)         # the card a Ringwraith or Balrog calls with
    character_sites: list[frozenset[int]] = field(default_factory=list)  # where a character may enter play
    play_deck: list[int] = field(default_factory=list)            # one kind index per card
    copies_in_play_deck: dict[int, int] = field(default_factory=dict)   # kind -> its copies in the play deck
    part: list[str] = field(default_factory=list)                 # per kind: the deck part it came from
    start_characters: list[int] = field(default_factory=list)
    start_items: list[int] = field(default_factory=list)
    start_stage_points: int = 0                                   # Fallen-wizard: the pool's stage cards
    start_havens: frozenset[int] = frozenset()                    # sites the starting stage cards made Wizardhavens
    start_protectors: int = 0                                     # starting stage cards that protect one
    # -- sites --
    sites: list[Card] = field(default_factory=list)
    site_is_haven: list[bool] = field(default_factory=list)
    site_dark_haven: list[bool] = field(default_factory=list)     # a Darkhaven (minion or Balrog haven)
    site_under_deeps: list[bool] = field(default_factory=list)
    site_links: list[tuple[int, ...]] = field(default_factory=list)   # haven: adjacent havens; site: its havens
    site_draw: list[int] = field(default_factory=list)
    reachable: list[tuple[int, ...]] = field(default_factory=list)    # haven -> non-haven sites (starter)
    reachable_set: list[frozenset[int]] = field(default_factory=list)
    starter: list[frozenset[int]] = field(default_factory=list)   # every site one starter move away
    region_reach: list[frozenset[int]] = field(default_factory=list)  # sites one region move away
    regions: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)   # folded name -> (type,
    #                                                                         adjacent folded names): the map
    under_deeps: list[tuple[tuple[int, int], ...]] = field(default_factory=list)   # (site, roll needed)
    site_playable: list[tuple[int, ...]] = field(default_factory=list)  # site -> site-phase kinds, best first
    site_stored_test: list[int | None] = field(default_factory=list)
    site_test_here: list[int | None] = field(default_factory=list)
    site_test_bonus: list[int] = field(default_factory=list)
    neighbours: list[frozenset[int]] = field(default_factory=list)  # moves_from(site), once per site
    made_haven_kinds: tuple[int, ...] = ()                        # site-phase kinds a made Wizardhaven allows
    site_playable_set: list[frozenset[int]] = field(default_factory=list)
    gold_rings: tuple[int, ...] = ()                              # kinds the engine's shortcuts look for
    special_rings: frozenset[int] = frozenset()
    hand_bonus_kinds: frozenset[int] = frozenset()
    storable: bool = False
    organization_kinds: frozenset[int] = frozenset()
    start_site: int = 0
    near: frozenset[int] = frozenset()                            # sites within two moves of the start
    starter_movement: bool = True
    calls_with_card: bool = False                                 # Ringwraith, Balrog: needs Sudden Call
    sideboard_calls: tuple[int, ...] = ()                         # Sudden Call kinds in the sideboard, per copy
    warnings: list[str] = field(default_factory=list)

    @property
    def deck_size(self) -> int:
        return len(self.play_deck)

    def copies(self, kind: int) -> int:
        return self.copies_in_play_deck.get(kind, 0)

    def near_sites(self) -> frozenset[int]:
        """Sites one or two moves from the start (by the movement this deck's alignment may use)."""
        first = self.moves_from(self.start_site)
        near = set(first)
        for site in first:
            if self.site_is_haven[site]:
                near.update(self.moves_from(site))
        return frozenset(s for s in near if not self.site_is_haven[s])

    def moves_from(self, site: int) -> frozenset[int]:
        """Sites a company without the avatar can move to from `site` (starter, region, Under-deeps)."""
        out = set(self.region_reach[site]) | {s for s, _ in self.under_deeps[site]}
        if self.starter_movement:
            out |= self.starter[site]
        out.discard(site)
        return frozenset(out)


SITE_TYPE_WORDS = {"haven": "H", "free-hold": "F", "border-hold": "B", "ruins & lairs": "R",
                   "shadow-hold": "S", "dark-hold": "D"}


def home_sites(home: str | None, sites: list[Card]) -> list[int]:
    """The location-deck sites a printed home site names: "Bree", "Moria, The Under-gates", "Any Dark-hold",
    "Any site in Imlad Morgul", "any non-Dark-hold Under-deeps site", "Any non-Under-deeps Ruins & Lairs"."""
    found: set[int] = set()
    for part in re.split(r",\s*|\s+or\s+", home or ""):
        text = part.strip().lower()
        if not text:
            continue
        if text.startswith("any site in "):
            region = fold(text[len("any site in "):])
            found.update(i for i, s in enumerate(sites) if fold(s.region or "") == region)
        elif text.startswith("any "):
            found.update(i for i, s in enumerate(sites) if _fits_any(text[4:], s))
        else:
            found.update(i for i, s in enumerate(sites) if fold(s.name) == fold(text))
    return sorted(found)


def _fits_any(text: str, site: Card) -> bool:
    """"dark-hold", "non-dark-hold under-deeps site", "non-under-deeps ruins & lairs"."""
    if "non-under-deeps" in text and site.under_deeps:
        return False
    if "under-deeps" in text.replace("non-under-deeps", "") and not site.under_deeps:
        return False
    types = [code for word, code in SITE_TYPE_WORDS.items() if word in text and f"non-{word}" not in text]
    excluded = [code for word, code in SITE_TYPE_WORDS.items() if f"non-{word}" in text]
    if site.site_type in excluded:
        return False
    return site.site_type in types if types else "site" in text


def deck_alignment(deck: Deck) -> str:
    """The declared alignment, else the one the avatars name (as the statistics read it), else by the cards."""
    known = declared_or_avatar_alignment(deck)
    if known is not None:
        return known
    minion = sum(e.count for e in deck.entries if e.card is not None and e.card.alignment == "Minion")
    hero = sum(e.count for e in deck.entries if e.card is not None and e.card.alignment == "Hero")
    return "ringwraith" if minion > hero else "wizard"


def _role(card: Card) -> int:
    if card.type == CHARACTER:
        return ROLE_CHARACTER
    if card.type == HAZARD:
        return ROLE_HAZARD
    if card.is_item:
        return ROLE_ITEM
    if card.is_faction:
        return ROLE_FACTION
    if card.is_ally:
        return ROLE_ALLY
    return ROLE_EVENT


def _keep_value(role: int, mp: int, playable: bool) -> int:
    """Hand management: higher is kept longer. Unplayable cards go first, then MP-less events."""
    if role in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY, ROLE_EVENT) and mp > 0 and not playable:
        return -5
    if role in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY) and not playable:
        return -5
    if role == ROLE_EVENT:
        return 5 * mp
    if role == ROLE_HAZARD:
        return 1
    if role == ROLE_CHARACTER:
        return 2 + 2 * max(mp, 0)
    return 3 + 2 * max(mp, 0)


def region_map(facts: PlayFacts) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each region (folded name) with its type symbol and its neighbours (either card naming the other)."""
    adjacency: dict[str, set[str]] = {}
    for name, region in facts.regions.items():
        for other in region.adjacent:
            adjacency.setdefault(fold(name), set()).add(fold(other))
            adjacency.setdefault(fold(other), set()).add(fold(name))
    types = {fold(name): region.type for name, region in facts.regions.items()}
    return {name: (types.get(name, ""), tuple(sorted(adjacency.get(name, ()))))
            for name in set(adjacency) | set(types)}


def _region_reach(sites: list[Card], regions: dict[str, tuple[str, tuple[str, ...]]]) -> list[frozenset[int]]:
    """coe 2.II.7.ii: the sites within four consecutive regions of each site (Under-deeps sites excluded)."""
    by_region: dict[str, list[int]] = {}
    for i, site in enumerate(sites):
        if site.region and not site.under_deeps:
            by_region.setdefault(fold(site.region), []).append(i)
    reach_of_region: dict[str, frozenset[int]] = {}
    for region in by_region:
        seen = {region: 0}
        queue = deque([region])
        while queue:
            current = queue.popleft()
            if seen[current] == REGION_STEPS:
                continue
            for nxt in regions.get(current, ("", ()))[1]:
                if nxt not in seen:
                    seen[nxt] = seen[current] + 1
                    queue.append(nxt)
        reach_of_region[region] = frozenset(i for r in seen for i in by_region.get(r, ()))
    out = []
    for i, site in enumerate(sites):
        region = fold(site.region or "")
        out.append(reach_of_region.get(region, frozenset()) - {i} if not site.under_deeps else frozenset())
    return out


def _under_deeps(sites: list[Card], facts: PlayFacts) -> list[tuple[tuple[int, int], ...]]:
    """coe 2.II.7.iii: Under-deeps movement between sites one lists as adjacent (either way), with the roll
    the Under-deeps site names (coe 2.IV.i.1; moving up to a surface site needs 0)."""
    links: list[dict[int, int]] = [{} for _ in sites]
    by_name: dict[str, list[int]] = {}
    for i, site in enumerate(sites):
        by_name.setdefault(fold(site.name), []).append(i)
    for i, site in enumerate(sites):
        for name, roll in facts.site(site.id).adjacent:
            if name.lower().startswith("any site in "):
                region = fold(name[len("any site in "):])
                targets = [j for j, s in enumerate(sites) if fold(s.region or "") == region and not s.under_deeps]
            else:
                targets = by_name.get(fold(name), [])
            for j in targets:
                if j == i:
                    continue
                links[i][j] = min(links[i].get(j, roll), roll)      # from the Under-deeps site
                if not sites[j].under_deeps:
                    links[j][i] = min(links[j].get(i, roll), roll)  # and down to it from its surface site
    return [tuple(sorted(d.items())) for d in links]


class _Builder:
    """Collects kinds and sites for one deck."""

    def __init__(self, deck: Deck, length: int, facts: PlayFacts):
        self.alignment = deck_alignment(deck)
        threshold = CALL_THRESHOLD.get(length)
        if threshold is None:
            raise ValueError(f"game length must be 1-4, not {length}")
        self.facts = facts
        self.sim = SimDeck(name=deck.name or deck.path, alignment=self.alignment, length=length,
                           threshold=threshold, calls_with_card=self.alignment in CALL_WITH_CARD,
                           starter_movement=self.alignment not in NO_STARTER_MOVEMENT)
        self.kind_of: dict[str, int] = {}
        self.pool_stage: list[Card] = []          # the pool's stage cards (Fallen-wizard starting stage cards)
        self.pool_site_names: list[str] = []      # sites listed with the pool (a starting site)
        self.restricted_races: frozenset[str] = frozenset()    # races this deck may neither draft nor play
        self.hazard_agents: set[str] = set()                    # agents this deck plays as hazards, by id

    # ---- sites ---------------------------------------------------------------------------------------

    def add_sites(self, cards: list[Card]) -> None:
        sim = self.sim
        seen: set[str] = set()
        for card in cards:
            if card.id in seen:          # havens may be listed several times: one site record is enough
                continue
            seen.add(card.id)
            sim.sites.append(card)
        if not any(c.is_haven for c in sim.sites):
            sim.warnings.append("the location deck holds no haven: a starting haven was assumed")
        self._ensure_start_haven()
        # Hero and minion versions share names ("Carn Dûm" is a hero Dark-hold and a minion haven).
        sites_by_name: dict[str, list[int]] = {}
        for i, site in enumerate(sim.sites):
            sites_by_name.setdefault(fold(site.name), []).append(i)
        havens = [i for i, s in enumerate(sim.sites) if s.is_haven]
        for i, site in enumerate(sim.sites):
            links = tuple(h for n in site.havens for h in sites_by_name.get(fold(n), ()) if sim.sites[h].is_haven)
            if not links:   # minion havens and Under-deeps sites name no haven: treat every haven as near
                links = tuple(h for h in havens if h != i)
            site_facts = self.facts.site(site.id)
            sim.site_is_haven.append(site.is_haven)
            sim.site_dark_haven.append(site.is_haven and site.alignment in ("Minion", "Balrog"))
            sim.site_under_deeps.append(site.under_deeps)
            sim.site_links.append(links)
            sim.site_draw.append(max(1, site.draw or 1))
            sim.site_stored_test.append(site_facts.stored_ring_test)
            sim.site_test_here.append(site_facts.ring_test_here)
            sim.site_test_bonus.append(site_facts.ring_test_bonus)
        for h in range(len(sim.sites)):
            sim.reachable.append(tuple(
                s for s in range(len(sim.sites)) if not sim.site_is_haven[s] and h in sim.site_links[s]
                and not sim.site_under_deeps[s]
            ) if sim.site_is_haven[h] else ())
        sim.reachable_set = [frozenset(r) for r in sim.reachable]
        for s in range(len(sim.sites)):    # coe 2.II.7.i: haven to its sites, site to its haven, haven to haven
            if sim.site_under_deeps[s]:
                sim.starter.append(frozenset())
            elif sim.site_is_haven[s]:
                sim.starter.append(sim.reachable_set[s] | {h for h in sim.site_links[s] if sim.site_is_haven[h]})
            else:
                sim.starter.append(frozenset(sim.site_links[s]))
        sim.regions = region_map(self.facts)
        sim.region_reach = _region_reach(sim.sites, sim.regions)
        sim.under_deeps = _under_deeps(sim.sites, self.facts)
        self.sites_by_name = sites_by_name
        self.views = site_views(sim.sites, self.facts)

    def _ensure_start_haven(self) -> None:
        sim = self.sim
        wanted = START_HAVENS[self.alignment]
        for name in wanted:
            for i, site in enumerate(sim.sites):
                if fold(site.name) == fold(name) and site.is_haven:
                    sim.start_site = i
                    return
        for i, site in enumerate(sim.sites):
            if site.is_haven:
                sim.start_site = i
                sim.warnings.append(f"{wanted[0]} is not in the location deck: the company starts at {site.name}")
                return
        sim.sites.insert(0, Card(id="SIM-0", set="SIM", number=0, name=wanted[0], type=SITE, subtypes=(),
                                 alignment="Neutral", site_type="H", draw=1, draw_opponent=1))
        sim.start_site = 0

    # ---- kinds ---------------------------------------------------------------------------------------

    def kind(self, card: Card) -> int:
        if card.id in self.kind_of:
            return self.kind_of[card.id]
        sim = self.sim
        k = len(sim.kinds)
        self.kind_of[card.id] = k
        role = ROLE_HAZARD if card.id in self.hazard_agents else _role(card)
        sim.kinds.append(card)
        sim.role.append(role)
        sim.mind.append(leading_int(card.mind) or 0)
        sim.direct_influence.append(max(0, leading_int(card.direct_influence) or 0))
        sim.general_influence.append(card.general_influence or 0)
        mp = scored_mp(card, self.alignment)[0]
        sim.mp.append(mp)
        category = card.mp_category if card.mp_category in MP_CATEGORIES else "miscellaneous"
        sim.mp_category.append(MP_CATEGORIES.index(category))
        sim.unique.append(card.unique)
        sim.avatar.append(card.avatar)
        sim.races.append(tuple(card.races))
        sim.skills.append(tuple(card.skills))
        sim.leader.append(LEADER in card.keywords)
        sim.half_size.append("Hobbit" in card.races or ("Orc" in card.races and "Scout" in card.skills))
        sim.item_bit.append(1 if card.item_class == "minor" else 0)
        sim.character_sites.append(self._character_sites(card) if role == ROLE_CHARACTER else frozenset())
        sudden_call = fold(card.name) == fold(SUDDEN_CALL) and card.type == RESOURCE
        sim.sudden_call.append(sudden_call)
        sim.cancels.append(role == ROLE_EVENT and mp <= 0 and "Short-event" in card.subtypes and not sudden_call
                           and card.id not in self.facts.influence and card.id not in self.facts.ring_testers)
        facts = self.facts
        sim.ring_table.append(facts.ring_tests.get(card.id, ()))
        sim.tester.append(facts.ring_testers.get(card.id))
        sim.ring_bonus.append(facts.ring_test_bonus.get(card.id, 0))
        mode = facts.modes.get(card.id)
        sim.mode.append((mode.name, mode.direct_influence) if mode else None)
        change = facts.general_influence.get(card.id)
        sim.gi_change.append((change.general, change.avatar_direct) if change else None)
        bonus = facts.hand_size.get(card.id) if role in (ROLE_CHARACTER, ROLE_ITEM) else None
        where = None
        if bonus is not None and bonus.site:
            where = frozenset(i for i, s in enumerate(sim.sites) if fold(s.name) == fold(bonus.site))
        elif bonus is not None and bonus.darkhaven:
            where = frozenset(i for i, s in enumerate(sim.sites) if sim.site_dark_haven[i])
        sim.hand_bonus.append((bonus.bonus, where) if bonus is not None else None)
        sim.makes_overt.append(role == ROLE_CHARACTER and bool(OVERT_RACES.intersection(card.races)))
        sim.mode_di.append(dict(facts.mode_influence.get(card.id, {})))
        sim.boost.append(sum(b.bonus for b in facts.influence.get(card.id, ()) if b.any_faction)
                         if role == ROLE_EVENT and "Short-event" in card.subtypes else 0)
        return k

    def finish_conditions(self) -> None:
        """Every kind's play condition as tables: run once all kinds (characters included) are known."""
        sim = self.sim
        characters = [k for k in range(len(sim.kinds)) if sim.role[k] == ROLE_CHARACTER]
        names: dict[str, set[int]] = {}
        for k, card in enumerate(sim.kinds):
            names.setdefault(fold(card.name), set()).add(k)
        conditions = [self.facts.condition(card.id) for card in sim.kinds]
        stage = [self.facts.condition(c.id) for c in self.pool_stage]
        self.haven_makers = any(c is not None and c.makes_wizardhaven and c.modelled for c in conditions + stage)
        self.protectors = any(c is not None and c.protects and c.modelled for c in conditions + stage)
        for k, card in enumerate(sim.kinds):
            role = sim.role[k]
            condition = condition_of(card, self.facts) if role in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY) or (
                role == ROLE_EVENT and (sim.mp[k] > 0 or (card.mp_alt or 0) > 0 or (
                    conditions[k] is not None and (conditions[k].makes_wizardhaven or conditions[k].protects)))) \
                else None
            if condition is not None and condition.stored_at and card.mp_alt:
                sim.mp[k] = scored_mp(card, self.alignment, card.mp_alt)[0]   # "(1)": scores once stored
            self._condition(k, card, condition, characters, names)
        sim.influence_number = [
            (c.influence if c is not None and c.influence is not None else
             (card.influence_check if card.influence_check is not None else -1))
            for c, card in zip(sim.condition, sim.kinds)]
        self._influence_tables()
        wraith = self.alignment == "ringwraith" and any(sim.avatar)
        gold_rings = any(sim.ring_table)
        factions = any(r == ROLE_FACTION for r in sim.role)
        for k in range(len(sim.kinds)):
            playable = sim.unplayable[k] is None and (bool(sim.play_sites[k]) or sim.phase[k] == PHASE_ORGANIZATION)
            if sim.sudden_call[k] and sim.calls_with_card:
                value = SUDDEN_CALL_KEEP
            elif (sim.mode[k] and wraith) or (sim.tester[k] and gold_rings) or (sim.boost[k] and factions) or (
                    sim.gi_change[k] and wraith) or ((sim.makes_haven[k] or sim.protects[k]) and playable):
                value = UTILITY_KEEP          # a card the engine plays for what it enables
            else:
                value = _keep_value(sim.role[k], sim.mp[k], playable)
            sim.keep_value.append(value)
        playable: list[list[int]] = [[] for _ in sim.sites]
        for k, sites in enumerate(sim.play_sites):
            if sim.phase[k] == PHASE_SITE:
                for s in sites:
                    playable[s].append(k)
        sim.site_playable = [tuple(sorted(ks, key=lambda k: -sim.mp[k])) for ks in playable]
        sim.made_haven_kinds = tuple(k for k in range(len(sim.kinds)) if sim.made_haven_ok[k] is not None
                                     and sim.phase[k] == PHASE_SITE)
        sim.site_playable_set = [frozenset(ks) for ks in sim.site_playable]
        sim.gold_rings = tuple(k for k in range(len(sim.kinds)) if sim.ring_table[k])
        sim.special_rings = frozenset(k for k in range(len(sim.kinds)) if sim.ring_kind[k])
        sim.hand_bonus_kinds = frozenset(k for k in range(len(sim.kinds)) if sim.hand_bonus[k])
        sim.storable = any(sim.store_sites)
        sim.organization_kinds = frozenset(k for k in range(len(sim.kinds)) if sim.phase[k] == PHASE_ORGANIZATION)

    def _condition(self, k: int, card: Card, condition: PlayCondition | None, characters: list[int],
                   names: dict[str, set[int]]) -> None:
        sim = self.sim
        sim.condition.append(condition)
        reason = None
        if condition is None:
            sim.phase.append(PHASE_NONE)
            sim.play_sites.append(frozenset())
            sim.mp_on_play.append(sim.mp[k])
            for table, value in ((sim.site_need, NEED_UNTAPPED), (sim.taps_site, False), (sim.taps_bearer, False),
                                 (sim.company_need, COMPANY_ANY), (sim.makes_haven, False), (sim.protects, False),
                                 (sim.needs_protected, False), (sim.made_haven_ok, None),
                                 (sim.bearers, None), (sim.requires, ()), (sim.avatars_needed, None),
                                 (sim.avatar_there, False), (sim.stage_needed, 0), (sim.on, ON_NONE),
                                 (sim.on_items, frozenset()), (sim.ring_kind, None), (sim.store_sites, frozenset()),
                                 (sim.unplayable, None)):
                table.append(value)
            return
        if not condition.modelled:
            reason = f"not modelled: {condition.unmodelled}"
        sites = frozenset(playable_sites(card, condition, self.sim.sites, self.views, self.alignment))
        if condition.at and not sites and reason is None:
            reason = f"no site of the location deck fits (needs {describe(condition)})"
        sim.phase.append(PHASE_ORGANIZATION if condition.phase == ORGANIZATION or not condition.at else PHASE_SITE)
        sim.play_sites.append(sites)
        sim.site_need.append({ANY: NEED_ANY, TAPPED: NEED_TAPPED}.get(condition.site, NEED_UNTAPPED))
        sim.taps_site.append(condition.taps_site)
        sim.taps_bearer.append(condition.taps_bearer)
        sim.company_need.append({"covert": COMPANY_COVERT, "overt": COMPANY_OVERT}.get(condition.company or "",
                                                                                     COMPANY_ANY))
        sim.makes_haven.append(condition.makes_wizardhaven)
        sim.protects.append(condition.protects)
        sim.needs_protected.append(condition.protected)
        made_ok = None
        if self.alignment == "fallen-wizard":      # a Haven or Wizardhaven the card names: ours too (MEWH)
            havens = [p for p in condition.at if "H" in p.types and p.haven in (None, "wizard") and not p.sites]
            if havens:
                made_ok = frozenset(i for i, site in enumerate(self.sim.sites)
                                    if any(fold(site.name) in {fold(n) for n in p.not_sites} for p in havens))
        sim.made_haven_ok.append(made_ok)
        if made_ok is not None and reason is not None and reason.startswith("no site") and self.haven_makers:
            reason = None                          # it waits for a Wizardhaven the deck makes
        bearers = None
        if condition.bearer is not None:
            b = condition.bearer
            allowed = set()
            for c in characters:
                char = sim.kinds[c]
                if b.not_avatar and sim.avatar[c]:
                    continue
                if (b.avatar and sim.avatar[c]) or set(b.skills) & set(char.skills) or set(b.races) & set(char.races) \
                        or fold(char.name) in {fold(n) for n in b.names} or (
                        b.not_avatar and not (b.skills or b.races or b.names or b.avatar)):
                    allowed.add(c)
            bearers = frozenset(allowed)
            if not bearers and reason is None:
                reason = f"no character of the deck can play it (needs {describe(condition)})"
        sim.bearers.append(bearers)
        requires = []
        for name in condition.in_play:
            kinds = frozenset(names.get(fold(name), ()))
            requires.append(kinds)
            if not kinds and reason is None:
                reason = f"needs {name} in play, which the deck does not hold"
        sim.requires.append(tuple(requires))
        avatars = None
        if condition.avatar:
            avatars = frozenset(k2 for n in condition.avatar for k2 in names.get(fold(n), ()) if sim.avatar[k2])
            if not avatars and reason is None:
                reason = f"needs {' or '.join(condition.avatar)} as the avatar, whom the deck does not hold"
        sim.avatars_needed.append(avatars)
        sim.avatar_there.append(condition.avatar_there)
        if condition.avatar_there and not any(sim.avatar) and reason is None:
            reason = "needs the avatar in the company, and the deck holds no avatar"
        sim.stage_needed.append(condition.stage_points)
        on, on_items = ON_NONE, frozenset()
        if condition.on == "faction":
            on = ON_FACTION
        elif condition.on == "unique faction":
            on = ON_UNIQUE_FACTION
        elif condition.on == "palantir":
            on = ON_PALANTIR
        elif condition.on and condition.on.startswith("item:"):
            on = ON_ITEM
            on_items = frozenset(names.get(fold(condition.on[5:]), ()))
            if not on_items and reason is None:
                reason = f"needs {condition.on[5:]} in play, which the deck does not hold"
        sim.on.append(on)
        sim.on_items.append(on_items)
        sim.ring_kind.append(condition.ring)
        fallen = self.alignment == "fallen-wizard"
        stores = frozenset(i for i, view in enumerate(self.views)
                           if any(place_fits(p, view, fallen) for p in condition.stored_at))
        if condition.stored_at and not stores and reason is None:
            reason = "no site of the location deck where it can be stored to score"
        if condition.protected and not self.protectors and reason is None:
            reason = "needs a protected Wizardhaven, and the deck holds no card that protects one"
        sim.store_sites.append(stores)
        sim.mp_on_play.append(0 if condition.stored_at else sim.mp[k])
        if condition.ring and reason is None:
            if not any(sim.ring_table[g] for g in range(len(sim.kinds))):
                reason = "needs a gold ring to be tested, and the deck holds none"
        sim.unplayable.append(reason)

    def starting_stage_cards(self, cards: list[Card]) -> None:
        """A Fallen-wizard's starting stage cards are in play from the start (coe 1.9.F): those that make a site one
        of its Wizardhavens (Hidden Haven) are placed on the first site of the location deck they fit (a site
        listed with the pool first); those that protect one count once a Wizardhaven for them exists."""
        sim = self.sim
        havens: set[int] = set()
        pool_sites = {fold(e) for e in self.pool_site_names}
        order = sorted(range(len(sim.sites)), key=lambda i: fold(sim.sites[i].name) not in pool_sites)
        protectors = 0
        for card in cards:
            condition = self.facts.condition(card.id)
            if condition is None or not condition.modelled:
                continue
            if condition.makes_wizardhaven:
                fits = set(playable_sites(card, condition, sim.sites, self.views, self.alignment))
                site = next((i for i in order if i in fits and i not in havens), None)
                if site is not None:
                    havens.add(site)
            if condition.protects:
                protectors += 1
        sim.start_havens = frozenset(havens)
        sim.start_protectors = protectors

    def _influence_tables(self) -> None:
        """What an influence check on each faction adds to the roll besides unused direct influence (coe 2.V.3):
        per character kind, the fixed part (its own bonus against the faction, the faction's standard
        modifications for its race, name or keyword); per item kind, the item's bonus; the modifications that
        depend on the game (factions we have in play, our avatar)."""
        sim, facts = self.sim, self.facts
        names: dict[str, set[int]] = {}
        for k, card in enumerate(sim.kinds):
            names.setdefault(fold(card.name), set()).add(k)
        factions_of_race: dict[str, frozenset[int]] = {}
        for race in {r for k in range(len(sim.kinds)) if sim.role[k] == ROLE_FACTION for r in sim.races[k]}:
            factions_of_race[race] = frozenset(k for k in range(len(sim.kinds))
                                               if sim.role[k] == ROLE_FACTION and race in sim.races[k])
        for k, card in enumerate(sim.kinds):
            condition = sim.condition[k]
            static: dict[int, int] = {}
            items: dict[int, int] = {}
            in_play: list[tuple[frozenset[int], int]] = []
            avatars: dict[int, int] = {}
            if sim.role[k] == ROLE_FACTION and condition is not None:
                race_mods: dict[str, int] = {}
                influencers: dict[str, int] = {}
                for m in condition.modifications:
                    if m.race:
                        race_mods[m.race] = race_mods.get(m.race, 0) + m.value
                    elif m.faction:
                        kinds = names.get(fold(m.faction), set()) | names.get(fold("the " + m.faction), set())
                        if kinds:
                            in_play.append((frozenset(kinds), m.value))
                    elif m.faction_race:
                        others = factions_of_race.get(m.faction_race, frozenset()) - {k}
                        if others:
                            in_play.append((others, m.value))
                    elif m.influencer:
                        influencers[m.influencer] = m.value
                    elif m.avatar:
                        for a in names.get(fold(m.avatar), ()):
                            if sim.avatar[a]:
                                avatars[a] = m.value
                sites = {fold(sim.sites[s].name) for s in sim.play_sites[k]} | {
                    fold(n) for p in condition.at for n in p.sites}
                for other, other_card in enumerate(sim.kinds):
                    role = sim.role[other]
                    if role not in (ROLE_CHARACTER, ROLE_ITEM):
                        continue
                    total = sum(b.bonus for b in facts.influence.get(other_card.id, ())
                                if b.any_faction or set(b.races) & set(card.races)
                                or fold(card.name) in {fold(f) for f in b.factions}
                                or sites & {fold(s) for s in b.sites})
                    if role == ROLE_ITEM:
                        if total:
                            items[other] = total
                        continue
                    total += sum(race_mods.get(r, 0) for r in sim.races[other])
                    if sim.avatar[other] and self.alignment in ("wizard", "fallen-wizard"):
                        total += race_mods.get(WIZARD_RACE, 0)
                    total += influencers.get(other_card.name, 0) + (influencers.get(LEADER, 0) if sim.leader[other]
                                                                    else 0)
                    if total:
                        static[other] = total
            sim.check_static.append(static)
            sim.check_items.append(items)
            sim.check_in_play.append(tuple(in_play))
            sim.check_avatar.append(avatars)

    def _character_sites(self, card: Card) -> frozenset[int]:
        """Where a character may enter play: its home site(s), and any haven (an avatar: its alignment's)."""
        sim = self.sim
        if self.alignment == "fallen-wizard" and not card.avatar and (leading_int(card.mind) or 0) > FW_MAX_MIND:
            return frozenset()    # coe 2.II.2.2.F1: a Fallen-wizard cannot play a character of mind above 5
        if self.restricted_races.intersection(card.races):
            return frozenset()    # coe 2.II.2.2.F2: nor an Orc or Troll without Bad Company
        home = card.home_site
        if self.alignment == "balrog" and fold(home or "") == fold("Any Dark-hold"):
            home = "any non-Dark-hold Under-deeps site"    # coe 2.II.2.2.B1
        homes = set(home_sites(home, sim.sites))
        if card.agent:
            return frozenset(homes)      # coe 2.II.2.2.5: an agent character only at its home site
        if card.avatar:
            allowed = {fold(n) for n in AVATAR_HAVENS[self.alignment]}
            if self.alignment == "ringwraith":   # coe 2.II.2.1.R3: revealed at a Darkhaven, in its own company
                homes = {i for i in homes if sim.sites[i].is_haven}
            homes |= {i for i, s in enumerate(sim.sites) if fold(s.name) in allowed}
            if not homes:   # an avatar with no listed site in this location deck: any haven will do
                homes = {i for i, s in enumerate(sim.sites) if s.is_haven}
            return frozenset(homes)
        return frozenset(homes | {i for i, s in enumerate(sim.sites) if s.is_haven})

    # ---- starting company ----------------------------------------------------------------------------

    def draft(self, pool: list[Card], play_characters: list[Card]) -> list[Card]:
        """Draft the starting company from the pool; return the leftover characters shuffled into the deck.

        Of the groups of at most 5 characters (6 for a Ringwraith or Balrog) with total mind at most 20 (coe 1.9),
        the draft takes the one worth most marshalling points; among those, one that leaves room under general
        influence for the smallest-mind character of the play deck (a player keeps room to grow), then more
        direct influence (to take followers), then more mind."""
        sim = self.sim
        characters = [c for c in pool if c.type == CHARACTER and not c.avatar]
        limit = START_SIZE[self.alignment]
        fallen = self.alignment == "fallen-wizard"     # coe 1.9.F3: no starting character of mind above 5
        if fallen and not any(c.id == FW_RACE_ENABLER for c in pool):
            self.restricted_races = FW_RESTRICTED_RACES          # coe 1.9.F2, 2.II.2.2.F2
        enablers = AGENT_CHARACTERS.get(self.alignment, ())
        agents_drafted = any(c.id in enablers for c in pool)
        draftable = [i for i, c in enumerate(characters)
                     if (not c.agent or agents_drafted)
                     and (not fallen or ((leading_int(c.mind) or 0) <= FW_MAX_MIND
                                         and not self.restricted_races.intersection(c.races)))]
        minds = {i: leading_int(characters[i].mind) or 0 for i in draftable}
        if len(draftable) > MAX_DRAFT_CANDIDATES:
            # every group of 5 of 60 characters is 5 million groups: a pool that big is no real pool (they hold
            # a dozen), and only the candidates a best group could come from are tried
            draftable = sorted(draftable, key=lambda i: (-(characters[i].mp or 0), minds[i], i))
            draftable = sorted(draftable[:MAX_DRAFT_CANDIDATES])
        to_come = [leading_int(c.mind) or 0 for c in play_characters if not c.avatar and not c.agent]
        room = min(to_come) if to_come else 0
        best: tuple[int, ...] = ()
        best_key: tuple = (-1,)
        for size in range(min(limit, len(draftable)), 0, -1):
            for group in combinations(draftable, size):
                mind = sum(minds[i] for i in group)
                if mind > GENERAL_INFLUENCE:
                    continue
                key = (sum(characters[i].mp or 0 for i in group), mind + room <= GENERAL_INFLUENCE,
                       sum(max(0, leading_int(characters[i].direct_influence) or 0) for i in group), mind)
                if key > best_key:
                    best, best_key = group, key
        chosen = [characters[i] for i in best]
        sim.start_characters = [self.kind(c) for c in chosen]
        items = [c for c in pool if c.type == RESOURCE and c.is_minor_item and not c.unique][:2]
        sim.start_items = [self.kind(c) for c in items]
        sim.start_stage_points = sum(c.stage_points or 0 for c in pool if c.type == RESOURCE)
        space = max(0, PLAY_DECK_CHARACTERS - len(play_characters))
        return [c for i, c in enumerate(characters) if i not in best][:space]


def _hazard_agents(deck: Deck, alignment: str) -> set[str]:
    """Agents played as hazards: all of them for a Wizard or Balrog, else those listed only among hazards."""
    agents = [e for e in deck.entries if e.card is not None and e.card.agent]
    if alignment not in AGENT_CHARACTERS:
        return {e.card.id for e in agents}
    as_character = {e.card.id for e in agents if e.part in (Part.POOL, Part.CHARACTERS, Part.PLAY)}
    return {e.card.id for e in agents} - as_character


# coe 1.4.1: sites any location deck may include (Balrog sites without a hero or minion version).
SHARED_BALROG_SITES = ("Ancient Deep-hold", "The Wind-deeps", "The Drowning-deeps", "The Rusted-deeps",
                       "Remains of Thangorodrim")
# coe 1.4.B1: minion sites a Balrog player includes only in their Balrog version.
BALROG_VERSION_SITES = ("Moria", "Carn Dûm", "Dol Guldur", "Minas Morgul")


def full_location_deck(alignment: str, cards: list[Card]) -> list[Card]:
    """Every site coe 1.4 lets this alignment's location deck hold: what a deck that lists no location deck is
    taken to have (its player chooses sites freely; the list just does not say which)."""
    shared = {fold(n) for n in SHARED_BALROG_SITES}
    sites = [c for c in cards if c.is_site]

    def ok(site: Card) -> bool:
        if site.alignment == "Balrog":
            return alignment == "balrog" or fold(site.name) in shared
        if alignment == "wizard":                         # 1.4.W1
            return site.alignment == "Hero"
        if alignment == "ringwraith":                     # 1.4.R1
            return site.alignment == "Minion"
        if alignment == "fallen-wizard":                  # 1.4.F1
            return site.alignment in ("Hero", "Minion", "Fallen-wizard")
        return site.alignment == "Minion" and not (       # 1.4.B1
            fold(site.name) in {fold(n) for n in BALROG_VERSION_SITES} or site.under_deeps or site.site_type == "D")
    return [s for s in sites if ok(s)]


def build_sim_deck(deck: Deck, length: int = 2, facts: PlayFacts | None = None) -> SimDeck:
    """The integer tables of a resolved deck; unresolved lines are left out with a warning."""
    builder = _Builder(deck, length, facts if facts is not None else load_play_facts())
    sim = builder.sim
    unresolved = sum(e.count for e in deck.entries if e.card is None)
    if unresolved:
        sim.warnings.append(f"{unresolved} card(s) did not resolve and are left out of the simulation")
    sites = [e.card for part in (Part.SITES, Part.POOL) for e in deck.part(part)     # a starting site may be
             if e.card is not None and e.card.is_site]                                  # listed with the pool
    if not sites:
        from deckcheck.cards.catalog import load_catalog

        sites = full_location_deck(builder.alignment, load_catalog().cards)
        sim.warnings.append(f"the deck lists no location deck: every site coe 1.4 allows a {builder.alignment} "
                            f"player ({len(sites)} sites) is taken to be in it")
    builder.add_sites(sites)
    play = [(e.card, e.count) for e in deck.play_deck() if e.card is not None]
    pool = [e.card for e in deck.part(Part.POOL) if e.card is not None for _ in range(e.count)]
    builder.hazard_agents = _hazard_agents(deck, builder.alignment)
    builder.pool_stage = [c for c in pool if c.type == RESOURCE and c.is_stage]
    builder.pool_site_names = [c.name for c in pool if c.is_site]
    play_characters = [c for c, n in play for _ in range(n) if c.type == CHARACTER and not c.avatar
                       and c.id not in builder.hazard_agents]
    leftovers = builder.draft(pool, play_characters)
    parts: dict[int, str] = {}
    for entry in deck.play_deck():
        card = entry.card
        if card is None or card.type in (SITE, "Region"):
            continue
        k = builder.kind(card)
        sim.play_deck.extend([k] * entry.count)
        parts.setdefault(k, entry.part.value)
    for card in leftovers:
        k = builder.kind(card)
        sim.play_deck.append(k)
        parts.setdefault(k, Part.POOL.value)
    if sim.calls_with_card:      # the one sideboard card the goldfish fetches at an exhaustion (coe 2.4)
        sim.sideboard_calls = tuple(builder.kind(e.card) for e in deck.part(Part.SIDEBOARD) if e.card is not None
                                    and fold(e.card.name) == fold(SUDDEN_CALL) for _ in range(e.count))
    if not sim.start_characters:
        sim.warnings.append("no starting company could be drafted from the pool: the game starts without one")
    if len(sim.play_deck) < HAND_SIZE:
        held = len(sim.play_deck)
        raise ValueError(f"the play deck holds {held} card{'' if held == 1 else 's'}, fewer than a hand of {HAND_SIZE}")
    builder.finish_conditions()
    builder.starting_stage_cards([e.card for e in deck.part(Part.POOL) if e.card is not None
                                  and e.card.type == RESOURCE and e.card.is_stage])
    sim.part = [parts.get(k, Part.POOL.value) for k in range(len(sim.kinds))]
    sim.neighbours = [sim.moves_from(s) for s in range(len(sim.sites))]
    sim.near = sim.near_sites()
    for k in sim.play_deck:
        sim.copies_in_play_deck[k] = sim.copies_in_play_deck.get(k, 0) + 1
    return sim
