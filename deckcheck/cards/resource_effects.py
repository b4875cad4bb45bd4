"""Facts about resource events whose effect a duel plays (`card_db/combat.json`, section "resource_events"),
read out of the Council of Elrond card text once, at import: facts, never the text.

Each fact is one family of printed effect, `effect` naming it; the simulator applies it where the rules say
(`sim/rules/combat.py` for a strike) and the resource player chooses when to play it (`sim/players/`). A
resource event of no family known here is left out, and `benchmarks/unmodelled_resources.py` and the report
name it as an effect the simulation does not play:
- `strike_bonus` (coe 3.iv: the defender may play resources that affect one strike before it is resolved):
  +N prowess and a body modification for the strike ("Warrior only against one strike. +3 to prowess and -1 to
  body"), two rolls of which the better is used ("Make two rolls against a strike and choose one"), or the
  character does not tap against it ("Target character does not tap against one strike (unless he is wounded
  by the strike)"); who may play it: a skill ("Warrior only"), an untapped character ("Untapped character
  does not tap").
- `discard_hazard_event`: a character taps to discard one hazard permanent-event (and long-event, if it says
  so) in play, environments only if it does not say "non-environment" ("Sage only. Tap a sage to discard one
  non-environment hazard permanent-event or non-environment hazard long-event. Sage makes a corruption check
  modified by -2"; "Tap your Ringwraith to discard one hazard permanent-event"): who taps (a skill or our
  avatar) and the corruption check he then makes;
- `no_creatures`: no hazard creature is played on (or every hazard creature attack against) the company this
  turn, played in the organization phase by a character with a skill, who taps if it says so, the company of
  a size under N if it says so ("Scout only. Tap a scout to play at the end of the organization phase only if
  the scout's company size is less than three. No creature hazards may be played on his company this turn"),
  or one that does not move (Hiding, Hide in Dark Places);
- `character_at_site`: a character brought into play at a site of the types it lists, beside the one character
  a turn ("A non-Wizard character (even a Hobbit) may be brought into play with direct influence at any
  Free-hold [{F}], Border-hold [{B}], or Ruins & Lairs [{R}]. This does not count against the one character
  per turn limit"): the site types, under direct influence only or general too, Wizards or avatars excluded;
- `corruption_bonus`: +N to one corruption check by a character (of a race, "Hobbit only"), in a company with a
  skill ("+2 to a corruption check by a character in a diplomat's company"), or +1 for each character in his
  company (A Friend or Three); the card's other ways (influence checks, untapping) are not read;
- `draw_cards`: "Draw three cards and remove this card from the game" (Dark Tryst), nothing else;
- `fetch`: cards brought into the play deck, which is shuffled: how many (one, up to two), from the sideboard
  and (if it says so) the discard pile, resources only or characters too ("Bring one resource or character
  from your sideboard or discard pile into your play deck and shuffle"; Smoke Rings, Weigh All Things to a
  Nicety, Longbottom Leaf); whether the card is then removed from the game.
- `mp_raise`: a Fallen-wizard's stage resource permanent-event that makes some of his cards in play worth more
  than the 1 each a Fallen-wizard scores them at (coe 10.F1: "Fallen-wizard abilities and stage resource cards
  can modify the number of marshalling points certain cards give"): which cards ("Your characters and allies
  that normally give 2 or more marshalling points are each worth 2 marshalling points", Great Patron; "Your
  unique factions are each worth 2 marshalling points", Gatherer of Loyalties), the printed value they must
  have, what each is then worth, the stage points the player must have more than ("Playable if you have more
  than 3 stage points"), and what it says for a named Fallen-wizard ("If you are Alatar, your unique Dragon
  factions are each worth 4"); "Cannot be duplicated by a given player".
- `prowess_influence`: a character of a skill attempting to influence a faction uses his prowess, to a maximum,
  instead of his unused direct influence ("Warrior only. Playable on a warrior attempting to influence a
  faction. Warrior does not use his unused direct influence for the attempt. Instead he uses his prowess, to a
  maximum modifier of +6", Threats): the skill and the maximum.
"""

from __future__ import annotations

import html
import re
from dataclasses import asdict, dataclass

STRIKE_BONUS = "strike_bonus"
HAZARD_DISCARD = "discard_hazard_event"
DRAW_CARDS = "draw_cards"
NO_CREATURES = "no_creatures"
CHARACTER_AT_SITE = "character_at_site"
CORRUPTION_BONUS = "corruption_bonus"
FETCH = "fetch"
MP_RAISE = "mp_raise"
PROWESS_INFLUENCE = "prowess_influence"
CHARACTERS_ALLIES = "characters_allies"
UNIQUE_FACTIONS = "unique_factions"
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


class _Fact:
    """A family's facts as JSON (its `EFFECT` and the fields not at their default, tuples as lists) and back."""

    __slots__ = ()
    EFFECT = ""

    def to_json(self) -> dict:
        defaults = self.__dataclass_fields__
        return {"effect": self.EFFECT, **{k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()
                                          if v != defaults[k].default}}

    @classmethod
    def of(cls, facts: dict):
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in facts.items() if k != "effect"})


@dataclass(frozen=True, slots=True)
class StrikeBonus(_Fact):
    """A resource short-event played on one character facing one strike (coe 3.iv): `prowess` added to his,
    `body` added to his body for the body check the strike may cause, `rolls` dice rolls of which he uses the
    best, `no_tap` he does not tap if the strike fails or is ineffectual; `skill` he must have, `untapped` he
    must be untapped."""

    EFFECT = STRIKE_BONUS
    prowess: int = 0
    body: int = 0
    rolls: int = 1
    no_tap: bool = False
    skill: str | None = None
    untapped: bool = False


@dataclass(frozen=True, slots=True)
class HazardDiscard(_Fact):
    """A resource short-event a character taps to play, discarding one hazard permanent-event in play (a
    long-event too if `long_events`; environments only if `environments`): the character has `skill`, or is our
    avatar (`avatar`), and makes a corruption check modified by `corruption_check` (None: none) after."""

    EFFECT = HAZARD_DISCARD
    skill: str | None = None
    avatar: bool = False
    long_events: bool = False
    environments: bool = False
    corruption_check: int | None = None


@dataclass(frozen=True, slots=True)
class NoCreatures(_Fact):
    """A resource short-event that keeps hazard creatures off the company this turn: played in the organization
    phase by a character with `skill` (he taps if `taps`), on a company of size below `size_below` (None: any)
    that moves, or that does not (`staying`)."""

    EFFECT = NO_CREATURES
    skill: str | None = None
    taps: bool = False
    size_below: int | None = None
    staying: bool = False


_NO_CREATURES = re.compile(r"No creature hazards may be played on (?:his|the|this) company this turn\.$|"
                           r"(?:All|Cancels all) hazard creature attacks against the (?:scout.s )?company this turn"
                           r"(?: are canceled)?\.$|Cancels all hazard creature attacks against the scout.s company "
                           r"this turn\.$")
_SIZE_BELOW = re.compile(r"company size (?:is )?less than (three|two|four|3|2|4)\b")


def no_creatures(raw: dict, text: str) -> NoCreatures | None:
    """The `no_creatures` family: Stealth, Sneakin', Hiding, Hide in Dark Places."""
    if not _short_event(raw):
        return None
    if not _NO_CREATURES.search(text) or "organization phase" not in text:
        return None
    skill = _SKILL_ONLY.match(text)
    size = _SIZE_BELOW.search(text)
    words = {"two": 2, "three": 3, "four": 4}
    return NoCreatures(skill=skill.group(1) if skill else None,
                       taps=bool(re.search(r"\bTap (?:a|the) (?:scout|sage|ranger|character)\b", text)),
                       size_below=(words.get(size.group(1)) or int(size.group(1))) if size else None,
                       staying=bool(re.search(r"may not move|is not moving", text)))


@dataclass(frozen=True, slots=True)
class CharacterAtSite(_Fact):
    """A resource short-event that brings a character into play at a site of `site_types` where one of our
    companies is, beside the one character a turn: under direct influence only (`direct_only`), not a Wizard
    (`no_wizard`), not an avatar (`no_avatar`: "not Ringwraiths or Fallen-wizards")."""

    EFFECT = CHARACTER_AT_SITE
    site_types: tuple[str, ...] = ()
    direct_only: bool = False
    no_wizard: bool = False
    no_avatar: bool = False


_CHARACTER_AT = re.compile(r"^An? (non-Wizard )?character(?: \(even a Hobbit\))? may be brought into play "
                           r"(under general or direct influence|with direct influence)[^.]*? at any ([^.]+)\. "
                           r"This does not count against the one character per turn limit\.")


def character_at_site(raw: dict, text: str) -> CharacterAtSite | None:
    """The `character_at_site` family: We Have Come to Kill, A Chance Meeting."""
    m = _matched(raw, text, _CHARACTER_AT)
    if m is None:
        return None
    types = tuple(re.findall(r"\[\{([RSDBF])\}\]", m.group(3)))
    if not types:
        return None
    return CharacterAtSite(site_types=types, direct_only=m.group(2).startswith("with"), no_wizard=bool(m.group(1)),
                           no_avatar=bool(re.search(r"not Ringwraiths or Fallen-wizards", text)))


@dataclass(frozen=True, slots=True)
class CorruptionBonus(_Fact):
    """A resource short-event adding `bonus` (or, `per_character`, one for each character in his company) to one
    corruption check by a character: of `race` if it names one, in a company holding a character with
    `company_skill` if it names one."""

    EFFECT = CORRUPTION_BONUS
    bonus: int = 0
    per_character: bool = False
    race: str | None = None
    company_skill: str | None = None


_CHECK_BONUS = re.compile(r"\+(\d) (?:modification )?to (?:a|one|any one) corruption check by a character in "
                          r"(?:a diplomat.s|his) company")
_HOBBIT_CHECK = re.compile(r"^(Hobbit) only\..* receive a \+(\d) modification to one corruption check")
_EACH_CHARACTER = re.compile(r"corruption check by a character in a company receives a \+1 modification for each "
                             r"character in his company")


def corruption_bonus(raw: dict, text: str) -> CorruptionBonus | None:
    """The `corruption_bonus` family: A Friend or Three, New Friendship, Old Friendship, Crooked Promptings (their
    corruption-check way), Halfling Strength (its third way)."""
    if not _short_event(raw):
        return None
    if _EACH_CHARACTER.search(text):
        return CorruptionBonus(per_character=True)
    if m := _HOBBIT_CHECK.match(text):
        return CorruptionBonus(bonus=int(m.group(2)), race=m.group(1))
    if (m := _CHECK_BONUS.search(text)) and text.startswith("Diplomat only."):
        return CorruptionBonus(bonus=int(m.group(1)), company_skill="Diplomat")
    return None


@dataclass(frozen=True, slots=True)
class CardFlow:
    """A resource short-event that moves cards: `draw` cards drawn (Dark Tryst), or `fetch` cards brought into
    the play deck from the sideboard (and the discard pile, `from_discard`), characters too (`characters`),
    the play deck then shuffled; `removed`: the card is removed from the game, not discarded."""

    effect: str
    draw: int = 0
    fetch: int = 0
    from_discard: bool = False
    characters: bool = False
    removed: bool = False

    def to_json(self) -> dict:
        return {k: v for k, v in asdict(self).items() if k == "effect" or v != CardFlow.__dataclass_fields__[k].default}

    @classmethod
    def of(cls, facts: dict) -> CardFlow:
        return cls(**facts)


_DRAW = re.compile(r"^Draw (one|two|three|four|five) cards?( and remove this card from the game)?\.$")
_FETCH = re.compile(r"^(?:Bring|Take) (one|up to two) (resources?)( or characters?)?(?: \(including a Ringwraith\))? "
                    r"from your sideboard( or discard pile)? (?:in)?to your play deck and (?:re)?shuffle\."
                    r"( Remove this card from the game\.)?$")


def card_flow(raw: dict, text: str) -> CardFlow | None:
    """The `draw_cards` and `fetch` families: a short-event whose whole text is the draw or the fetch."""
    if not _short_event(raw):
        return None
    if m := _DRAW.match(text):
        return CardFlow(DRAW_CARDS, draw=_COUNT_WORDS[m.group(1)], removed=bool(m.group(2)))
    if m := _FETCH.match(text):
        return CardFlow(FETCH, fetch=1 if m.group(1) == "one" else 2, characters=bool(m.group(3)),
                        from_discard=bool(m.group(4)), removed=bool(m.group(5)))
    return None


@dataclass(frozen=True, slots=True)
class MpRaise(_Fact):
    """A stage resource permanent-event (played in the organization phase, coe 5.F1; one in play for a player)
    while which our `cards` (`CHARACTERS_ALLIES`, `UNIQUE_FACTIONS`) that normally give `printed_from` or more
    marshalling points are each worth `worth`; playable only with more than `stage_above` stage points (None:
    any). `if_avatar`: (Fallen-wizard, race or None, printed from, worth) — what it says instead for the cards
    of that race if we are that Fallen-wizard."""

    EFFECT = MP_RAISE
    cards: str = ""
    printed_from: int = 0
    worth: int = 0
    stage_above: int | None = None
    if_avatar: tuple[tuple, ...] = ()

    @classmethod
    def of(cls, facts: dict) -> MpRaise:
        facts = {**facts, "if_avatar": [tuple(c) for c in facts.get("if_avatar", ())]}
        return _Fact.of.__func__(cls, facts)


_RAISE_CHARACTERS = re.compile(r"^Your characters and allies that normally give (\d+) or more marshalling points are "
                               r"each worth (\d+) marshalling points\. Cannot be duplicated\s+by a given player\.$")


_RAISE_FACTIONS = re.compile(r"^Playable if you have more than (\d+) stage points\. Your unique factions are each "
                             r"worth (\d+) marshalling points\.((?: If you are \w+, [^.]+\.)*) Cannot be duplicated"
                             r"\s+by a given player\.$")
_IF_AVATAR = re.compile(r" If you are (\w+), your unique (?:(\w+) )?factions (?:normally worth (\d+) or more "
                        r"marshalling points )?are each worth (\d+) marshalling points\.")


def mp_raise(raw: dict, text: str) -> MpRaise | None:
    """The `mp_raise` family: Great Patron, Gatherer of Loyalties."""
    if raw.get("alignment") != "Stage" or "Permanent-event" not in ((raw.get("attributes") or {}).get("subtype")
                                                                    or ""):
        return None
    if m := _RAISE_CHARACTERS.match(text):
        return MpRaise(cards=CHARACTERS_ALLIES, printed_from=int(m.group(1)), worth=int(m.group(2)))
    if m := _RAISE_FACTIONS.match(text):
        if "".join(a.group(0) for a in _IF_AVATAR.finditer(m.group(3))) != m.group(3):
            return None                             # a clause of another kind: not read
        clauses = _IF_AVATAR.findall(m.group(3))
        return MpRaise(cards=UNIQUE_FACTIONS, worth=int(m.group(2)), stage_above=int(m.group(1)),
                       if_avatar=tuple((avatar, race or None, int(printed or 0), int(worth))
                                       for avatar, race, printed, worth in clauses))
    return None


_ONE_STRIKE = re.compile(r"\bagainst (?:one|a) strike\b", re.I)
_SKILL_ONLY = re.compile(r"^(Warrior|Scout|Ranger|Sage|Diplomat) only\b")
_PROWESS = re.compile(r"\+(\d) (?:to )?prowess", re.I)
_BODY = re.compile(r"-(\d) to body|his body (?:check )?is ?modified by -(\d)", re.I)
_TWO_ROLLS = re.compile(r"\btwo (?:rolls|random values) against\b", re.I)
_NO_TAP = re.compile(r"\bdoes not tap against one strike\b", re.I)
_UNTAPPED = re.compile(r"^Untapped character\b")
# What a strike bonus of these families cannot say: a card played by another character (a Hobbit tapping for a
# companion), on an attack rather than one strike, a named character, a spell or magic, "if" conditions.
_STRIKE_UNREAD = re.compile(r"playable on|\bmagic\b|\bspell\b|\bif (?!wounded)|\btap (?!against)|only playable|"
                            r"\bcompany\b|\battack\b", re.I)


def _short_event(raw: dict) -> bool:
    return raw.get("type") == "Resource" and "Short-event" in ((raw.get("attributes") or {}).get("subtype") or "")


def _matched(raw: dict, text: str, pattern: re.Pattern):
    """The pattern's match at the start of a resource short-event's text, None if no match or no such card."""
    return pattern.match(text) if _short_event(raw) else None


def _text(raw: dict) -> str:
    text = (raw.get("text") or {}).get("en") or ""
    return html.unescape(re.sub(r"<[^>]+>", "", text)).replace("\xa0", " ").strip()


def strike_bonus(raw: dict, text: str) -> StrikeBonus | None:
    """The `strike_bonus` family: a resource short-event whose whole effect is on one strike against one
    character (Risky Blow, Bold Thrust, Swift Strokes, Lucky Strike, Dodge, Block, Blow Turned, Under His Blow)."""
    if not _short_event(raw):
        return None
    if not (_ONE_STRIKE.search(text) or re.search(r"\bagainst a strike\b", text)) or _STRIKE_UNREAD.search(text):
        return None
    prowess = _PROWESS.search(text)
    body = _BODY.search(text)
    skill = _SKILL_ONLY.match(text)
    bonus = StrikeBonus(prowess=int(prowess.group(1)) if prowess else 0,
                        body=-int(body.group(1) or body.group(2)) if body else 0,
                        rolls=2 if _TWO_ROLLS.search(text) else 1,
                        no_tap=bool(_NO_TAP.search(text)),
                        skill=skill.group(1) if skill else None,
                        untapped=bool(_UNTAPPED.match(text)))
    if not (bonus.prowess or bonus.rolls > 1 or bonus.no_tap):
        return None
    return bonus


_DISCARD_HAZARD = re.compile(r"^(?:(Sage|Scout|Ranger|Warrior|Diplomat) only\. )?(?:Ritual\. )?Tap (?:an? (\w+)|(your "
                             r"Ringwraith)) to (?:force the )?discard (?:of )?(?:one |a )?(non-environment )?hazard "
                             r"(non-environment )?permanent-event( or (?:non-environment hazard )?long-event)?\.")
_CHECK_AFTER = re.compile(r"^[^.]*makes a corruption check modified by (-\d)", re.I)


def hazard_discard(raw: dict, text: str) -> HazardDiscard | None:
    """The `discard_hazard_event` family, its first way: Marvels Told, Voices of Malice, Ancient Secrets."""
    m = _matched(raw, text, _DISCARD_HAZARD)
    if m is None:
        return None
    skill = m.group(1) or (m.group(2).capitalize() if m.group(2) else None)
    rest = text[m.end():].split("Alternatively", 1)[0]
    check = _CHECK_AFTER.match(rest.strip())
    return HazardDiscard(skill=skill, avatar=bool(m.group(3)), long_events=bool(m.group(6)),
                         environments=not (m.group(4) or m.group(5)),
                         corruption_check=int(check.group(1)) if check else None)


@dataclass(frozen=True, slots=True)
class ProwessInfluence(_Fact):
    """A resource short-event played on a character with `skill` attempting to influence a faction (coe 2.V.3):
    his prowess, to `maximum`, replaces his unused direct influence in the check."""

    EFFECT = PROWESS_INFLUENCE
    skill: str | None = None
    maximum: int = 0


_PROWESS_INFLUENCE = re.compile(r"^(\w+) only\. Playable on an? \w+ attempting to influence a faction\.\s*\w+ does "
                                r"not use his unused direct influence for the attempt\. Instead he uses his prowess, "
                                r"to a maximum modifier of \+(\d+)\.$")


def prowess_influence(raw: dict, text: str) -> ProwessInfluence | None:
    """The `prowess_influence` family: Threats."""
    m = _matched(raw, text, _PROWESS_INFLUENCE)
    return None if m is None else ProwessInfluence(skill=m.group(1), maximum=int(m.group(2)))


def resource_event_facts(cards: list[dict]) -> dict:
    """{card id: facts} for every resource event of a family above, sorted by card id."""
    out = {}
    for raw in cards:
        if raw.get("type") != "Resource":
            continue
        text = _text(raw)
        fact = (strike_bonus(raw, text) or hazard_discard(raw, text) or card_flow(raw, text)
                or no_creatures(raw, text) or character_at_site(raw, text) or corruption_bonus(raw, text)
                or mp_raise(raw, text) or prowess_influence(raw, text))
        if fact is not None:
            out[raw["id"]] = fact.to_json()
    return dict(sorted(out.items()))
