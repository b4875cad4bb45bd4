"""How deckcheck talks on the terminal: the options every command takes (-q, -v) and what they change.

Reports go to stdout; diagnostics, progress and notes to stderr. The verbosity lives in the click context's
`meta`, which every nested context shares, so `deckcheck -v validate` and `deckcheck validate -v` are the same.
"""

from __future__ import annotations

import click

VERBOSITY = "deckcheck.verbosity"


def _count(ctx: click.Context, _param, value: int) -> None:
    if value:
        ctx.meta[VERBOSITY] = ctx.meta.get(VERBOSITY, 0) + value


def _quiet(ctx: click.Context, _param, value: bool) -> None:
    if value:
        ctx.meta[VERBOSITY] = -1


def common_options() -> list[click.Option]:
    """Fresh -q/-v options for one command (or the group)."""
    return [
        click.Option(["-q", "--quiet"], is_flag=True, expose_value=False, callback=_quiet,
                     help="Print only the report and errors: no warnings, notes or progress."),
        click.Option(["-v", "--verbose"], count=True, expose_value=False, callback=_count,
                     help="Say more: where each setting came from, which config file is read."),
    ]


def verbosity() -> int:
    """-1 quiet, 0 normal, 1 and more verbose."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get(VERBOSITY, 0) if ctx else 0


def note(message: str) -> None:
    """A line on stderr, unless -q."""
    if verbosity() >= 0:
        click.echo(message, err=True)


def detail(message: str) -> None:
    """A line on stderr with -v only."""
    if verbosity() >= 1:
        click.echo(message, err=True)


class DeckcheckGroup(click.Group):
    """A group whose every command, nested groups' too, takes the common options without declaring them."""

    group_class = type      # `@cli.group()` makes a DeckcheckGroup too

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        if not isinstance(cmd, click.Group):
            cmd.params.extend(common_options())
        super().add_command(cmd, name)
