"""How deckcheck talks on the terminal: the options every command takes (-q, -v), colour, wrapping, the help.

Reports go to stdout; diagnostics, progress and notes to stderr. The verbosity lives in the click context's
`meta`, which every nested context shares, so `deckcheck -v validate` and `deckcheck validate -v` are the same.
Colour marks verdicts, errors and warnings on a terminal; NO_COLOR turns it off, FORCE_COLOR on (into a pipe
too). Text reports wrap to the terminal's width; into a pipe or a file they keep one line per violation.
"""

from __future__ import annotations

import functools
import os
import re
import sys

import click

from deckcheck.patterns import LazyPattern

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
                     help="Say more: the card data and rulesets used, where each setting came from, how "
                          "each deck was read."),
    ]


def verbosity() -> int:
    """-1 quiet, 0 normal, 1 and more verbose."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get(VERBOSITY, 0) if ctx else 0


def note(message: str) -> None:
    """A line on stderr (a warning, a note, progress), unless -q."""
    if verbosity() >= 0:
        echo(style_shown(message, err=True), err=True)


def detail(message: str) -> None:
    """A line on stderr with -v only."""
    if verbosity() >= 1:
        echo(message, err=True)


def diagnostic(line: str, severity: str) -> None:
    """A reader's diagnostic on stderr: an error always, a warning unless -q."""
    if severity == "error" or verbosity() >= 0:
        echo(style_shown(line, err=True), err=True)


def show_progress() -> bool:
    """A progress bar on stderr: on a terminal, unless -q."""
    try:
        return verbosity() >= 0 and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def error_line(message: str) -> None:
    """The one line an error ends a command with, in red on a terminal."""
    echo(click.style(message, fg="red", bold=True), err=True)


def first_sentence(help_text: str) -> str:
    """A command's first sentence (of its first paragraph), whitespace joined, without the final full stop."""
    words = []
    for word in help_text.strip().split("\n\n", 1)[0].split():
        words.append(word)
        if word.endswith("."):
            break
    return " ".join(words).removesuffix(".")


class DeckcheckGroup(click.Group):
    """A group whose every command, nested groups' too, takes the common options without declaring them; a
    nested group takes them as well (`deckcheck cards -v show X`, as `deckcheck -v cards show X`).

    `lazy_commands` names commands by "module:attribute", imported only when the command is asked for (click's
    LazyGroup): `deckcheck validate` builds the options of validate, not those of every command. Listing the
    commands (`--help`) imports them all, for their short help."""

    group_class = type      # `@cli.group()` makes a DeckcheckGroup too

    def __init__(self, *args, lazy_commands: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in self.lazy_commands:
            import importlib

            module, _, attribute = self.lazy_commands[name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        cmd.params.extend(common_options())
        if not isinstance(cmd, click.Group):
            if cmd.callback is not None:
                cmd.callback = _says_its_sources_with_v(cmd.callback)
        if cmd.short_help is None and cmd.help:
            # `deckcheck --help` lists each command's first sentence whole, not cut at 45 characters.
            cmd.short_help = first_sentence(cmd.help)
        super().add_command(cmd, name)


def _says_its_sources_with_v(callback):
    """The command, preceded under -v by what its answer comes from: the card data and rulesets (their
    commits and digests, as -V), and each setting it takes with where its value came from."""

    @functools.wraps(callback)
    def run(*args, **kwargs):
        if verbosity() >= 1:
            say_sources(click.get_current_context())
        return callback(*args, **kwargs)

    return run


def say_sources(ctx: click.Context) -> None:
    from deckcheck.about import data_line
    from deckcheck.settings import describe_sources, setting_options

    detail(f"deckcheck: {data_line()}")
    if setting_options(ctx.command):
        for line in describe_sources(ctx):
            detail(f"deckcheck: {line}")


# ---------------------------------------------------------------- colour


def colour(stream_is_err: bool = False) -> bool | None:
    """Whether to colour: False with NO_COLOR (no-color.org), True with FORCE_COLOR, else None: click colours
    a terminal and strips the codes from a pipe or a file."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR", "") not in ("", "0"):
        return True
    return None


def echo(text: str, *, err: bool = False, nl: bool = True) -> None:
    """click.echo with deckcheck's colour rule; styled text loses its codes where colour is off."""
    click.echo(text, err=err, nl=nl, color=colour())


_SEVERITY_STYLE = {"error": {"fg": "red", "bold": True}, "warning": {"fg": "yellow"}, "note": {"fg": "cyan"}}
_VERDICT = LazyPattern(r"^(\S.*?: )(LEGAL|ILLEGAL)\b", re.M)
_SEVERITY_COLUMN = LazyPattern(r"^(  )(error|warning)\b", re.M)
_NOTE = LazyPattern(r"^(  )(note:)", re.M)
_DIAGNOSTIC = LazyPattern(r"^(\S[^\n]*?: )(error|warning)(:)", re.M)


def style_report(text: str) -> str:
    """A verdict or diagnostic text with its verdicts, severities and notes in colour (codes only, same words)."""
    text = _VERDICT.sub(lambda m: m[1] + click.style(m[2], fg="green" if m[2] == "LEGAL" else "red", bold=True),
                        text)
    text = _SEVERITY_COLUMN.sub(lambda m: m[1] + click.style(m[2], **_SEVERITY_STYLE[m[2]]), text)
    text = _NOTE.sub(lambda m: m[1] + click.style(m[2], **_SEVERITY_STYLE["note"]), text)
    return _DIAGNOSTIC.sub(lambda m: m[1] + click.style(m[2], **_SEVERITY_STYLE[m[2]]) + m[3], text)


def style_shown(text: str, *, err: bool = False) -> str:
    """style_report(text) where the stream echo writes to keeps colour; else the text as it is: click.echo
    strips every colour code there, so the bytes written are the same, and no pattern is compiled for them."""
    from click._compat import should_strip_ansi
    from click.globals import resolve_color_default

    stream = sys.stderr if err else sys.stdout
    if stream is not None and should_strip_ansi(stream, resolve_color_default(colour())):
        return text
    return style_report(text)


# ---------------------------------------------------------------- wrapping

# A verdict line's code column: "  error   characters   avatar-limit: ..." (2 + 7 + 1 + 12 + 1).
_VIOLATION_LINE = LazyPattern(r"^  (error|warning) ")
_CODE_COLUMN = 23


def terminal_width() -> int | None:
    """The width to wrap reports to: the terminal's, when stdout is one; None for a pipe or a file, where a
    tool wants one line per violation."""
    try:
        if not sys.stdout.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    import shutil  # here, not at the top: shutil (with bz2, lzma, zlib) costs a start into a pipe ~2 ms

    return shutil.get_terminal_size().columns


def wrap_report(text: str, width: int | None) -> str:
    """Each line longer than `width` wrapped at spaces; a violation's continuation lines start under its code,
    any other line's four spaces in from its own indent. None: unchanged."""
    if not width:
        return text
    import textwrap

    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        own = len(line) - len(line.lstrip(" "))
        indent = _CODE_COLUMN if _VIOLATION_LINE.match(line) else own + 4
        indent = min(indent, max(width // 3, own))
        out.extend(textwrap.wrap(line, width=width, subsequent_indent=" " * indent, break_long_words=False,
                                 break_on_hyphens=False, drop_whitespace=True) or [line])
    return "\n".join(out)


def print_report(text: str, *, nl: bool = False) -> None:
    """A text report on stdout: wrapped to the terminal, in colour where colour is on."""
    echo(style_shown(wrap_report(text, terminal_width())), nl=nl)
