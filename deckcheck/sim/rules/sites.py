"""Entering a site (coe 2.V.i-ii): the automatic-attacks a company faces there, as combat resolves them; and
where a wounded character heals (coe 2.I.1).

The site's printed attacks (`SimDeck.site_attacks`, from `card_db/play.json`) are faced in the order listed,
every time a company enters, defeated before or not (2.V.ii.2); once all are faced, whatever their outcome, the
company has entered (2.V.ii) and may play resources there. An automatic-attack gives no marshalling points
(coe 3.v) and is not keyed, so only the detainment its card prints applies (3.II.4: a Nazgûl automatic-attack
is not detainment against a minion company).
"""

from __future__ import annotations

from functools import cache

from deckcheck.cards.play import SiteAttack
from deckcheck.sim.rules.combat import Attack

BALROG_RACE = "Balrog"
# attacks_faced by the printed tuple itself (its identity, the tuple held): hashing its SiteAttacks, as the
# cache by value must, costs more than the rest of a call; bounded, as some callers build their tuple each time
_BY_IDENTITY: dict[tuple[int, bool, bool], tuple] = {}
BY_IDENTITY_LIMIT = 4096


def attacks_faced(printed: tuple[SiteAttack, ...], *, overt: bool,
                  balrog_in_play: bool) -> tuple[tuple[Attack, int | None], ...]:
    """The attacks a company entering the site faces, in order, each with the corruption check modifier of a
    character it wounds (None: no check); computed once per site and kind of company (nobody changes them).
    "Against overt company only" is skipped for a covert company; "detainment against covert (overt) company"
    holds only against such a company; Balrog automatic-attacks are ignored while a manifestation of The Balrog
    is in play or has been eliminated (g.bal.1)."""
    key = (id(printed), overt, balrog_in_play)
    found = _BY_IDENTITY.get(key)
    if found is not None and found[0] is printed:
        return found[1]
    if len(_BY_IDENTITY) >= BY_IDENTITY_LIMIT:
        _BY_IDENTITY.clear()
    faced = _attacks_faced(printed, overt, balrog_in_play)
    _BY_IDENTITY[key] = (printed, faced)
    return faced


@cache
def _attacks_faced(printed: tuple[SiteAttack, ...], overt: bool,
                   balrog_in_play: bool) -> tuple[tuple[Attack, int | None], ...]:
    """`attacks_faced`, computed once per printed attacks (by value) and kind of company."""
    out = []
    for a in printed:
        if a.overt_only and not overt:
            continue
        if balrog_in_play and a.race == BALROG_RACE:
            continue
        out.append((Attack(strikes=a.strikes, prowess=a.prowess, attacker_chooses=a.attacker_chooses,
                           each_character_faces_strike=a.each_character, detainment=is_detainment(a, overt),
                           wounded_eliminated=a.wounded_eliminated, races=(a.race,),
                           cancellable=not a.cannot_be_canceled), a.wounded_check))
    return tuple(out)


def is_detainment(attack: SiteAttack, overt: bool) -> bool:
    """coe 3.II: as printed, "(detainment)" or "(detainment against covert/overt company)"."""
    if attack.detainment == "any":
        return True
    if attack.detainment == "covert":
        return not overt
    return attack.detainment == "overt" and overt


def made_haven(site: int, made_havens) -> bool:
    """The one place that says a site is one of our havens now though its site card is none: one of our cards
    made it one of our Wizardhavens (Hidden Haven), until the site returns to the location deck
    (`GameState.leave_site`). `heals_at` asks it; `entry_sites` adds those sites to where characters enter."""
    return site in made_havens


def heals_at(sim, site: int, made_havens) -> bool:
    """coe 2.I.1: a wounded character heals at one of its player's havens; a Fallen-wizard player only at a
    Wizardhaven (g.hav.F1: its own havens, or a site its cards made one)."""
    return sim.site_heals[site] or made_haven(site, made_havens)


def entry_sites(sim, kind: int, made_havens) -> frozenset[int]:
    """Where a character of this kind may come into play now (coe 2.II.2.2: at one of its player's havens or its
    home site; g.hav.F1): its sites in the location deck (`character_sites`), and, if it may enter at a haven
    there, the sites our cards made Wizardhavens (an agent, only at its home site, may not). Who may join a
    company there is still judged as away from a haven (`may_enter_company`, as the referee has it)."""
    sites = sim.character_sites[kind]
    if not made_havens or not any(sim.site_heals[s] for s in sites):
        return sites
    return sites | frozenset(made_havens)
