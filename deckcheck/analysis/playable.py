"""Where a resource can be played among a deck's sites, by its play condition (`card_db/play.json`).

`stats` (site coverage) and `simulate` (the engine's tables) both ask this module, so the two always agree on
where a card can be played. A `SiteView` holds, for one location-deck site, every fact a condition may ask
about; `place_fits` checks one `Place` against it; `playable_sites` gives the sites of a deck that fit any
place of a card's condition (for a Fallen-wizard, only those of the resource's alignment when the play taps
the site, coe 2.V.F1); `describe` says in words what a condition needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckcheck.analysis.alignment import fallen_wizard_may_play_at
from deckcheck.cards.model import Card
from deckcheck.cards.names import fold
from deckcheck.cards.play import ANY, ANY_ATTACK, TAPPED, Place, PlayCondition, PlayFacts

SITE_TYPE_NAMES = {"H": "Haven", "F": "Free-hold", "B": "Border-hold", "R": "Ruins & Lairs", "S": "Shadow-hold",
                   "D": "Dark-hold"}
_SYMBOL = re.compile(r"\{(\w)\}")
ITEM_CLASSES = ("minor", "major", "greater", "gold ring")


@dataclass(frozen=True)
class SiteView:
    """The facts of one site card that play conditions ask about."""

    key: str                     # folded name
    type: str | None
    region: str                  # folded
    region_type: str | None
    auto_attacks: frozenset[str]
    hoard: bool
    under_deeps: bool
    surface: bool                # the surface site of an Under-deeps site
    haven: str | None            # "dark" (minion or Balrog haven), "wizard" (Fallen-wizard haven), "hero"
    information: bool
    items: frozenset[str]
    hero: bool = False           # the hero version of the site (a Fallen-wizard's location deck holds both)


def site_view(site: Card, facts: PlayFacts, surface_keys: frozenset[str], surface_regions: frozenset[str]) -> SiteView:
    site_facts = facts.site(site.id)
    region = site.region or ""
    region_facts = facts.regions.get(region)
    symbols = _SYMBOL.findall(site.site_path or "")
    region_type = region_facts.type if region_facts else (symbols[-1] if symbols else None)
    haven = None
    if site.is_haven:
        haven = {"Minion": "dark", "Balrog": "dark", "Fallen-wizard": "wizard"}.get(site.alignment, "hero")
    return SiteView(
        key=fold(site.name), type=site.site_type, region=fold(region), region_type=region_type,
        auto_attacks=frozenset(site_facts.auto_attacks), hoard=site_facts.hoard, under_deeps=site.under_deeps,
        surface=fold(site.name) in surface_keys or fold(region) in surface_regions, haven=haven,
        information=site.information, items=frozenset(site.playable_items), hero=site.alignment == "Hero",
    )


def surface_sites(facts: PlayFacts) -> tuple[frozenset[str], frozenset[str]]:
    """Sites (and regions, for "Any site in Udûn (0)") reached from an Under-deeps site with a roll of 0."""
    keys, regions = set(), set()
    for site in facts.sites.values():
        for name, roll in site.adjacent:
            if roll != 0:
                continue
            if name.lower().startswith("any site in "):
                regions.add(fold(name[len("any site in "):]))
            else:
                keys.add(fold(name))
    return frozenset(keys), frozenset(regions)


def site_views(sites: list[Card], facts: PlayFacts) -> list[SiteView]:
    keys, regions = surface_sites(facts)
    return [site_view(s, facts, keys, regions) for s in sites]


def place_fits(place: Place, site: SiteView, fallen_wizard: bool = False) -> bool:
    """True if the site is of the kind the place names (every field given must hold).

    For a Fallen-wizard player a Haven or Darkhaven a card names is one of its Wizardhavens (MEWH "Wizardhavens":
    "When rules and non-site cards refer to Havens and Darkhavens, they apply instead to your Wizardhavens")."""
    if place.sites and site.key not in {fold(n) for n in place.sites}:
        return False
    if place.not_sites and site.key in {fold(n) for n in place.not_sites}:
        return False
    if place.types and site.type not in place.types:
        return False
    if place.not_types and site.type in place.not_types:
        return False
    if site.type == "H" and "H" in place.types:
        wanted = "wizard" if fallen_wizard else place.haven
        if wanted and site.haven != wanted:
            return False
    if place.regions and site.region not in {fold(r) for r in place.regions}:
        return False
    if place.region_type and site.region_type != place.region_type:
        return False
    if place.auto_attack and not (site.auto_attacks if ANY_ATTACK in place.auto_attack
                                  else site.auto_attacks.intersection(place.auto_attack)):
        return False
    if place.under_deeps is not None and site.under_deeps != place.under_deeps:
        return False
    if place.surface is False and (site.surface or site.under_deeps):
        return False
    if place.information and not site.information:
        return False
    if place.items and place.items not in site.items:
        return False
    if place.hoard and not site.hoard:
        return False
    if place.site_alignment == "hero" and not site.hero:
        return False
    dragons_lair = "Dragon" in site.auto_attacks
    return place.dragons_lair is None or dragons_lair == place.dragons_lair


def fallback_condition(card: Card) -> PlayCondition | None:
    """The condition of a card the play facts do not hold (a catalog older than them, a test's card): items by
    their class, factions and allies by the site their catalog record names."""
    item_class = card.item_class
    if item_class in ITEM_CLASSES:
        return PlayCondition(at=(Place(items=item_class, hoard=card.hoard_item),), taps_site=True, taps_bearer=True)
    if (card.is_faction or card.is_ally) and card.playable_at:
        return PlayCondition(at=(Place(sites=card.playable_at),), taps_site=True, taps_bearer=True,
                             influence=card.influence_check if card.is_faction else None)
    if card.is_item or card.is_faction or card.is_ally:
        return PlayCondition(unmodelled="the card data names no site where it is played")
    return None


def condition_of(card: Card, facts: PlayFacts) -> PlayCondition | None:
    return facts.condition(card.id) or fallback_condition(card)


def playable_sites(card: Card, condition: PlayCondition | None, sites: list[Card], views: list[SiteView],
                   alignment: str | None) -> list[int]:
    """Indices of the sites where the card can be played by its condition ([] if none or not site-bound)."""
    if condition is None or not condition.modelled or not condition.at:
        return []
    fallen = alignment == "fallen-wizard"
    return [i for i, view in enumerate(views)
            if any(place_fits(p, view, fallen) for p in condition.at)
            and not (fallen and condition.taps_site and not fallen_wizard_may_play_at(card, sites[i]))]


# ---- words ----------------------------------------------------------------------------------------------


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def describe_place(place: Place) -> str:
    """"an Under-deeps Shadow-hold", "Carn Dûm or Barad-dûr", "a major item site with a hoard"."""
    if place.sites:
        text = _or(list(place.sites))
    else:
        kinds = [SITE_TYPE_NAMES[t] for t in place.types]
        if place.haven and "H" in place.types:
            kinds = [{"dark": "Darkhaven", "wizard": "Wizardhaven"}[place.haven] if k == "Haven" else k for k in kinds]
        noun = _or(kinds) if kinds else "site"
        if place.items:
            noun = f"{place.items} item site" if noun == "site" else f"{noun} where {place.items} items are playable"
        if place.information:
            noun += " where Information is playable"
        adjectives = []
        if place.under_deeps:
            adjectives.append("Under-deeps")
        elif place.under_deeps is False and place.surface is not False:
            adjectives.append("non-Under-deeps")
        adjectives += [f"non-{SITE_TYPE_NAMES[t]}" for t in place.not_types]
        if place.site_alignment == "hero":
            noun += " (its hero site card)"
        text = " ".join(adjectives + [noun])
        if place.auto_attack == (ANY_ATTACK,):
            text += " with an automatic-attack"
        elif place.auto_attack:
            text += f" with a{'n' if place.auto_attack[0][0] in 'AEIOU' else ''} {_or(list(place.auto_attack))} " \
                    "automatic-attack"
        if place.hoard:
            text += " with a hoard"
        if place.dragons_lair is True:
            text += " (a Dragon's lair)"
        elif place.dragons_lair is False:
            text += " (not a Dragon's lair)"
        if place.regions:
            text += f" in {_or(list(place.regions))}"
        if place.region_type:
            text += " in a Wilderness" if place.region_type == "w" else f" in a {{{place.region_type}}} region"
        if place.surface is False:
            text += " (not Under-deeps nor a surface site of one)"
    if place.not_sites:
        text += f" (not {_or(list(place.not_sites))})"
    return text


def describe(condition: PlayCondition) -> str:
    """What the condition needs, in a few words: where, in which state, and by whom."""
    parts = []
    if condition.ring:
        parts.append(f"a tested gold ring that allows a {condition.ring}")
    if condition.at:
        where = _or([describe_place(p) for p in condition.at])
        if condition.site == ANY:
            where += " (tapped or untapped)"
        elif condition.site == TAPPED:
            where += " (already tapped)"
        parts.append(where)
    bearer = condition.bearer
    if bearer:
        who = list(bearer.skills) + list(bearer.races) + list(bearer.names)
        if bearer.avatar:
            who.append("the avatar")
        if who:
            parts.append("by " + _or(who))
        if bearer.not_avatar:
            parts.append("by a character who is not the avatar")
    if condition.on:
        parts.append("on " + condition.on.replace("item:", "the bearer of "))
    if condition.in_play:
        parts.append("with " + " and ".join(condition.in_play) + " in play")
    if condition.avatar:
        parts.append("if the avatar is " + _or(list(condition.avatar)))
    if condition.avatar_there:
        parts.append("with the avatar in the company")
    if condition.stage_points:
        parts.append(f"with {condition.stage_points} stage points")
    if condition.stored_at:
        parts.append("scores once stored at " + _or([describe_place(p) for p in condition.stored_at]))
    return "; ".join(parts) or "no condition"


def _modification(m) -> str:
    who = m.race or m.faction or (f"any other {m.faction_race} faction" if m.faction_race else None) or \
        m.influencer or (f"if {m.avatar} is the avatar" if m.avatar else "?")
    return f"{who} {m.value:+d}"


def reading(condition: PlayCondition) -> str:
    """Everything the engine reads of a condition, in words a reviewer can hold against the card text: where and
    when, the site's state and what the play taps, who, what must be in play, the faction's number and
    modifications, the duplication limits, where it scores; first, why the simulation never plays it."""
    parts = []
    if not condition.modelled:
        parts.append(f"NOT MODELLED ({condition.unmodelled})")
    if condition.at:
        parts.append("site phase" if condition.phase != "organization" else "organization phase")
        where = "at " + _or([describe_place(p) for p in condition.at])
        where += {ANY: ", site tapped or untapped", TAPPED: ", site already tapped"}.get(condition.site,
                                                                                          ", site untapped")
        parts.append(where)
    elif not condition.ring:
        parts.append("organization phase, no site named" if condition.phase == "organization" else "no site named")
    rest = describe(PlayCondition(ring=condition.ring, bearer=condition.bearer, on=condition.on,
                                  in_play=condition.in_play, avatar=condition.avatar,
                                  avatar_there=condition.avatar_there, stage_points=condition.stage_points))
    if rest != "no condition":
        parts.append(rest)
    if condition.bearer is not None and condition.bearer.min_prowess:
        parts.append(f"borne by a character of prowess {condition.bearer.min_prowess} or more")
    taps = [what for what, flag in (("the site", condition.taps_site), ("the bearer", condition.taps_bearer))
            if flag]
    if taps:
        parts.append("taps " + " and ".join(taps))
    if condition.company:
        parts.append(f"by a {condition.company} company")
    if condition.protected:
        parts.append("needs a protected Wizardhaven")
    if condition.makes_wizardhaven:
        parts.append("the site becomes a Wizardhaven")
    if condition.protects:
        parts.append("protects a Wizardhaven")
    if condition.influence is not None:
        parts.append(f"influence check above {condition.influence}")
    if condition.modifications:
        parts.append("modifications " + ", ".join(_modification(m) for m in condition.modifications))
    if condition.attacks:
        faced = ", ".join(f"{a.race if a.race != 'site' else 'as the site'} {a.strikes} strike"
                          f"{'s' if a.strikes > 1 else ''} at {a.prowess}" for a in condition.attacks)
        parts.append(f"the company faces {len(condition.attacks)} attack{'s' if len(condition.attacks) > 1 else ''} "
                     f"({faced}), then an untapped character taps for it or it is discarded")
    once = [what for what, flag in (("company", condition.once_per_company), ("site", condition.once_per_site),
                                    ("character", condition.once_per_character)) if flag]
    if once:
        parts.append("once per " + " and per ".join(once))
    if condition.stored_at:
        parts.append("scores once stored at " + _or([describe_place(p) for p in condition.stored_at]))
    return "; ".join(parts)
