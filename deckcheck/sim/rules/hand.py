"""The hand (coe 2.IV.viii, 2.VI), the sideboard exchange at an exhaustion (coe 2.4) and calling the game
(coe 10.2)."""

from __future__ import annotations

from deckcheck.sim.model import HAND_SIZE

# coe 2.4: the exhausting player may exchange up to five cards between his discard pile and sideboard.
EXCHANGED_AT_EXHAUSTION = 5


def hand_size(g) -> int:
    """8, plus one for each card in play that lets us keep one more card (Pallando; Hoarmûrath at a
    Darkhaven; Elrond at Rivendell; Emerald of the Mariner; The Lidless Eye), where its condition holds."""
    sim = g.sim
    if not sim.hand_bonus_kinds or not any(map(g.in_play.__getitem__, sim.hand_bonus_kinds)):
        return HAND_SIZE
    size = HAND_SIZE
    event = g.gi_bonus_kind                   # an event in play, no character's holding
    if event is not None and sim.hand_bonus[event] is not None:
        size += sim.hand_bonus[event][0]
    for company in g.companies:
        for character in company.characters:
            for kind in (character.kind, *character.holdings):
                bonus = sim.hand_bonus[kind]
                if bonus is not None and (bonus[1] is None or company.site in bonus[1]):
                    size += bonus[0]
    return size


CALL, NO_CALL, CALL_WITH_CARD = range(3)


def may_call(g) -> int:
    """coe 10.2: threshold MP and length-1 exhaustions, or length exhaustions: CALL; a Ringwraith or Balrog
    player calls on MP only by playing Sudden Call (coe 10.2.R1, B1): CALL_WITH_CARD; else NO_CALL.
    `length` exhaustions end the game anyway (taken as both players' decks running out together)."""
    sim = g.sim
    if g.exhaustions >= sim.length:
        return CALL
    if g.mp < sim.threshold or g.exhaustions < sim.length - 1:
        return NO_CALL
    return CALL_WITH_CARD if sim.calls_with_card else CALL
