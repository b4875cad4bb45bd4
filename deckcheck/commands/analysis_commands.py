"""deckcheck stats, odds, hand, simulate and matchups: what a deck does, counted, drawn and played."""

from __future__ import annotations

import click

from deckcheck.commands.options import (
    DECK_ALIGNMENTS,
    DECK_FORMATS,
    INPUT_PATH,
    OUTPUT_PATH,
    draws_option,
    lang_option,
    length_option,
    pool_option,
    text_or_json_option,
)
from deckcheck.commands.reading import capped_jobs, in_language, read_deck_reporting
from deckcheck.console import note
from deckcheck.errors import DeckcheckError
from deckcheck.terminal import printable, printable_json


@click.command("stats")
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
    deck = read_deck_reporting(deck_path, input_format, alignment, require_cards=True)
    data = render_stats(deck_stats(deck, draws=draws), output)
    if output in ("text", "html") and lang != "en":
        data = in_language(data.decode("utf-8"), [deck], lang).encode("utf-8")
    if out_path:
        atomic_write_bytes(out_path, data, overwrite=force)
        note(printable(f"wrote {out_path}"))
    else:
        click.echo(data.decode("utf-8"), nl=False)


@click.command("odds")
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

    deck = read_deck_reporting(deck_path, input_format, alignment, require_cards=True)
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


@click.command("hand")
@pool_option()
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
    deck = read_deck_reporting(deck_path, input_format, alignment, require_cards=True)
    report = run_hand_command(deck, deck_path=deck_path, seed=seed, turns=turns, hazards=hazards, output=output)
    click.echo(printable_json(report) if output == "json" else printable(report))


@click.command("simulate")
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
              help='Text for reading, JSON for tools (with a "schema" key); html: --swap/--variant/--cards only.')
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
              help="What each card and each site brings: the per-card and per-site tables instead (goldfish, or "
                   "--against OPP; with --both per-card P(win) too).")
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
    if per_card and (swaps or variant_paths or check or trace is not None or drafts):
        raise DeckcheckError("--cards is a report of its own: leave out --swap, --variant, --check, --trace and "
                             "--drafts")
    if drafts and (swaps or variant_paths or against_path or check or trace is not None):
        raise DeckcheckError("--drafts is a goldfish report of its own: leave out --swap, --variant, --against, "
                             "--check and --trace")
    if output == "html" and not (swaps or variant_paths or per_card):
        raise DeckcheckError("--output html is the page of --swap, --variant and --cards: give one of them")
    deck = read_deck_reporting(deck_path, input_format, alignment, require_cards=True)
    if drafts:
        from deckcheck.commands.simulate import run_drafts_command

        report = run_drafts_command(deck, deck_path=deck_path, games=games, turns=turns, seed=seed, hazards=hazards,
                                    length=length, output=output)
        click.echo(printable_json(report) if output == "json" else printable(report))
        return
    if per_card:
        from deckcheck.commands.simulate import run_cards_command

        opponent = read_deck_reporting(against_path, require_cards=True) if against_path else None
        report = run_cards_command(deck, deck_path=deck_path, games=games, turns=turns, seed=seed, hazards=hazards,
                                   length=length, output=output, opponent=opponent, against_path=against_path,
                                   both=both, jobs=capped_jobs(jobs))
        click.echo(printable_json(report) if output == "json" else printable(report))
        return
    if swaps or variant_paths:
        from deckcheck.commands.simulate import run_whatif_command

        others = [read_deck_reporting(path, require_cards=True) for path in variant_paths]
        opponent = read_deck_reporting(against_path, require_cards=True) if against_path else None
        report = run_whatif_command(deck, swaps=swaps, others=others, opponent=opponent, deck_path=deck_path,
                                    games=games, turns=turns, seed=seed, hazards=hazards, length=length, both=both,
                                    output=output, jobs=capped_jobs(jobs))
        click.echo(printable_json(report) if output == "json" else printable(report))
        return
    if against_path:
        from deckcheck.commands.simulate import run_against_command

        opponent = read_deck_reporting(against_path, require_cards=True)
        report = run_against_command(deck, opponent, deck_path=deck_path, against_path=against_path, games=games,
                                     turns=turns, seed=seed, length=length, both=both, output=output,
                                     jobs=capped_jobs(jobs), check=check, trace=trace)
        click.echo(printable_json(report) if output == "json" else printable(report))
        return
    report = run_simulate_command(deck, deck_path=deck_path, games=games, turns=turns, seed=seed, hazards=hazards,
                                  length=length, jobs=capped_jobs(jobs), output=output, check=check, trace=trace)
    click.echo(printable_json(report) if output == "json" else printable(report))


@click.command("matchups")
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
                         jobs=capped_jobs(jobs), scheduler=scheduler, output=output, out_path=out_path, force=force,
                         read_deck=read_deck_reporting, check=check)
