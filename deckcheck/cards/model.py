"""The card as deckcheck knows it: facts only, one record per printed card (treat it as read-only).

The JSON keys of `card_db/cards.json` are exactly these field names (see `card_db/schema.json`).
"""

from __future__ import annotations

from dataclasses import MISSING, fields

from deckcheck.patterns import LazyPattern
from deckcheck.records import record

# Deck roles a card can take in a play deck; sites and regions are not play-deck cards.
CHARACTER, RESOURCE, HAZARD, SITE, REGION = "Character", "Resource", "Hazard", "Site", "Region"

_LEADING_INT = LazyPattern(r"^\(?([+-]?\d+)")


def leading_int(value: int | str | None) -> int | None:
    """The number a stat starts with: 5 -> 5, "+2(7)" -> 2, "(+4)" -> 4, "-" -> None."""
    if value is None or isinstance(value, int):
        return value
    m = _LEADING_INT.match(value.strip())
    return int(m.group(1)) if m else None


@record(slots=True, eq=False)
class Card:
    """One card of the catalog (card_db/cards.json): its facts, never its text."""

    id: str                      # "TW-181": set code and number, as the CoE database has it
    set: str                     # TW TD DM LE AS WH BA
    number: int
    name: str                    # English name, trimmed
    type: str                    # Character, Resource, Hazard, Site, Region
    subtypes: tuple[str, ...]    # ("Creature", "Permanent-event") for "Creature/Permanent-event"
    alignment: str               # Hero, Minion, Neutral, Stage, Balrog, Fallen-wizard, Dual
    unique: bool = False
    avatar: bool = False
    agent: bool = False
    promo: bool = False
    mind: int | None = None
    direct_influence: int | str | None = None   # int, or the printed text where not a plain number ("+2(7)")
    general_influence: int | None = None
    prowess: int | str | None = None
    body: int | str | None = None
    strikes: int | str | None = None
    corruption: int | str | None = None
    mp: int | None = None        # marshalling points as printed before any parentheses
    mp_alt: int | None = None    # the number in parentheses ("3(5)" -> 5; "(3)" -> 3 with mp None)
    mp_category: str | None = None   # character, item, faction, ally, kill, miscellaneous
    mp_star: bool = False        # printed with a star ("2*"): the card's text puts a condition on who scores it
    stage_points: int | None = None
    specific: str | None = None  # Balrog, Gandalf, Saruman, Radagast, Alatar, Pallando
    races: tuple[str, ...] = ()  # normalised singular: ("Orc",), ("Animal", "Man", "Bear")
    skills: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    home_site: str | None = None
    magic: str | None = None
    # sites
    site_type: str | None = None     # H F B R S D: Haven, Free-hold, Border-hold, Ruins & Lairs, Shadow-, Dark-hold
    havens: tuple[str, ...] = ()     # the haven(s) the site path is given from
    region: str | None = None
    site_path: str | None = None     # "{w}{b}" region-type symbols
    draw: int | None = None
    draw_opponent: int | None = None
    playable_items: tuple[str, ...] = ()   # minor, major, greater, gold ring (a site's playable items)
    information: bool = False              # the site allows information
    keyed_to: str | None = None            # a creature's "{b}{B}": region types (lower) and site types (upper)
    region_type: str | None = None         # a region card's own type symbol
    playable_at: tuple[str, ...] = ()      # factions and allies: the site(s) their card names
    # flags
    playable_as_resource: bool = False
    playable_as_hazard: bool = False
    playable_as_starting_minor_item: bool = False
    spawn: bool = False
    hoard_item: bool = False
    under_deeps: bool = False
    dragon_manifestation: bool = False     # the 18 Dragon "Ahunt" / "at Home" manifestations
    manifestation_of: str | None = None    # the entity this card manifests ("Angmarim"), for the unique rule
    copy_limit: int | None = None          # a copy limit the card itself states (Black Horse: 9)
    influence_check: int | None = None     # a faction's number: the influence check must exceed it

    # Cards are compared and hashed by id: one printed card, one record. (Not a frozen dataclass because
    # frozen construction is three times slower, and the catalog builds 1,683 of them at every start.)
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    # ---- derived facts, computed from the fields above -------------------------------------------

    @property
    def tag(self) -> str:
        """The GCCG-style version tag of this card: H, M, F, B or "" for neutral/stage/dual."""
        return {"Hero": "H", "Minion": "M", "Fallen-wizard": "F", "Balrog": "B"}.get(self.alignment, "")

    @property
    def entity(self) -> str:
        """What the card is a version of, for the unique rule: "Smaug Ahunt" and "Smaug Roused" are Smaug."""
        return self.manifestation_of or self.name

    @property
    def is_character(self) -> bool:
        return self.type == CHARACTER

    @property
    def is_site(self) -> bool:
        return self.type == SITE

    @property
    def is_haven(self) -> bool:
        return self.site_type == "H"

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.subtypes

    @property
    def is_faction(self) -> bool:
        return "Faction" in self.subtypes

    @property
    def is_ally(self) -> bool:
        return "Ally" in self.subtypes

    @property
    def item_class(self) -> str | None:
        """minor, major, greater, gold ring, special — for item resources; None otherwise."""
        for st in self.subtypes:
            if st.endswith(" Item"):
                return st[: -len(" Item")].lower()
        return None

    @property
    def is_item(self) -> bool:
        return self.item_class is not None

    @property
    def is_minor_item(self) -> bool:
        return self.item_class == "minor"

    @property
    def is_stage(self) -> bool:
        return self.alignment == "Stage"

    def display(self) -> str:
        """Name with version tag and set, as a judge would write it: "Moria [M] (LE)"."""
        tag = f" [{self.tag}]" if self.tag else ""
        return f"{self.name}{tag} ({self.set})"

    def to_json(self) -> dict:
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: dict) -> Card:
        kwargs = dict(data)
        for key in _TUPLE_FIELDS.intersection(kwargs):
            kwargs[key] = tuple(kwargs[key])
        if cls is not Card or not _REQUIRED <= kwargs.keys() <= _FIELD_NAMES:
            return cls(**kwargs)     # a field missing or unknown: the TypeError Card(...) raises
        # What Card(**kwargs) makes, without compiling its __init__ of 50 fields (records.py): a run that reads one
        # deck builds some 65 cards, each in a few microseconds either way, and the compiling cost more than all.
        card = _new_card(Card)
        for name, value in _DEFAULTS.items():
            _set_field(card, name, value)
        for name, value in kwargs.items():
            _set_field(card, name, value)
        return card


CARD_FIELDS = tuple(f.name for f in fields(Card))
_TUPLE_FIELDS = frozenset(f.name for f in fields(Card) if str(f.type).startswith("tuple"))
_REQUIRED = frozenset(f.name for f in fields(Card) if f.default is MISSING)
_DEFAULTS = {f.name: f.default for f in fields(Card) if f.default is not MISSING}
_FIELD_NAMES = frozenset(CARD_FIELDS)
if any(f.default_factory is not MISSING or not f.init for f in fields(Card)):
    raise TypeError("Card.from_json sets plain defaults only")   # a factory or a non-init field: see from_json
if Card.__setattr__ is not object.__setattr__:
    raise TypeError("Card.from_json sets its fields with setattr: Card has a __setattr__ of its own (frozen?)")
# setattr, not object.__setattr__ (the same for Card, checked above): the slot wrapper's call cost ~35,000
# instructions a card more, ~2.3 M of a one-deck `validate` (benchmarks/bench_startup.py)
_new_card, _set_field = object.__new__, setattr
