"""The state of one player's side of a game: zones (play deck, hand, discard pile), companies, sites, what is in
play and the score, with the primitive moves that change them (draw, bring a card into play, remove a
character...). Nothing here chooses: a move that needs a choice asks `self.player` (the one such move is the
sideboard exchange at an exhaustion, coe 2.4); the turn (`sim.turn`) decides when each move happens.

Everything a move reads is an integer table of `SimDeck`; the per-game state lives in lists and small slotted
objects, because 10,000 games of 12 turns must run in seconds.
"""

from __future__ import annotations

from deckcheck.cards.play import CHARACTER, THE_BALROG, UNREVEALED_AVATAR
from deckcheck.sim.model import GENERAL_INFLUENCE, HAND_SIZE, SimDeck
from deckcheck.sim.rules.hand import EXCHANGED_AT_EXHAUSTION, hand_size
from deckcheck.sim.rules.leader_factions import leader_bonus, led_factions
from deckcheck.sim.rules.movement import DRAW_BY_DESTINATION
from deckcheck.sim.rules.resource_events import avatar_worth
from deckcheck.sim.streams import GameRandom

AVAILABLE, OCCUPIED, TAPPED, DISCARDED = range(4)   # site states (havens are always available)


class Character:
    __slots__ = ("kind", "tapped", "controller", "followers_mind", "holdings")

    def __init__(self, kind: int, controller: Character | None = None):
        self.kind = kind
        self.tapped = False
        self.controller = controller          # None: under general influence (or the avatar)
        self.followers_mind = 0
        self.holdings: list[int] = []         # items, allies and events it controls


class Ally:
    """An ally in play as combat sees it (coe 2.V.2.2: it faces strikes like a character): its kind and the
    character controlling it, whose `holdings` hold it. `key` names it in `GameState.tapped_allies` and
    `wounded_allies` (an ally's tapped and wounded state, which lasts from one attack to the next)."""

    __slots__ = ("kind", "controller")

    def __init__(self, kind: int, controller: Character):
        self.kind = kind
        self.controller = controller

    @property
    def key(self) -> tuple[Character, int]:
        return self.controller, self.kind


class Company:
    __slots__ = ("site", "characters", "lost")

    def __init__(self, site: int, characters: list[Character]):
        self.site = site
        self.characters = characters
        self.lost = False                     # hazards cost it this turn's site phase


class Board:
    """What both players share in a game against an opponent: the long- and permanent-events in play (hazard
    events and resource environments), each with the pile it is discarded to. `doors` (Doors of Night in
    play) and `boosts` (the attack boosts in play) are kept up to date, since combat reads them at every
    attack."""

    __slots__ = ("events", "doors", "boosts", "tapped", "draws_less", "item_corruption", "lairs", "reserved",
                 "boost_key")

    def __init__(self):
        self.tapped: set[tuple[int, int]] = set()     # (owner, kind): a card in play tapped for its effect
        # (kind, EventSpec, discard pile, owner id, card id): kind indexes the owner's deck
        self.events: list[tuple[int, object, list, int, str]] = []
        self.doors = False
        self.boosts: list = []
        self.boost_key: tuple = ()                    # what the boosts in play change, for the players' memos
        self.draws_less = 0                           # Smaug at Home: each moving company draws one less
        self.item_corruption: dict[str, int] = {}     # Scorba / Itangast at Home: an item class's added points
        self.lairs: list = []                         # the entries of the Dragons "at Home" (added automatic-attacks)
        self.reserved: dict[int, int] = {}            # id(entry) -> the creature kind set aside with it (Summons
        #                                               from Long Sleep), off its owner's hand

    def add(self, kind: int, spec, discard: list, owner: int, card_id: str) -> None:
        self.events.append((kind, spec, discard, owner, card_id))
        self._update()

    def remove(self, entry) -> None:
        """The event leaves play, to its owner's discard pile (a creature reserved with it too)."""
        self._drop(entry)
        entry[2].append(entry[0])
        reserved = self.reserved.pop(id(entry), None)
        if reserved is not None:
            entry[2].append(reserved)
        self._update()

    def remove_from_game(self, entry) -> None:
        """The event leaves play to no pile (a defeated Dragon manifestation, the Dragons rules insert)."""
        self._drop(entry)
        self.reserved.pop(id(entry), None)
        self._update()

    def _drop(self, entry) -> None:
        """This entry itself leaves `events`: two copies of a card in play are equal tuples, and `list.remove`
        would take the first, leaving `reserved` keyed by a gone entry's id (an id a new entry may reuse)."""
        self.events.pop(next(i for i, e in enumerate(self.events) if e is entry))

    def reserves(self, owner: int) -> list:
        """The owner's reserving cards in play (Summons from Long Sleep)."""
        return [e for e in self.events if e[3] == owner and e[1].effect == "reserve_creature"]

    def holds_card(self, card_id: str) -> bool:
        return any(e[4] == card_id for e in self.events)

    def _update(self) -> None:
        self.doors = any(e[1].effect in ("doors_of_night", "doors_considered") for e in self.events)
        self.boosts = [e[1] for e in self.events if e[1].effect == "attack_boost"]
        self.boost_key = (self.doors, *map(id, self.boosts)) if self.boosts else ()
        self.lairs = [e for e in self.events if "lair" in e[1].facts]
        self.draws_less = sum(e[1].facts.get("draws_less", 0) for e in self.lairs)
        self.item_corruption = {}
        for e in self.lairs:
            for size, points in e[1].facts.get("item_corruption", {}).items():   # "greater": Greater Item
                subtype = f"{size.capitalize()} Item"
                self.item_corruption[subtype] = self.item_corruption.get(subtype, 0) + points


class GameState:
    """One side of one game. `player` makes its choices, `hazards` plays hazards on its moves (`sim.players`);
    `opponent` is the opponent's `Side` when a real one is played (its corruption cards sit on our characters).
    `dice` (a function returning 2D6) fixes the rolls of a scenario; `observer` (the referee, the trace) is
    told of each step."""

    def __init__(self, sim: SimDeck, rng: GameRandom, player, hazards, side=None, opponent=None, stats=None,
                 dice=None, observer=None):
        self.sim = sim
        self.rng = rng
        self.player = player
        self.hazards = hazards
        self.side = side                      # our `Side` (its defence tables) when a real opponent is played
        self.defence = side.defence if side is not None else sim.defence   # combat: automatic-attacks too
        self.opponent = opponent
        self.stats = stats                    # our `DuelTally` against that opponent
        self.dice = dice
        self.observer = observer              # the referee or the trace: told of each step, None: nobody
        self.rival = None                     # the opponent's own GameState when both play (`--both`): its uniques
        self.rival_conflicts: list = []       # per kind, the rival's kinds that are the same unique card
        self.draw_by_destination = sim.alignment in DRAW_BY_DESTINATION
        self.ringwraith = sim.alignment == "ringwraith"
        self.balrog = sim.alignment == "balrog"
        self.sideboard_calls = list(sim.sideboard_calls)
        self.sideboard = list(sim.sideboard)    # what may be exchanged at an exhaustion (coe 2.4)
        self.deck = list(sim.play_deck)
        rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.hand: list[int] = []
        self.site_state = [AVAILABLE] * len(sim.sites)
        self.companies: list[Company] = []
        self.used_unique: set[int] = set()    # unique kinds in play or out of the game
        self.in_play = [0] * len(sim.kinds)   # copies of each kind in play (characters, resources, stored)
        self.played = [0] * len(sim.kinds)    # copies of each play-deck kind played this game
        self.gi_used = 0
        self.gi_max = GENERAL_INFLUENCE
        self.avatar_revealed = False
        self.avatar_kind: int | None = None
        self.mode: tuple[str, int] | None = None   # the Ringwraith's mode (coe 2.II.7.R1) and its DI change
        self.gi_bonus_kind: int | None = None     # Bade to Rule, The Lidless Eye, Great Shadow in play
        self.avatar_barred, self.gi_bonus_on = False, None   # Sauron: no avatar; Wizard's Myrmidon's character
        self.made_havens: set[int] = set(sim.start_havens)   # sites our cards made Wizardhavens (Hidden Haven...)
        self.made_haven_cards: dict[int, int] = {}   # such a site -> the kind played there that made it one
        self.protectors = sim.start_protectors    # cards in play that protect one of our Wizardhavens
        self.protected_sites: set[int] = set()
        self.site_cards: set[tuple[int, int]] = set()   # (kind, site): a card "that cannot be duplicated at a
        #                                               given site" played on the site (not borne away)
        self.stage_points = sim.start_stage_points
        self.havens_tapped: set[int] = set()  # havens do not stay tapped: cleared each untap phase
        self.mp = 0
        self.category = [0] * 6
        self.mp_extra: dict[int, int] | None = None   # kind -> MP a copy in play gives above its own (Great Patron)
        self.worth_sources: dict[object, dict[int, int]] = {}   # what raises them: a stage card, an avatar
        self.exhaustions = 0
        self.first_exhaustion: int | None = None   # the turn (round) of the first exhaustion; None: not yet
        self.turn = 0
        self.wounded: set[Character] = set()       # wounded by an attack, until healed at a haven (coe 2.I.1)
        self.stay_tapped: set[Character] = set()   # wounded or healed: they do not untap this turn
        # allies (`Ally.key`) tapped by a strike until the next untap phase, wounded until healed at a haven
        self.tapped_allies: set[tuple[Character, int]] = set()
        self.wounded_allies: set[tuple[Character, int]] = set()
        # (company, card): a company the movement plan keeps at its site for that card of the hand, until the site
        # phase; the others neither play it nor discard it first (`SiteChoices.reserved_for_others`)
        self.staying_for: list[tuple[Company, int]] = []
        self.memo: dict = {}                  # a player's own notes between turns (`players`), never a rule
        # against a real opponent (empty in the goldfish)
        self.corruption_on: dict[Character, list[int]] = {}   # the opponent's corruption cards on our characters
        self.corrupted_this_turn: set[Character] = set()      # coe 7.2.1: one corruption card a turn each
        self.lost = 0                                         # characters removed from play by hazards
        self.board = Board()                                  # shared with the opponent in a duel
        self.on_guard: dict[int, int] = {}                    # id(company) -> the opponent's on-guard card
        self.agents: list = []                                # the opponent's agent hazards in play (rules.agents)
        self.influence_penalty: dict[Character, list[int]] = {}   # Foolish Words on our characters
        self.stopped: set[int] = set()                        # id(company): no site phase this turn
        # the company in its movement/hazard phase once its new site is revealed: "at" no site (coe 2.IV.5)
        self.in_transit = None
        self.hidden: set[int] = set()                         # id(company): no hazard creature on it this turn
        self.avatar_lost = False
        self._start()

    def roll(self) -> int:
        """2D6 (a scenario may fix the rolls with `dice`)."""
        return self.rng.two_d6() if self.dice is None else self.dice()

    # ---- set-up ----------------------------------------------------------------------------------------

    def _start(self) -> None:
        sim = self.sim
        characters = [self.enter(k, None) for k in sim.start_characters]
        for character, item in zip(characters, sim.start_items):
            character.holdings.append(item)
            self.gain(item)
        if characters:
            self.companies.append(Company(sim.start_site, characters))
            self.occupy(sim.start_site)
        self.draw(HAND_SIZE)

    # ---- cards in play ---------------------------------------------------------------------------------

    def enter(self, kind: int, controller: Character | None) -> Character:
        """Bring a character into play under general influence (controller None) or as a follower."""
        sim = self.sim
        character = Character(kind, controller)
        if sim.avatar[kind]:
            self.avatar_revealed = True
            self.avatar_kind = kind
            _unrevealed_bonus_gone(self)
            if sim.general_influence[kind]:
                self.gi_max = sim.general_influence[kind]
            avatar_ability(self, kind)
        elif controller is None:
            self.gi_used += sim.mind[kind]
        else:
            controller.followers_mind += sim.mind[kind]
        self.gain(kind)
        return character

    def gain(self, kind: int, value: int | None = None) -> None:
        """A card comes into play: it counts as in play, a unique one is used, its MP (on play) are scored."""
        if self.sim.unique[kind]:
            self.used_unique.add(kind)
        self.in_play[kind] += 1
        if value is None:
            value = self.sim.mp_on_play[kind] if self.mp_extra is None else self._worth(kind)
        self.score(kind, 1, value)

    def lose_card(self, kind: int, value: int | None = None, out_of_game: bool = False) -> None:
        """A card leaves play: its MP go; a unique one may be played again unless it is out of the game."""
        self.in_play[kind] -= 1
        if self.sim.unique[kind] and not out_of_game:
            self.used_unique.discard(kind)
        if value is None:
            value = self.sim.mp_on_play[kind] if self.mp_extra is None else self._worth(kind)
        self.score(kind, -1, value)

    def _worth(self, kind: int) -> int:
        return self.sim.mp_on_play[kind] + self.mp_extra.get(kind, 0)

    def raise_worth(self, worth: dict[int, int], source: object = None) -> None:
        """Cards become worth more (kind -> what each copy gives above its own MP) while `source` is in play (a
        stage card, an avatar's ability): the copies in play score the difference at once (`rework_worth`)."""
        self.worth_sources[source] = {**self.worth_sources.get(source, {}), **worth}
        rework_worth(self)

    def score(self, kind: int, sign: int, value: int | None = None) -> None:
        value = (self.sim.mp[kind] if value is None else value) * sign
        self.mp += value
        self.category[self.sim.mp_category[kind]] += value

    def occupy(self, site: int) -> None:
        if not self.sim.site_is_haven[site]:
            self.site_state[site] = OCCUPIED

    def leave_site(self, site: int) -> None:
        """A company leaves a non-haven site: discarded if tapped, else back to the location deck."""
        state = self.site_state
        state[site] = DISCARDED if state[site] == TAPPED else AVAILABLE
        if site in self.made_havens:
            discard_made_haven(self, site)

    # ---- zones -----------------------------------------------------------------------------------------

    def draw(self, n: int) -> None:
        deck, hand = self.deck, self.hand
        if len(deck) > n > 0:                 # the deck does not run out: its last n cards, last first
            hand += deck[:-n - 1:-1]
            del deck[-n:]
            return
        for _ in range(n):
            if not deck:
                if not self.discard:
                    return
                self._reshuffle()
            hand.append(deck.pop())
            if not deck:
                self._exhaust()

    def _exhaust(self) -> None:
        """coe 2.4: discarded sites return to the location deck, cards are exchanged with the sideboard
        (`exchange_with_sideboard`), the discard pile becomes the play deck."""
        self.exhaustions += 1
        if self.first_exhaustion is None:
            self.first_exhaustion = self.turn
        state = self.site_state
        for s, value in enumerate(state):
            if value == DISCARDED:
                state[s] = AVAILABLE
        exchange_with_sideboard(self)
        self._reshuffle()

    def _reshuffle(self) -> None:
        """In place: `draw` holds on to the deck and discard lists while it loops."""
        self.deck.extend(self.discard)
        self.discard.clear()
        self.rng.reshuffle(self.deck, self.sim.play_deck_slots)

    def play_from_hand(self, kind: int) -> None:
        self.hand.remove(kind)
        self.played[kind] += 1

    def reset_to_hand_size(self, site: int | None = None) -> None:
        """Draw up to or discard down to the hand size (coe 2.IV.viii, 2.VI.ii); the player says which cards
        go (after a company's movement/hazard phase, it keeps first what it can play at that company's `site`)."""
        hand = self.hand
        extra = len(hand) - hand_size(self)
        if extra > 0:
            drop = self.player.cards_to_drop(self, extra, site)
            self.discard.extend(drop)
            for kind in drop:
                hand.remove(kind)
        elif extra < 0:
            self.draw(-extra)

    def spend(self, kind: int) -> None:
        """Played from hand and straight to the discard pile (a short-event, a mode or ring-test card)."""
        self.play_from_hand(kind)
        self.discard.append(kind)

    # ---- characters and companies ----------------------------------------------------------------------

    def add_to_company(self, character: Character, site: int) -> None:
        """A character entering play joins our company at the site, or forms a new one."""
        for company in self.companies:
            if company.site == site:
                company.characters.append(character)
                return
        self.companies.append(Company(site, [character]))
        self.occupy(site)

    def split_off(self, company: Company, members: list[Character], first: bool = False) -> Company:
        """Some characters of a company form a new company at the same site (coe 2.II.3), placed last (or
        first)."""
        company.characters = [c for c in company.characters if c not in members]
        new = Company(company.site, members)
        if first:
            self.companies.insert(0, new)
        else:
            self.companies.append(new)
        return new

    def avatar_site(self) -> int | None:
        """The site of the company holding our avatar, None while it is not in play."""
        if self.avatar_revealed:
            avatar = self.sim.avatar
            for company in self.companies:
                for character in company.characters:
                    if avatar[character.kind]:
                        return company.site
        return None

    def wraith_company(self) -> Company | None:
        """The company of our avatar (the Ringwraith's), None while it is not in play."""
        if self.avatar_kind is None:
            return None
        for company in self.companies:
            if holds_avatar(self, company):
                return company
        return None

    def eliminate(self, company: Company, character: Character, out_of_game: bool = True) -> None:
        """The character leaves the game (or, not `out_of_game`, goes to the discard pile: a hero discarded by a
        corruption check, coe 7.1); its items and allies are discarded, followers fall to GI or go.

        A company left empty is removed once, after every follower that had to go has gone."""
        self.remove_character(company, character, eliminated=out_of_game)
        if not company.characters:
            self.companies.remove(company)
            if not self.sim.site_is_haven[company.site]:
                self.leave_site(company.site)

    def remove_character(self, company: Company, character: Character, eliminated: bool) -> None:
        """An eliminated character is out of the game; a discarded follower goes to the discard pile."""
        sim = self.sim
        company.characters.remove(character)
        self.lose_card(character.kind, out_of_game=eliminated)
        if sim.avatar[character.kind]:
            self.avatar_kind = None
            drop_worth(self, ("avatar", character.kind))
        _bonus_gone(self, character)
        if character.holdings:
            _led_bonus_gone(self, character)      # factions under an Orc or Troll leader go with him
        if not eliminated:
            self.discard.append(character.kind)
        for held in character.holdings:
            self.lose_card(held)
            self.discard.append(held)
        if character.controller is None:
            if not sim.avatar[character.kind]:
                self.gi_used -= sim.mind[character.kind]
        else:
            character.controller.followers_mind -= sim.mind[character.kind]
        for follower in [c for c in company.characters if c.controller is character]:
            if self.gi_used + sim.mind[follower.kind] <= self.gi_max:
                follower.controller = None
                self.gi_used += sim.mind[follower.kind]
            else:
                self.remove_character(company, follower, eliminated=False)   # coe 2.II.2.2.3, 2.II.8


def holds_avatar(g: GameState, company: Company) -> bool:
    """Our avatar is in the company."""
    avatar = g.avatar_kind
    if avatar is None:
        return False
    for character in company.characters:
        if character.kind == avatar:
            return True
    return False


def discard_ally(g: GameState, ally: Ally) -> None:
    """An ally leaves play to the discard pile (coe 2.V.2.2, 3.I.1: it failed a body check); its MP go."""
    if ally.kind not in ally.controller.holdings:
        return                                # gone already, with its controller
    ally.controller.holdings.remove(ally.kind)
    g.lose_card(ally.kind)
    g.discard.append(ally.kind)
    g.tapped_allies.discard(ally.key)
    g.wounded_allies.discard(ally.key)


def discard_led_factions(g: GameState, character: Character) -> None:
    """The factions under this Orc or Troll leader are discarded (he moved: their text), with the extra MP three
    of them gave."""
    factions = led_factions(g.sim, character)
    if not factions:
        return
    _led_bonus_gone(g, character)
    for kind in factions:
        character.holdings.remove(kind)
        g.lose_card(kind)
        g.discard.append(kind)


def _led_bonus_gone(g: GameState, character: Character) -> None:
    """The leader's factions are about to go: the extra MP three or more of them gave go first."""
    factions = led_factions(g.sim, character)
    bonus = leader_bonus(len(factions))
    if bonus:
        g.score(factions[0], -1, bonus)


def _bonus_gone(g: GameState, character: Character) -> None:
    """A character leaves play: an event raising general influence played on him goes with him, discarded
    (Great Shadow on The Balrog; Wizard's Myrmidon on his character, the mind he freed counted again)."""
    bonus = g.gi_bonus_kind
    if bonus is None:
        return
    sim = g.sim
    change = sim.gi_change[bonus]
    if change.on == THE_BALROG and sim.avatar[character.kind]:
        g.gi_max -= change.general
    elif change.on == CHARACTER and character is g.gi_bonus_on:
        g.gi_max -= sim.mind[character.kind] - change.control
        g.gi_bonus_on = None
    else:
        return
    g.gi_bonus_kind = None
    g.lose_card(bonus)
    g.discard.append(bonus)


def exchange_with_sideboard(g: GameState) -> None:
    """coe 2.4: the exhausting player may exchange up to five cards between his discard pile and sideboard: a
    Ringwraith or Balrog without Sudden Call in its cards brings one in for the discarded card its player values
    least (one of the five), then the player exchanges the others it chooses (`sideboard_exchange`)."""
    room = EXCHANGED_AT_EXHAUSTION
    if g.sideboard_calls and _fetch_sudden_call(g):
        room -= 1
    if not g.sideboard:
        return
    for out, kind in g.player.sideboard_exchange(g, room):
        g.discard.remove(out)
        g.sideboard.remove(kind)
        g.sideboard.append(out)
        g.discard.append(kind)
        if g.observer is not None:
            g.observer.event(g, "sideboard", f"{g.sim.kinds[kind].name} from the sideboard for "
                                             f"{g.sim.kinds[out].name} (coe 2.4)")


def _fetch_sudden_call(g: GameState) -> bool:
    """A Ringwraith or Balrog without Sudden Call in its cards brings one in from the sideboard for the discarded
    card its player values least; whether one came in."""
    has_call = g.sim.sudden_call
    if any(has_call[k] for pile in (g.deck, g.hand, g.discard) for k in pile):
        return False
    call = g.sideboard_calls.pop()
    if g.discard:
        # it goes to the sideboard
        g.discard.remove(min(g.discard, key=lambda k: g.player.keep_value(g, k)))
    g.discard.append(call)
    return True


def to_play_deck(g: GameState, cards: list[int], pile: list[int] | None = None) -> None:
    """Cards of the discard pile (or of `pile`: the sideboard) go into the play deck, which is shuffled (Smoke
    Rings, Longbottom Leaf...)."""
    source = g.discard if pile is None else pile
    for kind in cards:
        source.remove(kind)
    before = list(g.deck) if g.observer is not None else None
    g.deck.extend(cards)
    g.rng.reshuffle(g.deck, g.sim.play_deck_slots)
    if g.observer is not None:
        g.observer.play_deck_shuffled(g, before)


def discard_made_haven(g, site: int) -> None:
    """The card that made the site one of our Wizardhavens is discarded with it (Hidden Haven: when the site
    is discarded or returned to its location deck), its MP and stage points going with it; a starting stage
    card (`sim.start_havens`, no kind played there) leaves the site no haven all the same."""
    sim = g.sim
    g.made_havens.discard(site)
    kind = g.made_haven_cards.pop(site, None)
    if kind is None:
        return
    g.lose_card(kind)
    g.discard.append(kind)
    g.stage_points -= sim.kinds[kind].stage_points or 0


def _unrevealed_bonus_gone(g: GameState) -> None:
    """Our avatar comes into play: a card raising general influence only while he is not revealed is discarded
    ("Discard when you bring your Wizard into play": Saw Further and Deeper), its raise with it."""
    bonus = g.gi_bonus_kind
    if bonus is None or g.sim.gi_change[bonus].on != UNREVEALED_AVATAR:
        return
    g.gi_max -= g.sim.gi_change[bonus].general
    g.gi_bonus_kind = None
    g.lose_card(bonus)
    g.discard.append(bonus)


def avatar_ability(g: GameState, kind: int) -> None:
    """Our avatar comes into play: his ability makes some of our cards worth more while he is (coe 10.F1: "unless
    that value is modified by a ... Fallen-wizard avatar ability"; `rules.resource_events.avatar_worth`)."""
    worth = g.sim.memo.get(("avatar_worth", kind))
    if worth is None:
        worth = g.sim.memo[("avatar_worth", kind)] = avatar_worth(g.sim, kind)
    if worth:
        g.raise_worth(worth, source=("avatar", kind))


def drop_worth(g: GameState, source: object) -> None:
    """The source's raise is gone (its card left play): the copies in play lose what it added."""
    if g.worth_sources.pop(source, None) is not None:
        rework_worth(g)


def rework_worth(g: GameState) -> None:
    """What each kind gives above its own MP: the highest of its sources'; the copies in play score the change."""
    extra: dict[int, int] = {}
    for worth in g.worth_sources.values():
        for kind, more in worth.items():
            if more > extra.get(kind, 0):
                extra[kind] = more
    before = g.mp_extra or {}
    for kind in before.keys() | extra.keys():
        change = extra.get(kind, 0) - before.get(kind, 0)
        if change and g.in_play[kind]:
            g.score(kind, g.in_play[kind], change)
    g.mp_extra = extra
