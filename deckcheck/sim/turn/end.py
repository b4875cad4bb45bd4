"""The end-of-turn phase (coe 2.VI), calling the game (coe 10.2), and the opponent's turn when it is not
played (only what moves our cards)."""

from __future__ import annotations

from deckcheck.sim.rules.hand import CALL, NO_CALL
from deckcheck.sim.rules.hand import may_call as call_allowed
from deckcheck.sim.rules.rings import RINGWRAITH_RING_TEST
from deckcheck.sim.state import to_play_deck
from deckcheck.sim.turn.events import end_of_turn_recycling
from deckcheck.sim.turn.organization import resolve_ring_test
from deckcheck.sim.turn.resource_events import discard_hazard_event

# Cards we draw during the opponent's movement (the mean opponent draw number of non-haven sites is 2.1).
OPPONENT_MOVE_DRAW = 2
HAZARDS_PER_OPPONENT_TURN = 2


def end_of_turn(g) -> None:
    """A gold ring in the Ringwraith's company is tested (MELE "Ringwraith effects", -2): at its Darkhaven our
    companies there may join it at the end of the movement/hazard phases (coe 2.IV.6). Against an opponent, a
    card that discards a hazard permanent-event (the player's choice). Then the hand is reset."""
    if g.ringwraith and g.avatar_kind is not None:
        wraith = g.wraith_company()
        if wraith is not None:
            sim = g.sim
            here = [c for c in g.companies if c.site == wraith.site] if sim.site_dark_haven[wraith.site] \
                else [wraith]
            for company in here:           # automatic: but a ring is kept away from the Ringwraith when the
                for character in company.characters:      # test is not worth it (another company)
                    for gold in [h for h in character.holdings if sim.ring_table[h]]:
                        if g.player.worth_testing(g, company, gold, RINGWRAITH_RING_TEST, False, False):
                            resolve_ring_test(g, company, character, gold, RINGWRAITH_RING_TEST)
    if g.opponent is not None:
        discard_hazard_event(g)
        if g.board.events:
            end_of_turn_recycling(g)
    fetch_at_end(g)
    reset_hand(g)


def fetch_at_end(g) -> None:
    """A card in play such as Great Shadow: "During your end-of-turn phase, you may take one non-short-event
    resource or character from your discard pile and shuffle it into your play deck" (the player's choice)."""
    bonus = g.gi_bonus_kind
    if bonus is None or not g.discard or not g.sim.gi_change[bonus].end_of_turn_fetch:
        return
    cards = g.player.end_of_turn_fetch(g)
    if cards:
        to_play_deck(g, cards)
        if g.observer is not None:
            names = ", ".join(g.sim.kinds[k].name for k in cards)
            g.observer.event(g, "play", f"{g.sim.kinds[bonus].name}: {names} from the discard pile to the play deck")


def reset_hand(g) -> None:
    """coe 2.VI: discard one card the player does not want (2.VI.i), then draw up to or discard down to the
    hand size."""
    worst = g.player.end_of_turn_discard(g)
    if worst is not None:
        g.hand.remove(worst)
        g.discard.append(worst)
    g.reset_to_hand_size()


def may_call(g) -> bool:
    """coe 10.2: the game may be called (a Ringwraith or Balrog player plays Sudden Call for it)."""
    verdict = call_allowed(g)
    if verdict == CALL:
        return True
    if verdict == NO_CALL:
        return False
    kind = g.player.sudden_call(g)
    if kind is None:
        return False
    g.spend(kind)
    return True


def opponent_card_flow(g) -> None:
    """The opponent's turn when it is not played: we play hazards on it, draw for its movement, reset the
    hand."""
    for kind in g.player.hazards_on_opponent(g, HAZARDS_PER_OPPONENT_TURN):
        g.spend(kind)
    g.draw(OPPONENT_MOVE_DRAW)
    reset_hand(g)
