"""The command group is lazy: a command's module is imported only when the command runs, and `--help` still
lists every command with its first sentence."""

from __future__ import annotations

import subprocess
import sys

import click

from deckcheck.cli import COMMANDS, cli
from deckcheck.console import first_sentence
from tests._shared import PROJECT

LEGAL = str(PROJECT / "examples" / "wizard-legal.meccg")
_LOADED_PROBE = """import sys
from deckcheck.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print('LOADED', sorted(m for m in sys.modules if m.startswith('deckcheck.commands.')), file=sys.stderr)
"""


def loaded_command_modules(*argv: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _LOADED_PROBE, *argv], capture_output=True, text=True, timeout=120)
    line = next(line for line in done.stderr.splitlines() if line.startswith("LOADED "))
    return [name for name in eval(line.removeprefix("LOADED ")) if name.endswith("_commands")]  # noqa: S307


def test_validate_imports_only_its_own_command_module():
    assert loaded_command_modules("validate", LEGAL) == ["deckcheck.commands.legality_commands"]
    assert loaded_command_modules("cards", "show", "Gandalf") == ["deckcheck.commands.cards_commands"]


def test_help_imports_every_command_and_lists_each_with_its_first_sentence():
    ctx = click.Context(cli)
    assert cli.list_commands(ctx) == sorted(COMMANDS)
    listed = " ".join(cli.get_help(ctx).split())
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command.name == name and command.short_help == first_sentence(command.help)
        assert f"{name} {command.short_help}" in listed, name
    assert len(loaded_command_modules("--help")) == len({target.split(":")[0] for target in COMMANDS.values()})
