"""The hazard player's choices of hazard events (heuristics; the rules they apply are `rules.events` and the turn
`turn.events`). A mixin of `HazardPlayer`, reading its tables (`self.tables`) and hand (`self.cards.hand`):

- Twilight (not counting against the hazard limit) cancels a resource environment in play (Gates of Morning)
  before anything else;
- before its creatures: Doors of Night, when no copy is in play and the hand holds a card it helps (a creature
  with keys under it, a card that needs it or does more with it, a Dragon "Ahunt" with more regions under
  it); a Dragon "Ahunt" whose regions the company moves in (it attacks it at once); an attack boost that a
  creature it plays now, or the new site's automatic-attacks, would get; a hazard-limit card is used
  (Daelomin at Home discarded, Power Built by Waiting tapped) when the hand holds more playable hazards than
  the limit leaves room for;
- after them, with the limit left: a movement stopper that returns the company (Long Winter, Snowstorm), River
  on a company with no ranger, then Doors of Night, the boosts, the hazard-limit cards and a Dragon's "at
  Home" for later;
- on a company that does not move: Heedless Revelry, when two of its untapped characters or more could tap;
- after the creatures, with the limit left, on a moving company: Tidings of Bold Spies when its new site has
  automatic-attacks; Seized by Terror or Faces of the Dead (when the hand holds an Undead creature to discard
  with it) on the character most likely to split off (the likelier of two, then the one worth more MP), when
  that is at least one chance in four; An Unexpected Outpost when the discard pile
  holds a creature (the most threatening come back first);
- before the creatures, with room for a creature after it: Revealed to all Watchers when the hand holds two
  non-hazard cards or more (they go on top of the play deck, the hand is drawn up with what comes);
- last, with the limit left: Foolish Words on the character with most direct influence; Rolled down to the Sea
  (a ring seen on a company, or one in the hand);
- Summons from Long Sleep, From the Pits of Angband and Exhalation of Decay: `players.creature_events`;
- on-guard, when no creature is placed there and the limit leaves room: Unabated in Malice, revealed on the
  most threatening automatic-attack of the site as the company enters;
- on-guard (`HazardPlayer.on_guard_creature`, one card per movement/hazard phase, counting against the limit):
  a creature it would play now that may be keyed to the new site itself, when the site has automatic-attacks
  (it attacks after them, on a company they have tapped or wounded, and comes back to hand if the company does
  not enter). An attack boost that would affect those automatic-attacks is played at once instead (it lasts,
  and applies to them all the same), so no event is placed on-guard.
"""

from __future__ import annotations

from itertools import compress

from deckcheck.sim.rules.events import (
    DOORS,
    HAZARD_ENVIRONMENTS_DISCARDED,
    boost_of,
    hazards_recycled,
    may_be_seized,
    region_attack,
    returns_to_origin,
    split_off_chance,
    with_wildernesses,
)

# Seized by Terror is played when its best target splits off at least this often (a heuristic).
SEIZE_AT_LEAST = 0.25

# Revealed to all Watchers is played when the hand holds at least this many non-hazard cards (a heuristic).
CYCLE_AT_LEAST = 2

# What each card of the opponent's play deck is to the hazard player (`opponent.hazard_tables`).
CREATURE, CORRUPTION, UNMODELLED, RESOURCE, EVENT, AGENT = range(6)


class EventChoices:
    """Which hazard events to play on one company, in order (a mixin of `HazardPlayer`)."""

    def _events(self, effect: str) -> list[int]:
        """The hazard events of the hand with this effect, in the hand's order. A hazard phase asks for one
        effect after another while the hand stays as it is: the hand's events by effect are sorted out once
        per hand (`_events_seen`: a copy of the hand it was done for); an effect no card of the deck has is
        answered at once (`HazardTables.effects`)."""
        if effect not in self.tables.effects:
            return []                          # no card of the deck has it
        hand = self.cards.hand
        seen = self._events_seen
        if seen is None or seen[0] != hand:
            by_effect: dict[str, list[int]] = {}
            for kind in compress(hand, map(self.tables.event_effect.__getitem__, hand)):
                by_effect.setdefault(self.tables.event_effect[kind], []).append(kind)
            seen = self._events_seen = (list(hand), by_effect)
        found = seen[1].get(effect)
        return list(found) if found else []

    def _playable(self, kind: int, board) -> bool:
        """Doors of Night in play if the card needs it; a unique card or one that "cannot be duplicated" not
        in play already."""
        spec = self.tables.event[kind]
        if spec.needs_doors and not board.doors:
            return False
        card = self.tables.cards[kind]
        return not ((spec.not_duplicated or card.unique) and board.holds_card(card.id))

    def environment_to_cancel(self, board, own: int):
        """Twilight on a resource environment in play (the opponent's Gates of Morning): (Twilight, entry)."""
        targets = [e for e in board.events if e[3] != own and e[1].effect == HAZARD_ENVIRONMENTS_DISCARDED]
        twilight = self._events("cancel_environment")
        return (twilight[0], targets[0]) if targets and twilight else None

    def doors_helps(self) -> bool:
        """The hand holds a card that Doors of Night helps (a creature with more keys under it, an event that
        needs it or does more with it: `HazardTables.doors_help_kinds`)."""
        return not self.tables.doors_help_kinds.isdisjoint(self.cards.hand)

    def doors_card(self, board, owner: int) -> int | None:
        """Doors of Night, else Peril Returned (Doors of Night considered in play, and no environment: Gates of
        Morning and Twilight do not remove it), when Doors of Night is not in play already."""
        if board.doors:
            return None
        return next((k for k in self._events(DOORS) + self._events("doors_considered") if self._playable(k, board)),
                    None)

    def withered_lands(self, board, move, keyable) -> tuple[int, object] | None:
        """Withered Lands (under Doors of Night): (card, the move with one region as two Wildernesses) when that
        lets the hand key more creatures to this company (`keyable(move)`: how many, how threatening)."""
        cards = [k for k in self._events("wildernesses") if self._playable(k, board)]
        if not cards:
            return None
        altered = with_wildernesses(move)
        if altered is None or keyable(altered) <= keyable(move):
            return None
        return cards[0], altered

    def boosts_for(self, board, owner: int, races: list[tuple[str, ...]], automatic: list[tuple[str, ...]],
                   site_type: str) -> list[int]:
        """Attack boosts in hand that an attack about to be faced would get (creatures' races, the new site's
        automatic-attacks' races), one copy of each."""
        out, seen = [], set()
        for k in self._events("attack_boost"):
            spec = self.tables.event[k]
            if tuple(spec.facts.get("races") or ()) in seen or not self._playable(k, board):
                continue
            if any(boost_of(spec, r, False, site_type, board.doors) for r in races) or any(
                    boost_of(spec, r, True, site_type, board.doors) for r in automatic):
                out.append(k)
                seen.add(tuple(spec.facts.get("races") or ()))
        return out

    def spare_boosts(self, board, owner: int) -> list[int]:
        """Boosts to put in play with limit to spare (they last), one of each."""
        out, names = [], set()
        for k in self._events("attack_boost"):
            name = self.tables.cards[k].name
            if name not in names and self._playable(k, board):
                out.append(k)
                names.add(name)
        return out

    def ahunt(self, board, move) -> int | None:
        """A Dragon "Ahunt" from hand (none of it in play) whose regions this company moves in: played now, it
        attacks the company at once (and every company moving there until it goes)."""
        for k in self._events("region_attack"):
            if self._playable(k, board) and region_attack(self.tables.event[k], move, board.doors) is not None:
                return k
        return None

    def stopper(self, board, owner: int, move, skills: frozenset[str]) -> int | None:
        """Long Winter or Snowstorm that would return this moving company to its site of origin."""
        for k in self._events("return_to_origin"):
            if self._playable(k, board) and returns_to_origin(self.tables.event[k], move, skills,
                                                                     board.doors):
                return k
        return None

    def river(self, ranger_untapped: bool) -> int | None:
        rivers = self._events("no_site_phase")
        return rivers[0] if rivers and not ranger_untapped else None

    def at_home_cards(self, board, owner: int) -> list[int]:
        """A Dragon's "at Home" to put in play with limit to spare (it lasts: its lair's added automatic-attack and
        its global effect), one (unique, not in play)."""
        return [k for k in self._events("at_home") if self._playable(k, board)][:1]

    def limit_cards(self, board, owner: int) -> list[int]:
        """Hazard-limit cards in hand to put in play (Daelomin at Home, Power Built by Waiting)."""
        return [k for k in self._events("hazard_limit") if self._playable(k, board)][:1]

    def has_events(self) -> bool:
        """The hand holds a hazard event the simulation plays (else the phase skips their choices)."""
        return not self.tables.event_kinds.isdisjoint(self.cards.hand)

    def limit_raise(self, board, owner: int):
        """A hazard-limit card in play to use now: (entry, raise), None if none."""
        for entry in board.events:
            kind, spec, _d, o, _id = entry
            if o == owner and spec.effect == "hazard_limit" and (spec.facts.get("use") == "discard"
                                                                 or (o, kind) not in board.tapped):
                return entry, spec.facts.get("raise", 1)
        return None

    def revelry(self, candidates: int) -> int | None:
        """Heedless Revelry on a company that does not move, if two of its characters or more could tap."""
        cards = self._events("tap_not_moving")
        return cards[0] if cards and candidates >= 2 else None

    def tidings(self, automatic_attacks: int) -> int | None:
        """Tidings of Bold Spies on a company moving to a site with automatic-attacks."""
        if automatic_attacks <= 0:
            return None
        cards = self._events("duplicate_automatic_attacks")
        return cards[0] if cards else None

    def terror_target(self, move, candidates, ringwraith: bool = False) -> tuple[int, object] | None:
        """Seized by Terror or Faces of the Dead: (card, character) for the candidate most likely to split off
        (then the one worth more MP), if that is at least `SEIZE_AT_LEAST`; `candidates` are (character, mind,
        MP, Wizard-or-Ringwraith); `ringwraith`: our avatars are Ringwraiths. A card that costs the discard of a
        creature (Faces of the Dead: an Undead) only while the hand holds one besides."""
        best, best_key = None, None
        for card in dict.fromkeys(self._events("split_off")):
            spec = self.tables.event[card]
            if spec.facts.get("discard_race") and self.split_off_cost(card) is None:
                continue
            for character, mind, mp, avatar in candidates:
                if not may_be_seized(spec, move, avatar, ringwraith):
                    continue
                key = (split_off_chance(spec, mind), mp)
                if best_key is None or key > best_key:
                    best, best_key = (card, character), key
        if best is None or best_key[0] < SEIZE_AT_LEAST:
            return None
        return best

    def split_off_cost(self, card: int) -> int | None:
        """The creature of the race the card names to discard from hand with it: the least threatening."""
        race = self.tables.event[card].facts.get("discard_race")
        if race is None:
            return None
        t = self.tables
        fit = [k for k in self.cards.hand if t.use[k] == CREATURE and race in t.creature[k].races]
        return min(fit, key=lambda k: t.creature[k].threat) if fit else None

    def watchers(self, room: int) -> int | None:
        """Revealed to all Watchers when the hand holds `CYCLE_AT_LEAST` non-hazard cards or more, the play deck
        holds cards to draw, and the limit leaves `room` for a hazard drawn in their place (two or more)."""
        cards = self._events("cycle_non_hazards")
        if not cards or room < 2 or not self.cards.deck:
            return None
        return cards[0] if len(self.non_hazards()) >= CYCLE_AT_LEAST else None

    def ring_card(self) -> int | None:
        """Rolled down to the Sea, with limit to spare: a ring on one of our companies is seen, one in our hand
        may be there."""
        cards = self._events("discard_ring")
        return cards[0] if cards else None

    def foolish_words(self, candidates) -> tuple[int, object] | None:
        """Foolish Words, with the limit left after the creatures and the other events, on the character of the
        company with most direct influence (then most MP) without one already, if he has any: (card,
        character). `candidates` are (character, direct influence, MP, holds one already)."""
        cards = self._events("influence_penalty")
        if not cards:
            return None
        fit = [(di, mp, c) for c, di, mp, held in candidates if not held and di > 0]
        if not fit:
            return None
        return cards[0], max(fit, key=lambda f: (f[0], f[1]))[2]

    def on_guard_event(self) -> int | None:
        """With no creature placed on-guard and limit to spare, at a site with automatic-attacks: Unabated in
        Malice, placed on-guard (it may be revealed on one of those attacks, coe 2.V.i)."""
        cards = self._events("boost_automatic_attack")
        return cards[0] if cards else None

    def attack_to_boost(self, attacks) -> int:
        """Of the automatic-attacks faced, the one to boost: the most threatening (prowess + 2 per strike)."""
        return max(range(len(attacks)), key=lambda i: attacks[i][0].prowess + 2 * attacks[i][0].strikes)

    def outpost(self, board) -> tuple[int, list[int]] | None:
        """An Unexpected Outpost when the discard pile holds a creature: (card, the hazards it brings back, the
        most threatening creatures first)."""
        cards = self._events("recycle_hazard")
        if not cards:
            return None
        t = self.tables
        creatures = sorted((k for k in self.cards.discard if t.use[k] == CREATURE),
                           key=lambda k: -t.creature[k].threat)
        if not creatures:
            return None
        return cards[0], creatures[:hazards_recycled(t.event[cards[0]], board.doors)]
