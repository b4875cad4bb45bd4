"""Where the resource player's companies go (a heuristic, docs/simulation.md "Movement"): from a haven to the
best sites the hand can use (splitting for several), from a site to another good site or back to a haven, and
where most cards are drawn when nothing is playable anywhere. The rules of where a company *may* go are
`sim.rules.movement.destinations`.
"""

from __future__ import annotations

from deckcheck.sim.model import ROLE_FACTION
from deckcheck.sim.players.attacks import odds_left_untapped, worth_entering
from deckcheck.sim.players.characters import new_company_sites
from deckcheck.sim.players.factions import discard_bonus, hand_boosts, odds_of_check, worth_attempting
from deckcheck.sim.rules.company import may_be_away
from deckcheck.sim.rules.influence import check_bonus, p_check_above
from deckcheck.sim.rules.leader_factions import leads_factions
from deckcheck.sim.rules.movement import destinations, under_deeps_roll_needed
from deckcheck.sim.rules.play import may_bear, may_play
from deckcheck.sim.rules.rings import ring_swap, site_phase_testers
from deckcheck.sim.rules.sites import heals_at
from deckcheck.sim.state import AVAILABLE, OCCUPIED, TAPPED, Company, holds_avatar

MAX_COMPANIES = 3
# A company stays at its site a turn (no move, no draw) for a card only while someone in it has at least these
# odds of being left untapped by the site's automatic-attacks to play it (`card_to_stay_for`).
STAY_MIN_ODDS = 0.5


def site_values(g, characters=None, cards: SiteCards | None = None) -> dict[int, float]:
    """Free sites where the hand can play something, valued 10 per MP of the best card playable there (a
    faction by its odds with the best influencer), +1. With `characters`, only what they could play. `cards`:
    the hand's `SiteCards`, when the caller has them (nothing they hold changes while the moves are planned)."""
    sim, state = g.sim, g.site_state
    if cards is None:
        cards = SiteCards(g)
    values = dict(cards.plain)                # the cards anyone may play, then the others
    everyone = None                           # every character in play, once asked
    for kind, sites in cards.cards:
        value = 10.0 * sim.mp[kind] + 1
        bearers = sim.bearers[kind]
        if characters is not None and bearers is not None and not any(c.kind in bearers for c in characters):
            continue
        if sim.role[kind] == ROLE_FACTION:
            if characters is not None:
                pool = characters
            else:
                if everyone is None:
                    everyone = [c for co in g.companies for c in co.characters]
                pool = everyone
            if not pool:
                continue
            odds = cards.attempt_odds(g, pool, kind)
            if odds is None:
                continue                          # it would not be attempted there (`SiteChoices.actor`)
            value *= odds
        _raise_values(values, sites, value)
    if sim.site_testers and not sim.site_testers.isdisjoint(g.hand):
        pool = characters if characters is not None else [c for co in g.companies for c in co.characters]
        swap = ring_swap(g, pool) if site_phase_testers(g, pool) else None
        if swap is not None:                  # Secrets of Their Forging: at a site where Information is playable
            value = 10.0 * swap[0] + 1
            for site in sim.information_sites:
                if state[site] == AVAILABLE and values.get(site, 0) < value:
                    values[site] = value
    return values


class SiteCards:
    """What `site_values` reads of the hand, worked out once while the moves are planned (the hand, the cards in
    play, the sites' states and the characters' influence do not change meanwhile): the site-phase cards that
    may be played now, each with its sites that are free now (`SimDeck.site_value_sites`: (site, valued half)),
    and each faction's influence checks. The values of the cards any character may play, neither factions nor
    for named bearers, are the same for every company: `plain`, worked out here once."""

    __slots__ = ("cards", "plain", "_checks", "_odds", "_boosts")

    def __init__(self, g):
        sim = g.sim
        table = sim.site_value_sites
        state = g.site_state
        cards = [(kind, [(site, half) for site, haven, half in sites if haven or state[site] == AVAILABLE])
                 for kind in set(g.hand) if (sites := table[kind]) is not None and may_play(g, kind)]
        self.plain: dict[int, float] = {}
        self.cards = []                       # the others: (kind, its free sites)
        for kind, sites in cards:
            if sim.bearers[kind] is None and sim.role[kind] != ROLE_FACTION:
                _raise_values(self.plain, sites, 10.0 * sim.mp[kind] + 1)
            else:
                self.cards.append((kind, sites))
        self._checks: dict = {}               # (faction, character) -> check_bonus
        self._odds: dict = {}                 # (faction, influencer) -> its odds, None: not attempted now
        self._boosts: int | None = None       # the hand's influence boosts (`hand_boosts`), once asked

    def attempt_odds(self, g, pool, kind: int) -> float | None:
        """The odds of the best check in `pool` on the faction, None if that influencer would not attempt it
        now (`worth_attempting`)."""
        checks = self._checks

        prowess = g.defence is not None and not g.defence.prowess_influence_kinds.isdisjoint(g.hand)

        def check(c) -> int:
            found = checks.get((kind, c))
            if found is None:                 # with a Threats of the hand, the warrior's prowess counts
                found = checks[kind, c] = (check_bonus(g, c, kind) + discard_bonus(g, c, kind)
                                           + (hand_boosts(g, c) - hand_boosts(g) if prowess else 0))
            return found

        influencer = max(pool, key=check)     # the best check
        key = (kind, influencer)
        if key not in self._odds:
            if self._boosts is None:
                self._boosts = hand_boosts(g)
            odds = odds_of_check(g, kind, checks[key], self._boosts)     # `faction_odds`, its check known
            self._odds[key] = odds if worth_attempting(g, influencer, kind, odds) else None
        return self._odds[key]


def _raise_values(values: dict[int, float], sites, value: float) -> None:
    """Each of the free `sites` (site, valued half) is worth at least `value` (half of it where the company taps
    the site first with another card)."""
    for site, half in sites:
        value_here = value * 0.5 if half else value
        if values.get(site, 0) < value_here:
            values[site] = value_here


def company_destinations(g, company) -> frozenset[int]:
    with_avatar = holds_avatar(g, company)
    return destinations(g.sim, company.site, with_avatar, g.ringwraith, g.balrog, g.mode)


def plan_moves(g) -> list[tuple[Company, int]]:
    """Each company's destination: from a haven to the best sites it can reach (splitting for several);
    from a site to another good site, or back to a haven; nothing to play anywhere: where most cards are
    drawn."""
    sim = g.sim
    cards = SiteCards(g)
    values = site_values(g, cards=cards)
    moves: list[tuple[Company, int]] = []
    claimed: set[int] = set()
    bring_in = g.player.characters_to_bring_in(g)    # characters of the hand a company may go to bring in
    pending = list(g.companies)
    while pending:
        company = pending.pop(0)
        site = company.site
        if leads_factions(sim, company):
            continue                              # a leader who moves loses the factions under him: he stays
        reach = company_destinations(g, company)
        if g.ringwraith and holds_avatar(g, company):
            _plan_ringwraith(g, company, reach, moves, claimed, cards)
            continue
        if not sim.site_is_haven[site]:
            odds = None
            if sim.site_under_deeps[site]:        # a roll to leave (coe 2.IV.i.1): not for a way it cannot make
                odds = {s: leaving_odds(g, company, s) for s in reach}
                reach = frozenset(s for s, p in odds.items() if p > 0)
            if goes_home_to_heal(g, company, reach):
                havens = [s for s in reach if heals_at(sim, s, g.made_havens)]
                moves.append((company, _best_haven(g, tuple(havens), values, claimed) if havens
                              else toward_haven(g, company, reach, heal=True)))
                continue
            kind = card_to_stay_for(g, company)
            if kind is not None:
                g.staying_for.append((company, kind))   # its card: the other companies leave it
                continue                          # untapped and still useful: stay, no move, no draw
            own = site_values(g, company.characters, cards)
            if odds is not None:                  # what a site brings, by the odds of getting there this turn
                own = {s: 1 + (v - 1) * odds[s] for s, v in own.items() if s in reach}
            bring = bring_in and g.player.haven_to_bring_in(g, company, reach, max(
                (v for s, v in own.items() if s in reach and s not in claimed), default=0.0), bring_in)
            if bring:                             # a character of the hand worth more than any site here
                moves.append((company, bring[0]))
                bring_in.remove(bring[1])         # one company goes for it
                if not sim.site_is_haven[bring[0]]:
                    claimed.add(bring[0])
                continue
            dest = _first_worth_going(g, company, own, reach, claimed)
            if dest is not None:
                moves.append((company, dest))
                claimed.add(dest)
                continue
            havens = [s for s in reach if sim.site_is_haven[s]]
            if havens:
                moves.append((company, _best_haven(g, tuple(havens), values, claimed)))
            else:
                step = toward_haven(g, company, reach)
                if step is not None:
                    moves.append((company, step))
            continue
        home = _avatar_home(g, site, claimed)
        if home is not None and sim.site_is_haven[home]:
            moves.append((company, home))         # haven to haven: never away from one, it goes as it is
            continue
        staying = _leave_behind_to_fit(g, company)
        if staying is None:
            continue                              # no part of it may leave the haven together
        if staying.characters:
            pending.append(staying)               # what stays plans its own move
        if home is not None:
            moves.append((company, home))
            claimed.add(home)
            continue
        own = site_values(g, company.characters, cards)   # what this company could play (its influencers' odds)
        good = sorted(((v, sim.site_draw[s], s) for s, v in own.items()
                       if s in reach and s not in claimed), reverse=True)
        first = _worth_going_first(g, company, good, 1)
        if first:
            moves.extend(_split(g, company, first[0], [t for t in good if t[2] != first[0]], cards))
            claimed.update(dest for _, dest in moves)
            continue
        via = _best_haven(g, tuple(s for s in reach if sim.site_is_haven[s]), values, claimed, require_target=True)
        if via is not None:
            moves.append((company, via))
            continue
        step = toward_best_site(g, company, reach, own, claimed)
        if step is not None:                      # the way to a card's site, beyond one move
            moves.append((company, step))
            if not sim.site_is_haven[step]:
                claimed.add(step)
            continue
        for dest in sorted(reach, key=lambda s: (-sim.site_draw[s], s)):   # nothing to play: draw cards
            if not sim.site_is_haven[dest] and g.site_state[dest] == AVAILABLE and dest not in claimed \
                    and not sim.site_under_deeps[dest]:
                moves.append((company, dest))
                claimed.add(dest)
                break
    return moves


def _plan_ringwraith(g, company, reach, moves, claimed, cards: SiteCards | None = None) -> None:
    """The Ringwraith's company: from its Darkhaven in a mode to the best site it alone can use; back to a
    Darkhaven once nothing is left for it where it is; it waits at home without a mode."""
    sim = g.sim
    site = company.site
    if g.mode is None and sim.site_dark_haven[site]:
        return
    values_here = site_values(g, company.characters, cards)
    good = [(v, s) for s, v in values_here.items() if s in reach and s not in claimed and not sim.site_is_haven[s]]
    if good and sim.site_dark_haven[site]:
        good = [t for t in sorted(good, reverse=True) if _worth_going(g, company, *t)][:1]
    if good and sim.site_dark_haven[site]:
        dest = good[0][1]
        moves.append((company, dest))
        claimed.add(dest)
    elif not sim.site_is_haven[site]:
        kind = None if goes_home_to_heal(g, company, reach) else card_to_stay_for(g, company)
        if kind is not None:
            g.staying_for.append((company, kind))
            return
        havens = [s for s in reach if sim.site_dark_haven[s]]
        if havens:
            moves.append((company, havens[0]))


def useful_here(g, company) -> bool:
    """The company's site still offers a play to the hand that someone in it may make there (`card_to_stay_for`)."""
    return card_to_stay_for(g, company) is not None


def card_to_stay_for(g, company) -> int | None:
    """The card the company would stay at its site to play (it lost its site phase, a faction failed), None if
    none: the very choice its site phase makes (`SiteChoices.enters_site`: someone in it may play the card there,
    a bearer, an influencer at fair odds, the site's state, a card's own attacks worth facing, worth the site's
    automatic-attacks with someone left untapped), so a company does not wait at a site for a card nobody in it
    may play; and, where the card needs someone to play it, only while someone has at least `STAY_MIN_ODDS` of
    being left untapped by the site's automatic-attacks (a lone character facing a detainment attack at 1 in 6
    a turn moves on, to a better site or a haven to regroup, rather than wait there for the roll)."""
    if g.site_state[company.site] not in (OCCUPIED, TAPPED):
        return None
    player = g.player
    kind = player.enters_site(g, company)
    if kind is None or not g.sim.site_attacks[company.site]:
        return kind
    actor = player.actor(g, company, kind)
    if actor is None:
        return kind                               # a card nobody plays: nobody needs to stay untapped
    sim = g.sim
    if sim.role[kind] == ROLE_FACTION:            # only its influencer's check is worth the attempt
        able = [i for i, c in enumerate(company.characters) if c is actor]
    else:
        able = [i for i, c in enumerate(company.characters) if not c.tapped and may_bear(sim, c, kind)]
    return kind if odds_left_untapped(g, company, able) >= STAY_MIN_ODDS else None


def goes_home_to_heal(g, company, reach) -> bool:
    """A worn company (at least half of its characters wounded) goes back to a haven where they heal (coe
    2.I.1), when one is in reach or a move brings it nearer one (`toward_haven`: from the Under-deeps): a
    wounded character plays nothing and faces strikes at -2."""
    hurt = g.wounded
    if not hurt:
        return False
    wounded = sum(1 for c in company.characters if c in hurt)
    if not wounded or 2 * wounded < len(company.characters):
        return False
    made = g.made_havens
    return any(heals_at(g.sim, s, made) for s in reach) or toward_haven(g, company, reach, heal=True) is not None


# How many moves ahead a company with no haven in reach looks for one.
HAVEN_SEARCH_MOVES = 4


def toward_haven(g, company, reach, heal: bool = False, moves: int = HAVEN_SEARCH_MOVES) -> int | None:
    """For a company with no haven in reach (deep in the Under-deeps): the site in reach from which a haven
    (one where its characters heal, if `heal`) is soonest reached, within `moves` moves: the turns the
    Under-deeps roll to leave for it is expected to take (coe 2.IV.i.1: 1 / its odds; never a way the roll
    cannot make) plus the moves from there; None if none is. Ties: the first in order."""
    with_avatar = holds_avatar(g, company)
    best = None
    for dest in sorted(reach):
        odds = leaving_odds(g, company, dest)
        if odds <= 0:
            continue
        away = _moves_to_haven(g, dest, with_avatar, heal, moves - 1)
        if away is None:
            continue
        key = away + 1 / odds
        if best is None or key < best[0]:
            best = (key, dest)
    return None if best is None else best[1]


def leaving_odds(g, company, dest: int) -> float:
    """The odds that the company gets away to `dest` this turn: 1, but from an Under-deeps site those of the
    Under-deeps roll, 2D6 (+3 with The Balrog) at least the number its site lists for `dest` (coe 2.IV.i.1;
    0 for a number no roll reaches: The Rusted-deeps' 13 to Iron Hill Dwarf-hold without The Balrog)."""
    sim = g.sim
    if not sim.site_under_deeps[company.site]:
        return 1.0
    balrog_there = g.balrog and holds_avatar(g, company)
    need, bonus = under_deeps_roll_needed(sim, company.site, dest, balrog_there)
    return p_check_above(need - bonus - 1) if need else 1.0


def _moves_to_haven(g, start: int, with_avatar: bool, heal: bool, limit: int) -> int | None:
    """The fewest moves from `start` to a haven (one that heals, if `heal`), up to `limit`; None beyond.
    Memoized per deck (`SimDeck.memo`) with the havens our cards made."""
    sim = g.sim
    made = g.made_havens
    key = ("moves_to_haven", start, with_avatar, g.ringwraith, g.balrog, g.mode, heal, frozenset(made), limit)
    if key in sim.memo:
        return sim.memo[key]
    found = 0 if (heals_at(sim, start, made) if heal else sim.site_is_haven[start]) else None
    seen = {start}
    frontier = [start]
    for away in range(1, limit + 1 if found is None else 1):
        following = []
        for here in frontier:
            for dest in destinations(sim, here, with_avatar, g.ringwraith, g.balrog, g.mode):
                if dest in seen:
                    continue
                if heals_at(sim, dest, made) if heal else sim.site_is_haven[dest]:
                    found = away
                    break
                seen.add(dest)
                following.append(dest)
            if found is not None:
                break
        if found is not None:
            break
        frontier = following
    sim.memo[key] = found
    return found


def _worth_going(g, company, value: float, dest: int) -> bool:
    """The site's value (10 per MP, +1) outweighs what its automatic-attacks would cost the company."""
    return worth_entering(g, company, (value - 1) / 10, dest)


def _first_worth_going(g, company, values: dict[int, float], reach, claimed: set[int]) -> int | None:
    """The best free site in reach worth its automatic-attacks (ties: the larger draw), None if none."""
    draw = g.sim.site_draw
    good = [(v, draw[s], s) for s, v in values.items() if s in reach and s not in claimed]
    if not good:
        return None
    best = max(good)                          # most often worth it: the rest need no sorting
    if _worth_going(g, company, best[0], best[2]):
        return best[2]
    good.remove(best)
    found = _worth_going_first(g, company, sorted(good, reverse=True), 1)
    return found[0] if found else None


def _worth_going_first(g, company, ranked: list[tuple[float, int, int]], n: int) -> list[int]:
    """The first `n` sites of `ranked` (value, draw, site) worth their automatic-attacks, in order."""
    out = []
    for value, _draw, dest in ranked:
        if _worth_going(g, company, value, dest):
            out.append(dest)
            if len(out) == n:
                break
    return out


# How many moves ahead the player looks for the way to a card's site (`ways_from`).
SEARCH_MOVES = 4


def ways_from(g, company, reach) -> dict[int, tuple[int, int]]:
    """{site: (moves, first site)}: every site within `SEARCH_MOVES` moves of the company's (coe 2.II.7,
    the moves it may make; from an Under-deeps site only by a way a roll makes), with the fewest moves there and
    the first move of such a way (the first in site order). Memoized per deck, site and movement."""
    sim = g.sim
    with_avatar = holds_avatar(g, company)
    key = ("ways_from", company.site, with_avatar, g.ringwraith, g.balrog, g.mode)
    found = sim.memo.get(key)
    if found is None:
        found = {}
        frontier = []
        for dest in sorted(reach):
            if leaving_odds(g, company, dest) > 0:
                found[dest] = (1, dest)
                frontier.append((dest, dest))
        for moves in range(2, SEARCH_MOVES + 1):
            following = []
            for here, first in frontier:
                for dest in sorted(destinations(sim, here, with_avatar, g.ringwraith, g.balrog, g.mode)):
                    if dest != company.site and dest not in found:
                        found[dest] = (moves, first)
                        following.append((dest, first))
            if not following:
                break
            frontier = following
        sim.memo[key] = found
    return found


def toward_best_site(g, company, reach, values: dict[int, float], claimed: set[int]) -> int | None:
    """The first move toward the best free site the hand can use that is more than one move away (`values`,
    10 per MP; divided by the moves there, so that a nearer site wins a tie of worth), when nothing is worth
    going to within one move: a player plans the way to the card he holds (an Under-deeps site two moves from
    his haven, a site beyond the region movement's four regions). Only a site worth its automatic-attacks to
    this company, and a first move that is not a site another company goes to; None if none."""
    ways = ways_from(g, company, reach)
    best = None
    for site, value in values.items():
        way = ways.get(site)
        if way is None or way[0] < 2 or site in claimed or way[1] in claimed or value <= 1:
            continue
        key = (value / way[0], -way[0], -site)
        if (best is None or key > best[0]) and _worth_going(g, company, value, site):
            best = (key, way[1])
    return None if best is None else best[1]


def _avatar_home(g, haven: int, claimed: set[int]) -> int | None:
    """A haven or site one move away where the avatar in hand may be revealed, if it cannot be here nor as a
    company of his own (`new_company_sites`: at his havens he always may)."""
    if g.avatar_revealed:
        return None
    sim = g.sim
    where = {c.site for c in g.companies}
    for kind in set(g.hand):
        if not sim.avatar[kind] or haven in sim.character_sites[kind] or new_company_sites(g, kind, where):
            continue
        for dest in sim.neighbours[haven]:
            if dest in sim.character_sites[kind] and dest not in claimed and (
                    sim.site_is_haven[dest] or g.site_state[dest] == AVAILABLE):
                return dest
    return None


def _best_haven(g, havens: tuple[int, ...], values: dict[int, float], claimed: set[int],
                require_target: bool = False) -> int | None:
    """The haven from which the hand's best site is reachable (the first haven if none, unless required)."""
    sim = g.sim
    if not havens:
        return None if require_target else sim.start_site
    best, best_value = (None if require_target else havens[0]), 0.0
    for haven in havens:
        reachable = sim.neighbours[haven]
        value = max((v for s, v in values.items() if s in reachable and s not in claimed), default=0)
        if value > best_value:
            best, best_value = haven, value
    return best


def _split(g, company, target: int, others: list[tuple[float, int, int]], cards: SiteCards | None = None
           ) -> list[tuple[Company, int]]:
    """Split at a haven: the company goes to `target`; one unit (a character and its followers), best influencer
    first, leaves for each further site of `others` (value, draw, site; best first) where it could play a card
    itself (a faction: at fair odds with its own influence) worth the site's automatic-attacks to it alone."""
    sim = g.sim
    units = [c for c in company.characters if c.controller is None]
    moves = [(company, target)]
    if len(units) < 2 or not others:
        return moves
    units.sort(key=lambda c: -sim.direct_influence[c.kind])
    left = list(others)
    for unit in units[1:]:
        if len(moves) == MAX_COMPANIES or not left:
            break
        members = [unit] + [c for c in company.characters if c.controller is unit]
        alone = Company(company.site, members)
        own = site_values(g, members, cards)       # a unit goes only where it could play something itself
        found = next((t for t in left if t[2] in own and _worth_going(g, alone, own[t[2]], t[2])), None)
        if found is None:
            continue
        left.remove(found)
        moves.append((g.split_off(company, members), found[2]))
    return moves


def _leave_behind_to_fit(g, company) -> Company | None:
    """coe 2.II.3.1: away from a haven a company holds at most 7 (Hobbits and Orc scouts half), one leader, no
    Dúnadan, Dwarf, Elf or Hobbit with an Orc or Troll. A company at a haven that could not leave as it is keeps
    the units (a general-influence character and its followers) that fit together — the avatar's first, then
    by direct influence — and leaves the others at the haven as a company of their own, returned (empty when
    nothing stays); None when no unit may leave the haven at all (the company stays whole)."""
    sim = g.sim
    if may_be_away(sim, company.characters):
        return Company(company.site, [])
    units = sorted((c for c in company.characters if c.controller is None),
                   key=lambda c: (not sim.avatar[c.kind], -sim.direct_influence[c.kind]))
    going: list = []
    for unit in units:
        members = [unit] + [c for c in company.characters if c.controller is unit]
        if may_be_away(sim, going + members):
            going += members
    if not going:
        return None
    staying = [c for c in company.characters if c not in going]
    company.characters = [c for c in company.characters if c in going]
    left = Company(company.site, staying)
    g.companies.append(left)
    return left
