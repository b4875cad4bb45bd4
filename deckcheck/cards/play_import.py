"""Derive `card_db/play.json` from the Council of Elrond card data: where and how each resource is played.

The card text is read here and only here, to recognise the fixed phrases in which ICE printed a play
condition ("Playable at any tapped or untapped Ruins & Lairs [{R}] with a Wolf automatic-attack", "Sage only
during the site phase at an untapped site where Information is playable", "No marshalling points are
received until this card is stored at a Darkhaven [{DH}]"); what is kept are the structured facts of
`deckcheck.cards.play`, never the text. A condition holding a phrase the simulation cannot act on (an
attack it must face first, the opponent's cards, a card stored elsewhere...) is kept as `unmodelled`, with
the reason, so that the reports can say why such a card is never played.

Also derived: a site's automatic-attack races, hoard and Under-deeps neighbours; regions and their
neighbours (the region cards' "move to" lists); influence bonuses against factions; gold ring test tables.
"""

from __future__ import annotations

import re

from deckcheck.cards.importer import _text, load_coe_source, source_facts
from deckcheck.cards.names import fold
from deckcheck.cards.play import (
    ANY,
    ANY_ATTACK,
    CHARACTER,
    ORGANIZATION,
    PLAY_FORMAT,
    SAURON,
    SITE_PHASE,
    TAPPED,
    THE_BALROG,
    UNREVEALED_AVATAR,
    AttackCancel,
    Bearer,
    FollowerInfluence,
    HandSize,
    InfluenceBonus,
    InfluenceChange,
    Mode,
    Modification,
    Place,
    PlayCondition,
    PlayFacts,
    RegionFacts,
    RingTester,
    SiteAttack,
    SiteFacts,
    facts_to_json,
)
from deckcheck.cards.site_attacks import parse_automatic_attacks, race_name

ITEM_CLASSES = {"Minor Item": "minor", "Major Item": "major", "Greater Item": "greater",
                "Gold Ring Item": "gold ring"}

# Site-type words as printed, longest first; "DH"/"WH" are the haven kinds a card may ask for.
TYPE_WORDS = (
    ("ruins & lairs", "R"), ("ruins and lairs", "R"), ("free-hold", "F"), ("border-hold", "B"),
    ("shadow-hold", "S"), ("dark-hold", "D"), ("darkhold", "D"), ("darkhaven", "DH"), ("wizardhaven", "WH"),
    ("haven", "H"),
)
_TYPE_RE = re.compile(r"(non-)?\b(" + "|".join(re.escape(w) for w, _ in TYPE_WORDS) + r")s?\b")
_TYPE_CODE = dict(TYPE_WORDS)
_SYMBOL = re.compile(r"\s*\[\{\w+\}\]")
RACE_WORDS = {
    "orc": "Orc", "orcs": "Orc", "troll": "Troll", "trolls": "Troll", "wolf": "Wolf", "wolves": "Wolf",
    "dwarf": "Dwarf", "dwarves": "Dwarf", "elf": "Elf", "elves": "Elf", "man": "Man", "men": "Man",
    "dúnedain": "Dúnadan", "dúnadan": "Dúnadan", "hobbit": "Hobbit", "hobbits": "Hobbit", "dragon": "Dragon",
    "drake": "Drake", "spider": "Spider", "spiders": "Spider", "undead": "Undead", "animals": "Animal",
    "animal": "Animal", "giant": "Giant", "maia": "Maia", "balrog": "Balrog", "wose": "Wose", "woses": "Wose",
    "ent": "Ent", "ents": "Ent", "eagle": "Eagle", "eagles": "Eagle", "awakened plant": "Awakened Plant",
    "pûkel-creature": "Pûkel-creature", "pûkel": "Pûkel-creature", "slayer": "Slayer", "men of": "Man",
    "nazgul": "Nazgûl", "nazgûl": "Nazgûl",
}
REGION_TYPE_WORDS = {"wilderness": "w", "border-land": "b", "shadow-land": "s", "dark-domain": "d",
                     "free-domain": "f"}
SKILL_WORDS = {"sage": "Sage", "scout": "Scout", "ranger": "Ranger", "warrior": "Warrior", "diplomat": "Diplomat"}

# Phrases of a play condition that ask for something the goldfish never has: the reason it gives.
UNMODELLED = (
    (re.compile(r"hazard creature|strike|attack(?:s|ed|ing)? (?:against|by)|facing an?|faced|faces an? .*attack "
                r"and|is attacking|defeated|immediately after"), "needs an attack by the opponent's hazards first "
     "(combat is not modelled)"),
    (re.compile(r"opponent"), "depends on the opponent's cards or score"),
    (re.compile(r"lost knowledge|stolen knowledge card|bears an item worth"), "needs another resource "
     "discarded for it first (not modelled)"),
    (re.compile(r"stored there|stored vein|is on its|on invade their domain|bears the one ring|"
                r"sapling of the white tree|the same turn that|same site phase|in the same company as|"
                r"deep mines|(?<!tap the )bearer of|invert|can only be untapped|played a faction there"),
     "needs another resource in a particular state first (not modelled)"),
    (re.compile(r"hero is at the same site|hero company"), "needs the opponent's characters (not modelled)"),
    (re.compile(r"\d+ factions|\d+ characters|\d+ allies"), "needs a count of factions, characters or allies in "
     "play (not modelled)"),
)


# ---- reading the source -----------------------------------------------------------------------------


class Names:
    """Site and region names of the card pool, folded, for recognising them in a phrase."""

    def __init__(self, cards: list[dict]):
        self.sites = {fold(c["name"]["en"]): c["name"]["en"].strip() for c in cards if c["type"] == "Site"}
        regions = {c["name"]["en"].strip() for c in cards if c["type"] == "Region"}
        regions |= {(c.get("attributes") or {}).get("region", "").strip() for c in cards if c["type"] == "Site"}
        self.regions = {fold(r): r for r in regions if r}
        # longest first, so that "Southern Mirkwood" is found before "Mirkwood"
        self._site_keys = sorted(self.sites, key=len, reverse=True)
        self._region_keys = sorted(self.regions, key=len, reverse=True)

    def find(self, phrase: str, kind: str) -> list[str]:
        """The names of this kind in a phrase, in their printed spelling, in order of appearance."""
        keys, table = (self._site_keys, self.sites) if kind == "site" else (self._region_keys, self.regions)
        words = [w for w in re.split(r"[\s,;]+|\bor\b|\band\b", phrase) if w]
        found: list[tuple[int, str]] = []
        used = [False] * len(words)
        for size in range(min(6, len(words)), 0, -1):
            for i in range(len(words) - size + 1):
                if any(used[i:i + size]):
                    continue
                key = fold(" ".join(words[i:i + size]))
                if key not in table and "the" + key in table:
                    key = "the" + key
                if key in table and key in keys:
                    found.append((i, table[key]))
                    for j in range(i, i + size):
                        used[j] = True
        return [name for _, name in sorted(found)]


def _sentences(text: str) -> list[str]:
    text = text.replace("i. e.", "ie").replace("i.e.", "ie")
    return [s.strip() for s in re.split(r"(?<=[.!])\s+(?=[A-Z“(])", text) if s.strip()]


_PLAY_SENTENCE = re.compile(r"\bplayable\b|\bmay only be played\b|^(?:[A-Z][\w’' ]+? )?only\b|"
                            r"^(?:sage|scout|ranger|warrior|diplomat)(?: or \w+)? only|^tap the bearer of", re.I)


# "Warrior only: +3 prowess", "May only be borne by", "May also be used as a minion resource": not how it is played.
_NOT_A_PLAY = re.compile(r"\bonly:|\bonly \(|^if |may only be borne|may also be used as")


def play_sentences(text: str) -> list[str]:
    """The sentences that state how the card is played (not what it makes playable elsewhere)."""
    out = []
    for sentence in _sentences(text):
        low = sentence.lower()
        if not _PLAY_SENTENCE.search(sentence) or _NOT_A_PLAY.search(low):
            continue
        if re.search(r"make (?:information|it) playable|makes? \w+ playable|is playable at (?:the|one of your) "
                     r"(?:tapped|site)|playable at her|playable at his|playable at the site during your site|"
                     r"item(?:s)? playable|any ring|ring card may|is not playable|considered playable|"
                     r"playable as written|none playable", low):
            continue
        out.append(sentence)
    return out


# ---- the location phrase ----------------------------------------------------------------------------


def _types_in(text: str) -> tuple[list[str], list[str], str | None]:
    """Site types named (and excluded with "non-") in a phrase, and the haven kind asked for."""
    types, excluded, haven = [], [], None
    for m in _TYPE_RE.finditer(text):
        code = _TYPE_CODE[m.group(2)]
        if code in ("DH", "WH"):
            if m.group(1):
                continue                      # "non-Darkhaven": havens are excluded below
            haven = "dark" if code == "DH" else "wizard"
            code = "H"
        (excluded if m.group(1) else types).append(code)
    if re.search(r"non-darkhaven|non-wizardhaven", text):
        excluded.append("H")
    return types, excluded, haven


def _places(phrase: str, names: Names) -> tuple[Place, ...]:
    """The alternatives a location phrase allows ("X or Y", "a site with a Dwarf automatic-attack")."""
    text = _SYMBOL.sub("", phrase.lower().replace("’", "'").replace("“", "").replace("”", ""))
    common: dict = {}
    if "cannot be an under-deeps site or surface site" in text:
        common["surface"] = False
        text = re.sub(r"[—-]*\s*the site cannot be an under-deeps site or surface site thereof\s*[—-]*", " ", text)
    m = re.search(r"\(?(?:except|other than) ([^()]+?)\)?$", text)
    if m:
        common["not_sites"] = tuple(names.find(m.group(1), "site"))
        text = text[:m.start()]
    if re.search(r"\bhero site\b", text):         # "a Shadow-hold or Dark-hold hero site" (Great Ruse)
        common["site_alignment"] = "hero"
    if "where information is playable" in text or "at which information is playable" in text:
        common["information"] = True
    if re.search(r"where gold ring(?: item)?s are playable", text):
        common["items"] = "gold ring"
    text = re.sub(r"(?:at )?(?:a site )?(?:where|at which) (?:information|gold rings?(?: items)?) (?:is|are) playable",
                  " ", text)
    if re.search(r"non-dragon's lair", text):
        common["dragons_lair"] = False
    elif "dragon's lair" in text:
        common["dragons_lair"] = True
    text = re.sub(r"(?:a )?(?:non-)?dragon's lair:?", " ", text)
    region_types = []
    m = re.search(r"in an? ((?:wilderness|border-land|shadow-land|dark-domain|free-domain)"
                  r"(?:\s*,?\s*(?:or )?(?:wilderness|border-land|shadow-land|dark-domain|free-domain))*)", text)
    if m:
        region_types = [REGION_TYPE_WORDS[w] for w in re.findall(r"wilderness|border-land|shadow-land|dark-domain|"
                                                                  r"free-domain", m.group(1))]
        text = text.replace(m.group(0), " ")
    # a list of regions (or a named site) after " in "
    m = re.search(r"\bin (?:the )?(.+)$", text)
    if m:
        regions = names.find(m.group(1), "region")
        sites_in = names.find(m.group(1), "site")
        if regions and not (sites_in and len(sites_in) >= len(regions)):
            common["regions"] = tuple(regions)
            text = text[:m.start()]
    places = []
    for segment in re.split(r",? or at |; or ", text):
        places.extend(_segment_places(segment, names))
    if not places and (common or re.search(r"\bsite\b", text)):
        places.append({})           # "an untapped site": any site
    out = []
    for place in places:
        merged = {**common, **place}
        if merged.get("surface") is False:
            merged.setdefault("under_deeps", False)
        for region_type in region_types or [None]:
            out.append(Place(**merged, region_type=region_type) if region_type else Place(**merged))
    return tuple(dict.fromkeys(out))


def _segment_places(segment: str, names: Names) -> list[dict]:
    place: dict = {}
    extra: list[dict] = []
    if "non-under-deeps" in segment:
        place["under_deeps"] = False
    elif "under-deeps" in segment:
        place["under_deeps"] = True
    tokens = [t for t in re.split(r",\s*(?:or\s+)?|\s+or\s+", segment) if t.strip()]
    types: list[str] = []
    sites: list[str] = []
    for token in tokens:
        m = re.search(r"with an? ([\w-]+(?: [\w-]+)?) automatic-attack", token)
        token_types, _, _ = _types_in(token)
        if m and not token_types and "site with" in token and len(tokens) > 1:
            extra.append({"auto_attack": (RACE_WORDS.get(m.group(1), m.group(1).title()),)})
            continue
        if m:
            place["auto_attack"] = (RACE_WORDS.get(m.group(1), m.group(1).title()),)
        named = names.find(token.replace("under-deeps", ""), "site")
        sites += named
        if named:                     # "Grey Havens" names a site, not a type
            segment = segment.replace(token, " ")
    types, excluded, haven = _types_in(segment)
    if types:
        place["types"] = tuple(dict.fromkeys(types))
    if excluded:
        place["not_types"] = tuple(dict.fromkeys(excluded))
    if haven:
        place["haven"] = haven
    out = []
    if sites:
        named = {"sites": tuple(dict.fromkeys(sites))}
        if types or place.get("auto_attack") or place.get("under_deeps") is not None:
            out.append(place)
        out.append(named)
    elif place:
        out.append(place)
    return out + extra


# ---- one resource -----------------------------------------------------------------------------------


def _bearer(low: str, names_in_text: list[str]) -> Bearer | None:
    skills: list[str] = []
    races: list[str] = []
    only = re.search(r"^(sage|scout|ranger|warrior|diplomat)(?: or (\w+))? only\b", low)
    on_or_with = re.search(r"\b(?:on|by) (?:an? |one )?(?:untapped )?(sage|scout|ranger|warrior|diplomat|dwarf|hobbit|"
                           r"elf|orc|troll)\b(?: or (dwarf|sage|troll|orc))?|\bwith an? (sage|scout|ranger|warrior|"
                           r"diplomat|dwarf)(?: or (dwarf|sage))? only", low)
    for m in (only, on_or_with):
        for word in m.groups() if m else ():
            if word in SKILL_WORDS:
                skills.append(SKILL_WORDS[word])
            elif word in RACE_WORDS:
                races.append(RACE_WORDS[word])
    avatar = bool(re.search(r"on your ringwraith|only by the balrog|on a wizard\b|on the balrog|only a wizard|"
                            r"(?:^|\. )wizard only\b", low))
    not_avatar = bool(re.search(r"by a non-ringwraith character", low))
    if not (skills or races or names_in_text or avatar or not_avatar):
        return None
    return Bearer(skills=tuple(dict.fromkeys(skills)), races=tuple(dict.fromkeys(races)),
                  names=tuple(names_in_text), avatar=avatar, not_avatar=not_avatar)


def _borne_by(text: str, bearer: Bearer | None) -> Bearer | None:
    """"May only be borne by The Balrog", "... by a character with a prowess of 6 or more" (a sentence that is
    not how the card is played, so not among the play sentences): who may bear it, added to who may play it."""
    from dataclasses import replace

    m = re.search(r"may only be borne? by (the balrog|a character with a prowess of (\d+) or more)", text, re.I)
    if not m:
        return bearer
    bearer = bearer or Bearer()
    if m.group(2):
        return replace(bearer, min_prowess=int(m.group(2)))
    return replace(bearer, avatar=True)


# "Playable on an untapped character at a Shadow-hold ... or if his company faced an agent attack": the second
# way needs combat first, the first is plain, so only the first is read.
_OR_AFTER_AN_ATTACK = re.compile(r"\s+or if (?:his|its|the) company (?:has )?faced [^.]*")


def _unmodelled(low: str) -> str | None:
    low = _OR_AFTER_AN_ATTACK.sub("", low)
    for pattern, reason in UNMODELLED:
        if pattern.search(low):
            return reason
    return None


# "If inverted, you can store this card at a Haven", "If tapped, this card can be stored": the card must first be
# brought into a state by further plays (a ring special item, a Lost Knowledge card at Mount Doom...).
_STORED_IF = re.compile(r"\bif (?:this card is )?(?:inverted|tapped|untapped and at [^,]+),[^.]*\bstored?\b", re.I)


def _stored_at(text: str, names: Names) -> tuple[Place, ...]:
    """"No marshalling points are received until this card is stored at a Darkhaven [{DH}]": where."""
    m = re.search(r"(?:until (?:after )?(?:this card|[\w’' ]+?) is stored|can be stored|may be stored|"
                  r"only if stored)(?: in your marshalling point pile)?(?: at| in)? ([^.—]*?)"
                  r"(?: during| only|—|\.|$)", text, re.I)
    if not m or not re.search(r"marshalling point|only if stored", text, re.I):
        return ()
    return _places(m.group(1), names) or (Place(types=("H",)),)


def derive_condition(card: dict, text: str, names: Names, characters: set[str],
                     avatars: set[str] = frozenset()) -> PlayCondition | None:
    """The play condition of one resource card, or None for a resource with no condition worth keeping."""
    attrs = card.get("attributes") or {}
    subtypes = tuple(s.strip() for s in (attrs.get("subtype") or "").split("/") if s.strip())
    item_class = next((ITEM_CLASSES[s] for s in subtypes if s in ITEM_CLASSES), None)
    special_item = "Special Item" in subtypes
    faction, ally = "Faction" in subtypes, "Ally" in subtypes
    event = not (item_class or special_item or faction or ally)
    hoard = "Hoard Item" in (attrs.get("keywords") or ()) or bool(re.search(r"\bhoard item\b", text, re.I))
    sentences = play_sentences(text)
    play_text = " ".join(sentences)
    low = play_text.lower().replace("’", "'")
    mp = (attrs.get("marshallingPoints") or "").strip()
    makes_haven = bool(re.search(r"this site becomes (?:one of your|a) wizardhaven", text, re.I))
    protects = bool(re.search(r"(?:the site|isengard|the white towers|your wizardhaven \[\{h\}\] becomes) (?:is )?"
                              r"protected", text, re.I))
    if event and mp in ("", "0") and not (makes_haven or protects) or creature_becomes_ally(text):
        return None                   # events without marshalling points (and one whose creature becomes an ally,
        #                               an attack cancel): the simulation plays them otherwise
    kwargs: dict = {}
    # who plays or bears it
    named = [n for n in _names_in(play_text, characters)]
    bearer = _borne_by(text, _bearer(low, named))
    if bearer:
        kwargs["bearer"] = bearer
    # where
    at: tuple[Place, ...] = ()
    location = _location_phrase(play_text)
    if location:
        at = _places(location, names)
    if facing := _AFTER_AUTOMATIC_ATTACK.search(low):
        at = _after_automatic_attack(facing, at)
        low = _AFTER_AUTOMATIC_ATTACK.sub(" ", low)
    if item_class:
        base = Place(items=item_class, hoard=hoard)
        if at:
            at = tuple(_merge(base, p) for p in at)
        elif re.search(r"not playable (?:in|at) ", low):
            named, _, _ = _types_in(low.split("not playable", 1)[1].split(".", 1)[0])
            at = (Place(items=item_class, hoard=hoard, not_types=tuple(dict.fromkeys(named))),)
        else:
            at = (base,)
    elif (faction or ally) and not at and not sentences:
        kwargs["unmodelled"] = "the card names no site where it is played"
    kwargs["at"] = at
    # site state and taps
    if re.search(r"tapped or untapped|even if the site is tapped|if tapped or untapped", low) or \
            re.search(r"\btap (?:the )?site if (?:it is not already tapped|untapped)", text, re.I):
        kwargs["site"] = ANY
    elif "already tapped" in low:
        kwargs["site"] = TAPPED
    elif at and not (item_class or special_item or faction or ally) and "untapped site" not in low and not \
            re.search(r"(?:on|at) an untapped (?:isengard|free|border|shadow|dark|ruins|site|[\w-]+-hold)", low) \
            and not re.search(r"\btap (?:the |sage and |[\w ]+ and )?(?:the )?site\b", text.lower()):
        kwargs["site"] = ANY
    full = text.lower()
    if at and (item_class or special_item or faction or ally):
        kwargs["taps_site"] = "does not tap the site" not in full
    else:
        kwargs["taps_site"] = bool(re.search(r"\btap (?:the |sage and |the [\w ]+? and |[\w ]+ and )?(?:the )?site\b|"
                                             r"tap site if untapped|tap the site if", full)) \
            and "but not the site" not in full
    kwargs["taps_bearer"] = bool(item_class or special_item or faction or ally or
                                 re.search(r"\btap\b[^.;]*?\b(?:sage|scout|ranger|character|dwarf|bearer)\b", full))
    # when
    if event:
        if "organization phase" in low or not at:
            kwargs["phase"] = ORGANIZATION
        if at and ("site phase" in low or "site phase" in full[:200]):
            kwargs["phase"] = SITE_PHASE
        elif at and re.search(r"^(?:unique\. )?playable (?:on (?:arwen|a company|one of)|at the vale)", low):
            kwargs["phase"] = ORGANIZATION if "on one of" in low else SITE_PHASE
    # what must be in play
    requirements = _requirements(play_text.replace("’", "'"), avatars)
    if (specific := _specific(text, avatars)) and not requirements.get("avatar"):
        requirements["avatar"] = (specific,)
    kwargs.update(requirements)
    if m := re.search(r"playable on (?:a |an )?(unique )?(?:non-dragon )?faction", low):
        kwargs["on"] = "unique faction" if m.group(1) else "faction"
        kwargs["phase"] = ORGANIZATION
    elif re.search(r"playable on a palant", low):
        kwargs["on"] = "palantir"
        kwargs["phase"] = ORGANIZATION
    elif m := re.search(r"tap the bearer of an? ([^.]+?) during", play_text, re.I):
        kwargs["on"] = "item:" + m.group(1).strip()
    # rings
    if m := re.search(r"after a (?:non-storing )?test indicates (?:an? )?(the one ring|dwarven ring|magic ring|"
                      r"lesser ring|spirit ring)", low):
        kwargs["ring"] = {"the one ring": "The One Ring"}.get(m.group(1), m.group(1).title())
        kwargs.update(at=(), site=ANY, taps_site=False, taps_bearer=False, phase=ORGANIZATION)
    # factions
    if faction:
        if m := re.search(r"influence check is greater than (\d+)", text, re.I):
            kwargs["influence"] = int(m.group(1))
        kwargs["modifications"] = _modifications(text)
        for size, bonus in re.findall(r"(?:influencer discards an?|or an?) (major|greater) item \(\+(\d+)\)", text):
            kwargs[f"discard_{size}"] = int(bonus)
        kwargs["under_leader"] = bool(re.search(r"made by an orc or troll leader, you may place this faction under "
                                                r"the control of that leader and not tap the site", full))
    if m := re.search(r"\b(covert|overt) company", low):
        kwargs["company"] = m.group(1)
    kwargs["makes_wizardhaven"] = makes_haven
    kwargs["once_per_company"] = bool(re.search(r"cannot be duplicated (?:in|on) (?:a given|the same) company",
                                                text, re.I))
    kwargs["once_per_site"] = bool(re.search(r"cannot be duplicated (?:at|on) a given site", text, re.I))
    kwargs["once_per_character"] = bool(re.search(r"cannot be duplicated on a given (?:character|wizard|hobbit)",
                                                  text, re.I))
    kwargs["protects"] = protects
    kwargs["leaves_if_wounded"] = ally and "discard this ally if its controlling character is wounded" in full
    kwargs["cancels_strike"] = ally and bool(re.search(r"tap to cancel a strike \(not from an automatic-attack\) "
                                                       r"against its bearer", full))
    kwargs["guards_controller"] = ally and bool(re.search(r"must be assigned a strike before any strike can be "
                                                          r"assigned to its controlling character", full))
    if event:
        kwargs["attacks"] = play_attacks(text)
    if "(" in mp and not re.match(r"^\d", mp):
        stored = _stored_at(text, names)
        if stored:
            kwargs["stored_at"] = stored
    reason = _unmodelled(low) or kwargs.get("unmodelled")
    if not reason and not kwargs["at"] and not kwargs.get("ring") and not kwargs.get("on") and not (
            requirements.get("avatar") or requirements.get("stage_points") or requirements.get("protected")
            or kwargs.get("phase") == ORGANIZATION and kwargs.get("bearer")):
        reason = "no play condition the simulation can read" if (special_item or faction or ally or sentences) \
            else "no play condition printed (its effect is not modelled)"
    if "(" in mp and not re.match(r"^\d", mp) and not kwargs.get("stored_at") and not reason:
        reason = "its marshalling points need a condition the simulation does not model"
    if kwargs.get("stored_at") and _STORED_IF.search(text) and not reason:
        reason = "it can be stored to score only once further plays have inverted or tapped it (not modelled)"
    if reason:
        kwargs["unmodelled"] = reason
    return PlayCondition(**{k: v for k, v in kwargs.items() if v not in (None, ())})


# "The company faces two attacks (Men — 5 strikes with 8 prowess, 1 strike with 10 prowess).", "It faces a Hobbit
# attack (4 strikes with 6 prowess).", "The scout faces an attack (attack type as first automatic-attack at site —
# 1 strike with 8 prowess)": the attacks the company faces as it plays the card.
_FACES = re.compile(r"(?:^|\. )(?:The (?:Balrog’s )?company|Company|The scout|It) faces (an?|one|two|three|\d) "
                    r"(?:([A-Z][\w’-]*) )?attacks?(?::| \()([^.]*?)\)?\.")
_STRIKES = re.compile(r"(?:([A-Z][\w’-]*)\s*(?:at an? [^—–]*?)?[—–-]\s*)?(\d+) strikes? with (\d+) prowess")
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
SITE_RACE = "site"          # "attack type as first automatic-attack at site": the race of the site's first attack


def play_attacks(text: str) -> tuple[SiteAttack, ...]:
    """The attacks a card's play makes the company face, in order (the race carried from the last one named)."""
    m = _FACES.search(text)
    if not m:
        return ()
    count = _COUNT.get(m.group(1).lower()) or int(m.group(1))
    race = m.group(2) or (SITE_RACE if "automatic-attack" in m.group(3) else None)
    out = []
    for strike in _STRIKES.finditer(m.group(3)):
        race = strike.group(1) or race or SITE_RACE
        out.append(SiteAttack(race=race_name(race), strikes=int(strike.group(2)), prowess=int(strike.group(3))))
    return tuple(out) if len(out) == count else ()


# "Playable on an untapped scout immediately after facing an Orc, Troll, or Man attack", "... after facing an
# automatic-attack at a Border-hold or Free-hold": the engine plays it in the site phase of a company that entered
# a site with such an automatic-attack and faced it (not after a hazard creature's attack: none in the goldfish).
_AFTER_AUTOMATIC_ATTACK = re.compile(r"immediately after facing an? (?:((?:\w+, )*\w+,? or \w+) attack|"
                                     r"automatic-attack)")


def _after_automatic_attack(m: re.Match, at: tuple[Place, ...]) -> tuple[Place, ...]:
    from dataclasses import replace

    races = tuple(RACE_WORDS.get(w, w.title()) for w in re.findall(r"\w+", m.group(1) or "") if w != "or")
    wanted = races or (ANY_ATTACK,)
    return tuple(replace(p, auto_attack=wanted) for p in at) if at else (Place(auto_attack=wanted),)


def _specific(text: str, avatars: set[str]) -> str | None:
    """"Radagast specific.": only a player who declared that Wizard plays it (coe 1.3.4). "Balrog specific" is
    not one: every Balrog deck is The Balrog's."""
    m = re.match(r"(?:Unique\. )?(\w+) specific\b", text)
    return m.group(1) if m and m.group(1) in avatars and m.group(1) != "Balrog" else None


def _merge(base: Place, place: Place) -> Place:
    from dataclasses import replace

    return replace(place, items=place.items or base.items, hoard=place.hoard or base.hoard)


def _names_in(play_text: str, characters: set[str]) -> list[str]:
    """Characters a card names as its bearer: "Aragorn II only", "on Arwen", "on Balin, Dáin II, ..."."""
    out = []
    m = re.search(r"^(?:Unique\. )?([A-Z][\w’' ]+?) only\b", play_text)
    if m and fold(m.group(1)) in characters:
        out.append(m.group(1))
    m = re.search(r"[Pp]layable on ([A-Z][^.]*?)(?: in | if |\.|$)", play_text)
    if m:
        for part in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(1)):
            if fold(part) in characters:
                out.append(part.strip())
    return out


def _location_phrase(play_text: str) -> str | None:
    """The words naming where the card is played: after "at", "in" or "on a <site>"."""
    text = re.sub(r"during (?:the|your|any player’s|its|his) (?:site|organization) phase|during site phase", " ",
                  play_text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\bon your protected (\w[^.]*?) or your protected ", r"on your protected \1 or ", text)
    m = re.search(r"(?:\bat |\bin (?=the |[A-Z])|\bon (?=(?:an? |one of your |the |your protected )?"
                  r"(?:untapped |tapped )?(?:hero |minion )?(?:[A-Z]|free|border|shadow|dark|ruins|site|under|non-)))"
                  r"(.+?)(?= if | and only| only if|, if|\(does|\(if|; playable| by |\. |\.$|$| during | who | "
                  r"where an? | and if | with a gold| and after| in the same)", text)
    if not m:
        return None
    phrase = m.group(1)
    # "at one of your Wizardhavens", "at any tapped or untapped"
    phrase = re.sub(r"^(?:any|an?|the|one of your|your protected|your)\s+", "", phrase)
    phrase = re.sub(r"\b(?:tapped or untapped|untapped|already tapped|tapped)\s+", "", phrase)
    phrase = re.sub(r"^(?:hero|minion)\s+", "", phrase)
    return phrase


def _requirements(text: str, avatars: set[str]) -> dict:
    """What a card asks to be in play before it: our avatar, stage points, other cards."""
    out: dict = {}
    if m := re.search(r"if you are ([^.]+)", text):
        named = [n.strip() for n in re.split(r",\s*(?:or\s+)?|\s+or\s+|\s+and\s+", m.group(1))]
        out["avatar"] = tuple(n for n in named if n in avatars)
    if re.search(r"if the balrog is (?:there|at)", text, re.I):
        out["avatar_there"] = True
    if m := re.search(r"(\d+) (?:or more )?(?:stage points|sps)", text, re.I):
        out["stage_points"] = int(m.group(1))
    in_play = []
    if m := re.search(r"if (?:the )?([\w' -]+?) (?:are|is) already in play", text, re.I):
        in_play.append(m.group(1))
    if m := re.search(r"if you have ([\w' -]+?) in play", text, re.I):
        in_play += [p.strip() for p in re.split(r" and ", m.group(1))]
    if m := re.search(r"with (Sacrifice of Form)\b", text):
        in_play.append(m.group(1))
    if re.search(r"protected (?:wizardhaven|isengard|the white towers)", text, re.I):
        out["protected"] = True
    if in_play:
        out["in_play"] = tuple(dict.fromkeys(p.strip() for p in in_play))
    return out


def _modifications(text: str) -> tuple[Modification, ...]:
    """"Standard Modifications: Dúnedain (+1), Elves (-2), Orcs of Angmar (+2)"."""
    m = re.search(r"(?:Standard )?Modifications?:(.*)", text)
    if not m:
        return ()
    out = []
    for name, value in re.findall(r"([\w’' -]+?)\s*\(([+-]\d+)", m.group(1)):
        name = name.strip()
        key = name.lower()
        if key in ("wizards", "wizard"):
            out.append(Modification(int(value), race="Wizard"))
        elif key in RACE_WORDS:
            out.append(Modification(int(value), race=RACE_WORDS[key]))
        elif a := re.match(r"if (\w+) is your wizard", key):
            out.append(Modification(int(value), avatar=a.group(1).title()))
        elif a := re.match(r"(men|dwarves|elves) with home sites", key):
            out.append(Modification(int(value), race=RACE_WORDS[a.group(1)]))
        elif a := re.match(r"any other (\w+) faction", key):
            out.append(Modification(int(value), faction_race=RACE_WORDS.get(a.group(1), a.group(1).title())))
        elif key.startswith("other ") and key[6:] in RACE_WORDS:
            out.append(Modification(int(value), race=RACE_WORDS[key[6:]]))
        elif key in ("the balrog", "leader"):
            out.append(Modification(int(value), influencer="The Balrog" if key == "the balrog" else "Leader"))
        elif name[:1].islower() or key.startswith("or "):
            continue                  # "influencer discards a major item": a choice, not a standard modification
        else:
            out.append(Modification(int(value), faction=name))
    return tuple(out)


# ---- other facts ------------------------------------------------------------------------------------


def site_facts(card: dict, text: str) -> SiteFacts | None:
    attrs = card.get("attributes") or {}
    raw = attrs.get("autoAttack") or ""
    races = []
    for part in re.split(r";|\(\d\w\w(?: attack)?\)|,\s*(?=[A-Z][a-z]+ [-—])", raw):
        m = re.match(r"\s*([A-Za-zûúÛÚ][A-Za-zûú\- ]*?)\s*(?:\(|-|—|\d|$)", part)
        if m and m.group(1) and m.group(1)[0].isupper() and "Opponent" not in m.group(1):
            word = m.group(1).strip()
            races.append(RACE_WORDS.get(word.lower(), word))
    special = (attrs.get("special") or "")
    hoard = "Dragon" in races or "contains a hoard" in special.lower()
    adjacent = tuple((n.strip(), int(r)) for n, r in re.findall(r"([^,()]+?)\s*\((\d+)\)", attrs.get("adjacent") or ""))
    ring: dict = {}
    if m := re.search(r"gold ring stored at this site is automatically tested \(modify the roll by ([+-]\d+)", special,
                      re.I):
        ring["stored_ring_test"] = int(m.group(1))
    if re.search(r"gold ring item at this site is automatically tested", special, re.I):
        m = re.search(r"ring tests at this site are modified by ([+-]\d+)", special, re.I)
        ring["ring_test_here"] = int(m.group(1)) if m else 0
    if m := re.search(r"gold ring is tested in a company at this site, the result of the roll is modified by ([+-]\d+)",
                      special, re.I):
        ring["ring_test_bonus"] = int(m.group(1))
    attacks, hand_attack, hand_unique = parse_automatic_attacks(raw)
    if not (races or hoard or adjacent or ring or attacks or hand_attack):
        return None
    return SiteFacts(auto_attacks=tuple(dict.fromkeys(races)), attacks=attacks, hand_attack=hand_attack,
                     hand_attack_unique=hand_unique, hoard=hoard, adjacent=adjacent, **ring)


def ring_tester(text: str) -> RingTester | None:
    """Gandalf's ability ("may tap to test a gold ring in his company"), Test of Lore, Wizard's Test, Ringlore."""
    low = text.lower()
    site_phase = "during the site phase" in low               # Secrets of Their Forging, Ringlore: tap the site
    information = "information is playable" in low
    if re.search(r"replace the gold ring with a special item ring", low):     # Secrets of Their Forging
        return RingTester(sage="sage" in low, no_roll=True, information=information, site_phase=site_phase)
    if not re.search(r"(?:may tap to|play to) test a gold ring|test the gold ring, no roll", low):
        return None
    modifier = 0
    if m := re.search(r"(subtract|add) (one|two|\d) (?:from|to) the result", low):
        modifier = {"one": 1, "two": 2}.get(m.group(2)) or int(m.group(2))
        modifier = -modifier if m.group(1) == "subtract" else modifier
    return RingTester(sage=any(w in low for w in ("sage’s company", "sage's company", "sage only")),
                      modifier=modifier, no_roll="no roll" in low, best_of_two="two rolls" in low,
                      information=information, site_phase=site_phase)


def ring_test_item_bonus(text: str) -> int:
    m = re.search(r"when a gold ring is tested in a company (?:with|bearing) the [^,]+, the "
                  r"(?:result of the roll|random value obtained) is modified by ([+-]\d+)", text, re.I)
    return int(m.group(1)) if m else 0


def mode_card(text: str) -> Mode | None:
    m = re.match(r"(Heralded Lord|Black Rider|Fell Rider) mode\.", text)
    if not m:
        return None
    di = re.search(r"([+-]\d+) direct influence", text)
    return Mode(name=m.group(1), direct_influence=int(di.group(1)) if di else 0)


def general_influence_change(text: str) -> InfluenceChange | None:
    """Bade to Rule: "-2 to his direct influence, +5 general influence" on your Ringwraith; The Lidless Eye:
    "Playable if your opponent is a Wizard and you have not revealed a Ringwraith. You are Sauron, not a
    Ringwraith. ... +7 to your general influence"; Great Shadow: "Playable during your organization phase on
    The Balrog. ... +6 general influence"."""
    control = re.search(r"^Playable on one of your non-Fallen-wizard characters\..* The character requires (\d+) "
                        r"points of influence to control", text)
    if control:
        return InfluenceChange(general=0, on=CHARACTER, control=int(control.group(1)))
    unrevealed = re.search(r"^Playable only if your Wizard is not revealed\. Your general influence is increased by "
                           r"(\d+)\. Your Wizard may only be brought into play at his home site\. Discard when you "
                           r"bring your Wizard into play\.", text)
    if unrevealed:                            # Saw Further and Deeper
        return InfluenceChange(general=int(unrevealed.group(1)), on=UNREVEALED_AVATAR)
    m = re.search(r"([+-]\d+) (?:to your )?general influence", text)
    if not m:
        return None
    general = int(m.group(1))
    if "You are Sauron, not a Ringwraith" in text:
        return InfluenceChange(general=general, on=SAURON,
                               opponent_wizard="Playable if your opponent is a Wizard" in text)
    if re.search(r"Playable (?:during your organization phase )?on The Balrog\.", text):
        fetch = "During your end-of-turn phase, you may take one non-short-event resource or character from your " \
                "discard pile" in text
        return InfluenceChange(general=general, on=THE_BALROG, end_of_turn_fetch=fetch)
    if not re.search(r"on your ringwraith|your ringwraith is not in play", text, re.I):
        return None
    di = re.search(r"([+-]\d+) to his direct influence", text)
    return InfluenceChange(general=general, avatar_direct=int(di.group(1)) if di else 0)


_NUMBERS = {"one": 1, "two": 2, "three": 3}


def hand_size(text: str, names: Names) -> HandSize | None:
    """"When he is at Carn Dûm, you may keep one more card than normal in your hand"."""
    m = re.search(r"([^.]*)you may keep (one|two|three) more cards? than normal in your hand", text, re.I)
    if not m:
        return None
    before = m.group(1)
    sites = names.find(before.split(" at ", 1)[1], "site") if " at " in before else []
    return HandSize(bonus=_NUMBERS[m.group(2).lower()], site=sites[0] if sites else None,
                    darkhaven="darkhaven" in before.lower())


def mode_influence(text: str) -> dict[str, int]:
    """A Ringwraith's own "+2 direct influence in Heralded Lord mode"."""
    return {mode: int(value) for value, mode in
            re.findall(r"([+-]\d+) direct influence in (Heralded Lord|Black Rider|Fell Rider) mode", text)}


def region_facts(card: dict) -> RegionFacts:
    attrs = card.get("attributes") or {}
    return RegionFacts(type=(attrs.get("regionType") or "").strip("{}"),
                       adjacent=tuple(n.strip() for n in (attrs.get("moveTo") or "").split(",") if n.strip()))


_BONUS = re.compile(r"([+-]\d+) (?:to )?(?:(?:his|her|bearer’s|bearer's) )?direct influence "
                    r"(?:against|when influencing) ([^.;]+)", re.I)
_ATTEMPT = re.compile(r"([+-]\d+) to (?:an |any |one )?influence (?:attempt|check)s? (?:against (?:a |any )?factions?|"
                      r"by a character in the same company against a faction)", re.I)


def influence_bonuses(card: dict, text: str, names: Names) -> tuple[InfluenceBonus, ...]:
    """Bonuses to influence checks against factions a character, item or short-event gives."""
    out = []
    for value, target in _BONUS.findall(text):
        target_low = target.lower()
        if "faction" not in target_low:
            continue
        if re.search(r"\b(?:any|all) factions?\b", target_low) and "playable at" not in target_low:
            out.append(InfluenceBonus(int(value), any_faction=True))
        elif "playable at" in target_low:
            out.append(InfluenceBonus(int(value), sites=tuple(names.find(target.split("playable at", 1)[1], "site"))))
        elif re.search(r"\b(?:the )?([A-Z][\w’' -]+?) factions?\b", target):
            races = [RACE_WORDS[w] for w in
                     re.findall(r"\b(orc|troll|dwarf|elf|man|wose|hobbit|wolf)\b(?= factions?|/)", target_low)]
            if races:
                out.append(InfluenceBonus(int(value), races=tuple(dict.fromkeys(races))))
            else:
                named = re.findall(r"(?:the )?([A-Z][\w’' -]+?) faction", target)
                out.append(InfluenceBonus(int(value), factions=tuple(n.strip() for n in named)))
    if re.search(r"^-1 to influence checks against factions|-1 to influence checks against factions", text):
        out.append(InfluenceBonus(-1, any_faction=True))
    for value in _ATTEMPT.findall(text):
        out.append(InfluenceBonus(int(value), any_faction=True))
    return tuple(dict.fromkeys(out))


# "+3 direct influence against Orcs and Orc factions", "+7 direct influence only usable against Aragorn II", "+5
# direct influence that is only usable against Galadriel": restricted direct influence (coe 2.II.2.2.4).
_RESTRICTED = re.compile(r"([+-]\d+) (?:to )?(?:(?:his|her) )?direct influence (?:that is )?(?:only usable )?against "
                         r"([^.;+]+)")
_FACTION_TAIL = re.compile(r"\b(?:any |all )?factions?\b(?: that| playable).*$", re.I)
_CHARACTER_RACES = {"orcs": "Orc", "trolls": "Troll", "dwarves": "Dwarf", "elves": "Elf", "men": "Man",
                    "dúnedain": "Dúnadan", "hobbits": "Hobbit"}


def follower_influence(text: str, characters: dict[str, str]) -> tuple[tuple[FollowerInfluence, ...], list[str]]:
    """A character's direct influence restricted to followers of a kind, each instance on its own, and the
    targets of such a phrase that name neither a faction nor characters (printed without "faction": "Riders of
    Rohan", "Dunlendings"): those are said, not guessed. `characters` maps folded names to printed ones."""
    out, unread = [], []
    for value, target in _RESTRICTED.findall(text):
        target = re.sub(r"(?:,|\band)\s*$", "", _FACTION_TAIL.sub("", target.strip().rstrip(",")).strip()).strip()
        races: list[str] = []
        names: list[str] = []
        specific = home_site = None
        if m := re.search(r"any character or minion that has ([\w’' -]+?) as a home site", target):
            home_site = m.group(1).strip()
            target = target.replace(m.group(0), "")
        if re.search(r"\bBalrog specific characters\b", target):
            specific = "Balrog"
            target = target.replace("Balrog specific characters", "")
        for token in re.split(r",\s*(?:and\s+)?|\s+and\s+", target):
            token = token.strip()
            if not token or re.search(r"\bfactions?\b", token, re.I):
                continue
            if token.lower() in _CHARACTER_RACES:
                races.append(_CHARACTER_RACES[token.lower()])
            elif fold(token) in characters:
                names.append(characters[fold(token)])
            else:
                unread.append(token)
        if races or names or specific or home_site:
            out.append(FollowerInfluence(int(value), races=tuple(races), names=tuple(names), specific=specific,
                                         home_site=home_site))
    return tuple(out), unread


_RING_ROW = re.compile(r"(the one ring|(?:a )?dwarven ring|(?:a )?magic ring|(?:a )?lesser ring|(?:a )?spirit ring)"
                       r"\s*\(([^)]*)\)", re.I)


def ring_test_table(text: str) -> tuple[tuple[str, int, int], ...]:
    """A gold ring's test: for each kind of ring, the lowest and highest result that allows it."""
    out = []
    for kind, values in _RING_ROW.findall(text):
        kind = re.sub(r"^a ", "", kind.strip(), flags=re.I)
        kind = "The One Ring" if kind.lower() == "the one ring" else kind.title()
        if "any" in values:
            out.append((kind, 0, 99))
            continue
        numbers = [int(n) for n in re.findall(r"\d+", values)]
        if numbers:
            out.append((kind, min(numbers), 99 if "+" in values else max(numbers)))
    return tuple(out)


_CANCEL = re.compile(r"\bcancel(?:s|ed)?\b(?! all)[^.]*\battack|\bthe attack is canceled", re.I)
# A cancel whose first way asks for what the facts cannot say (an avatar named or Sauron, a spell's corruption
# check, a roll, a chain of effects, an organization-phase play for the rest of the turn, an automatic-attack or a
# site's keying, detainment, one cancel per character tapped): not read. A covert company (glossary) and a
# diplomat who taps are read only as _COVERT and the card's "Diplomat only." say them (Not Slay Needlessly, Ruse).
_CANCEL_UNREAD = re.compile(r"playable if|playable on (?!an?\b)|specific|corruption check|\bmagic\b|\bspell\b|"
                            r"sorcery|make a roll|influence check|covert|chain of effects|organization phase|"
                            r"automatic-attack|keyed|detainment|this turn|diplomat|hazard creature|for each", re.I)
# "Against a covert company, the attack is canceled." / "Playable on a untapped diplomat in a covert company facing
# an attack. Tap the diplomat.": cancels only against a covert company (glossary "covert").
_COVERT = re.compile(r"\b(?:against|in) a covert company,?", re.I)
_DIPLOMAT = re.compile(r"^Diplomat only\.(?: Scout only\.)?|(?:un)?tapped diplomat|\bthe diplomat\b", re.I)
_RACE_LIST = r"((?:[A-Z][\w-]*,? (?:or )?)*[A-Z][\w-]*)"        # "Orc, Troll, or Man"
_CANCEL_RACES = re.compile(r"(?:[Pp]layable on an? |[Cc]ancels? (?:one |an? )?)" + _RACE_LIST + r" attack|attack by "
                           + _RACE_LIST)


# "Playable on an Orc, Troll, Giant, Slayer, or Man hazard creature with one strike for each of its attacks. All
# attacks of the creature are canceled. The creature becomes an ally under the control of any character in the
# company that now taps.": a cancel whose creature becomes an ally (`AttackCancel.becomes_ally`).
_BECOMES_ALLY = re.compile(r"^Playable on an? " + _RACE_LIST + r" hazard creature with one strike for each of its "
                           r"attacks\. All attacks of the creature are canceled\. The creature becomes an ally under "
                           r"the control of any character in the company that now taps\.")


def creature_becomes_ally(text: str) -> AttackCancel | None:
    """The cancel of `_BECOMES_ALLY`, None for any other text."""
    m = _BECOMES_ALLY.search(text)
    if not m:
        return None
    words = re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(1))
    return AttackCancel(races=tuple(dict.fromkeys(race_name(w) for w in words if w)), taps=True, becomes_ally=True)


def attack_cancel(card: dict, text: str) -> AttackCancel | None:
    """A resource short-event whose first way cancels one attack against the company ("Scout only. Tap scout to
    cancel one attack against his company."; "Cancel one attack by Orcs, Trolls, or Men."; "Playable on an
    unwounded character facing an attack. The attack is canceled and the character is wounded")."""
    if "Short-event" not in ((card.get("attributes") or {}).get("subtype") or ""):
        return creature_becomes_ally(text)
    first = re.split(r"\balternatively\b|\botherwise\b", text, maxsplit=1, flags=re.I)[0]
    covert = bool(_COVERT.search(first))
    diplomat = first.startswith("Diplomat only.")
    readable = _COVERT.sub("", first)
    if diplomat:
        readable = _DIPLOMAT.sub("", readable)
    if not _CANCEL.search(first) or _CANCEL_UNREAD.search(readable):
        return None
    races: tuple[str, ...] = ()
    if m := _CANCEL_RACES.search(first):
        words = re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(1) or m.group(2))
        races = tuple(dict.fromkeys(race_name(w) for w in words if w))
    skill = re.match(r"(Sage|Scout|Ranger|Warrior|Diplomat) only\.", first)
    return AttackCancel(races=races, skill=skill.group(1) if skill else None,
                        taps=bool(re.search(r"\btap (?:the |a )?(?:scout|ranger|sage|warrior|diplomat|character)\b",
                                            first, re.I)),
                        wounds=bool(re.search(r"character is wounded", first, re.I)), covert=covert)


# ---- the whole --------------------------------------------------------------------------------------


def derive_play_facts(source: dict, unread: list[tuple[str, str]] | None = None) -> PlayFacts:
    """Every play fact of the CoE data. `unread`, when given, receives (character, target) for each target of
    restricted direct influence that names no kind of character (see `follower_influence`)."""
    cards = [raw for set_code in source for raw in source[set_code]["cards"].values()]
    names = Names(cards)
    characters = {fold(c["name"]["en"]) for c in cards if c["type"] == "Character"}
    avatars = {c["name"]["en"].strip() for c in cards if (c.get("attributes") or {}).get("avatar")}
    printed = {fold(c["name"]["en"]): c["name"]["en"].strip() for c in cards if c["type"] == "Character"}
    facts = PlayFacts()
    for raw in cards:
        text = _text(raw)
        card_id = raw["id"]
        if raw["type"] == "Resource":
            condition = derive_condition(raw, text, names, characters, avatars)
            if condition is not None:
                facts.conditions[card_id] = condition
            table = ring_test_table(text)
            if table and "Gold Ring" in ((raw.get("attributes") or {}).get("subtype") or ""):
                facts.ring_tests[card_id] = table
        elif raw["type"] == "Site":
            site = site_facts(raw, text)
            if site is not None:
                facts.sites[card_id] = site
        elif raw["type"] == "Region":
            facts.regions[raw["name"]["en"].strip()] = region_facts(raw)
        if raw["type"] in ("Character", "Resource"):
            bonuses = influence_bonuses(raw, text, names)
            if bonuses:
                facts.influence[card_id] = bonuses
            if tester := ring_tester(text):
                facts.ring_testers[card_id] = tester
            if bonus := ring_test_item_bonus(text):
                facts.ring_test_bonus[card_id] = bonus
            if mode := mode_card(text):
                facts.modes[card_id] = mode
            if modes := mode_influence(text):
                facts.mode_influence[card_id] = modes
            if change := general_influence_change(text):
                facts.general_influence[card_id] = change
            if bonus := hand_size(text, names):
                facts.hand_size[card_id] = bonus
        if raw["type"] == "Character":
            restricted, targets = follower_influence(text, printed)
            if unread is not None:
                unread.extend((raw["name"]["en"].strip(), t) for t in targets)
            if restricted:
                facts.follower_influence[card_id] = restricted
        if raw["type"] == "Resource" and (cancel := attack_cancel(raw, text)):
            facts.attack_cancels[card_id] = cancel
    return facts


def import_play_facts(source_path, unread: list[tuple[str, str]] | None = None) -> dict:
    """Read coe-cards.json and return the play-facts document (sorted, deterministic); `unread` as in
    `derive_play_facts`."""
    data, source = load_coe_source(source_path)
    document = {"format": PLAY_FORMAT, "source": source_facts(source_path, data)}
    document.update(facts_to_json(derive_play_facts(source, unread)))
    return document


def validate_play_facts(document: dict, schema_path=None) -> None:
    """Check a play-facts document against card_db/play.schema.json; a DeckcheckError names the first problem."""
    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.importer import check_schema
    from deckcheck.datafiles import data_path

    check_schema(document, schema_path or data_path(CARD_DB, "play.schema.json"), "play facts")
