"""What the resource events whose effect the duel plays may do (the facts: `cards/resource_effects.py`), as pure
functions; the choice to play one is the resource player's (`players/resource_events.py`), the turn applies it
(`turn/resource_events.py`)."""

from __future__ import annotations

PERMANENT, LONG = "permanent", "long"


def may_discard(fact, lasts: str, environment: bool) -> bool:
    """A hazard event in play the card may discard: a permanent-event, a long-event if it says so, an
    environment only if it does not say "non-environment" (Marvels Told, Voices of Malice, Ancient Secrets)."""
    if environment and not fact.environments:
        return False
    return lasts == PERMANENT or (lasts == LONG and fact.long_events)


def may_tap_for(fact, skills: tuple[str, ...], avatar: bool, tapped: bool, wounded: bool) -> bool:
    """The character may tap to play it: untapped (a wounded character is tapped), with the skill it names
    ("Sage only. Tap a sage"), or our avatar where it names him ("Tap your Ringwraith")."""
    if tapped or wounded:
        return False
    if fact.avatar:
        return avatar
    return fact.skill is None or fact.skill in skills


def may_hide(fact, size: int, moving: bool) -> bool:
    """The company may be kept from hazard creatures by the card: of a size below the one it names ("company
    size is less than three"), moving or, for a card that says so ("may not move", "is not moving"), staying."""
    if fact.staying == moving:
        return False
    return fact.size_below is None or size < fact.size_below


def corruption_bonus_value(fact, races: tuple[str, ...], company_skills: list[tuple[str, ...]]) -> int:
    """What the card adds to a corruption check by a character of these races in a company whose characters have
    these skills; 0 where it may not be played on him (not of its race, no character with its skill)."""
    if fact.race is not None and fact.race not in races:
        return 0
    if fact.company_skill is not None and not any(fact.company_skill in skills for skills in company_skills):
        return 0
    return len(company_skills) if fact.per_character else fact.bonus
