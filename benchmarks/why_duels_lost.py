"""Why the tournament decks lose their duels: every game of a zara deck against a Challenge Deck accounted for.

    .venv/bin/python benchmarks/why_duels_lost.py [--games 10] [--seed 1] [--decks TEXT,TEXT] [--worst 2]
                                                  [--opponents TEXT,TEXT] [--games-table] [--challenge]

For each chosen zara tournament deck (../shared/decks/gccg-restoration/Contrib/zara/, read there; default: three
Wizard decks; with `--challenge`, `--decks` names Challenge Decks instead, to trace the Challenge field itself)
against its `--worst` Challenge Decks (the ones it scores least against over the same games, or the `--opponents`
named), the games of `tournament_vs_starters.py` (the same pair seeds, the same seats: the
zara deck starts the even games), each played under an observer that notes:

- how the game ended: who called (coe 10.2) and at which turn, or the turn limit (12 turns each, the benchmark's
  time limit); each side's play-deck exhaustions then (a Short game ends by itself once both decks are exhausted
  twice, coe 10.2.2), and the Free Council totals (coe 10.3);
- every zara character lost: by what (an opponent's creature, an automatic-attack, a corruption check, at the Free
  Council), at which site, the attack's strikes against the company's size, who chose the defenders (the
  attacker's "attacker chooses" creatures), the prowess it faced the strike at (tapped -1, wounded -2, excess
  strikes), and how many characters of the company faced no strike and stayed untapped (those who could have
  tapped to support it, coe 3.iv.4);
- the MP by source (character, item, faction, ally, kill, miscellaneous) of each side before the Free Council,
  and how often the council doubled each source (coe 10.3.iii) and the MP that added;
- the zara cards in hand at every turn from the second to the last (held all game) and what the engine does with
  such a card.

The totals at the end: losses by cause, the MP by source per side, the share of games that end at the turn limit
with neither deck exhausted twice (a real Short game would still go on), the cards held most often. Nothing here
is tuned: the players and rules name no deck (issue 22).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, TURNS, ZARA, print_conditions  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import Duel  # noqa: E402
from deckcheck.sim.matchups import deck_fingerprint, pair_seed  # noqa: E402
from deckcheck.sim.model import MP_CATEGORIES, ROLE_CHARACTER, ROLE_HAZARD, build_sim_deck  # noqa: E402
from deckcheck.sim.observe import Observer  # noqa: E402
from deckcheck.sim.report import engine_use  # noqa: E402
from deckcheck.sim.rules.corruption import DISCARDED, ELIMINATED  # noqa: E402
from deckcheck.sim.rules.council import DOUBLED_SOURCES  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402
from deckcheck.sim.tally import DuelTally, Tally  # noqa: E402
from deckcheck.sim.trace import Trace, format_trace  # noqa: E402
from deckcheck.sim.turn.hazards import corruption_points  # noqa: E402

DEFAULT_DECKS = ("{F}_{F}{R} Gorn and Hobos Dunk", "{F}_{D} Trossell's Party Dunk", "{F}_{F}{R} Dwarves on Boats")
SHORT = {"character": "char", "item": "item", "faction": "fact", "ally": "ally", "kill": "kill",
         "miscellaneous": "misc"}


class Accounting(Observer):
    """One game's notes on the watched side `sim` (and the opponent's MP)."""

    def __init__(self, sim):
        self.sim = sim
        self.new_game()

    def new_game(self) -> None:
        self.losses: list[dict] = []
        self.pending: dict | None = None       # the last attack or failed corruption check of ours
        self.hands: list[Counter] = []
        self.council_seen = False
        self.after_last_end = False
        self.sources: dict[str, list[int]] = {}
        self.totals: list[int] | None = None
        self.attacks = 0
        self.strikes = 0
        self.last_wounded = None

    def _ours(self, g) -> bool:
        return g.sim is self.sim

    def turn_start(self, g) -> None:
        self.after_last_end = False
        if self._ours(g):
            self.hands.append(Counter(g.hand))

    def phase(self, g, name: str) -> None:
        if name == "end":
            self.after_last_end = True

    def attack(self, g, name: str, attack, defenders, result) -> None:
        if not self._ours(g):
            return
        self.attacks += 1
        self.strikes += len(result.strikes)
        company = next((c for c in g.companies if defenders and defenders[0].ref in c.characters), None)
        faced = {s.defender for s in result.strikes}
        idle = sum(1 for i, d in enumerate(defenders) if i not in faced and not d.tapped and not d.wounded)
        site = g.sim.sites[company.site].name if company is not None else "?"
        if name.startswith("the automatic-attack"):
            cause = "automatic-attack"
        elif "(" in name and name.endswith(")"):
            cause = "attack of a hazard event (Tidings...)"
        else:
            cause = "creature"
        self.last_wounded = next((id(defenders[s.defender].ref) for s in result.strikes if s.wounded), None)
        self.pending = {"what": "strike", "cause": cause, "name": name, "site": site, "turn": g.turn,
                        "strikes": attack.strikes, "company": len(defenders), "idle": idle,
                        "attacker_chooses": attack.attacker_chooses, "detainment": attack.detainment,
                        "eliminated": {id(defenders[s.defender].ref): (defenders[s.defender], s)
                                       for s in result.strikes if s.eliminated}}

    def corruption_check(self, g, character, roll: int, outcome: int) -> None:
        if self._ours(g) and outcome in (DISCARDED, ELIMINATED):
            company = next((c for c in g.companies if character in c.characters), None)
            cards = g.corruption_on.get(character) or ()
            names = [g.opponent.sim.kinds[k].name for k in cards]
            wounded = self.last_wounded == id(character)
            self.pending = {"what": "corruption", "character": id(character),
                            "site": g.sim.sites[company.site].name if company is not None else "?",
                            "turn": g.turn, "roll": roll, "points": corruption_points(g, character),
                            "cards": ", ".join(names) or ("a wound's check" if wounded else "items only")}

    def event(self, g, what: str, text: str) -> None:
        if what != "lost" or not self._ours(g) or " transferred to " in text:
            return                            # an item passed on as its bearer is eliminated (3.I.2): no loss
        name = text.rsplit(" ", 1)[0]
        p = self.pending or {}
        row = {"character": name, "turn": g.turn, "how": text.rsplit(" ", 1)[1]}
        if p.get("what") == "strike" and any(g.sim.kinds[d.ref.kind].name == name
                                             for d, _s in p["eliminated"].values()):
            defender, strike = next((d, s) for d, s in p["eliminated"].values() if g.sim.kinds[d.ref.kind].name
                                    == name)
            row.update(cause=p["cause"], by=p["name"], site=p["site"], strikes=p["strikes"], company=p["company"],
                       idle=p["idle"], attacker_chooses=p["attacker_chooses"],
                       faced=f"{strike.prowess} of {defender.prowess}")
        elif p.get("what") == "corruption":
            row.update(cause="Free Council corruption check" if self.after_last_end and not self.council_seen
                       else "corruption check", site=p["site"],
                       check=f"rolled {p['roll']} with {p['points']} CP ({p['cards']})", card=p["cards"])
        else:
            row.update(cause="other (follower without room, a card's effect)")
        self.losses.append(row)

    def council(self, g, players, totals: list[int]) -> None:
        self.council_seen = True
        self.totals = totals
        for p in players:
            self.sources["zara" if self._ours(p) else "opponent"] = list(p.category)
            if self._ours(p):
                self.us = p
            else:
                self.them = p
        if not self._ours(players[0]):
            self.totals = [totals[1], totals[0]]


class Both(Observer):
    """The accounting and a trace, both told every step (`--trace`)."""

    def __init__(self, *watchers):
        self.watchers = watchers

    def __getattribute__(self, name):
        if name.startswith("_") or name == "watchers":
            return object.__getattribute__(self, name)
        watchers = object.__getattribute__(self, "watchers")

        def tell(*args, **kwargs):
            for w in watchers:
                getattr(w, name)(*args, **kwargs)
        return tell


def held_all_game(hands: list[Counter]) -> Counter:
    """Cards in hand at every turn start from the second to the last (as many copies as were always there)."""
    if len(hands) < 3:
        return Counter()
    held = Counter(hands[1])
    for hand in hands[2:]:
        held &= hand
    return held


def what_engine_does(sim, kind: int) -> str:
    role = sim.role[kind]
    if role == ROLE_HAZARD:
        return "hazard (played on the opponent's moves)"
    if role == ROLE_CHARACTER:
        return "character (needs room under influence and a site it may enter at)"
    use, reason = engine_use(sim, kind)
    return use or reason


def play(zara_path: Path, opp_path: Path, games: int, seed: int, trace: int | None = None):
    zd, od = read_deck(str(zara_path)), read_deck(str(opp_path))
    z, o = side_of(build_sim_deck(zd)), side_of(build_sim_deck(od))
    s = pair_seed(seed, deck_fingerprint(zd), deck_fingerprint(od))
    rows = []
    for game in range(games) if trace is None else (trace,):
        z_first = game % 2 == 0
        one, two = (z, o) if z_first else (o, z)
        acc = Accounting(z.sim)
        tallies = (Tally(turns=TURNS, kinds=len(one.sim.kinds)), Tally(turns=TURNS, kinds=len(two.sim.kinds)))
        stats = (DuelTally(opponent_kinds=len(two.sim.kinds)), DuelTally(opponent_kinds=len(one.sim.kinds)))
        tracer = Trace() if trace is not None else None
        duel = Duel(one, two, game, s, TURNS, tallies, stats, acc if tracer is None else Both(acc, tracer))
        if tracer is not None:
            tracer.label(duel.a, f"{one.sim.name} (first)")
            tracer.label(duel.b, f"{two.sim.name} (second)")
        scores = duel.play()
        if tracer is not None:
            print(format_trace(tracer.document(game=game + 1, seed=s, deck=z.sim.name, mode="both",
                                               opponent=o.sim.name)))
        zs, os_ = (scores[0], scores[1]) if z_first else (scores[1], scores[0])
        us, them = (duel.a, duel.b) if z_first else (duel.b, duel.a)
        if duel.ending is None:
            end = "turn limit"
        else:
            caller = (duel.ending == "first") == z_first
            end = f"{'zara' if caller else 'opponent'} called"
        rows.append({"game": game, "first": z_first, "zara": zs, "opponent": os_,
                     "result": "win" if zs > os_ else "draw" if zs == os_ else "loss", "end": end,
                     "turn": duel.a.turn, "exhaustions": (us.exhaustions, them.exhaustions),
                     "first_exhaustion": (us.first_exhaustion, them.first_exhaustion),
                     "mp": (us.mp, them.mp),
                     "sources": (acc.sources.get("zara", list(us.category)),
                                 acc.sources.get("opponent", list(them.category))),
                     "losses": acc.losses, "lost": us.lost, "opp_lost": them.lost,
                     "held": held_all_game(acc.hands), "attacks": acc.attacks, "strikes": acc.strikes,
                     "sim": z.sim})
    return rows


def _src(values) -> str:
    return " ".join(f"{SHORT[name]} {v}" for name, v in zip(MP_CATEGORIES, values) if v)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games a pair (the tournament's first N)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", default=",".join(DEFAULT_DECKS), help="zara decks: comma-separated name parts")
    parser.add_argument("--challenge", action="store_true", help="the watched decks are Challenge Decks too "
                                                                 "(--decks names parts of theirs)")
    parser.add_argument("--opponents", default=None, help="Challenge Decks: comma-separated name parts")
    parser.add_argument("--worst", type=int, default=2, help="without --opponents: the N Challenge Decks the "
                                                             "zara deck scores least against")
    parser.add_argument("--games-table", action="store_true", help="one line per game and per loss")
    parser.add_argument("--trace", type=int, default=None, help="with one deck and --opponents: write game N "
                                                                  "(0 = the first) turn by turn, and its line")
    args = parser.parse_args()
    if args.trace is not None:
        watched = CHALLENGE if args.challenge else ZARA
        zara_path = next(p for p in sorted(watched.iterdir()) if args.decks.split(",")[0] in p.name)
        opp = next(p for p in sorted(CHALLENGE.iterdir()) if (args.opponents or "A - ").split(",")[0] in p.name)
        rows = play(zara_path, opp, 1, args.seed, trace=args.trace)
        summary([dict(r, deck=zara_path.name, opp=opp.name) for r in rows])
        return
    print_conditions()
    challenge = sorted(p for p in CHALLENGE.iterdir() if p.is_file())
    zara = sorted(p for p in (CHALLENGE if args.challenge else ZARA).iterdir() if p.is_file())
    every = []
    for part in args.decks.split(","):
        path = next(p for p in zara if part in p.name)
        if args.opponents:
            opponents = [next(p for p in challenge if part2 in p.name) for part2 in args.opponents.split(",")]
            played = {o: play(path, o, args.games, args.seed) for o in opponents}
        else:
            played = {o: play(path, o, args.games, args.seed) for o in challenge}
            score = {o: sum((r["result"] == "win") + (r["result"] == "draw") / 2 for r in rows)
                     for o, rows in played.items()}
            print(f"\n{path.name}: score against each Challenge Deck ({args.games} games): "
                  + ", ".join(f"{o.name[0]} {score[o] / args.games:.0%}" for o in challenge))
            worst = sorted(challenge, key=lambda o: (score[o], o.name))[:args.worst]
            played = {o: played[o] for o in worst}
        for opp, rows in played.items():
            every += [dict(r, deck=path.name, opp=opp.name) for r in rows]
            print(f"\n== {path.name} against {opp.name}: {sum(r['result'] == 'win' for r in rows)} won, "
                  f"{sum(r['result'] == 'draw' for r in rows)} drawn, {sum(r['result'] == 'loss' for r in rows)} "
                  f"lost of {len(rows)}")
            if args.games_table:
                for r in rows:
                    print(f"  game {r['game']} ({'zara first' if r['first'] else 'zara second'}): {r['result']} "
                          f"{r['zara']}-{r['opponent']}, {r['end']} at turn {r['turn']}, exhausted "
                          f"{r['exhaustions'][0]}/{r['exhaustions'][1]}; MP zara [{_src(r['sources'][0])}] "
                          f"opp [{_src(r['sources'][1])}]; lost {r['lost']} (opp {r['opp_lost']}); "
                          f"attacks {r['attacks']}, strikes {r['strikes']}")
                    for loss in r["losses"]:
                        extra = ""
                        if "by" in loss:
                            extra = (f" by {loss['by']}, {loss['strikes']} strike(s) on a company of "
                                     f"{loss['company']}{' (attacker chose)' if loss['attacker_chooses'] else ''}"
                                     f", faced at prowess {loss['faced']}, {loss['idle']} untapped without a "
                                     "strike")
                        if "check" in loss:
                            extra = f" {loss['check']}"
                        print(f"      t{loss['turn']} {loss['character']} {loss['how']}: {loss['cause']}"
                              f"{extra} at {loss.get('site', '?')}")
                    sim = r["sim"]
                    if r["held"]:
                        print("      held all game: " + ", ".join(
                            f"{sim.kinds[k].name}{' x' + str(n) if n > 1 else ''}" for k, n in r["held"].items()))
    summary(every)


def council_doubling(rows: list[dict], side: int) -> str:
    """Per source the Free Council doubles (coe 10.3.iii), the share of games in which it doubled this side's (it
    had some, the opponent none) and the MP a game that added, before the half rule (10.3.iv)."""
    parts = []
    for j in DOUBLED_SOURCES:
        doubled = [r["sources"][side][j] for r in rows if r["sources"][side][j] > 0 and r["sources"][1 - side][j] <= 0]
        parts.append(f"{MP_CATEGORIES[j]} {len(doubled) / len(rows):.0%} of games, +{sum(doubled) / len(rows):.1f} MP")
    return ", ".join(parts)


def summary(rows: list[dict]) -> None:
    n = len(rows)
    print(f"\n== all {n} games")
    results = Counter(r["result"] for r in rows)
    print(f"  zara won {results['win']}, drew {results['draw']}, lost {results['loss']}; "
          f"ended: {dict(Counter(r['end'] for r in rows))}")
    limit = [r for r in rows if r["end"] == "turn limit"]
    unexhausted = [r for r in limit if r["exhaustions"][0] < 2 and r["exhaustions"][1] < 2]
    ours = dict(Counter(r["exhaustions"][0] for r in limit))
    theirs = dict(Counter(r["exhaustions"][1] for r in limit))
    print(f"  at the turn limit ({TURNS} each): {len(limit)}/{n}; of them neither deck exhausted twice (a Short "
          f"game would go on, coe 10.2.2): {len(unexhausted)}; zara exhaustions then {ours}, opponent's {theirs}")
    for label, i in (("zara", 0), ("opponent", 1)):
        first = [r["first_exhaustion"][i] for r in rows if r["first_exhaustion"][i] is not None]
        at = f"at turn {statistics.mean(first):.1f} on average" if first else "never"
        print(f"  {label}: play deck exhausted by the game's end in {len(first)}/{n} games ({at}); twice in "
              f"{sum(r['exhaustions'][i] >= 2 for r in rows)}/{n} (a Short game ends by itself once both decks "
              "are, coe 10.2.2)")
    lost = [r for r in limit if r["result"] == "loss"]
    if lost:
        gap = statistics.mean(r["opponent"] - r["zara"] for r in lost)
        print(f"  games lost at the turn limit: {len(lost)}, by {gap:.1f} MP on average")
    for label, i in (("zara", 0), ("opponent", 1)):
        means = [statistics.mean(r["sources"][i][j] for r in rows) for j in range(len(MP_CATEGORIES))]
        print(f"  {label:8s} MP by source before the council (mean): "
              + ", ".join(f"{name} {m:.1f}" for name, m in zip(MP_CATEGORIES, means))
              + f"; council total {statistics.mean(r['zara' if i == 0 else 'opponent'] for r in rows):.1f}")
        print(f"  {label:8s} doubled at the council (coe 10.3.iii: the opponent has none): "
              + council_doubling(rows, i))
    def mean(key):
        return statistics.mean(r[key] for r in rows)
    print(f"  characters lost a game: zara {mean('lost'):.2f}, opponent {mean('opp_lost'):.2f}; attacks on zara "
          f"{mean('attacks'):.1f}, strikes {mean('strikes'):.1f} a game")
    losses = [loss for r in rows for loss in r["losses"]]
    print(f"  zara losses by cause ({len(losses)}):")
    for cause, count in Counter(loss["cause"] for loss in losses).most_common():
        print(f"    {count:4d}  {cause}")
    corrupt = [loss for loss in losses if "card" in loss]
    if corrupt:
        print("  corruption losses by what was on the character: " + ", ".join(
            f"{name} {c}" for name, c in Counter(loss["card"] for loss in corrupt).most_common(10)))
    struck = [loss for loss in losses if "by" in loss]
    if struck:
        chose = sum(loss["attacker_chooses"] for loss in struck)
        support = sum(loss["idle"] > 0 for loss in struck)
        print(f"  of the {len(struck)} killed by a strike: attacker chose the defenders {chose}; a company member "
              f"faced no strike and stayed untapped (could support, coe 3.iv.4) {support}; "
              f"mean strikes {statistics.mean(loss['strikes'] for loss in struck):.1f} on a company of "
              f"{statistics.mean(loss['company'] for loss in struck):.1f}")
        print("  killed by (top 12): " + ", ".join(f"{name} {c}" for name, c in
                                                  Counter(loss["by"] for loss in struck).most_common(12)))
        print("  who was killed (top 12): " + ", ".join(f"{name} {c}" for name, c in
                                                       Counter(loss["character"] for loss in struck).most_common(12)))
    held = defaultdict(int)
    reason = {}
    for r in rows:
        for k in r["held"]:
            name = r["sim"].kinds[k].name
            held[name] += 1
            reason[name] = what_engine_does(r["sim"], k)
    print("  zara cards held all game (games; what the engine does with it), top 20:")
    for name, c in sorted(held.items(), key=lambda x: (-x[1], x[0]))[:20]:
        print(f"    {c:4d}  {name}: {reason[name]}")


if __name__ == "__main__":
    main()
