"""What `deckcheck hand` and `deckcheck odds --karsten` print: the engine's hands and its draws per turn, over the
library parts (`deckcheck.sim.hands`, `deckcheck.analysis.karsten`)."""

from __future__ import annotations

import json

from deckcheck.analysis.deck_odds import OddsTable
from deckcheck.analysis.karsten import TARGETS, by_turn_probability, karsten_table
from deckcheck.decklist.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.sim.hands import cards_seen_by_turn, format_hand, sample_hand
from deckcheck.sim.model import build_sim_deck

KARSTEN_TURNS = 6
SEEN_WHEN = ("cards seen by turn t: the opening 8 and every card drawn up to the end of turn t's movement/hazard "
             "phase (what could be in hand for its site phase), in the engine's goldfish games")


def _sim(deck: Deck, deck_path: str, length: int | None):
    try:
        return build_sim_deck(deck, length or deck.length or 2)
    except ValueError as exc:
        raise DeckcheckError(f"cannot simulate: {exc}", deck_path) from None


def run_hand_command(deck: Deck, *, deck_path: str, seed: int, turns: int, hazards: str, output: str,
                     length: int | None = None) -> str:
    document = sample_hand(_sim(deck, deck_path, length), seed=seed, turns=turns, hazards=hazards)
    return json.dumps(document, ensure_ascii=False, indent=2) if output == "json" else format_hand(document)


def by_turn_odds(deck: Deck, table: OddsTable, *, deck_path: str, games: int, seed: int,
                 length: int | None = None) -> dict:
    """Karsten's copies-needed table and each condition's P(at least k seen by turn t), from the engine's draws."""
    sim = _sim(deck, deck_path, length)
    size = len(sim.play_deck)
    seen = cards_seen_by_turn(sim, games=games, turns=KARSTEN_TURNS, seed=seed)
    document = karsten_table(seen, size, targets=TARGETS)
    document.update(games=games, seed=seed, what=SEEN_WHEN, conditions=[
        {"label": c.label, "copies": c.copies, "at_least": c.at_least,
         "by_turn": [float(by_turn_probability(s, c.copies, size, c.at_least)) for s in seen if s]}
        for c, _ in table.rows if c.copies <= size])
    document["notes"] = []
    if size != table.deck_size:
        document["notes"].append(f"the engine's play deck holds {size} cards, the list's play deck {table.deck_size}:"
                                 f" the by-turn odds are over the engine's {size}")
    return document


def format_by_turn(document: dict) -> str:
    turns = document["turns"]
    head = "".join(f"{'turn ' + str(r['turn']):>9}" for r in turns)
    width = 28
    lines = ["", f"By turn, from the engine's draws ({document['games']} goldfish games, seed {document['seed']}; "
                 f"play deck of {document['deck_size']})", f"  {document['what']}", "",
             "mean cards seen".ljust(width) + "".join(f"{r['mean_cards_seen']:>9.1f}" for r in turns),
             "Karsten: copies needed for".ljust(width) + head]
    for target in document["targets"]:
        cells = "".join(f"{_copies(r['copies_needed'][target]):>9}" for r in turns)
        lines.append(f"  P(at least 1 seen) >= {target}".ljust(width) + cells)
    lines += ["", "P(at least k seen by turn t)".ljust(width) + head]
    for c in document["conditions"]:
        at_least = f" >={c['at_least']}" if c["at_least"] != 1 else ""
        label = f"{c['label']} ({c['copies']}){at_least}"[: width - 1]
        lines.append(label.ljust(width) + "".join(f"{100 * p:>8.1f}%" for p in c["by_turn"]))
    lines += ["note: turn 0 is the opening hand, the exact odds above; later turns average the exact odds over "
              "the cards the engine's games had seen (the copies taken as shuffled like any other card)"]
    lines += [f"note: {n}" for n in document["notes"]]
    return "\n".join(lines)


def _copies(value: int | None) -> str:
    return "-" if value is None else str(value)
