"""Why the hazard player leaves its hazard limit unused (issue 22): both decks playing full turns (the pair seeds
of `tournament_vs_starters.py`), every movement/hazard phase of the opponent's companies (moving or not) is read
after the hazard player's plays and before its hand reset (coe 2.IV.viii):

- the hazard limit (coe 2.IV.iii: the company's size, at least 2, with what events raised), the hazards played
  against it (creatures, events, corruption cards, on-guard cards), the hazards still in hand;
- for each hazard held and not played, the reason, as the hazard player's own functions see it:
  `not keyable` (`opponent.creature_key`: no region / site type / site of the move it may be keyed to, coe 2.IV /
  3), `company hidden or site cancels attacks`, `unique in hand twice`, `no target` (`corruption_target` found no
  eligible character), `event: condition unmet` (the event's choice function in `hazard_events` declined it, by
  effect), `agent: ...` (unique and in play, no home site among the company's player's sites, limit used),
  `not simulated` (an unmodelled event or creature, an agent without facts), `limit used`, `creature keyable, limit
  left` (a choice to hold it: none expected), and the unused slots of a phase with no hazard in hand (`hand holds
  no hazard`, with the play deck exhausted or not);
- what the hand reset after the phase discarded of the hazards.

    .venv/bin/python benchmarks/hazard_use.py [--games 2] [--seed 1] [--zara-only | --challenge-only]

Three groups: Challenge Deck against Challenge Deck; a zara tournament deck as hazard player against a Challenge
Deck's companies; a Challenge Deck as hazard player against a zara deck's companies. Nothing here is tuned and no
player or rule names a deck: it reads what the games did.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import CHALLENGE, TURNS, ZARA, ensure_bytecode, print_conditions  # noqa: E402
from deckcheck.cards.names import fold  # noqa: E402
from deckcheck.decklist import read_deck  # noqa: E402
from deckcheck.sim.matchups import deck_fingerprint, pair_seed, play_pair  # noqa: E402
from deckcheck.sim.model import build_sim_deck  # noqa: E402
from deckcheck.sim.observe import Observer  # noqa: E402
from deckcheck.sim.players import opponent  # noqa: E402
from deckcheck.sim.players.hazard_events import AGENT, CORRUPTION, CREATURE, EVENT, UNMODELLED  # noqa: E402
from deckcheck.sim.rules.company import company_size  # noqa: E402
from deckcheck.sim.rules.keying import hazard_limit  # noqa: E402
from deckcheck.sim.side import side_of  # noqa: E402
from deckcheck.sim.state import GameState  # noqa: E402
from deckcheck.sim.turn import hazards, movement  # noqa: E402

HAZARD_USES = (CREATURE, CORRUPTION, EVENT, AGENT, UNMODELLED)


class Phase:
    """One movement/hazard phase as read: its group, limit, plays, and the hand at the reset."""

    __slots__ = ("group", "g", "company", "move", "limit", "played")

    def __init__(self, group, g, company, move, limit):
        self.group, self.g, self.company, self.move, self.limit, self.played = group, g, company, move, limit, 0


class HazardUse(Observer):
    """Counts per group: phases, limits, plays, hazards in hand, reasons for the held ones."""

    def __init__(self):
        self.current: Phase | None = None
        self.groups: dict[int, str] = {}            # id(sim) of the moving deck's sim -> group name
        self.by = defaultdict(Counter)
        self.reasons = defaultdict(Counter)
        self.slots = defaultdict(Counter)           # unused limit slots, by the phase's cause
        self.unkeyed = defaultdict(Counter)         # (creature's keys, site path, site type) not keyable

    def hazard(self, g, company, kind, limit, target=None) -> None:
        if self.current is not None and self.current.g is g:
            self.current.played += 1

    def on_guard(self, g, company, kind, limit) -> None:
        self.hazard(g, company, kind, limit)

    def hazard_limit_raised(self, g, company, by) -> None:
        if self.current is not None and self.current.g is g:
            self.current.limit += by

    def read(self, phase: Phase) -> None:
        """The phase's hand, before the hazard player's reset."""
        g = phase.g
        player = g.hazards
        t = player.tables
        held = [k for k in player.cards.hand if t.use[k] in HAZARD_USES]
        c = self.by[phase.group]
        c["phases"] += 1
        c["limit"] += phase.limit
        c["played"] += phase.played
        c["held"] += len(held)
        c["hand"] += len(player.cards.hand)
        reasons = [self.reason(phase, k, held) for k in held]
        self.reasons[phase.group].update(reasons)
        unused = max(0, phase.limit - phase.played)
        c["unused"] += unused
        if not unused:
            return
        if not held:
            exhausted = getattr(player.cards, "exhaustions", 0) > 0
            self.slots[phase.group]["hand holds no hazard" + (" (play deck exhausted once)" if exhausted else "")
                                    ] += unused
            return
        for reason, n in Counter(reasons).most_common():
            self.slots[phase.group][reason] += min(unused, n)
            unused -= min(unused, n)
            if not unused:
                break
        if unused:
            self.slots[phase.group]["fewer hazards held than the limit left"] += unused

    def reason(self, phase: Phase, kind: int, held: list[int]) -> str:
        g, company, move = phase.g, phase.company, phase.move
        t = g.hazards.tables
        use = t.use[kind]
        if use == UNMODELLED:
            return "not simulated: " + t.not_played.get(kind, "?").split(":")[0]
        if not company.characters:
            return "company gone"
        if use == CREATURE:
            if id(company) in g.hidden or hazards.attacks_canceled_at_site(g, company):
                return "creature: company hidden or site cancels attacks"
            if opponent.creature_key(t, kind, move, g.sim.alignment, g.board.doors) is None:
                path = "".join(move.path) or "-"
                self.unkeyed[phase.group][(t.cards[kind].keyed_to, path, move.site_type)] += 1
                return "creature: not keyable to the move"
            if t.cards[kind].unique and held.count(kind) > 1:
                return "creature: unique, a second copy"
            return "creature: keyable, limit used" if phase.played >= phase.limit else \
                "creature: keyable, limit left (held)"
        if use == AGENT:
            spec = t.agent[kind]
            if t.cards[kind].unique and any(a.kind == kind for a in g.agents):
                return "agent: unique, in play"
            sites = {fold(card.name) for card, haven in zip(g.sim.sites, g.sim.site_is_haven) if not haven}
            if spec.homes.isdisjoint(sites):
                return "agent: no home site among the company's player's sites"
            return "agent: limit used" if phase.played >= phase.limit else "agent: home site, limit left (held)"
        if use == CORRUPTION:
            if g.hazards.corruption_target(g, company, kind, lambda ch: hazards.corruption_points(g, ch)) is None:
                return "corruption: no eligible target"
            return "corruption: limit used" if phase.played >= phase.limit else "corruption: target, limit left"
        effect = t.event_effect[kind]
        if not g.hazards._playable(kind, g.board):
            return f"event {effect}: needs Doors of Night or is in play"
        return f"event {effect}: limit used" if phase.played >= phase.limit else f"event {effect}: not chosen"


WATCH = HazardUse()


def _watched(phase_function, staying: bool):
    def watched(g, company, *args):
        if g.observer is not WATCH or not company.characters:
            return phase_function(g, company, *args)
        move = hazards.site_move(g, company.site) if staying else hazards.move_seen(g, args[0], args[1])
        group = WATCH.groups.get(id(g.sim), "?") + (", staying" if staying else ", moving")
        WATCH.current = Phase(group, g, company, move, hazard_limit(company_size(g.sim, company.characters)))
        try:
            return phase_function(g, company, *args)
        finally:
            WATCH.current = None
    return watched


_reset = GameState.reset_to_hand_size


def _reset_watched(self, site=None):
    phase = WATCH.current
    if phase is None or phase.g.hazards.cards is not self:
        return _reset(self, site)
    WATCH.current = None
    WATCH.read(phase)
    t = phase.g.hazards.tables
    before = Counter(k for k in self.hand if t.use[k] in HAZARD_USES)
    _reset(self, site)
    after = Counter(k for k in self.hand if t.use[k] in HAZARD_USES)
    WATCH.by[phase.group]["reset_discarded"] += sum((before - after).values())


def install() -> None:
    movement.hazard_phase = _watched(hazards.hazard_phase, staying=False)
    movement.staying_hazard_phase = _watched(hazards.staying_hazard_phase, staying=True)
    GameState.reset_to_hand_size = _reset_watched


def _side(path: Path):
    deck = read_deck(str(path))
    return side_of(build_sim_deck(deck)), deck_fingerprint(deck)


def play(a_path: Path, b_path: Path, a_group: str, b_group: str, games: int, seed: int) -> None:
    """Games of a pair; a phase's group is named by its moving deck (`*_group`: what its hazard player is)."""
    (a, pa), (b, pb) = _side(a_path), _side(b_path)
    WATCH.groups = {id(a.sim): a_group, id(b.sim): b_group}
    play_pair(a, b, 0, games, TURNS, pair_seed(seed, pa, pb), observer=WATCH)


def report() -> None:
    for group in sorted(WATCH.by):
        c = WATCH.by[group]
        n = c["phases"] or 1
        print(f"\n{group}: {c['phases']} movement/hazard phases; per phase: limit {c['limit'] / n:.2f}, "
              f"hazards played {c['played'] / n:.2f}, unused {c['unused'] / n:.2f}, hazards in hand {c['held'] / n:.2f}"
              f" (hand {c['hand'] / n:.2f}); hazards the reset discarded {c['reset_discarded'] / n:.2f}")
        print("  unused limit slots, by cause (per phase):")
        for reason, k in WATCH.slots[group].most_common():
            print(f"    {k / n:5.2f}  {reason}")
        print("  hazards held and not played, by reason (per phase):")
        for reason, k in WATCH.reasons[group].most_common(14):
            print(f"    {k / n:5.2f}  {reason}")
        print("  creatures not keyable, commonest (keyed to, site path, site type: per phase):")
        for (keys, path, site), k in WATCH.unkeyed[group].most_common(6):
            print(f"    {k / n:5.2f}  {keys} | path {path} | site {site}")


def _playable(folder: Path) -> list[Path]:
    found = []
    for path in sorted(p for p in folder.iterdir() if p.is_file()):
        try:
            build_sim_deck(read_deck(str(path)))
            found.append(path)
        except ValueError:
            continue
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--zara-only", action="store_true")
    only.add_argument("--challenge-only", action="store_true")
    args = parser.parse_args()
    if not CHALLENGE.is_dir() or not ZARA.is_dir():
        sys.exit(f"needs ../shared/decks ({CHALLENGE} and {ZARA})")
    ensure_bytecode()
    print_conditions()
    install()
    start = time.process_time()
    challenge = _playable(CHALLENGE)
    if not args.zara_only:
        for i, a in enumerate(challenge):
            for b in challenge[i + 1:]:
                play(a, b, "Challenge hazard player, Challenge companies",
                     "Challenge hazard player, Challenge companies", args.games, args.seed)
    if not args.challenge_only:
        for z in _playable(ZARA):
            for c in challenge:
                play(z, c, "Challenge hazard player, zara companies", "zara hazard player, Challenge companies",
                     args.games, args.seed)
    report()
    print(f"\n{args.games} games a pair, {TURNS} turns, seed {args.seed}; {time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
