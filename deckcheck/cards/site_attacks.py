"""A site's automatic-attacks (coe 2.V.ii) as facts, read from the card data's `autoAttack` attribute.

ICE printed them in a few fixed forms, which the Council of Elrond data keeps:

    Orcs - 4 strikes with 7 prowess
    Orcs - 5 strikes with 8 prowess, Trolls - 2 strikes with 10 prowess
    (1st) Men - each character faces 1 strike with 8 prowess (detainment against covert company);
        (2nd) Dúnedain - 3 strikes with 10 prowess (against overt company only)
    Undead (1st attack) 4 strikes with 7 prowess; ... Each character wounded must make a corruption check
        modified by -2
    Orcs (1st attack) - 4 strikes with 7 prowess; (2nd attack) Opponent may play as an automatic-attack one
        non-unique hazard creature from his hand normally keyed to a Shadow-hold

Each attack keeps its race, strikes, prowess and the printed flags (detainment, against which company, who
chooses the defenders, the corruption check or elimination of a wounded character); the attack the hazard
player makes with a creature from hand keeps what the creature must be keyed to. Only these facts are stored,
never the text (`card_db/play.json`, section `sites`).
"""

from __future__ import annotations

import re

from deckcheck.cards.play import SiteAttack

_RACE = r"[A-Z][\w’']*(?:-[a-z]+)?(?: [A-Z][\w’']*)?"
_ATTACK = re.compile(
    rf"(?P<race>{_RACE})\s*(?:\(\d(?:st|nd|rd)(?: attack)?\)\s*)?(?:\((?P<uncancellable>cannot be canceled)\)\s*)?"
    r"(?:[-—]\s*)?(?P<each>each character faces )?(?P<strikes>\d+) strikes? (?:with|at) (?P<prowess>\d+)"
    r"(?: prowess)?(?:\s*\((?P<flags>[^)]*)\))?")
_WOUNDED_CHECK = re.compile(r"each character wounded must make a corruption check(?: modified by ([+-]\d+))?", re.I)
_WOUNDED_ELIMINATED = re.compile(r"(?:any|each) character wounded(?: by the (\w+)[’']s attack)? is "
                                 r"(?:immediately|automatically) eliminated", re.I)
_FROM_HAND = re.compile(r"opponent may play (?:as an automatic-\s?attack )?one (non-\s?unique )?(?:hazard )?creature "
                        r"from his hand", re.I)
# What the creature played as an automatic-attack must "normally" be keyed to, as the site cards name it.
_KEY_WORDS = (("shadow-hold", "S"), ("ruins and lairs", "R"), ("ruins & lairs", "R"), ("coastal sea", "c"),
              ("single wilderness", "w"), ("shadow-land", "s"))
# Race words as the play conditions name them (the `auto_attacks` races of a site).
_RACE_WORDS = {"orcs": "Orc", "trolls": "Troll", "wolves": "Wolf", "dwarves": "Dwarf", "elves": "Elf",
               "men": "Man", "dúnedain": "Dúnadan", "hobbits": "Hobbit", "spiders": "Spider",
               "animals": "Animal", "pûkel-creatures": "Pûkel-creature", "nazgul": "Nazgûl", "drakes": "Drake",
               "dragons": "Dragon", "giants": "Giant", "slayers": "Slayer"}


def race_name(word: str) -> str:
    return _RACE_WORDS.get(word.strip().lower(), word.strip())


def parse_automatic_attacks(raw: str) -> tuple[tuple[SiteAttack, ...], tuple[str, ...], bool]:
    """(the printed attacks in order, the keys of a creature the hazard player may play from hand as the last
    automatic-attack (empty: none), whether that creature may be unique)."""
    text = re.sub(r"\s+", " ", raw or "").strip()
    matches = list(_ATTACK.finditer(text))
    attacks: list[dict] = []
    for i, m in enumerate(matches):
        tail = text[m.end(): matches[i + 1].start() if i + 1 < len(matches) else len(text)]
        attacks.append(_attack(m, tail))
    _apply_closing_sentence(text[matches[-1].end():] if matches else "", attacks)
    keys: tuple[str, ...] = ()
    unique_allowed = False
    if hand := _FROM_HAND.search(text):
        after = text[hand.end():].lower()
        keys = tuple(dict.fromkeys(code for word, code in _KEY_WORDS if word in after))
        unique_allowed = not hand.group(1)
    return tuple(SiteAttack(**a) for a in attacks), keys, unique_allowed


def _attack(m: re.Match, tail: str) -> dict:
    flags = (m.group("flags") or "").lower()
    attack: dict = {"race": race_name(m.group("race")), "strikes": int(m.group("strikes")),
                    "prowess": int(m.group("prowess"))}
    if m.group("each"):
        attack["each_character"] = True
    if "detainment" in flags:
        against = re.search(r"against (covert|overt) company", flags)
        attack["detainment"] = against.group(1) if against else "any"
    elif re.search(r"against overt company only", flags):
        attack["overt_only"] = True
    if "attacker chooses" in flags:
        attack["attacker_chooses"] = True
    if m.group("uncancellable") or "cannot be canceled" in flags:
        attack["cannot_be_canceled"] = True
    first_sentence = tail.split(". ")[0]
    if c := _WOUNDED_CHECK.search(first_sentence):
        attack["wounded_check"] = int(c.group(1) or 0)
    if (e := _WOUNDED_ELIMINATED.search(first_sentence)) and not e.group(1):
        attack["wounded_eliminated"] = True
    return attack


def _apply_closing_sentence(tail: str, attacks: list[dict]) -> None:
    """A sentence after the last attack speaks of every attack ("Each character wounded must make a corruption
    check") or of the one it names ("Any character wounded by the Maia's attack is automatically eliminated")."""
    if ". " not in tail:
        return
    sentence = tail.split(". ", 1)[1]
    if c := _WOUNDED_CHECK.search(sentence):
        for attack in attacks:
            attack.setdefault("wounded_check", int(c.group(1) or 0))
    if e := _WOUNDED_ELIMINATED.search(sentence):
        for attack in attacks:
            if not e.group(1) or attack["race"] == race_name(e.group(1)):
                attack["wounded_eliminated"] = True
