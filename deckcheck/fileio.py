"""File helpers shared by every command: decoding what players give us, writing atomically."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from deckcheck.errors import DeckcheckError

# Decklists are bigger than 1 MB only when something is wrong; read no more than this.
MAX_INPUT_BYTES = 8 * 1024 * 1024


def decode_bytes(data: bytes) -> tuple[str, str]:
    """Decode a text file from any encoding seen in the wild; return (text, encoding).

    UTF-8 (with or without BOM) first, then cp1252, then ISO-8859-1 (which never fails).
    Line ends are normalised to "\\n".
    """
    if data.startswith(b"\xef\xbb\xbf"):
        text, enc = data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text, enc = data.decode("utf-16", errors="replace"), "utf-16"
    else:
        for enc in ("utf-8", "cp1252", "latin-1"):
            try:
                text = data.decode(enc)
                break
            except UnicodeDecodeError:
                continue
    return text.replace("\r\n", "\n").replace("\r", "\n"), enc


def read_text(path: str | os.PathLike, limit: int = MAX_INPUT_BYTES, *, kind: str = "a decklist") -> tuple[str, str]:
    """Read a text file whatever its encoding; a DeckcheckError (exit 2) if it cannot be read."""
    return decode_bytes(read_bytes(path, limit, kind=kind))


def read_bytes(path: str | os.PathLike, limit: int = MAX_INPUT_BYTES, *, kind: str = "a decklist") -> bytes:
    """The bytes of a regular file of at most `limit` bytes (a bigger one is not `kind`); a DeckcheckError
    (exit 2) for anything else."""
    p = Path(path)
    with open_input(p) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise DeckcheckError(f"cannot read: {exc.strerror or exc}", str(p)) from None
    if len(data) > limit:
        raise DeckcheckError(f"file is larger than {_size(limit)}; not {kind}", str(p))
    return data


# How messages name standard input.
STDIN_NAME = "<stdin>"


def read_stdin(limit: int = MAX_INPUT_BYTES) -> tuple[str, str]:
    """Standard input as text whatever its encoding (the `-` a command takes for a file); no more than `limit`
    bytes are read, and more is an error (exit 2)."""
    import sys

    try:
        data = sys.stdin.buffer.read(limit + 1)
    except OSError as exc:
        raise DeckcheckError(f"cannot read: {exc.strerror or exc}", STDIN_NAME) from None
    if len(data) > limit:
        raise DeckcheckError(f"input is larger than {limit // (1024 * 1024)} MB; not a decklist", STDIN_NAME)
    return decode_bytes(data)


def open_input(path: str | os.PathLike) -> BinaryIO:
    """Open a file for reading, only if it is a regular file.

    A FIFO would block the command forever, a device such as /dev/zero never end, a directory is no file: each
    is refused before a byte is read -- by its status before opening (opening some devices does something),
    and again on the open descriptor (the name could have been replaced in between). The FIFO is opened
    without blocking, so that even that second check cannot hang.
    """
    p = Path(path)
    try:
        _require_regular(os.stat(p).st_mode, p)
        fd = os.open(p, os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise DeckcheckError("no such file", str(p)) from None
    except (OSError, ValueError) as exc:     # ValueError: a NUL in the name
        raise DeckcheckError(f"cannot read: {getattr(exc, 'strerror', None) or exc}", str(p)) from None
    try:
        _require_regular(os.fstat(fd).st_mode, p)
        if _NONBLOCK:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _require_regular(mode: int, path: Path) -> None:
    if stat.S_ISREG(mode):
        return
    what = ("a directory" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "not a regular file")
    raise DeckcheckError(f"is {what}, not a file; nothing was read", str(path))


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} kB"


# ---------------------------------------------------------------- writing


def refuse_overwriting_inputs(output: str | os.PathLike, inputs) -> None:
    """No command writes over a file it reads, --force or not: a DeckcheckError when `output` is (or links
    to) one of `inputs`."""
    out = Path(output)
    for source in inputs:
        if source is not None and source != "-" and _same_file(out, Path(source)):   # "-": standard input
            raise DeckcheckError(f"is {source}, an input of this command; the input is never overwritten",
                                 str(out))


def _same_file(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False


def atomic_write_bytes(path: str | os.PathLike, data: bytes, *, overwrite: bool = True) -> None:
    """Write a file so that readers see either the old file or the whole new one, never half.

    With overwrite=False an existing file is an error (nothing is replaced). Any failure (a full disk, no
    permission) is a DeckcheckError naming the file, and no temporary file is left behind.
    """
    atomic_write_files([(path, data)], overwrite=overwrite)


def atomic_write_files(files, *, overwrite: bool = True) -> None:
    """Write several files as one: every file appears whole, or none changes (the Summary and Violations
    CSV pair of a batch). All are first written and synced beside their targets; only then renamed into place,
    and a rename that fails puts back the files already replaced."""
    targets = [(Path(path), data) for path, data in files]
    if not overwrite:
        for p, _ in targets:
            if p.exists():
                raise DeckcheckError("exists already; use --force to replace it", str(p))
    staged: list[tuple[Path, str]] = []
    try:
        for p, data in targets:
            staged.append((p, _write_temporary(p, data)))
        _rename_all(staged)
    except BaseException:
        for _, tmp in staged:
            _unlink_quietly(tmp)
        raise


def _write_temporary(p: Path, data: bytes) -> str:
    import tempfile  # here, not at the top: with shutil and random it cost every validate ~4 ms (it writes nothing)

    directory = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(p)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        # mkstemp makes the file private (0600); give it the mode a plain open() would have.
        os.chmod(tmp, _mode_for(p))
    except OSError as exc:
        _unlink_quietly(tmp)
        raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(p)) from None
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return tmp


def _rename_all(staged: list[tuple[Path, str]]) -> None:
    """Rename each temporary file over its target; on a failure, restore the targets already replaced (each
    old file is kept under a hard link until every rename has succeeded)."""
    done: list[tuple[Path, str | None]] = []     # (target, the old file's backup or None when it was new)
    try:
        for target, tmp in staged:
            backup = _backup(target) if len(staged) > 1 else None
            try:
                os.replace(tmp, target)
            except OSError as exc:
                if backup:
                    _unlink_quietly(backup)
                raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(target)) from None
            done.append((target, backup))
    except BaseException:
        for target, backup in reversed(done):
            if backup:
                os.replace(backup, target)
            else:
                _unlink_quietly(target)
        raise
    for _, backup in done:
        if backup:
            _unlink_quietly(backup)


def _backup(target: Path) -> str | None:
    if not target.exists():
        return None
    backup = f"{target.parent / ('.' + target.name)}.{os.getpid()}.old"
    try:
        os.link(target, backup)
    except OSError as exc:
        raise DeckcheckError(f"cannot replace: {exc.strerror or exc}", str(target)) from None
    return backup


def _unlink_quietly(name: str | os.PathLike) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass


def _mode_for(path: Path) -> int:
    """The replaced file's own mode, or for a new file what the umask allows (0644 under umask 022)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_text(path: str | os.PathLike, text: str, *, overwrite: bool = True) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), overwrite=overwrite)
