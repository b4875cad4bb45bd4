"""Where a character comes from when it is played (coe 2.II.2.2): the hand, and for a Balrog player a non-unique
character of mind three or less from the discard pile or the sideboard too (2.II.2.2.B3: "When a Balrog player
plays a non-unique character with mind of three or less, that character may come from the player's hand, discard
pile, or sideboard"). Which one a player plays is its choice (`players.characters.CharacterChoices`)."""

from __future__ import annotations

RESERVE_MIND = 3          # coe 2.II.2.2.B3: "with mind of three or less"


def may_come_from_reserve(sim, kind: int, balrog: bool) -> bool:
    """coe 2.II.2.2.B3: a Balrog player's non-unique character with mind of three or less (not the avatar) may be
    played from the discard pile or the sideboard; no other character, and no other player's."""
    return balrog and not sim.unique[kind] and not sim.avatar[kind] and sim.mind[kind] <= RESERVE_MIND


def reserve_characters(sim, balrog: bool, discard, sideboard) -> frozenset[int]:
    """The character kinds of the discard pile and the sideboard the player may play as if from hand (B3)."""
    if not balrog:
        return frozenset()
    kinds = sim.character_kinds
    return frozenset(k for pile in (discard, sideboard) for k in pile
                     if k in kinds and may_come_from_reserve(sim, k, balrog))
