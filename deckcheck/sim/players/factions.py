"""Whether the resource player attempts a faction now (coe 2.V.3: a failed influence check discards it): at fair
odds, or at whatever odds when waiting can bring nothing better — no character of the deck would make a better
check and no boost is left to draw (a faction kept in hand then is a dead card)."""

from __future__ import annotations

from deckcheck.sim.model import ROLE_CHARACTER
from deckcheck.sim.rules.influence import check_bonus, p_check_above, unused_di
from deckcheck.sim.rules.movement import destinations

# A faction is attempted at these odds of success or better; below them the player waits for a better influencer
# or a boost while one may still come (`worth_attempting`).
FACTION_MIN_ODDS = 0.3
IN_A_MODE = ("any mode", 0)     # `destinations` asks only whether a Ringwraith is in a mode


def faction_odds(g, influencer, kind: int) -> float:
    """The odds that the character's influence check on the faction succeeds, the boosts of the hand spent as
    needed (a faction without an influence number always comes in)."""
    sim = g.sim
    number = sim.influence_number[kind]
    if number < 0:
        return 1.0
    return p_check_above(number - check_bonus(g, influencer, kind) - sum(map(sim.boost.__getitem__, g.hand)))


def worth_attempting(g, influencer, kind: int, odds: float | None = None) -> bool:
    """The influencer attempts the faction now: at `FACTION_MIN_ODDS` or better; under them (but above none)
    only when no better influencer or boost may still come (`better_may_come`)."""
    if odds is None:
        odds = faction_odds(g, influencer, kind)
    if odds >= FACTION_MIN_ODDS:
        return True
    return odds > 0 and not better_may_come(g, influencer, kind)


def better_may_come(g, influencer, kind: int) -> bool:
    """A boost for influence attempts is still to draw, or a character of ours would make a better check on the
    faction: one in play that may travel to it (`may_get_there`), or one in hand or still in the play deck (by
    its direct influence and its own bonus against the faction, unused)."""
    sim = g.sim
    if not sim.boost_kinds.isdisjoint(g.deck):
        return True
    bonus = check_bonus(g, influencer, kind)
    for company in g.companies:
        for other in company.characters:
            if other is not influencer and check_bonus(g, other, kind) > bonus and may_get_there(g, company, other,
                                                                                                 kind):
                return True
    static = sim.check_static[kind]
    own = unused_di(g, influencer) + static.get(influencer.kind, 0)
    role, di, used = sim.role, sim.direct_influence, g.used_unique
    for pile in (g.hand, g.deck):
        for k in set(pile):
            if role[k] == ROLE_CHARACTER and k not in used and di[k] + static.get(k, 0) > own:
                return True
    return False


def may_get_there(g, company, character, kind: int) -> bool:
    """Whether the character in play could get to a site of the faction: anyone, but a Ringwraith, who moves
    only from its Darkhaven in a mode, by starter movement (coe 2.II.7.R1): a site of the faction one such move
    away."""
    sim = g.sim
    if not (g.ringwraith and character.kind == g.avatar_kind):
        return True
    reach = destinations(sim, company.site, True, True, False, IN_A_MODE) | {company.site}
    return not reach.isdisjoint(sim.play_sites[kind])
