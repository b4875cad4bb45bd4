"""unknown-card and ambiguous-card from real reading (GCCG text), and hazard agents as half-creatures."""

from __future__ import annotations

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.decklist import parse_text
from deckcheck.rules import validate
from tests._rules_decks import P, base_parts, only, verdict

DECK = """####
Deck
####

# Character (2)

2 Gandalf [H] (TW)

# Resource (1)

1 Gandalf Friend

# Hazard (1)

1 Orc-raiders (TW)

#####
Sites
#####

1 Rivendell [H] (TW)
1 Bree
"""


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_unknown_card_with_did_you_mean(ruleset):
    deck = parse_text(DECK, path="typo.deck")
    v = validate(deck, ruleset=ruleset)
    [bad] = only(v, "unknown-card")
    assert bad.message.startswith("'Gandalf Friend' names no known card (in resources); did you mean "
                                  "Gandalf’s Friend, Gandalf")
    assert bad.lines == [11] and bad.card == "Gandalf Friend" and bad.card_id is None
    assert bad.severity == "error" and not v.legal


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_a_near_miss_is_read_said_and_not_an_error(ruleset):
    deck = parse_text(DECK.replace("1 Gandalf Friend", "1 Concealmnet"), path="typo.deck")
    [said] = [d for d in deck.diagnostics if d.code == "name-corrected"]
    assert said.severity == "warning" and said.line == 11
    assert said.message == "'Concealmnet' is no card name; read as 'Concealment' (spelling)"
    v = validate(deck, ruleset=ruleset)
    assert only(v, "unknown-card") == [] and [e.card.id for e in deck.part(P.RESOURCES)] == ["TW-204"]
    assert v.violations == validate(parse_text(DECK.replace("Gandalf Friend", "Concealment"), path="ok.deck"),
                                    ruleset=ruleset).violations


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_ambiguous_card_lists_the_candidates(ruleset):
    # A Fallen-wizard may hold hero and minion resources: an untagged "Hillmen" fits both factions.
    text = DECK.replace("2 Gandalf [H] (TW)", "2 Saruman [F] (WH)").replace("1 Gandalf Friend", "1 Hillmen")
    v = validate(parse_text(text, path="fw.deck"), ruleset=ruleset)
    assert v.alignment == "fallen-wizard"
    [note] = only(v, "ambiguous-card")
    assert "'Hillmen' (in resources) fits 2 cards: TW-257 Hillmen [H] (TW); LE-269 Hillmen [M] (LE)" in note.message
    # Either faction keeps every rule a Fallen-wizard deck has: the verdict does not wait on the version.
    assert "either gives the same verdict, so the legality does not depend on the version" in note.message
    assert note.severity == "note"
    assert note.lines == [11] and note.card == "Hillmen" and note.card_id is None
    assert note.explanation[0].startswith("judged the deck once with each version")


@pytest.mark.parametrize("ruleset", ["coe", "rulebook"])
def test_an_ambiguous_card_whose_version_changes_the_verdict_is_an_error(ruleset):
    # A Wizard may not hold the minion Hillmen: the version decides, so the line must be made exact.
    text = DECK.replace("1 Gandalf Friend", "1 Hillmen")
    deck = parse_text(text, path="w.deck")
    entry = next(e for e in deck.entries if e.written == "Hillmen")
    catalog_hillmen = [c for c in load_catalog().by_name("Hillmen")]
    entry.card, entry.problem, entry.candidates = None, "ambiguous-card", catalog_hillmen
    v = validate(deck, ruleset=ruleset)
    [bad] = only(v, "ambiguous-card")
    assert bad.severity == "error" and not v.legal
    assert bad.message.endswith("add a tag [H]/[M]/[F]/[B] or a set code")
    assert sorted(bad.explanation) == ["with LE-269 Hillmen [M] (LE): also alignment-card (error)",
                                       "with TW-257 Hillmen [H] (TW): no other violation"]


def test_a_deck_whose_names_all_resolve_has_neither_code():
    deck = parse_text(DECK.replace("Gandalf Friend", "Concealment"), path="ok.deck")
    v = validate(deck, ruleset="coe")
    assert only(v, "unknown-card") == [] and only(v, "ambiguous-card") == []


def test_hazard_agents_count_half_a_creature_for_every_alignment():
    # Lobelia Sackville-Baggins (DM-28) and My Precious (DM-29) are hazard cards that are agents (coe 1.5.1).
    parts = base_parts("ringwraith")
    parts[P.HAZARDS] = [(3, i) for i in ("TW-1", "TW-5", "TW-8")] + [(2, "TW-17"), (1, "DM-28"), (1, "DM-29")] \
        + [(3, i) for i in ("TW-6", "TW-7", "TW-9", "TW-10", "TW-11")] + [(2, "TW-18")]
    assert sum(c for c, _ in parts[P.HAZARDS]) == 30
    assert only(verdict(parts, "ringwraith", "coe"), "creature-count") == []       # 11 + 2 halves = 12
    parts[P.HAZARDS][3] = (1, "TW-17")
    parts[P.HAZARDS][-1] = (3, "TW-18")
    [bad] = only(verdict(parts, "ringwraith", "coe"), "creature-count")
    assert bad.message.startswith("11 creatures among the hazards (10 creatures + 2 half-creatures (= 1))")


def test_a_dream_card_is_reported_as_outside_the_ice_pool():
    deck = parse_text(DECK.replace("1 Gandalf Friend", "1 Concealment [H] (TW)\n1 Balin [H] (DF)"), path="dream.deck")
    v = validate(deck, ruleset="coe")
    [bad] = only(v, "not-in-pool")
    assert bad.message == ("Balin (DF) is a card of the dream-card set Durin's Folk, not of the ICE card pool "
                           "(in resources)")
    assert not only(v, "unknown-card")


def test_an_ambiguous_card_that_every_version_makes_illegal_is_an_error_not_a_note():
    # "The Balrog" in a Wizard's sideboard: the minion ally and the Balrog avatar both break alignment-card.
    # The verdict is the same either way, but it is an illegal one the unresolved line would hide.
    text = DECK.replace("1 Concealmnet", "1 Concealment") + "\n#########\nSideboard\n#########\n1 The Balrog\n"
    v = validate(parse_text(text, path="w.deck"), ruleset="coe")
    [bad] = only(v, "ambiguous-card")
    assert bad.severity == "error" and not v.legal
    assert sorted(bad.explanation) == ["with AS-71 The Balrog [M] (AS): also alignment-card (error)",
                                       "with BA-3 The Balrog [B] (BA): also alignment-card (error)"]
