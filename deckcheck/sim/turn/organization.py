"""The organization phase (coe 2.II): storing cards, one character into play, organization-phase resources, ring
tests, a Ringwraith's mode and Bade to Rule, companies joining and parting. Each step asks the player
(`g.player`) its choice and applies it with the state's primitive moves."""

from __future__ import annotations

from deckcheck.cards.play import CHARACTER, RINGWRAITH, SAURON
from deckcheck.sim.model import PHASE_ORGANIZATION
from deckcheck.sim.rules.company import may_join
from deckcheck.sim.rules.corruption import PASSED
from deckcheck.sim.rules.entry import may_come_from_reserve
from deckcheck.sim.rules.influence import controls_too_much, may_control
from deckcheck.sim.rules.play import may_bear, may_play
from deckcheck.sim.rules.rings import allowed_rings, rings_in_hand, test_bonus
from deckcheck.sim.state import Character
from deckcheck.sim.turn.hazards import company_size_discards, corruption_outcome, item_gained
from deckcheck.sim.turn.resource_events import (
    play_card_draws,
    play_fetches,
    play_mp_raises,
    play_sideboard_fetches,
)


def organize(g) -> None:
    """The organization phase after untapping: everything but declaring movement."""
    store_cards(g)
    play_card_draws(g)
    play_fetches(g)
    play_sideboard_fetches(g)
    play_mp_raises(g)
    if g.ringwraith:
        end_mode(g)
    change_general_influence(g, early=True)
    free_general_influence(g)
    entered = [play_character(g)]
    if entered[0] is None:
        discard_for_room(g)
    if g.balrog:
        entered.append(play_character(g, non_unique_only=True))   # coe 2.II.2.2.B2: one more, non-unique
    entered += play_characters_by_events(g)
    if g.ringwraith:
        free_ringwraith_followers(g)
    play_events(g)
    test_rings(g)
    if g.ringwraith:
        change_general_influence(g)
        take_mode(g)
    keep_influence(g, [c for c in entered if c is not None])


def store_cards(g) -> None:
    """coe 2.II.4: a card that scores only once stored is stored at the first site it may be stored at. These
    are resource events ("No marshalling points are received until this card is stored", That Ain't No Secret,
    Rescue Prisoners): 2.II.4.1's corruption check of the bearer is for storing an item, and no item is stored
    here (an item's MP for being stored, Book of Mazarbul's 5 at a Dwarf-hold, are not read into play.json: it
    scores its printed MP in play)."""
    sim = g.sim
    if not sim.storable:
        return
    stores = sim.store_sites
    for company in g.companies:
        site = company.site
        for character in company.characters:
            for kind in [k for k in character.holdings if site in stores[k]]:
                character.holdings.remove(kind)
                g.score(kind, 1, sim.mp[kind] - sim.mp_on_play[kind])
                if g.observer is not None:
                    g.observer.event(g, "store", f"{sim.kinds[kind].name} stored at {sim.sites[site].name}")


def free_general_influence(g) -> None:
    """coe 2.II.3.2: characters under general influence moved under another's direct influence in their company,
    the player's choice (to make room for a character of the hand)."""
    sim = g.sim
    for character, controller in g.player.followers_to_free(g):
        character.controller = controller
        controller.followers_mind += sim.mind[character.kind]
        g.gi_used -= sim.mind[character.kind]
        if g.observer is not None:
            g.observer.event(g, "follower", f"{sim.kinds[character.kind].name} under "
                                            f"{sim.kinds[controller.kind].name}'s direct influence (coe 2.II.3.2)")


def play_character(g, non_unique_only: bool = False) -> Character | None:
    """One character into play at a haven or home site (coe 2.II.2), the player's choice; the one played."""
    choice = g.player.character_to_play(g, non_unique_only)
    if choice is None:
        return None
    return enter_character(g, choice)


def play_characters_by_events(g) -> list[Character]:
    """Characters brought into play by a card (We Have Come to Kill, A Chance Meeting: at a site of the types it
    lists, beside the one character a turn), as the player chooses; the ones played."""
    entered = []
    while g.defence.character_at_site_kinds and not g.defence.character_at_site_kinds.isdisjoint(g.hand):
        chosen = g.player.character_by_event(g)
        if chosen is None:
            break
        kind, choice = chosen
        g.spend(kind)
        if g.observer is not None:
            g.observer.event(g, "play", f"{g.sim.kinds[kind].name} brings a character into play")
        entered.append(enter_character(g, choice))
    return entered


def enter_character(g, choice) -> Character:
    """The character (kind, site, controller) enters play there: under general influence in the company at the
    site, or as its controller's follower in the controller's company."""
    kind, site, controller = choice
    take_character(g, kind)
    character = g.enter(kind, controller)
    if controller is None:
        g.add_to_company(character, site)
    else:                                 # a follower is in its controller's company (coe 2.II.2.2.1)
        next(c for c in g.companies if controller in c.characters).characters.append(character)
    if g.observer is not None:
        g.observer.character_played(g, character, site)
    if g.corruption_on:                   # the company has grown: Alone and Unadvised may go now (coe 9.6.3)
        company_size_discards(g, [c for c in g.companies if character in c.characters])
    return character


def take_character(g, kind: int) -> None:
    """The card of the character played leaves the zone it is played from: a Balrog player's small non-unique
    character from the discard pile, else the sideboard (coe 2.II.2.2.B3: the hand's copy stays for another
    turn), else the hand; counted as played."""
    if may_come_from_reserve(g.sim, kind, g.balrog):
        for pile in (g.discard, g.sideboard):
            if kind in pile:
                pile.remove(kind)
                g.played[kind] += 1
                if g.observer is not None:
                    where = "discard pile" if pile is g.discard else "sideboard"
                    g.observer.event(g, "play", f"{g.sim.kinds[kind].name} from the {where} (coe 2.II.2.2.B3)")
                return
    g.play_from_hand(kind)


def discard_for_room(g) -> None:
    """coe 2.II.2.4: instead of playing one, discard a character (not the avatar) at a haven or its home site,
    when the player wants its general influence for a character of the hand. Its items may first go to another
    character of its company, each after a corruption check (2.II.5: `discard_character`)."""
    choice = g.player.character_to_discard_for_room(g)
    if choice is None:
        return
    company, character = choice
    if g.observer is not None:
        g.observer.event(g, "discard", f"{g.sim.kinds[character.kind].name} discarded for room (coe 2.II.2.4)")
    discard_character(g, company, character)


def discard_character(g, company, character) -> None:
    """A character discarded while organizing. First the player may transfer each of his items to another
    character of his company (coe 2.II.5: "by making a corruption check for the item's initial bearer. If the
    corruption check is successful, the item is successfully transferred"): a check failed by more than one
    eliminates him, by one discards him now (a minion taps, 7.1), with what he still bears either way. His allies
    are discarded with him (2.V.2.3), and so is every item not transferred."""
    sim = g.sim
    for held, heir in g.player.transfers_before_discard(g, company, character):
        if held not in character.holdings or heir not in company.characters or not may_bear(sim, heir, held):
            continue
        outcome = corruption_outcome(g, company, character, 0, None)
        if character not in company.characters:
            return                            # lost to the check, and his company with him if he was alone
        if outcome != PASSED:
            continue
        character.holdings.remove(held)
        heir.holdings.append(held)
        if g.observer is not None:
            g.observer.event(g, "discard", f"{sim.kinds[held].name} transferred to {sim.kinds[heir.kind].name} "
                                           "(coe 2.II.5)")
        item_gained(g, company)               # Lure of Expedience: the heir's company gains an item
        if character not in company.characters:
            return
    g.remove_character(company, character, eliminated=False)
    if not company.characters:
        g.companies.remove(company)
        if not sim.site_is_haven[company.site]:
            g.leave_site(company.site)


def keep_influence(g, entered: list[Character]) -> None:
    """The end of the organization phase. A follower its controller's direct influence no longer covers (a
    Ringwraith's mode ended, Bade to Rule) moves under general influence or under another character of its
    company (2.II.3.2-3), else it is discarded (2.II.2.2.3). Then, if the mind of the characters under general
    influence exceeds it (a Fallen-wizard's avatar sets it, 2.II.2.1.F2), non-avatar characters go until it does
    not (2.II.8): first those played this turn (back to hand), then those the player chooses (discarded)."""
    sim = g.sim
    # only a Ringwraith's direct influence changes once in play (its mode, Bade to Rule: rules.influence)
    for company in list(g.companies) if g.ringwraith else ():
        for controller in list(company.characters):
            while controls_too_much(g, controller):
                follower = next((c for c in company.characters if c.controller is controller), None)
                if follower is None:
                    break                 # followers are always in their controller's company (2.II.2.2.1)
                controller.followers_mind -= sim.mind[follower.kind]
                if not _move_follower(g, company, follower, controller):
                    follower.controller = None
                    g.gi_used += sim.mind[follower.kind]
                    _leave(g, company, follower, "its controller's direct influence no longer covers it "
                                                 "(coe 2.II.2.2.3)")
    for character in entered:
        if g.gi_used <= g.gi_max:
            return
        company = next((c for c in g.companies if character in c.characters), None)
        if company is not None and character.controller is None and not sim.avatar[character.kind]:
            if g.observer is not None:
                g.observer.event(g, "discard", f"{sim.kinds[character.kind].name} back to hand: general influence "
                                               f"exceeded (coe 2.II.8)")
            g.remove_character(company, character, eliminated=False)
            g.discard.remove(character.kind)
            g.hand.append(character.kind)
            g.played[character.kind] -= 1
            if not company.characters:
                g.companies.remove(company)
                if not sim.site_is_haven[company.site]:
                    g.leave_site(company.site)
    while g.gi_used > g.gi_max:
        choice = g.player.character_to_discard_for_influence(g)
        if choice is None:
            return
        _leave(g, *choice, "general influence exceeded (coe 2.II.8)")


def _leave(g, company, character, why: str) -> None:
    if g.observer is not None:
        g.observer.event(g, "discard", f"{g.sim.kinds[character.kind].name} discarded: {why}")
    discard_character(g, company, character)


def free_ringwraith_followers(g) -> None:
    """coe 2.II.3.2-3: a follower of the Ringwraith moves to general influence, or under another character at
    its site, so that it may travel (only Ringwraiths may share the Ringwraith's company away from a
    Darkhaven, 2.II.2.1.R3)."""
    sim = g.sim
    for company in g.companies:
        wraith = next((c for c in company.characters if sim.avatar[c.kind]), None)
        if wraith is None:
            continue
        for follower in [c for c in company.characters if c.controller is wraith]:
            if _move_follower(g, company, follower, wraith):
                wraith.followers_mind -= sim.mind[follower.kind]


def _move_follower(g, company, follower, controller) -> bool:
    """Move a follower away from `controller`: under general influence when it has room, else under another
    character of its company with the direct influence to spare (2.II.3.2-3). False when neither can take it."""
    mind = g.sim.mind[follower.kind]
    if g.gi_used + mind <= g.gi_max:
        follower.controller = None
        g.gi_used += mind
        return True
    host = next((o for o in company.characters if o is not controller and o is not follower
                 and o.controller is None and may_control(g, o, follower.kind)), None)
    if host is None:
        return False
    follower.controller = host
    host.followers_mind += mind
    return True


def play_events(g) -> None:
    """Organization-phase resources worth MP: played when their condition holds (a company at the site
    they name, a bearer, a faction or Palantír to be played on, our avatar, stage points, cards in play)."""
    sim = g.sim
    if not g.companies or sim.organization_kinds.isdisjoint(g.hand):
        return
    for kind in list(g.hand):
        if sim.phase[kind] != PHASE_ORGANIZATION or sim.ring_kind[kind] is not None or not may_play(g, kind):
            continue
        site, bearer = g.player.organization_bearer(g, kind)
        if bearer is False:
            continue
        if sim.makes_haven[kind]:
            if site is None or site in g.made_havens:
                continue
            g.made_havens.add(site)
            g.made_haven_cards[site] = kind
        if sim.protects[kind]:
            if site is not None and site in g.protected_sites:
                continue
            g.protectors += 1
            if site is not None:
                g.protected_sites.add(site)
        g.play_from_hand(kind)
        if bearer is not None and (sim.store_sites[kind] or sim.bearers[kind] is not None):
            bearer.holdings.append(kind)
        elif site is not None and sim.once_per_site[kind]:
            g.site_cards.add((kind, site))
        if bearer is not None and sim.taps_bearer[kind]:
            bearer.tapped = True
        g.gain(kind)
        if g.observer is not None:
            g.observer.resource_played(g, kind, site, bearer)


def test_rings(g) -> None:
    """coe 6, the gold rings' own tables: a gold ring borne in a company with a tester (Gandalf's ability, Test
    of Lore and its like from hand), or stored at a site that tests every gold ring stored there (the
    Darkhavens, the Balrog's havens: the roll modified as the site says), is tested when the hand holds a ring
    the test could allow and the player finds the test worth it; the best allowed ring replaces it, else the
    gold ring is discarded."""
    sim = g.sim
    if sim.special_rings.isdisjoint(g.hand) or not any(g.in_play[x] for x in sim.gold_rings):
        return
    player = g.player
    for company in g.companies:
        for character in company.characters:
            if not character.holdings:
                continue
            for gold in [h for h in character.holdings if sim.ring_table[h]]:
                if not rings_in_hand(g, gold):
                    continue
                stored = sim.site_stored_test[company.site]
                tester = player.ring_tester(g, company) if stored is None else (None, (stored, False, False))
                if tester is None:
                    continue
                source, (modifier, best_of_two, no_roll) = tester
                if not player.worth_testing(g, company, gold, modifier, best_of_two, no_roll):
                    continue
                if isinstance(source, Character):
                    source.tapped = True
                elif source is not None:
                    g.spend(source)
                resolve_ring_test(g, company, character, gold, modifier, best_of_two, no_roll, tester=source)


def resolve_ring_test(g, company, character, gold: int, modifier: int, best_of_two: bool = False,
                      no_roll: bool = False, tester=None) -> None:
    """The test: the gold ring is discarded, and the best special ring of the hand the result allows replaces
    it (an item gained: `item_gained`)."""
    sim = g.sim
    result = None
    if no_roll:
        allowed = allowed_rings(sim, gold, None)
    else:
        result = g.roll()
        if best_of_two:
            result = max(result, g.roll())
        allowed = allowed_rings(sim, gold, result + modifier + test_bonus(g, company))
    character.holdings.remove(gold)
    g.lose_card(gold)
    g.discard.append(gold)
    ring = g.player.ring_to_play(g, allowed)
    if ring is not None:
        g.play_from_hand(ring)
        character.holdings.append(ring)
        g.gain(ring)
    if g.observer is not None:
        g.observer.ring_test(g, character, gold, result, ring, tester)
    if ring is not None:
        item_gained(g, company)               # "gains an item (including a ring special item)"


def end_mode(g) -> None:
    """Heralded Lord, Black Rider, Fell Rider: discarded in a following organization phase at a Darkhaven."""
    if g.mode is None:
        return
    company = g.wraith_company()
    if company is not None and g.sim.site_dark_haven[company.site]:
        g.mode = None


def change_general_influence(g, early: bool = False) -> None:
    """An event raising general influence, the player's choice among those the rules allow
    (`rules.influence.may_raise_influence`). Late in the phase, Bade to Rule: on the Ringwraith at a Darkhaven
    (or while it is not in play), +5 general influence and -2 to its direct influence, as its card says; the
    Ringwraith then stays home (the card is discarded if it moves, which the goldfish does not do while it is in
    play). `early`, before characters enter: The Lidless Eye or Sauron (+7, +10; no Ringwraith may be revealed
    after: "You are Sauron, not a Ringwraith"), Great Shadow on The Balrog (+6; discarded with him), Wizard's
    Myrmidon on a character under general influence (his mind less 3; discarded with him; his +1 direct
    influence is not played). What else
    these cards say is not played here (The Lidless Eye's extra card in hand: `rules.hand.hand_size`; Great
    Shadow's end-of-turn fetch: `turn.end.fetch_at_end`) or not at all (The Lidless Eye's sideboard fetch,
    Great Shadow's -2 prowess and -1 body, scout skill and followers)."""
    sim = g.sim
    if g.gi_bonus_kind is not None or sim.gi_change_kinds.isdisjoint(g.hand):
        return
    kinds = frozenset(k for k in sim.gi_change_kinds if (sim.gi_change[k].on != RINGWRAITH) == early)
    kind = g.player.general_influence_card(g, kinds)
    if kind is None:
        return
    change = sim.gi_change[kind]
    general = change.general
    if change.on == CHARACTER:                # Wizard's Myrmidon: the character he is played on
        g.gi_bonus_on, general = g.player.control_saving(g, kind)
        g.stage_points += sim.kinds[kind].stage_points or 0
    g.play_from_hand(kind)
    g.gain(kind)
    g.gi_bonus_kind = kind
    g.gi_max += general
    if change.on == SAURON:
        g.avatar_barred = True
    if g.observer is not None:
        g.observer.event(g, "play", f"{sim.kinds[kind].name}: {general:+d} general influence")


def take_mode(g) -> None:
    """coe 2.II.7.R1: the Ringwraith leaves its Darkhaven only in a mode, the one the player chooses."""
    sim = g.sim
    company = g.wraith_company()
    if g.mode is not None or company is None or not sim.site_dark_haven[company.site] \
            or g.gi_bonus_kind is not None:
        return
    if not any(sim.mode[k] is not None for k in g.hand):
        return
    wraith = next(c for c in company.characters if c.kind == g.avatar_kind)
    if any(c.controller is wraith for c in company.characters):
        return                              # its followers could not travel with it
    kind = g.player.mode_to_take(g, company, wraith)
    if kind is not None:
        g.spend(kind)
        g.mode = sim.mode[kind]


def join_at_havens(g) -> None:
    """Companies at the same haven join (coe 2.II.3.5), unless a card that cannot be duplicated in a given
    company would then be in it twice."""
    by_site = {}
    sim = g.sim
    for company in list(g.companies):
        first = by_site.get(company.site)
        if first is None:
            by_site[company.site] = company
        elif sim.site_is_haven[company.site] and may_join(sim, first, company):
            first.characters.extend(company.characters)
            g.companies.remove(company)
            company_size_discards(g, [first])      # coe 9.6.3: Alone and Unadvised goes as they join


def ringwraiths_apart(g) -> None:
    """coe 2.II.2.1.R3: only Ringwraiths may share a Ringwraith's company away from a Darkhaven.

    Before moving, the Ringwraith (with any followers it still controls) forms a company of its own."""
    avatar = g.sim.avatar
    for company in list(g.companies):
        wraiths = [c for c in company.characters if avatar[c.kind]]
        if not wraiths or len(wraiths) == len(company.characters):
            continue
        staying = wraiths + [c for c in company.characters if c.controller in wraiths]
        if len(staying) == len(company.characters):
            continue
        g.split_off(company, staying, first=True)
