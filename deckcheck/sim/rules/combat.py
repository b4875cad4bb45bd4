"""The rules of combat (coe §3), as pure functions over small records: no game state, no deck tables.

    from deckcheck.sim.rules.combat import Attack, Defender, resolve_attack
    result = resolve_attack(Attack(strikes=2, prowess=10), [Defender(prowess=6, body=9)], roll=two_d6)

Each rule is one function with the clause it implements; `tests/test_combat.py` checks each against a
hand-worked example. `roll` is any callable returning a 2D6 total, so a test can pass the dice it wants.

`defender_of` reads a game's character as combat sees it (its weapon and armour, tapped, wounded), `ally_defender`
an ally (coe 2.V.2.2: treated as a character in combat; a failed body check discards it).

Choices the rules leave to a player are made by the written-down heuristics of `assign_strikes` (and are
listed in docs/simulation.md): the defending player puts strikes on its strongest untapped characters, the
attacker puts the rest, and every excess strike, on the weakest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

# The outcome of one strike (coe 3.iv.7).
STRIKE_FAILED, STRIKE_SUCCESSFUL, STRIKE_INEFFECTUAL = "failed", "successful", "ineffectual"
STRIKE_CANCELED = "canceled"               # by a card before it was resolved (Noble Steed): not defeated

# coe 3.iv.6: temporary prowess modifications of the character facing a strike.
TAPPED_PENALTY = 1          # unwounded, tapped character
WOUNDED_PENALTY = 2         # wounded character
STAY_UNTAPPED_PENALTY = 3   # coe 3.iv.3: -3 to stay untapped
EXCESS_STRIKE_PENALTY = 1   # coe 3.iv.2: each allocated excess strike


@dataclass(slots=True)
class Attack:
    """One attack as combat sees it: a creature's, or one of several of a creature with more attacks."""

    strikes: int
    prowess: int
    body: int | None = None              # most creatures have none ("-"): a failed strike defeats them outright
    attacker_chooses: bool = False       # "Attacker chooses defending characters" (coe 3.ii skipped)
    each_character_faces_strike: bool = False   # one strike per character in the company
    detainment: bool = False             # coe 3.II: a successful strike taps instead of wounding
    wound_body_modifier: int = 0         # added to body checks after a successful strike (Durin's Bane: +1)
    wounded_eliminated: bool = False     # "any character wounded is immediately eliminated" (no body check)
    races: tuple[str, ...] = ()          # the attack's races, singular ("Orc"): what a cancel may name
    cancellable: bool = True             # False: printed "cannot be canceled"
    company_check: bool = False          # not canceled, every character checks corruption first (Corpse-candle)


@dataclass(slots=True)
class Defender:
    """A character (or ally, coe 2.V.2.2) facing the attack; `ref` is whatever the caller uses to find it."""

    prowess: int
    body: int
    tapped: bool = False
    wounded: bool = False
    ref: object = None
    discard_on: frozenset[int] = frozenset()   # body check results that discard it though its body holds
    stay_penalty: int = STAY_UNTAPPED_PENALTY  # its prowess modification to stay untapped (The Balrog: 1)
    ally: bool = False                         # an ally: a failed body check discards it (not eliminated)
    guards: int = -1                           # an ally that must be assigned a strike before the defender of
    #                                            this index (its controller) may be (Noble Hound); -1: none


@dataclass(slots=True)
class StrikeOutcome:
    """What one strike did, and the dice that decided it (the trace shows them)."""

    defender: int                        # index into the defenders list
    result: str                          # STRIKE_FAILED / STRIKE_SUCCESSFUL / STRIKE_INEFFECTUAL
    defeated: bool                       # the strike is defeated (failed, and the creature's body check failed)
    wounded: bool = False                # the character was wounded by this strike
    eliminated: bool = False
    discarded: bool = False              # "Discard on a body check result of N": the check came to N
    roll: int = 0                        # the strike's 2D6
    prowess: int = 0                     # the character's modified prowess it was added to (coe 3.iv.6)
    body_roll: int | None = None         # the body check's 2D6: the creature's after a failed strike, the
    body_modifier: int = 0               # character's (+ this) after a wound; None: no body check
    stayed_untapped: bool = False        # took -3 to stay untapped (coe 3.iv.3) and did not tap
    support: int = 0                     # characters tapped to support him, +1 prowess each (coe 3.iv.4)


@dataclass(slots=True)
class AttackResult:
    strikes: list[StrikeOutcome] = field(default_factory=list)

    @property
    def defeated(self) -> bool:
        """coe 3.v: at least one strike assigned and every assigned strike defeated."""
        return bool(self.strikes) and all(s.defeated for s in self.strikes)

    @property
    def eliminated(self) -> list[int]:
        return [s.defender for s in self.strikes if s.eliminated]

    @property
    def discarded(self) -> list[int]:
        return [s.defender for s in self.strikes if s.discarded]

    @property
    def wounded(self) -> list[int]:
        return [s.defender for s in self.strikes if s.wounded]


def modified_prowess(prowess: int, *, tapped: bool, wounded: bool, excess: int = 0, support: int = 0,
                     stay_untapped: bool = False, stay_penalty: int = STAY_UNTAPPED_PENALTY) -> int:
    """coe 3.iv.2-3.iv.6: -1 if tapped and unwounded, -2 if wounded, -1 per excess strike, -3 to stay untapped
    (`stay_penalty`: what the character's card says instead, The Balrog's -1), +1 per supporting character."""
    value = prowess - excess * EXCESS_STRIKE_PENALTY + support
    if wounded:
        value -= WOUNDED_PENALTY
    elif tapped:
        value -= TAPPED_PENALTY
    if stay_untapped:
        value -= stay_penalty
    return value


def strike_result(roll: int, character_prowess: int, strike_prowess: int) -> str:
    """coe 3.iv.7: roll + modified prowess above the strike fails it, below succeeds, equal is ineffectual."""
    total = roll + character_prowess
    if total > strike_prowess:
        return STRIKE_FAILED
    if total < strike_prowess:
        return STRIKE_SUCCESSFUL
    return STRIKE_INEFFECTUAL


def body_check_fails(roll: int, body: int, *, already_wounded: bool = False, modifier: int = 0) -> bool:
    """coe 3.I.1: the opponent rolls, +1 if the entity was wounded before this strike; above body fails."""
    return roll + modifier + (1 if already_wounded else 0) > body


def p_body_check_loses(body: int, discard_on: frozenset[int] = frozenset(), *, already_wounded: bool = False,
                       modifier: int = 0) -> float:
    """The chance that a wounded character's body check (`body_check_fails`) eliminates it, or comes to a
    result its text discards it on ("Discard on a body check result of 9"); a pure function, memoized."""
    key = (body, discard_on, already_wounded, modifier)
    found = _BODY_CHECK_LOSES.get(key)
    if found is None:
        shift = modifier + (1 if already_wounded else 0)
        found = _BODY_CHECK_LOSES[key] = sum((6 - abs(r - 7)) / 36 for r in range(2, 13)
                                             if r + shift > body or r + shift in discard_on)
    return found


_BODY_CHECK_LOSES: dict[tuple, float] = {}


def assign_strikes(attack: Attack, defenders: list[Defender],
                   shielded: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """Which defender faces each strike, and the excess strikes allocated to it: [(index, excess), ...].

    coe 3.ii: the defending player first assigns strikes to untapped characters, one each (skipped when the
    attacker chooses); 3.iii: the attacker assigns the rest to characters without a strike; 3.iv.2: strikes
    beyond the number of characters are excess, -1 prowess each, allocated by the attacker.
    Heuristics: the defender takes strikes with its untapped, unwounded characters of highest prowess (then
    body), the `shielded` (indices: the defending player keeps them out, the one who is to play a card) last;
    the attacker picks the weakest characters (lowest modified prowess, then body) and allocates every excess
    strike to the weakest character it assigned.
    """
    if not defenders:
        return []
    strikes = len(defenders) if attack.each_character_faces_strike else attack.strikes
    chosen: list[int] = []
    if not attack.attacker_chooses:       # sorted on (key, index) tuples: the index breaks every tie
        ready = sorted([(i in shielded, -d.prowess, -d.body, i) for i, d in enumerate(defenders)
                        if (not d.tapped and not d.wounded) or d.guards >= 0])
        chosen = [i for *_, i in ready[:strikes]]
    assigned = chosen
    wanted = strikes - len(chosen)
    if wanted > 0:
        rest = sorted((weakness(d), i) for i, d in enumerate(defenders) if i not in chosen)
        assigned = chosen + [i for _, i in rest[:wanted]]
    for d in defenders:                   # a guard (Noble Hound) among them
        if d.guards >= 0:
            assigned = guards_first(assigned, defenders)
            break
    excess = strikes - len(assigned)
    if excess <= 0:
        return [(i, 0) for i in assigned]
    target = min((weakness(defenders[i]), i) for i in assigned)[1]
    return [(i, excess if i == target else 0) for i in assigned]


def guards_first(assigned: list[int], defenders: list[Defender]) -> list[int]:
    """Noble Hound's text: it "must be assigned a strike before any strike can be assigned to its controlling
    character" (and is treated as untapped for it: `assign_strikes` lets it take one tapped or wounded). A strike
    assigned to a guarded defender whose guard has none goes to the guard first; the controller keeps a strike
    only while strikes are left (the last assigned gives way)."""
    guard_of = {d.guards: i for i, d in enumerate(defenders) if d.guards >= 0}
    out: list[int] = []
    for index in assigned:
        guard = guard_of.get(index)
        if guard is not None and guard not in out:
            out.append(guard)
        if index not in out:
            out.append(index)
    return out[:len(assigned)]


def weakness(defender: Defender) -> tuple[int, int]:
    """How the attacker ranks defenders: lowest modified prowess, then body, first."""
    prowess = modified_prowess(defender.prowess, tapped=defender.tapped, wounded=defender.wounded)
    return prowess, defender.body


def resolve_attack(attack: Attack, defenders: list[Defender], roll: Callable[[], int],
                   stay_untapped: frozenset[int] = frozenset(), shielded: frozenset[int] = frozenset(),
                   bonus: Callable | None = None, support: Callable | None = None,
                   cancel: Callable | None = None) -> AttackResult:
    """Assign the strikes and resolve each strike sequence (coe 3.ii-3.v); `defenders` are updated in place
    (tapped, wounded). Eliminated defenders are marked in the result; removing them is the caller's job.
    The defenders of `stay_untapped` (indices) take -3 to stay untapped (coe 3.iv.3: the defending player's
    choice); the `shielded` are assigned strikes last (`assign_strikes`). `bonus(index, defender, excess,
    stay_untapped)`: the defending player's resource on that strike before it is resolved (coe 3.iv), a
    `StrikeBonus` or None (the caller asks its player and spends the card). `support(index, defender, excess,
    stay_untapped, able)`: the defenders (indices among `able`: untapped, not wounded, assigned no strike of this
    attack) who tap to give +1 prowess each to the one facing the strike (coe 3.iv.4); they are tapped here.
    `cancel(index, defender, excess)`: True if the defending player cancels the strike before it is resolved
    (Noble Steed taps for it: the caller's); a canceled strike is not defeated and hurts nobody.

    Strike order: the order of assignment (the defending player's choice, coe 3.iv). A character eliminated by
    one strike has no later strikes (one strike per character, coe 3.ii.1).
    """
    result = AttackResult()
    assignment = assign_strikes(attack, defenders, shielded)
    assigned = {index for index, _excess in assignment}
    for index, excess in assignment:
        if cancel is not None and cancel(index, defenders[index], excess):
            result.strikes.append(StrikeOutcome(index, STRIKE_CANCELED, False))
            continue
        stay = index in stay_untapped
        tapping = 0
        if support is not None:
            able = [i for i, d in enumerate(defenders) if i not in assigned and not d.tapped and not d.wounded]
            if able:
                helpers = support(index, defenders[index], excess, stay, able)
                for helper in helpers:
                    defenders[helper].tapped = True
                tapping = len(helpers)
        played = bonus(index, defenders[index], excess, stay) if bonus is not None else None
        outcome = resolve_strike(attack, defenders[index], index, excess, roll, support=tapping,
                                 stay_untapped=stay, bonus=played)
        outcome.support = tapping
        result.strikes.append(outcome)
    return result


def resolve_strike(attack: Attack, defender: Defender, index: int, excess: int, roll: Callable[[], int],
                   support: int = 0, stay_untapped: bool = False, bonus=None) -> StrikeOutcome:
    """One strike sequence (coe 3.iv.1-3.iv.7), and the body check that follows it. `bonus`: a `StrikeBonus`
    played on the strike (coe 3.iv): its prowess added, the best of its rolls used, its body modification to
    the body check; one that says the character does not tap keeps him untapped without the -3 (3.iv.3)."""
    was_wounded = defender.wounded
    body = defender.body
    strike_roll = 0
    if bonus is not None:
        if bonus.no_tap and stay_untapped:
            stay_untapped = False          # he need not take -3: the card keeps him untapped
        prowess = modified_prowess(defender.prowess, tapped=defender.tapped, wounded=was_wounded, excess=excess,
                                   support=support + bonus.prowess, stay_untapped=stay_untapped,
                                   stay_penalty=defender.stay_penalty)
        strike_roll = max(roll() for _ in range(bonus.rolls))
        body += bonus.body
        if bonus.no_tap:
            stay_untapped = True           # as if -3 was taken: a failed or ineffectual strike does not tap him
    else:
        prowess = modified_prowess(defender.prowess, tapped=defender.tapped, wounded=was_wounded, excess=excess,
                                   support=support, stay_untapped=stay_untapped, stay_penalty=defender.stay_penalty)
        strike_roll = roll()
    outcome = strike_result(strike_roll, prowess, attack.prowess)
    if outcome == STRIKE_FAILED:
        if not stay_untapped:
            defender.tapped = True
        # "if the strike doesn't have any body, it is automatically defeated without a body check"
        if attack.body is None:
            return StrikeOutcome(index, outcome, True, roll=strike_roll, prowess=prowess,
                                 stayed_untapped=stay_untapped)
        body_roll = roll()
        return StrikeOutcome(index, outcome, body_check_fails(body_roll, attack.body), roll=strike_roll,
                             prowess=prowess, body_roll=body_roll, stayed_untapped=stay_untapped)
    if outcome == STRIKE_INEFFECTUAL:
        if not stay_untapped:
            defender.tapped = True
        return StrikeOutcome(index, outcome, False, roll=strike_roll, prowess=prowess, stayed_untapped=stay_untapped)
    if attack.detainment:                  # coe 3.II.1: tapped instead of wounded, no body check
        defender.tapped = True
        return StrikeOutcome(index, outcome, False, roll=strike_roll, prowess=prowess)
    defender.wounded = True
    if attack.wounded_eliminated:          # "any character wounded is immediately eliminated": no body check
        return StrikeOutcome(index, outcome, False, wounded=True, eliminated=not defender.ally,
                             discarded=defender.ally, roll=strike_roll, prowess=prowess)
    body_roll = roll()
    modifier = attack.wound_body_modifier + (1 if was_wounded else 0)
    eliminated = body_check_fails(body_roll, body, already_wounded=was_wounded,
                                  modifier=attack.wound_body_modifier)
    # the character's own text: "Discard on a body check result of 9" (the modified roll, within its body)
    discarded = not eliminated and body_roll + modifier in defender.discard_on
    if defender.ally and eliminated:       # an ally failing its body check is discarded (coe 2.V.2.2)
        eliminated, discarded = False, True
    return StrikeOutcome(index, outcome, False, wounded=True, eliminated=eliminated, discarded=discarded,
                         roll=strike_roll, prowess=prowess, body_roll=body_roll, body_modifier=modifier)


def defender_of(g, character) -> Defender:
    """A character as combat sees it: its prowess and body with its best weapon and armour (one of each, to
    their maximums, coe 3.iv.6), tapped (or staying tapped this turn) and wounded as the game has it."""
    d = g.defence
    prowess, body = armed_stats(d, character)
    penalty = d.stay_penalty[character.kind]
    return Defender(prowess, body, character.tapped or character in g.stay_tapped, character in g.wounded,
                    character, d.body_discard[character.kind], STAY_UNTAPPED_PENALTY if penalty is None else penalty)


def ally_defender(g, ally) -> Defender:
    """An ally (`state.Ally`) as combat sees it (coe 2.V.2.2: like a character, with its own prowess and body,
    which no item changes: allies bear none); tapped or wounded as the game has it."""
    d = g.defence
    key = ally.key
    return Defender(d.prowess[ally.kind], d.body[ally.kind], key in g.tapped_allies or key in g.wounded_allies,
                    key in g.wounded_allies, ally, ally=True)


def armed_stats(d, character) -> tuple[int, int]:
    """(prowess, body) of the character with its holdings, computed once per kind and holdings (`d.armed`)."""
    if not character.holdings:                # nothing to arm him: his own
        return d.prowess[character.kind], d.body[character.kind]
    key = (character.kind, *character.holdings)
    found = d.armed.get(key)
    if found is None:
        found = d.armed[key] = _armed_stats(d, character.kind, character.holdings)
    return found


def _armed_stats(d, kind: int, holdings) -> tuple[int, int]:
    prowess, body = d.prowess[kind], d.body[kind]
    best_prowess, best_body = prowess, body
    for held in holdings:
        weapon = d.weapon[held]
        if weapon and (d.warrior[kind] or not d.weapon_warrior_only[held]):
            best_prowess = max(best_prowess, min(prowess + weapon[0], weapon[1]))
        armour = d.armour[held]
        if armour:
            best_body = max(best_body, min(body + armour[0], armour[1]))
    return best_prowess, best_body


def kill_points_scored(mp: int, mp_star: bool, defender_alignment: str, detainment: bool,
                       full: bool = False) -> int:
    """coe 3.v, 3.II.3, 3.v.W1/R1/F1/B1: the MP a defeated creature gives the defending player.

    Detainment attacks give none; a Wizard or Fallen-wizard player removes creatures with a star, a
    Ringwraith or Balrog player those without one. A Fallen-wizard's are worth 1 (coe 10.F1: non-Stage cards
    worth at least one are worth one), unless his avatar's ability says `full` ("Hazards your companies defeat
    (even with *) are worth full kill marshalling points", Alatar: a star too).
    """
    if detainment or mp <= 0:
        return 0
    if defender_alignment in ("ringwraith", "balrog"):
        return mp if mp_star else 0
    if defender_alignment == "fallen-wizard":
        return mp if full else 0 if mp_star else 1
    return 0 if mp_star else mp
