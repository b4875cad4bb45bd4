"""Replay the attack campaigns of issues 10 and 20 against the real command and print what each attack costs.

    .venv/bin/python benchmarks/bench_attacks.py [--only NAME ...] [--small] [--timeout 60]

Every attack input is generated here (into a temporary folder, never into the project), then the installed
`deckcheck` runs on it in its own process group. Each row prints the wall time, the peak memory (the largest
resident set of the command or any of its worker processes, from wait4), the exit code, stderr's first line,
and the verdict: ok when the command gave a one-line message (exit 2, no traceback) or a correct result within
10 s and 500 MB and the attack's own check held (no secret in the results, the input not replaced, no worker
left behind...); a few rows have bounds of their own (a killed cluster worker, whose tasks are played again;
the junk workbook of issue 20, bounded in CPU seconds). --small uses sizes a hundred times smaller (a quick
look; the numbers of the issue need the full sizes, which take a few minutes to generate: a 2 GB and a 1.5 GB
member compressed into workbooks).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import deckcheck_command, ensure_bytecode, print_conditions  # noqa: E402
from tests.fixtures import attacks  # noqa: E402

TIME_BOUND, MEMORY_BOUND_MB = 10.0, 500
# 70 bytes an entry: 14,900 entries are 1,043,086 bytes, just under the 1 MB a decklist may have (past it the
# file is refused unread, and the reader's line counter would not be measured)
WIGY_ENTRIES = 14_900


@dataclass
class Run:
    argv: list[str]
    seconds: float
    cpu: float                  # user + system seconds of the command and its workers (a busy machine slows
    #                             the wall time, not this)
    peak_mb: float
    code: int | None            # None: killed at the timeout
    stdout: bytes
    stderr: bytes

    @property
    def first_err(self) -> str:
        lines = self.stderr.decode("utf-8", "replace").strip().splitlines()
        return lines[0] if lines else ""

    @property
    def traceback(self) -> bool:
        return b"Traceback (most recent call last)" in self.stderr


@dataclass
class Case:
    name: str
    issue_row: str
    run: Callable[[Path, argparse.Namespace], tuple[Run, list[str]]]   # -> the run and the check's failures
    seconds: float = TIME_BOUND        # the wall-time bound of this row
    cpu_seconds: float | None = None   # a CPU-time bound instead (a row whose measure is CPU time)


@dataclass
class Scale:
    small: bool
    sizes: dict = field(default_factory=dict)

    def __call__(self, full: int) -> int:
        return max(1, full // 100) if self.small else full


def run_command(args: list[str], *, cwd: Path, timeout: float, env: dict | None = None,
                during: Callable[[subprocess.Popen], None] | None = None, stdout: str | None = None,
                stdin_bytes: bytes | None = None, close_stdin: bool = False) -> Run:
    """Run deckcheck in a new process group; kill the group at the timeout. Peak memory from wait4.
    stdout: a file to send the report to (such as /dev/full) instead of capturing it; stdin_bytes: what standard
    input holds (else /dev/null); close_stdin: no standard input at all (file descriptor 0 closed)."""
    argv = [deckcheck_command(), *args]
    FLOOR.append(shrink())
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as given, \
            open(stdout or os.devnull, "wb") as report:
        given.write(stdin_bytes or b"")
        given.seek(0)
        # preexec_fn makes subprocess fork (not vfork): the command's peak then counts from this process's
        # size now, not from its own peak (Linux carries the old image's high-water mark over exec)
        proc = subprocess.Popen(argv, cwd=cwd, stdout=report if stdout else out, stderr=err,
                                stdin=given if stdin_bytes is not None else subprocess.DEVNULL,
                                preexec_fn=_closing_stdin if close_stdin else _forked,
                                start_new_session=True, env={**os.environ, **(env or {})})
        if during:
            during(proc)
        deadline = started + timeout
        status, usage = None, None
        while status is None:
            pid, raw, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                status = raw
                break
            if time.perf_counter() > deadline:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                _, raw, usage = os.wait4(proc.pid, 0)
                status = None
                break
            time.sleep(0.01)
        seconds = time.perf_counter() - started
        proc.returncode = 0       # reaped here: keep Popen from waiting again
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)   # whatever the command left behind
        code = os.waitstatus_to_exitcode(status) if status is not None else None
        out.seek(0)
        err.seek(0)
        return Run(argv=args, seconds=seconds, cpu=usage.ru_utime + usage.ru_stime, peak_mb=usage.ru_maxrss / 1024,
                   code=code, stdout=out.read(), stderr=err.read())


FLOOR: list[float] = []     # this process's resident MB at each fork: the least a peak can read


def _forked() -> None:
    pass


def _closing_stdin() -> None:
    os.close(0)


def shrink() -> float:
    """Give back what earlier attacks' inputs took (free heap to the system), then this process's resident MB."""
    import ctypes
    import gc

    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).malloc_trim(0)
    with contextlib.suppress(OSError, ValueError, StopIteration):
        status = Path("/proc/self/status").read_text()
        return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) / 1024
    return 0.0


def one_line_error(run: Run) -> list[str]:
    """The expected outcome of an unusable input: exit 2, one line on stderr, no traceback."""
    problems = []
    if run.code != 2:
        problems.append(f"exit {run.code}, not 2")
    if run.traceback:
        problems.append("traceback")
    elif len(run.stderr.decode("utf-8", "replace").strip().splitlines()) != 1:
        problems.append("stderr is not one line")
    if b"internal error" in run.stderr:
        problems.append("internal error")
    return problems


def no_traceback(run: Run, codes=(0, 1, 2)) -> list[str]:
    problems = ["traceback"] if run.traceback else []
    if b"internal error" in run.stderr:
        problems.append("internal error")
    if run.code not in codes:
        problems.append(f"exit {run.code}")
    return problems


# ---------------------------------------------------------------- host files


def host_files(tmp: Path, args) -> tuple[Run, list[str]]:
    private = tmp / "private"
    private.mkdir()
    # read as a deck, the lines of a .env file become unknown cards quoted in every results file
    (private / "secret.env").write_text(f"Hazards:\n{attacks.SECRET}\nAPI_KEY=abc123\n", encoding="utf-8")
    tourney = tmp / "tourney"
    tourney.mkdir()
    (tourney / "link.meccg").symlink_to(private / "secret.env")
    cells = ["../private/secret.env", str(private / "secret.env"), "~/secret.env",
             f"file://{private / 'secret.env'}", "link.meccg", "missing.meccg"]
    with open(tourney / "r.csv", "w", newline="", encoding="utf-8") as fh:
        rows = [[f"P{i}", cell, "Hero"] for i, cell in enumerate(cells)]
        csv.writer(fh).writerows([["Player", "Deck", "Alignment"], *rows])
    leaks, runs = [], []
    for out in ("results.json", "results.csv", "results.xlsx"):
        run = run_command(["batch", "r.csv", "-o", out], cwd=tourney, timeout=args.timeout,
                          env={"HOME": str(private)})
        runs.append(run)
        written = b"".join(p.read_bytes() for p in tourney.glob("results*"))
        if out.endswith(".xlsx") and (tourney / out).exists():
            import zipfile
            with zipfile.ZipFile(tourney / out) as z:
                written = b"".join(z.read(n) for n in z.namelist())
        for secret in (b"hunter2", b"abc123"):
            if secret in written + run.stderr:
                leaks.append(f"{secret.decode()} in {out}")
        if str(tourney).encode() in written:
            leaks.append(f"the organizer's folder in {out}")
    slowest = max(runs, key=lambda r: r.seconds)
    return slowest, leaks + no_traceback(slowest, (1,))


# ---------------------------------------------------------------- registrations that cost memory or time


def registrations_case(make: Callable[[Path, Scale], Path], *, rows_expected: int | None = None,
                       error_expected: bool = False):
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        path = make(tmp, Scale(args.small))
        run = run_command(["batch", path.name, "-o", "out.json"], cwd=tmp, timeout=args.timeout)
        if error_expected and (run.code == 2 or not args.small):
            return run, one_line_error(run)
        problems = no_traceback(run, (1,))   # (--small: within the limits, the rows are read)
        if rows_expected is not None and (tmp / "out.json").exists():
            got = len(json.loads((tmp / "out.json").read_text(encoding="utf-8"))["results"])
            if got != rows_expected:
                problems.append(f"{got} rows in the results, not {rows_expected}")
        return run, problems
    return case


def empty_rows_xlsx(path: Path, rows: int) -> Path:
    def chunks():
        yield attacks.row_xml(1, attacks.HEADER)
        yield attacks.row_xml(2, ["Ann", "ann.meccg"])
        for start in range(3, rows + 3, 100_000):
            yield b"".join(b'<row r="%d"/>' % n for n in range(start, min(start + 100_000, rows + 3)))
        yield attacks.row_xml(rows + 3, ["Zed", "zed.meccg"])
    return attacks.write_workbook(path, [chunks()])


def blank_lines_csv(path: Path, lines: int) -> Path:
    with open(path, "w", encoding="utf-8") as out:
        out.write("Player,Deck\nAnn,ann.meccg\n")
        for start in range(0, lines, 1_000_000):
            out.write("\n" * min(1_000_000, lines - start))
        out.write("Zed,zed.meccg\n")
    return path


# ---------------------------------------------------------------- decklists


def deck_case(make: Callable[[Scale], str], *, command: str = "validate", suffix: str = ".meccg",
              expect: str = "any", extra: tuple = ()):
    """expect: "error" (one line, exit 2), "any" (no traceback, exit 0/1/2)."""
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        path = tmp / f"deck{suffix}"
        path.write_text(make(Scale(args.small)), encoding="utf-8")
        run = run_command([command, path.name, *extra], cwd=tmp, timeout=args.timeout)
        return run, one_line_error(run) if expect == "error" else no_traceback(run)
    return case


def pasted_cell(suffix: str):
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        size = Scale(args.small)(32_768)
        cell = "3 Twilight (LE)\n1 a" + " " * size + "b\n1 Dodge (TW)"
        write = attacks.pasted_cell_csv if suffix == ".csv" else attacks.pasted_cell_xlsx
        write(tmp / f"r{suffix}", cell)
        run = run_command(["batch", f"r{suffix}", "-o", "out.json"], cwd=tmp, timeout=args.timeout)
        return run, no_traceback(run, (1,))
    return case


def length_cell(tmp: Path, args) -> tuple[Run, list[str]]:
    attacks.number_cell_xlsx(tmp / "r.xlsx")
    run = run_command(["batch", "r.xlsx", "-o", "out.json"], cwd=tmp, timeout=args.timeout)
    problems = no_traceback(run, (1,))
    if (tmp / "out.json").exists():
        results = json.loads((tmp / "out.json").read_text(encoding="utf-8"))["results"]
        if len(results) != 3:
            problems.append(f"{len(results)} rows, not 3")
    else:
        problems.append("no results")
    return run, problems


def wide_sheet(suffix: str):
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        (attacks.wide_csv if suffix == ".csv" else attacks.wide_xlsx)(tmp / f"r{suffix}", 18_279)
        run = run_command(["batch", f"r{suffix}", "-o", "out.json"], cwd=tmp, timeout=args.timeout)
        if run.code == 2:
            return run, one_line_error(run)
        problems = no_traceback(run, (1,))
        if (tmp / "out.json").exists():
            results = json.loads((tmp / "out.json").read_text(encoding="utf-8"))["results"]
            if [(r["player"], r["extras"]) for r in results] != [("Ann", {})]:
                problems.append("the cell beyond the last column was read as another")
        return run, problems
    return case


# ---------------------------------------------------------------- writing


@contextlib.contextmanager
def tiny_disk(tmp: Path, size_kb: int = 40):
    """A directory on a full-to-be filesystem: a small tmpfs where mounting is allowed, else None."""
    target = tmp / "tiny"
    target.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(target)],
                             capture_output=True).returncode == 0
    try:
        yield target if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", str(target)], capture_output=True)


def big_registrations(tmp: Path, rows: int = 300) -> Path:
    legal = (PROJECT / "examples" / "wizard-illegal.meccg").read_text(encoding="utf-8")
    with open(tmp / "r.csv", "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["Player", "Deck"]] + [[f"Player {i}", legal] for i in range(rows)])
    return tmp / "r.csv"


def disk_full(tmp: Path, args) -> tuple[Run, list[str]]:
    big_registrations(tmp, 60)
    with tiny_disk(tmp) as disk:
        if disk is None:
            return run_command(["--version"], cwd=tmp, timeout=5), ["cannot mount a tmpfs here: not measured"]
        (disk / "filler").write_bytes(b"x" * 20 * 1024)
        run = run_command(["batch", "r.csv", "-o", str(disk / "results.csv")], cwd=tmp, timeout=args.timeout)
        problems = one_line_error(run)
        left = sorted(p.name for p in disk.iterdir() if p.name != "filler")
        if left:
            problems.append(f"left behind: {', '.join(left)}")
        return run, problems


def fill(disk: Path) -> None:
    """Fill the disk to its last byte."""
    with open(disk / "filler", "wb", buffering=0) as fh, contextlib.suppress(OSError):
        while True:
            fh.write(b"x" * 512)


def full_disk(command: Callable[[Path], list[str]]):
    """A command writing its file onto a disk with no byte left: one line, exit 2, nothing left behind."""
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        with tiny_disk(tmp) as disk:
            if disk is None:
                return run_command(["--version"], cwd=tmp, timeout=5), ["cannot mount a tmpfs here: not measured"]
            argv = command(disk)
            fill(disk)
            run = run_command(argv, cwd=tmp, timeout=args.timeout)
            problems = one_line_error(run)
            if "cannot write" not in run.first_err and "No space left" not in run.first_err:
                problems.append("not the write that failed")
            left = sorted(p.name for p in disk.iterdir() if p.name != "filler")
            if left:
                problems.append(f"left behind: {', '.join(left)}")
            return run, problems
    return case


def batch_onto(name: str) -> Callable[[Path], list[str]]:
    def argv(disk: Path) -> list[str]:
        big_registrations(disk.parent, 10)
        return ["batch", "r.csv", "-o", str(disk / name)]
    return argv


def read_only_folder(tmp: Path, args) -> tuple[Run, list[str]]:
    """-o into a read-only file system (EROFS; as root, no permission bit refuses a write, EACCES)."""
    target = tmp / "ro"
    target.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(target)],
                      capture_output=True).returncode != 0:
        return run_command(["--version"], cwd=tmp, timeout=5), ["cannot mount a tmpfs here: not measured"]
    try:
        run = run_command(["stats", str(LEGAL), "--output", "json", "-o", str(target / "stats.json")], cwd=tmp,
                          timeout=args.timeout)
        return run, one_line_error(run)
    finally:
        subprocess.run(["umount", str(target)], capture_output=True)


def stdout_full(tmp: Path, args) -> tuple[Run, list[str]]:
    if not Path("/dev/full").exists():
        return run_command(["--version"], cwd=tmp, timeout=5), ["no /dev/full here: not measured"]
    run = run_command(["show", str(LEGAL)], cwd=tmp, timeout=args.timeout, stdout="/dev/full")
    return run, one_line_error(run)


LEGAL = PROJECT / "examples" / "wizard-legal.meccg"
MINION = PROJECT / "examples" / "ringwraith-legal.meccg"
COE = PROJECT.parent / "shared" / "carddata" / "coe-cards.json"


def stats_over_deck(tmp: Path, args) -> tuple[Run, list[str]]:
    deck = tmp / "deck.meccg"
    original = (PROJECT / "examples" / "wizard-legal.meccg").read_bytes()
    deck.write_bytes(original)
    run = run_command(["stats", "deck.meccg", "-o", "deck.meccg", "--force", "--output", "json"], cwd=tmp,
                      timeout=args.timeout)
    problems = one_line_error(run)
    if deck.read_bytes() != original:
        problems.append("the deck was replaced")
    return run, problems


def batch_over_deck(tmp: Path, args) -> tuple[Run, list[str]]:
    original = (PROJECT / "examples" / "wizard-legal.meccg").read_bytes()
    (tmp / "a.csv").write_bytes(original)
    (tmp / "r.csv").write_text("Player,Deck\nAnn,a.csv\n", encoding="utf-8")
    run = run_command(["batch", "r.csv", "-o", "a.csv", "--force"], cwd=tmp, timeout=args.timeout)
    problems = one_line_error(run)
    if (tmp / "a.csv").read_bytes() != original:
        problems.append("the deck was replaced")
    return run, problems


# ---------------------------------------------------------------- special files, processes


def fifo_deck(tmp: Path, args) -> tuple[Run, list[str]]:
    os.mkfifo(tmp / "deck.meccg")
    run = run_command(["validate", "deck.meccg"], cwd=tmp, timeout=min(args.timeout, 15))
    return run, one_line_error(run)


def fifo_registrations(tmp: Path, args) -> tuple[Run, list[str]]:
    os.mkfifo(tmp / "r.csv")
    run = run_command(["batch", "r.csv"], cwd=tmp, timeout=min(args.timeout, 15))
    return run, one_line_error(run)


def dev_zero(tmp: Path, args) -> tuple[Run, list[str]]:
    (tmp / "r.xlsx").symlink_to("/dev/zero")
    run = run_command(["batch", "r.xlsx"], cwd=tmp, timeout=min(args.timeout, 15))
    return run, one_line_error(run)


def descendants(pid: int) -> set[int]:
    """Every live process whose parent chain leads to pid (from /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal():
            with contextlib.suppress(OSError, ValueError, IndexError):
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        children = {child for child, parent in parents.items() if parent in frontier} - found
        found |= children
        frontier = children
    return found


def many_jobs(tmp: Path, args) -> tuple[Run, list[str]]:
    big_registrations(tmp, 200)
    peak = []

    def watch(proc):
        import threading

        def poll():
            while proc.poll() is None:
                peak.append(len(descendants(proc.pid)))
                time.sleep(0.05)
        threading.Thread(target=poll, daemon=True).start()
    run = run_command(["batch", "r.csv", "-o", "out.json", "--jobs", "100"], cwd=tmp, timeout=args.timeout,
                      during=watch)
    problems = no_traceback(run, (1,))
    cap = (os.cpu_count() or 1) * 2
    most = max(peak, default=0)
    run.stderr += f"\n(peak worker processes: {most})".encode()
    if most > cap:
        problems.append(f"{most} worker processes, more than {cap}")
    return run, problems


def orphans(sig: int):
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        big_registrations(tmp, 400)
        seen: dict[str, list[int]] = {}

        def kill_when_working(proc):
            deadline = time.time() + 30
            while time.time() < deadline and len(descendants(proc.pid)) < 2:
                time.sleep(0.05)
            seen["workers"] = sorted(descendants(proc.pid))
            time.sleep(0.5)
            proc.send_signal(sig)
            time.sleep(3)        # the parent is gone (a zombie until reaped): are its workers?
            seen["alive"] = [pid for pid in seen["workers"] if running(pid)]
        run = run_command(["batch", "r.csv", "-o", "out.json", "--jobs", "2"], cwd=tmp, timeout=args.timeout,
                          during=kill_when_working)
        workers, alive = seen.get("workers", []), seen.get("alive", [])
        problems = [f"{len(alive)} of {len(workers)} workers still running 3 s after the parent"] if alive else []
        if not workers:
            problems.append("no worker was seen")
        if sig == signal.SIGTERM:
            problems += one_line_error(run)
        run.stderr += f"\n(workers seen: {len(workers)}, running 3 s after the signal: {len(alive)})".encode()
        return run, problems
    return case


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


RAW_CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e")


def terminal(command: str, *extra: str):
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        (tmp / "evil.meccg").write_text(attacks.escape_deck(), encoding="utf-8")
        run = run_command([command, "evil.meccg", *extra], cwd=tmp, timeout=args.timeout)
        text = (run.stdout + run.stderr).decode("utf-8", "replace")
        raw = [repr(c) for c in RAW_CONTROLS if c in text]
        return run, no_traceback(run) + ([f"raw {', '.join(raw)} in the output"] if raw else [])
    return case


def late_nul(tmp: Path, args) -> tuple[Run, list[str]]:
    (tmp / "deck.meccg").write_text(attacks.late_nul_deck(), encoding="utf-8")
    run = run_command(["validate", "deck.meccg"], cwd=tmp, timeout=args.timeout)
    return run, one_line_error(run)


def formula_residue(tmp: Path, args) -> tuple[Run, list[str]]:
    with open(tmp / "r.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["Player", "Deck", "Notes"])
        for i, text in enumerate(attacks.FORMULA_RESIDUE):
            writer.writerow([text, f"d{i}.meccg", text])
    run = run_command(["batch", "r.csv", "-o", "out.csv"], cwd=tmp, timeout=args.timeout)
    problems = no_traceback(run, (1,))
    unsafe = 0
    for name in ("out.csv", "out-violations.csv"):
        if not (tmp / name).exists():
            problems.append(f"no {name}")
            continue
        with open(tmp / name, newline="", encoding="utf-8-sig") as fh:
            unsafe += sum(live_formula(cell) for row in csv.reader(fh) for cell in row)
    if unsafe:
        problems.append(f"{unsafe} cells would start a formula")
    return run, problems


def live_formula(cell: str) -> bool:
    """A spreadsheet program may take this cell as a formula: after blanks, format and control characters,
    the first character is (or folds to) = + - @, and the cell does not start with the apostrophe."""
    if cell.startswith("'"):
        return False
    if not cell or cell.startswith(("\t", "\r", "\n")):
        return bool(cell)
    rest = cell.lstrip("".join(c for c in cell[:16] if c.isspace() or unicodedata.category(c) in ("Cc", "Cf")))
    return bool(rest) and unicodedata.normalize("NFKC", rest[0])[:1] in ("=", "+", "-", "@")


# ---------------------------------------------------------------- issue 20: the cluster, bounded rows


def hostile_server(kind: str, seconds: float = 30.0) -> int:
    """A loopback server answering as `kind` (http, silent, junk, frame) for at most `seconds` and 8
    connections, in a thread of this process; its port."""
    import socket
    import struct
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    until = time.monotonic() + seconds

    def answer(conn):
        with conn, contextlib.suppress(OSError):
            conn.settimeout(max(0.1, until - time.monotonic()))
            if kind == "http":
                conn.recv(65536)
                conn.sendall(b"HTTP/1.0 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            elif kind == "junk":
                conn.sendall(b"\xff" * 64)
            elif kind == "frame":
                conn.sendall(struct.pack("Q", 16) + b"\x01" * 16)
            while conn.recv(65536):
                pass

    def serve():
        with server:
            for _ in range(8):
                server.settimeout(max(0.1, until - time.monotonic()))
                try:
                    conn, _ = server.accept()
                except OSError:
                    return
                threading.Thread(target=answer, args=(conn,), daemon=True).start()
    threading.Thread(target=serve, daemon=True).start()
    return server.getsockname()[1]


def not_a_scheduler(kind: str):
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        port = hostile_server(kind)
        run = run_command(["matchups", str(LEGAL), str(MINION), "--games", "4", "--scheduler",
                           f"tcp://127.0.0.1:{port}"], cwd=tmp, timeout=min(args.timeout, 60))
        problems = one_line_error(run)
        if "not a Dask scheduler" not in run.first_err:
            problems.append("not said to be no Dask scheduler")
        return run, problems
    return case


def cpu_ticks(pid: int) -> int:
    with contextlib.suppress(OSError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    return 0


def killed_worker(tmp: Path, args) -> tuple[Run, list[str]]:
    """A scheduler and one worker on loopback (each stopping by itself), the worker killed with SIGKILL once it
    has played for 2 CPU-seconds: the run must end well, with every game of every pair."""
    import socket

    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"start_new_session": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    python = sys.executable          # the interpreter of the installed deckcheck (run this script with it)
    scheduler = subprocess.Popen(["timeout", "300", python, "-m", "distributed.cli.dask_scheduler", "--host",
                                  "127.0.0.1", "--port", str(port), "--no-dashboard"], **quiet)
    worker = subprocess.Popen([python, "-m", "distributed.cli.dask_worker", address, "--no-nanny", "--nthreads",
                               "1", "--no-dashboard", "--host", "127.0.0.1", "--death-timeout", "30"], **quiet)

    def kill_when_playing(proc):
        import threading

        def watch():
            idle, deadline = cpu_ticks(worker.pid), time.monotonic() + 120
            while time.monotonic() < deadline and proc.poll() is None and cpu_ticks(worker.pid) < idle + 200:
                time.sleep(0.2)
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker.pid, signal.SIGKILL)
        threading.Thread(target=watch, daemon=True).start()
    try:
        decks = [str(PROJECT / "examples" / f"{name}-legal.meccg") for name in ("wizard", "ringwraith", "balrog")]
        run = run_command(["matchups", *decks, "--games", "300", "--turns", "8", "--output", "json", "--scheduler",
                           address], cwd=tmp, timeout=max(args.timeout, 180), during=kill_when_playing,
                          stdout=str(tmp / "m.json"))
    finally:
        for proc in (worker, scheduler):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    problems = no_traceback(run, (0,))
    if b"did not finish run in this process" not in run.stderr:
        problems.append("the worker was not killed mid-run (no task played again here)")
    with contextlib.suppress(OSError, ValueError):
        pairs = json.loads((tmp / "m.json").read_text(encoding="utf-8"))["pairs"]
        if [p["games"] for p in pairs] != [300, 300, 300]:
            problems.append(f"games per pair {[p['games'] for p in pairs]}, not 300 each")
    if not (tmp / "m.json").exists() or not (tmp / "m.json").stat().st_size:
        problems.append("no result")
    return run, problems


def interrupted_matchups(tmp: Path, args) -> tuple[Run, list[str]]:
    """SIGINT to the whole process group (a terminal's Ctrl-C) of `matchups --jobs 2` once both workers play."""
    left: list[int] = []

    def interrupt_when_playing(proc):
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None and \
                sum(cpu_ticks(pid) > 100 for pid in descendants(proc.pid)) < 2:
            time.sleep(0.2)
        time.sleep(1)
        workers = descendants(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        deadline = time.monotonic() + 20      # the command is gone (reaped by run_command): are its workers?
        while time.monotonic() < deadline and any(running(pid) for pid in workers):
            time.sleep(0.2)
        left.extend(pid for pid in workers if running(pid))
    decks = [str(PROJECT / "examples" / f"{name}-legal.meccg") for name in ("wizard", "ringwraith", "balrog")]
    run = run_command(["matchups", *decks, "--games", "3000", "--jobs", "2"], cwd=tmp,
                      timeout=max(args.timeout, 120), during=interrupt_when_playing)
    lines = run.stderr.decode("utf-8", "replace").strip().splitlines()
    problems = [] if len(lines) == 1 else [f"{len(lines)} lines on stderr, not 1"]
    if run.traceback:
        problems.append("traceback")
    if left:
        problems.append(f"{len(left)} processes left running")
    return run, problems


def junk_workbook(tmp: Path, args) -> tuple[Run, list[str]]:
    from benchmarks.junk_workbook import junk_workbook as write

    rows = Scale(args.small)(3500)
    write(tmp / "r.xlsx", rows=rows)
    run = run_command(["batch", "r.xlsx", "-o", "out.json"], cwd=tmp, timeout=max(args.timeout, 300))
    problems = no_traceback(run, (1,))
    if (tmp / "out.json").exists():
        results = json.loads((tmp / "out.json").read_text(encoding="utf-8"))["results"]
        unread = sum(r["status"] == "error" and [v["code"] for v in r["violations"]] == ["unreadable-deck"]
                     for r in results)
        if len(results) != rows or unread != rows:
            problems.append(f"{len(results)} rows, {unread} said unreadable, not {rows}")
    else:
        problems.append("no results")
    run.stderr += f"\n(workbook: {(tmp / 'r.xlsx').stat().st_size:,} bytes, {rows} rows of 150 names)".encode()
    return run, problems


def huge_play_deck(command: str):
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        deck = LEGAL.read_text(encoding="utf-8") + "\n# Resource (85041)\n\n" + "99 Dodge (TW)\n" * 859
        (tmp / "huge.meccg").write_text(deck, encoding="utf-8")   # 85,000 cards more
        extra = [str(LEGAL), "--jobs", "1"] if command == "matchups" else []
        run = run_command([command, "huge.meccg", *extra, "--games", "20"], cwd=tmp, timeout=args.timeout)
        errors = [line for line in run.stderr.decode("utf-8", "replace").splitlines() if ": warning" not in line]
        problems = [] if run.code == 2 and len(errors) == 1 else [f"exit {run.code}, {len(errors)} error lines"]
        if "far more than any legal deck" not in run.stderr.decode("utf-8", "replace"):
            problems.append("not refused as too large")
        return run, problems + (["traceback"] if run.traceback else [])
    return case


def special_output(kind: str):
    """-o naming a FIFO or a character device (as /dev/null is), with --force: refused, the node kept, and the
    refusal does not advise --force."""
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        import stat

        target = tmp / "out"
        if kind == "fifo":
            os.mkfifo(target)
        else:
            try:
                os.mknod(target, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            except OSError as exc:
                return run_command(["--version"], cwd=tmp, timeout=5), [f"cannot make a device here ({exc}): "
                                                                         "not measured"]
        run = run_command(["stats", str(LEGAL), "--output", "json", "-o", "out", "--force"], cwd=tmp,
                          timeout=min(args.timeout, 15))
        problems = one_line_error(run)
        mode = os.lstat(target).st_mode
        if not (stat.S_ISFIFO(mode) if kind == "fifo" else stat.S_ISCHR(mode)):
            problems.append(f"the {kind} was replaced")
        if b"--force" in run.stderr:
            problems.append("the refusal advises --force")
        return run, problems
    return case


def racing_outputs(tmp: Path, args) -> tuple[Run, list[str]]:
    """Two runs without --force for one new output, six times: never both "wrote" (one result replaced)."""
    problems, last = [], None
    argv = [deckcheck_command(), "stats", str(LEGAL), "--output", "json", "-o", "c.json"]
    for trial in range(6):
        (tmp / "c.json").unlink(missing_ok=True)
        procs = [subprocess.Popen(argv, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                 for _ in range(2)]
        errs = [proc.communicate(timeout=args.timeout)[1] for proc in procs]
        wrote = sum(b"wrote" in err for err in errs)
        if wrote != 1:
            problems.append(f"trial {trial + 1}: {wrote} runs said they wrote c.json")
    last = run_command(["stats", str(LEGAL), "--output", "json", "-o", "c.json"], cwd=tmp, timeout=args.timeout)
    return last, problems + ([] if last.code == 2 else [f"a third run over it: exit {last.code}, not 2"])


def dash_output(tmp: Path, args) -> tuple[Run, list[str]]:
    run = run_command(["stats", str(LEGAL), "--output", "json", "-o", "-"], cwd=tmp, timeout=args.timeout,
                      stdout=str(tmp / "stdout.json"))
    problems = no_traceback(run, (0,))
    if (tmp / "-").exists():
        problems.append("wrote a file named '-'")
    if not (tmp / "stdout.json").read_bytes().lstrip().startswith(b"{"):
        problems.append("the report is not on stdout")
    return run, problems


SEPARATOR_PAYLOADS = ["Bob;=1+1;", "a,=1+1", "a\t=1+1", "a|=1+1", "x;+1", "x; -1", "x;@SUM(A1)", "x;\u200b=1+1",
                      "x;;=HYPERLINK(\"http://x\")", "x,\n=1+1"]


def formula_after_separator(tmp: Path, args) -> tuple[Run, list[str]]:
    """Batch CSV results read back splitting on ';', ',', tab and '|', quotes honoured and ignored: no cell may
    start a formula (a ';' locale of LibreOffice or Excel started a cell at '=' in 'Bob;=1+1;')."""
    with open(tmp / "r.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["Player", "Deck", "E-mail"])
        for i, text in enumerate(SEPARATOR_PAYLOADS):
            writer.writerow([text, f"d{i}.meccg", text])
    run = run_command(["batch", "r.csv", "-o", "out.csv"], cwd=tmp, timeout=args.timeout)
    problems = no_traceback(run, (1,))
    unsafe = 0
    for name in ("out.csv", "out-violations.csv"):
        if not (tmp / name).exists():
            problems.append(f"no {name}")
            continue
        text = (tmp / name).read_text(encoding="utf-8-sig")
        for delimiter in (",", ";", "\t", "|"):
            rows = list(csv.reader(text.splitlines(), delimiter=delimiter))
            unsafe += sum(live_formula(cell) for row in rows for cell in row)
            unsafe += sum(live_formula(cell.strip('"')) for line in text.splitlines()
                          for cell in line.split(delimiter))
    if unsafe:
        problems.append(f"{unsafe} cells would start a formula")
    return run, problems


def config_case(content: str, *, owner: int | None = None, expect: str):
    """A deckcheck.toml in the folder above the command's: `expect` "warning" (passed over, one warning naming
    it, the default verdict) or "error" (one line naming the file, exit 2)."""
    def case(tmp: Path, args) -> tuple[Run, list[str]]:
        planted = tmp / "deckcheck.toml"
        planted.write_text(content, encoding="utf-8")
        if owner is not None:
            if os.getuid() != 0:
                return run_command(["--version"], cwd=tmp, timeout=5), ["not root: cannot give the file to "
                                                                         "another user here, not measured"]
            os.chown(planted, owner, owner)
        (tmp / "sub").mkdir()
        run = run_command(["validate", str(LEGAL)], cwd=tmp / "sub", timeout=args.timeout)
        lines = run.stderr.decode("utf-8", "replace").strip().splitlines()
        if expect == "error":
            problems = one_line_error(run)
            if str(planted) not in run.first_err:
                problems.append("the error does not name the file")
            return run, problems
        problems = no_traceback(run, (0,))
        if len(lines) != 1 or "config file not read" not in lines[0] or str(planted) not in lines[0]:
            problems.append("no one-line warning naming the file")
        if b"under coe rules" not in run.stdout or b"2-deck game" not in run.stdout:
            problems.append("the planted settings were applied")
        return run, problems
    return case


def environment_value(tmp: Path, args) -> tuple[Run, list[str]]:
    run = run_command(["validate", str(LEGAL)], cwd=tmp, timeout=args.timeout,
                      env={"DECKCHECK_LENGTH": "x\n" * 50_000})
    problems = one_line_error(run)
    if len(run.stderr) > 500:
        problems.append(f"{len(run.stderr):,} bytes on stderr")
    return run, problems


def doctype_part(tmp: Path, args) -> tuple[Run, list[str]]:
    """A workbook whose workbook.xml carries a DOCTYPE (an entity declaration): one line, no internal error."""
    import zipfile

    plain = attacks.write_workbook(tmp / "plain.xlsx", [[attacks.row_xml(1, attacks.HEADER),
                                                         attacks.row_xml(2, ["Ann", "ann.meccg"])]])
    with zipfile.ZipFile(plain) as source, zipfile.ZipFile(tmp / "r.xlsx", "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/workbook.xml":
                data = data.replace(b"?>\n", b'?>\n<!DOCTYPE workbook [<!ENTITY x "y">]>', 1)
            target.writestr(item, data)
    run = run_command(["batch", "r.xlsx", "-o", "out.json"], cwd=tmp, timeout=args.timeout)
    return run, one_line_error(run)


def closed_stdin(tmp: Path, args) -> tuple[Run, list[str]]:
    run = run_command(["validate", "-"], cwd=tmp, timeout=args.timeout, close_stdin=True)
    return run, one_line_error(run)


def stdin_twice(tmp: Path, args) -> tuple[Run, list[str]]:
    run = run_command(["simulate", "-", "--against", "-", "--games", "2"], cwd=tmp, timeout=args.timeout,
                      stdin_bytes=LEGAL.read_bytes())
    problems = one_line_error(run)
    if "only once" not in run.first_err:
        problems.append("not said that standard input can be read only once")
    return run, problems


def oversized_in_field(tmp: Path, args) -> tuple[Run, list[str]]:
    """matchups DIR with a file over the 1 MB a decklist may have: passed over (as meta DIR does), the rest played."""
    field = tmp / "field"
    field.mkdir()
    for deck in (LEGAL, MINION):
        (field / deck.name).write_bytes(deck.read_bytes())
    (field / "big.txt").write_bytes(b"1 Dodge\n" * 200_000)
    run = run_command(["matchups", "field", "--games", "2", "--turns", "2", "--jobs", "1", "--output", "json"],
                      cwd=tmp, timeout=args.timeout)
    problems = no_traceback(run, (0,))
    with contextlib.suppress(ValueError):
        if len(json.loads(run.stdout)["decks"]) != 2:
            problems.append("not the two decks played")
    return run, problems


def convert_then_check(tmp: Path, args) -> tuple[Run, list[str]]:
    """`convert --check` must take what `convert` wrote: a part of 594 copies more (six lines of 99)."""
    (tmp / "big.meccg").write_text(LEGAL.read_text(encoding="utf-8") + "\n# Resource (594)\n\n"
                                   + "99 Dodge (TW)\n" * 6, encoding="utf-8")
    wrote = run_command(["convert", "big.meccg", "--to", "json", "-o", "big.json"], cwd=tmp, timeout=args.timeout)
    if wrote.code != 0:
        return wrote, [f"convert: exit {wrote.code}"]
    run = run_command(["convert", "big.json", "--check"], cwd=tmp, timeout=args.timeout)
    return run, no_traceback(run, (0,))


def long_cell_ref(tmp: Path, args) -> tuple[Run, list[str]]:
    """<c r="C10000000"> in row 2: the value stays in column C (E-mail), never moves into the deck column."""
    header = attacks.row_xml(1, ["Player", "Deck", "E-mail"])
    row = (b'<row r="2"><c r="A2" t="inlineStr"><is><t>Ann</t></is></c>'
           b'<c r="C10000000" t="inlineStr"><is><t>ann@example.org</t></is></c></row>')
    attacks.write_workbook(tmp / "r.xlsx", [[header, row]])
    run = run_command(["batch", "r.xlsx", "-o", "out.json"], cwd=tmp, timeout=args.timeout)
    problems = no_traceback(run, (1,))
    with contextlib.suppress(OSError, ValueError, KeyError, IndexError):
        result = json.loads((tmp / "out.json").read_text(encoding="utf-8"))["results"][0]
        if result["extras"] != {"E-mail": "ann@example.org"}:
            problems.append(f"the value landed elsewhere: extras {result['extras']}, deck {result['deck']!r}")
        return run, problems
    return run, problems + ["no results"]


def allow_outside_quoting(tmp: Path, args) -> tuple[Run, list[str]]:
    """--allow-outside lets a row name any file: the results keep its cards, never a line of its other text."""
    (tmp / "secret.txt").write_text(f"{attacks.SECRET}\nTurn 2: play the Balrog secretly\n3 Gandalf\n",
                                    encoding="utf-8")
    (tmp / "reg").mkdir()
    (tmp / "reg" / "r.csv").write_text("Player,Deck\nMal,../secret.txt\n", encoding="utf-8")
    leaks, runs = [], []
    for out in ("results.json", "results.csv", "results.xlsx"):
        run = run_command(["batch", "r.csv", "--allow-outside", "-o", out], cwd=tmp / "reg", timeout=args.timeout)
        runs.append(run)
        written = b"".join(p.read_bytes() for p in (tmp / "reg").glob("results*") if p.suffix != ".xlsx")
        if out.endswith(".xlsx") and (tmp / "reg" / out).exists():
            import zipfile
            with zipfile.ZipFile(tmp / "reg" / out) as z:
                written = b"".join(z.read(n) for n in z.namelist())
        for secret in (b"hunter2", b"play the Balrog secretly"):
            if secret in written + run.stderr:
                leaks.append(f"{secret.decode()!r} in {out}")
    slowest = max(runs, key=lambda r: r.seconds)
    return slowest, leaks + no_traceback(slowest, (1,))


def sideboard_fetch_schema(tmp: Path, args) -> tuple[Run, list[str]]:
    """simulate --output json of a Ringwraith deck whose Sudden Call is only in its sideboard (fetched at an
    exhaustion, held in hand with 0 copies in the play deck) fits simulate.schema.json."""
    from deckcheck.datafiles import schema_path, schema_validator

    text = MINION.read_text(encoding="utf-8")
    marker = "#########\nSideboard\n#########\n\n"
    (tmp / "rw.meccg").write_text(text.replace(marker, marker + "1 Sudden Call (LE)\n", 1), encoding="utf-8")
    run = run_command(["simulate", "rw.meccg", "--games", "60", "--turns", "30", "--output", "json"], cwd=tmp,
                      timeout=args.timeout)
    problems = no_traceback(run, (0,))
    with contextlib.suppress(ValueError):
        document = json.loads(run.stdout)
        errors = list(schema_validator(schema_path("simulate"), "simulate schema").iter_errors(document))
        if errors:
            problems.append(f"{len(errors)} schema errors, the first: {errors[0].message[:80]}")
        if not any(row["copies"] == 0 for row in document.get("stuck_in_hand", [])):
            problems.append("no stuck_in_hand row with 0 copies: the case was not met")
        return run, problems
    return run, problems + ["no JSON on stdout"]


# ---------------------------------------------------------------- the table


def cases() -> list[Case]:
    return [
        Case("leak: paths out of the folder", "host files leak", host_files),
        Case("xlsx: last row 10,000,000", "unbounded memory",
             registrations_case(lambda t, s: attacks.far_row_xlsx(t / "r.xlsx", 10_000_000), rows_expected=2)),
        Case("xlsx: last row 1e11", "unbounded memory",
             registrations_case(lambda t, s: attacks.far_row_xlsx(t / "r.xlsx", 10**11), rows_expected=2)),
        Case("xlsx: 2 GB of whitespace", "unbounded memory",
             registrations_case(lambda t, s: attacks.whitespace_bomb_xlsx(t / "r.xlsx", s(2 * 1024**3)),
                                rows_expected=1, error_expected=True)),
        Case("xlsx: one 1.5 GB cell", "unbounded memory",
             registrations_case(lambda t, s: attacks.huge_cell_xlsx(t / "r.xlsx", s(1536 * 1024**2)),
                                rows_expected=1, error_expected=True)),
        Case("xlsx: 1,048,575 rows", "unbounded memory",
             registrations_case(lambda t, s: attacks.many_rows_xlsx(t / "r.xlsx", s(1_048_575)),
                                error_expected=True)),
        Case("xlsx: 3,000,000 empty rows", "unbounded memory (runs of empty rows)",
             registrations_case(lambda t, s: empty_rows_xlsx(t / "r.xlsx", s(3_000_000)), rows_expected=2)),
        Case("csv: 30,000,000 blank lines", "unbounded memory (runs of empty rows)",
             registrations_case(lambda t, s: blank_lines_csv(t / "r.csv", s(30_000_000)), rows_expected=2)),
        Case("deck line a+32768 spaces+b", "quadratic parsing",
             deck_case(lambda s: attacks.spaces_line(s(32_768)), suffix=".txt")),
        Case("GCCG card line with 32768 spaces", "quadratic parsing",
             deck_case(lambda s: attacks.spaced_deck(s(32_768)))),
        Case("pasted csv cell with 32768 spaces", "quadratic parsing", pasted_cell(".csv")),
        Case("pasted xlsx cell with 32768 spaces", "quadratic parsing", pasted_cell(".xlsx")),
        Case("128 kB of '<'", "quadratic parsing", deck_case(lambda s: attacks.angle_brackets(s(128 * 1024)),
                                                             suffix=".o8d")),
        Case("'<section ' unterminated x 100k", "quadratic parsing",
             deck_case(lambda s: attacks.open_sections(s(100_000)), suffix=".o8d")),
        Case("1 MB wigy JSON", "quadratic parsing", deck_case(lambda s: attacks.wigy_deck(s(WIGY_ENTRIES)),
                                                              suffix=".json")),
        Case("count of 5,000 digits", "tracebacks", deck_case(lambda s: attacks.long_count_deck(5000))),
        Case('qty="\u00b2"', "tracebacks", deck_case(lambda s: attacks.superscript_qty_octgn(), suffix=".o8d")),
        Case("id tw-\u00b2", "tracebacks", deck_case(lambda s: attacks.superscript_id_wigy(), suffix=".json")),
        Case('encoding="utf-0"', "tracebacks", deck_case(lambda s: attacks.bad_encoding_octgn(), suffix=".o8d")),
        Case("JSON count of 5,000 digits", "tracebacks", deck_case(lambda s: attacks.huge_json_count(),
                                                                   suffix=".json")),
        Case("5,000-digit Length cell", "tracebacks", length_cell),
        Case("18,279 registration columns (csv)", "tracebacks", wide_sheet(".csv")),
        Case("cell in column 18,279 (xlsx)", "tracebacks", wide_sheet(".xlsx")),
        Case("--output csv on a full disk", "half-written results / tracebacks", disk_full),
        Case("batch -o json on a full disk", "tracebacks (disk full on any write)", full_disk(batch_onto("r.json"))),
        Case("batch -o xlsx on a full disk", "tracebacks (disk full on any write)", full_disk(batch_onto("r.xlsx"))),
        Case("stats -o on a full disk", "tracebacks (disk full on any write)",
             full_disk(lambda d: ["stats", str(LEGAL), "--output", "xlsx", "-o", str(d / "stats.xlsx")])),
        Case("convert -o on a full disk", "tracebacks (disk full on any write)",
             full_disk(lambda d: ["convert", str(LEGAL), "--to", "json", "-o", str(d / "deck.json")])),
        Case("sheet -o on a full disk", "tracebacks (disk full on any write)",
             full_disk(lambda d: ["sheet", str(LEGAL), "-o", str(d / "sheet.html")])),
        Case("meta -o on a full disk", "tracebacks (disk full on any write)",
             full_disk(lambda d: ["meta", str(LEGAL), str(MINION), "-o", str(d / "meta.html")])),
        Case("matchups -o on a full disk", "tracebacks (disk full on any write)",
             full_disk(lambda d: ["-q", "matchups", str(LEGAL), str(MINION),
                                  "--games", "20", "--jobs", "1", "-o", str(d / "m.json")])),
        Case("import-coe -o on a full disk", "tracebacks (disk full on any write)",
             full_disk(lambda d: ["cards", "import-coe", str(COE), "-o", str(d)])),
        Case("report to stdout on /dev/full", "tracebacks (disk full on any write)", stdout_full),
        Case("-o in a read-only folder", "tracebacks (EACCES/EROFS on a write)", read_only_folder),
        Case("stats DECK -o DECK --force", "input overwritten", stats_over_deck),
        Case("batch -o a deck of the sheet", "input overwritten", batch_over_deck),
        Case("FIFO as DECK", "hangs", fifo_deck),
        Case("FIFO as registrations", "hangs", fifo_registrations),
        Case("/dev/zero named .xlsx", "hangs", dev_zero),
        Case("batch --jobs 100", "runaway workers", many_jobs),
        Case("SIGTERM of batch --jobs 2", "orphans", orphans(signal.SIGTERM)),
        Case("SIGKILL of batch --jobs 2", "orphans", orphans(signal.SIGKILL)),
        Case("ESC in a deck: stats", "terminal injection", terminal("stats")),
        Case("ESC in a deck: simulate", "terminal injection", terminal("simulate", "--games", "200")),
        Case("ESC in a deck: odds", "terminal injection", terminal("odds")),
        Case("ESC in a deck: show", "terminal injection", terminal("show")),
        Case("ESC in a deck: validate", "terminal injection", terminal("validate")),
        Case("NUL after 8 kB", "NUL check", late_nul),
        Case("CSV formula residue", "CSV formula residue", formula_residue),
        # issue 20
        Case("output onto a FIFO with --force", "device or FIFO replaced", special_output("fifo")),
        Case("output onto a device with --force", "device or FIFO replaced", special_output("device")),
        Case("two runs racing for one output", "race replaces a result", racing_outputs, seconds=60),
        Case("CSV formula after ';', ',', tab, '|'", "live formulas split on ';'", formula_after_separator),
        Case("deckcheck.toml: 64 kB of dotted keys", "config: 22 s and 4.2 GB",
             config_case("a." * 32700 + "b=1\n", expect="warning")),
        Case("deckcheck.toml of another user", "config planted in a shared folder",
             config_case('rules = "rulebook"\nlength = 1\n', owner=4242, expect="warning")),
        Case("deckcheck.toml: length = true", "config types", config_case("length = true\n", expect="error")),
        Case("deckcheck.toml: length = 3.9", "config types", config_case("length = 3.9\n", expect="error")),
        Case("deckcheck.toml: length = [3]", "config types", config_case("length = [3]\n", expect="error")),
        Case("deckcheck.toml: length = a date", "config types",
             config_case("length = 2026-12-01\n", expect="error")),
        Case("a 100 kB bad environment value", "echoed twice, raw newlines", environment_value),
        Case("xlsx part with a DOCTYPE", "ExpatError internal error", doctype_part),
        Case("validate - with stdin closed", "internal error", closed_stdin),
        Case("simulate - --against -", "'empty file' for stdin read twice", stdin_twice),
        Case("matchups DIR with a 1.6 MB file", "matchups DIR stops where meta skips", oversized_in_field),
        Case("convert --check of what convert wrote", "schemas reject the tool's own output", convert_then_check),
        Case("cell ref C10000000", "the value moves to the next column", long_cell_ref),
        Case("--allow-outside: a file of secrets", "whole lines quoted into the results", allow_outside_quoting),
        Case("simulate JSON: 0 copies stuck in hand", "schemas reject the tool's own output", sideboard_fetch_schema),
        Case("output named - is stdout", "-o - writes a file named '-'", dash_output),
        Case("--scheduler: an HTTP server", "cluster hangs", not_a_scheduler("http")),
        Case("--scheduler: a silent socket", "cluster hangs", not_a_scheduler("silent")),
        Case("--scheduler: junk bytes", "cluster hangs", not_a_scheduler("junk")),
        Case("--scheduler: a fake frame header", "cluster hangs", not_a_scheduler("frame")),
        Case("--scheduler: only worker SIGKILLed", "cluster loses the run", killed_worker, seconds=120),
        Case("Ctrl-C of matchups --jobs 2", "465 lines of Dask log", interrupted_matchups, seconds=60),
        Case("batch: 3,500 rows of 150 junk names", "near-miss per line", junk_workbook, cpu_seconds=30),
        Case("simulate: 85,000-card play deck", "85,000 cards at 63 ms a game", huge_play_deck("simulate")),
        Case("matchups: 85,000-card play deck", "85,000 cards at 63 ms a game", huge_play_deck("matchups")),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", help="run the cases whose name holds one of these words")
    parser.add_argument("--small", action="store_true", help="sizes a hundred times smaller")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a run is killed")
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    print(f"bound: {TIME_BOUND:.0f} s and {MEMORY_BOUND_MB} MB; timeout {args.timeout:.0f} s; "
          f"sizes {'small' if args.small else 'as in the issue'}")
    print(f"{'attack':36} {'seconds':>8} {'cpu s':>6} {'peak MB':>8} {'exit':>5}  verdict / stderr")
    failures = 0
    for case in cases():
        if args.only and not any(word.lower() in case.name.lower() for word in args.only):
            continue
        with tempfile.TemporaryDirectory(prefix="deckcheck-attack-") as tmp:
            run, problems = case.run(Path(tmp), args)
        if run.code is None:
            problems.insert(0, f"killed at the {args.timeout:.0f} s timeout")
        if case.cpu_seconds is not None:
            if run.cpu > case.cpu_seconds:
                problems.append(f"over {case.cpu_seconds:.0f} CPU-s")
        elif run.seconds > case.seconds:
            problems.append(f"over {case.seconds:.0f} s")
        if run.peak_mb > MEMORY_BOUND_MB:
            problems.append(f"over {MEMORY_BOUND_MB} MB")
        failures += bool(problems)
        verdict = "ok" if not problems else "FAIL: " + "; ".join(problems)
        code = "-" if run.code is None else str(run.code)
        print(f"{case.name:36} {run.seconds:8.2f} {run.cpu:6.2f} {run.peak_mb:8.0f} {code:>5}  {verdict}")
        print(f"{'':36} {'':8} {'':6} {'':8} {'':5}  {run.first_err[:150]!r}")
    if FLOOR:
        print(f"peak MB: the largest resident set of the command or a worker, counted from this script's own "
              f"size when it started the command ({min(FLOOR):.0f}-{max(FLOOR):.0f} MB in this run)")
    print(f"{failures} attack(s) not handled")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
