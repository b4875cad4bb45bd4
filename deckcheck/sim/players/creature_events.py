"""The hazard player's choices of the hazard events that move its creatures between piles (heuristics; the turn
applies them, `turn.events` and `turn.hazards`): a mixin of `HazardPlayer`, beside `EventChoices`, reading its
tables (`self.tables`) and hand (`self.cards`):

- Exhalation of Decay: the most threatening creature of its race in the discard pile that may be keyed to this
  company (not as detainment where another may) attacks at once;
- From the Pits of Angband: played when its discard pile holds a creature it would take back;
- Summons from Long Sleep: played when none of ours in play holds nothing and the hand holds a creature of its
  races; a creature set aside with each of ours holding none; a reserved creature played on a company it may be
  keyed to, before those of the hand or in place of the least threatening of them.
"""

from __future__ import annotations

from deckcheck.sim.players.hazard_events import CREATURE
from deckcheck.sim.rules.events import recycled_at_end_of_turn


class CreatureEventChoices:
    """Which creature-moving hazard events to play (a mixin of `HazardPlayer`, with `EventChoices`)."""

    def from_discard(self, board, move, defender_alignment: str) -> tuple[int, int, bool] | None:
        """Exhalation of Decay: (the card, the creature of the discard pile it brings in, detainment), the most
        threatening creature of its races that may be keyed to this move (one that is not detainment first);
        None if none."""
        from deckcheck.sim.players.opponent import creature_key

        t = self.tables
        if "attack_from_discard" not in t.effects:
            return None
        for k in self._events("attack_from_discard"):
            races = set(t.event[k].facts.get("races", ()))
            best = None
            for c in dict.fromkeys(self.cards.discard):
                if t.use[c] != CREATURE or not races.intersection(t.creature[c].races):
                    continue
                keyed = creature_key(t, c, move, defender_alignment, board.doors)
                if keyed is None:
                    continue
                option = (keyed[1], -t.creature[c].threat, c)
                best = option if best is None or option < best else best
            if best is not None:
                return k, best[2], best[0]
        return None

    def pits_card(self, board) -> int | None:
        """From the Pits of Angband, when the discard pile holds a creature it would take back at the end of the
        turn (not in play already: it cannot be duplicated)."""
        if "recycle_at_end_of_turn" not in self.tables.effects:
            return None
        for k in self._events("recycle_at_end_of_turn"):
            if self._playable(k, board) and recycled_at_end_of_turn(self.tables.event[k], self.tables,
                                                                    self.cards.discard, board.doors):
                return k
        return None

    def summons_card(self, board, own: int) -> int | None:
        """Summons from Long Sleep, when none of ours in play holds no creature and the hand holds one of its
        races to set aside."""
        if "reserve_creature" not in self.tables.effects or any(id(e) not in board.reserved
                                                                 for e in board.reserves(own)):
            return None
        for k in self._events("reserve_creature"):
            if self._playable(k, board) and self._reservable(self.tables.event[k].facts.get("races", ())):
                return k
        return None

    def to_reserve(self, board, own: int) -> list[tuple[object, int]]:
        """(card in play, creature of the hand to set aside with it) for each of our reserving cards holding
        none: the most threatening creature of its races (coe: not counting against the hazard limit)."""
        out, taken = [], []
        for entry in board.reserves(own):
            if id(entry) in board.reserved:
                continue
            found = self._reservable(entry[1].facts.get("races", ()), taken)
            if found:
                out.append((entry, found[0]))
                taken.append(found[0])
        return out

    def reserved_to_play(self, board, own: int, move, defender_alignment: str, chosen: list, room: int):
        """The reserved creature to play on this company (the most threatening keyable one, the card's prowess
        added), with what it displaces: (card in play, kind, key, detainment, the chosen creature it replaces or
        None); None if none. Played when there is room under the limit, or instead of the least threatening
        creature chosen from hand when it threatens more."""
        from deckcheck.sim.players.opponent import creature_key

        t = self.tables
        best = None
        for entry in board.reserves(own):
            kind = board.reserved.get(id(entry))
            if kind is None:
                continue
            keyed = creature_key(t, kind, move, defender_alignment, board.doors)
            if keyed is None:
                continue
            threat = t.creature[kind].threat + entry[1].facts.get("prowess", 0)
            option = (keyed[1], -threat, entry, kind, keyed[0])
            if best is None or option[:2] < best[:2]:
                best = option
        if best is None or room <= 0:
            return None
        detainment, threat, entry, kind, key = best
        if len(chosen) < room:
            return entry, kind, key, detainment, None
        weakest = chosen[-1]
        if (detainment, threat) < (weakest[2], -t.creature[weakest[0]].threat):
            return entry, kind, key, detainment, weakest
        return None

    def _reservable(self, races, exclude=()) -> list[int]:
        """Creatures of the hand of these races, most threatening first (`exclude`: kinds left out)."""
        t = self.tables
        found = [k for k in dict.fromkeys(self.cards.hand) if t.use[k] == CREATURE and k not in exclude
                 and set(t.creature[k].races).intersection(races)]
        return sorted(found, key=lambda k: -t.creature[k].threat)
