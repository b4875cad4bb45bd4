"""What combat and corruption need of a deck's kinds (prowess, body, weapons, corruption), and the facts of the
resource events the simulation plays (`cards/resource_effects.py`): built once per deck with its `SimDeck`,
since its companies face automatic-attacks in every game (coe 2.V.ii), the goldfish too."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.model import RESOURCE, Card, leading_int
from deckcheck.cards.resource_effects import (
    CHARACTER_AT_SITE,
    CORRUPTION_BONUS,
    DRAW_CARDS,
    FETCH,
    HAZARD_DISCARD,
    MP_RAISE,
    NO_CREATURES,
    PROWESS_INFLUENCE,
    STRIKE_BONUS,
    CardFlow,
    CharacterAtSite,
    CorruptionBonus,
    HazardDiscard,
    MpRaise,
    NoCreatures,
    ProwessInfluence,
    StrikeBonus,
)

MINION_ALIGNMENTS = frozenset({"Minion", "Balrog"})
FW_MINION_RACES = frozenset({"Orc", "Troll"})   # coe 7.1.F1


@dataclass
class DefenceTables:
    """What combat and corruption need of the resource player's kinds: stats, races, corruption, weapons."""

    prowess: list[int] = field(default_factory=list)
    body: list[int] = field(default_factory=list)
    body_discard: list[frozenset[int]] = field(default_factory=list)  # "Discard on a body check result of 9"
    stay_penalty: list[int | None] = field(default_factory=list)  # to stay untapped, if not coe's -3 (The Balrog 1)
    races: list[tuple[str, ...]] = field(default_factory=list)
    warrior: list[bool] = field(default_factory=list)
    corruption_points: list[int] = field(default_factory=list)      # an item's corruption points
    check_modifier: list[int] = field(default_factory=list)         # a character's printed corruption modifier
    minion: list[bool] = field(default_factory=list)                # taps instead of failing on a near miss
    wizard_avatar: list[bool] = field(default_factory=list)
    ally: list[bool] = field(default_factory=list)
    ally_defends: list[bool] = field(default_factory=list)   # an ally with a printed prowess and body: faces strikes
    weapon: list[tuple[int, int] | None] = field(default_factory=list)   # (prowess bonus, maximum)
    armour: list[tuple[int, int] | None] = field(default_factory=list)   # (body bonus, maximum)
    weapon_warrior_only: list[bool] = field(default_factory=list)
    skills: list[tuple[str, ...]] = field(default_factory=list)
    # a resource short-event played on one strike (Risky Blow, Dodge...: `cards.resource_effects`), None if not
    strike_bonus: list[StrikeBonus | None] = field(default_factory=list)
    strike_bonus_kinds: frozenset[int] = frozenset()
    # ... one that discards a hazard permanent-event (Marvels Told...), None if not
    hazard_discard: list[HazardDiscard | None] = field(default_factory=list)
    hazard_discard_kinds: frozenset[int] = frozenset()
    # ... one that keeps hazard creatures off the company this turn (Stealth, Hiding...), None if not
    no_creatures: list[NoCreatures | None] = field(default_factory=list)
    no_creatures_kinds: frozenset[int] = frozenset()
    # ... one that adds to a corruption check (A Friend or Three, Halfling Strength...), None if not
    corruption_bonus: list[CorruptionBonus | None] = field(default_factory=list)
    corruption_bonus_kinds: frozenset[int] = frozenset()
    kept_event_kinds: frozenset[int] = frozenset()               # those: kept in hand against an opponent
    # ... one that brings a character into play at a site (We Have Come to Kill, A Chance Meeting), None if not
    character_at_site: list[CharacterAtSite | None] = field(default_factory=list)
    character_at_site_kinds: frozenset[int] = frozenset()
    # ... one that draws cards or brings cards into the play deck (Dark Tryst, Smoke Rings...), None if not;
    # the engine plays the draws (`draw_kinds`), the fetches that may take from the discard pile (`fetch_kinds`)
    # and every fetch from the sideboard (`sideboard_fetch_kinds`: Longbottom Leaf; Smoke Rings when the discard
    # pile holds nothing worth bringing back)
    card_flow: list[CardFlow | None] = field(default_factory=list)
    draw_kinds: frozenset[int] = frozenset()
    fetch_kinds: frozenset[int] = frozenset()
    sideboard_fetch_kinds: frozenset[int] = frozenset()
    # ... a stage permanent-event that makes some of our cards worth more (Great Patron), None if not
    mp_raise: list[MpRaise | None] = field(default_factory=list)
    mp_raise_kinds: frozenset[int] = frozenset()
    # what a character's ability makes our cards worth while he is in play (a Fallen-wizard avatar's, coe 10.F1:
    # `cards.combat_facts.mp_worth`), and an item's kind among weapon, armor, shield, helmet ("gear")
    mp_worth: list[tuple[dict, ...]] = field(default_factory=list)
    gear: list[str | None] = field(default_factory=list)
    # a card that lets a character use his prowess instead of his unused direct influence on a faction (Threats)
    prowess_influence: list[ProwessInfluence | None] = field(default_factory=list)
    prowess_influence_kinds: frozenset[int] = frozenset()
    # Pure functions of these tables memoized across games (the tables never change once built):
    armed: dict[tuple[int, ...], tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)
    #   (kind, *holdings) -> (prowess, body) with its best weapon and armour (`rules.combat.defender_of`)
    risks: dict[tuple, tuple[float, float]] = field(default_factory=dict, repr=False, compare=False)
    #   a company's automatic-attack outlook by site and characters (`players.attacks.outlook`)


def defence_tables(alignment: str, kinds: list[Card]) -> DefenceTables:
    facts_of = load_combat_facts()
    items, characters = facts_of.get("items", {}), facts_of.get("characters", {})
    events = facts_of.get("resource_events", {})
    t = DefenceTables()
    for card in kinds:
        t.prowess.append(leading_int(card.prowess) or 0)
        t.body.append(leading_int(card.body) or 0)
        t.body_discard.append(frozenset(characters.get(card.id, {}).get("discard_on_body", ())))
        t.stay_penalty.append(characters.get(card.id, {}).get("stay_untapped_penalty"))
        t.races.append(tuple(card.races))
        t.warrior.append("Warrior" in card.skills)
        is_item = card.is_item
        t.corruption_points.append(max(0, leading_int(card.corruption) or 0) if is_item else 0)
        own = characters.get(card.id, {})
        # coe 7.1: "-1 to all of his corruption checks" (the text; 22 characters print no attribute for it)
        t.check_modifier.append(own.get("check_modifier", leading_int(card.corruption) or 0)
                                if card.is_character else 0)
        minion = card.alignment in MINION_ALIGNMENTS or (
            alignment == "fallen-wizard" and (card.avatar or FW_MINION_RACES.intersection(card.races)))
        t.minion.append(minion)
        t.wizard_avatar.append(card.avatar and card.alignment == "Hero")
        t.ally.append(card.is_ally)
        t.ally_defends.append(card.is_ally and leading_int(card.prowess) is not None
                              and leading_int(card.body) is not None)
        facts = items.get(card.id, {})
        t.weapon.append((facts["prowess"], facts.get("prowess_max", 99)) if facts.get("prowess", 0) > 0 else None)
        t.armour.append((facts["body"], facts.get("body_max", 99)) if facts.get("body", 0) > 0 else None)
        t.weapon_warrior_only.append(bool(facts.get("warrior_only")))
        t.skills.append(tuple(card.skills))
        event = events.get(card.id, {}) if card.type == RESOURCE else {}
        t.strike_bonus.append(StrikeBonus.of(event) if event.get("effect") == STRIKE_BONUS else None)
        t.hazard_discard.append(HazardDiscard.of(event) if event.get("effect") == HAZARD_DISCARD else None)
        t.no_creatures.append(NoCreatures.of(event) if event.get("effect") == NO_CREATURES else None)
        t.character_at_site.append(CharacterAtSite.of(event) if event.get("effect") == CHARACTER_AT_SITE else None)
        t.corruption_bonus.append(CorruptionBonus.of(event) if event.get("effect") == CORRUPTION_BONUS else None)
        t.card_flow.append(CardFlow.of(event) if event.get("effect") in (DRAW_CARDS, FETCH) else None)
        t.mp_worth.append(tuple(own.get("mp_worth", ())) if card.is_character else ())
        t.gear.append(facts.get("gear") if is_item else None)
        t.prowess_influence.append(ProwessInfluence.of(event) if event.get("effect") == PROWESS_INFLUENCE
                                   else None)
        t.mp_raise.append(MpRaise.of(event) if event.get("effect") == MP_RAISE and alignment == "fallen-wizard"
                          else None)
    t.strike_bonus_kinds = frozenset(k for k, bonus in enumerate(t.strike_bonus) if bonus is not None)
    t.hazard_discard_kinds = frozenset(k for k, fact in enumerate(t.hazard_discard) if fact is not None)
    t.no_creatures_kinds = frozenset(k for k, fact in enumerate(t.no_creatures) if fact is not None)
    t.corruption_bonus_kinds = frozenset(k for k, fact in enumerate(t.corruption_bonus) if fact is not None)
    t.kept_event_kinds = (t.strike_bonus_kinds | t.hazard_discard_kinds | t.no_creatures_kinds
                          | t.corruption_bonus_kinds)
    t.character_at_site_kinds = frozenset(k for k, fact in enumerate(t.character_at_site) if fact is not None)
    t.draw_kinds = frozenset(k for k, fact in enumerate(t.card_flow) if fact is not None and fact.draw)
    t.fetch_kinds = frozenset(k for k, fact in enumerate(t.card_flow)
                              if fact is not None and fact.fetch and fact.from_discard)
    t.sideboard_fetch_kinds = frozenset(k for k, fact in enumerate(t.card_flow) if fact is not None and fact.fetch)
    t.mp_raise_kinds = frozenset(k for k, fact in enumerate(t.mp_raise) if fact is not None)
    t.prowess_influence_kinds = frozenset(k for k, fact in enumerate(t.prowess_influence) if fact is not None)
    return t
