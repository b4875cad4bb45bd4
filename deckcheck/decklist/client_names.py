"""The name each client gives a card: GCCG's canonical name, meccg-online's card code, OCTGN's card id.

GCCG (and meccg-online, whose codes are GCCG's names with the set always added) tells printings of one name
apart the way its `CardSet::CanonicalName` does (GCCG source, src/carddata.cpp; Metw's "canonical key" is the
card's `type` attribute, first letter): a name printed once is bare; else a `[X]` tag is added where the type's
first letter tells some printings apart (H for Hero and for Hazard, M Minion, F Fallen-wizard, B Balrog,
S Stage, R Region), then a `(SET)` where the set does. So "Cave Worm (LE)" (a Hazard in TD and LE),
"Saruman [H]", "Moria [B]", "Eradan". GCCG writes straight quotes and apostrophes ("Beorn's House").

A promotional reprint that the card data holds beside its original in the same set (Dark Quarrels TW-207 and
TW-208) is one card to GCCG and OCTGN: it is named as its original.
"""

from __future__ import annotations

from functools import cache

from deckcheck.cards.catalog import load_catalog, same_card
from deckcheck.cards.model import HAZARD, REGION, Card
from deckcheck.cards.names import fold

STRAIGHT = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})
TYPE_LETTER = {"Hero": "H", "Minion": "M", "Fallen-wizard": "F", "Balrog": "B", "Stage": "S", "Dual": "M",
               "Neutral": "H"}


def gccg_type(card: Card) -> str:
    """GCCG's `type` attribute: "Hazard", "Region", or alignment and type ("Hero Character", "Minion Site")."""
    if card.type in (HAZARD, REGION):
        return card.type
    alignment = "Minion" if card.alignment == "Dual" else "Hero" if card.alignment == "Neutral" else card.alignment
    return f"{alignment} {card.type}"


def gccg_set(card: Card) -> str:
    return "PR" if card.promo else card.set


def original_of(card: Card) -> Card:
    """The card itself, or for a promotional reprint held beside its original in the same set, the original."""
    if card.promo:
        for other in load_catalog().by_name(card.name):
            if not other.promo and other.set == card.set and same_card(other, card):
                return other
    return card


def _printings(card: Card) -> list[Card]:
    """The printings GCCG holds of the card's name (promotional twins folded into their originals). Names that
    differ only in case ("Isles of the Dead That Live", AS, and "...that Live", TW) count as one, as deckcheck
    reads them."""
    seen: list[Card] = []
    for other in load_catalog().by_name(card.name):
        other = original_of(other)
        if fold(other.name) == fold(card.name) and all(other.id != kept.id for kept in seen):
            seen.append(other)
    return seen


def gccg_name(card: Card) -> str:
    """GCCG's canonical name of the card (see the module docstring)."""
    card = original_of(card)
    name = card.name.translate(STRAIGHT)
    printings = _printings(card)
    if len(printings) <= 1:
        return name
    letter = TYPE_LETTER.get(card.alignment, "H") if card.type not in (HAZARD, REGION) else card.type[0]
    same_letter = [c for c in printings if _letter(c) == letter]
    if len(same_letter) < len(printings):
        name += f" [{letter}]"
    if len(same_letter) > 1 and any(gccg_set(c) != gccg_set(card) for c in same_letter):
        name += f" ({gccg_set(card)})"
    return name


def _letter(card: Card) -> str:
    return card.type[0] if card.type in (HAZARD, REGION) else TYPE_LETTER.get(card.alignment, "H")


def meccg_code(card: Card) -> str:
    """meccg-online's card code: the GCCG name with its set always ("Eradan (LE)", "Saruman [H] (TW)")."""
    name = gccg_name(card)
    suffix = f" ({gccg_set(original_of(card))})"
    return name if name.endswith(suffix) else name + suffix


@cache
def _octgn() -> dict:
    """card_db/octgn.json: OCTGN's card ids of the MECCG game definition (card_db/make_octgn_ids.py)."""
    from deckcheck.datafiles import data_folder, data_path, read_json

    return read_json(data_path(data_folder("card_db"), "octgn.json"), "the OCTGN card ids")


def octgn_game_id() -> str:
    return _octgn()["game"]


def octgn_id(card: Card) -> str | None:
    """OCTGN's id of the card in the MECCG game definition; None where that game has no such card."""
    return _octgn()["cards"].get(original_of(card).id)


@cache
def _octgn_cards() -> dict[str, str]:
    return {guid: card_id for card_id, guid in _octgn()["cards"].items()}


def card_id_of_octgn(guid: str) -> str | None:
    """deckcheck's id ("LE-110") of the card OCTGN's MECCG game knows by `guid`; None for an id it lacks."""
    return _octgn_cards().get(guid.strip().lower())
