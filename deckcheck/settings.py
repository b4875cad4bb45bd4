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

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from deckcheck.errors import DeckcheckError

CONFIG_NAME = "deckcheck.toml"
PYPROJECT_NAME = "pyproject.toml"
ENV_PREFIX = "DECKCHECK_"
# A config file is a few lines; anything bigger is not one.
MAX_CONFIG_BYTES = 64 * 1024


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
            raise DeckcheckError(exc.message, f"environment variable {variable}={os.environ.get(variable, '')}") \
                from None


@dataclass
class ConfigFile:
    """The config file in force (None: none found) and its settings, checked."""

    path: Path | None = None
    values: dict[str, Any] = field(default_factory=dict)
    looked_in: list[str] = field(default_factory=list)


def user_config_path() -> Path:
    return Path(click.get_app_dir("deckcheck")) / CONFIG_NAME


def find_config(start: Path | None = None) -> tuple[Path | None, list[str]]:
    """The config file in force and the places looked at, nearest first."""
    start = Path.cwd() if start is None else start
    looked = []
    for folder in (start, *start.parents):
        candidate = folder / CONFIG_NAME
        if _is_file(candidate):
            return candidate, looked
        pyproject = folder / PYPROJECT_NAME
        if _is_file(pyproject) and _has_deckcheck_table(pyproject):
            return pyproject, looked
    looked.append(f"{CONFIG_NAME} or {PYPROJECT_NAME} [tool.deckcheck] in {start} and above")
    user = user_config_path()
    looked.append(str(user))
    return (user if _is_file(user) else None), looked


def _is_file(path: Path) -> bool:
    """A config file this user cannot even see (a folder on its path closed to them, as another user's home when
    run under sudo -u) is not in force: the command runs on, as git and pip do, instead of ending in a traceback."""
    try:
        return path.is_file()
    except OSError:
        return False


def _has_deckcheck_table(pyproject: Path) -> bool:
    try:
        text = _read(pyproject)
    except DeckcheckError:
        return False        # someone else's unreadable pyproject.toml is not our config file
    if "deckcheck" not in text:
        return False
    return "deckcheck" in _parse(pyproject, text).get("tool", {})


def load_config(start: Path | None = None) -> ConfigFile:
    path, looked = find_config(start)
    if path is None:
        return ConfigFile(looked_in=looked)
    data = _parse(path, _read(path))
    if path.name == PYPROJECT_NAME:
        data = data.get("tool", {}).get("deckcheck", {})
        if not isinstance(data, dict):
            raise DeckcheckError("[tool.deckcheck] must be a table", str(path))
    return ConfigFile(path=path, values=data, looked_in=looked)


def _read(path: Path) -> str:
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise DeckcheckError(f"cannot read the config file: {exc.strerror or exc}", str(path)) from None
    if len(data) > MAX_CONFIG_BYTES:
        raise DeckcheckError(f"config file larger than {MAX_CONFIG_BYTES // 1024} kB", str(path))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DeckcheckError("config file is not UTF-8 text", str(path)) from None


def _parse(path: Path, text: str) -> dict:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckcheckError(f"config file is not valid TOML: {exc}", str(path)) from None


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


def apply_config(ctx: click.Context, start: Path | None = None) -> ConfigFile:
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
        out.append((option.setting, ctx.params.get(option.name), where))
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
