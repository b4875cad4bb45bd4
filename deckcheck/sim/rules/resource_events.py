"""What the resource events whose effect the duel plays may do (the facts: `cards/resource_effects.py`), as pure
functions; the choice to play one is the resource player's (`players/resource_events.py`), the turn applies it
(`turn/resource_events.py`)."""

from __future__ import annotations

from deckcheck.cards.resource_effects import CHARACTERS_ALLIES, UNIQUE_FACTIONS

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


def raised_worth(fact, card, scored: int, avatar: str | None = None) -> int:
    """What one of our cards scoring `scored` (as our alignment counts it) is worth while the stage card is in
    play: `fact.worth` for a card of the kinds it names that normally gives `printed_from` or more (Great Patron:
    "Your characters and allies that normally give 2 or more marshalling points are each worth 2"; Gatherer of
    Loyalties: "Your unique factions are each worth 2"), or what it says for our Fallen-wizard `avatar` ("If
    you are Alatar, your unique Dragon factions are each worth 4"), else `scored` (coe 10.F1: stage resource
    cards may modify what certain cards give a Fallen-wizard)."""
    if fact.cards == CHARACTERS_ALLIES:
        named = card.is_character or card.is_ally
    else:
        named = fact.cards == UNIQUE_FACTIONS and card.is_faction and card.unique
    printed = card.mp or 0
    if not named or printed < fact.printed_from:
        return scored
    worth = fact.worth
    for who, race, printed_from, value in fact.if_avatar:
        if who == avatar and (race is None or race in card.races) and printed >= printed_from:
            worth = value
    return worth


def ability_worth(fact: dict, card, scored: int, gear: str | None) -> int:
    """What one of our cards scoring `scored` is worth while a character whose ability reads `fact` is in play
    (`cards.combat_facts.mp_worth`: a Fallen-wizard avatar's, coe 10.F1 "unless that value is modified by a ...
    Fallen-wizard avatar ability"): Gandalf's "Your characters and hero allies are each worth full marshalling
    points" (the printed value), Saruman's non-weapon/armor/shield/helmet items, Pallando's "Your Man, Dwarf, ...
    factions are each worth 2", Radagast's unique factions of other races; else `scored`."""
    what = fact["cards"]
    if what == "kill":                        # kill points: `rules.combat.kill_points_scored`
        return scored
    if what == "character":
        named = card.is_character and not card.avatar
    elif what == "hero_ally":
        named = card.is_ally and card.alignment == "Hero"
    elif what == "item":
        named = card.is_item and not (fact.get("not_gear") and gear)
    else:
        named = (card.is_faction and (card.unique or not fact.get("unique"))
                 and (not fact.get("races") or bool(set(fact["races"]) & set(card.races)))
                 and not set(fact.get("not_races", ())) & set(card.races))
    printed = card.mp or 0
    if not named or printed < 1:
        return scored
    worth = printed if fact.get("worth") is None else fact["worth"]
    return max(scored, worth)


def avatar_worth(sim, kind: int) -> dict[int, int]:
    """kind -> what each copy of it gives above its own MP while the character `kind` is in play, by his
    ability (`ability_worth`); empty for a character without one. Cards scored when stored are left out (their
    MP come with the storing)."""
    facts = sim.defence.mp_worth[kind] if sim.defence is not None else ()
    if not facts:
        return {}
    gear = sim.defence.gear
    out = {}
    for k, card in enumerate(sim.kinds):
        if sim.mp_on_play[k] != sim.mp[k]:
            continue
        more = max(ability_worth(f, card, sim.mp[k], gear[k]) for f in facts) - sim.mp[k]
        if more > 0:
            out[k] = more
    return out


def full_kill_points(sim, avatar: int | None) -> bool:
    """Our avatar in play says the hazards our companies defeat, even with a star, are worth their full kill
    points (Alatar; coe 10.F1 otherwise makes a Fallen-wizard's kill points 1 each)."""
    if avatar is None or sim.defence is None:
        return False
    return any(fact["cards"] == "kill" for fact in sim.defence.mp_worth[avatar])


def may_raise(fact, kind_in_play: int, stage_points: int) -> bool:
    """The stage card may be played in this organization phase (coe 5.F1): none of it in play already ("Cannot
    be duplicated by a given player"), and more stage points than it asks ("Playable if you have more than 3
    stage points")."""
    return kind_in_play == 0 and (fact.stage_above is None or stage_points > fact.stage_above)
