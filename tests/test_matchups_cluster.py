"""`matchups --scheduler` and `--jobs` when the cluster is not what it should be (issue 20): whatever answers at the
address (a web server, a silent socket, junk bytes, a fake frame header) is "not a Dask scheduler" in one line,
exit 2, within the deadline; the only worker killed mid-run loses nothing (the rest is played in this process,
the result is the one of a run in one process); Ctrl-C during `--jobs 2` is one line.

Every server here listens on 127.0.0.1 only, answers a bounded number of connections and stops by itself."""

from __future__ import annotations

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
DECKS = [str(PROJECT / "examples" / name) for name in
         ("wizard-legal.meccg", "ringwraith-legal.meccg", "balrog-legal.meccg")]
# The command with shorter deadlines than a user gets (the same code paths, a test that ends sooner).
PATCHED = ("import deckcheck.sim.matchups as m, sys; m.SCHEDULER_TIMEOUT = 3; m.WORKERLESS_SECONDS = 3; "
           "from deckcheck.cli import main; sys.argv = sys.argv[1:]; main()")
SERVER_SECONDS = 30      # a test server stops by itself after this, whatever the test does


def _answer(kind: str, conn: socket.socket, until: float) -> None:
    with conn:
        conn.settimeout(max(0.1, until - time.monotonic()))
        try:
            if kind == "http":
                conn.recv(65536)
                conn.sendall(b"HTTP/1.0 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            elif kind == "junk":
                conn.sendall(b"\xff" * 64)
            elif kind == "frame":   # a frame header announcing 16 bytes, then 16 bytes that are no frames
                conn.sendall(struct.pack("Q", 16) + b"\x01" * 16)
            while conn.recv(65536):     # then silent until the peer goes (or the deadline)
                pass
        except OSError:
            pass


class Server:
    """A loopback server of one kind for at most SERVER_SECONDS and 8 connections."""

    def __init__(self, kind: str):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.until = time.monotonic() + SERVER_SECONDS
        self.kind = kind
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        with self.sock:
            for _ in range(8):
                self.sock.settimeout(max(0.1, self.until - time.monotonic()))
                try:
                    conn, _ = self.sock.accept()
                except OSError:
                    return
                threading.Thread(target=_answer, args=(self.kind, conn, self.until), daemon=True).start()

    def stop(self) -> None:
        self.until = 0
        self.sock.close()


@pytest.mark.parametrize("kind", ["http", "silent", "junk", "frame"])
def test_what_is_no_scheduler_is_said_in_one_line_within_the_deadline(kind):
    pytest.importorskip("distributed")
    server = Server(kind)
    try:
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-c", PATCHED, "deckcheck", "matchups", *DECKS[:2], "--games", "2",
                               "--scheduler", f"tcp://127.0.0.1:{server.port}"],
                              capture_output=True, text=True, timeout=90)
        seconds = time.monotonic() - started
    finally:
        server.stop()
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert lines[0].startswith(f"deckcheck: tcp://127.0.0.1:{server.port}: not a Dask scheduler"), lines
    assert "internal error" not in done.stderr and not done.stdout
    assert seconds < 60      # the deadline holds (3 s here) and nothing waits past it


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as sock:
        return sock.getsockname()[1]


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0
    return int(fields[11]) + int(fields[12])


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="watches the worker's CPU time in /proc")
def test_the_only_worker_killed_mid_run_loses_nothing(tmp_path):
    """A scheduler and one worker on loopback; the worker is killed (SIGKILL) once it is playing: the run ends
    well, says once that the rest was played here, and gives the numbers of a run in one process."""
    pytest.importorskip("distributed")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    spawn = {"start_new_session": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(["timeout", "300", sys.executable, "-m", "distributed.cli.dask_scheduler",
                                  "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], **spawn)
    worker = run = None
    try:
        # it stops by itself once the scheduler has been gone for 30 s
        worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--no-nanny",
                                   "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1", "--death-timeout",
                                   "30"], **spawn)
        args = ["deckcheck", "matchups", *DECKS, "--games", "300", "--turns", "8", "--seed", "3", "--output",
                "json"]
        run = subprocess.Popen([sys.executable, "-c", PATCHED, *args, "--scheduler", address],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        worker_pid = worker.pid
        idle = _cpu_ticks(worker_pid)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and _cpu_ticks(worker_pid) < idle + 200 and run.poll() is None:
            time.sleep(0.2)        # until the worker has played for ~2 CPU-seconds (after its start-up)
        os.kill(worker_pid, signal.SIGKILL)
        out, err = run.communicate(timeout=240)
    finally:
        for proc in (run, worker, scheduler):
            if proc is not None and proc.poll() is None:
                (proc.kill() if proc is run else _stop(proc))
    assert run.returncode == 0, err
    assert "task(s) it did not finish run in this process" in err, err
    assert "Traceback" not in err and "internal error" not in err
    local = subprocess.run([sys.executable, "-m", "deckcheck", *args[1:], "--jobs", "1"], capture_output=True,
                           text=True, timeout=240)
    clustered, alone = json.loads(out), json.loads(local.stdout)
    assert clustered["run"]["scheduler"] == address
    assert {k: v for k, v in clustered.items() if k != "run"} == {k: v for k, v in alone.items() if k != "run"}


def test_ctrl_c_during_a_local_cluster_run_is_one_line():
    """SIGINT to the whole process group (as a terminal's Ctrl-C), once the workers are playing."""
    pytest.importorskip("distributed")
    run = subprocess.Popen([sys.executable, "-m", "deckcheck", "matchups", *DECKS, "--games", "3000", "--jobs", "2",
                            "--output", "json"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and run.poll() is None and _busy_children(run.pid) < 2:
            time.sleep(0.2)
        time.sleep(1)
        os.killpg(run.pid, signal.SIGINT)
        err = run.communicate(timeout=60)[1]
        deadline = time.monotonic() + 30          # its workers end with it (a loaded machine takes a while)
        while _group(run.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = [_command_line(pid) for pid in _group(run.pid)]
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
        for pid in _group(run.pid):
            os.kill(pid, signal.SIGKILL)
    assert err.strip().splitlines() == ["deckcheck: interrupted"] or err.strip().splitlines() == [
        "deckcheck: aborted"], err[-3000:]
    assert run.returncode == 2
    assert not left, f"processes of the run still there 30 s after it: {left}"


def _group(pgid: int) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal():
            try:
                if os.getpgid(int(entry.name)) == pgid:
                    pids.append(int(entry.name))
            except OSError:
                pass
    return pids


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:200]
    except OSError:
        return str(pid)


def _busy_children(pgid: int) -> int:
    """Processes of the group (the parent aside) that have used over a CPU-second: the workers, playing."""
    return sum(_cpu_ticks(pid) > 100 for pid in _group(pgid) if pid != pgid)
