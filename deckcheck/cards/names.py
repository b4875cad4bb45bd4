"""Name folding and the set codes players write after a card name.

Players type "Durins Axe", "DURIN'S AXE", "Durin’s Axe" and "Durin´s-Axe" for the same card; GCCG writes
"Bûrat", NetMECCG "Burat", maciak.org "BertBurat". Folding keeps letters and digits only, without accents
and case, so all of these meet at one key.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# The ICE card pool, in publication order (PR = promo cards, folded into their sets by the CoE database).
ICE_SETS = ("TW", "TD", "DM", "LE", "AS", "WH", "BA")
ICE_SET_CODES = frozenset(ICE_SETS + ("PR",))

# Set codes of the Council of Elrond "dream cards" (fan-made expansions) seen in real decklists: these
# cards are not in the ICE pool, which is a different message from "unknown name".
DREAM_SET_CODES = frozenset({
    "FB", "DF", "WR", "NE", "NW", "TI", "GW", "ML", "RS", "SL", "KN", "CA", "CP", "MM", "BU", "BO",
    "DS", "CH", "AF", "WT", "GB", "NWS", "ROW", "RW", "BL", "TS", "DC",
})

# Version tags: [H]ero, [M]inion, [F]allen-wizard, [B]alrog.
TAG_ALIGNMENT = {"H": "Hero", "M": "Minion", "F": "Fallen-wizard", "B": "Balrog"}

_NOT_ALNUM = re.compile(r"[^0-9a-z]+")
_SPECIAL_LETTERS = str.maketrans({"æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "ß": "ss", "ð": "d", "þ": "th"})


@lru_cache(maxsize=8192)   # resolution and the rules fold the same few hundred names again and again
def fold(name: str) -> str:
    """The lookup key of a name: lower-case letters and digits only, accents removed."""
    if not name.isascii():
        # Decompose (û -> u + accent) and drop what is not ASCII: accents, curly quotes, dashes.
        name = unicodedata.normalize("NFKD", name.translate(_SPECIAL_LETTERS)).encode("ascii", "ignore").decode()
    return _NOT_ALNUM.sub("", name.lower())
