"""versions-read and the grouped site-copies: an untagged count of a site read as the versions the rules allow when no
other reading is legal (coe 1.4.F1: a Fallen-wizard's `2 Amon Hen` is one hero and one minion copy), and one violation
for the counts no reading makes legal. On the real Fallen-wizard decks of ../shared/decks, their [H]/[M] site lines
merged as a player types them."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.model import PART_ORDER, Deck, Part
from deckcheck.rules.engine import validate
from tests._shared import corpus_files, needs_decks

HEADINGS = {Part.POOL: "Pool", Part.CHARACTERS: "Characters", Part.RESOURCES: "Resources", Part.HAZARDS: "Hazards",
            Part.PLAY: "Deck", Part.SIDEBOARD: "Sideboard", Part.FW_SIDEBOARD: "Sideboard vs. FW",
            Part.SITES: "Sites"}


def merged_list(deck: Deck) -> str:
    """The deck as Markdown, every card tagged and with its set code except the sites, whose lines of one name (the
    [H] and [M] copies) are one untagged line of the summed count."""
    out = []
    for part in PART_ORDER:
        entries = [e for e in deck.part(part) if e.card]
        if not entries:
            continue
        out.append(f"## {HEADINGS[part]}")
        if part == Part.SITES:
            counts = Counter()
            for entry in entries:
                counts[entry.card.name] += entry.count
            out += [f"- {n} {name}" for name, n in counts.items()]
        else:
            out += [f"- {e.count} {e.card.display()}" for e in entries]
    return "\n".join(out) + "\n"


def fallen_wizard_decks() -> list[tuple]:
    found = []
    for path in corpus_files():
        try:
            deck = read_deck(path)
        except Exception:   # noqa: BLE001 - fragments of the corpus that are no decklist
            continue
        # a site name held as both its hero and its minion version (the OCTGN decks name each site's version by
        # its card id: Join the Hunt's Isengard [F] and [H] are no such pair)
        sites = Counter(e.card.name for e in deck.part(Part.SITES) if e.card and e.card.alignment in ("Hero", "Minion"))
        if deck.alignment == "fallen-wizard" and any(n > 1 for n in sites.values()):
            found.append((path, deck))
    return found


def errors(verdict) -> set[str]:
    return {v.code for v in verdict.violations if v.severity == "error"}


@needs_decks
def test_a_fallen_wizards_merged_site_lines_are_read_as_one_hero_and_one_minion_copy():
    # on main: 94 site-copies errors on a legal deck, one per line, no hint
    decks = fallen_wizard_decks()
    assert len(decks) >= 9
    for path, deck in decks:
        merged = parse_text(merged_list(deck), path=f"{path.name}.md")
        assert merged.alignment == "fallen-wizard"
        original, judged = validate(deck), validate(merged)
        assert errors(judged) == errors(original), path
        read = [v for v in judged.violations if v.code == "versions-read"]
        assert len(read) == 1 and read[0].severity == "warning", path
        twice = sum(1 for e in merged.part(Part.SITES) if e.count == 2)
        lines = "1 line" if twice == 1 else f"{twice} lines"
        assert read[0].message.startswith(f"{lines} written without [H]/[M] read as one copy of each version")
        assert "Amon Hen = Amon Hen [H] + Amon Hen [M]" in read[0].message or twice < 4
        assert len(read[0].lines) >= twice


@needs_decks
def test_tagged_site_lines_need_no_reading():
    for path, deck in fallen_wizard_decks():
        assert not [v for v in validate(deck).violations if v.code == "versions-read"], path


def test_a_count_no_reading_makes_legal_stays_an_error():
    head = "## Characters\n2 Saruman [F]\n## Sites\n1 The White Towers [F]\n"
    three = validate(parse_text(head + "3 Amon Hen\n", path="fw.md"))
    assert "versions-read" not in {v.code for v in three.violations}
    assert [v.message for v in three.violations if v.code == "site-copies"] == [
        "3 copies of Amon Hen [H] in the location deck; the limit is 1"]
    # a Fallen-wizard site: any number of copies of its own version, so nothing to read
    isengard = validate(parse_text(head + "2 Isengard\n", path="fw.md"))
    assert not {"versions-read", "site-copies"} & {v.code for v in isengard.violations}


@needs_decks
def test_counts_that_cannot_be_told_are_one_grouped_violation():
    # the same merged list judged as a Wizard's: hero sites only, so no reading makes "2 Amon Hen" legal; the one
    # cause (no tags) is said once, not once per site
    path, deck = fallen_wizard_decks()[0]
    merged = parse_text(merged_list(deck), path="m.md", alignment="wizard")
    found = [v for v in validate(merged, alignment="wizard").violations if v.code == "site-copies" and v.card is None]
    twice = [e for e in merged.part(Part.SITES) if e.count == 2 and e.card.alignment == "Hero"]
    assert len(found) == 1 and len(twice) > 10
    # no site-copies error of its own for any of them
    assert not [v for v in validate(merged, alignment="wizard").violations
                if v.code == "site-copies" and v.card in {e.card.name for e in twice}]
    grouped = re.match(r"(\d+) sites written (twice|several times) without \[H\]/\[M\]: Isengard, ", found[0].message)
    assert grouped and int(grouped.group(1)) >= len(twice) - 4   # a few (havens of one version) have lines of their own
    assert len(found[0].lines) >= len(twice)


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_versions_read_under_both_rulesets(ruleset):
    text = "## Characters\n2 Saruman [F]\n## Sites\n1 The White Towers [F]\n2 Amon Hen\n2 Bree\n"
    verdict = validate(parse_text(text, path="fw.md"), ruleset=ruleset)
    read = [v for v in verdict.violations if v.code == "versions-read"]
    assert len(read) == 1 and "2 Amon Hen = Amon Hen [H] + Amon Hen [M]; 2 Bree = Bree [H] + Bree [M]" in \
        read[0].message
    assert "site-copies" not in {v.code for v in verdict.violations}


def untagged_list(deck: Deck) -> str:
    out = []
    for part in PART_ORDER:
        entries = [e for e in deck.part(part) if e.card]
        if entries:
            out.append(f"## {HEADINGS[part]}")
            out += [f"- {e.count} {e.card.name}" for e in entries]
    return "\n".join(out) + "\n"


@needs_decks
def test_an_ambiguous_line_whose_versions_give_one_verdict_is_counted():
    # a Fallen-wizard may hold both Petty-dwarves [H] and [M]: untagged, either gives the same verdict, and main
    # counted the line as no card at all (resource-count and hazard-parity errors, "counted without 1 unidentified
    # line") under a note saying the legality did not depend on the version
    decks = [(p, d) for p, d in fallen_wizard_decks() if "Mystic Hills" in p.name or "Black Hills" in p.name]
    assert decks
    for path, deck in decks:
        lossy = parse_text(untagged_list(deck), path=f"{path.name}.md")
        judged = validate(lossy)
        assert errors(judged) == errors(validate(deck)), path
        notes = [v for v in judged.violations if v.code == "ambiguous-card"]
        assert notes and all(v.severity == "note" for v in notes)
        assert any("the deck is counted with Petty-dwarves [H] (AS)" in v.message for v in notes)
        assert not [v for v in judged.violations if v.depends_on_unidentified]


def test_an_ambiguous_line_whose_versions_differ_stays_an_error():
    # in a Wizard's sideboard "The Balrog" is the minion ally or the Balrog's avatar, each an alignment-card error
    # of its own: the line is not read as either
    text = "## Characters\n2 Gandalf [H]\n## Sideboard\n1 The Balrog\n"
    verdict = validate(parse_text(text, path="w.md"))
    [got] = [v for v in verdict.violations if v.code == "ambiguous-card"]
    assert got.severity == "error" and "counted with" not in got.message
