"""Paired what-if (`simulate DECK --swap "OUT=IN"`, `--variant OTHER_DECK`): the deck and each variant play the
same games, game by game (common random numbers: game i of both uses the random numbers of (seed, i), in
streams by purpose, `sim.streams`), and the report gives the DIFFERENCE, variant minus deck, with its own 95%
interval.

    variants = [swap_variant(deck, "Concealment=Hauberk of Bright Mail")]
    report = paired_whatif(deck, variants, games=2000, turns=12, seed=0)

Why paired: most of a game's MP comes from the shuffle and the rolls, which both decks share; the per-game
difference has far less spread than either deck's MP, so its interval is far narrower than two separate runs'
(the report gives both half-widths, turn by turn). A swapped-in card takes the place of the card it replaces in
the play deck's order, so the opening shuffle puts it where that card would have been and every other card at
the same position; the dice of each place (a move, a site phase) and each reshuffle's order (keyed by the
cards' places in the list) stay the same in both games until the swapped card changes a choice, and most of
them after.
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass, field
from functools import partial

from deckcheck.analysis.deck_odds import card_condition, catalog_card
from deckcheck.decklist.model import Deck, DeckEntry, Part
from deckcheck.errors import DeckcheckError
from deckcheck.process import worker_pool
from deckcheck.sim.match import play_against, play_duel, run_games
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.report import Z95
from deckcheck.sim.side import side_of
from deckcheck.sim.tally import DuelTally, Tally
from deckcheck.sim.workers import game_chunks, worker_count

SCHEMA = "deckcheck/whatif/1"
PART_OF_TYPE = {"Character": Part.CHARACTERS, "Resource": Part.RESOURCES, "Hazard": Part.HAZARDS}
# Below this many games per worker, another process costs more than it saves (a what-if game is played alone).
MIN_GAMES_PER_WORKER = 250
_SWAP = re.compile(r"^\s*(?:(\d+)\s+)?(.+?)\s*=\s*(.+?)\s*$")


@dataclass
class Variant:
    label: str                   # "-1 Concealment +1 Hauberk of Bright Mail", or the other deck's name
    deck: Deck
    kind: str                    # "swap" or "variant"


def swap_variant(deck: Deck, spec: str) -> Variant:
    """"[N ]OUT=IN": N copies (default 1) of the play-deck card OUT replaced by IN, each in OUT's place."""
    match = _SWAP.match(spec)
    if not match:
        raise DeckcheckError(f"--swap {spec!r}: write it as \"OUT=IN\" or \"N OUT=IN\"")
    count = int(match.group(1) or 1)
    out_name, in_name = match.group(2), match.group(3)
    entries = card_condition(deck, out_name).entries          # a DeckcheckError if OUT is not in the play deck
    held = sum(e.count for e in entries)
    if count < 1 or count > held:
        raise DeckcheckError(f"--swap {spec!r}: the play deck holds {held} {entries[0].written}, not {count}")
    card = catalog_card(in_name, None, None, deck.alignment)
    if card is None:
        raise DeckcheckError(f"--swap {spec!r}: {in_name!r} is no card of the catalog")
    part = PART_OF_TYPE.get(card.type)
    if part is None:
        raise DeckcheckError(f"--swap {spec!r}: {card.name} is a {card.type}, not a play-deck card")
    variant = copy.copy(deck)
    variant.entries = list(deck.entries)
    left = count
    for entry in reversed(entries):        # the last copies first, each replaced where it stood
        take = min(left, entry.count)
        left -= take
        at = variant.entries.index(entry)
        swapped = DeckEntry(part=part, count=take, written=card.name, card=card)
        kept = [] if take == entry.count else [_with_count(entry, entry.count - take)]
        variant.entries[at:at + 1] = kept + [swapped]
        if not left:
            break
    out = entries[0].card.name if entries[0].card else entries[0].written
    return Variant(f"-{count} {out} +{count} {card.name}", variant, "swap")


def _with_count(entry: DeckEntry, count: int) -> DeckEntry:
    kept = copy.copy(entry)
    kept.count = count
    return kept


def other_deck_variant(deck: Deck) -> Variant:
    return Variant(deck.name or deck.path, deck, "variant")


@dataclass
class GameRecords:
    """Per game: MP after each turn, called by each turn (0/1), and in a duel the win (0/1)."""

    mp: list[list[int]] = field(default_factory=list)
    called: list[list[int]] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)

    def extend(self, other: GameRecords) -> None:
        self.mp += other.mp
        self.called += other.called
        self.wins += other.wins


def play_records(deck: Deck, *, games: int, turns: int, seed: int, hazards: str, length: int,
                 opponent: Deck | None = None, both: bool = False, first: int = 0) -> GameRecords:
    """Games first..first+games-1 of those `simulate` plays for this deck (same seed, same random numbers per
    game), one at a time to keep each game's numbers."""
    sim = build_sim_deck(deck, length)
    records = GameRecords()
    if opponent is None:
        for game in range(first, first + games):
            _keep(records, run_games(sim, game, 1, turns, seed, hazards))
        return records
    us, them = side_of(sim), side_of(build_sim_deck(opponent, length))
    for game in range(first, first + games):
        tallies = (Tally(turns=turns, kinds=len(us.sim.kinds)), Tally(turns=turns, kinds=len(them.sim.kinds)))
        stats = (DuelTally(opponent_kinds=len(them.sim.kinds)), DuelTally(opponent_kinds=len(us.sim.kinds)))
        if both:
            play_duel(us, them, game, seed, turns, tallies, stats)
            records.wins.append(stats[0].wins)
        else:
            play_against(us, them, game, seed, turns, tallies[0], stats[0])
        _keep(records, tallies[0])
    return records


def records_of(decks: list[Deck], *, games: int, jobs: int | None = None, **play) -> list[GameRecords]:
    """Each deck's records of the same games, in this process or split over `jobs` worker processes (each game
    has its own random numbers, so the records are the same whatever the split)."""
    workers = worker_count(jobs, games, MIN_GAMES_PER_WORKER)
    if workers == 1:
        return [play_records(deck, games=games, **play) for deck in decks]
    tasks = [(i, first, count) for i in range(len(decks)) for first, count in game_chunks(games, workers)]
    records = [GameRecords() for _ in decks]
    with worker_pool(workers) as pool:
        chunks = pool.map(partial(_chunk_records, decks, play), *zip(*tasks))
        for (i, _first, _count), part in zip(tasks, chunks):
            records[i].extend(part)
    return records


def _chunk_records(decks: list[Deck], play: dict, index: int, first: int, count: int) -> GameRecords:
    return play_records(decks[index], games=count, first=first, **play)


def _keep(records: GameRecords, tally: Tally) -> None:
    records.mp.append(list(tally.mp_sum))
    records.called.append(list(tally.called))


def paired_difference(base: list[int], variant: list[int]) -> dict:
    """Mean of variant - base over the same games, its paired 95% interval, and the half-width two independent
    runs of as many games would give (the unpaired interval, for comparison)."""
    n = len(base)
    diffs = [v - b for b, v in zip(base, variant)]
    mean = sum(diffs) / n
    paired = Z95 * math.sqrt(_variance(diffs) / n)
    unpaired = Z95 * math.sqrt((_variance(base) + _variance(variant)) / n)
    return {"base": round(sum(base) / n, 4), "variant": round(sum(variant) / n, 4), "difference": round(mean, 4),
            "ci95": [round(mean - paired, 4), round(mean + paired, 4)], "half_width": round(paired, 4),
            "unpaired_half_width": round(unpaired, 4), "games_that_differ": sum(1 for d in diffs if d)}


def _variance(values: list[int]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return sum((v - mean) ** 2 for v in values) / (n - 1)


def compare(base: GameRecords, variant: GameRecords, turns: int) -> dict:
    per_turn = [{"turn": t + 1, "mp": paired_difference([g[t] for g in base.mp], [g[t] for g in variant.mp]),
                 "called": paired_difference([g[t] for g in base.called], [g[t] for g in variant.called])}
                for t in range(turns)]
    out = {"per_turn": per_turn, "mp_last_turn": per_turn[-1]["mp"], "called_last_turn": per_turn[-1]["called"]}
    if base.wins:
        out["win"] = paired_difference(base.wins, variant.wins)
    return out


def verdict_of(deck: Deck, length: int) -> dict:
    """validate's verdict on a deck (a swap may break legality: it is said, and the deck is simulated anyway)."""
    from deckcheck.rules.engine import validate

    try:
        verdict = validate(deck, length=length)
    except DeckcheckError as exc:
        return {"legal": None, "errors": [], "note": exc.message}
    errors = [v for v in verdict.violations if v.severity == "error"]
    return {"legal": verdict.legal, "errors": [v.message for v in errors][:3], "error_count": len(errors),
            "note": None}


def paired_whatif(deck: Deck, variants: list[Variant], *, games: int, turns: int, seed: int, hazards: str = "none",
                  length: int = 2, opponent: Deck | None = None, both: bool = False, jobs: int | None = None) -> dict:
    """The deck's games, then each variant's on the same seeds; each variant's differences, ranked by the MP
    difference after the last turn (or, in a duel, by the win-rate difference). `jobs`: worker processes (the
    same report whatever the number)."""
    if games < 2 or turns < 1:
        raise ValueError("a paired comparison needs at least 2 games and 1 turn")
    play = dict(turns=turns, seed=seed, hazards=hazards, length=length, opponent=opponent, both=both)
    base, *played = records_of([deck] + [v.deck for v in variants], games=games, jobs=jobs, **play)
    rows = []
    for variant, records in zip(variants, played):
        rows.append({"label": variant.label, "kind": variant.kind, "deck": variant.deck.name or variant.deck.path,
                     "validate": verdict_of(variant.deck, length), **compare(base, records, turns)})
    key = "win" if both else "mp_last_turn"
    rows.sort(key=lambda r: -r[key]["difference"])
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    return {"schema": SCHEMA, "deck": deck.name or deck.path, "games": games, "turns": turns, "seed": seed,
            "mode": "both" if both else ("against" if opponent is not None else "goldfish"),
            "hazards": hazards if opponent is None else None,
            "opponent": (opponent.name or opponent.path) if opponent is not None else None,
            "deck_validate": verdict_of(deck, length), "ranked_by": key, "variants": rows,
            "what": "each number is the variant's mean minus the deck's over the same games (game i of both uses "
                    "the same seed): a difference in this engine's play, with its paired 95% interval"}


def format_whatif(report: dict) -> str:
    r = report
    against = f" against {r['opponent']} ({r['mode']})" if r["opponent"] else f", hazards {r['hazards']}"
    lines = [f"What if: {r['deck']}, {r['games']} games of {r['turns']} turns, seed {r['seed']}{against}",
             "each variant plays the same games as the deck (game i of both: the same seed); the numbers are the "
             "variant's mean minus the deck's, with the paired 95% interval",
             _legality("the deck", r["deck_validate"]), ""]
    last = r["turns"]
    for row in r["variants"]:
        mp, called = row["mp_last_turn"], row["called_last_turn"]
        lines.append(f"{row['rank']}. {row['label']}")
        lines.append("   " + _legality("validate", row["validate"]))
        lines.append(f"   MP after turn {last}: {mp['difference']:+.2f} (95% CI {mp['ci95'][0]:+.2f} to "
                     f"{mp['ci95'][1]:+.2f}; deck {mp['base']:.2f}, variant {mp['variant']:.2f}); two separate "
                     f"runs would give ±{mp['unpaired_half_width']:.2f}, this pairing ±{mp['half_width']:.2f}")
        lines.append(f"   P(called by turn {last}): {100 * called['difference']:+.1f} points (95% CI "
                     f"{100 * called['ci95'][0]:+.1f} to {100 * called['ci95'][1]:+.1f})")
        if "win" in row:
            win = row["win"]
            lines.append(f"   P(win): {100 * win['difference']:+.1f} points (95% CI {100 * win['ci95'][0]:+.1f} to "
                         f"{100 * win['ci95'][1]:+.1f}; deck {win['base']:.1%}, variant {win['variant']:.1%}); two "
                         f"separate runs would give ±{100 * win['unpaired_half_width']:.1f}, this pairing "
                         f"±{100 * win['half_width']:.1f}")
        lines.append(f"   games whose MP after turn {last} differ: {mp['games_that_differ']} of {r['games']}")
        lines += _by_turn(row["per_turn"])
        lines.append("")
    lines.append("note: a difference in this engine's play (its written-down choices), not in a player's; an "
                 "interval that holds 0 is no evidence either way")
    return "\n".join(lines)


def _by_turn(per_turn: list[dict]) -> list[str]:
    """The MP difference after each turn with both intervals: this pairing's and two separate runs'."""
    lines = ["   turn  MP difference  paired 95% CI      paired ±  two runs ±  narrower"]
    for t in per_turn:
        mp = t["mp"]
        narrower = f"{mp['unpaired_half_width'] / mp['half_width']:.1f}x" if mp["half_width"] else "-"
        lines.append(f"   {t['turn']:>4}  {mp['difference']:>+13.2f}  {mp['ci95'][0]:>+6.2f} to {mp['ci95'][1]:>+6.2f}"
                     f"  {mp['half_width']:>8.2f}  {mp['unpaired_half_width']:>10.2f}  {narrower:>8}")
    return lines


def _legality(who: str, verdict: dict) -> str:
    if verdict["legal"] is None:
        return f"{who}: not validated ({verdict['note']})"
    if verdict["legal"]:
        return f"{who}: LEGAL"
    first = "; ".join(verdict["errors"])
    return f"{who}: ILLEGAL ({verdict['error_count']} error(s): {first}) - simulated anyway"
