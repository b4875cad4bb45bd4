"""Where a tournament deck's marshalling points go when it plays alone (goldfish), card by card and by mechanic.

    .venv/bin/python benchmarks/mp_lost.py [--games 200] [--seed 1] [--only TEXT] [--challenge] [--cards 0]

For each of Mark Alfano's tournament decks (../shared/decks/gccg-restoration/Contrib/zara/, read there; the two
sideboard fragments are skipped; `--challenge`: ICE's ten Challenge Decks too), `--games` goldfish games of 12
turns (no hazards, seed `--seed`): the mean MP after turn 12 and, for every copy of a card worth MP (play deck and
starting company, as the deck's alignment scores it), where it is at the end of the last turn:

- in play (scored);
- still in the play deck (never drawn);
- in hand: a character held back (the reason of each organization phase it was held, `behaviour.entry_blocker`,
  shared over its copies), a resource held (no site of the location deck where it is played; else never at one
  of its sites with someone to play it);
- in the discard pile (discarded from hand at a reset, a faction failed, a character discarded or lost);
- never playable at all (the engine cannot act on its condition: `sim.unplayable`).

Beside these, what the deck's cards would score under their printed MP but do not by the scoring rules (coe 10.F1:
a Fallen-wizard's non-stage card is worth 1 unless a stage card or its avatar's ability says otherwise; other-side
items half): split by card class, the MP printed above what is scored of the copies in play at the end (a
Fallen-wizard's avatar's ability restores some of it: Gandalf characters and hero allies, Saruman non-weapon items,
Pallando and Radagast factions). And the games with a company idle 3+ turns at a non-haven site (`behaviour.py`).

Then the mechanics summed over the decks, most MP first: MP a game (means per deck, summed over the decks).
Nothing is tuned: it measures the engine only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, TURNS, ZARA, ensure_bytecode, print_conditions  # noqa: E402
from benchmarks.behaviour import Behaviour  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import game_rng, goldfish_state, play_goldfish  # noqa: E402
from deckcheck.sim.model import ROLE_CHARACTER, ROLE_HAZARD, build_sim_deck  # noqa: E402
from deckcheck.sim.tally import Tally  # noqa: E402

IN_PLAY, UNDRAWN, DISCARDED, NEVER = "in play (scored)", "never drawn (play deck)", "discard pile", "unplayable"


def _kind_class(card) -> str:
    if card.is_character:
        return "character"
    if card.is_ally:
        return "ally"
    if card.is_item:
        return "item"
    if card.is_faction:
        return "faction"
    return "event"


def deck_paths(challenge: bool, only: str | None) -> list[Path]:
    out = []
    folders = [ZARA] + ([CHALLENGE] if challenge else [])
    for folder in folders:
        for path in sorted(p for p in folder.iterdir() if p.is_file()):
            if only and only not in path.name:
                continue
            try:
                build_sim_deck(read_deck(str(path)))
            except ValueError:
                continue                        # a sideboard fragment: no play deck
            out.append(path)
    return out


def measure(path: Path, games: int, seed: int) -> dict:
    """The deck's mean MP@12 and its MP a game by where the cards are at the end (`zones`) and why (`why`)."""
    sim = build_sim_deck(read_deck(str(path)))
    tally = Tally(turns=TURNS, kinds=len(sim.kinds))
    watch = Behaviour()
    watch.watch(sim)
    counted = {k for k in set(sim.play_deck) | set(sim.start_characters)
               if sim.role[k] != ROLE_HAZARD and sim.mp[k] > 0}
    zones: dict[str, float] = defaultdict(float)
    per_card: dict[tuple[int, str], float] = defaultdict(float)
    rule_loss: dict[str, float] = defaultdict(float)
    held_resource_turns = defaultdict(int)
    for game in range(games):
        g = goldfish_state(sim, game_rng(seed, game), "none", observer=watch)
        play_goldfish(g, TURNS, tally)
        where = defaultdict(lambda: defaultdict(int))
        for k in g.hand:
            where[k]["hand"] += 1
        for k in g.deck:
            where[k][UNDRAWN] += 1
        for k in g.discard:
            where[k][DISCARDED] += 1
        extra = g.mp_extra or {}
        for k in counted:
            card = sim.kinds[k]
            worth = sim.mp[k] + extra.get(k, 0)      # what a copy in play scores now (a stage card, an avatar)
            if g.in_play[k]:
                where[k][IN_PLAY] += g.in_play[k]
                printed = card.mp or 0
                if printed > worth:
                    rule_loss[f"{sim.alignment}: {_kind_class(card)} printed above scored"] += \
                        (printed - worth) * g.in_play[k]
            for zone, n in where[k].items():
                value = n * (worth if zone == IN_PLAY else sim.mp[k])
                if zone == "hand":
                    if sim.role[k] == ROLE_CHARACTER:
                        zone = "hand: character"
                    elif not sim.play_sites[k] and sim.unplayable[k] is None and sim.condition[k] is None:
                        zone = "hand: resource"
                    elif not sim.play_sites[k]:
                        zone = "hand: resource, no site of its condition"
                    else:
                        zone = "hand: resource, never at its sites able to play it"
                    held_resource_turns[k] += 1
                if sim.unplayable[k]:
                    zone = NEVER
                zones[zone] += value
                per_card[k, zone] += value
    out = {"name": path.name, "alignment": sim.alignment, "mp": tally.mp_sum[-1] / games,
           "zones": {z: v / games for z, v in zones.items()},
           "rules": {z: v / games for z, v in rule_loss.items()},
           "idle": watch.idle_games / games,
           "exhausted": tally.exhausted_games / games,
           "cards": {(sim.kinds[k].display(), zone): v / games for (k, zone), v in per_card.items()}}
    # Characters held in hand: the reasons of the organization phases they were held in.
    why: dict[str, float] = defaultdict(float)
    for k, reasons in watch.held.items():
        held = per_card.get((k, "hand: character"), 0.0) / games
        phases = sum(reasons.values())
        for reason, count in reasons.items():
            why[reason] += held * count / phases if phases else 0.0
    out["held_characters"] = dict(why)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="decks whose file name contains this")
    parser.add_argument("--challenge", action="store_true", help="the ten Challenge Decks too")
    parser.add_argument("--cards", type=int, default=0, help="per deck, its N cards losing most MP")
    parser.add_argument("--top", type=int, default=30, help="the cards losing most MP over the decks")
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    started = time.process_time()
    rows = [measure(p, args.games, args.seed) for p in deck_paths(args.challenge, args.only)]
    zone_names = [IN_PLAY, UNDRAWN, "hand: character", "hand: resource, never at its sites able to play it",
                  "hand: resource, no site of its condition", DISCARDED, NEVER]
    short = ["play", "deck", "h:char", "h:res", "h:nosite", "discard", "unplay"]
    print(f"goldfish, {args.games} games a deck, {TURNS} turns, seed {args.seed}: MP@12 and where the deck's MP "
          f"cards are at the end (MP a game)")
    print(f"{'MP@12':>6} " + " ".join(f"{s:>8}" for s in short) + f" {'rules':>6} {'idle':>5} {'exh':>4}  deck")
    totals: dict[str, float] = defaultdict(float)
    held: dict[str, float] = defaultdict(float)
    rules: dict[str, float] = defaultdict(float)
    zara = [r for r in rows if not r["name"].startswith(tuple("ABCDEFGHIJ"))]
    for r in sorted(rows, key=lambda r: r["mp"]):
        z = r["zones"]
        print(f"{r['mp']:6.1f} " + " ".join(f"{z.get(n, 0.0):8.1f}" for n in zone_names)
              + f" {sum(r['rules'].values()):6.1f} {r['idle']:5.0%} {r['exhausted']:4.0%}  {r['name']}")
        if args.cards:
            lost = sorted(((v, name, zone) for (name, zone), v in r["cards"].items() if zone != IN_PLAY),
                          reverse=True)[:args.cards]
            for v, name, zone in lost:
                print(f"{'':8}{v:5.2f}  {name}  [{zone}]")
        if r in zara:
            for n, v in z.items():
                totals[n] += v
            for n, v in r["held_characters"].items():
                held[n] += v
            for n, v in r["rules"].items():
                rules[n] += v
    print(f"\nzara decks ({len(zara)}): mean MP@12 {statistics.mean(r['mp'] for r in zara):.2f}; MP a game summed over "
          "the decks, by where the cards are at the end, most first:")
    for n, v in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"  {v:8.1f}  {n}")
    print("  characters held in hand, by the reason of the organization phases they were held in:")
    for n, v in sorted(held.items(), key=lambda kv: -kv[1]):
        print(f"    {v:8.1f}  {n}")
    print("  MP printed above what the scoring rules give, of the copies in play at the end:")
    for n, v in sorted(rules.items(), key=lambda kv: -kv[1]):
        print(f"    {v:8.1f}  {n}")
    by_card: dict[tuple[str, str], float] = defaultdict(float)
    for r in zara:
        for key, v in r["cards"].items():
            if key[1] != IN_PLAY:
                by_card[key] += v
    print(f"  the {args.top} cards losing most MP a game, summed over the decks, by where they are at the end:")
    for (name, zone), v in sorted(by_card.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"    {v:8.1f}  {name}  [{zone}]")
    print(f"({time.process_time() - started:.0f} CPU-s)")


if __name__ == "__main__":
    main()
