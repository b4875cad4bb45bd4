"""The deckcheck command line: click commands only, each a thin layer over the library.

Heavy libraries (pandas, openpyxl) are imported inside the commands that need them, never here.
Exit codes: 0 all legal / success, 1 some deck illegal, 2 usage or input error.
"""

from __future__ import annotations

import sys

import click

from deckcheck.console import DeckcheckGroup, common_options, detail, error_line, note, print_report, verbosity
from deckcheck.console import diagnostic as report_diagnostic
from deckcheck.errors import DataError, DeckcheckError
from deckcheck.settings import setting_option
from deckcheck.terminal import printable, printable_json

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


def _set_debug(_ctx, _param, value: bool) -> None:
    global _debug
    _debug = _debug or value


_debug = False   # --debug: an internal error prints its traceback too


def _print_version(ctx: click.Context, _param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from deckcheck.about import version_text

        click.echo(version_text())
        ctx.exit()


@click.group(cls=DeckcheckGroup, params=common_options(), context_settings={"help_option_names": ["-h", "--help"]})
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


# ---------------------------------------------------------------- cards ------------------------------------


@cli.group()
def cards() -> None:
    """Look up cards in the catalog; import the Council of Elrond card database."""


@cards.command("show")
@pool_option()
@click.argument("name")
@text_or_json_option()
def cards_show(name: str, output: str) -> None:
    """Every version of a card NAME, its facts side by side (a tag [M] or set code (LE) narrows)."""
    import json

    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.lookup import cards_document, render_table, show

    catalog = load_catalog()
    result = show(catalog, name)
    if result.note:
        note(f"deckcheck: {result.note}")
    if output == "json":
        click.echo(json.dumps(cards_document(result.cards), ensure_ascii=False, indent=2))
    else:
        click.echo(render_table(result.cards, catalog))


@cards.command("search")
@pool_option()
@click.option("--name", "name_part", help="Part of the name.")
@click.option("--type", "type_", help="Character, Resource, Hazard, Site or Region.")
@click.option("--subtype", help="e.g. Creature, Faction, Ally, Minor Item, Permanent-event.")
@click.option("--alignment", help="Hero, Minion, Neutral, Stage, Balrog, Fallen-wizard, Dual.")
@click.option("--set", "set_code", help="TW TD DM LE AS WH BA, or PR for promos.")
@click.option("--race", help="e.g. Orc, Dwarf, Dúnadan.")
@click.option("--skill", help="Warrior, Scout, Ranger, Sage, Diplomat.")
@click.option("--keyword", help="e.g. Hoard Item, Environment, Spawn.")
@text_or_json_option()
def cards_search(output: str, **filters) -> None:
    """Cards matching every filter given."""
    import json

    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.lookup import cards_document, render_list, search

    found = search(load_catalog(), name=filters["name_part"], type_=filters["type_"],
                   alignment=filters["alignment"], set_code=filters["set_code"], race=filters["race"],
                   skill=filters["skill"], subtype=filters["subtype"], keyword=filters["keyword"])
    if output == "json":
        click.echo(json.dumps(cards_document(found), ensure_ascii=False, indent=2))
    elif found:
        click.echo(render_list(found))
    note(f"{len(found)} card(s)")


@cards.command("import-coe")
@click.argument("source", type=INPUT_PATH)
@click.option("-o", "--out-dir", type=click.Path(file_okay=False), default=None,
              help="Where to write cards.json (default: the project's card_db/).")
def cards_import_coe(source: str, out_dir: str | None) -> None:
    """Build card_db/ (cards.json and its index, combat.json, names.json, play.json) from the Council of Elrond
    card database SOURCE (coe-cards.json)."""
    from pathlib import Path

    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.catalog_index import INDEX_FILE, write_index
    from deckcheck.cards.importer import dump_catalog, import_coe, validate_catalog
    from deckcheck.fileio import atomic_write_text, refuse_overwriting_inputs

    target = Path(out_dir) if out_dir else CARD_DB
    refuse_overwriting_inputs(target / "cards.json", [source])
    document = import_coe(source)
    validate_catalog(document)
    target.mkdir(parents=True, exist_ok=True)
    catalog_text = dump_catalog(document)
    atomic_write_text(target / "cards.json", catalog_text)
    write_index(target, document, catalog_text.encode("utf-8"))     # its quick-loading form, checked against it
    note(f"{len(document['cards'])} cards written to {target / 'cards.json'} (and {INDEX_FILE})")
    from deckcheck.cards.combat_facts import dump_combat_facts, import_combat_facts

    atomic_write_text(target / "combat.json", dump_combat_facts(import_combat_facts(source)))
    note(f"combat facts written to {target / 'combat.json'}")
    _import_names(source, target, document["source"])
    _import_play_facts(source, target)


@cards.command("import-gccg")
@click.argument("xml_dir", type=click.Path(exists=True, file_okay=False))
@click.option("-o", "--out-dir", type=click.Path(file_okay=False), default=None,
              help="Where to write dreamcards.json (default: the project's card_db/).")
def cards_import_gccg(xml_dir: str, out_dir: str | None) -> None:
    """Build card_db/dreamcards.json (the dream-card, CoE virtual and Cool Play sets: facts only), sets.json and
    set_names.json from GCCG's MECCG card folder XML_DIR (../shared/carddata/gccg/xml)."""
    from pathlib import Path

    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.dreamcards import (
        DREAMCARDS_FILE,
        counts_per_set,
        dump_dreamcards,
        import_gccg_cards,
        validate_dreamcards,
    )
    from deckcheck.cards.set_codes import (
        NAMES_FILE,
        SETS_FILE,
        dump_names,
        dump_sets,
        import_gccg_names,
        import_gccg_sets,
    )
    from deckcheck.fileio import atomic_write_text

    target = Path(out_dir) if out_dir else CARD_DB
    document = import_gccg_cards(xml_dir)           # reads and checks every file before anything is written
    validate_dreamcards(document)
    texts = {DREAMCARDS_FILE: dump_dreamcards(document), NAMES_FILE: dump_names(import_gccg_names(xml_dir))}
    texts[SETS_FILE] = dump_sets(import_gccg_sets(xml_dir))
    target.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        atomic_write_text(target / name, text)
    counted = {s["code"]: s["cards"] for s in document["sets"]}
    for code, count in counts_per_set(document).items():
        note(f"{code}: {count} cards (the XML has {counted[code]})")
    note(f"{len(document['cards'])} cards written to {target / DREAMCARDS_FILE} ({len(document['unread'])} values "
         f"not read, listed in its 'unread'); {SETS_FILE} and {NAMES_FILE} written beside it")


def _import_play_facts(source: str, target) -> None:
    """card_db/play.json: where each resource is played (for stats and simulate), from the same source."""
    from deckcheck.cards.play import PLAY_FILE, dump_play_facts
    from deckcheck.cards.play_import import import_play_facts, validate_play_facts
    from deckcheck.fileio import atomic_write_text

    document = import_play_facts(source)
    validate_play_facts(document)
    atomic_write_text(target / PLAY_FILE, dump_play_facts(document))
    note(f"{len(document['conditions'])} play conditions written to {target / PLAY_FILE}")


def _import_names(source: str, target, source_info: dict) -> None:
    """card_db/names.json: the card names of the other editions, from the same source."""
    from deckcheck.cards.languages import dump_names, import_names_file, validate_names
    from deckcheck.fileio import atomic_write_text

    names = import_names_file(source, source_info)
    validate_names(names)
    atomic_write_text(target / "names.json", dump_names(names))
    note(f"names in {len(names['languages'])} other languages written to {target / 'names.json'}")


# ---------------------------------------------------------------- decklist: show, convert -------------------

DECK_FORMATS = click.Choice(["gccg", "gccg-plain", "netmeccg", "octgn", "wigy-json", "tts", "json", "markdown",
                             "cardnum"])   # detect.FORMATS
DECK_ALIGNMENTS = click.Choice(["wizard", "ringwraith", "fallen-wizard", "balrog"])


LANGUAGE_CHOICE = click.Choice(["en", "es", "fr", "de", "it", "nl", "fi", "ja"])   # as cards.languages.LANGUAGES


def lang_option():
    return setting_option("lang", "--lang", type=LANGUAGE_CHOICE, default="en", show_default=True,
                          help="Card names in this language of the card data (es, fr, de, it, nl, fi, ja): in "
                               "text and HTML reports, and in the decks convert writes; JSON reports keep the "
                               "English names and the ids.")


def _in_language(text: str, decks, lang: str) -> str:
    """A text report with the card names of the decks written in `lang`."""
    if lang == "en":
        return text
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.languages import NameTranslator

    cards = [entry.card for deck in decks for entry in deck.entries]
    return NameTranslator(load_catalog(), lang, cards)(text)


def _read_deck_reporting(path: str, input_format: str | None = None, alignment: str | None = None, *,
                         require_cards: bool = False):
    """Read a deck and print its diagnostics to stderr (a DeckcheckError means nothing usable: exit 2).

    With require_cards, a deck in which no line names a known card is an error too: there is nothing to analyse.
    """
    from deckcheck.decklist import read_deck

    _hint_if_terminal(path)
    deck = read_deck(path, input_format=input_format, alignment=alignment)
    _say_read(deck)
    for diagnostic in deck.diagnostics:
        report_diagnostic(diagnostic.one_line(), diagnostic.severity)
    if require_cards and not any(entry.card is not None for entry in deck.entries):
        raise DeckcheckError("no line of the deck names a known card: nothing to analyse", path)
    return deck


def _say_read(deck) -> None:
    """-v: how the deck was read (format, cards, alignment and why)."""
    if verbosity() >= 1:
        from deckcheck.decklist.content import read_summary

        detail(printable(f"deckcheck: {read_summary(deck)}"))


def _hint_if_terminal(path: str) -> None:
    """`-` at a terminal waits for a pasted decklist: say so, and how to end it."""
    from deckcheck.decklist import STDIN

    if path == STDIN and sys.stdin is not None and sys.stdin.isatty():     # None: started with stdin closed
        click.echo("deckcheck: reading a decklist from standard input (paste it, then Ctrl-D)", err=True)


@cli.command()
@click.argument("deck", type=INPUT_PATH)
@text_or_json_option()
@pool_option()
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Play the deck as this alignment (overrides inference).")
@lang_option()
def show(deck: str, output: str, input_format: str | None, alignment: str | None, lang: str) -> None:
    """Print the parsed DECK (a file, or - for standard input) by part, with counts and source lines."""
    from deckcheck.decklist.show import render_json, render_text
    from deckcheck.decklist.writers import deck_in_language

    parsed = _read_deck_reporting(deck, input_format, alignment)
    text = render_json(parsed) if output == "json" else \
        _in_language(render_text(deck_in_language(parsed, lang)), [parsed], lang)   # the avatar line too
    click.echo(text, nl=False)


WRITE_CHOICE = click.Choice(["gccg", "meccg", "cardnum", "octgn", "tts", "json", "markdown"])   # WRITE_FORMATS


@cli.command()
@click.argument("deck", type=INPUT_PATH)
@click.option("--to", "to_format", type=WRITE_CHOICE,
              help="The format to write: gccg (GCCG's .deck), meccg (meccg-online's .meccg), cardnum (Cardnum's zone "
                   "text), octgn (OCTGN's .o8d), tts (a Tabletop Simulator saved object, names only), json or "
                   "markdown (default: from -o's suffix: .deck, .meccg, .o8d, .json, .md).")
@click.option("-o", "--out", "out_path", type=OUTPUT_PATH,
              help="Write here instead of stdout; the suffix picks the format.")
@click.option("--force", is_flag=True, help="Replace the output file if it exists.")
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Play the deck as this alignment (overrides inference).")
@lang_option()
@pool_option()
@click.option("--check", is_flag=True,
              help="Instead of converting: check a deckcheck JSON deck against the whole of its schema "
                   "(deckcheck/schemas/deck.schema.json), each problem with its line; exit 1 when it does not fit. "
                   "Reading a deck checks only what the reader uses.")
def convert(deck: str, to_format: str | None, out_path: str | None, force: bool, input_format: str | None,
            alignment: str | None, lang: str, check: bool) -> None:
    """Convert DECK for a client (GCCG, meccg-online, Cardnum, OCTGN, Tabletop Simulator), or to deckcheck JSON
    or Markdown. What a client will not take from the deck is said on stderr."""
    from deckcheck.decklist.writers import WRITE_FORMATS, client_warnings, write_deck
    from deckcheck.fileio import atomic_write_text, refuse_overwriting_inputs
    from deckcheck.report.output_format import choose_format

    if check:
        if to_format or out_path:
            raise click.UsageError("--check only checks the deck: leave out --to and -o")
        sys.exit(_check_json_deck(deck, input_format))
    if to_format is None and out_path is None:
        raise click.UsageError(f"give --to {'|'.join(WRITE_FORMATS)}, or -o FILE ending in .deck, .meccg, .o8d, "
                               ".json or .md")
    to_format = choose_format(out_path, to_format, WRITE_FORMATS, default="gccg", option="--to")
    if out_path:
        refuse_overwriting_inputs(out_path, [deck])
    parsed = _read_deck_reporting(deck, input_format, alignment)   # a missing or unreadable deck: exit 2 here
    text = write_deck(parsed, to_format, lang=lang)
    for warning in client_warnings(parsed, to_format):
        report_diagnostic(printable(f"deckcheck: {to_format}: {warning}"), "warning")
    if out_path:
        atomic_write_text(out_path, text, overwrite=force)
        note(printable(f"wrote {out_path} ({to_format}, {len(parsed.entries)} entries)"))
    else:
        click.echo(printable(text), nl=False)


def _check_json_deck(path: str, input_format: str | None) -> int:
    """convert --check: every way a deckcheck JSON deck breaks its schema, on stderr; 0 when it fits, else 1."""
    from deckcheck.decklist import read_deck_text
    from deckcheck.decklist.detect import detect
    from deckcheck.decklist.lines import ReadResult, load_json
    from deckcheck.decklist.native import SCHEMA, check_against_schema

    _hint_if_terminal(path)
    text, _, name = read_deck_text(path)
    kind = input_format or detect(text, name)
    if kind != "json":
        raise DeckcheckError(f"--check checks a deckcheck JSON deck against its schema; this file reads as {kind}",
                             name)
    try:
        data = load_json(text.lstrip("\ufeff"))
    except ValueError as exc:
        raise DeckcheckError(f"not valid JSON: {getattr(exc, 'msg', exc)}", name, getattr(exc, "lineno", None)) \
            from None
    except RecursionError:
        raise DeckcheckError("JSON nested too deeply", name) from None
    result = ReadResult(format="json")
    check_against_schema(result, data, text, name)
    for diagnostic in result.diagnostics:
        report_diagnostic(diagnostic.one_line(), "error")
    problems = len(result.diagnostics)
    note(printable(f"deckcheck: {name}: fits {SCHEMA}" if not problems else
                   f"deckcheck: {name}: {problems} problem{'' if problems == 1 else 's'} with {SCHEMA}"))
    return 1 if problems else 0


@cli.command("diff")
@click.argument("registered", type=INPUT_PATH)
@click.argument("played", type=INPUT_PATH)
@text_or_json_option()
def diff_command(registered: str, played: str, output: str) -> None:
    """Compare the REGISTERED deck with the PLAYED one card by card and part by part (any formats, any spelling).

    Exit 0 when they hold the same cards in the same parts, 1 when they differ, 2 on an input error -- a line
    of either file that could not be read included: what it held cannot be compared."""
    import json

    from deckcheck.decklist import STDIN
    from deckcheck.decklist.diff import diff_decks, render_text, to_json

    if registered == played == STDIN:
        raise DeckcheckError("standard input can be read once: give a file for REGISTERED or PLAYED")
    result = diff_decks(*(_read_deck_reporting(path) for path in (registered, played)))
    click.echo(printable_json(json.dumps(to_json(result), ensure_ascii=False, indent=2)) if output == "json"
               else printable(render_text(result)), nl=output == "json")
    if result.unread_note():
        click.echo(printable(f"deckcheck: {result.unread_note()}"), err=True)
    sys.exit(result.exit_code)


# ---------------------------------------------------------------- legality: validate, rules -----------------

RULESET_CHOICE = click.Choice(["rulebook", "coe", "dreamcards", "sealed"])
DEFAULT_RULESET = "coe"     # as deckcheck.rules.ruleset.DEFAULT_RULESET (not imported here: start-up time)


def rules_option(help: str = "The Council of Elrond tournament rules or the printed ICE rulebooks."):
    return setting_option("rules", "--rules", "ruleset", type=RULESET_CHOICE, default=DEFAULT_RULESET,
                          show_default=True, help=help)


def length_option(help: str = "Game length in decks: 1 Starter, 2 Short, 3 Long, 4 Campaign.", default: int | None = 2):
    return setting_option("length", "--length", type=click.IntRange(1, 4), default=default,
                          show_default=default is not None, help=help)
# Reading problems that also become legality violations (unknown-card, ambiguous-card, unreadable-line) are
# reported once, in the verdict: every reading error; the reader's warnings go to stderr.


@cli.command("validate")
@pool_option()
@click.argument("decks", nargs=-1, required=True, type=INPUT_PATH)
@rules_option()
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Judge as this alignment (default: inferred).")
@length_option()
@text_or_json_option()
@click.option("--all-formats", is_flag=True,
              help="Show in which ruleset x alignment x length combinations the deck is legal.")
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
@click.option("--explain", is_flag=True,
              help="Under each violation, the reasoning: what was counted, which exception applied.")
@click.option("--collection", "collection_path", type=INPUT_PATH,
              help="The cards the player holds (or the sealed pool handed out), as any decklist or an 'N Name' "
                   "list: the deck may use no more copies of a card than it holds.")
@lang_option()
def validate_command(decks: tuple[str, ...], ruleset: str, alignment: str | None, length: int, output: str,
                     all_formats: bool, input_format: str | None, explain: bool, lang: str,
                     collection_path: str | None) -> None:
    """Check each DECK (a file, a folder of them, or - for standard input) against the deck-construction rules;
    every violation at once.

    Exit 0 when every deck is legal, 1 when any is illegal, 2 on a usage or input error.
    With --all-formats: exit 0 when the deck is legal in at least one combination."""
    from deckcheck.report import verdict as report
    from deckcheck.rules.engine import all_formats as judge_all
    from deckcheck.rules.engine import note_other_ruleset, validate_file
    if decks.count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    if all_formats:
        if len(decks) != 1 or output != "text":
            raise click.UsageError("--all-formats takes one deck and prints a text table")
        source = click.get_current_context().get_parameter_source
        given = [f"--{name}" for name in ("rules", "alignment", "length")
                 if source("ruleset" if name == "rules" else name) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"--all-formats tries every ruleset, alignment and length; drop {', '.join(given)}")
        _hint_if_terminal(decks[0])
        rows = judge_all(decks[0], input_format=input_format)
        click.echo(report.render_matrix("<stdin>" if decks[0] == "-" else decks[0], rows), nl=False)
        legal_somewhere = any(getattr(cell, "legal", False) for _, _, cells in rows for cell in cells.values())
        sys.exit(0 if legal_somewhere else 1)
    _read_under_the_pool_of(ruleset)
    held = _collection(collection_path, ruleset)
    verdicts, read, input_errors = [], [], 0
    decks, from_folders = _deck_paths(decks)
    for path in decks:
        _hint_if_terminal(path)
        try:
            deck, verdict = validate_file(path, ruleset=ruleset, alignment=alignment, length=length,
                                          input_format=input_format)
            if path in from_folders and not any(entry.card is not None for entry in deck.entries):
                raise DeckcheckError("no line names a known card: not a decklist", path)
        except DataError:
            raise               # deckcheck's own data is damaged: no deck can be checked, say it once
        except DeckcheckError as exc:
            if path in from_folders:   # a file of a folder that is no decklist: left out, as meta and matchups do
                note(printable(f"deckcheck: {exc.one_line()}; left out"))
                continue
            error_line(f"deckcheck: {exc.one_line()}")
            input_errors += 1
            continue
        _say_read(deck)
        for diagnostic in deck.diagnostics:
            if diagnostic.severity != "error":
                report_diagnostic(diagnostic.one_line(), diagnostic.severity)
        if held is not None:     # judged under the ruleset chosen: no note of another one without the collection
            from deckcheck.rules.collection import add_to_verdict

            add_to_verdict(verdict, deck, held)
        else:
            note_other_ruleset(deck, verdict)
        verdicts.append(verdict)
        read.append(deck)
    listed = verbosity() >= 1 and output == "text"
    if verdicts and output == "json":
        click.echo(report.render_json(verdicts), nl=False)
    elif verdicts:
        print_report(_in_language(report.render_text(verdicts, explain=explain, readings=listed), read, lang))
    # names read as other cards are part of the verdict: said in the closing line even with -q
    read_as = report.readings_line(verdicts, listed=listed, where="" if output == "text" else "JSON")
    if len(decks) > 1 or read_as:
        summary = "; ".join(filter(None, [report.summary_line(verdicts, unreadable=input_errors)
                                          if len(decks) > 1 else None, read_as]))
        if output == "text":
            print_report(f"\n{summary}\n")
        elif read_as:
            error_line(f"deckcheck: {summary}")       # stdout holds the JSON document only; not hidden by -q
        else:
            note(f"deckcheck: {summary}")
    if input_errors:
        sys.exit(2)
    sys.exit(0 if all(v.legal for v in verdicts) else 1)


def _collection(path: str | None, ruleset: str):
    """The collection of --collection (None without it); --rules sealed without one is said: the pool handed
    out is then not checked."""
    if path is None:
        if ruleset == "sealed":
            note("deckcheck: --rules sealed without --collection: the sealed pool handed out is not checked")
        return None
    from deckcheck.rules.collection import read_collection

    held = read_collection(path)
    if not held.copies:
        raise DeckcheckError("no line of the collection names a card", path)
    return held


def _read_under_the_pool_of(ruleset: str) -> None:
    """A ruleset of dream cards judges a deck read under its pool (--rules dreamcards reads --pool dreamcards)."""
    from deckcheck.cards.pools import ICE, pool_in_force, use_pool
    from deckcheck.rules.ruleset import pool_of

    pool = pool_of(ruleset)
    if pool != ICE and pool_in_force() != pool:
        use_pool(pool)
        if verbosity() >= 1:
            detail(f"deckcheck: --rules {ruleset} plays the {pool} card pool: the decks are read under it")


def _deck_paths(given: tuple[str, ...]) -> tuple[list[str], set[str]]:
    """The decks to check: each file as given, and for a folder its deck files to any depth (as meta reads one);
    also the set of those found in a folder, whose files that are no decklist are left out, not errors."""
    from pathlib import Path

    paths, from_folders = [], set()
    for source in given:
        if source != "-" and Path(source).is_dir():
            # imported only for a folder: the batch package is no part of checking a file
            from deckcheck.batch.meta_command import deck_files

            found = [str(p) for p in deck_files(Path(source), say_empty=False)]
            if not found:
                raise DeckcheckError("no deck files in this folder", source)
            paths += found
            from_folders.update(found)
        else:
            paths.append(source)
    return paths, from_folders


@cli.command("rules")
@pool_option()
@click.argument("code", required=False)
@rules_option()
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Only this alignment (default: every one the ruleset covers).")
@text_or_json_option()
def rules_command(code: str | None, ruleset: str, alignment: str | None, output: str) -> None:
    """List every rule: its code, what it checks, its numbers and its citation. With a CODE: that rule in full
    (what it checks, why, an example that breaks it and one that keeps it, its numbers and citations under every
    ruleset and alignment; --rules and --alignment narrow the table)."""
    import json

    from deckcheck.rules import load_ruleset
    from deckcheck.rules.describe import describe, render_rules, rule_page
    from deckcheck.rules.ruleset import available

    if code:
        from deckcheck.report.rule_page import render_rule_page

        page = rule_page(code)
        given = click.get_current_context().get_parameter_source("ruleset") == click.core.ParameterSource.COMMANDLINE
        page["rulesets"] = [r for r in page["rulesets"] if (not given or r["ruleset"] == ruleset)
                            and (not alignment or r["alignment"] == alignment)]
        if output == "json":
            click.echo(json.dumps(page, ensure_ascii=False, indent=2))
        else:
            print_report(render_rule_page(page))
        return

    alignments = [alignment] if alignment else available(ruleset)
    tables = {a: describe(load_ruleset(ruleset, a)) for a in alignments}
    if output == "json":
        click.echo(json.dumps({"schema": "deckcheck/rules/1", "ruleset": ruleset, "alignments": tables},
                              ensure_ascii=False, indent=2))
    else:
        print_report(render_rules(ruleset, tables))


# ---------------------------------------------------------------- batch -------------------------------------


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


def _named_columns(columns: dict) -> dict[str, str]:
    """{"player": "Nom"} from the --...-column options given."""
    return {key.removesuffix("_column"): value for key, value in columns.items() if value}


@cli.command("batch")
@pool_option()
@click.argument("registrations", type=INPUT_PATH)
@click.option("-o", "--out", "out", type=OUTPUT_PATH,
              help="Results file: .xlsx (Summary + Violations sheets), .csv (plus NAME-violations.csv) or .json.")
@click.option("--output", "output_format", type=click.Choice(["xlsx", "csv", "json"]),
              help="Results format; default from -o's suffix, JSON on stdout without -o.")
@rules_option("Ruleset for rows without a ruleset column value.")
@length_option("Game length (1-4 decks) for rows without a length column value.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Check decks in this many parallel processes (at most 2 per CPU).")
@click.option("--force", is_flag=True, help="Replace an existing results file.")
@click.option("--max-rows", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Registrations read at most; a bigger sheet is refused (exit 2) before any deck is checked.")
@sheet_options
def batch_command(registrations, out, output_format, ruleset, length, jobs, force, decks_dir, allow_outside,
                  max_rows, **columns) -> None:
    """Check every registered deck of a tournament: REGISTRATIONS is an .xlsx or .csv file with player and
    deck columns (deck = a path relative to the file, or the decklist pasted into the cell).

    Exit 0 when every deck is legal, 1 when some deck is illegal or unreadable, 2 when the registrations
    file itself cannot be used.
    """
    from deckcheck.batch.command import run_batch_command

    named = _named_columns(columns)
    sys.exit(run_batch_command(registrations, out=out, output_format=output_format, ruleset=ruleset,
                               length=length, jobs=jobs, force=force, decks_dir=decks_dir,
                               allow_outside=allow_outside, max_rows=max_rows, columns=named))


@cli.command("meta")
@pool_option()
@click.argument("inputs", nargs=-1, required=True, type=INPUT_PATH)
@click.option("-o", "--out", type=OUTPUT_PATH, help="Write here (.txt, .json, .xlsx or .html).")
@click.option("--output", type=click.Choice(["text", "json", "xlsx", "html"]),
              help="Report format; default from -o's suffix, else text.")
@click.option("--validate", is_flag=True, help="Check each deck file too, for the legal rate per alignment "
                                               "(a registrations sheet is always checked).")
@rules_option("Ruleset for --validate and for registrations without a ruleset column value.")
@length_option()
@click.option("--top", type=click.IntRange(min=0), default=40, show_default=True,
              help="Cards listed in the text report (0: all).")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@sheet_options
def meta_command(inputs, out, output, validate, ruleset, length, top, force, decks_dir, allow_outside,
                 **columns) -> None:
    """What a field of decks plays: INPUTs are decklist files, folders of them, or a registrations sheet.

    Decks and share by alignment and avatar, each card's decks and copies by part, the average composition
    per alignment, and the legal rate where validated. A sheet is read as `batch` reads it (--decks-dir,
    --allow-outside, --player-column, ...). Exit 0, or 2 when an input could not be read."""
    from deckcheck.batch.meta_command import run_meta_command

    sys.exit(run_meta_command(inputs, out=out, output=output, validate=validate, ruleset=ruleset, length=length,
                              force=force, top=top, decks_dir=decks_dir, allow_outside=allow_outside,
                              columns=_named_columns(columns)))


@cli.command("sheet")
@click.argument("deck", type=INPUT_PATH)
@click.option("-o", "--out", "out_path", type=OUTPUT_PATH,
              help="Write the HTML sheet to FILE (ending in .html or .htm).")
@click.option("--event", help="The event's name, printed at the top.")
@click.option("--player", help="The player's name (default: the deck's, else a blank to fill in).")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
def sheet_command(deck: str, out_path: str | None, event: str | None, player: str | None, force: bool) -> None:
    """A printable registration sheet of DECK (HTML, A4 or Letter): event, player, signature, alignment, avatar,
    the fingerprint and every part with its counts and cards."""
    from deckcheck.fileio import atomic_write_text, refuse_overwriting_inputs
    from deckcheck.report.output_format import choose_format
    from deckcheck.report.sheet import render_sheet

    choose_format(out_path, None, ("html",), default="html", file_only=(), option=None)   # s.pdf: an error
    if out_path:
        refuse_overwriting_inputs(out_path, [deck])
    html = render_sheet(_read_deck_reporting(deck, require_cards=True), event=event, player=player)
    if out_path:
        atomic_write_text(out_path, html, overwrite=force)
        note(printable(f"wrote {out_path}"))
    else:
        click.echo(html, nl=False)


# ---------------------------------------------------------------- analysis: stats, odds, simulate -----------


@cli.command("stats")
@pool_option()
@click.argument("deck_path", metavar="DECK")
@click.option("--output", type=click.Choice(["text", "json", "xlsx", "html"]),
              help="Report format (default: from -o's suffix, else text); xlsx and html need -o FILE.")
@click.option("-o", "--out", "out_path", type=OUTPUT_PATH,
              help="Write the report to FILE; .txt, .json, .xlsx or .html picks the format.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@draws_option("Further draws after the opening hand of 8, for the odds curves.")
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Read the deck as this alignment (overrides inference).")
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
@lang_option()
def stats_command(deck_path: str, output: str | None, out_path: str | None, force: bool, draws: int,
                  alignment: str | None, input_format: str | None, lang: str) -> None:
    """Deck statistics: composition, characters, MP, creatures, site coverage, draw odds."""

    from deckcheck.analysis.stats import deck_stats
    from deckcheck.fileio import atomic_write_bytes, check_output, refuse_overwriting_inputs
    from deckcheck.report.output_format import choose_format
    from deckcheck.report.stats_report import render_stats

    output = choose_format(out_path, output, ("text", "json", "xlsx", "html"), default="text")
    if out_path:
        refuse_overwriting_inputs(out_path, [deck_path])
    if out_path:
        check_output(out_path, force=force)
    deck = _read_deck_reporting(deck_path, input_format, alignment, require_cards=True)
    data = render_stats(deck_stats(deck, draws=draws), output)
    if output in ("text", "html") and lang != "en":
        data = _in_language(data.decode("utf-8"), [deck], lang).encode("utf-8")
    if out_path:
        atomic_write_bytes(out_path, data, overwrite=force)
        note(printable(f"wrote {out_path}"))
    else:
        click.echo(data.decode("utf-8"), nl=False)


@cli.command("odds")
@pool_option()
@click.argument("deck_path", metavar="DECK")
@click.option("--card", "card_names", multiple=True, metavar="NAME", help="A card of the play deck (repeatable).")
@click.option("--group", "groups", multiple=True, metavar="LABEL=CARD,CARD,...",
              help="Any of these cards, copies summed (repeatable).")
@draws_option("Further draws after the opening hand of 8.")
@click.option("-k", "--at-least", type=click.IntRange(1, 60), default=1, show_default=True,
              help="Copies needed of each card or group.")
@text_or_json_option()
@click.option("--karsten", is_flag=True, help="Also the odds by turn 1-6 from the engine's draws, and the copies "
                                              "needed to see one with 80/90/95%.")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="With --karsten: goldfish games measuring the cards seen per turn.")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True, help="With --karsten: their seed.")
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Read the deck as this alignment (overrides inference).")
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
def odds_command(deck_path: str, card_names: tuple[str, ...], groups: tuple[str, ...], draws: int,
                 at_least: int, output: str, karsten: bool, games: int, seed: int, alignment: str | None,
                 input_format: str | None) -> None:
    """Exact odds of drawing cards: the opening hand of 8, then each further draw; all conditions at once."""
    import json

    from deckcheck.analysis.deck_odds import (
        card_condition,
        default_conditions,
        format_odds,
        group_condition,
        odds_table,
    )

    deck = _read_deck_reporting(deck_path, input_format, alignment, require_cards=True)
    conditions = [card_condition(deck, name, at_least) for name in card_names]
    conditions += [group_condition(deck, spec, at_least) for spec in groups]
    chosen = bool(conditions)
    if not chosen:
        conditions = default_conditions(deck)
        if not conditions:
            raise DeckcheckError("the play deck holds no character, item, faction, ally or creature: "
                                 "name cards with --card or --group", deck_path)
    table = odds_table(deck, conditions, draws=draws, joint=chosen)
    by_turn = None
    if karsten:
        from deckcheck.commands.hand import by_turn_odds

        by_turn = by_turn_odds(deck, table, deck_path=deck_path, games=games, seed=seed)
    if output == "json":
        document = table.to_document()
        if by_turn is not None:
            document["by_turn"] = by_turn
        click.echo(printable_json(json.dumps(document, ensure_ascii=False, indent=2)))
    else:
        text = format_odds(table)
        if by_turn is not None:
            from deckcheck.commands.hand import format_by_turn

            text += "\n" + format_by_turn(by_turn)
        click.echo(printable(text))


@cli.command("hand")
@click.argument("deck_path", metavar="DECK")
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Deal game 1 of `simulate --seed N` (default: a new shuffle, its seed printed to repeat it).")
@click.option("--turns", type=click.IntRange(1, 100), default=3, show_default=True, help="Own turns to play.")
@click.option("--hazards", type=click.Choice(["none", "light", "heavy"]), default="none", show_default=True,
              help="The hazard model, as for simulate.")
@text_or_json_option()
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Play the deck as this alignment (overrides inference).")
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
def hand_command(deck_path: str, seed: int | None, turns: int, hazards: str, output: str, alignment: str | None,
                 input_format: str | None) -> None:
    """A sample opening hand and the draws of the first turns, as the engine's card flow makes them."""
    import random

    from deckcheck.commands.hand import run_hand_command

    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
        note(f"deckcheck: seed {seed} (--seed {seed} deals this hand again)")
    deck = _read_deck_reporting(deck_path, input_format, alignment, require_cards=True)
    report = run_hand_command(deck, deck_path=deck_path, seed=seed, turns=turns, hazards=hazards, output=output)
    click.echo(printable_json(report) if output == "json" else printable(report))


@cli.command("simulate")
@pool_option()
@click.argument("deck_path", metavar="DECK")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=10_000, show_default=True,
              help="Games to play; the odds' intervals narrow with more.")
@click.option("--turns", type=click.IntRange(1, 100), default=12, show_default=True, help="Own turns per game.")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Same seed, same report (whatever --jobs).")
@click.option("--hazards", type=click.Choice(["none", "light", "heavy"]), default="none", show_default=True,
              help="The opponent's hazards: absent, or a model that costs site phases and characters.")
@length_option("Game length (1-4 decks) for the MP call threshold; default: the deck's, else 2.", default=None)
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (at most 2 per CPU); the same seed gives the same report whatever the number.")
@click.option("--output", type=click.Choice(["text", "json", "html"]), default="text", show_default=True,
              help='Text for reading, JSON for tools (with a "schema" key); html: --swap/--variant only.')
@click.option("--against", "against_path", metavar="OPPONENT", type=INPUT_PATH,
              help="Play OPPONENT's real hazards on our companies (instead of --hazards).")
@click.option("--both", is_flag=True, help="With --against: both decks play full turns; P(win) at the Free Council.")
@click.option("--check", is_flag=True, help="The referee checks every step of every game against the rules; "
                                            "its findings per rule are reported.")
@click.option("--trace", type=click.IntRange(1, 1_000_000), metavar="N",
              help="Write game N of the run (1 = the first) turn by turn instead of the report.")
@click.option("--swap", "swaps", multiple=True, metavar='"[N ]OUT=IN"',
              help="What if N copies (default 1) of OUT were IN: played on the same games, the difference "
                   "reported (repeatable: each swap is one variant, ranked).")
@click.option("--variant", "variant_paths", multiple=True, metavar="OTHER_DECK", type=INPUT_PATH,
              help="What if the deck were OTHER_DECK: the same games, the difference (repeatable).")
@click.option("--cards", "per_card", is_flag=True,
              help="What each card and each site brings (goldfish): the per-card and per-site tables instead.")
@click.option("--drafts", is_flag=True, help="The starting companies the pool allows, each played (goldfish) on "
                                             "the same games: the difference from the engine's own draft.")
@click.option("--alignment", type=DECK_ALIGNMENTS, help="Play the deck as this alignment (overrides inference).")
@click.option("--input-format", type=DECK_FORMATS, help="Read as this format instead of detecting it.")
def simulate_command(deck_path: str, games: int, turns: int, seed: int, hazards: str, length: int | None,
                     jobs: int | None, output: str, against_path: str | None, both: bool, check: bool,
                     trace: int | None, swaps: tuple[str, ...], variant_paths: tuple[str, ...], per_card: bool,
                     drafts: bool, alignment: str | None, input_format: str | None) -> None:
    """Goldfish the deck's own turns: mean MP per turn, call odds, exhaustion, every card played or why not."""
    from deckcheck.commands.simulate import run_simulate_command

    if (swaps or variant_paths) and (check or trace is not None):
        raise DeckcheckError("--swap and --variant report differences: leave out --check and --trace")
    if both and not against_path:
        raise DeckcheckError("--both needs --against OPPONENT")
    if against_path and hazards != "none":
        raise DeckcheckError("--against plays the opponent's real hazards: leave out --hazards")
    if deck_path == against_path == "-":
        raise DeckcheckError("standard input can be read only once: give a file for DECK or OPPONENT")
    for flag, given in (("--cards", per_card), ("--drafts", drafts)):
        if given and (swaps or variant_paths or against_path or check or trace is not None or (per_card and drafts)):
            raise DeckcheckError(f"{flag} is a goldfish report of its own: leave out --swap, --variant, --against, "
                                 "--check, --trace and the other of --cards/--drafts")
    if output == "html" and not (swaps or variant_paths):
        raise DeckcheckError("--output html is the page of --swap and --variant: give one of them")
    deck = _read_deck_reporting(deck_path, input_format, alignment, require_cards=True)
    if drafts:
        from deckcheck.commands.simulate import run_drafts_command

        report = run_drafts_command(deck, deck_path=deck_path, games=games, turns=turns, seed=seed, hazards=hazards,
                                    length=length, output=output)
        click.echo(printable_json(report) if output == "json" else printable(report))
        return
    if per_card:
        from deckcheck.commands.simulate import run_cards_command

        report = run_cards_command(deck, deck_path=deck_path, games=games, turns=turns, seed=seed, hazards=hazards,
                                   length=length, output=output)
        click.echo(printable_json(report) if output == "json" else printable(report))
        return
    if swaps or variant_paths:
        from deckcheck.commands.simulate import run_whatif_command

        others = [_read_deck_reporting(path, require_cards=True) for path in variant_paths]
        opponent = _read_deck_reporting(against_path, require_cards=True) if against_path else None
        report = run_whatif_command(deck, swaps=swaps, others=others, opponent=opponent, deck_path=deck_path,
                                    games=games, turns=turns, seed=seed, hazards=hazards, length=length, both=both,
                                    output=output)
        click.echo(printable_json(report) if output == "json" else printable(report))
        return
    if against_path:
        from deckcheck.commands.simulate import run_against_command

        opponent = _read_deck_reporting(against_path, require_cards=True)
        report = run_against_command(deck, opponent, deck_path=deck_path, against_path=against_path, games=games,
                                     turns=turns, seed=seed, length=length, both=both, output=output,
                                     jobs=_capped_jobs(jobs), check=check, trace=trace)
        click.echo(printable_json(report) if output == "json" else printable(report))
        return
    report = run_simulate_command(deck, deck_path=deck_path, games=games, turns=turns, seed=seed, hazards=hazards,
                                  length=length, jobs=_capped_jobs(jobs), output=output, check=check, trace=trace)
    click.echo(printable_json(report) if output == "json" else printable(report))


@cli.command("matchups")
@click.argument("paths", metavar="DECK... | DIR", nargs=-1, required=True)
@click.option("--one", "one_path", metavar="DECK", type=INPUT_PATH,
              help="Play this deck against each deck of the field (instead of every pair).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=200, show_default=True, help="Games per pair.")
@click.option("--turns", type=click.IntRange(1, 100), default=12, show_default=True, help="Turns per player.")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Same seed, same result (whatever --jobs or --scheduler).")
@length_option()
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes of a local Dask cluster (at most 2 per CPU); 1: this process, no Dask. With "
                   "more, and Dask not installed or one CPU, the games run in this process.")
@click.option("--scheduler", metavar="tcp://HOST:PORT", help="Run on this existing Dask cluster instead.")
@click.option("--output", type=click.Choice(["text", "json", "xlsx", "html"]),
              help="Report format (default: from -o's suffix, else text); xlsx needs -o FILE.")
@click.option("-o", "--out", "out_path", type=OUTPUT_PATH, help="Write the report to FILE.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@click.option("--check", is_flag=True,
              help="A referee checks every step of every game against the rules and the report adds its findings per "
                   "rule (the games run in this process).")
def matchups_command(paths, one_path, games, turns, seed, length, jobs, scheduler, output, out_path, force,
                     check) -> None:
    """Win rates of every pair of a field (or one deck against it), both decks playing full turns."""
    from deckcheck.report.matchups_report import run_matchups_command

    run_matchups_command(list(paths), one_path=one_path, games=games, turns=turns, seed=seed, length=length,
                         jobs=_capped_jobs(jobs), scheduler=scheduler, output=output, out_path=out_path, force=force,
                         read_deck=_read_deck_reporting, check=check)


def _capped_jobs(jobs: int | None) -> int | None:
    """--jobs, at most process.max_jobs() (with a note when lowered); None stays None (the command's default)."""
    from deckcheck.process import cap_jobs

    if jobs is None:
        return None
    jobs, lowered = cap_jobs(jobs)
    if lowered:
        note(f"deckcheck: {lowered}")
    return jobs


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
    if code or exited:
        sys.exit(code)


if __name__ == "__main__":
    main()
