"""What hazard events in play (and the environments) do, as pure functions over their facts
(`card_db/combat.json`, section "events", read by `cards/hazard_event_facts.py`); `tests/test_hazard_events.py`
checks each on a hand-worked case.

- Environments (coe glossary "environment"): Doors of Night discards the resource environments when played,
  Gates of Morning the hazard ones; Twilight cancels one environment in play. Several cards and creatures read
  "if Doors of Night is in play".
- Long-events last one turn cycle: a hazard long-event is discarded at the end of the resource player's next
  long-event phase (coe 2.III.3); permanent-events stay until their own text discards them.
- An attack boost changes an attack as it is faced (coe 3): strikes and prowess added, or strikes multiplied,
  for the races it names (all races when it names none), for automatic-attacks only where it says so (at the
  site types it names); Undead automatic-attacks faced twice under The Moon Is Dead.
- Short-events that act at once: Tidings of Bold Spies (a company moving to a site with automatic-attacks
  faces them as hazard attacks), Seized by Terror (a character moving in a Shadow-land or Dark-domain splits
  off and returns to the site of origin on a failed roll), An Unexpected Outpost (hazards from the discard pile
  back into the play deck).
- On-guard cards (coe 2.IV.vii.4, 2.V.i, 2.V.10): revealed when the company enters a site with automatic-attacks,
  a creature that may be keyed to the site (it attacks after the automatic-attacks) or an event that would
  affect those automatic-attacks; any other goes back to the hand after the site phases.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from deckcheck.cards.site_attacks import race_name
from deckcheck.sim.rules.combat import Attack
from deckcheck.sim.rules.keying import Move

DOORS = "doors_of_night"
HAZARD_ENVIRONMENTS_DISCARDED = "discards_hazard_environments"


@dataclass(frozen=True, slots=True, eq=False)
class EventSpec:
    """One hazard event (or resource environment) as the simulation applies it."""

    effect: str
    lasts: str = "short"                     # short, long, permanent
    environment: bool = False
    needs_doors: bool = False                # "Playable if Doors of Night is in play"
    not_duplicated: bool = False             # "Cannot be duplicated": one in play at most
    counts: bool = True                      # counts against the hazard limit (Twilight does not)
    facts: dict = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def of(cls, facts: dict) -> EventSpec:
        return cls(effect=facts["effect"], lasts=facts.get("lasts", "short"),
                   environment=facts.get("environment", False), needs_doors=facts.get("needs_doors", False),
                   not_duplicated=facts.get("not_duplicated", False),
                   counts=not facts.get("no_hazard_limit", False), facts=facts)

    @property
    def stays(self) -> bool:
        """It goes on the board (long- and permanent-events) rather than resolving at once."""
        return self.lasts in ("long", "permanent")


def _values(spec: EventSpec, doors: bool) -> dict:
    return spec.facts.get("doors") if doors and "doors" in spec.facts else spec.facts


def boost_of(spec: EventSpec, races: tuple[str, ...], automatic: bool, site_type: str, doors: bool
             ) -> tuple[int, int, int] | None:
    """(strikes added, prowess added, strikes multiplier) the boost gives this attack, None if none. Under Doors
    of Night the card's "doors" values replace the others for the races they name (Minions Stir: Orcs +2,
    Trolls still +1)."""
    f = spec.facts
    if f.get("automatic_only") and not automatic:
        return None
    if f.get("site_types") and site_type not in f["site_types"]:
        return None
    for values in ((_values(spec, doors), f) if doors and "doors" in f else (f,)):
        wanted = values.get("races") or ()
        if not wanted or set(wanted).intersection(races):
            return values.get("strikes", 0), values.get("prowess", 0), values.get("strikes_times", 1)
    return None


def boosted(attack: Attack, races: tuple[str, ...], automatic: bool, site_type: str, boosts, doors: bool
            ) -> tuple[Attack, list]:
    """The attack with every boost in play applied, and the boosts that applied (a card "discarded when such
    an attack is defeated" goes then)."""
    strikes, prowess, times, used = 0, 0, 1, []
    for spec in boosts:
        found = boost_of(spec, races, automatic, site_type, doors)
        if found is not None:
            strikes, prowess, times = strikes + found[0], prowess + found[1], times * found[2]
            used.append(spec)
    if not used:
        return attack, used
    return replace(attack, strikes=attack.strikes * times + strikes, prowess=attack.prowess + prowess), used


def one_attack_boosted(spec: EventSpec, attack: Attack) -> Attack:
    """Unabated in Malice on one automatic-attack: its strikes, prowess and body changed by the card's values (an
    attack without body keeps none)."""
    f = spec.facts
    body = None if attack.body is None else attack.body + f.get("body", 0)
    return replace(attack, strikes=attack.strikes + f.get("strikes", 0), prowess=attack.prowess + f.get("prowess", 0),
                   body=body)


def faced_twice(races: tuple[str, ...], boosts) -> bool:
    """The Moon Is Dead: each Undead automatic-attack is faced twice."""
    return "Undead" in races and any(s.facts.get("duplicate_automatic") for s in boosts)


def returns_to_origin(spec: EventSpec, move: Move, skills: frozenset[str], doors: bool) -> bool:
    """Long Winter / Snowstorm on a moving company: enough Wildernesses in its site path and no one with the
    skill that saves it (coe 2.IV.4: it returns to its site of origin and does nothing in its site phase)."""
    if spec.needs_doors and not doors:
        return False
    needed = spec.facts.get("wildernesses", 1)
    skill = spec.facts.get("unless_skill")
    return move.path.count("w") >= needed and not (skill and skill.capitalize() in skills)


def region_attack(spec: EventSpec, move: Move, doors: bool) -> Attack | None:
    """A Dragon "Ahunt": the attack a company moving in its regions (more under Doors of Night) faces."""
    f = spec.facts
    regions = set(f.get("regions", ())) | (set(f.get("doors_regions", ())) if doors else set())
    if not any(_fold(r) in move.regions for r in regions):
        return None
    return Attack(strikes=f["strikes"], prowess=f["prowess"], body=f.get("body"),
                  attacker_chooses=f.get("attacker_chooses", False), races=(race_name(f.get("race", "")),))


def lair_attack(spec: EventSpec, site_name: str, in_play: set[str]) -> Attack | None:
    """A Dragon "at Home": the automatic-attack it adds to its lair (`site_name`, folded), unless its Ahunt is
    in play (`in_play`: the folded names of the cards in play)."""
    f = spec.facts
    if _fold(f["lair"]) != site_name or _fold(f.get("unless_in_play", "")) in in_play:
        return None
    a = f["lair_attack"]
    return Attack(strikes=a["strikes"], prowess=a["prowess"], body=a.get("body"),
                  attacker_chooses=a.get("attacker_chooses", False), races=(race_name(a.get("race", "")),))


def with_wildernesses(move: Move) -> Move | None:
    """Withered Lands: one Wilderness, Shadow-land or Border-land of the path counts as two Wildernesses (the
    hazard player picks the region: the first Wilderness, else Shadow-land, else Border-land)."""
    for symbol in ("w", "s", "b"):
        if symbol in move.path:
            i = move.path.index(symbol)
            return replace(move, path=move.path[:i] + ("w", "w") + move.path[i + 1:])
    return None


def split_off_fails(spec: EventSpec, roll: int, mind: int) -> bool:
    """Seized by Terror: the character splits off when the roll plus his mind is below the card's number."""
    return roll + mind < spec.facts.get("below", 12)


def split_off_chance(spec: EventSpec, mind: int) -> float:
    """P(2D6 + mind below the card's number): the odds that Seized by Terror splits the character off."""
    below = spec.facts.get("below", 12) - mind
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b < below) / 36


def may_be_seized(spec: EventSpec, move: Move, wizard_or_ringwraith: bool, ringwraith: bool = False) -> bool:
    """Seized by Terror: playable on a non-Wizard, non-Ringwraith character moving in a Shadow-land or
    Dark-domain; Faces of the Dead on a non-Wizard character (a Ringwraith too) moving with two Wildernesses in
    his site path."""
    if wizard_or_ringwraith and not (ringwraith and spec.facts.get("ringwraith_too")):
        return False
    return moves_through(spec, move)


def hazards_recycled(spec: EventSpec, doors: bool) -> int:
    """An Unexpected Outpost: how many hazards it brings back into the play deck (twice under Doors of
    Night)."""
    return spec.facts.get("doors_times", 1) if doors else spec.facts.get("times", 1)


def recycled_at_end_of_turn(spec: EventSpec, tables, discard: list[int], doors: bool) -> list[int]:
    """From the Pits of Angband, at the end of a turn, for one player: the creatures of his discard pile he takes
    back (`tables`: his deck's hazard tables, `use` and `creature` per kind), the most threatening first: one
    of the card's races or a unique one of its `unique_races`; under Doors of Night one of each. Empty if none."""
    f = spec.facts
    races, unique_races = set(f.get("races", ())), set(f.get("unique_races", ()))
    plain, unique = [], []
    for kind in dict.fromkeys(discard):
        creature = tables.creature[kind]
        if creature is None:
            continue
        if races.intersection(creature.races):
            plain.append(kind)
        elif unique_races.intersection(creature.races) and tables.cards[kind].unique:
            unique.append(kind)
    plain.sort(key=lambda k: -tables.creature[k].threat)
    unique.sort(key=lambda k: -tables.creature[k].threat)
    if doors and f.get("doors_to_hand"):
        return plain[:1] + unique[:1]
    return sorted(plain[:1] + unique[:1], key=lambda k: -tables.creature[k].threat)[:1]


def on_guard_revealed_on_entry(spec: EventSpec | None, creature_keyed: bool, automatic_attacks: int,
                               boost_applies: bool) -> bool:
    """coe 2.V.i: when the company enters a site with automatic-attacks, an on-guard card is revealed if it is
    a creature that may be keyed to the site (`spec` None, `creature_keyed`) or a hazard event that would
    affect those automatic-attacks (`boost_applies`). Without automatic-attacks, neither may be."""
    if automatic_attacks <= 0:
        return False
    return creature_keyed if spec is None else boost_applies


def moves_through(spec: EventSpec, move: Move) -> bool:
    """The move crosses a region of the types the card names, or as many Wildernesses as it asks for."""
    if "wildernesses" in spec.facts:
        return move.path.count("w") >= spec.facts["wildernesses"]
    return any(symbol in move.path for symbol in spec.facts.get("region_types", ()))


def staying(site_type: str, site: str, site_region: str, **keying) -> Move:
    """A company that does not move has a movement/hazard phase with no site path; its current site is its new
    site (coe 2.IV.ii): creatures may be keyed to the site only. `keying`: the site's own text on creatures
    keyed to it (`rules.keying.site_keying`)."""
    return Move(path=(), regions=frozenset(), site_type=site_type, site=site, site_region=site_region, **keying)


def _fold(name: str) -> str:
    from deckcheck.cards.names import fold

    return fold(name)
