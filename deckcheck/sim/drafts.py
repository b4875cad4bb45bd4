"""Starting company choices (`simulate DECK --drafts`): the starting companies the pool allows, each with its
mind, the general influence it leaves, its MP, and how the deck does when it starts with it.

    report = draft_choices(deck, games=300, turns=12, seed=0)

A draft is a group of the pool's characters (not the avatar) within coe 1.9's limits: at most 5 (6 for
a Ringwraith or Balrog), total mind at most 20. Each is played as a variant of the deck whose pool holds only those
characters, the others going where the engine puts a pool's leftovers, into the play deck (`sim.model.cards.draft`),
on the same games as the deck (`sim.whatif`): its numbers are differences from the engine's own draft. The engine
drafts again from that pool and may leave a character out (a smaller group can leave more room): each row says
what the engine did start with.
"""

from __future__ import annotations

import copy
from itertools import combinations

from deckcheck.cards.model import CHARACTER, leading_int
from deckcheck.decklist.model import Deck, Part
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.model.tables import GENERAL_INFLUENCE, START_SIZE
from deckcheck.sim.whatif import Variant, paired_whatif

SCHEMA = "deckcheck/drafts/1"
MOST_DRAFTS = 8          # the drafts worth most MP, played


def pool_drafts(deck: Deck, alignment: str) -> list[tuple]:
    """Every group of pool characters within the size and mind limits, most MP first (then more characters)."""
    characters = [c for e in deck.part(Part.POOL) if e.card is not None and e.card.type == CHARACTER
                  and not e.card.avatar for c in [e.card] * e.count]
    limit = START_SIZE.get(alignment, 5)
    fits = [g for size in range(min(limit, len(characters)), 0, -1) for g in combinations(characters, size)
            if _mind(g) <= GENERAL_INFLUENCE]
    unique = {tuple(sorted(c.name for c in g)): g for g in fits}
    return sorted(unique.values(), key=lambda g: (-_mp(g), -len(g), _mind(g), sorted(c.name for c in g)))


def _mind(group) -> int:
    return sum(leading_int(c.mind) or 0 for c in group)


def _mp(group) -> int:
    return sum(c.mp or 0 for c in group)


def draft_deck(deck: Deck, group) -> Deck:
    """The deck with only `group` in its pool; the pool's other characters in the play deck."""
    chosen = [c.name for c in group]
    variant = copy.copy(deck)
    variant.entries = []
    for entry in deck.entries:
        card = entry.card
        if entry.part == Part.POOL and card is not None and card.type == CHARACTER and not card.avatar:
            keep = min(entry.count, chosen.count(card.name))
            for _ in range(keep):
                chosen.remove(card.name)
            if keep:
                variant.entries.append(_with(entry, keep, Part.POOL))
            if entry.count - keep:
                variant.entries.append(_with(entry, entry.count - keep, Part.CHARACTERS))
        else:
            variant.entries.append(entry)
    return variant


def _with(entry, count: int, part: Part):
    moved = copy.copy(entry)
    moved.count, moved.part = count, part
    return moved


def draft_choices(deck: Deck, *, games: int, turns: int, seed: int = 0, hazards: str = "none",
                  length: int = 2) -> dict:
    sim = build_sim_deck(deck, length)
    engine = sorted(sim.kinds[k].name for k in sim.start_characters)
    drafts = pool_drafts(deck, sim.alignment)[:MOST_DRAFTS]
    variants, rows = [], {}
    for group in drafts:
        names = sorted(c.name for c in group)
        variant = draft_deck(deck, group)
        drafted = build_sim_deck(variant, length)
        started = sorted(drafted.kinds[k].name for k in drafted.start_characters)
        label = " + ".join(names)
        variants.append(Variant(label, variant, "variant"))
        rows[label] = {"characters": names, "mind": _mind(group), "mp": _mp(group),
                       "general_influence_room": GENERAL_INFLUENCE - _mind(group),
                       "engine_started_with": started, "is_the_engines_draft": names == engine}
    report = paired_whatif(deck, variants, games=games, turns=turns, seed=seed, hazards=hazards, length=length)
    for row in report["variants"]:
        row.update(rows[row["label"]])
    report["schema"] = SCHEMA
    report["engine_draft"] = engine
    report["drafts_in_pool"] = len(pool_drafts(deck, sim.alignment))
    return report


def format_drafts(report: dict) -> str:
    r = report
    lines = [f"Starting companies the pool allows: {r['deck']} ({r['drafts_in_pool']} drafts within 5 (6) "
             f"characters and mind 20; the {len(r['variants'])} worth most MP played)",
             f"the engine's own draft: {', '.join(r['engine_draft']) or '-'}",
             f"each played on the same {r['games']} games of {r['turns']} turns (seed {r['seed']}) as the deck; "
             "MP and P(called) are differences from the engine's draft, with their paired 95% intervals", ""]
    for row in r["variants"]:
        mp, called = row["mp_last_turn"], row["called_last_turn"]
        lines.append(f"{row['rank']}. {row['label']}: mind {row['mind']}, general influence left "
                     f"{row['general_influence_room']}, {row['mp']} MP of characters")
        if row["engine_started_with"] != row["characters"]:
            lines.append("   the engine, given this pool, started with only: "
                         + (", ".join(row["engine_started_with"]) or "-"))
        lines.append(f"   MP after turn {r['turns']}: {mp['variant']:.2f} ({mp['difference']:+.2f}, 95% CI "
                     f"{mp['ci95'][0]:+.2f} to {mp['ci95'][1]:+.2f}); P(called): {called['variant']:.1%} "
                     f"({100 * called['difference']:+.1f} points)" + ("  <- the engine's draft" if
                                                                      row["is_the_engines_draft"] else ""))
    lines.append("note: the pool's other characters go into the play deck, as the engine does with leftovers")
    return "\n".join(lines)
