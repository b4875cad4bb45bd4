"""The goldfish: one game of a deck's own turns, played by simple written-down heuristics.

The turn sequence follows coe 2 (and MELE "The Player Turn"): untap; organization (one character into play
under general or direct influence, companies join at havens and split towards sites, each picks a destination);
movement/hazard (draw by the site's numbers, at least one; optional hazard model); site phase (items where
their class is playable, allies and factions at their named site, a faction by 2D6 + unused direct influence
against its number; a site taps once, plus one additional minor item); end of turn (reset the hand to 8).
Between our turns the opponent's turn is modelled only for our deck flow: we play up to two hazards on them,
draw for their movement and reset the hand. docs/simulation.md lists what is and is not modelled.

Everything a turn needs is an integer table of `SimDeck`; the per-game state lives in local variables and
small slotted objects, because 10,000 games of 12 turns must run in seconds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from deckcheck.analysis.scoring import half_rule_total
from deckcheck.analysis.sim.tables import (
    GENERAL_INFLUENCE,
    HAND_SIZE,
    ROLE_CHARACTER,
    ROLE_EVENT,
    ROLE_FACTION,
    ROLE_HAZARD,
    ROLE_ITEM,
    SimDeck,
)

# The opponent's hazards against our moving companies: P(the company loses its site phase),
# P(one non-avatar character is eliminated), per move to a non-haven site.
HAZARD_MODELS = {"none": (0.0, 0.0), "light": (0.15, 0.05), "heavy": (0.35, 0.15)}
# Cards we draw during the opponent's movement (the mean opponent draw number of non-haven sites is 2.1).
OPPONENT_MOVE_DRAW = 2
# Hazards we play on the opponent per turn: the hazard limit of a small company.
HAZARDS_PER_OPPONENT_TURN = 2
MAX_COMPANIES = 3
MAX_COMPANY_SIZE = 7                  # away from a haven (coe 2.II.3.1)
# A game whose play deck has not run out by its last reported turn plays on, unrecorded, up to this turn,
# so the expected exhaustion turn is not limited to the games that exhaust early.
EXHAUSTION_HORIZON = 40
MINOR_ITEM_BIT = 1
# coe 2.IV.v: a moving company draws cards only if it holds the avatar or a character of at least this mind.
DRAWING_MIND = 3
# coe 2.IV.v.F1, B1: these players draw by the new site even when moving to a haven.
DRAW_BY_DESTINATION = frozenset({"fallen-wizard", "balrog"})

AVAILABLE, OCCUPIED, TAPPED, DISCARDED = range(4)   # site states (havens are always available)


class Character:
    __slots__ = ("kind", "tapped", "controller", "followers_mind", "holdings")

    def __init__(self, kind: int, controller: Character | None = None):
        self.kind = kind
        self.tapped = False
        self.controller = controller          # None: under general influence (or the avatar)
        self.followers_mind = 0
        self.holdings: list[int] = []         # items and allies it controls


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
    exhausted_eventually: int = 0                         # ... within EXHAUSTION_HORIZON turns
    exhausted_turn_sum: int = 0                           # sum of the first exhaustion's turn over those
    held: list[int] = field(default_factory=list)         # per kind: turn-ends it stayed in hand
    opening_kind: list[int] = field(default_factory=list)   # per kind: opening hands with >= 1 copy
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
        for name in ("held", "opening_kind"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.kinds)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        for name in ("mp_sum", "mp_sq", "reached", "called", "held", "opening_kind", "final_category"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, value in enumerate(theirs):
                mine[i] += value
        for name in ("exhausted_games", "exhausted_eventually", "exhausted_turn_sum", "final_half_rule",
                     "opening_character",
                     "opening_playable_character",
                     "opening_reachable_resource", "opening_both"):
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
        self.gi_used = 0
        self.gi_max = GENERAL_INFLUENCE
        self.avatar_revealed = False
        self.havens_tapped: set[int] = set()  # havens do not stay tapped: cleared each untap phase
        self.mp = 0
        self.category = [0] * 6
        self.exhaustions = 0
        self.first_exhaustion = 0             # the turn (round) of the first exhaustion, 0 if none
        self.turn = 0
        self._start()

    # ---- setup ---------------------------------------------------------------------------------------

    def _start(self) -> None:
        sim = self.sim
        characters = [self._enter(k, None) for k in sim.start_characters]
        for character, item in zip(characters, sim.start_items):
            character.holdings.append(item)
            self._score(item, 1)
        if characters:
            self.companies.append(Company(sim.start_site, characters))
            self._occupy(sim.start_site)
        self.draw(HAND_SIZE)

    def _enter(self, kind: int, controller: Character | None) -> Character:
        """Bring a character into play under general influence (controller None) or as a follower."""
        sim = self.sim
        character = Character(kind, controller)
        if sim.unique[kind]:
            self.used_unique.add(kind)
        if sim.avatar[kind]:
            self.avatar_revealed = True
            if sim.general_influence[kind]:
                self.gi_max = sim.general_influence[kind]
        elif controller is None:
            self.gi_used += sim.mind[kind]
        else:
            controller.followers_mind += sim.mind[kind]
        self._score(kind, 1)
        return character

    def _score(self, kind: int, sign: int) -> None:
        value = self.sim.mp[kind] * sign
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
        if not self.first_exhaustion:
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

    def reset_hand(self) -> None:
        """coe 2.VI: discard one dead card if any (2.VI.i), then draw up to or discard down to the hand size."""
        hand = self.hand
        if hand:
            worst = min(hand, key=self.keep_value)
            if self.keep_value(worst) < 0:
                hand.remove(worst)
                self.discard.append(worst)
        self.reset_to_hand_size()

    def reset_to_hand_size(self, site: int | None = None) -> None:
        """Draw up to or discard down to the hand size (coe 2.IV.viii, 2.VI.ii).

        After a company's movement/hazard phase, cards playable at its `site` are kept before the others:
        its site phase comes next.
        """
        hand = self.hand
        if len(hand) > HAND_SIZE:
            keep = self.keep_value
            if site is None:
                hand.sort(key=keep)
            else:
                here = self.sim.site_playable[site]
                hand.sort(key=lambda kind: (kind in here, keep(kind)))
            self.discard.extend(hand[: len(hand) - HAND_SIZE])
            del hand[: len(hand) - HAND_SIZE]
        elif len(hand) < HAND_SIZE:
            self.draw(HAND_SIZE - len(hand))

    # ---- organization --------------------------------------------------------------------------------

    def play_character(self, non_unique_only: bool = False) -> None:
        """Play the most valuable character the hand allows (coe 2.II.2): one per turn, at a haven or home site."""
        sim = self.sim
        best = None
        best_value = -1
        locations = [c.site for c in self.companies] or [sim.start_site]
        avatar_site = self.avatar_site()
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
                value = 1000 if sim.avatar[kind] else 10 * sim.mp[kind] + sim.mind[kind]
                if value > best_value:
                    best, best_value = (kind, site, controller), value
                break
        if best is None:
            return
        kind, site, controller = best
        self.hand.remove(kind)
        character = self._enter(kind, controller)
        for company in self.companies:
            if company.site == site:
                company.characters.append(character)
                return
        self.companies.append(Company(site, [character]))
        self._occupy(site)

    def avatar_site(self) -> int | None:
        """The site of the company holding our avatar, None while it is not in play."""
        if self.avatar_revealed:
            avatar = self.sim.avatar
            for company in self.companies:
                if any(avatar[c.kind] for c in company.characters):
                    return company.site
        return None

    def _controller_for(self, kind: int, site: int):
        """A character with room in direct influence at the site, None for general influence, False if neither."""
        sim = self.sim
        if sim.avatar[kind]:
            return None
        mind = sim.mind[kind]
        for company in self.companies:
            if company.site != site:
                continue
            for other in company.characters:
                if self.ringwraith and sim.avatar[other.kind]:
                    continue                          # its followers could not travel with it (coe 2.II.2.1.R3)
                if other.controller is None and sim.direct_influence[other.kind] - other.followers_mind >= mind:
                    return other
        return None if self.gi_used + mind <= self.gi_max else False

    def play_events(self) -> None:
        """Resource events worth MP are played as soon as a character is in play (a simplification)."""
        sim = self.sim
        if not self.companies:
            return
        for kind in list(self.hand):
            if sim.role[kind] == ROLE_EVENT and sim.mp[kind] > 0 and not (
                    sim.unique[kind] and kind in self.used_unique):
                self.hand.remove(kind)
                if sim.unique[kind]:
                    self.used_unique.add(kind)
                self._score(kind, 1)

    def site_values(self, hand: set[int]) -> dict[int, int]:
        """Free untapped sites the hand can use, valued 10 per MP of the best card playable there, +1.

        Built from the hand's few cards rather than by scanning every site: location decks reach 200 sites.
        """
        sim, state, used = self.sim, self.site_state, self.used_unique
        values: dict[int, int] = {}
        for kind in hand:
            sites = sim.play_sites[kind]
            if not sites or (sim.unique[kind] and kind in used):
                continue
            value = 10 * sim.mp[kind] + 1
            for site in sites:
                if state[site] == AVAILABLE and values.get(site, 0) < value:
                    values[site] = value
        return values

    def plan_moves(self) -> list[tuple[Company, int]]:
        """Each company's destination: back to a haven from a site; from a haven to the best sites."""
        sim = self.sim
        self._join_at_havens()
        if self.ringwraith:
            self._ringwraiths_apart()
        hand = set(self.hand)
        values = self.site_values(hand)
        moves: list[tuple[Company, int]] = []
        claimed: set[int] = set()
        for company in list(self.companies):
            site = company.site
            if self.ringwraith and sim.avatar[company.characters[0].kind]:
                continue                              # the Ringwraith waits at its Darkhaven
            if not sim.site_is_haven[site]:
                if self.site_state[site] == OCCUPIED and self._playable(sim.site_playable[site]) is not None:
                    continue                          # untapped and still useful: stay, no move, no draw
                moves.append((company, self._best_haven(sim.site_links[site], values, claimed)))
                continue
            self._leave_behind_above_size(company)
            home = self._avatar_home(site, hand, claimed)
            if home is not None:
                moves.append((company, home))
                claimed.add(home)
                continue
            reachable = sim.reachable_set[site]
            good = sorted(((value, sim.site_draw[s], s) for s, value in values.items()
                           if s in reachable and s not in claimed), reverse=True)
            if good:
                moves.extend(self._split(company, [t[2] for t in good]))
                claimed.update(dest for _, dest in moves)
                continue
            via = self._best_haven(sim.site_links[site], values, claimed, require_target=True)
            if via is not None:
                moves.append((company, via))
                continue
            for dest in sim.reachable_by_draw[site]:   # nothing to play: move anyway to draw cards
                if self.site_state[dest] == AVAILABLE and dest not in claimed:
                    moves.append((company, dest))
                    claimed.add(dest)
                    break
        return moves

    def _avatar_home(self, haven: int, hand: set[int], claimed: set[int]) -> int | None:
        """A haven or site one move away where the avatar in hand may be revealed, if it cannot be here."""
        if self.avatar_revealed:
            return None
        sim = self.sim
        for kind in hand:
            if not sim.avatar[kind] or haven in sim.character_sites[kind]:
                continue
            for dest in sim.site_links[haven] + sim.reachable[haven]:
                if dest in sim.character_sites[kind] and dest not in claimed and (
                        sim.site_is_haven[dest] or self.site_state[dest] == AVAILABLE):
                    return dest
        return None

    def _best_haven(self, havens: tuple[int, ...], values: dict[int, int], claimed: set[int],
                    require_target: bool = False) -> int | None:
        """The haven from which the hand's best site is reachable (the first haven if none, unless required)."""
        sim = self.sim
        best, best_value = (None if require_target else (havens[0] if havens else sim.start_site)), 0
        for haven in havens:
            reachable = sim.reachable_set[haven]
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

        The goldfish leaves its Ringwraith at the Darkhaven, in a company of its own, and moves the others.
        """
        avatar = self.sim.avatar
        for company in list(self.companies):
            wraiths = [c for c in company.characters if avatar[c.kind]]
            if wraiths and len(wraiths) < len(company.characters):
                company.characters = [c for c in company.characters if not avatar[c.kind]]
                self.companies.insert(0, Company(company.site, wraiths))

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
        or Balrog player draws by the destination even when it is a haven (2.IV.v.F1, B1).
        """
        sim = self.sim
        origin = company.site
        if any(sim.avatar[c.kind] or sim.mind[c.kind] >= DRAWING_MIND for c in company.characters):
            by_origin = sim.site_is_haven[dest] and not self.draw_by_destination
            self.draw(sim.site_draw[origin] if by_origin else sim.site_draw[dest])
        if not sim.site_is_haven[origin]:
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
                self.hand.remove(kind)
                self.discard.append(kind)
                return True
        return False

    def eliminate(self, company: Company, character: Character) -> None:
        """The character leaves the game; its items and allies are discarded, followers fall to GI or go.

        A company left empty is removed once, after every follower that had to go has gone."""
        self._remove_character(company, character, eliminated=True)
        if not company.characters:
            self.companies.remove(company)
            if not self.sim.site_is_haven[company.site]:
                state = self.site_state
                state[company.site] = DISCARDED if state[company.site] == TAPPED else AVAILABLE

    def _remove_character(self, company: Company, character: Character, eliminated: bool) -> None:
        """An eliminated character is out of the game; a discarded follower goes to the discard pile."""
        sim = self.sim
        company.characters.remove(character)
        self._score(character.kind, -1)
        if not eliminated:
            self.used_unique.discard(character.kind)
            self.discard.append(character.kind)
        for held in character.holdings:
            self._score(held, -1)
            self.used_unique.discard(held)
            self.discard.append(held)
        if character.controller is None:
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
        """Play the best card the hand holds for the site; the site taps once, then one more minor item.

        A haven listing factions or allies (Moria for a Balrog) is played at like a site, once per turn.
        """
        sim = self.sim
        site = company.site
        haven = sim.site_is_haven[site]
        if company.lost:
            return
        if haven:
            if site in self.havens_tapped or not sim.site_playable[site]:
                return
        elif self.site_state[site] != OCCUPIED:
            return
        ready = [c for c in company.characters if not c.tapped]
        hand = self.hand
        tapped = False
        while ready and not tapped:
            kind = self._playable(sim.site_playable[site])
            if kind is None:
                return
            hand.remove(kind)
            if sim.role[kind] == ROLE_FACTION:
                influencer = max(ready, key=self._unused_di)
                ready.remove(influencer)
                influencer.tapped = True
                number = sim.influence_number[kind]
                if number >= 0 and self.roll() + self._unused_di(influencer) <= number:
                    self.discard.append(kind)      # coe 2.V.3: a failed faction is discarded
                    continue
            else:
                bearer = min(ready, key=self._unused_di)
                ready.remove(bearer)
                bearer.tapped = True
                bearer.holdings.append(kind)
            if sim.unique[kind]:
                self.used_unique.add(kind)
            self._score(kind, 1)
            tapped = True
        if not tapped:
            return
        if haven:
            self.havens_tapped.add(site)
        else:
            self.site_state[site] = TAPPED
        if ready:                                  # coe 2.V.5: one additional minor item
            for kind in hand:
                if sim.role[kind] == ROLE_ITEM and sim.item_bit[kind] == MINOR_ITEM_BIT and not (
                        sim.unique[kind] and kind in self.used_unique):
                    hand.remove(kind)
                    bearer = ready.pop()
                    bearer.tapped = True
                    bearer.holdings.append(kind)
                    if sim.unique[kind]:
                        self.used_unique.add(kind)
                    self._score(kind, 1)
                    break

    def _playable(self, kinds: tuple[int, ...]) -> int | None:
        hand, sim, used = self.hand, self.sim, self.used_unique
        for kind in kinds:
            if kind in hand and not (sim.unique[kind] and kind in used):
                return kind
        return None

    def _unused_di(self, character: Character) -> int:
        return self.sim.direct_influence[character.kind] - character.followers_mind

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
        self.play_character()
        if self.balrog:
            self.play_character(non_unique_only=True)   # coe 2.II.2.2.B2: one more, non-unique
        self.play_events()
        had_companies = bool(self.companies)
        for company, dest in self.plan_moves():
            self.move(company, dest)
            self.reset_to_hand_size(dest)         # coe 2.IV.viii: both players reset after each company
        if had_companies:                         # companies that stay have a movement/hazard phase too
            self.reset_to_hand_size()
        for company in list(self.companies):
            self.site_phase(company)
        self.reset_hand()

    def opponent_turn(self) -> None:
        """Only what moves our cards: we play hazards on them, draw for their movement, reset the hand."""
        sim, hand = self.sim, self.hand
        played = 0
        for kind in list(hand):
            if played == HAZARDS_PER_OPPONENT_TURN:
                break
            if sim.role[kind] == ROLE_HAZARD:
                hand.remove(kind)
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
                self.hand.remove(kind)
                self.discard.append(kind)
                return True
        return False

    def play(self, turns: int, tally: Tally, horizon: int = EXHAUSTION_HORIZON) -> None:
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
        for i, value in enumerate(self.category):  # the score after the reported turns, before any play-on
            tally.final_category[i] += value
        tally.final_half_rule += half_rule_total(self.category)
        if self.first_exhaustion:
            tally.exhausted_games += 1
        while not self.first_exhaustion and self.turn < horizon:
            self.turn += 1                        # played on only to see when the play deck runs out
            self.our_turn()
            self.opponent_turn()
        if self.first_exhaustion:
            tally.exhausted_eventually += 1
            tally.exhausted_turn_sum += self.first_exhaustion

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
        reachable_resource = any(sim.play_sites[k] & near for k in kinds)
        tally.opening_playable_character += playable_character
        tally.opening_reachable_resource += reachable_resource
        tally.opening_both += playable_character and reachable_resource


def run_games(sim: SimDeck, first: int, count: int, turns: int, seed: int, hazards: str,
              horizon: int = EXHAUSTION_HORIZON) -> Tally:
    """Play games first..first+count-1, each with its own seeded generator.

    `horizon` is the last turn played to find the first exhaustion (tests of opening hands need none)."""
    tally = Tally(turns=turns, kinds=len(sim.kinds))
    for game in range(first, first + count):
        Game(sim, game_rng(seed, game), hazards).play(turns, tally, horizon)
    return tally
