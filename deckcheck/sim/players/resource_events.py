"""The resource player's choices of the resource events whose effect the simulation plays (the facts:
`card_db/combat.json` "resource_events", `cards/resource_effects.py`): when to spend one, on whom. Heuristics,
each stated in its docstring (docs/simulation.md "Resource events"); the rules that apply the effect are
`sim/rules/`.

- A strike bonus (Risky Blow, Bold Thrust, Swift Strokes, Lucky Strike; Dodge, Block, Blow Turned, Under His
  Blow) on the character facing a strike, when it saves enough of what the strike is expected to cost.
"""

from __future__ import annotations

from deckcheck.sim.players.attacks import CANCEL_FROM_LOSS, CHARACTER_WORTH
from deckcheck.sim.rules.combat import modified_prowess
from deckcheck.sim.rules.influence import p_check_above

# A strike bonus is spent on a strike once it saves this many MP of what the strike is expected to cost: a
# quarter of what an attack must be expected to cost before a card cancels the whole of it
# (`attacks.CANCEL_FROM_LOSS`), since it helps one strike of the attack, and only by some odds (+3 prowess saves
# a 2-MP warrior of prowess 5 about 0.3 MP against a strike of 12).
STRIKE_BONUS_FROM = CANCEL_FROM_LOSS / 4
# What keeping untapped the character who is to play a card at the site is worth (a card that says he does not
# tap against the strike): as much as a cancel must save.
KEPT_UNTAPPED_WORTH = CANCEL_FROM_LOSS


def _p_wounded(strike: int, prowess: int, rolls: int) -> float:
    """P(the best of `rolls` 2D6 + prowess < the strike's prowess): the strike succeeds (coe 3.iv.7)."""
    return (1.0 - p_check_above(strike - prowess - 1)) ** rolls


def _p_not_tapped(strike: int, prowess: int, rolls: int) -> float:
    """P(the best of `rolls` 2D6 + prowess >= the strike's prowess): failed or ineffectual."""
    return 1.0 - _p_wounded(strike, prowess, rolls)


def strike_loss(attack, one, prowess: int, body: int, worth: float, rolls: int = 1) -> float:
    """The MP a strike is expected to cost: P(wounded) x P(the body check fails) x what the character is worth
    (1 for the body check where any character wounded is eliminated; nothing against detainment)."""
    if attack.detainment:
        return 0.0
    wounded = _p_wounded(attack.prowess, prowess, rolls)
    if attack.wounded_eliminated:
        return wounded * worth
    dies = p_check_above(body - (1 if one.wounded else 0) - attack.wound_body_modifier)
    return wounded * dies * worth


def strike_bonus(g, character, attack, one, excess: int, stay: bool, keep_untapped: bool) -> int | None:
    """The strike-bonus card of the hand to play on `character` (combat's `one`) facing a strike of `attack`,
    None to face it as he is. Who may play it: the card's skill, untapped if it says so. Each card is worth
    what it saves of the strike's expected cost (`strike_loss`: its prowess, best of two rolls, body change;
    one that keeps him untapped drops the -3 he took to stay so, `stay`), and, for one that keeps him untapped
    when `keep_untapped` (he is the one to play a card here) and he did not take -3, the odds of the strike not
    wounding him times `KEPT_UNTAPPED_WORTH`. The card that saves most is played if it saves at least
    `STRIKE_BONUS_FROM`."""
    d = g.defence
    kinds = d.strike_bonus_kinds
    held = [k for k in g.hand if k in kinds]
    if not held:
        return None
    worth = g.sim.mp[character.kind] + CHARACTER_WORTH
    base = modified_prowess(one.prowess, tapped=one.tapped, wounded=one.wounded, excess=excess, stay_untapped=stay)
    loss = strike_loss(attack, one, base, one.body, worth)
    skills = d.skills[character.kind]
    best, best_gain = None, STRIKE_BONUS_FROM
    seen = set()
    for kind in held:
        if kind in seen:
            continue
        seen.add(kind)
        bonus = d.strike_bonus[kind]
        if (bonus.skill is not None and bonus.skill not in skills) or (bonus.untapped and one.tapped):
            continue
        prowess = base + bonus.prowess + (3 if bonus.no_tap and stay else 0)
        gain = loss - strike_loss(attack, one, prowess, one.body + bonus.body, worth, bonus.rolls)
        if bonus.no_tap and keep_untapped and not stay and not one.tapped:
            gain += _p_not_tapped(attack.prowess, prowess, bonus.rolls) * KEPT_UNTAPPED_WORTH
        if gain >= best_gain:
            best, best_gain = kind, gain
    return best


def keeps_strike_bonus(g, kind: int) -> bool:
    """Keep a strike bonus at the end of the turn against an opponent's hazards (as a card that cancels an
    attack), while one of our characters may play it."""
    if g.opponent is None:
        return False
    d = g.defence
    skill = d.strike_bonus[kind].skill
    return skill is None or any(skill in d.skills[c.kind] for company in g.companies for c in company.characters)
