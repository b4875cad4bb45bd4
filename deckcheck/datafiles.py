"""The data files deckcheck ships, found where importlib.resources finds them, wherever deckcheck is installed.

`card_db/` and `rulesets/` stay at the top of the repository and are installed as the packages
`deckcheck.card_db` and `deckcheck.rulesets` (setup.py maps them), so a wheel, `pip install .`, pipx and an
editable install all read the same files, from any folder. The JSON Schemas of deckcheck's own outputs are in
`deckcheck/schemas/`. Every loader reads through here: a missing or damaged file is a DeckcheckError that names
it (one line, exit 2), never a traceback.

A folder on disk is named by a str path (data_folder, data_path), not a pathlib.Path: importing pathlib (with
urllib.parse and ipaddress) cost every start ~16 M instructions, 6% of a one-deck `validate`
(benchmarks/bench_startup.py). The readers take a str, any os.PathLike (a Path) or a Traversable alike.
"""

from __future__ import annotations

import importlib
import json
import os
from functools import cache
from typing import TYPE_CHECKING

from deckcheck.errors import DataError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path

REINSTALL = "deckcheck's installation is incomplete or damaged; reinstall it"


def package_folder(package: str) -> str | Traversable:
    """importlib.resources.files(package), a folder as its str path. For a package in a folder (a wheel, pip, pipx,
    an editable install) that is the package's folder, taken here from its __file__: importing importlib.resources
    (with zipfile, tempfile and random) cost ~5 ms of every start. A package that is no folder (zipimport) gets
    importlib.resources' answer."""
    module = importlib.import_module(package)
    origin = getattr(module, "__file__", None)
    if origin and module.__spec__ is not None and module.__spec__.has_location:
        folder = os.path.dirname(origin)
        if os.path.isdir(folder):
            return folder
    from importlib import resources

    return resources.files(package)


def package_files(package: str) -> Traversable:
    """importlib.resources.files(package): package_folder's answer, a folder as a pathlib.Path."""
    folder = package_folder(package)
    if isinstance(folder, str):
        from pathlib import Path

        return Path(folder)
    return folder


@cache
def data_folder(name: str) -> str | Traversable:
    """The shipped data folder `name` ("card_db" or "rulesets"): its str path, or a Traversable (zipimport)."""
    try:
        return package_folder(f"deckcheck.{name}")
    except ModuleNotFoundError:
        # A checkout run in place (PYTHONPATH=.), or an editable install made before the data folders became
        # packages: the folder at the top of the repository. In a broken wheel this path does not exist either,
        # and the first read says so.
        return os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), name)


def data_dir(name: str) -> Traversable:
    """The shipped data folder `name`, as a pathlib.Path (or a Traversable): data_folder's answer."""
    folder = data_folder(name)
    if isinstance(folder, str):
        from pathlib import Path

        return Path(folder)
    return folder


def data_path(folder: str | os.PathLike | Traversable, *parts: str) -> str | Traversable:
    """`folder`/`parts`: a str path when `folder` is a path on disk (str or os.PathLike), else the Traversable's."""
    if isinstance(folder, (str, os.PathLike)):
        return os.path.join(folder, *parts)
    return folder.joinpath(*parts)


def is_file(path: str | os.PathLike | Traversable) -> bool:
    """A regular file (or a link to one) at `path`; False where it cannot even be looked at."""
    if isinstance(path, (str, os.PathLike)):
        return os.path.isfile(path)
    return path.is_file()


def schema_path(kind: str) -> Traversable:
    """The JSON Schema of deckcheck's `kind` output (validate, batch, ...): deckcheck/schemas/<kind>.schema.json, a
    pathlib.Path (or a Traversable). No start-up reads one."""
    return package_files("deckcheck") / "schemas" / f"{kind}.schema.json"


def read_text(path: str | os.PathLike | Traversable, what: str, *, missing: str = REINSTALL) -> str:
    """The text of a shipped file; `what` names it in the error ("card catalog"), `missing` says what to do."""
    try:
        if isinstance(path, (str, os.PathLike)):
            with open(path, encoding="utf-8") as fh:
                return fh.read()
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{what} missing: {missing}", str(path)) from None
    except IsADirectoryError:
        raise DataError(f"{what} is a directory, not a file: {REINSTALL}", str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read {what}: {exc}", str(path)) from None


def read_json(path: str | os.PathLike | Traversable, what: str, *, missing: str = REINSTALL) -> dict:
    """A shipped JSON file: every one of them is an object (a list or a string in its place is damage)."""
    text = read_text(path, what, missing=missing)
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{what} is not valid JSON: {exc.msg}", str(path), exc.lineno) from None
    if not isinstance(document, dict):
        raise DataError(f"{what} is not a JSON object: {REINSTALL}", str(path))
    return document


def schema_validator(path: str | os.PathLike | Traversable, what: str):
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


def read_toml(path: str | os.PathLike | Traversable, what: str, *, missing: str = REINSTALL) -> dict:
    """A shipped TOML file's data: from its JSON form beside it when that was made from the text the file holds
    now (see toml_form), else parsed from the TOML."""
    return read_toml_form(path, what, missing=missing)[0]


# A shipped TOML file's JSON form, beside it: `wizard.toml` -> `wizard.toml.json`. Every start reads two ruleset
# files, and importing tomllib and parsing them cost more than the whole rule pass; json is imported anyway.
TOML_FORM_SUFFIX = ".json"
TOML_FORM_FORMAT = 1


def toml_form_path(path: str | os.PathLike) -> str | Path:
    """`path`'s JSON form beside it: a str for a str, else the same kind of path (a pathlib.Path)."""
    form = os.fspath(path) + TOML_FORM_SUFFIX
    return form if isinstance(path, str) else type(path)(form)


def read_toml_form(path: str | os.PathLike | Traversable, what: str, *,
                   missing: str = REINSTALL) -> tuple[dict, dict | None]:
    """(the TOML file's data, its JSON form when the data came from it, else None).

    The form is used only when it holds exactly the text the TOML file holds now (it stores that text): a TOML
    edited since the form was made is parsed itself, as is one whose form is missing or damaged. The form is made
    by toml_form() and nothing else reads it, so it can never say other than the TOML does."""
    text = read_text(path, what, missing=missing)
    form = _matching_form(path, text)
    if form is not None:
        return form["data"], form
    import tomllib

    try:
        return tomllib.loads(text), None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{what} is not valid TOML: {exc}", str(path)) from None


def _matching_form(path: str | os.PathLike | Traversable, text: str) -> dict | None:
    if not isinstance(path, (str, os.PathLike)):    # a package that is no folder: no form beside it, TOML parsed
        return None
    try:
        with open(toml_form_path(os.fspath(path)), "rb") as fh:
            form = json.loads(fh.read())
    except (OSError, ValueError):
        return None
    if (not isinstance(form, dict) or form.get("format") != TOML_FORM_FORMAT or form.get("toml") != text
            or not isinstance(form.get("data"), dict)):
        return None
    return form


def toml_form(text: str, **checked: str) -> str:
    """The JSON form of a TOML text (one line, deterministic): its data, the text itself (what a reader compares
    the TOML file with) and the `checked` texts it was checked against (rulesets: schema.json's text)."""
    import tomllib

    data = tomllib.loads(text)
    # keys in the TOML's order, not sorted: the rules are listed and run in the order the file gives them
    form = json.dumps({"format": TOML_FORM_FORMAT, "toml": text, "data": data, "checked": checked},
                      ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
    if not same_data(json.loads(form)["data"], data):    # a date, say: no form rather than a wrong one
        raise ValueError("the TOML data does not survive JSON unchanged")
    return form


def same_data(a, b) -> bool:
    """Equal, and every table's keys in the same order (== on dicts ignores the order)."""
    if isinstance(a, dict):
        return isinstance(b, dict) and list(a) == list(b) and all(same_data(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same_data(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b
