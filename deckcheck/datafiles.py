"""The data files deckcheck ships, found where importlib.resources finds them, wherever deckcheck is installed.

`card_db/` and `rulesets/` stay at the top of the repository and are installed as the packages
`deckcheck.card_db` and `deckcheck.rulesets` (setup.py maps them), so a wheel, `pip install .`, pipx and an
editable install all read the same files, from any folder. The JSON Schemas of deckcheck's own outputs are in
`deckcheck/schemas/`. Every loader reads through here: a missing or damaged file is a DeckcheckError that names
it (one line, exit 2), never a traceback.
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck.errors import DataError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

REINSTALL = "deckcheck's installation is incomplete or damaged; reinstall it"


def package_files(package: str) -> Traversable:
    """importlib.resources.files(package). For a package in a folder (a wheel, pip, pipx, an editable install) that
    is the package's folder, taken here from its __file__: importing importlib.resources (with zipfile, tempfile
    and random) cost ~5 ms of every start. A package that is no folder (zipimport) gets importlib.resources'
    answer."""
    module = importlib.import_module(package)
    origin = getattr(module, "__file__", None)
    if origin and module.__spec__ is not None and module.__spec__.has_location:
        folder = Path(origin).parent
        if folder.is_dir():
            return folder
    from importlib import resources

    return resources.files(package)


@cache
def data_dir(name: str) -> Traversable:
    """The shipped data folder `name`: "card_db" or "rulesets"."""
    try:
        return package_files(f"deckcheck.{name}")
    except ModuleNotFoundError:
        # A checkout run in place (PYTHONPATH=.), or an editable install made before the data folders became
        # packages: the folder at the top of the repository. In a broken wheel this path does not exist either,
        # and the first read says so.
        return Path(__file__).resolve().parents[1] / name


def schema_path(kind: str) -> Traversable:
    """The JSON Schema of deckcheck's `kind` output (validate, batch, ...): deckcheck/schemas/<kind>.schema.json."""
    return package_files("deckcheck") / "schemas" / f"{kind}.schema.json"


def read_text(path: Traversable | Path, what: str, *, missing: str = REINSTALL) -> str:
    """The text of a shipped file; `what` names it in the error ("card catalog"), `missing` says what to do."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{what} missing: {missing}", str(path)) from None
    except IsADirectoryError:
        raise DataError(f"{what} is a directory, not a file: {REINSTALL}", str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read {what}: {exc}", str(path)) from None


def read_json(path: Traversable | Path, what: str, *, missing: str = REINSTALL) -> dict:
    """A shipped JSON file: every one of them is an object (a list or a string in its place is damage)."""
    text = read_text(path, what, missing=missing)
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{what} is not valid JSON: {exc.msg}", str(path), exc.lineno) from None
    if not isinstance(document, dict):
        raise DataError(f"{what} is not a JSON object: {REINSTALL}", str(path))
    return document


def schema_validator(path: Traversable | Path, what: str):
    """A jsonschema validator of the shipped schema at `path`, the schema checked first: a damaged schema is a
    DataError naming its file, not an internal error at the first document it meets. Imports jsonschema: call
    it only where a full check is wanted (tests, `convert --check`, the importers), never on a start-up path."""
    import jsonschema

    schema = read_json(path, what)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as exc:
        raise DataError(f"{what} is not a valid JSON Schema: {exc.message}: {REINSTALL}", str(path)) from None
    return jsonschema.Draft202012Validator(schema)


def read_toml(path: Traversable | Path, what: str, *, missing: str = REINSTALL) -> dict:
    import tomllib

    text = read_text(path, what, missing=missing)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{what} is not valid TOML: {exc}", str(path)) from None
