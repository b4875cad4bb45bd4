"""`deckcheck simulate`: play a deck's own turns many times and report its marshalling-point curve.

    from deckcheck.analysis.simulate import simulate
    summary = simulate(deck, games=10_000, turns=12, seed=1, hazards="none", length=2)

The engine, its tables and its report live in `deckcheck.analysis.sim`; docs/simulation.md describes the
heuristics. Each game has its own generator seeded from (seed, game number), and the results are integer
sums, so the same seed gives the same report whether the games run in one process or several.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from deckcheck.analysis.sim.engine import HAZARD_MODELS, Tally, run_games
from deckcheck.analysis.sim.report import format_text, summarize
from deckcheck.analysis.sim.tables import SimDeck, build_sim_deck
from deckcheck.decklist.model import Deck
from deckcheck.process import die_with_parent, max_jobs, stop_workers

__all__ = ["simulate", "simulate_tables", "format_text", "build_sim_deck", "HAZARD_MODELS"]

# Below this many games a second process costs more than it saves.
PARALLEL_MIN_GAMES = 2000


def simulate(deck: Deck, *, games: int = 10_000, turns: int = 12, seed: int = 0, hazards: str = "none",
             length: int = 2, jobs: int | None = None) -> dict:
    """Simulate `games` games of `turns` turns of a resolved deck; return the summary dict."""
    sim = build_sim_deck(deck, length)
    return simulate_tables(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs)


def simulate_tables(sim: SimDeck, *, games: int, turns: int, seed: int = 0, hazards: str = "none",
                    jobs: int | None = None) -> dict:
    if games < 1 or turns < 1:
        raise ValueError("games and turns must be at least 1")
    if hazards not in HAZARD_MODELS:
        raise ValueError(f"hazards must be one of {', '.join(HAZARD_MODELS)}, not {hazards!r}")
    tally = run_tally(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs)
    return summarize(sim, tally, seed=seed, hazards=hazards)


def run_tally(sim: SimDeck, *, games: int, turns: int, seed: int, hazards: str, jobs: int | None) -> Tally:
    """The summed tally of all games, in one process or split into contiguous chunks over `jobs` workers.

    One process is the default: it meets the speed target, and on a busy 2-core machine a second worker
    process often costs more than it saves (benchmarks/bench_simulate.py measures both).
    """
    workers = max(1, min(jobs or 1, max_jobs(), games // (PARALLEL_MIN_GAMES // 2) or 1))
    if workers == 1:
        return run_games(sim, 0, games, turns, seed, hazards)
    chunk = -(-games // workers)
    starts = list(range(0, games, chunk))
    tally = Tally(turns=turns, kinds=len(sim.kinds))
    # workers end with this process, even when it is killed (SIGKILL leaves it no chance to stop them); on Ctrl-C
    # or SIGTERM nothing waits for their games (a `with` block would, for all of them)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),))
    try:
        parts = pool.map(run_games, [sim] * len(starts), starts,
                         [min(chunk, games - s) for s in starts], [turns] * len(starts),
                         [seed] * len(starts), [hazards] * len(starts))
        for part in parts:
            tally.merge(part)
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown()
    return tally
