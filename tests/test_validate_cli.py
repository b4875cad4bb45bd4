"""`deckcheck validate` and `deckcheck rules` end to end: exit codes, output shapes, the examples, the corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.cli import main
from deckcheck.decklist.model import PART_ORDER, Part
from deckcheck.errors import DeckcheckError
from deckcheck.rules import load_ruleset, validate
from deckcheck.rules.engine import active_rules, validate_file
from deckcheck.rules.registry import Context
from tests._rules_decks import base_parts, build, verdict
from tests._shared import corpus_files, needs_decks

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
ALIGNMENTS = ["wizard", "ringwraith", "fallen-wizard", "balrog"]


def run(capsys, *argv) -> tuple[int, str, str]:
    """Exit code (0 when the command returns normally), stdout, stderr."""
    try:
        main(list(argv))
        code = 0
    except SystemExit as exited:
        code = exited.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("alignment", ALIGNMENTS)
def test_legal_examples_are_legal(capsys, alignment):
    rulesets = ["coe"] if alignment == "balrog" else ["coe", "rulebook"]
    for ruleset in rulesets:
        code, out, _ = run(capsys, "validate", "--rules", ruleset, str(EXAMPLES / f"{alignment}-legal.meccg"))
        assert code == 0, out
        assert f": LEGAL under {ruleset} rules, {alignment}, 2-deck game" in out


@pytest.mark.parametrize("alignment,expected", [
    ("wizard", {"unique-limit", "avatar-limit", "hazard-parity", "copy-limit", "unknown-card", "site-alignment"}),
    ("ringwraith", {"avatar-limit", "site-alignment"}),
    ("fallen-wizard", {"resource-count", "copy-limit", "hazard-parity", "banned-card", "site-copies"}),
    ("balrog", {"character-race", "creature-count", "site-alignment", "region-card"}),
])
def test_illegal_examples_report_their_mistakes(capsys, alignment, expected):
    code, out, _ = run(capsys, "validate", "--rules", "coe", "--output", "json",
                       str(EXAMPLES / f"{alignment}-illegal.meccg"))
    assert code == 1
    [deck] = json.loads(out)["decks"]
    assert deck["legal"] is False and deck["alignment"] == alignment
    assert {v["code"] for v in deck["violations"]} == expected


def test_json_has_exactly_the_issue_shape(capsys):
    code, out, _ = run(capsys, "validate", "--rules", "rulebook", "--output", "json", "--length", "3",
                       str(EXAMPLES / "wizard-illegal.meccg"), str(EXAMPLES / "wizard-legal.meccg"))
    assert code == 1
    document = json.loads(out)
    assert set(document) == {"schema", "decks"} and document["schema"] == "deckcheck/validate/1"
    decks = document["decks"]
    assert [d["legal"] for d in decks] == [False, True]
    for deck in decks:
        assert set(deck) == {"path", "legal", "ruleset", "alignment", "alignment_reason", "length", "violations",
                             "notes", "readings", "status", "dream_cards", "dream_share"}
        assert deck["ruleset"] == "rulebook" and deck["length"] == 3
        assert deck["status"] == "standard" and deck["dream_cards"] == 0
    for v in decks[0]["violations"]:
        assert set(v) == {"code", "severity", "message", "part", "card", "card_id", "lines", "citation", "by_analogy",
                          "explanation", "depends_on_unidentified"}
        assert v["severity"] in ("error", "warning", "note") and v["citation"].startswith("rulebook")
    copy = next(v for v in decks[0]["violations"] if v["code"] == "copy-limit")
    assert copy == {"code": "copy-limit", "severity": "error", "message": "4 copies of Orc-guard; the limit is 3",
                    "part": "hazards", "card": "Orc-guard", "card_id": "TW-72", "lines": [43],
                    "citation": copy["citation"], "by_analogy": None,
                    "explanation": ["counted: Orc-guard (TW-72) ×4 in hazards",
                                    "a non-unique card: 3 copies across the whole deck"],
                    "depends_on_unidentified": False}


def test_text_report_is_ordered_by_part_then_line(capsys):
    code, out, _ = run(capsys, "validate", "--rules", "coe", str(EXAMPLES / "wizard-illegal.meccg"))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].endswith("ILLEGAL (6 errors) under coe rules, wizard, 2-deck game")
    assert lines[1].startswith("  alignment wizard:")
    shown = [line.split()[1] for line in lines[2:]]
    assert shown == ["pool", "characters", "hazards", "hazards", "sideboard", "sites"]
    assert "copy-limit: 4 copies of Orc-guard; the limit is 3  [Orc-guard, TW-72]  line 43  (coe 1.3.1)" in out


def test_violations_sort_by_part_order_then_first_line():
    parts = base_parts("wizard")
    parts[Part.POOL].append((1, "TW-118"))                                            # Anborn twice in the pool
    parts[Part.HAZARDS].append((1, "TW-23"))                                          # 31 hazards
    parts[Part.SITES].append((1, "LE-367"))
    v = verdict(parts, "wizard")
    ranks = [(PART_ORDER.index(x.part) if x.part else -1, min(x.lines or [0])) for x in v.violations]
    assert ranks == sorted(ranks) and len(ranks) == 3


def test_exit_2_on_input_errors_and_the_others_still_judged(capsys, tmp_path):
    empty = tmp_path / "empty.deck"
    empty.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(empty), str(EXAMPLES / "wizard-legal.meccg"))
    assert code == 2
    assert f"deckcheck: {empty}:1: empty file" in err and "Traceback" not in err
    assert "wizard-legal.meccg: LEGAL" in out
    code, _, err = run(capsys, "validate", str(tmp_path / "missing.deck"))
    assert code == 2 and "missing.deck" in err


def test_rulebook_balrog_is_a_usage_error(capsys):
    code, out, err = run(capsys, "validate", "--rules", "rulebook", str(EXAMPLES / "balrog-legal.meccg"))
    assert code == 2 and out == ""
    assert "the rulebook ruleset has no rules for a balrog deck" in err and "use --rules coe" in err
    with pytest.raises(DeckcheckError):
        validate_file(str(EXAMPLES / "wizard-legal.meccg"), ruleset="rulebook", alignment="balrog")


def test_alignment_given_on_the_command_line_overrides(capsys):
    code, out, _ = run(capsys, "validate", "--alignment", "ringwraith", "--output", "json",
                       str(EXAMPLES / "wizard-legal.meccg"))
    assert code == 1
    [deck] = json.loads(out)["decks"]
    assert deck["alignment"] == "ringwraith" and deck["alignment_reason"] == "given on the command line"


def test_bad_option_values_exit_2(capsys):
    code, _, _ = run(capsys, "validate", "--length", "5", str(EXAMPLES / "wizard-legal.meccg"))
    assert code == 2
    code, _, _ = run(capsys, "validate", "--rules", "house", str(EXAMPLES / "wizard-legal.meccg"))
    assert code == 2


def test_all_formats_table(capsys):
    code, out, _ = run(capsys, "validate", "--all-formats", str(EXAMPLES / "balrog-legal.meccg"))
    assert code == 0
    rows = {tuple(line.split()[:2]): line for line in out.splitlines()[2:]}
    assert len(rows) == 8
    assert rows[("coe", "balrog")].split()[2:] == ["legal"] * 4
    assert rows[("rulebook", "balrog")].count("no rules") == 4
    assert rows[("coe", "wizard")].count(" err") == 4 and "alignment-card" in rows[("coe", "wizard")]
    code, out, _ = run(capsys, "validate", "--all-formats", str(EXAMPLES / "balrog-illegal.meccg"))
    assert code == 1 and " legal" not in "\n".join(out.splitlines()[1:])
    # Options the table overrides are refused rather than silently ignored.
    code, out, err = run(capsys, "validate", "--all-formats", "--rules", "coe", "--length", "3",
                         str(EXAMPLES / "balrog-legal.meccg"))
    assert code == 2 and out == "" and "drop --rules, --length" in err


def test_sideboard_size_depends_on_the_length(capsys):
    parts = base_parts("ringwraith")
    parts[Part.SIDEBOARD] = [(29, "TW-6"), (1, "TW-13")]
    assert any(x.code == "sideboard-size" for x in verdict(parts, "ringwraith", "rulebook", 2).violations)
    assert not any(x.code == "sideboard-size" for x in verdict(parts, "ringwraith", "rulebook", 3).violations)


def test_rules_are_switched_by_the_ruleset_data():
    deck = build("wizard", {**base_parts("wizard"), Part.SITES: [(1, "TW-421"), (1, "TW-442")]})
    data = load_ruleset("coe", "wizard")
    assert "region-card" in [r.code for r in active_rules(data)]
    switched_off = {**data, "rules": {**data["rules"], "region-card": False}}
    assert "region-card" not in [r.code for r in active_rules(switched_off)]
    ctx = Context(deck=deck, ruleset="coe", alignment="wizard", length=2, data=switched_off)
    assert not any(v.code == "region-card" for r in active_rules(switched_off) for v in r.check(ctx))
    assert any(v.code == "region-card" for v in validate(deck, ruleset="coe").violations)


def test_alignment_is_inferred_from_the_avatar_when_the_deck_does_not_say():
    deck = build(None, base_parts("ringwraith"))
    v = validate(deck, ruleset="coe")
    assert v.alignment == "ringwraith" and "The Witch-king" in v.alignment_reason


def test_rules_command_lists_codes_numbers_and_citations(capsys):
    code, out, _ = run(capsys, "rules", "--rules", "coe", "--alignment", "fallen-wizard")
    assert code == 0
    assert out.startswith("coe rules, fallen-wizard deck")
    assert "resource-count" in out and "30-50 resources [coe 1.5]" in out
    assert "character 2, hero resource 2, minion resource 2" in out
    assert "faction-race       (does not apply)" in out
    assert "mind at most 5; Thrall of the Voice: one up to 6 (warning)" in out
    assert "no Orc/Troll starting character without Bad Company (warning)" in out
    assert "one character of mind 6 per Thrall of the Voice in the pool (warning)" in out
    assert "17 entries: Bade to Rule, The Balrog (Ally), Cracks of Doom" in out
    assert "Glamour of Surpassing Excellence" in out and "News Must Get Through" in out
    assert "at least 1 of the declared avatar in the deck [coe 1.5, 1.6.2, 1.8.F1]" in out
    code, out, _ = run(capsys, "rules", "--rules", "coe", "--alignment", "balrog")
    assert "mind at most 8 unless Balrog-specific [coe 1.3.B4]" in out
    assert "factions Orc, Troll, Wolf, Animal, Dragon [coe 1.3.B4]" in out
    assert "27 entries:" in out and "Ringwraith Unleashed cards" in out
    assert "non-avatar characters Orc or Troll only" in out
    code, out, _ = run(capsys, "rules", "--rules", "rulebook", "--alignment", "wizard")
    assert "at most 2 copies of it (warning, by analogy) [rulebook MELE Starter step 5" in out
    code, out, _ = run(capsys, "rules", "--rules", "rulebook", "--output", "json")
    doc = json.loads(out)
    assert doc["ruleset"] == "rulebook" and set(doc["alignments"]) == {"wizard", "ringwraith", "fallen-wizard"}
    sideboard = next(r for r in doc["alignments"]["wizard"] if r["code"] == "sideboard-size")
    assert sideboard["numbers"] == "20/20/25/30 cards (1/2/3/4-deck)" and sideboard["citation"].startswith("rulebook")


@needs_decks
def test_every_real_deck_goes_through_coe_validation_without_a_crash():
    judged = not_judged = 0
    for path in corpus_files():
        try:
            _, v = validate_file(str(path), ruleset="coe")
        except DeckcheckError as exc:       # e.g. a hazards-only file whose alignment cannot be told
            assert "alignment" in exc.message or "no card lines" in exc.message, exc.one_line()
            not_judged += 1
            continue
        judged += 1
        assert v.legal == (not any(x.severity == "error" for x in v.violations))
        assert all(x.citation.startswith("coe") for x in v.violations)
    assert judged >= 140 and not_judged <= 10


@needs_decks
def test_every_real_deck_goes_through_rulebook_validation_without_a_crash():
    judged = 0
    for path in corpus_files():
        try:
            _, v = validate_file(str(path), ruleset="rulebook")
        except DeckcheckError as exc:       # Balrog decks (no rulebook rules) and hazard-only files
            assert "balrog" in exc.message or "alignment" in exc.message or "no card lines" in exc.message, \
                exc.one_line()
            continue
        judged += 1
        assert all(x.citation.startswith("rulebook") for x in v.violations)
    assert judged >= 125


def test_a_skipped_line_makes_the_deck_illegal_and_is_reported_once(capsys, tmp_path):
    # A line the reader skips may hide a card: the verdict cannot be "legal" (batch says the same).
    text = (EXAMPLES / "wizard-legal.meccg").read_text(encoding="utf-8")
    assert "\n3 Orc-guard (TW)\n" in text
    skipped = tmp_path / "skipped.meccg"
    skipped.write_text(text.replace("\n3 Orc-guard (TW)\n", "\n3 Orc-guard (TW)\n0 Wargs (TW)\n", 1), encoding="utf-8")
    code, out, err = run(capsys, "validate", "--rules", "coe", str(skipped))
    assert code == 1
    assert "unreadable-line: count 0 in '0 Wargs (TW)'; line skipped [bad-count]" in out
    assert "bad-count" not in err                       # in the verdict, not twice
    code, out, _ = run(capsys, "validate", "--rules", "coe", str(EXAMPLES / "wizard-legal.meccg"))
    assert code == 0 and "unreadable-line" not in out
