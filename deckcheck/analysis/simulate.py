"""`deckcheck simulate`: play a deck's own turns many times and report its marshalling-point curve.

    from deckcheck.analysis.simulate import simulate
    summary = simulate(deck, games=10_000, turns=12, seed=1, hazards="none", length=2)

The engine, its tables and its report live in `deckcheck.analysis.sim`; docs/simulation.md describes the
heuristics. Each game has its own generator seeded from (seed, game number), and the results are integer
sums, so the same seed gives the same report whether the games run in one process or several, in one chunk
or many (the progress bar plays them in chunks).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from deckcheck.analysis.sim.engine import HAZARD_MODELS, Tally, run_games
from deckcheck.analysis.sim.report import format_text, summarize
from deckcheck.analysis.sim.tables import SimDeck, build_sim_deck
from deckcheck.analysis.sim.workers import play_in_workers, worker_count
from deckcheck.console import note, show_progress
from deckcheck.decklist.model import Deck

__all__ = ["simulate", "simulate_tables", "format_text", "build_sim_deck", "HAZARD_MODELS", "run_simulate_command"]

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
                    jobs: int | None = None, on_progress: Callable[[int], None] | None = None) -> dict:
    if games < 1 or turns < 1:
        raise ValueError("games and turns must be at least 1")
    if hazards not in HAZARD_MODELS:
        raise ValueError(f"hazards must be one of {', '.join(HAZARD_MODELS)}, not {hazards!r}")
    tally = run_tally(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs, on_progress=on_progress)
    return summarize(sim, tally, seed=seed, hazards=hazards)


def run_tally(sim: SimDeck, *, games: int, turns: int, seed: int, hazards: str, jobs: int | None,
              on_progress: Callable[[int], None] | None = None) -> Tally:
    """The summed tally of all games, in one process or split into contiguous chunks over `jobs` workers.

    One process is the default: it meets the speed target, and on a busy 2-core machine a second worker
    process often costs more than it saves (benchmarks/bench_simulate.py measures both). `on_progress` is told
    how many games each finished chunk held."""
    workers = worker_count(jobs, games, MIN_GAMES_PER_WORKER)
    tally = Tally(turns=turns, kinds=len(sim.kinds))
    if workers == 1:
        step = PROGRESS_CHUNK if on_progress else games
        for start in range(0, games, step):
            count = min(step, games - start)
            tally.merge(run_games(sim, start, count, turns, seed, hazards))
            if on_progress:
                on_progress(count)
        return tally
    play = partial(run_games, sim, turns=turns, seed=seed, hazards=hazards)
    for count, part in play_in_workers(play, games, workers):
        tally.merge(part)
        if on_progress:
            on_progress(count)
    return tally


def run_simulate_command(deck: Deck, *, deck_path: str, games: int, turns: int, seed: int, hazards: str,
                         length: int | None, jobs: int | None, output: str) -> str:
    """What `deckcheck simulate` prints; timing (and a progress bar at a terminal) go to stderr."""
    import json
    import sys
    import time

    import click

    from deckcheck.errors import DeckcheckError

    try:
        sim = build_sim_deck(deck, length or deck.length or 2)
    except ValueError as exc:
        raise DeckcheckError(f"cannot simulate: {exc}", deck_path) from None
    started = time.perf_counter()
    if _stderr_is_terminal():
        with click.progressbar(length=games, label="simulating", file=sys.stderr, show_pos=True,
                               show_eta=True) as bar:
            summary = simulate_tables(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs,
                                      on_progress=bar.update)
    else:
        summary = simulate_tables(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs)
    elapsed = time.perf_counter() - started
    note(f"simulated {games} games in {elapsed:.2f} s ({games / max(elapsed, 1e-9):,.0f} games/s)")
    return json.dumps(summary, ensure_ascii=False, indent=2) if output == "json" else format_text(summary)


_stderr_is_terminal = show_progress     # tests stand in a terminal here
