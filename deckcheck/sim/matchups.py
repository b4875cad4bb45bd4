"""`deckcheck matchups`: every pair of a field (or one deck against a field) played with both sides' full turns.

    from deckcheck.sim.matchups import run_matchups
    document = run_matchups(decks, games=200, turns=12, seed=1, jobs=2)

Each pair plays `games` games of `sim.match.play_duel`, the first player alternating (even games: the row deck).
A pair's generator seed comes from `seed` and the two decks' card lists (`deck_fingerprint`), game i of a pair
uses `game_rng(pair_seed, i)`, and every number is an integer sum over games: the document is the same whether
the pairs run in this process, on a local Dask cluster (`jobs` > 1) or on an existing one (`scheduler`), except
its `run` object (wall time, games per second, workers, scheduler).

Dask (`dask.distributed`) is imported here only, and only when a cluster is used.
"""

from __future__ import annotations

import hashlib
import time
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from deckcheck.console import note
from deckcheck.decklist.model import Deck
from deckcheck.sim.match import play_duel
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.report import wilson
from deckcheck.sim.side import Side, side_of
from deckcheck.sim.tally import DuelTally, Tally
from deckcheck.terminal import printable

SCHEMA = "deckcheck/matchups/1"
# Games of one pair in one task: small enough to spread a few pairs over many workers.
CHUNK_GAMES = 100
# Seconds an existing scheduler has to answer (connection, handshake and first request together).
SCHEDULER_TIMEOUT = 5
# A cluster that has had no worker this long, or finished no task in STALL_SECONDS, has lost the run: the rest is
# played in this process. The watch looks every POLL_SECONDS.
WORKERLESS_SECONDS, STALL_SECONDS, POLL_SECONDS = 10, 600, 1
# Seconds a client or a local cluster is given to close.
CLOSE_SECONDS = 10
# The addresses `--scheduler` takes: a Dask scheduler over TCP (or TLS).
SCHEDULER_SCHEMES = ("tcp", "tls")


class UnplayableDeck(ValueError):
    """A deck of the field the engine cannot simulate; `index` says which, so that the caller can name its file."""

    def __init__(self, index: int, reason: str):
        super().__init__(reason)
        self.index = index


class SchedulerError(RuntimeError):
    """The Dask scheduler at `--scheduler` could not be reached, or what answered there is no Dask scheduler."""


def scheduler_address(address: str) -> str:
    """`tcp://HOST:PORT` (tls://, or HOST:PORT for tcp) as Dask takes it; ValueError saying what is wrong."""
    from urllib.parse import urlsplit

    text = address.strip()
    if "://" not in text:
        text = f"tcp://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:                    # an unclosed [IPv6 bracket, a port not a number or out of range
        parts, port = None, None
    if parts is None or parts.scheme not in SCHEDULER_SCHEMES or not parts.hostname or not port or parts.path \
            or parts.query:
        raise ValueError(f"not a scheduler address {address!r}: give tcp://HOST:PORT")
    return text


@dataclass
class PairTally:
    """Integer sums of one pair from the first deck's (row's) point of view."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    mp: int = 0
    opponent_mp: int = 0
    characters_lost: int = 0
    opponent_characters_lost: int = 0

    def merge(self, other: PairTally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def deck_fingerprint(deck: Deck) -> str:
    """The deck's cards by part, sorted: the same list gives the same games, whatever its file is called."""
    lines = sorted(f"{e.part.value}:{e.card.id if e.card else e.written}:{e.count}" for e in deck.entries)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def pair_seed(seed: int, first: str, second: str) -> int:
    digest = hashlib.sha256(f"{seed}:{first}:{second}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def play_pair(a: Side, b: Side, first: int, count: int, turns: int, seed: int, observer=None) -> PairTally:
    """Games first..first+count-1 of a pair; the row deck `a` starts the even games. `observer`: the referee."""
    out = PairTally()
    for game in range(first, first + count):
        a_first = game % 2 == 0
        one, two = (a, b) if a_first else (b, a)
        tallies = (Tally(turns=turns, kinds=len(one.sim.kinds)), Tally(turns=turns, kinds=len(two.sim.kinds)))
        stats = (DuelTally(opponent_kinds=len(two.sim.kinds)), DuelTally(opponent_kinds=len(one.sim.kinds)))
        scores = play_duel(one, two, game, seed, turns, tallies, stats, observer)
        mine, theirs = (0, 1) if a_first else (1, 0)
        out.games += 1
        out.wins += scores[mine] > scores[theirs]
        out.losses += scores[mine] < scores[theirs]
        out.draws += scores[mine] == scores[theirs]
        out.mp += scores[mine]
        out.opponent_mp += scores[theirs]
        out.characters_lost += stats[mine].characters_lost
        out.opponent_characters_lost += stats[theirs].characters_lost
    return out


def _play_task(sides: list[Side], a: int, b: int, first: int, count: int, turns: int, seed: int) -> PairTally:
    return play_pair(sides[a], sides[b], first, count, turns, seed)


def pairs_of(n: int, one_against_field: bool) -> list[tuple[int, int]]:
    """Every unordered pair of n decks, or the first deck against each of the others."""
    if one_against_field:
        return [(0, j) for j in range(1, n)]
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def run_matchups(decks: list[Deck], *, games: int = 200, turns: int = 12, seed: int = 0, length: int = 2,
                 jobs: int = 1, scheduler: str | None = None, one_against_field: bool = False,
                 paths: list[str] | None = None, progress=None, referee=None) -> dict:
    """The matchups document (see `deckcheck/schemas/matchups.schema.json`). With a `referee` (`--check`) every
    game is played in this process, watched by it, and the document carries its findings."""
    if len(decks) < 2:
        raise ValueError("a field needs at least two decks")
    if games < 1 or turns < 1:
        raise ValueError("games and turns must be at least 1")
    sides = []
    for index, deck in enumerate(decks):
        try:
            sides.append(side_of(build_sim_deck(deck, length)))
        except ValueError as exc:
            raise UnplayableDeck(index, str(exc)) from None
    prints = [deck_fingerprint(deck) for deck in decks]
    pairs = pairs_of(len(decks), one_against_field)
    tasks = [(p, a, b, start, min(CHUNK_GAMES, games - start), pair_seed(seed, prints[a], prints[b]))
             for p, (a, b) in enumerate(pairs) for start in range(0, games, CHUNK_GAMES)]
    started = time.perf_counter()
    if referee is not None or (scheduler is None and jobs <= 1):
        results = []
        for index, (_p, a, b, start, count, s) in enumerate(tasks):
            results.append(play_pair(sides[a], sides[b], start, count, turns, s, referee))
            if progress:
                progress(index + 1, len(tasks))
        workers, where = 1, "in-process"
    else:
        results, workers, where = _run_on_dask(decks, sides, tasks, turns, length, jobs, scheduler, progress)
    wall = time.perf_counter() - started
    totals = [PairTally() for _ in pairs]
    for (p, *_), result in zip(tasks, results):
        totals[p].merge(result)
    played = games * len(pairs)
    document = build_document(decks, sides, paths, pairs, totals, games=games, turns=turns, seed=seed,
                              length=length, one_against_field=one_against_field)
    if referee is not None:
        document["referee"] = referee.document()
    document["run"] = {"wall_seconds": round(wall, 3), "games": played,
                       "games_per_second": round(played / max(wall, 1e-9), 1), "workers": workers,
                       "scheduler": where}
    return document


def _run_on_dask(decks, sides, tasks, turns, length, jobs, scheduler, progress):
    """The tasks on a Dask cluster: a local one of `jobs` worker processes, or the one at `scheduler`.

    A cluster that fails or stalls mid-run (its workers killed, its scheduler gone) loses nothing: what it has
    not delivered is played here, said in one line, and the numbers are the same (every task is seeded)."""
    results: list[PairTally | None] = [None] * len(tasks)
    seen, where = {"workers": 0}, scheduler or "local"
    done = 0
    try:
        with _dask_client(jobs, scheduler) as client:
            for index, result in _delivered(client, decks, tasks, turns, length, seen):
                results[index] = result
                done += 1
                if progress:
                    progress(done, len(tasks))
    except SchedulerError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever the cluster did, the run is finished here
        missing = results.count(None)
        if missing:
            note(printable(f"deckcheck: the Dask cluster failed ({_first_line(exc)}); the {missing} task(s) it "
                           f"did not finish run in this process"))
    for index, (_p, a, b, start, count, s) in enumerate(tasks):
        if results[index] is None:
            results[index] = _play_task(sides, a, b, start, count, turns, s)
            done += 1
            if progress:
                progress(done, len(tasks))
    return results, seen["workers"], where


class ClusterLost(RuntimeError):
    """The cluster stopped delivering: no worker left, or no task finished for STALL_SECONDS."""


def _delivered(client, decks, tasks, turns, length, seen: dict):
    """(task index, its PairTally) as the cluster finishes them; seen["workers"]: the most workers it had.

    The decks go into the task graph, not only into the workers' memory (scatter): the sides are a task of their
    own, which the scheduler computes again on another worker when the one holding them dies."""
    from distributed import wait

    seen["workers"] = len(client.scheduler_info().get("workers", {}))
    shared = client.submit(_sides_of, decks, length, pure=False)
    futures = {client.submit(_play_task, shared, a, b, start, count, turns, s, pure=False): index
               for index, (_p, a, b, start, count, s) in enumerate(tasks)}
    pending = set(futures)
    last_done = workerless = time.monotonic()
    while pending:
        try:
            finished, pending = wait(pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
        except TimeoutError:                       # none finished this time: is the cluster still there?
            finished = set()
        now = time.monotonic()
        for future in finished:
            try:                                   # a cancelled or failed task raises: the rest run here
                value = future.result(timeout=POLL_SECONDS)
            except TimeoutError:
                # Done when waited on, its result lost since with the worker that held it: the scheduler computes
                # it again, or, with no worker left, the check below ends the run (result() alone waits forever).
                pending.add(future)
                continue
            yield futures[future], value
            last_done = now
        if not pending:
            break
        workers = len(client.scheduler_info().get("workers", {}))
        seen["workers"] = max(seen["workers"], workers)
        if workers:
            workerless = now
        elif now - workerless > WORKERLESS_SECONDS:
            raise ClusterLost(f"no worker for {WORKERLESS_SECONDS} s")
        if now - last_done > STALL_SECONDS:
            raise ClusterLost(f"no task finished in {STALL_SECONDS} s")


def _sides_of(decks: list[Deck], length: int) -> list[Side]:
    return [side_of(build_sim_deck(deck, length)) for deck in decks]


@contextmanager
def _dask_client(jobs: int, scheduler: str | None):
    """A Dask client of a new local cluster (loopback only) or of the scheduler at `scheduler`, which must answer
    as one first. Dask's own log stays quiet (a stopped run is said once, by us), and so do the worker processes
    on this stderr: a Ctrl-C otherwise makes each print its traceback."""
    from dask.distributed import Client, LocalCluster

    hushed = _hush_dask_log()
    cluster = client = None
    try:
        if scheduler is None:
            with _stderr_hidden():
                # Loopback only, and the scheduler's web page on a free port (never a clash with another's 8787).
                cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0")
            client = Client(cluster)
        else:
            probe_scheduler(scheduler, SCHEDULER_TIMEOUT)
            try:
                client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
            except Exception as exc:  # noqa: BLE001 - it answered the probe, then failed: not one to use
                raise SchedulerError(f"not a Dask scheduler ({_first_line(exc)})") from None
        yield client
    except Exception:
        raise                   # closed below
    except BaseException:
        # Ctrl-C, SIGTERM: nothing is waited for (closing waits for the workers); the command line ends the
        # process at once, and the local workers with it. Dask's log stays hushed: the scheduler, still running
        # in this process, would otherwise log each worker it loses on the way out.
        client = cluster = hushed = None
        raise
    finally:
        for closing in (client, cluster):
            if closing is not None:
                with suppress(Exception):
                    closing.close(timeout=CLOSE_SECONDS)
        for handler, level in hushed or ():
            handler.setLevel(level)


def _hush_dask_log() -> list[tuple[object, int]]:
    """Dask's log handlers (on the "distributed" logger, which its modules' loggers pass records up to) told to
    let nothing through; their levels before, to give back."""
    import logging

    handlers = list(logging.getLogger("distributed").handlers)
    saved = [(handler, handler.level) for handler in handlers]
    for handler in handlers:
        handler.setLevel(logging.CRITICAL + 1)
    return saved


@contextmanager
def _stderr_hidden():
    """Processes started in here write to /dev/null, not to this stderr (they inherit file descriptor 2)."""
    import os
    import sys

    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def probe_scheduler(address: str, timeout: float) -> None:
    """SchedulerError unless a Dask scheduler answers at `address` within `timeout` seconds: the connection, the
    handshake and an `identity` request under one deadline. Whatever else answers (a web server, a silent
    socket, junk bytes, a fake frame header) is "not a Dask scheduler", never a hang or an internal error."""
    import asyncio

    async def exchange():
        from distributed.comm import connect

        comm = await connect(address, timeout=timeout, deserialize=False)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(exchange(), timeout))
    except TimeoutError:
        raise SchedulerError(f"not a Dask scheduler: no answer as one in {timeout} s") from None
    except OSError as exc:                 # refused, unreachable: Dask tries again until the deadline
        if type(exc).__name__ == "CommClosedError":      # it took the connection, then hung up
            raise SchedulerError("not a Dask scheduler: it closed the connection") from None
        raise SchedulerError(f"cannot reach the Dask scheduler ({_first_line(exc)})") from None
    except Exception as exc:  # noqa: BLE001 - a comm or decode error of any kind: whatever answered is no scheduler
        kind = type(exc)
        named = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"
        raise SchedulerError(f"not a Dask scheduler: what it sent is no Dask message ({named})") from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise SchedulerError("not a Dask scheduler: it answered, but not as one")


def _first_line(exc: BaseException) -> str:
    text = (str(exc).splitlines() or [""])[0][:200].rstrip(": ")
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def build_document(decks, sides, paths, pairs, totals, *, games, turns, seed, length, one_against_field) -> dict:
    n = len(decks)
    matrix: list[list[dict | None]] = [[None] * n for _ in range(n)]
    rows = []
    for (a, b), t in zip(pairs, totals):
        matrix[a][b] = wilson(t.wins, t.games)
        matrix[b][a] = wilson(t.losses, t.games)
        rows.append({"a": a, "b": b, "games": t.games, "a_wins": t.wins, "b_wins": t.losses, "draws": t.draws,
                     "p_a_win": wilson(t.wins, t.games), "p_b_win": wilson(t.losses, t.games),
                     "p_draw": wilson(t.draws, t.games),
                     "mean_mp_a": round(t.mp / t.games, 3), "mean_mp_b": round(t.opponent_mp / t.games, 3),
                     "characters_lost_a": round(t.characters_lost / t.games, 3),
                     "characters_lost_b": round(t.opponent_characters_lost / t.games, 3)})
    standings = []
    for i in range(n):
        wins = sum(t.wins for (a, _), t in zip(pairs, totals) if a == i) + sum(
            t.losses for (_, b), t in zip(pairs, totals) if b == i)
        played = sum(t.games for (a, b), t in zip(pairs, totals) if i in (a, b))
        if played:
            standings.append({"deck": i, "games": played, "p_win": wilson(wins, played)})
    standings.sort(key=lambda s: (-s["p_win"]["p"], s["deck"]))
    return {
        "schema": SCHEMA,
        "games_per_pair": games,
        "turns": turns,
        "seed": seed,
        "length": length,
        "mode": "one-against-field" if one_against_field else "round-robin",
        "decks": [{"index": i, "name": side.sim.name, "path": (paths[i] if paths else None),
                   "alignment": side.sim.alignment} for i, side in enumerate(sides)],
        "pairs": rows,
        "matrix": matrix,
        "standings": standings,
    }
