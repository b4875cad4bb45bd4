"""One deck's tables for a game against an opponent (`Side`): its `SimDeck`, what combat and corruption need
of its characters and items, what its hazards are to the hazard model. Built once per deck."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.sim.model import ROLE_HAZARD, SimDeck
from deckcheck.sim.model.defence import DefenceTables
from deckcheck.sim.players.opponent import AGENT, CORRUPTION, CREATURE, EVENT, HazardTables, hazard_tables
from deckcheck.sim.rules.events import HAZARD_ENVIRONMENTS_DISCARDED, EventSpec
from deckcheck.sim.rules.keying import Move

ANSWERS = frozenset({HAZARD_ENVIRONMENTS_DISCARDED, "cancel_environment"})

# In a game where both sides play, our own hazards are kept in hand by what the hazard model can do with them.
OWN_HAZARD_KEEP = {CREATURE: 4, AGENT: 4, EVENT: 3, CORRUPTION: 3}
UNMODELLED_HAZARD_KEEP = 0


@dataclass
class Side:
    """One deck's tables for a duel, built once per deck."""

    sim: SimDeck
    defence: DefenceTables
    hazards: HazardTables
    hazard_keep: list[int | None]      # hand rank of our own hazards when we play the hazard side too
    moves: dict[tuple[int, int], Move] = field(default_factory=dict)   # what keying sees of each move, once
    staying: dict[int, Move] = field(default_factory=dict)             # ... of a company staying at a site
    # per kind: what our own environment card does against the hazard environments (Gates of Morning, or
    # Twilight played as a resource), None for every other card
    environment: list[EventSpec | None] = field(default_factory=list)


def side_of(sim: SimDeck) -> Side:
    hazards = hazard_tables(sim)
    keep = [OWN_HAZARD_KEEP.get(hazards.use[k], UNMODELLED_HAZARD_KEEP) if sim.role[k] == ROLE_HAZARD else None
            for k in range(len(sim.kinds))]
    events = load_combat_facts().get("events", {})
    environment = [EventSpec.of(events[c.id]) if events.get(c.id, {}).get("effect") in ANSWERS else None
                   for c in sim.kinds]
    return Side(sim, sim.defence, hazards, keep, environment=environment)
