"""`deckcheck simulate`: play a deck's own turns many times and report its marshalling-point curve.

    from deckcheck.sim.simulate import simulate
    summary = simulate(deck, games=10_000, turns=12, seed=1, hazards="none", length=2)

The layer's parts are listed in `deckcheck/sim/__init__.py`; docs/simulation.md describes the
heuristics. Each game has its own generator seeded from (seed, game number), and the results are integer
sums, so the same seed gives the same report whether the games run in one process or several, in one chunk
or many (the progress bar plays them in chunks).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from deckcheck.decklist.model import Deck
from deckcheck.sim.match import run_games
from deckcheck.sim.model import SimDeck, build_sim_deck
from deckcheck.sim.players.hazard_model import HAZARD_MODELS
from deckcheck.sim.report import format_text, summarize
from deckcheck.sim.tally import Tally
from deckcheck.sim.workers import play_in_workers, worker_count

__all__ = ["simulate", "simulate_tables", "format_text", "build_sim_deck", "HAZARD_MODELS"]

# Below this many games per worker, another process costs more than it saves.
MIN_GAMES_PER_WORKER = 1000
# Games per step of the progress bar (a step costs nothing measurable: tallies add up).
PROGRESS_CHUNK = 500


def simulate(deck: Deck, *, games: int = 10_000, turns: int = 12, seed: int = 0, hazards: str = "none",
             length: int = 2, jobs: int | None = None) -> dict:
    """Simulate `games` games of `turns` turns of a resolved deck; return the summary dict."""
    sim = build_sim_deck(deck, length)
    return simulate_tables(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs)


def simulate_tables(sim: SimDeck, *, games: int, turns: int, seed: int = 0, hazards: str = "none",
                    jobs: int | None = None, on_progress: Callable[[int], None] | None = None,
                    observer=None) -> dict:
    """The summary of `games` games; an `observer` (the referee) watches every one of them, in this process."""
    if games < 1 or turns < 1:
        raise ValueError("games and turns must be at least 1")
    if hazards not in HAZARD_MODELS:
        raise ValueError(f"hazards must be one of {', '.join(HAZARD_MODELS)}, not {hazards!r}")
    tally = run_tally(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs, on_progress=on_progress,
                      observer=observer)
    return summarize(sim, tally, seed=seed, hazards=hazards)


def run_tally(sim: SimDeck, *, games: int, turns: int, seed: int, hazards: str, jobs: int | None,
              on_progress: Callable[[int], None] | None = None, observer=None) -> Tally:
    """The summed tally of all games, in one process or split into contiguous chunks over `jobs` workers.

    One process is the default: it meets the speed target, and on a busy 2-core machine a second worker
    process often costs more than it saves (benchmarks/bench_simulate.py measures both). `on_progress` is told
    how many games each finished chunk held."""
    workers = 1 if observer is not None else worker_count(jobs, games, MIN_GAMES_PER_WORKER)
    tally = Tally(turns=turns, kinds=len(sim.kinds))
    if workers == 1:
        step = PROGRESS_CHUNK if on_progress else games
        for start in range(0, games, step):
            count = min(step, games - start)
            tally.merge(run_games(sim, start, count, turns, seed, hazards, observer))
            if on_progress:
                on_progress(count)
        return tally
    play = partial(run_games, sim, turns=turns, seed=seed, hazards=hazards)
    for count, part in play_in_workers(play, games, workers):
        tally.merge(part)
        if on_progress:
            on_progress(count)
    return tally
