"""The opponent as a hazard player: its real hazards as tables, its hand, and which hazard it plays where.

    tables = hazard_tables(opponent_sim)            # once per opponent deck
    hand = HazardHand(opponent_sim, rng)            # its play deck, hand and discard pile in one game
    player = HazardPlayer(tables, hand)
    plays = player.choose(move, limit=hazard_limit(size), defender_alignment="wizard")

The turn (`sim.turn.hazards`) asks the hazard player what to play on each moving company and resolves it
(combat, corruption); the player tells its hand what was spent. Heuristics (docs/simulation.md, "The
opponent's hazards"):
- creatures first, the most threatening first (prowess + 2 per strike beyond the first, counting every
  attack, +2 if the attacker chooses defenders), each with a key that is not detainment where the creature
  has one; then corruption cards; never more than the hazard limit;
- the hand keeps creatures, then corruption cards, then everything else; hazard events whose effect the
  simulation does not model are never played and are discarded first (the report lists them with the reason).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.model import HAZARD, leading_int
from deckcheck.cards.names import fold
from deckcheck.cards.site_attacks import race_name
from deckcheck.sim.model import ROLE_HAZARD
from deckcheck.sim.model.sites import site_regions
from deckcheck.sim.players.creature_events import CreatureEventChoices
from deckcheck.sim.players.hazard_events import (
    AGENT,
    CORRUPTION,
    CREATURE,
    EVENT,
    RESOURCE,
    UNMODELLED,
    EventChoices,
)
from deckcheck.sim.rules.agents import (
    Agent,
    card_allows_site,
    home_sites,
    may_move_to,
    may_take_action,
    unique_in_play,
)
from deckcheck.sim.rules.combat import Attack
from deckcheck.sim.rules.corruption import makes_corruption_checks
from deckcheck.sim.rules.events import EventSpec
from deckcheck.sim.rules.hand import hand_size
from deckcheck.sim.rules.keying import (
    CreatureKeys,
    Move,
    best_key,
    creature_keys,
    keys_for,
    normally_keyed,
    printed_detainment,
)

HAND_SIZE = 8
# Hand ranks of the hazard side: kept longest first.
KEEP = {CREATURE: 30, AGENT: 28, EVENT: 25, CORRUPTION: 20, RESOURCE: 10, UNMODELLED: 0}
# The hazard events whose effect the simulation applies (`rules.events`); the others are not played.
MODELLED_EVENTS = frozenset({"doors_of_night", "cancel_environment", "attack_boost", "return_to_origin",
                             "no_site_phase", "hazard_limit", "tap_not_moving", "duplicate_automatic_attacks",
                             "split_off", "recycle_hazard", "region_attack", "cycle_non_hazards",
                             "discard_ring", "boost_automatic_attack", "influence_penalty",
                             "at_home", "doors_considered", "wildernesses", "reserve_creature",
                             "recycle_at_end_of_turn", "attack_from_discard"})
# The opponent's own turn when only its hazards are played (--against without --both): the resources it plays
# or discards per turn, and the cards it draws for its own movement (the mean opponent draw number of the
# catalog's non-haven sites is 2.1, as for our own deck in the goldfish).
OWN_TURN_SPENT = 2
OWN_TURN_DRAW = 2

NOT_MODELLED = "hazard event: its effect is not simulated"
NO_KEY = "creature whose keying condition is not simulated (Under-deeps, Doors of Night, after another attack)"
CORRUPTION_NOT_MODELLED = "corruption card whose condition is not simulated"
AGENT_NOT_PLAYED = "agent without a body or home site in card_db: not simulated"
AGENT_HARMLESS = "agent whose strike takes an item instead of harming: not simulated"
# Said of every agent the hazard player plays: what of agents the simulation leaves out (docs/simulation.md).
AGENT_PARTLY = ("agent: played face-down at a home site, moves a region to meet a company and attacks companies "
                "entering the site it is at; its other agent actions (healing, untapping, returning home, "
                "turning face-down, keying creatures), influence attempts and the card's own text are not "
                "simulated")


@dataclass(slots=True)
class CreatureSpec:
    """A creature card as combat sees it; `attack()` makes one of its attacks."""

    strikes: int
    prowess: int
    body: int | None
    attacks: int
    attacker_chooses: bool
    each_character_faces_strike: bool
    races: tuple[str, ...]
    mp: int
    mp_star: bool
    detainment_against: tuple[str, ...]
    wounded_corruption_check: int | None
    attack_races: tuple[str, ...] = ()  # the races as a cancel names them ("Orcs" -> "Orc")
    tap_cancels_one: bool = False       # the defender may tap a character to cancel one of its attacks (Slayer)
    company_check: bool = False         # every character of the company checks before strikes (Corpse-candle)

    def attack(self, detainment: bool) -> Attack:
        return Attack(strikes=self.strikes, prowess=self.prowess, body=self.body,
                      attacker_chooses=self.attacker_chooses,
                      each_character_faces_strike=self.each_character_faces_strike, detainment=detainment,
                      races=self.attack_races, company_check=self.company_check)

    @property
    def threat(self) -> int:
        return self.prowess + 2 * (max(self.strikes, 1) * self.attacks - 1) + (2 if self.attacker_chooses else 0)


@dataclass(slots=True)
class CorruptionSpec:
    corruption: int
    not_races: frozenset[str]
    company_at_most: int | None
    check: str | None                   # when it forces a check (combat_facts.CHECK_TRIGGERS), None: only at the end
    remove_above: int | None            # the roll that removes it (coe 7.3), None: it cannot be removed by a roll
    checks_plus_company: bool = False   # every check of its bearer + his company's size (Alone and Unadvised)
    discard_company_from: int | None = None   # discarded once its bearer's company has this many characters
    check_now: int | None = None        # a short-event: one check at once with this modifier (Dragon-sickness)
    bearing: frozenset[str] = frozenset()   # item subtypes its target must bear ("Major Item", from "major")


@dataclass(slots=True)
class AgentSpec:
    """An agent card as the hazard player plays it (coe 2.IV.vii.1): its prowess and body (a prowess the catalog
    leaves out is 0: it drops zero values), its home sites (folded names), its MP (kill MP for a hero or
    Fallen-wizard defender, 3.v) and races."""

    prowess: int
    body: int
    homes: frozenset[str]
    mp: int
    races: tuple[str, ...]
    home_regions: frozenset[str] = frozenset()   # the regions of its home sites (folded), where it moves from
    only_sites: frozenset[str] | None = None     # its card: it moves only to these sites (folded) ...
    only_regions: frozenset[str] = frozenset()   # ... or to a site in these regions
    not_types: frozenset[str] = frozenset()      # its card: never to these site types


@dataclass
class HazardTables:
    """The opponent deck's play-deck cards as the hazard model sees them, indexed like its `SimDeck.kinds`."""

    name: str
    alignment: str
    cards: list
    use: list[int] = field(default_factory=list)                     # CREATURE, CORRUPTION, UNMODELLED, RESOURCE
    keys: list[CreatureKeys | None] = field(default_factory=list)
    doors_keys: list[CreatureKeys | None] = field(default_factory=list)   # more keys under Doors of Night
    event: list[EventSpec | None] = field(default_factory=list)
    creature: list[CreatureSpec | None] = field(default_factory=list)
    corruption: list[CorruptionSpec | None] = field(default_factory=list)
    agent: list[AgentSpec | None] = field(default_factory=list)
    keep: list[int] = field(default_factory=list)
    not_played: dict[int, str] = field(default_factory=dict)          # kind -> why the model never plays it
    effects: frozenset[str] = frozenset()      # the event effects the deck holds (its choices skip the others)
    # derived from the columns above once (`derive_hazard_views`), for the choices' hot paths
    event_effect: list[str | None] = field(default_factory=list)     # a modelled event's effect, else None
    event_kinds: frozenset[int] = frozenset()
    creature_kinds: frozenset[int] = frozenset()
    corruption_kinds: frozenset[int] = frozenset()
    agent_kinds: frozenset[int] = frozenset()
    doors_help_kinds: frozenset[int] = frozenset()   # what Doors of Night helps (`EventChoices.doors_helps`)
    threat: list[int] = field(default_factory=list)  # a creature's `CreatureSpec.threat`, else 0
    # (kind, move, defending alignment) -> (key, detainment) or None: memoized across games (`choose_creatures`)
    keyed: dict = field(default_factory=dict, repr=False, compare=False)


def _int(value, default: int = 0) -> int:
    number = leading_int(value)
    return default if number is None else number


def hazard_tables(sim) -> HazardTables:
    """Tables of an opponent's `SimDeck` (its `kinds` and `play_deck`): which cards it can play as hazards."""
    facts = load_combat_facts()
    creatures, corruption_cards = facts.get("creatures", {}), facts.get("corruption_cards", {})
    events, agents = facts.get("events", {}), facts.get("agents", {})
    tables = HazardTables(name=sim.name, alignment=sim.alignment, cards=list(sim.kinds))
    in_play_deck = set(sim.play_deck)
    for kind, card in enumerate(sim.kinds):
        use, keys, creature, corruption, event, doors_keys, agent = RESOURCE, None, None, None, None, None, None
        if card.agent and (card.type == HAZARD or sim.role[kind] == ROLE_HAZARD):   # an agent played as a hazard
            own = agents.get(card.id, {})
            agent = None if own.get("harmless_strike") else agent_spec(card, own)
            use = AGENT if agent is not None else UNMODELLED
            if agent is None:
                tables.not_played[kind] = AGENT_HARMLESS if own.get("harmless_strike") else AGENT_NOT_PLAYED
        elif card.type == HAZARD and card.is_creature:
            own = creatures.get(card.id, {})
            keys = creature_keys(card.keyed_to, own)
            if "with_doors_of_night" in own:
                doors = own["with_doors_of_night"]
                doors_keys = creature_keys(doors.get("keyed_to"), doors)
            if keys.playable or doors_keys is not None:
                use = CREATURE
                creature = CreatureSpec(
                    strikes=own.get("strikes") or max(1, _int(card.strikes, 1)),
                    prowess=_int(card.prowess), body=leading_int(card.body),
                    attacks=own.get("attacks", 1), attacker_chooses=own.get("attacker_chooses", False),
                    each_character_faces_strike=own.get("each_character_faces_strike", False),
                    races=tuple(card.races), mp=card.mp or 0, mp_star=card.mp_star,
                    detainment_against=tuple(own.get("detainment_against", ())),
                    wounded_corruption_check=own.get("wounded_corruption_check"),
                    attack_races=tuple(race_name(r) for r in card.races),
                    tap_cancels_one=own.get("tap_cancels_one", False),
                    company_check=own.get("company_corruption_check", False))
            else:
                use = UNMODELLED
                tables.not_played[kind] = NO_KEY
        elif card.type == HAZARD and card.id in corruption_cards:
            own = corruption_cards[card.id]
            if own.get("modelled"):
                use = CORRUPTION
                corruption = CorruptionSpec(
                    corruption=own.get("corruption", 0), not_races=frozenset(own.get("not_races", ())),
                    company_at_most=own.get("company_at_most"), check=own.get("check"),
                    remove_above=own.get("remove_above"),
                    checks_plus_company=own.get("checks_plus_company", False),
                    discard_company_from=own.get("discard_company_from"), check_now=own.get("check_now"),
                    bearing=frozenset(f"{size.capitalize()} Item" for size in own.get("bearing", ())))
            else:
                use = UNMODELLED
                tables.not_played[kind] = CORRUPTION_NOT_MODELLED
        elif card.type == HAZARD and events.get(card.id, {}).get("effect") in MODELLED_EVENTS:
            use = EVENT
            event = EventSpec.of(events[card.id])
        elif card.type == HAZARD:
            use = UNMODELLED
            tables.not_played[kind] = NOT_MODELLED
        if kind not in in_play_deck:
            tables.not_played.pop(kind, None)
        tables.use.append(use)
        tables.keys.append(keys)
        tables.doors_keys.append(doors_keys)
        tables.event.append(event)
        tables.creature.append(creature)
        tables.corruption.append(corruption)
        tables.agent.append(agent)
        tables.keep.append(KEEP[use] + (creature.threat if creature else 0))
    tables.effects = frozenset(spec.effect for spec in tables.event if spec is not None)
    derive_hazard_views(tables)
    return tables


def agent_spec(card, own: dict | None = None) -> AgentSpec | None:
    """The agent's facts from the catalog (prowess, body, home sites) and from its text (`own`: combat.json's
    "agents", where it may move); None where its body or home sites are missing (the simulation does not play
    it)."""
    body, homes = leading_int(card.body), home_sites(card.home_site)
    if body is None or not homes:
        return None
    regions = site_regions()
    only = (own or {}).get("moves_only_to")
    return AgentSpec(prowess=_int(card.prowess), body=body, homes=homes, mp=card.mp or 0,
                     races=tuple(race_name(r) for r in card.races if r != "Hazard Agent"),
                     home_regions=frozenset(r for home in homes for r in regions.get(home, ())),
                     only_sites=frozenset(fold(n) for n in only["sites"]) if only else None,
                     only_regions=frozenset(fold(n) for n in only["regions"]) if only else frozenset(),
                     not_types=frozenset((own or {}).get("cannot_move_to", ())))


def derive_hazard_views(t: HazardTables) -> None:
    """The views of the tables the hazard player reads at every move, derived once."""
    kinds = range(len(t.use))
    t.event_effect = [t.event[k].effect if t.use[k] == EVENT else None for k in kinds]
    t.event_kinds = frozenset(k for k in kinds if t.use[k] == EVENT)
    t.creature_kinds = frozenset(k for k in kinds if t.use[k] == CREATURE)
    t.corruption_kinds = frozenset(k for k in kinds if t.use[k] == CORRUPTION)
    t.agent_kinds = frozenset(k for k in kinds if t.use[k] == AGENT)
    t.doors_help_kinds = frozenset(k for k in kinds if (t.use[k] == CREATURE and t.doors_keys[k] is not None) or (
        t.use[k] == EVENT and (t.event[k].needs_doors or "doors" in t.event[k].facts
                               or "doors_regions" in t.event[k].facts)))
    t.threat = [t.creature[k].threat if t.creature[k] is not None else 0 for k in kinds]


class HazardHand:
    """The opponent's cards when only its hazards are played (`--against`): play deck, hand and discard pile.

    With `--both` the opponent's own game holds its cards instead (same attributes: hand, discard, draw,
    play_from_hand)."""

    def __init__(self, sim, rng: random.Random, keep: list[int]):
        self.rng = rng
        self.deck = list(sim.play_deck)
        rng.shuffle(self.deck)
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.keep = keep
        self.exhaustions = 0
        self.draw(HAND_SIZE)

    def draw(self, n: int) -> None:
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    return
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
                self.exhaustions += 1
            self.hand.append(self.deck.pop())

    def play_from_hand(self, kind: int) -> None:
        self.hand.remove(kind)

    def reset_to_hand_size(self, site=None) -> None:
        """Draw up to or discard down to 8, discarding the cards the hazard model values least."""
        hand = self.hand
        if len(hand) > HAND_SIZE:
            hand.sort(key=lambda k: self.keep[k])
            self.discard.extend(hand[: len(hand) - HAND_SIZE])
            del hand[: len(hand) - HAND_SIZE]
        elif len(hand) < HAND_SIZE:
            self.draw(HAND_SIZE - len(hand))

    def own_turn(self, uses: list[int]) -> None:
        """The opponent's own turn, reduced to its card flow: up to two resources played or discarded, two cards
        drawn for its movement, the hand reset (coe 2.VI)."""
        spent = 0
        for kind in sorted(self.hand, key=lambda k: self.keep[k]):
            if spent == OWN_TURN_SPENT:
                break
            if uses[kind] in (RESOURCE, UNMODELLED):
                self.hand.remove(kind)
                self.discard.append(kind)
                spent += 1
        self.draw(OWN_TURN_DRAW)
        self.reset_to_hand_size()


def creature_key(t: HazardTables, kind: int, move: Move, defender_alignment: str, doors: bool = False
                 ) -> tuple[str, bool] | None:
    """The key the hazard player plays the creature with against this move (with Doors of Night in play or
    not) and whether it is detainment, None if it cannot be played here; a pure function of the tables and
    the move, computed once (`t.keyed`)."""
    memo = (kind, move, defender_alignment, doors)
    found = t.keyed.get(memo, False)
    if found is False:
        keys = keys_for(t.keys[kind], move)
        if doors and t.doors_keys[kind] is not None:
            keys += keys_for(t.doors_keys[kind], move)
        found = None
        if keys:
            spec = t.creature[kind]
            found = best_key(keys, spec.races, defender_alignment, move, spec.detainment_against)
        t.keyed[memo] = found
    return found


class HazardPlayer(EventChoices, CreatureEventChoices):
    """Chooses the hazards the opponent plays on one company; `cards` holds its hand (a HazardHand, or the
    opponent's own `GameState` when both sides play full turns)."""

    plays_cards = True
    cancellable = False
    active = True

    def __init__(self, tables: HazardTables, cards):
        self.tables = tables
        self.cards = cards
        self._events_seen: tuple[list[int], dict] | None = None   # `EventChoices._events`

    def choose_creatures(self, move: Move, limit: int, defender_alignment: str, doors: bool = False
                         ) -> list[tuple[int, str, bool]]:
        """Creatures from hand keyable to this move, most threatening first: [(kind, key, detainment), ...].

        Every copy in hand is an option (two Orc-patrols may attack the same company), a unique creature once."""
        t = self.tables
        options = []
        chosen: dict[int, tuple | None] = {}
        for kind in filter(t.creature_kinds.__contains__, self.cards.hand):
            if kind in chosen:
                if chosen[kind] is not None and not t.cards[kind].unique:
                    options.append(chosen[kind])
                continue
            keyed = creature_key(t, kind, move, defender_alignment, doors)
            option = None
            if keyed is not None:
                key, detainment = keyed
                option = (detainment, -t.threat[kind], kind, key)
                options.append(option)
            chosen[kind] = option
        options.sort()
        return [(kind, key, detainment) for detainment, _, kind, key in options[:limit]]

    def on_guard_creature(self, chosen: list[tuple[int, str, bool]], site_move: Move, defender_alignment: str,
                          doors: bool, automatic_attacks: int) -> tuple[int, bool] | None:
        """Of the creatures chosen for this company (most threatening first), the first that may be keyed to
        its new site itself (site type or name, coe 2.V.i), when the site has automatic-attacks: (kind,
        detainment). It is placed on-guard instead of played now (a heuristic: it attacks after the
        automatic-attacks, on characters they tapped or wounded, and comes back to hand if the company does not
        enter)."""
        if automatic_attacks <= 0:
            return None
        for kind, _key, _detainment in chosen:
            keyed = creature_key(self.tables, kind, site_move, defender_alignment, doors)
            if keyed is not None:
                return kind, keyed[1]
        return None

    def automatic_attack_creature(self, hand_attack: tuple[tuple[str, ...], bool], defender_alignment: str
                                  ) -> tuple[int, bool] | None:
        """coe 2.V.ii.4: the creature from hand played as the site's last automatic-attack ("one non-unique
        hazard creature from his hand normally keyed to a Shadow-hold"): the most threatening one in hand the
        site allows (`hand_attack`: what it must normally be keyed to, whether a unique one may), with whether it
        is detainment (only as printed: an automatic-attack is not keyed); None if none. It is always played (a
        heuristic: it costs no hazard limit, and the company has chosen to enter)."""
        symbols, unique_allowed = hand_attack
        t = self.tables
        best = None
        for kind in set(self.cards.hand):
            if t.use[kind] != CREATURE or (t.cards[kind].unique and not unique_allowed):
                continue
            if t.keys[kind] is not None and normally_keyed(t.keys[kind], symbols):
                option = (-t.creature[kind].threat, kind)
                best = option if best is None or option < best else best
        if best is None:
            return None
        kind = best[1]
        return kind, printed_detainment(defender_alignment, t.creature[kind].detainment_against)

    def agent_to_meet(self, site: str, agents: list[Agent]) -> int | None:
        """An agent of the hand to play on a company whose new site (its site, for a company that does not move)
        is one of the agent's home sites: played now (coe 2.IV.vii.1), it is at that site face-down and attacks
        the company as it enters (2.V.iii) at +5 prowess, choosing the defending character (3.ii.4, 3.iv.6.1).
        The one with most prowess (then body), a unique one not in play; None if none. A heuristic: it comes
        before the creatures (2D6 + prowess + 5 outdoes the hand's creatures)."""
        return self._agent(lambda spec: site in spec.homes, agents)

    def agent_to_wait(self, sites: frozenset[str], agents: list[Agent]) -> int | None:
        """With the hazard limit left after every other hazard: an agent of the hand with a home site among
        `sites` (the non-haven sites of the resource player's location deck), played to wait there face-down
        for a company (a heuristic: the limit would go unused otherwise). None if none."""
        return self._agent(lambda spec: not spec.homes.isdisjoint(sites), agents)

    def _agent(self, fits, agents: list[Agent]) -> int | None:
        t = self.tables
        best = None
        for kind in set(filter(t.agent_kinds.__contains__, self.cards.hand)):
            spec = t.agent[kind]
            if not fits(spec) or unique_in_play(kind, t.cards[kind].unique, agents):
                continue
            option = (-spec.prowess, -spec.body, kind)
            best = option if best is None or option < best else best
        return None if best is None else best[2]

    def agent_to_move(self, site: str, region: str, site_type: str, regions: dict, agents: list[Agent], turn: int
                      ) -> Agent | None:
        """With the limit left after the creatures: an agent in play that may move (coe 4.1: one against the
        limit, in play since the start of the turn, one action a turn) to the company's new site, in the same
        region as its own or an adjacent one, and is not there already: the one with most prowess, to attack the
        company as it enters (face-down away from home: +2, 3.iv.6.1). None if none. A heuristic: it moves only
        to meet a company, never towards one."""
        t = self.tables
        best = None
        for agent in agents:
            spec = t.agent[agent.kind]
            if agent.site == site or (agent.site is None and site in spec.homes) \
                    or not may_take_action(agent, turn) or not may_move_to(agent, spec.home_regions, region, regions) \
                    or not card_allows_site(site, region, site_type, spec.only_sites, spec.only_regions,
                                            spec.not_types):
                continue
            option = (-spec.prowess, -spec.body, agent.kind)
            best = (option, agent) if best is None or option < best[0] else best
        return None if best is None else best[1]

    def agent_attacks(self, agent: Agent, canceled: bool) -> bool:
        """Whether the agent at the company's site attacks it as it enters (coe 2.V.iii: the hazard player may
        declare it): always, unless the site cancels every attack on the company (a heuristic: the attack costs
        no hazard limit)."""
        return not canceled

    def corruption_cards(self) -> list[int]:
        """Corruption cards in hand, most corruption points first (each copy once)."""
        t = self.tables
        return sorted(filter(t.corruption_kinds.__contains__, self.cards.hand),
                      key=lambda k: (-t.corruption[k].corruption, k))

    def corruption_target(self, g, company, kind: int, points):
        """The character of our company to put the corruption card on: the eligible one with most corruption
        points (then most MP); `points(character)` counts them. coe 7.2.1: one corruption card per character per
        turn; the card's own race and company-size limits; one forcing a check at once (Dragon-sickness) only on a
        character bearing what it names and whose check may fail."""
        spec = self.tables.corruption[kind]
        if spec.company_at_most is not None and len(company.characters) > spec.company_at_most:
            return None
        races_of = g.defence.races
        best, best_key = None, None
        kinds = g.sim.kinds
        for character in company.characters:
            races = races_of[character.kind]
            if (character in g.corrupted_this_turn or spec.not_races.intersection(races)
                    or not makes_corruption_checks(races) or kind in g.corruption_on.get(character, ())):
                continue
            if spec.bearing and not any(spec.bearing.intersection(kinds[h].subtypes) for h in character.holdings):
                continue
            if spec.check_now is not None and points(character) - spec.check_now < 2:
                continue                          # 2D6 + the modifier above his points: the check cannot fail
            key = (points(character), g.sim.mp[character.kind])
            if best_key is None or key > best_key:
                best, best_key = character, key
        return best

    def non_hazards(self) -> list[int]:
        """The cards of the hand that are not hazards (its resources and characters)."""
        use = self.tables.use
        return [k for k in self.cards.hand if use[k] == RESOURCE]

    def hand_size(self) -> int:
        """The hand size of the hazard player's cards: 8 for its hazards alone, its own game's with `--both`."""
        return HAND_SIZE if isinstance(self.cards, HazardHand) else hand_size(self.cards)

    def spend(self, kind: int) -> None:
        """The card leaves the hand as played (to the discard pile once resolved, or onto a character); a full
        game (`--both`) counts it among the cards its player played."""
        self.cards.play_from_hand(kind)

    def set_aside(self, kind: int) -> None:
        """The card leaves the hand face down, not played (on-guard, coe 2.IV.vii.4)."""
        self.cards.hand.remove(kind)

    def revealed(self, kind: int) -> None:
        """A card set aside is revealed and played: a full game (`--both`) counts it as played then."""
        played = getattr(self.cards, "played", None)
        if played is not None:
            played[kind] += 1

    def discard(self, kind: int) -> None:
        self.cards.discard.append(kind)
