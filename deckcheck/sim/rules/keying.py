"""Where a hazard creature may be played (coe 2.IV.vii.2), the hazard limit (coe 2.IV.iii), and detainment by
keying (coe 3.II.2), from the card data: pure functions over small records, tested in `tests/test_keying.py`.

A creature is keyed, by the hazard player's choice, to one of:
- a region type on its card, the company moving through at least as many regions of that type as the card shows
  (`{w}{w}{R}`: two Wildernesses);
- a region it names, the company moving through it (starter movement names only the regions of the site of
  origin and of the new site, coe 2.IV.ii);
- a site type on its card, or a site it names, matching the company's new site;
- a site of the listed types in a region it names ("at Ruins & Lairs [{R}] in these regions").
The symbols come from the catalog (`keyed_to`), the names from `card_db/combat.json` (`cards/combat_facts.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from deckcheck.cards.names import fold
from deckcheck.sim.model import MINION_PLAYERS

_SYMBOL = re.compile(r"\{(\w)\}")

# coe 3.II.2.R1/B1: keys that make any attack on a Ringwraith or Balrog company detainment.
DETAINING_KEYS = frozenset({"d", "D", "S"})
# coe 3.II.2.R2/B2: Orc, Troll, Undead and Man attacks keyed to a Shadow-land.
SHADOW_LAND_RACES = frozenset({"Orc", "Troll", "Undead", "Man"})
# coe 2.II.7.ii: region movement crosses at most four consecutive regions, both ends included.
REGION_MOVE_REGIONS = 4
# The region types a resource player keeps out of a declared site path when two shortest paths are open: most
# creatures key to them (a heuristic).
DANGEROUS_REGIONS = frozenset({"w", "s", "d"})


def hazard_limit(company_size: int, *, sideboard_accessed: bool = False) -> int:
    """coe 2.IV.iii: the company's size or two, whichever is greater; halved, rounded up, if the hazard player
    took cards from the sideboard in this turn's untap phase (2.I.2). (The size counts Hobbits and Orc scouts
    as half, rounded up, coe 2.II.3.1.1: the caller's company size.)"""
    limit = max(2, company_size)
    return -(-limit // 2) if sideboard_accessed else limit


@dataclass(frozen=True, slots=True)
class Move:
    """What keying needs of one company's movement/hazard phase."""

    path: tuple[str, ...]          # region-type symbols of the site path ("w", "b", ...); empty if not moving
    regions: frozenset[str]        # folded names of the regions named in the site path
    site_type: str                 # the new site's type symbol: H F B R S D
    site: str                      # folded name of the new site
    site_region: str               # folded name of the new site's region
    # the new site's own text on creatures keyed to it (coe 3.II.2 overridden): "normal" (not detainment),
    # "detainment", or "" (keying decides); races it leaves out ("Non-Nazgûl creatures ...")
    keyed_attacks: str = ""
    keyed_not_races: frozenset[str] = frozenset()
    # of `regions`, the Dark-domains and the Shadow-lands (coe 3.II.2.R1/R2: keyed to one by name)
    dark_regions: frozenset[str] = frozenset()
    shadow_regions: frozenset[str] = frozenset()
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        """The hash a frozen dataclass computes (of its compared fields), worked out once: a move keys the
        hazard player's memos (`players.opponent.creature_key`) at every creature it considers."""
        found = self._hash
        if found is None:
            found = hash((self.path, self.regions, self.site_type, self.site, self.site_region, self.keyed_attacks,
                          self.keyed_not_races, self.dark_regions, self.shadow_regions))
            object.__setattr__(self, "_hash", found)
        return found


@dataclass(frozen=True, slots=True)
class CreatureKeys:
    """A creature's keying conditions, read once from its card and facts."""

    region_types: tuple[tuple[str, int], ...]        # ("w", 2): two Wildernesses
    site_types: frozenset[str]
    regions: frozenset[str]                          # folded region names
    sites: frozenset[str]                            # folded site names
    site_regions: tuple[tuple[str, frozenset[str]], ...]   # ("RS" or "*", folded region names)

    @property
    def playable(self) -> bool:
        return bool(self.region_types or self.site_types or self.regions or self.sites or self.site_regions)


def creature_keys(keyed_to: str | None, facts: dict | None = None) -> CreatureKeys:
    """`keyed_to` is the catalog's symbol string ("{w}{w}{R}"); `facts` the creature's entry of combat.json."""
    facts = facts or {}
    counts: dict[str, int] = {}
    site_types = set(facts.get("site_types", ()))
    for symbol in _SYMBOL.findall(keyed_to or ""):
        if symbol.isupper():
            site_types.add(symbol)
        else:
            counts[symbol] = counts.get(symbol, 0) + 1
    return CreatureKeys(
        region_types=tuple(sorted(counts.items())),
        site_types=frozenset(site_types),
        regions=frozenset(fold(r) for r in facts.get("regions", ())),
        sites=frozenset(fold(s) for s in facts.get("sites", ())),
        site_regions=tuple((types, frozenset(fold(r) for r in regions))
                           for types, regions in facts.get("site_regions", ())),
    )


def keys_for(creature: CreatureKeys, move: Move) -> list[str]:
    """Every key the creature may be played with against this move: "w" (region type), "R" (site type),
    "region:<name>", "site:<name>", "site-in:<name>"; empty if it cannot be played here."""
    found = [symbol for symbol, needed in creature.region_types if move.path.count(symbol) >= needed]
    if move.site_type in creature.site_types:
        found.append(move.site_type)
    found += [f"region:{r}" for r in sorted(creature.regions & move.regions)]
    if move.site in creature.sites:
        found.append(f"site:{move.site}")
    for types, regions in creature.site_regions:
        if move.site_region in regions and (types == "*" or move.site_type in types):
            found.append(f"site-in:{move.site_region}")
    return found


def normally_keyed(creature: CreatureKeys, symbols: tuple[str, ...]) -> bool:
    """coe 2.V.ii.4: whether the creature may be played as a site's automatic-attack that takes "one hazard
    creature from his hand normally keyed to a Shadow-hold" (the site's `symbols`: site types "S" "R", region
    types "c" "w" "s"): its card keys it to one of them (a region type by a single region of it)."""
    for symbol in symbols:
        if symbol.isupper():
            if symbol in creature.site_types:
                return True
        elif (symbol, 1) in creature.region_types:
            return True
    return False


def site_keying(card_id: str) -> dict:
    """What the site's card says of creatures keyed to it ({"keyed_attacks": "normal", "not_races": [...]}),
    from `card_db/combat.json` (`sites`): the `Move` fields `keyed_attacks` and `keyed_not_races`."""
    from deckcheck.cards.combat_facts import load_combat_facts

    facts = load_combat_facts().get("sites", {}).get(card_id, {})
    return {"keyed_attacks": facts.get("keyed_attacks", ""),
            "keyed_not_races": frozenset(facts.get("not_races", ()))}


def printed_detainment(defender_alignment: str, detainment_against: tuple[str, ...]) -> bool:
    """The creature's own "detainment against hero/covert/minion companies" (a Fallen-wizard's companies count
    as hero companies for this, coe 2.IV.vii.F1): all that makes an attack that is not keyed detainment, such
    as a creature played as an automatic-attack (coe 3.II.2 names keyed attacks)."""
    minion = defender_alignment in MINION_PLAYERS
    return ("minion" if minion else "hero") in detainment_against or (
        not minion and "covert" in detainment_against)


def is_detainment(key: str, races: tuple[str, ...], defender_alignment: str, move: Move,
                  detainment_against: tuple[str, ...] = ()) -> bool:
    """Whether an attack with this key is detainment against the defending player's company.

    coe 3.II.2.R1/B1: against a Ringwraith or Balrog player, an attack keyed to a Dark-domain, Dark-hold,
    Shadow-hold (or by name to a region or site of that type); R2/B2: an Orc, Troll, Undead or Man attack keyed
    to a Shadow-land. The card's own "detainment against hero/covert/minion companies" (a Fallen-wizard's
    companies count as hero companies for this, coe 2.IV.vii.F1).
    """
    if printed_detainment(defender_alignment, detainment_against):
        return True
    if move.keyed_attacks and (key.isupper() or key.startswith(("site:", "site-in:"))) and \
            not move.keyed_not_races.intersection(races):
        return move.keyed_attacks == "detainment"    # the site's text: "attack normally" / "as detainment"
    if defender_alignment not in MINION_PLAYERS:
        return False
    if key in DETAINING_KEYS or (key.startswith(("site:", "site-in:")) and move.site_type in ("D", "S")):
        return True
    if key.startswith("region:"):                 # keyed by name: the region's type decides (R1, R2)
        region = key[7:]
        return region in move.dark_regions or (
            region in move.shadow_regions and bool(SHADOW_LAND_RACES.intersection(races)))
    return key == "s" and bool(SHADOW_LAND_RACES.intersection(races))


def best_key(keys: list[str], races: tuple[str, ...], defender_alignment: str, move: Move,
             detainment_against: tuple[str, ...] = ()) -> tuple[str, bool] | None:
    """The hazard player's choice among the possible keys: one that is not detainment if there is one."""
    if not keys:
        return None
    for key in keys:
        if not is_detainment(key, races, defender_alignment, move, detainment_against):
            return key, False
    return keys[0], True


def region_site_path(regions: dict[str, tuple[str, tuple[str, ...]]], start: str, goal: str
                     ) -> tuple[str, ...] | None:
    """The regions (folded names, in order, both ends included) a company moving by region movement from a site
    in `start` to a site in `goal` declares as its site path (coe 2.IV.ii), None if none is within four
    consecutive regions without repeating one (2.II.7.ii). `regions` maps a region to (type, neighbours).

    Heuristic: the resource player declares a shortest path, and among those the one through fewest
    Wildernesses, Shadow-lands and Dark-domains (then by name, so the choice is the same every time)."""
    if start == goal:
        return (start,)
    paths = [(start,)]
    for _ in range(REGION_MOVE_REGIONS - 1):
        longer, arrived = [], []
        for path in paths:
            for region in regions.get(path[-1], ("", ()))[1]:
                if region not in path:
                    (arrived if region == goal else longer).append(path + (region,))
        if arrived:
            return min(arrived, key=lambda p: (sum(regions.get(r, ("",))[0] in DANGEROUS_REGIONS for r in p), p))
        paths = longer
    return None


def site_path(symbols: str | None) -> tuple[str, ...]:
    """"{w}{b}{f}" -> ("w", "b", "f")."""
    return tuple(_SYMBOL.findall(symbols or ""))


def move_of(sim, origin: int, dest: int) -> Move:
    """The site path, regions and new site of a move (coe 2.IV.ii), by the movement the engine used to reach
    `dest` (`rules.movement.destinations`): Under-deeps movement has no site path; starter movement the new
    site's printed path (the origin's back to a haven, the haven card's between havens) and the names of the
    regions of both sites; region movement the regions it crosses (`region_site_path`), each by type and
    name."""
    from deckcheck.cards.combat_facts import load_combat_facts

    a, b = sim.sites[origin], sim.sites[dest]
    new_site = {"site_type": b.site_type or "", "site": fold(b.name), "site_region": fold(b.region or ""),
                **site_keying(b.id)}
    if any(site == dest for site, _ in sim.under_deeps[origin]):
        return Move(path=(), regions=frozenset(), **new_site)
    crossed = None
    if not (sim.starter_movement and dest in sim.starter[origin]) and a.region and b.region:
        crossed = region_site_path(sim.regions, fold(a.region), fold(b.region))
    if crossed is not None:
        return Move(path=tuple(sim.regions.get(r, ("",))[0] for r in crossed), regions=frozenset(crossed),
                    **new_site, **_named_types(sim.regions, crossed))
    if not b.is_haven:
        path = site_path(b.site_path)
    elif not a.is_haven:
        path = site_path(a.site_path)
    else:
        path = site_path(load_combat_facts().get("haven_paths", {}).get(a.id, {}).get(b.name))
    named = frozenset(fold(r) for r in (a.region, b.region) if r)
    return Move(path=path, regions=named, **new_site, **_named_types(sim.regions, named))


def _named_types(regions: dict[str, tuple[str, tuple[str, ...]]], named) -> dict:
    """The `Move` fields `dark_regions` and `shadow_regions`: which of the named regions are of those types."""
    return {"dark_regions": frozenset(r for r in named if regions.get(r, ("",))[0] == "d"),
            "shadow_regions": frozenset(r for r in named if regions.get(r, ("",))[0] == "s")}
