"""Movement (coe 2.II.7) and drawing during the movement/hazard phase (coe 2.IV.v)."""

from __future__ import annotations

from deckcheck.sim.model import BALROG_MOVE_BONUS

# coe 2.IV.v: a moving company draws cards only if it holds the avatar or a character of at least this mind.
DRAWING_MIND = 3
# coe 2.IV.v.F1, B1: these players draw by the new site even when moving to a haven.
DRAW_BY_DESTINATION = frozenset({"fallen-wizard", "balrog"})


def destinations(sim, site: int, with_avatar: bool, ringwraith: bool, balrog: bool, mode) -> frozenset[int]:
    """Where a company at `site` may move (coe 2.II.7): starter movement (not for a Fallen-wizard or Balrog
    player), region movement (not for a company with the Ringwraith or The Balrog), Under-deeps movement; a
    Ringwraith's company only to a Darkhaven unless in a mode (2.II.7.R1). Computed once per deck and
    arguments (`SimDeck.memo`)."""
    key = ("destinations", site, with_avatar, ringwraith, balrog, mode)
    found = sim.memo.get(key)
    if found is None:
        found = sim.memo[key] = _destinations(sim, site, with_avatar, ringwraith, balrog, mode)
    return found


def _destinations(sim, site: int, with_avatar: bool, ringwraith: bool, balrog: bool, mode) -> frozenset[int]:
    out = {s for s, _ in sim.under_deeps[site]}
    if with_avatar and (ringwraith or balrog):
        if ringwraith:
            out |= sim.starter[site]
            if mode is None or not sim.site_dark_haven[site]:
                out = {s for s in out if sim.site_dark_haven[s]}
    else:
        if sim.starter_movement:
            out |= sim.starter[site]
        out |= sim.region_reach[site]
    out.discard(site)
    return frozenset(out)


def under_deeps_roll_needed(sim, origin: int, dest: int, balrog_there: bool) -> tuple[int, int]:
    """(the roll needed, the bonus to it) to leave an Under-deeps site for `dest` (coe 2.IV.i.1; The Balrog's
    company adds 3, its card); (0, 0) when no roll is needed."""
    if not sim.site_under_deeps[origin]:
        return 0, 0
    need = dict(sim.under_deeps[origin]).get(dest, 0)
    return need, BALROG_MOVE_BONUS if balrog_there else 0


def draws_cards(sim, characters) -> bool:
    """coe 2.IV.v: only a company with the avatar or a character of mind 3 or more draws."""
    avatar, mind = sim.avatar, sim.mind
    for c in characters:
        if avatar[c.kind] or mind[c.kind] >= DRAWING_MIND:
            return True
    return False


def cards_drawn(sim, origin: int, dest: int, by_destination: bool) -> int:
    """coe 2.IV.v: the destination's draw number (the origin's when moving to a haven; a Fallen-wizard or Balrog
    player always the destination's, 2.IV.v.F1/B1), at least one."""
    by_origin = sim.site_is_haven[dest] and not by_destination
    return sim.site_draw[origin] if by_origin else sim.site_draw[dest]
