"""`deckcheck -V`: the version, and the card data and rulesets a verdict comes from.

Two installs that print the same lines judge a deck the same way: the card data by the Council of Elrond
database commit it was imported from, each ruleset by a digest of its files (rulesets/<name>/*.toml).
"""

from __future__ import annotations

import hashlib
import platform

from deckcheck import __version__
from deckcheck.datafiles import data_dir, read_json
from deckcheck.errors import DataError

RULESET_NAMES = ("coe", "rulebook", "dreamcards", "sealed", "meccg-online", "dc-cube")


def version_text() -> str:
    return "\n".join([f"deckcheck {__version__}", card_data_line(), rulesets_line(),
                      f"Python {platform.python_version()} ({platform.system() or 'unknown system'})"])


def data_line() -> str:
    """The card data and rulesets in one line: what `-v` prints before a command's own lines."""
    return f"{card_data_line()}; {rulesets_line().removesuffix(' (digests of rulesets/<name>/*.toml)')}"


def card_data_line() -> str:
    try:
        document = read_json(data_dir("card_db") / "cards.json", "card catalog")
    except DataError as exc:
        return f"card data: {exc.one_line()}"
    source = document.get("source") if isinstance(document, dict) else None
    source = source if isinstance(source, dict) else {}
    cards = document.get("cards") if isinstance(document, dict) else None
    commit = str(source.get("commit") or "unknown commit")[:12]
    count = f"{len(cards)} cards" if isinstance(cards, list) else "no card list"
    return f"card data: {source.get('name', 'unknown source')} at commit {commit} ({count})"


def ruleset_revision(name: str) -> str | None:
    """A digest of the ruleset's files, names and contents: the same 12 characters for the same rules."""
    folder = data_dir("rulesets") / name
    if not folder.is_dir():
        return None
    digest = hashlib.sha256()
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    if not files:
        return None
    for file in files:
        digest.update(file.name.encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def rulesets_line() -> str:
    parts = []
    for name in RULESET_NAMES:
        revision = ruleset_revision(name)
        parts.append(f"{name} {revision}" if revision else f"{name} missing")
    return "rulesets: " + ", ".join(parts) + " (digests of rulesets/<name>/*.toml)"
