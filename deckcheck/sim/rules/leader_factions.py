"""Orc and Troll factions under an Orc or Troll leader (their text, The Lidless Eye: Orcs of Udûn, Uruk-hai, Black
Trolls...): "If this influence attempt is made by an Orc or Troll leader, you may place this faction under the
control of that leader and not tap the site. Discard the faction if the leader moves or leaves play. Three or more
factions controlled by the same leader give 2 extra marshalling points."

Pure functions. A faction so placed is held by the leader (in his `holdings`, like an ally:
`turn.site.keep_under_leader`); it leaves play with him (`GameState.remove_character`) and is discarded when he
moves (`state.discard_led_factions`, from `turn.movement.move`). Whether to place it is the player's choice
(`players.factions.keeps_under_leader`)."""

from __future__ import annotations

from deckcheck.sim.model.tables import SHADOW_RACES

LEADER_BONUS = 2            # "give 2 extra marshalling points"
LEADER_BONUS_FROM = 3       # "three or more factions controlled by the same leader"


def may_place_under(sim, actor, kind: int) -> bool:
    """The faction says it may go under the leader who influenced it, and the influencer is an Orc or Troll
    leader."""
    return (actor is not None and sim.under_leader[kind] and sim.leader[actor.kind]
            and not SHADOW_RACES.isdisjoint(sim.races[actor.kind]))


def led_factions(sim, character) -> list[int]:
    """The factions under this leader's control."""
    holdings = character.holdings
    factions = sim.faction_kinds
    if not holdings or factions.isdisjoint(holdings):
        return []                             # most characters: a lookup per holding
    return [h for h in holdings if h in factions]


def leads_factions(sim, company) -> bool:
    """Someone in the company controls factions (he must not move, or they go)."""
    factions = sim.faction_kinds
    for c in company.characters:
        if c.holdings and not factions.isdisjoint(c.holdings):
            return True
    return False


def leader_bonus(count: int) -> int:
    """The extra marshalling points of this many factions under one leader."""
    return LEADER_BONUS if count >= LEADER_BONUS_FROM else 0
