"""The resource events whose effect the duel plays outside combat (the facts: `cards/resource_effects.py`): the
turn asks the player (`g.player`) whether to play one and applies it with the state's primitive moves. Strike
bonuses are combat's (`turn/hazards.face_attack` asks before each strike)."""

from __future__ import annotations

from deckcheck.sim.rules.resource_events import raised_worth
from deckcheck.sim.state import to_play_deck
from deckcheck.sim.streams import ORGANIZATION
from deckcheck.sim.turn.hazards import check_corruption, corruption_points

# The dice of the end-of-turn phase: a place of its own (no site has this index), so that a roll there shifts
# no roll of the turn's other places.
END_OF_TURN_PLACE = 0xFFFFF


def play_card_draws(g) -> None:
    """Organization phase (coe 2.II; a short-event is played in any phase of one's own turn): the cards that
    draw (Dark Tryst), each as the player chooses; one removed from the game goes to no pile."""
    kinds = g.defence.draw_kinds
    while kinds and not kinds.isdisjoint(g.hand):
        kind = g.player.card_draw(g)
        if kind is None:
            return
        fact = g.defence.card_flow[kind]
        g.play_from_hand(kind)
        if not fact.removed:
            g.discard.append(kind)
        g.draw(fact.draw)
        if g.observer is not None:
            g.observer.event(g, "play", f"{g.sim.kinds[kind].name}: draws {fact.draw} cards")


def play_fetches(g) -> None:
    """Organization phase (a short-event is played in any phase of one's own turn): a card such as Smoke Rings
    or Weigh All Things to a Nicety brings cards of the discard pile into the play deck, which is shuffled; the
    cards the player chooses (`g.player.fetch`). From the discard pile (from the sideboard: `play_sideboard_fetches`,
    after this)."""
    _fetch_to_play_deck(g, g.defence.fetch_kinds, "discard", g.player.fetch, "the discard pile")


def play_sideboard_fetches(g) -> None:
    """Organization phase (a short-event is played in any phase of one's own turn): a card such as Longbottom
    Leaf (or Smoke Rings, once the discard pile offers it nothing: `play_fetches` comes first) brings resources
    of the sideboard into the play deck, which is shuffled; the cards the player chooses
    (`g.player.sideboard_fetch`)."""
    _fetch_to_play_deck(g, g.defence.sideboard_fetch_kinds, "sideboard", g.player.sideboard_fetch, "the sideboard")


def _fetch_to_play_deck(g, kinds, pile: str, choose, where: str) -> None:
    """While a fetch card of `kinds` is in hand and the pile (the GameState attribute `pile`, read anew each time)
    holds cards: the player's choice `choose(g)` (a fetch card and the cards it brings, or None) is played, the
    cards go from the pile into the play deck, and the fetch card to the discard pile unless it is removed."""
    while kinds and getattr(g, pile) and not kinds.isdisjoint(g.hand):
        chosen = choose(g)
        if chosen is None:
            return
        kind, cards = chosen
        g.play_from_hand(kind)
        to_play_deck(g, cards, getattr(g, pile))
        if not g.defence.card_flow[kind].removed:
            g.discard.append(kind)
        if g.observer is not None:
            names = ", ".join(g.sim.kinds[k].name for k in cards)
            g.observer.event(g, "play", f"{g.sim.kinds[kind].name}: {names} from {where} to the play deck")


def play_mp_raises(g) -> None:
    """Organization phase (coe 5.F1: a stage resource permanent-event only then): a card such as Great Patron
    or Gatherer of Loyalties, as the player chooses; it stays in play, its stage points count, and the cards it
    names are worth what it says from now on, those in play at once (`GameState.raise_worth`)."""
    d = g.defence
    while not d.mp_raise_kinds.isdisjoint(g.hand):
        kind = g.player.mp_raise(g)
        if kind is None:
            return
        g.play_from_hand(kind)
        g.gain(kind)
        sim = g.sim
        g.stage_points += sim.kinds[kind].stage_points or 0
        fact = d.mp_raise[kind]
        avatar = our_avatar(sim)
        worth = {}
        for k, card in enumerate(sim.kinds):
            more = raised_worth(fact, card, sim.mp[k], avatar) - sim.mp[k]
            if more > 0:
                worth[k] = more
        g.raise_worth(worth, source=("stage", kind))
        if g.observer is not None:
            g.observer.event(g, "play", f"{sim.kinds[kind].name}: {len(worth)} kinds of card worth more")


def our_avatar(sim) -> str | None:
    """The name of the avatar the deck plays ("If you are Alatar"), None if it holds none or several."""
    names = {card.name for k, card in enumerate(sim.kinds) if sim.avatar[k]}
    return names.pop() if len(names) == 1 else None


def hide(g, company, dest: int | None) -> None:
    """The end of the organization phase, movement declared (`dest`, None for a company that stays): a card
    such as Stealth or Hiding, as the player chooses; its character taps if it says so, and no hazard creature
    is played on the company this turn (`turn.hazards.play_hazards`; an on-guard creature neither)."""
    if not g.defence.no_creatures_kinds.intersection(g.hand):
        return
    chosen = g.player.creature_stopper(g, company, dest)
    if chosen is None:
        return
    kind, actor = chosen
    g.spend(kind)
    if g.defence.no_creatures[kind].taps:
        actor.tapped = True
    g.hidden.add(id(company))
    if g.observer is not None:
        g.observer.event(g, "cancel", f"{g.sim.kinds[actor.kind].name} plays {g.sim.kinds[kind].name}: no hazard "
                                      "creature on his company this turn")


def discard_hazard_event(g) -> None:
    """coe 2.VI (resource short-events are played in any phase of one's own turn): a card such as Marvels Told
    discards one hazard permanent-event in play, a corruption card on one of our characters or a long- or
    permanent-event of the hazard player's on the board; its character taps and makes the corruption check it
    names. Asked once per end-of-turn phase, against an opponent."""
    if g.opponent is None or not g.companies:
        return
    kinds = g.defence.hazard_discard_kinds
    if not kinds or kinds.isdisjoint(g.hand):
        return
    chosen = g.player.hazard_discard(g, lambda character: corruption_points(g, character))
    if chosen is None:
        return
    kind, company, actor, target = chosen
    g.spend(kind)
    actor.tapped = True
    what, where, card = target
    if what == "corruption":
        g.corruption_on[where].remove(card)
        g.hazards.discard(card)
        name = g.opponent.sim.kinds[card].name
    else:
        g.board.remove(where)
        name = g.opponent.sim.kinds[card].name
    if g.observer is not None:
        g.observer.event(g, "cancel", f"{g.sim.kinds[actor.kind].name} plays {g.sim.kinds[kind].name}: "
                                      f"{name} is discarded")
    fact = g.defence.hazard_discard[kind]
    if fact.corruption_check is not None:
        g.rng.at(g.turn, ORGANIZATION, END_OF_TURN_PLACE)
        check_corruption(g, company, actor, fact.corruption_check, None, when="end")
