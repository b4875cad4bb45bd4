"""What the resource player expects a site's automatic-attacks to cost a company (a heuristic, docs/simulation.md
"Automatic-attacks"): the characters it would likely lose, valued in marshalling points, against what the hand
can play there; the attacks as they would be faced, the attack boosts in play applied (`as_faced`). The rules of
the attacks themselves are `sim.rules.sites` and `sim.rules.combat`."""

from __future__ import annotations

from deckcheck.sim.rules.cancels import may_cancel, who_may_cancel
from deckcheck.sim.rules.combat import (
    Defender,
    armed_stats,
    assign_strikes,
    defender_of,
    modified_prowess,
    p_body_check_loses,
    weakness,
)
from deckcheck.sim.rules.events import boosted, faced_twice
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
# An attack is canceled (when a card in hand may) once it is expected to cost this many MP: a 0-MP character
# eliminated about one time in two.
CANCEL_FROM_LOSS = 1.0


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
    boosts = g.board.boost_key
    # a pure function of what combat sees of the company (each character's kind, state and armed prowess and
    # body, not the holdings that give them): memoized across games (`DefenceTables.risks`)
    d = g.defence
    if stay or wounded:
        key = (site, overt, balrog, boosts,
               *[(c.kind, c.tapped or c in stay, c in wounded, armed_stats(d, c)) for c in characters])
    else:
        key = (site, overt, balrog, boosts, *[(c.kind, c.tapped, False, armed_stats(d, c)) for c in characters])
    risks = d.risks
    found = risks.get(key)
    if found is None:
        if len(risks) >= MEMO_LIMIT:
            risks.clear()                      # bounded memory on long runs
        found = risks[key] = _outlook(g, characters, as_faced(g, site, attacks_faced(printed, overt=overt,
                                                                                     balrog_in_play=balrog)))
    return found


def as_faced(g, site: int, faced):
    """The automatic-attacks as the company would face them: each attack boost in play (either player's) applied
    as combat applies it, an Undead attack twice under The Moon Is Dead (`rules.events`); as printed without an
    opponent or a boost in play."""
    board = g.board
    if not board.boosts:
        return faced
    site_type = g.sim.sites[site].site_type or ""
    out = []
    for attack, check in faced:
        one = boosted(attack, attack.races, True, site_type, board.boosts, board.doors)[0], check
        out += [one, one] if faced_twice(attack.races, board.boosts) else [one]
    return tuple(out)


def _outlook(g, characters, faced) -> tuple[float, float]:
    sim = g.sim
    defenders = [defender_of(g, c) for c in characters]
    n = len(defenders)
    loss = 0.0
    strikes = 0
    stays = [1.0] * n
    for attack, _check in faced:
        strikes += n if attack.each_character_faces_strike else attack.strikes
        assigned = _assigned(attack, defenders)
        excess = dict(assigned)                 # the excess strikes the attacker allocates him (coe 3.iv.2)
        for i, one in enumerate(defenders):
            stays[i] *= _untapped_odds(attack, one, excess.get(i, 0))
        loss = _attack_loss(sim, characters, defenders, attack, assigned, loss)
        for index, _excess in assigned:         # the next attack finds them tapped (or worse)
            one = defenders[index]
            if not one.tapped:
                defenders[index] = Defender(one.prowess, one.body, tapped=True, wounded=one.wounded,
                                            discard_on=one.discard_on, stay_penalty=one.stay_penalty)
    return loss, 1.0 if strikes < n else max(stays)


def odds_left_untapped(g, company, able: list[int]) -> float:
    """The chance that one of the characters `able` (indices into the company: those who may play the card) is
    still untapped after its site's automatic-attacks: 1 while fewer strikes come than there are characters (the
    defender keeps one of them out of the strikes, coe 3.ii; not where the attacker chooses); else the best odds
    of one of them taking -3 to stay untapped (coe 3.iv.3) through every attack, 0 where they are under
    `STAY_UNTAPPED_ODDS` (he takes no -3 there) but against detainment (as `outlook` reckons)."""
    sim = g.sim
    printed = sim.site_attacks[company.site]
    characters = company.characters
    if not printed or not able:
        return 1.0 if able else 0.0
    balrog = g.balrog and (g.avatar_revealed or g.avatar_lost)
    n = len(characters)
    strikes = 0
    chooser = False
    stays = dict.fromkeys(able, 1.0)
    defenders = [defender_of(g, c) for c in characters]
    faced = as_faced(g, company.site, attacks_faced(printed, overt=company_is_overt(g, company), balrog_in_play=balrog))
    for attack, _check in faced:
        strikes += n if attack.each_character_faces_strike else attack.strikes
        chooser = chooser or attack.attacker_chooses
        excess = dict(_assigned(attack, defenders))     # the excess strikes allocated to each (coe 3.iv.2)
        for i in able:
            stays[i] *= _untapped_odds(attack, defenders[i], excess.get(i, 0))
    if strikes < n and not chooser:
        return 1.0
    return max(stays.values())


def _untapped_odds(attack, one, excess: int = 0) -> float:
    """The odds that the defender `one` beats the attack's strike taking -3 to stay untapped (coe 3.iv.3: roll +
    prowess - 3 (his own card's penalty instead where it names one: The Balrog's -1) - the `excess` strikes
    allocated to him, -1 each (3.iv.2) >= the strike); 0 below `STAY_UNTAPPED_ODDS`, where he takes no -3,
    but against detainment, where he always does (no wound to risk)."""
    odds = p_check_above(attack.prowess - one.prowess + one.stay_penalty - 1 + excess)
    return odds if odds >= STAY_UNTAPPED_ODDS or attack.detainment else 0.0


def _assigned(attack, defenders) -> list[tuple[int, int]]:
    """Who faces each strike as the rules would assign them: [(defender index, excess strikes), ...]."""
    n = len(defenders)
    if attack.each_character_faces_strike or attack.strikes == n:
        return [(i, 0) for i in range(n)]          # everyone faces one strike: no choice to make
    if attack.strikes > n:                         # and the excess strikes go to the weakest
        weakest = min(range(n), key=lambda i: (weakness(defenders[i]), i))
        return [(i, attack.strikes - n if i == weakest else 0) for i in range(n)]
    return assign_strikes(attack, defenders)


def _attack_loss(sim, characters, defenders, attack, assigned, loss: float = 0.0) -> float:
    """`loss` plus the MP one attack is expected to cost: for each strike, P(wounded) x P(the body check fails,
    or discards the character by its text) (1 where any character wounded is eliminated, 0 for detainment),
    times the character's MP + CHARACTER_WORTH."""
    if attack.detainment:
        return loss
    for index, excess in assigned:
        one = defenders[index]
        prowess = modified_prowess(one.prowess, tapped=one.tapped, wounded=one.wounded, excess=excess)
        wounded = 1.0 - p_check_above(attack.prowess - prowess - 1)
        if wounded <= 0.0:
            continue
        dies = 1.0 if attack.wounded_eliminated else p_body_check_loses(one.body, one.discard_on,
                                                                         already_wounded=one.wounded)
        loss += wounded * dies * (sim.mp[characters[index].kind] + CHARACTER_WORTH)
    return loss


def expected_attack_loss(g, company, attack) -> float:
    """What the attack is expected to cost the company as it stands (the automatic-attack reckoning: per strike
    P(wounded) x P(body check fails) x (MP + CHARACTER_WORTH))."""
    characters = company.characters
    defenders = [defender_of(g, c) for c in characters]
    return _attack_loss(g.sim, characters, defenders, attack, _assigned(attack, defenders))


def attack_cancel(g, company, attack, extra_loss: float = 0.0, creature: bool = False):
    """(card, character who plays it) to cancel this attack on the company, None to face it: a card that makes
    the creature an ally (`creature`: a hazard creature's only attack) whenever it may (it scores its MP:
    `takes_as_ally`); else a card in hand that may cancel it, played when the attack is expected to cost at
    least CANCEL_FROM_LOSS (the card that costs the company least first: one that taps or wounds nobody, then
    one that taps, then one that wounds, and only against twice that loss; the character it taps or wounds is
    the one worth least to the company). `extra_loss`: what else the attack not canceled costs (Corpse-candle's
    corruption checks)."""
    sim = g.sim
    kinds = sim.attack_cancel_kinds
    if kinds.isdisjoint(g.hand) or not attack.cancellable:
        return None
    held = list(filter(kinds.__contains__, g.hand))
    if creature:
        ally = takes_as_ally(g, company, attack, held)
        if ally is not None:
            return ally
    characters = company.characters
    defenders = [defender_of(g, c) for c in characters]
    loss = _attack_loss(sim, characters, defenders, attack, _assigned(attack, defenders)) + extra_loss
    if loss < CANCEL_FROM_LOSS:
        return None
    best = None
    covert = not company_is_overt(g, company)
    for kind in held:
        cancel = sim.attack_cancel[kind]
        if not may_cancel(cancel, attack, covert, creature) or (cancel.wounds and loss < 2 * CANCEL_FROM_LOSS):
            continue
        able = who_may_cancel(cancel, characters, sim.skills, g.wounded)
        if not able:
            continue
        cost = 2 if cancel.wounds else 1 if cancel.taps else 0
        if best is None or cost < best[0]:
            actor = min(able, key=lambda c: (sim.mp[c.kind], defender_of(g, c).prowess))
            best = (cost, kind, actor)
    return None if best is None else (best[1], best[2])


def takes_as_ally(g, company, attack, held: list[int]):
    """(card, character) to make the attacking creature an ally (Ready to His Will: its attack canceled, an ally
    worth the card's MP under the character who taps): played on any creature it may take, by the untapped
    character worth least to the company; None if no such card or character."""
    sim = g.sim
    covert = not company_is_overt(g, company)
    for kind in held:
        cancel = sim.attack_cancel[kind]
        if not cancel.becomes_ally or not may_cancel(cancel, attack, covert, True):
            continue
        able = who_may_cancel(cancel, company.characters, sim.skills, g.wounded)
        if able:
            return kind, min(able, key=lambda c: (sim.mp[c.kind], defender_of(g, c).prowess))
    return None


# An ally that taps to cancel a strike (Noble Steed) does so when the strike would wound at these odds or more.
STEED_FROM_WOUND_ODDS = 0.25


def taps_to_cancel_strike(attack, one, excess: int) -> bool:
    """Cancel the strike with the ally's tap (Noble Steed: it untaps next turn, its only cost the strikes later
    this turn) when it would wound the defender `one` at `STEED_FROM_WOUND_ODDS` or more (not a detainment
    attack: it wounds nobody)."""
    if attack.detainment:
        return False
    prowess = modified_prowess(one.prowess, tapped=one.tapped, wounded=one.wounded, excess=excess)
    return 1.0 - p_check_above(attack.prowess - prowess - 1) >= STEED_FROM_WOUND_ODDS


def keeps_attack_cancel(g, kind: int) -> bool:
    """Keep a card that cancels an attack at the end of the turn: against an opponent's hazards (alone, the only
    attacks are the sites', which the player reckons before it enters), while one of our characters may play
    it."""
    if g.opponent is None:
        return False
    skill = g.sim.attack_cancel[kind].skill
    return skill is None or any(skill in g.sim.skills[c.kind] for company in g.companies for c in company.characters)


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
    faced = as_faced(g, company.site, attacks_faced(printed, overt=company_is_overt(g, company),
                                                    balrog_in_play=False))
    characters = company.characters
    loss, _ = _outlook(g, characters, faced)
    defenders = [defender_of(g, c) for c in characters]
    index = next(i for i, c in enumerate(characters) if c is best)
    one = defenders[index]
    untapped = 1.0
    for attack, _check in faced:
        excess = dict(_assigned(attack, defenders)).get(index, 0)    # allocated to him (coe 3.iv.2)
        # roll + prowess - 3 (his card's own penalty: The Balrog's -1) - excess >= the strike
        untapped *= p_check_above(attack.prowess - one.prowess + one.stay_penalty - 1 + excess)
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
    worth = gain * untapped if needs_actor else gain
    return loss <= worth or loss <= FREE_ENTRY_RISK        # loss <= max(worth, FREE_ENTRY_RISK)
