"""Ring tests (coe 6 and the gold rings' own tables): which special rings a result allows, and the modifiers."""

from __future__ import annotations

from deckcheck.sim.model import ROLE_EVENT
from deckcheck.sim.rules.play import may_play

# coe "RINGWRAITH EFFECTS" (MELE p. 58): a ring in the Ringwraith's company is tested at the beginning of the
# end-of-turn phase, modified by -2.
RINGWRAITH_RING_TEST = -2
# The odds of each 2D6 result, and of the better of two such rolls (Wizard's Test).
TWO_DICE = {r: (6 - abs(r - 7)) / 36 for r in range(2, 13)}
_AT_MOST = {r: sum(p for q, p in TWO_DICE.items() if q <= r) for r in range(1, 13)}
BEST_OF_TWO = {r: _AT_MOST[r] ** 2 - _AT_MOST[r - 1] ** 2 for r in range(2, 13)}


def is_ring(card) -> bool:
    """A ring item (what "discard a ring" may take): a gold ring, a special ring (Magic, Mind, Dwarven, Spirit,
    Lesser Ring) or The One Ring."""
    return ("Gold Ring Item" in card.subtypes or card.name == "The One Ring"
            or any(k.endswith(" Ring") for k in card.keywords))


def ring_kinds(sim) -> frozenset[int]:
    """The deck's ring items, once per deck (`SimDeck.memo`)."""
    found = sim.memo.get("ring_kinds")
    if found is None:
        found = sim.memo["ring_kinds"] = frozenset(k for k, card in enumerate(sim.kinds) if is_ring(card))
    return found


def may_test_from_hand(sim, kind: int) -> bool:
    """A card of the hand that tests a gold ring when played: a resource event (Test of Lore, Wizard's Test,
    Secrets of Their Forging...). A character whose ability tests rings (Gandalf) tests only once in play, by
    tapping (coe 6; his card): his card in hand tests nothing."""
    return sim.tester[kind] is not None and sim.role[kind] == ROLE_EVENT


def allowed_rings(sim, gold: int, result: int | None) -> set[str]:
    """The kinds of special ring a test result lets the gold ring become (no roll: any but The One Ring)."""
    table = sim.ring_table[gold]
    if result is None:
        return {row[0] for row in table} - {"The One Ring"}
    return {name for name, low, high in table if low <= result <= high}


def test_bonus(g, company) -> int:
    """What the company's items and the site add to a ring test."""
    sim = g.sim
    return sum(sim.ring_bonus[h] for c in company.characters for h in c.holdings) + \
        sim.site_test_bonus[company.site]


def rings_in_hand(g, gold: int) -> list[int]:
    """Special rings of the hand the gold ring's table names, that may be played."""
    sim = g.sim
    kinds = {row[0] for row in sim.ring_table[gold]}
    return [k for k in g.hand if sim.ring_kind[k] in kinds and may_play(g, k)]


def ring_swap(g, characters):
    """The best no-roll replacement of a gold ring borne by one of `characters` by a special ring of the hand it
    could be tested for (Secrets of Their Forging, Ringlore): (MP gained, the bearer, the gold ring), None if no
    ring of the hand is worth more than the gold ring it replaces."""
    sim = g.sim
    best = None
    for character in characters:
        for gold in character.holdings:
            if not sim.ring_table[gold]:
                continue
            allowed = allowed_rings(sim, gold, None)
            gain = max((sim.mp[k] for k in rings_in_hand(g, gold) if sim.ring_kind[k] in allowed),
                       default=0) - sim.mp[gold]
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, character, gold)
    return best


def site_phase_testers(g, characters) -> list[int]:
    """The cards of the hand that test a gold ring in the site phase (Secrets of Their Forging, Ringlore) that
    one of `characters` may play: an untapped, unwounded sage where the card asks for one."""
    sim = g.sim
    sage = any(not c.tapped and c not in g.wounded and "Sage" in sim.skills[c.kind] for c in characters)
    return [k for k in dict.fromkeys(g.hand) if may_test_from_hand(sim, k) and sim.tester[k].site_phase
            and (sage or not sim.tester[k].sage)]
