"""What the resource player expects a site's automatic-attacks to cost a company (a heuristic, docs/simulation.md
"Automatic-attacks"): the characters it would likely lose, valued in marshalling points, against what the hand
can play there. The rules of the attacks themselves are `sim.rules.sites` and `sim.rules.combat`."""

from __future__ import annotations

from deckcheck.sim.rules.combat import Defender, assign_strikes, defender_of, modified_prowess, weakness
from deckcheck.sim.rules.influence import p_check_above
from deckcheck.sim.rules.play import company_is_overt
from deckcheck.sim.rules.sites import attacks_faced

# A character lost costs its own marshalling points and about this many more: the cards it would have played.
CHARACTER_WORTH = 2
# A card worth no MP (an information event...) is still worth entering for while the risk stays below this.
FREE_ENTRY_RISK = 0.5
# -3 to stay untapped (coe 3.iv.3) only while the character keeps at least these odds of not being wounded: below
# them he faces the strike tapped (`SiteChoices.stay_untapped`), so the plans reckon him tapped too (against a
# detainment attack he takes -3 at any odds, having no wound to risk, and the plans count on those odds).
STAY_UNTAPPED_ODDS = 0.5
MEMO_LIMIT = 100_000


def expected_loss(g, company, site: int | None = None) -> float:
    """The marshalling points the company expects to lose to the automatic-attacks of its site (or of `site`) if
    it enters now (`outlook`)."""
    return outlook(g, company, site)[0]


def outlook(g, company, site: int | None = None) -> tuple[float, float]:
    """What entering the site (its own, or `site`) now is expected to cost the company, and the chance that a
    character is still untapped afterwards to play a card there.

    The loss: for each strike as the rules would assign it, P(wounded) x P(the body check fails) (1 where any
    character wounded is eliminated, 0 for detainment), times the character's MP + CHARACTER_WORTH; a character
    that faced a strike faces the next attack tapped. The chance: 1 while fewer strikes come than there are
    characters (someone faces none); else the best odds of one character taking -3 to stay untapped (coe 3.iv.3)
    through every attack, 0 where they are under `STAY_UNTAPPED_ODDS` (the player takes no -3 there) but
    against detainment."""
    sim = g.sim
    site = company.site if site is None else site
    printed = sim.site_attacks[site]
    characters = company.characters
    if not printed or not characters:
        return 0.0, 1.0
    balrog = g.balrog and (g.avatar_revealed or g.avatar_lost)
    overt = company_is_overt(g, company)
    stay, wounded = g.stay_tapped, g.wounded
    # a pure function of what combat sees of the company: memoized across games (`DefenceTables.risks`)
    key = (site, overt, balrog, *[(c.kind, c.tapped or c in stay, c in wounded, *c.holdings) for c in characters])
    risks = g.defence.risks
    found = risks.get(key)
    if found is None:
        if len(risks) >= MEMO_LIMIT:
            risks.clear()                      # bounded memory on long runs
        found = risks[key] = _outlook(g, characters, printed, overt, balrog)
    return found


def _outlook(g, characters, printed, overt: bool, balrog: bool) -> tuple[float, float]:
    sim = g.sim
    defenders = [defender_of(g, c) for c in characters]
    n = len(defenders)
    loss = 0.0
    strikes = 0
    stays = [1.0] * n
    for attack, _check in attacks_faced(printed, overt=overt, balrog_in_play=balrog):
        strikes += n if attack.each_character_faces_strike else attack.strikes
        for i, one in enumerate(defenders):
            odds = p_check_above(attack.prowess - one.prowess + 2)         # roll + prowess - 3 >= the strike
            # below those odds he takes no -3; against detainment he always does (no wound to risk)
            stays[i] *= odds if odds >= STAY_UNTAPPED_ODDS or attack.detainment else 0.0
        if attack.each_character_faces_strike or attack.strikes == n:
            assigned = [(i, 0) for i in range(n)]          # everyone faces one strike: no choice to make
        elif attack.strikes > n:                           # and the excess strikes go to the weakest
            weakest = min(range(n), key=lambda i: (weakness(defenders[i]), i))
            assigned = [(i, attack.strikes - n if i == weakest else 0) for i in range(n)]
        else:
            assigned = assign_strikes(attack, defenders)
        if not attack.detainment:
            for index, excess in assigned:
                one = defenders[index]
                prowess = modified_prowess(one.prowess, tapped=one.tapped, wounded=one.wounded, excess=excess)
                wounded = 1.0 - p_check_above(attack.prowess - prowess - 1)
                if wounded <= 0.0:
                    continue
                dies = 1.0 if attack.wounded_eliminated else p_check_above(one.body - (1 if one.wounded else 0))
                loss += wounded * dies * (sim.mp[characters[index].kind] + CHARACTER_WORTH)
        for index, _excess in assigned:         # the next attack finds them tapped (or worse)
            one = defenders[index]
            if not one.tapped:
                defenders[index] = Defender(one.prowess, one.body, tapped=True, wounded=one.wounded)
    return loss, 1.0 if strikes < n else max(stays)


def worth_the_cards_attacks(g, company, kind: int, entering: bool = False) -> bool:
    """A card whose play makes the company face attacks (Smoke on the Wind, Rescue Prisoners...) is played when
    its MP, times the chance that a character is still untapped to tap for it, outweigh the characters the
    attacks are expected to cost (as for a site's automatic-attacks). `entering`: the company has yet to enter
    the site, so the site's automatic-attacks come first (else it would enter, face them, find the card no
    longer worth it, and try again next turn)."""
    sim = g.sim
    best = cards_attacks_tapper(g, company, kind)
    if best is None:
        return False
    printed = (sim.site_attacks[company.site] if entering else ()) + tuple(sim.play_attacks[kind])
    loss, _ = _outlook(g, company.characters, printed, company_is_overt(g, company), False)
    one = defender_of(g, best)
    alone = len(company.characters) == 1
    untapped = 1.0
    for attack, _check in attacks_faced(printed, overt=company_is_overt(g, company), balrog_in_play=False):
        excess = max(0, attack.strikes - 1) if alone else 0       # excess strikes go to the weakest (coe 3.iv.2)
        untapped *= p_check_above(attack.prowess - one.prowess + 2 + excess)   # roll + prowess - 3 >= the strike
    return loss < max(sim.mp[kind], sim.kinds[kind].mp_alt or 0) * untapped


def cards_attacks_tapper(g, company, kind: int):
    """Who is to tap for such a card after its attacks: the untapped character of highest prowess who may play
    it (The Balrog, if the card needs him there); he takes -3 against each attack to stay untapped (coe 3.iv.3).
    None if nobody may."""
    from deckcheck.sim.rules.play import may_bear

    sim = g.sim
    able = [c for c in company.characters if not c.tapped and c not in g.wounded and may_bear(sim, c, kind)
            and (not sim.avatar_there[kind] or c.kind == g.avatar_kind)]
    return max(able, key=lambda c: defender_of(g, c).prowess) if able else None


def worth_entering(g, company, gain: float, site: int | None = None, needs_actor: bool = True) -> bool:
    """Enter (or go to) the site when what the hand plays there, `gain` MP (if someone is left untapped to play
    it, unless `needs_actor` is False), outweighs the expected loss (a card worth no MP: while the loss stays
    small); never when nobody would be left untapped to play it."""
    if not g.sim.site_attacks[company.site if site is None else site]:
        return True
    loss, untapped = outlook(g, company, site)
    if needs_actor and not untapped:
        return False
    return loss <= max(gain * (untapped if needs_actor else 1.0), FREE_ENTRY_RISK)
