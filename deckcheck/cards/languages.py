"""Card names in the other languages of the Council of Elrond card data: `card_db/names.json`.

Players write "Capa Élfica", "Fondcombe" or "Zwergenaxt" for the cards of the English catalog: the printed names
of the Spanish, French, German, Italian, Dutch, Finnish and Japanese editions are facts like any other, imported
from the same source as `cards.json`. The file keeps only names that differ from the English one, one card per
line. It is loaded only when an English name fails to resolve or a command is asked for another language, so
that reading an English deck never pays for it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from deckcheck.datafiles import data_path, is_file, read_json
from deckcheck.errors import DataError, DeckcheckError
from deckcheck.patterns import LazyPattern

NAMES_FORMAT = 1
NAMES_FILE = "names.json"

# Every language of the card data, as `--lang` takes it; English is the catalog's own.
LANGUAGES = {"en": "English", "es": "Spanish", "fr": "French", "de": "German", "it": "Italian", "nl": "Dutch",
             "fi": "Finnish", "ja": "Japanese"}
OTHER_LANGUAGES = tuple(code for code in LANGUAGES if code != "en")

# The Japanese names of the source sometimes hold two spellings joined as '","' (katakana or kanji, then a
# hiragana reading: 'モリア","もりあ'), a stray '""' inside one name ('夜明けの死""インドゥア') or an unbalanced
# quote ('バート"（ブーラト）'); each spelling is a name, the stray quotes are not part of it.
_JOINED = LazyPattern(r'"\s*,\s*"')


def spellings(raw: str) -> list[str]:
    """The names one source field holds: trimmed, stray quotes dropped, duplicates once."""
    out: list[str] = []
    for part in _JOINED.split(raw or ""):
        part = part.replace('""', "").strip()
        if part.count('"') % 2:
            part = part.replace('"', "").strip()
        if part and part not in out:
            out.append(part)
    return out


def import_names(source: dict, source_info: dict | None = None) -> dict:
    """The names document for `card_db/names.json` from the CoE card data (already read as JSON)."""
    names: dict[str, dict[str, str | list[str]]] = {}
    for set_data in source.values():
        for raw in set_data["cards"].values():
            english = raw["name"]["en"].strip()
            found: dict[str, str | list[str]] = {}
            for code in OTHER_LANGUAGES:
                written = [n for n in spellings(raw["name"].get(code) or "") if n != english]
                if written:
                    found[code] = written[0] if len(written) == 1 else written
            if found:
                names[raw["id"]] = found
    document = {"format": NAMES_FORMAT, "languages": {c: LANGUAGES[c] for c in OTHER_LANGUAGES}}
    if source_info:
        document["source"] = source_info
    document["names"] = dict(sorted(names.items(), key=lambda item: _id_order(item[0])))
    return document


def _id_order(card_id: str) -> tuple[str, int]:
    set_code, _, number = card_id.partition("-")
    return set_code, int(number) if number.isdigit() else 0


def import_names_file(source_path, source_info: dict | None = None) -> dict:
    """`import_names` over the coe-cards.json file (which `import_coe` has already checked)."""
    path = Path(source_path)
    try:
        return import_names(json.loads(path.read_bytes().decode("utf-8-sig")), source_info)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
        raise DeckcheckError(f"cannot read the card names: {exc}", str(path)) from None


def dump_names(document: dict) -> str:
    """One card per line, so that diffs between imports are readable."""
    head = {k: v for k, v in document.items() if k != "names"}
    lines = [json.dumps(head, ensure_ascii=False, sort_keys=True)[:-1] + ', "names": {']
    items = list(document["names"].items())
    for i, (card_id, names) in enumerate(items):
        sep = "," if i < len(items) - 1 else ""
        lines.append(f"  {json.dumps(card_id)}: {json.dumps(names, ensure_ascii=False, sort_keys=True)}{sep}")
    lines.append("}}")
    return "\n".join(lines) + "\n"


def validate_names(document: dict, schema_path=None) -> None:
    """Check a names document against card_db/names.schema.json; a DeckcheckError names the first problem."""
    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.importer import check_schema

    check_schema(document, schema_path or data_path(CARD_DB, "names.schema.json"), "card names")


@cache
def load_names(directory) -> dict[str, dict[str, list[str]]]:
    """card id -> language -> its names there, from `directory/names.json`; empty where the file is absent
    (a catalog built before names were imported reads English only)."""
    path = data_path(directory, NAMES_FILE)
    if not is_file(path):
        return {}
    document = read_json(path, "card names")
    table = document.get("names") if isinstance(document, dict) else None
    if not isinstance(table, dict):
        raise DataError("card names have no 'names' object", str(path))
    out: dict[str, dict[str, list[str]]] = {}
    for card_id, by_language in table.items():
        if not isinstance(by_language, dict):
            raise DataError(f"card names of {card_id!r} are not an object", str(path))
        out[card_id.upper()] = {code: [value] if isinstance(value, str) else [str(v) for v in value]
                                for code, value in by_language.items() if code in LANGUAGES}
    return out


class NameTranslator:
    """Writes the card names of a report in another language: every English name of the given cards, where it
    stands as a whole name in the text, becomes the card's name in that edition ("Elven Cloak" -> "Capa Élfica"
    for `es`). Cards the edition does not name keep their English name, and so do cards whose name there, with
    their tag and set code, does not read back as them (reads_back): what is printed or converted never names
    another card."""

    def __init__(self, catalog, language: str, cards):
        versions: dict[str, list] = {}   # English name -> the cards of that name (Isle of the Ulond in TD and AS)
        for card in cards:
            if card is not None and card not in versions.setdefault(card.name, []):
                versions[card.name].append(card)
        names: dict[str, str] = {}
        for english, same_name in versions.items():
            translated = catalog.name_in(same_name[0], language)
            if translated != english and all(reads_back(catalog, translated, card) for card in same_name):
                names[english] = translated
        self.names = names
        ordered = sorted(names, key=len, reverse=True)   # "Gandalf's Friend" before "Gandalf"
        self._pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, ordered)) + r")(?!\w)") \
            if ordered else None

    def __call__(self, text: str) -> str:
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self.names[m.group(0)], text)

    def name(self, english: str) -> str:
        return self.names.get(english, english)


def reads_back(catalog, name: str, card) -> bool:
    """Whether `name`, written with the card's tag and set code, is read as this card (or a reprint of it). Not
    always so: the German edition names Concealment and Hiding both "Versteck" (TW, hero, both), and the card data
    gives Dorelas (LE-8) the German name "Dôgrib", another card's; such a card keeps its English name."""
    from deckcheck.cards.catalog import same_card

    found = catalog.resolve(name, tag=card.tag, set_code="PR" if card.promo else card.set, correct=False).card
    return found is not None and (found.id == card.id or same_card(found, card))
