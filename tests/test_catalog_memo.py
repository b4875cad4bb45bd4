"""The catalog answers each distinct name once (a batch asks the same names deck after deck): the remembered
answer is the one a fresh catalog gives, a caller cannot change it, and the memory it takes is bounded."""

from __future__ import annotations

from deckcheck.cards import catalog as catalog_module
from deckcheck.cards.catalog import CARD_DB, load_catalog_from
from deckcheck.decklist.model import Part

# Names as players write them: exact, folded, tagged, of another edition, misspelt, unknown, ambiguous.
WRITTEN = [("Gandalf", None, None, None, "wizard"), ("gandalf", None, None, Part.CHARACTERS, None),
           ("Moria", "M", None, Part.SITES, "ringwraith"), ("Moria", None, None, Part.SITES, "fallen-wizard"),
           ("Orc-guard", None, None, Part.HAZARDS, "wizard"), ("Glamdrng", None, None, None, "wizard"),
           ("Esquivar", None, None, None, "wizard"), ("No Such Card At All", None, None, None, None),
           ("Dodge", None, "TW", Part.RESOURCES, "wizard"), ("Thorin II", None, "DF", None, "wizard")]


def facts(resolution) -> tuple:
    return (resolution.status, resolution.card and resolution.card.id, [c.id for c in resolution.candidates],
            list(resolution.suggestions), resolution.message, resolution.language,
            resolution.corrected and resolution.corrected.entry.target)


def test_a_remembered_answer_is_a_fresh_catalogs_answer():
    remembered = load_catalog_from(CARD_DB)
    for name, tag, code, part, alignment in WRITTEN * 2:
        answer = remembered.resolve(name, tag=tag, set_code=code, part=part, alignment=alignment)
        fresh = load_catalog_from(CARD_DB).resolve(name, tag=tag, set_code=code, part=part, alignment=alignment)
        assert facts(answer) == facts(fresh), name
    again = remembered.resolve("Gandalf", alignment="wizard")
    assert again is remembered.resolve("Gandalf", alignment="wizard")


def test_a_caller_cannot_change_a_remembered_lookup():
    catalog = load_catalog_from(CARD_DB)
    first = catalog.by_name("Moria")
    first.clear()
    assert [c.id for c in catalog.by_name("Moria")] == [c.id for c in load_catalog_from(CARD_DB).by_name("Moria")]
    assert catalog.by_name("Moria")


def test_the_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(catalog_module, "MEMO_LIMIT", 50)
    catalog = load_catalog_from(CARD_DB)
    for i in range(170):
        catalog.resolve(f"Dodge{'x' * (i % 3)} {i}", correct=False)
        catalog.by_name(f"Block {i}")
    assert len(catalog._resolved) <= 50 and len(catalog._looked_up) <= 50
    assert catalog.resolve("Dodge", alignment="wizard").card.name == "Dodge"
