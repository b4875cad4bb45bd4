"""What the sites do (coe 2.V.i-ii): automatic-attacks faced on entering, in the goldfish and against an opponent,
with wounds, body checks and detainment; healing at a haven (coe 2.I.1) and the player going home to heal. Each rule
both ways, on scenarios of real Challenge Decks with fixed rolls."""

from __future__ import annotations

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.play import SiteAttack, load_play_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.attacks import expected_loss, worth_entering
from deckcheck.sim.players.movement import plan_moves
from deckcheck.sim.rules.combat import STRIKE_FAILED, Attack, Defender, resolve_strike
from deckcheck.sim.rules.play import company_is_overt
from deckcheck.sim.rules.sites import attacks_faced, heals_at
from deckcheck.sim.scenario import scenario
from deckcheck.sim.state import OCCUPIED
from deckcheck.sim.trace import format_trace, trace_game
from deckcheck.sim.turn import untap
from deckcheck.sim.turn.hazards import face_attack
from deckcheck.sim.turn.site import site_phase
from tests._shared import DECKS, needs_decks

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"
GANDALF = CHALLENGE / "E - Gandalf - Return of the King"
WITCH_KING = CHALLENGE / "I - Witchking - Morgul Rallying Cry"


def kind(sim, name: str) -> int:
    return next(k for k, c in enumerate(sim.kinds) if c.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def at(g, where: int):
    """The scenario's company at the site (the drafted starting company is still at the starting haven)."""
    return next(c for c in g.companies if c.site == where)


def printed(name: str, alignment: str) -> tuple[SiteAttack, ...]:
    card = next(c for c in load_catalog().by_name(name) if c.alignment == alignment)
    return load_play_facts().site(card.id).attacks


@pytest.fixture(scope="module")
def gandalf():
    return build_sim_deck(read_deck(str(GANDALF)))


@pytest.fixture(scope="module")
def wraith():
    return build_sim_deck(read_deck(str(WITCH_KING)))


# ---- the rules -------------------------------------------------------------------------------------------------


def test_the_attacks_a_company_faces_depend_on_it_being_covert_or_overt():
    tirith = printed("Minas Tirith", "Minion")      # (1st) detainment against covert; (2nd) against overt only
    covert = attacks_faced(tirith, overt=False, balrog_in_play=False)
    overt = attacks_faced(tirith, overt=True, balrog_in_play=False)
    assert [(a.strikes, a.prowess, a.detainment, a.each_character_faces_strike) for a, _ in covert] == \
        [(1, 9, True, True)]
    assert [(a.prowess, a.detainment) for a, _ in overt] == [(9, False), (10, False)]


def test_balrog_automatic_attacks_are_ignored_while_the_balrog_is_in_play():
    gates = printed("The Under-gates", "Minion")    # g.bal.1
    assert [a.prowess for a, _ in attacks_faced(gates, overt=True, balrog_in_play=False)] == [16]
    assert attacks_faced(gates, overt=True, balrog_in_play=True) == ()


def test_a_wounding_attack_names_its_corruption_check_and_eliminations():
    deep_hold = attacks_faced(printed("Ancient Deep-hold", "Balrog"), overt=True, balrog_in_play=False)
    assert [check for _, check in deep_hold] == [-2, -2, -2]
    barad = attacks_faced(printed("Barad-dûr", "Balrog"), overt=True, balrog_in_play=False)
    assert [a.wounded_eliminated for a, _ in barad] == [False, False, True]


def test_minus_three_keeps_a_character_untapped_after_a_failed_strike():
    """coe 3.iv.3 both ways: the same roll fails the strike; without -3 the character taps."""
    attack = Attack(strikes=1, prowess=7)
    kept = Defender(prowess=6, body=8)
    assert resolve_strike(attack, kept, 0, 0, lambda: 9, stay_untapped=True).result == STRIKE_FAILED
    assert not kept.tapped
    plain = Defender(prowess=6, body=8)
    assert resolve_strike(attack, plain, 0, 0, lambda: 9).result == STRIKE_FAILED
    assert plain.tapped


def test_any_character_wounded_is_eliminated_without_a_body_check():
    rolls = iter([2, 2])                              # strike roll 2 (wounded), body check 2 (passed)
    plain = resolve_strike(Attack(strikes=1, prowess=16), Defender(prowess=5, body=9), 0, 0, lambda: next(rolls))
    assert plain.wounded and not plain.eliminated
    deadly = resolve_strike(Attack(strikes=1, prowess=16, wounded_eliminated=True), Defender(prowess=5, body=9),
                            0, 0, lambda: 2)
    assert deadly.wounded and deadly.eliminated


@needs_decks
def test_a_wounded_character_heals_at_a_haven_a_fallen_wizard_only_at_a_wizardhaven(gandalf):
    rivendell, moria = site(gandalf, "Rivendell"), site(gandalf, "Moria")
    assert heals_at(gandalf, rivendell, set()) and not heals_at(gandalf, moria, set())
    fallen = build_sim_deck(read_deck(str(DECKS / "gccg-restoration" / "Contrib" / "zara"
                                          / "{R}S_{F}{R} The Black Hills.dck")))
    assert fallen.alignment == "fallen-wizard"
    own = [i for i, s in enumerate(fallen.sites) if s.is_haven and s.alignment == "Fallen-wizard"]
    others = [i for i, s in enumerate(fallen.sites) if s.is_haven and s.alignment != "Fallen-wizard"]
    assert own and others
    assert heals_at(fallen, own[0], set()) and not heals_at(fallen, others[0], set())
    assert heals_at(fallen, others[0], {others[0]})          # a haven its cards made a Wizardhaven (g.hav.F1)


# ---- the site phase: entering and facing the attacks -----------------------------------------------------------


@needs_decks
def test_a_company_entering_moria_faces_its_orcs_and_plays_with_whoever_stays_untapped(gandalf):
    moria, narsil = site(gandalf, "Moria"), kind(gandalf, "Narsil")
    company = [(kind(gandalf, n), moria) for n in ("Aragorn II", "Faramir", "Annalena", "Arwen")]
    # every strike roll 12: every strike fails (four strikes, four characters: each faces one)
    g = scenario(gandalf, hand=[narsil], characters=company, rolls=[12], site_states={moria: OCCUPIED})
    site_phase(g, at(g, moria))
    assert narsil not in g.hand and g.in_play[narsil] == 1     # the one who took -3 played it
    assert sum(not c.tapped for c in at(g, moria).characters) == 0   # ... and tapped to play it
    # every roll 2: Aragorn took -3 (2 + 3 < 7: wounded), Faramir ties (2 + 5 = 7: tapped), Annalena and Arwen
    # are wounded; no body check fails (2 is not above any body); nobody untapped is left to play
    g = scenario(gandalf, hand=[narsil], characters=company, rolls=[2], site_states={moria: OCCUPIED})
    site_phase(g, at(g, moria))
    wounded = {gandalf.kinds[c.kind].name for c in g.wounded}
    assert narsil in g.hand and wounded == {"Aragorn II", "Annalena", "Arwen"}
    assert g.lost == 0
    assert all(c.tapped for c in at(g, moria).characters)


def _face_the_site(g, company) -> None:
    """The company faces its site's automatic-attacks, nobody taking -3 (whether it would enter or not)."""
    overt = company_is_overt(g, company)
    for attack, check in attacks_faced(g.sim.site_attacks[company.site], overt=overt, balrog_in_play=False):
        face_attack(g, company, attack, "", None, check, frozenset())


@needs_decks
def test_a_failed_body_check_eliminates_and_a_company_with_nothing_to_play_does_not_enter(gandalf):
    moria, narsil = site(gandalf, "Moria"), kind(gandalf, "Narsil")
    arwen = kind(gandalf, "Arwen")
    # Arwen alone (one strike and three excess strikes): roll 2 (wounded), body check 12 (above her 8)
    g = scenario(gandalf, hand=[narsil], characters=[(arwen, moria)], rolls=[2, 12], site_states={moria: OCCUPIED})
    _face_the_site(g, at(g, moria))
    assert g.lost == 1 and not any(c.site == moria for c in g.companies)
    g = scenario(gandalf, hand=[narsil], characters=[(arwen, moria)], rolls=[2, 8], site_states={moria: OCCUPIED})
    _face_the_site(g, at(g, moria))                                    # body check 8: not above 8, wounded
    assert g.lost == 0 and len(g.wounded) == 1
    # nothing in hand for Moria: the company does not enter, faces nothing
    g = scenario(gandalf, hand=[], characters=[(arwen, moria)], rolls=[2, 12], site_states={moria: OCCUPIED})
    site_phase(g, at(g, moria))
    assert g.lost == 0 and not g.wounded


@needs_decks
def test_a_company_that_would_end_tapped_does_not_enter(gandalf):
    """Arwen alone at Moria faces four strikes: under even odds at -3 she takes none (`stay_untapped`) and ends
    tapped whatever the rolls, so she does not enter for Narsil; with Aragorn II beside her she does (one of
    them faces fewer strikes)."""
    moria, narsil = site(gandalf, "Moria"), kind(gandalf, "Narsil")
    arwen, aragorn = kind(gandalf, "Arwen"), kind(gandalf, "Aragorn II")
    g = scenario(gandalf, hand=[narsil], characters=[(arwen, moria)], rolls=[2, 12], site_states={moria: OCCUPIED})
    assert g.player.enters_site(g, at(g, moria)) is None
    site_phase(g, at(g, moria))
    assert g.lost == 0 and not g.wounded and narsil in g.hand
    assert at(g, moria) in [c for c, _ in plan_moves(g)]                 # it does not wait there
    company = [(arwen, moria), (aragorn, moria)]
    g = scenario(gandalf, hand=[narsil], characters=company, rolls=[12], site_states={moria: OCCUPIED})
    assert g.player.enters_site(g, at(g, moria)) == narsil


@needs_decks
def test_detainment_against_a_covert_company_taps_instead_of_wounding(wraith):
    tirith = site(wraith, "Minas Tirith")
    palantir, horseman = kind(wraith, "Palantír of Minas Tirith"), kind(wraith, "Horseman in the Night")
    g = scenario(wraith, hand=[palantir], characters=[(horseman, tirith)], rolls=[2],
                 site_states={tirith: OCCUPIED})                       # covert: a Man alone
    site_phase(g, at(g, tirith))                       # enters: against detainment -3 risks no wound
    assert not g.wounded and at(g, tirith).characters[0].tapped and palantir in g.hand
    brawler = kind(wraith, "Orc Brawler")                              # overt: not detainment, two attacks
    g = scenario(wraith, hand=[palantir], characters=[(brawler, tirith), (horseman, tirith)], rolls=[2],
                 site_states={tirith: OCCUPIED})
    company = at(g, tirith)
    assert company_is_overt(g, company)
    assert not g.player.enters_site(g, company)      # 4 strikes of 10 more: the player stays out of it ...
    for attack, check in attacks_faced(wraith.site_attacks[tirith], overt=True, balrog_in_play=False):
        face_attack(g, company, attack, "Minas Tirith", None, check)   # ... had it entered, both are wounded
    assert len(g.wounded) == 2


@needs_decks
def test_the_player_weighs_what_the_attacks_may_cost(wraith):
    """A lone weak character does not enter Shelob's Lair (its Spider eliminates whoever it wounds) for a card
    worth no MP; a strong company may enter Moria for the Palantír's 3 MP."""
    lair, moria = site(wraith, "Shelob’s Lair"), site(wraith, "Moria")
    fellow = kind(wraith, "Ill-favoured Fellow")
    g = scenario(wraith, characters=[(fellow, lair)])
    assert expected_loss(g, at(g, lair)) > 1 and not worth_entering(g, at(g, lair), 0)
    strong = [(kind(wraith, n), moria) for n in ("Orc Captain", "Orc Veteran", "Orc Brawler", "Orc Tracker")]
    g = scenario(wraith, characters=strong)
    assert worth_entering(g, at(g, moria), 3)


# ---- healing and going home --------------------------------------------------------------------------------------


@needs_decks
def test_wounded_characters_heal_at_a_haven_to_tapped_and_stay_wounded_elsewhere(gandalf):
    rivendell, moria = site(gandalf, "Rivendell"), site(gandalf, "Moria")
    g = scenario(gandalf, characters=[(kind(gandalf, "Arwen"), rivendell), (kind(gandalf, "Faramir"), moria)])
    arwen = next(c for c in at(g, rivendell).characters if c.kind == kind(gandalf, "Arwen"))
    faramir = at(g, moria).characters[0]
    g.wounded = {arwen, faramir}
    untap(g)
    assert arwen not in g.wounded and arwen in g.stay_tapped          # healed, tapped this turn
    assert faramir in g.wounded and faramir in g.stay_tapped
    untap(g)
    assert arwen not in g.stay_tapped and not arwen.tapped            # untaps the turn after


@needs_decks
def test_a_worn_company_goes_home_to_heal(gandalf):
    dead_marshes = site(gandalf, "Dead Marshes")
    company = [(kind(gandalf, n), dead_marshes) for n in ("Aragorn II", "Faramir")]
    g = scenario(gandalf, characters=company, site_states={dead_marshes: OCCUPIED})
    worn = at(g, dead_marshes)
    g.wounded = set(worn.characters)
    assert [gandalf.site_is_haven[dest] for company, dest in plan_moves(g) if company is worn] == [True]
    here = gandalf.site_playable[dead_marshes][0]                    # unhurt, with a card to play there: stays
    g = scenario(gandalf, hand=[here], characters=company, site_states={dead_marshes: OCCUPIED})
    company = at(g, dead_marshes)
    assert [dest for c, dest in plan_moves(g) if c is company] == []
    g.wounded = set(company.characters)                                # worn, the same card in hand: home
    assert [gandalf.site_is_haven[dest] for c, dest in plan_moves(g) if c is company] == [True]


# ---- the trace --------------------------------------------------------------------------------------------------


@needs_decks
def test_the_trace_shows_each_automatic_attack_met(wraith, gandalf):
    text = format_trace(trace_game(wraith, 1, seed=1, turns=4))
    assert "the automatic-attack of" in text and "strike(s) of prowess" in text
    document = trace_game(gandalf, 0, seed=1, turns=1)     # game 1: at Moria Gandalf takes -3, plays Narsil
    strikes = [s for turn in document["turns"] for e in turn["events"] if e["what"] == "attack"
               for s in e.get("strikes", ())]
    kept = [s for s in strikes if s["stayed_untapped"]]
    # -3 for each who stays untapped (a lone defender of several strikes also takes -1 for each extra one)
    assert kept and all(s["prowess"] <= s["unmodified_prowess"] - 3 for s in kept)
    assert any(s["character"] == "Gandalf" and s["prowess"] == s["unmodified_prowess"] - 3 for s in kept)
    assert "(-3: stays untapped)" in format_trace(document)
