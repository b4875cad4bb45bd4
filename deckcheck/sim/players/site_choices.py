"""The resource player's choices in the site phase (coe 2.V): which card to play at the site now and who plays
it, the influence bonuses to spend, the additional minor item, and the card that cancels a hazard."""

from __future__ import annotations

from itertools import filterfalse
from operator import attrgetter

from deckcheck.sim.model import NEED_TAPPED, NEED_UNTAPPED, ON_ITEM, ROLE_ALLY, ROLE_FACTION, ROLE_ITEM
from deckcheck.sim.players.attacks import (
    STAY_UNTAPPED_ODDS,
    attack_cancel,
    cards_attacks_tapper,
    taps_to_cancel_strike,
    worth_entering,
    worth_the_cards_attacks,
)
from deckcheck.sim.players.factions import (
    discard_bonus,
    hand_boosts,
    item_to_discard,
    keeps_under_leader,
    odds_of_check,
    worth_attempting,
)
from deckcheck.sim.players.resource_events import (
    card_draw,
    character_by_event,
    corruption_bonus,
    corruption_checks_loss,
    creature_stopper,
    end_of_turn_fetch,
    fetch,
    hazard_discard,
    mp_raise,
    strike_bonus,
)
from deckcheck.sim.players.support import (
    corruption_supporters,
    council_supporters,
    strike_supporters,
    tap_to_cancel,
)
from deckcheck.sim.rules.combat import Attack, assign_strikes, defender_of, modified_prowess
from deckcheck.sim.rules.influence import boost_value, check_bonus, p_check_above, unused_di_of
from deckcheck.sim.rules.play import company_fits, may_bear, may_play, requirements_met, rival_holds, site_allows
from deckcheck.sim.rules.rings import ring_swap
from deckcheck.sim.state import OCCUPIED, Character, holds_avatar

_tapped = attrgetter("tapped")


def faction_influencer(g, ready: list, kind: int) -> tuple:
    """(the character of `ready` with the best check on the faction, the first such, and his odds) if he would
    attempt it now (`worth_attempting`), else (False, None)."""
    if not ready:
        return False, None
    checks = [check_bonus(g, c, kind) + hand_boosts(g, c) + discard_bonus(g, c, kind)    # boosts, items:
              for c in ready]                                                             # spent as needed
    best = max(checks)
    influencer = ready[checks.index(best)]
    odds = odds_of_check(g, kind, best, 0)        # `faction_odds`, the check known
    return (influencer, odds) if worth_attempting(g, influencer, kind, odds) else (False, None)


class SiteChoices:
    """Part of `ResourcePlayer`: its choices at a site."""

    def best_play(self, g, company, site: int, untapped: bool, entering: bool = False
                  ) -> tuple[int, Character | None] | None:
        """The best card of the hand playable here now, and who plays it; None if nothing is. While the site is
        untapped, what needs it untapped goes first; then by MP (a faction's times its odds). `entering`: before
        the site's automatic-attacks."""
        sim = g.sim
        best = None
        best_key = None
        here = sim.site_playable_set[site]
        made = site in g.made_havens and sim.made_haven_kinds
        hand = set(g.hand)
        if not made and here.isdisjoint(hand):
            return None
        reserved = self.reserved_for_others(g, company) if g.staying_for else ()
        unplayable, unique, plain, used = sim.unplayable, sim.unique, sim.plain_play, g.used_unique
        site_need, avatar_there, play_attacks = sim.site_need, sim.avatar_there, sim.play_attacks
        if made:
            hand = [k for k in hand if k in here or (k in sim.made_haven_kinds and site_allows(g, k, site))]
        for kind in (hand if made else filter(here.__contains__, hand)):     # in the hand's order
            if kind in reserved:
                continue                          # another company stays at its site for it
            # `may_play`, inlined
            if unplayable[kind] is not None or (unique[kind] and (kind in used or rival_holds(g, kind))) or not (
                    plain[kind] or requirements_met(g, kind)):
                continue
            if (sim.makes_haven[kind] and site in g.made_havens) or (
                    sim.protects[kind] and site in g.protected_sites):
                continue                          # "cannot be duplicated on a given site"
            need = site_need[kind]
            if (need == NEED_UNTAPPED and not untapped) or (need == NEED_TAPPED and untapped):
                continue
            if best_key is not None and (need == NEED_UNTAPPED, max(sim.mp[kind], 0), -need) <= best_key:
                continue                          # worth at most its MP (a faction: times odds): not better
            if avatar_there[kind] and not holds_avatar(g, company):
                continue
            if not company_fits(g, company, kind):
                continue
            if play_attacks[kind] and not worth_the_cards_attacks(g, company, kind, entering):
                continue
            actor, odds = self.actor_and_odds(g, company, kind)
            if actor is False:
                continue
            worth = sim.mp[kind]
            if odds is not None:
                worth *= odds                     # a faction: what the attempt is expected to bring
            key = (need == NEED_UNTAPPED, worth, -need)
            if best_key is None or key > best_key:
                best, best_key = (kind, actor), key
        return best

    def reserved_for_others(self, g, company=None) -> frozenset[int]:
        """The cards of the hand that companies other than `company` stay at their sites to play (every copy
        of the hand so claimed): nobody else plays them this turn."""
        claims: dict[int, int] = {}
        for other, kind in g.staying_for:
            if other is not company:
                claims[kind] = claims.get(kind, 0) + 1
        return frozenset(k for k, n in claims.items() if g.hand.count(k) <= n)

    def enters_site(self, g, company) -> int | None:
        """coe 2.V: enter the site (and face its automatic-attacks) only if the hand holds a card to play there
        now worth the characters the attacks may cost: that card, None not to enter (a company that does not
        enter plays nothing there)."""
        site = company.site
        choice = self.best_play(g, company, site, g.site_state[site] == OCCUPIED, entering=True)
        if choice is None and g.sim.site_testers and not g.sim.site_testers.isdisjoint(g.hand):
            swap = self.site_ring_test(g, company)     # Secrets of Their Forging, Ringlore: the ring they bring
            if swap is not None and worth_entering(g, company, ring_swap(g, company.characters)[0]):
                return swap[0]
        if choice is None or not worth_entering(g, company, g.sim.mp[choice[0]], needs_actor=choice[1] is not None):
            return None
        return choice[0]

    def cards_attacks_tapper(self, g, company, kind: int):
        """Who is to tap for a card whose play makes the company face attacks (he takes -3 to stay untapped)."""
        return cards_attacks_tapper(g, company, kind)

    def shield_from_strikes(self, g, company, kind: int) -> frozenset[int]:
        """coe 3.ii: the defending player assigns the strikes. Entering to play `kind`, he keeps the character
        who is to play it (the faction's influencer, the item's bearer...) out of them while others can take
        them: indices into the company, empty for a card nobody plays."""
        actor = cards_attacks_tapper(g, company, kind) if g.sim.play_attacks[kind] else self.actor(g, company, kind)
        if not actor:
            return frozenset()
        return frozenset(i for i, c in enumerate(company.characters) if c is actor)

    def stay_untapped(self, g, company, attack: Attack, kind: int,
                      shielded: frozenset[int] = frozenset()) -> frozenset[int]:
        """coe 3.iv.3: which characters (indices into the company) take -3 to stay untapped, entering to play
        `kind`. Against a detainment attack every character does (it risks no wound). Otherwise, when every
        character able to play the card faces a strike, the one of them with the best odds of not being wounded at
        -3 does, if those odds are at least even (a failed or tied strike leaves it untapped); else nobody. For a
        card whose play makes the company face attacks, the character chosen to tap for it does, always (as
        `worth_the_cards_attacks` reckoned)."""
        if g.sim.play_attacks[kind]:
            tapper = cards_attacks_tapper(g, company, kind)
            return frozenset(i for i, c in enumerate(company.characters) if c is tapper)
        actor = self.actor(g, company, kind)
        if not actor:
            return frozenset()                 # a card nobody plays (an event): nobody needs to stay untapped
        characters = company.characters
        if attack.detainment:                  # no wound to risk: everyone keeps the chance to stay untapped
            return frozenset(range(len(characters)))
        bearers = g.sim.bearers[kind]
        if g.sim.role[kind] == ROLE_FACTION:   # only its influencer's check is worth the attempt
            able = [i for i, c in enumerate(characters) if c is actor]
        else:
            able = [i for i, c in enumerate(characters) if not c.tapped and (bearers is None or c.kind in bearers)]
        if bearers is None and not attack.each_character_faces_strike and attack.strikes < len(able):
            return frozenset()                 # the strikes go to some, the others stay untapped anyway
        defenders = [defender_of(g, c) for c in characters]
        excess = dict(assign_strikes(attack, defenders, shielded))   # who faces a strike, and the excess
        if not able or any(i not in excess for i in able):          # strikes allocated to him (coe 3.iv.2)
            return frozenset()                 # nobody can play it, or someone able faces no strike

        best, best_odds = None, -1.0
        for i in able:                         # the best odds, the first such character
            one = defenders[i]
            prowess = modified_prowess(one.prowess, tapped=one.tapped, wounded=one.wounded, excess=excess[i],
                                       stay_untapped=True, stay_penalty=one.stay_penalty)
            odds = p_check_above(attack.prowess - prowess - 1)
            if odds > best_odds:
                best, best_odds = i, odds
        return frozenset({best}) if best_odds >= STAY_UNTAPPED_ODDS else frozenset()

    def actor(self, g, company, kind: int):
        """Who plays the card: the influencer of a faction (the best check, if worth attempting now), the
        bearer of an item or ally (least unused direct influence), the character an event needs; None for an event
        that needs nobody; False if no one can."""
        return self.actor_and_odds(g, company, kind)[0]

    def actor_and_odds(self, g, company, kind: int) -> tuple:
        """(`actor`, the odds of his influence check for a faction he attempts, else None)."""
        sim = g.sim
        bearers = sim.bearers[kind]
        role = sim.role[kind]
        if role != ROLE_FACTION and role != ROLE_ITEM and role != ROLE_ALLY and not sim.taps_bearer[kind]:
            if bearers is not None:           # an event: the character it needs, or nobody
                present = [c for c in company.characters if c.kind in bearers]
                return (present[0] if present else False), None
            return None, None
        if bearers is None and not sim.once_per_character[kind]:      # anyone may bear it (`may_bear`)
            ready = list(filterfalse(_tapped, company.characters))
        else:
            ready = [c for c in company.characters if not c.tapped and may_bear(sim, c, kind)]
        if role == ROLE_FACTION:
            return faction_influencer(g, ready, kind)
        if sim.on[kind] == ON_ITEM:
            ready = [c for c in ready if any(h in sim.on_items[kind] for h in c.holdings)]
        if not ready:
            return False, None
        return (ready[0] if len(ready) == 1 else min(ready, key=unused_di_of(g))), None

    def places_under_leader(self, g, company, kind: int, leader) -> bool:
        """Whether the Orc or Troll leader who influenced the faction keeps it under his control (the site stays
        untapped; he must then stay: `players.factions.keeps_under_leader`)."""
        return keeps_under_leader(g, company, kind, leader)

    def boosts_to_spend(self, g, actor=None) -> list[int]:
        """Short-events of the hand that add to the `actor`'s influence attempt, the largest first (spent only
        while the attempt would fail): the plain boosts, and the best card that lets him use his prowess instead
        of his unused direct influence (Threats; one, as it replaces his influence once)."""
        boost = g.sim.boost
        out = [k for k in g.hand if boost[k]]
        d = g.defence
        if actor is not None and d is not None and not d.prowess_influence_kinds.isdisjoint(g.hand):
            best = max(d.prowess_influence_kinds.intersection(g.hand), key=lambda k: boost_value(g, actor, k))
            if boost_value(g, actor, best) > 0:
                out.append(best)
        return sorted(out, key=lambda k: -boost_value(g, actor, k) if actor is not None else -boost[k])

    def item_to_discard(self, g, actor, faction: int, short: int) -> int | None:
        """The item the influencer discards to turn his failed check on the faction into a success (the
        Dragons "Roused": "influencer discards a major item (+3) or a greater item (+6)"), None to let it fail."""
        return item_to_discard(g, actor, faction, short)

    def additional_item(self, g, company, site: int):
        """(item, bearer) for the additional minor item a site-tapping resource allows (coe 2.V.5; any item
        playable at an Under-deeps site, 2.V.5.1), None if none."""
        sim = g.sim
        ready = [c for c in company.characters if not c.tapped]
        under = sim.site_under_deeps[site]
        for kind in list(g.hand):
            if not ready:
                break
            if sim.role[kind] != ROLE_ITEM or not may_play(g, kind) or not company_fits(g, company, kind):
                continue
            if not ((sim.item_bit[kind] == 1 and sim.play_sites[kind]) or (under and site in sim.play_sites[kind])):
                continue
            bearer = next((c for c in ready if may_bear(sim, c, kind)), None)
            if bearer is None:
                continue
            return kind, bearer
        return None

    def cancel_card(self, g) -> int | None:
        """A resource short-event worth no MP in hand (Concealment, Dodge...) to cancel one hazard effect."""
        cancels = g.sim.cancels
        return next((k for k in g.hand if cancels[k]), None)

    def attack_cancel(self, g, company, attack, points_of=None, creature: bool = False):
        """(card, character) to cancel an attack on the company before strikes are assigned, None to face it;
        an attack whose every character checks corruption first (Corpse-candle) counts those checks' odds too
        (`points_of(character)`: his corruption points). `creature`: the attack is a hazard creature's only one
        (a card may make it an ally)."""
        extra = corruption_checks_loss(g, company, points_of) if attack.company_check and points_of else 0.0
        return attack_cancel(g, company, attack, extra, creature)

    def taps_to_cancel_strike(self, g, attack, one, excess: int) -> bool:
        """Whether the ally that may cancel this strike on its bearer taps for it (Noble Steed)."""
        return taps_to_cancel_strike(attack, one, excess)

    def tap_to_cancel(self, g, company, attack):
        """The character who taps to cancel one of the creature's attacks its card lets him (Slayer), or None."""
        return tap_to_cancel(g, company, attack)

    def strike_bonus(self, g, character, attack, defender, excess: int, stay: bool, keep_untapped: bool):
        """The strike-bonus card to play on `character` facing a strike (coe 3.iv), None for none."""
        return strike_bonus(g, character, attack, defender, excess, stay, keep_untapped)

    def creature_stopper(self, g, company, dest: int | None):
        """(card, character) to keep hazard creatures off the company this turn (Stealth...), or None."""
        return creature_stopper(g, company, dest)

    def character_by_event(self, g):
        """(card, (kind, site, controller)) to bring a character into play at a site with a card (We Have Come
        to Kill...), or None."""
        return character_by_event(g)

    def corruption_bonus(self, g, company, character, points: int, modifier: int):
        """(card, what it adds) to play on a corruption check before its roll, or None."""
        return corruption_bonus(g, company, character, points, modifier)

    def card_draw(self, g) -> int | None:
        """The card that draws cards (Dark Tryst) to play in the organization phase, or None."""
        return card_draw(g)

    def fetch(self, g):
        """(card, discarded cards) to bring back into the play deck (Smoke Rings...), or None."""
        return fetch(g)

    def end_of_turn_fetch(self, g) -> list[int]:
        """The discarded cards a card in play lets us shuffle into the play deck now (Great Shadow)."""
        return end_of_turn_fetch(g)

    def mp_raise(self, g) -> int | None:
        """The stage card that makes our cards worth more (Great Patron) to play in the organization phase, or
        None."""
        return mp_raise(g)

    def strike_support(self, g, company, characters, attack, index: int, one, excess: int, stay: bool,
                       able: list[int], shielded: frozenset[int] = frozenset()) -> list[int]:
        """The characters (indices) who tap to support the one facing a strike (coe 3.iv.4)."""
        return strike_supporters(g, company, characters, attack, index, one, excess, stay, able, shielded)

    def corruption_support(self, g, company, character, points: int, modifier: int, when: str) -> list:
        """The other characters of the company who tap to support his corruption check (coe 7.1.1)."""
        return corruption_supporters(g, company, character, points, modifier, when)

    def council_support(self, g, company, checks: list[tuple]) -> list[tuple]:
        """The Free Council's checks of the company in order, each with who taps to support it (coe 10.3.i)."""
        return council_supporters(g, company, checks)

    def hazard_discard(self, g, points_of):
        """(card, company, character, target) to discard a hazard permanent-event at the end of the turn, or
        None; `points_of(character)`: his corruption points."""
        return hazard_discard(g, points_of)
