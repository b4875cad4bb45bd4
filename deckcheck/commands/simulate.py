"""What `deckcheck simulate` and `simulate --against [--both]` print, with their timing note and progress bar
(stderr): the command side of the simulator layer (`deckcheck.sim`), which itself knows no click and no terminal.
"""

from __future__ import annotations

import json
import sys
import time

from deckcheck.console import note, show_progress
from deckcheck.decklist.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.sim.against import format_against, simulate_sides
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.referee import Referee, format_referee
from deckcheck.sim.report import format_text
from deckcheck.sim.side import side_of
from deckcheck.sim.simulate import simulate_tables
from deckcheck.sim.trace import format_trace, trace_against, trace_game


def run_simulate_command(deck: Deck, *, deck_path: str, games: int, turns: int, seed: int, hazards: str,
                         length: int | None, jobs: int | None, output: str, check: bool = False,
                         trace: int | None = None) -> str:
    """What `deckcheck simulate` prints; timing (and a progress bar at a terminal) go to stderr. `check`: the
    referee watches every game and its findings per rule are reported; `trace`: game `trace` (1 = the first)
    written down turn by turn instead."""
    import click

    try:
        sim = build_sim_deck(deck, length or deck.length or 2)
    except ValueError as exc:
        raise DeckcheckError(f"cannot simulate: {exc}", deck_path) from None
    if trace is not None:
        document = trace_game(sim, trace - 1, seed, turns, hazards)
        return _trace_output(document, output)
    referee = Referee() if check else None
    if referee is not None and jobs and jobs > 1:
        note("deckcheck: --check plays every game in this process (--jobs is ignored)")
    started = time.perf_counter()
    if referee is not None:
        summary = simulate_tables(sim, games=games, turns=turns, seed=seed, hazards=hazards, observer=referee)
    elif _stderr_is_terminal():
        with click.progressbar(length=games, label="simulating", file=sys.stderr, show_pos=True,
                               show_eta=True) as bar:
            summary = simulate_tables(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs,
                                      on_progress=bar.update)
    else:
        summary = simulate_tables(sim, games=games, turns=turns, seed=seed, hazards=hazards, jobs=jobs)
    elapsed = time.perf_counter() - started
    note(f"simulated {games} games in {elapsed:.2f} s ({games / max(elapsed, 1e-9):,.0f} games/s)")
    return _output(summary, output, format_text, referee)


def _output(summary: dict, output: str, as_text, referee) -> str:
    if referee is not None:
        summary["referee"] = referee.document()
    if output == "json":
        return json.dumps(summary, ensure_ascii=False, indent=2)
    text = as_text(summary)
    return text + "\n\n" + format_referee(summary["referee"]) if referee is not None else text


def _trace_output(document: dict, output: str) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2) if output == "json" else format_trace(document)


_stderr_is_terminal = show_progress     # tests stand in a terminal here


def run_against_command(deck: Deck, opponent: Deck, *, deck_path: str, against_path: str, games: int, turns: int,
                        seed: int, length: int | None, both: bool, output: str, jobs: int | None = None,
                        check: bool = False, trace: int | None = None) -> str:
    """What `simulate --against` prints (timing to stderr); a deck the engine cannot simulate is an input error.
    `check` and `trace` as for `run_simulate_command`."""
    sides = []
    for parsed, path in ((deck, deck_path), (opponent, against_path)):
        try:
            sides.append(side_of(build_sim_deck(parsed, length or deck.length or 2)))
        except ValueError as exc:
            raise DeckcheckError(f"cannot simulate: {exc}", path) from None
    if trace is not None:
        return _trace_output(trace_against(sides[0], sides[1], trace - 1, seed, turns, both), output)
    referee = Referee() if check else None
    started = time.perf_counter()
    summary = simulate_sides(sides[0], sides[1], games=games, turns=turns, seed=seed, both=both, jobs=jobs,
                             observer=referee)
    elapsed = time.perf_counter() - started
    note(f"simulated {games} games in {elapsed:.2f} s ({games / max(elapsed, 1e-9):,.0f} games/s)")
    return _output(summary, output, format_against, referee)


def run_whatif_command(deck: Deck, *, swaps, others, opponent, deck_path: str, games: int, turns: int, seed: int,
                       hazards: str, length: int | None, both: bool, output: str, jobs: int | None = None) -> str:
    """What `simulate --swap/--variant` prints: each variant's paired difference from the deck (timing to
    stderr)."""
    from deckcheck.sim.whatif import format_whatif, other_deck_variant, paired_whatif, swap_variant

    if games < 2:
        raise DeckcheckError("--swap and --variant compare games pair by pair: give --games 2 or more")
    variants = [swap_variant(deck, spec) for spec in swaps] + [other_deck_variant(o) for o in others]
    started = time.perf_counter()
    try:
        report = paired_whatif(deck, variants, games=games, turns=turns, seed=seed, hazards=hazards,
                               length=length or deck.length or 2, opponent=opponent, both=both, jobs=jobs)
    except ValueError as exc:
        raise DeckcheckError(f"cannot simulate: {exc}", deck_path) from None
    elapsed = time.perf_counter() - started
    note(f"simulated {games} games x {1 + len(variants)} decks in {elapsed:.2f} s")
    if output == "html":
        from deckcheck.report.whatif_html import render_whatif_html

        return render_whatif_html(report)
    return json.dumps(report, ensure_ascii=False, indent=2) if output == "json" else format_whatif(report)


def run_cards_command(deck: Deck, *, deck_path: str, games: int, turns: int, seed: int, hazards: str,
                      length: int | None, output: str, opponent: Deck | None = None, against_path: str | None = None,
                      both: bool = False, jobs: int | None = None) -> str:
    """What `simulate --cards [--against OPP [--both]]` prints: the per-card and per-site tables (timing to
    stderr)."""
    from deckcheck.sim.contributions import contributions, format_contributions

    length = length or deck.length or 2
    sims = []
    for parsed, path in ((deck, deck_path), (opponent, against_path)):
        if parsed is None:
            continue
        try:
            sims.append(build_sim_deck(parsed, length))
        except ValueError as exc:
            raise DeckcheckError(f"cannot simulate: {exc}", path) from None
    started = time.perf_counter()
    report = contributions(sims[0], games=games, turns=turns, seed=seed, hazards=hazards,
                           opponent=sims[1] if opponent is not None else None, both=both, jobs=jobs)
    note(f"simulated {games} games in {time.perf_counter() - started:.2f} s")
    if output == "html":
        from deckcheck.report.contributions_html import render_contributions_html

        return render_contributions_html(report)
    return json.dumps(report, ensure_ascii=False, indent=2) if output == "json" else format_contributions(report)


def run_drafts_command(deck: Deck, *, deck_path: str, games: int, turns: int, seed: int, hazards: str,
                       length: int | None, output: str) -> str:
    """What `simulate --drafts` prints: the pool's starting companies, each played on the same games."""
    from deckcheck.sim.drafts import draft_choices, format_drafts

    if games < 2:
        raise DeckcheckError("--drafts compares games pair by pair: give --games 2 or more")
    started = time.perf_counter()
    try:
        report = draft_choices(deck, games=games, turns=turns, seed=seed, hazards=hazards,
                               length=length or deck.length or 2)
    except ValueError as exc:
        raise DeckcheckError(f"cannot simulate: {exc}", deck_path) from None
    note(f"simulated {games} games x {1 + len(report['variants'])} decks in {time.perf_counter() - started:.2f} s")
    return json.dumps(report, ensure_ascii=False, indent=2) if output == "json" else format_drafts(report)
