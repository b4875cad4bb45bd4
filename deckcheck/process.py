"""How a deckcheck process ends, and the worker processes that end with it.

The command line ends every way in one line on stderr and an exit code (0, 1, 2): an unexpected exception is
an "internal error" (its traceback only with --debug, as ruff does), SIGTERM ends the command as Ctrl-C does
(files being written are removed, worker processes stopped), and a report that cannot be written to stdout
(a full disk, a closed pipe) is said once instead of a traceback at interpreter exit.

Worker processes (`batch --jobs`, `simulate --jobs`) are capped at twice the CPU count and die with their
parent, even when it is killed with SIGKILL and gets no chance to stop them.
"""

from __future__ import annotations

import errno
import os
import sys
import threading
from collections.abc import Callable
from contextlib import contextmanager

from deckcheck.terminal import printable

try:    # signal's C module: all this module asks of signal, without the three enums signal.py builds at every start
    import _signal as signal
except ImportError:     # pragma: no cover - an interpreter without it
    import signal

# More processes than this only queue for the same cores and multiply the memory (each loads the catalog).
JOBS_PER_CPU = 2
# What a write to a stream without a file name (stdout) fails with; files are written by fileio, which names them.
STREAM_WRITE_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EROFS}


class Terminated(BaseException):
    """SIGTERM arrived: unwinds like KeyboardInterrupt (finally blocks run, temporary files go), but is no
    Exception, so that no `except Exception` on the way (a batch row's own guard) can swallow it."""


# Allocations between two collections of the youngest generation in the command's own process (Python's default
# is 700). After the freeze a one-deck `validate` makes some 9 000 objects that live to its end (the rule modules,
# the catalog's cards, the ruleset): at 700 that was a dozen collections, each walking the young objects (and the
# tenth the older ones too), for next to no garbage (~5 M instructions, 1.7% of the run: benchmarks/bench_startup.py).
# Garbage is still collected, every 10 000 allocations.
YOUNG_COLLECTION_THRESHOLD = 10_000


def keep_what_is_loaded() -> None:
    """The objects made so far (click, the modules imported) stay for the life of the process: moved out of the
    garbage collector's sight (gc.freeze), so that each full collection while the command imports and loads the
    rest no longer walks them all (~5% of a one-deck `validate`: benchmarks/bench_startup.py); the youngest
    generation is collected less often (YOUNG_COLLECTION_THRESHOLD); and the collector is on again (the command's
    entry point, deckcheck/__main__.py, turns it off while the modules load). Only for the command's own process
    (main() of sys.argv): a caller's objects, garbage among them, are not frozen, nor its collector changed."""
    import gc

    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *gc.get_threshold()[1:])
    gc.enable()


def nothing_left_to_collect() -> None:
    """At the end of the command's own process: what the command made moves out of the collector's sight too, so
    that the interpreter's last collections as it exits walk none of it (~8 M instructions, 3% of a one-deck
    `validate`). By then the command has written its files whole (fileio.py: closed and renamed, or removed) and
    flushed its streams; nothing it leaves waits on a collection (Ctrl-C and SIGTERM end in exit_now, which skips
    the interpreter's exit altogether). Only for main() of sys.argv, as keep_what_is_loaded."""
    import gc

    gc.freeze()


def exit_on_sigterm() -> None:
    def terminate(_signum, _frame):
        raise Terminated()

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, terminate)


def exit_now(code: int) -> None:
    """End the process at once, once the command has unwound (Ctrl-C, SIGTERM): its files are cleaned up by
    then, and nothing is left to wait for -- worker processes, whose pool would otherwise be waited for at
    interpreter exit, die with this process (die_with_parent)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def unexpected(exc: Exception, *, debug: bool) -> int:
    """An exception no layer handled: a failed write of the report to stdout (a full disk, /dev/full) is said
    as that; anything else is an internal error. The exit code is 2."""
    if isinstance(exc, OSError) and exc.filename is None and exc.errno in STREAM_WRITE_ERRORS:
        return _write_error(exc)
    return internal_error(exc, debug=debug)


def _write_error(exc: OSError) -> int:
    quiet_stdout(2)
    import click

    click.echo(f"deckcheck: cannot write the report to stdout: {exc.strerror or exc}", err=True)
    return 2


def internal_error(exc: BaseException, *, debug: bool) -> int:
    """Report a bug in one line (and the traceback with --debug); the exit code is 2."""
    if debug:
        import traceback

        traceback.print_exception(exc)
    what = "out of memory" if isinstance(exc, MemoryError) else (str(exc).splitlines() or [""])[0][:300]
    hint = "" if debug else " (run with --debug for the traceback)"
    import click

    click.echo(printable(f"deckcheck: internal error: {type(exc).__name__}: {what}{hint}"), err=True)
    return 2


def quiet_stdout(code: int) -> int:
    """Point stdout at /dev/null once writing to it failed, so that the interpreter's last flush at exit does
    not fail again with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    return code


def flush_stdout(code: int | None) -> int | None:
    """Flush the report now, where a failure can still be reported: a closed pipe ends quietly, any other
    write error (ENOSPC, EIO) in one line with exit code 2."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        return quiet_stdout(code or 0)
    except OSError as exc:
        return _write_error(exc)
    except ValueError:   # stdout closed by the command itself
        return code
    return code


# ---------------------------------------------------------------- worker processes


def max_jobs() -> int:
    return (os.cpu_count() or 1) * JOBS_PER_CPU


def cap_jobs(requested: int | None) -> tuple[int, str | None]:
    """The number of worker processes to start for `requested`, and a note when it was lowered."""
    jobs = max(1, requested or 1)
    most = max_jobs()
    if jobs <= most:
        return jobs, None
    return most, (f"--jobs {jobs} lowered to {most} ({JOBS_PER_CPU} per CPU: more processes would only wait "
                  f"for the same cores)")


def die_with_parent(parent_pid: int) -> None:
    """Run first in every worker process: end when the parent ends, however it ends.

    On Linux the kernel sends SIGKILL when the parent dies (prctl PR_SET_PDEATHSIG); elsewhere a thread
    watches for the parent's pid to change. SIGTERM gets its default action back (a worker asked to stop
    stops) and SIGINT is left to the parent, which stops the workers itself.
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not _parent_death_signal():
        threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()
    if os.getppid() != parent_pid:   # the parent died before the signal was asked for
        os._exit(1)


def _parent_death_signal() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        return libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent_pid: int) -> None:
    import time

    while os.getppid() == parent_pid:
        time.sleep(0.5)
    os._exit(1)


@contextmanager
def worker_pool(workers: int, initializer: Callable | None = None, initargs: tuple = ()):
    """A ProcessPoolExecutor of `workers` processes that die with this one (die_with_parent, then `initializer`);
    left by an exception (Ctrl-C, SIGTERM), nothing waits for their work (a plain `with` would wait for all of
    it), otherwise it is shut down as usual."""
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                               initargs=(os.getpid(), initializer, initargs))
    try:
        yield pool
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown()


def _start_worker(parent_pid: int, initializer: Callable | None, initargs: tuple) -> None:
    die_with_parent(parent_pid)
    if initializer is not None:
        initializer(*initargs)


def stop_workers(pool) -> None:
    """Let a ProcessPoolExecutor go while its owner unwinds (Ctrl-C, SIGTERM, a worker that died): no more work
    is given out and nothing waits for it. The workers are not terminated here: the pool's own thread, seeing them
    gone while the map's futures are being cancelled, fails with InvalidStateError in Python 3.11 (a traceback on
    stderr). The command line ends the process at once instead (exit_now), and they die with it."""
    pool.shutdown(wait=False)
