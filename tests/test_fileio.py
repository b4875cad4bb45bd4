"""Atomic writes keep what a plain write would: the umask's mode for a new file, the old mode when replacing."""

from __future__ import annotations

import os
import stat

import pytest

from deckcheck.errors import DeckcheckError
from deckcheck.fileio import atomic_write_bytes, decode_bytes


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_new_file_gets_the_umask_mode(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write_bytes(tmp_path / "out.json", b"{}")
    finally:
        os.umask(old)
    assert mode(tmp_path / "out.json") == 0o644
    assert (tmp_path / "out.json").read_bytes() == b"{}"


def test_replaced_file_keeps_its_mode(tmp_path):
    target = tmp_path / "results.csv"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    atomic_write_bytes(target, b"new")
    assert mode(target) == 0o640 and target.read_bytes() == b"new"


def test_no_overwrite_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "results.xlsx"
    target.write_bytes(b"precious")
    with pytest.raises(DeckcheckError, match="exists already"):
        atomic_write_bytes(target, b"new", overwrite=False)
    assert target.read_bytes() == b"precious"
    assert [p.name for p in tmp_path.iterdir()] == ["results.xlsx"]


@pytest.mark.parametrize("raw, text", [
    (b"\xef\xbb\xbfTh\xc3\xa9oden\r\n", "Théoden\n"),       # UTF-8 with BOM, CRLF
    (b"Th\xe9oden\r", "Théoden\n"),                         # ISO-8859-1 / cp1252, CR
    ("Théoden\n".encode("utf-16"), "Théoden\n"),
])
def test_decode_bytes_reads_every_encoding_players_use(raw, text):
    assert decode_bytes(raw)[0] == text
