"""`deckcheck meta INPUT...`: the metagame of decklist files, folders of them, or a registrations sheet.

Here because a registrations sheet is read and checked the way `batch` does it (its rows' decks, verdicts and
avatars); the numbers are `analysis.meta`'s, the renderings `report.meta_report`'s.

A folder is read to any depth, in name order, its hidden files and links left alone (a link may lead outside what
the user named); files that are no decklist by their suffix (spreadsheets, scripts, images) are skipped and named
in one line. Any other file that turns out to be no decklist is one line on stderr and left out; the report is made
of the rest, and the exit code stays 0 (a report written is never exit 2). A file named twice (given twice, or
given and inside a folder given) is counted once and said; `-` reads one decklist from standard input.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from deckcheck.console import detail, note, verbosity
from deckcheck.decklist import STDIN
from deckcheck.errors import DataError, DeckcheckError
from deckcheck.report.output_format import choose_format
from deckcheck.terminal import printable

REGISTRATION_SUFFIXES = (".xlsx", ".xlsm", ".csv")
# Files in a folder of decks that are no decklist, whatever they hold: skipped, and said in one line.
NOT_DECK_SUFFIXES = frozenset({".xlsx", ".xlsm", ".xls", ".csv", ".ods", ".py", ".pdf", ".png", ".jpg", ".jpeg",
                               ".gif", ".zip", ".gz", ".html", ".htm", ".exe"})
# More files than any collection of decklists holds: past this a folder is something else (a home directory).
MAX_FOLDER_FILES = 5000


def run_meta_command(inputs: tuple[str, ...], *, out: str | None, output: str | None, validate: bool,
                     ruleset: str, length: int, force: bool, top: int, jobs: int = 1, decks_dir: str | None = None,
                     allow_outside: bool = False, columns: dict[str, str] | None = None) -> int:
    """A registrations sheet is read with the options `batch` takes for it: `columns` (--player-column, ...),
    `decks_dir` and `allow_outside`."""
    from deckcheck.analysis.meta import build_meta
    from deckcheck.fileio import atomic_write_bytes, check_output, refuse_overwriting_inputs
    from deckcheck.report.meta_report import render_meta

    output = choose_format(out, output, ("text", "json", "xlsx", "html"), default="text", file_only=("xlsx",))
    if out:
        refuse_overwriting_inputs(out, inputs)
        check_output(out, force=force)
    from deckcheck.batch.command import check_decks_dir

    check_decks_dir(decks_dir)
    _check_data(validate)
    sheet = {"decks_dir": decks_dir, "allow_outside": allow_outside, "columns": columns}
    records, failed, seen = [], 0, _Seen()
    for source in inputs:
        path = Path(source)
        if source == STDIN:
            found, bad = _deck_records([source] if seen.first(source) else [], validate=validate, ruleset=ruleset,
                                       length=length)
        elif path.suffix.lower() in REGISTRATION_SUFFIXES and path.is_file():
            found, bad = (_registration_records(path, ruleset=ruleset, length=length, jobs=jobs, seen=seen, **sheet)
                          if seen.first(path) else ([], 0))
        else:
            found, bad = _deck_records([f for f in deck_files(path) if seen.first(f)], validate=validate,
                                       ruleset=ruleset, length=length)
        records += found
        failed += bad
    seen.say()
    if not records:
        raise DeckcheckError("no deck could be read from the input given")
    if out:
        refuse_overwriting_inputs(out, seen.files)     # a deck in a folder given, or one a sheet names
    data = render_meta(build_meta(records), output, top=top)
    if out:
        atomic_write_bytes(out, data, overwrite=force)
        note(printable(f"deckcheck: {len(records)} decks; metagame in {out}"))
    else:
        click.echo(printable(data.decode("utf-8")), nl=False)
    return 0   # a report written: the files left out are said above, each in its line


def _check_data(validate: bool) -> None:
    """The card catalog with its other editions' names (a field holds decks in any language), and with
    --validate the rulesets, loaded before any input is: damaged data is one line and exit 2, not a note on
    every deck left out."""
    from deckcheck.cards.catalog import load_catalog

    load_catalog().foreign_names()
    if validate:
        from deckcheck.batch.command import _check_data as check_data

        check_data()


class _Seen:
    """The files read so far, by what they are on disk: one deck is one deck of the field, however often named."""

    def __init__(self) -> None:
        self._named: dict = {}          # file -> [its first name, times named]
        self.files: list[Path] = []     # every file read: -o may replace none of them

    def read(self, paths) -> None:
        """Files read that no repeat is counted for (the decks a registrations sheet names)."""
        self.files += [Path(p) for p in paths]

    def first(self, path: str | Path) -> bool:
        key = str(path) if path == STDIN else _file_key(Path(path))
        if key in self._named:
            self._named[key][1] += 1
            return False
        self._named[key] = [str(path), 1]
        if path != STDIN:
            self.files.append(Path(path))
        return True

    def say(self) -> None:
        repeated = [f"{name} ({times} times)" for name, times in self._named.values() if times > 1]
        if repeated:
            shown = ", ".join(repeated[:5]) + (f" and {len(repeated) - 5} more" if len(repeated) > 5 else "")
            click.echo(printable(f"deckcheck: named more than once, counted once: {shown}"), err=True)


def _file_key(path: Path):
    try:
        stat = path.stat()
    except OSError:
        return str(path)           # missing or unreadable: said when it is read
    return (stat.st_dev, stat.st_ino)


def _unreadable_folder(error: OSError) -> None:
    """os.walk passes over a folder it cannot list; a folder named (or inside one named) that cannot be read is an
    input error, not an empty folder."""
    raise DeckcheckError(f"cannot read this folder: {error.strerror or error}", error.filename or "")


def deck_files(path: Path, say_empty: bool = True) -> list[Path]:
    """The deck files of a folder, to any depth (as the module docstring says), or [path] for a file. An empty
    folder is said unless the caller says it (`say_empty=False`: validate makes it its error)."""
    if not path.is_dir():
        return [path]          # a missing or unreadable file is said when it is read
    files, skipped = [], []
    for folder, subfolders, names in os.walk(path, followlinks=False, onerror=_unreadable_folder):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for name in sorted(names):
            candidate = Path(folder) / name
            if name.startswith(".") or candidate.is_symlink():
                continue
            if candidate.suffix.lower() in NOT_DECK_SUFFIXES:
                skipped.append(candidate.name)
                continue
            files.append(candidate)
            if len(files) > MAX_FOLDER_FILES:
                raise DeckcheckError(f"holds more than {MAX_FOLDER_FILES} files; name the folder of the decks",
                                     str(path))
    if skipped:
        shown = ", ".join(skipped[:5]) + (f" and {len(skipped) - 5} more" if len(skipped) > 5 else "")
        note(printable(f"deckcheck: {path}: skipped {len(skipped)} file(s) that are no decklist: {shown}"))
    if not files and say_empty:
        note(printable(f"deckcheck: {path}: no deck files in this folder"))
    return files


def _deck_records(paths: list[Path | str], *, validate: bool, ruleset: str, length: int) -> tuple[list[dict], int]:
    from deckcheck.analysis.meta import deck_record
    from deckcheck.decklist import read_deck

    records, failed = [], 0
    for path in paths:
        try:
            deck = read_deck(path)
            if not any(entry.card is not None for entry in deck.entries):
                raise DeckcheckError("no line names a known card: not a decklist", str(path))
            legal = _verdict(deck, ruleset, length) if validate else None
        except DataError:
            raise           # deckcheck's own data is damaged: every deck would be left out; say it once
        except DeckcheckError as exc:
            note(printable(f"deckcheck: {exc.one_line()}; left out"))
            failed += 1
            continue
        if verbosity() >= 1:
            from deckcheck.decklist.content import read_summary

            detail(printable(f"deckcheck: {read_summary(deck)}"))
        _say_unread(deck)
        records.append(deck_record(deck, label=str(path), legal=legal))
    return records, failed


def _say_unread(deck) -> None:
    """One line for a deck that holds names that are no card, cards of sets outside the ICE pool, lines not read or
    misspelt names read as the card they nearly spell (`show` lists them)."""
    from deckcheck.decklist.content import unread_lines

    outside = [entry for entry in deck.entries if entry.card is None and _outside_pool(entry)]
    unknown = sum(entry.count for entry in deck.entries if entry.card is None) - sum(e.count for e in outside)
    skipped = len(unread_lines(deck))
    corrected = sum(d.code == "name-corrected" for d in deck.diagnostics)
    if unknown or skipped or corrected or outside:
        what = [f"{unknown} cop{'y' if unknown == 1 else 'ies'} of names that are no card (counted as written)"] \
            * bool(unknown) + [f"{skipped} line{'' if skipped == 1 else 's'} not read"] * bool(skipped) \
            + [f"{corrected} misspelt name{'' if corrected == 1 else 's'} read as the card"
               f"{' it nearly spells' if corrected == 1 else 's they nearly spell'}"] * bool(corrected) \
            + [_outside_pool_text(outside)] * bool(outside)
        note(printable(f"deckcheck: {deck.path}: {'; '.join(what)}; deckcheck show lists them"))


def _outside_pool(entry) -> bool:
    from deckcheck.decklist.content import is_outside_pool

    return is_outside_pool(entry)


def _outside_pool_text(entries) -> str:
    """"not-in-pool: 3 copies of cards of The Road Goes Ever on (V1), Durin's Folk (DF)": the sets named."""
    from deckcheck.cards.set_codes import non_ice_set
    from deckcheck.decklist.content import outside_pool_code

    copies = sum(entry.count for entry in entries)
    found = [non_ice_set(outside_pool_code(entry)) for entry in entries]
    sets = dict.fromkeys(f"{s.name or 'a dream-card set'} ({s.code})" for s in found if s)
    return (f"not-in-pool: {copies} cop{'y' if copies == 1 else 'ies'} of cards outside the ICE card pool, of "
            f"{', '.join(sets)}")


def _verdict(deck, ruleset: str, length: int) -> bool:
    from deckcheck.rules import validate

    return validate(deck, ruleset=ruleset, length=length).legal


def _registration_records(path: Path, *, ruleset: str, length: int, jobs: int, seen: _Seen,
                          decks_dir: str | None = None, allow_outside: bool = False,
                          columns: dict[str, str] | None = None) -> tuple[list[dict], int]:
    """A registrations sheet's decks as `batch` reads and checks them; a row without a deck is left out."""
    from deckcheck.batch.command import named_deck_files, read_sheet, sheet_settings
    from deckcheck.batch.runner import run_batch

    table = read_sheet(path, columns=columns)
    settings = sheet_settings(path, ruleset=ruleset, length=length, decks_dir=decks_dir, allow_outside=allow_outside)
    seen.read(named_deck_files(table.registrations, settings))
    results = run_batch(table.registrations, settings, jobs=jobs)
    records = [r.meta_record() for r in results if r.cards]
    left_out = [r for r in results if not r.cards]
    for r in results:
        outside = [v["message"] for v in r.violations if v["code"] == "not-in-pool"]
        if r.cards and outside:       # counted in the field, said as batch says it
            more = f" (and {len(outside) - 1} more)" if len(outside) > 1 else ""
            note(printable(f"deckcheck: {path}: {r.player} ({r.sheet + '!' if r.sheet else 'row '}{r.row}): "
                           f"not-in-pool: {outside[0]}{more}"))
    for r in left_out:
        problem = r.first_problem or "no deck"
        note(printable(f"deckcheck: {path}: {r.player} ({r.sheet + '!' if r.sheet else 'row '}{r.row}): "
                             f"{problem}; left out"))
    return records, len(left_out)



_deck_files = deck_files   # the name tests/test_meta.py knows
