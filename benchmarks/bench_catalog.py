"""Speed of the card catalog: load + resolve a deck's ~80 names in-process, and `cards show` cold from the shell.

Targets (issue "Foundation"): in-process under 50 ms; `deckcheck cards show Gandalf` cold under 0.3 s.
Run: python benchmarks/bench_catalog.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))
from benchmarks._common import deckcheck_command, ensure_bytecode, print_conditions  # noqa: E402

# A typical deck's names (the ICE challenge deck A's cards, typed as players type them).
NAMES = """Adrazar; Anborn; Beretar; Glorfindel II; Horn of Anor; Cram; Balin; Saruman [H]; Théoden; Orc-raiders;
Orc-lieutenant; Hobgoblins; "Bert" (Bûrat); "Tom" (Tûma); William - Wûluag; Cave-drake; Doors of Night; Twilight;
Lure of Expedience; Lure of Nature; Lure of the Senses; Weariness of the Heart; Wake of War; Foul Fumes;
Arouse Defenders; Dragon's Desolation; Ambusher; Barrow-wight; Ghosts; Huorn; Stirring Bones; Wolves; Wargs;
Giant; Concealment;
Dodge; Halfling Strength; Risky Blow; Block; Escape; Glamdring; Sting; Durin's Axe; Hauberk of Bright Mail;
Knights of Dol Amroth; Men of Lebennin; Men of Anfalas; Rangers of Ithilien; Riders of Rohan; Gates of Morning;
Marvels Told; Smoke Rings; Wizard's Laughter; Wizard's Voice; Bree [H]; Dol Amroth [H]; Edhellond [H]; Edoras [H];
Grey Havens [H]; Henneth Annûn [H]; Lond Galen [H]; Lórien [H]; Minas Tirith [H]; Pelargir [H]; Rivendell [H];
Vale of Erech [H]; Wellinghall [H]; Old Forest [H]; Bag End [H]; Moria [H]; Goblin-gate [H]; Sarn Goriwing [H];
Mount Gram [H]; Barrow-downs [H]; Weathertop [H]; Dunnish Clan-hold [H]; Isengard [H]; Lake-town [H];
Dale [H]"""
NAMES = NAMES.replace("\n", " ")


def in_process() -> float:
    start = time.perf_counter()
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.lookup import split_written_name

    catalog = load_catalog()
    resolved = 0
    for written in (n.strip() for n in NAMES.split(";")):
        name, tag, code = split_written_name(written)
        resolved += catalog.resolve(name, tag=tag, set_code=code, alignment="wizard").ok
    elapsed = time.perf_counter() - start
    print(f"resolved {resolved}/{len(NAMES.split(';'))} names")
    return elapsed


def main() -> None:
    ensure_bytecode()
    print_conditions()
    code = ("import time; t=time.perf_counter(); import benchmarks.bench_catalog as b; "
            "print(b.in_process())")
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PROJECT,
                                 check=True).stdout.split()[-1]) for _ in range(5)]
    median_ms = statistics.median(runs) * 1000
    print(f"load catalog + resolve 80 names, in-process (fresh interpreter): median {median_ms:.1f} ms"
          f" (runs: {', '.join(f'{r*1000:.1f}' for r in runs)}); target < 50 ms")
    shell = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([deckcheck_command(), "cards", "show", "Gandalf"], capture_output=True, check=True)
        shell.append(time.perf_counter() - start)
    print(f"deckcheck cards show Gandalf, cold from the shell: median {statistics.median(shell):.3f} s"
          f" (runs: {', '.join(f'{s:.3f}' for s in shell)}); target < 0.3 s")


if __name__ == "__main__":
    main()
