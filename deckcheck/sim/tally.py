"""Integer sums over games: adding two tallies gives the tally of both games, in any order (so games split over
worker processes add up to what one process gives)."""

from __future__ import annotations

from dataclasses import dataclass, field


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


@dataclass
class DuelTally:
    """Integer sums over games of one side against an opponent (added like `Tally`, in any order)."""

    opponent_kinds: int
    games: int = 0
    characters_lost: int = 0
    characters_lost_sq: int = 0
    kill_mp: int = 0
    hazards_played: list[int] = field(default_factory=list)      # per opponent kind
    hazards_eliminated: list[int] = field(default_factory=list)  # characters it removed from play
    wins: int = 0
    draws: int = 0
    final_mp: int = 0                                           # after the Free Council (--both)
    opponent_final_mp: int = 0
    mp_difference: int = 0
    mp_difference_sq: int = 0

    def __post_init__(self) -> None:
        for name in ("hazards_played", "hazards_eliminated"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.opponent_kinds)

    def merge(self, other: DuelTally) -> None:
        for name in ("games", "characters_lost", "characters_lost_sq", "kill_mp", "wins", "draws", "final_mp",
                     "opponent_final_mp", "mp_difference", "mp_difference_sq"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("hazards_played", "hazards_eliminated"):
            mine = getattr(self, name)
            for i, value in enumerate(getattr(other, name)):
                mine[i] += value
