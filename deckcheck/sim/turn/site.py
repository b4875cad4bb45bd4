"""The site phase (coe 2.V): each company enters its site, facing its automatic-attacks (2.V.ii; the last of
them a creature from the hazard player's hand where the site says so, 2.V.ii.4) and the on-guard card revealed
there (2.V.i, 2.V.iv), and plays, while it can, the card the player chooses among those
the rules allow at its site now; a faction by an influence check (2.V.3); one additional minor item after a
resource that taps the site (2.V.5). On-guard cards not revealed go back to the hazard player's hand (2.V.10)."""

from __future__ import annotations

from deckcheck.cards.names import fold
from deckcheck.sim.model import ROLE_ALLY, ROLE_EVENT, ROLE_FACTION, ROLE_ITEM
from deckcheck.sim.rules.agents import agent_attack, is_detainment, kill_points
from deckcheck.sim.rules.combat import STRIKE_FAILED
from deckcheck.sim.rules.council import KILL
from deckcheck.sim.rules.events import faced_twice, lair_attack, on_guard_revealed_on_entry
from deckcheck.sim.rules.influence import boost_value, check_bonus, item_discards, unused_di
from deckcheck.sim.rules.leader_factions import leader_bonus, led_factions, may_place_under
from deckcheck.sim.rules.play import company_is_overt, may_bear
from deckcheck.sim.rules.sites import attacks_faced
from deckcheck.sim.state import OCCUPIED, TAPPED
from deckcheck.sim.streams import SITE
from deckcheck.sim.turn.agents import agents_at
from deckcheck.sim.turn.hazards import (
    attacks_canceled_at_site,
    board_card,
    boosted_as_faced,
    creature_attacks,
    dragon_attacks,
    face_attack,
    item_gained,
)
from deckcheck.sim.turn.organization import resolve_ring_test


def site_phase(g, company) -> None:
    """The company's site phase: characters that stay tapped (wounded, healing) are tapped first; the company
    enters its site, facing its automatic-attacks, if the player chooses to, and plays there (each item gained
    triggers the corruption cards that check on an item: `resolve_play`)."""
    g.rng.at(g.turn, SITE, company.site)     # this site phase's dice, whatever the ones before it rolled
    if g.stay_tapped:
        for character in company.characters:
            if character in g.stay_tapped:
                character.tapped = True
    if (g.sim.site_attacks[company.site] or (g.agents and agents_at(g, company.site))) \
            and not enter_site(g, company):
        return
    play_at_site(g, company)


def enter_site(g, company) -> bool:
    """coe 2.V.i-ii: the company enters its site, if the player wants to play something there, and faces each
    automatic-attack in order (the player chooses who takes -3 to stay untapped, coe 3.iv.3); True if it
    entered, whatever the attacks did (it may still play only with characters left untapped). The player keeps
    the one who is to play the card out of the strikes while others can take them (coe 3.ii)."""
    sim = g.sim
    site = company.site
    if company.lost or not company.characters or g.site_state[site] not in (OCCUPIED, TAPPED):
        return False
    player = g.player
    wanted = player.enters_site(g, company)
    if wanted is None:
        return False
    balrog = g.balrog and (g.avatar_revealed or g.avatar_lost)
    name = f"the automatic-attack of {sim.sites[site].name}" if g.observer is not None else ""   # the trace's
    faced = attacks_faced(sim.site_attacks[site], overt=company_is_overt(g, company), balrog_in_play=balrog)
    lairs = lair_attacks(g, site) if g.board.lairs else ()
    guard = g.on_guard.get(id(company)) if g.on_guard else None
    creature = malice = None
    if guard is not None:
        creature = reveal_on_guard(g, company, guard, faced, len(lairs))
        if creature is None:
            malice = reveal_boost_on_guard(g, company, guard, faced)
    for i, (attack, wounded_check) in enumerate(faced):
        for repeat in range(2 if g.board.boosts and faced_twice(attack.races, g.board.boosts) else 1):
            if not company.characters:
                return False
            shield = player.shield_from_strikes(g, company, wanted)
            stay = player.stay_untapped(g, company, boosted_as_faced(g, company, attack, automatic=True)[0], wanted,
                                        shield)
            boost = malice[1] if malice is not None and malice[0] == i and repeat == 0 else None
            face_attack(g, company, attack, name, None, wounded_check, stay, shield, automatic=True, malice=boost)
    hand = sim.site_hand_attack[site]
    if hand is not None and g.opponent is not None and g.hazards.plays_cards and company.characters:
        hand_attack(g, company, hand, wanted)
    for entry, attack in lairs:                          # a Dragon at Home: its lair's added automatic-attack
        if not company.characters:
            return False
        dragon_attacks(g, company, entry, attack, automatic=True)
    if creature is not None and company.characters:      # 2.V.iv: after the automatic-attacks
        kind, detainment = creature
        if not creature_attacks(g, company, kind, detainment):
            g.hazards.discard(kind)
    if g.agents and company.characters:                  # 2.V.iii-iv: the agents at the site
        agent_attacks(g, company)
    return bool(company.characters)


def agent_attacks(g, company) -> None:
    """coe 2.V.iii-iv: after the automatic-attacks (and with the on-guard creature), each agent at the company's
    site may attack it, once per site phase; the agent is revealed (its site declared) as the attack is
    declared. coe 3.iv.6.1: its one strike is 2D6 + its modified prowess (`rules.agents.agent_attack`). coe 3.v:
    a failed strike wounds it and it makes a body check (under detainment, 3.II.2.R3/B3, it taps instead); one
    whose body check fails leaves play, to a hero or Fallen-wizard defender's marshalling point pile as kill
    MP."""
    site = company.site
    name = fold(g.sim.sites[site].name)
    tables = g.opponent.hazards
    for agent in agents_at(g, site):
        if not company.characters:
            return
        if not g.hazards.agent_attacks(agent, attacks_canceled_at_site(g, company)):
            continue
        spec = tables.agent[agent.kind]
        at_home = name in spec.homes
        detainment = is_detainment(g.sim.alignment)
        roll = g.roll()
        attack = agent_attack(spec.prowess, spec.body, face_down=agent.face_down, at_home=at_home,
                              wounded=agent.wounded, roll=roll, detainment=detainment, races=spec.races)
        if g.observer is not None:
            g.observer.agent_attack(g, company, agent, name)
        agent.attacked_turn = g.turn
        agent.site, agent.revealed = name, True   # revealed: its current site is declared (coe 4.2)
        agent.region = agent.region or fold(g.sim.sites[site].region or '')
        card = g.opponent.sim.kinds[agent.kind]
        label = f"{card.name} (agent: its roll {roll} + {attack.prowess - roll})" if g.observer is not None else ""
        result = face_attack(g, company, attack, label, agent.kind, None, races=spec.races)
        if result is None or not result.strikes:
            continue                         # canceled: no strike assigned, the agent stays
        failed = result.strikes[0].result == STRIKE_FAILED
        if detainment:
            agent.tapped = agent.tapped or failed
            continue
        if not failed:
            continue
        if not result.defeated:              # wounded, its body check held: it stays, wounded
            agent.wounded = True
            continue
        g.agents.remove(agent)
        points = kill_points(spec.mp, g.sim.alignment)
        if g.observer is not None:
            g.observer.event(g, "hazard", f"{card.name} (agent) is defeated"
                                          f"{f' ({points} kill MP)' if points else ''}")
        if points:
            g.mp += points
            g.category[KILL] += points
            g.stats.kill_mp += points


def hand_attack(g, company, hand: tuple[tuple[str, ...], bool], wanted) -> None:
    """coe 2.V.ii.4: the site's last automatic-attack is a creature the hazard player plays from hand for it
    ("one non-unique hazard creature from his hand normally keyed to a Shadow-hold"; its choice), played just
    before the attack; it counts neither as a creature played nor against the hazard limit, its attack is an
    automatic-attack (not keyed: detainment only as printed) and it is discarded after it (3.v: no MP)."""
    player = g.hazards
    chosen = player.automatic_attack_creature(hand, g.sim.alignment)
    if chosen is None:
        return
    kind, detainment = chosen
    player.spend(kind)
    g.stats.hazards_played[kind] += 1
    spec = g.opponent.hazards.creature[kind]
    name = g.opponent.sim.kinds[kind].name
    if g.observer is not None:
        g.observer.event(g, "hazard", f"the opponent plays {name} from hand as the automatic-attack of "
                                      f"{g.sim.sites[company.site].name}")
    for _ in range(spec.attacks):
        if not company.characters:
            break
        attack = spec.attack(detainment)
        shield = g.player.shield_from_strikes(g, company, wanted)
        seen = boosted_as_faced(g, company, attack, spec.races, automatic=True)[0]
        stay = g.player.stay_untapped(g, company, seen, wanted, shield)
        face_attack(g, company, attack, name, kind, spec.wounded_corruption_check, stay, shield,
                    races=spec.races, automatic=True)
    player.discard(kind)


def lair_attacks(g, site: int) -> list:
    """The automatic-attacks the Dragons "at Home" in play add to this site (their lair): [(entry, attack)]."""
    name = fold(g.sim.sites[site].name)
    in_play = {fold(board_card(g, e).name) for e in g.board.events}
    found = []
    for entry in g.board.lairs:
        attack = lair_attack(entry[1], name, in_play)
        if attack is not None:
            found.append((entry, attack))
    return found


def reveal_on_guard(g, company, guard, faced, added: int = 0) -> tuple[int, bool] | None:
    """coe 2.V.i: the on-guard card on the company's site is revealed as it enters a site with
    automatic-attacks (printed, or `added` by a Dragon at Home) if it is a creature that may be keyed to the site
    (the hazard player placed only such creatures): (kind, detainment), and it attacks after them (2.V.iv); None
    if it stays face down."""
    _company, kind, detainment = guard
    is_creature = g.opponent.hazards.creature[kind] is not None
    if not on_guard_revealed_on_entry(None, is_creature, len(faced) + added, False):
        return None
    del g.on_guard[id(company)]
    g.hazards.revealed(kind)
    g.stats.hazards_played[kind] += 1
    if g.observer is not None:
        g.observer.event(g, "hazard", f"the opponent reveals {g.opponent.sim.kinds[kind].name} on-guard at "
                                      f"{g.sim.sites[company.site].name}")
    return kind, detainment


def reveal_boost_on_guard(g, company, guard, faced):
    """coe 2.V.i: an on-guard hazard event that affects an automatic-attack (Unabated in Malice) is revealed as
    the company enters a site with automatic-attacks, on the one the hazard player picks: (its index in
    `faced`, the event), None if the card on-guard is no such event."""
    _company, kind, _detainment = guard
    spec = g.opponent.hazards.event[kind]
    if spec is None or spec.effect != "boost_automatic_attack" or not on_guard_revealed_on_entry(
            spec, False, len(faced), True):
        return None
    del g.on_guard[id(company)]
    g.hazards.revealed(kind)
    g.hazards.discard(kind)
    g.stats.hazards_played[kind] += 1
    index = g.hazards.attack_to_boost(faced)
    if g.observer is not None:
        g.observer.event(g, "hazard", f"the opponent reveals {g.opponent.sim.kinds[kind].name} on-guard at "
                                      f"{g.sim.sites[company.site].name}")
    return index, spec


def on_guard_returns(g) -> None:
    """coe 2.V.10: once every site phase has ended, the on-guard cards not revealed go back to the hazard
    player's hand; it resets its hand at the end of the turn (2.VI.ii), nothing coming between."""
    cards = g.hazards.cards
    for _company, kind, _detainment in g.on_guard.values():
        cards.hand.append(kind)
    g.on_guard.clear()
    cards.reset_to_hand_size()


def play_at_site(g, company) -> None:
    """Play what the hand holds for the site, by each card's condition, the player's best first.

    Cards that need the site untapped come first (the best of them taps it), then cards playable at a
    tapped or untapped site, then those that need it already tapped. A resource that taps the site lets one
    more untapped character play an additional minor item (coe 2.V.5; at an Under-deeps site any item
    playable there, 2.V.5.1). A haven is played at the same way, once per turn (havens do not stay tapped).
    """
    sim = g.sim
    site = company.site
    if company.lost or not company.characters:
        return
    haven = sim.site_is_haven[site]
    if not haven and g.site_state[site] not in (OCCUPIED, TAPPED):
        return
    if sim.site_test_here[site] is not None and sim.gold_rings:
        _test_here(g, company)
    player = g.player
    if sim.site_testers and not haven and not sim.site_testers.isdisjoint(g.hand):
        site_ring_test(g, company)
    extra_item = False
    while company.characters:               # a corruption check on an item gained may have emptied it
        untapped = (site not in g.havens_tapped) if haven else g.site_state[site] == OCCUPIED
        choice = player.best_play(g, company, site, untapped)
        if choice is None:
            break
        kind, actor = choice
        if not resolve_play(g, company, kind, actor):
            continue
        if sim.taps_site[kind] and untapped and not (actor is not None and kind in actor.holdings
                                                     and sim.role[kind] == ROLE_FACTION):   # under its leader
            if haven:
                g.havens_tapped.add(site)
            else:
                g.site_state[site] = TAPPED
            extra_item = True
    if extra_item and company.characters:
        choice = player.additional_item(g, company, site)
        if choice is not None:
            resolve_play(g, company, *choice, additional=True)


def site_ring_test(g, company) -> None:
    """Secrets of Their Forging, Ringlore (coe 6, their text): during the site phase at an untapped site where
    Information is playable, the sage taps, the site taps, and the gold ring is replaced by a special ring of
    the hand it could be tested for, no roll (the player's choice: `ResourcePlayer.site_ring_test`)."""
    choice = g.player.site_ring_test(g, company)
    if choice is None:
        return
    kind, sage, bearer, gold = choice
    g.spend(kind)
    if sage is not None:
        sage.tapped = True
    g.site_state[company.site] = TAPPED
    if g.observer is not None:
        who = g.sim.kinds[(sage or bearer).kind].name
        g.observer.event(g, "play", f"{who} plays {g.sim.kinds[kind].name} at {g.sim.sites[company.site].name}")
    resolve_ring_test(g, company, bearer, gold, 0, no_roll=True, tester=kind)


def resolve_play(g, company, kind: int, actor, additional: bool = False) -> bool:
    """Play the card; False if it failed (a faction's influence check, coe 2.V.3: the faction is discarded)."""
    sim = g.sim
    g.play_from_hand(kind)
    if sim.play_attacks[kind]:
        actor = face_the_cards_attacks(g, company, kind)
        if actor is False:
            g.discard.append(kind)
            return False
    if actor is not None and (sim.taps_bearer[kind] or sim.role[kind] != ROLE_EVENT):
        actor.tapped = True
    if sim.role[kind] == ROLE_FACTION:
        number = sim.influence_number[kind]
        roll = check = None
        if number >= 0:
            roll = g.roll()
            check = roll + check_bonus(g, actor, kind)
            boosts = g.player.boosts_to_spend(g, actor)
            gains = [boost_value(g, actor, k) for k in boosts]
            if check <= number < check + sum(gains):
                for boost, gain in zip(boosts, gains):    # only what turns the failure into a success is spent
                    g.spend(boost)
                    check += gain
                    if check > number:
                        break
            if check <= number and actor is not None:     # an item of his discarded for the check, if allowed
                item = g.player.item_to_discard(g, actor, kind, number + 1 - check)
                if item is not None:
                    check += dict((held, bonus) for bonus, held in item_discards(g, actor, kind))[item]
                    actor.holdings.remove(item)
                    g.lose_card(item)
                    g.discard.append(item)
                    if g.observer is not None:
                        g.observer.event(g, "play", f"{sim.kinds[actor.kind].name} discards {sim.kinds[item].name} "
                                                    f"for the influence check on {sim.kinds[kind].name}")
            if check <= number:
                g.discard.append(kind)
                if g.observer is not None:
                    g.observer.faction(g, company, kind, actor, roll, check, False)
                return False
        g.gain(kind)
        if may_place_under(sim, actor, kind) and g.player.places_under_leader(g, company, kind, actor):
            keep_under_leader(g, actor, kind)     # the site does not tap (`play_at_site`)
        if g.observer is not None:
            g.observer.faction(g, company, kind, actor, roll, check, True)
        return True
    if sim.role[kind] in (ROLE_ITEM, ROLE_ALLY) or sim.store_sites[kind]:
        if actor is not None:
            actor.holdings.append(kind)
    elif sim.once_per_site[kind]:
        g.site_cards.add((kind, company.site))     # it stays on the site (a card borne goes with its bearer)
    if sim.makes_haven[kind]:
        g.made_havens.add(company.site)
        g.made_haven_cards[company.site] = kind
    if sim.protects[kind]:
        g.protectors += 1
        g.protected_sites.add(company.site)
    g.gain(kind)
    if sim.kinds[kind].stage_points:
        g.stage_points += sim.kinds[kind].stage_points
    if g.observer is not None:
        g.observer.resource_played(g, kind, company.site, actor, additional)
    if sim.role[kind] == ROLE_ITEM and actor is not None:
        item_gained(g, company)               # Lure of Expedience: on an item, never on an ally
    return True


def keep_under_leader(g, leader, kind: int) -> None:
    """The faction just gained goes under the Orc or Troll leader who influenced it (its text); the third under
    him brings the 2 extra MP (scored as faction points, the category of the cards that give them)."""
    before = leader_bonus(len(led_factions(g.sim, leader)))
    leader.holdings.append(kind)
    gained = leader_bonus(len(led_factions(g.sim, leader))) - before
    if gained:
        g.score(kind, 1, gained)


def face_the_cards_attacks(g, company, kind: int):
    """A card whose play makes the company face attacks ("The company faces two attacks (Men - 5 strikes with 8
    prowess, 1 strike with 10 prowess)"): the company faces them in order (the player's chosen tapper taking -3 to
    stay untapped), then an untapped character who may play it (The Balrog, if the card needs him there) taps
    and takes it, the one of them with the least unused direct influence; False if nobody is left untapped,
    and the card is discarded."""
    sim = g.sim
    name = f"the attack of {sim.kinds[kind].name}"
    tapper = g.player.cards_attacks_tapper(g, company, kind)
    for attack, wounded_check in attacks_faced(sim.play_attacks[kind], overt=company_is_overt(g, company),
                                               balrog_in_play=False):
        if not company.characters:
            break
        stay = frozenset(i for i, c in enumerate(company.characters) if c is tapper)
        face_attack(g, company, attack, name, None, wounded_check, stay)
    ready = [c for c in company.characters if not c.tapped and may_bear(sim, c, kind)
             and (not sim.avatar_there[kind] or c.kind == g.avatar_kind)]
    if not ready:
        return False
    actor = min(ready, key=lambda c: unused_di(g, c))
    actor.tapped = True
    return actor


def _test_here(g, company) -> None:
    """A site that tests every gold ring at it in the site phase (Barad-dûr): the test happens, worth it or
    not."""
    sim = g.sim
    for character in company.characters:
        for gold in [h for h in character.holdings if sim.ring_table[h]]:
            resolve_ring_test(g, company, character, gold, sim.site_test_here[company.site])
