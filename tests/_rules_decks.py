"""Small decks built straight from card ids, for the rule tests (no reader involved).

`base_deck(alignment)` is a deck that keeps every play-deck, sideboard and location rule of the coe ruleset
for that alignment; each test changes one thing and checks that exactly the rule concerned reacts.
"""

from __future__ import annotations

from deckcheck.cards.catalog import load_catalog
from deckcheck.decklist.model import Deck, DeckEntry, Part
from deckcheck.rules import validate

P = Part

HERO_RESOURCES = ["TW-188", "TW-195", "TW-199", "TW-204", "TW-206", "TW-209", "TW-225", "TW-229", "TW-238",
                  "TW-253"]
MINION_RESOURCES = ["LE-159", "LE-160", "LE-164", "LE-166", "LE-171", "LE-172", "LE-175", "LE-177", "LE-179",
                    "LE-180"]
CREATURES = ["TW-1", "TW-5", "TW-8", "TW-17", "TW-20", "TW-25", "TW-72", "TW-74", "TW-75", "TW-109"]

BASES = {
    "wizard": {
        P.POOL: [(1, "TW-118"), (1, "TW-127")],                        # Anborn, Beregond
        P.CHARACTERS: [(1, "TW-156"), (1, "TW-130"), (1, "TW-132")],   # Gandalf, Bifur, Bofur
        P.RESOURCES: [(3, i) for i in HERO_RESOURCES],
        P.HAZARDS: [(3, i) for i in CREATURES],
        P.SIDEBOARD: [(1, "TW-23")],
        P.SITES: [(1, "TW-421"), (1, "TW-393"), (1, "TW-371"), (1, "TW-375")],
    },
    "ringwraith": {
        P.POOL: [(1, "LE-31"), (1, "LE-33")],                          # Orc Captain, Orc Sniffler
        P.CHARACTERS: [(2, "LE-58"), (1, "LE-35")],                    # The Witch-king x2, Orc Veteran
        P.RESOURCES: [(3, i) for i in MINION_RESOURCES],
        P.HAZARDS: [(3, i) for i in CREATURES],
        P.SITES: [(2, "LE-390"), (1, "LE-367"), (1, "LE-349"), (1, "LE-353")],
    },
    "fallen-wizard": {
        P.CHARACTERS: [(2, "WH-9"), (1, "TW-130")],                    # Saruman [F] x2, Bifur
        P.RESOURCES: [(2, i) for i in HERO_RESOURCES] + [(2, i) for i in MINION_RESOURCES[:5]],
        P.HAZARDS: [(3, i) for i in CREATURES],
        P.SITES: [(3, "WH-58"), (1, "TW-421"), (1, "LE-367")],
    },
    "balrog": {
        P.CHARACTERS: [(2, "BA-3"), (1, "LE-29")],                     # The Balrog x2, Old Troll
        P.RESOURCES: [(3, i) for i in MINION_RESOURCES],
        P.HAZARDS: [(3, i) for i in CREATURES],
        P.SITES: [(4, "BA-93"), (2, "BA-100"), (1, "BA-83"), (1, "LE-349")],
    },
    # GCCG's Dream Cards Lords (dream-card ids: built from the dreamcards pool's catalog).
    "elf-lord": {
        P.POOL: [(1, "TW-118"), (1, "WH-82"), (1, "WH-72")],          # Anborn; Thrall of the Voice + Great Patron
        P.CHARACTERS: [(1, "FB-12"), (1, "TW-130"), (1, "TW-132")],    # Elrond Half-elven (FB), Bifur, Bofur
        P.RESOURCES: [(2, i) for i in HERO_RESOURCES] + [(2, i) for i in MINION_RESOURCES[:5]],
        P.HAZARDS: [(3, i) for i in CREATURES],
        P.SITES: [(1, "FB-176"), (1, "FB-169"), (1, "TW-371"), (1, "LE-353")],   # Elf-lord Rivendell, Lórien
    },
    "dwarf-lord": {
        P.POOL: [(1, "TW-118"), (1, "WH-82"), (1, "WH-72")],
        P.CHARACTERS: [(1, "DF-177"), (1, "TW-130"), (1, "TW-132")],   # Thorin (DF), Bifur, Bofur
        P.RESOURCES: [(2, i) for i in HERO_RESOURCES] + [(2, i) for i in MINION_RESOURCES[:5]],
        P.HAZARDS: [(3, i) for i in CREATURES],
        P.SITES: [(1, "DF-21"), (1, "DF-92"), (1, "TW-371"), (1, "LE-353")],     # the two Dwarf-lord havens
    },
    "dragon-lord": {
        P.CHARACTERS: [(2, "GW-174"), (1, "LE-29")],                   # Smaug the Golden (GW) x2, Old Troll
        P.RESOURCES: [(3, i) for i in MINION_RESOURCES],
        P.HAZARDS: [(3, i) for i in CREATURES],
        P.SITES: [(1, "GW-65"), (1, "LE-349"), (1, "LE-353")],         # Dragon's Den
    },
}
LORDS = ("elf-lord", "dwarf-lord", "dragon-lord")


def build(alignment: str | None, parts: dict[Part, list[tuple[int, str]]], *, path: str = "test.deck") -> Deck:
    """A deck with one entry per (count, card id); source lines numbered in part order. A Lord's deck holds
    dream cards: its ids are looked up in the dreamcards pool's catalog."""
    from deckcheck.cards.pools import DREAMCARDS, pool_catalog

    catalog = pool_catalog(DREAMCARDS) if alignment in LORDS else load_catalog()
    dream = pool_catalog(DREAMCARDS)
    deck = Deck(path=path, format="test", alignment=alignment)
    line = 1
    for part in (P.POOL, P.CHARACTERS, P.RESOURCES, P.HAZARDS, P.PLAY, P.SIDEBOARD, P.FW_SIDEBOARD, P.SITES):
        for count, card_id in parts.get(part, []):
            card = catalog.by_id(card_id) or dream.by_id(card_id)      # the dream cards of a dream ruleset's base
            assert card is not None, card_id
            deck.entries.append(DeckEntry(part=part, count=count, written=card.name, lines=[line], card=card))
            line += 1
    return deck


def base_parts(alignment: str) -> dict[Part, list[tuple[int, str]]]:
    return {part: list(entries) for part, entries in BASES[alignment].items()}


def verdict(parts, alignment: str, ruleset: str = "coe", length: int = 2):
    return validate(build(alignment, parts), ruleset=ruleset, length=length)


def codes(v) -> list[str]:
    return [x.code for x in v.violations]


def only(v, code: str):
    """The violations of one code."""
    return [x for x in v.violations if x.code == code]


# The codes rules-A checks (the engine's own families); the base decks keep all of them.
RULES_A_CODES = {
    "unknown-card", "ambiguous-card", "unique-limit", "copy-limit", "resource-count", "hazard-parity",
    "character-limit", "avatar-limit", "sideboard-size", "fw-sideboard-size", "site-copies", "site-alignment",
    "region-card", "creature-count", "agent-mind",
}


def rules_a(v) -> list:
    return [x for x in v.violations if x.code in RULES_A_CODES]
