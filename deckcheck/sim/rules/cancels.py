"""Cancelling an attack (coe 3.i: an attack may be canceled before strikes are assigned) with a resource
short-event whose facts are `card_db/play.json`'s `attack_cancels` (Concealment, Dark Quarrels, Escape...):
which attack the card may cancel and who in the company may play it. The choice to play one is the player's
(`players.attacks.attack_cancel`)."""

from __future__ import annotations

from deckcheck.cards.play import AttackCancel
from deckcheck.sim.rules.combat import Attack


def may_cancel(cancel: AttackCancel, attack: Attack, covert: bool = False, creature: bool = False) -> bool:
    """The card may be played on this attack: the attack may be canceled, the company is covert if the card
    cancels only then (`covert`: the company's status at the attack, coe 3.4; "Against a covert company, the
    attack is canceled"), a card whose creature becomes an ally only on a hazard creature's attack of one strike
    (`creature`: a creature played by the hazard player, not an automatic-attack, with that one attack; Ready to
    His Will), and, if the card names races, the attack is of one of them ("Cancel one attack by Orcs, Trolls,
    or Men")."""
    if not attack.cancellable or (cancel.covert and not covert):
        return False
    if cancel.becomes_ally and not (creature and attack.strikes == 1 and not attack.each_character_faces_strike):
        return False
    return not cancel.races or any(race in cancel.races for race in attack.races)


def who_may_cancel(cancel: AttackCancel, characters, skills, wounded) -> list:
    """The characters of the company who may play the card: with its skill ("Scout only"), untapped if it taps
    him, unwounded if it wounds him ("Playable on an unwounded character facing an attack")."""
    out = []
    for character in characters:
        if cancel.skill is not None and cancel.skill not in skills[character.kind]:
            continue
        if cancel.taps and character.tapped:
            continue
        if cancel.wounds and character in wounded:
            continue
        out.append(character)
    return out
