"""Scenarios: a game state set up by hand (a hand, a play deck, characters at sites, fixed rolls), for tests and
for reading one situation's play step by step.

    g = scenario(sim, hand=[sword, sword], characters=[(leader, ruin)], rolls=[3, 4])
    site_phase(g, g.companies[0])

The state is the real one (`GameState`, built as a game would be, then changed by its own primitive moves),
so a scenario exercises the same code as a game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from deckcheck.sim.match import against_state, goldfish_state
from deckcheck.sim.state import GameState
from deckcheck.sim.tally import DuelTally


class FixedRolls:
    """2D6 results in order; the last one repeats once they run out."""

    def __init__(self, rolls: Iterable[int]):
        self.rolls = list(rolls)
        if not self.rolls:
            raise ValueError("give at least one roll")
        self.used = 0

    def __call__(self) -> int:
        roll = self.rolls[min(self.used, len(self.rolls) - 1)]
        self.used += 1
        return roll


def scenario(sim, *, hand: list[int] | None = None, deck: list[int] | None = None,
             discard: list[int] | None = None, characters: Iterable[tuple] = (), rolls: Iterable[int] | None = None,
             hazards: str = "none", seed: int = 1, site_states: dict[int, int] | None = None,
             against=None, us=None) -> GameState:
    """A goldfish state (or, with `us` and `against` Sides, one against that opponent's hazards) with:
    `hand`, `deck`, `discard` replacing those zones; `characters` entering play as (kind, site) or (kind, site,
    controller kind) — under general influence, or as a follower of a character already in play at the site;
    `rolls` fixing every 2D6 roll; `site_states` setting sites' states (AVAILABLE, OCCUPIED, TAPPED...)."""
    rng = random.Random(seed)
    if against is not None:
        g = against_state(us, against, rng, DuelTally(opponent_kinds=len(against.sim.kinds)))
    else:
        g = goldfish_state(sim, rng, hazards)
    if rolls is not None:
        g.dice = FixedRolls(rolls)
    for entry in characters:
        kind, site = entry[0], entry[1]
        controller = None
        if len(entry) > 2 and entry[2] is not None:
            controller = next(c for company in g.companies if company.site == site
                              for c in company.characters if c.kind == entry[2])
        g.add_to_company(g.enter(kind, controller), site)
    for zone, cards in (("hand", hand), ("deck", deck), ("discard", discard)):
        if cards is not None:
            setattr(g, zone, list(cards))
    for site, state in (site_states or {}).items():
        g.site_state[site] = state
    return g

