"""Hands as the engine deals and draws them (`deckcheck hand`, and the by-turn odds of `deckcheck odds --karsten`).

    document = sample_hand(sim, seed=3, turns=3)      # game 1 of `simulate --seed 3`, its hands turn by turn
    seen = cards_seen_by_turn(sim, games=1000, turns=6, seed=0)

Nothing here deals or draws by itself: the games are the simulator's own (`match.play_goldfish`, the same seed
and generator as `simulate`), and a watcher (`sim.observe`) reads what each step took from the play deck. The
play deck is drawn from its end (`GameState.draw` pops), so the cards drawn between two steps are the ones that
left its end, the last first.
"""

from __future__ import annotations

from collections import Counter

from deckcheck.sim.match import game_rng, goldfish_state, play_goldfish
from deckcheck.sim.observe import Observer
from deckcheck.sim.tally import Tally
from deckcheck.sim.trace import Trace

SCHEMA = "deckcheck/hand/1"
# What each step's draws are, as the turn sequence makes them (coe 2.IV, 2.VI; the opponent's turn when it is
# not played: sim.turn.end.opponent_card_flow).
BETWEEN_TURNS = "the opponent's turn (its movement draws, then our hand reset)"
AFTER_COMPANY = "hand reset after a company's movement/hazard phase"
AFTER_MOVEMENT = "hand reset at the end of the movement/hazard phase"
FETCH_DRAWS = "before a card fetch shuffled the play deck"
PHASE_DRAWS = {"organization": "organization phase", "movement": AFTER_MOVEMENT, "site": "site phase",
               "end": "end-of-turn hand reset"}


class HandWatch(Trace):
    """The trace of a game (its plays and moves), plus each turn's hands and every card drawn, step by step."""

    def __init__(self):
        super().__init__()
        self.hands: list[dict] = []
        self._deck: list[int] | None = None
        self._exhaustions = 0

    def _drawn_since(self, g) -> list[int] | None:
        """The cards drawn since the last step, in the order drawn; None once the play deck was reshuffled
        (coe 2.4: its order is new, the draws are then counted, not named)."""
        before, now = self._deck, g.deck
        self._deck = list(now)
        reshuffled = g.exhaustions != self._exhaustions
        self._exhaustions = g.exhaustions
        if before is None or reshuffled or len(now) > len(before) or before[:len(now)] != now:
            return None
        return before[len(now):][::-1]

    def _add_draws(self, g, when: str, cards: list[int] | None, count: int | None = None) -> None:
        if cards == [] or self._turn is None:
            return
        names = None if cards is None else [self._card(g, k) for k in cards]
        self._turn["draws"].append({"when": when, "cards": names, "count": len(cards) if cards else count,
                                    "_kinds": cards or []})

    @staticmethod
    def _card(g, kind: int) -> str:
        return g.sim.kinds[kind].name

    _turn: dict | None = None

    def turn_start(self, g) -> None:
        if self._deck is None:          # turn 1: nothing has been drawn since the opening hand
            self._deck = list(g.deck)
            self._exhaustions = g.exhaustions
            self.opening = {"hand": sorted(self._card(g, k) for k in g.hand),
                            "starting_company": [self._card(g, c.kind) for company in g.companies
                                                 for c in company.characters],
                            "play_deck_left": len(g.deck)}
        elif self._turn is not None:
            self._opponent_turn(g, self._turn)
        super().turn_start(g)
        self._turn = {"turn": g.turn, "hand_at_start": sorted(self._card(g, k) for k in g.hand), "draws": [],
                      "_start": list(g.hand)}
        self.hands.append(self._turn)

    def move(self, g, company, origin: int, dest: int, roll, moved: bool, drawn: int = 0) -> None:
        super().move(g, company, origin, dest, roll, moved, drawn)
        cards = self._drawn_since(g)
        if cards is None:
            self._add_draws(g, f"movement to {g.sim.sites[dest].name} (and resets before it)", None,
                            drawn)
            return
        split = len(cards) - drawn
        self._add_draws(g, AFTER_COMPANY, cards[:split])
        self._add_draws(g, f"movement to {g.sim.sites[dest].name}", cards[split:])

    def play_deck_shuffled(self, g, before: list[int]) -> None:
        """A fetch shuffled the play deck: the draws until then are named from the deck as it was before, and
        the next ones from the deck as it is now."""
        super().play_deck_shuffled(g, before)
        if self._deck is not None and len(before) <= len(self._deck) and self._deck[:len(before)] == before:
            drawn = self._deck[len(before):][::-1]
            if drawn:
                self._add_draws(g, FETCH_DRAWS, drawn)
        self._deck = list(g.deck)

    def phase(self, g, name: str) -> None:
        super().phase(g, name)
        self._add_draws(g, PHASE_DRAWS[name], self._drawn_since(g))
        if name == "end" and self._turn is not None:
            start = self._turn.pop("_start")
            self._turn["hand_at_end"] = sorted(self._card(g, k) for k in g.hand)
            drawn = [k for draw in self._turn["draws"] for k in draw.pop("_kinds")]
            gone = Counter(start) + Counter(drawn) - Counter(g.hand)
            self._turn["left_hand"] = sorted(self._card(g, k) for k in gone.elements())
            self._turn["mp_after"] = g.mp
            self._turn["exhaustions"] = g.exhaustions
            self._turn["_end"] = list(g.hand)

    def _opponent_turn(self, g, record: dict) -> None:
        """The opponent's turn after ours: what we drew in it, and what left our hand (hazards we played on it,
        the end-of-turn discard)."""
        drawn = self._drawn_since(g)
        end = record.pop("_end", [])
        gone = Counter(end) + Counter(drawn or []) - Counter(g.hand)
        record["opponent_turn"] = {
            "when": BETWEEN_TURNS, "drew": None if drawn is None else [self._card(g, k) for k in drawn],
            "left_hand": sorted(self._card(g, k) for k in gone.elements()) if drawn is not None else None}


def sample_hand(sim, *, seed: int, turns: int, game: int = 0, hazards: str = "none") -> dict:
    """Goldfish game `game` (0 = the first) of `simulate --seed SEED`: its opening hand and starting company,
    then each turn's hand, every card drawn and when, the cards that left the hand (played or discarded)."""
    watch = HandWatch()
    g = goldfish_state(sim, game_rng(seed, game), hazards, observer=watch)
    watch.label(g, sim.name)
    play_goldfish(g, turns, Tally(turns=turns, kinds=len(sim.kinds)))
    plays = {record["turn"]: [e["text"] for e in record["events"] if e["what"] in ("play", "character")]
             for record in watch.turns}
    for record in watch.hands:
        record["played"] = plays.get(record["turn"], [])
        record.pop("_end", None)
    return {"schema": SCHEMA, "deck": sim.name, "seed": seed, "game": game + 1, "hazards": hazards,
            "play_deck_size": len(sim.play_deck), "opening": watch.opening, "turns": watch.hands}


def format_hand(document: dict) -> str:
    d = document
    opening = d["opening"]
    lines = [f"{d['deck']}: game {d['game']} of `simulate --seed {d['seed']}` (hazards: {d['hazards']}), "
             f"play deck of {d['play_deck_size']} cards",
             "starting company: " + (", ".join(opening["starting_company"]) or "-"),
             f"opening hand ({len(opening['hand'])}): " + ", ".join(opening["hand"])]
    for turn in d["turns"]:
        lines += ["", f"turn {turn['turn']}: hand " + (", ".join(turn["hand_at_start"]) or "-")]
        for draw in turn["draws"]:
            cards = ", ".join(draw["cards"]) if draw["cards"] is not None else \
                f"{draw['count']} card(s) after the play deck was reshuffled (not named)"
            lines.append(f"  drew ({draw['when']}): {cards}")
        lines += [f"  played: {text}" for text in turn["played"]]
        if "hand_at_end" in turn:
            lines.append("  left the hand (played or discarded): " + (", ".join(turn["left_hand"]) or "-"))
            lines.append("  hand at the end of the turn: " + (", ".join(turn["hand_at_end"]) or "-")
                         + f"; MP {turn['mp_after']}")
        between = turn.get("opponent_turn")
        if between is not None:
            drew = "(the play deck was reshuffled: not named)" if between["drew"] is None else \
                ", ".join(between["drew"]) or "-"
            lines.append(f"  {between['when']}: drew {drew}")
            if between["left_hand"]:
                lines.append("    left the hand (hazards played on the opponent, discards): "
                             + ", ".join(between["left_hand"]))
    lines += ["", "The engine plays the deck (goldfish, its written-down choices); the draws are its card flow: "
                  "movement draws by the sites' numbers, hand resets to 8, the opponent's turn's draws."]
    return "\n".join(lines)


class SeenWatch(Observer):
    """Per game, the cards seen (drawn from the play deck, the opening 8 included) by the end of each turn's
    movement/hazard phase: what could be in hand for that turn's site phase. Once the play deck ran out, every
    card has been seen."""

    def __init__(self, size: int, turns: int):
        self.size = size
        self.counts = [Counter() for _ in range(turns + 1)]

    def turn_start(self, g) -> None:
        if g.turn == 1:
            self.counts[0][self._seen(g)] += 1

    def phase(self, g, name: str) -> None:
        if name == "movement" and g.turn < len(self.counts):
            self.counts[g.turn][self._seen(g)] += 1

    def _seen(self, g) -> int:
        return self.size if g.exhaustions else self.size - len(g.deck)


def cards_seen_by_turn(sim, *, games: int, turns: int, seed: int = 0, hazards: str = "none") -> list[Counter]:
    """For turn 0 (the opening hand) to `turns`: how many of `games` goldfish games had seen n cards by then
    ({n: games}). A game called before a turn has no count for it."""
    watch = SeenWatch(len(sim.play_deck), turns)
    for game in range(games):
        g = goldfish_state(sim, game_rng(seed, game), hazards, observer=watch)
        play_goldfish(g, turns, Tally(turns=turns, kinds=len(sim.kinds)))
    return watch.counts
