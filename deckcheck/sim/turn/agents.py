"""The opponent's agent hazards (coe 2.IV.vii.1, 2.V.iii, 3.v): played in a movement/hazard phase at a home site,
one against the hazard limit, they attack a company entering the site they are at. The rules are
`rules.agents`; the hazard player (`g.hazards`) chooses which agent and whether it attacks. Their attacks are
the site phase's (`turn.site.agent_attacks`)."""

from __future__ import annotations

from deckcheck.cards.names import fold
from deckcheck.sim.rules.agents import ACTION_COST, PLAY_COST, Agent, at_site


def play_agent(g, company, kind: int, limit: int) -> None:
    """coe 2.IV.vii.1: the agent leaves the hand and is in play face-down, untapped, at one of its home sites;
    it counts one against the company's hazard limit."""
    player = g.hazards
    player.set_aside(kind)
    player.revealed(kind)                    # a full game counts it among the cards played
    agent = Agent(kind, played_turn=g.turn)
    g.agents.append(agent)
    g.stats.hazards_played[kind] += 1
    if g.observer is not None:
        g.observer.hazard(g, company, kind, limit)
        g.observer.agent_played(g, company, agent)


def meet_agent(g, company, site: int, limit: int, played: int) -> int:
    """Before the creatures: an agent whose home site is the company's new site (or its site, staying), played
    to attack it as it enters. The hazards played so far."""
    if played + PLAY_COST > limit or not _holds_agent(g) or g.sim.site_is_haven[site]:
        return played
    kind = g.hazards.agent_to_meet(fold(g.sim.sites[site].name), g.agents)
    if kind is None:
        return played
    play_agent(g, company, kind, limit)
    return played + PLAY_COST


def wait_agent(g, company, limit: int, played: int) -> int:
    """Last, with the limit left: an agent with a home site among the resource player's non-haven sites, played
    to wait for a company there."""
    if played + PLAY_COST > limit or not _holds_agent(g) or not company.characters:
        return played
    sim = g.sim
    sites = frozenset(fold(card.name) for card, haven in zip(sim.sites, sim.site_is_haven) if not haven)
    kind = g.hazards.agent_to_wait(sites, g.agents)
    if kind is None:
        return played
    play_agent(g, company, kind, limit)
    return played + PLAY_COST


def move_agent(g, company, dest: int, limit: int, played: int) -> int:
    """coe 4.1, after the creatures with the limit left: an agent in play moves to the company's new site (not a
    haven nor an Under-deeps site) from a site in the same or an adjacent region; it taps, stays face-down, and
    counts one against the limit. The hazards played so far."""
    sim = g.sim
    if played + ACTION_COST > limit or not g.agents or sim.site_is_haven[dest] or sim.site_under_deeps[dest] \
            or not company.characters:
        return played
    card = sim.sites[dest]
    if not card.region:
        return played
    site, region = fold(card.name), fold(card.region)
    agent = g.hazards.agent_to_move(site, region, card.site_type or "", sim.regions, g.agents, g.turn)
    if agent is None:
        return played
    agent.site, agent.region = site, region
    agent.tapped = True
    agent.action_turn = g.turn
    if g.observer is not None:
        g.observer.agent_moved(g, company, agent, limit)
    return played + ACTION_COST


def _holds_agent(g) -> bool:
    kinds = g.hazards.tables.agent_kinds
    return bool(kinds) and not kinds.isdisjoint(g.hazards.cards.hand)


def agents_at(g, site: int) -> list[Agent]:
    """The agents in play against us at the site that have not attacked this turn (coe 2.V.iii.1)."""
    if not g.agents:
        return []
    name = fold(g.sim.sites[site].name)
    specs = g.opponent.hazards.agent
    return [a for a in g.agents if a.attacked_turn != g.turn and at_site(a, name, specs[a.kind].homes)]
