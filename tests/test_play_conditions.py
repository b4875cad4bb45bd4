"""docs/play-conditions.md, the play condition the engine reads for every resource worth MP, is current; and
targeted rules find every phrase of a card's text that states a play condition in the facts the engine reads
(`tests.play_conditions`)."""

from __future__ import annotations

import pytest

from deckcheck.analysis.playable import SiteView, place_fits, reading
from deckcheck.cards.catalog import load_catalog
from deckcheck.cards.play import ANY, Place, load_play_facts
from tests import play_conditions
from tests._shared import needs_coe


def condition(name: str, alignment: str | None = None):
    card = next(c for c in load_catalog().by_name(name) if alignment is None or c.alignment == alignment)
    return load_play_facts().condition(card.id)


def test_the_docs_table_is_current():
    """`python -m tests.play_conditions --write` remakes it after an import."""
    assert play_conditions.DOC.read_text(encoding="utf-8") == play_conditions.table()


def test_the_docs_table_has_a_row_for_every_resource_worth_mp_and_quotes_no_card_text():
    doc = play_conditions.DOC.read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| ") and line[2:4].isalpha()
            and line.split("|")[1].strip()[2:3] == "-"]
    assert len(rows) == len(play_conditions.mp_resources()) > 300
    assert "Playable at" not in doc and "playable at" not in doc      # the engine's reading, never the card's words


@needs_coe
def test_every_condition_holds_what_its_card_text_says():
    """Each targeted rule: a phrase of the text -> its fact in the condition (0 findings over the MP resources)."""
    found = play_conditions.findings()
    assert found == [], "\n".join(f"{card_id} {name}: {rule}" for rule, card_id, name in found)


def test_the_two_wrong_conditions_of_issue_22():
    cone = condition("Into the Smoking Cone")            # its MP need the card inverted at Mount Doom first
    assert not cone.modelled and "inverted" in cone.unmodelled
    enemy = condition("Knowledge of the Enemy")          # the plain first option, not the one after an attack
    assert enemy.modelled and enemy.at == (Place(types=("S", "D")),) and enemy.taps_bearer
    assert enemy.stored_at == (Place(types=("H",)),)


def test_the_incomplete_conditions_of_issue_22():
    vein = condition("Vein of Arda")                     # "Tap the site if it is not already tapped"
    assert vein.site == ANY and vein.taps_site and vein.once_per_site
    assert condition("Wizard’s Ring").bearer.avatar and condition("Wizard’s Ring").once_per_character
    assert condition("Whip of Many Thongs").bearer.avatar
    assert condition("Great Bats").once_per_company
    machinery = condition("Saruman’s Machinery")        # on your protected Isengard or The White Towers
    assert machinery.at == (Place(sites=("Isengard", "The White Towers")),) and machinery.protected
    assert machinery.avatar == ("Saruman",)
    ruse = condition("Great Ruse")                       # a Shadow-hold or Dark-hold hero site
    assert all(p.site_alignment == "hero" for p in ruse.at)
    assert condition("Radagast’s Black Bird").avatar == ("Radagast",)   # Radagast specific (coe 1.3.4)
    sapling = condition("Sapling of the White Tree")     # not playable in a Shadow-hold or Dark-hold
    assert sapling.at[0].not_types == ("S", "D")
    assert condition("Smoke on the Wind").once_per_site


def test_a_card_played_after_facing_an_attack_is_played_after_a_sites_automatic_attack():
    """The engine's companies face automatic-attacks now: "immediately after facing an Orc, Troll, or Man attack"
    holds after entering a site with one (a hazard creature's attack would too, which the goldfish never has)."""
    dark = condition("Dark Numbers")
    assert dark.modelled and dark.at == (Place(auto_attack=("Orc", "Troll", "Man")),)
    names = condition("The Names Among Them")
    assert names.modelled and names.at == (Place(types=("B", "F"), auto_attack=("any",)),)
    view = SiteView(key="x", type="B", region="r", region_type="b", auto_attacks=frozenset({"Man"}), hoard=False,
                    under_deeps=False, surface=False, haven=None, information=False, items=frozenset())
    assert place_fits(names.at[0], view) and not place_fits(names.at[0], SiteView(**{**view.__dict__,
                                                                                   "auto_attacks": frozenset()}))
    assert "Border-hold or Free-hold with an automatic-attack" in reading(names)


def test_a_hero_site_is_told_from_its_minion_version():
    view = SiteView(key="x", type="S", region="r", region_type="s", auto_attacks=frozenset(), hoard=False,
                    under_deeps=False, surface=False, haven=None, information=False, items=frozenset())
    hero_place = Place(types=("S",), site_alignment="hero")
    assert not place_fits(hero_place, view) and place_fits(hero_place, SiteView(**{**view.__dict__, "hero": True}))


@pytest.mark.parametrize("name, words", [
    ("Vein of Arda", "at Under-deeps site, site tapped or untapped; by Sage or Dwarf; taps the site and the "
                     "bearer; once per site"),
    ("Great Bats", "at Shadow-hold, site tapped or untapped; taps the site and the bearer; once per company"),
    ("Into the Smoking Cone", "NOT MODELLED"),
])
def test_the_reading_states_what_the_engine_reads(name, words):
    assert words in reading(condition(name))


# ---- the attacks a card's play makes the company face -----------------------------------------------------


def test_the_attacks_a_play_makes_the_company_face_are_facts():
    from deckcheck.cards.play import SiteAttack

    assert condition("Smoke on the Wind").attacks == (SiteAttack("Man", 5, 8), SiteAttack("Man", 1, 10))
    assert condition("Rescue Prisoners").attacks == (SiteAttack("Spider", 2, 7),)
    assert [a.race for a in condition("Breach the Hold").attacks] == ["Spawn", "Dwarf", "Dwarf"]
    assert condition("Seize Prisoners").attacks[0].race == "site"      # as the site's first automatic-attack
    assert condition("Great Bats").attacks == ()


def _sim_with_an_attack_card(prowess: int):
    """The synthetic deck of test_simulate, its Sword made a card whose play makes the company face one attack
    of 2 strikes."""
    from deckcheck.cards.play import SiteAttack
    from deckcheck.sim.model import build_sim_deck
    from tests.test_simulate import SWORD, kind, synthetic_deck

    sim = build_sim_deck(synthetic_deck())
    sword = kind(sim, SWORD)
    sim.play_attacks[sword] = (SiteAttack("Man", 2, prowess),)
    return sim, sword


@pytest.mark.parametrize("prowess, played", [(1, True), (30, False)])
def test_the_company_faces_the_cards_attacks_then_one_taps_for_it_or_it_is_discarded(prowess, played):
    from deckcheck.sim.turn.site import face_the_cards_attacks
    from tests.test_simulate import RUIN, at_site

    sim, sword = _sim_with_an_attack_card(prowess)
    game, company = at_site(sim, RUIN, 2, hand=[sword], rolls=[7] * 20)
    tapper = face_the_cards_attacks(game, company, sword)
    if played:                                 # the strikes fail: the one who took -3 is untapped, and taps for it
        assert tapper in company.characters and tapper.tapped
    else:                                      # every strike wounds: nobody is left untapped
        assert tapper is False and all(c.tapped for c in company.characters)


def test_the_player_plays_such_a_card_only_when_someone_may_stay_untapped():
    from deckcheck.sim.players.attacks import worth_the_cards_attacks
    from tests.test_simulate import RUIN, at_site

    easy, sword = _sim_with_an_attack_card(1)
    game, company = at_site(easy, RUIN, 2, hand=[sword])
    assert worth_the_cards_attacks(game, company, sword)
    hard, sword = _sim_with_an_attack_card(30)
    game, company = at_site(hard, RUIN, 2, hand=[sword])
    assert not worth_the_cards_attacks(game, company, sword)
