"""The resource player's choices of the resource events whose effect the simulation plays (the facts:
`card_db/combat.json` "resource_events", `cards/resource_effects.py`): when to spend one, on whom. Heuristics,
each stated in its docstring (docs/simulation.md "Resource events"); the rules that apply the effect are
`sim/rules/`.

- A strike bonus (Risky Blow, Bold Thrust, Swift Strokes, Lucky Strike; Dodge, Block, Blow Turned, Under His
  Blow) on the character facing a strike, when it saves enough of what the strike is expected to cost.
- A hazard permanent-event discarded (Marvels Told, Voices of Malice, Ancient Secrets) at the end of the turn,
  the one whose loss is worth most to us, when that outweighs the risk of the corruption check it costs.
- A corruption-check bonus (A Friend or Three, New Friendship...) on a check it makes safer by enough.
- A card draw (Dark Tryst) in the organization phase, as soon as there are cards to draw.
- A card that keeps hazard creatures off a company this turn (Stealth, Sneakin', Hiding, Hide in Dark Places),
  when its character is not the one to play a card at the company's new site.
"""

from __future__ import annotations

from deckcheck.sim.model import ROLE_CHARACTER, ROLE_HAZARD
from deckcheck.sim.players.attacks import CANCEL_FROM_LOSS, CHARACTER_WORTH
from deckcheck.sim.rules.combat import modified_prowess
from deckcheck.sim.rules.company import company_size
from deckcheck.sim.rules.corruption import (
    DISCARDED,
    ELIMINATED,
    company_modifier,
    corruption_check,
    makes_corruption_checks,
)
from deckcheck.sim.rules.influence import p_check_above
from deckcheck.sim.rules.resource_events import corruption_bonus_value, may_discard, may_hide, may_raise, may_tap_for

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
    base = modified_prowess(one.prowess, tapped=one.tapped, wounded=one.wounded, excess=excess, stay_untapped=stay,
                            stay_penalty=one.stay_penalty)
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


# What discarding a hazard permanent-event on the board (an attack boost, a raised hazard limit, Foolish Words) is
# worth: as much as one canceled attack must save. A hazard long-event is worth nothing: it leaves play at our next
# long-event phase (coe 2.III.3) and, till then, boosts our own creatures on the opponent's turn as much as theirs.
BOARD_EVENT_WORTH = CANCEL_FROM_LOSS
# The two dice's odds of each total, 2..12.
_TWO_DICE = tuple((total, (6 - abs(total - 7)) / 36) for total in range(2, 13))


def p_corruption_loss(points: int, modifier: int, minion: bool, wizard_avatar: bool) -> float:
    """P(a corruption check costs the character: discarded or eliminated, coe 7.1) with these corruption points
    and modifier."""
    return sum(p for roll, p in _TWO_DICE if corruption_check(roll, points, modifier, minion=minion,
                                                              wizard_avatar=wizard_avatar) in (DISCARDED, ELIMINATED))


def corruption_loss_odds(g, company, character, points: int, modifier: int) -> float:
    """The odds that a corruption check of the character at `points` and `modifier` loses him (discarded or
    eliminated); 0 for one who makes no checks. Shared by the choices that weigh a check (who receives an item)."""
    d = g.defence
    kind = character.kind
    if not makes_corruption_checks(d.races[kind], ally=d.ally[kind]):
        return 0.0
    bonus = company_modifier([d.races[c.kind] for c in company.characters])
    return p_corruption_loss(points, modifier + d.check_modifier[kind] + bonus, d.minion[kind], d.wizard_avatar[kind])


def corruption_checks_loss(g, company, points_of) -> float:
    """What a corruption check of every character of the company now is expected to cost (Corpse-candle's, before
    its strikes): per character the odds of losing him (`corruption_loss_odds`) times his MP, his items' and
    CHARACTER_WORTH; `points_of(character)`: his corruption points."""
    mp = g.sim.mp
    return sum(corruption_loss_odds(g, company, c, points_of(c), 0) * (mp[c.kind] + sum(mp[h] for h in c.holdings)
                                                              + CHARACTER_WORTH) for c in company.characters)


def hazard_discard(g, points_of):
    """(card, company, character who taps, target) to discard a hazard permanent-event at the end of our turn,
    None for none. Targets: a corruption card on one of our characters (a hazard permanent-event), worth what
    it adds to the odds of his corruption checks costing him (`p_corruption_loss` with and without its points)
    times his MP + CHARACTER_WORTH, twice where the card forces checks of its own; a hazard permanent-event of
    the opponent's on the board, `BOARD_EVENT_WORTH`. Who plays it: an untapped character who may tap for it,
    the one whose corruption check afterwards risks least (odds times MP + CHARACTER_WORTH). Played when the
    best target is worth more than that risk and at least `STRIKE_BONUS_FROM`. `points_of(character)`: his
    corruption points."""
    d = g.defence
    held = [k for k in dict.fromkeys(g.hand) if k in d.hazard_discard_kinds]
    if not held:
        return None
    opponent = g.opponent
    hazards = opponent.hazards
    targets = []
    for company in g.companies:
        for character in company.characters:
            for card in g.corruption_on.get(character, ()):
                if "Permanent-event" not in opponent.sim.kinds[card].subtypes:
                    continue
                spec = hazards.corruption[card]
                points = points_of(character)
                gain = (corruption_loss_odds(g, company, character, points, 0)
                        - corruption_loss_odds(g, company, character, points - spec.corruption, 0))
                times = 2 if spec.check is not None else 1
                worth = gain * times * (g.sim.mp[character.kind] + CHARACTER_WORTH)
                targets.append((worth, ("corruption", character, card), "permanent", False))
    for entry in g.board.events:
        if entry[3] == id(g):
            continue                                     # our own (a resource environment)
        spec = entry[1]
        worth = BOARD_EVENT_WORTH if spec.lasts == "permanent" and not spec.environment else 0.0
        targets.append((worth, ("board", entry, entry[0]), spec.lasts, spec.environment))
    if not targets:
        return None
    best = None
    for kind in held:
        fact = d.hazard_discard[kind]
        for company in g.companies:
            for character in company.characters:
                if not may_tap_for(fact, d.skills[character.kind], g.sim.avatar[character.kind],
                                   character.tapped or character in g.stay_tapped, character in g.wounded):
                    continue
                risk = 0.0
                if fact.corruption_check is not None:
                    risk = (corruption_loss_odds(g, company, character, points_of(character), fact.corruption_check)
                            * (g.sim.mp[character.kind] + CHARACTER_WORTH))
                for worth, target, lasts, environment in targets:
                    if not may_discard(fact, lasts, environment):
                        continue
                    net = worth - risk
                    if worth >= STRIKE_BONUS_FROM and net > 0 and (best is None or net > best[0]):
                        best = (net, kind, company, character, target)
    return None if best is None else best[1:]


def card_draw(g) -> int | None:
    """The card that draws (Dark Tryst) to play in the organization phase, None for none: as soon as the play
    deck and discard pile hold its cards (more cards to plan the turn with; the worst go at the hand's reset).
    The cards that bring a card into the play deck (Smoke Rings...) are `fetch`'s."""
    d = g.defence
    for kind in g.hand:
        if kind in d.draw_kinds and len(g.deck) + len(g.discard) >= d.card_flow[kind].draw:
            return kind
    return None


def fetch(g) -> tuple[int, list[int]] | None:
    """(card, the discarded cards it brings back into the play deck) to play in the organization phase, None for
    none: a card such as Smoke Rings as soon as the discard pile holds a card worth MP it may take (a resource,
    a character too if it says so) that could still be played (not a unique one in play or out of the game);
    those the player keeps longest in hand first (`keep_value`), as many as it brings. Held otherwise: spent,
    it is a discarded card worth MP drawn again, where it would wait for the play deck's exhaustion."""
    d = g.defence
    held = [k for k in dict.fromkeys(g.hand) if k in d.fetch_kinds]
    if not held:
        return None
    best = None
    for kind in held:
        fact = d.card_flow[kind]
        wanted = worth_fetching(g, fact.characters)
        if wanted and (best is None or len(wanted) > len(best[1])):
            best = (kind, wanted[:fact.fetch])
    return best


def worth_fetching(g, characters: bool, short_events: bool = True) -> list[int]:
    """The kinds of the discard pile worth bringing back into the play deck, best first: worth MP, resources
    (characters too if `characters`; short-events only if `short_events`), that could still be played (not a
    unique one in play or out of the game), those the player keeps longest in hand first (`keep_value`)."""
    sim = g.sim
    used = g.used_unique
    player = g.player
    return sorted((k for k in dict.fromkeys(g.discard) if sim.mp[k] > 0 and sim.role[k] != ROLE_HAZARD
                   and (characters or sim.role[k] != ROLE_CHARACTER)
                   and (short_events or "Short-event" not in sim.kinds[k].subtypes)
                   and not (sim.unique[k] and k in used) and sim.unplayable[k] is None),
                  key=lambda k: -player.keep_value(g, k))


def end_of_turn_fetch(g) -> list[int]:
    """Great Shadow in play: the one discarded card to shuffle into the play deck at the end of the turn (a
    non-short-event resource or character, `worth_fetching`'s best), none if none is worth it."""
    return worth_fetching(g, True, short_events=False)[:1]


def mp_raise(g) -> int | None:
    """The stage card that makes our cards worth more (Great Patron, Gatherer of Loyalties) to play in the
    organization phase, None for none: the first one held that the rules allow, at once (what it adds only
    grows with the cards to come)."""
    d = g.defence
    for kind in g.hand:
        if kind in d.mp_raise_kinds and may_raise(d.mp_raise[kind], g.in_play[kind], g.stage_points):
            return kind
    return None


def creature_stopper(g, company, dest: int | None):
    """(card, character) to keep hazard creatures off the company this turn, None for none: against an opponent
    that plays hazards, a card whose conditions hold (`rules.resource_events.may_hide`) and a character with its
    skill, untapped (and unwounded) if he taps. A company that stays: at a site that is no haven (the creatures
    keyed to a site). A company that moves: when the character who taps is not the one the player would have
    play the best card at the new site (`best_play`); one that does not tap is always played."""
    d = g.defence
    held = [k for k in dict.fromkeys(g.hand) if k in d.no_creatures_kinds]
    if not held or g.opponent is None:
        return None
    sim = g.sim
    moving = dest is not None
    if not moving and sim.site_is_haven[company.site]:
        return None
    size = company_size(sim, company.characters)
    planned = None
    for kind in sorted(held, key=lambda k: d.no_creatures[k].taps):       # one that taps nobody first
        fact = d.no_creatures[kind]
        if not may_hide(fact, size, moving):
            continue
        for character in company.characters:
            if fact.skill is not None and fact.skill not in d.skills[character.kind]:
                continue
            if not fact.taps:
                return kind, character
            if character.tapped or character in g.stay_tapped or character in g.wounded:
                continue
            if planned is None:
                planned = g.player.best_play(g, company, dest, True, True) or (None, None)
            if planned[1] is character:
                continue
            return kind, character
    return None


def character_by_event(g):
    """(card, (character kind, site, controller)) to bring a character into play with a card such as We Have
    Come to Kill or A Chance Meeting, None for none: the character the player's own choice takes
    (`character_to_play`, the most valuable one with room, keeping room to grow) at a site of the types the card
    lists where one of our companies is."""
    d = g.defence
    held = [k for k in dict.fromkeys(g.hand) if k in d.character_at_site_kinds]
    if not held:
        return None
    sim = g.sim
    for kind in held:
        fact = d.character_at_site[kind]
        where = frozenset(c.site for c in g.companies if (sim.sites[c.site].site_type or "") in fact.site_types
                          and not sim.site_is_haven[c.site])
        if not where:
            continue
        choice = g.player.character_to_play(g, event=fact, where=where)
        if choice is not None:
            return kind, choice
    return None


def corruption_bonus(g, company, character, points: int, modifier: int):
    """(card, what it adds) to play on this corruption check before its roll, None for none: the card that cuts
    the check's odds of costing the character most (`p_corruption_loss`, discarded or eliminated), when that
    saves at least `STRIKE_BONUS_FROM` of his MP + CHARACTER_WORTH. `modifier`: the check's modifiers so far."""
    d = g.defence
    held = [k for k in dict.fromkeys(g.hand) if k in d.corruption_bonus_kinds]
    if not held:
        return None
    kind = character.kind
    minion, wizard = d.minion[kind], d.wizard_avatar[kind]
    before = p_corruption_loss(points, modifier, minion, wizard)
    if before <= 0.0:
        return None
    worth = g.sim.mp[kind] + CHARACTER_WORTH
    skills = [d.skills[c.kind] for c in company.characters]
    best, best_gain = None, STRIKE_BONUS_FROM
    for card in held:
        value = corruption_bonus_value(d.corruption_bonus[card], d.races[kind], skills)
        if value <= 0:
            continue
        gain = (before - p_corruption_loss(points, modifier + value, minion, wizard)) * worth
        if gain >= best_gain:
            best, best_gain = (card, value), gain
    return best


def keeps_resource_event(g, kind: int) -> bool:
    """Keep a strike bonus, or a card that discards a hazard permanent-event, at the end of the turn against an
    opponent's hazards (as a card that cancels an attack), while one of our characters may play it."""
    if g.opponent is None:
        return False
    d = g.defence
    fact = d.strike_bonus[kind] or d.hazard_discard[kind] or d.no_creatures[kind] or d.corruption_bonus[kind]
    if getattr(fact, "avatar", False):
        return g.avatar_kind is not None and not g.avatar_lost
    if getattr(fact, "race", None) is not None:
        return any(fact.race in d.races[c.kind] for company in g.companies for c in company.characters)
    skill = getattr(fact, "skill", None) or getattr(fact, "company_skill", None)
    return skill is None or any(skill in d.skills[c.kind] for company in g.companies for c in company.characters)
