"""Start-up time of `deckcheck validate`, against `python -c "import click"` (target: one deck at most 1.5x).

Each command runs --runs times as a fresh process; the median wall time is printed, and its ratio to the
reference, and beside them the median CPU time (user + system, from the child's resource usage): on a machine
busy with other work, wall times wait for a core and CPU times do not, so the CPU ratio is the steadier one.
Two numbers for validate, because "cold start" can mean either:

- start-up path: `deckcheck validate --help` -- the interpreter, click and every module validate imports before
  it reads anything (what a heavy import such as pandas would slow down);
- one deck: `deckcheck validate DECK` -- the whole run: start-up, the card catalog, the ruleset, reading and
  judging the deck.

Then where a one-deck run's CPU time goes, in one process (median of the same runs): click, the command line,
each part validate imports or loads, and the reading and judging itself.

It also says which dream-card data (card_db/dreamcards.json, card_db/set_names.json, the module that imports
them) validate of an ICE deck reads, from an audit hook listing every file opened: there should be none.

It also lists the heavy libraries (pandas, numpy, openpyxl, jsonschema, dask, distributed) that validate's run
imports, from `python -X importtime`: there should be none.

The target (issue "Fast where a user waits"): a one-deck `validate`, whole run, at most 1.5x `python -c "import
click"`, median of 21 runs taking turns; the last line says whether it is met.

Run: python benchmarks/bench_startup.py [--runs 21]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import deckcheck_command, ensure_bytecode, print_conditions  # noqa: E402

PROJECT = Path(__file__).resolve().parents[1]
DECK = PROJECT / "examples" / "wizard-legal.meccg"
# Every run starts outside the checkout, as a player's does: the in-process probes (`python -c`, `python -m`)
# put their working folder first on sys.path, so run from the checkout they timed its files, not the install.
OUTSIDE = Path(os.sep)
TARGET_RATIO = 1.5     # one-deck validate / import click, medians
HEAVY = ("pandas", "numpy", "openpyxl", "jsonschema", "dask", "distributed")


def median_ms(commands: list[list[str]], runs: int) -> list[tuple[float, float]]:
    """(median wall ms, median CPU ms) of each command; the commands take turns, so that a burst of other work on
    the machine falls on all of them alike."""
    times: list[list[float]] = [[] for _ in commands]
    cpu: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for command, taken, used in zip(commands, times, cpu):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=OUTSIDE)
            taken.append(time.perf_counter() - started)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode not in (0, 1):
                raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode(errors='replace').strip()}")
    return [(1000 * statistics.median(taken), 1000 * statistics.median(used)) for taken, used in zip(times, cpu)]


# The phases of a one-deck validate (DECK is GCCG), in the order the command meets them, timed in one process;
# what they leave out (click's dispatch, the settings, writing the report) is the rest of the whole run.
PHASES = """
import sys, time
marks = [time.process_time()]
def mark():
    marks.append(time.process_time())
import click; mark()
from deckcheck.cli import cli
cli.get_command(click.Context(cli), 'validate'); mark()
import deckcheck.report.verdict, deckcheck.rules.engine; mark()
import deckcheck.decklist.build, deckcheck.decklist.detect; mark()
import deckcheck.decklist.gccg; mark()
from deckcheck.cards.catalog import load_catalog
load_catalog(); mark()
from deckcheck.rules.engine import load_rule_modules, validate_file
from deckcheck.rules.ruleset import load_ruleset
load_ruleset("coe", "wizard"); load_rule_modules(); mark()
validate_file(sys.argv[1], ruleset="coe", alignment=None, length=2, input_format=None); mark()
print(" ".join(f"{1000 * (b - a):.3f}" for a, b in zip(marks, marks[1:])))
"""
PHASE_NAMES = ("import click", "import deckcheck.cli, build validate's options",
               "import the engine and verdict (models, registry)", "import the deck builder and format detection",
               "import the GCCG reader", "load the card catalog (card_db/cards.index.jsonl)",
               "load the ruleset (its JSON form), the rule modules", "read and judge the deck")


def breakdown(runs: int) -> list[float]:
    """Median milliseconds of each phase of PHASES over `runs` fresh processes."""
    taken: list[list[float]] = [[] for _ in PHASE_NAMES]
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", PHASES, str(DECK)], capture_output=True, text=True, cwd=OUTSIDE,
                              check=True)
        for phase, ms in zip(taken, done.stdout.split()):
            phase.append(float(ms))
    return [statistics.median(phase) for phase in taken]


def heavy_imports(argv: list[str]) -> list[str]:
    """The heavy top-level packages `python -X importtime -m deckcheck ARGV` imports."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "deckcheck", *argv], capture_output=True,
                          text=True, cwd=OUTSIDE)
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
                if line.startswith("import time:")}
    return sorted(imported & set(HEAVY))


DREAM_CARD_DATA = ("dreamcards.json", "set_names.json", "deckcheck.cards.dreamcards")
_OPENED_PROBE = """import sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == 'open' else None)
from deckcheck.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print('READ', sorted({p.rsplit('/', 1)[-1] for p in opened} | set(sys.modules)), file=sys.stderr)
"""


def dream_card_data_read(argv: list[str]) -> list[str]:
    """The dream-card data files and modules a `deckcheck ARGV` run opens or imports (an audit hook's list)."""
    done = subprocess.run([sys.executable, "-c", _OPENED_PROBE, *argv], capture_output=True, text=True, cwd=OUTSIDE)
    line = next(line for line in done.stderr.splitlines() if line.startswith("READ "))
    return [name for name in DREAM_CARD_DATA if repr(name) in line]


def install_kind() -> str:
    """Which install the numbers are of. An editable install (`pip install -e`, the README's development one) puts
    a finder in every Python start that imports pathlib, so `import click`, the reference, is heavier there and
    the ratio reads lower than in a player's plain install (`pipx install .`, `pip install .`)."""
    import sysconfig

    finders = list(Path(sysconfig.get_paths()["purelib"]).glob("__editable__*deckcheck*"))
    if finders:
        return ("editable (pip install -e): its finder imports pathlib in every Python start, `import click` "
                "too, so the ratio reads lower than in a plain install (pipx install ., what a player has)")
    return "plain (pip install . or pipx: what a player has)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (the median is printed)")
    args = parser.parse_args()
    ensure_bytecode()
    print_conditions()
    print(f"install: {install_kind()}")
    python, deckcheck = sys.executable, deckcheck_command()
    rows = [
        ("python -c pass", [python, "-c", "pass"]),
        ('python -c "import click"  (reference)', [python, "-c", "import click"]),
        ("deckcheck --help", [deckcheck, "--help"]),
        ("deckcheck validate --help  (start-up path)", [deckcheck, "validate", "--help"]),
        ("deckcheck validate DECK  (one deck, whole run)", [deckcheck, "validate", str(DECK)]),
    ]
    print(f"median of {args.runs} runs each (taking turns), {DECK.name}")
    medians = median_ms([command for _, command in rows], args.runs)
    reference, reference_cpu = medians[1]
    print(f"  {'':48} {'wall':>10} {'':11} {'CPU':>9}")
    for (label, _), (ms, cpu) in zip(rows, medians):
        print(f"  {label:48} {ms:7.1f} ms  {ms / reference:5.2f}x click  {cpu:7.1f} ms  {cpu / reference_cpu:5.2f}x")
    print(f"one deck, in one process, CPU time (median of {args.runs} runs):")
    for name, ms in zip(PHASE_NAMES, breakdown(args.runs)):
        print(f"  {name:48} {ms:7.1f} ms")
    heavy = heavy_imports(["validate", str(DECK)])
    print(f"heavy libraries validate imports: {', '.join(heavy) if heavy else 'none'} (of {', '.join(HEAVY)})")
    dream = dream_card_data_read(["validate", str(DECK)])
    print(f"dream-card data validate of an ICE deck reads: {', '.join(dream) if dream else 'none'} "
          f"(of {', '.join(DREAM_CARD_DATA)})")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("(PYTHONDONTWRITEBYTECODE is set; the package was compiled beforehand, as an install does)")
    ratio, cpu_ratio = medians[-1][0] / reference, medians[-1][1] / reference_cpu
    print(f"target: one-deck validate <= {TARGET_RATIO}x import click (median of {args.runs} runs taking turns): "
          f"{ratio:.2f}x, {'met' if ratio <= TARGET_RATIO else 'MISSED'} (CPU time: {cpu_ratio:.2f}x, "
          f"{'met' if cpu_ratio <= TARGET_RATIO else 'MISSED'}); load average now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
