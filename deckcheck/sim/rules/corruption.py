"""Corruption checks (coe §7), as pure functions; `tests/test_corruption.py` has a hand-worked example for each.

    from deckcheck.sim.rules.corruption import corruption_check
    outcome = corruption_check(roll=5, corruption_points=6, modifier=0, minion=False)   # -> DISCARDED
"""

from __future__ import annotations

# The outcome of one corruption check (coe 7.1).
PASSED, TAPPED, DISCARDED, ELIMINATED = "passed", "tapped", "discarded", "eliminated"

# coe 7.1.R1, 7.1.B1: a character in the same company as a Ringwraith or the Balrog.
RINGWRAITH_COMPANY_BONUS = 2
# coe 7.4: never make corruption checks.
EXEMPT_RACES = frozenset({"Ringwraith", "Balrog"})


def corruption_check(roll: int, corruption_points: int, modifier: int = 0, *, minion: bool = False,
                     wizard_avatar: bool = False, support: int = 0) -> str:
    """coe 7.1: the modified roll against the character's corruption point total.

    Above the total: passed. Equal to it or one less: a hero character is discarded (a Wizard avatar
    eliminated), a minion character (or Fallen-wizard avatar, or a Fallen-wizard's Orc or Troll, 7.1.F1)
    taps and passes. Lower still: eliminated. `support` is +1 per other character tapped (7.1.1).
    """
    total = roll + modifier + support
    if total > corruption_points:
        return PASSED
    if total >= corruption_points - 1:
        if minion:
            return TAPPED
        return ELIMINATED if wizard_avatar else DISCARDED
    return ELIMINATED


def makes_corruption_checks(races: tuple[str, ...], *, ally: bool = False) -> bool:
    """coe 7.4: allies, Ringwraiths and Balrogs never make corruption checks."""
    return not ally and not EXEMPT_RACES.intersection(races)


def company_modifier(company_races: list[tuple[str, ...]]) -> int:
    """coe 7.1.R1/B1: +2 to a character's checks while a Ringwraith or the Balrog is in its company."""
    return RINGWRAITH_COMPANY_BONUS if any(EXEMPT_RACES.intersection(r) for r in company_races) else 0


def removal_succeeds(roll: int, needed_above: int, *, untapped: bool = False) -> bool:
    """coe 7.3: a corruption card removed by a roll above its number; -3 to the roll to do it without tapping."""
    return roll - (3 if untapped else 0) > needed_above
