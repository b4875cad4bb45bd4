"""Games split over worker processes: contiguous chunks, each played where it lands, results in game order.

Every game has its own generator seeded from (seed, game number) and every tally is an integer sum, so the
chunks add up to what one process gives (`simulate --jobs`, `simulate --against --jobs`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from deckcheck.process import max_jobs, worker_pool


def worker_count(jobs: int | None, games: int, min_games_per_worker: int) -> int:
    """The processes worth starting: at most `jobs` (default 1) and the machine's cap, and no more than leave
    each at least `min_games_per_worker` games (below that a process costs more than it saves)."""
    return max(1, min(jobs or 1, max_jobs(), games // min_games_per_worker or 1))


def game_chunks(games: int, parts: int) -> list[tuple[int, int]]:
    """(first game, count) of `parts` contiguous chunks covering games 0..games-1."""
    size = -(-games // max(1, parts))
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def play_in_workers(play: Callable[[int, int], object], games: int, workers: int) -> Iterator[tuple[int, object]]:
    """(count, play(first, count)) for each chunk, in order, played by `workers` processes that end with this
    one even when it is killed, and that nothing waits for on Ctrl-C or SIGTERM (`deckcheck.process.worker_pool`).
    `play` must pickle (a module-level function, or a functools.partial of one)."""
    chunks = game_chunks(games, workers)
    with worker_pool(workers) as pool:
        for (_first, count), result in zip(chunks, pool.map(play, *zip(*chunks))):
            yield count, result
