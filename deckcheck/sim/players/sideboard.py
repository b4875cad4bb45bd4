"""The resource player's choices about the sideboard: what to exchange with it when the play deck is exhausted
(coe 2.4: "may exchange up to five cards between their discard pile and sideboard": dead cards out, its resources
and characters worth marshalling points in), and what a card such as Longbottom Leaf brings from it into the play
deck. Part of `ResourcePlayer`; each answers and changes nothing."""

from __future__ import annotations

from operator import itemgetter

from deckcheck.sim.model import ROLE_CHARACTER, ROLE_HAZARD

# A discarded card kept at this rank or below is one a player would not keep in hand (the end-of-turn discard's
# `DISCARD_AT_OR_BELOW`): a unique already in play, a card this deck cannot play, a hazard the goldfish spends
# nowhere. Only such a card leaves the discard pile for the sideboard.
DEAD_AT_OR_BELOW = 1


def sideboard_exchange(g, room: int) -> list[tuple[int, int]]:
    """[(out, in)]: at most `room` one-for-one exchanges, each a card of the discard pile not worth its place
    (`DEAD_AT_OR_BELOW` by `exchange_value`: cards kept against the hazards stay; the least worth first) for a
    card of the sideboard worth marshalling points that could still be played (a resource or a character, not a
    hazard; its play condition one the engine can act on; not a unique card in play, out of the game, or with a
    copy in hand or in the discard pile), the one the player would keep longest in hand first (`keep_value`);
    only while the card coming in is worth more than the one going out."""
    if room <= 0 or not g.sideboard or not g.discard:
        return []
    wanted = worth_bringing_in(g, characters=True)
    if not wanted:
        return []
    ids = g.sim.kinds
    value_of = dead_values(g)
    dead = sorted([(value, ids[k].id, k) for k in g.discard if (value := value_of[k]) is not None],
                  key=itemgetter(0, 1))
    dead = [(value, k) for value, _id, k in dead]
    plan: list[tuple[int, int]] = []
    for (out_value, out), (in_value, kind) in zip(dead, wanted):
        if len(plan) == room or in_value <= out_value:
            break
        plan.append((out, kind))
    return plan


def dead_values(g) -> dict[int, int | None]:
    """Each kind of the discard pile -> its `exchange_value` if at most `DEAD_AT_OR_BELOW` (a card that may leave
    for the sideboard), else None: reckoned once per kind, not per copy (the value is the kind's)."""
    player = g.player
    values = {}
    for kind in set(g.discard):
        value = player.exchange_value(g, kind)
        values[kind] = value if value <= DEAD_AT_OR_BELOW else None
    return values


def worth_bringing_in(g, characters: bool) -> list[tuple[int, int]]:
    """(value, kind) for each card of the sideboard worth bringing into the play deck, best first: worth
    marshalling points, a resource (or a character, if `characters`), not a hazard; its play condition one the
    engine can act on; not a unique card in play, out of the game, or with a copy in hand, play deck or
    discard pile (one copy of a unique card); valued as the player keeps cards in hand (`keep_value`)."""
    sim = g.sim
    player = g.player
    used = g.used_unique
    here = set(g.hand) | set(g.discard) | set(g.deck)
    ranked = sorted(((player.keep_value(g, k), k) for k in g.sideboard
                     if sim.mp[k] > 0 and sim.role[k] != ROLE_HAZARD and sim.unplayable[k] is None
                     and (characters or sim.role[k] != ROLE_CHARACTER)
                     and not (sim.unique[k] and (k in used or k in here))),
                    key=lambda t: (-t[0], listed_order(sim, t[1])))   # ties: as the sideboard lists them
    return [t for t in _one_per_unique(sim, ranked, set()) if t[0] > DEAD_AT_OR_BELOW]


def sideboard_fetch(g) -> tuple[int, list[int]] | None:
    """(card, the sideboard's cards it brings into the play deck) to play in the organization phase, None for
    none: a card that takes resources from the sideboard (Longbottom Leaf: "Take up to two resources from your
    sideboard to your play deck and reshuffle"; Smoke Rings "from your sideboard or discard pile", played from the
    discard pile first, `resource_events.fetch`) as soon as the sideboard holds one worth bringing in
    (`worth_bringing_in`), the best first, as many as it brings."""
    d = g.defence
    held = [k for k in dict.fromkeys(g.hand) if k in d.sideboard_fetch_kinds]
    best = None
    for kind in held:
        fact = d.card_flow[kind]
        wanted = [k for _, k in worth_bringing_in(g, fact.characters)][:fact.fetch]
        if wanted and (best is None or len(wanted) > len(best[1])):
            best = (kind, wanted)
    return best


def _one_per_unique(sim, wanted: list[tuple[int, int]], taken: set[int]):
    """The `wanted` (value, kind) pairs, each copy of a non-unique card, one copy of a unique one."""
    for value, kind in wanted:
        if sim.unique[kind]:
            if kind in taken:
                continue
            taken.add(kind)
        yield value, kind


def listed_order(sim, kind: int) -> int:
    """Where the deck's sideboard lists the kind; a card exchanged into the sideboard from the play deck (coe 2.4)
    that it does not list comes after every listed one."""
    listed = sim.sideboard
    return listed.index(kind) if kind in listed else len(listed) + kind
