"""The movement/hazard phase (coe 2.IV): the player plans each company's move, the company moves (an
Under-deeps roll, drawing by the site's numbers, leaving the old site), the hazard player plays on it, and
both players reset their hands after each company (2.IV.viii)."""

from __future__ import annotations

from deckcheck.sim.rules.movement import cards_drawn, draws_cards, under_deeps_roll_needed
from deckcheck.sim.state import discard_led_factions, holds_avatar
from deckcheck.sim.streams import MOVE
from deckcheck.sim.turn.hazards import hazard_phase, model_hazards, staying_hazard_phase
from deckcheck.sim.turn.organization import join_at_havens, ringwraiths_apart
from deckcheck.sim.turn.resource_events import hide


def movement_hazard(g) -> None:
    had_companies = bool(g.companies)
    moved = set()
    hides = bool(g.defence.no_creatures_kinds) and g.hazards.plays_cards
    for company, dest in plan_moves(g):
        if hides:
            hide(g, company, dest)
        if move(g, company, dest):
            moved.add(id(company))
        g.reset_to_hand_size(dest)         # coe 2.IV.viii: both players reset after each company
    if g.hazards.plays_cards:              # companies that stay have a movement/hazard phase too (coe 2.IV)
        for company in list(g.companies):
            if id(company) not in moved and id(company) not in g.stopped and company.characters:
                if hides:
                    hide(g, company, None)
                staying_hazard_phase(g, company)
    if had_companies:
        g.reset_to_hand_size()


def plan_moves(g):
    """Companies join at havens (the Ringwraith apart, coe 2.II.2.1.R3), then the player plans the moves."""
    join_at_havens(g)
    if g.ringwraith:
        ringwraiths_apart(g)
    return g.player.plan_moves(g)


def move(g, company, dest: int) -> bool:
    """Draw by the destination (by the origin when moving to a haven), at least one; leave the origin; then
    the hazards. False if the company could not leave (an Under-deeps roll failed, coe 2.IV.i.1)."""
    sim = g.sim
    origin = company.site
    g.rng.at(g.turn, MOVE, origin, dest)      # this move's dice, whatever the moves before it rolled
    if sim.site_under_deeps[origin]:
        balrog_there = g.balrog and holds_avatar(g, company)
        need, bonus = under_deeps_roll_needed(sim, origin, dest, balrog_there)
        if need:
            roll = g.roll()
            if roll + bonus < need:
                if g.observer is not None:
                    g.observer.move(g, company, origin, dest, roll, False)
                return False
    origin_state = g.site_state[origin]
    before = len(g.hand)
    if draws_cards(sim, company.characters):
        number = cards_drawn(sim, origin, dest, g.draw_by_destination)
        g.draw(max(1, number - g.board.draws_less) if g.board.draws_less else number)
    if not sim.site_is_haven[origin]:
        for other in g.companies:             # the last company to leave a site leaves it
            if other.site == origin and other is not company:
                break
        else:
            g.leave_site(origin)
    company.site = dest
    for character in company.characters:     # factions under a leader who moves are discarded (their text)
        if character.holdings:
            discard_led_factions(g, character)
    g.occupy(dest)
    company.lost = False
    if g.observer is not None:
        g.observer.move(g, company, origin, dest, None, True, len(g.hand) - before)
    hazards = g.hazards
    if hazards.plays_cards:
        if company.characters:
            g.in_transit = company
            hazard_phase(g, company, origin, dest, origin_state)
            g.in_transit = None
    elif hazards.active and not sim.site_is_haven[dest]:
        model_hazards(g, company)
    return True
