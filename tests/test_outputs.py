"""Where a command's results go (issue 20, item 1; issue 24's atomic results): only a new file or a regular one
is ever replaced -- never a device, a FIFO or a socket, --force or not; a new file is created exclusively, so
two runs racing for one name never replace each other's result; `-o -` is standard output; a temporary file
removed under the run is put back, and a batch whose workbook cannot be written keeps its results."""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
from pathlib import Path

import pytest

from deckcheck.errors import DeckcheckError
from deckcheck.fileio import atomic_write_bytes, atomic_write_files
from tests._shared import run_main

PROJECT = Path(__file__).resolve().parents[1]
EXAMPLES = PROJECT / "examples"
LEGAL = EXAMPLES / "wizard-legal.meccg"


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    sock.close()        # the socket file stays


def _device(path: Path) -> None:
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))     # a /dev/null of its own
    except PermissionError:
        pytest.skip("making a device node needs root (CAP_MKNOD); the FIFO and socket cases run")


SPECIAL = {"a device": (_device, stat.S_ISCHR), "a FIFO": (_fifo, stat.S_ISFIFO), "a socket": (_socket, stat.S_ISSOCK)}


def _commands(out: Path) -> dict[str, list[str]]:
    return {
        "stats": ["stats", str(LEGAL), "--output", "json", "-o", str(out)],
        "convert": ["convert", str(LEGAL), "--to", "json", "-o", str(out)],
        "sheet": ["sheet", str(LEGAL), "-o", str(out)],
        "meta": ["meta", str(LEGAL), "--output", "json", "-o", str(out)],
        "batch": ["batch", str(EXAMPLES / "registrations.csv"), "--output", "json", "-o", str(out)],
        "matchups": ["matchups", str(LEGAL), str(EXAMPLES / "balrog-legal.meccg"), "--games", "2", "--jobs", "1",
                     "--output", "json", "-o", str(out)],
    }


@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("kind", sorted(SPECIAL))
@pytest.mark.parametrize("command", sorted(_commands(Path("x"))))
def test_a_special_file_is_never_replaced_and_force_is_not_advised(tmp_path, capsys, command, kind, force):
    make, still = SPECIAL[kind]
    target = tmp_path / ("out.html" if command == "sheet" else "out.json")
    make(target)
    argv = _commands(target)[command] + (["--force"] if force else [])
    code, out, err = run_main(capsys, *argv)
    assert code == 2, err
    assert still(os.lstat(target).st_mode), f"{kind} was replaced: {stat.filemode(os.lstat(target).st_mode)}"
    line = err.strip().splitlines()[-1]
    assert line.startswith(f"deckcheck: {target}: is {kind}") and "--force" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]      # no temporary left beside it


def test_a_link_to_a_device_is_refused_and_a_link_to_a_file_replaced(tmp_path, capsys):
    fifo, regular = tmp_path / "pipe", tmp_path / "old.json"
    _fifo(fifo)
    regular.write_text("old")
    (tmp_path / "to-pipe.json").symlink_to(fifo)
    (tmp_path / "to-file.json").symlink_to(regular)
    code, _, err = run_main(capsys, "convert", str(LEGAL), "-o", str(tmp_path / "to-pipe.json"), "--force")
    assert code == 2 and "is a FIFO" in err and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    code, _, err = run_main(capsys, "convert", str(LEGAL), "-o", str(tmp_path / "to-file.json"), "--force")
    assert code == 0, err
    assert json.loads((tmp_path / "to-file.json").read_text())["schema"] == "deckcheck/deck/1"


def _after_the_temporary_is_written(mp, then) -> list[str]:
    """Call then(temporary file's name) once, right after deckcheck has written and synced a temporary output
    (as another process could act at that moment: a cleaner, a second run)."""
    seen, real_fsync = [], os.fsync

    def fsync(fd):
        real_fsync(fd)
        name = os.readlink(f"/proc/self/fd/{fd}")
        if not seen and Path(name).name.startswith(".") and name.endswith(".tmp"):
            seen.append(name)
            then(name)

    mp.setattr(os, "fsync", fsync)
    return seen


needs_proc = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd (Linux)")


@needs_proc
def test_writing_refuses_a_special_file_that_appeared_after_the_check(tmp_path):
    target = tmp_path / "late"
    with pytest.MonkeyPatch.context() as mp:
        _after_the_temporary_is_written(mp, lambda _name: _fifo(target))
        with pytest.raises(DeckcheckError, match="is a FIFO") as raised:
            atomic_write_bytes(target, b"{}", overwrite=True)
    assert "--force" not in str(raised.value)
    assert stat.S_ISFIFO(os.lstat(target).st_mode) and sorted(p.name for p in tmp_path.iterdir()) == ["late"]


@needs_proc
def test_a_file_created_by_another_run_meanwhile_is_not_replaced(tmp_path):
    """The race of two runs without --force: the other run's file appears between our check and our write."""
    target = tmp_path / "c.json"
    with pytest.MonkeyPatch.context() as mp:
        _after_the_temporary_is_written(mp, lambda _name: target.write_bytes(b"the other run's result"))
        with pytest.raises(DeckcheckError, match="exists already; use --force"):
            atomic_write_bytes(target, b"ours", overwrite=False)
    assert target.read_bytes() == b"the other run's result"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


def test_of_runs_racing_for_one_new_name_exactly_one_wins(tmp_path):
    target, results = tmp_path / "c.json", {}
    start = threading.Barrier(8)

    def run(n: int) -> None:
        start.wait()
        try:
            atomic_write_bytes(target, f"run {n}".encode(), overwrite=False)
            results[n] = "wrote"
        except DeckcheckError as exc:
            results[n] = exc.message

    threads = [threading.Thread(target=run, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = [n for n, said in results.items() if said == "wrote"]
    assert len(winners) == 1, results
    assert target.read_bytes() == f"run {winners[0]}".encode()
    assert all(said.startswith("exists already") for n, said in results.items() if n not in winners)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


@pytest.mark.parametrize("argv", [
    ["convert", str(LEGAL), "--to", "json"],
    ["stats", str(LEGAL), "--output", "json"],
    ["batch", str(EXAMPLES / "registrations.csv"), "--output", "json"],
])
def test_dash_is_standard_output(tmp_path, capsys, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main(capsys, *argv, "-o", "-")
    assert code in (0, 1), err
    assert json.loads(out)["schema"].startswith("deckcheck/")
    assert list(tmp_path.iterdir()) == [], "a file named '-' was written"


def _remove_the_temporary_once(mp) -> list[str]:
    """Stand in for a cleaner that removes the temporary file after it is written, before it is renamed."""
    return _after_the_temporary_is_written(mp, os.unlink)


@needs_proc
@pytest.mark.parametrize("overwrite", [False, True])
def test_a_temporary_file_removed_before_the_rename_is_put_back(tmp_path, overwrite):
    target = tmp_path / "results.json"
    with pytest.MonkeyPatch.context() as mp:
        removed = _remove_the_temporary_once(mp)
        atomic_write_bytes(target, b'{"whole": true}', overwrite=overwrite)
    assert removed and target.read_bytes() == b'{"whole": true}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


@needs_proc
def test_a_csv_pair_survives_its_temporary_removed(tmp_path):
    first, second = tmp_path / "r.csv", tmp_path / "r-violations.csv"
    with pytest.MonkeyPatch.context() as mp:
        _remove_the_temporary_once(mp)
        atomic_write_files([(first, b"summary"), (second, b"violations")], overwrite=False)
    assert (first.read_bytes(), second.read_bytes()) == (b"summary", b"violations")


@needs_proc
@pytest.mark.parametrize("suffix", ["xlsx", "csv", "json"])
def test_batch_ends_in_one_line_when_its_temporary_output_is_removed_mid_run(tmp_path, capsys, suffix):
    regs = tmp_path / "registrations.csv"
    regs.write_bytes((EXAMPLES / "registrations.csv").read_bytes())
    for deck in EXAMPLES.glob("*.meccg"):
        (tmp_path / deck.name).write_bytes(deck.read_bytes())
    out = tmp_path / f"results.{suffix}"
    with pytest.MonkeyPatch.context() as mp:
        removed = _remove_the_temporary_once(mp)
        code, _, err = run_main(capsys, "batch", str(regs), "-o", str(out))
    assert removed and code == 1, err
    assert err.strip().splitlines()[-1].startswith("deckcheck: 9 registrations:") and "Traceback" not in err
    if suffix == "xlsx":
        from openpyxl import load_workbook

        assert load_workbook(out).sheetnames[:2] == ["Judges", "Summary"]
    elif suffix == "json":
        assert len(json.loads(out.read_text())["results"]) == 9
    else:
        assert out.read_text(encoding="utf-8-sig").count("\n") == 10
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_batch_whose_workbook_cannot_be_written_keeps_its_results(tmp_path, capsys, monkeypatch):
    regs = tmp_path / "registrations.csv"
    regs.write_bytes((EXAMPLES / "registrations.csv").read_bytes())
    for deck in EXAMPLES.glob("*.meccg"):
        (tmp_path / deck.name).write_bytes(deck.read_bytes())
    from deckcheck.report import batch_results

    def its_temporary_vanished(*_args, **_kwargs):
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(batch_results, "xlsx_bytes", its_temporary_vanished)
    code, _, err = run_main(capsys, "batch", str(regs), "-o", str(tmp_path / "results.xlsx"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    rescue = tmp_path / "results.recovered.json"
    assert err == (f"deckcheck: {tmp_path / 'results.xlsx'}: cannot write: No such file or directory; the results "
                   f"of the 9 rows checked are in {rescue} (JSON)\n")
    assert len(json.loads(rescue.read_text())["results"]) == 9
    assert not (tmp_path / "results.xlsx").exists()


def test_a_row_the_workbook_cannot_take_still_leaves_every_row_checked(tmp_path, capsys, monkeypatch):
    """The workbook takes each row as it is checked (report/batch_results.py ResultsWorkbook): a row it cannot
    write stops the writing, never the checking, and the results of every row are saved as JSON."""
    regs = tmp_path / "registrations.csv"
    regs.write_bytes((EXAMPLES / "registrations.csv").read_bytes())
    for deck in EXAMPLES.glob("*.meccg"):
        (tmp_path / deck.name).write_bytes(deck.read_bytes())
    from deckcheck.report import batch_results

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(batch_results.TableSheet, "add_group", full)
    code, _, err = run_main(capsys, "batch", str(regs), "-o", str(tmp_path / "results.xlsx"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    rescue = tmp_path / "results.recovered.json"
    assert "No space left on device" in err and str(rescue) in err
    assert len(json.loads(rescue.read_text())["results"]) == 9
    assert not (tmp_path / "results.xlsx").exists()
