"""Name resolution: forgive how players write names, use tags, set codes and context, never guess silently."""

from __future__ import annotations

import pytest

from deckcheck.cards.catalog import AMBIGUOUS, NOT_ICE, OK, UNKNOWN, load_catalog
from deckcheck.cards.lookup import split_written_name
from deckcheck.decklist.model import Part


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def resolve(catalog, written, **context):
    name, tag, code = split_written_name(written)
    return catalog.resolve(name, tag=tag, set_code=code, **context)


@pytest.mark.parametrize("written, card_id", [
    ("Orc-raiders", "TW-75"),
    ("orc raiders", "TW-75"),
    ("  ORC   RAIDERS ", "TW-75"),
    ("Durin's Axe", "TW-212"),            # straight apostrophe for the source's ’
    ("Durin´s Axe", "TW-212"),
    ("Durin`s Axe", "TW-212"),
    ("Durins Axe", "TW-212"),             # maciak.org strips punctuation
    ("Adunaphel the Ringwraith", "LE-50"),  # accents folded: û = u
    ("Carn Dum [h]", "TW-380"),           # tag in any case
    ("Dol Guldur [B] (BA)", "BA-88"),
    ("Moria (LE)", "LE-392"),             # set code decides the version
    ('"Bert" (Bûrat) (TW)', "TW-16"),     # a name with its own parentheses, then the set code
    ("Bert (Burat)", "TW-16"),
    ("BertBurat", "TW-16"),
    ("William - Wûluag (TW)", "TW-112"),   # the name clients use for the troll manifestation
    ("Doeth (Durthak) (WH)", "WH-2"),
    ("Long Grievious Siege", "BA-40"),   # misspelling in real decklists, through the alias table
    ("News Must Get Through", "LE-208"),  # the source misspells it "Trough"
    ("Schwertmeister", "TW-498"),         # German name seen in an OCTGN deck
])
def test_resolves_what_players_write(catalog, written, card_id):
    result = resolve(catalog, written)
    assert result.status == OK, result.message
    assert result.card.id == card_id


def test_versions_are_never_picked_silently(catalog):
    result = resolve(catalog, "Moria", part=Part.SITES)
    assert result.status == AMBIGUOUS and result.card is None
    assert [c.id for c in result.candidates] == ["TW-413", "LE-392", "BA-93"]
    assert "TW-413" in result.message and "[M]" in result.message


@pytest.mark.parametrize("written, context, card_id", [
    ("Moria", {"part": Part.SITES, "alignment": "ringwraith"}, "LE-392"),
    ("Moria", {"part": Part.SITES, "alignment": "wizard"}, "TW-413"),
    ("Moria", {"part": Part.SITES, "alignment": "balrog"}, "BA-93"),
    ("The Balrog", {"part": Part.CHARACTERS}, "BA-3"),     # the avatar
    ("The Balrog", {"part": Part.RESOURCES}, "AS-71"),     # the ally
    ("Saruman [H]", {}, "TW-181"),
    ("Saruman", {"alignment": "fallen-wizard"}, "WH-9"),
    ("Thrór's Map", {"alignment": "ringwraith"}, "AS-134"),
])
def test_context_decides_between_versions(catalog, written, context, card_id):
    result = resolve(catalog, written, **context)
    assert result.status == OK, result.message
    assert result.card.id == card_id


def test_fallen_wizard_deck_does_not_pick_between_hero_and_minion_resources(catalog):
    result = resolve(catalog, "Woses of the Eryn Vorn", part=Part.SIDEBOARD, alignment="fallen-wizard")
    assert result.status == AMBIGUOUS
    assert {c.id for c in result.candidates} == {"LE-296", "AS-67"}


def test_fallen_wizard_untagged_sites_are_its_own_else_hero(catalog):
    # MEWH: "Most fallen-wizard companies use hero site cards when moving to non-Fallen-wizard sites".
    assert resolve(catalog, "Moria", part=Part.SITES, alignment="fallen-wizard").card.id == "TW-413"
    assert resolve(catalog, "Isengard", part=Part.SITES, alignment="fallen-wizard").card.id == "WH-56"
    assert resolve(catalog, "Moria [M]", part=Part.SITES, alignment="fallen-wizard").card.id == "LE-392"
    # A site written in the pool is still a site.
    assert resolve(catalog, "Ettenmoors", part=Part.POOL, alignment="fallen-wizard").card.id == "TW-395"


def test_reprints_of_the_same_card_are_one_card(catalog):
    result = resolve(catalog, "Twilight")
    assert result.status == OK and result.card.id == "TW-106"
    assert resolve(catalog, "Twilight (LE)").card.set == "LE"


def test_unknown_names_come_with_the_nearest_suggestions(catalog):
    # as close to Gandalf's Friend (a letter) as to Gandalf (a word after the name): no guess
    result = resolve(catalog, "Gandalf Friend")
    assert result.status == UNKNOWN and result.card is None
    assert result.suggestions[:2] == ["Gandalf’s Friend", "Gandalf"]
    assert "did you mean Gandalf’s Friend, Gandalf" in result.message


def test_dream_cards_are_not_in_the_ice_pool(catalog):
    result = resolve(catalog, "balin* [d] (df)")
    assert result.status == NOT_ICE
    assert result.message == "balin* [d] (DF) is a card of the dream-card set Durin's Folk, not of the ICE card pool"


def test_by_id_forgives_case_and_leading_zeros(catalog):
    assert catalog.by_id("tw-015").id == "TW-15"
    assert catalog.by_id("TW-181").name == "Saruman"
    assert catalog.by_id("XX-1") is None
