"""Influence (coe 2.II.2, 2.V.3): direct influence with the Ringwraith's mode, who may control a character
entering play, and what an influence check on a faction adds to the roll."""

from __future__ import annotations

from deckcheck.cards.play import CHARACTER, SAURON, THE_BALROG, UNREVEALED_AVATAR

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
            di = max(0, di + sim.gi_change[g.gi_bonus_kind].avatar_direct)
    return di


def unrestricted_needed(sim, controller: int, followers) -> int:
    """The controller's unrestricted direct influence these follower kinds need, its restricted direct
    influence (coe 2.II.2.2.4: "+3 against Orcs") spent first where it may be: each instance counts once over
    all the followers it controls, and a follower's mind may be split between instances. By Hall's condition,
    the most over every set T of instances of (mind of the followers only T's instances may control) minus
    (T's restricted influence); at least 0."""
    restricted = sim.follower_di[controller]
    mind = sim.mind
    if not restricted:
        return sum(mind[k] for k in followers)
    key = ("unrestricted_needed", controller, *followers)      # a pure function of the tables: memoized
    found = sim.memo.get(key)
    if found is None:
        found = sim.memo[key] = _unrestricted_needed(mind, restricted, key[2:])
    return found


def _unrestricted_needed(mind, restricted, followers) -> int:
    eligible = [(mind[k], sum(1 << i for i, (_, kinds) in enumerate(restricted) if k in kinds)) for k in followers]
    need = 0
    for mask in range(1 << len(restricted)):
        spare = sum(bonus for i, (bonus, _) in enumerate(restricted) if mask >> i & 1)
        need = max(need, sum(m for m, e in eligible if e & ~mask == 0) - spare)
    return need


def followers_of(g, character) -> list[int]:
    """The kinds of the character's followers (always in its company, coe 2.II.2.2.1)."""
    return [c.kind for company in g.companies if character in company.characters
            for c in company.characters if c.controller is character]


def unused_di(g, character) -> int:
    """Unrestricted direct influence not spent on followers (restricted direct influence spent first)."""
    if character.followers_mind and g.sim.follower_di[character.kind]:
        return direct_influence(g, character) - unrestricted_needed(g.sim, character.kind, followers_of(g, character))
    return direct_influence(g, character) - character.followers_mind


def boost_value(g, character, kind: int) -> int:
    """What a short-event of the hand adds to the character's influence check on a faction (coe 2.V.3): a plain
    boost's +N (Gifts as Given of Old...); for a card that lets him use his prowess instead of his unused direct
    influence ("Warrior only ... Instead he uses his prowess, to a maximum modifier of +6", Threats) the
    difference, if he has the skill; never below 0."""
    plain = g.sim.boost[kind]
    if plain:
        return plain
    d = g.defence
    fact = d.prowess_influence[kind] if d is not None else None
    if fact is None or (fact.skill is not None and fact.skill not in g.sim.skills[character.kind]):
        return 0
    from deckcheck.sim.rules.combat import armed_stats
    return max(0, min(armed_stats(d, character)[0], fact.maximum) - unused_di(g, character))


def item_discards(g, character, faction: int) -> list[tuple[int, int]]:
    """[(bonus, item)]: what discarding each item the character bears adds to his influence check on the faction,
    where the faction's card allows it ("Modifications: influencer discards a major item (+3) or a greater item
    (+6)": the Dragons "Roused"; coe 2.V.3); empty if none."""
    sim = g.sim
    condition = sim.condition[faction]
    if condition is None or not (condition.discard_major or condition.discard_greater):
        return []
    out = []
    for held in character.holdings:
        size = sim.kinds[held].item_class
        bonus = condition.discard_greater if size == "greater" else condition.discard_major if size == "major" else 0
        if bonus:
            out.append((bonus, held))
    return out


def unused_di_of(g):
    """`unused_di` as a key function: the plain table where nothing changes direct influence (no Ringwraith,
    no restricted direct influence)."""
    if g.ringwraith:
        return lambda character: unused_di(g, character)
    di, restricted = g.sim.direct_influence, g.sim.follower_di
    return lambda character: (unused_di(g, character) if restricted[character.kind]
                              else di[character.kind] - character.followers_mind)


def may_control(g, controller, kind: int, followers=None) -> bool:
    """The controller's direct influence covers its followers and one more of this kind (coe 2.II.2.2.1,
    2.II.2.2.4); `followers`: its followers' kinds, when known."""
    sim = g.sim
    if not sim.follower_di[controller.kind]:
        return direct_influence(g, controller) - controller.followers_mind >= sim.mind[kind]
    if followers is None:
        followers = followers_of(g, controller) if controller.followers_mind else []
    return unrestricted_needed(sim, controller.kind, [*followers, kind]) <= direct_influence(g, controller)


def controls_too_much(g, controller, followers=None) -> bool:
    """The controller's followers exceed what its direct influence (restricted included) covers."""
    sim = g.sim
    if not sim.follower_di[controller.kind] or not controller.followers_mind:
        return controller.followers_mind > direct_influence(g, controller)
    held = followers_of(g, controller) if followers is None else followers
    return unrestricted_needed(sim, controller.kind, held) > direct_influence(g, controller)


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
    restricted = sim.follower_di
    di = sim.direct_influence
    ringwraith, balrog = g.ringwraith, g.balrog
    out = []
    for company in g.companies:
        if company.site != site:
            continue
        last = []                             # the avatar last
        for other in company.characters:
            if other.controller is not None:
                continue
            if avatar[other.kind]:
                last.append(other)
            elif may_control(g, other, kind) if restricted[other.kind] else (
                    di[other.kind] if not ringwraith else direct_influence(g, other)) - other.followers_mind >= mind:
                out.append(other)             # (`unused_di` without restricted direct influence)
        if last and not balrog:
            out += [o for o in last if (may_control(g, o, kind) if restricted[o.kind] else (
                    di[o.kind] if not ringwraith else direct_influence(g, o)) - o.followers_mind >= mind)]
    return out


def may_raise_influence(g, kind: int) -> bool:
    """The event raising general influence (`SimDeck.gi_change`) may be played now, as its card says: one such
    card in play at a time (The Lidless Eye discards and prevents Bade to Rule; Great Shadow is The Balrog's
    own). Bade to Rule: on our Ringwraith at a Darkhaven, or while he is not in play. The Lidless Eye, Sauron:
    no Ringwraith revealed yet, and the opponent a Wizard (a hero Wizard player; in the goldfish, which has no
    opponent, taken as met: a player holds the card for such an opponent). Great Shadow: on The Balrog in
    play. Wizard's Myrmidon: on one of our characters under general influence whose mind is above what he then
    requires (`control_targets`)."""
    if g.gi_bonus_kind is not None:
        return False
    change = g.sim.gi_change[kind]
    if change.on == CHARACTER:
        return bool(control_targets(g, kind))
    if change.on == UNREVEALED_AVATAR:         # Saw Further and Deeper: "only if your Wizard is not revealed"
        return not g.avatar_revealed and not g.avatar_barred
    if change.on == SAURON:
        opponent = g.opponent
        return g.ringwraith and not g.avatar_revealed and (
            not change.opponent_wizard or opponent is None or opponent.sim.alignment == "wizard")
    company = g.wraith_company()
    if change.on == THE_BALROG:
        return g.balrog and company is not None
    return g.ringwraith and (company is None or bool(g.sim.site_dark_haven[company.site]))


def avatar_home_only(g) -> bool:
    """A card in play says our avatar "may only be brought into play at his home site" (Saw Further and Deeper,
    while it is in play: it is discarded when he comes in)."""
    bonus = g.gi_bonus_kind
    return bonus is not None and g.sim.gi_change[bonus].on == UNREVEALED_AVATAR


def avatar_home_sites(sim, kind: int) -> frozenset[int]:
    """The avatar's home sites of the location deck (its printed home site; not the havens)."""
    found = sim.memo.get(("avatar_home", kind))
    if found is None:
        from deckcheck.sim.model import home_sites
        found = sim.memo[("avatar_home", kind)] = frozenset(home_sites(sim.kinds[kind].home_site, sim.sites))
    return found


def control_targets(g, kind: int) -> list:
    """The characters a card such as Wizard's Myrmidon may be played on ("one of your non-Fallen-wizard
    characters. ... requires 3 points of influence to control and may only be controlled by general influence
    or a Fallen-wizard"): ours, not the avatar, under general influence, with a mind above those 3."""
    sim = g.sim
    control = sim.gi_change[kind].control
    return [c for company in g.companies for c in company.characters
            if c.controller is None and not sim.avatar[c.kind] and sim.mind[c.kind] > control]


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
    modifications (the influencer's race, name or keyword; factions we have in play; our avatar); the opponent's
    influence penalties on him (Foolish Words)."""
    sim = g.sim
    kind = character.kind
    if sim.follower_di[kind] or (g.ringwraith and sim.avatar[kind]):   # else `unused_di` is the plain table's
        own = unused_di(g, character)
    else:
        own = sim.direct_influence[kind] - character.followers_mind
    total = own + sim.check_static[faction].get(kind, 0)
    items = sim.check_items[faction]
    if items:
        for held in character.holdings:
            total += items.get(held, 0)
    in_play = g.in_play.__getitem__
    for kinds, value in sim.check_in_play[faction]:
        if any(map(in_play, kinds)):      # any of them in play
            total += value
    avatars = sim.check_avatar[faction]
    if avatars and g.avatar_kind is not None:
        total += avatars.get(g.avatar_kind, 0)
    if g.influence_penalty:
        penalties = g.influence_penalty.get(character)
        if penalties:                     # Foolish Words: the opponent's cards on him
            events = g.opponent.hazards.event
            total += sum(events[k].facts.get("modifier", 0) for k in penalties)
    return total
