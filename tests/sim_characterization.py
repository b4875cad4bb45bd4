"""The simulator's outputs pinned byte for byte: what `simulate`, `simulate --against [--both]` and `matchups`
print as JSON for real decks of ../shared/decks (all four alignments), every hazard model and three seeds.

    python -m tests.sim_characterization --write      # after a change that is meant to change numbers
    python -m tests.sim_characterization --dump DIR   # every output in full, to diff two commits

The snapshot (tests/fixtures/sim_characterization.json) holds, per case, the SHA-256 of the exact JSON text the
command prints and the headline number (mean MP after the last turn), not the outputs themselves: the outputs
are ~3 MB of numbers that would only be read when a digest changes, and then `--dump` on both commits gives them
in full to diff. Nothing of ../shared is copied: the decks are named by their path under ../shared/decks.
The run's timing goes to stderr (simulate) or to the document's `run` object (matchups), which is left out.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

SNAPSHOT = Path(__file__).resolve().parent / "fixtures" / "sim_characterization.json"
GAMES = 24
TURNS = 12
SEEDS = (1, 2, 3)
HAZARDS = ("none", "light", "heavy")
MATCHUP_GAMES = 8

# Real decks of every alignment, chosen for the paths they exercise: gold rings and ring tests (E, F, G, K),
# cards scored once stored (B, F, I, Men of Skill, The Black Hills), a hand-size bonus (C Pallando, H
# Hoarmûrath), Ringwraith modes (F-K), Fallen-wizard stage cards and Wizardhavens, Balrog Under-deeps movement
# and Sudden Call, a deck with no location deck listed (the zara Balrog and Fallen-wizard decks).
DECKS = {
    "wizard-B": "council-of-rivendell/Challenge Decks/B - Alatar - Release of Prisoners",
    "wizard-C": "council-of-rivendell/Challenge Decks/C - Pallando - Dwarven Quest",
    "wizard-E": "council-of-rivendell/Challenge Decks/E - Gandalf - Return of the King",
    "ringwraith-F": "council-of-rivendell/Challenge Decks/F - Adunaphel - Spies and Traitors",
    "ringwraith-H": "council-of-rivendell/Challenge Decks/H - Hoarmurath - Stealthy Tribe",
    "ringwraith-I": "council-of-rivendell/Challenge Decks/I - Witchking - Morgul Rallying Cry",
    "ringwraith-K": "octgn-wlk0/Lost_Challenge_Decks/K - Ren - Lord of Rings.o8d",
    "fallen-wizard-O": "octgn-wlk0/Lost_Challenge_Decks/O - F_ Saruman - Men of Skill.o8d",
    "fallen-wizard-black-hills": "gccg-restoration/Contrib/zara/{R}S_{F}{R} The Black Hills.dck",
    "fallen-wizard-anduin": "gccg-restoration/Contrib/zara/{R}G_{F}{R} Annexing the Anduin.dck",
    "balrog-V": "octgn-wlk0/Lost_Challenge_Decks/V - Balrog - Great Shadow.o8d",
    "balrog-flame-on": "gccg-restoration/Contrib/zara/{d}_{F}{R} Flame On!.dck",
    "balrog-host": "gccg-restoration/Balrog - Balrogs host.deck",
}
AGAINST = (("wizard-E", "ringwraith-I"), ("ringwraith-F", "balrog-flame-on"), ("fallen-wizard-black-hills",
                                                                                 "wizard-C"))
BOTH = (("wizard-E", "ringwraith-I"), ("balrog-flame-on", "wizard-B"), ("fallen-wizard-O", "ringwraith-K"))
MATCHUP_FIELD = ("wizard-E", "ringwraith-H", "fallen-wizard-anduin", "balrog-V")


def _read(name: str, decks_dir: Path):
    from deckcheck.decklist import read_deck

    return read_deck(str(decks_dir / DECKS[name]))


def outputs(decks_dir: Path):
    """(case id, the exact JSON text the command prints) for every case, in a fixed order, with the folder the
    decks lie in cut from the paths it shows: a deck without a title is named by its path, and ../shared lies
    elsewhere on every machine (CI's digests differed from this machine's for that alone)."""
    folder = json.dumps(f"{decks_dir}/", ensure_ascii=False)[1:-1]
    for case, text in _outputs(decks_dir):
        yield case, text.replace(folder, "")


def _outputs(decks_dir: Path):
    from deckcheck.commands.simulate import run_against_command, run_simulate_command
    from deckcheck.sim.matchups import run_matchups

    decks = {name: _read(name, decks_dir) for name in DECKS}
    for name, deck in decks.items():
        for hazards in HAZARDS:
            for seed in SEEDS:
                yield (f"simulate {name} --hazards {hazards} --seed {seed}",
                       run_simulate_command(deck, deck_path=DECKS[name], games=GAMES, turns=TURNS, seed=seed,
                                            hazards=hazards, length=None, jobs=1, output="json"))
    for both, pairs in ((False, AGAINST), (True, BOTH)):
        for ours, theirs in pairs:
            flag = " --both" if both else ""
            yield (f"simulate {ours} --against {theirs}{flag}",
                   run_against_command(decks[ours], decks[theirs], deck_path=DECKS[ours], against_path=DECKS[theirs],
                                       games=GAMES, turns=TURNS, seed=1, length=None, both=both, output="json"))
    document = run_matchups([decks[n] for n in MATCHUP_FIELD], games=MATCHUP_GAMES, turns=TURNS, seed=1,
                            paths=[DECKS[n] for n in MATCHUP_FIELD])
    del document["run"]                 # wall time and games per second
    yield "matchups " + " ".join(MATCHUP_FIELD), json.dumps(document, ensure_ascii=False, indent=2)


def headline(text: str) -> float | None:
    document = json.loads(text)
    rows = document.get("per_turn")
    if rows:
        return rows[-1]["mean_mp"]
    return document["standings"][0]["p_win"]["p"] if "standings" in document else None


def snapshot_of(decks_dir: Path) -> dict:
    return {case: {"sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(), "headline": headline(text)}
            for case, text in outputs(decks_dir)}


def main(argv: list[str]) -> int:
    from tests._shared import DECKS as DECKS_DIR

    if argv[:1] == ["--write"]:
        SNAPSHOT.write_text(json.dumps(snapshot_of(DECKS_DIR), ensure_ascii=False, indent=1) + "\n",
                            encoding="utf-8")
        print(f"wrote {SNAPSHOT}")
        return 0
    if argv[:1] == ["--dump"] and len(argv) == 2:
        out = Path(argv[1])
        out.mkdir(parents=True, exist_ok=True)
        for i, (case, text) in enumerate(outputs(DECKS_DIR)):
            (out / f"{i:03d}.json").write_text(f"// {case}\n{text}\n", encoding="utf-8")
        print(f"wrote {out}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
