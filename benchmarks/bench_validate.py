"""Speed of `deckcheck validate`: every real deck of ../shared/decks in one process, reading and the rule pass apart.

Targets (issue "Fast where a user waits"), per deck, over the whole corpus in one process (catalog, ruleset and
rule modules loaded first, their time printed apart):
- reading (detect the format, tokenise, resolve every name) at most 3 ms a deck;
- the rule pass (`validate` of the deck read) at most 1.5 ms a deck.
Both are CPU time (what other work on the machine inflates least); wall time is printed beside it. The corpus is
passed over --passes times; the first pass (which builds what is built on first use) and the median pass are
printed, and the targets are judged on the median pass.

It also prints a digest of every verdict's JSON (`--rules`, every deck): two commits that print the same digest
judged every deck alike (benchmarks/verdicts_between.py shows the differences when they do not).
With --cold it times a fresh `deckcheck validate` of one deck as well (bench_startup.py is the start-up benchmark).
With --against REV it runs this benchmark, in fresh processes, alternately on this checkout and on REV (exported
with git archive), --rounds times each, and prints both medians and their ratio: a machine whose load changes
from minute to minute slows both alike, where two runs minutes apart say little.

Run: python benchmarks/bench_validate.py [--passes 3] [--rules coe] [--cold 7] [--against main --rounds 7]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(PROJECT))

from benchmarks._common import ensure_bytecode, exported, print_conditions  # noqa: E402

DECKS = PROJECT.parent / "shared" / "decks"
ONE_DECK = PROJECT / "examples" / "wizard-legal.meccg"
READING_TARGET_MS, RULES_TARGET_MS = 3.0, 1.5


def corpus_files() -> list[Path]:
    return sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS)


def verdict_json(path: Path, verdict) -> str:
    """A verdict's JSON with the deck named relative to the corpus, so that two checkouts compare."""
    document = verdict.to_json()
    document["path"] = str(path.relative_to(DECKS))
    return json.dumps(document, ensure_ascii=False, sort_keys=True)


@contextmanager
def _timed(taken: dict, phase: str):
    """Add the CPU and wall time of the block to taken[f"{phase} cpu"] and taken[f"{phase} wall"], even when it
    raises (a deck that cannot be read still cost its reading)."""
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        yield
    finally:
        taken[f"{phase} cpu"] += time.process_time() - cpu
        taken[f"{phase} wall"] += time.perf_counter() - wall


def one_pass(files: list[Path], ruleset: str) -> tuple[dict, list[str]]:
    """Read then judge every deck; CPU and wall seconds of each half, summed, and every verdict's JSON."""
    from deckcheck.decklist import read_deck
    from deckcheck.errors import DeckcheckError
    from deckcheck.rules.engine import validate

    taken = {"read cpu": 0.0, "read wall": 0.0, "rules cpu": 0.0, "rules wall": 0.0, "read": 0, "judged": 0}
    verdicts = []
    for path in files:
        try:
            with _timed(taken, "read"):
                deck = read_deck(path)
            taken["read"] += 1
            with _timed(taken, "rules"):
                verdict = validate(deck, ruleset=ruleset)
            taken["judged"] += 1
        except DeckcheckError as exc:
            verdicts.append(json.dumps({"path": str(path.relative_to(DECKS)), "error": exc.message}))
            continue
        verdicts.append(verdict_json(path, verdict))
    return taken, verdicts


def load_data(ruleset: str) -> float:
    """Load the catalog, the rulesets and the rule modules (what the first deck would otherwise pay)."""
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.rules.engine import load_rule_modules
    from deckcheck.rules.ruleset import ALIGNMENTS, available, load_ruleset

    started = time.perf_counter()
    load_catalog()
    load_rule_modules()
    for alignment in ALIGNMENTS:
        if alignment in available(ruleset):
            load_ruleset(ruleset, alignment)
    return time.perf_counter() - started


def cold_shell(runs: int) -> list[float]:
    command = [sys.executable, "-m", "deckcheck", "validate", str(ONE_DECK)]
    walls = []
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        walls.append(time.perf_counter() - started)
        if done.returncode not in (0, 1):
            raise SystemExit(f"validate failed: {done.stderr.strip()}")
    return walls


# What one run prints that a comparison reads (every version of this script prints these lines).
RESULT_LINES = {"reading": r"target reading: ([\d.]+) ms", "rule pass": r"target rule pass: ([\d.]+) ms",
                "digest": r"verdicts digest: (\S+)"}


def run_in(tree: Path, passes: int, rules: str) -> dict:
    """One fresh run of the benchmark of `tree` (its own script, code and data): its reading and rule pass, ms a
    deck, and its digest."""
    done = subprocess.run([sys.executable, str(tree / "benchmarks" / "bench_validate.py"), "--passes", str(passes),
                           "--rules", rules], cwd=tree, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(tree)})
    found = {name: re.search(pattern, done.stdout) for name, pattern in RESULT_LINES.items()}
    if done.returncode or not all(found.values()):
        raise SystemExit(f"bench_validate in {tree} failed: {(done.stderr or done.stdout).strip()[-500:]}")
    return {name: match.group(1) if name == "digest" else float(match.group(1)) for name, match in found.items()}


def against(rev: str, rounds: int, passes: int, rules: str) -> int:
    """This checkout and `rev`, run alternately; both medians, the median of the rounds' ratios, the load."""
    runs: dict[str, list[dict]] = {"this checkout": [], rev: []}
    loads = []
    with exported(rev, with_shared=True) as folder:
        trees = [("this checkout", PROJECT), (rev, folder)]
        for n in range(rounds):
            for name, tree in trees if n % 2 == 0 else trees[::-1]:
                runs[name].append(run_in(tree, passes, rules))
                loads.append(os.getloadavg()[0])
    print(f"{rounds} rounds, alternating, each a fresh run of --passes {passes} --rules {rules}; "
          f"load average {min(loads):.2f}-{max(loads):.2f}")
    for phase in ("reading", "rule pass"):
        for name, done in runs.items():
            values = [run[phase] for run in done]
            print(f"  {phase:9} {name:14} median {statistics.median(values):.2f} ms a deck "
                  f"(min {min(values):.2f}, max {max(values):.2f})")
        ratios = [mine[phase] / theirs[phase] for mine, theirs in zip(runs["this checkout"], runs[rev], strict=True)]
        print(f"  {phase:9} this checkout / {rev}: median ratio {statistics.median(ratios):.2f} "
              f"(rounds {min(ratios):.2f}-{max(ratios):.2f})")
    digests = {name: {run["digest"] for run in done} for name, done in runs.items()}
    same = len(set.union(*digests.values())) == 1
    print(f"verdicts digest: {'the same' if same else 'DIFFERENT'} ({', '.join(sorted(set.union(*digests.values())))})")
    return 0 if same else 1


def judged(ms: float, target: float) -> str:
    return f"{ms:.2f} ms a deck (target <= {target} ms): {'met' if ms <= target else 'MISSED'}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--passes", type=int, default=3, help="passes over the corpus (the median is judged)")
    parser.add_argument("--rules", default="coe", choices=["coe", "rulebook"])
    parser.add_argument("--cold", type=int, default=0, metavar="RUNS",
                        help="also time RUNS fresh `deckcheck validate` of one deck")
    parser.add_argument("--against", metavar="REV", help="compare with REV, run alternately (see above)")
    parser.add_argument("--rounds", type=int, default=7, help="with --against: fresh runs of each")
    args = parser.parse_args()
    ensure_bytecode()
    if args.against:
        return against(args.against, max(1, args.rounds), args.passes, args.rules)
    print_conditions()
    files = corpus_files()
    if not files:
        print(f"no decks at {DECKS}: this benchmark needs the real corpus", file=sys.stderr)
        return 2
    print(f"catalog, rulesets and rule modules loaded in {1000 * load_data(args.rules):.0f} ms")
    passes = []
    digests = set()
    for _ in range(max(1, args.passes)):
        taken, verdicts = one_pass(files, args.rules)
        passes.append(taken)
        digests.add(hashlib.sha256("\n".join(verdicts).encode()).hexdigest())
    first = passes[0]
    print(f"{len(files)} deck files of {DECKS}: {first['read']} read, {first['judged']} judged "
          f"(--rules {args.rules}); {len(passes)} passes in one process")
    median_pass = sorted(passes, key=lambda t: t["read cpu"] + t["rules cpu"])[len(passes) // 2]
    for name, taken in (("first pass", first), ("median pass", median_pass)):
        print(f"  {name:12} reading {1000 * taken['read cpu'] / taken['read']:6.2f} ms CPU a deck "
              f"({1000 * taken['read wall'] / taken['read']:.2f} wall), rule pass "
              f"{1000 * taken['rules cpu'] / taken['judged']:6.2f} ms CPU a deck "
              f"({1000 * taken['rules wall'] / taken['judged']:.2f} wall)")
    reading = statistics.median(1000 * t["read cpu"] / t["read"] for t in passes)
    rules = statistics.median(1000 * t["rules cpu"] / t["judged"] for t in passes)
    print(f"verdicts digest: {' '.join(sorted(digests))}"
          + ("" if len(digests) == 1 else "  (passes disagree!)"))
    if args.cold:
        walls = cold_shell(args.cold)
        print(f"validate one deck, fresh process ({args.cold} runs): wall median {statistics.median(walls):.3f} s")
    print(f"target reading: {judged(reading, READING_TARGET_MS)}")
    print(f"target rule pass: {judged(rules, RULES_TARGET_MS)}")
    print(f"load average now {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
