"""Does the engine play like a player? Issue 22's behaviour targets, per alignment, on every real deck of
../shared/decks (read there, never copied), seed 1, 12 turns:

    .venv/bin/python benchmarks/behaviour.py [--games 40] [--duel-games 2]

1. games with a company idle 3+ turns running at a non-haven site (it stays and plays nothing there), goldfish
   (target at most 5%). A turn the company tried to leave an Under-deeps site and failed the roll (coe 2.IV.i.1)
   is not idle by choice: it breaks the run and is counted apart; beside it, the same share with those turns
   counted as idle (the measure before the split);
2. games with a faction attempted at under 30% success (2D6 + the influencer's bonus + the boosts it had, coe
   2.V.3), goldfish (target at most 5%); beside it, such attempts split by whether a better influencer or a boost
   could still have come (`players.factions.better_may_come`): those that could are the player waiting too
   little; the others try a faction that is otherwise a dead card (a failed check taps the influencer only and
   discards the faction, coe 2.V.3, which the end-of-turn discard would do for nothing);
3. all-wounded company-turns away from a haven that stay where they are, goldfish and in duels (at most 20%);
4. characters lost per duel game, each real deck against each of the ten ICE Challenge Decks, both sides playing
   (--duel-games each, the deck starting every other game): Balrog within 0.5x of Wizard (ratio 0.5-2); beside
   it, why: the attacks and strikes its companies face a game, and per strike the share that wounds, that
   eliminates or discards (the character's own "Discard on a body check result of N"), that is detainment, and
   the strikes on allies and the allies discarded a game (coe 2.V.2.2: allies face strikes; no character lost);
   and the ratio's 95% interval from the dice (the game-to-game spread within each deck; the decks are fixed);
5. the share of the decks' MP (characters and starting company included) in cards played in under 10% of games,
   goldfish (`simulate`'s headline; the issue sets no target: reported); beside it the share of the play deck's
   character MP in characters played in under 10% of games, split by why each such character stayed in hand: at
   each organization phase it is held, the reason it did not enter (`entry_blocker`), its MP shared over them.
Each with its target and met / missed, and the machine's load. The engine only is measured: no choice of it
reads these numbers.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.append(str(PROJECT))          # after PYTHONPATH: PYTHONPATH=OTHER measures the other checkout

from benchmarks._common import print_conditions  # noqa: E402
from benchmarks.sites_and_healing import CHALLENGE, DECKS, playable_decks  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.match import run_games  # noqa: E402
from deckcheck.sim.matchups import play_pair  # noqa: E402
from deckcheck.sim.model import ROLE_CHARACTER, build_sim_deck  # noqa: E402
from deckcheck.sim.observe import Observer  # noqa: E402
from deckcheck.sim.players.factions import better_may_come  # noqa: E402
from deckcheck.sim.report import rarely_played_mp  # noqa: E402
from deckcheck.sim.rules.influence import check_bonus, may_control, p_check_above  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402

SEED, TURNS = 1, 12
RARELY = 0.10
# Why a character held in hand did not enter play at an organization phase (`entry_blocker`), in report order.
NEVER, UNIQUE, NO_HOME, NO_PLACE, AVATAR_SITE, COMPANY, INFLUENCE, ONE_A_TURN, HELD_BACK, UNDRAWN = (
    "may never enter (FW mind > 5, Orc/Troll; no home)",    # coe 2.II.2.2.F1-F2; no home site in the location deck
    "unique: already in play or out of the game",
    "agent: no company at its home site (2.II.2.2.5)",
    "no company at a haven or its home site",
    "avatar in play: only at its site, no DI for it",       # coe 2.II.2.2
    "room, but it would break the company there",           # coe 2.II.3.1, 2.II.2.1.R3
    "influence full: no room in general or direct",
    "could enter: another entered (one a turn)",
    "could enter: held back (room kept for MP)",
    "drawn in under 10% of games",
)
REASONS = (NEVER, UNIQUE, NO_HOME, NO_PLACE, AVATAR_SITE, COMPANY, INFLUENCE, ONE_A_TURN, HELD_BACK, UNDRAWN)


def entry_blocker(g, kind: int, entered: bool) -> str:
    """Why the character held in hand did not enter play at this organization phase (coe 2.II.2), from the
    rules and the player's own `controller_to_enter`; `entered`: another character entered this phase."""
    sim = g.sim
    allowed = sim.character_sites[kind]
    if not allowed:
        return NEVER
    if sim.unique[kind] and kind in g.used_unique:
        return UNIQUE
    sites = {c.site for c in g.companies} or {sim.start_site}
    there = [s for s in sites if s in allowed]
    room = g.gi_used + sim.mind[kind] <= g.gi_max
    if not there:                     # a place would not help if no influence could take it there
        if not room and not any(c.controller is None and not (g.balrog and sim.avatar[c.kind])
                                and may_control(g, c, kind) for co in g.companies for c in co.characters):
            return INFLUENCE
        return NO_HOME if sim.kinds[kind].agent else NO_PLACE
    avatar_site = g.avatar_site()
    if any(g.player.controller_to_enter(g, kind, s, avatar_site) is not False for s in there):
        return ONE_A_TURN if entered else HELD_BACK
    if room:
        return AVATAR_SITE if avatar_site is not None and avatar_site not in there else COMPANY
    return INFLUENCE
ALIGNMENTS = ("wizard", "ringwraith", "fallen-wizard", "balrog")
IDLE_TURNS, LOW_CHANCE = 3, 0.30


class Behaviour(Observer):
    """Watches the games of one deck (`sim`; in a duel, only its side): idle companies, faction attempts at poor
    odds, all-wounded companies away from a haven and whether they moved. Counts per game and over games."""

    def __init__(self):
        self.sim = None
        self.games = self.idle_games = self.poor_faction_games = self.attempts = self.poor_attempts = 0
        self.stuck_games = self.idle_or_stuck_games = self.stuck_turns = 0
        self.poor_waitable = self.poor_waitable_games = 0
        self.worn = self.stayed = 0
        self.held: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))   # kind -> reason -> phases
        self.attacks = self.strikes = self.wounds = self.losses = self.detained = 0
        self.ally_strikes = self.allies_lost = 0          # strikes on allies (coe 2.V.2.2), allies discarded

    def watch(self, sim) -> None:
        self.sim = sim

    def new_game(self) -> None:
        self.games += 1
        self.idle: dict[int, int] = {}
        self.idle_or_stuck: dict[int, int] = {}          # the same runs, failed Under-deeps rolls counted in
        self.idle_flagged = self.poor_flagged = self.waitable_flagged = self.either_flagged = False

    def _ours(self, g) -> bool:
        return g.sim is self.sim

    def turn_start(self, g) -> None:
        if not self._ours(g):
            return
        self.start_sites = {id(c): c.site for c in g.companies}
        self.played_at: set[int] = set()
        self.entered = False
        self.stuck: set[int] = set()          # companies that failed an Under-deeps roll this turn
        self.worn_now = {id(c) for c in g.companies if c.characters and not g.sim.site_is_haven[c.site]
                         and all(ch in g.wounded for ch in c.characters)}

    def character_played(self, g, character, site) -> None:
        if self._ours(g):
            self.entered = True

    def resource_played(self, g, kind, site, actor, additional=False) -> None:
        if self._ours(g) and site is not None:
            self.played_at.add(site)

    def move(self, g, company, origin, dest, roll, moved, drawn=0) -> None:
        if self._ours(g) and not moved and roll is not None:
            self.stuck.add(id(company))

    def faction(self, g, company, kind, actor, roll, check, success) -> None:
        if not self._ours(g) or roll is None:
            return
        sim = g.sim
        bonus = check_bonus(g, actor, kind)
        spent = check - roll - bonus                       # boosts spent on this attempt
        boosts = spent + sum(sim.boost[k] for k in g.hand)
        chance = p_check_above(sim.influence_number[kind] - bonus - boosts)
        self.attempts += 1
        if chance < LOW_CHANCE:
            self.poor_attempts += 1
            if not self.poor_flagged:
                self.poor_flagged = True
                self.poor_faction_games += 1
            if better_may_come(g, actor, kind):     # a better influencer or a boost could still have come
                self.poor_waitable += 1
                if not self.waitable_flagged:
                    self.waitable_flagged = True
                    self.poor_waitable_games += 1

    def attack(self, g, name, attack, defenders, result) -> None:
        if not self._ours(g):
            return
        self.attacks += 1
        self.strikes += len(result.strikes)
        self.wounds += len(result.wounded)
        self.losses += len(result.eliminated) + len(result.discarded)
        self.detained += len(result.strikes) if attack.detainment else 0
        on_allies = [s for s in result.strikes if defenders[s.defender].ally]
        self.ally_strikes += len(on_allies)
        self.allies_lost += sum(s.discarded for s in on_allies)

    def phase(self, g, name: str) -> None:
        if not self._ours(g):
            return
        if name == "organization":
            sim = g.sim
            for kind in set(g.hand):
                if sim.role[kind] == ROLE_CHARACTER and sim.mp[kind] > 0 and not sim.avatar[kind]:
                    self.held[kind][entry_blocker(g, kind, self.entered)] += 1
        elif name == "movement":
            for company in g.companies:
                if id(company) in self.worn_now:
                    self.worn += 1
                    self.stayed += company.site == self.start_sites.get(id(company))
        elif name == "end":
            for company in g.companies:
                key = id(company)
                stayed = company.site == self.start_sites.get(key)
                if stayed and not g.sim.site_is_haven[company.site] and company.site not in self.played_at:
                    stuck = key in self.stuck
                    self.stuck_turns += stuck
                    self.idle[key] = 0 if stuck else self.idle.get(key, 0) + 1
                    self.idle_or_stuck[key] = self.idle_or_stuck.get(key, 0) + 1
                else:
                    self.idle[key] = self.idle_or_stuck[key] = 0
                if self.idle[key] >= IDLE_TURNS and not self.idle_flagged:
                    self.idle_flagged = True
                    self.idle_games += 1
                if self.idle_or_stuck[key] >= IDLE_TURNS and not self.either_flagged:
                    self.either_flagged = True
                    self.idle_or_stuck_games += 1


def measure(paths: list[Path], games: int, duel_games: int) -> dict:
    field = [side_of(build_sim_deck(read_deck(str(p)))) for p in sorted(CHALLENGE.iterdir()) if p.is_file()]
    out: dict[str, dict] = defaultdict(lambda: defaultdict(float))
    for path in paths:
        sim = build_sim_deck(read_deck(str(path)))
        row = out[sim.alignment]
        row["decks"] += 1
        goldfish = Behaviour()
        goldfish.watch(sim)
        tally = run_games(sim, 0, games, TURNS, SEED, "none", observer=goldfish)
        rare = rarely_played_mp(sim, tally, "none")
        row["deck_mp"] += rare["deck_mp"]
        row["rare_mp"] += (rare["share"] or 0) * rare["deck_mp"]
        row["never_mp"] += (rare["never_played_share"] or 0) * rare["deck_mp"]
        start = set(sim.start_characters)
        for kind in set(sim.play_deck):
            if sim.role[kind] != ROLE_CHARACTER or sim.mp[kind] <= 0 or kind in start or sim.avatar[kind]:
                continue
            weight = sim.mp[kind] * sim.copies(kind)
            row["character_mp"] += weight
            if tally.played_games[kind] >= RARELY * tally.games:
                continue
            row["rare_character_mp"] += weight
            reasons = goldfish.held.get(kind)
            if not reasons or tally.drawn_games[kind] < RARELY * tally.games:
                row["why:" + UNDRAWN] += weight
                continue
            phases = sum(reasons.values())
            for reason, count in reasons.items():
                row["why:" + reason] += weight * count / phases
        for key in ("games", "idle_games", "idle_or_stuck_games", "stuck_turns", "poor_faction_games", "attempts",
                    "poor_attempts", "poor_waitable",
                    "poor_waitable_games", "worn", "stayed"):
            row[key] += getattr(goldfish, key)
        duel = Behaviour()
        duel.watch(sim)
        side = side_of(sim)
        per_game = []                          # the deck's characters lost in each duel game (`_ratio_interval`)
        for opponent in field:
            for game in range(duel_games):     # one at a time, as play_pair(0, duel_games) plays them
                pair = play_pair(side, opponent, game, 1, TURNS, SEED, observer=duel)
                per_game.append(pair.characters_lost)
        row["lost"] += sum(per_game)
        row["duel_games"] += len(per_game)
        deck_mean = sum(per_game) / len(per_game)
        row["lost_within_ss"] += sum((x - deck_mean) ** 2 for x in per_game)   # game-to-game, within the deck
        row["duel_worn"] += duel.worn
        for key in ("attacks", "strikes", "wounds", "losses", "detained", "ally_strikes", "allies_lost"):
            row[f"duel_{key}"] += getattr(duel, key)
        row["duel_stayed"] += duel.stayed
    return out


def _ratio_interval(rows: list[dict], top: int, bottom: int) -> tuple[float, float] | None:
    """A 95% interval of rows[top]'s characters lost per duel game over rows[bottom]'s, from the game-to-game
    spread within each deck (the decks are the fixed field, the dice are the noise): each mean's standard error is
    the pooled within-deck deviation over the root of its games, the ratio's by the delta method."""
    parts = []
    for r in (rows[top], rows[bottom]):
        n, decks = r.get("duel_games", 0), r.get("decks", 0)
        if not n or n <= decks or not r.get("lost"):
            return None
        mean = r["lost"] / n
        se = math.sqrt(r.get("lost_within_ss", 0) / (n - decks) / n)
        parts.append((mean, se))
    (a, sa), (b, sb) = parts
    ratio = a / b
    se = ratio * math.sqrt((sa / a) ** 2 + (sb / b) ** 2)
    return ratio - 1.96 * se, ratio + 1.96 * se


def _share(part: float, whole: float) -> float | None:
    return part / whole if whole else None


def _verdict(value: float | None, target: float) -> str:
    return "" if value is None else ("met" if value <= target else "MISSED")


def report(out: dict, games: int, duel_games: int) -> None:
    print(f"every real deck of ../shared/decks by alignment; goldfish {games} games a deck, duels {duel_games} "
          f"a deck against each of the ten Challenge Decks (both sides playing); seed {SEED}, {TURNS} turns")
    header = f"{'':54}" + "".join(f"{a:>15}" for a in ALIGNMENTS) + "  target (met / MISSED per alignment)"
    print(header)

    def line(label: str, values: list[float | None], target: str, fmt: str = "{:.1%}", verdicts=None) -> None:
        cells = []
        for i, v in enumerate(values):
            cell = fmt.format(v) if v is not None else "-"
            if verdicts is not None:
                cell += " " + verdicts[i]
            cells.append(f"{cell:>15}")
        print(f"{label:54}{''.join(cells)}  {target}")

    rows = [out.get(a, {}) for a in ALIGNMENTS]
    line("decks", [r.get("decks") for r in rows], "", "{:.0f}")
    idle = [_share(r.get("idle_games", 0), r.get("games", 0)) for r in rows]
    line(f"games with a company idle {IDLE_TURNS}+ turns at a non-haven site", idle, "<= 5%",
         verdicts=[_verdict(v, 0.05) for v in idle])
    line("  (failed Under-deeps rolls counted as idle)", [_share(r.get("idle_or_stuck_games", 0), r.get("games", 0))
                                                          for r in rows], "")
    line("  (company-turns kept by a failed Under-deeps roll)", [r.get("stuck_turns") for r in rows], "", "{:.0f}")
    poor = [_share(r.get("poor_faction_games", 0), r.get("games", 0)) for r in rows]
    line(f"games with a faction attempted under {LOW_CHANCE:.0%} success", poor, "<= 5%",
         verdicts=[_verdict(v, 0.05) for v in poor])
    line("  (attempts under 30% / all attempts)", [_share(r.get("poor_attempts", 0), r.get("attempts", 0))
                                                   for r in rows], "")
    line("  games with one while better could still come", [_share(r.get("poor_waitable_games", 0),
                                                                   r.get("games", 0)) for r in rows], "")
    line("  (of the attempts under 30%: a dead card, no better to come)",
         [_share(r.get("poor_attempts", 0) - r.get("poor_waitable", 0), r.get("poor_attempts", 0)) for r in rows], "")
    stay = [_share(r.get("stayed", 0), r.get("worn", 0)) for r in rows]
    line("all-wounded company-turns away from a haven: stay, goldf.", stay, "<= 20%",
         verdicts=[_verdict(v, 0.20) for v in stay])
    line("  (such company-turns, goldfish)", [r.get("worn") for r in rows], "", "{:.0f}")
    duel_stay = [_share(r.get("duel_stayed", 0), r.get("duel_worn", 0)) for r in rows]
    line("all-wounded company-turns away from a haven: stay, duels", duel_stay, "<= 20%",
         verdicts=[_verdict(v, 0.20) for v in duel_stay])
    line("  (such company-turns, duels)", [r.get("duel_worn") for r in rows], "", "{:.0f}")
    lost = [_share(r.get("lost", 0), r.get("duel_games", 0)) for r in rows]
    line("characters lost per duel game (Challenge-Deck field)", lost, "", "{:.2f}")
    wizard, balrog = lost[0], lost[3]
    ratio = balrog / wizard if wizard and balrog is not None else None
    verdict = "no data" if ratio is None else ("met" if 0.5 <= ratio <= 2 else "MISSED")
    print(f"{'  Balrog / Wizard':54}{(f'{ratio:.2f}' if ratio is not None else '-'):>15}{'':45}  "
          f"within 0.5x-2x  {verdict}")
    interval = _ratio_interval(rows, 3, 0)
    if interval is not None:
        print(f"{'  (its 95% interval from the dice, decks fixed)':54}{f'{interval[0]:.2f}-{interval[1]:.2f}':>15}")
    line("  (attacks faced per duel game)", [_share(r.get("duel_attacks", 0), r.get("duel_games", 0)) for r in rows],
         "", "{:.2f}")
    line("  (strikes faced per duel game)", [_share(r.get("duel_strikes", 0), r.get("duel_games", 0)) for r in rows],
         "", "{:.2f}")
    line("  (of them on allies)", [_share(r.get("duel_ally_strikes", 0), r.get("duel_games", 0)) for r in rows],
         "", "{:.2f}")
    line("  (allies discarded per duel game)", [_share(r.get("duel_allies_lost", 0), r.get("duel_games", 0))
                                                for r in rows], "", "{:.2f}")
    for label, key in (("wound", "duel_wounds"), ("eliminate or discard", "duel_losses"),
                       ("are detainment", "duel_detained")):
        line(f"  (strikes that {label})", [_share(r.get(key, 0), r.get("duel_strikes", 0)) for r in rows], "")
    rare = [_share(r.get("rare_mp", 0), r.get("deck_mp", 0)) for r in rows]
    line("MP share in cards played in under 10% of games", rare, "reported (the issue sets none)")
    line("  (never played)", [_share(r.get("never_mp", 0), r.get("deck_mp", 0)) for r in rows], "")
    line("play-deck character MP in characters played under 10%", [_share(r.get("rare_character_mp", 0),
                                                                          r.get("character_mp", 0)) for r in rows],
         "reported")
    print("  of that MP, why such a character stayed in hand (share of the play deck's character MP):")
    for reason in REASONS:
        values = [_share(r.get("why:" + reason, 0), r.get("character_mp", 0)) for r in rows]
        if any(values):
            line(f"    {reason}", values, "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="goldfish games per deck")
    parser.add_argument("--duel-games", type=int, default=2, help="games per deck and Challenge Deck")
    args = parser.parse_args()
    if not DECKS.is_dir():
        sys.exit(f"{DECKS} is not there: these numbers need the real decks of ../shared")
    print_conditions()
    started = time.process_time()
    out = measure(playable_decks(), args.games, args.duel_games)
    report(out, args.games, args.duel_games)
    print(f"{time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main()
