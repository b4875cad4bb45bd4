"""Who taps to support a character of his company (a heuristic, docs/simulation.md "Support"): before a corruption
check, +1 to the roll for each other character tapped (coe 7.1.1); before a strike, +1 to the prowess of the
character facing it for each character tapped who was not assigned a strike (coe 3.iv.4). The rules that apply
the +1 are `sim.turn.hazards.check_corruption` and `sim.rules.combat.resolve_attack`.

A supporter is worth tapping when what the +1 saves of the character (the odds of losing him, times his MP, his
items' MP and `CHARACTER_WORTH`) is more than what an untapped character is still worth this turn: nothing at
the end of the turn or at a haven, `TAPPED_WORTH` before a site phase elsewhere (he could play a card there).
"""

from __future__ import annotations

from deckcheck.sim.players.attacks import CHARACTER_WORTH, expected_attack_loss
from deckcheck.sim.players.resource_events import STRIKE_BONUS_FROM, p_corruption_loss, strike_loss
from deckcheck.sim.rules.combat import modified_prowess
from deckcheck.sim.rules.corruption import company_modifier, makes_corruption_checks

# What a character left untapped before his company's site phase, away from a haven, is worth when he is not the one
# to play the company's card there (that one never taps while a tap costs anything): a later strike of the turn
# finds him tapped (-1, and the attacker may assign it to him). A strike bonus is played for what saves
# `STRIKE_BONUS_FROM`; an untapped spare character is worth less than a card.
TAPPED_WORTH = STRIKE_BONUS_FROM / 2.5
# A supporter taps only for a saving above this, even when tapping costs nothing (no tap for a check or a strike
# he cannot lose).
MIN_SAVING = 0.02


def worth_keeping(g, character) -> float:
    """What losing the character costs: his MP, the MP of what he holds, and `CHARACTER_WORTH`."""
    mp = g.sim.mp
    return mp[character.kind] + sum(mp[h] for h in character.holdings) + CHARACTER_WORTH


def may_support(g, company, character, untapping: bool = False) -> list:
    """coe 7.1.1, 3.iv.4: the other characters of the company who may tap (untapped, not held tapped this turn;
    `untapping`: in the untap phase, whoever is about to untap), the weakest in combat first (the last one wanted
    in a later fight)."""
    d = g.defence
    stay = g.stay_tapped
    able = [c for c in company.characters if c is not character and (untapping or not c.tapped) and c not in stay
            and c not in g.wounded]
    return sorted(able, key=lambda c: (d.prowess[c.kind], g.sim.mp[c.kind]))


def tap_cost(g, company, free: bool) -> float:
    """What tapping a supporter costs now: nothing at the end of the turn (`free`) or at a haven, else
    `TAPPED_WORTH`."""
    return 0.0 if free or g.sim.site_is_haven[company.site] else TAPPED_WORTH


def corruption_supporters(g, company, character, points: int, modifier: int, when: str) -> list:
    """The characters who tap to support the check (coe 7.1.1), one at a time while each +1 saves more than it
    costs (`tap_cost`; `when` as `check_corruption` says); `modifier`: the check's own modification (the
    card's and the company's size for Alone and Unadvised; the character's own and the Ringwraith's or Balrog's
    +2 are added here)."""
    d = g.defence
    kind = character.kind
    if not makes_corruption_checks(d.races[kind], ally=d.ally[kind]):
        return []
    able = may_support(g, company, character, untapping=when == "upkeep")
    if not able:
        return []
    total = modifier + d.check_modifier[kind] + company_modifier([d.races[c.kind] for c in company.characters])
    worth = worth_keeping(g, character)
    cost = tap_cost(g, company, when == "end")
    chosen = []
    odds = p_corruption_loss(points, total, d.minion[kind], d.wizard_avatar[kind])
    if odds * worth <= max(cost, MIN_SAVING):
        return []                             # no +1 can save more than the whole risk
    for supporter in able:
        better = p_corruption_loss(points, total + len(chosen) + 1, d.minion[kind], d.wizard_avatar[kind])
        if (odds - better) * worth <= max(cost, MIN_SAVING):
            break
        chosen.append(supporter)
        odds = better
    return chosen


def council_supporters(g, company, checks: list[tuple]) -> list[tuple]:
    """The Free Council's corruption checks of one company (coe 10.3.i: in the order of the player's choosing,
    each supported by tapping one or more other characters of the company, 7.1.1), as [(character, the
    characters who tap for him)]. `checks`: (character, his corruption points, his check's own modification:
    the cards' on him, as `corruption_supporters` has it). Nothing is worth keeping untapped any more: each
    untapped character goes, one at a time, to the check where his +1 saves most of the MP the company could
    lose (the odds of losing the character times his MP and his items'), while it saves any; the checks are made
    most corruption points first."""
    d = g.defence
    mp = g.sim.mp
    bonus = company_modifier([d.races[c.kind] for c in company.characters])
    plan = []                                 # [character, points, total modifier, worth, supporters]
    for character, points, modifier in sorted(checks, key=lambda c: -c[1]):
        kind = character.kind
        worth = mp[kind] + sum(mp[h] for h in character.holdings)
        if not makes_corruption_checks(d.races[kind], ally=d.ally[kind]):
            worth = 0
        plan.append([character, points, modifier + d.check_modifier[kind] + bonus, worth, []])

    def loss(entry, extra: int) -> float:
        character, points, total, worth, chosen = entry
        if worth <= 0:
            return 0.0
        return worth * p_corruption_loss(points, total + len(chosen) + extra, d.minion[character.kind],
                                         d.wizard_avatar[character.kind])

    able = may_support(g, company, None)
    while able:
        best, best_saving = None, MIN_SAVING
        for entry in plan:
            if not any(s is not entry[0] for s in able):
                continue
            saving = loss(entry, 0) - loss(entry, 1)
            if saving > best_saving:
                best, best_saving = entry, saving
        if best is None:
            break
        helper = next(s for s in able if s is not best[0])
        able.remove(helper)
        best[4].append(helper)
    return [(entry[0], entry[4]) for entry in plan]


def strike_supporters(g, company, characters, attack, index: int, one, excess: int, stay: bool, able: list[int],
                      shielded: frozenset[int] = frozenset()) -> list[int]:
    """The characters (indices into `characters`, among `able`: untapped, without a strike of this attack) who tap
    to give +1 prowess to `characters[index]` facing a strike of `attack` (coe 3.iv.4), one at a time while each
    +1 saves more of the strike's expected cost (`strike_loss`: the odds of a wound, of the body check failing,
    times what he is worth) than it costs (`tap_cost`); never one of the `shielded` (the one who is to play a
    card at the site) while the tap costs anything. Nothing against detainment: the strike wounds nobody."""
    if attack.detainment:
        return []
    cost = tap_cost(g, company, False)
    worth = worth_keeping(g, characters[index])
    base = modified_prowess(one.prowess, tapped=one.tapped, wounded=one.wounded, excess=excess, stay_untapped=stay,
                            stay_penalty=one.stay_penalty)
    loss = strike_loss(attack, one, base, one.body, worth)
    if loss <= max(cost, MIN_SAVING):
        return []                             # no +1 can save more than the whole loss
    d = g.defence
    candidates = sorted((i for i in able if not (cost and i in shielded)),
                        key=lambda i: (d.prowess[characters[i].kind], g.sim.mp[characters[i].kind], i))
    chosen: list[int] = []
    for i in candidates:
        better = strike_loss(attack, one, base + len(chosen) + 1, one.body, worth)
        if loss - better <= max(cost, MIN_SAVING):
            break
        chosen.append(i)
        loss = better
    return chosen


def tap_to_cancel(g, company, attack):
    """The character who taps to cancel one of a creature's attacks where its card lets the defender (Slayer:
    "The defender may tap any one character in the company to cancel one of these attacks"), None to face it:
    the untapped character worth least, when the attack is expected to cost more than `TAPPED_WORTH`, what an
    untapped character is worth before the site phase."""
    characters = company.characters
    untapped = [c for c in characters if not c.tapped]
    if not untapped:
        return None
    if expected_attack_loss(g, company, attack) <= TAPPED_WORTH:
        return None
    return min(untapped, key=lambda c: (worth_keeping(g, c), g.sim.mp[c.kind]))
