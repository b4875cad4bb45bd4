"""Name folding and the set codes players write after a card name.

Players type "Durins Axe", "DURIN'S AXE", "Durin’s Axe" and "Durin´s-Axe" for the same card; GCCG writes
"Bûrat", NetMECCG "Burat", maciak.org "BertBurat". Folding keeps letters and digits only, without accents
and case, so all of these meet at one key.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from functools import lru_cache

from deckcheck.patterns import LazyPattern

# The ICE card pool, in publication order (PR = promo cards, folded into their sets by the CoE database).
ICE_SETS = ("TW", "TD", "DM", "LE", "AS", "WH", "BA")
ICE_SET_CODES = frozenset(ICE_SETS + ("PR",))
# The sets' long codes ("METW", "MELE"), as some lists and the rulebooks write them.
ICE_LONG_CODES = {f"ME{code}": code for code in ICE_SETS}


def ice_set_code(token: str | None) -> str | None:
    """The ICE set code a written one means ("le", "MELE" -> "LE"), or None."""
    code = (token or "").strip().upper()
    return code if code in ICE_SET_CODES else ICE_LONG_CODES.get(code)


def is_set_code(token: str) -> bool:
    """Whether a written token ("TW", "v1", "ROTS") is a set code: of the ICE pool, or of a dream-card or virtual
    set (card_db/sets.json, read on the first token that is no ICE code), which names a card outside the pool."""
    if ice_set_code(token):
        return True
    from deckcheck.cards.set_codes import non_ice_set

    return non_ice_set(token) is not None


# Version tags: [H]ero, [M]inion, [F]allen-wizard, [B]alrog.
TAG_ALIGNMENT = {"H": "Hero", "M": "Minion", "F": "Fallen-wizard", "B": "Balrog"}

_NOT_ALNUM = LazyPattern(r"[^0-9a-z]+")
_SPECIAL_LETTERS = str.maketrans({"æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "ß": "ss", "ð": "d", "þ": "th"})


# Letters of scripts that have no Latin spelling: Greek, Cyrillic, kana, CJK ideographs, Hangul, half-width kana,
# as the bounds of half-open ranges (start, end, start, end, ...). Not a regular expression: compiling a character
# class this wide costs ~3 ms, at every start (a tenth of what checking one deck takes).
_NON_LATIN_BOUNDS = (0x0370, 0x0500, 0x3040, 0x3100, 0x3400, 0x4DC0, 0x4E00, 0xA000, 0xAC00, 0xD7B0, 0xFF66, 0xFFA0)


def _has_non_latin(name: str) -> bool:
    """Whether the name holds a letter of a script without a Latin spelling (_NON_LATIN_BOUNDS)."""
    if max(name, default="") < "\u0370":
        return False   # the common case (a Latin name with accents), without a loop over its letters
    return any(bisect_right(_NON_LATIN_BOUNDS, ord(char)) % 2 for char in name if char >= "\u0370")


@lru_cache(maxsize=16384)   # resolution and the rules fold the same few hundred names again and again
def fold(name: str) -> str:
    """The lookup key of a name: lower-case letters and digits only, accents removed.

    Letters of scripts without a Latin spelling (the Japanese names of the card data) are kept as they are,
    in their composed form: "ガンダルフ" folds to itself, not to nothing."""
    if name.isascii():
        return _NOT_ALNUM.sub("", name.lower())
    if not _has_non_latin(name):
        # Decompose (û -> u + accent) and drop what is not ASCII: accents, curly quotes, dashes.
        name = unicodedata.normalize("NFKD", name.translate(_SPECIAL_LETTERS)).encode("ascii", "ignore").decode()
        return _NOT_ALNUM.sub("", name.lower())
    kept: list[str] = []
    for char in unicodedata.normalize("NFKD", name.translate(_SPECIAL_LETTERS).lower()):
        if char.isascii():
            if char.isalnum():
                kept.append(char)
        elif unicodedata.combining(char):
            if kept and not kept[-1].isascii():
                kept.append(char)   # the voicing mark of a kana, not the accent of a Latin letter
        elif char.isalnum() and not unicodedata.name(char, "").startswith("LATIN"):
            kept.append(char)       # a kana or kanji; a Latin letter with no ASCII form is dropped, as before
    return unicodedata.normalize("NFC", "".join(kept))


# Between words: anything but letters, digits, combining marks, apostrophes and hyphens ("Durin's" and
# "Cavern-ways" are one word each, as a player drops or adds them).
_WORD_BREAK = LazyPattern(r"[^\w'’‘`´\-‐‑\u0300-\u036f\u3099\u309a]+|_+")


def name_words(name: str) -> tuple[str, ...]:
    """The folded words of a name ("Sable Shield/find" -> ("sable", "shield", "find"), "Orc-guard" -> ("orcguard",)),
    for comparing names
    word by word; a word that folds to nothing (a lone dash or accent) is left out."""
    return tuple(word for part in _WORD_BREAK.split(name) if (word := fold(part)))
