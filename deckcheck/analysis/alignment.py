"""A deck's alignment, and the alignment rules that the statistics, the odds and the goldfish share.

- `deck_alignment`: the declared alignment, else the one the deck's avatars name.
- `plays_as_hazard`: hazard cards, and the agents a deck plays as hazards (they score nothing for it).
- `fallen_wizard_may_play_at`: coe 2.V.F1, "For a Fallen-wizard player to play a resource that would normally
  tap the site, the alignment of the resource being played must match the alignment of the site where it is
  being played. Wizardhavens and Stage resources count as either alignment for this purpose." A Ruins & Lairs
  counts as either too: a Fallen-wizard's companies "may use either the hero or minion version of a Ruins & Lairs
  site" (coe 2.II.7.F1), so the deck's one copy stands for whichever version the resource needs.
"""

from __future__ import annotations

from collections import Counter

from deckcheck.cards.model import Card
from deckcheck.decklist.model import Deck, DeckEntry, Part

AVATAR_ALIGNMENT = {"Hero": "wizard", "Minion": "ringwraith", "Fallen-wizard": "fallen-wizard",
                    "Balrog": "balrog", "Elf-lord": "elf-lord", "Dwarf-lord": "dwarf-lord",
                    "Dragon-lord": "dragon-lord"}
ALIGNMENTS = tuple(AVATAR_ALIGNMENT.values())

# Agents are hazards for these alignments (coe 1.3.B2, 2.IV.vii.1; GCCG's Dragon-lord format counts them as the
# Balrog's does); a Ringwraith or Fallen-wizard deck plays them as characters (coe 2.II.2.2.5) unless it lists
# them among its hazards.
AGENTS_AS_HAZARDS = ("wizard", "balrog", "dragon-lord")

# Resources of these alignments are hero or minion for coe 2.V.F1; Stage (and Dual) ones count as either.
SIDED = ("Hero", "Minion")


def deck_alignment(deck: Deck) -> str | None:
    """The declared alignment, else the one of the deck's avatars (the most copies), else None."""
    if deck.alignment in ALIGNMENTS:
        return deck.alignment
    votes: Counter[str] = Counter()
    for entry in deck.entries:
        card = entry.card
        if card and card.avatar and card.alignment in AVATAR_ALIGNMENT:
            votes[AVATAR_ALIGNMENT[card.alignment]] += entry.count
    return votes.most_common(1)[0][0] if votes else None


def plays_as_hazard(entry: DeckEntry, alignment: str | None) -> bool:
    """A hazard card, or an agent the deck plays as a hazard: no MP for its player (coe 10.4, 2.IV.vii.1)."""
    card = entry.card
    if card is None:
        return entry.part == Part.HAZARDS
    if card.type == "Hazard":
        return True
    return card.agent and (alignment in AGENTS_AS_HAZARDS or entry.part == Part.HAZARDS)


def fallen_wizard_may_play_at(resource: Card, site: Card) -> bool:
    """True if a Fallen-wizard may play `resource` (item, faction, ally) at `site` by coe 2.V.F1."""
    if resource.alignment not in SIDED or site.alignment == "Fallen-wizard" or site.site_type == "R":
        return True
    return site.alignment == resource.alignment
