"""A match: one game of one or two players, turn after turn, to its end, added to the tallies.

- `play_goldfish`: our turns only; between them the opponent's turn moves only our cards; hazards from the
  `--hazards` model.
- `play_against` (`--against`): the same, with the opponent's real hazards played on our moves by its hazard
  player; its own turns reduced to its card flow.
- `Duel` (`--both`, `matchups`): both decks play full turns, alternately; each is the other's hazard player; the
  game ends at a call (coe 10.2: the caller's opponent takes one last turn) or after the turns, and the Free
  Council decides (10.3).

Nothing is patched onto a game: each kind of match is its own loop here, calling `sim.turn`.
"""

from __future__ import annotations

from collections import Counter
from itertools import compress

from deckcheck.analysis.scoring import half_rule_total
from deckcheck.sim.players.hazard_model import HazardModel
from deckcheck.sim.players.opponent import HazardHand, HazardPlayer
from deckcheck.sim.players.resource import ResourcePlayer
from deckcheck.sim.rules.council import council_totals, duplicates_revealed
from deckcheck.sim.rules.play import rival_conflicts
from deckcheck.sim.state import GameState
from deckcheck.sim.streams import GameRandom
from deckcheck.sim.tally import DuelTally, Tally
from deckcheck.sim.turn import our_turn
from deckcheck.sim.turn.end import may_call, opponent_card_flow
from deckcheck.sim.turn.hazards import card_check_bonus, check_corruption, corruption_points, tap_to_support


def game_rng(seed: int, game: int) -> GameRandom:
    """Each game has its own generator, so results do not depend on how games are split among workers; its
    streams by purpose (`sim.streams`) keep two decks' games on the same numbers (`simulate --swap`)."""
    return GameRandom(seed * 1_000_003 + game)


def goldfish_state(sim, rng: GameRandom, hazards: str = "none", dice=None, observer=None) -> GameState:
    return GameState(sim, rng, ResourcePlayer(), HazardModel(hazards), dice=dice, observer=observer)


def run_games(sim, first: int, count: int, turns: int, seed: int, hazards: str, observer=None) -> Tally:
    """Play goldfish games first..first+count-1, each with its own seeded generator."""
    tally = Tally(turns=turns, kinds=len(sim.kinds))
    for game in range(first, first + count):
        play_goldfish(goldfish_state(sim, game_rng(seed, game), hazards, observer=observer), turns, tally)
    return tally


def play_goldfish(g: GameState, turns: int, tally: Tally) -> None:
    """Our `turns` turns, each followed by the opponent's (only what moves our cards), added to the tally."""
    play_turns(g, turns, tally, may_call, opponent_card_flow)


def play_turns(g: GameState, turns: int, tally: Tally, call, between) -> None:
    """Our turns until called: `call(g)` says whether we call at the end of a turn, `between(g)` is the
    opponent's turn after one we did not call."""
    sim = g.sim
    if g.observer is not None and g.opponent is None:
        g.observer.new_game()
    record_opening(g, tally)
    called = False
    previous: set[int] = set()
    held = tally.held
    for t in range(turns):
        g.turn = t + 1
        if not called:
            our_turn(g)
            now = set(g.hand)
            for kind in now & previous:
                held[kind] += 1
            previous = now
            called = call(g)
            if not called:
                between(g)
        record_turn(tally, t, g.mp, sim.threshold, called)
    record_game(g, tally)


def record_turn(tally: Tally, t: int, mp: int, threshold: int, called: bool) -> None:
    tally.mp_sum[t] += mp
    tally.mp_sq[t] += mp * mp
    if mp >= threshold:
        tally.reached[t] += 1
    if called:
        tally.called[t] += 1


def record_game(g: GameState, tally: Tally) -> None:
    """The game's score after the reported turns, the cards played and drawn, the first exhaustion."""
    tally.games += 1
    for i, value in enumerate(g.category):
        tally.final_category[i] += value
    tally.final_half_rule += half_rule_total(g.category)
    played = g.played
    for kind in compress(range(len(played)), played):     # the kinds played at least once
        tally.played[kind] += played[kind]
        tally.played_games[kind] += 1
    record_drawn(g, tally)
    if g.first_exhaustion is not None:
        tally.exhausted_games += 1
        tally.exhausted_within_turn_sum += g.first_exhaustion


def record_drawn(g: GameState, tally: Tally) -> None:
    """Each kind of which at least one copy was drawn: all of them once the play deck ran out (coe 2.4: every
    card went through the hand), else those with fewer copies left in the play deck than it started with."""
    drawn = tally.drawn_games
    if g.exhaustions:
        for kind in g.sim.copies_in_play_deck:
            drawn[kind] += 1
        return
    left = Counter(g.deck)
    for kind, copies in g.sim.copies_in_play_deck.items():
        if left[kind] < copies:
            drawn[kind] += 1


def record_opening(g: GameState, tally: Tally) -> None:
    for kind in set(g.hand):
        tally.opening_kind[kind] += 1
    character, playable, reachable = g.player.opening_summary(g)
    tally.opening_character += character
    tally.opening_playable_character += playable
    tally.opening_reachable_resource += reachable
    tally.opening_both += playable and reachable


# ---- against an opponent's hazards ------------------------------------------------------------------------

def against_state(us, them, rng: GameRandom, stats: DuelTally, observer=None) -> GameState:
    """Our side of a game whose hazards are `them`'s real ones (its hand alone: its turns are not played)."""
    g = GameState(us.sim, rng, ResourcePlayer(), None, side=us, opponent=them, stats=stats, observer=observer)
    g.hazards = HazardPlayer(them.hazards, HazardHand(them.sim, rng, them.hazards.keep))   # shuffled after ours
    return g


def play_against(us, them, game: int, seed: int, turns: int, tally: Tally, stats: DuelTally,
                 observer=None) -> GameState:
    """One game of ours against the opponent's hazards (its own turns reduced to its card flow)."""
    g = against_state(us, them, game_rng(seed, game), stats, observer)
    if observer is not None:
        observer.new_game()
    play_against_turns(g, them, turns, tally)
    record_losses(g, stats)
    return g


def play_against_turns(g: GameState, them, turns: int, tally: Tally) -> None:
    """Our turns against `them`'s hazards; between them, its own turn is its card flow, then ours."""
    uses = them.hazards.use

    def between(state: GameState) -> None:
        state.hazards.cards.own_turn(uses)
        opponent_card_flow(state)

    play_turns(g, turns, tally, may_call, between)


def record_losses(g: GameState, stats: DuelTally) -> None:
    stats.games += 1
    stats.characters_lost += g.lost
    stats.characters_lost_sq += g.lost * g.lost


# ---- both sides play --------------------------------------------------------------------------------------

class Duel:
    """One game of alternating full turns, `first` starting. coe 10.2: a player who may call does so at the end
    of its turn and the opponent gets one last turn; a game not called by the end of `turns` turns each is
    decided by a Free Council held then (a time limit)."""

    def __init__(self, first, second, game: int, seed: int, turns: int, tallies: tuple[Tally, Tally],
                 stats: tuple[DuelTally, DuelTally], observer=None):
        if observer is not None:
            observer.new_game()
        rng = game_rng(seed, game)
        self.a = GameState(first.sim, rng, ResourcePlayer(first.hazard_keep), None, side=first, opponent=second,
                           stats=stats[0], observer=observer)
        self.b = GameState(second.sim, rng.for_side(1), ResourcePlayer(second.hazard_keep), None, side=second,
                           opponent=first, stats=stats[1], observer=observer)
        self.b.board = self.a.board                              # the events in play are shared
        self.a.rival, self.b.rival = self.b, self.a              # and the unique cards in play (coe 1.1)
        self.a.rival_conflicts = rival_conflicts(first.sim, second.sim)
        self.b.rival_conflicts = rival_conflicts(second.sim, first.sim)
        self.a.hazards = HazardPlayer(second.hazards, self.b)    # each plays its hazards from its own hand
        self.b.hazards = HazardPlayer(first.hazards, self.a)
        self.turns = turns
        self.tallies = tallies
        self.stats = stats
        self.ending: str | None = None       # "first" or "second": who called
        self.result: list[int] | None = None
        self.b_turns = 0                    # the second player's turns recorded so far

    def play(self) -> tuple[int, int]:
        """Play the game; returns the Free Council totals (first, second)."""
        a, b = self.a, self.b
        play_turns(a, self.turns, self.tallies[0], self._first_calls, self._second_turn)
        self._council(b)
        b_tally = self.tallies[1]
        while self.b_turns < b_tally.turns:      # the second player's score is frozen once the game has ended
            self._record_second()
        b_tally.games += 1
        scores = self.result[0], self.result[1]
        for game, mine in ((a, self.stats[0]), (b, self.stats[1])):
            record_losses(game, mine)
        record_result(self.stats, scores)
        return scores

    def _first_calls(self, a: GameState) -> bool:
        """At the end of the first player's turn: its last turn after the second called, or its own call (the
        second player then takes its last turn)."""
        if self.ending == "second":
            self._council(a)
            return True
        if may_call(a):
            self.ending = "first"
            self._second_plays()
            self._council(self.b)
            return True
        return False

    def _second_turn(self, _a: GameState) -> None:
        if self.ending is None:
            self._second_plays(check_call=True)

    def _second_plays(self, check_call: bool = False) -> None:
        b = self.b
        b.turn = self.a.turn
        our_turn(b)
        if check_call and may_call(b):
            self.ending = "second"           # the first player gets one last turn
        self._record_second()

    def _record_second(self) -> None:
        t = self.b_turns
        b_tally = self.tallies[1]
        if t < b_tally.turns:
            b = self.b
            record_turn(b_tally, t, b.mp, b.sim.threshold, self.ending is not None)
        self.b_turns += 1

    def _council(self, last: GameState) -> None:
        if self.result is None:
            self.result = free_council([self.a, self.b], last)


def play_duel(first, second, game: int, seed: int, turns: int, tallies: tuple[Tally, Tally],
              stats: tuple[DuelTally, DuelTally], observer=None) -> tuple[int, int]:
    """One game of alternating full turns, `first` starting; returns the Free Council totals (first, second)."""
    return Duel(first, second, game, seed, turns, tallies, stats, observer).play()


def free_council(players: list[GameState], last: GameState) -> list[int]:
    """coe 10.3: final corruption checks (from the player who took the last turn), totals by source, the doubling
    of a source the opponent lacks, no source above half the total, the duplicates revealed from hand (one point
    each off the opponent), then the eliminated-avatar penalty."""
    order = [last] + [p for p in players if p is not last]
    for player in order:
        for company in list(player.companies):
            # 10.3.i, 7.1.1: each character checks, in the player's order, with whoever the player taps for +1 each
            checks = [(c, corruption_points(player, c), card_check_bonus(player, company, c))
                      for c in company.characters]
            plan = player.player.council_support(player, company, checks)
            planned = {id(c) for c, _ in plan}
            plan += [(c, []) for c, _, _ in checks if id(c) not in planned]     # every one checks, whatever
            for character, helpers in plan:
                if character not in company.characters:
                    continue
                helpers = [h for h in helpers if h in company.characters and not h.tapped]
                tap_to_support(player, character, helpers)
                cards = player.corruption_on.get(character)
                check_corruption(player, company, character, 0, cards[0] if cards else None, support=len(helpers))
    totals = council_totals([list(p.category) for p in players], [p.avatar_lost for p in players])
    for i, player in enumerate(players):        # 10.3.v: each duplicate revealed costs the opponent one point
        totals[1 - i] -= duplicates_revealed(player, players[1 - i])
    for p in players:
        if p.observer is not None:
            p.observer.council(p, players, totals)
            break
    return totals


def record_result(stats: tuple[DuelTally, DuelTally], scores: tuple[int, int]) -> None:
    for i, mine in enumerate(stats):
        own, other = scores[i], scores[1 - i]
        mine.wins += own > other
        mine.draws += own == other
        mine.final_mp += own
        mine.opponent_final_mp += other
        mine.mp_difference += own - other
        mine.mp_difference_sq += (own - other) ** 2
