"""The deckcheck command line: click commands only, each a thin layer over the library.

Heavy libraries (pandas, openpyxl) are imported inside the commands that need them, never here.
Exit codes: 0 all legal / success, 1 some deck illegal, 2 usage or input error.
"""

from __future__ import annotations

import sys

import click

from deckcheck import __version__
from deckcheck.errors import DeckcheckError

OUTPUT_TEXT_JSON = click.Choice(["text", "json"])


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deckcheck")
def cli() -> None:
    """Validate and analyze Middle-earth CCG decks."""


# ---------------------------------------------------------------- cards ------------------------------------


@cli.group()
def cards() -> None:
    """Look up cards in the catalog; import the Council of Elrond card database."""


# ---------------------------------------------------------------- decklist: show, convert -------------------
# (commands of this section go here)


# ---------------------------------------------------------------- legality: validate, rules -----------------
# (commands of this section go here)


# ---------------------------------------------------------------- batch -------------------------------------
# (commands of this section go here)


# ---------------------------------------------------------------- analysis: stats, odds, simulate -----------
# (commands of this section go here)


# ---------------------------------------------------------------- entry point ------------------------------


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; a DeckcheckError becomes one line on stderr and exit code 2."""
    try:
        cli.main(args=argv, prog_name="deckcheck", standalone_mode=False)
    except DeckcheckError as exc:
        click.echo(f"deckcheck: {exc.one_line()}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("deckcheck: aborted", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
    except KeyboardInterrupt:
        click.echo("deckcheck: interrupted", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
