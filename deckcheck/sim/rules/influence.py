"""Influence (coe 2.II.2, 2.V.3): direct influence with the Ringwraith's mode, who may control a character
entering play, and what an influence check on a faction adds to the roll."""

from __future__ import annotations

# P(2D6 > n) for n = -1..13: an influence check's odds.
_P_ABOVE = [1.0] * 3 + [1 - sum(min(r - 1, 13 - r) for r in range(2, n + 1)) / 36 for n in range(2, 13)] + [0.0]


def p_check_above(number: int) -> float:
    """P(2D6 > number)."""
    if number < 2:
        return 1.0
    if number >= 12:
        return 0.0
    return _P_ABOVE[number + 1]


def direct_influence(g, character) -> int:
    """A character's direct influence, with the Ringwraith's mode (coe 2.II.7.R1; the mode and Ringwraith
    cards say by how much) and Bade to Rule's change."""
    sim = g.sim
    di = sim.direct_influence[character.kind]
    if g.ringwraith and sim.avatar[character.kind]:
        if g.mode is not None:
            name, change = g.mode
            di = max(0, di + change + sim.mode_di[character.kind].get(name, 0))
        if g.gi_bonus_kind is not None:
            di = max(0, di + sim.gi_change[g.gi_bonus_kind][1])
    return di


def unused_di(g, character) -> int:
    return direct_influence(g, character) - character.followers_mind


def unused_di_of(g):
    """`unused_di` as a key function: the plain table where nothing changes direct influence (no Ringwraith)."""
    if g.ringwraith:
        return lambda character: unused_di(g, character)
    di = g.sim.direct_influence
    return lambda character: di[character.kind] - character.followers_mind


def controllers_with_room(g, kind: int, site: int) -> list:
    """The characters at the site that may take the character as a follower (coe 2.II.2.2.1): under general
    influence, with room in direct influence for its mind; the avatar last (a follower of the Ringwraith cannot
    leave its Darkhaven with another company). A Ringwraith controls followers at its Darkhaven like any
    character (MELE p. 19); The Balrog may not have followers (its own text)."""
    sim = g.sim
    if sim.avatar[kind]:
        return []
    mind = sim.mind[kind]
    avatar = sim.avatar
    room = unused_di_of(g)
    out = []
    for company in g.companies:
        if company.site != site:
            continue
        for last in (False, True):            # the avatar last
            for other in company.characters:
                if bool(avatar[other.kind]) != last or other.controller is not None or (g.balrog and last):
                    continue
                if room(other) >= mind:
                    out.append(other)
    return out


def general_influence_room(g, kind: int) -> bool:
    """The character's mind fits under general influence (coe 2.II.2.2.2)."""
    return g.gi_used + g.sim.mind[kind] <= g.gi_max


def controller_for(g, kind: int, site: int):
    """A character with room in direct influence at the site, None for general influence, False if neither
    (direct influence first: it saves general influence)."""
    if g.sim.avatar[kind]:
        return None
    found = controllers_with_room(g, kind, site)
    if found:
        return found[0]
    return None if general_influence_room(g, kind) else False


def check_bonus(g, character, faction: int) -> int:
    """Everything an influence check on the faction adds to the roll (coe 2.V.3): the influencer's unused
    direct influence, its own and its items' bonuses against the faction, and the faction's standard
    modifications (the influencer's race, name or keyword; factions we have in play; our avatar)."""
    sim = g.sim
    kind = character.kind
    di = direct_influence(g, character) if g.ringwraith else sim.direct_influence[kind]
    total = di - character.followers_mind + sim.check_static[faction].get(kind, 0)
    items = sim.check_items[faction]
    if items:
        for held in character.holdings:
            total += items.get(held, 0)
    in_play = g.in_play
    for kinds, value in sim.check_in_play[faction]:
        for k in kinds:                   # any of them in play
            if in_play[k]:
                total += value
                break
    avatars = sim.check_avatar[faction]
    if avatars and g.avatar_kind is not None:
        total += avatars.get(g.avatar_kind, 0)
    return total
