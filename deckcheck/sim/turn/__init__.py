"""The turn sequence (coe 2; MELE "The Player Turn"): untap, organization, movement/hazard, site, end of turn.
Each phase calls the rules (`sim.rules`) and asks the player (`g.player`) for every choice; the state's
primitive moves (`sim.state`) apply them."""

from __future__ import annotations

from deckcheck.sim.streams import ORGANIZATION
from deckcheck.sim.turn.end import end_of_turn
from deckcheck.sim.turn.events import end_long_events, remove_influence_penalties, resource_environment
from deckcheck.sim.turn.hazards import corruption_upkeep, heal
from deckcheck.sim.turn.movement import movement_hazard
from deckcheck.sim.turn.organization import organize
from deckcheck.sim.turn.site import on_guard_returns, site_phase


def our_turn(g) -> None:
    if g.observer is not None:
        g.observer.turn_start(g)
    g.rng.at(g.turn, ORGANIZATION)
    untap(g)
    organize(g)
    if g.observer is not None:
        g.observer.phase(g, "organization")
    if g.opponent is not None:
        if g.influence_penalty:
            remove_influence_penalties(g)
        resource_environment(g)             # our answer to Doors of Night, in the organization phase
        end_long_events(g)                  # coe 2.III.3: the hazard player's long-events go
    movement_hazard(g)
    if g.observer is not None:
        g.observer.phase(g, "movement")
    for company in list(g.companies):
        site_phase(g, company)
    if g.on_guard:
        on_guard_returns(g)
    if g.observer is not None:
        g.observer.phase(g, "site")
    end_of_turn(g)
    if g.observer is not None:
        g.observer.phase(g, "end")


def untap(g) -> None:
    """coe 2.I: wounded characters at a haven heal (to tapped), against an opponent the corruption cards'
    upkeep; then every other character untaps (the wounded and the healed stay tapped: `stay_tapped`)."""
    if g.wounded or g.stay_tapped or g.tapped_allies:
        heal(g)
    if g.opponent is not None:
        corruption_upkeep(g)
    g.havens_tapped.clear()
    g.staying_for.clear()
    g.stopped.clear()
    g.hidden.clear()
    stay = g.stay_tapped
    for company in g.companies:
        company.lost = False
        for character in company.characters:
            character.tapped = character in stay      # tapped from the untap phase on: nobody plans with them
