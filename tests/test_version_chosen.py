"""A version chosen is part of the verdict: a line that names a card of several versions (a hero and a minion site)
with neither tag, set code nor part to tell which is read as the version the deck's alignment plays, and the
reading says so (kind `version`, in validate's JSON, the closing line even with -q, -v). Before, the choice was
silent: a Ringwraith list that meant the hero Goblin-gate (an error there) was judged LEGAL as the minion one."""

from __future__ import annotations

import json

import pytest

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.model import PART_ORDER
from deckcheck.rules import validate
from tests._shared import DECKS, PROJECT, corpus_files, needs_decks, run_main

EXAMPLE = PROJECT / "examples" / "wizard-legal.meccg"


def bare_list(deck) -> str:
    """The deck as a player types it from memory: a heading per part, counts and names, no tag, no set code."""
    out = []
    for part in PART_ORDER:
        lines = [e for e in deck.entries if e.part == part]
        if lines:
            out += ["", f"## {part.value.capitalize()}", ""]
            out += [f"- {e.count} {e.card.name if e.card else e.written}" for e in lines]
    return "\n".join(out).lstrip() + "\n"


def versions(verdict) -> dict[str, str]:
    return {r.card: r.why for r in verdict.readings if r.kind == "version"}


@needs_decks
@pytest.mark.parametrize("name", ["challenge-deck-h.json", "challenge-deck-j.json"])
def test_a_ringwraith_list_without_tags_says_which_goblin_gate_it_read(name):
    # the file names the hero Goblin-gate by its id (TW-398) in a Ringwraith deck: site-alignment says so
    deck = read_deck(str(DECKS / "wigy-meccg" / name))
    verdict = validate(deck, ruleset="coe")
    assert any(v.code == "site-alignment" and v.card == "Goblin-gate" for v in verdict.violations)
    assert "Goblin-gate" not in versions(verdict)          # written by id: nothing chosen
    # typed without tags or set codes, the name is the minion site: legal there, and the verdict says it chose
    bare = validate(parse_text(bare_list(deck), path=name, input_format="markdown"), ruleset="coe")
    assert not any(v.code == "site-alignment" for v in bare.violations)
    assert versions(bare)["Goblin-gate"] == ("'Goblin-gate' without [H]/[M] read as Goblin-gate [M] (LE), the "
                                             "version a ringwraith deck plays; not Goblin-gate [H] (TW)")


def test_the_version_chosen_is_in_the_json_and_the_closing_line_with_q(capsys, tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8")
    path = tmp_path / "untagged.meccg"
    path.write_text(text.replace("1 Moria [H] (TW)", "1 Moria"), encoding="utf-8")
    code, out, err = run_main(capsys, "validate", "--output", "json", "-q", str(path))
    assert code == 0
    [reading] = json.loads(out)["decks"][0]["readings"]
    assert (reading["written"], reading["card"], reading["card_id"], reading["kind"]) == \
        ("Moria", "Moria", "TW-413", "version")
    assert reading["why"].startswith("'Moria' without [H]/[M] read as Moria [H] (TW), the version a wizard deck plays")
    assert err.strip() == ("deckcheck: 1 version chosen for names without [H]/[M]; each deck's \"readings\" "
                           "lists them")
    code, out, _ = run_main(capsys, "validate", "-q", str(path))
    assert out.rstrip().endswith("1 version chosen for names without [H]/[M]; -v lists them")


@pytest.mark.parametrize("line", ["1 Moria [H] (TW)", "1 Moria [H]", "1 Moria (TW)"])
def test_a_tag_or_a_set_code_leaves_nothing_to_choose(capsys, tmp_path, line):
    path = tmp_path / "tagged.meccg"
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace("1 Moria [H] (TW)", line), encoding="utf-8")
    code, out, err = run_main(capsys, "validate", "--output", "json", "-q", str(path))
    assert code == 0 and json.loads(out)["decks"][0]["readings"] == [] and err == ""


def test_a_name_of_one_version_is_no_choice():
    # Gandalf's own lines aside, the example's resources and hazards have one version each
    deck = parse_text(EXAMPLE.read_text(encoding="utf-8").replace("3 Dodge [H] (TW)", "3 Dodge"), path="x.meccg")
    assert versions(validate(deck, ruleset="coe")) == {}


@needs_decks
def test_a_fallen_wizards_merged_count_is_said_once_as_the_versions_it_was_read_as():
    # "2 Amon Hen" of a Fallen-wizard: versions-read reads one hero and one minion copy; that reading replaces
    # the one version the alignment would have chosen for the line, so the verdict says one thing of it
    path = next(p for p in corpus_files() if p.name == "{R}A_{D} The Game Warden.dck")
    deck = read_deck(str(path))
    merged: dict[tuple, int] = {}
    for entry in deck.entries:
        key = (entry.part, entry.card.name if entry.card else entry.written)
        merged[key] = merged.get(key, 0) + entry.count
    lines = []
    for part in PART_ORDER:
        mine = [(name, n) for (p, name), n in merged.items() if p == part]
        if mine:
            lines += ["", f"## {part.value.capitalize()}", ""] + [f"- {n} {name}" for name, n in mine]
    verdict = validate(parse_text("\n".join(lines) + "\n", path="merged.md", input_format="markdown"), ruleset="coe")
    amon_hen = [r for r in verdict.readings if r.written.endswith("Amon Hen")]
    assert [r.written for r in amon_hen] == ["2 Amon Hen"] and amon_hen[0].card == "Amon Hen [H] + Amon Hen [M]"
    by_line = [r.line for r in verdict.readings]
    assert len(by_line) == len(set(by_line))
