"""Per-deck tables for the simulated-turn engine, computed once before any game is played.

The engine plays thousands of games, so everything it looks up during a turn is an integer, a set or a tuple
indexed by a *kind* (one distinct card of the play deck or pool) or by a *site* (one card of the location
deck). Card facts come from the catalog's `Card` and from the play facts of `card_db/play.json`: where each
resource is played is decided by `deckcheck.analysis.playable`, the function `stats` site coverage uses too.
Nothing here knows about rolls or turns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.cards.model import Card
from deckcheck.cards.play import AttackCancel, InfluenceChange, PlayCondition, RingTester, SiteAttack
from deckcheck.sim.model.defence import DefenceTables

# What a play-deck card does in the simulation.
ROLE_CHARACTER, ROLE_ITEM, ROLE_FACTION, ROLE_ALLY, ROLE_EVENT, ROLE_HAZARD = range(6)
# coe 2.II.3.1.2: these races may not share a company with Orcs or Trolls away from a haven (`SimDeck.race_mix`).
FREE_RACES = frozenset({"Dúnadan", "Dwarf", "Elf", "Hobbit"})
SHADOW_RACES = frozenset({"Orc", "Troll"})
FREE_RACE, SHADOW_RACE = 1, 2

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
# The players whose companies are minion companies (coe 3.II.2.R1/B1, the Darkhavens' texts).
MINION_PLAYERS = frozenset({"ringwraith", "balrog"})
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
    once_per_company: list[bool] = field(default_factory=list)   # "cannot be duplicated in a given company"
    once_per_site: list[bool] = field(default_factory=list)      # "cannot be duplicated at a given site"
    once_per_character: list[bool] = field(default_factory=list)  # "... on a given character"
    leaves_if_wounded: list[bool] = field(default_factory=list)   # an ally gone when its controller is wounded
    cancels_strike: list[bool] = field(default_factory=list)      # an ally that taps to cancel a strike on him
    guards_controller: list[bool] = field(default_factory=list)   # an ally struck before its controller may be
    under_leader: list[bool] = field(default_factory=list)   # a faction an Orc or Troll leader may keep (untapped site)
    play_attacks: list[tuple] = field(default_factory=list)   # SiteAttacks the company faces as it plays the card
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
    # direct influence restricted to followers of a kind (coe 2.II.2.2.4): (bonus, the kinds it may control)
    follower_di: list[tuple[tuple[int, frozenset[int]], ...]] = field(default_factory=list)
    # an event raising general influence while in play (Bade to Rule, The Lidless Eye, Great Shadow)
    gi_change: list[InfluenceChange | None] = field(default_factory=list)
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
    attack_cancel: list[AttackCancel | None] = field(default_factory=list)   # cancels one attack (play facts)
    attack_cancel_kinds: frozenset[int] = frozenset()             # the kinds that have one
    guards_controller_kinds: frozenset[int] = frozenset()         # allies struck before their controller
    cancels_strike_kinds: frozenset[int] = frozenset()            # allies that tap to cancel a strike
    half_size: list[bool] = field(default_factory=list)           # Hobbits, Orc scouts: half toward company size
    sudden_call: list[bool] = field(default_factory=list)         # the card a Ringwraith or Balrog calls with
    character_sites: list[frozenset[int]] = field(default_factory=list)  # where a character may enter play
    play_deck: list[int] = field(default_factory=list)            # one kind index per card
    copies_in_play_deck: dict[int, int] = field(default_factory=dict)   # kind -> its copies in the play deck
    play_deck_slots: dict[int, tuple[int, ...]] = field(default_factory=dict)   # kind -> its copies' positions
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
    site_attacks: list[tuple[SiteAttack, ...]] = field(default_factory=list)   # coe 2.V.ii, as printed
    # the last automatic-attack a creature from the hazard player's hand (2.V.ii.4): (what it must normally be
    # keyed to, whether a unique one may), None if the site has none
    site_hand_attack: list[tuple[tuple[str, ...], bool] | None] = field(default_factory=list)
    site_heals: list[bool] = field(default_factory=list)          # a wounded character heals here (2.I.1)
    # "If one of your companies is at this site, all attacks against it are canceled" (the Balrog's Moria and
    # Under-gates, the Fallen-wizards' Isengard, Rhosgobel, The White Towers; combat.json "attacks_canceled")
    site_safe: list[bool] = field(default_factory=list)
    neighbours: list[frozenset[int]] = field(default_factory=list)  # moves_from(site), once per site
    made_haven_kinds: tuple[int, ...] = ()                        # site-phase kinds a made Wizardhaven allows
    site_playable_set: list[frozenset[int]] = field(default_factory=list)
    gold_rings: tuple[int, ...] = ()                              # kinds the engine's shortcuts look for
    special_rings: frozenset[int] = frozenset()
    information_sites: tuple[int, ...] = ()                       # non-haven sites where Information is playable
    site_testers: frozenset[int] = frozenset()                    # kinds testing a gold ring in the site phase
    hand_bonus_kinds: frozenset[int] = frozenset()
    gi_change_kinds: frozenset[int] = frozenset()
    storable: bool = False
    organization_kinds: frozenset[int] = frozenset()
    start_site: int = 0
    near: frozenset[int] = frozenset()                            # sites within two moves of the start
    starter_movement: bool = True
    calls_with_card: bool = False                                 # Ringwraith, Balrog: needs Sudden Call
    sideboard_calls: tuple[int, ...] = ()                         # Sudden Call kinds in the sideboard, per copy
    sideboard: tuple[int, ...] = ()          # the sideboard's other resources and characters, per copy (coe 2.4)
    defence: DefenceTables | None = None                          # prowess, body, weapons: what combat needs
    # -- derived from the tables above once they are built (`derive_hot_tables`), for the turn's hot paths --
    plain_play: list[bool] = field(default_factory=list)          # no requirement beyond its uniqueness
    #                                                               (`rules.play.requirements_met` always holds)
    site_value_sites: list[tuple[tuple[int, bool, bool], ...] | None] = field(default_factory=list)   # a
    #                         site-phase kind with sites: (site, a haven, valued half: it needs the site tapped)
    boost_kinds: frozenset[int] = frozenset()                     # the kinds with a `boost`
    mp_characters: frozenset[int] = frozenset()    # non-avatar characters worth MP that may enter play somewhere
    character_kinds: frozenset[int] = frozenset()  # the kinds that are characters
    hazard_kinds: frozenset[int] = frozenset()     # the kinds that are hazards
    faction_kinds: frozenset[int] = frozenset()    # the kinds that are factions
    race_mix: list[int] = field(default_factory=list)   # FREE_RACE and/or SHADOW_RACE: what coe 2.II.3.1.2 sees
    once_per_company_kinds: frozenset[int] = frozenset()   # the kinds that cannot be duplicated in a company
    di_with_restricted: list[int] = field(default_factory=list)   # direct influence, restricted included
    warnings: list[str] = field(default_factory=list)
    # pure functions of these tables memoized across games, by (function name, arguments...): where a company
    # may move (`rules.movement.destinations`), the factions a card may be played on (`rules.play`)
    memo: dict = field(default_factory=dict, repr=False, compare=False)

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




def derive_hot_tables(sim: SimDeck) -> None:
    """The tables a turn reads most, derived once from the others (nothing of the game state in them)."""
    kinds = range(len(sim.kinds))
    sim.plain_play = [not sim.requires[k] and sim.avatars_needed[k] is None and sim.stage_needed[k] == 0
                      and not sim.needs_protected[k] and sim.on[k] not in (ON_FACTION, ON_UNIQUE_FACTION)
                      for k in kinds]
    sim.site_value_sites = [
        tuple((s, sim.site_is_haven[s], sim.site_need[k] == NEED_TAPPED and not sim.site_is_haven[s])
              for s in sim.play_sites[k])
        if sim.phase[k] == PHASE_SITE and sim.play_sites[k] else None for k in kinds]
    sim.boost_kinds = frozenset(k for k in kinds if sim.boost[k])
    sim.mp_characters = frozenset(k for k in kinds if sim.role[k] == ROLE_CHARACTER and sim.mp[k] > 0
                                  and not sim.avatar[k] and sim.character_sites[k])
    sim.character_kinds = frozenset(k for k in kinds if sim.role[k] == ROLE_CHARACTER)
    sim.hazard_kinds = frozenset(k for k in kinds if sim.role[k] == ROLE_HAZARD)
    sim.faction_kinds = frozenset(k for k in kinds if sim.role[k] == ROLE_FACTION)
    sim.race_mix = [(FREE_RACE if not FREE_RACES.isdisjoint(sim.races[k]) else 0)
                    | (SHADOW_RACE if not SHADOW_RACES.isdisjoint(sim.races[k]) else 0) for k in kinds]
    sim.once_per_company_kinds = frozenset(k for k in kinds if sim.once_per_company[k])
    sim.di_with_restricted = [sim.direct_influence[k] + sum(b for b, _ in sim.follower_di[k]) for k in kinds]


# The sub-tables of `SimDeck`: each built by one pass (one row per kind or site, a dict of exactly these
# columns) and checked for length, so that no column can fall out of step with the others.
CARD_COLUMNS = ("role", "mind", "direct_influence", "general_influence", "mp", "mp_category", "unique", "avatar",
                "races", "skills", "leader", "half_size", "item_bit", "character_sites", "sudden_call", "cancels",
                "attack_cancel", "ring_table", "tester", "ring_bonus", "mode", "gi_change", "hand_bonus", "makes_overt",
                "mode_di", "boost", "follower_di")
CONDITION_COLUMNS = ("condition", "phase", "play_sites", "mp_on_play", "site_need", "taps_site", "taps_bearer",
                     "once_per_company", "once_per_site", "once_per_character", "under_leader",
                     "leaves_if_wounded", "guards_controller", "cancels_strike",
                     "play_attacks",
                     "company_need", "makes_haven", "protects", "needs_protected", "made_haven_ok", "bearers",
                     "requires", "avatars_needed", "avatar_there", "stage_needed", "on", "on_items", "ring_kind",
                     "store_sites", "unplayable")
INFLUENCE_COLUMNS = ("check_static", "check_items", "check_in_play", "check_avatar")
MORE_KIND_COLUMNS = ("influence_number", "keep_value", "part")          # each one list, built in one pass
SITE_COLUMNS = ("site_is_haven", "site_dark_haven", "site_under_deeps", "site_links", "site_draw",
                "site_stored_test", "site_test_here", "site_test_bonus", "site_attacks", "site_hand_attack",
                "site_heals", "site_safe")
MORE_SITE_COLUMNS = ("reachable", "reachable_set", "starter", "region_reach", "under_deeps", "site_playable",
                     "site_playable_set", "neighbours")
KIND_COLUMNS = CARD_COLUMNS + CONDITION_COLUMNS + INFLUENCE_COLUMNS + MORE_KIND_COLUMNS
ALL_SITE_COLUMNS = SITE_COLUMNS + MORE_SITE_COLUMNS


def set_columns(sim: SimDeck, table: str, columns: tuple[str, ...], rows: list[dict], count: int) -> None:
    """Set a sub-table's columns from its rows: one row per kind (or site), each with exactly `columns`."""
    if len(rows) != count:
        raise RuntimeError(f"internal: the {table} table has {len(rows)} rows for {count}")
    wanted = set(columns)
    for i, row in enumerate(rows):
        if row.keys() != wanted:
            raise RuntimeError(f"internal: row {i} of the {table} table lacks {sorted(wanted - row.keys())} "
                               f"and has extra {sorted(row.keys() - wanted)}")
    for name in columns:
        setattr(sim, name, [row[name] for row in rows])


def check_lengths(sim: SimDeck) -> None:
    """Every per-kind column has one entry per kind, every per-site column one per site."""
    for names, count, what in ((KIND_COLUMNS, len(sim.kinds), "kinds"), (ALL_SITE_COLUMNS, len(sim.sites), "sites")):
        for name in names:
            if len(getattr(sim, name)) != count:
                raise RuntimeError(f"internal: {name} has {len(getattr(sim, name))} entries for {count} {what}")
