"""Cancelling an attack with a resource short-event (Concealment, Dark Quarrels, Escape...): the facts the importer
reads (card_db/play.json `attack_cancels`), the rule of which attack a card may cancel and who may play it
(sim/rules/cancels.py), the player's choice to play one (sim/players/attacks.attack_cancel), and the attack it
stops (sim/turn/hazards.face_attack); each both ways, on a real Challenge Deck."""

from __future__ import annotations

import pytest

from deckcheck.cards.play import AttackCancel, load_play_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.attacks import attack_cancel
from deckcheck.sim.rules.cancels import may_cancel, who_may_cancel
from deckcheck.sim.rules.combat import Attack
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.hazards import face_attack
from tests._shared import DECKS, needs_decks

ORCS = Attack(strikes=3, prowess=11, races=("Orc",))          # a dangerous attack by Orcs
WOLVES = Attack(strikes=3, prowess=11, races=("Wolf",))
WEAK = Attack(strikes=1, prowess=2, races=("Orc",))           # nobody is hurt by it


# ---- the facts --------------------------------------------------------------------------------------------

def test_the_importer_reads_who_cancels_which_attack():
    cancels = load_play_facts().attack_cancels
    assert cancels["TW-204"] == AttackCancel(skill="Scout", taps=True)                # Concealment
    assert cancels["TW-207"] == AttackCancel(races=("Orc", "Troll", "Man"))          # Dark Quarrels
    assert cancels["TW-229"] == AttackCancel(wounds=True)                             # Escape
    assert cancels["WH-43"].races == ("Wolf", "Animal", "Spider", "Dragon", "Drake", "Undead")
    assert cancels["WH-43"].skill == "Ranger" and not cancels["WH-43"].taps          # Crept Along Cleverly
    # not read: a spell with a corruption check (Vanishment), all attacks for a turn (Hiding), Sauron's
    # (Eye Never Sleeping), a roll (Trickery), nor a card that cancels no attack (Risky Blow)
    for card_id in ("TW-356", "TW-256", "AS-82", "TD-159", "TW-319"):
        assert card_id not in cancels


# ---- the rule ---------------------------------------------------------------------------------------------

def test_a_cancel_that_names_races_cancels_only_their_attacks():
    quarrels = AttackCancel(races=("Orc", "Troll", "Man"))
    assert may_cancel(quarrels, ORCS)
    assert not may_cancel(quarrels, WOLVES)
    assert may_cancel(AttackCancel(), WOLVES)                    # no race named: any attack
    assert not may_cancel(AttackCancel(), Attack(strikes=1, prowess=9, races=("Orc",), cancellable=False))


# ---- on a scenario -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def saruman():     # Challenge Deck A: Concealment x3, Dark Quarrels x2; Fatty Bolger a scout, Haldir a warrior
    return build_sim_deck(read_deck(str(DECKS / "council-of-rivendell" / "Challenge Decks"
                                        / "A - Saruman - Stewards of Gondor")))


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def at_rivendell(sim, names, hand, tapped=()):
    rivendell = next(i for i, s in enumerate(sim.sites) if s.name == "Rivendell")
    return scenario(sim, starting_company=False, characters=[(named(sim, n), rivendell) for n in names],
                    hand=[named(sim, n) for n in hand], tapped=[named(sim, n) for n in tapped])


@needs_decks
def test_only_a_character_with_the_skill_and_untapped_may_tap_for_concealment(saruman):
    concealment = saruman.attack_cancel[named(saruman, "Concealment")]
    g = at_rivendell(saruman, ["Fatty Bolger", "Haldir"], [])
    names = [saruman.kinds[c.kind].name for c in who_may_cancel(concealment, g.companies[0].characters,
                                                               saruman.skills, g.wounded)]
    assert names == ["Fatty Bolger"]
    g = at_rivendell(saruman, ["Fatty Bolger", "Haldir"], [], tapped=["Fatty Bolger"])
    assert who_may_cancel(concealment, g.companies[0].characters, saruman.skills, g.wounded) == []


@needs_decks
def test_the_player_cancels_a_dangerous_attack_with_the_card_that_costs_least(saruman):
    g = at_rivendell(saruman, ["Fatty Bolger", "Haldir"], ["Concealment", "Dark Quarrels"])
    kind, _actor = attack_cancel(g, g.companies[0], ORCS)
    assert saruman.kinds[kind].name == "Dark Quarrels"          # taps nobody
    kind, actor = attack_cancel(g, g.companies[0], WOLVES)      # Dark Quarrels cannot: the scout taps
    assert saruman.kinds[kind].name == "Concealment" and saruman.kinds[actor.kind].name == "Fatty Bolger"


@needs_decks
def test_the_player_faces_an_attack_that_threatens_nobody_or_that_no_card_in_hand_may_cancel(saruman):
    g = at_rivendell(saruman, ["Fatty Bolger", "Haldir"], ["Concealment", "Dark Quarrels"])
    assert attack_cancel(g, g.companies[0], WEAK) is None
    g = at_rivendell(saruman, ["Haldir"], ["Concealment", "Dark Quarrels"])     # no scout
    assert attack_cancel(g, g.companies[0], WOLVES) is None


@needs_decks
def test_a_canceled_attack_strikes_nobody_and_the_card_is_spent(saruman):
    g = at_rivendell(saruman, ["Fatty Bolger", "Haldir"], ["Dark Quarrels"])
    company = g.companies[0]
    result = face_attack(g, company, ORCS, "Orcs", None, None)
    assert result.strikes == [] and not result.defeated
    assert g.hand == [] and named(saruman, "Dark Quarrels") in g.discard
    assert not any(c.tapped for c in company.characters)
    g = at_rivendell(saruman, ["Fatty Bolger", "Haldir"], ["Dark Quarrels"])
    result = face_attack(g, g.companies[0], WOLVES, "Wolves", None, None)        # it may not cancel Wolves
    assert len(result.strikes) == 2 and g.hand == [named(saruman, "Dark Quarrels")]


@needs_decks
def test_a_cancel_is_kept_at_the_end_of_the_turn_only_against_an_opponent_and_while_someone_may_play_it(saruman):
    from deckcheck.sim.players.attacks import keeps_attack_cancel
    from deckcheck.sim.side import side_of

    concealment = named(saruman, "Concealment")
    rivendell = next(i for i, s in enumerate(saruman.sites) if s.name == "Rivendell")
    goldfish = at_rivendell(saruman, ["Fatty Bolger"], ["Concealment"])
    assert not keeps_attack_cancel(goldfish, concealment)       # alone, only the sites attack
    side = side_of(saruman)
    duel = scenario(saruman, us=side, against=side, starting_company=False,
                    characters=[(named(saruman, "Fatty Bolger"), rivendell)], hand=[concealment])
    assert keeps_attack_cancel(duel, concealment)
    duel = scenario(saruman, us=side, against=side, starting_company=False,
                    characters=[(named(saruman, "Haldir"), rivendell)], hand=[concealment])
    assert not keeps_attack_cancel(duel, concealment)            # no scout to tap for it


# ---- against a covert company only (Not Slay Needlessly, Ruse) ---------------------------------------------

MEN = Attack(strikes=2, prowess=14, races=("Man",))         # both characters likely lost


def test_the_importer_reads_the_cancels_of_a_covert_company():
    cancels = load_play_facts().attack_cancels
    assert cancels["LE-212"] == AttackCancel(races=("Elf", "Dwarf", "Dúnadan", "Man"), covert=True)  # Not Slay N.
    assert cancels["LE-225"] == AttackCancel(skill="Diplomat", taps=True, covert=True)                # Ruse
    assert not cancels["TW-207"].covert                                                                 # Dark Quarrels


def test_a_covert_cancel_cancels_only_against_a_covert_company():
    not_slay = AttackCancel(races=("Elf", "Dwarf", "Dúnadan", "Man"), covert=True)
    assert may_cancel(not_slay, MEN, covert=True)
    assert not may_cancel(not_slay, MEN, covert=False)           # an overt company: only its -2 way (not played)
    assert not may_cancel(not_slay, ORCS, covert=True)           # not a race it names
    assert may_cancel(AttackCancel(races=("Man",)), MEN, covert=False)    # a card that names no company


@pytest.fixture(scope="module")
def adunaphel():   # Challenge Deck F: Not Slay Needlessly x3; Eradan a Dúnadan, Layos a Man, Orc Captain an Orc
    return build_sim_deck(read_deck(str(DECKS / "council-of-rivendell" / "Challenge Decks"
                                        / "F - Adunaphel - Spies and Traitors")))


def at_dol_guldur(sim, names, hand):
    """The characters entering play at Dol Guldur, then moving (a Darkhaven cancels every attack on a minion
    company at it, not on one moving, coe 2.IV.5: the attacks below come on the move)."""
    site = next(i for i, s in enumerate(sim.sites) if s.name == "Dol Guldur")
    g = scenario(sim, starting_company=False, characters=[(named(sim, n), site) for n in names],
                 hand=[named(sim, n) for n in hand])
    g.in_transit = g.companies[0]
    return g


@needs_decks
def test_not_slay_needlessly_cancels_men_on_a_covert_company_and_not_on_an_overt_one(adunaphel):
    not_slay = named(adunaphel, "Not Slay Needlessly")
    g = at_dol_guldur(adunaphel, ["Eradan", "Layos"], ["Not Slay Needlessly"])
    result = face_attack(g, g.companies[0], MEN, "Men", None, None)
    assert result.strikes == [] and g.hand == [] and not_slay in g.discard
    g = at_dol_guldur(adunaphel, ["Eradan", "Orc Captain"], ["Not Slay Needlessly"])     # an Orc: overt
    assert attack_cancel(g, g.companies[0], MEN) is None
    result = face_attack(g, g.companies[0], MEN, "Men", None, None)
    assert len(result.strikes) == 2 and g.hand == [not_slay]


# ---- a creature that becomes an ally (Ready to His Will) ---------------------------------------------------

@pytest.fixture(scope="module")
def indur():       # Challenge Deck J: Ready to His Will x1; Hador and Odoacer, Men
    from deckcheck.sim.side import side_of

    challenge = DECKS / "council-of-rivendell" / "Challenge Decks"
    return (side_of(build_sim_deck(read_deck(str(challenge / "J - Indur - Seducing Nations of Men")))),
            side_of(build_sim_deck(read_deck(str(challenge / "A - Saruman - Stewards of Gondor")))))


def test_the_importer_reads_ready_to_his_will_as_a_cancel_that_makes_an_ally():
    cancel = load_play_facts().attack_cancels["LE-220"]
    assert cancel.becomes_ally and cancel.taps
    assert cancel.races == ("Orc", "Troll", "Giant", "Slayer", "Man")
    assert load_play_facts().condition("LE-220") is None        # played as the cancel, not at a site
    assert not load_play_facts().attack_cancels["TW-207"].becomes_ally                # Dark Quarrels


def test_a_creature_becomes_an_ally_only_from_a_hazard_creatures_attack_of_one_strike():
    ready = AttackCancel(races=("Orc", "Troll", "Man"), taps=True, becomes_ally=True)
    assert may_cancel(ready, WEAK, creature=True)
    assert not may_cancel(ready, WEAK)                           # an automatic-attack, or a creature's second
    assert not may_cancel(ready, ORCS, creature=True)            # three strikes
    assert not may_cancel(ready, Attack(strikes=1, prowess=9, races=("Wolf",)), creature=True)


def indur_moving(sides, hand):
    us, them = sides
    sim = us.sim
    site = next(i for i, s in enumerate(sim.sites) if s.name == "Dol Guldur")
    g = scenario(sim, us=us, against=them, starting_company=False,
                 characters=[(named(sim, n), site) for n in ("Hador", "Odoacer")], hand=[named(sim, n) for n in hand])
    g.in_transit = g.companies[0]            # on the move: a Darkhaven would cancel the attack (coe 2.IV.5)
    return g


def creature(g, name: str) -> int:
    return next(k for k, card in enumerate(g.opponent.sim.kinds) if card.name == name)


@needs_decks
def test_ready_to_his_will_takes_a_one_strike_troll_as_a_one_mp_ally_and_it_goes_with_its_controller(indur):
    g = indur_moving(indur, ["Ready to His Will"])
    company = g.companies[0]
    bert = creature(g, "“Bert” (Bûrat)")
    spec = g.opponent.hazards.creature[bert]
    result = face_attack(g, company, spec.attack(False), "Bert", bert, None, races=spec.races)
    ready = named(g.sim, "Ready to His Will")
    assert result.strikes == [] and g.hand == []
    holder = next(c for c in company.characters if ready in c.holdings)
    assert holder.tapped and g.category[3] == 1 and ready not in g.discard
    g.eliminate(company, holder)
    assert g.category[3] == 0 and ready in g.discard


@needs_decks
def test_ready_to_his_will_is_not_played_on_two_strikes_nor_on_an_automatic_attack(indur):
    g = indur_moving(indur, ["Ready to His Will"])
    hobgoblins = creature(g, "Hobgoblins")                       # Orcs, two strikes
    spec = g.opponent.hazards.creature[hobgoblins]
    result = face_attack(g, g.companies[0], spec.attack(False), "Hobgoblins", hobgoblins, None, races=spec.races)
    assert len(result.strikes) == 2 and g.hand == [named(g.sim, "Ready to His Will")] and g.category[3] == 0
    g = indur_moving(indur, ["Ready to His Will"])
    result = face_attack(g, g.companies[0], WEAK, "an automatic-attack", None, None, automatic=True)
    assert len(result.strikes) == 1 and g.category[3] == 0


@needs_decks
def test_a_card_exchanged_into_the_sideboard_is_ranked_after_the_listed_ones(indur):
    """coe 2.4 puts play-deck cards into the sideboard at an exhaustion; Ready to His Will (worth 1 MP, now a card
    the engine plays) may be one, and ranking the sideboard must not ask where the decklist lists it."""
    from deckcheck.sim.players.sideboard import listed_order, worth_bringing_in

    sim = indur[0].sim
    ready = named(sim, "Ready to His Will")
    assert ready not in sim.sideboard
    listed = sim.sideboard[0]
    assert listed_order(sim, listed) == 0 and listed_order(sim, ready) >= len(sim.sideboard)
    g = scenario(sim, sideboard=[ready, *sim.sideboard])
    assert all(kind != ready for _value, kind in worth_bringing_in(g, characters=True))   # dead in a goldfish
