"""The options and value types several commands share, built afresh for each command that takes them."""

from __future__ import annotations

import click

from deckcheck.settings import setting_option

OUTPUT_TEXT_JSON = click.Choice(["text", "json"])
# A file the user names to be read: click checks nothing (a folder, or a file without read permission, is
# not a usage error); the reader says what is wrong in one line naming it, exit 2, as for a missing file.
INPUT_PATH = click.Path(readable=False)


class _OutputPath(click.Path):
    """-o FILE, where `-o -` is standard output (as no -o), not a file named '-'."""

    def convert(self, value, param, ctx):
        return None if value == "-" else super().convert(value, param, ctx)


OUTPUT_PATH = _OutputPath(dir_okay=False)


def text_or_json_option():
    return click.option("--output", type=OUTPUT_TEXT_JSON, default="text", show_default=True,
                        help='Text for reading, or JSON for tools (with a "schema" key; see the README).')


def draws_option(help: str):
    """--draws, the same in stats and odds: 5 further cards (13 seen) is the first turns, and fits 80 columns."""
    return click.option("--draws", type=click.IntRange(0, 60), default=5, show_default=True, help=help)


POOL_CHOICE = click.Choice(["ice", "dreamcards"])   # deckcheck.cards.pools.POOLS (not imported: start-up time)


def _use_pool(_ctx, _param, value: str) -> str:
    from deckcheck.cards.pools import use_pool

    use_pool(value)
    _ctx.meta["deckcheck.setting.pool"] = value      # for -v (settings.sources): the option is not exposed
    return value


def pool_option():
    """--pool: which cards are known (read, shown, searched, counted); which are legal stays the ruleset's."""
    return setting_option("pool", "--pool", type=POOL_CHOICE, default="ice", show_default=True,
                          callback=_use_pool, expose_value=False,
                          help="The cards known: the ICE sets, or dreamcards (ICE + GCCG's dream-card sets, the "
                               "CoE virtual sets and the Cool Play Set).")


# ---------------------------------------------------------------- decklist: show, convert -------------------

DECK_FORMATS = click.Choice(["gccg", "gccg-plain", "netmeccg", "octgn", "wigy-json", "tts", "json", "markdown",
                             "cardnum"])   # detect.FORMATS
# The Lords are played under --rules dreamcards only (GCCG's Dream Cards formats).
DECK_ALIGNMENTS = click.Choice(["wizard", "ringwraith", "fallen-wizard", "balrog", "elf-lord", "dwarf-lord",
                                "dragon-lord"])


LANGUAGE_CHOICE = click.Choice(["en", "es", "fr", "de", "it", "nl", "fi", "ja"])   # as cards.languages.LANGUAGES


def lang_option():
    return setting_option("lang", "--lang", type=LANGUAGE_CHOICE, default="en", show_default=True,
                          help="Card names in this language of the card data (es, fr, de, it, nl, fi, ja): in "
                               "text and HTML reports, and in the decks convert writes; JSON reports keep the "
                               "English names and the ids.")


# ---------------------------------------------------------------- legality: validate, rules -----------------

RULESET_CHOICE = click.Choice(["rulebook", "coe", "dreamcards", "sealed", "meccg-online", "dc-cube"])
DEFAULT_RULESET = "coe"     # as deckcheck.rules.ruleset.DEFAULT_RULESET (not imported here: start-up time)


def rules_option(help: str = "The Council of Elrond tournament rules or the printed ICE rulebooks."):
    return setting_option("rules", "--rules", "ruleset", type=RULESET_CHOICE, default=DEFAULT_RULESET,
                          show_default=True, help=help)


def length_option(help: str = "Game length in decks: 1 Starter, 2 Short, 3 Long, 4 Campaign.", default: int | None = 2):
    return setting_option("length", "--length", type=click.IntRange(1, 4), default=default,
                          show_default=default is not None, help=help)


def sheet_options(command):
    """How a registrations sheet is read, the same options for `batch` and `meta`: where its deck paths lie and
    which columns hold what."""
    options = [
        click.option("--decks-dir", type=click.Path(file_okay=False),
                     help="Deck paths are relative to this folder and must lie in it (default: the registrations "
                          "folder)."),
        click.option("--allow-outside", is_flag=True,
                     help="Let deck paths lead out of that folder (absolute paths, ~, .., symlinks): trusted sheets "
                          "only."),
        *(click.option(f"--{key}-column", metavar="HEADER", help=f"The header (or column letter) of the {what} column.")
          for key, what in (("player", "player"), ("deck", "deck"), ("alignment", "alignment"),
                            ("ruleset", "ruleset"), ("length", "game length"), ("collection", "collection"))),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def named_columns(columns: dict) -> dict[str, str]:
    """{"player": "Nom"} from the --...-column options given."""
    return {key.removesuffix("_column"): value for key, value in columns.items() if value}
