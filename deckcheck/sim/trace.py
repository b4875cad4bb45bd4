"""One game written down turn by turn as a player would read it (`simulate DECK --trace N`): each player's hand
and companies at the start of the turn, where each company moves and what it draws, what is played where and by
whom, the rolls, the hazards met, and the MP after the turn. A `Trace` is an observer of the game
(`sim.observe`); `trace_game` plays game N of a run (the same game the run plays: same seed, same generator).
"""

from __future__ import annotations

from deckcheck.sim.match import Duel, against_state, game_rng, goldfish_state, play_against_turns, play_goldfish
from deckcheck.sim.observe import Observer
from deckcheck.sim.rules.combat import STRIKE_FAILED, STRIKE_SUCCESSFUL
from deckcheck.sim.rules.corruption import DISCARDED, ELIMINATED, PASSED, TAPPED
from deckcheck.sim.tally import DuelTally, Tally

SCHEMA = "deckcheck/trace/2"
OUTCOMES = {PASSED: "passes", TAPPED: "taps (a near miss)", DISCARDED: "fails: discarded",
            ELIMINATED: "fails: eliminated"}


def _name(g, kind: int) -> str:
    return g.sim.kinds[kind].name


def _site(g, site: int) -> str:
    return g.sim.sites[site].name


class Trace(Observer):
    """The turns of one game, as plain values (`document()`) and text (`format_trace`)."""

    def __init__(self):
        self.turns: list[dict] = []
        self.labels: dict[int, str] = {}
        self._current: dict[int, dict] = {}
        self.council_totals: dict | None = None

    def label(self, g, name: str) -> None:
        self.labels[id(g)] = name

    def _record(self, g) -> dict | None:
        return self._current.get(id(g))

    def _add(self, g, what: str, text: str) -> None:
        record = self._record(g)
        if record is not None:
            record["events"].append({"what": what, "text": text})

    # ---- what the game says ------------------------------------------------------------------------------

    def turn_start(self, g) -> None:
        record = {"player": self.labels.get(id(g), g.sim.name), "turn": g.turn,
                  "hand": sorted(_name(g, k) for k in g.hand),
                  "companies": [{"site": _site(g, c.site), "characters": [self._who(g, ch) for ch in c.characters]}
                                for c in g.companies],
                  "events": [], "mp_after": None}
        self._current[id(g)] = record
        self.turns.append(record)

    def phase(self, g, name: str) -> None:
        if name == "end":
            record = self._record(g)
            if record is not None:
                record["mp_after"] = g.mp
                record["general_influence"] = f"{g.gi_used}/{g.gi_max}"

    def event(self, g, what: str, text: str) -> None:
        self._add(g, what, text)

    def character_played(self, g, character, site: int) -> None:
        under = "general influence" if character.controller is None else \
            f"the direct influence of {_name(g, character.controller.kind)}"
        if g.sim.avatar[character.kind]:
            under = "the avatar revealed"
        self._add(g, "character", f"{_name(g, character.kind)} comes into play at {_site(g, site)} ({under})")

    def resource_played(self, g, kind: int, site, actor, additional: bool = False) -> None:
        where = f" at {_site(g, site)}" if site is not None else ""
        who = f"{_name(g, actor.kind)} plays " if actor is not None else ""
        extra = " (the additional minor item)" if additional else ""
        mp = g.sim.mp[kind]
        self._add(g, "play", f"{who}{_name(g, kind)}{where}{extra}" + (f", {mp} MP" if mp else ""))

    def faction(self, g, company, kind: int, actor, roll, check, success: bool) -> None:
        number = g.sim.influence_number[kind]
        rolled = f"rolls {roll}, {check} in all" if roll is not None else "no roll needed"
        if success:
            self._add(g, "faction", f"{_name(g, actor.kind)} influences {_name(g, kind)} at "
                                    f"{_site(g, company.site)}: {rolled}, more than {number}: in play")
        else:
            self._add(g, "faction", f"{_name(g, actor.kind)} fails to influence {_name(g, kind)} at "
                                    f"{_site(g, company.site)}: {rolled}, not more than {number}")

    def ring_test(self, g, character, gold: int, roll, ring, tester=None) -> None:
        rolled = "no roll" if roll is None else f"rolls {roll}"
        became = f"becomes {_name(g, ring)}" if ring is not None else "is discarded"
        self._add(g, "ring", f"{_name(g, gold)} on {_name(g, character.kind)} tested: {rolled}; {became}")

    def move(self, g, company, origin: int, dest: int, roll, moved: bool, drawn: int = 0) -> None:
        who = ", ".join(_name(g, c.kind) for c in company.characters)
        if not moved:
            self._add(g, "move", f"{who} fail to leave {_site(g, origin)} for {_site(g, dest)} "
                                 f"(Under-deeps roll {roll})")
            return
        self._add(g, "move", f"{who}: {_site(g, origin)} -> {_site(g, dest)}, {drawn} card(s) drawn")

    def hazard(self, g, company, kind: int, limit: int, target=None) -> None:
        card = g.opponent.sim.kinds[kind].name if g.opponent is not None else str(kind)
        on = f" on {_name(g, target.kind)}" if target is not None else ""
        self._add(g, "hazard", f"the opponent plays {card}{on} at {_site(g, company.site)} (hazard limit {limit})")

    def on_guard(self, g, company, kind: int, limit: int) -> None:
        card = g.opponent.sim.kinds[kind].name if g.opponent is not None else str(kind)
        self._add(g, "hazard", f"the opponent places a card on-guard at {_site(g, company.site)} ({card}; hazard "
                               f"limit {limit})")

    def attack(self, g, name: str, attack, defenders, result) -> None:
        names = [_name(g, d.ref.kind) for d in defenders]
        strikes = "each character faces one strike" if attack.each_character_faces_strike else \
            f"{attack.strikes} strike(s)"
        parts = [f"{name} attacks: {strikes} of prowess {attack.prowess}"]
        if result.wounded:
            parts.append("wounded " + ", ".join(names[i] for i in result.wounded))
        if result.eliminated:
            parts.append("eliminated " + ", ".join(names[i] for i in result.eliminated))
        if result.discarded:
            parts.append("discarded " + ", ".join(names[i] for i in result.discarded))
        parts.append("the attack is defeated" if result.defeated else "the attack is not defeated")
        record = self._record(g)
        if record is not None:
            record["events"].append({"what": "attack", "text": "; ".join(parts),
                                     "strikes": [_strike(attack, defenders[s.defender], names[s.defender], s)
                                                 for s in result.strikes]})

    def corruption_check(self, g, character, roll: int, outcome: int) -> None:
        self._add(g, "corruption", f"{_name(g, character.kind)} makes a corruption check: rolls {roll}, "
                                   f"{OUTCOMES.get(outcome, outcome)}")

    def council(self, g, players, totals: list[int]) -> None:
        self.council_totals = {self.labels.get(id(p), p.sim.name): total for p, total in zip(players, totals)}

    # ---- helpers and output ------------------------------------------------------------------------------

    @staticmethod
    def _who(g, character) -> str:
        text = _name(g, character.kind)
        if character.holdings:
            text += " [" + ", ".join(_name(g, h) for h in character.holdings) + "]"
        if character.controller is not None:
            text += f" (follower of {_name(g, character.controller.kind)})"
        return text

    def document(self, *, game: int, seed: int, deck: str, mode: str, hazards: str | None = None,
                 opponent: str | None = None) -> dict:
        return {"schema": SCHEMA, "game": game, "seed": seed, "deck": deck, "mode": mode, "hazards": hazards,
                "opponent": opponent, "turns": self.turns, "free_council": self.council_totals}


def trace_game(sim, game: int, seed: int, turns: int, hazards: str = "none") -> dict:
    """Goldfish game `game` (0 = the first) of a run with `seed`, traced; the document numbers it from 1."""
    trace = Trace()
    g = goldfish_state(sim, game_rng(seed, game), hazards, observer=trace)
    trace.label(g, sim.name)
    play_goldfish(g, turns, Tally(turns=turns, kinds=len(sim.kinds)))
    return trace.document(game=game + 1, seed=seed, deck=sim.name, mode="goldfish", hazards=hazards)


def trace_against(us, them, game: int, seed: int, turns: int, both: bool) -> dict:
    """Game `game` of `simulate --against` (`both`: `--both`), traced."""
    trace = Trace()
    tallies = (Tally(turns=turns, kinds=len(us.sim.kinds)), Tally(turns=turns, kinds=len(them.sim.kinds)))
    stats = (DuelTally(opponent_kinds=len(them.sim.kinds)), DuelTally(opponent_kinds=len(us.sim.kinds)))
    if both:
        duel = Duel(us, them, game, seed, turns, tallies, stats, trace)
        trace.label(duel.a, f"{us.sim.name} (first)")
        trace.label(duel.b, f"{them.sim.name} (second)")
        duel.play()
    else:
        g = against_state(us, them, game_rng(seed, game), stats[0], trace)
        trace.label(g, us.sim.name)
        play_against_turns(g, them, turns, tallies[0])
    return trace.document(game=game + 1, seed=seed, deck=us.sim.name, mode="both" if both else "against",
                          opponent=them.sim.name)


def _strike(attack, defender, name: str, strike) -> dict:
    """One strike as the trace shows it: its roll, the prowess it was added to, the body check that followed."""
    body_check = None
    if strike.body_roll is not None:
        creature = strike.result == STRIKE_FAILED
        body_check = {"of": "creature" if creature else "character", "roll": strike.body_roll,
                      "modifier": strike.body_modifier, "body": attack.body if creature else defender.body,
                      "fails": strike.defeated if creature else strike.eliminated}
    return {"character": name, "roll": strike.roll, "prowess": strike.prowess, "unmodified_prowess": defender.prowess,
            "strike_prowess": attack.prowess,
            "result": strike.result, "detainment": attack.detainment, "body_check": body_check,
            "defeated": strike.defeated, "wounded": strike.wounded, "eliminated": strike.eliminated,
            "stayed_untapped": strike.stayed_untapped, "support": strike.support,
            **({"discarded": True} if strike.discarded else {})}


def strike_text(strike: dict) -> str:
    """coe 3.iv.7 and 3.I, in words: "Arwen: rolls 3 + prowess 4 = 7 against 10: successful, wounded; ..."."""
    total = strike["roll"] + strike["prowess"]
    of = f" (of {strike['unmodified_prowess']})" if strike["unmodified_prowess"] != strike["prowess"] else ""
    if strike.get("support"):
        of += f" (+{strike['support']} support)"
    text = (f"{strike['character']}: rolls {strike['roll']} + prowess {strike['prowess']}{of} = {total} against "
            f"{strike['strike_prowess']}: {strike['result']}")
    check = strike["body_check"]
    kept = " (-3: stays untapped)" if strike.get("stayed_untapped") else ""
    if strike["result"] == STRIKE_FAILED:
        if check is None:
            return text + ", the strike is defeated (it has no body)" + kept
        return text + f"; body check {_body(check)}: " + ("the strike is defeated" if check["fails"] else
                                                            "the strike is not defeated") + kept
    if strike["result"] != STRIKE_SUCCESSFUL:
        return text + (kept or ", tapped")   # ineffectual: taps unless it took -3 to stay untapped (3.iv.3)
    if strike["detainment"]:
        return text + ", tapped (detainment)"
    if check is None:
        return text + ", wounded" + (": eliminated" if strike["eliminated"] else "")
    if strike.get("discarded"):
        return text + f", wounded; body check {_body(check)}: discarded (its own text)"
    return text + f", wounded; body check {_body(check)}: " + ("eliminated" if check["fails"] else "survives")


def _body(check: dict) -> str:
    modifier = f" + {check['modifier']}" if check["modifier"] else ""
    return f"rolls {check['roll']}{modifier} against body {check['body']}"


def format_trace(document: dict) -> str:
    d = document
    against = f" against {d['opponent']}" if d.get("opponent") else ""
    how = {"goldfish": f"goldfish, hazards: {d.get('hazards') or 'none'}",
           "against": "the opponent's hazards on our moves", "both": "both decks play full turns"}[d["mode"]]
    lines = [f"game {d['game']} (seed {d['seed']}) of {d['deck']}{against}: {how}"]
    for record in d["turns"]:
        lines.append("")
        lines.append(f"turn {record['turn']}: {record['player']}")
        lines.append("  hand: " + (", ".join(record["hand"]) or "-"))
        for company in record["companies"]:
            lines.append(f"  at {company['site']}: " + "; ".join(company["characters"]))
        for event in record["events"]:
            lines.append(f"  - {event['text']}")
            lines.extend(f"      strike on {strike_text(strike)}" for strike in event.get("strikes", ()))
        if record["mp_after"] is not None:
            lines.append(f"  MP after the turn: {record['mp_after']} (general influence used "
                         f"{record.get('general_influence')})")
    if d.get("free_council"):
        lines.append("")
        lines.append("Free Council: " + ", ".join(f"{k} {v}" for k, v in d["free_council"].items()))
    return "\n".join(lines)

