"""Per-deck tables for the simulated-turn engine, computed once before any game is played.

The engine plays thousands of games, so everything it looks up during a turn is an integer or a tuple of
integers indexed by a *kind* (one distinct card of the play deck or pool) or by a *site* (one card of the
location deck). Card facts come from the catalog's `Card`; nothing here knows about rolls or turns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations

from deckcheck.analysis.alignment import deck_alignment as declared_or_avatar_alignment
from deckcheck.analysis.alignment import fallen_wizard_may_play_at
from deckcheck.cards.model import CHARACTER, HAZARD, RESOURCE, SITE, Card, leading_int
from deckcheck.cards.names import fold
from deckcheck.decklist.model import Deck, Part

# What a play-deck card does in the simulation.
ROLE_CHARACTER, ROLE_ITEM, ROLE_FACTION, ROLE_ALLY, ROLE_EVENT, ROLE_HAZARD = range(6)
ROLE_NAMES = ("character", "item", "faction", "ally", "event", "hazard")

# Marshalling point categories (card data `mp_category`); "kill" is never scored by the goldfish.
MP_CATEGORIES = ("character", "item", "faction", "ally", "kill", "miscellaneous")

# Site item classes as bits, so "is this item playable here" is one AND.
ITEM_BITS = {"minor": 1, "major": 2, "greater": 4, "gold ring": 8}

# Calling the game: MP threshold by game length (DECK-RULES "Scoring"; coe 10.2).
CALL_THRESHOLD = {1: 20, 2: 25, 3: 30, 4: 40}

HAND_SIZE = 8
GENERAL_INFLUENCE = 20

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
# Starting company size: coe 1.9 draft of up to 5 (Ringwraith and Balrog 6), mind at most 20.
START_SIZE = {"wizard": 5, "ringwraith": 6, "fallen-wizard": 5, "balrog": 6}
# The card alignment whose items score in full (coe 10.W1, 10.R1, 10.B1); others score half, rounded up.
OWN_ITEM_ALIGNMENT = {"wizard": "Hero", "ringwraith": "Minion", "balrog": "Minion"}
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
CALL_WITH_CARD = frozenset({"ringwraith", "balrog"})
# Nor Orc and Troll characters (coe 1.9.F2, 2.II.2.2.F2), unless Bad Company is among the starting stage cards
# (the goldfish plays no stage card from the play deck). The same card as the fallen-wizard rulesets name.
FW_RESTRICTED_RACES = frozenset({"Orc", "Troll"})
FW_RACE_ENABLER = "WH-63"


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
    mp_category: list[int] = field(default_factory=list)
    unique: list[bool] = field(default_factory=list)
    avatar: list[bool] = field(default_factory=list)
    item_bit: list[int] = field(default_factory=list)
    influence_number: list[int] = field(default_factory=list)     # factions: the check must exceed it
    play_sites: list[frozenset[int]] = field(default_factory=list)   # sites where the kind can be played
    character_sites: list[frozenset[int]] = field(default_factory=list)  # where a character may enter play
    keep_value: list[int] = field(default_factory=list)           # hand-management rank: discard lowest first
    cancels: list[bool] = field(default_factory=list)             # MP-less resource short-events: spent on hazards
    half_size: list[bool] = field(default_factory=list)           # Hobbits, Orc scouts: half toward company size
    sudden_call: list[bool] = field(default_factory=list)         # the card a Ringwraith or Balrog calls with
    play_deck: list[int] = field(default_factory=list)            # one kind index per card
    start_characters: list[int] = field(default_factory=list)
    start_items: list[int] = field(default_factory=list)
    start_mp: int = 0                                             # stage cards and the like: not scored
    sites: list[Card] = field(default_factory=list)
    site_is_haven: list[bool] = field(default_factory=list)
    site_links: list[tuple[int, ...]] = field(default_factory=list)   # haven: adjacent havens; site: its havens
    site_draw: list[int] = field(default_factory=list)
    site_item_bits: list[int] = field(default_factory=list)
    reachable: list[tuple[int, ...]] = field(default_factory=list)    # haven -> non-haven sites moving from it
    reachable_set: list[frozenset[int]] = field(default_factory=list)
    reachable_by_draw: list[tuple[int, ...]] = field(default_factory=list)   # most cards drawn first
    site_playable: list[tuple[int, ...]] = field(default_factory=list)  # site -> kinds playable there
    start_site: int = 0
    near: frozenset[int] = frozenset()                            # sites within two moves of the start
    calls_with_card: bool = False                                 # Ringwraith, Balrog: needs Sudden Call
    sideboard_calls: tuple[int, ...] = ()                         # Sudden Call kinds in the sideboard, per copy
    warnings: list[str] = field(default_factory=list)

    @property
    def deck_size(self) -> int:
        return len(self.play_deck)

    def copies(self, kind: int) -> int:
        return self.play_deck.count(kind)

    def near_sites(self) -> frozenset[int]:
        """Sites reachable from the starting haven in at most two moves (directly, or via an adjacent haven)."""
        start = self.start_site
        near = set(self.reachable[start]) if self.site_is_haven[start] else set(self.site_links[start])
        for haven in self.site_links[start]:
            near.update(self.reachable[haven])
        return frozenset(near)


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


def scored_mp(card: Card, alignment: str) -> int:
    """The MP a card gives this alignment: FW 1 for any non-Stage card worth >= 1; other items half."""
    mp = card.mp or 0
    if mp <= 0:
        return mp
    if alignment == "fallen-wizard":
        return 1 if not card.is_stage else mp
    own = OWN_ITEM_ALIGNMENT.get(alignment)
    if card.is_item and own and card.alignment not in (own, "Neutral", "Dual"):
        if not (alignment == "balrog" and card.alignment == "Balrog"):
            return (mp + 1) // 2
    return mp


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
    if role in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY) and not playable:
        return -5
    if role == ROLE_EVENT:
        return 5 * mp
    if role == ROLE_HAZARD:
        return 1
    if role == ROLE_CHARACTER:
        return 2 + 2 * max(mp, 0)
    return 3 + 2 * max(mp, 0)


class _Builder:
    """Collects kinds and sites for one deck."""

    def __init__(self, deck: Deck, length: int):
        self.alignment = deck_alignment(deck)
        threshold = CALL_THRESHOLD.get(length)
        if threshold is None:
            raise ValueError(f"game length must be 1-4, not {length}")
        self.sim = SimDeck(name=deck.name or deck.path, alignment=self.alignment, length=length,
                           threshold=threshold, calls_with_card=self.alignment in CALL_WITH_CARD)
        self.kind_of: dict[str, int] = {}
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
            sim.site_is_haven.append(site.is_haven)
            sim.site_links.append(links)
            sim.site_draw.append(max(1, site.draw or 1))
            sim.site_item_bits.append(sum(ITEM_BITS.get(c, 0) for c in site.playable_items))
        for h in range(len(sim.sites)):
            sim.reachable.append(tuple(
                s for s in range(len(sim.sites)) if not sim.site_is_haven[s] and h in sim.site_links[s]
            ) if sim.site_is_haven[h] else ())
        sim.reachable_set = [frozenset(r) for r in sim.reachable]
        sim.reachable_by_draw = [tuple(sorted(r, key=lambda s: (-sim.site_draw[s], s))) for r in sim.reachable]
        self.sites_by_name = sites_by_name

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
        mp = scored_mp(card, self.alignment)
        sim.mp.append(mp)
        category = card.mp_category if card.mp_category in MP_CATEGORIES else "miscellaneous"
        sim.mp_category.append(MP_CATEGORIES.index(category))
        sim.unique.append(card.unique)
        sim.avatar.append(card.avatar)
        sim.half_size.append("Hobbit" in card.races or ("Orc" in card.races and "Scout" in card.skills))
        sim.item_bit.append(ITEM_BITS.get(card.item_class or "", 0))
        sim.influence_number.append(card.influence_check if card.influence_check is not None else -1)
        sites = self._play_sites(card, role)
        sim.play_sites.append(sites)
        sim.character_sites.append(self._character_sites(card) if role == ROLE_CHARACTER else frozenset())
        sudden_call = fold(card.name) == fold(SUDDEN_CALL) and card.type == RESOURCE
        sim.sudden_call.append(sudden_call)
        sim.keep_value.append(SUDDEN_CALL_KEEP if sudden_call and sim.calls_with_card
                              else _keep_value(role, mp, bool(sites)))
        sim.cancels.append(role == ROLE_EVENT and mp <= 0 and "Short-event" in card.subtypes and not sudden_call)
        return k

    def _play_sites(self, card: Card, role: int) -> frozenset[int]:
        sim = self.sim
        if role == ROLE_ITEM:
            bit = ITEM_BITS.get(card.item_class or "", 0)
            found = (i for i, b in enumerate(sim.site_item_bits) if b & bit and not sim.site_is_haven[i])
        elif role in (ROLE_FACTION, ROLE_ALLY):
            found = (i for n in card.playable_at for i in self.sites_by_name.get(fold(n), ()))
        else:
            return frozenset()
        if self.alignment == "fallen-wizard":     # coe 2.V.F1: the resource's alignment must match the site's
            return frozenset(i for i in found if fallen_wizard_may_play_at(card, sim.sites[i]))
        return frozenset(found)

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

    def draft(self, pool: list[Card], play_characters: int) -> list[Card]:
        """Draft the starting company from the pool; return the leftover characters shuffled into the deck."""
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
        best: tuple[int, ...] = ()
        best_key = (-1, -1)
        for size in range(min(limit, len(draftable)), 0, -1):
            for group in combinations(draftable, size):
                mind = sum(minds[i] for i in group)
                if mind > GENERAL_INFLUENCE:
                    continue
                key = (mind, sum(characters[i].mp or 0 for i in group))
                if key > best_key:
                    best, best_key = group, key
        chosen = [characters[i] for i in best]
        sim.start_characters = [self.kind(c) for c in chosen]
        items = [c for c in pool if c.type == RESOURCE and c.is_minor_item and not c.unique][:2]
        sim.start_items = [self.kind(c) for c in items]
        room = max(0, PLAY_DECK_CHARACTERS - play_characters)
        return [c for i, c in enumerate(characters) if i not in best][:room]


def _hazard_agents(deck: Deck, alignment: str) -> set[str]:
    """Agents played as hazards: all of them for a Wizard or Balrog, else those listed only among hazards."""
    agents = [e for e in deck.entries if e.card is not None and e.card.agent]
    if alignment not in AGENT_CHARACTERS:
        return {e.card.id for e in agents}
    as_character = {e.card.id for e in agents if e.part in (Part.POOL, Part.CHARACTERS, Part.PLAY)}
    return {e.card.id for e in agents} - as_character


def build_sim_deck(deck: Deck, length: int = 2) -> SimDeck:
    """The integer tables of a resolved deck; unresolved lines are left out with a warning."""
    builder = _Builder(deck, length)
    sim = builder.sim
    unresolved = sum(e.count for e in deck.entries if e.card is None)
    if unresolved:
        sim.warnings.append(f"{unresolved} card(s) did not resolve and are left out of the simulation")
    builder.add_sites([e.card for e in deck.part(Part.SITES) if e.card is not None and e.card.is_site])
    play = [(e.card, e.count) for e in deck.play_deck() if e.card is not None]
    pool = [e.card for e in deck.part(Part.POOL) if e.card is not None for _ in range(e.count)]
    builder.hazard_agents = _hazard_agents(deck, builder.alignment)
    play_characters = sum(n for c, n in play if c.type == CHARACTER and not c.avatar
                          and c.id not in builder.hazard_agents)
    leftovers = builder.draft(pool, play_characters)
    for card, count in play:
        if card.type in (SITE, "Region"):
            continue
        sim.play_deck.extend([builder.kind(card)] * count)
    sim.play_deck.extend(builder.kind(c) for c in leftovers)
    if sim.calls_with_card:      # the one sideboard card the goldfish fetches at an exhaustion (coe 2.4)
        sim.sideboard_calls = tuple(builder.kind(e.card) for e in deck.part(Part.SIDEBOARD) if e.card is not None
                                    and fold(e.card.name) == fold(SUDDEN_CALL) for _ in range(e.count))
    if not sim.start_characters:
        sim.warnings.append("no starting company could be drafted from the pool: the game starts without one")
    if len(sim.play_deck) < HAND_SIZE:
        raise ValueError(f"the play deck holds {len(sim.play_deck)} cards, fewer than a hand of {HAND_SIZE}")
    playable: list[list[int]] = [[] for _ in sim.sites]
    for k, sites in enumerate(sim.play_sites):
        for s in sites:
            playable[s].append(k)
    sim.site_playable = [tuple(sorted(ks, key=lambda k: -sim.mp[k])) for ks in playable]
    sim.near = sim.near_sites()
    return sim
