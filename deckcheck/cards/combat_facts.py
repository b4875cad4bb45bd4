"""Facts about hazards and weapons that combat needs, derived from the Council of Elrond card database.

The card catalog (`cards.json`) holds each creature's printed numbers and its keyed-to symbols; what a creature
is keyed to *by name*, who chooses its defending characters, how many attacks it makes, which corruption
cards the simulation can play and on whom, and the caps of weapons are said only in the card text. This
module reads them out of the text once, at import, and `card_db/combat.json` keeps the facts (names of regions
and sites, numbers, flags), never the text. `deckcheck cards import-coe` writes it beside `cards.json`.

Sentences under a condition the simulation does not track ("If Doors of Night is in play, ...", "after any
Orc attack ...") are left out, so a creature is keyed only where it always may be.
"""

from __future__ import annotations

import re
from functools import cache

from deckcheck.cards.importer import RACE_NAMES
from deckcheck.cards.names import fold

COMBAT_FACTS_FORMAT = 1

_TAGS = re.compile(r"<[^>]+>")
_SENTENCE = re.compile(r"(?<=[.;])\s+")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10}
_NUMBER = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_ATTACKS = re.compile(rf"\b{_NUMBER} attacks\b(?: \(?of {_NUMBER} strikes?)?", re.I)
_STRIKES = re.compile(rf"\b{_NUMBER} strikes?\b", re.I)
# Slayer: "The defender may tap any one character in the company to cancel one of these attacks."
_TAP_CANCELS_ONE = re.compile(r"(?:defender may tap any one character in the company|a character can tap) to cancel "
                              r"one of these attacks", re.I)
# Corpse-candle: "If this attack is not canceled, every character in the company makes a corruption check before
# defending characters are selected."
_COMPANY_CHECK = re.compile(r"every character in the company makes a corruption check before defending characters "
                            r"are selected", re.I)
_WOUND_CHECK = re.compile(r"wounded by [^.]*?makes? a corruption check(?: modified by ([+-]\d+))?", re.I)
_DETAINMENT = re.compile(r"detainment[^.;)]*?against ([a-z, ]+?) compan", re.I)
_CONDITIONAL = re.compile(r"^(?:if |additionally|may (?:also )?be played (?:following|\(on the same)|"
                          r"may be played keyed to wilderness \[\{w\}\] after)", re.I)
_WOUNDED_OR_DOORS = re.compile(r"Only playable at ((?:[^.,]*?\[\{[SDRBF]\}\][^.,]*?)+), and only if a character in "
                               r"target company is wounded or Doors of Night is in play", re.I)
# "If Doors of Night is in play, may also be played keyed to ...": keys that hold only while it is in play.
_DOORS = re.compile(r"^If Doors of Night is in play,\s*", re.I)
_KEYED_TO = re.compile(r"(?:keyed to|playable at|played at) (.+)$", re.I)
_SITE_TYPE_CODE = re.compile(r"\[\{([RSDBFH])\}\]")
_SITES_IN_REGIONS = re.compile(r"at (?:non-haven )?sites in (?:these regions|([^.;]+))", re.I)
_TYPED_SITES_IN = re.compile(r"at ((?:[^.;]*?\[\{[RSDBF]\}\][^.;]*?)+?)(?: sites)? in (?:these regions|"
                             r"the following regions: ([^.;]+))", re.I)
# Corruption cards: on whom, how many corruption points, when they force a check, how they are removed.
_NOT_RACES = re.compile(r"Playable on an? ((?:non-[\w-]+(?:,| or)? )+)character", re.I)
_RECEIVES = re.compile(r"receives? (\d+) corruption points?", re.I)
_REMOVE = re.compile(r"if the result is greater than (\d+), discard this card", re.I)
_COMPANY_AT_MOST = re.compile(r"in a company with (\d+) or fewer characters", re.I)
# Alone and Unadvised: its points are the printed corruption; its checks get + the company's size; it goes when
# the company grows past the size it was playable on.
_CHECKS_PLUS_COMPANY = re.compile(r"corruption checks are modified by adding the number of characters in his "
                                  r"company", re.I)
_DISCARD_COMPANY = re.compile(r"Discard this card if his company has (\d+) or more characters", re.I)
# Text a simple corruption card may not have: the simulation cannot satisfy these conditions.
_CORRUPTION_CONDITIONS = re.compile(r"facing a (?:strike|hazard creature attack)|wounded by|Place with|bearing|"
                                    r"Playable only on a minion|Playable on an Elf|Playable on a (?:Fallen-)?Wizard|"
                                    r"A revealed Wizard|Playable on a company", re.I)
# A corruption short-event that forces one check at once: "Playable on a character bearing a major or greater item.
# Character makes a corruption check modified by -1." (Dragon-sickness); "Playable on a character. <another
# use>. Alternatively, target character makes a corruption check." (Weariness of the Heart).
_CHECK_NOW = re.compile(r"^Playable on a character(?: bearing an? ((?:minor|major|greater)(?: or (?:minor|major|"
                        r"greater))*) item)?\.(?: [^.]*\.)*? (?:Alternatively, )?(?:target )?character makes a "
                        r"corruption check(?: modified by ([+-]\d))?\.$", re.I)
CHECK_TRIGGERS = (
    ("wilderness", re.compile(r"end of his movement/hazard phase for each Wilderness", re.I)),
    ("region", re.compile(r"end of his movement/hazard phase for each region", re.I)),
    ("item", re.compile(r"each time a character in his company gains an item", re.I)),
    ("wounded", re.compile(r"each time a character in his company becomes wounded", re.I)),
    ("untap-at-haven", re.compile(r"end of his untap phase if at a Haven", re.I)),
    ("untap-not-at-haven", re.compile(r"untap phases? if (?:he is )?not (?:at|in) a Haven", re.I)),
)
# Characters: "Discard on a body check result of 9", "... of 7 or 8" (many Orcs and Trolls, coe 3.I.1).
_BODY_DISCARD = re.compile(r"discard on a body check result of (\d+)((?:\s*(?:,|or)\s*\d+)*)", re.I)
# Sites: "Creatures keyed to this site attack normally, not as detainment" ("Non-Nazgûl creatures played at this
# site ..."), "Creatures keyed to this site attack as detainment" (coe 3.II.2: what keying would make them).
_SITE_NORMAL = re.compile(r"(non-nazg[uû]l )?creatures (?:keyed to|played at) this site attack normally", re.I)
# A character's own corruption check modification (coe 7.1, the glossary's "corruption check modifier"), which 38
# characters state in their text though 22 of them (Bilbo +4, Pippin +2, Bofur -1, Orc Tracker -1...) print no
# `corruption` attribute: "-1 to all (of his) corruption checks", "All of his corruption checks are modified by +2".
_CHECK_MODIFIER = re.compile(r"([+-]\d+) to all (?:of (?:his|her|its) )?corruption checks|"
                             r"corruption checks are modified by ([+-]\d+)", re.I)
# The Balrog: "prowess is only modified by -1 when not tapping to face a strike" (coe 3.iv.3 says -3)
_STAY_PENALTY = re.compile(r"prowess is only modified by -(\d+) when not tapping to face a strike", re.I)
# A Fallen-wizard avatar's scoring ability (coe 10.F1: "unless that value is modified by a ... Fallen-wizard avatar
# ability"): "Your characters and hero allies are each worth full marshalling points" (Gandalf), "Your hero allies each
# are worth full ..." (Radagast), "Your non-weapon/non-armor/non-shield/non-helmet items are each worth full ..."
# (Saruman); "Your Man, Dwarf, ... and Troll factions are each worth 2 ..." (Pallando), "Your unique factions that
# are neither Man, ... nor Troll are each worth 2 ..." (Radagast).
_WORTH_FULL = re.compile(r"Your (characters and hero allies|hero allies|non-weapon/ ?non-armor/ ?non-shield/ ?"
                         r"non-helmet items) (?:are each|each are) worth full marshalling points")
_FACTIONS_WORTH = re.compile(r"Your (unique )?(?:factions that are neither ([^.]+?) are|([^.]+?) factions are) each "
                             r"worth (\d+) marshalling points")
# Alatar: "Hazards your companies defeat (even with *) are worth full kill marshalling points."
_FULL_KILLS = re.compile(r"Hazards your companies defeat \(even with \*\) are worth full kill marshalling points")
# An item's own kind among those Saruman's ability leaves out: "Weapon.", "Armor.", "Shield.", "Helmet." (a word of
# its text, as "Unique. Weapon. +3 to prowess")
_GEAR = re.compile(r"(?:^|\.\s*)(Weapon|Armor|Shield|Helmet)\.")
# An agent's own limits on its moves and attacks (coe 4.1 moves it; its card may narrow that)
_AGENT_ONLY_TO = re.compile(r"may not move to any site other than (.+?)(?:,? or a site in ([^.]+))?\.", re.I)
_AGENT_NOT_TO = re.compile(r"cannot move to ((?:[\w-]+s?\s*\[\{\w\}\](?:\s*(?:,|and|or)\s*)?)+)", re.I)
_AGENT_HARMLESS = re.compile(r"defending character is not harmed", re.I)
# The Balrog's Under-gates: "If one of your companies is at this site, all attacks against it are canceled."
_SITE_SAFE = re.compile(r"if one of your companies is at this site, all attacks against it are cancel+ed", re.I)
# The minion Darkhavens (Carn Dûm, Dol Guldur, Minas Morgul): "Any attack against a minion company at this site is
# canceled."
_SITE_SAFE_MINION = re.compile(r"any attack against a minion company at this site is cancel+ed", re.I)
_SITE_DETAINS = re.compile(r"creatures keyed to this site (?:attack as|are) detainment", re.I)
# Weapons and armour: "+2 to prowess to a maximum of 9", "Warrior only: +1 to body (to a maximum of 8)".
_PROWESS_MAX = re.compile(r"prowess[^.;]*?to a maximum of (\d+)", re.I)
_BODY_MAX = re.compile(r"body[^.;]*?to a maximum of (\d+)", re.I)


def _text(raw: dict) -> str:
    text = (raw.get("text") or {}).get("en") or ""
    return re.sub(r"\s+", " ", _TAGS.sub(" ", text)).strip()


def _number(word: str | None) -> int | None:
    if word is None:
        return None
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)


def _leading_int(value) -> int | None:
    m = re.match(r"^\s*\(?([+-]?\d+)", str(value or ""))
    return int(m.group(1)) if m else None


class _Names:
    """The region and site names of the card pool, to tell a named key from any other word."""

    def __init__(self, cards: list[dict]):
        self.regions = {fold(c["name"]["en"].strip()): c["name"]["en"].strip() for c in cards
                        if c["type"] == "Region"}
        self.sites = {fold(c["name"]["en"].strip()): c["name"]["en"].strip() for c in cards if c["type"] == "Site"}
        deeps = [c for c in cards if c["type"] == "Site" and (c.get("attributes") or {}).get("underDeeps")]
        # "Playable at any Under-deeps site", "... at an adjacent site of any Under-deeps site" (Nameless Thing)
        self.under_deeps = sorted({c["name"]["en"].strip() for c in deeps})
        adjacent = set()
        for c in deeps:
            for part in re.split(r",\s*", (c.get("attributes") or {}).get("adjacent") or ""):
                key = fold(re.sub(r"\s*\(\d+\)\s*$", "", part).strip())
                if key in self.sites:
                    adjacent.add(self.sites[key])
        self.under_deeps_adjacent = sorted(adjacent)

    def split(self, text: str) -> tuple[list[str], list[str]]:
        """"Redhorn Gate, High Pass, and Iron Hills" -> (regions, sites) known by those names."""
        regions, sites = [], []
        for part in re.split(r",\s*|\s+and\s+|\s+or\s+", text):
            name = re.sub(r"^(?:and|or|at|the site)\s+", "", part.strip().rstrip(".;").strip(), flags=re.I)
            key = fold(name)
            if key in self.regions:
                regions.append(self.regions[key])
            elif key in self.sites:
                sites.append(self.sites[key])
        return regions, sites


def creature_facts(raw: dict, names: _Names) -> dict:
    """The facts of one hazard creature that its numbers and keyed-to symbols do not give."""
    text = _text(raw)
    attrs = raw.get("attributes") or {}
    facts: dict = {}
    if re.search(r"attacker chooses defending character", text, re.I):
        facts["attacker_chooses"] = True
    if re.search(r"each character in (?:the|target) company faces one strike", text, re.I):
        facts["each_character_faces_strike"] = True
    if _TAP_CANCELS_ONE.search(text):
        facts["tap_cancels_one"] = True
    if m := _ATTACKS.search(text):
        facts["attacks"] = _number(m.group(1))
        if m.group(2):
            facts["strikes"] = _number(m.group(2))
    if not _leading_int(attrs.get("strikes")) and "strikes" not in facts and (m := _STRIKES.search(text)):
        facts["strikes"] = _number(m.group(1))
    if m := _WOUND_CHECK.search(text):
        facts["wounded_corruption_check"] = int(m.group(1) or 0)
    if _COMPANY_CHECK.search(text):
        facts["company_corruption_check"] = True
    if m := _DETAINMENT.search(text):
        against = sorted(set(re.findall(r"\b(hero|covert|minion|overt)\b", m.group(1).lower())))
        if against:
            facts["detainment_against"] = against
    if m := _WOUNDED_OR_DOORS.search(text):
        # Morgul-rats: site types keyed only while a character of the company is wounded (not read) or Doors of
        # Night is in play (read: keys under it).
        facts["with_doors_of_night"] = {"site_types": list(dict.fromkeys(_SITE_TYPE_CODE.findall(m.group(1))))}
        return facts
    always, doors = [], []
    skip_next = False
    for sentence in _SENTENCE.split(text):
        continues = sentence.lower().startswith(("and may also", "may also be played at sites", "and at"))
        if _DOORS.search(sentence) or (continues and skip_next == "doors"):
            doors.append(_DOORS.sub("", sentence))          # keys that hold while Doors of Night is in play
            skip_next = "doors"
            continue
        if _CONDITIONAL.search(sentence) or (continues and skip_next):
            skip_next = True
            continue
        skip_next = False
        always.append(sentence)
    facts.update(_keys(always, names))
    if doors and (with_doors := _keys(doors, names)):
        facts["with_doors_of_night"] = with_doors
    return facts


def _keys(sentences: list[str], names: _Names) -> dict:
    """The regions, sites and sites in regions the sentences key a creature to."""
    regions: list[str] = []
    sites: list[str] = []
    site_regions: list[list] = []
    last_regions: list[str] = []
    symbols: list[str] = []
    for sentence in sentences:
        if re.search(r"adjacent site of any Under-deeps site", sentence, re.I):
            sites += names.under_deeps_adjacent
        elif re.search(r"at any Under-deeps site", sentence, re.I):
            sites += names.under_deeps
            if re.search(r"or surface site thereof", sentence, re.I):      # Shelob's Brood
                sites += names.under_deeps_adjacent
        symbols += re.findall(r"keyed to an? [\w -]+? \[(\{\w\})\]", sentence, re.I)
        typed = _TYPED_SITES_IN.search(sentence)
        if typed:
            codes = "".join(dict.fromkeys(_SITE_TYPE_CODE.findall(typed.group(1))))
            listed = names.split(typed.group(2))[0] if typed.group(2) else last_regions
            if listed:
                site_regions.append([codes, listed])
            sentence = sentence[: typed.start()]
        in_regions = _SITES_IN_REGIONS.search(sentence)
        if in_regions:
            listed = names.split(in_regions.group(1))[0] if in_regions.group(1) else last_regions
            if listed:
                site_regions.append(["*", listed])
            sentence = sentence[: in_regions.start()]
        any_site_in = re.search(r"at any site in ([^.;]+)", sentence, re.I)
        if any_site_in:
            site_regions.append(["*", names.split(any_site_in.group(1))[0]])
            sentence = sentence[: any_site_in.start()]
        for m in _KEYED_TO.finditer(sentence):
            found_regions, found_sites = names.split(m.group(1))
            regions += found_regions
            sites += found_sites
            if found_regions:
                last_regions = found_regions
    facts: dict = {}
    if regions:
        facts["regions"] = list(dict.fromkeys(regions))
    if sites:
        facts["sites"] = list(dict.fromkeys(sites))
    if site_regions := [group for group in site_regions if group[1]]:
        facts["site_regions"] = site_regions
    if symbols:
        facts["keyed_to"] = "".join(dict.fromkeys(symbols))   # a region type a Doors of Night key names
    return facts


def corruption_card_facts(raw: dict) -> dict:
    """A corruption card the simulation can play: on whom (races it may not target), its corruption points,
    when it forces a check, the roll that removes it; a short-event that forces one check at once (`check_now`:
    its modifier; `bearing`: the item sizes its target must bear one of). `modelled: false` where it cannot."""
    text = _text(raw)
    attrs = raw.get("attributes") or {}
    points = _leading_int(attrs.get("corruption"))
    m = _RECEIVES.search(text)
    if m:
        points = int(m.group(1))
    facts: dict = {"corruption": points or 0}
    if "Short-event" in (attrs.get("subtype") or "") and (now := _CHECK_NOW.search(text)):
        facts.update(modelled=True, check_now=int(now.group(2) or 0))
        if now.group(1):
            facts["bearing"] = [size.lower() for size in re.findall(r"minor|major|greater", now.group(1), re.I)]
        return facts
    plus_company = _CHECKS_PLUS_COMPANY.search(text)
    if _CORRUPTION_CONDITIONS.search(text) or not (m or plus_company and points):
        facts["modelled"] = False
        return facts
    facts["modelled"] = True
    if plus_company:
        facts["checks_plus_company"] = True
    if discard := _DISCARD_COMPANY.search(text):
        facts["discard_company_from"] = int(discard.group(1))
    if not_races := _NOT_RACES.search(text):
        races = re.findall(r"non-([\w-]+)", not_races.group(1))
        facts["not_races"] = [RACE_NAMES.get(r, r) for r in races]
    if at_most := _COMPANY_AT_MOST.search(text):
        facts["company_at_most"] = int(at_most.group(1))
    for trigger, pattern in CHECK_TRIGGERS:
        if pattern.search(text):
            facts["check"] = trigger
            break
    if remove := _REMOVE.search(text):
        facts["remove_above"] = int(remove.group(1))
    return facts


def character_facts(raw: dict) -> dict:
    """The body check results on which a character is discarded though its body holds ("Discard on a body
    check result of 7 or 8"): {"discard_on_body": [7, 8]}; the prowess modification to stay untapped where
    the card replaces coe 3.iv.3's -3 (The Balrog: "only modified by -1 when not tapping"):
    {"stay_untapped_penalty": 1}; the modification of all his corruption checks his text states ("-1 to all of
    his corruption checks"): {"check_modifier": -1}."""
    text = _text(raw)
    facts: dict = {}
    if m := _BODY_DISCARD.search(text):
        results = [int(m.group(1))] + [int(n) for n in re.findall(r"\d+", m.group(2) or "")]
        facts["discard_on_body"] = sorted(set(results))
    if m := _STAY_PENALTY.search(text):
        facts["stay_untapped_penalty"] = int(m.group(1))
    if m := _CHECK_MODIFIER.search(text):
        facts["check_modifier"] = int(m.group(1) or m.group(2))
    worth = mp_worth(text)
    if worth:
        facts["mp_worth"] = worth
    return facts


def _race_list(listed: str) -> list[str]:
    return [w for w in re.split(r",\s*(?:and |nor )?|\s+(?:and|nor)\s+", listed.strip()) if w]


def mp_worth(text: str) -> list[dict]:
    """What a character's ability makes our cards worth while he is in play (a Fallen-wizard avatar's, coe 10.F1):
    [{"cards": "character" | "hero_ally" | "item" | "faction" | "kill", "worth": N or None (full: the printed value),
    "not_gear": true (items that are no weapon, armor, shield or helmet), "races" / "not_races": [...] (factions),
    "unique": true (unique factions only), "star": true (kill points of creatures with a star too: Alatar)}]."""
    out = []
    for m in _WORTH_FULL.finditer(text):
        what = m.group(1)
        if what.startswith("characters"):
            out += [{"cards": "character", "worth": None}, {"cards": "hero_ally", "worth": None}]
        elif what == "hero allies":
            out.append({"cards": "hero_ally", "worth": None})
        else:
            out.append({"cards": "item", "worth": None, "not_gear": True})
    if _FULL_KILLS.search(text):
        out.append({"cards": "kill", "worth": None, "star": True})
    for m in _FACTIONS_WORTH.finditer(text):
        fact = {"cards": "faction", "worth": int(m.group(4))}
        if m.group(1):
            fact["unique"] = True
        if m.group(2):
            fact["not_races"] = _race_list(m.group(2))
        else:
            fact["races"] = _race_list(m.group(3))
        out.append(fact)
    return out


def agent_facts(raw: dict) -> dict:
    """What an agent's text says of its moves and its strikes: {"moves_only_to": {"sites": [...], "regions":
    [...]}} ("May not move to any site other than Bree, Old Forest, ..., or a site in The Shire"),
    {"cannot_move_to": ["F", "B"]} ("Cannot move to Free-holds [{F}] and Border-holds [{B}]"), {"harmless_strike":
    true} where its strike takes something instead of harming the character ("the defending character is not
    harmed": the simulation does not play that agent)."""
    text = _text(raw)
    facts: dict = {}
    if m := _AGENT_ONLY_TO.search(text):
        sites = [n.strip() for n in re.split(r",|\bor\b", m.group(1)) if n.strip()]
        facts["moves_only_to"] = {"sites": sites, "regions": [m.group(2).strip()] if m.group(2) else []}
    if m := _AGENT_NOT_TO.search(text):
        facts["cannot_move_to"] = re.findall(r"\{(\w)\}", m.group(1))
    if _AGENT_HARMLESS.search(text):
        facts["harmless_strike"] = True
    return facts


def site_facts(raw: dict) -> dict:
    """How creatures keyed to the site attack, when its text overrides keying's detainment (coe 3.II.2):
    {"keyed_attacks": "normal"} (with "not_races": ["Nazgûl"] for "Non-Nazgûl creatures") or "detainment";
    {"attacks_canceled": true} where all attacks against its player's company there are canceled (the Balrog's
    Under-gates), "minion" where only those against a minion company are (the Darkhavens: a Fallen-wizard's
    company is no minion company)."""
    text = _text(raw)
    facts: dict = {}
    if m := _SITE_NORMAL.search(text):
        facts = {"keyed_attacks": "normal", **({"not_races": ["Nazgûl"]} if m.group(1) else {})}
    elif _SITE_DETAINS.search(text):
        facts = {"keyed_attacks": "detainment"}
    if _SITE_SAFE.search(text):
        facts["attacks_canceled"] = True
    elif _SITE_SAFE_MINION.search(text):
        facts["attacks_canceled"] = "minion"
    return facts


def item_facts(raw: dict) -> dict:
    """Prowess and body bonuses of an item with their caps, whether only a warrior gets them, and its kind where
    the text names it ("Weapon.", "Armor.", "Shield.", "Helmet.": {"gear": "Weapon"})."""
    text = _text(raw)
    attrs = raw.get("attributes") or {}
    facts: dict = {}
    prowess, body = _leading_int(attrs.get("prowess")), _leading_int(attrs.get("body"))
    if prowess:
        facts["prowess"] = prowess
        if m := _PROWESS_MAX.search(text):
            facts["prowess_max"] = int(m.group(1))
    if body:
        facts["body"] = body
        if m := _BODY_MAX.search(text):
            facts["body_max"] = int(m.group(1))
    if facts and re.search(r"warrior only", text, re.I):
        facts["warrior_only"] = True
    if m := _GEAR.search(text):
        facts["gear"] = m.group(1).lower()
    return facts


def combat_facts(source: dict) -> dict:
    """The combat facts document for `card_db/combat.json`, sorted by card id (deterministic)."""
    cards = [raw for card_set in source.values() for raw in card_set["cards"].values()]
    names = _Names(cards)
    from deckcheck.cards.hazard_event_facts import hazard_event_facts
    from deckcheck.cards.resource_effects import resource_event_facts

    creatures, corruption, items, havens, characters, sites, agents = {}, {}, {}, {}, {}, {}, {}
    for raw in cards:
        attrs = raw.get("attributes") or {}
        subtypes = attrs.get("subtype") or ""
        if raw["type"] == "Hazard" and "Creature" in subtypes:
            facts = creature_facts(raw, names)
            if facts:
                creatures[raw["id"]] = facts
        if raw["type"] == "Hazard" and "Corruption" in (attrs.get("keywords") or ()):
            corruption[raw["id"]] = corruption_card_facts(raw)
        if raw["type"] == "Character":
            facts = character_facts(raw)
            if facts:
                characters[raw["id"]] = facts
        if attrs.get("agent") and (facts := agent_facts(raw)):
            agents[raw["id"]] = facts
        if raw["type"] == "Resource" and "Item" in subtypes:
            facts = item_facts(raw)
            if facts:
                items[raw["id"]] = facts
        if raw["type"] == "Site" and (facts := site_facts(raw)):
            sites[raw["id"]] = facts
        if raw["type"] == "Site" and attrs.get("siteType") == "{H}":
            paths = haven_paths(attrs, _text(raw))
            if paths:
                havens[raw["id"]] = paths
    return {
        "format": COMBAT_FACTS_FORMAT,
        "creatures": dict(sorted(creatures.items())),
        "corruption_cards": dict(sorted(corruption.items())),
        "items": dict(sorted(items.items())),
        "haven_paths": dict(sorted(havens.items())),
        "events": hazard_event_facts(cards, names),
        "resource_events": resource_event_facts(cards),
        "characters": dict(sorted(characters.items())),
        "sites": dict(sorted(sites.items())),
        "agents": dict(sorted(agents.items())),
    }


_SITE_PATH_FROM = re.compile(r"Site Path From ([^:{}]+?)\s*:\s*((?:\{\w\})+)")


def haven_paths(attrs: dict, text: str = "") -> dict[str, str]:
    """A haven's site paths to the havens it names: {"Lórien": "{w}{b}{w}{w}"}. A hero haven's attributes name
    the haven with the path ("Lórien - {w}{b}{w}{w}"); a minion Darkhaven's give the path alone, and its text
    names the haven ("Site Path From Dol Guldur: {d}{s}{d}{d}{s}"): the text's path is read then (coe 2.IV.ii:
    starter movement between havens follows the printed path; without one the move would have no region to
    key a creature to)."""
    paths = {}
    for key in ("haven", "haven1", "haven2"):
        value = attrs.get(key) or ""
        name, _, path = value.partition(" - ")
        if path and "{" in path and "{" not in name:
            paths[name.strip()] = path.strip()
    if not paths:
        for name, path in _SITE_PATH_FROM.findall(text):
            paths[name.strip()] = path
    return paths


def import_combat_facts(source_path) -> dict:
    """Read coe-cards.json (already checked by `import_coe`) and return the combat facts document."""
    import json
    from pathlib import Path

    from deckcheck.errors import DeckcheckError

    path = Path(source_path)
    try:
        return combat_facts(json.loads(path.read_bytes().decode("utf-8-sig")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
        raise DeckcheckError(f"cannot read combat facts: {exc}", str(path)) from None


def dump_combat_facts(document: dict) -> str:
    """One card per line, so that diffs between imports are readable."""
    import json

    lines = ["{" + f'"format": {document["format"]},']
    sections = [k for k in document if k != "format"]
    for s, section in enumerate(sections):
        lines.append(f'"{section}": {{')
        items = list(document[section].items())
        for i, (card_id, facts) in enumerate(items):
            sep = "," if i < len(items) - 1 else ""
            lines.append(f"  {json.dumps(card_id)}: {json.dumps(facts, ensure_ascii=False, sort_keys=True)}{sep}")
        lines.append("}" + ("," if s < len(sections) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_combat_facts(directory=None) -> dict:
    """`card_db/combat.json` (cached). The shipped file must be there and whole (a DataError, one line, says
    otherwise: the duel would quietly play every creature by its printed numbers alone); a catalog folder of
    one's own (`directory`, built by `cards import-coe`) may lack it, and then combat uses the printed numbers."""
    return _load(str(directory) if directory is not None else None)


COMBAT_SECTIONS = ("creatures", "corruption_cards", "items", "haven_paths", "events", "resource_events",
                   "characters", "sites", "agents")


@cache
def _load(directory: str | None) -> dict:
    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.datafiles import data_path, is_file, read_json
    from deckcheck.errors import DataError

    path = data_path(directory or CARD_DB, "combat.json")
    if directory and not is_file(path):
        return {"format": COMBAT_FACTS_FORMAT, **{section: {} for section in COMBAT_SECTIONS}}
    document = read_json(path, "combat facts", missing="rebuild them with 'deckcheck cards import-coe', or "
                                                       "reinstall deckcheck")
    if document.get("format") != COMBAT_FACTS_FORMAT:
        raise DataError(f"combat facts are not format {COMBAT_FACTS_FORMAT}; rebuild them with "
                        "'deckcheck cards import-coe'", str(path))
    for section in COMBAT_SECTIONS:
        if not isinstance(document.get(section, {}), dict):
            raise DataError(f"combat facts: {section!r} is not an object; rebuild them with "
                            "'deckcheck cards import-coe'", str(path))
    return document
