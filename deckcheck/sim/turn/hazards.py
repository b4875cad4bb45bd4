"""What the hazard player's cards do to the moving company (coe 2.IV.iii-viii, 3, 7): the hazard limit, the
opponent's draw, creatures resolved by `rules.combat`, corruption cards and checks by `rules.corruption`; the
untap-phase healing and corruption upkeep (coe 2.I.1, 7.3); and the `--hazards` model's effects. The hazard
player (`g.hazards`) chooses what is played and on whom; everything here is the rules applying it."""

from __future__ import annotations

from dataclasses import replace

from deckcheck.cards.names import fold
from deckcheck.sim.rules.combat import AttackResult, ally_defender, defender_of, kill_points_scored, resolve_attack
from deckcheck.sim.rules.company import company_size
from deckcheck.sim.rules.corruption import (
    DISCARDED,
    ELIMINATED,
    PASSED,
    TAPPED,
    company_modifier,
    corruption_check,
    makes_corruption_checks,
    removal_succeeds,
)
from deckcheck.sim.rules.council import AVATAR_PENALTY, KILL
from deckcheck.sim.rules.events import boosted, one_attack_boosted, region_attack, staying
from deckcheck.sim.rules.keying import hazard_limit, move_of, site_keying
from deckcheck.sim.rules.play import company_is_overt, elimination_items, elimination_transfers, passes_on_elimination
from deckcheck.sim.rules.resource_events import full_kill_points
from deckcheck.sim.rules.sites import attacks_faced, heals_at
from deckcheck.sim.state import Ally, discard_ally
from deckcheck.sim.streams import MOVE
from deckcheck.sim.turn.agents import meet_agent, move_agent, wait_agent
from deckcheck.sim.turn.events import (
    after_creatures,
    announce,
    before_creatures,
    owner_of,
    passive_return,
    put_in_play,
    revelry,
)


def model_hazards(g, company) -> None:
    """The `--hazards` model on a company that moved to a non-haven site: the site phase lost, a character
    eliminated, each unless the player cancels it."""
    hazards, rng = g.hazards, g.rng
    if hazards.site_phase_lost(rng) and not _cancel(g):
        company.lost = True
        if g.observer is not None:
            g.observer.event(g, "hazard", "the company loses its site phase (hazard model)")
    if hazards.character_eliminated(rng) and not _cancel(g):
        victims = [c for c in company.characters if not g.sim.avatar[c.kind]]
        if victims:
            victim = victims[hazards.victim(rng, len(victims))]
            if g.observer is not None:
                g.observer.event(g, "hazard", f"{g.sim.kinds[victim.kind].name} is eliminated (hazard model)")
            g.eliminate(company, victim)


def _cancel(g) -> bool:
    kind = g.player.cancel_card(g)
    if kind is None:
        return False
    g.spend(kind)
    if g.observer is not None:
        g.observer.event(g, "cancel", f"{g.sim.kinds[kind].name} cancels a hazard")
    return True


def move_seen(g, origin: int, dest: int):
    """What keying sees of a move, computed once per deck and move (`rules.keying.move_of`)."""
    key = (origin, dest)
    found = g.side.moves.get(key)
    if found is None:
        found = g.side.moves[key] = move_of(g.sim, origin, dest)
    return found


def hazard_phase(g, company, origin: int, dest: int, origin_state: int = 0) -> None:
    """coe 2.IV.iii-viii for one moving company: the hazard limit, the opponent's draw, the events in play
    that return it, its hazards."""
    sim = g.sim
    player = g.hazards
    move = move_seen(g, origin, dest)
    limit = hazard_limit(company_size(sim, company.characters))
    by_origin = sim.site_is_haven[dest] and not g.draw_by_destination
    site = sim.sites[origin if by_origin else dest]
    player.cards.draw(max(1, site.draw_opponent or 1))             # coe 2.IV.v: at least one
    if g.board.events and passive_return(g, company, origin, dest, move, origin_state):
        player.cards.reset_to_hand_size()
        return
    if g.board.events:
        region_attacks(g, company, move)
    played = 0
    events = player.has_events()
    automatic = [a.race for a in sim.site_attacks[dest]] if not sim.site_is_haven[dest] else []
    if events or g.board.events:
        limit, played, move = before_creatures(g, company, move, limit, played, [(r,) for r in automatic if r])
    if events and company.characters and played < limit:
        played = ahunt(g, company, move, limit, played)
    guard = len(automatic) and site_move(g, dest)
    if company.characters and played < limit:
        played = meet_agent(g, company, dest, limit, played)
    played = play_hazards(g, company, move, limit, played, guard)
    if events and company.characters and played < limit:
        played = bold_spies(g, company, dest, limit, played)
    if events:
        played = after_creatures(g, company, move, limit, played, origin, dest, origin_state, moving=True)
    if played < limit and g.agents:
        played = move_agent(g, company, dest, limit, played)
    if played < limit:
        played = wait_agent(g, company, limit, played)
    if company.characters:
        triggered_checks(g, company, "wilderness", move.path.count("w"))
        triggered_checks(g, company, "region", len(move.path))
    player.cards.reset_to_hand_size()


def region_attacks(g, company, move) -> None:
    """coe 2.IV.vi, 9.6: each Dragon "Ahunt" in play (either player's) attacks a company moving in its regions
    (more under Doors of Night): a hazard creature attack, counting against no hazard limit."""
    for entry in [e for e in g.board.events if e[1].effect == "region_attack"]:
        if not company.characters:
            return
        attack = region_attack(entry[1], move, g.board.doors)
        if attack is not None:
            dragon_attacks(g, company, entry, attack)


def ahunt(g, company, move, limit: int, played: int) -> int:
    """A Dragon "Ahunt" the hazard player plays on a company moving in its regions: it goes into play and, its
    condition holding already, attacks the company at once (coe 9.6)."""
    kind = g.hazards.ahunt(g.board, move)
    if kind is None:
        return played
    announce(g, company, kind, limit)
    put_in_play(g, kind)
    entry = g.board.events[-1]
    dragon_attacks(g, company, entry, region_attack(entry[1], move, g.board.doors))
    return played + 1


def board_card(g, entry):
    """The card of an event in play, whichever player's."""
    return (g.sim if entry[3] == id(g) else g.opponent.sim).kinds[entry[0]]


def dragon_attacks(g, company, entry, attack, automatic: bool = False) -> None:
    """One attack of a Dragon manifestation in play (an "Ahunt"'s, or an "at Home"'s added automatic-attack at
    its lair). Defeated, every manifestation of that Dragon in play is removed from the game and its kill MP go
    to the defender, unless he played it himself (then no one gets them: the Dragons rules insert)."""
    kind, spec, _discard, owner, _card_id = entry
    ours = owner == id(g)
    card = board_card(g, entry)
    race = spec.facts.get("race") or spec.facts.get("lair_attack", {}).get("race", "")
    result = face_attack(g, company, attack, card.name, None if ours else kind, None, races=(race,),
                         automatic=automatic)
    if result is None or not result.defeated:
        return
    dragon = card.manifestation_of
    for other in [e for e in g.board.events if e is entry or dragon and board_card(g, e).manifestation_of == dragon]:
        g.board.remove_from_game(other)
    if g.observer is not None:
        g.observer.event(g, "hazard", f"{card.name} is defeated and removed from the game")
    if ours:
        return
    points = kill_points_scored(card.mp or 0, card.mp_star, g.sim.alignment, False,
                                full_kill_points(g.sim, g.avatar_kind))
    g.mp += points
    g.category[KILL] += points
    g.stats.kill_mp += points


def site_move(g, site: int):
    """What keying sees of the site itself (its type, name and region, no site path), once per deck and site: a
    company staying there, or an on-guard creature keyed to it (coe 2.V.i)."""
    move = g.side.staying.get(site)
    if move is None:
        card = g.sim.sites[site]
        move = g.side.staying[site] = staying(card.site_type or "", fold(card.name), fold(card.region or ""),
                                              **site_keying(card.id))
    return move


def place_on_guard(g, company, kind: int, limit: int, detainment: bool = False) -> None:
    """coe 2.IV.vii.4: the hazard player places the card face down on the company's new site; it counts against
    the hazard limit and is no longer in its hand."""
    g.hazards.set_aside(kind)
    g.on_guard[id(company)] = (company, kind, detainment)
    if g.observer is not None:
        g.observer.on_guard(g, company, kind, limit)


def bold_spies(g, company, dest: int, limit: int, played: int) -> int:
    """Tidings of Bold Spies on a company moving to a site with automatic-attacks: it faces attacks that
    duplicate them exactly, modifications included (the boosts in play for automatic-attacks), now; they are
    not automatic-attacks (and give no kill MP: no creature card)."""
    sim = g.sim
    balrog = g.balrog and (g.avatar_revealed or g.avatar_lost)
    attacks = attacks_faced(sim.site_attacks[dest], overt=company_is_overt(g, company), balrog_in_play=balrog)
    kind = g.hazards.tidings(len(attacks)) if attacks else None
    if kind is None:
        return played
    announce(g, company, kind, limit)
    g.hazards.discard(kind)
    name = f"{g.opponent.sim.kinds[kind].name} ({sim.sites[dest].name})"
    for attack, wounded_check in attacks:
        if face_attack(g, company, attack, name, kind, wounded_check, automatic=True) is None:
            break
    return played + 1


def staying_hazard_phase(g, company) -> None:
    """coe 2.IV: a company that does not move has a movement/hazard phase too: no site path, no cards drawn;
    creatures keyed to its site, corruption cards, Heedless Revelry."""
    sim = g.sim
    player = g.hazards
    g.rng.at(g.turn, MOVE, company.site, company.site)   # this phase's dice (a move never ends where it began)
    move = site_move(g, company.site)
    limit = hazard_limit(company_size(sim, company.characters))
    played = revelry(g, company, limit, 0) if player.has_events() else 0
    automatic = [] if sim.site_is_haven[company.site] else sim.site_attacks[company.site]
    if company.characters and played < limit:
        played = meet_agent(g, company, company.site, limit, played)
    played = play_hazards(g, company, move, limit, played, move if automatic else None)
    if played < limit and g.agents:
        played = move_agent(g, company, company.site, limit, played)
    if played < limit:
        wait_agent(g, company, limit, played)
    player.cards.reset_to_hand_size()


def play_hazards(g, company, move, limit: int, played: int, guard=None) -> int:
    """The creatures (most threatening first), then the corruption cards, within the hazard limit. `guard`:
    what keying sees of the new site when it has automatic-attacks: the player may place one of the creatures
    on-guard there instead (coe 2.IV.vii.4, 2.V.i)."""
    sim = g.sim
    player = g.hazards
    if played < limit and id(company) not in g.hidden and not attacks_canceled_at_site(g, company):
        # Stealth, Hiding...: no creature on it this turn; none where its site cancels every attack
        chosen = player.choose_creatures(move, limit - played, sim.alignment, g.board.doors)
        if guard and chosen and id(company) not in g.on_guard:
            held = player.on_guard_creature(chosen, guard, sim.alignment, g.board.doors, 1)
            if held is not None:
                place_on_guard(g, company, held[0], limit, held[1])
                played += 1
                chosen.remove(next(c for c in chosen if c[0] == held[0]))
        reserved = player.reserved_to_play(g.board, owner_of(g), move, sim.alignment, chosen, limit - played) \
            if g.board.reserved else None
        if reserved is not None:
            played = reserved_attacks(g, company, reserved, chosen, limit, played)
        for kind, _key, detainment in chosen:
            if not company.characters:
                break
            player.spend(kind)
            played += 1
            g.stats.hazards_played[kind] += 1
            if g.observer is not None:
                g.observer.hazard(g, company, kind, limit)
            if not creature_attacks(g, company, kind, detainment):
                player.discard(kind)           # a defeated creature stays in our marshalling point pile
        if played < limit and "attack_from_discard" in player.tables.effects and company.characters:
            played = from_discard(g, company, move, limit, played)
    if guard and played < limit and company.characters and id(company) not in g.on_guard and player.has_events():
        event = player.on_guard_event()
        if event is not None:
            place_on_guard(g, company, event, limit)
            played += 1
    for kind in player.corruption_cards() if played < limit and company.characters else ():
        if played >= limit or not company.characters:
            break
        target = player.corruption_target(g, company, kind, lambda c: corruption_points(g, c))
        if target is None:
            continue
        player.spend(kind)
        played += 1
        g.stats.hazards_played[kind] += 1
        g.corrupted_this_turn.add(target)
        spec = player.tables.corruption[kind]
        if spec.check_now is None:
            g.corruption_on.setdefault(target, []).append(kind)
        if g.observer is not None:
            g.observer.hazard(g, company, kind, limit, target)
        if spec.check_now is not None:          # a short-event: one check now, then to the discard pile
            player.discard(kind)
            check_corruption(g, company, target, spec.check_now, kind)
    return played


def from_discard(g, company, move, limit: int, played: int) -> int:
    """Exhalation of Decay (one against the limit): the creature it names leaves the hazard player's discard pile
    and attacks the company at once with the card's prowess change, counting against no limit; then it goes back
    to the discard pile, or to our marshalling point pile if defeated."""
    player = g.hazards
    chosen = player.from_discard(g.board, move, g.sim.alignment)
    if chosen is None:
        return played
    card, kind, detainment = chosen
    announce(g, company, card, limit)
    player.discard(card)
    player.cards.discard.remove(kind)
    g.stats.hazards_played[kind] += 1
    if g.observer is not None:
        g.observer.event(g, "hazard", f"{g.opponent.sim.kinds[card].name}: {g.opponent.sim.kinds[kind].name} "
                                      "attacks from the discard pile (not counting against the hazard limit)")
    prowess = player.tables.event[card].facts.get("prowess", 0)
    if not creature_attacks(g, company, kind, detainment, prowess=prowess):
        player.discard(kind)
    return played + 1


def reserved_attacks(g, company, reserved, chosen: list, limit: int, played: int) -> int:
    """A creature reserved with Summons from Long Sleep played on the company as though from hand (counting
    against the limit), its attacks with the card's prowess added; the card is discarded after it attacks. It
    takes the place of the creature of the hand it displaces (`chosen` changed)."""
    entry, kind, _key, detainment, displaced = reserved
    if displaced is not None:
        chosen.remove(displaced)
    board, player = g.board, g.hazards
    del board.reserved[id(entry)]
    player.revealed(kind)
    g.stats.hazards_played[kind] += 1
    if g.observer is not None:
        g.observer.hazard(g, company, kind, limit)
    if not creature_attacks(g, company, kind, detainment, prowess=entry[1].facts.get("prowess", 0)):
        player.discard(kind)
    if entry in board.events:
        board.remove(entry)
    return played + 1


def creature_attacks(g, company, kind: int, detainment: bool, prowess: int = 0) -> bool:
    """Every attack of the creature against the company (`prowess` added to each: a reserved creature); True if
    all were defeated (it scores as a kill)."""
    spec = g.opponent.hazards.creature[kind]
    defeated = True
    name = g.opponent.sim.kinds[kind].name
    tap_cancel = spec.tap_cancels_one
    for _ in range(spec.attacks):
        attack = spec.attack(detainment)
        if prowess:
            attack = replace(attack, prowess=attack.prowess + prowess)
        if tap_cancel and company.characters:
            actor = g.player.tap_to_cancel(g, company, attack)
            if actor is not None:            # "tap any one character in the company to cancel one of these attacks"
                tap_cancel = False
                actor.tapped = True
                defeated = False             # a canceled attack is not defeated: no kill MP
                if g.observer is not None:
                    g.observer.event(g, "cancel", f"{g.sim.kinds[actor.kind].name} taps to cancel an attack of "
                                                  f"{name}")
                continue
        result = face_attack(g, company, attack, name, kind, spec.wounded_corruption_check, races=spec.races)
        if result is None:
            return False
        defeated = defeated and result.defeated
    if not defeated:
        return False
    points = kill_points_scored(spec.mp, spec.mp_star, g.sim.alignment, detainment,
                                full_kill_points(g.sim, g.avatar_kind))
    g.mp += points
    g.category[KILL] += points
    g.stats.kill_mp += points
    return points > 0


def attacks_canceled_at_site(g, company) -> bool:
    """The company is at its site whose card cancels all attacks against it ("If one of your companies is at
    this site, all attacks against it are canceled": the Balrog's Moria and Under-gates, the Fallen-wizards'
    havens). A company moving there is at no site during its movement/hazard phase (coe 2.IV.5): not then."""
    return g.sim.site_safe[company.site] and g.in_transit is not company


def boosted_as_faced(g, company, attack, races: tuple[str, ...] = (), automatic: bool = False):
    """The attack with the boosts in play (either player's) applied, as combat faces it, and the boosts used
    (`rules.events.boosted`): what the defending player's choices (who takes -3 to stay untapped) reckon with."""
    board = g.board
    if not board.boosts:
        return attack, ()
    return boosted(attack, races or attack.races, automatic, g.sim.sites[company.site].site_type or "",
                   board.boosts, board.doors)


def face_attack(g, company, attack, name: str, cause: int | None, wounded_check: int | None,
                stay_untapped: frozenset[int] = frozenset(), shielded: frozenset[int] = frozenset(),
                races: tuple[str, ...] = (), automatic: bool = False, malice=None):
    """One attack on the company (a creature's, or a site's automatic-attack: `cause` None), resolved by
    `rules.combat`, and what follows it: the boosts in play applied (`rules.events`; one "discarded when such
    an attack is defeated" goes then), a wounded character is tapped and stays wounded until it heals, an
    eliminated one leaves play (one discarded on its body check result goes to the discard pile), a wounded
    one makes the corruption check the attack names. An attack with `company_check`, not canceled: every
    character of the company makes a corruption check before defending characters are selected (Corpse-candle).
    The result, None if the company had nobody left to face it."""
    characters = list(company.characters)
    if not characters:
        return None
    if attacks_canceled_at_site(g, company):
        return AttackResult()              # no strike assigned: not defeated, nobody hurt
    board = g.board
    used = ()
    if board.boosts:
        attack, used = boosted_as_faced(g, company, attack, races, automatic)
    plain = attack
    if malice is not None:                 # Unabated in Malice on this attack
        attack = one_attack_boosted(malice, attack)
    if g.sim.attack_cancel_kinds and cancelled(g, company, attack, name, creature=one_attack_creature(g, cause,
                                                                                                  automatic)):
        if malice is None:
            return AttackResult()          # no strike assigned: not defeated, nobody hurt
        attack = plain                     # the first cancel cancels the card's effects instead
    if attack.company_check:
        for character in characters:
            if character in company.characters:
                check_corruption(g, company, character, 0, cause)
        if len(company.characters) < len(characters):          # the indices chosen before name those left
            left = {id(c): i for i, c in enumerate(company.characters)}
            stay_untapped, shielded = (frozenset(left[id(characters[i])] for i in chosen
                                                 if id(characters[i]) in left) for chosen in (stay_untapped, shielded))
            characters = list(company.characters)
        if not characters:
            return None
    defenders = [defender_of(g, c) for c in characters]
    allies = allies_of(g, characters)
    if allies:                             # coe 2.V.2.2: allies face strikes like characters, after them in the list
        defenders += [ally_defender(g, ally) for ally in allies]
        if not g.sim.guards_controller_kinds.isdisjoint(a.kind for a in allies):
            guard_controllers(g, characters, allies, defenders)
    kinds = g.defence.strike_bonus_kinds
    bonus = _strike_bonuses(g, attack, characters, shielded) if kinds and not kinds.isdisjoint(g.hand) else None
    support = _supporters(g, company, attack, characters, shielded) if len(characters) > 1 else None
    steeds = _strike_cancels(g, attack, characters) if not automatic and g.sim.cancels_strike_kinds else None
    result = resolve_attack(attack, defenders, g.roll, stay_untapped, shielded, bonus, support, steeds)
    if used and result.defeated:
        for entry in [e for e in board.events if e[1] in used and e[1].facts.get("discard_when_defeated")]:
            board.remove(entry)
    if g.observer is not None:
        g.observer.attack(g, name, attack, defenders, result)
    wounded_then = set(g.wounded)            # as each strike is resolved, in order: who is wounded (3.I.2)
    count = len(characters)
    for one in defenders[:count]:
        character = one.ref
        character.tapped = one.tapped or one.wounded      # a wounded character is not untapped (coe 2.I.1)
        if one.wounded:
            g.wounded.add(character)
            if character.holdings:
                allies_leave_wounded(g, character)
    if allies:
        _allies_after(g, defenders[count:], result.strikes, count)
    for strike in result.strikes:
        if strike.defender >= count:         # an ally's: done above
            continue
        if strike.wounded:
            wounded_then.add(characters[strike.defender])
        if strike.eliminated:                # a failed body check passes items on (3.I.2); "wounded: eliminated" not
            lose(g, company, characters[strike.defender], cause,
                 wounded_then=set(wounded_then) if strike.body_roll is not None else None)
    for index in result.discarded:           # "Discard on a body check result of N": to the discard pile
        if index < count:
            lose(g, company, characters[index], cause, out_of_game=False)
    wounded = [characters[i] for i in result.wounded if i < count and characters[i] in company.characters]
    if wounded_check is not None:
        for character in wounded:
            if character in company.characters:
                check_corruption(g, company, character, wounded_check, cause)
    if wounded:
        triggered_checks(g, company, "wounded", len(wounded))
    return result


def guard_controllers(g, characters, allies, defenders) -> None:
    """An ally that must be assigned a strike before its controller (Noble Hound) guards his index."""
    guards = g.sim.guards_controller
    count = len(characters)
    for offset, ally in enumerate(allies):
        if guards[ally.kind] and ally.controller in characters:
            defenders[count + offset].guards = characters.index(ally.controller)


def allies_leave_wounded(g, character) -> None:
    """The character is wounded: his allies whose text says "Discard this ally if its controlling character is
    wounded" (Great Bats, Regiment of Black Crows) are discarded, their MP gone."""
    leaves = g.sim.leaves_if_wounded
    for kind in [k for k in character.holdings if leaves[k]]:
        discard_ally(g, Ally(kind, character))


def allies_of(g, characters) -> list[Ally]:
    """The allies the characters control (in their `holdings`), each facing the attack with them (2.V.2.2);
    not the few whose prowess or body `card_db` does not give (Goldberry, Great Bats, Noble Steed...)."""
    defends = g.defence.ally_defends
    return [Ally(kind, c) for c in characters for kind in c.holdings if defends[kind]]


def _allies_after(g, defenders, strikes, first: int) -> None:
    """What an attack left of the allies that faced it (`defenders`, indices from `first`): tapped, wounded
    until healed at a haven (coe 2.I.1), or discarded by a failed body check (2.V.2.2)."""
    for one in defenders:
        key = one.ref.key
        if one.tapped or one.wounded:
            g.tapped_allies.add(key)
        if one.wounded:
            g.wounded_allies.add(key)
    for strike in strikes:
        if strike.defender >= first and strike.discarded:
            ally = defenders[strike.defender - first].ref
            if g.observer is not None:
                g.observer.event(g, "lost", f"{g.sim.kinds[ally.kind].name} (ally) discarded")
            discard_ally(g, ally)


def _supporters(g, company, attack, characters, shielded):
    """What combat asks before each strike (coe 3.iv.4): who of the company taps to support the character facing
    it, the player's choice (indices); told to the observer."""
    def ask(index, one, excess, stay, able):
        able = [i for i in able if i < len(characters)]   # allies do not tap to support (not modelled)
        if index >= len(characters) or not able:
            return []
        chosen = g.player.strike_support(g, company, characters, attack, index, one, excess, stay, able, shielded)
        if chosen and g.observer is not None:
            names = ", ".join(g.sim.kinds[characters[i].kind].name for i in chosen)
            g.observer.event(g, "support", f"{names} tap to support {g.sim.kinds[characters[index].kind].name} "
                                           f"against a strike (+{len(chosen)})")
        return chosen
    return ask


def _strike_cancels(g, attack, characters):
    """What combat asks before each strike not from an automatic-attack: an untapped ally of the character facing
    it that taps to cancel it (Noble Steed), the player's choice (`players.attacks.taps_to_cancel_strike`)."""
    cancels = g.sim.cancels_strike

    def ask(index, one, excess):
        if index >= len(characters):        # the Steed's own strikes: it faces none (no prowess in card_db)
            return False
        character = characters[index]
        steed = next((k for k in character.holdings if cancels[k] and (character, k) not in g.tapped_allies), None)
        if steed is None or not g.player.taps_to_cancel_strike(g, attack, one, excess):
            return False
        g.tapped_allies.add((character, steed))
        if g.observer is not None:
            g.observer.event(g, "cancel", f"{g.sim.kinds[steed].name} taps to cancel a strike against "
                                          f"{g.sim.kinds[character.kind].name}")
        return True
    return ask


def _strike_bonuses(g, attack, characters, shielded):
    """What combat asks before each strike (coe 3.iv): the player's strike-bonus card on the character facing
    it, spent from hand; its facts, or None."""
    def ask(index, one, excess, stay):
        if index >= len(characters):        # an ally's strike: no strike bonus played on it (not modelled)
            return None
        character = characters[index]
        kind = g.player.strike_bonus(g, character, attack, one, excess, stay, stay or index in shielded)
        if kind is None:
            return None
        g.spend(kind)
        if g.observer is not None:
            g.observer.event(g, "play", f"{g.sim.kinds[character.kind].name} plays {g.sim.kinds[kind].name} "
                                        "against a strike")
        return g.defence.strike_bonus[kind]
    return ask


def one_attack_creature(g, cause: int | None, automatic: bool) -> bool:
    """The attack is a hazard creature's, played by the opponent (not an automatic-attack, not a hazard event's
    attack such as an Ahunt), and its only one."""
    if cause is None or automatic or g.opponent is None:
        return False
    spec = g.opponent.hazards.creature[cause]
    return spec is not None and spec.attacks == 1


def cancelled(g, company, attack, name: str, creature: bool = False) -> bool:
    """coe 3.i: before strikes are assigned, the player may cancel the attack with a card in hand (the card's
    character taps for it, or is wounded by it, if it says so). `creature`: a hazard creature's only attack; a
    card that makes it an ally (Ready to His Will) stays in play with the character who tapped, worth its MP
    (it stands for the creature, which the model does not field as a combatant)."""
    chosen = g.player.attack_cancel(g, company, attack, lambda c: corruption_points(g, c), creature)
    if chosen is None:
        return False
    kind, actor = chosen
    cancel = g.sim.attack_cancel[kind]
    if cancel.becomes_ally:
        g.play_from_hand(kind)
        actor.holdings.append(kind)
        g.gain(kind)
    else:
        g.spend(kind)
    if cancel.taps or cancel.wounds:
        actor.tapped = True
    if cancel.wounds:
        g.wounded.add(actor)
        if actor.holdings:
            allies_leave_wounded(g, actor)
    if g.observer is not None:
        g.observer.event(g, "cancel", f"{g.sim.kinds[kind].name} ({g.sim.kinds[actor.kind].name}) cancels "
                                      f"{name or 'the attack'}")
    return True


def corruption_points(g, character) -> int:
    d = g.defence
    points = sum(d.corruption_points[h] for h in character.holdings)
    if g.board.item_corruption:               # Scorba / Itangast at Home: an item class gives more
        extra, kinds = g.board.item_corruption, g.sim.kinds
        points += sum(extra.get(t, 0) for h in character.holdings for t in kinds[h].subtypes)
    cards = g.corruption_on.get(character)
    if cards:
        hazards = g.opponent.hazards
        points += sum(hazards.corruption[k].corruption for k in cards)
    return points


def check_corruption(g, company, character, modifier: int, cause: int | None, support: int | None = None,
                     when: str = "turn") -> bool:
    """coe 7.1; True if the character is still in play afterwards. `support`: the characters tapped for +1
    each (7.1.1); None: the player chooses them now (`corruption_support`) and they stay tapped this turn.
    `when`: "turn" (before the site phase: tapping costs), "end" (the end of the turn: it costs nothing),
    "upkeep" (the untap phase: whoever is about to untap may tap)."""
    return corruption_outcome(g, company, character, modifier, cause, support, when) not in (DISCARDED, ELIMINATED)


def corruption_outcome(g, company, character, modifier: int, cause: int | None, support: int | None = None,
                       when: str = "turn") -> str:
    """`check_corruption`'s check, its outcome (coe 7.1: PASSED, TAPPED, DISCARDED, ELIMINATED): a check that
    something waits on (a transfer, 2.II.5) succeeds only if PASSED. A character who makes no checks (7.4)
    passes."""
    d = g.defence
    kind = character.kind
    if not makes_corruption_checks(d.races[kind], ally=d.ally[kind]):
        return PASSED
    cards_bonus = card_check_bonus(g, company, character)
    bonus = company_modifier([d.races[c.kind] for c in company.characters]) + cards_bonus
    points = corruption_points(g, character)
    if support is None:
        helpers = g.player.corruption_support(g, company, character, points, modifier + cards_bonus, when)
        tap_to_support(g, character, helpers)
        support = len(helpers)
    total = modifier + d.check_modifier[kind] + bonus
    if d.corruption_bonus_kinds and not d.corruption_bonus_kinds.isdisjoint(g.hand):
        total += _corruption_bonus(g, company, character, points, total + support)
    roll = g.roll()
    outcome = corruption_check(roll, points, total, minion=d.minion[kind], wizard_avatar=d.wizard_avatar[kind],
                               support=support)
    if g.observer is not None:
        g.observer.corruption_check(g, character, roll, outcome)
    if outcome == TAPPED:
        character.tapped = True
    elif outcome in (DISCARDED, ELIMINATED):
        lose(g, company, character, cause, out_of_game=outcome == ELIMINATED)
    return outcome


def card_check_bonus(g, company, character) -> int:
    """What the corruption cards on the character add to each of his checks (Alone and Unadvised: the number of
    characters in his company)."""
    cards = g.corruption_on.get(character)
    if not cards:
        return 0
    hazards = g.opponent.hazards
    return len(company.characters) * sum(hazards.corruption[k].checks_plus_company for k in cards)


def tap_to_support(g, character, helpers) -> None:
    """coe 7.1.1: the other characters the player chose tap for +1 each to the character's check; they stay
    tapped for the rest of the turn (an untap-phase check too)."""
    for helper in helpers:
        helper.tapped = True
        g.stay_tapped.add(helper)
    if helpers and g.observer is not None:
        g.observer.event(g, "support", f"{', '.join(g.sim.kinds[h.kind].name for h in helpers)} tap to support "
                                       f"{g.sim.kinds[character.kind].name}'s corruption check (+{len(helpers)})")


def _corruption_bonus(g, company, character, points: int, modifier: int) -> int:
    """Before the roll (coe 7.1; at the Free Council too, 10.3.i): the player's card adding to this check (A
    Friend or Three...), spent from hand; what it adds, 0 for none."""
    chosen = g.player.corruption_bonus(g, company, character, points, modifier)
    if chosen is None:
        return 0
    kind, value = chosen
    g.spend(kind)
    if g.observer is not None:
        g.observer.event(g, "play", f"{g.sim.kinds[kind].name}: +{value} to the corruption check of "
                                    f"{g.sim.kinds[character.kind].name}")
    return value


def triggered_checks(g, company, trigger: str, times: int) -> None:
    """Corruption cards that force checks on an event (a Wilderness crossed, an item gained, a wound)."""
    if times <= 0 or not g.corruption_on:
        return
    hazards = g.opponent.hazards
    for character in list(company.characters):
        for kind in list(g.corruption_on.get(character, ())):
            if hazards.corruption[kind].check != trigger:
                continue
            for _ in range(times):
                if not check_corruption(g, company, character, 0, kind):
                    break
            if character not in company.characters:
                break


def item_gained(g, company) -> None:
    """A character of the company has gained an item, a ring special item from a ring test included, or one
    transferred to him (coe 2.II.5): the corruption cards that check "each time a character in his company gains
    an item" (Lure of Expedience) check now, once. An ally, a faction or an event gained is no item (coe 2.V.2.2:
    allies are not characters' items)."""
    if g.corruption_on:
        triggered_checks(g, company, "item", 1)


def lose(g, company, character, cause: int | None, out_of_game: bool = True, wounded_then: set | None = None) -> None:
    """The character leaves play, eliminated or (not `out_of_game`) discarded by corruption: both cost its MP
    and items; a discarded one may come back from the discard pile, unique or not. Eliminated by a failed body
    check (`wounded_then`: who was wounded as it was made), his items may first go to the unwounded characters
    of his company (coe 3.I.2: `pass_on_items`)."""
    if character not in company.characters:
        return
    items = elimination_items(g.sim, character.holdings) if wounded_then is not None and out_of_game else []
    for item in items:                   # set aside: they pass once his followers have settled (`pass_on_items`)
        character.holdings.remove(item)
    before = sum(len(c.characters) for c in g.companies)
    if g.sim.avatar[character.kind] and out_of_game:     # coe 10.3.vi: an eliminated avatar
        g.avatar_lost = True
        if g.opponent is not None:     # the goldfish holds no Free Council: its curve is the raw total (10.2)
            g.mp -= AVATAR_PENALTY
    if g.observer is not None:
        g.observer.event(g, "lost", f"{g.sim.kinds[character.kind].name} "
                                    f"{'eliminated' if out_of_game else 'discarded'}")
    g.eliminate(company, character, out_of_game)
    passed = pass_on_items(g, company, character, items, wounded_then) if items else 0
    after = sum(len(c.characters) for c in g.companies)
    gone = before - after
    g.lost += gone
    if cause is not None:
        g.stats.hazards_eliminated[cause] += gone
    present = {c for comp in g.companies for c in comp.characters}
    for gone_character in [c for c in g.corruption_on if c not in present]:
        for kind in g.corruption_on.pop(gone_character):
            g.hazards.discard(kind)
    for gone_character in [c for c in g.influence_penalty if c not in present]:
        for kind in g.influence_penalty.pop(gone_character):
            g.hazards.discard(kind)
    g.wounded &= present
    for _ in range(passed):
        if company in g.companies:
            item_gained(g, company)


def pass_on_items(g, company, character, items: list[int], wounded: set) -> int:
    """coe 3.I.2: a character eliminated by a failed body check, his `items` set aside; for each character of his
    company unwounded then (not in `wounded`: a later strike of the attack may wound him after) and still in it
    (not a follower of his that general influence could not keep), one of them may go to that character at once
    (`rules.play.passes_on_elimination`), the player choosing which to whom (`transfers_on_elimination`), no
    corruption check; the rest are discarded. A transfer is an item gained (Lure of Expedience, once his company
    has settled). The number transferred."""
    sim = g.sim
    companions = company.characters if company in g.companies else []
    items, heirs = passes_on_elimination(sim, items, companions, wounded)
    transfers = []
    if items and heirs:
        plan = g.player.transfers_on_elimination(g, company, items, heirs, lambda c: corruption_points(g, c))
        transfers = elimination_transfers(sim, items, heirs, plan)
    left = list(items)
    for item, heir in transfers:
        left.remove(item)
        heir.holdings.append(item)
        if g.observer is not None:
            g.observer.event(g, "lost", f"{sim.kinds[item].name} transferred to {sim.kinds[heir.kind].name} as "
                                        f"{sim.kinds[character.kind].name} is eliminated (coe 3.I.2)")
    for item in left:
        g.lose_card(item)
        g.discard.append(item)
    return len(transfers)


def heal(g) -> None:
    """coe 2.I.1: a wounded character at one of our havens heals to tapped instead of untapping; a wounded
    character elsewhere stays wounded. Both stay tapped this turn (`stay_tapped`)."""
    sim = g.sim
    healed = set()
    if g.wounded:
        for company in g.companies:
            if heals_at(sim, company.site, g.made_havens):
                for character in company.characters:
                    if character in g.wounded:
                        g.wounded.discard(character)
                        healed.add(character)
                        if g.observer is not None:
                            g.observer.event(g, "heal", f"{sim.kinds[character.kind].name} heals at "
                                                        f"{sim.sites[company.site].name}")
    g.stay_tapped = healed | g.wounded
    _heal_allies(g)


def _heal_allies(g) -> None:
    """coe 2.V.2.2, 2.I.1: allies heal like characters (a wounded ally at a haven heals to tapped, elsewhere it
    stays wounded); every other ally untaps. Allies no longer in play are forgotten."""
    held = {(c, kind) for company in g.companies for c in company.characters for kind in c.holdings}
    healed = set()
    for company in g.companies:
        if g.wounded_allies and heals_at(g.sim, company.site, g.made_havens):
            for key in [k for k in g.wounded_allies if k[0] in company.characters]:
                g.wounded_allies.discard(key)
                healed.add(key)
    g.wounded_allies &= held
    g.tapped_allies = (healed | g.wounded_allies) & held


def company_size_discards(g, companies=None) -> None:
    """A corruption card that goes once its bearer's company has grown to a size it names (Alone and Unadvised:
    "Discard this card if his company has 4 or more characters"): a passive condition that discards a card,
    resolved at once (coe 9.6, 9.6.3), so checked wherever a company grows: a character entering play into it
    (`turn.organization.enter_character`), companies joining (`join_at_havens`). `companies`: those to look at
    (every company by default)."""
    if not g.corruption_on:
        return
    hazards = g.opponent.hazards
    for company in g.companies if companies is None else companies:
        size = len(company.characters)
        for character in company.characters:
            for kind in list(g.corruption_on.get(character, ())):
                at = hazards.corruption[kind].discard_company_from
                if at is not None and size >= at:
                    g.corruption_on[character].remove(kind)
                    g.hazards.discard(kind)
                    if g.observer is not None:
                        g.observer.event(g, "hazard", f"{g.opponent.sim.kinds[kind].name} discarded: "
                                                      f"{size} characters in the company")


def corruption_upkeep(g) -> None:
    """The corruption cards' untap-phase checks and one removal attempt per card (coe 7.3): at a haven the
    character taps for it (and stays tapped this turn); elsewhere it tries at -3 without tapping, so that it can
    still play a resource at its next site."""
    sim = g.sim
    g.corrupted_this_turn = set()
    hazards = g.opponent.hazards
    for company in list(g.companies):
        at_haven = sim.site_is_haven[company.site]
        for character in list(company.characters):
            for kind in list(g.corruption_on.get(character, ())):
                spec = hazards.corruption[kind]
                if (spec.check == "untap-at-haven" and at_haven) or (
                        spec.check == "untap-not-at-haven" and not at_haven):
                    if not check_corruption(g, company, character, 0, kind, when="upkeep"):
                        break
                if spec.remove_above is None:
                    continue
                tap = at_haven and character not in g.stay_tapped
                if tap:
                    g.stay_tapped.add(character)
                if removal_succeeds(g.roll(), spec.remove_above, untapped=not tap):
                    g.corruption_on[character].remove(kind)
                    g.hazards.discard(kind)
