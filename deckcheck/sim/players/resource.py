"""The resource player's choices, the written-down heuristics of docs/simulation.md: which character to bring
in, which card to keep, who bears what, which ring test is worth making, which mode to take, what to play at a
site. Each method answers one question the turn (`sim.turn`) asks and changes nothing; where a company goes is
`sim.players.movement`.
"""

from __future__ import annotations

from itertools import compress, islice

from deckcheck.sim.model import (
    ON_FACTION,
    ON_ITEM,
    ON_NONE,
    ON_PALANTIR,
    ON_UNIQUE_FACTION,
    ROLE_ALLY,
    ROLE_CHARACTER,
    ROLE_EVENT,
    ROLE_FACTION,
    ROLE_ITEM,
)
from deckcheck.sim.players.attacks import keeps_attack_cancel
from deckcheck.sim.players.characters import CharacterChoices, items_to_heirs
from deckcheck.sim.players.environments import EnvironmentChoices
from deckcheck.sim.players.movement import plan_moves, site_values
from deckcheck.sim.players.resource_events import keeps_resource_event
from deckcheck.sim.players.sideboard import sideboard_exchange, sideboard_fetch
from deckcheck.sim.players.site_choices import SiteChoices
from deckcheck.sim.rules.company import company_size
from deckcheck.sim.rules.influence import control_targets, controller_for, may_raise_influence
from deckcheck.sim.rules.keying import hazard_limit
from deckcheck.sim.rules.play import company_fits, may_bear, may_play, site_allows
from deckcheck.sim.rules.rings import (
    BEST_OF_TWO,
    TWO_DICE,
    allowed_rings,
    may_test_from_hand,
    ring_swap,
    rings_in_hand,
    site_phase_testers,
    test_bonus,
)
from deckcheck.sim.state import OCCUPIED, Character, holds_avatar

# Hazards we play on the opponent per turn when it plays no turn of its own: the hazard limit of a small company.
HAZARDS_PER_OPPONENT_TURN = 2
# The end-of-turn discard (coe 2.VI.i): a card kept at this rank or below is not worth its place in hand
# (hazards beyond the ones the opponent's turn uses, events worth no MP, cards that cannot be played).
DISCARD_AT_OR_BELOW = 1
# Our avatar not yet revealed: one copy in hand is kept before any other card (`keep_ranks`); the player goes to
# bring him in (`players.movement`), and his card is worth more than any one resource.
AVATAR_KEEP = 50
# A second copy of the avatar in hand, or any once he is revealed: dead, discarded first.
DEAD_KEEP = -10
# `cards_to_drop`'s sort key: a card kept for the site next is above any keep rank.
KEPT_HERE = 1 << 30


def _discard_special(sim, defence, cancellable: bool, opponent: bool) -> frozenset[int]:
    """The kinds `end_of_turn_discard` may keep against the hazards (`_kept_against_hazards`): a card cancelling
    a hazard while the hazards may be canceled; against an opponent, cards kept against its hazards. Once per
    deck, defence tables and situation (`SimDeck.memo`)."""
    key = ("discard_special", id(defence), cancellable, opponent)
    held, found = sim.memo.get(key, (None, None))
    if held is not defence:
        found = frozenset(k for k in range(len(sim.kinds)) if (cancellable and sim.cancels[k]) or (
            opponent and (k in sim.attack_cancel_kinds or k in defence.kept_event_kinds)))
        sim.memo[key] = (defence, found)
    return found


def _kept_against_hazards(g, kind: int) -> bool:
    """`end_of_turn_discard` values the card 2: kept against the hazards."""
    sim = g.sim
    return bool((sim.cancels[kind] and g.hazards.cancellable)
                or (kind in sim.attack_cancel_kinds and keeps_attack_cancel(g, kind))
                or (kind in g.defence.kept_event_kinds and keeps_resource_event(g, kind)))


def _derived_ranks(sim, rank: list[int], name, raised: frozenset[int], by: int) -> list[int]:
    """`rank` with the kinds `raised` raised `by`, per kind: once per deck, rank table and `name`d use
    (`SimDeck.memo`), so that the hand is ranked by a lookup per card."""
    key = ("derived_ranks", id(rank), name)
    held, found = sim.memo.get(key, (None, None))
    if held is not rank:
        found = [r + by if k in raised else r for k, r in enumerate(rank)]
        sim.memo[key] = (rank, found)
    return found


def _expected_ring(sim, gold: int, best: dict[str, int], shift: int | None, best_of_two: bool) -> float:
    """The expected MP of the best ring of the hand (`best`: MP by kind of ring) a test of the gold ring allows
    (no roll: `shift` None; else the roll, or the better of two, plus `shift`)."""
    def value(result: int | None) -> int:
        return max((best.get(name, 0) for name in allowed_rings(sim, gold, result)), default=0)

    if shift is None:
        return value(None)
    odds = BEST_OF_TWO if best_of_two else TWO_DICE
    return sum(p * value(roll + shift) for roll, p in odds.items())


def _drop_ranks(sim, rank: list[int], site: int | None, avatars: frozenset[int]) -> list[int]:
    """`cards_to_drop`'s key per kind where no card of the hand is dead: its rank, above every other where it
    is playable at `site` or is our avatar (`avatars`: those in hand, of which it holds one copy)."""
    if site is None and not avatars:
        return rank
    kept = (sim.site_playable_set[site] if site is not None else frozenset()) | avatars
    return _derived_ranks(sim, rank, (site, bool(avatars)), kept, KEPT_HERE)


def keep_ranks(sim, hazard_keep: list[int | None] | None) -> tuple[list[int], list[bool]]:
    """Each kind's keep rank (our own hazard's when we play the hazard side, else the deck's) and whether a
    unique one in play makes it dead (not an own hazard): one table per deck and player, as the hand is ranked
    several times a turn; memoized per deck and hazard ranks (`SimDeck.memo`: a game is too short to build it)."""
    key = ("keep_ranks", id(hazard_keep))
    held, found = sim.memo.get(key, (None, None))
    if found is None or held is not hazard_keep:
        own = hazard_keep or [None] * len(sim.kinds)
        rank = [sim.keep_value[k] if own[k] is None else own[k] for k in range(len(sim.kinds))]
        for k in avatar_kinds(sim):
            rank[k] = AVATAR_KEEP
        dead = [own[k] is None and bool(sim.unique[k]) for k in range(len(sim.kinds))]
        found = (rank, dead)
        sim.memo[key] = (hazard_keep, found)
    return found


# A card that cancels an attack, bonus to a strike... is kept at this rank while it may be used (`end_of_turn_discard`).
KEPT_AGAINST_HAZARDS = 2


def avatar_kinds(sim) -> frozenset[int]:
    """Our avatar's cards (coe 1.3.1: the Wizard, Ringwraith, Fallen-wizard or The Balrog as characters); once
    per deck (`SimDeck.memo`: each game's player asks)."""
    found = sim.memo.get("avatar_kinds")
    if found is None:
        found = sim.memo["avatar_kinds"] = frozenset(k for k in range(len(sim.kinds))
                                                     if sim.avatar[k] and sim.role[k] == ROLE_CHARACTER)
    return found


def spare_avatars(sim, hand: list[int], avatars: frozenset[int]) -> set[int]:
    """Indices of the hand's avatar cards beyond the first: one copy is all a player needs to bring him in."""
    spare, seen = set(), False
    for i, kind in enumerate(hand):
        if kind in avatars:
            if seen:
                spare.add(i)
            seen = True
    return spare


# Our own hazards kept at a hand reset when we play the hazard side too (`held_hazards`): those of at least this keep
# rank (`side.OWN_HAZARD_KEEP`: creatures, modelled events and corruption cards), up to what the opponent's next
# turn can take, rank as a card of this keep rank (a 2-MP character; above a 1-MP item, faction or ally).
HELD_HAZARD_MIN_RANK = 3
HELD_HAZARD_OVER_RANK = 6


def held_hazards(g, hazard_keep: list[int | None]) -> list[int]:
    """The indices of the hand's hazards that rank as `HELD_HAZARD_OVER_RANK` at a hand reset when we play our
    hazards on the opponent too: a player keeps in hand the
    hazards the opponent's next turn can take, the hazard limit of each of its companies (coe 2.IV.iii: the
    larger of 2 and the company's size) summed, at least `HAZARDS_PER_OPPONENT_TURN`; the best of ours first
    (creatures, then events and corruption cards the duel plays). A heuristic."""
    them = g.hazards.cards                 # the opponent's own game: it plays hazards on us from its hand
    companies = getattr(them, "companies", None)
    if companies is None:
        return []
    hand = g.hand
    held = held_kinds(g.sim, hazard_keep)
    if held.isdisjoint(hand):
        return []                          # none to hold: the opponent's room is not needed
    ranked = list(compress(range(len(hand)), map(held.__contains__, hand)))
    if len(ranked) <= HAZARDS_PER_OPPONENT_TURN:     # the least room there is: all of them are held
        return ranked if len(ranked) == 1 else sorted(ranked, key=lambda i: -hazard_keep[hand[i]])
    ranked.sort(key=lambda i: -hazard_keep[hand[i]])    # stable: ties in the hand's order
    return ranked[:opponent_hazard_room(them.sim, companies)]


def held_kinds(sim, hazard_keep: list[int | None]) -> frozenset[int]:
    """The kinds `held_hazards` may hold (a hazard rank of at least `HELD_HAZARD_MIN_RANK`): once per deck and
    hazard ranks (`SimDeck.memo`)."""
    key = ("held_kinds", id(hazard_keep))
    ranks, found = sim.memo.get(key, (None, None))
    if ranks is not hazard_keep:
        found = frozenset(k for k, r in enumerate(hazard_keep) if (r or 0) >= HELD_HAZARD_MIN_RANK)
        sim.memo[key] = (hazard_keep, found)
    return found


def opponent_hazard_room(sim, companies) -> int:
    """The hazards the opponent's next turn can take: the hazard limit of each of its companies summed, at least
    `HAZARDS_PER_OPPONENT_TURN`."""
    room = 0
    for company in companies:
        room += hazard_limit(company_size(sim, company.characters))
    return max(HAZARDS_PER_OPPONENT_TURN, room)


class ResourcePlayer(CharacterChoices, SiteChoices, EnvironmentChoices):
    """Today's heuristics for one deck (characters: `CharacterChoices`; what to play at a site: `SiteChoices`).
    `hazard_keep`: the hand rank of our own hazards when we also play the hazard side of a full game (`--both`),
    None when the hazard model plays our hazards."""

    def __init__(self, hazard_keep: list[int | None] | None = None):
        self.hazard_keep = hazard_keep
        self._tables = None                   # (sim, rank, dead once in play, avatar kinds): `_hand_tables`

    # ---- the hand ----------------------------------------------------------------------------------------

    def _hand_tables(self, sim) -> tuple[list[int], list[bool], frozenset[int]]:
        """(keep rank, dead once in play) per kind and the avatar kinds: what ranking the hand reads, per deck."""
        tables = self._tables
        if tables is None or tables[0] is not sim:
            tables = self._tables = (sim, *keep_ranks(sim, self.hazard_keep), avatar_kinds(sim))
        return tables[1:]

    def keep_value(self, g, kind: int) -> int:
        """How much a card is worth keeping in hand: discard lowest first (a unique card already in play is
        dead: -10)."""
        rank, dead, _avatars = self._hand_tables(g.sim)
        return -10 if dead[kind] and kind in g.used_unique else rank[kind]

    def end_of_turn_discard(self, g) -> int | None:
        """coe 2.VI.i: the one card not worth keeping (a unique already in play, a card that cannot be played
        here, an event worth no marshalling points, a hazard beyond the two the opponent's turn uses), if any."""
        hand = g.hand
        if not hand:
            return None
        sim = g.sim
        rank, dead, avatars = self._hand_tables(sim)
        special = _discard_special(sim, g.defence, bool(g.hazards.cancellable), g.opponent is not None)
        used = g.used_unique
        hazards = sim.hazard_kinds            # worth one more while few are held
        spare_hazards = not hazards.isdisjoint(hand) and sum(map(hazards.__contains__, hand)
                                                             ) <= HAZARDS_PER_OPPONENT_TURN
        held_avatar = avatars and not avatars.isdisjoint(hand)
        spare_avatar = held_avatar and sum(map(avatars.__contains__, hand)) > 1     # two copies: one is dead
        if not spare_avatar and special.isdisjoint(hand) and used.isdisjoint(hand):  # a lookup per card
            table = _derived_ranks(sim, rank, "spare hazards", hazards, 1) if spare_hazards else rank
            worst = min(hand, key=table.__getitem__)                                  # the first lowest
            return worst if table[worst] <= DISCARD_AT_OR_BELOW else None
        spare = spare_avatars(sim, hand, avatars) if spare_avatar else ()
        worst, worst_value = None, DISCARD_AT_OR_BELOW + 1
        for i, kind in enumerate(hand):
            value = DEAD_KEEP if (dead[kind] and kind in used) or i in spare else rank[kind]
            if spare_hazards and kind in hazards:
                value += 1
            elif kind in special and _kept_against_hazards(g, kind):
                value = KEPT_AGAINST_HAZARDS
            if value < worst_value:
                worst, worst_value = kind, value
        return worst

    def exchange_value(self, g, kind: int) -> int:
        """What a card of the discard pile is worth to the sideboard exchange at an exhaustion (coe 2.4): its
        keep rank, a card kept against the opponent's hazards (a cancel, a strike bonus...) as the end-of-turn
        discard keeps it."""
        value = self.keep_value(g, kind)
        if value <= DISCARD_AT_OR_BELOW and _kept_against_hazards(g, kind):
            return KEPT_AGAINST_HAZARDS
        return value

    def cards_to_drop(self, g, extra: int, site: int | None) -> list[int]:
        """The `extra` cards to discard down to the hand size: after a company's movement/hazard phase, cards
        playable at its `site` are kept before the others (its site phase comes next), and the cards companies stay at
        their sites for; so is one copy of our avatar not yet revealed (`AVATAR_KEEP`). When we play our hazards
        too, the hazards the opponent's next turn can take rank as a 2-MP character (`held_hazards`)."""
        held = held_hazards(g, self.hazard_keep) if self.hazard_keep is not None else ()
        sim = g.sim
        rank, dead, avatars = self._hand_tables(sim)
        used = g.used_unique
        hand = g.hand
        held_avatar = avatars and not avatars.isdisjoint(hand)
        if not g.staying_for and used.isdisjoint(hand) and not (
                held_avatar and sum(map(avatars.__contains__, hand)) > 1):    # (kept here, rank) as one lookup
            table = _drop_ranks(sim, rank, site, avatars if held_avatar else frozenset())
            if held:                           # hazards held by their place in hand: a key list
                keys = list(map(table.__getitem__, hand))
                for i in held:
                    keys[i] = max(keys[i], HELD_HAZARD_OVER_RANK)
                if extra == 1:                 # the first lowest, as a stable sort would put it
                    return [hand[keys.index(min(keys))]]
                return [hand[i] for i in sorted(range(len(hand)), key=keys.__getitem__)[:extra]]
            if extra == 1:                     # the first lowest, as a stable sort would put it
                return [min(hand, key=table.__getitem__)]
            return sorted(hand, key=table.__getitem__)[:extra]
        here = sim.site_playable_set[site] if site is not None else ()
        if g.staying_for:                      # and what a company stays at its site for
            here = set(here) | {k for _, k in g.staying_for}
        if held_avatar:
            spare = spare_avatars(sim, hand, avatars)
            keys = [(False, DEAD_KEEP) if i in spare or (dead[k] and k in used) else (k in here or k in avatars,
                                                                                     rank[k])
                    for i, k in enumerate(hand)]
        else:
            keys = [(k in here, DEAD_KEEP if dead[k] and k in used else rank[k]) for k in hand]
        for i in held:
            keys[i] = max(keys[i], (False, HELD_HAZARD_OVER_RANK))
        if extra == 1:                         # the first lowest, as a stable sort would put it
            return [hand[min(range(len(hand)), key=keys.__getitem__)]]
        return [hand[i] for i in sorted(range(len(hand)), key=keys.__getitem__)[:extra]]

    def sideboard_exchange(self, g, room: int) -> list[tuple[int, int]]:
        """[(out, in)]: the cards to exchange between discard pile and sideboard at an exhaustion (coe 2.4;
        `players.sideboard`)."""
        return sideboard_exchange(g, room)

    def sideboard_fetch(self, g) -> tuple[int, list[int]] | None:
        """(card, the sideboard's cards it brings into the play deck: Longbottom Leaf), or None
        (`players.sideboard`)."""
        return sideboard_fetch(g)

    def hazards_on_opponent(self, g, limit: int) -> list[int]:
        """The hazards we play on an opponent whose turns are not played: the first `limit` of the hand."""
        hazards = g.sim.hazard_kinds
        if hazards.isdisjoint(g.hand):
            return []
        return list(islice(filter(hazards.__contains__, g.hand), limit))

    # ---- organization: resources -----------------------------------------------------------------------

    def organization_bearer(self, g, kind: int):
        """(site, bearer) for an organization-phase resource: the site of the first company where it may be
        played and the character it is played on or by there (None: none needed); (None, False) if no one can."""
        sim = g.sim
        bearers = sim.bearers[kind]
        need_place = bool(sim.condition[kind] is not None and sim.condition[kind].at)
        on = sim.on[kind]
        played_at = None
        for company in g.companies:
            if need_place and not site_allows(g, kind, company.site):
                continue
            if sim.avatar_there[kind] and not holds_avatar(g, company):
                continue
            if not company_fits(g, company, kind):
                continue
            played_at = company.site
            for character in company.characters:
                if not may_bear(sim, character, kind):
                    continue
                if sim.taps_bearer[kind] and character.tapped:
                    continue
                if on == ON_PALANTIR and not any("Palant" in sim.kinds[h].name for c in company.characters
                                                 for h in c.holdings):
                    continue
                if on == ON_ITEM and not any(h in sim.on_items[kind] for h in character.holdings):
                    continue
                return played_at, character
            if bearers is None and on in (ON_NONE, ON_FACTION, ON_UNIQUE_FACTION) and not sim.taps_bearer[kind]:
                return played_at, None
        return played_at, False

    def ring_tester(self, g, company):
        """(who or what tests, (modifier, best of two rolls, no roll)) for a gold ring in this company: an untapped
        character with the ability, or a testing short-event from hand (in a sage's company if it says so)."""
        sim = g.sim
        for character in company.characters:
            tester = sim.tester[character.kind]
            if tester is not None and not character.tapped:
                return character, (tester.modifier, tester.best_of_two, tester.no_roll)
        sage = any("Sage" in sim.skills[c.kind] for c in company.characters)
        information = sim.sites[company.site].information
        for kind in g.hand:
            if not may_test_from_hand(sim, kind):
                continue
            tester = sim.tester[kind]
            if tester.site_phase:
                continue                          # played in the site phase (`site_ring_test`)
            if (sage or not tester.sage) and (information or not tester.information):
                return kind, (tester.modifier, tester.best_of_two, tester.no_roll)
        return None

    def site_ring_test(self, g, company):
        """Secrets of Their Forging or Ringlore from hand in the site phase, at an untapped site where
        Information is playable: (the card, the untapped sage who taps for it, the bearer, his gold ring), when
        the best special ring of the hand the gold ring could be tested for (no roll) is worth more MP than the
        gold ring plus what the site would take otherwise (the best card of the hand needing it untapped, which
        the tapped site no longer allows); None if not."""
        sim = g.sim
        site = company.site
        if not sim.sites[site].information or g.site_state[site] != OCCUPIED or sim.site_is_haven[site]:
            return None
        testers = site_phase_testers(g, company.characters)
        best = ring_swap(g, company.characters) if testers else None
        if best is None:
            return None
        other = self.best_play(g, company, site, True)
        if other is not None and sim.taps_site[other[0]] and sim.mp[other[0]] >= best[0]:
            return None
        kind = testers[0]
        sage = None
        if sim.tester[kind].sage:
            sage = min((c for c in company.characters if not c.tapped and c not in g.wounded
                        and "Sage" in sim.skills[c.kind]), key=lambda c: sim.mp[c.kind])
        return kind, sage, best[1], best[2]

    def worth_testing(self, g, company, gold: int, modifier: int, best_of_two: bool, no_roll: bool) -> bool:
        """The expected MP of the ring the test lets us play, over the test's odds, beat the gold ring's."""
        sim = g.sim
        best: dict[str, int] = {}
        for k in rings_in_hand(g, gold):
            best[sim.ring_kind[k]] = max(best.get(sim.ring_kind[k], 0), sim.mp[k])

        shift = None if no_roll else modifier + test_bonus(g, company)
        key = ("ring test worth", gold, tuple(sorted(best.items())), shift, best_of_two)   # memoized per deck
        expected = sim.memo.get(key)
        if expected is None:
            expected = sim.memo[key] = _expected_ring(sim, gold, best, shift, best_of_two)
        return expected > sim.mp[gold]

    def ring_to_play(self, g, allowed: set[str]) -> int | None:
        """The best special ring of the hand a test result allows."""
        sim = g.sim
        rings = [k for k in g.hand if sim.ring_kind[k] in allowed and may_play(g, k)]
        return max(rings, key=lambda k: sim.mp[k]) if rings else None

    def ring_to_lose(self, g, options: list[tuple]) -> tuple | None:
        """Rolled down to the Sea: of the rings we may discard, (character or None for the hand, kind), the one
        worth fewest MP, from the hand before one in play."""
        if not options:
            return None
        mp = g.sim.mp
        return min(options, key=lambda o: (mp[o[1]], o[0] is not None))

    def tries_to_remove(self, g, company, character) -> bool:
        """Foolish Words on him: he taps to roll it off at a haven, where tapping costs no site phase."""
        return bool(g.sim.site_is_haven[company.site])

    def general_influence_card(self, g, kinds) -> int | None:
        """Of the `kinds` in hand that raise general influence (Bade to Rule, The Lidless Eye, Great Shadow),
        the one the rules allow now that raises it most: always worth playing where it may be."""
        gi_change = g.sim.gi_change
        held = [k for k in dict.fromkeys(g.hand) if k in kinds and may_raise_influence(g, k)]
        return max(held, key=lambda k: gi_change[k].general or self.control_saving(g, k)[1], default=None)

    def control_saving(self, g, kind: int):
        """(character, general influence freed): the character to play a card such as Wizard's Myrmidon on, the
        one whose mind frees most (his mind less what he then requires)."""
        sim = g.sim
        control = sim.gi_change[kind].control
        return max(((c, sim.mind[c.kind] - control) for c in control_targets(g, kind)), key=lambda t: t[1],
                   default=(None, 0))

    def mode_to_take(self, g, company, wraith: Character) -> int | None:
        """coe 2.II.7.R1: the mode card to play, when the hand holds a card the Ringwraith alone could play at a
        site one starter move away (the mode giving most direct influence first, its sites valued under it)."""
        sim = g.sim
        modes = [k for k in g.hand if sim.mode[k] is not None]
        if not modes:
            return None
        best = None
        for kind in sorted(modes, key=lambda k: -sim.mode[k][1]):
            g.mode = sim.mode[kind]
            value = max((v for s, v in site_values(g, [wraith]).items()
                         if s in sim.starter[company.site] and not sim.site_is_haven[s]), default=0)
            g.mode = None
            if value > 0 and (best is None or value > best[1]):
                best = (kind, value)
        return best[0] if best is not None else None

    def transfers_on_elimination(self, g, company, items: list[int], heirs: list, points_of) -> list[tuple]:
        """[(item, heir)] as a character of the company is eliminated by a body check (coe 3.I.2): `items_to_heirs`
        (`CharacterChoices` is at its 300 lines)."""
        return items_to_heirs(g, company, items, heirs, points_of)

    def plan_moves(self, g):
        """[(company, destination)]: where each company moves (sim.players.movement)."""
        return plan_moves(g)

    def sudden_call(self, g) -> int | None:
        """Sudden Call from hand, to call the game with (coe 10.2.R1, B1)."""
        sudden = g.sim.sudden_call
        return next((k for k in g.hand if sudden[k]), None)

    def opening_summary(self, g) -> tuple[bool, bool, bool]:
        """(a character in hand, one playable at the start, a resource playable within two moves)."""
        sim = g.sim
        kinds = set(g.hand)
        character = any(sim.role[k] == ROLE_CHARACTER for k in kinds)
        site = g.companies[0].site if g.companies else sim.start_site
        playable = any(
            sim.role[k] == ROLE_CHARACTER and not (sim.unique[k] and k in g.used_unique)
            and site in sim.character_sites[k] and controller_for(g, k, site) is not False
            for k in kinds)
        reachable = any(sim.play_sites[k] & sim.near for k in kinds
                        if sim.role[k] in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY, ROLE_EVENT))
        return character, playable, reachable
