"""A deck's alignment from all the evidence a judge reads it by, when the list leaves out its avatar or its tags:
Balrog-specific cards and Balrog sites, the Ringwraiths' own cards (the Balrog's ban list), Stage cards and
Fallen-wizard sites, Under-deeps location decks; the avatar wherever it is written. Each both ways, on real decks
of ../shared/decks written as players write them (no tags, no set codes, no metadata)."""

from __future__ import annotations

import pytest

from deckcheck.decklist import parse_text, read_deck
from deckcheck.decklist.model import PART_ORDER, Deck, Part
from deckcheck.rules.engine import validate
from tests._shared import DECKS, corpus_files, needs_decks

HEADINGS = {Part.POOL: "Pool", Part.CHARACTERS: "Characters", Part.RESOURCES: "Resources", Part.HAZARDS: "Hazards",
            Part.PLAY: "Deck", Part.SIDEBOARD: "Sideboard", Part.FW_SIDEBOARD: "Sideboard vs. FW",
            Part.SITES: "Sites"}


def bare_list(deck: Deck, *, avatar: bool = True, tags: bool = False) -> str:
    """The deck as a player types it: headings and "3 Name" lines, no metadata; without its avatar lines in the play
    deck when `avatar` is false."""
    out = []
    for part in PART_ORDER:
        entries = [e for e in deck.part(part) if e.card and (avatar or not (e.card.avatar and part.in_play_deck))]
        if entries:
            out += [f"## {HEADINGS[part]}"]
            out += [f"{e.count} {e.card.name}" + (f" [{e.card.tag}]" if tags and e.card.tag else "") for e in entries]
    return "\n".join(out) + "\n"


def real_decks(alignment: str) -> list:
    found = []
    for path in corpus_files():
        try:
            deck = read_deck(path)
        except Exception:   # noqa: BLE001 - fragments of the corpus that are no decklist
            continue
        if deck.alignment == alignment and any(e.card and e.card.avatar for e in deck.play_deck()):
            found.append((path, deck))
    return found


@needs_decks
def test_a_balrog_list_without_the_balrog_is_a_balrog_deck():
    # on main these were Ringwraith decks, with 3 to 29 false errors (specific-card, starting-site, hazard-parity)
    decks = real_decks("balrog")
    assert len(decks) >= 10
    for path, deck in decks:
        lossy = parse_text(bare_list(deck, avatar=False), path=f"{path.name}.md")
        original, judged = validate(deck), validate(lossy)
        assert lossy.alignment == "balrog", (path, lossy.alignment_reason)
        assert "Balrog-specific" in lossy.alignment_reason or "Balrog sites" in lossy.alignment_reason
        assert {v.code for v in judged.violations if v.severity == "error"} == \
            {v.code for v in original.violations if v.severity == "error"}, path


@needs_decks
def test_a_ringwraith_list_without_its_ringwraith_stays_a_ringwraith_deck():
    decks = real_decks("ringwraith")
    assert len(decks) >= 10
    for path, deck in decks:
        lossy = parse_text(bare_list(deck, avatar=False), path=f"{path.name}.md")
        assert lossy.alignment == "ringwraith", (path, lossy.alignment_reason)


@needs_decks
def test_the_ringwraiths_own_cards_outweigh_a_balrog_card():
    # a Ringwraith deck with one Balrog-specific card stays a Ringwraith deck when it holds more of the cards the
    # Balrog's rules ban (Black Rider, Fell Rider, ... coe 1.3.B5); with fewer, it is a Balrog's
    text = "## Resources\n3 Black Rider\n2 Orc Quarrels\n## Hazards\n3 Orc-guard\n"
    kept = parse_text(text + "## Sideboard\n1 Great Shadow\n", path="rw.md")
    assert kept.alignment == "ringwraith"
    assert "3 Ringwraith cards the Balrog may not hold outweigh 1 Balrog ones" in kept.alignment_reason
    broken = parse_text(text + "## Sideboard\n2 Great Shadow\n2 Umagaur\n", path="b.md")
    assert broken.alignment == "balrog"
    assert "4 Balrog-specific and Balrog cards (Great Shadow, Umagaur)" in broken.alignment_reason
    assert "against 3 Ringwraith cards the Balrog may not hold (Black Rider)" in broken.alignment_reason


def test_balrog_sites_and_under_deeps_location_decks_weigh_in():
    minion = "## Resources\n3 Orc Quarrels\n2 Orc-draughts\n"
    tagged = parse_text(minion + "## Sites\n1 Moria [B]\n1 The Under-gates [B]\n1 Goblin-gate\n", path="s.md")
    assert tagged.alignment == "balrog" and "2 Balrog sites (Moria, The Under-gates)" in tagged.alignment_reason
    # untagged, "Moria" may be the minion Moria: no Balrog site; but a location deck of Under-deeps is a Balrog's
    deeps = parse_text(minion + "## Sites\n1 The Under-gates\n1 The Under-leas\n1 The Under-vaults\n1 Goblin-gate\n",
                       path="d.md")
    assert deeps.alignment == "balrog" and "3 of the 4 sites of the location deck are Under-deeps sites" in \
        deeps.alignment_reason
    # the five Balrog sites any player may hold (coe 1.4.1) and a few Under-deeps sites say nothing
    anyone = parse_text(minion + "## Sites\n1 Ancient Deep-hold\n1 The Wind-deeps\n1 The Under-leas\n"
                        "1 Goblin-gate\n1 Minas Morgul\n1 Dol Guldur\n", path="a.md")
    assert anyone.alignment == "ringwraith"


@needs_decks
def test_a_fallen_wizard_list_without_its_avatar_or_tags_is_a_fallen_wizards():
    decks = real_decks("fallen-wizard")
    assert decks
    for path, deck in decks:
        if not any(e.card and e.card.alignment in ("Stage", "Fallen-wizard") and not e.card.avatar
                   for e in deck.entries):
            continue
        lossy = parse_text(bare_list(deck, avatar=False), path=f"{path.name}.md")
        assert lossy.alignment == "fallen-wizard", (path, lossy.alignment_reason)
        assert "which only a Fallen-wizard plays" in lossy.alignment_reason


def test_an_untagged_wizard_is_the_fallen_wizards_only_with_evidence():
    # "Saruman" is the Wizard's and the Fallen-wizard's avatar: a Stage card decides, and the reason says so
    fallen = parse_text("## Characters\n2 Saruman\n## Resources\n1 Bad Company\n2 Dodge\n", path="f.md")
    assert fallen.alignment == "fallen-wizard"
    assert "avatar Saruman ×2 in the play deck, the Fallen-wizard's by 1 Fallen-wizard and Stage cards (Bad Company)" \
        in fallen.alignment_reason
    hero = parse_text("## Characters\n2 Saruman\n## Resources\n2 Dodge\n", path="h.md")
    assert hero.alignment == "wizard" and hero.alignment_reason == "wizard: avatar Saruman ×2 in the play deck"


def test_the_avatar_is_found_where_it_is_written():
    # written only in the sideboard (or under a wrong heading) it is still the avatar, when the play deck has none
    text = "## Resources\n3 Dodge\n2 Orc Quarrels\n3 Orc-draughts\n## Sideboard\n2 The Witch-king\n"
    deck = parse_text(text, path="w.md")
    assert deck.alignment == "ringwraith" and "avatar The Witch-king ×2 in the sideboard" in deck.alignment_reason
    # "The Balrog" is also an ally (a Ringwraith's resource): in a sideboard it decides nothing
    ally = parse_text("## Resources\n3 Orc Quarrels\n## Sideboard\n1 The Balrog\n", path="a.md")
    assert ally.alignment == "ringwraith"
    # in the play deck, untagged, it is the Balrog's avatar
    avatar = parse_text("## Characters\n1 The Balrog\n## Resources\n3 Orc Quarrels\n", path="b.md")
    assert avatar.alignment == "balrog" and avatar.avatar == "The Balrog"


@pytest.mark.skipif(not DECKS.is_dir(), reason="needs ../shared/decks")
def test_tagged_real_decks_keep_the_alignment_their_avatar_gives():
    for path, deck in real_decks("balrog") + real_decks("fallen-wizard"):
        again = parse_text(bare_list(deck, tags=True), path=f"{path.name}.md")
        assert again.alignment == deck.alignment, path
