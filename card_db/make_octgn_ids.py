"""Build card_db/octgn.json, OCTGN's card ids of the MECCG game definition, from its set files.

    python card_db/make_octgn_ids.py PATH/TO/meccg-for-Octgn/o8g/Sets > card_db/octgn.json

OCTGN loads a deck by these ids only (an `.o8d` card whose id the game lacks stops the load), so the `octgn`
writer needs them. Each `<card id="..." name="...">` of a set.xml is matched to the one card of deckcheck's
catalog with that set and name; where two share both (the AS factions printed for hero and minion), the set
file's `Type` property ("Hero Resource") picks the version; a promotional card OCTGN holds only in its German
promo set (Ringil, Swordmaster) takes the id of that printing. Only ids are kept: no card text.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.names import fold

GAME = "1fe65646-3ee1-4dce-9a60-d33a7c3ce9f2"   # <deck game="..."> of every MECCG .o8d
SETS = {"The Wizards": "TW", "The Dragons": "TD", "Dark Minions": "DM", "Against the Shadow": "AS",
        "The Lidless Eye": "LE", "The White Hand": "WH", "The Balrog": "BA", "Promotional": "PR"}


def main(sets_dir: str) -> int:
    catalog = load_catalog()
    by_set_name: dict[tuple[str, str], list] = {}
    for card in catalog.cards:
        by_set_name.setdefault(("PR" if card.promo else card.set, fold(card.name)), []).append(card)
    ids, german_ids, unmatched = {}, {}, []
    for path in sorted(Path(sets_dir).glob("*/set.xml")):
        root = ET.parse(path).getroot()
        code = SETS.get(root.get("name", ""))
        german = root.get("name") == "Promotional german"   # the German promos, some only there (Ringil)
        if code is None and not german:
            continue
        for element in root.iter("card"):
            kind = next((p.get("value", "") for p in element.iter("property") if p.get("name") == "Type"), "")
            if german:
                cards = [c for c in catalog.by_name(element.get("name", "")) if c.promo and c.id not in ids]
                if len(cards) == 1:
                    german_ids[cards[0].id] = element.get("id")
                continue
            cards = by_set_name.get((code, fold(element.get("name", ""))), [])
            if len(cards) > 1:
                cards = [c for c in cards if kind.startswith(c.alignment)]
            if len(cards) == 1:
                ids[cards[0].id] = element.get("id")
            else:
                unmatched.append(f"{code} {element.get('name')}")
    ids.update({card_id: guid for card_id, guid in german_ids.items() if card_id not in ids})
    print(f"{len(ids)} ids; not in the catalog: {', '.join(unmatched) or 'none'}", file=sys.stderr)
    json.dump({"game": GAME, "source": "wlk0/meccg-for-Octgn o8g/Sets/*/set.xml",
               "cards": dict(sorted(ids.items(), key=lambda item: catalog.cards.index(catalog.by_id(item[0]))))},
              sys.stdout, indent=0)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
