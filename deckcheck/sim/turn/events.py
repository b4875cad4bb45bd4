"""Hazard events in a company's movement/hazard phase (coe 2.IV.vii.3) and what the events in play do
(`rules.events`); the hazard player (`g.hazards`, `players.hazard_events`) chooses, the turn applies:

- passive conditions first (2.IV.vi): a moving company under Long Winter or Snowstorm returns to its site of
  origin (2.IV.4: its movement/hazard phase ends, it does nothing in its site phase);
- environments: Twilight cancels one in play, Doors of Night discards the resource environments, Gates of
  Morning the hazard ones; each hazard event counts one against the hazard limit (Twilight none);
- River: the company does nothing in its site phase unless an untapped ranger in it taps;
- a company that does not move has a movement/hazard phase too (2.IV: creatures keyed to its site, Heedless
  Revelry); no cards are drawn (2.IV.v);
- Seized by Terror: the character splits off and returns to the site of origin as a company of his own, which
  does nothing in its site phase (2.IV.4); An Unexpected Outpost: hazards from the discard pile back into the
  play deck (the sideboard is not simulated);
- long-events are discarded at the end of the resource player's next long-event phase (2.III.3).
"""

from __future__ import annotations

from deckcheck.sim.rules.events import (
    DOORS,
    HAZARD_ENVIRONMENTS_DISCARDED,
    recycled_at_end_of_turn,
    returns_to_origin,
    split_off_fails,
)
from deckcheck.sim.rules.rings import ring_kinds

RANGER = "Ranger"


def owner_of(g) -> int:
    """Who owns the hazard events played on our companies: the opponent's card holder."""
    return id(g.hazards.cards)


def skills_of(g, company) -> frozenset[str]:
    skills = g.sim.skills
    return frozenset(s for c in company.characters for s in skills[c.kind])


def announce(g, company, kind: int, limit: int, counts: bool = True, target=None) -> None:
    """The hazard player plays the event: out of its hand, counted (`counts`) against the limit."""
    g.hazards.spend(kind)
    g.stats.hazards_played[kind] += 1
    if g.observer is not None:
        if counts:
            g.observer.hazard(g, company, kind, limit, target)
        else:
            g.observer.event(g, "hazard", f"the opponent plays {g.opponent.sim.kinds[kind].name} "
                                          "(not counting against the hazard limit)")


def put_in_play(g, kind: int) -> None:
    """A long- or permanent-event goes on the board; an environment that discards the other side's goes."""
    board = g.board
    spec = g.opponent.hazards.event[kind]
    if spec.effect == DOORS:
        for entry in [e for e in board.events if e[1].effect == HAZARD_ENVIRONMENTS_DISCARDED]:
            board.remove(entry)
    if spec.stays:
        board.add(kind, spec, g.hazards.cards.discard, owner_of(g), g.opponent.sim.kinds[kind].id)
    else:
        g.hazards.discard(kind)


def passive_return(g, company, origin: int, dest: int, move, origin_state: int) -> bool:
    """2.IV.vi: Long Winter or Snowstorm in play returns the moving company; True if it did."""
    skills = None
    for _kind, spec, _d, _o, card_id in g.board.events:
        if spec.effect == "return_to_origin":
            skills = skills_of(g, company) if skills is None else skills
            if returns_to_origin(spec, move, skills, g.board.doors):
                return_to_origin(g, company, origin, dest, origin_state, card_id)
                return True
    return False


def return_to_origin(g, company, origin: int, dest: int, origin_state: int, why: str) -> None:
    """coe 2.IV.4: the company is back at its site of origin (as it was), has not moved, and does nothing in
    its site phase; the new site goes back to the location deck."""
    sim = g.sim
    if not sim.site_is_haven[dest] and not any(c.site == dest for c in g.companies if c is not company):
        g.leave_site(dest)
    company.site = origin
    if not sim.site_is_haven[origin]:
        g.site_state[origin] = origin_state       # as it was: 2.IV.viii discards it only at the phase's end
    stop(g, company, f"returned to {sim.sites[origin].name}")


def stop(g, company, why: str) -> None:
    company.lost = True
    g.stopped.add(id(company))
    if g.observer is not None:
        g.observer.stopped(g, company, why)


def before_creatures(g, company, move, limit: int, played: int, automatic_races):
    """Twilight, Doors of Night (or Peril Returned), Revealed to all Watchers, Withered Lands, the boosts the
    attacks to come would get, and the hazard-limit cards the hand needs now; (limit, played, the move as keying
    sees it) after them."""
    player, board, own = g.hazards, g.board, owner_of(g)
    cancel = player.environment_to_cancel(board, own)
    if cancel is not None:
        twilight, entry = cancel
        announce(g, company, twilight, limit, counts=False)
        player.discard(twilight)
        board.remove(entry)
    if played < limit and player.doors_helps():
        doors = player.doors_card(board, own)
        if doors is not None:
            announce(g, company, doors, limit)
            put_in_play(g, doors)
            played += 1
    if limit - played >= 2:
        played = reveal_hand(g, company, limit, played)
    if board.doors and limit - played >= 2:
        played, move = withered_lands(g, company, move, limit, played)
    creatures = player.choose_creatures(move, len(player.cards.hand), g.sim.alignment, board.doors)
    races = [player.tables.creature[k].races for k, _key, _det in creatures]
    for kind in player.boosts_for(board, own, races, automatic_races, move.site_type):
        if played + 1 >= limit:              # keep room for a creature
            break
        announce(g, company, kind, limit)
        put_in_play(g, kind)
        played += 1
    wanted = len(creatures) - (limit - played)
    if wanted > 0:
        limit = raise_limit(g, company, limit, wanted)
    return limit, played, move


def withered_lands(g, company, move, limit: int, played: int):
    """Withered Lands under Doors of Night: one region of the company's site path counts as two Wildernesses
    until the end of the turn, when that lets the hazard player key more creatures; (played, the move as keying
    now sees it)."""
    player = g.hazards
    doors = g.board.doors

    def keyable(m):
        chosen = player.choose_creatures(m, limit - played - 1, g.sim.alignment, doors)
        return len(chosen), sum(player.tables.creature[k].threat for k, _key, _det in chosen)

    found = player.withered_lands(g.board, move, keyable)
    if found is None:
        return played, move
    kind, altered = found
    announce(g, company, kind, limit)
    g.hazards.discard(kind)
    if g.observer is not None:
        g.observer.event(g, "hazard", f"{g.opponent.sim.kinds[kind].name}: the site path is "
                                      f"{''.join(altered.path)}")
    return played + 1, altered


def raise_limit(g, company, limit: int, wanted: int) -> int:
    """Daelomin at Home discarded / Power Built by Waiting tapped: the hazard limit against this company
    raised (coe 2.IV.iv: the resource player orders the modifications; there is only ever one here)."""
    found = g.hazards.limit_raise(g.board, owner_of(g))
    if found is None:
        return limit
    entry, by = found
    if entry[1].facts.get("use") == "discard":
        g.board.remove(entry)
    else:
        g.board.tapped.add((entry[3], entry[0]))       # it does not untap (Power Built by Waiting)
    if g.observer is not None:
        g.observer.hazard_limit_raised(g, company, by)
        g.observer.event(g, "hazard", f"{g.opponent.sim.kinds[entry[0]].name}: the hazard limit is "
                                      f"{limit + by}")
    return limit + by


def after_creatures(g, company, move, limit: int, played: int, origin: int, dest: int, origin_state: int,
                    moving: bool) -> int:
    """With the limit left: a stopper that returns the company, River, then cards for later turns."""
    player, board, own = g.hazards, g.board, owner_of(g)
    if moving and played < limit and company.characters:
        stopper = player.stopper(board, own, move, skills_of(g, company))
        if stopper is not None:
            announce(g, company, stopper, limit)
            put_in_play(g, stopper)
            return_to_origin(g, company, origin, dest, origin_state, g.opponent.sim.kinds[stopper].id)
            return played + 1
        ranger = any(not c.tapped and RANGER in g.sim.skills[c.kind] for c in company.characters)
        river = player.river(ranger) if played < limit and not g.sim.site_is_haven[dest] else None
        if river is not None:
            announce(g, company, river, limit)
            player.discard(river)
            stop(g, company, f"{g.opponent.sim.kinds[river].name} at {g.sim.sites[dest].name}")
            played += 1
        if played < limit and id(company) not in g.stopped:
            played = terror(g, company, move, limit, played, origin, dest, origin_state)
    for pick in (lambda: [player.doors_card(board, own)], lambda: player.spare_boosts(board, own),
                 lambda: player.limit_cards(board, own), lambda: player.at_home_cards(board, own),
                 lambda: [player.summons_card(board, own)], lambda: [player.pits_card(board)]):
        for kind in pick():
            if kind is None or played >= limit:
                continue
            announce(g, company, kind, limit)
            put_in_play(g, kind)
            played += 1
    if board.events:
        reserve(g)
    if played < limit:
        played = outpost(g, company, limit, played)
    if played < limit and company.characters:
        played = foolish_words(g, company, limit, played)
    if played < limit:
        played = ring_lost(g, company, limit, played)
    return played


def end_of_turn_recycling(g) -> None:
    """From the Pits of Angband in play, at the end of the turn (coe 2.VI.iii, an end-of-turn passive condition):
    each player takes back one creature of its races from his discard pile (`rules.events.recycled_at_end_of_turn`,
    the most threatening), shuffled into his play deck; under Doors of Night one of each to his hand. The
    players: the hazard player, and we when our deck's hazards are played too (`--both`: our own game holds
    them)."""
    board = g.board
    for entry in [e for e in board.events if e[1].effect == "recycle_at_end_of_turn"]:
        holders = [(g.hazards.cards, g.hazards.tables, g.opponent.sim)]
        if g.side is not None and getattr(g.hazards.cards, "hazards", None) is not None:
            holders.append((g, g.side.hazards, g.sim))
        for cards, tables, sim in holders:
            for kind in recycled_at_end_of_turn(entry[1], tables, cards.discard, board.doors):
                cards.discard.remove(kind)
                if board.doors and entry[1].facts.get("doors_to_hand"):
                    cards.hand.append(kind)
                else:
                    cards.deck.insert(int(g.rng.random() * (len(cards.deck) + 1)), kind)
                if g.observer is not None:
                    card = (g.opponent.sim if entry[3] == owner_of(g) else g.sim).kinds[entry[0]]
                    g.observer.event(g, "hazard", f"{card.name}: {sim.kinds[kind].name} taken back")


def reserve(g) -> None:
    """Summons from Long Sleep: each of the hazard player's cards in play holding no creature gets one of its
    races from the hand, set aside with it (not counting against the hazard limit)."""
    player, board = g.hazards, g.board
    for entry, kind in player.to_reserve(board, owner_of(g)):
        player.set_aside(kind)
        board.reserved[id(entry)] = kind
        if g.observer is not None:
            g.observer.event(g, "hazard", f"the opponent reserves {g.opponent.sim.kinds[kind].name} with "
                                          f"{g.opponent.sim.kinds[entry[0]].name}")


def foolish_words(g, company, limit: int, played: int) -> int:
    """Foolish Words on the character the hazard player picks: his influence attempts get the card's modifier
    while it is on him (`rules.influence.check_bonus`)."""
    sim = g.sim
    penalties = g.influence_penalty
    candidates = [(c, sim.direct_influence[c.kind], sim.mp[c.kind], bool(penalties.get(c)))
                  for c in company.characters]
    chosen = g.hazards.foolish_words(candidates)
    if chosen is None:
        return played
    kind, character = chosen
    announce(g, company, kind, limit, target=character)
    penalties.setdefault(character, []).append(kind)
    return played + 1


def reveal_hand(g, company, limit: int, played: int) -> int:
    """Revealed to all Watchers: the hazard player sets the non-hazard cards of its hand aside, draws up to its
    hand size and puts them back face down on top of its play deck (they are its next draws)."""
    player = g.hazards
    kind = player.watchers(limit - played)
    if kind is None:
        return played
    announce(g, company, kind, limit)
    player.discard(kind)
    cards = player.cards
    aside = player.non_hazards()
    for k in aside:
        cards.hand.remove(k)
    size = player.hand_size()
    if len(cards.hand) < size:
        cards.draw(size - len(cards.hand))
    cards.deck.extend(aside)
    if g.observer is not None:
        g.observer.event(g, "hazard", f"{g.opponent.sim.kinds[kind].name}: {len(aside)} non-hazard card(s) set "
                                      "on top of the play deck, the hand drawn up")
    return played + 1


def ring_lost(g, company, limit: int, played: int) -> int:
    """Rolled down to the Sea: we discard a ring from our hand or from one of our companies (our choice), if we
    have one (else we reveal our hand, which changes nothing here)."""
    kind = g.hazards.ring_card()
    if kind is None:
        return played
    announce(g, company, kind, limit)
    g.hazards.discard(kind)
    rings = ring_kinds(g.sim)
    options = [(None, k) for k in dict.fromkeys(g.hand) if k in rings]
    options += [(c, k) for comp in g.companies for c in comp.characters for k in c.holdings if k in rings]
    choice = g.player.ring_to_lose(g, options)
    if choice is None:
        return played + 1
    character, ring = choice
    if character is None:
        g.hand.remove(ring)
    else:
        character.holdings.remove(ring)
        g.lose_card(ring)
    g.discard.append(ring)
    if g.observer is not None:
        g.observer.event(g, "hazard", f"{g.opponent.sim.kinds[kind].name}: {g.sim.kinds[ring].name} discarded")
    return played + 1


def terror(g, company, move, limit: int, played: int, origin: int, dest: int, origin_state: int) -> int:
    """Seized by Terror (or Faces of the Dead) on the character the hazard player picks: a roll plus his mind
    below the card's number and he splits off into a company of his own that returns to the site of origin (the
    card) and does nothing there (2.IV.4). Played only on a character under general influence without followers
    (a follower apart from his controller is not modelled) and only where no other company of ours is at the site
    of origin (it would join it, 2.IV.6, which is not modelled)."""
    sim = g.sim
    if any(c.site == origin for c in g.companies if c is not company):
        return played
    led = {id(c.controller) for c in company.characters if c.controller is not None}
    candidates = [(c, sim.mind[c.kind], sim.mp[c.kind], sim.avatar[c.kind] and not g.balrog)
                  for c in company.characters if c.controller is None and id(c) not in led]
    chosen = g.hazards.terror_target(move, candidates, g.ringwraith)
    if chosen is None:
        return played
    kind, character = chosen
    spec = g.opponent.hazards.event[kind]
    cost = g.hazards.split_off_cost(kind)
    announce(g, company, kind, limit)
    g.hazards.discard(kind)
    if cost is not None:                    # Faces of the Dead: an Undead creature discarded with it
        g.hazards.cards.hand.remove(cost)
        g.hazards.discard(cost)
    roll = g.roll()
    if not split_off_fails(spec, roll, sim.mind[character.kind]):
        if g.observer is not None:
            g.observer.event(g, "hazard", f"{sim.kinds[character.kind].name} is not seized (rolls {roll})")
        return played + 1
    if len(company.characters) == 1:
        return_to_origin(g, company, origin, dest, origin_state, g.opponent.sim.kinds[kind].id)
        return played + 1
    new = g.split_off(company, [character])
    new.site = origin
    if not sim.site_is_haven[origin]:
        g.site_state[origin] = origin_state
    stop(g, new, f"{sim.kinds[character.kind].name} split off ({g.opponent.sim.kinds[kind].name}), back at "
                 f"{sim.sites[origin].name}")
    return played + 1


def outpost(g, company, limit: int, played: int) -> int:
    """An Unexpected Outpost: the hazards the player picks go from its discard pile into its play deck, each
    at a random place in it (a shuffle, as far as where that card lies; the sideboard is not simulated)."""
    chosen = g.hazards.outpost(g.board)
    if chosen is None:
        return played
    kind, back = chosen
    announce(g, company, kind, limit)
    cards = g.hazards.cards
    for card in back:
        cards.discard.remove(card)
        cards.deck.insert(int(g.rng.random() * (len(cards.deck) + 1)), card)
    g.hazards.discard(kind)
    if g.observer is not None:
        names = ", ".join(g.opponent.sim.kinds[k].name for k in back)
        g.observer.event(g, "hazard", f"{g.opponent.sim.kinds[kind].name}: {names} back into the play deck")
    return played + 1


def revelry(g, company, limit: int, played: int) -> int:
    """Heedless Revelry on a non-Ringwraith company that does not move: a roll per untapped non-Wizard
    character (-2 for a hero), above his mind he taps."""
    sim, d = g.sim, g.defence
    if played >= limit or g.ringwraith and any(sim.avatar[c.kind] for c in company.characters):
        return played
    could = [c for c in company.characters if not c.tapped and not d.wizard_avatar[c.kind]]
    kind = g.hazards.revelry(len(could))
    if kind is None:
        return played
    spec = g.opponent.hazards.event[kind]
    announce(g, company, kind, limit)
    g.hazards.discard(kind)
    modifier = 0 if d.minion[could[0].kind] else spec.facts.get("hero_modifier", 0)
    for character in could:
        if g.roll() + modifier > sim.mind[character.kind]:
            character.tapped = True
    return played + 1


def remove_influence_penalties(g) -> None:
    """Foolish Words: in our organization phase a character bearing it may tap to roll it off (above the card's
    number); the player says who tries (`ResourcePlayer.tries_to_remove`)."""
    events = g.opponent.hazards.event
    for company in g.companies:
        for character in company.characters:
            for kind in list(g.influence_penalty.get(character, ())):
                if character.tapped or not g.player.tries_to_remove(g, company, character):
                    continue
                character.tapped = True
                g.stay_tapped.add(character)
                roll = g.roll()
                if roll > events[kind].facts.get("remove_above", 12):
                    g.influence_penalty[character].remove(kind)
                    g.hazards.discard(kind)
                    if g.observer is not None:
                        g.observer.event(g, "hazard", f"{g.opponent.sim.kinds[kind].name} removed from "
                                                      f"{g.sim.kinds[character.kind].name} (rolls {roll})")


def end_long_events(g) -> None:
    """coe 2.III.3: at the end of our long-event phase the hazard player discards its hazard long-events."""
    own = owner_of(g)
    for entry in [e for e in g.board.events if e[3] == own and e[1].lasts == "long"]:
        g.board.remove(entry)


def resource_environment(g) -> None:
    """Our answer to Doors of Night in play (a choice of the resource player): Gates of Morning from hand
    (it discards the hazard environments and stays), else Twilight (it cancels Doors of Night)."""
    board = g.board
    if not board.doors or not any(e[1].effect == DOORS for e in board.events):   # Peril Returned: nothing to answer
        return
    kind = g.player.environment_answer(g)
    if kind is None:
        return
    g.spend(kind)
    spec = g.side.environment[kind]
    hazard_environments = [e for e in board.events if e[1].environment and e[3] != id(g)
                           and e[1].effect != HAZARD_ENVIRONMENTS_DISCARDED]
    for entry in sorted(hazard_environments, key=lambda e: e[1].effect != DOORS):     # Doors of Night first
        board.remove(entry)
        if spec.effect == "cancel_environment":
            break
    if spec.stays:
        board.add(kind, spec, g.discard, id(g), g.sim.kinds[kind].id)
    else:
        g.discard.append(kind)
    if g.observer is not None:
        g.observer.event(g, "cancel", f"{g.sim.kinds[kind].name} cancels the hazard environments")
