"""File helpers shared by every command: decoding what players give us, writing atomically.

Reading takes a path as a str (or any os.PathLike) and never imports pathlib: with urllib.parse it cost every
start of `validate` ~16 M instructions (benchmarks/bench_startup.py). Writing, which no start-up waits for,
works with pathlib.Path, imported there.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING, BinaryIO

from deckcheck.errors import DeckcheckError

if TYPE_CHECKING:
    from pathlib import Path

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
    p = path_name(path)
    with open_input(p) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise DeckcheckError(f"cannot read: {exc.strerror or exc}", p) from None
    if len(data) > limit:
        raise DeckcheckError(f"file is larger than {_size(limit)}; not {kind}", p)
    return data


def path_name(path: str | os.PathLike) -> str:
    """str(pathlib.Path(path)) without importing pathlib: the name a file is opened by and errors give, on POSIX
    with repeated slashes, "." parts and a trailing slash dropped ("./a//b/" -> "a/b"), as the readers always did."""
    path = os.fspath(path)
    if os.name != "posix" or not isinstance(path, str):
        from pathlib import Path

        return str(Path(path))
    root = "//" if path.startswith("//") and not path.startswith("///") else "/" if path.startswith("/") else ""
    parts = [part for part in path.split("/") if part and part != "."]
    return root + "/".join(parts) if root or parts else "."


# How messages name standard input.
STDIN_NAME = "<stdin>"


def read_stdin(limit: int = MAX_INPUT_BYTES) -> tuple[str, str]:
    """Standard input as text whatever its encoding (the `-` a command takes for a file); no more than `limit`
    bytes are read, and more is an error (exit 2)."""
    import sys

    if sys.stdin is None:       # started with standard input closed (`deckcheck validate - <&-`)
        raise DeckcheckError("standard input is closed: nothing to read", STDIN_NAME)
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
    p = path_name(path)
    try:
        _require_regular(os.stat(p).st_mode, p)
        fd = os.open(p, os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise DeckcheckError("no such file", p) from None
    except (OSError, ValueError) as exc:     # ValueError: a NUL in the name
        raise DeckcheckError(f"cannot read: {getattr(exc, 'strerror', None) or exc}", p) from None
    try:
        _require_regular(os.fstat(fd).st_mode, p)
        if _NONBLOCK:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _require_regular(mode: int, path: str | os.PathLike) -> None:
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
    from pathlib import Path

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


def check_output(path: str | os.PathLike, *, force: bool) -> None:
    """Before any work: may `path` take the results? A DeckcheckError (exit 2) when it is no place for them.

    Only a new name or a regular file (or a link to one) can be replaced, and that only with --force: a device,
    a FIFO or a socket is refused whatever the options (as root, `-o /dev/null --force` would otherwise turn the
    system's /dev/null into a regular file), and the refusal does not suggest --force for it."""
    from pathlib import Path

    p = Path(path)
    try:
        mode = os.stat(p).st_mode
    except FileNotFoundError:
        if os.path.lexists(p) and not force:     # a link to nothing: replacing it is replacing a file
            raise DeckcheckError("exists already (a link to no file); use --force to replace it", str(p)) from None
        return
    except (OSError, ValueError) as exc:
        raise DeckcheckError(f"cannot write: {getattr(exc, 'strerror', None) or exc}", str(p)) from None
    _require_replaceable(mode, p)
    if not force:
        raise DeckcheckError("exists already; use --force to replace it", str(p))


def _require_replaceable(mode: int, path: Path) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise DeckcheckError("is a directory; give a file name for the output", str(path))
    what = ("a FIFO (named pipe)" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    raise DeckcheckError(f"is {what}; outputs are written only as a new file or over a regular file",
                         str(path))


def _replaceable_now(target: Path) -> bool:
    """At the moment of writing (the name may have changed since check_output): False when nothing is there,
    True for a regular file or a link; anything else is refused."""
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return os.path.lexists(target)
    except OSError as exc:
        raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(target)) from None
    _require_replaceable(mode, target)
    return True


def atomic_write_bytes(path: str | os.PathLike, data: bytes, *, overwrite: bool = True) -> None:
    """Write a file so that readers see either the old file or the whole new one, never half.

    With overwrite=False an existing file is an error (nothing is replaced). Any failure (a full disk, no
    permission) is a DeckcheckError naming the file, and no temporary file is left behind.
    """
    atomic_write_files([(path, data)], overwrite=overwrite)


def atomic_write_files(files, *, overwrite: bool = True) -> None:
    """Write several files as one: every file appears whole, or none changes (the Summary and Violations
    CSV pair of a batch).

    Each is first written and synced to a temporary file beside its target (the target's own folder: a
    system-wide temporary folder is cleaned by others), whose descriptor stays open: if something removes
    the temporary name before it is renamed, its content is copied back from the descriptor. A new file is
    created by a hard link, which fails when the name exists: two runs without --force racing for one name
    never replace each other's result. Replacing renames over the target, and a rename that fails puts back
    the files already replaced. Only regular files are ever replaced (see check_output)."""
    from pathlib import Path

    targets = [(Path(path), data) for path, data in files]
    for p, _ in targets:
        check_output(p, force=overwrite)
    staged: list[_Staged] = []
    try:
        for p, data in targets:
            staged.append(_Staged(p, data))
        if overwrite:
            _rename_all(staged)
        else:
            _link_all(staged)
    finally:
        for item in staged:
            item.discard()


class _Staged:
    """The new content of one target, in a temporary file of the target's folder (its descriptor held open)."""

    def __init__(self, target: Path, data: bytes) -> None:
        self.target = target
        self.fd: int | None = None
        self.name: str | None = None
        self._open_temporary()
        try:
            _write_all(self.fd, data)
            os.fsync(self.fd)
        except OSError as exc:
            self.discard()
            raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(target)) from None
        except BaseException:
            self.discard()
            raise

    def _open_temporary(self) -> None:
        import tempfile  # here, not at the top: with shutil and random it cost every validate ~4 ms

        directory = self.target.parent if str(self.target.parent) else "."
        try:
            fd, name = tempfile.mkstemp(prefix=f".{self.target.name}.", suffix=".tmp", dir=directory)
        except OSError as exc:
            raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(self.target)) from None
        try:
            # mkstemp makes the file private (0600); give it the mode a plain open() would have.
            os.fchmod(fd, _mode_for(self.target))
        except OSError:
            pass
        self.fd, self.name = fd, name

    def ensure_named(self) -> str:
        """The temporary file's name, still ours: when the name is gone (or is now another file), the
        content is copied from the open descriptor into a new temporary file."""
        try:
            here, ours = os.stat(self.name), os.fstat(self.fd)
            if (here.st_dev, here.st_ino) == (ours.st_dev, ours.st_ino):
                return self.name
        except OSError:
            pass
        old_fd = self.fd
        try:
            data = _read_all(old_fd)
            self._open_temporary()
            _write_all(self.fd, data)
            os.fsync(self.fd)
        except OSError as exc:
            raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(self.target)) from None
        finally:
            os.close(old_fd)
        return self.name

    def discard(self) -> None:
        """Close the descriptor and remove the temporary name (a no-op once it was renamed or removed)."""
        if self.name is not None:
            try:
                if self.fd is not None and _is_same(self.name, self.fd):
                    os.unlink(self.name)
            except OSError:
                pass
            self.name = None
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def renamed(self) -> None:
        self.name = None


def _is_same(name: str, fd: int) -> bool:
    here, ours = os.stat(name), os.fstat(fd)
    return (here.st_dev, here.st_ino) == (ours.st_dev, ours.st_ino)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read_all(fd: int) -> bytes:
    size = os.fstat(fd).st_size
    chunks, offset = [], 0
    while offset < size:
        chunk = os.pread(fd, min(size - offset, 1 << 24), offset)
        if not chunk:
            break
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


# How often a temporary name removed by someone else is put back before the write gives up.
_RECOVERIES = 3


def _move_into_place(item: _Staged, *, exclusive: bool) -> None:
    """Rename (or, exclusive, hard-link) the staged file to its target, putting the temporary name back when
    it vanished in between."""
    for attempt in range(_RECOVERIES + 1):
        name = item.ensure_named()
        try:
            if exclusive:
                _link_exclusive(name, item.target)      # the temporary name is removed by discard()
            else:
                _replaceable_now(item.target)
                os.replace(name, item.target)
                item.renamed()
            return
        except FileExistsError:
            raise DeckcheckError("exists already; use --force to replace it", str(item.target)) from None
        except FileNotFoundError as exc:
            if attempt == _RECOVERIES or not os.path.isdir(item.target.parent if str(item.target.parent) else "."):
                raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(item.target)) from None
        except OSError as exc:
            raise DeckcheckError(f"cannot write: {exc.strerror or exc}", str(item.target)) from None


def _link_exclusive(name: str, target: Path) -> None:
    """Make `target` the staged file only if no file of that name exists (FileExistsError otherwise)."""
    try:
        os.link(name, target)
        return
    except (FileExistsError, FileNotFoundError):
        raise
    except (OSError, NotImplementedError):
        pass    # a file system without hard links (FAT, some shares): claim the name, then rename over it
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    os.close(fd)
    try:
        os.replace(name, target)
    except BaseException:
        _unlink_quietly(target)
        raise


def _link_all(staged: list[_Staged]) -> None:
    """New files only: each target linked exclusively; a failure removes the ones this call created."""
    done: list[Path] = []
    try:
        for item in staged:
            _move_into_place(item, exclusive=True)
            done.append(item.target)
    except BaseException:
        for target in done:
            _unlink_quietly(target)
        raise


def _rename_all(staged: list[_Staged]) -> None:
    """Rename each temporary file over its target; on a failure, restore the targets already replaced (each
    old file is kept under a hard link until every rename has succeeded)."""
    done: list[tuple[Path, str | None]] = []     # (target, the old file's backup or None when it was new)
    try:
        for item in staged:
            backup = _backup(item.target) if len(staged) > 1 else None
            try:
                _move_into_place(item, exclusive=False)
            except BaseException:
                if backup:
                    _unlink_quietly(backup)
                raise
            done.append((item.target, backup))
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
    """The replaced file's own permissions, or for a new file what the umask allows (0644 under umask 022)."""
    try:
        st = os.stat(path)
        if stat.S_ISREG(st.st_mode):
            return st.st_mode & 0o777
    except OSError:
        pass
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def atomic_write_text(path: str | os.PathLike, text: str, *, overwrite: bool = True) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), overwrite=overwrite)
