"""Where and how each resource can be played, as facts: the model of `card_db/play.json` and its loader.

The importer (`deckcheck.cards.play_import`) derives these facts from the Council of Elrond card data; no card
text is stored. They describe what the rules ask of a play (coe 2.V and each card's printed condition) in
structured form: the sites where a card can be played (`Place`), the state the site must be in and whether
the play taps it, who may bear or play it, what must already be in play, the faction's influence number and
standard modifications, and where a card must be stored before its marshalling points count. A condition the
facts cannot express is `unmodelled`, with the reason in words a player would use.

Besides resources the file holds what those conditions need of other cards: a site's automatic-attack races,
its hoard, the Under-deeps sites adjacent to it; a region's type and neighbours; a character's or item's
bonus to influence checks against factions.

Only `stats` and `simulate` load this file (validate never does), through the same `CARD_DB` directory as the
catalog.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from functools import cache

from deckcheck.errors import DeckcheckError

PLAY_FORMAT = 1
PLAY_FILE = "play.json"

# Site states a play needs (coe 2.V.1: items, allies, factions need an untapped site and tap it).
UNTAPPED, ANY, TAPPED = "untapped", "any", "tapped"
# When a resource is played: in a company's site phase, or at another time (organization phase, "on a ...").
SITE_PHASE, ORGANIZATION = "site", "organization"
ANY_ATTACK = "any"          # Place.auto_attack: an automatic-attack of any race


@dataclass(frozen=True)
class Place:
    """One kind of site a card names; every field given must hold. Names compare case- and accent-folded."""

    sites: tuple[str, ...] = ()          # named sites ("Carn Dûm")
    types: tuple[str, ...] = ()          # any of these site types: H F B R S D
    not_types: tuple[str, ...] = ()
    not_sites: tuple[str, ...] = ()      # "(except Dol Guldur)", "other than Isengard"
    regions: tuple[str, ...] = ()        # the site lies in one of these regions
    region_type: str | None = None       # the site's own region is of this type: w s d b f c
    auto_attack: tuple[str, ...] = ()    # the site has an automatic-attack by one of these races ("any": any race)
    under_deeps: bool | None = None      # True: an Under-deeps site; False: not one
    surface: bool | None = None          # False: neither Under-deeps nor the surface site of one
    haven: str | None = None             # "dark": a Darkhaven (minion haven); "wizard": a Wizardhaven
    information: bool = False            # a site where Information is playable
    items: str | None = None             # the site lists this item class (minor, major, greater, gold ring)
    hoard: bool = False                  # the site contains a hoard (METD: every Dragon's lair does)
    dragons_lair: bool | None = None     # a site with a Dragon automatic-attack (False: not one)
    site_alignment: str | None = None    # "hero": the hero version of the site ("a Shadow-hold hero site")


@dataclass(frozen=True)
class Bearer:
    """Who may play or bear the card: any one of the skills, races or names; or the avatar."""

    skills: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    avatar: bool = False                 # your avatar (a Wizard, "your Ringwraith", The Balrog...)
    not_avatar: bool = False             # "by a non-Ringwraith character"
    min_prowess: int = 0                 # "may only be borne by a character with a prowess of 6 or more"


@dataclass(frozen=True)
class InfluenceBonus:
    """A bonus to influence checks against factions: any faction, factions of these races, these factions, or
    factions playable at these sites."""

    bonus: int
    races: tuple[str, ...] = ()
    factions: tuple[str, ...] = ()
    sites: tuple[str, ...] = ()
    any_faction: bool = False


@dataclass(frozen=True)
class FollowerInfluence:
    """Direct influence restricted to followers of a kind (coe 2.II.2.2.4: "+3 direct influence against Orcs and
    Orc factions", "+7 direct influence only usable against Aragorn II"): it controls only a character of these
    races, these names, this specific (the "Balrog specific" ones) or with this home site, and counts once over
    all the followers it controls, not per follower. The faction half of such a phrase is an `InfluenceBonus`."""

    bonus: int
    races: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    specific: str | None = None
    home_site: str | None = None


@dataclass(frozen=True)
class Modification:
    """A faction's standard modification: the influencer's race (or "Wizard"); a faction, or any faction of a
    race, we have in play; the influencer by name or keyword ("The Balrog", "Leader"); our avatar ("if Radagast
    is your Wizard")."""

    value: int
    race: str | None = None
    faction: str | None = None
    faction_race: str | None = None
    influencer: str | None = None
    avatar: str | None = None


@dataclass(frozen=True)
class SiteAttack:
    """One printed automatic-attack of a site (coe 2.V.ii), in the order the site lists them."""

    race: str
    strikes: int                         # with `each_character`: the strikes each character faces
    prowess: int
    each_character: bool = False         # "each character faces 1 strike"
    detainment: str | None = None        # "any", or only against a "covert" / "overt" company
    overt_only: bool = False             # "against overt company only"
    attacker_chooses: bool = False       # "attacker chooses defending characters"
    cannot_be_canceled: bool = False
    wounded_check: int | None = None     # each character wounded makes a corruption check, so modified
    wounded_eliminated: bool = False     # any character wounded is eliminated


@dataclass(frozen=True)
class PlayCondition:
    at: tuple[Place, ...] = ()           # any one of these; () = not played at a site
    site: str = UNTAPPED                 # untapped | any | tapped
    taps_site: bool = False
    phase: str = SITE_PHASE
    bearer: Bearer | None = None
    taps_bearer: bool = False
    on: str | None = None                # played on a card in play: "faction", "unique faction", "palantir"
    in_play: tuple[str, ...] = ()        # cards (by name) we must have in play
    avatar: tuple[str, ...] = ()         # our avatar must be one of these ("Gandalf")
    avatar_there: bool = False           # our avatar must be in the company ("if The Balrog is there")
    stage_points: int = 0
    ring: str | None = None              # a special ring: played on a tested gold ring that names this kind
    stored_at: tuple[Place, ...] = ()    # marshalling points only once stored at one of these
    company: str | None = None           # "covert" or "overt": what the playing company must be
    protected: bool = False              # needs one of our Wizardhavens protected (a card that protects one)
    makes_wizardhaven: bool = False      # the site it is played on becomes one of our Wizardhavens
    protects: bool = False               # it makes one of our Wizardhavens protected
    influence: int | None = None         # factions: the check must exceed this number
    modifications: tuple[Modification, ...] = ()
    discard_major: int = 0               # factions: + to the check if the influencer discards a major item he
    discard_greater: int = 0             # bears, or a greater one ("influencer discards a major item (+3) or a
    #                                      greater item (+6)", the Dragons "Roused")
    once_per_company: bool = False       # "cannot be duplicated in a given company"
    once_per_site: bool = False          # "cannot be duplicated at a given site"
    once_per_character: bool = False     # "cannot be duplicated on a given character" (or Wizard)
    leaves_if_wounded: bool = False      # an ally discarded when its controlling character is wounded (Great Bats)
    cancels_strike: bool = False         # an ally that taps to cancel a strike (not from an automatic-attack) against
    #                                      its bearer (Noble Steed)
    guards_controller: bool = False      # an ally assigned a strike before its controlling character may be, tapped
    #                                      or wounded as if untapped (Noble Hound)
    under_leader: bool = False           # a faction an Orc or Troll leader who influenced it may keep under his
    #                                      control: the site does not tap; it goes if he moves or leaves play;
    #                                      three or more under one leader give 2 extra marshalling points
    attacks: tuple[SiteAttack, ...] = ()  # the company faces these when it plays the card ("The company faces two
    #                                      attacks (Men - ...)"); then an untapped character taps, or it is discarded
    unmodelled: str | None = None        # why the simulation cannot play it

    @property
    def modelled(self) -> bool:
        return self.unmodelled is None


@dataclass(frozen=True)
class SiteFacts:
    auto_attacks: tuple[str, ...] = ()   # races of the automatic-attacks ("Orc", "Dragon")
    attacks: tuple[SiteAttack, ...] = ()
    hand_attack: tuple[str, ...] = ()    # the hazard player may play a creature from hand as the last
    #                                      automatic-attack, one it could key to these (site types S R, regions c w s)
    hand_attack_unique: bool = False     # ... a unique one too
    hoard: bool = False
    adjacent: tuple[tuple[str, int], ...] = ()   # Under-deeps movement: (site name, roll needed)
    stored_ring_test: int | None = None  # a gold ring stored here is tested, the roll modified by this
    ring_test_here: int | None = None    # a gold ring at this site is tested in the site phase (Barad-dûr)
    ring_test_bonus: int = 0             # every ring test in a company here is modified by this


@dataclass(frozen=True)
class RingTester:
    """A card that tests a gold ring: a character's ability (tap him), or a short-event played from hand."""

    sage: bool = False                   # only in a sage's company
    modifier: int = 0
    no_roll: bool = False                # Ringlore: any ring but The One Ring, without a roll
    best_of_two: bool = False            # Wizard's Test: two rolls, the better one kept
    information: bool = False            # only at a site where Information is playable (Secrets of Their Forging)
    site_phase: bool = False             # "during the site phase": the sage and the site tap (Secrets, Ringlore)


@dataclass(frozen=True)
class HandSize:
    """"You may keep one more card than normal in your hand": by a character (when at a named site, or as the
    Ringwraith at a Darkhaven) or an item in play."""

    bonus: int = 1
    site: str | None = None
    darkhaven: bool = False


@dataclass(frozen=True)
class InfluenceChange:
    """A permanent-event that raises our general influence while in play, and on what it is played (`on`):
    `RINGWRAITH` on our Ringwraith at a Darkhaven or while it is not in play (Bade to Rule: +5, and -2 to his
    direct influence, `avatar_direct`); `SAURON` while we have revealed no Ringwraith, against a Wizard
    (`opponent_wizard`), none revealed after ("You are Sauron, not a Ringwraith": The Lidless Eye +7, Sauron
    +10); `THE_BALROG` on The Balrog in play (Great Shadow: +6); `CHARACTER` on one of our non-Fallen-wizard
    characters, who then requires only `control` points of influence to control (Wizard's Myrmidon: 3; the
    general influence his mind less that frees). `end_of_turn_fetch`: while it is in play, at each end-of-turn
    phase we may shuffle one non-short-event resource or character of our discard pile into the play deck
    (Great Shadow). `UNREVEALED_AVATAR`: while our avatar is not revealed, discarded when he comes into play, and
    meanwhile he may come into play only at his home site (Saw Further and Deeper: +5)."""

    general: int
    avatar_direct: int = 0
    on: str = "ringwraith"
    opponent_wizard: bool = False
    end_of_turn_fetch: bool = False
    control: int | None = None


RINGWRAITH, SAURON, THE_BALROG, CHARACTER = "ringwraith", "sauron", "the_balrog", "character"
UNREVEALED_AVATAR = "unrevealed_avatar"


@dataclass(frozen=True)
class Mode:
    """A Ringwraith mode card (coe 2.II.7.R1): the Ringwraith's company may move to a non-Darkhaven site."""

    name: str                            # Heralded Lord, Black Rider, Fell Rider
    direct_influence: int = 0            # the card's own change to the Ringwraith's direct influence


@dataclass(frozen=True)
class AttackCancel:
    """A resource short-event that cancels one attack against the company (Concealment, Dark Quarrels,
    Escape...): of these races only (empty: any attack), played by a character of the company with `skill`
    (None: anyone), who taps for it (`taps`: he must be untapped) or is wounded by it (`wounds`: he must be
    unwounded, no body check); `covert`: only against a covert company (Not Slay Needlessly, Ruse);
    `becomes_ally`: only on a hazard creature of one strike for each of its attacks, all of them canceled, the
    creature becoming an ally of the character who taps, worth the card's MP (Ready to His Will)."""

    races: tuple[str, ...] = ()
    skill: str | None = None
    taps: bool = False
    wounds: bool = False
    covert: bool = False
    becomes_ally: bool = False


@dataclass(frozen=True)
class RegionFacts:
    type: str                             # w s d b f c
    adjacent: tuple[str, ...] = ()


@dataclass
class PlayFacts:
    """Everything in `card_db/play.json`, by card id (regions by name)."""

    conditions: dict[str, PlayCondition] = field(default_factory=dict)
    sites: dict[str, SiteFacts] = field(default_factory=dict)
    regions: dict[str, RegionFacts] = field(default_factory=dict)
    influence: dict[str, tuple[InfluenceBonus, ...]] = field(default_factory=dict)   # characters, items, events
    ring_tests: dict[str, tuple[tuple[str, int, int], ...]] = field(default_factory=dict)  # gold ring -> (kind,
    #                                                                        lowest, highest result allowing it)
    ring_testers: dict[str, RingTester] = field(default_factory=dict)
    ring_test_bonus: dict[str, int] = field(default_factory=dict)        # items: "+2 when a ring is tested"
    modes: dict[str, Mode] = field(default_factory=dict)                  # mode cards by id
    general_influence: dict[str, InfluenceChange] = field(default_factory=dict)
    hand_size: dict[str, HandSize] = field(default_factory=dict)
    mode_influence: dict[str, dict[str, int]] = field(default_factory=dict)   # Ringwraith -> {mode: +DI}
    attack_cancels: dict[str, AttackCancel] = field(default_factory=dict)     # short-events cancelling an attack
    follower_influence: dict[str, tuple[FollowerInfluence, ...]] = field(default_factory=dict)   # characters

    def condition(self, card_id: str) -> PlayCondition | None:
        return self.conditions.get(card_id)

    def site(self, card_id: str) -> SiteFacts:
        return self.sites.get(card_id) or SiteFacts()


# ---- JSON ---------------------------------------------------------------------------------------------


def _compact(obj) -> dict:
    """A dataclass as JSON, leaving out fields at their default (the file stays small and readable)."""
    out = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        if value == f.default or value == ():      # False is kept where the default is None ("not Under-deeps")
            continue
        if isinstance(value, tuple) and value and hasattr(value[0], "__dataclass_fields__"):
            value = [_compact(v) for v in value]
        elif hasattr(value, "__dataclass_fields__"):
            value = _compact(value)
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[f.name] = value
    return out


def _tuple(values) -> tuple:
    return tuple(tuple(v) if isinstance(v, list) else v for v in values)


def _place(data: dict) -> Place:
    return Place(**{k: _tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def condition_from_json(data: dict) -> PlayCondition:
    kwargs = dict(data)
    kwargs["at"] = tuple(_place(p) for p in data.get("at", ()))
    kwargs["stored_at"] = tuple(_place(p) for p in data.get("stored_at", ()))
    if "bearer" in data:
        kwargs["bearer"] = Bearer(**{k: _tuple(v) if isinstance(v, list) else v for k, v in data["bearer"].items()})
    kwargs["modifications"] = tuple(Modification(**m) for m in data.get("modifications", ()))
    kwargs["attacks"] = tuple(SiteAttack(**a) for a in data.get("attacks", ()))
    for key in ("in_play", "avatar"):
        if key in kwargs:
            kwargs[key] = tuple(kwargs[key])
    return PlayCondition(**kwargs)


SECTIONS = ("conditions", "sites", "regions", "influence", "ring_tests", "ring_testers", "ring_test_bonus", "modes",
            "mode_influence", "general_influence", "hand_size", "attack_cancels", "follower_influence")


def facts_to_json(facts: PlayFacts) -> dict:
    return {
        "conditions": {k: _compact(v) for k, v in facts.conditions.items()},
        "sites": {k: _compact(v) for k, v in facts.sites.items()},
        "regions": {k: _compact(v) for k, v in facts.regions.items()},
        "influence": {k: [_compact(b) for b in v] for k, v in facts.influence.items()},
        "ring_tests": {k: [list(t) for t in v] for k, v in facts.ring_tests.items()},
        "ring_testers": {k: _compact(v) for k, v in facts.ring_testers.items()},
        "ring_test_bonus": dict(facts.ring_test_bonus),
        "modes": {k: _compact(v) for k, v in facts.modes.items()},
        "mode_influence": dict(facts.mode_influence),
        "general_influence": {k: _compact(v) for k, v in facts.general_influence.items()},
        "hand_size": {k: _compact(v) for k, v in facts.hand_size.items()},
        "attack_cancels": {k: _compact(v) for k, v in facts.attack_cancels.items()},
        "follower_influence": {k: [_compact(f) for f in v] for k, v in facts.follower_influence.items()},
    }


def facts_from_json(data: dict) -> PlayFacts:
    return PlayFacts(
        conditions={k: condition_from_json(v) for k, v in data.get("conditions", {}).items()},
        sites={k: SiteFacts(**{**v, "auto_attacks": tuple(v.get("auto_attacks", ())),
                               "attacks": tuple(SiteAttack(**a) for a in v.get("attacks", ())),
                               "hand_attack": tuple(v.get("hand_attack", ())),
                               "adjacent": tuple((n, r) for n, r in v.get("adjacent", ()))})
               for k, v in data.get("sites", {}).items()},
        regions={k: RegionFacts(type=v["type"], adjacent=tuple(v.get("adjacent", ())))
                 for k, v in data.get("regions", {}).items()},
        influence={k: tuple(InfluenceBonus(**{a: _tuple(b) if isinstance(b, list) else b for a, b in x.items()})
                            for x in v) for k, v in data.get("influence", {}).items()},
        ring_tests={k: tuple(tuple(t) for t in v) for k, v in data.get("ring_tests", {}).items()},
        ring_testers={k: RingTester(**v) for k, v in data.get("ring_testers", {}).items()},
        ring_test_bonus=dict(data.get("ring_test_bonus", {})),
        modes={k: Mode(**v) for k, v in data.get("modes", {}).items()},
        mode_influence={k: dict(v) for k, v in data.get("mode_influence", {}).items()},
        general_influence={k: InfluenceChange(**v) for k, v in data.get("general_influence", {}).items()},
        hand_size={k: HandSize(**v) for k, v in data.get("hand_size", {}).items()},
        attack_cancels={k: AttackCancel(**{a: _tuple(b) if isinstance(b, list) else b for a, b in v.items()})
                        for k, v in data.get("attack_cancels", {}).items()},
        follower_influence={k: tuple(FollowerInfluence(**{a: _tuple(b) if isinstance(b, list) else b
                                                          for a, b in x.items()}) for x in v)
                            for k, v in data.get("follower_influence", {}).items()},
    )


def dump_play_facts(document: dict) -> str:
    """One card per line, sorted, so that diffs between imports are readable."""
    lines = ["{" + json.dumps("format") + f": {document['format']}, "
             + json.dumps("source") + ": " + json.dumps(document["source"], ensure_ascii=False, sort_keys=True)
             + ","]
    sections = [k for k in SECTIONS if k in document]
    for s, section in enumerate(sections):
        entries = document[section]
        lines.append(f"{json.dumps(section)}: {{")
        keys = sorted(entries)
        for i, key in enumerate(keys):
            sep = "," if i < len(keys) - 1 else ""
            lines.append(f"  {json.dumps(key, ensure_ascii=False)}: "
                         f"{json.dumps(entries[key], ensure_ascii=False, sort_keys=True)}{sep}")
        lines.append("}" + ("," if s < len(sections) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


@cache
def load_play_facts(directory: str | None = None) -> PlayFacts:
    """The play facts of `card_db/` (the catalog's directory), loaded once per process.

    A missing file is an error that says how to rebuild it: the statistics and the simulation cannot say
    where a card is played without it."""
    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.datafiles import data_path, read_json

    path = data_path(directory or CARD_DB, PLAY_FILE)
    document = read_json(path, "play facts", missing="rebuild them with 'deckcheck cards import-coe'")
    if not isinstance(document, dict) or document.get("format") != PLAY_FORMAT:
        raise DeckcheckError(f"play facts are not format {PLAY_FORMAT}; rebuild them with "
                             "'deckcheck cards import-coe'", str(path))
    try:
        return facts_from_json(document)
    except (TypeError, KeyError, ValueError, AttributeError) as exc:
        raise DeckcheckError(f"play facts do not fit card_db/play.schema.json: {exc}", str(path)) from None
