"""File helpers shared by every command: decoding what players give us, writing atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

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


def read_text(path: str | os.PathLike, limit: int = MAX_INPUT_BYTES) -> tuple[str, str]:
    """Read a text file whatever its encoding; a DeckcheckError (exit 2) if it cannot be read."""
    p = Path(path)
    try:
        with open(p, "rb") as fh:
            data = fh.read(limit + 1)
    except FileNotFoundError:
        raise DeckcheckError("no such file", str(p)) from None
    except IsADirectoryError:
        raise DeckcheckError("is a directory, not a file", str(p)) from None
    except OSError as exc:
        raise DeckcheckError(f"cannot read: {exc.strerror or exc}", str(p)) from None
    if len(data) > limit:
        raise DeckcheckError(f"file is larger than {limit // (1024 * 1024)} MB; not a decklist", str(p))
    return decode_bytes(data)


# How messages name standard input.
STDIN_NAME = "<stdin>"


def read_stdin(limit: int = MAX_INPUT_BYTES) -> tuple[str, str]:
    """Standard input as text whatever its encoding (the `-` a command takes for a file); no more than `limit`
    bytes are read, and more is an error (exit 2)."""
    import sys

    data = sys.stdin.buffer.read(limit + 1)
    if len(data) > limit:
        raise DeckcheckError(f"input is larger than {limit // (1024 * 1024)} MB; not a decklist", STDIN_NAME)
    return decode_bytes(data)


def atomic_write_bytes(path: str | os.PathLike, data: bytes, *, overwrite: bool = True) -> None:
    """Write a file so that readers see either the old file or the whole new one, never half.

    With overwrite=False an existing file is an error (nothing is replaced).
    """
    p = Path(path)
    if not overwrite and p.exists():
        raise DeckcheckError("exists already; use --force to replace it", str(p))
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
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


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
