"""How often `matchups --scheduler` survives its only worker killed mid-run: the scenario of
tests/test_matchups_cluster.py (a loopback scheduler, one worker SIGKILLed once it has played ~2 CPU-seconds)
repeated, each run ending "ok" (the rest played in this process) or "HUNG" (no end within --timeout; its
threads' stacks are written beside the report with faulthandler). Before the fix of `_delivered` (a result
lost with the worker after `wait` saw it done: `result()` waited forever) 1 run in 3 hung here.

    python benchmarks/cluster_worker_killed.py --runs 8
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from benchmarks._common import print_conditions  # noqa: E402
from tests.test_matchups_cluster import DECKS, PATCHED, _cpu_ticks, _free_port, _stop  # noqa: E402


def one_run(timeout: float, stacks: Path) -> tuple[str, float]:
    address = f"tcp://127.0.0.1:{_free_port()}"
    quiet = {"start_new_session": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(["timeout", "600", sys.executable, "-m", "distributed.cli.dask_scheduler", "--host",
                                  "127.0.0.1", "--port", address.rsplit(":", 1)[1], "--no-dashboard"], **quiet)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--no-nanny",
                               "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1", "--death-timeout", "30"],
                              **quiet)
    args = ["deckcheck", "matchups", *DECKS, "--games", "300", "--turns", "8", "--seed", "3", "--output", "json"]
    start = time.monotonic()
    run = subprocess.Popen([sys.executable, "-X", "faulthandler", "-c", PATCHED, *args, "--scheduler", address],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        idle, deadline = _cpu_ticks(worker.pid), time.monotonic() + 120
        while time.monotonic() < deadline and _cpu_ticks(worker.pid) < idle + 200 and run.poll() is None:
            time.sleep(0.2)
        os.kill(worker.pid, signal.SIGKILL)
        try:
            run.communicate(timeout=timeout)
            return ("ok" if run.returncode == 0 else f"exit {run.returncode}"), time.monotonic() - start
        except subprocess.TimeoutExpired:
            run.send_signal(signal.SIGABRT)            # faulthandler prints every thread's stack
            stacks.write_text(run.communicate()[1], encoding="utf-8")
            return "HUNG", time.monotonic() - start
    finally:
        for proc in (worker, scheduler):
            _stop(proc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=240, help="seconds after the kill counted as a hang")
    options = parser.parse_args()
    print_conditions()
    outcomes = []
    for index in range(options.runs):
        stacks = Path(f"cluster_worker_killed.hung{index}.txt")
        outcome, seconds = one_run(options.timeout, stacks)
        outcomes.append(outcome)
        print(f"run {index + 1}: {outcome} in {seconds:.1f} s" + (f" (stacks: {stacks})" if outcome == "HUNG" else ""),
              flush=True)
    ok = outcomes.count("ok")
    print(f"ended well: {ok} of {len(outcomes)}; target: every run — {'met' if ok == len(outcomes) else 'MISSED'}")


if __name__ == "__main__":
    main()
