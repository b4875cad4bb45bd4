"""Agents played as hazards (coe 2.IV.vii.1, 2.V.iii, 3.ii.4, 3.iv.6.1, 3.v, 3.II.2.R3/B3, 4.2.3): pure
functions of the facts and of an agent's state; the turn (`turn.agents`) applies them, the hazard player
(`players.opponent`) chooses.

    homes = home_sites("Goblin-gate, Mount Gundabad")
    at_site(agent, "goblin-gate", homes)              # a face-down agent that has not moved: at any home site
    attack = agent_attack(6, 8, face_down=True, at_home=True, wounded=False, roll=7, detainment=False)
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcheck.cards.names import fold
from deckcheck.sim.rules.combat import Attack

PLAY_COST = 1                              # coe 2.IV.vii.1: one against the hazard limit
ACTION_COST = 1                            # coe 4.1: an agent action, one against the hazard limit
# coe 3.iv.6.1: the agent's roll is modified by its state when its attack is declared: (prowess, body)
FACE_DOWN_AT_HOME = (5, 1)
FACE_DOWN_AWAY = (2, 0)
FACE_UP_AT_HOME = (2, 1)
WOUNDED_PROWESS = -2
# coe 3.II.2.R3/B3: a Ringwraith or Balrog player treats agent hazard attacks against its companies as detainment
DETAINED_BY_AGENTS = frozenset({"ringwraith", "balrog"})
# coe 3.v: a defending hero or Fallen-wizard player may take a defeated agent as kill MP
TAKES_AGENT_KILLS = frozenset({"wizard", "fallen-wizard"})


@dataclass(slots=True)
class Agent:
    """An agent hazard in play against one player (`GameState.agents`). `site`: the folded name of the site it is
    at, None while it has not moved nor been revealed (then it is at one of its home sites, which the hazard
    player declares when it reveals it or moves it, coe 2.IV.vii.1)."""

    kind: int                              # indexes the hazard player's deck
    site: str | None = None
    played_turn: int = -1                  # the turn it came into play (coe 4.1: actions from the next one)
    region: str | None = None              # the folded region of `site` (None with it)
    revealed: bool = False
    wounded: bool = False
    tapped: bool = False
    attacked_turn: int = -1                # coe 2.V.iii.1: once per site phase
    action_turn: int = -1                  # coe 4.1: one agent action per turn

    @property
    def face_down(self) -> bool:
        return not self.revealed


def home_sites(printed: str | None) -> frozenset[str]:
    """The agent's home sites as folded names, from its card's home-site fact ("Goblin-gate, Mount Gundabad")."""
    if not printed:
        return frozenset()
    return frozenset(fold(name.strip()) for name in printed.split(",") if name.strip())


def at_site(agent: Agent, site: str, homes: frozenset[str]) -> bool:
    """coe 2.IV.vii.1: a face-down agent that has not moved is at one of its home sites (any of them, until it is
    revealed); a revealed one is at the site it was revealed at."""
    return site in homes if agent.site is None else agent.site == site


def may_take_action(agent: Agent, turn: int) -> bool:
    """coe 4.1: an agent hazard takes an agent action only if it was in play at the start of the turn, and one a
    turn."""
    return agent.played_turn < turn and agent.action_turn != turn


def may_move_to(agent: Agent, home_regions: frozenset[str], region: str, regions: dict) -> bool:
    """coe 4.1: an agent moves to a site in the same region as its current site, or in an adjacent one (from one
    of its home sites while it has not moved: `home_regions`). `regions`: folded name -> (type, adjacent folded
    names). The site's own conditions (not Under-deeps, no Wizard haven, 4.4) are the caller's."""
    here = home_regions if agent.site is None else frozenset((agent.region,))
    if region in here:
        return True
    return any(region in regions.get(r, ("", ()))[1] for r in here)


def card_allows_site(site: str, region: str, site_type: str, only_sites: frozenset[str] | None,
                     only_regions: frozenset[str], not_types: frozenset[str]) -> bool:
    """The agent's own card on where it moves (its text, `card_db/combat.json` "agents"): only to the sites it
    names or a site of the regions it names (Lobelia Sackville-Baggins), never to the site types it names
    (Baugúr); folded names, site type letters."""
    if site_type in not_types:
        return False
    return only_sites is None or site in only_sites or region in only_regions


def is_detainment(defender_alignment: str) -> bool:
    """coe 3.II.2.R3/B3: agent hazard attacks on a Ringwraith or Balrog player's companies are detainment; agent
    attacks are keyed to nothing (2.V.iii.2), so nothing else makes them so."""
    return defender_alignment in DETAINED_BY_AGENTS


def agent_attack(prowess: int, body: int, *, face_down: bool, at_home: bool, wounded: bool, roll: int,
                 detainment: bool, races: tuple[str, ...] = ()) -> Attack:
    """coe 3.iv.6.1, 3.ii.4: the agent's one strike. The attacking player rolls 2D6 (`roll`) as the defender
    does and adds the agent's prowess, modified by its state when the attack was declared: +5 prowess and +1
    body face-down at a home site (and the attacker chooses the defending character, 3.ii.4), +2 prowess
    face-down elsewhere, +2 prowess and +1 body face-up at a home site; -2 prowess if wounded. A wounded agent's
    body check is made at +1 (3.I.1), given here as one less body. In a detainment attack a failed strike taps
    the agent instead of wounding it (3.II.2.R3/B3): no body check, so the attack has none."""
    if face_down:
        more, more_body = FACE_DOWN_AT_HOME if at_home else FACE_DOWN_AWAY
    else:
        more, more_body = FACE_UP_AT_HOME if at_home else (0, 0)
    value = prowess + more + roll + (WOUNDED_PROWESS if wounded else 0)
    agent_body = None if detainment else body + more_body - (1 if wounded else 0)
    return Attack(strikes=1, prowess=value, body=agent_body, attacker_chooses=face_down and at_home,
                  detainment=detainment, races=races)


def kill_points(mp: int, defender_alignment: str) -> int:
    """coe 3.v: an agent whose strikes were all defeated and whose body checks all failed goes to a defending
    hero or Fallen-wizard player's marshalling point pile as kill MP (its MP, negative for My Precious); for
    any other player it is removed from play, worth nothing."""
    return mp if defender_alignment in TAKES_AGENT_KILLS else 0


def unique_in_play(kind: int, unique: bool, agents: list[Agent]) -> bool:
    """coe 4.2.3 read for the hazard player's choice: a unique agent already in play as an agent is not played
    again (only face-up agents count for uniqueness; the simulation does not play a second copy face-down, whose
    reveal would discard it)."""
    return unique and any(a.kind == kind for a in agents)
