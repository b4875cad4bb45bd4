"""Checking every registration's deck, in this process or in parallel worker processes.

Each row becomes a `RowResult` (report/batch_rows.py: plain data, so it crosses process boundaries). A row whose
deck cannot be read -- missing file, empty cell, text that is no decklist -- becomes an error row and the batch
goes on.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from deckcheck.batch.registrations import Registration
from deckcheck.cards.pools import pool_in_force, use_pool
from deckcheck.errors import DataError, DeckcheckError
from deckcheck.process import max_jobs, worker_pool
from deckcheck.report.batch_rows import ERROR, ILLEGAL, LEGAL, RowResult
from deckcheck.rules.ruleset import DEFAULT_RULESET, pool_of

RULESETS = ("rulebook", "coe", "dreamcards", "sealed", "meccg-online", "dc-cube")
ICE_RULESETS = ("rulebook", "coe")

# Codes of the problems the batch itself reports (the legality codes come from the rules).
CODE_REGISTRATION = "registration"      # the row: empty player or deck cell, unknown alignment or length
CODE_DECK_FILE = "deck-file"            # the deck cell names a file that cannot be read
CODE_UNREADABLE = "unreadable-deck"     # the deck text gave no usable decklist
CODE_NOT_CHECKED = "not-checked"        # the deck was read but could not be judged (alignment unknown)
CODE_INTERNAL = "internal-error"        # a bug in deckcheck met on this row; the batch goes on


@dataclass
class Settings:
    """What applies to every row unless the row says otherwise, and the functions that do the work.

    `reader`, `text_parser` and `validator` default to deckcheck's own (read_deck, parse_text, validate);
    tests pass small fakes. They must be module-level functions so that worker processes can receive them.
    """

    base_dir: str                       # the registrations folder (or --decks-dir): deck paths resolve inside it
    ruleset: str = DEFAULT_RULESET
    length: int = 2
    alignment: str | None = None
    reader: Callable | None = None
    text_parser: Callable | None = None
    validator: Callable | None = None
    warm_up: Callable | None = None     # run once per worker process (loads the card catalog)
    allow_outside: bool = False         # --allow-outside: deck paths may lead out of base_dir
    folder: str = "the registrations folder"   # how messages name base_dir
    pool: str = field(default_factory=pool_in_force)   # the card pool in force where the batch was started


def problem(code: str, message: str, *, severity: str = "error", citation: str = "") -> dict:
    """A batch-level problem in the same shape as a legality violation."""
    return {"code": code, "severity": severity, "message": message, "part": None, "card": None,
            "card_id": None, "lines": [], "citation": citation}


def check_registration(reg: Registration, settings: Settings) -> RowResult:
    """Read and validate one registration's deck; every failure becomes part of the row, never an exception."""
    ruleset = reg.ruleset or settings.ruleset
    alignment = reg.alignment or settings.alignment
    result = RowResult(index=reg.index, sheet=reg.sheet, row=reg.row, player=reg.player, extras=reg.extras,
                       status=ERROR, deck=_deck_label(reg), alignment=alignment, ruleset=ruleset,
                       length=reg.length or settings.length)
    result.violations.extend(problem(CODE_REGISTRATION, text) for text in reg.problems)
    if ruleset not in RULESETS:
        result.violations.append(problem(CODE_REGISTRATION,
                                         f"unknown ruleset {ruleset!r} (use {' or '.join(RULESETS)})"))
        return result
    if not reg.deck.strip():
        return result
    use_pool(settings.pool if ruleset in ICE_RULESETS else pool_of(ruleset))   # a dream ruleset reads its pool
    deck = _read_into(result, reg, settings)
    verdict = _validate_into(result, deck, settings) if deck is not None else None
    if verdict is not None and reg.collection:
        _judge_collection(result, reg, settings, deck, verdict)
    if verdict is not None:
        reading = reading_problems(deck, verdict.violations)
        result.alignment = verdict.alignment or alignment
        result.violations.extend(reading)
        result.violations.extend(v.to_json() for v in verdict.violations)
        if not reg.problems:
            # A line the reader had to skip may hide a card: such a deck is not reported legal.
            skipped = any(p["severity"] == "error" for p in reading)
            result.status = LEGAL if verdict.legal and not skipped else ILLEGAL
    return result


def _judge_collection(result: RowResult, reg: Registration, settings: Settings, deck, verdict) -> None:
    """The row's collection cell (a path like the deck's, or a pasted list) read as the deck's collection; a
    collection that cannot be read is the row's error, never a deck judged without it."""
    from dataclasses import replace

    from deckcheck.rules.collection import add_to_verdict, collection_of

    held_as = replace(reg, deck=reg.collection)
    try:
        held = collection_of(_load_deck(held_as, settings, None))
    except DataError:
        raise
    except DeckcheckError as exc:
        result.violations.append(problem(CODE_DECK_FILE, f"collection: {_deck_error_text(exc, held_as)}"))
        verdict.legal = False
        return
    add_to_verdict(verdict, deck, held)


def _read_into(result: RowResult, reg: Registration, settings: Settings):
    """The row's deck, or None with the reason added to the row."""
    try:
        deck = _load_deck(reg, settings, result.alignment)
    except DataError:
        raise               # deckcheck's own data is damaged: no row can be checked; the batch stops, one line
    except DeckcheckError as exc:
        code = CODE_UNREADABLE if reg.deck_is_pasted else CODE_DECK_FILE
        result.violations.append(problem(code, _deck_error_text(exc, reg)))
        return None
    except Exception as exc:  # noqa: BLE001 - one row's bug must not lose the other 499 rows
        result.violations.append(problem(CODE_INTERNAL, f"reading the deck failed: {type(exc).__name__}: {exc}"))
        return None
    result.deck_name = deck.name
    if reg.deck_is_pasted and deck.path != f"<{reg.where}>":   # no decklist, but the name of a file there
        result.deck = _cut(reg.deck.strip())
    _record_content(result, deck)
    return deck


def _record_content(result: RowResult, deck) -> None:
    """The deck's fingerprint, avatar and cards as read, for the repeats, the Decklists sheet and the metagame."""
    from deckcheck.decklist.content import card_rows
    from deckcheck.decklist.fingerprint import fingerprint
    from deckcheck.decklist.pool_status import deck_status

    result.avatar = deck.avatar
    if deck.entries:
        result.fingerprint = fingerprint(deck).value
        result.cards = card_rows(deck)
        result.deck_status = deck_status(deck)


def _validate_into(result: RowResult, deck, settings: Settings):
    """The deck's verdict, or None with the reason added to the row."""
    try:
        return _validator(settings)(deck, ruleset=result.ruleset, alignment=result.alignment,
                                    length=result.length)
    except DataError:
        raise               # see _read_into
    except DeckcheckError as exc:
        # The engine's advice names command options; in a batch the row's own columns are the place.
        message = (exc.message.replace("give --alignment", "fill in the alignment column")
                   .replace("use --rules coe", "put coe in the ruleset column (or use --rules coe)"))
        result.violations.append(problem(CODE_NOT_CHECKED, message))
    except Exception as exc:  # noqa: BLE001 - see _read_into
        result.violations.append(problem(CODE_INTERNAL, f"validating failed: {type(exc).__name__}: {exc}"))
    return None


# A name the catalog could not pin down is one problem, whichever of these codes the reader and the rule use.
CARD_IDENTITY_CODES = {"unknown-card", "ambiguous-card", "not-ice-card", "not-in-pool"}


def reading_problems(deck, violations) -> list[dict]:
    """The reader's diagnostics (skipped lines, section trouble) that no rule violation already reports."""
    problems = []
    for diagnostic in getattr(deck, "diagnostics", []):
        same = CARD_IDENTITY_CODES if diagnostic.code in CARD_IDENTITY_CODES else {diagnostic.code}
        if any(v.code in same and (diagnostic.line is None or diagnostic.line in v.lines) for v in violations):
            continue
        problems.append({"code": diagnostic.code, "severity": diagnostic.severity, "message": diagnostic.message,
                         "part": None, "card": None, "card_id": None,
                         "lines": [diagnostic.line] if diagnostic.line else [], "citation": "reading the decklist"})
    return problems


def run_batch(registrations: Sequence[Registration], settings: Settings, *, jobs: int = 1,
              on_result: Callable[[RowResult], None] | None = None) -> list[RowResult]:
    """Check every registration; results in registration order. `jobs` > 1 uses that many processes (at most
    process.max_jobs()), which end with this one however it ends."""
    jobs = max(1, min(jobs, len(registrations), max_jobs()))
    if jobs == 1:
        return _run_here(registrations, settings, on_result)
    results: list[RowResult] = []
    chunk = max(1, min(8, len(registrations) // (jobs * 8)))
    broken = False
    with worker_pool(jobs, _warm_worker, (settings,)) as pool:   # Ctrl-C, SIGTERM: nothing waits for the rows
        try:
            for result in pool.map(check_registration, registrations, [settings] * len(registrations),
                                   chunksize=chunk):
                results.append(result)
                if on_result:
                    on_result(result)
        except BrokenProcessPool:
            broken = True
    if broken:
        # A worker died (out of memory, killed): finish the remaining rows here rather than lose them.
        results.extend(_run_here(registrations[len(results):], settings, on_result))
    return results


def default_jobs() -> int:
    return os.cpu_count() or 1


# ---------------------------------------------------------------- helpers


def _run_here(registrations, settings, on_result) -> list[RowResult]:
    _warm_worker(settings)
    results = []
    for reg in registrations:
        result = check_registration(reg, settings)
        results.append(result)
        if on_result:
            on_result(result)
    return results


def _warm_worker(settings: Settings) -> None:
    use_pool(settings.pool)     # a worker process reads the decks under the pool of the command
    warm_up = settings.warm_up
    if warm_up is None and settings.validator is None:
        from deckcheck.cards.catalog import load_catalog

        warm_up = load_catalog
    if warm_up is not None:
        try:
            warm_up()
        except DeckcheckError:
            pass        # the first row reports it; warming up is only an optimisation


def _load_deck(reg: Registration, settings: Settings, alignment: str | None):
    if reg.deck_is_pasted:
        parse_text = settings.text_parser
        if parse_text is None:
            from deckcheck.decklist import parse_text
        try:
            return parse_text(reg.deck.strip("\n"), path=f"<{reg.where}>", alignment=alignment)
        except DeckcheckError:
            if named_file(reg, settings) is None:
                raise
            # one line that is no decklist but the name of a file there ("A - Stewards of Gondor", a GCCG deck)
    read_deck = settings.reader
    if read_deck is None:
        from deckcheck.decklist import read_deck
    if re.match(r"(?i)https?://", reg.deck.strip()):
        raise DeckcheckError("a web address: decks are not downloaded; paste the decklist into the cell or "
                             "give the path of a deck file", reg.deck.strip())
    try:
        path = deck_path(reg.deck, settings.base_dir, allow_outside=settings.allow_outside, folder=settings.folder)
    except OSError as exc:   # a name too long for the file system, say: no file, and no internal error
        raise DeckcheckError(f"not a usable file name ({exc.strerror or exc})", _cut(reg.deck.strip())) from None
    shown = shown_path(path, settings)
    kind = _kind(path)
    if kind != "file":
        what = {"directory": "is a directory, not a deck file", "other": "not a regular file, not a deck file",
                "missing": "no such deck file"}[kind]
        # named as the organizer wrote it, with where it was looked for (never the organizer's own folders)
        raise DeckcheckError(f"{what} (looked for {_cut(shown)})", _cut(reg.deck.strip()))
    outside = settings.allow_outside and not _inside(path, Path(settings.base_dir).resolve())
    try:
        deck = read_deck(path, alignment=alignment)
    except DataError:
        raise
    except DeckcheckError as exc:
        if outside:     # the reader's message may quote the file: say only what was wrong, and where
            raise DeckcheckError(_NOT_SHOWN_FILE, shown, exc.line) from None
        raise DeckcheckError(exc.message, shown, exc.line) from None
    deck.path = shown
    if outside:
        _keep_only_cards(deck)
    return deck


_NOT_SHOWN_FILE = "not read as a decklist (its text is not shown: the file is outside the registrations folder)"
_NOT_SHOWN_LINE = "its text is not shown: the file is outside the registrations folder"


def _keep_only_cards(deck) -> None:
    """A deck file outside the registrations folder (--allow-outside) may be any file of the machine, and the
    results are shared: they keep the cards it names, never the text of a line that names none (nor its title
    or player line, nor a reader's message quoting a line), so that no secret is quoted as an unknown card."""
    import dataclasses

    deck.name = deck.player = deck.notes = None
    for entry in deck.entries:
        if entry.card is None:
            entry.written = f"(line {entry.lines[0]})" if entry.lines else "(a line)"
            entry.suggestions, entry.candidates = [], []
    deck.diagnostics = [dataclasses.replace(d, message=f"{d.code}: {_NOT_SHOWN_LINE}") for d in deck.diagnostics]


def named_file(reg: Registration, settings: Settings) -> Path | None:
    """The file a one-line cell that does not look like a path names there ("A - Stewards of Gondor", a GCCG
    deck without a suffix), which is read when the cell is no decklist; None when there is none."""
    from deckcheck.batch.registrations import MAX_PATH_CHARS

    cell = reg.deck.strip()
    if not cell or "\n" in cell or len(cell) > MAX_PATH_CHARS:
        return None
    try:
        path = deck_path(cell, settings.base_dir, allow_outside=settings.allow_outside, folder=settings.folder)
        return path if path.exists() else None
    except (OSError, DeckcheckError):
        return None


class OutsideFolder(DeckcheckError):
    """A deck path that leads out of the folder the batch may read."""


def deck_path(cell: str, base_dir: str, *, allow_outside: bool = False,
              folder: str = "the registrations folder") -> Path:
    """The deck file a one-line cell names, inside `base_dir`: quotes and a file:// prefix dropped, relative
    paths relative to base_dir; a path typed on Windows or in another letter case finds its one file.

    Unless allow_outside, a path that leads out of base_dir -- absolute, "~", "..", or a symlink pointing out --
    is an OutsideFolder error: a registration sheet filled in by strangers must not make the organizer's
    machine read (and quote in the shared results) files such as ../private/secret.env. A text that is no usable
    path at all (too long, a NUL in it, "~nobody") is a DeckcheckError too.
    """
    try:
        return _deck_path(cell, base_dir, allow_outside, folder)
    except (OSError, ValueError, RuntimeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise DeckcheckError(f"not a usable deck path ({why})") from None


def _deck_path(cell: str, base_dir: str, allow_outside: bool, folder: str) -> Path:
    text = cell.strip().strip('"').strip("'").strip()
    if text.lower().startswith("file://"):
        text = text[len("file://"):]
    root = Path(os.path.realpath(base_dir))
    path = _joined(text, root, allow_outside, folder)
    if path.exists():
        return path
    if "\\" in text and os.sep == "/":
        # typed on Windows ("decks\\ann.meccg"): the same path with forward slashes
        windows = _joined(text.replace("\\", "/"), root, allow_outside, folder)
        if windows.exists():
            return windows
    found = _same_name_but_case(path, root if _inside(path, root) else None)
    if found is not None:
        _joined(str(found), root, allow_outside, folder)   # a symlink found this way is confined too
        return found
    return path


def _joined(text: str, root: Path, allow_outside: bool, folder: str) -> Path:
    path = Path(text).expanduser()
    path = path if path.is_absolute() else root / path
    if not allow_outside and not _inside(path, root):
        raise OutsideFolder(f"deck path outside {folder}; decks are read only from there (the organizer can "
                            f"allow others with --allow-outside)")
    return path


def _inside(path: Path, root: Path) -> bool:
    """Whether `path`, every symlink and ".." resolved, is `root` or lies under it."""
    real = Path(os.path.realpath(path))
    return real == root or root in real.parents


def _kind(path: Path) -> str:
    """file, directory, other (a device, a FIFO) or missing (also a name the system refuses)."""
    try:
        return "file" if path.is_file() else "directory" if path.is_dir() else "other" if path.exists() \
            else "missing"
    except (OSError, ValueError):
        return "missing"


def shown_path(path: Path, settings: Settings) -> str:
    """How results name a deck file: relative to the registrations folder (or --decks-dir), never with the
    organizer's own folders; a path outside (--allow-outside) as it is."""
    root = Path(os.path.realpath(settings.base_dir))
    try:
        return str(Path(os.path.realpath(path)).relative_to(root))
    except ValueError:
        return str(path)


def _same_name_but_case(path: Path, root: Path | None) -> Path | None:
    """The one file whose path differs from `path` only in letter case ("Decks/Ann.MECCG" typed on Windows or
    macOS, where case does not matter, for decks/ann.meccg), else None. Inside a root, only the folders under
    it are listed."""
    if root is not None:
        found, parts = root, Path(os.path.realpath(path)).relative_to(root).parts
    else:
        found = Path(path.anchor or ".")
        parts = path.parts[len(Path(path.anchor).parts) if path.anchor else 0:]
    for part in parts:
        try:
            matches = [child for child in found.iterdir() if child.name.casefold() == part.casefold()]
        except OSError:
            return None
        if len(matches) != 1:
            return None
        found = matches[0]
    return found


def _validator(settings: Settings):
    if settings.validator is not None:
        return settings.validator
    from deckcheck.rules import validate

    return validate


def _deck_label(reg: Registration) -> str:
    if reg.deck_is_pasted:
        lines = [line for line in reg.deck.split("\n") if line.strip()]
        return f"pasted decklist ({len(lines)} line{'' if len(lines) == 1 else 's'})"
    return _cut(reg.deck.strip())


def _cut(cell: str, limit: int = 260) -> str:
    """A cell as the results quote it: at most `limit` characters (a path is never longer), and how long it was
    when cut."""
    return cell if len(cell) <= limit else f"{cell[:limit - 1]}\u2026 ({len(cell):,} characters)"


def _deck_error_text(exc: DeckcheckError, reg: Registration) -> str:
    """The reader's one-line error; for a pasted decklist, "pasted decklist" (and its line) for the path."""
    if exc.path != f"<{reg.where}>":
        return exc.one_line()
    where = f"pasted decklist line {exc.line}" if exc.line else "pasted decklist"
    return f"{where}: {exc.message}"
