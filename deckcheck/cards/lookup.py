"""Card lookup for `deckcheck cards show` and `deckcheck cards search`: the library side of the commands."""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckcheck.cards.catalog import Catalog
from deckcheck.cards.model import Card
from deckcheck.cards.names import fold, ice_set_code, is_set_code
from deckcheck.cards.set_codes import non_ice_set, not_in_pool_message
from deckcheck.errors import DeckcheckError

# searched for: each starts only where a run of blanks starts, or a long run is rescanned from every position
_TRAILING_SET = re.compile(r"(?<!\s)\s*\(([A-Za-z0-9]{2,4})\)\s*$")
_TRAILING_TAG = re.compile(r"(?<!\s)\s*\[([HMFBhmfb])\]\s*$")

# Rows of `cards show`, in the order a player reads a card: label and how to get the value.
FACT_ROWS: list[tuple[str, str]] = [
    ("id", "id"), ("set", "set"), ("type", "type"), ("subtypes", "subtypes"), ("alignment", "alignment"),
    ("unique", "unique"), ("avatar", "avatar"), ("agent", "agent"), ("race", "races"), ("skills", "skills"),
    ("mind", "mind"), ("direct influence", "direct_influence"), ("general influence", "general_influence"),
    ("prowess", "prowess"), ("body", "body"), ("strikes", "strikes"), ("corruption", "corruption"),
    ("marshalling points", "mp_text"), ("stage points", "stage_points"), ("specific to", "specific"),
    ("home site", "home_site"), ("keywords", "keywords"), ("magic", "magic"),
    ("site type", "site_type"), ("haven(s)", "havens"), ("region", "region"), ("site path", "site_path"),
    ("draws (you/opponent)", "draws"), ("playable items", "playable_items"), ("information", "information"),
    ("keyed to", "keyed_to"), ("playable at", "playable_at"), ("influence check", "influence_check"),
    ("copy limit", "copy_limit"), ("manifestation of", "manifestation_of"), ("flags", "flags"),
]

FLAG_NAMES = [
    ("playable_as_resource", "playable as resource"), ("playable_as_hazard", "playable as hazard"),
    ("playable_as_starting_minor_item", "starting minor item"), ("spawn", "spawn"), ("hoard_item", "hoard item"),
    ("under_deeps", "Under-deeps"), ("dragon_manifestation", "Dragon manifestation"), ("promo", "promo"),
]


SCHEMA = "deckcheck/cards/1"        # deckcheck/schemas/cards.schema.json


def cards_document(cards: list[Card]) -> dict:
    """What `cards show|search --output json` print: the cards' facts."""
    return {"schema": SCHEMA, "cards": [c.to_json() for c in cards]}


def split_written_name(text: str) -> tuple[str, str | None, str | None]:
    """'Moria [M] (LE)' -> ('Moria', 'M', 'LE'); a name may itself hold parentheses ('"Bert" (Bûrat)')."""
    name, tag, code = text.strip(), None, None
    m = _TRAILING_SET.search(name)
    if m and is_set_code(m.group(1)):
        code, name = m.group(1).upper(), name[: m.start()]
    m = _TRAILING_TAG.search(name)
    if m:
        tag, name = m.group(1).upper(), name[: m.start()]
    return name.strip(), tag, code


def fact(card: Card, key: str):
    """The value of one row of `cards show` for a card, or None where the card has no such fact."""
    if key == "mp_text":
        if card.mp is None and card.mp_alt is None:
            return None
        text = "" if card.mp is None else str(card.mp)
        text += f"({card.mp_alt})" if card.mp_alt is not None else ""
        text += "*" if card.mp_star else ""
        return f"{text} {card.mp_category or ''}".strip()
    if key == "draws":
        return None if card.draw is None else f"{card.draw}/{card.draw_opponent}"
    if key == "flags":
        flags = [label for attr, label in FLAG_NAMES if getattr(card, attr)]
        return ", ".join(flags) or None
    value = getattr(card, key)
    if isinstance(value, tuple):
        return ", ".join(value) or None
    if value is False:
        return None
    if value is True:
        return "yes"
    return value


@dataclass
class ShowResult:
    query: str
    cards: list[Card]
    note: str = ""          # what a near-miss was read as, for stderr


def show(catalog: Catalog, query: str) -> ShowResult:
    """Every version of the name the player typed (in any language, or the one card it clearly misspells); a tag
    or set code narrows the versions shown."""
    name, tag, code = split_written_name(query)
    outside = non_ice_set(code)
    if outside and outside.code not in catalog.pool_sets:
        raise DeckcheckError(not_in_pool_message(name, code))
    code = ice_set_code(code) or (outside.code if outside else None)
    versions, note = catalog.by_name(name), ""
    if not versions:
        resolution = catalog.resolve(name, set_code=code)
        if resolution.corrected is None:
            raise DeckcheckError(resolution.message)
        versions, note = catalog.by_name(resolution.corrected.entry.target), resolution.correction_text()
    if tag or code:
        narrowed = [c for c in versions if (not tag or c.tag == tag) and (not code or c.set == code or
                                                                          (code == "PR" and c.promo))]
        versions = narrowed or versions
    return ShowResult(query, versions, note)


def other_names(catalog: Catalog, card: Card) -> str | None:
    """The card's names in the other editions of the card data ("de Elbenmantel; es Capa Élfica; ...")."""
    from deckcheck.cards.languages import OTHER_LANGUAGES

    names = [f"{code} {named}" for code in OTHER_LANGUAGES if (named := catalog.name_in(card, code)) != card.name]
    return "; ".join(names) or None


def facts_table(cards: list[Card]) -> list[tuple[str, list[str]]]:
    """Rows (label, one value per card) with at least one value, for a side-by-side table."""
    rows = []
    for label, key in FACT_ROWS:
        values = [fact(c, key) for c in cards]
        if any(v is not None for v in values):
            rows.append((label, ["" if v is None else str(v) for v in values]))
    return rows


def render_table(cards: list[Card], catalog: Catalog | None = None) -> str:
    """The facts of the cards side by side; with the catalog, a last row gives their names in other languages."""
    header = ["", *(c.display() for c in cards)]
    rows = [header, *([label, *values] for label, values in facts_table(cards))]
    names = [other_names(catalog, c) for c in cards] if catalog is not None else []
    if any(names):
        rows.append(["other languages", *(n or "" for n in names)])
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = []
    for i, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(widths[j]) for j, cell in enumerate(row)).rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def search(catalog: Catalog, *, name: str | None = None, type_: str | None = None, alignment: str | None = None,
           set_code: str | None = None, race: str | None = None, skill: str | None = None,
           subtype: str | None = None, keyword: str | None = None) -> list[Card]:
    """Cards matching every given filter (case- and accent-insensitive; name matches a part of the name)."""

    def has(values, wanted: str | None) -> bool:
        return wanted is None or any(fold(v) == fold(wanted) or fold(v) == fold(wanted).rstrip("s")
                                     for v in values)

    found = []
    for card in catalog.cards:
        if name and fold(name) not in fold(card.name):
            continue
        if type_ and fold(card.type) != fold(type_):
            continue
        if alignment and fold(card.alignment) != fold(alignment):
            continue
        if set_code and card.set != set_code.upper() and not (set_code.upper() == "PR" and card.promo):
            continue
        if not (has(card.races, race) and has(card.skills, skill) and has(card.subtypes, subtype)
                and has(card.keywords, keyword)):
            continue
        found.append(card)
    return found


def render_list(cards: list[Card]) -> str:
    rows = [("id", "name", "type", "alignment", "details")]
    for c in cards:
        details = "/".join(c.subtypes)
        if c.is_character:
            # a dream-card character may have no skills: no empty field between the commas
            details = ", ".join(p for p in (f"mind {c.mind}", "/".join(c.skills), ", ".join(c.races)) if p)
        elif c.is_site:
            details = f"{c.site_type or ''} {c.region or ''}".strip()
        rows.append((c.id, c.display(), c.type, c.alignment, details))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(widths[j]) for j, cell in enumerate(r)).rstrip() for r in rows)
