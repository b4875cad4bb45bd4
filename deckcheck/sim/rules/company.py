"""Company composition (coe 2.II.3.1, 2.II.2.1.R3): what a company may hold away from a haven. A company at a
haven has no limits; one that leaves it, or a character joining one at another site, must keep these."""

from __future__ import annotations

from deckcheck.sim.model.tables import FREE_RACE, SHADOW_RACE

MAX_COMPANY_SIZE = 7                  # away from a haven (coe 2.II.3.1)
BOTH_RACES = FREE_RACE | SHADOW_RACE  # coe 2.II.3.1.2: Dúnadan, Dwarf, Elf or Hobbit with an Orc or Troll


def company_size(sim, characters) -> int:
    """coe 2.II.3.1.1: Hobbits and Orc scouts count half (the total rounded up)."""
    half = sim.half_size
    halves = 0
    for c in characters:
        halves += 1 if half[c.kind] else 2
    return (halves + 1) // 2


def may_be_away(sim, characters, newcomers: tuple[int, ...] = ()) -> bool:
    """These characters (and the character kinds `newcomers`, entering play) may form one company away from a
    haven: at most seven (2.II.3.1, 2.II.3.1.1), one leader (2.II.3.1.3), no Dúnadan, Dwarf, Elf or Hobbit with
    an Orc or Troll (2.II.3.1.2), and no card that "cannot be duplicated in a given company" twice among what
    they hold."""
    half, leader, mix = sim.half_size, sim.leader, sim.race_mix
    halves = leaders = races = 0
    for c in characters:
        kind = c.kind
        halves += 1 if half[kind] else 2
        leaders += leader[kind]
        races |= mix[kind]
    for kind in newcomers:
        halves += 1 if half[kind] else 2
        leaders += leader[kind]
        races |= mix[kind]
    if (halves + 1) // 2 > MAX_COMPANY_SIZE or leaders > 1 or races == BOTH_RACES:
        return False
    return not duplicated_in_company(sim, characters)


def duplicated_in_company(sim, characters) -> bool:
    """A card that cannot be duplicated in a given company (its card says so: `card_db/play.json`) is held
    twice among these characters."""
    if not sim.once_per_company_kinds:
        return False
    once = sim.once_per_company
    held = [h for c in characters for h in c.holdings if once[h]]
    return len(held) != len(set(held))


def may_enter_company(sim, company, kind: int) -> bool:
    """A character of this kind may come into play in `company`: anything goes at a haven; elsewhere the company
    stays one that may be away from a haven, and only a Ringwraith joins a Ringwraith's company away from a
    Darkhaven (2.II.2.1.R3)."""
    site = company.site
    if sim.site_is_haven[site]:
        return True
    if sim.alignment == "ringwraith" and not sim.avatar[kind] and any(sim.avatar[c.kind] for c in company.characters):
        return False
    return may_be_away(sim, company.characters, (kind,))


def forms_own_company(sim, kind: int, site: int, site_free: bool, avatar_in_play: bool) -> bool:
    """A character of this kind may come into play as its own new company at `site`, where none of ours is (coe
    2.II.2.2.1: under general influence, "into a preexisting company or its own new company"): a site it may
    enter play at (2.II.2.1: an avatar at its havens or home site; 2.II.2.2: any other at a haven or its home
    site), a site card that is no haven only while it is free (in the location deck). With the avatar in play,
    any other character enters only at the avatar's site or under direct influence (2.II.2.2): never alone."""
    if site not in sim.character_sites[kind] or (avatar_in_play and not sim.avatar[kind]):
        return False
    return sim.site_is_haven[site] or site_free


def may_join(sim, first, second) -> bool:
    """Two companies at one site may join (2.II.3.5, 2.IV.6): anywhere, no card that cannot be duplicated in a
    given company held twice; away from a haven, a company that may be away."""
    members = [*first.characters, *second.characters]
    if sim.site_is_haven[first.site]:
        return not duplicated_in_company(sim, members)
    return may_be_away(sim, members)
