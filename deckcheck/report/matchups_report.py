"""The matchups document as text, JSON, xlsx (a colour-scaled win-rate matrix) and self-contained HTML.

Cell (row, column) is P(row deck beats column deck) with its 95% Wilson interval; draws are the rest. Every
P(win) here is wins / games: a draw (equal Free Council totals) counts as no win, said on each report
(`DRAWS`).
Deck names are user text: escaped in HTML, never a formula in xlsx (`report.spreadsheet.put_cell`).
"""

from __future__ import annotations

import json
from html import escape
from io import BytesIO

from deckcheck.console import note, show_progress
from deckcheck.report.output_format import choose_format
from deckcheck.report.spreadsheet import put_cell
from deckcheck.terminal import printable, printable_json


def render_matchups(document: dict, output: str) -> bytes:
    if output == "json":
        return (printable_json(json.dumps(document, ensure_ascii=False, indent=2)) + "\n").encode("utf-8")
    if output == "xlsx":
        return render_xlsx(document)
    if output == "html":
        return render_html(document).encode("utf-8")
    return (printable(render_text(document)) + "\n").encode("utf-8")


DRAWS = "P(win) is wins / games: a draw (equal Free Council totals) counts as no win, not as half a win"
COLOUR_LEGEND = "Colour: red 0 %, yellow 50 %, green 100 % (the chance that the row's deck beats the column's)."


def _label(i: int) -> str:
    return str(i + 1)


def _cell_text(cell: dict | None) -> str:
    if cell is None or cell["p"] is None:
        return "-"
    low, high = cell["ci95"]
    return f"{cell['p']:.0%} ({low:.0%}-{high:.0%})"


def render_text(d: dict) -> str:
    decks = d["decks"]
    lines = [f"matchups: {len(decks)} decks, {len(d['pairs'])} pairs, {d['games_per_pair']} games a pair, "
             f"{d['turns']} turns each, seed {d['seed']}, {d['length']}-deck games",
             "cell: P(row deck wins against column deck) with its 95% interval; the rest of 100% are its losses "
             "and draws", DRAWS, ""]
    for deck in decks:
        lines.append(f"{_label(deck['index']):>3}  {deck['name']} ({deck['alignment']})")
    width = 17
    lines.append("")
    lines.append("   " + "".join(f"{_label(i):>{width}}" for i in range(len(decks))))
    for i, row in enumerate(d["matrix"]):
        cells = "".join(f"{'' if i == j else _cell_text(c):>{width}}" for j, c in enumerate(row))
        lines.append(f"{_label(i):>3}{cells}")
    lines.append("")
    lines.append("standings (P(win) over all its games):")
    for s in d["standings"]:
        p = s["p_win"]
        lines.append(f"  {p['p']:6.1%} ({p['ci95'][0]:.1%}-{p['ci95'][1]:.1%})  {_label(s['deck'])}  "
                     f"{decks[s['deck']]['name']}")
    if "referee" in d:
        from deckcheck.sim.referee import format_referee

        lines += ["", format_referee(d["referee"])]
    run = d.get("run")
    if run:
        lines += ["", _run_line(run)]
    return "\n".join(lines)


def _run_line(run: dict) -> str:
    """The run, in a report: only what the seed fixes. Time, workers and scheduler vary from run to run and are
    said on stderr (and in the JSON's `run`), so that the same seed gives the same report."""
    return f"{run['games']:,} games (the same seed gives the same report; time and workers are on stderr)"


def render_xlsx(d: dict) -> bytes:
    from openpyxl import Workbook
    from openpyxl.formatting.rule import ColorScaleRule
    from openpyxl.utils import get_column_letter

    from deckcheck.report.print_layout import font, lay_out_for_print

    bold = font(bold=True)
    wb = Workbook()
    ws = wb.active
    ws.title = "Matrix"
    decks = d["decks"]
    n = len(decks)
    # the columns are headed by the decks' numbers, as on the page: a deck's name cut at a column's width
    # ("A - Sarum") named no deck; each row says its number and name
    put_cell(ws, 1, 1, "P(row beats column)").font = bold
    for i, deck in enumerate(decks):
        put_cell(ws, 1, i + 2, _label(i)).font = bold
        put_cell(ws, i + 2, 1, f"{_label(i)} {deck['name']}").font = bold
    for i, row in enumerate(d["matrix"]):
        for j, cell in enumerate(row):
            if i != j and cell is not None and cell["p"] is not None:
                put_cell(ws, i + 2, j + 2, cell["p"]).number_format = "0%"
    if n:
        corner = f"B2:{get_column_letter(n + 1)}{n + 1}"
        ws.conditional_formatting.add(corner, ColorScaleRule(
            start_type="num", start_value=0, start_color="F8696B", mid_type="num", mid_value=0.5,
            mid_color="FFEB84", end_type="num", end_value=1, end_color="63BE7B"))
        put_cell(ws, n + 3, 1, COLOUR_LEGEND)
    ws.column_dimensions["A"].width = 40
    for column in range(2, n + 2):
        ws.column_dimensions[get_column_letter(column)].width = 7
    pairs = wb.create_sheet("Pairs")
    headers = ["deck A", "deck B", "games", "A wins", "B wins", "draws", "P(A wins)", "95% low", "95% high",
               "mean MP A", "mean MP B", "characters lost A", "characters lost B"]
    for c, header in enumerate(headers, 1):
        put_cell(pairs, 1, c, header).font = bold
    for r, p in enumerate(d["pairs"], 2):
        values = [decks[p["a"]]["name"], decks[p["b"]]["name"], p["games"], p["a_wins"], p["b_wins"], p["draws"],
                  p["p_a_win"]["p"], p["p_a_win"]["ci95"][0], p["p_a_win"]["ci95"][1], p["mean_mp_a"],
                  p["mean_mp_b"], p["characters_lost_a"], p["characters_lost_b"]]
        for c, value in enumerate(values, 1):
            put_cell(pairs, r, c, value)
    # one page wide at 9 pt: the deck names wrap, the numbers' headers too (a word whole on a line)
    for column, width in enumerate([19, 19, 7, 7, 7, 7, 7, 7, 7, 7, 7, 12, 12], 1):
        pairs.column_dimensions[get_column_letter(column)].width = width
    run = wb.create_sheet("Run")
    settings = [("games per pair", d["games_per_pair"]), ("turns", d["turns"]), ("seed", d["seed"]),
                ("game length", d["length"])] + [(k, v) for k, v in (d.get("run") or {}).items()
                                                 if k not in ("wall_seconds", "games_per_second")]
    for r, (key, value) in enumerate(settings, 1):
        put_cell(run, r, 1, key)
        put_cell(run, r, 2, value)
    run.column_dimensions["A"].width = 20
    run.column_dimensions["B"].width = 40
    # printed for the judges' table (report/print_layout.py): it printed on 5 A4 portrait pages, the matrix split
    # and its headers cut; a wide matrix prints on pages side by side, the deck names repeated on each
    for sheet in wb.worksheets:
        lay_out_for_print(sheet, header_rows=None if sheet is run else "1:1")
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


def _colour(p: float) -> str:
    """Red (0) through yellow (0.5) to green (1), as the xlsx colour scale."""
    low, mid, high = (0xF8, 0x69, 0x6B), (0xFF, 0xEB, 0x84), (0x63, 0xBE, 0x7B)
    a, b, t = (low, mid, p * 2) if p <= 0.5 else (mid, high, (p - 0.5) * 2)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def render_html(d: dict) -> str:
    decks = d["decks"]
    head = "".join(f'<th title="{escape(deck["name"])}">{_label(deck["index"])}</th>' for deck in decks)
    rows = []
    for i, row in enumerate(d["matrix"]):
        cells = []
        for j, cell in enumerate(row):
            if i == j or cell is None or cell["p"] is None:
                cells.append('<td class="n muted">-</td>')
            else:
                cells.append(f'<td class="n" style="background:{_colour(cell["p"])}" title="'
                             f'{escape(decks[i]["name"])} vs {escape(decks[j]["name"])}">{escape(_cell_text(cell))}'
                             "</td>")
        rows.append(f"<tr><th>{_label(i)} {escape(decks[i]['name'])}</th>{''.join(cells)}</tr>")
    standings = "".join(
        f"<tr><td>{escape(decks[s['deck']]['name'])}</td><td class=\"n\">{s['p_win']['p']:.1%}</td>"
        f"<td class=\"n\">{s['p_win']['ci95'][0]:.1%}-{s['p_win']['ci95'][1]:.1%}</td></tr>" for s in d["standings"])
    run = d.get("run") or {}
    run_line = escape(_run_line(run)) if run else ""
    from deckcheck.report.stats_html import STYLE

    # the pages' shared style and a viewport (a phone showed the page zoomed out); the matrix scrolls in its box
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>deckcheck matchups</title>
<style>{STYLE}body {{ max-width: 80em; }}</style></head><body>
<h1>Matchups</h1>
<p>{len(decks)} decks, {len(d["pairs"])} pairs, {d["games_per_pair"]} games a pair, {d["turns"]} turns each,
seed {d["seed"]}. Cell: P(row deck beats column deck), with its 95% Wilson interval. {escape(DRAWS)}.</p>
<div class="table"><table id="matrix"><tr><th></th>{head}</tr>
{"".join(rows)}
</table></div>
<p id="colour-legend"><span aria-hidden="true" style="display:inline-block; width:6em; height:0.8em;
background:linear-gradient(to right, {_colour(0)}, {_colour(0.5)}, {_colour(1)})"></span> {escape(COLOUR_LEGEND)}</p>
<h2>Standings</h2>
<table id="standings"><tr><th>deck</th><th>P(win)</th><th>95% interval</th></tr>{standings}</table>
<p class="muted">{run_line}</p>
</body></html>
"""


# A field larger than this is refused: 256 decks are 32,640 pairs already.
MAX_DECKS = 256


def field_paths(paths: list[str], from_folders: set[str] | None = None) -> list[str]:
    """DECK... as given, or the files directly in DIR (sorted; hidden files and links left out: a link may lead
    outside the folder the user named, so it is said and not followed). `from_folders` gets the files found in
    a folder (not named one by one)."""
    from pathlib import Path

    from deckcheck.errors import DeckcheckError

    out: list[str] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            entries = sorted(p for p in path.iterdir() if not p.name.startswith("."))
            links = [p.name for p in entries if p.is_symlink()]
            if links:
                note(printable(f"deckcheck: {path}: links not followed: {', '.join(links)}"))
            found = [str(p) for p in entries if not p.is_symlink() and p.is_file()]
            out += found
            if from_folders is not None:
                from_folders.update(found)
        elif path.exists() or given == "-":
            out.append(given)
        else:
            raise DeckcheckError("no such file or directory", given)
    if len(out) > MAX_DECKS:
        raise DeckcheckError(f"{len(out)} decks: a field holds at most {MAX_DECKS}")
    return out


def run_matchups_command(paths: list[str], *, one_path: str | None, games: int, turns: int, seed: int, length: int,
                         jobs: int | None, scheduler: str | None, output: str | None, out_path: str | None, force: bool,
                         read_deck, check: bool = False) -> None:
    """What `deckcheck matchups` does: read the field, play it, write the report (progress to stderr). `check`:
    the referee watches every game (in this process) and the report adds its findings per rule."""
    import sys

    from deckcheck.errors import DeckcheckError
    from deckcheck.fileio import atomic_write_bytes, check_output, refuse_overwriting_inputs
    from deckcheck.sim.matchups import SchedulerError, UnplayableDeck, run_matchups, scheduler_address

    output = choose_format(out_path, output, ("text", "json", "xlsx", "html"), default="text", file_only=("xlsx",))
    if scheduler is not None:
        try:
            scheduler = scheduler_address(scheduler)
        except ValueError as exc:
            raise DeckcheckError(f"--scheduler: {exc}") from None
    if out_path:
        check_output(out_path, force=force)
    from_folders: set[str] = set()
    field = field_paths(paths, from_folders)
    if one_path:
        field = [one_path] + [p for p in field if p != one_path]
    if out_path:
        refuse_overwriting_inputs(out_path, field)
    decks, field = _read_field(field, from_folders - {one_path}, read_deck)
    if len(field) < 2:
        raise DeckcheckError("a field needs at least two decks")
    jobs = _local_jobs(jobs if jobs is not None else 1, scheduler)
    referee = None
    if check:
        from deckcheck.sim.referee import Referee

        referee = Referee()
        if output in ("xlsx", "html"):
            note(f"deckcheck: --check: the referee's findings are in the text and JSON reports, not in {output}")
        if jobs > 1 or scheduler is not None:
            note("deckcheck: --check plays every game in this process (--jobs and --scheduler are ignored)")
    progress = _progress_bar() if show_progress() else None
    try:
        document = run_matchups(decks, games=games, turns=turns, seed=seed, length=length, jobs=jobs,
                                scheduler=scheduler, one_against_field=bool(one_path), paths=field, progress=progress,
                                referee=referee)
    except UnplayableDeck as exc:
        raise DeckcheckError(f"cannot simulate: {exc}", field[exc.index]) from None
    except SchedulerError as exc:
        raise DeckcheckError(str(exc), scheduler) from None
    run = document["run"]
    note(f"{run['games']} games in {run['wall_seconds']:.2f} s ({run['games_per_second']:,.0f} games/s), "
         f"{run['workers']} worker(s), {run['scheduler']}")
    data = render_matchups(document, output)
    if out_path:
        atomic_write_bytes(out_path, data, overwrite=force)
        note(printable(f"wrote {out_path}"))
    else:
        sys.stdout.write(data.decode("utf-8"))


def _read_field(field: list[str], from_folders: set[str], read_deck) -> tuple[list, list[str]]:
    """The decks of the field and their paths. A file of a folder that is no deck (too big, no card named) is
    left out, said in a line, as `meta DIR` leaves it out; a deck named on the command line must be read."""
    from deckcheck.errors import DeckcheckError

    decks, kept = [], []
    for path in field:
        try:
            decks.append(read_deck(path, require_cards=True))
        except DeckcheckError as exc:
            if path not in from_folders:
                raise
            note(printable(f"deckcheck: {exc.one_line()}; left out"))
            continue
        kept.append(path)
    return decks, kept


def _local_jobs(jobs: int, scheduler: str | None) -> int:
    """The worker processes to start: `jobs`, or 1 (this process, no Dask) where a local cluster would not help
    -- one CPU -- or cannot start -- dask.distributed not installed (said); a --scheduler needs Dask."""
    import os

    from deckcheck.errors import DeckcheckError

    if scheduler is None and jobs > 1 and (os.cpu_count() or 1) == 1:
        note(f"deckcheck: --jobs {jobs}: one CPU, so the games run in this process")
        return 1
    if scheduler is None and jobs <= 1:
        return jobs
    try:
        import distributed  # noqa: F401  - only to say what is missing before any work is done
    except ImportError:
        if scheduler is not None:
            raise DeckcheckError(f"--scheduler needs dask.distributed, which is not installed: "
                                 f"{install_hint('cluster')}") from None
        note(f"deckcheck: --jobs {jobs}: dask.distributed is not installed, so the games run in this process "
             f"({install_hint('cluster')} for a local cluster)")
        return 1
    return jobs


def install_hint(extra: str) -> str:
    """How to add deckcheck's `extra` the way this deckcheck was installed: pipx has its own command."""
    import sys
    from pathlib import Path

    if "pipx" in Path(sys.prefix).parts:
        return f"pipx install --force 'deckcheck[{extra}]'"
    return f"pip install 'deckcheck[{extra}]'"


def _progress_bar():
    import sys

    def show(done: int, total: int) -> None:
        sys.stderr.write(f"\r{done}/{total} tasks")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()
    return show
