"""What each card and each site brings, in this engine's play (`simulate DECK --cards [--against OPP [--both]]`).

    report = contributions(sim, games=1000, turns=12, seed=0)
    report = contributions(sim, games=1000, turns=12, seed=0, opponent=other_sim, both=True)

Per play-deck card (17lands' "games in hand" idea): the mean MP after the last turn in games where a copy was in
hand by turn 4 against games where none was, with a 95% interval of the difference; in a duel (`both`) also
P(win) at the Free Council in those games against the others, with a 95% interval of the difference of the two
proportions (Newcombe's hybrid score interval from each side's Wilson interval), and the table is ranked by it;
the share of games it was played; the turns it sat in hand. An ASSOCIATION in this engine's play, not a cause: a
card in hand early goes with games that drew well or went to certain sites (the paired `--swap` is the causal
question).

Per site: visits, the MP scored in site phases there, characters lost in attacks on companies there, the turn it
was first reached; the location deck's sites never visited. Played by a watcher on the simulator's own games
(the same seeds as `simulate`, `simulate --against`, `simulate --against --both`: in a duel it sees our side's
steps only, and our deck takes the first turn as there).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

from deckcheck.sim.match import game_rng, goldfish_state, play_against, play_duel, play_goldfish
from deckcheck.sim.model import ROLE_HAZARD
from deckcheck.sim.observe import Observer
from deckcheck.sim.report import Z95
from deckcheck.sim.side import side_of
from deckcheck.sim.tally import DuelTally, Tally
from deckcheck.sim.workers import play_in_workers, worker_count

SCHEMA = "deckcheck/contributions/2"
IN_HAND_BY = 4          # "in hand by turn 4"
RARELY = 0.10           # played in fewer games than this: "rarely played"
# Below this many games per worker, another process costs more than it saves (as for simulate and --against).
MIN_GAMES_PER_WORKER = 1000
MIN_DUEL_GAMES_PER_WORKER = 200


class ContributionWatch(Observer):
    """Per game: the kinds in hand by turn `IN_HAND_BY`; per site: visits, site-phase MP, losses, first turn."""

    def __init__(self, sim):
        self.sim = sim
        sites = len(sim.sites)
        self.visits = [0] * sites
        self.site_mp = [0] * sites
        self.lost = [0] * sites
        self.first_turn_sum = [0] * sites
        self.first_turn_games = [0] * sites
        self.site_phase_mp = 0          # every MP change of every site phase, summed
        self.unattributed_mp = 0        # those no site could be named for (said in the report)
        self._start_game()

    def _start_game(self) -> None:
        self.in_hand: set[int] = set()
        self.reached: dict[int, int] = {}
        self._in_site_phase = False
        self._mp = 0
        self._site: int | None = None
        self._site_of: dict[int, int] = {}      # id(character) -> its company's site in this site phase

    def new_game(self) -> None:
        self._start_game()

    def _look(self, g) -> None:
        if g.turn <= IN_HAND_BY:
            self.in_hand.update(g.hand)

    def turn_start(self, g) -> None:
        self._look(g)

    def move(self, g, company, origin: int, dest: int, roll, moved: bool, drawn: int = 0) -> None:
        if moved:
            self.visits[dest] += 1
            self.reached.setdefault(dest, g.turn)
            self._site = dest

    def phase(self, g, name: str) -> None:
        self._look(g)
        if name == "movement":
            self._in_site_phase, self._mp, self._site = True, g.mp, None
            self._site_of = {id(c): company.site for company in g.companies for c in company.characters}
        elif name == "site":
            self._credit(g, self._site)
            self._in_site_phase = False

    def _credit(self, g, site: int | None) -> None:
        """The MP change since the last step of this site phase, to `site` (None: unattributed)."""
        if not self._in_site_phase:
            return
        delta, self._mp = g.mp - self._mp, g.mp
        self.site_phase_mp += delta
        if site is None:
            self.unattributed_mp += delta
        else:
            self.site_mp[site] += delta

    def resource_played(self, g, kind: int, site, actor, additional: bool = False) -> None:
        self._site = site if site is not None else self._site
        self._credit(g, self._site)

    def faction(self, g, company, kind: int, actor, roll, check, success: bool) -> None:
        self._site = company.site
        self._credit(g, company.site)

    def ring_test(self, g, character, gold: int, roll, ring, tester=None) -> None:
        self._by_character(g, character)

    def corruption_check(self, g, character, roll: int, outcome: int) -> None:
        self._by_character(g, character)

    def _by_character(self, g, character) -> None:
        """A step of a site phase that names only a character (a ring tested there, a corruption check)."""
        if self._in_site_phase:
            self._site = self._site_of.get(id(character), self._site)
            self._credit(g, self._site)

    def attack(self, g, name: str, attack, defenders, result) -> None:
        """The attacked company's site: in a site phase, where its defenders stood when the phase began (the
        company may be gone now, every defender eliminated); else (a hazard on a company that moves, or stays)
        where its company stands now, which for a company that moved is its new site: the site it travels to."""
        site = None
        if self._in_site_phase:
            site = next((self._site_of[id(d.ref)] for d in defenders if id(d.ref) in self._site_of), None)
        if site is None:
            site = next((company.site for company in g.companies
                         if any(d.ref in company.characters for d in defenders)), self._site)
        if self._in_site_phase:
            self._site = site
            self._credit(g, site)
        if site is not None:
            self.lost[site] += len(result.eliminated)

    def end_game(self) -> None:
        for site, turn in self.reached.items():
            self.first_turn_sum[site] += turn
            self.first_turn_games[site] += 1


class OneSide(Observer):
    """Forwards to `inner` the steps of one side of a duel only (`g.side is side`): both players' states share
    the game's observer, and the per-card and per-site tables are about our deck."""

    def __init__(self, inner: Observer, side):
        self.inner, self.side = inner, side

    def new_game(self) -> None:
        self.inner.new_game()


def _forward(name: str):
    def forward(self, g, *args, **kwargs):
        if g.side is self.side:
            getattr(self.inner, name)(g, *args, **kwargs)
    forward.__name__ = name
    return forward


for _name in ("phase", "event", "character_played", "resource_played", "faction", "ring_test", "move", "hazard",
              "hazard_limit_raised", "stopped", "attack", "corruption_check", "council", "turn_start"):
    setattr(OneSide, _name, _forward(_name))


@dataclass
class Sums:
    """Integer sums over some games: the watcher's per-site counters, per card the games it was in hand by turn
    4 (with their final MP, its square and wins), the games' tally, and all games' final MP and wins. They add
    up (`merge`), so games split over workers give the sums of one process."""

    visits: list[int]
    site_mp: list[int]
    lost: list[int]
    first_turn_sum: list[int]
    first_turn_games: list[int]
    site_phase_mp: int
    unattributed_mp: int
    inside: dict[int, list[int]]
    total: Tally
    mp_sum: int = 0
    mp_sq: int = 0
    wins: int = 0

    def merge(self, other: Sums) -> None:
        for name in ("visits", "site_mp", "lost", "first_turn_sum", "first_turn_games"):
            mine = getattr(self, name)
            for i, value in enumerate(getattr(other, name)):
                mine[i] += value
        for name in ("site_phase_mp", "unattributed_mp", "mp_sum", "mp_sq", "wins"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for kind, row in other.inside.items():
            self.inside[kind] = [a + b for a, b in zip(self.inside[kind], row)]
        self.total.merge(other.total)


def play_sums(sim, first: int, count: int, *, turns: int, seed: int, hazards: str = "none", opponent=None,
              both: bool = False) -> Sums:
    """Games first..first+count-1, watched: goldfish, against `opponent`'s hazards, or a duel (`both`)."""
    watch = ContributionWatch(sim)
    if opponent is not None:
        us, them = side_of(sim), side_of(opponent)
        observer = OneSide(watch, us)
    inside = {k: [0, 0, 0, 0] for k in sorted(sim.copies_in_play_deck)}
    total = Tally(turns=turns, kinds=len(sim.kinds))
    mp_sum = mp_sq = wins = 0
    for game in range(first, first + count):
        tally = Tally(turns=turns, kinds=len(sim.kinds))
        won = 0
        if opponent is None:
            play_goldfish(goldfish_state(sim, game_rng(seed, game), hazards, observer=watch), turns, tally)
        else:
            stats = (DuelTally(opponent_kinds=len(them.sim.kinds)), DuelTally(opponent_kinds=len(us.sim.kinds)))
            if both:
                theirs = Tally(turns=turns, kinds=len(them.sim.kinds))
                play_duel(us, them, game, seed, turns, (tally, theirs), stats, observer)
                won = stats[0].wins
            else:
                play_against(us, them, game, seed, turns, tally, stats[0], observer)
        watch.end_game()
        total.merge(tally)
        final = tally.mp_sum[-1]
        mp_sum += final
        mp_sq += final * final
        wins += won
        for k in watch.in_hand & inside.keys():
            row = inside[k]
            row[0] += 1
            row[1] += final
            row[2] += final * final
            row[3] += won
    return Sums(watch.visits, watch.site_mp, watch.lost, watch.first_turn_sum, watch.first_turn_games,
                watch.site_phase_mp, watch.unattributed_mp, inside, total, mp_sum, mp_sq, wins)


def contributions(sim, *, games: int, turns: int, seed: int = 0, hazards: str = "none", opponent=None,
                  both: bool = False, jobs: int | None = None) -> dict:
    """The per-card and per-site tables over `games` games of `simulate --seed SEED`: goldfish, or against the
    `opponent` SimDeck's hazards (`simulate --against`), or with both decks playing full turns (`both`: P(win)
    per card too, and the table ranked by it). `jobs`: worker processes (the same report whatever the number)."""
    if both and opponent is None:
        raise ValueError("a duel needs an opponent")
    if games < 1 or turns < 1:
        raise ValueError("games and turns must be at least 1")
    play = partial(play_sums, sim, turns=turns, seed=seed, hazards=hazards, opponent=opponent, both=both)
    least = MIN_GAMES_PER_WORKER if opponent is None else MIN_DUEL_GAMES_PER_WORKER
    workers = worker_count(jobs, games, least)
    if workers == 1:
        sums = play(0, games)
    else:
        parts = [part for _count, part in play_in_workers(play, games, workers)]
        sums = parts[0]
        for part in parts[1:]:
            sums.merge(part)
    kinds = sorted(sim.copies_in_play_deck)
    everyone = (games, sums.mp_sum, sums.mp_sq, sums.wins)
    cards = [_card_row(sim, k, sums.inside[k], everyone, sums.total, both) for k in kinds]
    cards.sort(key=_weakest_last)
    visited = [s for s in range(len(sim.sites)) if sums.visits[s]]
    sites = sorted(({"site": sim.sites[s].name, "visits_per_game": round(sums.visits[s] / games, 3),
                     "mp_per_game": round(sums.site_mp[s] / games, 3), "mp_total": sums.site_mp[s],
                     "characters_lost_per_game": round(sums.lost[s] / games, 3),
                     "first_reached_turn": round(sums.first_turn_sum[s] / sums.first_turn_games[s], 2)}
                    for s in visited), key=lambda r: (-r["mp_per_game"], -r["visits_per_game"], r["site"]))
    never = sorted(sim.sites[s].name for s in range(len(sim.sites))
                   if not sums.visits[s] and not sim.site_is_haven[s] and s != sim.start_site)
    mode = "both" if both else ("against" if opponent is not None else "goldfish")
    return {"schema": SCHEMA, "deck": sim.name, "games": games, "turns": turns, "seed": seed,
            "hazards": hazards if opponent is None else None, "mode": mode,
            "opponent": opponent.name if opponent is not None else None,
            "ranked_by": "win" if both else "mp",
            "in_hand_by_turn": IN_HAND_BY, "cards": cards, "sites": sites, "sites_never_visited": never,
            "site_phase_mp_total": sums.site_phase_mp, "site_phase_mp_unattributed": sums.unattributed_mp,
            "mean_final_mp": round(sums.mp_sum / games, 3),
            "p_win": round(sums.wins / games, 4) if both else None,
            "what": _what(turns, both)}


def _what(turns: int, both: bool) -> str:
    measure = (f"P(win) at the Free Council (a draw is no win) and mean MP after turn {turns}" if both
               else f"mean MP after turn {turns}")
    return (f"per card: {measure} in games where a copy was in hand by turn {IN_HAND_BY} minus games where none "
            "was: an association in this engine's play, not a cause (use --swap for that); per site: the MP of "
            "site phases there, characters lost in attacks there")


def _card_row(sim, kind: int, inside: list[int], everyone: tuple[int, int, int, int], total: Tally,
              both: bool) -> dict:
    n_in, sum_in, sq_in, wins_in = inside
    n_all, sum_all, sq_all, wins_all = everyone
    n_out, sum_out, sq_out, wins_out = n_all - n_in, sum_all - sum_in, sq_all - sq_in, wins_all - wins_in
    difference = ci = None
    if n_in >= 2 and n_out >= 2:
        mean_in, mean_out = sum_in / n_in, sum_out / n_out
        difference = mean_in - mean_out
        half = Z95 * math.sqrt(_var(sum_in, sq_in, n_in) / n_in + _var(sum_out, sq_out, n_out) / n_out)
        ci = [round(difference - half, 3), round(difference + half, 3)]
    games = total.games
    row = {"card": sim.kinds[kind].display(), "card_id": sim.kinds[kind].id, "copies": sim.copies(kind),
           "hazard": sim.role[kind] == ROLE_HAZARD,
           "games_in_hand_by_turn": n_in,
           "mp_in_hand": round(sum_in / n_in, 3) if n_in else None,
           "mp_not_in_hand": round(sum_out / n_out, 3) if n_out else None,
           "difference": None if difference is None else round(difference, 3), "ci95": ci,
           "play_rate": round(total.played_games[kind] / games, 4),
           "turns_held_per_game": round(total.held[kind] / games, 3)}
    if both:
        compared = n_in >= 2 and n_out >= 2
        row.update({"p_win_in_hand": round(wins_in / n_in, 4) if n_in else None,
                    "p_win_not_in_hand": round(wins_out / n_out, 4) if n_out else None,
                    "win_difference": round(wins_in / n_in - wins_out / n_out, 4) if compared else None,
                    "win_ci95": newcombe(wins_in, n_in, wins_out, n_out) if compared else None})
    return row


def wilson_bounds(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion, unrounded."""
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(k1: int, n1: int, k2: int, n2: int) -> list[float]:
    """95% interval of p1 - p2 for two independent proportions: Newcombe's hybrid score interval (his method
    10, Statistics in Medicine 1998), built from each proportion's Wilson interval; unlike the Wald interval it
    stays inside [-1, 1] and does not collapse to a point when a side has no win or only wins."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson_bounds(k1, n1)
    l2, u2 = wilson_bounds(k2, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return [round(low, 4), round(high, 4)]


def _var(total: int, squares: int, n: int) -> float:
    mean = total / n
    return max(0.0, squares / n - mean * mean) * n / (n - 1)


def _weakest_last(row: dict) -> tuple:
    """Cards the engine plays (in 10% of games or more), strongest association first; then the cards it rarely
    plays, the more often played first, so the cards it never plays are the last rows: whatever hands they come
    with (their association), they bring nothing the engine plays. A card with no comparison (never in hand, or
    always) comes last of its group. In a duel the association is P(win)'s, the MP difference breaking ties."""
    rarely = row["play_rate"] < RARELY
    win = row.get("win_difference")
    return (rarely, -row["play_rate"] if rarely else 0.0, row["difference"] is None, -(win or 0.0),
            -(row["difference"] or 0.0), row["card"])


def format_contributions(report: dict) -> str:
    r = report
    both = r["mode"] == "both"
    if r["opponent"] is None:
        games = f"{r['games']} goldfish games of {r['turns']} turns, seed {r['seed']}, hazards {r['hazards']}"
    else:
        games = (f"{r['games']} games of {r['turns']} turns against {r['opponent']}, seed {r['seed']}, "
                 + ("both decks play full turns, ours first; P(win) at the Free Council "
                    f"{r['p_win']:.1%}" if both else "its hazards played on our companies"))
    lines = [f"What each card brings: {r['deck']}, {games}",
             f"  {r['what']}",
             f"  sorted strongest first{' (by P(win))' if both else ''}; cards played in under {RARELY:.0%} of "
             "games after them, by how often they are played, those never played at the bottom",
             "",
             (f"{'win diff':>9} {'95% CI':>15} " if both else "")
             + f"{'MP diff':>8} {'95% CI':>15} {'in hand':>8} {'played':>7} {'held':>5}  card",
             ]
    for c in r["cards"]:
        diff = "-" if c["difference"] is None else f"{c['difference']:+.2f}"
        ci = "-" if c["ci95"] is None else f"{c['ci95'][0]:+.2f}..{c['ci95'][1]:+.2f}"
        win = ""
        if both:
            wd = "-" if c["win_difference"] is None else f"{100 * c['win_difference']:+.1f}"
            wci = "-" if c["win_ci95"] is None else f"{100 * c['win_ci95'][0]:+.1f}..{100 * c['win_ci95'][1]:+.1f}"
            win = f"{wd:>9} {wci:>15} "
        share = c["games_in_hand_by_turn"] / r["games"]
        lines.append(f"{win}{diff:>8} {ci:>15} {share:>8.0%} {c['play_rate']:>7.0%} {c['turns_held_per_game']:>5.1f}  "
                     f"{c['card']} (x{c['copies']}{', hazard' if c['hazard'] else ''})")
    lines += [("  (win diff: P(win) in points, with a copy in hand by turn "
               f"{r['in_hand_by_turn']} minus without, a draw is no win; " if both else "  (")
              + "MP diff: mean MP after the last turn with a copy in hand by turn "
              f"{r['in_hand_by_turn']} minus without; in hand: share of games it was; played: share of games with "
              "one played; held: turn-ends it sat in hand per game)", "",
              "What each site brings (per game: visits, MP of its site phases, characters lost in attacks on "
              "companies there, mean turn first reached)",
              f"{'visits':>7} {'MP':>6} {'lost':>6} {'first':>6}  site"]
    for s in r["sites"]:
        lines.append(f"{s['visits_per_game']:>7.2f} {s['mp_per_game']:>6.2f} {s['characters_lost_per_game']:>6.3f} "
                     f"{s['first_reached_turn']:>6.1f}  {s['site']}")
    lines.append(f"site-phase MP in all: {r['site_phase_mp_total'] / r['games']:.2f} per game"
                 + (f" ({r['site_phase_mp_unattributed'] / r['games']:.2f} of it at no site the watcher could name)"
                    if r["site_phase_mp_unattributed"] else ""))
    lines.append("sites of the location deck never visited: " + (", ".join(r["sites_never_visited"]) or "none"))
    return "\n".join(lines)
