"""The resource player's choices about characters in the organization phase (coe 2.II.2): which one enters
play and under whom, and which one leaves to make room (2.II.2.4) or because general influence is exceeded
(2.II.8); who receives the items of one eliminated (3.I.2: `items_to_heirs`). Part of `ResourcePlayer`; each
method answers one question and changes nothing."""

from __future__ import annotations

from operator import itemgetter

from deckcheck.sim.model import ROLE_CHARACTER, ROLE_ITEM
from deckcheck.sim.players.resource_events import corruption_loss_odds
from deckcheck.sim.rules.company import forms_own_company, may_be_away, may_enter_company
from deckcheck.sim.rules.entry import reserve_characters
from deckcheck.sim.rules.influence import (
    avatar_home_only,
    avatar_home_sites,
    controllers_with_room,
    direct_influence,
    followers_of,
    general_influence_room,
    may_control,
    unrestricted_needed,
)
from deckcheck.sim.rules.play import may_bear
from deckcheck.sim.rules.sites import entry_sites
from deckcheck.sim.state import AVAILABLE, holds_avatar

# What the avatar is worth to the player when he chooses a character to bring in (before any character worth MP).
AVATAR_VALUE = 1000


def avatars_to_bring_in(g, where: set[int]) -> list[int]:
    """Our avatar in hand, not yet revealed (nor barred: Sauron), who may enter nowhere our companies now are
    (at `where`) nor as a company of his own (`new_company_sites`): he needs no influence."""
    sim = g.sim
    if g.avatar_revealed or g.avatar_barred:
        return []
    return [k for k in dict.fromkeys(g.hand) if sim.avatar[k] and sim.role[k] == ROLE_CHARACTER
            and where.isdisjoint(avatar_entry_sites(g, k)) and not (sim.unique[k] and k in g.used_unique)
            and not new_company_sites(g, k, where)]


def avatar_entry_sites(g, kind: int) -> frozenset[int]:
    """Where our avatar may come into play now: as any character (`entry_sites`), but only at his home site
    while a card says so (Saw Further and Deeper, `rules.influence.avatar_home_only`)."""
    allowed = entry_sites(g.sim, kind, g.made_havens)
    return allowed & avatar_home_sites(g.sim, kind) if avatar_home_only(g) else allowed


def new_company_sites(g, kind: int, where) -> list[int]:
    """The sites, none of our companies at them (not in `where`), where a character of this kind may come into
    play as its own new company (`rules.company.forms_own_company`, coe 2.II.2.2.1). The player's choice: only at
    a haven (a home site that is no haven, "Any Ruins & Lairs" and the like, would put him alone at one of dozens
    of sites, some of them with no way out in the location deck: there he waits for a company, as before)."""
    sim = g.sim
    if not sim.avatar[kind] and g.avatar_site() is not None:
        return []                     # with the avatar in play: its site or direct influence only
    state = g.site_state
    sites = avatar_entry_sites(g, kind) if sim.avatar[kind] else sim.character_sites[kind]
    return [s for s in sorted(sites) if s not in where and sim.site_is_haven[s]
            and forms_own_company(sim, kind, s, state[s] == AVAILABLE, False)]


def enters_alone(g, kind: int, where) -> bool:
    """General influence has room for a character of this kind and it may enter as its own new company."""
    return general_influence_room(g, kind) and bool(new_company_sites(g, kind, where))


def room_to_keep(g, above: int = 0) -> int:
    """The mind of the smallest character worth more than `above` MP not yet in play (hand, play deck, discard
    pile): the room in general influence a player keeps for it."""
    sim = g.sim
    minds = [sim.mind[k] for pile in (g.hand, g.deck, g.discard) for k in pile
             if sim.role[k] == ROLE_CHARACTER and sim.mp[k] > above and not sim.avatar[k]
             and not (sim.unique[k] and k in g.used_unique) and sim.character_sites[k]]
    return min(minds) if minds else 0


def reserve_waits(g, kind: int) -> bool:
    """A Balrog player's character of the discard pile or sideboard (coe 2.II.2.2.B3) is there every turn: it
    does not enter under general influence when that would leave no room for a character worth more MP still
    to come (`room_to_keep`)."""
    return g.gi_used + g.sim.mind[kind] > g.gi_max - room_to_keep(g, above=g.sim.mp[kind])


class CharacterChoices:
    """Part of `ResourcePlayer`: its choices about characters."""
    def character_to_play(self, g, non_unique_only: bool = False, event=None, where: frozenset[int] = frozenset()):
        """(kind, site, controller) of the most valuable character the hand allows at a haven or home site
        (coe 2.II.2), None if none. A character worth no MP is not played under general influence when that
        would leave no room for the smallest character worth MP still to come: a player keeps room to grow.
        `event`: a card bringing a character into play at the sites `where` instead (`CharacterAtSite`: under
        direct influence only, no Wizard, no avatar, as it says). A Balrog player's small non-unique
        characters of the discard pile and sideboard are candidates as if in hand (coe 2.II.2.2.B3), under
        general influence only while they leave room for a character worth more still to come."""
        sim = g.sim
        reserve = reserve_characters(sim, g.balrog, g.discard, g.sideboard) if event is None else frozenset()
        if sim.character_kinds.isdisjoint(g.hand) and not reserve:
            return None
        locations = [c.site for c in g.companies] or [sim.start_site]
        avatar_site = g.avatar_site()
        room = None
        hand = set(g.hand)
        ranked = []                               # (value, kind), in set order
        for kind in filter(sim.character_kinds.__contains__, hand | reserve if reserve else hand):   # set order
            if sim.unique[kind] and kind in g.used_unique:
                continue
            if (sim.avatar[kind] and (g.avatar_revealed or g.avatar_barred)) or (non_unique_only and sim.unique[kind]):
                continue
            if event is not None and (
                    (event.no_avatar and sim.avatar[kind]) or (event.no_wizard and "Wizard" in sim.races[kind])):
                continue
            value = AVATAR_VALUE if sim.avatar[kind] else 10 * sim.mp[kind] + sim.mind[kind]
            if value >= 0:                        # (a value below 0 is never chosen)
                ranked.append((value, kind))
        if len(ranked) > 1:                       # the most valuable first, ties in set order (a stable sort):
            ranked.sort(key=itemgetter(0), reverse=True)   # the first that may enter is the best
        for _value, kind in ranked:
            allowed = where if event is not None else (
                avatar_entry_sites(g, kind) if sim.avatar[kind] else entry_sites(sim, kind, g.made_havens))
            for site in locations if event is not None else (*locations, *new_company_sites(g, kind, locations)):
                if site not in allowed:
                    continue
                controller = self.controller_to_enter(g, kind, site, avatar_site)
                if controller is False or (controller is None and event is not None and event.direct_only):
                    continue
                if controller is None and not sim.avatar[kind] and sim.mp[kind] <= 0:
                    if room is None:
                        room = room_to_keep(g)
                    if g.gi_used + sim.mind[kind] > g.gi_max - room:
                        continue
                if controller is None and kind not in hand and reserve_waits(g, kind):
                    continue
                return kind, site, controller
        return None

    def controller_to_enter(self, g, kind: int, site: int, avatar_site: int | None):
        """Who controls the character entering play at the site: a character with room in direct influence whose
        unit (it and its followers) could still leave a haven together, else general influence, else (at a
        haven, for a character worth MP) any character with room; False if it cannot enter there. At a site that
        is no haven the company it joins must stay one that may be there (coe 2.II.3.1, 2.II.2.1.R3); with the
        avatar in play, general influence only at the avatar's site (2.II.2.2)."""
        sim = g.sim
        haven = sim.site_is_haven[site]
        here = next((c for c in g.companies if c.site == site), None)
        if sim.avatar[kind]:
            return None if here is None or may_enter_company(sim, here, kind) else False
        others = []
        for controller in self.frees_follower(g, kind, controllers_with_room(g, kind, site)):
            company = next(c for c in g.companies if controller in c.characters)
            if not haven and not may_enter_company(sim, company, kind):
                continue
            unit = [controller, *(c for c in company.characters if c.controller is controller)]
            if may_be_away(sim, unit, (kind,)):
                return controller
            others.append(controller)
        if general_influence_room(g, kind) and (avatar_site is None or site == avatar_site) and (
                here is None or may_enter_company(sim, here, kind)):
            return None
        # a unit that could no longer leave its haven is a company that never plays again: only for MP
        return others[0] if others and sim.mp[kind] > 0 else False

    def frees_follower(self, g, kind: int, controllers: list) -> list:
        """The controllers in the order to try them: the avatar stays last (`controllers_with_room`), and
        before it, first those whose direct influence restricted to followers of a kind (coe 2.II.2.2.4:
        "+3 against Orcs") takes the newcomer, spending the least unrestricted direct influence, which stays
        free for a follower of any kind."""
        sim = g.sim
        if len(controllers) < 2 or not any(sim.follower_di[c.kind] for c in controllers):
            return controllers

        def cost(controller) -> tuple:
            if not sim.follower_di[controller.kind]:
                return bool(sim.avatar[controller.kind]), sim.mind[kind]
            held = followers_of(g, controller) if controller.followers_mind else []
            return (bool(sim.avatar[controller.kind]), unrestricted_needed(sim, controller.kind, [*held, kind])
                    - unrestricted_needed(sim, controller.kind, held))
        return sorted(controllers, key=cost)

    def followers_to_free(self, g) -> list:
        """[(character, controller)]: characters in play under general influence to move under the direct
        influence of another in their company (coe 2.II.3.2: a non-avatar character without followers, to a
        non-follower character whose available direct influence, restricted included, 2.II.2.2.4, covers it), so
        that general influence makes room for a character of the hand worth MP that waits for it and could then
        enter where one of our companies is (with the avatar in play, at the avatar's site, 2.II.2.2). Empty
        unless the moves together make that room. Each controller's unit (it and its followers) must stay one
        that may leave a haven together; the avatar controls none (a Ringwraith's followers could not leave its
        Darkhaven with another company; The Balrog has none); the largest mind first."""
        sim = g.sim
        candidates = sim.mp_characters
        if candidates.isdisjoint(g.hand):
            return []
        mind, avatar = sim.mind, sim.avatar
        room = g.gi_max - g.gi_used
        waiting = [k for k in candidates.intersection(g.hand) if mind[k] > room
                   and not (sim.unique[k] and k in g.used_unique)]
        if not waiting:
            return []
        avatar_site = g.avatar_site() if g.avatar_revealed else None
        sites = {c.site for c in g.companies} if avatar_site is None else {avatar_site}
        need = min((mind[k] - room for k in waiting if not sites.isdisjoint(entry_sites(sim, k, g.made_havens))),
                   default=0)
        if need <= 0:                         # the least room that lets one of them in
            return []
        # kinds beside ids: a character freed since the last look can leave its id to one of another kind
        key = (need, tuple([len(co.characters) for co in g.companies]),
               tuple([(id(c), c.kind, id(c.controller)) for co in g.companies for c in co.characters]))
        if key == g.memo.get("followers_to_free"):
            return []                         # the same characters in the same companies found none last time
        # what all controllers could take at most (their direct influence, restricted included, less their
        # followers' mind): nothing to try when it is too little
        di, restricted, bound, total = sim.direct_influence, sim.follower_di, g.gi_bonus_on, sim.di_with_restricted
        spare = sum([max(0, total[c.kind] - c.followers_mind) for co in g.companies for c in co.characters
                     if c.controller is None and not avatar[c.kind]])
        if need > spare:
            g.memo["followers_to_free"] = key
            return []
        moves: list = []
        freed = 0
        taken: dict = {}                      # controller -> the kinds of its followers, moves included
        for company in g.companies:
            members = company.characters
            room_of = {o: total[o.kind] - o.followers_mind for o in members
                       if o.controller is None and not avatar[o.kind]}
            most = max(room_of.values(), default=0)
            if most <= 0:
                continue
            movable = sorted((c for c in members if c.controller is None and not avatar[c.kind] and c is not bound
                              and mind[c.kind] <= most and not any(o.controller is c for o in members)),
                             key=lambda c: -mind[c.kind])
            chosen: set = set()
            for character in movable:
                if any(m[1] is character for m in moves):
                    continue                  # it controls one moved already: a follower controls none
                for controller, spare_here in room_of.items():
                    if controller is character or spare_here < mind[character.kind] or controller in chosen:
                        continue
                    own = restricted[controller.kind]
                    if di[controller.kind] + sum(b for b, kinds in own if character.kind in kinds) \
                            < mind[character.kind]:
                        continue              # (a Ringwraith's mode changes only its own DI: no controller here)
                    held = taken.get(controller)
                    if held is None:
                        held = taken[controller] = followers_of(g, controller) if controller.followers_mind else []
                    if unrestricted_needed(sim, controller.kind, [*held, character.kind]) > \
                            direct_influence(g, controller):
                        continue
                    unit = [controller, *(c for c in members if c.controller is controller), character,
                            *(m[0] for m in moves if m[1] is controller)]
                    if not may_be_away(sim, unit):
                        continue
                    held.append(character.kind)
                    moves.append((character, controller))
                    chosen.add(character)
                    freed += mind[character.kind]
                    break
                if freed >= need:
                    return moves
        g.memo["followers_to_free"] = key
        return []

    def characters_to_bring_in(self, g) -> list[int]:
        """The characters of the hand worth MP (and our avatar, `avatars_to_bring_in`) that may enter nowhere our
        companies now are (coe 2.II.2.2: at a haven or home site) but that influence could take somewhere: general
        influence has room for them, or some character has the direct influence (restricted included) to spare.
        What `haven_to_bring_in` chooses from, worked out once per turn's moves."""
        sim = g.sim
        candidates = sim.mp_characters
        where = {c.site for c in g.companies}
        avatars = avatars_to_bring_in(g, where)
        if candidates.isdisjoint(g.hand):
            return avatars
        hand = [k for k in candidates.intersection(g.hand) if where.isdisjoint(entry_sites(sim, k, g.made_havens))
                and not (sim.unique[k] and k in g.used_unique) and not enters_alone(g, k, where)]
        if not hand:
            return avatars
        room = g.gi_max - g.gi_used
        mind, avatar = sim.mind, sim.avatar
        if all(mind[k] <= room for k in hand):
            return hand + avatars
        total, balrog = sim.di_with_restricted, g.balrog
        most = max([total[c.kind] - c.followers_mind for co in g.companies for c in co.characters
                    if c.controller is None and not (balrog and avatar[c.kind])], default=0)
        return [k for k in hand if mind[k] <= max(room, most)] + avatars

    def haven_to_bring_in(self, g, company, reach, best_value: float, candidates: list[int]):
        """(site, kind): where the company, away from a haven, goes instead so as to bring in one of the
        `candidates` (`characters_to_bring_in`, less those another company already goes for), None if none.
        Only where it could enter once there: under general influence with room for its mind (with the avatar
        in play, only in the avatar's company, 2.II.2.2), or under the direct influence of someone in the
        company (2.II.2.2.1, 2.II.2.2.4); at a home site that is no haven, only into a company that stays one
        that may be there. Only for a character worth more (10 x MP + mind, as `character_to_play` values it)
        than the best site the company could go to instead (`best_value`, the same 10-per-MP scale); the most
        valuable first, a haven before a home site."""
        sim = g.sim
        mp, mind, avatar = sim.mp, sim.mind, sim.avatar
        hand = [k for k in candidates if (AVATAR_VALUE if avatar[k] else 10 * mp[k] + mind[k]) > best_value]
        if not hand:
            return None
        avatar_site = g.avatar_site()
        with_avatar = holds_avatar(g, company)
        best = None
        for kind in hand:
            allowed = entry_sites(sim, kind, g.made_havens)
            value = AVATAR_VALUE if avatar[kind] else 10 * mp[kind] + mind[kind]
            if reach.isdisjoint(allowed):
                continue
            general = avatar[kind] or (general_influence_room(g, kind) and (avatar_site is None or with_avatar))
            if not general and not any(c.controller is None and not (g.balrog and sim.avatar[c.kind])
                                       and may_control(g, c, kind) for c in company.characters):
                continue
            for site in reach:
                if site not in allowed:
                    continue
                haven = sim.site_is_haven[site]
                if not haven and not may_enter_company(sim, company, kind):
                    continue
                key = (value, haven, -site)
                if best is None or key > best[0]:
                    best = (key, site, kind)
        return None if best is None else (best[1], best[2])

    def character_to_discard_for_room(self, g):
        """(company, character) to discard instead of playing one (coe 2.II.2.4), None if none. Only for a
        character of the hand worth more MP that general influence cannot take now, that the discard makes room
        for, and that can then enter where one of our companies stays (a character enters at a company's haven
        or its home site, or at the starting haven when no company is left, as `character_to_play` has it): a
        discard that lets nobody in only loses a character."""
        sim = g.sim
        waiting = sorted((k for k in sim.mp_characters.intersection(g.hand)    # worth MP, with a site to enter
                          if not (sim.unique[k] and k in g.used_unique)), key=lambda k: (-sim.mp[k], k))
        for want in waiting:
            need = g.gi_used + sim.mind[want] - g.gi_max
            if need <= 0:
                continue                      # there is room already: it waits for a place, not for influence
            for company in g.companies:
                for character in company.characters:
                    if self._discardable_for(g, company, character, want, need):
                        return company, character
        return None

    def _discardable_for(self, g, company, character, want: int, need: int) -> bool:
        """The character may be discarded for room (under general influence, no avatar, no followers, at a haven
        or its home site), its mind makes the room, it and what it bears that no one else in its company could
        take are worth fewer MP than `want`, and `want` can enter afterwards at one of our companies' sites."""
        sim = g.sim
        kind, site = character.kind, company.site
        if sim.avatar[kind] or character.controller is not None or sim.mind[kind] < need:
            return False
        if not (sim.site_is_haven[site] or site in entry_sites(sim, kind, g.made_havens)):
            return False
        if any(c.controller is character for c in company.characters):
            return False
        others = [c for c in company.characters if c is not character]
        lost = sim.mp[kind] + sum(sim.mp[h] for h in character.holdings if sim.role[h] != ROLE_ITEM
                                  or not any(may_bear(sim, c, h) for c in others))   # allies go (2.V.2.3)
        if lost >= sim.mp[want]:
            return False
        avatar_site = g.avatar_site()
        sites = {c.site for c in g.companies if c is not company or others} or {sim.start_site}
        allowed = entry_sites(sim, want, g.made_havens)
        return any(s in allowed and (avatar_site is None or s == avatar_site) for s in sites)

    def transfers_before_discard(self, g, company, character) -> list[tuple]:
        """[(item, heir)] to transfer before the character is discarded (coe 2.II.5): `items_to_pass_on`."""
        return items_to_pass_on(g, company, character)

    def character_to_discard_for_influence(self, g):
        """(company, character) to discard while the mind under general influence exceeds it (coe 2.II.8): a
        non-avatar character under general influence worth fewest MP, without followers first; among those, the
        smallest whose mind alone covers the excess, else the largest. None if there is none."""
        sim = g.sim
        excess = g.gi_used - g.gi_max
        best, best_key = None, None
        for company in g.companies:
            for character in company.characters:
                kind = character.kind
                if character.controller is not None or sim.avatar[kind]:
                    continue
                mind = sim.mind[kind]
                key = (sim.mp[kind], character.followers_mind > 0, mind < excess, -mind if mind < excess else mind)
                if best_key is None or key < best_key:
                    best, best_key = (company, character), key
        return best


def items_to_pass_on(g, company, character) -> list[tuple]:
    """[(item, heir)]: the items of a character about to be discarded to transfer first (coe 2.II.5), each to the
    first other character of his company who may bear it, most MP first (a failed check takes what is left with
    him). Every transfer is worth its check: failing costs only what he would take with him anyway, and turns his
    discard into an elimination. Allies and events go with him (2.V.2.3)."""
    sim = g.sim
    others = [c for c in company.characters if c is not character]
    plan = []
    for held in sorted(character.holdings, key=lambda h: (-sim.mp[h], h)):
        heir = next((c for c in others if may_bear(sim, c, held)), None) if sim.role[held] == ROLE_ITEM else None
        if heir is not None:
            plan.append((held, heir))
    return plan


def items_to_heirs(g, company, items: list[int], heirs: list, points_of) -> list[tuple]:
    """[(item, heir)]: the items of a character eliminated by a body check that go to the unwounded characters of
    his company (coe 3.I.2: one item each at most; `rules.play.passes_on_elimination` says which and who), the
    rest discarded with him. The items worth most MP first (then those of most corruption points), each to the
    heir still without one who may bear it and whose corruption check it makes least likely to cost him
    (`points_of(character)`: his corruption points now), then the one of fewest points. Every item worth
    passing: kept, it is discarded."""
    sim, cp = g.sim, g.defence.corruption_points
    plan, free = [], list(heirs)
    for item in sorted(items, key=lambda h: (-sim.mp[h], -cp[h], h)):
        able = [c for c in free if may_bear(sim, c, item)]
        if not able:
            continue
        heir = min(able, key=lambda c: (corruption_loss_odds(g, company, c, points_of(c) + cp[item], 0), points_of(c)))
        plan.append((item, heir))
        free.remove(heir)
    return plan
