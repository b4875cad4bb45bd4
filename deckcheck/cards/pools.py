"""The card pool in force: which cards deckcheck knows when it reads a deck, shows or searches cards.

- `ice` (the default): the ICE sets and their promos (`card_db/cards.json`). A card of a dream-card or virtual set
  is still recognised by its set code or its name (set_codes.py) and reported as not-in-pool, never read.
- `dreamcards`: the ICE cards and every card of GCCG's dream-card sets, the CoE virtual sets and the Cool Play
  Set (`card_db/dreamcards.json`), as GCCG's Dream Cards server and meccg-online play them.

A pool is which cards are *known*; which are *legal* stays the ruleset's (coe and rulebook play the ICE pool
only, whatever pool reads the deck). The pool is a setting like --rules (command line, DECKCHECK_POOL, the
config file's `pool`); the command sets it here once for the process (and its batch workers) with `use_pool`.
Under `ice` nothing of dreamcards.json is ever read, so the start-up of an ICE deck's check is what it was.
"""

from __future__ import annotations

from functools import cache

from deckcheck.cards.names import ICE_SET_CODES

ICE, DREAMCARDS = "ice", "dreamcards"
POOLS = (ICE, DREAMCARDS)
DEFAULT_POOL = ICE
# Cardnum's words for a deck of the ICE cards only and for one with a card of any other set.
STANDARD, DREAMCARD = "standard", "dreamcard"
# The deck parts a deck's share of dream cards is given for.
SHARE_PARTS = ("resources", "hazards", "characters", "sites")

_in_force = [DEFAULT_POOL]


def use_pool(pool: str) -> None:
    """Make `pool` the pool in force for this process (the command does it from its --pool setting)."""
    if pool not in POOLS:
        from deckcheck.errors import DeckcheckError

        raise DeckcheckError(f"unknown card pool {pool!r}; choose one of {', '.join(POOLS)}")
    _in_force[0] = pool


def pool_in_force() -> str:
    return _in_force[0]


def is_ice_card(card) -> bool:
    """A card of the ICE sets or their promos."""
    return card.set in ICE_SET_CODES


@cache
def pool_sets(pool: str) -> frozenset[str]:
    """The codes of the sets outside the ICE sets that `pool` holds (none for `ice`)."""
    if pool == ICE:
        return frozenset()
    return frozenset(s["code"] for s in _dream_document()["sets"])


def _dream_document() -> dict:
    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.dreamcards import DREAMCARDS_FILE
    from deckcheck.datafiles import data_path, read_json
    from deckcheck.errors import DataError

    path = data_path(CARD_DB, DREAMCARDS_FILE)
    document = read_json(path, "dream-card catalog", missing="reinstall deckcheck (in a checkout: rebuild it "
                                                             "with 'deckcheck cards import-gccg')")
    if not isinstance(document, dict) or not isinstance(document.get("cards"), list) \
            or not isinstance(document.get("sets"), list):
        raise DataError("dream-card catalog has no 'cards' and 'sets' lists", str(path))
    return document


@cache
def pool_catalog(pool: str):
    """The catalog of `pool`: the ICE catalog itself for `ice`; for `dreamcards` one catalog of the ICE cards
    (first, so that a reprint is represented by its ICE printing) and the dream-card catalog's cards."""
    from deckcheck.cards.catalog import _load_catalog

    ice = _load_catalog(None)
    if pool == ICE:
        return ice
    from deckcheck.cards.catalog import CARD_DB, Catalog, _read_aliases, _record_problem
    from deckcheck.datafiles import data_path
    from deckcheck.errors import DataError

    document = _dream_document()
    for number, record in enumerate(document["cards"]):
        problem = _record_problem(record)
        if problem:
            raise DataError(f"dream-card catalog record {number} does not fit card_db/dreamcards.schema.json: "
                            f"{problem}", str(data_path(CARD_DB, "dreamcards.json")))
    catalog = Catalog(ice.records() + document["cards"], _read_aliases(CARD_DB), ice.source, directory=CARD_DB,
                      pool_sets=pool_sets(pool))
    catalog.ice_catalog = ice
    return catalog


def clear() -> None:
    """Forget the catalogs built (the tests change card_db/)."""
    pool_sets.cache_clear()
    pool_catalog.cache_clear()


def not_in_pool_here(written: str, code: str, pool: str) -> str:
    """What a line of set `code` that `pool` (beyond ICE) cannot read is: "kemenlóke (ML) is no card of GCCG's
    file of the dream-card set Morgoth's Legacy: ...", or "... (AF) is a card of a dream-card set, which the
    dreamcards pool does not hold: GCCG's card files have no such set"."""
    from deckcheck.cards.set_codes import non_ice_set

    card_set = non_ice_set(code)
    written_code = code.strip().upper()
    if card_set is not None and card_set.code in pool_sets(pool):
        return (f"{written} ({written_code}) is no card of GCCG's file of {card_set.described()}: a card the "
                f"{pool} pool does not hold")
    described = card_set.described() if card_set is not None else "a set"
    return (f"{written} ({written_code}) is a card of {described}, which the {pool} pool does not hold: "
            "GCCG's card files have no such set")
