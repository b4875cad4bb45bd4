"""Scenarios: a game state set up by hand (a hand, a play deck, characters at sites, fixed rolls, the score so
far), for tests and for reading one situation's play step by step.

    g = scenario(sim, hand=[sword, sword], start_at=ruin, characters=[(small, ruin)], rolls=[3, 4])
    site_phase(g, g.companies[0])

The state is the real one (`GameState`, built as a game would be, then changed by its own primitive moves:
characters enter play and join companies, the starting company leaves play or travels), so a scenario exercises
the same code as a game. What no primitive move reaches in one step (the score and exhaustions of the turns
before, general influence at its edge) is set here, in one place, and named by its parameter.
"""

from __future__ import annotations

from collections.abc import Iterable

from deckcheck.sim.match import against_state, goldfish_state
from deckcheck.sim.players.hazard_model import HazardModel
from deckcheck.sim.players.resource import ResourcePlayer
from deckcheck.sim.state import GameState
from deckcheck.sim.streams import GameRandom
from deckcheck.sim.tally import DuelTally


class FixedRolls:
    """2D6 results in order; the last one repeats once they run out."""

    def __init__(self, rolls: Iterable[int]):
        self.rolls = list(rolls)
        if not self.rolls:
            raise ValueError("give at least one roll")
        self.used = 0

    def __call__(self) -> int:
        roll = self.rolls[min(self.used, len(self.rolls) - 1)]
        self.used += 1
        return roll


def scenario(sim, *, hand: list[int] | None = None, deck: list[int] | None = None,
             discard: list[int] | None = None, starting_company: bool = True, start_at: int | None = None,
             characters: Iterable[tuple] = (), tapped: Iterable[int] = (), lost: Iterable[int] = (),
             rolls: Iterable[int] | None = None, hazards: str | HazardModel = "none", seed: int = 1,
             site_states: dict[int, int] | None = None, used_unique: Iterable[int] = (), mp: int | None = None,
             exhaustions: int | None = None, turn: int | None = None, general_influence: int | None = None,
             sideboard_calls: list[int] | None = None, sideboard: list[int] | None = None, observer=None,
             against=None, us=None,
             corruption: Iterable[tuple[int, int]] = (), board: Iterable[int] = (),
             made_havens: Iterable[int] = ()) -> GameState:
    """A goldfish state (or, with `us` and `against` Sides, one against that opponent's hazards) with:

    - `starting_company` False: the deck's starting company leaves play (as if never drafted); `start_at`: it
      stands at that site instead of the deck's starting site;
    - `characters` entering play as (kind, site) or (kind, site, controller kind), in order — under general
      influence, or as a follower of a character already at the site — each joining the company at its site
      or forming one; `tapped`: every character of these kinds is tapped; `lost`: the companies at these sites
      have lost this turn's site phase (to hazards);
    - `hand`, `deck`, `discard` replacing those zones, `sideboard_calls` the Sudden Calls left in the sideboard
      (coe 2.4), `sideboard` its other cards the player may exchange at an exhaustion; `site_states` setting
      sites' states (AVAILABLE, OCCUPIED, TAPPED...); `used_unique`: unique kinds already in play or out of the game;
      `made_havens`: sites our cards made Wizardhavens (Hidden Haven played there);
    - `rolls` fixing every 2D6 roll; `hazards` a `--hazards` model's name or a `HazardModel` of other odds;
    - the turns before: `mp` scored, `exhaustions` of the play deck, the `turn` (round) it is;
      `general_influence`: the player's total (coe 2.II.2.1: 20), to put a state at its edge;
    - against an opponent: `corruption` its corruption cards on our characters, as (our character's kind, its
      card's kind); `board` its hazard events in play (kinds of its deck, by its `Side`'s event facts; owned
      as `turn.events.owner_of` says);
    - `observer` told of every step (`sim.observe`)."""
    rng = GameRandom(seed)
    dice = FixedRolls(rolls) if rolls is not None else None
    if against is not None:
        g = against_state(us, against, rng, DuelTally(opponent_kinds=len(against.sim.kinds)), observer)
        g.dice = dice
    elif isinstance(hazards, str):
        g = goldfish_state(sim, rng, hazards, dice=dice, observer=observer)
    else:
        g = GameState(sim, rng, ResourcePlayer(), hazards, dice=dice, observer=observer)
    if not starting_company:
        _without_companies(g)
    elif start_at is not None:
        _travel(g, start_at)
    _enter(g, characters)
    tapped = set(tapped)
    lost = set(lost)
    for company in g.companies:
        company.lost = company.site in lost
        for character in company.characters:
            if character.kind in tapped:
                character.tapped = True
    for zone, cards in (("hand", hand), ("deck", deck), ("discard", discard), ("sideboard_calls", sideboard_calls),
                        ("sideboard", sideboard)):
        if cards is not None:
            setattr(g, zone, list(cards))
    for site, state in (site_states or {}).items():
        g.site_state[site] = state
    g.used_unique.update(used_unique)
    g.made_havens.update(made_havens)
    for character_kind, card in corruption:
        character = next(c for company in g.companies for c in company.characters if c.kind == character_kind)
        g.corruption_on.setdefault(character, []).append(card)
    for card in board:                  # the opponent's: to its discard pile, owned as its hazards are played
        g.board.add(card, against.hazards.event[card], g.hazards.cards.discard, id(g.hazards.cards),
                    against.sim.kinds[card].id)
    for name, value in (("mp", mp), ("exhaustions", exhaustions), ("turn", turn), ("gi_max", general_influence)):
        if value is not None:
            setattr(g, name, value)
    return g


def _without_companies(g: GameState) -> None:
    """The starting characters and their items leave play as if they had never entered it."""
    for company in list(g.companies):
        for character in list(company.characters):
            g.remove_character(company, character, eliminated=False)
        g.companies.remove(company)
        if not g.sim.site_is_haven[company.site]:
            g.leave_site(company.site)
    g.discard.clear()      # nothing was discarded at the start: what remove_character put there goes


def _travel(g: GameState, site: int) -> None:
    """The starting company stands at `site` (reached without the draws and hazards of a move)."""
    company = g.companies[0]
    if not g.sim.site_is_haven[company.site]:
        g.leave_site(company.site)
    company.site = site
    g.occupy(site)


def _enter(g: GameState, characters: Iterable[tuple]) -> None:
    for entry in characters:
        kind, site = entry[0], entry[1]
        controller = None
        if len(entry) > 2 and entry[2] is not None:
            controller = next(c for company in g.companies if company.site == site
                              for c in company.characters if c.kind == entry[2])
        g.add_to_company(g.enter(kind, controller), site)
