"""Whether the resource player attempts a faction now (coe 2.V.3: a failed influence check discards it): at fair
odds; under them only when waiting can bring nothing better — no character of the deck would make a better
check and no boost is left to draw, the discard pile counted while the play deck is still to be reshuffled —
and the game may end before another chance (`last_chance`: the play deck's last time through, coe 10.2). Until
then the player holds the faction: a player with 1 chance in 5 keeps the card rather than throw it away."""

from __future__ import annotations

from deckcheck.sim.model import HAND_SIZE, ROLE_CHARACTER
from deckcheck.sim.rules.hand import NO_CALL, may_call
from deckcheck.sim.rules.influence import boost_value, check_bonus, item_discards, p_check_above, unused_di
from deckcheck.sim.rules.leader_factions import led_factions
from deckcheck.sim.rules.movement import destinations

# A faction is attempted at these odds of success or better; below them the player waits for a better influencer
# or a boost while one may still come (`worth_attempting`).
FACTION_MIN_ODDS = 0.3
IN_A_MODE = ("any mode", 0)     # `destinations` asks only whether a Ringwraith is in a mode


def faction_odds(g, influencer, kind: int) -> float:
    """The odds that the character's influence check on the faction succeeds, the boosts of the hand spent as
    needed (a faction without an influence number always comes in)."""
    if g.sim.influence_number[kind] < 0:
        return 1.0
    return odds_of_check(g, kind, check_bonus(g, influencer, kind) + discard_bonus(g, influencer, kind),
                         hand_boosts(g, influencer))


def worth_discarding(g, item: int, faction: int) -> bool:
    """An item is worth discarding for the faction's check when it scores fewer MP than the faction."""
    extra = g.mp_extra or {}
    sim = g.sim
    return sim.mp[item] + extra.get(item, 0) < sim.mp[faction] + extra.get(faction, 0)


def discard_bonus(g, influencer, faction: int) -> int:
    """The most the influencer's check on the faction gains by discarding an item he bears that is worth less
    than it (`item_discards`, `worth_discarding`); 0 if none."""
    return max((bonus for bonus, item in item_discards(g, influencer, faction) if worth_discarding(g, item, faction)),
               default=0)


def item_to_discard(g, influencer, faction: int, short: int) -> int | None:
    """The item the influencer discards for his check on the faction, which fails by `short` (the check must
    exceed the number by 1 more): of those worth less than the faction whose bonus makes up the shortfall, the
    one worth fewest MP (then the smallest bonus); None if none does."""
    sim = g.sim
    able = [(sim.mp[item], bonus, item) for bonus, item in item_discards(g, influencer, faction)
            if bonus >= short and worth_discarding(g, item, faction)]
    return min(able)[2] if able else None


def hand_boosts(g, influencer=None) -> int:
    """What the boosts of the hand add to an influence check, all spent; for the `influencer`, also the best
    card that lets him use his prowess instead of his unused direct influence (Threats: one counts, it replaces
    his influence once)."""
    sim, hand = g.sim, g.hand
    total = 0 if sim.boost_kinds.isdisjoint(hand) else sum(map(sim.boost.__getitem__, hand))
    d = g.defence
    if influencer is not None and d is not None and not d.prowess_influence_kinds.isdisjoint(hand):
        total += max(boost_value(g, influencer, k) for k in d.prowess_influence_kinds.intersection(hand))
    return total


def odds_of_check(g, kind: int, bonus: int, boosts: int) -> float:
    """`faction_odds` from the influencer's `check_bonus` and the hand's boosts (`hand_boosts`), when the caller
    has them."""
    number = g.sim.influence_number[kind]
    if number < 0:
        return 1.0
    return p_check_above(number - bonus - boosts)


def worth_attempting(g, influencer, kind: int, odds: float | None = None) -> bool:
    """The influencer attempts the faction now: at `FACTION_MIN_ODDS` or better; under them (but above none)
    only when no better influencer or boost may still come (`better_may_come`) and it is the last sensible
    chance (`last_chance`)."""
    if odds is None:
        odds = faction_odds(g, influencer, kind)
    if odds >= FACTION_MIN_ODDS:
        return True
    return odds > 0 and last_chance(g) and not better_may_come(g, influencer, kind)


def last_chance(g) -> bool:
    """The game may end before the faction gets another chance: the play deck is on its last time through
    (coe 10.2: its exhaustion ends the game; a one-deck game has only that one) and either at most a hand of
    cards is left in it (`HAND_SIZE`: two or three turns' draws) or we may call the game now. Before that, a
    faction held costs a place in hand only."""
    if g.exhaustions < g.sim.length - 1:
        return False
    return len(g.deck) <= HAND_SIZE or may_call(g) != NO_CALL


def reshuffled_again(g) -> bool:
    """The play deck will be made again from the discard pile (coe 2.4): it is not on its last time through."""
    return g.exhaustions < g.sim.length - 1


def better_may_come(g, influencer, kind: int) -> bool:
    """A boost for influence attempts is still to draw, or a character of ours would make a better check on the
    faction: one in play that may travel to it (`may_get_there`), or one in hand or still to draw (by its direct
    influence and its own bonus against the faction, unused). Still to draw: the play deck, and the discard pile
    too while the play deck will be reshuffled from it (`reshuffled_again`)."""
    sim = g.sim
    piles = (g.hand, g.deck, g.discard) if reshuffled_again(g) else (g.hand, g.deck)
    boosts = sim.boost_kinds | (g.defence.prowess_influence_kinds if g.defence is not None else frozenset())
    if any(not boosts.isdisjoint(pile) for pile in piles[1:]):
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
    for pile in piles:
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


def keeps_under_leader(g, company, kind: int, leader) -> bool:
    """An Orc or Troll leader keeps the faction he influenced under his control (its text: the site does not tap;
    the faction goes if he moves; three under one leader give 2 extra MP) when staying is worth it: he leads
    factions already (on the way to three), or another faction of ours that may go under him is playable at
    this site and still to come (in hand, the play deck, or the discard pile while it will be reshuffled).
    Otherwise he stays free to move, and the site taps as usual."""
    sim = g.sim
    if led_factions(sim, leader):
        return True
    site = company.site
    piles = (g.hand, g.deck, g.discard) if reshuffled_again(g) else (g.hand, g.deck)
    used = g.used_unique
    for pile in piles:
        for other in set(pile):
            if other != kind and sim.under_leader[other] and site in sim.play_sites[other] and other not in used:
                return True
    return False
