"""The card pool is a setting: `--pool ice` (the default) knows the ICE cards, `--pool dreamcards` the ICE cards
and every card of GCCG's dream-card, CoE virtual and Cool Play sets (card_db/dreamcards.json).

Both ways: a dream card is not-in-pool under ICE and read under dreamcards; an ICE-only deck gets the same
verdict under both pools; a line naming a dream card GCCG's files do not hold is said, counted and shown.
"""

from __future__ import annotations

import json

import pytest

from tests._shared import PROJECT, corpus_files, needs_decks, run_main

EXAMPLES = PROJECT / "examples"
DWARF_LIST = """Characters:
1 Gandalf
1 Thorin (DF)
1 Balin (DF)
Resources:
3 Glamdring
"""


@pytest.fixture(autouse=True)
def ice_pool_after():
    """Each test leaves the ICE pool in force (the pool is process-wide, set by the command's option)."""
    from deckcheck.cards.pools import DEFAULT_POOL, use_pool

    yield
    use_pool(DEFAULT_POOL)


def _read(text: str, pool: str):
    from deckcheck.cards.pools import use_pool
    from deckcheck.decklist import parse_text

    use_pool(pool)
    return parse_text(text, path="<list>")


def test_a_dream_card_is_not_in_the_ice_pool_and_is_read_in_the_dreamcards_pool():
    ice = _read(DWARF_LIST, "ice")
    thorin = next(e for e in ice.entries if e.written == "Thorin")
    assert thorin.card is None and thorin.problem == "not-ice-card"
    dream = _read(DWARF_LIST, "dreamcards")
    thorin = next(e for e in dream.entries if e.written == "Thorin")
    assert thorin.card is not None and thorin.card.id == "DF-177" and thorin.problem is None
    assert all(e.card is not None for e in dream.entries)


def test_a_name_alone_is_the_ice_card_in_the_dreamcards_pool_and_the_other_sets_version_is_said():
    from deckcheck.cards.pools import use_pool

    use_pool("dreamcards")
    from deckcheck.cards.catalog import load_catalog

    resolution = load_catalog().resolve("Balin", alignment="wizard")
    assert resolution.card.set == "TW"
    assert [c.id for c in resolution.other_versions] == ["DF-11"]
    assert load_catalog().resolve("Balin", set_code="DF").card.id == "DF-11"


def test_a_set_code_of_a_set_gccg_has_no_file_of_is_said_under_the_dreamcards_pool():
    deck = _read("Characters:\n1 Gostir at Home (BU)\n1 Kemenloke (ML)\n", "dreamcards")
    messages = [d.message for d in deck.diagnostics if d.code == "not-ice-card"]
    assert len(messages) == 2
    assert "GCCG's card files have no such set" in messages[0]
    assert "is no card of GCCG's file of the dream-card set Morgoth's Legacy" in messages[1]


def test_the_pool_is_a_setting_command_line_environment_and_config_file(capsys, tmp_path, monkeypatch):
    deck = tmp_path / "dwarves.txt"
    deck.write_text(DWARF_LIST, encoding="utf-8")
    for how in ("command line", "environment", "config file"):
        argv = ["-v", "show", str(deck), "--output", "json"]
        if how == "command line":
            argv.insert(3, "--pool=dreamcards")
        elif how == "environment":
            monkeypatch.setenv("DECKCHECK_POOL", "dreamcards")
        else:
            monkeypatch.delenv("DECKCHECK_POOL")
            (tmp_path / "deckcheck.toml").write_text('pool = "dreamcards"\n', encoding="utf-8")
            monkeypatch.chdir(tmp_path)
        code, out, err = run_main(capsys, *argv)
        assert code == 0, err
        assert json.loads(out)["status"]["status"] == "dreamcard"
        assert f"pool = dreamcards  ({how}" in err
    code, out, _ = run_main(capsys, "show", str(deck), "--output", "json", "--pool", "ice")
    assert json.loads(out)["status"] == {"status": "dreamcard", "dream_cards": 2, "share": {
        "resources": {"dream": 0, "cards": 3}, "hazards": {"dream": 0, "cards": 0},
        "characters": {"dream": 2, "cards": 3}, "sites": {"dream": 0, "cards": 0}}}


def test_validate_says_the_status_and_an_ice_ruleset_refuses_a_dream_card_it_reads(capsys, tmp_path):
    deck = tmp_path / "dwarves.txt"
    deck.write_text(DWARF_LIST, encoding="utf-8")
    code, out, _ = run_main(capsys, "validate", str(deck), "--pool", "dreamcards", "--output", "json")
    verdict = json.loads(out)["decks"][0]
    assert code == 1 and verdict["status"] == "dreamcard" and verdict["dream_cards"] == 2
    refused = [v for v in verdict["violations"] if v["code"] == "not-in-pool"]
    assert {v["card_id"] for v in refused} == {"DF-177", "DF-11"}
    assert all("the coe ruleset plays the ICE card pool only" in v["message"] for v in refused)
    code, out, _ = run_main(capsys, "validate", str(EXAMPLES / "wizard-legal.meccg"), "--pool", "dreamcards")
    assert code == 0 and "status" not in out.splitlines()[1:3][-1]


def test_cards_show_and_search_work_on_the_pool_in_force(capsys):
    code, _, err = run_main(capsys, "cards", "show", "Thorin (DF)")
    assert code == 2 and "not of the ICE card pool" in err
    code, out, _ = run_main(capsys, "cards", "show", "--pool", "dreamcards", "Thorin (DF)")
    assert code == 0 and "DF-177" in out
    code, out, err = run_main(capsys, "cards", "search", "--pool", "dreamcards", "--set", "DF", "--output", "json")
    assert code == 0 and len(json.loads(out)["cards"]) == 189


def test_validate_of_an_ice_deck_under_the_ice_pool_reads_no_dream_card_data():
    """As benchmarks/bench_startup.py measures it: the audit hook sees no dream-card file opened."""
    from benchmarks.bench_startup import DECK, dream_card_data_read

    assert dream_card_data_read(["validate", str(DECK)]) == []
    assert "dreamcards.json" in dream_card_data_read(["validate", "--pool", "dreamcards", str(DECK)])


# ---------------------------------------------------------------- the real decks


def _corpus_decks(pool: str):
    from deckcheck.cards.pools import use_pool
    from deckcheck.decklist import read_deck
    from deckcheck.errors import DeckcheckError

    use_pool(pool)
    for path in corpus_files():
        try:
            yield path, read_deck(str(path))
        except DeckcheckError:
            continue        # no decklist (test_decklist_corpus says which)


@needs_decks
def test_every_real_deck_with_dream_cards_reads_with_no_unknown_card_under_the_dreamcards_pool():
    """Under ICE a real deck names dream cards (not-in-pool); under dreamcards each such deck reads with no
    unknown card: a line is a card, or a card of a dream-card set that GCCG's files do not hold, said as such
    (counted and shown here: the Arda pools of meccg-online name cards of NE, NW, ML ... and BU that GCCG lacks)."""
    from deckcheck.decklist.content import is_outside_pool

    dream_decks = {path for path, deck in _corpus_decks("ice") if any(is_outside_pool(e) for e in deck.entries)}
    assert len(dream_decks) >= 3
    not_held = []
    for path, deck in _corpus_decks("dreamcards"):
        if path not in dream_decks:
            continue
        unknown = [e.written for e in deck.entries if e.card is None and e.problem == "unknown-card"]
        assert unknown == [], f"{path.name}: {unknown}"
        # a name two versions of a dream card share, which the deck's alignment does not decide, is ambiguous
        assert all(e.problem in ("not-ice-card", "ambiguous-card") for e in deck.entries if e.card is None)
        for entry in deck.entries:
            if is_outside_pool(entry):
                assert entry.set_code, entry.written       # a line GCCG lacks names its set: said, not guessed
                not_held.append((path.name, entry.written, entry.set_code))
        assert any(e.card is not None and e.card.set not in ("TW", "TD", "DM", "LE", "AS", "WH", "BA", "PR")
                   for e in deck.entries)
    print(f"\n{len(not_held)} lines name dream cards GCCG's files do not hold:")
    for name, written, code in not_held:
        print(f"  {name}: {written} ({code})")
    assert all(code.upper() in {"BU", "NE", "NW", "ML", "CP", "DS", "WR", "SL", "KN", "FB", "TI", "MM", "CA", "GW"}
               for _, _, code in not_held)


@needs_decks
def test_every_ice_only_real_deck_gets_the_same_verdict_under_both_pools():
    from deckcheck.decklist.pool_status import deck_status
    from deckcheck.errors import DeckcheckError
    from deckcheck.rules.engine import validate

    def verdicts(pool: str) -> dict:
        out = {}
        for path, deck in _corpus_decks(pool):
            if deck_status(deck)["status"] != "standard":
                continue
            try:
                verdict = validate(deck)
            except DeckcheckError as exc:
                out[path] = exc.message
                continue
            out[path] = (verdict.legal, sorted((v.code, v.severity, v.card_id or "", tuple(v.lines))
                                               for v in verdict.violations))
        return out

    ice, dream = verdicts("ice"), verdicts("dreamcards")
    assert len(ice) > 100 and ice.keys() == dream.keys()
    differ = [path.name for path in ice if ice[path] != dream[path]]
    assert differ == []


def test_cards_search_leaves_no_empty_field_for_a_character_without_skills(capsys):
    code, out, err = run_main(capsys, "cards", "search", "--pool", "dreamcards", "--name", "Thorin")
    assert code == 0, err
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert rows["DF-177"].rstrip().endswith("mind 9, Dwarf")            # GCCG gives Thorin (DF) no skills
    assert rows["TW-183"].rstrip().endswith("mind 8, Warrior/Scout/Diplomat, Dwarf")
    assert ", ," not in out


@needs_decks
def test_hand_deals_a_real_dream_deck_under_the_pool_in_force(capsys):
    """`hand` reads like `simulate`: under ICE a real deck's dream cards are not-in-pool lines, said on stderr
    and left out of the hand; under `--pool dreamcards` they are read and nothing is said of them."""
    from tests._shared import DECKS

    deck = DECKS / "meccg-online" / "Arda_Decks_(removed)" / "The Nine.meccg"
    code, out, err = run_main(capsys, "hand", str(deck), "--seed", "1", "--turns", "1", "--output", "json")
    assert code == 0 and json.loads(out)
    assert err.count("[not-ice-card]") == 4 and "freca (TI)" in err
    code, out, err = run_main(capsys, "hand", str(deck), "--seed", "1", "--turns", "1", "--output", "json",
                              "--pool", "dreamcards")
    assert code == 0 and json.loads(out)
    assert "[not-ice-card]" not in err and "[unknown-card]" not in err
