"""The goldfish: one game of a deck's own turns, played by written-down heuristics that follow the rules.

The turn sequence follows coe 2 (and MELE "The Player Turn"): untap; organization (store cards at a haven, one
character into play under general or direct influence, organization-phase resources, ring tests, a Ringwraith's
mode, then companies join at havens and split towards sites and each picks its destination by the movement its
player may use: starter, region, Under-deeps); movement/hazard (draw by the site's numbers, at least one; the
hazard model, the seam a real opponent plugs into); site phase (each resource by its play condition from
`card_db/play.json`: items, allies, factions with an influence check and its standard modifications, events;
the site taps, then one additional minor item); end of turn (discard one card a player would not keep, reset
the hand to 8). Between our turns the opponent's turn is modelled only for our deck flow: we play up to two
hazards on them, draw for their movement and reset the hand. docs/simulation.md lists what is and is not
modelled.

Everything a turn needs is an integer table of `SimDeck`; the per-game state lives in local variables and
small slotted objects, because 10,000 games of 12 turns must run in seconds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from deckcheck.analysis.scoring import half_rule_total
from deckcheck.analysis.sim.tables import (
    BALROG_MOVE_BONUS,
    COMPANY_ANY,
    COMPANY_COVERT,
    GENERAL_INFLUENCE,
    HAND_SIZE,
    NEED_ANY,
    NEED_TAPPED,
    NEED_UNTAPPED,
    ON_FACTION,
    ON_ITEM,
    ON_NONE,
    ON_PALANTIR,
    ON_UNIQUE_FACTION,
    PHASE_ORGANIZATION,
    PHASE_SITE,
    ROLE_ALLY,
    ROLE_CHARACTER,
    ROLE_EVENT,
    ROLE_FACTION,
    ROLE_HAZARD,
    ROLE_ITEM,
    SimDeck,
)

# The opponent's hazards against our moving companies: P(the company loses its site phase),
# P(one non-avatar character is eliminated), per move to a non-haven site. This is the hazard seam: a real
# opponent (`sim.duel.MatchGame`) overrides `move` instead.
HAZARD_MODELS = {"none": (0.0, 0.0), "light": (0.15, 0.05), "heavy": (0.35, 0.15)}
# Cards we draw during the opponent's movement (the mean opponent draw number of non-haven sites is 2.1).
OPPONENT_MOVE_DRAW = 2
# Hazards we play on the opponent per turn: the hazard limit of a small company.
HAZARDS_PER_OPPONENT_TURN = 2
MAX_COMPANIES = 3
MAX_COMPANY_SIZE = 7                  # away from a haven (coe 2.II.3.1)
MINOR_ITEM_BIT = 1
# coe 2.IV.v: a moving company draws cards only if it holds the avatar or a character of at least this mind.
DRAWING_MIND = 3
# coe 2.IV.v.F1, B1: these players draw by the new site even when moving to a haven.
DRAW_BY_DESTINATION = frozenset({"fallen-wizard", "balrog"})
# The end-of-turn discard (coe 2.VI.i): a card kept at this rank or below is not worth its place in hand
# (hazards beyond the ones the opponent's turn uses, events worth no MP, cards that cannot be played).
DISCARD_AT_OR_BELOW = 1
# coe "RINGWRAITH EFFECTS" (MELE p. 58): a ring in the Ringwraith's company is tested at the beginning of the
# end-of-turn phase, modified by -2.
RINGWRAITH_RING_TEST = -2
# P(2D6 > n) for n = -1..13: an influence check's odds, for choosing where to go.
_P_ABOVE = [1.0] * 3 + [1 - sum(min(r - 1, 13 - r) for r in range(2, n + 1)) / 36 for n in range(2, 13)] + [0.0]

AVAILABLE, OCCUPIED, TAPPED, DISCARDED = range(4)   # site states (havens are always available)
# The odds of each 2D6 result, and of the better of two such rolls (Wizard's Test).
TWO_DICE = {r: (6 - abs(r - 7)) / 36 for r in range(2, 13)}
_AT_MOST = {r: sum(p for q, p in TWO_DICE.items() if q <= r) for r in range(1, 13)}
BEST_OF_TWO = {r: _AT_MOST[r] ** 2 - _AT_MOST[r - 1] ** 2 for r in range(2, 13)}


def p_check_above(number: int) -> float:
    """P(2D6 > number)."""
    if number < 2:
        return 1.0
    if number >= 12:
        return 0.0
    return _P_ABOVE[number + 1]


class Character:
    __slots__ = ("kind", "tapped", "controller", "followers_mind", "holdings")

    def __init__(self, kind: int, controller: Character | None = None):
        self.kind = kind
        self.tapped = False
        self.controller = controller          # None: under general influence (or the avatar)
        self.followers_mind = 0
        self.holdings: list[int] = []         # items, allies and events it controls


class Company:
    __slots__ = ("site", "characters", "lost")

    def __init__(self, site: int, characters: list[Character]):
        self.site = site
        self.characters = characters
        self.lost = False                     # hazards cost it this turn's site phase


@dataclass
class Tally:
    """Integer sums over games: adding two tallies gives the tally of both, in any order."""

    turns: int
    kinds: int
    games: int = 0
    mp_sum: list[int] = field(default_factory=list)
    mp_sq: list[int] = field(default_factory=list)
    reached: list[int] = field(default_factory=list)      # games with MP >= threshold after turn t
    called: list[int] = field(default_factory=list)       # games called by the end of turn t
    exhausted_games: int = 0                              # games whose play deck ran out within the turns
    exhausted_within_turn_sum: int = 0                    # sum of the first exhaustion's turn over those
    held: list[int] = field(default_factory=list)         # per kind: turn-ends it stayed in hand
    opening_kind: list[int] = field(default_factory=list)   # per kind: opening hands with >= 1 copy
    played: list[int] = field(default_factory=list)       # per kind: copies played by the last reported turn
    played_games: list[int] = field(default_factory=list)   # per kind: games with >= 1 copy played by then
    drawn_games: list[int] = field(default_factory=list)    # per kind: games with >= 1 copy drawn by then
    opening_character: int = 0                           # opening hands with >= 1 character
    opening_playable_character: int = 0
    opening_reachable_resource: int = 0
    opening_both: int = 0
    final_category: list[int] = field(default_factory=lambda: [0] * 6)   # MP by source after the last turn
    final_half_rule: int = 0                              # total after coe 10.3.iv, summed over games

    def __post_init__(self) -> None:
        for name in ("mp_sum", "mp_sq", "reached", "called"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.turns)
        for name in ("held", "opening_kind", "played", "played_games", "drawn_games"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.kinds)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        for name in ("mp_sum", "mp_sq", "reached", "called", "held", "opening_kind", "final_category", "played",
                     "played_games", "drawn_games"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, value in enumerate(theirs):
                mine[i] += value
        for name in ("exhausted_games", "exhausted_within_turn_sum", "final_half_rule", "opening_character",
                     "opening_playable_character", "opening_reachable_resource", "opening_both"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def game_rng(seed: int, game: int) -> random.Random:
    """Each game has its own generator, so results do not depend on how games are split among workers."""
    return random.Random(seed * 1_000_003 + game)


class Game:
    """One game. `play()` runs it and adds its numbers to a `Tally`."""

    def __init__(self, sim: SimDeck, rng: random.Random, hazards: str = "none"):
        self.sim = sim
        self.rng = rng
        self.p_lose, self.p_kill = HAZARD_MODELS[hazards]
        self.draw_by_destination = sim.alignment in DRAW_BY_DESTINATION
        self.ringwraith = sim.alignment == "ringwraith"
        self.balrog = sim.alignment == "balrog"
        self.sideboard_calls = list(sim.sideboard_calls)
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
        self.gi_bonus_kind: int | None = None     # Bade to Rule in play
        self.made_havens: set[int] = set(sim.start_havens)   # sites our cards made Wizardhavens (Hidden Haven...)
        self.protectors = sim.start_protectors    # cards in play that protect one of our Wizardhavens
        self.protected_sites: set[int] = set()
        self._played_at: int | None = None        # the site of the company an organization-phase card was
        #                                           played at (set by _organization_bearer)
        self.stage_points = sim.start_stage_points
        self.havens_tapped: set[int] = set()  # havens do not stay tapped: cleared each untap phase
        self.mp = 0
        self.category = [0] * 6
        self.exhaustions = 0
        self.first_exhaustion: int | None = None   # the turn (round) of the first exhaustion; None: not yet
        self.turn = 0
        self._start()

    # ---- setup ---------------------------------------------------------------------------------------

    def _start(self) -> None:
        sim = self.sim
        characters = [self._enter(k, None) for k in sim.start_characters]
        for character, item in zip(characters, sim.start_items):
            character.holdings.append(item)
            self._gain(item)
        if characters:
            self.companies.append(Company(sim.start_site, characters))
            self._occupy(sim.start_site)
        self.draw(HAND_SIZE)

    def _enter(self, kind: int, controller: Character | None) -> Character:
        """Bring a character into play under general influence (controller None) or as a follower."""
        sim = self.sim
        character = Character(kind, controller)
        if sim.avatar[kind]:
            self.avatar_revealed = True
            self.avatar_kind = kind
            if sim.general_influence[kind]:
                self.gi_max = sim.general_influence[kind]
        elif controller is None:
            self.gi_used += sim.mind[kind]
        else:
            controller.followers_mind += sim.mind[kind]
        self._gain(kind)
        return character

    def _gain(self, kind: int, value: int | None = None) -> None:
        """A card comes into play: it counts as in play, a unique one is used, its MP (on play) are scored."""
        if self.sim.unique[kind]:
            self.used_unique.add(kind)
        self.in_play[kind] += 1
        self._score(kind, 1, self.sim.mp_on_play[kind] if value is None else value)

    def _lose_card(self, kind: int, value: int | None = None, out_of_game: bool = False) -> None:
        """A card leaves play: its MP go; a unique one may be played again unless it is out of the game."""
        self.in_play[kind] -= 1
        if self.sim.unique[kind] and not out_of_game:
            self.used_unique.discard(kind)
        self._score(kind, -1, self.sim.mp_on_play[kind] if value is None else value)

    def _score(self, kind: int, sign: int, value: int | None = None) -> None:
        value = (self.sim.mp[kind] if value is None else value) * sign
        self.mp += value
        self.category[self.sim.mp_category[kind]] += value

    def _occupy(self, site: int) -> None:
        if not self.sim.site_is_haven[site]:
            self.site_state[site] = OCCUPIED

    # ---- cards ---------------------------------------------------------------------------------------

    def draw(self, n: int) -> None:
        deck, hand = self.deck, self.hand
        for _ in range(n):
            if not deck:
                if not self.discard:
                    return
                self._reshuffle()
            hand.append(deck.pop())
            if not deck:
                self._exhaust()

    def _exhaust(self) -> None:
        """coe 2.4: discarded sites return to the location deck, the discard pile becomes the play deck."""
        self.exhaustions += 1
        if self.first_exhaustion is None:
            self.first_exhaustion = self.turn
        state = self.site_state
        for s, value in enumerate(state):
            if value == DISCARDED:
                state[s] = AVAILABLE
        if self.sideboard_calls:
            self._fetch_sudden_call()
        self._reshuffle()

    def _fetch_sudden_call(self) -> None:
        """coe 2.4 lets the exhausting player exchange cards between discard pile and sideboard: a Ringwraith
        or Balrog without Sudden Call in its cards brings one in for its least useful discarded card."""
        has_call = self.sim.sudden_call
        if any(has_call[k] for pile in (self.deck, self.hand, self.discard) for k in pile):
            return
        call = self.sideboard_calls.pop()
        if self.discard:
            self.discard.remove(min(self.discard, key=self.keep_value))   # goes to the sideboard
        self.discard.append(call)

    def _reshuffle(self) -> None:
        """In place: `draw` holds on to the deck and discard lists while it loops."""
        self.deck.extend(self.discard)
        self.discard.clear()
        self.rng.shuffle(self.deck)

    def keep_value(self, kind: int) -> int:
        if self.sim.unique[kind] and kind in self.used_unique:
            return -10                         # a unique card already in play: dead
        return self.sim.keep_value[kind]

    def play_from_hand(self, kind: int) -> None:
        self.hand.remove(kind)
        self.played[kind] += 1

    def reset_hand(self) -> None:
        """coe 2.VI: discard one card not worth keeping (2.VI.i), then draw up to or discard down to the hand size.

        A player discards at the end of a turn the card he least wants: a unique already in play, a card that
        cannot be played here, an event worth no marshalling points, a hazard beyond the two the opponent's
        turn uses; a card he may yet play stays (docs/simulation.md, "End of turn")."""
        hand = self.hand
        if hand:
            sim = self.sim
            role, keep = sim.role, self.keep_value         # a subclass may rank cards its own way (sim.duel)
            spare_hazards = sum(1 for k in hand if role[k] == ROLE_HAZARD) <= HAZARDS_PER_OPPONENT_TURN
            worst, worst_value = None, DISCARD_AT_OR_BELOW + 1
            for kind in hand:
                value = keep(kind)
                if role[kind] == ROLE_HAZARD and spare_hazards:
                    value += 1
                elif sim.cancels[kind] and self.p_lose:
                    value = 2                              # kept against the hazards
                if value < worst_value:
                    worst, worst_value = kind, value
            if worst is not None:
                hand.remove(worst)
                self.discard.append(worst)
        self.reset_to_hand_size()

    def hand_size(self) -> int:
        """8, plus one for each card in play that lets us keep one more card (Pallando; Hoarmûrath at a
        Darkhaven; Elrond at Rivendell; Emerald of the Mariner), where its condition holds."""
        sim = self.sim
        if not sim.hand_bonus_kinds or not any(self.in_play[k] for k in sim.hand_bonus_kinds):
            return HAND_SIZE
        size = HAND_SIZE
        for company in self.companies:
            for character in company.characters:
                for kind in (character.kind, *character.holdings):
                    bonus = sim.hand_bonus[kind]
                    if bonus is not None and (bonus[1] is None or company.site in bonus[1]):
                        size += bonus[0]
        return size

    def reset_to_hand_size(self, site: int | None = None) -> None:
        """Draw up to or discard down to the hand size (coe 2.IV.viii, 2.VI.ii).

        After a company's movement/hazard phase, cards playable at its `site` are kept before the others:
        its site phase comes next.
        """
        hand = self.hand
        extra = len(hand) - self.hand_size()
        if extra > 0:
            keep = self.keep_value
            here = self.sim.site_playable_set[site] if site is not None else ()
            ranked = sorted(hand, key=lambda kind: (kind in here, keep(kind)))
            drop = ranked[:extra]
            self.discard.extend(drop)
            for kind in drop:
                hand.remove(kind)
        elif extra < 0:
            self.draw(-extra)

    # ---- organization: characters --------------------------------------------------------------------

    def play_character(self, non_unique_only: bool = False) -> bool:
        """Play the most valuable character the hand allows (coe 2.II.2): one per turn, at a haven or home site.

        A character worth no MP is not played under general influence when that would leave no room for the
        smallest character worth MP still to come (in hand or deck): a player keeps room to grow. True if one
        was played."""
        sim = self.sim
        role = sim.role
        if not any(role[k] == ROLE_CHARACTER for k in self.hand):
            return False
        best = None
        best_value = -1
        locations = [c.site for c in self.companies] or [sim.start_site]
        avatar_site = self.avatar_site()
        reserve = None
        for kind in set(self.hand):
            if sim.role[kind] != ROLE_CHARACTER or (sim.unique[kind] and kind in self.used_unique):
                continue
            if (sim.avatar[kind] and self.avatar_revealed) or (non_unique_only and sim.unique[kind]):
                continue
            allowed = sim.character_sites[kind]
            for site in locations:
                if site not in allowed:
                    continue
                controller = self._controller_for(kind, site)
                if controller is False or (controller is None and not sim.avatar[kind]
                                           and avatar_site is not None and site != avatar_site):
                    continue          # coe 2.II.2.2: with the avatar in play, GI only at the avatar's site
                if controller is None and not sim.avatar[kind] and sim.mp[kind] <= 0:
                    if reserve is None:
                        reserve = self._room_to_keep()
                    if self.gi_used + sim.mind[kind] > self.gi_max - reserve:
                        continue
                value = 1000 if sim.avatar[kind] else 10 * sim.mp[kind] + sim.mind[kind]
                if value > best_value:
                    best, best_value = (kind, site, controller), value
                break
        if best is None:
            return False
        kind, site, controller = best
        self.play_from_hand(kind)
        character = self._enter(kind, controller)
        for company in self.companies:
            if company.site == site:
                company.characters.append(character)
                return True
        self.companies.append(Company(site, [character]))
        self._occupy(site)
        return True

    def _room_to_keep(self) -> int:
        """The mind of the smallest character worth MP not yet in play (hand, play deck, discard pile)."""
        sim = self.sim
        minds = [sim.mind[k] for pile in (self.hand, self.deck, self.discard) for k in pile
                 if sim.role[k] == ROLE_CHARACTER and sim.mp[k] > 0 and not sim.avatar[k]
                 and not (sim.unique[k] and k in self.used_unique) and sim.character_sites[k]]
        return min(minds) if minds else 0

    def discard_for_room(self) -> None:
        """coe 2.II.2.4: instead of playing one, discard a character (not the avatar) at a haven or its home site,
        when a character worth more MP waits in hand for the general influence it holds. Its items go to another
        character of its company (2.II.5) where there is one."""
        sim = self.sim
        waiting = [k for k in set(self.hand) if sim.role[k] == ROLE_CHARACTER and not sim.avatar[k]
                   and sim.mp[k] > 0 and not (sim.unique[k] and k in self.used_unique) and sim.character_sites[k]]
        if not waiting:
            return
        want = max(waiting, key=lambda k: sim.mp[k])
        need = self.gi_used + sim.mind[want] - self.gi_max
        for company in self.companies:
            site = company.site
            for character in company.characters:
                kind = character.kind
                if sim.avatar[kind] or character.controller is not None or sim.mp[kind] >= sim.mp[want]:
                    continue
                if sim.mind[kind] < need or not (sim.site_is_haven[site] or site in sim.character_sites[kind]):
                    continue
                if any(c.controller is character for c in company.characters):
                    continue
                heir = next((c for c in company.characters if c is not character), None)
                if heir is not None:
                    heir.holdings.extend(character.holdings)
                    character.holdings = []
                self._remove_character(company, character, eliminated=False)
                if not company.characters:
                    self.companies.remove(company)
                return

    def avatar_site(self) -> int | None:
        """The site of the company holding our avatar, None while it is not in play."""
        if self.avatar_revealed:
            avatar = self.sim.avatar
            for company in self.companies:
                if any(avatar[c.kind] for c in company.characters):
                    return company.site
        return None

    def _controller_for(self, kind: int, site: int):
        """A character with room in direct influence at the site, None for general influence, False if neither.

        A Ringwraith controls followers at its Darkhaven like any character (MELE p. 19); The Balrog may not
        have followers (its own text). A character played under direct influence saves general influence."""
        sim = self.sim
        if sim.avatar[kind]:
            return None
        mind = sim.mind[kind]
        for company in self.companies:
            if company.site != site:
                continue
            # the avatar last: a follower of the Ringwraith cannot leave its Darkhaven with another company
            for other in sorted(company.characters, key=lambda c: sim.avatar[c.kind]):
                if other.controller is not None or (self.balrog and sim.avatar[other.kind]):
                    continue
                if self._direct_influence(other) - other.followers_mind >= mind:
                    return other
        if self.gi_used + mind <= self.gi_max:
            return None
        return False

    def _direct_influence(self, character: Character) -> int:
        """A character's direct influence, with the Ringwraith's mode (coe 2.II.7.R1; the mode and Ringwraith
        cards say by how much)."""
        sim = self.sim
        di = sim.direct_influence[character.kind]
        if self.ringwraith and sim.avatar[character.kind]:
            if self.mode is not None:
                name, change = self.mode
                di = max(0, di + change + sim.mode_di[character.kind].get(name, 0))
            if self.gi_bonus_kind is not None:
                di = max(0, di + sim.gi_change[self.gi_bonus_kind][1])
        return di

    def _free_ringwraith_followers(self) -> None:
        """coe 2.II.3.2-3: a follower of the Ringwraith moves to general influence, or under another character at
        its site, so that it may travel (only Ringwraiths may share the Ringwraith's company away from a
        Darkhaven, 2.II.2.1.R3)."""
        sim = self.sim
        for company in self.companies:
            wraith = next((c for c in company.characters if sim.avatar[c.kind]), None)
            if wraith is None:
                continue
            for follower in [c for c in company.characters if c.controller is wraith]:
                mind = sim.mind[follower.kind]
                host = next((o for o in company.characters if o is not wraith and o is not follower
                             and o.controller is None and self._direct_influence(o) - o.followers_mind >= mind), None)
                if self.gi_used + mind <= self.gi_max:
                    follower.controller = None
                    self.gi_used += mind
                elif host is not None:
                    follower.controller = host
                    host.followers_mind += mind
                else:
                    continue
                wraith.followers_mind -= mind

    # ---- organization: resources ---------------------------------------------------------------------

    def organize(self) -> None:
        """The organization phase after untapping: everything but declaring movement."""
        self._store_cards()
        if self.ringwraith:
            self._end_mode()
        if not self.play_character():
            self.discard_for_room()
        if self.balrog:
            self.play_character(non_unique_only=True)   # coe 2.II.2.2.B2: one more, non-unique
        if self.ringwraith:
            self._free_ringwraith_followers()
        self.play_events()
        self.test_rings()
        if self.ringwraith:
            self._change_general_influence()
            self._take_mode()

    def _store_cards(self) -> None:
        """coe 2.II.4: a card that scores only once stored is stored at the first site it may be stored at
        (the corruption check of storing is not modelled: it succeeds)."""
        sim = self.sim
        if not sim.storable:
            return
        stores = sim.store_sites
        for company in self.companies:
            site = company.site
            for character in company.characters:
                for kind in [k for k in character.holdings if site in stores[k]]:
                    character.holdings.remove(kind)
                    self._score(kind, 1, sim.mp[kind] - sim.mp_on_play[kind])

    def _requirements_met(self, kind: int) -> bool:
        sim = self.sim
        for kinds in sim.requires[kind]:
            if not any(self.in_play[k] for k in kinds):
                return False
        needed = sim.avatars_needed[kind]
        if needed is not None and self.avatar_kind not in needed:
            return False
        if sim.stage_needed[kind] > self.stage_points:
            return False
        if sim.needs_protected[kind] and not self.protectors:
            return False
        on = sim.on[kind]
        if on == ON_FACTION or on == ON_UNIQUE_FACTION:
            factions = sum(self.in_play[k] for k in range(len(sim.kinds)) if sim.role[k] == ROLE_FACTION
                           and (on == ON_FACTION or sim.unique[k]))
            if factions <= self.in_play[kind]:
                return False                  # "cannot be duplicated on a given faction"
        return True

    def _may_play(self, kind: int) -> bool:
        sim = self.sim
        return sim.unplayable[kind] is None and not (sim.unique[kind] and kind in self.used_unique) \
            and self._requirements_met(kind)

    def play_events(self) -> None:
        """Organization-phase resources worth MP: played when their condition holds (a company at the site
        they name, a bearer, a faction or Palantír to be played on, our avatar, stage points, cards in play)."""
        sim = self.sim
        if not self.companies or sim.organization_kinds.isdisjoint(self.hand):
            return
        for kind in list(self.hand):
            if sim.phase[kind] != PHASE_ORGANIZATION or sim.ring_kind[kind] is not None or not self._may_play(kind):
                continue
            bearer = self._organization_bearer(kind)
            if bearer is False:
                continue
            site = self._played_at
            if sim.makes_haven[kind]:
                if site is None or site in self.made_havens:
                    continue
                self.made_havens.add(site)
            if sim.protects[kind]:
                if site is not None and site in self.protected_sites:
                    continue
                self.protectors += 1
                if site is not None:
                    self.protected_sites.add(site)
            self.play_from_hand(kind)
            if bearer is not None and (sim.store_sites[kind] or sim.bearers[kind] is not None):
                bearer.holdings.append(kind)
            if bearer is not None and sim.taps_bearer[kind]:
                bearer.tapped = True
            self._gain(kind)

    def _site_allows(self, kind: int, site: int) -> bool:
        """The card's condition holds at the site: one of its sites, or a Wizardhaven we made that it counts."""
        sim = self.sim
        if site in sim.play_sites[kind]:
            return True
        excluded = sim.made_haven_ok[kind]
        return excluded is not None and site in self.made_havens and site not in excluded

    def _organization_bearer(self, kind: int):
        """The character an organization-phase resource is played on or by (None: none needed; False: no one
        can)."""
        sim = self.sim
        bearers = sim.bearers[kind]
        need_place = bool(sim.condition[kind] is not None and sim.condition[kind].at)
        on = sim.on[kind]
        self._played_at = None
        for company in self.companies:
            if need_place and not self._site_allows(kind, company.site):
                continue
            if sim.avatar_there[kind] and not any(c.kind == self.avatar_kind for c in company.characters):
                continue
            if not self._company_fits(company, kind):
                continue
            self._played_at = company.site
            for character in company.characters:
                if bearers is not None and character.kind not in bearers:
                    continue
                if sim.taps_bearer[kind] and character.tapped:
                    continue
                if on == ON_PALANTIR and not any("Palant" in sim.kinds[h].name for c in company.characters
                                                 for h in c.holdings):
                    continue
                if on == ON_ITEM and not any(h in sim.on_items[kind] for h in character.holdings):
                    continue
                return character
            if bearers is None and on in (ON_NONE, ON_FACTION, ON_UNIQUE_FACTION) and not sim.taps_bearer[kind]:
                return None
        return False

    # ---- rings -----------------------------------------------------------------------------------------

    def test_rings(self) -> None:
        """coe 6, the gold rings' own tables: a gold ring borne in a company with a tester (Gandalf's ability, Test
        of Lore and its like from hand), or stored at a site that tests every gold ring stored there (the
        Darkhavens, the Balrog's havens: the roll modified as the site says), is tested when the hand holds a ring
        the test could allow and the test is worth it (the odds times the best such ring's MP exceed the gold
        ring's own); the best allowed ring replaces it, else the gold ring is discarded."""
        sim = self.sim
        if sim.special_rings.isdisjoint(self.hand) or not any(self.in_play[g] for g in sim.gold_rings):
            return
        for company in self.companies:
            for character in company.characters:
                for gold in [h for h in character.holdings if sim.ring_table[h]]:
                    if not self._wanted_rings(gold):
                        continue
                    stored = sim.site_stored_test[company.site]
                    tester = self._find_tester(company) if stored is None else (None, (stored, False, False))
                    if tester is None:
                        continue
                    source, (modifier, best_of_two, no_roll) = tester
                    if not self._worth_testing(company, gold, modifier, best_of_two, no_roll):
                        continue
                    if isinstance(source, Character):
                        source.tapped = True
                    elif source is not None:
                        self.play_from_hand(source)
                        self.discard.append(source)
                    self._resolve_ring_test(company, character, gold, modifier, best_of_two, no_roll)

    def _wanted_rings(self, gold: int) -> list[int]:
        sim = self.sim
        kinds = {row[0] for row in sim.ring_table[gold]}
        return [k for k in self.hand if sim.ring_kind[k] in kinds and self._may_play(k)]

    def _find_tester(self, company: Company):
        """(who or what tests, (modifier, best of two rolls, no roll)) for a gold ring in this company: an untapped
        character with the ability, or a testing short-event from hand (in a sage's company if it says so)."""
        sim = self.sim
        for character in company.characters:
            tester = sim.tester[character.kind]
            if tester is not None and not character.tapped:
                return character, (tester.modifier, tester.best_of_two, tester.no_roll)
        sage = any("Sage" in sim.skills[c.kind] for c in company.characters)
        information = sim.sites[company.site].information
        for kind in self.hand:
            tester = sim.tester[kind]
            if tester is not None and (sage or not tester.sage) and (information or not tester.information):
                return kind, (tester.modifier, tester.best_of_two, tester.no_roll)
        return None

    def _test_bonus(self, company: Company) -> int:
        sim = self.sim
        return sum(sim.ring_bonus[h] for c in company.characters for h in c.holdings) + \
            sim.site_test_bonus[company.site]

    def _allowed_rings(self, gold: int, result: int | None) -> set[str]:
        table = self.sim.ring_table[gold]
        if result is None:                           # no roll: any ring but The One Ring
            return {row[0] for row in table} - {"The One Ring"}
        return {name for name, low, high in table if low <= result <= high}

    def _worth_testing(self, company: Company, gold: int, modifier: int, best_of_two: bool, no_roll: bool) -> bool:
        """The expected MP of the ring the test lets us play, over the test's odds, beat the gold ring's."""
        sim = self.sim
        wanted = self._wanted_rings(gold)
        best = {}
        for k in wanted:
            best[sim.ring_kind[k]] = max(best.get(sim.ring_kind[k], 0), sim.mp[k])

        def value(result: int | None) -> int:
            return max((best.get(name, 0) for name in self._allowed_rings(gold, result)), default=0)

        if no_roll:
            expected = value(None)
        else:
            shift = modifier + self._test_bonus(company)
            odds = BEST_OF_TWO if best_of_two else TWO_DICE
            expected = sum(p * value(roll + shift) for roll, p in odds.items())
        return expected > sim.mp[gold]

    def _resolve_ring_test(self, company: Company, character: Character, gold: int, modifier: int,
                           best_of_two: bool = False, no_roll: bool = False) -> None:
        sim = self.sim
        if no_roll:
            allowed = self._allowed_rings(gold, None)
        else:
            result = self.roll()
            if best_of_two:
                result = max(result, self.roll())
            allowed = self._allowed_rings(gold, result + modifier + self._test_bonus(company))
        character.holdings.remove(gold)
        self._lose_card(gold)
        self.discard.append(gold)
        rings = [k for k in self.hand if sim.ring_kind[k] in allowed and self._may_play(k)]
        if rings:
            ring = max(rings, key=lambda k: sim.mp[k])
            self.play_from_hand(ring)
            character.holdings.append(ring)
            self._gain(ring)

    # ---- organization: the Ringwraith's modes -----------------------------------------------------------

    def _wraith_company(self) -> Company | None:
        if self.avatar_kind is None:
            return None
        for company in self.companies:
            if any(c.kind == self.avatar_kind for c in company.characters):
                return company
        return None

    def _end_mode(self) -> None:
        """Heralded Lord, Black Rider, Fell Rider: discarded in a following organization phase at a Darkhaven."""
        if self.mode is None:
            return
        company = self._wraith_company()
        if company is not None and self.sim.site_dark_haven[company.site]:
            self.mode = None

    def _change_general_influence(self) -> None:
        """Bade to Rule: played on the Ringwraith at a Darkhaven (or while it is not in play), +5 general
        influence and -2 to its direct influence, as its card says; the Ringwraith then stays home (the card is
        discarded if it moves, which the goldfish does not do while it is in play)."""
        if self.gi_bonus_kind is not None:
            return
        sim = self.sim
        company = self._wraith_company()
        if company is not None and not sim.site_dark_haven[company.site]:
            return
        for kind in self.hand:
            change = sim.gi_change[kind]
            if change is not None:
                self.play_from_hand(kind)
                self._gain(kind)
                self.gi_bonus_kind = kind
                self.gi_max += change[0]
                return

    def _take_mode(self) -> None:
        """coe 2.II.7.R1: the Ringwraith leaves its Darkhaven only in a mode. Played when the hand holds a card the
        Ringwraith alone could play at a site one starter move away (Heralded Lord first where its influence
        matters)."""
        sim = self.sim
        company = self._wraith_company()
        if self.mode is not None or company is None or not sim.site_dark_haven[company.site] \
                or self.gi_bonus_kind is not None:
            return
        modes = [k for k in self.hand if sim.mode[k] is not None]
        if not modes:
            return
        wraith = next(c for c in company.characters if c.kind == self.avatar_kind)
        if any(c.controller is wraith for c in company.characters):
            return                              # its followers could not travel with it
        best = None
        for kind in sorted(modes, key=lambda k: -sim.mode[k][1]):
            self.mode = sim.mode[kind]
            value = max((v for s, v in self.site_values([wraith]).items()
                         if s in sim.starter[company.site] and not sim.site_is_haven[s]), default=0)
            self.mode = None
            if value > 0 and (best is None or value > best[1]):
                best = (kind, value)
        if best is not None:
            self.play_from_hand(best[0])
            self.discard.append(best[0])
            self.mode = sim.mode[best[0]]

    # ---- movement planning -------------------------------------------------------------------------------

    def site_values(self, characters: list[Character] | None = None) -> dict[int, float]:
        """Free sites where the hand can play something, valued 10 per MP of the best card playable there (a
        faction by its odds with the best influencer), +1. With `characters`, only what they could play."""
        sim, state = self.sim, self.site_state
        values: dict[int, float] = {}
        for kind in set(self.hand):
            if sim.phase[kind] != PHASE_SITE or not sim.play_sites[kind] or not self._may_play(kind):
                continue
            value = 10.0 * sim.mp[kind] + 1
            bearers = sim.bearers[kind]
            if characters is not None and bearers is not None and not any(c.kind in bearers for c in characters):
                continue
            if sim.role[kind] == ROLE_FACTION:
                pool = characters if characters is not None else [c for co in self.companies for c in co.characters]
                if not pool:
                    continue
                value *= max(p_check_above(sim.influence_number[kind] - self._check_bonus(c, kind)) for c in pool)
                if value < 1:
                    continue
            need = sim.site_need[kind]
            for site in sim.play_sites[kind]:
                if state[site] != AVAILABLE and not sim.site_is_haven[site]:
                    continue
                if need == NEED_TAPPED and not sim.site_is_haven[site]:
                    value_here = value * 0.5          # the company taps it first with another card
                else:
                    value_here = value
                if values.get(site, 0) < value_here:
                    values[site] = value_here
        return values

    def destinations(self, company: Company) -> frozenset[int]:
        """Where this company may move (coe 2.II.7): starter movement (not for a Fallen-wizard or Balrog player),
        region movement (not for a company with the Ringwraith or The Balrog), Under-deeps movement; a
        Ringwraith's company only to a Darkhaven unless in a mode (2.II.7.R1)."""
        sim = self.sim
        site = company.site
        avatar = self.avatar_kind is not None and any(c.kind == self.avatar_kind for c in company.characters)
        out = {s for s, _ in sim.under_deeps[site]}
        if avatar and (self.ringwraith or self.balrog):
            if self.ringwraith:
                out |= sim.starter[site]
                if self.mode is None or not sim.site_dark_haven[site]:
                    out = {s for s in out if sim.site_dark_haven[s]}
        else:
            if sim.starter_movement:
                out |= sim.starter[site]
            out |= sim.region_reach[site]
        out.discard(site)
        return frozenset(out)

    def plan_moves(self) -> list[tuple[Company, int]]:
        """Each company's destination: from a haven to the best sites it can reach (splitting for several);
        from a site to another good site, or back to a haven; nothing to play anywhere: where most cards are
        drawn."""
        sim = self.sim
        self._join_at_havens()
        if self.ringwraith:
            self._ringwraiths_apart()
        values = self.site_values()
        moves: list[tuple[Company, int]] = []
        claimed: set[int] = set()
        for company in list(self.companies):
            site = company.site
            reach = self.destinations(company)
            if self.ringwraith and any(c.kind == self.avatar_kind for c in company.characters):
                if self.mode is None and sim.site_dark_haven[site]:
                    continue                          # the Ringwraith waits at its Darkhaven without a mode
                values_here = self.site_values(company.characters)
                good = [(v, s) for s, v in values_here.items() if s in reach and s not in claimed
                        and not sim.site_is_haven[s]]
                if good and sim.site_dark_haven[site]:
                    dest = max(good)[1]
                    moves.append((company, dest))
                    claimed.add(dest)
                elif not sim.site_is_haven[site] and not self._useful_here(company):
                    havens = [s for s in reach if sim.site_dark_haven[s]]
                    if havens:
                        moves.append((company, havens[0]))
                continue
            if not sim.site_is_haven[site]:
                if self._useful_here(company):
                    continue                          # untapped and still useful: stay, no move, no draw
                good = sorted(((v, sim.site_draw[s], s) for s, v in values.items()
                               if s in reach and s not in claimed), reverse=True)
                if good:
                    moves.append((company, good[0][2]))
                    claimed.add(good[0][2])
                    continue
                havens = [s for s in reach if sim.site_is_haven[s]]
                if havens:
                    moves.append((company, self._best_haven(tuple(havens), values, claimed)))
                continue
            self._leave_behind_above_size(company)
            home = self._avatar_home(site, claimed)
            if home is not None:
                moves.append((company, home))
                claimed.add(home)
                continue
            good = sorted(((v, sim.site_draw[s], s) for s, v in values.items()
                           if s in reach and s not in claimed), reverse=True)
            if good:
                moves.extend(self._split(company, [t[2] for t in good]))
                claimed.update(dest for _, dest in moves)
                continue
            via = self._best_haven(tuple(s for s in reach if sim.site_is_haven[s]), values, claimed,
                                   require_target=True)
            if via is not None:
                moves.append((company, via))
                continue
            for dest in sorted(reach, key=lambda s: (-sim.site_draw[s], s)):   # nothing to play: draw cards
                if not sim.site_is_haven[dest] and self.site_state[dest] == AVAILABLE and dest not in claimed \
                        and not sim.site_under_deeps[dest]:
                    moves.append((company, dest))
                    claimed.add(dest)
                    break
        return moves

    def _useful_here(self, company: Company) -> bool:
        """The company's site still offers a play to the hand (it lost its site phase, a faction failed)."""
        sim = self.sim
        site = company.site
        state = self.site_state[site]
        if state not in (OCCUPIED, TAPPED):
            return False
        for kind in sim.site_playable[site]:
            if kind in self.hand and self._may_play(kind):
                need = sim.site_need[kind]
                if need == NEED_ANY or (need == NEED_UNTAPPED) == (state == OCCUPIED) or (
                        need == NEED_TAPPED and state == TAPPED):
                    return True
        return False

    def _avatar_home(self, haven: int, claimed: set[int]) -> int | None:
        """A haven or site one move away where the avatar in hand may be revealed, if it cannot be here."""
        if self.avatar_revealed:
            return None
        sim = self.sim
        for kind in set(self.hand):
            if not sim.avatar[kind] or haven in sim.character_sites[kind]:
                continue
            for dest in sim.neighbours[haven]:
                if dest in sim.character_sites[kind] and dest not in claimed and (
                        sim.site_is_haven[dest] or self.site_state[dest] == AVAILABLE):
                    return dest
        return None

    def _best_haven(self, havens: tuple[int, ...], values: dict[int, float], claimed: set[int],
                    require_target: bool = False) -> int | None:
        """The haven from which the hand's best site is reachable (the first haven if none, unless required)."""
        sim = self.sim
        if not havens:
            return None if require_target else sim.start_site
        best, best_value = (None if require_target else havens[0]), 0.0
        for haven in havens:
            reachable = sim.neighbours[haven]
            value = max((v for s, v in values.items() if s in reachable and s not in claimed), default=0)
            if value > best_value:
                best, best_value = haven, value
        return best

    def _split(self, company: Company, targets: list[int]) -> list[tuple[Company, int]]:
        """Split at a haven: one unit (a character and its followers) per extra target, best influencer first."""
        sim = self.sim
        units = [c for c in company.characters if c.controller is None]
        n = min(len(units), len(targets), MAX_COMPANIES)
        if n < 2:
            return [(company, targets[0])]
        units.sort(key=lambda c: -sim.direct_influence[c.kind])
        moves = []
        for unit in units[1:n]:
            members = [unit] + [c for c in company.characters if c.controller is unit]
            company.characters = [c for c in company.characters if c not in members]
            new = Company(company.site, members)
            self.companies.append(new)
            moves.append((new, targets[len(moves) + 1]))
        moves.insert(0, (company, targets[0]))
        return moves

    def company_size(self, company: Company) -> int:
        """coe 2.II.3.1.1: Hobbits and Orc scouts count half (the total rounded up)."""
        half = self.sim.half_size
        halves = sum(1 if half[c.kind] else 2 for c in company.characters)
        return (halves + 1) // 2

    def _leave_behind_above_size(self, company: Company) -> None:
        """coe 2.II.3.1: away from a haven a company holds at most 7. A company at a haven larger than that leaves
        units (a general-influence character and its followers), least direct influence first, at the haven."""
        if self.company_size(company) <= MAX_COMPANY_SIZE:
            return
        sim = self.sim
        units = sorted((c for c in company.characters if c.controller is None and not sim.avatar[c.kind]),
                       key=lambda c: sim.direct_influence[c.kind])
        staying: list[Character] = []
        for unit in units:
            if self.company_size(company) <= MAX_COMPANY_SIZE:
                break
            members = [unit] + [c for c in company.characters if c.controller is unit]
            company.characters = [c for c in company.characters if c not in members]
            staying += members
        if staying:
            self.companies.append(Company(company.site, staying))

    def _ringwraiths_apart(self) -> None:
        """coe 2.II.2.1.R3: only Ringwraiths may share a Ringwraith's company away from a Darkhaven.

        Before moving, the Ringwraith (with any followers it still controls) forms a company of its own."""
        avatar = self.sim.avatar
        for company in list(self.companies):
            wraiths = [c for c in company.characters if avatar[c.kind]]
            if not wraiths or len(wraiths) == len(company.characters):
                continue
            staying = wraiths + [c for c in company.characters if c.controller in wraiths]
            if len(staying) == len(company.characters):
                continue
            company.characters = [c for c in company.characters if c not in staying]
            self.companies.insert(0, Company(company.site, staying))

    def _join_at_havens(self) -> None:
        by_site: dict[int, Company] = {}
        for company in list(self.companies):
            first = by_site.get(company.site)
            if first is None:
                by_site[company.site] = company
            elif self.sim.site_is_haven[company.site]:
                first.characters.extend(company.characters)
                self.companies.remove(company)

    # ---- movement/hazard -----------------------------------------------------------------------------

    def move(self, company: Company, dest: int) -> None:
        """Draw by the destination (by the origin when moving to a haven), at least one; leave the origin.

        coe 2.IV.v: only a company with the avatar or a character of mind 3 or more draws; a Fallen-wizard
        or Balrog player draws by the destination even when it is a haven (2.IV.v.F1, B1). Leaving an
        Under-deeps site needs a roll of at least the number its card gives for the new site (2.IV.i.1; The
        Balrog's company adds 3): below it, the company stays.
        """
        sim = self.sim
        origin = company.site
        if sim.site_under_deeps[origin]:
            need = dict(sim.under_deeps[origin]).get(dest, 0)
            bonus = BALROG_MOVE_BONUS if self.balrog and any(c.kind == self.avatar_kind
                                                             for c in company.characters) else 0
            if need and self.roll() + bonus < need:
                return
        if any(sim.avatar[c.kind] or sim.mind[c.kind] >= DRAWING_MIND for c in company.characters):
            by_origin = sim.site_is_haven[dest] and not self.draw_by_destination
            self.draw(sim.site_draw[origin] if by_origin else sim.site_draw[dest])
        if not sim.site_is_haven[origin] and not any(c.site == origin for c in self.companies if c is not company):
            self.site_state[origin] = DISCARDED if self.site_state[origin] == TAPPED else AVAILABLE
        company.site = dest
        self._occupy(dest)
        company.lost = False
        if not sim.site_is_haven[dest] and (self.p_lose or self.p_kill):
            self._hazards(company)

    def _hazards(self, company: Company) -> None:
        rng = self.rng
        if rng.random() < self.p_lose and not self._cancel():
            company.lost = True
        if rng.random() < self.p_kill and not self._cancel():
            victims = [c for c in company.characters if not self.sim.avatar[c.kind]]
            if victims:
                self.eliminate(company, victims[int(rng.random() * len(victims))])

    def _cancel(self) -> bool:
        """A resource short-event worth no MP in hand (Concealment, Dodge...) is spent to cancel one hazard effect."""
        cancels = self.sim.cancels
        for kind in self.hand:
            if cancels[kind]:
                self.play_from_hand(kind)
                self.discard.append(kind)
                return True
        return False

    def eliminate(self, company: Company, character: Character, out_of_game: bool = True) -> None:
        """The character leaves the game (or, not `out_of_game`, goes to the discard pile: a hero discarded by a
        corruption check, coe 7.1); its items and allies are discarded, followers fall to GI or go.

        A company left empty is removed once, after every follower that had to go has gone."""
        self._remove_character(company, character, eliminated=out_of_game)
        if not company.characters:
            self.companies.remove(company)
            if not self.sim.site_is_haven[company.site]:
                state = self.site_state
                state[company.site] = DISCARDED if state[company.site] == TAPPED else AVAILABLE

    def _remove_character(self, company: Company, character: Character, eliminated: bool) -> None:
        """An eliminated character is out of the game; a discarded follower goes to the discard pile."""
        sim = self.sim
        company.characters.remove(character)
        self._lose_card(character.kind, out_of_game=eliminated)
        if sim.avatar[character.kind]:
            self.avatar_kind = None
        if not eliminated:
            self.discard.append(character.kind)
        for held in character.holdings:
            self._lose_card(held)
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
                self._remove_character(company, follower, eliminated=False)   # coe 2.II.2.2.3, 2.II.8

    # ---- site phase ----------------------------------------------------------------------------------

    def site_phase(self, company: Company) -> None:
        """Play what the hand holds for the site, by each card's condition, best first (coe 2.V).

        Cards that need the site untapped come first (the best of them taps it), then cards playable at a
        tapped or untapped site, then those that need it already tapped. A resource that taps the site lets one
        more untapped character play an additional minor item (coe 2.V.5; at an Under-deeps site any item
        playable there, 2.V.5.1). A haven is played at the same way, once per turn (havens do not stay tapped).
        """
        sim = self.sim
        site = company.site
        if company.lost or not company.characters:
            return
        haven = sim.site_is_haven[site]
        if not haven and self.site_state[site] not in (OCCUPIED, TAPPED):
            return
        if sim.site_test_here[site] is not None and sim.gold_rings:
            self._test_here(company)
        extra_item = False
        hand = self.hand
        while True:
            untapped = (site not in self.havens_tapped) if haven else self.site_state[site] == OCCUPIED
            choice = self._best_play(company, site, untapped)
            if choice is None:
                break
            kind, actor = choice
            tapped_before = not untapped
            if not self._resolve_play(company, kind, actor):
                continue
            if sim.taps_site[kind] and untapped:
                if haven:
                    self.havens_tapped.add(site)
                else:
                    self.site_state[site] = TAPPED
                extra_item = extra_item or not tapped_before
        if extra_item:
            ready = [c for c in company.characters if not c.tapped]
            under = sim.site_under_deeps[site]
            for kind in list(hand):
                if not ready:
                    break
                if sim.role[kind] != ROLE_ITEM or not self._may_play(kind):
                    continue
                if not ((sim.item_bit[kind] == MINOR_ITEM_BIT and sim.play_sites[kind])
                        or (under and site in sim.play_sites[kind])):
                    continue
                bearers = sim.bearers[kind]
                bearer = next((c for c in ready if bearers is None or c.kind in bearers), None)
                if bearer is None:
                    continue
                ready.remove(bearer)
                self._resolve_play(company, kind, bearer)
                break

    def _best_play(self, company: Company, site: int, untapped: bool) -> tuple[int, Character | None] | None:
        """The best card of the hand playable here now, and who plays it; None if nothing is."""
        sim = self.sim
        best = None
        best_key = None
        here = sim.site_playable_set[site]
        made = site in self.made_havens and sim.made_haven_kinds
        for kind in set(self.hand):
            if kind not in here and not (made and kind in sim.made_haven_kinds and self._site_allows(kind, site)):
                continue
            if not self._may_play(kind):
                continue
            if (sim.makes_haven[kind] and site in self.made_havens) or (
                    sim.protects[kind] and site in self.protected_sites):
                continue                          # "cannot be duplicated on a given site"
            need = sim.site_need[kind]
            if (need == NEED_UNTAPPED and not untapped) or (need == NEED_TAPPED and untapped):
                continue
            if sim.avatar_there[kind] and not any(c.kind == self.avatar_kind for c in company.characters):
                continue
            if not self._company_fits(company, kind):
                continue
            actor = self._actor(company, kind)
            if actor is False:
                continue
            # while the site is untapped, what needs it untapped goes first; then by MP
            key = (need == NEED_UNTAPPED, sim.mp[kind], -sim.site_need[kind])
            if best_key is None or key > best_key:
                best, best_key = (kind, actor), key
        return best

    def _company_fits(self, company: Company, kind: int) -> bool:
        """A covert or overt company, as the card asks (glossary: an Orc, Troll or Balrog, or the Ringwraith in
        Fell Rider mode, makes a company overt)."""
        need = self.sim.company_need[kind]
        if need == COMPANY_ANY:
            return True
        overt = any(self.sim.makes_overt[c.kind] for c in company.characters) or (
            self.mode is not None and self.mode[0] == "Fell Rider"
            and any(c.kind == self.avatar_kind for c in company.characters))
        return overt != (need == COMPANY_COVERT)

    def _actor(self, company: Company, kind: int):
        """Who plays the card: the influencer of a faction, the bearer of an item or ally, the character an
        event needs; None for an event that needs nobody; False if no one can."""
        sim = self.sim
        bearers = sim.bearers[kind]
        ready = [c for c in company.characters if not c.tapped and (bearers is None or c.kind in bearers)]
        role = sim.role[kind]
        if role == ROLE_FACTION:
            if not ready:
                return False
            influencer = max(ready, key=lambda c: self._check_bonus(c, kind))
            best_possible = 12 + self._check_bonus(influencer, kind) + sum(sim.boost[k] for k in self.hand)
            return influencer if best_possible > sim.influence_number[kind] or sim.influence_number[kind] < 0 \
                else False
        if role in (ROLE_ITEM, ROLE_ALLY) or sim.taps_bearer[kind]:
            if sim.on[kind] == ON_ITEM:
                ready = [c for c in ready if any(h in sim.on_items[kind] for h in c.holdings)]
            if not ready:
                return False
            return min(ready, key=self._unused_di)
        if bearers is not None:
            present = [c for c in company.characters if c.kind in bearers]
            return present[0] if present else False
        return None

    def _resolve_play(self, company: Company, kind: int, actor: Character | None) -> bool:
        """Play the card; False if it failed (a faction's influence check, coe 2.V.3: the faction is discarded)."""
        sim = self.sim
        self.play_from_hand(kind)
        if actor is not None and (sim.taps_bearer[kind] or sim.role[kind] != ROLE_EVENT):
            actor.tapped = True
        if sim.role[kind] == ROLE_FACTION:
            number = sim.influence_number[kind]
            if number >= 0:
                check = self.roll() + self._check_bonus(actor, kind)
                boosts = sorted((k for k in self.hand if sim.boost[k]), key=lambda k: -sim.boost[k])
                if check <= number < check + sum(sim.boost[k] for k in boosts):
                    for boost in boosts:          # only what turns the failure into a success is spent
                        self.play_from_hand(boost)
                        self.discard.append(boost)
                        check += sim.boost[boost]
                        if check > number:
                            break
                if check <= number:
                    self.discard.append(kind)
                    return False
            self._gain(kind)
            return True
        if sim.role[kind] in (ROLE_ITEM, ROLE_ALLY) or sim.store_sites[kind]:
            if actor is not None:
                actor.holdings.append(kind)
        if sim.makes_haven[kind]:
            self.made_havens.add(company.site)
        if sim.protects[kind]:
            self.protectors += 1
            self.protected_sites.add(company.site)
        self._gain(kind)
        if sim.kinds[kind].stage_points:
            self.stage_points += sim.kinds[kind].stage_points
        return True

    def _check_bonus(self, character: Character, faction: int) -> int:
        """Everything an influence check on the faction adds to the roll (coe 2.V.3): the influencer's unused
        direct influence, its own and its items' bonuses against the faction, and the faction's standard
        modifications (the influencer's race, name or keyword; factions we have in play; our avatar)."""
        sim = self.sim
        total = self._unused_di(character) + sim.check_static[faction].get(character.kind, 0)
        items = sim.check_items[faction]
        if items:
            total += sum(items.get(h, 0) for h in character.holdings)
        for kinds, value in sim.check_in_play[faction]:
            if any(self.in_play[k] for k in kinds):
                total += value
        avatars = sim.check_avatar[faction]
        if avatars and self.avatar_kind is not None:
            total += avatars.get(self.avatar_kind, 0)
        return total

    def _unused_di(self, character: Character) -> int:
        return self._direct_influence(character) - character.followers_mind

    def _test_here(self, company: Company) -> None:
        """A site that tests every gold ring at it in the site phase (Barad-dûr): the test happens, worth it or
        not."""
        sim = self.sim
        for character in company.characters:
            for gold in [h for h in character.holdings if sim.ring_table[h]]:
                self._resolve_ring_test(company, character, gold, sim.site_test_here[company.site])

    def roll(self) -> int:
        """2D6."""
        r = self.rng.random
        return int(r() * 6) + int(r() * 6) + 2

    # ---- turns ---------------------------------------------------------------------------------------

    def our_turn(self) -> None:
        self.havens_tapped.clear()
        for company in self.companies:           # untap phase (wounds are not modelled)
            company.lost = False
            for character in company.characters:
                character.tapped = False
        self.organize()
        had_companies = bool(self.companies)
        for company, dest in self.plan_moves():
            self.move(company, dest)
            self.reset_to_hand_size(dest)         # coe 2.IV.viii: both players reset after each company
        if had_companies:                         # companies that stay have a movement/hazard phase too
            self.reset_to_hand_size()
        for company in list(self.companies):
            self.site_phase(company)
        self.end_of_turn()

    def end_of_turn(self) -> None:
        """A gold ring in the Ringwraith's company is tested (MELE "Ringwraith effects", -2): at its Darkhaven our
        companies there may join it at the end of the movement/hazard phases (coe 2.IV.6). Then the hand is
        reset."""
        if self.ringwraith and self.avatar_kind is not None:
            wraith = self._wraith_company()
            if wraith is not None:
                sim = self.sim
                here = [c for c in self.companies if c.site == wraith.site] if sim.site_dark_haven[wraith.site] \
                    else [wraith]
                for company in here:           # automatic: but a ring is kept away from the Ringwraith when the
                    for character in company.characters:      # test is not worth it (another company)
                        for gold in [h for h in character.holdings if sim.ring_table[h]]:
                            if self._worth_testing(company, gold, RINGWRAITH_RING_TEST, False, False):
                                self._resolve_ring_test(company, character, gold, RINGWRAITH_RING_TEST)
        self.reset_hand()

    def opponent_turn(self) -> None:
        """Only what moves our cards: we play hazards on them, draw for their movement, reset the hand."""
        sim, hand = self.sim, self.hand
        played = 0
        for kind in list(hand):
            if played == HAZARDS_PER_OPPONENT_TURN:
                break
            if sim.role[kind] == ROLE_HAZARD:
                self.play_from_hand(kind)
                self.discard.append(kind)
                played += 1
        self.draw(OPPONENT_MOVE_DRAW)
        self.reset_hand()

    def may_call(self) -> bool:
        """coe 10.2: threshold MP and length-1 exhaustions, or length exhaustions.

        A Ringwraith or Balrog player calls on MP only by playing Sudden Call from hand (coe 10.2.R1, B1);
        `length` exhaustions end the game anyway (taken as both players' decks running out together).
        """
        sim = self.sim
        if self.exhaustions >= sim.length:
            return True
        if self.mp < sim.threshold or self.exhaustions < sim.length - 1:
            return False
        if not sim.calls_with_card:
            return True
        for kind in self.hand:
            if sim.sudden_call[kind]:
                self.play_from_hand(kind)
                self.discard.append(kind)
                return True
        return False

    def play(self, turns: int, tally: Tally) -> None:
        """Play `turns` of our turns (each followed by the opponent's) and add the game to the tally."""
        sim = self.sim
        self._record_opening(tally)
        called = False
        previous: set[int] = set()
        held = tally.held
        for t in range(turns):
            self.turn = t + 1
            if not called:
                self.our_turn()
                now = set(self.hand)
                for kind in now & previous:
                    held[kind] += 1
                previous = now
                called = self.may_call()
                if not called:
                    self.opponent_turn()
            mp = self.mp
            tally.mp_sum[t] += mp
            tally.mp_sq[t] += mp * mp
            if mp >= sim.threshold:
                tally.reached[t] += 1
            if called:
                tally.called[t] += 1
        tally.games += 1
        for i, value in enumerate(self.category):  # the score after the reported turns
            tally.final_category[i] += value
        tally.final_half_rule += half_rule_total(self.category)
        for kind, count in enumerate(self.played):
            if count:
                tally.played[kind] += count
                tally.played_games[kind] += 1
        self._record_drawn(tally)
        if self.first_exhaustion is not None:
            tally.exhausted_games += 1
            tally.exhausted_within_turn_sum += self.first_exhaustion

    def _record_drawn(self, tally: Tally) -> None:
        """Each kind of which at least one copy was drawn: all of them once the play deck ran out (coe 2.4: every
        card went through the hand), else those with fewer copies left in the play deck than it started with."""
        drawn = tally.drawn_games
        if self.exhaustions:
            for kind in self.sim.copies_in_play_deck:
                drawn[kind] += 1
            return
        left: dict[int, int] = {}
        for kind in self.deck:
            left[kind] = left.get(kind, 0) + 1
        for kind, copies in self.sim.copies_in_play_deck.items():
            if left.get(kind, 0) < copies:
                drawn[kind] += 1

    def _record_opening(self, tally: Tally) -> None:
        sim = self.sim
        kinds = set(self.hand)
        for kind in kinds:
            tally.opening_kind[kind] += 1
        if any(sim.role[k] == ROLE_CHARACTER for k in kinds):
            tally.opening_character += 1
        site = self.companies[0].site if self.companies else sim.start_site
        playable_character = any(
            sim.role[k] == ROLE_CHARACTER and not (sim.unique[k] and k in self.used_unique)
            and site in sim.character_sites[k] and self._controller_for(k, site) is not False
            for k in kinds)
        near = sim.near
        reachable_resource = any(sim.play_sites[k] & near for k in kinds
                                 if sim.role[k] in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY, ROLE_EVENT))
        tally.opening_playable_character += playable_character
        tally.opening_reachable_resource += reachable_resource
        tally.opening_both += playable_character and reachable_resource


def run_games(sim: SimDeck, first: int, count: int, turns: int, seed: int, hazards: str) -> Tally:
    """Play games first..first+count-1, each with its own seeded generator."""
    tally = Tally(turns=turns, kinds=len(sim.kinds))
    for game in range(first, first + count):
        Game(sim, game_rng(seed, game), hazards).play(turns, tally)
    return tally
