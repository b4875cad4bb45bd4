"""The deckcheck command line: the group, its entry point and where each command lives (deckcheck/commands/),
each command a thin layer over the library, imported only when it runs.

Heavy libraries (pandas, openpyxl) are imported inside the commands that need them, never at the top.
Exit codes: 0 all legal / success, 1 some deck illegal, 2 usage or input error.
"""

from __future__ import annotations

import sys

import click

from deckcheck.console import DeckcheckGroup, common_options, error_line
from deckcheck.errors import DeckcheckError
from deckcheck.terminal import printable


def _set_debug(_ctx, _param, value: bool) -> None:
    global _debug
    _debug = _debug or value


_debug = False   # --debug: an internal error prints its traceback too


def _print_version(ctx: click.Context, _param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from deckcheck.about import version_text

        click.echo(version_text())
        ctx.exit()


# Each command's module, imported when the command runs (or --help lists them): see DeckcheckGroup.
COMMANDS = {
    "cards": "deckcheck.commands.cards_commands:cards",
    "show": "deckcheck.commands.deck_commands:show",
    "convert": "deckcheck.commands.deck_commands:convert",
    "diff": "deckcheck.commands.deck_commands:diff_command",
    "validate": "deckcheck.commands.legality_commands:validate_command",
    "rules": "deckcheck.commands.legality_commands:rules_command",
    "batch": "deckcheck.commands.event_commands:batch_command",
    "meta": "deckcheck.commands.event_commands:meta_command",
    "sheet": "deckcheck.commands.event_commands:sheet_command",
    "stats": "deckcheck.commands.analysis_commands:stats_command",
    "odds": "deckcheck.commands.analysis_commands:odds_command",
    "hand": "deckcheck.commands.analysis_commands:hand_command",
    "simulate": "deckcheck.commands.analysis_commands:simulate_command",
    "matchups": "deckcheck.commands.analysis_commands:matchups_command",
}


@click.group(cls=DeckcheckGroup, params=common_options(), context_settings={"help_option_names": ["-h", "--help"]},
             lazy_commands=COMMANDS)
@click.option("-V", "--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Print the version, the card data's commit and the rulesets' revisions, then exit.")
@click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=_set_debug,
              help="On an internal error, print the traceback as well.")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Validate and analyze Middle-earth CCG decks.

    Settings (--rules, --length, --lang) come from the command line, else DECKCHECK_RULES, DECKCHECK_LENGTH,
    DECKCHECK_LANG, else a deckcheck.toml or pyproject.toml [tool.deckcheck] here or above, else
    ~/.config/deckcheck/deckcheck.toml. -v says which, and where each value came from."""
    from deckcheck.cards.pools import DEFAULT_POOL, use_pool
    from deckcheck.settings import apply_config

    use_pool(DEFAULT_POOL)     # a command without --pool reads the ICE pool, whatever ran before in this process
    apply_config(ctx)


# ---------------------------------------------------------------- entry point ------------------------------


def click_error_line(exc: click.ClickException) -> str:
    """A usage error as one line, like every other error: the command, what was wrong, and where a bad value came
    from ("--rules on the command line"; a value from DECKCHECK_RULES or the config file is reported by the
    setting's option itself), then where help is -- not click's usage block, which names the environment
    variable of an option even when the value was typed."""
    ctx = getattr(exc, "ctx", None)
    command = ctx.command_path if ctx is not None else "deckcheck"
    message = exc.format_message()
    if isinstance(exc, click.BadParameter) and not isinstance(exc, click.MissingParameter) and exc.param:
        param = exc.param
        hint = param.opts[0] if isinstance(param, click.Option) and param.opts else param.human_readable_name
        message = f"{hint} on the command line: {exc.message}"
    message = " ".join(message.split()).rstrip(".")
    if isinstance(exc, click.UsageError):
        where = command.partition(" ")[2]
        return f"{where + ': ' if where else ''}{message} (see '{command} --help')"
    return message


def main(argv: list[str] | None = None) -> None:
    """Run the CLI. A DeckcheckError becomes one line on stderr and exit code 2; so does any other exception,
    as "internal error" (a bug: the traceback only with --debug), a failed write of the report, and SIGTERM."""
    from deckcheck import process

    if argv is None:
        process.keep_what_is_loaded()
    process.exit_on_sigterm()
    exited = False   # the command called sys.exit: so does main (a command that returned lets main return)
    try:
        code = cli.main(args=argv, prog_name="deckcheck", standalone_mode=False)
    except SystemExit as exc:
        code, exited = exc.code, True
    except DeckcheckError as exc:
        error_line(f"deckcheck: {exc.one_line()}")
        code = 2
    except click.exceptions.Abort:
        click.echo("deckcheck: aborted", err=True)
        process.exit_now(2)
    except click.ClickException as exc:
        error_line(printable(f"deckcheck: {click_error_line(exc)}"))
        code = 2
    except BrokenPipeError:
        code = process.quiet_stdout(0)
    except KeyboardInterrupt:
        click.echo("deckcheck: interrupted", err=True)
        process.exit_now(2)
    except process.Terminated:
        click.echo("deckcheck: terminated", err=True)
        process.exit_now(2)
    except Exception as exc:  # noqa: BLE001 - every bug ends in one line, never a traceback (unless --debug)
        code = process.unexpected(exc, debug=_debug)
    code = process.flush_stdout(code if isinstance(code, int) or code is None else 2)
    if argv is None:
        process.nothing_left_to_collect()
    if code or exited:
        sys.exit(code)


if __name__ == "__main__":
    main()
