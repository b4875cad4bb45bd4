"""Facts about hazard events (and the resource environments they fight) that a duel needs, read out of the
Council of Elrond card text once, at import (`card_db/combat.json`, section "events": facts, never the text).

Each fact is one family of printed effect the simulation applies (`sim/rules/events.py`); a hazard event of no
family known here is left out and the report names it as not simulated:
- `doors_of_night`: the environment other cards test ("If Doors of Night is in play");
- `cancel_environment`: one environment card in play is canceled and discarded (Twilight);
- `discards_hazard_environments`: a resource environment whose play discards the hazard ones (Gates of Morning);
- `attack_boost`: strikes and prowess added to (or strikes multiplied for) the attacks of some races, or to
  automatic-attacks (at some site types), other values while Doors of Night is in play; Undead
  automatic-attacks faced twice; the card discarded once such an attack is defeated;
- `return_to_origin`: a moving company with N Wildernesses in its site path returns to its site of origin,
  unless it holds a skill (Long Winter, Snowstorm);
- `no_site_phase`: a company moving to the site does nothing in its site phase unless one with a skill taps
  (River);
- `hazard_limit`: the hazard limit against a company raised by N, by discarding or tapping the card;
- `tap_not_moving`: a roll per untapped character of a company that does not move, above his mind taps him
  (Heedless Revelry; as an on-guard card, it taps the company when an item, ally or faction is played);
- `duplicate_automatic_attacks`: the company faces its new site's automatic-attacks now (Tidings of Bold Spies);
- `split_off`: a character moving in a region type (or with N Wildernesses in his site path) rolls plus his
  mind, below N he returns to the site of origin alone (Seized by Terror; Faces of the Dead, which costs the
  discard of a creature of a race from the hand and spares only Wizards);
- `region_attack`: any company moving in the named regions faces an attack (the Dragons' "Ahunt" cards);
- `wildernesses`: one region of the path counts as two Wildernesses (Withered Lands);
- `influence_penalty`: on a character, his influence attempts modified (Foolish Words; revealed on-guard when
  he attempts one), removed by a roll above N;
- `recycle_hazard`: a hazard from the discard pile back into the play deck (An Unexpected Outpost);
- `cycle_non_hazards`: the non-hazard cards of the hand set aside, the hand drawn up to its size, those cards
  put back on top of the play deck (Revealed to all Watchers);
- `boost_automatic_attack`: one automatic-attack gets strikes, prowess and body added; the first attempt to
  cancel it cancels these instead (Unabated in Malice; played from on-guard, 2.V.i);
- `at_home`: a Dragon's "at Home" permanent-event: its lair's added automatic-attack (`lair`, `lair_attack`,
  unless its Ahunt is in play) and one global effect: each moving company draws fewer cards (`draws_less`),
  an item class gives more corruption points (`item_corruption`); Daelomin at Home's lair facts are added to
  its `hazard_limit` fact; the other globals are not read (those cards have no fact);
- `doors_considered`: Doors of Night is considered in play while the card is, and Gates of Morning out of play
  (Peril Returned);
- `discard_ring`: the opponent discards a ring from his hand or from one of his companies (Rolled down to the
  Sea);
- `reserve_creature`: one hazard creature of the races named set aside with the card (not counting against the
  hazard limit), played later as though from hand with the prowess added; the card discarded after it attacks
  (Summons from Long Sleep);
- `recycle_at_end_of_turn`: at the end of each turn each player shuffles one hazard creature of a race (a
  unique one of `unique_races`) from his discard pile into his play deck; under Doors of Night one of each to
  his hand instead (From the Pits of Angband);
- `attack_from_discard`: a hazard creature of a race from the discard pile, one that could attack the company,
  attacks it at once (not counting against the hazard limit) with its prowess modified (Exhalation of Decay).
"""

from __future__ import annotations

import re

from deckcheck.cards.combat_facts import _text

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}
_RACE_WORDS = {"wolf": "Wolf", "wolves": "Wolf", "spider": "Spider", "animal": "Animal", "orc": "Orc",
               "troll": "Troll", "man": "Man", "men": "Man", "undead": "Undead", "giant": "Giant", "elf": "Elf",
               "dwarf": "Dwarf", "dúnadan": "Dúnadan", "hobbit": "Hobbit", "dragon": "Dragon", "drake": "Drake"}
_RACES = r"((?:(?:non-agent )?(?:Wolf|Spider|Animal|Orc|Troll|Man|Men|Undead|Giant|Elf|Dwarf|Dúnadan|Hobbit)" \
         r"(?:,? (?:and|or) |, )?)+)"
_LASTS = {"Short-event": "short", "Long-event": "long", "Permanent-event": "permanent"}

_EACH_RAISED = re.compile(rf"The number of strikes and prowess of each {_RACES} attack are each increased by "
                          rf"(one|two)(?: \(by (one|two|three) for {_RACES} attacks if Doors of Night is in "
                          rf"play\))?", re.I)
_ALL_RECEIVE = re.compile(rf"All {_RACES} (automatic-)?attacks receive \+(\d) (strikes?|prowess)"
                          rf"(?: and \+(\d) (strikes?|prowess))?", re.I)
_PROWESS_OF_ALL = re.compile(rf"The prowess of all {_RACES} attacks is increased by (one|two)", re.I)
_STRIKES_DOUBLED_DOORS = re.compile(r"if Doors of Night is in play, the number of strikes for each \w+ attack is "
                                    r"doubled", re.I)
_DOORS_ALSO = re.compile(rf"If Doors of Night is in play, all {_RACES} attacks also receive these", re.I)
_AUTOMATIC_PROWESS = re.compile(r"The prowess of each automatic-attack is increased by (one|two)\. "
                                r"Alternatively, if Doors of Night is in play, the prowess of each "
                                r"automatic-attack is increased by (one|two|three)", re.I)
_AWAKEN = re.compile(r"The number of strikes for each automatic-attack at (?:a |an )?((?:[^.]*?\[\{[RSDBF]\}\])+)"
                     r"(?: site)?(?: or at a [^.]*?\[\{[RSDBF]\}\] site)? is doubled", re.I)
_SITE_CODE = re.compile(r"\[\{([RSDBF])\}\]")
_DISCARD_DEFEATED = re.compile(r"Discard (?:this card )?(?:if|when) (?:an? |such an? |any )?(?:[\w ,]+ )?"
                               r"(?:affected )?(?:automatic-)?attack (?:\([^)]*\) )?is defeated", re.I)
_DOORS_INSTEAD = re.compile(r"\(\+(\d) prowess and \+(\d) strikes? if Doors of Night is in play\)", re.I)
_UNTRACKED = re.compile(r"^Playable only if you have|^Playable on a company that has already faced", re.I)
_DUPLICATED = re.compile(r"All Undead automatic-attacks are duplicated", re.I)
_RETURN = re.compile(r"Each moving company (?:that has at least (two|one) Wildernesses?|with an? Wilderness) "
                     r"\[\{w\}\] in its site path must return to its site of origin( unless it contains an? "
                     r"(\w+))?", re.I)
_NO_SITE_PHASE = re.compile(r"A company moving to this site this turn must do nothing during its site phase\. "
                            r"An? (\w+) in such a company may tap to cancel this effect", re.I)
_LIMIT_DISCARD = re.compile(r"discard this card from play during opponent.s movement/hazard phase \(not counting "
                            r"against the hazard limit\) to increase the hazard limit against one company by "
                            r"(one|two)", re.I)
_LIMIT_TAP = re.compile(r"^Tap during a company.s movement/hazard phase to increase the hazard limit against "
                        r"that company by (one|two)", re.I)
_NOT_MOVING = re.compile(r"Playable on a non-Ringwraith company that is not moving\. Make a roll for each "
                         r"untapped non-Wizard character in the company; modify this roll by (-\d) for hero "
                         r"characters\. If the result is greater than the character.s mind, the character "
                         r"becomes tapped", re.I)
_ON_GUARD_TAPS = re.compile(r"revealed as an on-guard card on a company in response to the play of an item, "
                            r"ally, or faction[^.]*\. Tap all untapped", re.I)
_TIDINGS = re.compile(r"^Playable on a company moving to a site with an automatic-attack\. This card creates one "
                      r"or more attacks on the company, the total of which duplicates exactly", re.I)
_SPLIT = re.compile(r"moving in a Shadow-land \[\{s\}\] or Dark-domain \[\{d\}\]\s*\. Target character.s player "
                    r"makes a roll and adds character.s mind\. If the result is less than (\d+), that character "
                    r"splits off into a different company\. This new company immediately returns to his "
                    r"original company.s site of origin", re.I)
_FACES = re.compile(r"^Playable on a non-Wizard character moving with at least (two|one) Wildernesses? \[\{w\}\]\s*"
                    r"in his site path if you discard any (\w+) hazard creature from your hand[^.]*\. Target "
                    r"character.s player makes a roll and adds character.s mind\. If the result is less than "
                    r"(\d+), that character splits off into a different company\. This new company immediately "
                    r"returns to his original company.s site of origin", re.I)
_AHUNT = re.compile(r"Any company moving in (.+?) faces one (Dragon) attack \(considered a hazard creature "
                    r"attack\) . (\d+) strikes at (\d+)/(\d+)( \(attacker chooses defending characters\))?\. "
                    r"If Doors of Night is in play, this attack also affects: ([^.]+)\.", re.I)
_WITHERED = re.compile(r"^Environment\. Playable if Doors of Night is in play\. Treat one Wilderness \[\{w\}\] as "
                       r"two Wildernesses", re.I)
_FOOLISH = re.compile(r"^Playable on a character\. Any riddling roll, offering attempt, or influence attempt by "
                      r"target character is modified by (-\d)\. If placed on-guard, it may be revealed[^.]*\. "
                      r"During his organization phase, the character may tap to attempt to remove this card\. "
                      r"Make a roll.if the result is greater than (\d+), discard this card", re.I)
_OUTPOST = re.compile(r"^Bring one hazard from your sideboard or discard pile into your play deck and shuffle\. "
                      r"If Doors of Night is in play, you may do this twice", re.I)
_RESERVE = re.compile(r"^This card reserves up to one ([\w ]+?) hazard creature at a time\. To reserve a [\w ]+? "
                      r"creature, place it face up .off to the side. with this card \(not counting against the "
                      r"hazard limit\)\. You may play a reserved creature as though it were in your hand\. Discard "
                      r"this card after the reserved creature attacks\. A reserved [\w ]+? receives \+(\d) prowess "
                      r"when attacking", re.I)
_PITS = re.compile(r"^At the end of each turn, each player may take one unique (\w+) manifestation or one (\w+) "
                   r"hazard creature from his discard pile and shuffle it into his play deck\.\s*Alternatively, if "
                   r"Doors of Night is in play, at the end of each turn, each player may return one unique \1 "
                   r"manifestation and/or one \2 hazard creature from his discard pile to his hand", re.I)
_EXHALATION = re.compile(r"^Playable on an? (\w+) hazard creature in your discard pile\. If target \1 can attack, "
                         r"bring it into play as a creature that attacks immediately \(not counting against the "
                         r"hazard limit\)\. The attack.s prowess is modified by ([+-]\d)", re.I)
_REVEALED = re.compile(r"Place all non-hazard cards from your hand off to the side\. Draw cards from your play "
                       r"deck until your hand size is reached\. Place the non-hazard cards from off to the side "
                       r"face down on top of your play deck", re.I)
_RING_LOST = re.compile(r"^(?:Unique\. )?Opponent must discard a ring from his hand or from one of his companies",
                        re.I)
_UNABATED = re.compile(r"^Playable on an automatic-attack[^;.]*;\s*does not count against the hazard limit\. The "
                       r"attack receives \+(\d) strikes?, \+(\d) prowess, and (-\d) body\. The first attempt to "
                       r"cancel this attack instead cancels the effects of this card", re.I)
_AT_HOME = re.compile(r"^Unique\. Unless (.+? Ahunt) is in play, (.+?) has an additional automatic-attack: "
                      r"(Dragon) . (\d+) strikes at (\d+)/(\d+)( \(attacker chooses defending characters\))?\. "
                      r"In addition, (.+)$", re.I)
_DRAWS_LESS = re.compile(r"^each moving company draws one less card to a minimum of one at the start of its "
                         r"movement/hazard phase\.$", re.I)
_ITEM_CORRUPTION = re.compile(r"^each (major|greater|minor) item gives an additional corruption point\.$", re.I)
_PERIL = re.compile(r"^If Gates of Morning is not in play, Doors of Night is considered to be in play\. If Gates "
                    r"of Morning is in play, it is considered to be out of play while", re.I)
_TWILIGHT = re.compile(r"^Environment\. One environment card \(in play or declared earlier in the same chain of "
                       r"effects\) is canceled and discarded", re.I)
_GATES = re.compile(r"When \w[\w ]* is played, all (?:hazard environment|environment hazard) cards in play are "
                    r"immediately discarded",
                    re.I)
_DOORS_ITSELF = re.compile(r"When Doors of Night is played, all resource environment cards in play are "
                           r"immediately discarded", re.I)


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def _races(listed: str) -> list[str]:
    words = re.findall(r"[\wú]+", listed.replace("non-agent", ""))
    return list(dict.fromkeys(_RACE_WORDS[w.lower()] for w in words if w.lower() in _RACE_WORDS))


def _boost(text: str) -> dict | None:
    """An `attack_boost` fact, None if the text states none of the families above."""
    if m := _EACH_RAISED.search(text):
        boost = {"races": _races(m.group(1)), "strikes": _n(m.group(2)), "prowess": _n(m.group(2))}
        if m.group(3):
            boost["doors"] = {"races": _races(m.group(4)), "strikes": _n(m.group(3)), "prowess": _n(m.group(3))}
        return boost
    if m := _ALL_RECEIVE.search(text):
        boost = {"races": _races(m.group(1)), "strikes": 0, "prowess": 0}
        if m.group(2):
            boost["automatic_only"] = True
        for amount, what in ((m.group(3), m.group(4)), (m.group(5), m.group(6))):
            if amount:
                boost["strikes" if what.lower().startswith("strike") else "prowess"] = int(amount)
        if instead := _DOORS_INSTEAD.search(text):
            boost["doors"] = {"races": boost["races"], "prowess": int(instead.group(1)),
                              "strikes": int(instead.group(2))}
        if also := _DOORS_ALSO.search(text):
            boost["doors"] = {"races": boost["races"] + _races(also.group(1)), "strikes": boost["strikes"],
                              "prowess": boost["prowess"]}
        if _DUPLICATED.search(text):
            boost["duplicate_automatic"] = True
        return boost
    if m := _PROWESS_OF_ALL.search(text):
        boost = {"races": _races(m.group(1)), "strikes": 0, "prowess": _n(m.group(2))}
        if _STRIKES_DOUBLED_DOORS.search(text):
            boost["doors"] = {"races": boost["races"], "strikes": 0, "prowess": boost["prowess"],
                              "strikes_times": 2}
        return boost
    if m := _AUTOMATIC_PROWESS.search(text):
        return {"races": [], "automatic_only": True, "strikes": 0, "prowess": _n(m.group(1)),
                "doors": {"races": [], "strikes": 0, "prowess": _n(m.group(2))}}
    if m := _AWAKEN.search(text):
        return {"races": [], "automatic_only": True, "strikes": 0, "prowess": 0, "strikes_times": 2,
                "site_types": list(dict.fromkeys(_SITE_CODE.findall(m.group(0))))}
    return None


def _effect(text: str, names) -> dict | None:
    """The one effect of a hazard event the simulation applies, None if none of its families fits (or it is
    playable only under a condition the simulation does not track)."""
    if _UNTRACKED.search(text):
        return None
    if _DOORS_ITSELF.search(text):
        return {"effect": "doors_of_night"}
    if _TWILIGHT.search(text):
        return {"effect": "cancel_environment", "no_hazard_limit": True}
    if boost := _boost(text):
        if _DISCARD_DEFEATED.search(text):
            boost["discard_when_defeated"] = True
        return {"effect": "attack_boost", **boost}
    if m := _RETURN.search(text):
        fact = {"effect": "return_to_origin", "wildernesses": _n(m.group(1) or "one")}
        if m.group(3):
            fact["unless_skill"] = m.group(3).lower()
        return fact
    if m := _NO_SITE_PHASE.search(text):
        return {"effect": "no_site_phase", "unless_skill": m.group(1).lower()}
    if m := _LIMIT_DISCARD.search(text):
        return {"effect": "hazard_limit", "raise": _n(m.group(1)), "use": "discard"}
    if m := _LIMIT_TAP.search(text):
        return {"effect": "hazard_limit", "raise": _n(m.group(1)), "use": "tap"}
    if m := _NOT_MOVING.search(text):
        fact = {"effect": "tap_not_moving", "hero_modifier": int(m.group(1))}
        if _ON_GUARD_TAPS.search(text):
            fact["on_guard_taps_company"] = True
        return fact
    if _TIDINGS.search(text):
        return {"effect": "duplicate_automatic_attacks"}
    if m := _SPLIT.search(text):
        return {"effect": "split_off", "region_types": ["s", "d"], "below": int(m.group(1))}
    if m := _FACES.search(text):
        return {"effect": "split_off", "wildernesses": _n(m.group(1)), "discard_race": _RACE_WORDS[m.group(2).lower()],
                "below": int(m.group(3)), "ringwraith_too": True}
    if m := _AHUNT.search(text):
        fact = {"effect": "region_attack", "race": m.group(2), "strikes": int(m.group(3)),
                "prowess": int(m.group(4)), "body": int(m.group(5)),
                "regions": names.split(m.group(1))[0], "doors_regions": names.split(m.group(7))[0]}
        if m.group(6):
            fact["attacker_chooses"] = True
        return fact
    if _WITHERED.search(text):
        return {"effect": "wildernesses", "one_as": 2}
    if m := _FOOLISH.search(text):
        return {"effect": "influence_penalty", "modifier": int(m.group(1)), "remove_above": int(m.group(2))}
    if _OUTPOST.search(text):
        return {"effect": "recycle_hazard", "times": 1, "doors_times": 2}
    if m := _UNABATED.search(text):
        return {"effect": "boost_automatic_attack", "strikes": int(m.group(1)), "prowess": int(m.group(2)),
                "body": int(m.group(3)), "no_hazard_limit": True, "cancel_absorbed": True}
    if _PERIL.search(text):
        return {"effect": "doors_considered"}
    if _REVEALED.search(text):
        return {"effect": "cycle_non_hazards"}
    if _RING_LOST.search(text):
        return {"effect": "discard_ring"}
    if m := _EXHALATION.search(text):
        return {"effect": "attack_from_discard", "races": _races(m.group(1)), "prowess": int(m.group(2))}
    if m := _PITS.search(text):
        return {"effect": "recycle_at_end_of_turn", "races": _races(m.group(2)), "unique_races": _races(m.group(1)),
                "doors_to_hand": True}
    if m := _RESERVE.search(text):
        return {"effect": "reserve_creature", "races": _races(m.group(1)), "prowess": int(m.group(2))}
    return None


def _at_home(text: str) -> dict | None:
    """A Dragon's "at Home": its lair facts, and its global effect where it is one read here."""
    m = _AT_HOME.search(text)
    if not m:
        return None
    attack = {"race": m.group(3), "strikes": int(m.group(4)), "prowess": int(m.group(5)), "body": int(m.group(6))}
    if m.group(7):
        attack["attacker_chooses"] = True
    fact = {"lair": m.group(2), "lair_attack": attack, "unless_in_play": m.group(1)}
    rest = m.group(8).strip()
    if _DRAWS_LESS.search(rest):
        fact["draws_less"] = 1
    elif item := _ITEM_CORRUPTION.search(rest):
        fact["item_corruption"] = {item.group(1).lower(): 1}
    return fact


def event_facts(raw: dict, names) -> dict | None:
    """The facts of one hazard event (or resource environment), None if the simulation applies none."""
    text = _text(raw)
    attrs = raw.get("attributes") or {}
    home = _at_home(text) if raw["type"] == "Hazard" else None
    if raw["type"] == "Resource":
        if not _GATES.search(text):
            return None
        fact = {"effect": "discards_hazard_environments"}
    else:
        fact = _effect(text, names)
        if fact is not None and home is not None:
            fact.update(home)                       # Daelomin at Home: its lair too
        elif home is not None and ("draws_less" in home or "item_corruption" in home):
            fact = {"effect": "at_home", **home}
        if fact is None:
            return None
    subtypes = attrs.get("subtype") or ""
    fact["lasts"] = next((v for k, v in _LASTS.items() if k in subtypes), "short")
    if text.startswith("Environment.") or "Environment" in (attrs.get("keywords") or ()):
        fact["environment"] = True
    if re.search(r"Playable (?:only )?if Doors of Night is in play", text, re.I):
        fact["needs_doors"] = True
    if re.search(r"Cannot be duplicated\.", text):
        fact["not_duplicated"] = True
    return fact


def hazard_event_facts(cards: list[dict], names) -> dict:
    """{card id: facts} for every hazard short-, long- or permanent-event (creatures and corruption cards
    apart) and resource environment whose effect the simulation applies."""
    out = {}
    for raw in cards:
        attrs = raw.get("attributes") or {}
        subtypes = attrs.get("subtype") or ""
        if "Creature" in subtypes or "event" not in subtypes or "Corruption" in (attrs.get("keywords") or ()):
            continue
        if raw["type"] not in ("Hazard", "Resource"):
            continue
        facts = event_facts(raw, names)
        if facts is not None:
            out[raw["id"]] = facts
    return dict(sorted(out.items()))
