"""A company moved into the opponent's hazards, for the tests of hazard cards: Aragorn II and Faramir (of an ICE
Challenge Deck) moved from one site to another with the hazard player's hand, discard pile and cards in play set
by name, its play deck resources only (so that no draw brings a hazard the test did not name)."""

from __future__ import annotations

from deckcheck.sim.players.hazard_events import RESOURCE
from deckcheck.sim.scenario import scenario
from deckcheck.sim.state import OCCUPIED
from deckcheck.sim.turn.hazards import hazard_phase


def kind(side, name: str) -> int:
    return next(k for k, c in enumerate(side.sim.kinds) if c.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def moved_into_hazards(us, them, origin: str, dest: str, hand, discard=(), board=(), reserved=None, rolls=(7,),
                       observer=None):
    """The game after the hazard phase of the move; `reserved` (by name) is held by the first card of `board`."""
    sim = us.sim
    start, end = site(sim, origin), site(sim, dest)
    g = scenario(sim, starting_company=False, us=us, against=them, rolls=rolls, observer=observer,
                 characters=[(kind(us, n), start) for n in ("Aragorn II", "Faramir")],
                 board=[kind(them, n) for n in board])
    if reserved is not None:
        g.board.reserved[id(g.board.events[0])] = kind(them, reserved)
    g.hazards.cards.hand = [kind(them, n) for n in hand]
    resource = next(k for k in range(len(them.sim.kinds)) if them.hazards.use[k] == RESOURCE)
    g.hazards.cards.deck = [resource] * 10
    g.hazards.cards.discard[:] = [kind(them, n) for n in discard]
    company = g.companies[0]
    company.site = end
    g.occupy(end)
    hazard_phase(g, company, start, end, OCCUPIED)
    return g
