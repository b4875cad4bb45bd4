"""One deck's tables for a game against an opponent (`Side`): its `SimDeck`, what combat and corruption need
of its characters and items, what its hazards are to the hazard model. Built once per deck."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.sim.model import ROLE_HAZARD, SimDeck
from deckcheck.sim.model.defence import DefenceTables
from deckcheck.sim.players.opponent import CORRUPTION, CREATURE, HazardTables, hazard_tables
from deckcheck.sim.rules.keying import Move

# In a game where both sides play, our own hazards are kept in hand by what the hazard model can do with them.
OWN_HAZARD_KEEP = {CREATURE: 4, CORRUPTION: 3}
UNMODELLED_HAZARD_KEEP = 0


@dataclass
class Side:
    """One deck's tables for a duel, built once per deck."""

    sim: SimDeck
    defence: DefenceTables
    hazards: HazardTables
    hazard_keep: list[int | None]      # hand rank of our own hazards when we play the hazard side too
    moves: dict[tuple[int, int], Move] = field(default_factory=dict)   # what keying sees of each move, once


def side_of(sim: SimDeck) -> Side:
    hazards = hazard_tables(sim)
    keep = [OWN_HAZARD_KEEP.get(hazards.use[k], UNMODELLED_HAZARD_KEEP) if sim.role[k] == ROLE_HAZARD else None
            for k in range(len(sim.kinds))]
    return Side(sim, sim.defence, hazards, keep)
