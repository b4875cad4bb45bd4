"""The sets outside the ICE card pool whose codes players write after a card name: `card_db/sets.json`.

GCCG's card files (../shared/carddata/gccg/xml, see its SOURCE.md) hold every dream-card and virtual set of the
community, each with its code and name. `import_gccg_sets` reads those files (facts only: code, name, card count)
and adds the older codes real GCCG deck files write for the same sets; `dump_sets` writes them byte for byte the
same from the same files. At run time `non_ice_set` answers "which set does this code name?" from the committed
file, so that "Abductor (V1)" is a card of The Road Goes Ever on, never the ICE card of that name.

`import_gccg_names` / `dump_names` make `card_db/set_names.json` the same way: every card name of those sets and
the codes printing it. `sets_of_name` answers "which sets print a card of this name?", asked only of a name no ICE
card has, so that a list that left out the set code ("3 Thorin") still names Durin's Folk's card, not a near miss.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING

from deckcheck.datafiles import data_folder, data_path, read_json
from deckcheck.errors import DeckcheckError
from deckcheck.records import record

if TYPE_CHECKING:       # pathlib only where GCCG's folder is imported: every start imports this module
    from pathlib import Path

SETS_FILE = "sets.json"
NAMES_FILE = "set_names.json"      # the card names of those sets: a name no ICE card has is still a card
SETS_FORMAT = 1
GCCG_SOURCE = "GCCG core (github.com/markferry/gccg-dev, commit ad8728eb): core/xml/Metw/*.xml"
GCCG_INDEX = "metwDC.xml"          # the module file: lists every set file in GCCG's own order
MAX_SET_FILE_BYTES = 8 * 1024 * 1024   # the biggest set file is ~0.5 MB

# The virtual sets of the Council of Elrond (SOURCE.md: "the virtual sets V1 The Road Goes Ever On, V2, V3");
# the Cool Play Set is neither a dream-card set nor a virtual one. Every other set of the files is a dream-card set.
VIRTUAL_SETS = ("V1", "V2", "V3")
OTHER_SETS = ("CPS",)

# Older codes of the same sets, as real GCCG deck files and GCCG's own rules scripts write them
# (SOURCE.md; scripts/Metw-common.include lists the dream sets as FB FP DF NM GW NW ROTS TOI WOTR NE KN SL BO GP MR,
# written before RN, DS and CA; real decklists write "(mm)" for Nine Rings for Mortal Men's cards).
OLDER_CODES = {"ROTS": "RS", "TOI": "TI", "WOTR": "WR", "GP": "CP", "MR": "ML", "MM": "NM"}

# Dream-card codes seen in real decklists whose set GCCG has no file of (so no name to give), and older codes
# whose set is not known: still not the ICE card pool, said as such.
UNNAMED_DREAM_CODES = ("AF", "BL", "BU", "CH", "DC", "FA", "GB", "NWS", "ROW", "RW", "TS", "WT")


@record(frozen=True)
class CardSet:
    """A set outside the ICE sets, as a line's set code names it."""

    code: str          # the set's code in GCCG's files ("V1"), whatever code the line wrote
    name: str | None   # "The Road Goes Ever on"; None for a dream-card code no set file names
    kind: str          # dream | virtual | other

    def described(self) -> str:
        """"the CoE virtual set The Road Goes Ever on", "the dream-card set Durin's Folk", "the CoE Virtual Set 2"."""
        if self.name is None:
            return "a dream-card set"
        label = {"dream": "dream-card set", "virtual": "CoE virtual set", "other": "set"}[self.kind]
        if "set" in self.name.lower().split():                 # "Virtual Set 2", "Cool Play Set"
            label = "CoE" if self.kind == "virtual" else ""
        return f"the {label + ' ' if label else ''}{self.name}"


def not_in_pool_message(written: str, code: str) -> str:
    """"Abductor (V1) is a card of the CoE virtual set The Road Goes Ever on, not of the ICE card pool"; an older
    code says the set's code of today ("(ROTS) ... Return of the Shadow (RS)")."""
    card_set = non_ice_set(code)
    if card_set is None:
        raise ValueError(f"{code!r} is no set outside the ICE card pool")
    written_code = code.strip().upper()
    also = f" ({card_set.code})" if card_set.code != written_code else ""
    return f"{written} ({written_code}) is a card of {card_set.described()}{also}, not of the ICE card pool"


# ------------------------------------------------------------------ import (from ../shared) ------------------


def _set_files(xml_dir: Path) -> list[Path]:
    """The set files in the order GCCG's module file lists them, then any it does not list (by name)."""
    listed = [element.get("source", "") for element in _parse(xml_dir / GCCG_INDEX).iter("cardset")]
    present = sorted(p.name for p in xml_dir.glob("*.xml") if p.name != GCCG_INDEX)
    ordered = [name for name in listed if name in present] + [n for n in present if n not in listed]
    return [xml_dir / name for name in ordered]


def _parse(path: Path, data: bytes | None = None):
    """The root element of a GCCG XML file (ISO-8859-1, as its declaration says), built by expat with no entity
    ever declared: the files name GCCG's DTD by SYSTEM id only (never fetched); an internal DTD subset or an
    entity declaration is refused, so no entity expansion can grow the work beyond the file's size."""
    import xml.etree.ElementTree as ET
    from xml.parsers import expat

    from deckcheck.fileio import read_bytes

    if data is None:
        data = read_bytes(str(path), limit=MAX_SET_FILE_BYTES, kind="a GCCG set file")
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.StartDoctypeDeclHandler = _no_internal_subset
    parser.EntityDeclHandler = _no_entity
    try:
        parser.Parse(data, True)
        return builder.close()
    except expat.ExpatError as exc:
        line = getattr(exc, "lineno", None) or parser.CurrentLineNumber
        reason = expat.ErrorString(exc.code) if getattr(exc, "code", None) else str(exc)
        raise DeckcheckError(f"not a GCCG set file: {reason}", str(path), line) from None


def _no_internal_subset(_name, _system_id, _public_id, has_internal_subset) -> None:
    if has_internal_subset:
        from xml.parsers import expat

        raise expat.ExpatError("an internal DTD subset (refused: no entity is ever declared or expanded)")


def _no_entity(*_args) -> None:
    from xml.parsers import expat

    raise expat.ExpatError("an entity declaration (refused: no entity is ever expanded)")


def import_gccg_sets(xml_dir: str | Path) -> dict:
    """The facts document of `card_db/sets.json` from GCCG's set files: each set's code, name, kind, card count
    and older codes, with the digest of the file it came from."""
    from pathlib import Path

    xml_dir = Path(xml_dir)
    if not (xml_dir / GCCG_INDEX).is_file():
        raise DeckcheckError(f"no {GCCG_INDEX} here: not GCCG's MECCG card folder", str(xml_dir))
    sets, files = [], {}
    import hashlib

    from deckcheck.fileio import read_bytes

    for path in _set_files(xml_dir):
        data = read_bytes(str(path), limit=MAX_SET_FILE_BYTES, kind="a GCCG set file")
        root = _parse(path, data)
        code, name = root.get("abbrev"), root.get("name")
        if root.tag != "ccg-setinfo" or not code or not name:
            raise DeckcheckError("no <ccg-setinfo name=... abbrev=...>: not a GCCG set file", str(path))
        kind = "virtual" if code in VIRTUAL_SETS else "other" if code in OTHER_SETS else "dream"
        older = sorted(old for old, new in OLDER_CODES.items() if new == code)
        sets.append({"code": code, "name": name, "kind": kind, "cards": sum(1 for _ in root.iter("card")),
                     "older_codes": older})
        files[path.name] = hashlib.sha256(data).hexdigest()
    known = {s["code"] for s in sets}
    missing = sorted(set(OLDER_CODES.values()) - known)
    if missing:
        raise DeckcheckError(f"the set files lack {', '.join(missing)}, which older codes name", str(xml_dir))
    return {"format": SETS_FORMAT, "source": {"name": GCCG_SOURCE, "files": files}, "sets": sets,
            "unnamed_dream_codes": list(UNNAMED_DREAM_CODES)}


def import_gccg_names(xml_dir: str | Path) -> dict:
    """The facts document of `card_db/set_names.json`: every card name of the sets outside the ICE card pool ->
    the codes of the sets that print it, with the digest of each file read (the same files as `import_gccg_sets`)."""
    from pathlib import Path

    xml_dir = Path(xml_dir)
    sets = import_gccg_sets(xml_dir)      # the same files, checked the same way
    names: dict[str, list[str]] = {}
    for path in _set_files(xml_dir):
        root = _parse(path)
        for card in root.iter("card"):
            name = (card.get("name") or "").strip()
            if name and root.get("abbrev") not in names.setdefault(name, []):
                names[name].append(root.get("abbrev"))
    return {"format": SETS_FORMAT, "source": sets["source"], "names": dict(sorted(names.items()))}


def dump_names(document: dict) -> str:
    """The names document as text: one name per line, so an import's diff is readable."""
    head = {k: v for k, v in document.items() if k != "names"}
    rows = list(document["names"].items())
    lines = [json.dumps(head, ensure_ascii=False, sort_keys=True)[:-1] + ', "names": {']
    lines += [f"  {json.dumps(name, ensure_ascii=False)}: {json.dumps(codes)}" + ("," if i < len(rows) - 1 else "")
              for i, (name, codes) in enumerate(rows)]
    return "\n".join(lines) + "\n}}\n"


def dump_sets(document: dict) -> str:
    """The document as text: one set per line, so an import's diff is readable."""
    head = {k: v for k, v in document.items() if k != "sets"}
    lines = [json.dumps(head, ensure_ascii=False, sort_keys=True)[:-1] + ', "sets": [']
    rows = document["sets"]
    lines += ["  " + json.dumps(row, ensure_ascii=False, sort_keys=True) + ("," if i < len(rows) - 1 else "")
              for i, row in enumerate(rows)]
    return "\n".join(lines) + "\n]}\n"


# ------------------------------------------------------------------ run time (card_db/sets.json) -------------


@cache
def _codes() -> dict[str, CardSet]:
    """Every non-ICE code, older ones included, -> its set (read once: ~3 KB)."""
    path = data_path(data_folder("card_db"), SETS_FILE)
    document = read_json(path, "set codes")
    table: dict[str, CardSet] = {}
    try:
        for row in document["sets"]:
            card_set = CardSet(row["code"], row["name"], row["kind"])
            for code in (row["code"], *row["older_codes"]):
                table[code.upper()] = card_set
        for code in document["unnamed_dream_codes"]:
            table.setdefault(code.upper(), CardSet(code.upper(), None, "dream"))
    except (KeyError, TypeError) as exc:
        from deckcheck.datafiles import REINSTALL
        from deckcheck.errors import DataError

        raise DataError(f"set codes do not fit card_db/sets.schema.json ({exc!r}): {REINSTALL}", str(path)) from None
    return table


def non_ice_set(code: str | None) -> CardSet | None:
    """The dream-card or virtual set a written set code names ("v1", "ROTS"), or None (an ICE code, or none)."""
    return _codes().get(code.strip().upper()) if code else None


@cache
def _names() -> dict[str, tuple[str, ...]]:
    """Folded card name of a set outside the ICE pool -> the codes of its sets (read on the first name that is
    no ICE card's: ~60 KB)."""
    from deckcheck.cards.names import fold

    path = data_path(data_folder("card_db"), NAMES_FILE)
    document = read_json(path, "card names of the sets outside the ICE card pool")
    try:
        return {fold(name): tuple(codes) for name, codes in document["names"].items()}
    except (KeyError, TypeError, AttributeError) as exc:
        from deckcheck.datafiles import REINSTALL
        from deckcheck.errors import DataError

        raise DataError(f"{NAMES_FILE} is damaged ({exc!r}): {REINSTALL}", str(path)) from None


def set_of_code(code: str) -> CardSet:
    """The set of a code that names one outside the ICE card pool (a code `non_ice_set` knows)."""
    return _codes()[code.strip().upper()]


def sets_of_name(name: str) -> tuple[CardSet, ...]:
    """The sets outside the ICE card pool that print a card of this name ("Thorin": Durin's Folk), or ()."""
    from deckcheck.cards.names import fold

    return tuple(_codes()[code.upper()] for code in _names().get(fold(name), ()) if code.upper() in _codes())


def not_in_pool_by_name(written: str, sets: tuple[CardSet, ...]) -> str:
    """"Thorin is the name of no ICE card but of a card of the dream-card set Durin's Folk (DF): not of the ICE
    card pool": a list that left out the set code still names that set's card."""
    shown = " and of ".join(f"{s.described()} ({s.code})" for s in sets)
    return f"{written} is the name of no ICE card but of a card of {shown}: not of the ICE card pool"


def non_ice_codes() -> frozenset[str]:
    """Every code of a set outside the ICE card pool, older spellings included (upper case)."""
    return frozenset(_codes())
