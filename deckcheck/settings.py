"""Settings a player sets once: a config file and DECKCHECK_* environment variables behind command options.

A setting is a command option declared with `setting_option("rules", "--rules", ...)`; every option of that
name, in every command, is the same setting. Where its value comes from, first found wins:

1. the command line (`--rules coe`);
2. the environment (`DECKCHECK_RULES=coe`);
3. the config file: the nearest `deckcheck.toml` (top-level keys) or `pyproject.toml` with a `[tool.deckcheck]`
   table, in the current folder or one above it; else `deckcheck.toml` in the user's config folder
   (`~/.config/deckcheck/` on Linux, honouring XDG_CONFIG_HOME);
4. the built-in default of the option.

Click does the layering (envvar, default_map); this module finds and checks the config file, so that a bad
value is one line naming the file and the key, and says where each value came from (`validate -v`).
"""

from __future__ import annotations

import datetime
import os
import re
from dataclasses import field
from typing import Any

import click

from deckcheck.errors import DeckcheckError
from deckcheck.patterns import LazyPattern
from deckcheck.records import record

CONFIG_NAME = "deckcheck.toml"
PYPROJECT_NAME = "pyproject.toml"
ENV_PREFIX = "DECKCHECK_"
# A config file is a few lines; anything bigger is not one, and is not read (Python's TOML parser takes time
# quadratic in a dotted key's length: 64 kB of 'a.a.a...' cost 22 s and 4 GB).
MAX_CONFIG_BYTES = 8 * 1024
# No setting of ours is a key of more parts than this; a longer dotted key or table header is refused before
# the parser sees it (8 kB of them would still cost it 0.2 s).
MAX_KEY_PARTS = 8


def setting_option(setting: str, *param_decls: str, **attrs):
    """A click option that is also the setting `setting`: DECKCHECK_<SETTING> and the config key `setting` set
    its default. Declare the same setting with the same type and help in every command that takes it."""
    attrs.setdefault("envvar", ENV_PREFIX + setting.upper().replace("-", "_"))
    attrs.setdefault("show_envvar", True)
    attrs.setdefault("cls", SettingOption)

    def decorator(f):
        f = click.option(*param_decls, **attrs)(f)
        f.__click_params__[-1].setting = setting      # the option click.option just added
        return f

    return decorator


class SettingOption(click.Option):
    """A setting's option: a bad value from the environment is one line naming the variable (exit 2), as a bad
    one in the config file names the file; click would print the usage block, yet the command line was fine."""

    def process_value(self, ctx: click.Context, value):
        try:
            return super().process_value(ctx, value)
        except click.BadParameter as exc:
            from click.core import ParameterSource

            if ctx.get_parameter_source(self.name) != ParameterSource.ENVIRONMENT:
                raise
            variable = next((name for name in ([self.envvar] if isinstance(self.envvar, str) else self.envvar or [])
                             if os.environ.get(name)), self.envvar)
            raw = os.environ.get(variable, "")
            shown = _shown_text(raw)
            message = exc.message.replace(repr(raw), shown).replace(raw, shown) if shown != raw else exc.message
            raise DeckcheckError(message, f"environment variable {variable}={shown}") from None


@record
class ConfigFile:
    """The config file in force (None: none found) and its settings, checked."""

    path: str | None = None       # a str path: this module never imports pathlib (~16 M instructions a start)
    values: dict[str, Any] = field(default_factory=dict)
    looked_in: list[str] = field(default_factory=list)


def user_config_path() -> str:
    return os.path.join(click.get_app_dir("deckcheck"), CONFIG_NAME)


def _folders(start: str):
    """`start` and each folder above it, nearest first (as pathlib's `start.parents`: a relative start ends at
    ".")."""
    folder = start
    while True:
        yield folder
        parent = os.path.dirname(folder) or "."
        if parent == folder:
            return
        folder = parent


def find_config(start: str | os.PathLike | None = None) -> tuple[str | None, list[str]]:
    """The config file in force and the places looked at, nearest first."""
    start = os.getcwd() if start is None else os.fspath(start)
    looked = []
    for folder in _folders(start):
        candidate = os.path.join(folder, CONFIG_NAME)
        if _is_file(candidate):
            if _trusted(candidate):
                return candidate, looked
            looked.append(f"{candidate} (not read)")
            continue
        pyproject = os.path.join(folder, PYPROJECT_NAME)
        if _is_file(pyproject) and _has_deckcheck_table(pyproject):
            if _trusted(pyproject):
                return pyproject, looked
            looked.append(f"{pyproject} (not read)")
    looked.append(f"{CONFIG_NAME} or {PYPROJECT_NAME} [tool.deckcheck] in {start} and above")
    user = os.fspath(user_config_path())
    looked.append(user)
    return (user if _is_file(user) and _trusted(user) else None), looked


def _trusted(path: str) -> bool:
    """Only a small file of this user's own (or root's) is read, as git reads only a repository of one's own
    (safe.directory): a deckcheck.toml planted in a shared folder above the user's (the system's temporary
    folder) would otherwise change every verdict below it. Another is passed over with a one-line warning."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    owner = getattr(os, "getuid", None)
    if owner is not None and st.st_uid not in (owner(), 0):
        return _passed_over(path, f"owned by another user (uid {st.st_uid}), who may have planted it (chown it "
                                  "if it is yours)")
    if st.st_size > MAX_CONFIG_BYTES:
        return _passed_over(path, f"larger than {MAX_CONFIG_BYTES // 1024} kB, so it is no config file of ours")
    return True


def _passed_over(path: str, why: str) -> bool:
    from deckcheck.console import note
    from deckcheck.terminal import printable

    note(printable(f"deckcheck: warning: {path}: config file not read: {why}"))
    return False


def _is_file(path: str) -> bool:
    """A config file this user cannot even see (a folder on its path closed to them, as another user's home when
    run under sudo -u) is not in force: the command runs on, as git and pip do, instead of ending in a traceback
    (os.path.isfile is False for a path it cannot look at)."""
    return os.path.isfile(path)


def _has_deckcheck_table(pyproject: str) -> bool:
    try:
        text = _read(pyproject, PYPROJECT_MAX_BYTES)
    except DeckcheckError:
        return False        # someone else's unreadable (or huge) pyproject.toml is not our config file
    if "deckcheck" not in text:
        return False
    return "deckcheck" in _parse(pyproject, text).get("tool", {})


def load_config(start: str | os.PathLike | None = None) -> ConfigFile:
    path, looked = find_config(start)
    if path is None:
        return ConfigFile(looked_in=looked)
    data = _parse(path, _read(path))
    if os.path.basename(path) == PYPROJECT_NAME:
        data = data.get("tool", {}).get("deckcheck", {})
        if not isinstance(data, dict):
            raise DeckcheckError("[tool.deckcheck] must be a table", str(path))
    return ConfigFile(path=path, values=data, looked_in=looked)


# A project's pyproject.toml holds other tools' tables: it is looked into up to this size for ours, which is
# read only when the whole file is under MAX_CONFIG_BYTES.
PYPROJECT_MAX_BYTES = 64 * 1024


def _read(path: str, limit: int = MAX_CONFIG_BYTES) -> str:
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise DeckcheckError(f"cannot read the config file: {exc.strerror or exc}", str(path)) from None
    if len(data) > limit:
        raise DeckcheckError(f"config file larger than {limit // 1024} kB", str(path))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DeckcheckError("config file is not UTF-8 text", str(path)) from None


def _parse(path: str, text: str) -> dict:
    import tomllib

    long_key = _LONG_KEY.search(text)
    if long_key:
        line = text.count("\n", 0, long_key.start()) + 1
        raise DeckcheckError(f"a key of more than {MAX_KEY_PARTS} dotted parts; no setting has one", str(path),
                             line)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckcheckError(f"config file is not valid TOML: {exc}", str(path)) from None
    except RecursionError:
        raise DeckcheckError("config file is not valid TOML: arrays or tables nested too deeply", str(path)) \
            from None


_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
# A key at the start of a line (or a [table] / [[array]] header) of more than MAX_KEY_PARTS parts.
_LONG_KEY = LazyPattern(rf"^[ \t]*\[*[ \t]*(?:{_KEY_PART}[ \t]*\.[ \t]*){{{MAX_KEY_PARTS}}}{_KEY_PART}", re.MULTILINE)


# ---------------------------------------------------------------- click glue


def setting_options(command: click.Command) -> list[click.Option]:
    return [p for p in command.params if getattr(p, "setting", None)]


def _all_commands(group: click.Group, ctx: click.Context, prefix: tuple[str, ...] = ()):
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from _all_commands(command, ctx, (*prefix, name))
        elif command is not None:
            yield (*prefix, name), command


def apply_config(ctx: click.Context, start: str | os.PathLike | None = None) -> ConfigFile:
    """Load the config file, check each key against the settings the commands declare and each value against
    the option's type, and make the values the defaults of those options (click's default_map)."""
    config = load_config(start)
    ctx.meta["deckcheck.config"] = config
    if not config.values:
        return config
    commands = list(_all_commands(ctx.command, ctx))
    options: dict[str, click.Option] = {}
    for _, command in commands:
        for option in setting_options(command):
            options.setdefault(option.setting, option)
    unknown = sorted(set(config.values) - set(options))
    if unknown:
        raise DeckcheckError(f"unknown setting {unknown[0]!r} in the config file; the settings are "
                             f"{', '.join(sorted(options))}", str(config.path))
    checked = {}
    for key, value in config.values.items():
        _check_toml_type(key, value, options[key], config.path)
        try:
            checked[key] = options[key].type.convert(value, options[key], ctx)
        except click.BadParameter as exc:
            raise DeckcheckError(f"{key} = {value!r} in the config file: {exc.message}", str(config.path)) from None
    default_map = dict(ctx.default_map or {})
    ctx.default_map = default_map
    for names, command in commands:
        table = default_map
        for name in names[:-1]:
            table = table.setdefault(name, {})
        values = {o.name: checked[o.setting] for o in setting_options(command) if o.setting in checked}
        if values:
            table.setdefault(names[-1], {}).update(values)
    return config


def _check_toml_type(key: str, value: Any, option: click.Option, path: str) -> None:
    """The value's TOML type is the option's, before click converts it: click would read `length = true` as
    1, `3.9` as 3, and end in an internal error on an array, a table or a date."""
    if isinstance(option.type, click.types.BoolParamType):
        wanted, fits = "a boolean", isinstance(value, bool)
    elif isinstance(option.type, click.types.IntParamType):
        wanted, fits = "an integer", isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(option.type, click.types.FloatParamType):
        wanted, fits = "a number", isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        wanted, fits = "a string", isinstance(value, str)
    if not fits:
        raise DeckcheckError(f"{key} = {_shown(value)} in the config file: {wanted} is expected, not "
                             f"{_toml_kind(value)}", str(path))


def _shown_text(text: str, limit: int = 60) -> str:
    """A value from outside as it can be shown in one line: itself when short and plain, else its repr (newlines
    and control characters escaped) cut to `limit` characters."""
    if len(text) <= limit and text.isprintable():
        return text
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"


def _toml_kind(value: Any) -> str:
    kinds = ((bool, "a boolean"), (int, "an integer"), (float, "a float"), (str, "a string"), (list, "an array"),
             (dict, "a table"), (datetime.datetime, "a date-time"), (datetime.date, "a date"),
             (datetime.time, "a time"))
    return next((name for kind, name in kinds if isinstance(value, kind)), type(value).__name__)


def _shown(value: Any, limit: int = 60) -> str:
    """A value as the file could have written it, cut short."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (datetime.date, datetime.time)):
        text = value.isoformat()
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k} = {_shown(v, limit)}" for k, v in value.items()) + "}"
    elif isinstance(value, list):
        text = "[" + ", ".join(_shown(v, limit) for v in value) + "]"
    else:
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def sources(ctx: click.Context) -> list[tuple[str, Any, str]]:
    """(setting, value, where it came from) for each setting option of the running command."""
    from click.core import ParameterSource

    config: ConfigFile = ctx.find_root().meta.get("deckcheck.config") or ConfigFile()
    out = []
    for option in setting_options(ctx.command):
        source = ctx.get_parameter_source(option.name)
        if source == ParameterSource.COMMANDLINE:
            where = "command line"
        elif source == ParameterSource.ENVIRONMENT:
            where = f"environment variable {option.envvar}={os.environ.get(option.envvar, '')}"
        elif source == ParameterSource.DEFAULT_MAP:
            where = f"config file {config.path}"
        else:
            where = "built-in default"
        value = ctx.params.get(option.name) if option.expose_value else ctx.meta.get(f"deckcheck.setting.{option.name}")
        out.append((option.setting, value, where))
    return out


def describe_sources(ctx: click.Context) -> list[str]:
    """Lines for -v: each setting, its value and where it came from, then which config file (or none)."""
    lines = [f"{setting} = {value if value is not None else '(none)'}  ({where})"
             for setting, value, where in sources(ctx)]
    config: ConfigFile = ctx.find_root().meta.get("deckcheck.config") or ConfigFile()
    if config.path:
        lines.append(f"config file: {config.path}")
    else:
        lines.append(f"config file: none (looked for {'; '.join(config.looked_in)})")
    return lines
