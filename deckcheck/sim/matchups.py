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
from dataclasses import dataclass

from deckcheck.decklist.model import Deck
from deckcheck.sim.match import play_duel
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.report import wilson
from deckcheck.sim.side import Side, side_of
from deckcheck.sim.tally import DuelTally, Tally

SCHEMA = "deckcheck/matchups/1"
# Games of one pair in one task: small enough to spread a few pairs over many workers.
CHUNK_GAMES = 100
# Seconds to wait for an existing scheduler to answer before saying it cannot be reached.
SCHEDULER_TIMEOUT = 10
# The addresses `--scheduler` takes: a Dask scheduler over TCP (or TLS).
SCHEDULER_SCHEMES = ("tcp", "tls")


class UnplayableDeck(ValueError):
    """A deck of the field the engine cannot simulate; `index` says which, so that the caller can name its file."""

    def __init__(self, index: int, reason: str):
        super().__init__(reason)
        self.index = index


class SchedulerError(RuntimeError):
    """The Dask scheduler at `--scheduler` could not be reached (or Dask could not read its address)."""


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


def play_pair(a: Side, b: Side, first: int, count: int, turns: int, seed: int) -> PairTally:
    """Games first..first+count-1 of a pair; the row deck `a` starts the even games."""
    out = PairTally()
    for game in range(first, first + count):
        a_first = game % 2 == 0
        one, two = (a, b) if a_first else (b, a)
        tallies = (Tally(turns=turns, kinds=len(one.sim.kinds)), Tally(turns=turns, kinds=len(two.sim.kinds)))
        stats = (DuelTally(opponent_kinds=len(two.sim.kinds)), DuelTally(opponent_kinds=len(one.sim.kinds)))
        scores = play_duel(one, two, game, seed, turns, tallies, stats)
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
                 paths: list[str] | None = None, progress=None) -> dict:
    """The matchups document (see `deckcheck/schemas/matchups.schema.json`)."""
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
    if scheduler is None and jobs <= 1:
        results = []
        for index, (_p, a, b, start, count, s) in enumerate(tasks):
            results.append(_play_task(sides, a, b, start, count, turns, s))
            if progress:
                progress(index + 1, len(tasks))
        workers, where = 1, "in-process"
    else:
        results, workers, where = _run_on_dask(sides, tasks, turns, jobs, scheduler, progress)
    wall = time.perf_counter() - started
    totals = [PairTally() for _ in pairs]
    for (p, *_), result in zip(tasks, results):
        totals[p].merge(result)
    played = games * len(pairs)
    document = build_document(decks, sides, paths, pairs, totals, games=games, turns=turns, seed=seed,
                              length=length, one_against_field=one_against_field)
    document["run"] = {"wall_seconds": round(wall, 3), "games": played,
                       "games_per_second": round(played / max(wall, 1e-9), 1), "workers": workers,
                       "scheduler": where}
    return document


def _run_on_dask(sides, tasks, turns, jobs, scheduler, progress):
    """The tasks on a Dask cluster: a local one of `jobs` worker processes, or the one at `scheduler`."""
    from dask.distributed import Client, LocalCluster, as_completed

    cluster = None
    if scheduler is None:
        # Loopback only, and the scheduler's web page on a free port (never a clash with another cluster's 8787).
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address="127.0.0.1:0")
        client = Client(cluster)
        where = "local"
    else:
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, ValueError, TypeError) as exc:   # unreachable, or an address Dask cannot read
            raise SchedulerError(str(exc)) from None
        where = scheduler
    try:
        workers = len(client.scheduler_info().get("workers", {}))
        shared = client.scatter(sides, broadcast=True)
        futures = [client.submit(_play_task, shared, a, b, start, count, turns, s, pure=False)
                   for _p, a, b, start, count, s in tasks]
        if progress:
            for done, _ in enumerate(as_completed(futures), 1):
                progress(done, len(futures))
        results = client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return results, workers, where


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
