"""Fuzz every deck command and `batch` for a while and print what happened.

    .venv/bin/python benchmarks/fuzz_commands.py [--minutes 10] [--seed 1] [--own-process-every 20]
                                                 [--limit 60] [--failures out/fuzz-failures]

Cases come from tests/fixtures/fuzz.py (random and mutated decklists and registration sheets, hostile options),
one seed each, run through deckcheck.cli.main in this process with a time limit per run; every Nth case also runs
as the installed command in a process of its own. Printed at the end: runs (and how many in their own process),
runs per command, exit codes, tracebacks, internal errors, hangs, JSON outputs that do not fit their shipped
schema (deckcheck/schemas/; every JSON report on stdout and every JSON file of -o is checked), other failures
(exit codes outside 0-2), runs over 10 s, the slowest run, and this process's peak memory. A failing case's
seed and argv are written to --failures so that it can be run again (--replay SEED).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from tests.fixtures import fuzz  # noqa: E402


def run(seed: int, names: list[str], *, own_process: bool, limit: float) -> fuzz.Outcome:
    with tempfile.TemporaryDirectory(prefix="deckcheck-fuzz-") as folder:
        case = fuzz.draw_case(random.Random(seed), Path(folder), names)
        if own_process:
            return fuzz.run_case_in_process_of_its_own(case, Path(folder), limit=limit)
        return fuzz.run_case(case, limit=limit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1, help="the first case's seed; the next ones follow")
    parser.add_argument("--own-process-every", type=int, default=20, help="every Nth case also in its own process")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds before a run counts as a hang")
    parser.add_argument("--failures", type=Path, default=PROJECT / "out" / "fuzz-failures")
    parser.add_argument("--replay", type=int, help="run this one seed, print its outcome and stderr, and stop")
    args = parser.parse_args()
    names = fuzz.card_names()
    if args.replay is not None:
        outcome = run(args.replay, names, own_process=False, limit=args.limit)
        print(json.dumps({"argv": outcome.argv, "code": outcome.code, "problem": outcome.problem,
                          "seconds": round(outcome.seconds, 2)}, ensure_ascii=False, indent=1))
        print(outcome.stderr)
        return
    tally = fuzz.Tally()
    started, seed = time.monotonic(), args.seed
    deadline = started + args.minutes * 60
    while time.monotonic() < deadline:
        own = args.own_process_every > 0 and (seed - args.seed) % args.own_process_every == args.own_process_every - 1
        outcome = run(seed, names, own_process=own, limit=args.limit)
        tally.add(outcome, own_process=own)
        if not outcome.ok:
            args.failures.mkdir(parents=True, exist_ok=True)
            (args.failures / f"{seed}.json").write_text(json.dumps(
                {"seed": seed, "own_process": own, "argv": outcome.argv, "problem": outcome.problem,
                 "stderr": outcome.stderr[-4000:]}, ensure_ascii=False, indent=1), encoding="utf-8")
            print(f"seed {seed}: {outcome.problem}", flush=True)
        seed += 1
    elapsed = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"fuzzed for {elapsed / 60:.1f} min from seed {args.seed}: {tally.runs} runs "
          f"({tally.own_process_runs} in a process of their own)")
    print("runs per command: " + ", ".join(f"{c} {n}" for c, n in sorted(tally.by_command.items())))
    print("exit codes: " + ", ".join(f"{c}: {n}" for c, n in sorted(tally.exit_codes.items())))
    print(f"tracebacks: {tally.tracebacks}, internal errors: {tally.internal_errors}, hangs: {tally.hangs}, "
          f"schema failures: {tally.schema}, other failures: {tally.other}")
    print(f"JSON outputs checked against their shipped schema (stdout and -o files): {tally.json_checked}")
    print(f"runs over 10 s: {tally.over_10_s}; slowest: {tally.slowest[0]:.2f} s ({' '.join(tally.slowest[1])[:200]})")
    print(f"peak memory: this process {peak:.0f} MB, a process of its own {children:.0f} MB")
    sys.exit(1 if tally.failures else 0)


if __name__ == "__main__":
    main()
