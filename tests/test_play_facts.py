"""card_db/play.json: the play conditions the importer derives from the CoE data, and the site matching that
`stats` and `simulate` share (`deckcheck.analysis.playable`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.analysis.playable import SiteView, describe, place_fits, playable_sites, site_views
from deckcheck.cards.catalog import CARD_DB, load_catalog
from deckcheck.cards.play import (
    ANY,
    ORGANIZATION,
    PLAY_FILE,
    TAPPED,
    Place,
    PlayCondition,
    PlayFacts,
    SiteAttack,
    SiteFacts,
    dump_play_facts,
    facts_from_json,
    facts_to_json,
    load_play_facts,
)
from deckcheck.errors import DeckcheckError
from tests._shared import COE_CARDS, needs_coe


@pytest.fixture(scope="module")
def facts() -> PlayFacts:
    return load_play_facts()


def by_name(name: str, alignment: str | None = None):
    cards = [c for c in load_catalog().by_name(name) if alignment is None or c.alignment == alignment]
    assert cards, name
    return cards[0]


def condition(facts: PlayFacts, name: str, alignment: str | None = None) -> PlayCondition:
    return facts.condition(by_name(name, alignment).id)


# ---- the committed file -------------------------------------------------------------------------------


def test_the_committed_play_facts_fit_their_schema():
    import jsonschema

    schema = json.loads((Path(CARD_DB) / "play.schema.json").read_text(encoding="utf-8"))
    document = json.loads((Path(CARD_DB) / PLAY_FILE).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    assert "text" not in json.dumps(document).lower().replace("context", "")   # facts, not card text


@needs_coe
def test_the_importer_writes_the_committed_play_facts(tmp_path):
    from deckcheck.cards.play_import import import_play_facts, validate_play_facts

    document = import_play_facts(COE_CARDS)
    validate_play_facts(document)
    assert dump_play_facts(document) == (Path(CARD_DB) / PLAY_FILE).read_text(encoding="utf-8")


def test_facts_survive_a_json_round_trip(facts):
    assert facts_to_json(facts_from_json(json.loads(json.dumps(facts_to_json(facts))))) == facts_to_json(facts)


def test_a_missing_facts_file_says_how_to_rebuild_it(tmp_path):
    with pytest.raises(DeckcheckError, match="import-coe"):
        load_play_facts.__wrapped__(str(tmp_path))


def test_every_resource_worth_marshalling_points_has_a_condition_or_a_reason(facts):
    resources = [c for c in load_catalog().cards if c.type == "Resource" and ((c.mp or 0) > 0 or c.mp_alt)]
    assert len(resources) > 300
    for card in resources:
        cond = facts.condition(card.id)
        if cond is None and card.id in facts.attack_cancels:    # its creature becomes the ally (Ready to His Will)
            assert facts.attack_cancels[card.id].becomes_ally, card.display()
            continue
        assert cond is not None, card.display()
        assert cond.modelled or cond.unmodelled.strip(), card.display()
        if cond.modelled:   # a modelled card says where, or what it is played on or with
            assert cond.at or cond.ring or cond.on or cond.phase == ORGANIZATION, card.display()


# ---- what the importer reads ----------------------------------------------------------------------------


def test_site_types_and_automatic_attacks(facts):
    war_wolf = condition(facts, "War-wolf")
    assert war_wolf.at == (Place(types=("R",), auto_attack=("Wolf",)), Place(types=("S",), auto_attack=("Orc",)))
    assert war_wolf.site == ANY and war_wolf.bearer is None
    fire = condition(facts, "Blasting Fire")
    assert fire.at == (Place(types=("S", "D")), Place(auto_attack=("Dwarf",)))
    axe = condition(facts, "Ancient Black Axe")
    assert axe.at == (Place(types=("S",), under_deeps=True),) and axe.taps_site


def test_regions_exclusions_and_surface_sites(facts):
    assert condition(facts, "Ice-orcs").at == (Place(types=("R",), regions=("Forochel", "Withered Heath")),)
    blackbole = condition(facts, "Blackbole").at[0]
    assert blackbole.not_sites == ("Dol Guldur",) and len(blackbole.regions) == 3
    steed = condition(facts, "Noble Steed").at[0]
    assert steed.not_types == ("H",) and "Rohan" in steed.regions
    recruits = condition(facts, "A Few Recruits")
    assert recruits.at == (Place(types=("D", "S", "R"), under_deeps=False, surface=False, dragons_lair=False),)
    assert [m.influencer for m in recruits.modifications] == ["The Balrog", "Leader"]
    assert condition(facts, "Elves of Lindon").at == (Place(sites=("Grey Havens",)),)   # a name, not a Haven


def test_who_plays_it_and_whether_it_taps_the_site(facts):
    helm = condition(facts, "Helm of Fear")
    assert helm.bearer.avatar and helm.site == ANY and not helm.taps_site
    dreams = condition(facts, "Dreams of Lore")
    assert dreams.bearer.skills == ("Sage",) and dreams.taps_site and dreams.taps_bearer
    assert dreams.at == (Place(information=True),)
    smoke = condition(facts, "Smoke on the Wind")
    assert smoke.site == TAPPED and smoke.at == (Place(types=("F",)),)
    assert condition(facts, "Return of the King").bearer.names == ("Aragorn II",)


def test_stored_marshalling_points_rings_factions_and_reasons(facts):
    secret = condition(facts, "That Ain’t No Secret")
    assert secret.stored_at == (Place(types=("H",), haven="dark"),) and not secret.taps_site
    assert condition(facts, "Dwarven Ring of Durin’s Tribe", "Hero").ring == "Dwarven Ring"
    iron_hill = condition(facts, "Iron Hill Dwarves")
    assert iron_hill.influence == 8 and {(m.race, m.value) for m in iron_hill.modifications} == {("Elf", -2),
                                                                                                    ("Dwarf", 2)}
    assert condition(facts, "No News of Our Riding").unmodelled.startswith("needs an attack")
    assert condition(facts, "Ready to His Will") is None        # an attack cancel (`attack_cancels`)
    assert condition(facts, "Tribute Garnered").on == "faction"


def test_other_facts_sites_regions_bonuses_rings_modes(facts):
    moria = next(c for c in load_catalog().by_name("Moria") if c.alignment == "Minion")
    assert facts.site(moria.id).auto_attacks == ("Orc",)
    gold_hill = next(c for c in load_catalog().by_name("Gold Hill") if c.alignment == "Hero")
    assert facts.site(gold_hill.id).hoard                               # a Dragon's lair holds a hoard (METD)
    assert "Rhudaur" in facts.regions["Arthedain"].adjacent
    captain = by_name("Orc Captain", "Minion")
    assert facts.influence[captain.id][0].bonus == 3 and facts.influence[captain.id][0].races == ("Orc",)
    assert ("Dwarven Ring", 8, 99) in facts.ring_tests[by_name("Precious Gold Ring").id]
    assert facts.modes[by_name("Heralded Lord").id].direct_influence == 3
    assert facts.mode_influence[by_name("The Witch-king", "Minion").id] == {"Heralded Lord": 3}
    assert facts.hand_size[by_name("Hoarmûrath the Ringwraith").id].darkhaven
    assert facts.hand_size[by_name("Elrond").id].site == "Rivendell"
    assert facts.general_influence[by_name("Bade to Rule").id].general == 5


def site_of(name: str, alignment: str):
    return next(c for c in load_catalog().by_name(name) if c.alignment == alignment)


def test_automatic_attacks_as_facts(facts):
    """coe 2.V.ii: each site's printed attacks, in order, with strikes, prowess, race and flags."""
    moria = facts.site(site_of("Moria", "Hero").id)
    assert moria.attacks == (SiteAttack("Orc", 4, 7),)
    tirith = facts.site(site_of("Minas Tirith", "Minion").id).attacks
    assert tirith == (SiteAttack("Man", 1, 9, each_character=True, detainment="covert"),
                      SiteAttack("Dúnadan", 4, 10, overt_only=True))
    deep_hold = facts.site(site_of("Ancient Deep-hold", "Balrog").id).attacks   # the closing sentence: all three
    assert [(a.strikes, a.prowess, a.wounded_check) for a in deep_hold] == [(4, 7, -2), (3, 8, -2), (2, 10, -2)]
    barad = facts.site(site_of("Barad-dûr", "Balrog").id).attacks               # "by the Maia's attack": one
    assert [a.wounded_eliminated for a in barad] == [False, False, True] and barad[2].prowess == 24
    leas = facts.site(site_of("The Under-leas", "Minion").id)
    assert leas.attacks[0].detainment == "overt" and leas.hand_attack == ("R",) and not leas.hand_attack_unique
    assert facts.site(site_of("Eagles’ Eyrie", "Minion").id).attacks[0].attacker_chooses
    # a haven and a free-hold print none; the Balrog's own Moria is its haven
    assert facts.site(site_of("Rivendell", "Hero").id).attacks == ()
    assert facts.site(site_of("Moria", "Balrog").id).attacks == ()


def test_every_automatic_attack_race_has_its_attack(facts):
    for card_id, site in facts.sites.items():
        assert tuple(dict.fromkeys(a.race for a in site.attacks)) == site.auto_attacks, card_id
        assert all(a.strikes >= 1 and a.prowess >= 1 for a in site.attacks), card_id


def test_parse_automatic_attacks_reads_each_printed_form():
    from deckcheck.cards.site_attacks import parse_automatic_attacks

    attacks, keys, unique = parse_automatic_attacks(
        "Orcs - 5 strikes with 8 prowess, Trolls - 2 strikes with 10 prowess")
    assert [(a.race, a.strikes, a.prowess) for a in attacks] == [("Orc", 5, 8), ("Troll", 2, 10)] and not keys
    attacks, keys, unique = parse_automatic_attacks(
        "Orcs (1st attack) - 5 strikes with 7 prowess (detainment against overt company); (2nd attack) Opponent "
        "may play as an automatic- attack one non- unique hazard creature from his hand normally keyed to a "
        "Ruins and Lairs")
    assert attacks == (SiteAttack("Orc", 5, 7, detainment="overt"),) and keys == ("R",) and not unique
    assert parse_automatic_attacks("") == ((), (), False)
    attacks, _, _ = parse_automatic_attacks("Men - each character faces 1 strike at 9 (detainment)")
    assert attacks == (SiteAttack("Man", 1, 9, each_character=True, detainment="any"),)


# ---- matching sites -----------------------------------------------------------------------------------


def view(**facts) -> SiteView:
    base = dict(key="x", type="R", region="r", region_type="w", auto_attacks=frozenset(), hoard=False,
                under_deeps=False, surface=False, haven=None, information=False, items=frozenset())
    return SiteView(**{**base, **facts})


def test_place_fits_every_field():
    assert place_fits(Place(types=("R",), auto_attack=("Wolf",)), view(auto_attacks=frozenset({"Wolf"})))
    assert not place_fits(Place(types=("R",), auto_attack=("Wolf",)), view(auto_attacks=frozenset({"Orc"})))
    assert not place_fits(Place(types=("S",)), view())
    assert place_fits(Place(types=("H",), haven="dark"), view(type="H", haven="dark"))
    assert not place_fits(Place(types=("H",), haven="dark"), view(type="H", haven="hero"))
    assert place_fits(Place(types=("H", "S"), haven="dark"), view(type="S"))    # the haven kind is for havens
    assert not place_fits(Place(surface=False), view(surface=True))
    assert not place_fits(Place(items="major", hoard=True), view(items=frozenset({"major"})))
    assert place_fits(Place(items="major", hoard=True), view(items=frozenset({"major"}), hoard=True))
    assert place_fits(Place(region_type="w", not_types=("H",)), view())
    assert not place_fits(Place(dragons_lair=False), view(auto_attacks=frozenset({"Dragon"})))
    assert not place_fits(Place(sites=("Moria",), not_sites=("Moria",)), view(key="moria"))


def test_real_sites_match_the_real_conditions(facts):
    catalog = load_catalog()
    minion = [c for name in ("Moria", "Barad-dûr", "Minas Morgul", "Goblin-gate", "Gold Hill")
              for c in catalog.by_name(name) if c.alignment == "Minion"]
    views = site_views(minion, facts)
    for name, expected in (("Blasting Fire", {"Moria", "Barad-dûr", "Goblin-gate"}),
                           ("Helm of Fear", {"Barad-dûr"}), ("Great Bats", {"Moria", "Goblin-gate"}),
                           ("Orcs of Moria", {"Moria"})):
        card = by_name(name, "Minion")
        found = {minion[i].name for i in playable_sites(card, facts.condition(card.id), minion, views, "ringwraith")}
        assert found == expected, name
    assert describe(condition(facts, "Ice-orcs")) == "Ruins & Lairs in Forochel or Withered Heath"
    assert describe(PlayCondition(at=(Place(types=("S",)),), site=ANY)) == "Shadow-hold (tapped or untapped)"
    assert describe(PlayCondition(at=(Place(items="major", hoard=True),))) == "major item site with a hoard"
    assert SiteFacts().auto_attacks == ()


def test_the_docs_list_every_resource_worth_mp_the_simulation_cannot_play(facts):
    """docs/simulation.md keeps the list of resources worth MP whose condition is unmodelled, with the reason."""
    from tests._shared import PROJECT

    docs = (PROJECT / "docs" / "simulation.md").read_text(encoding="utf-8")
    listed = {line.split("|")[1].strip(): line.split("|")[3].strip()
              for line in docs.splitlines() if line.startswith("| ") and line.split("|")[1].strip()[:2].isalpha()
              and "-" in line.split("|")[1]}
    expected = {card.id: facts.condition(card.id).unmodelled for card in load_catalog().cards
                if card.type == "Resource" and ((card.mp or 0) > 0 or card.mp_alt)
                and facts.condition(card.id) is not None and not facts.condition(card.id).modelled}
    assert listed == expected


def test_validate_never_loads_the_play_facts():
    """The play facts are for stats and simulate: validate's start-up does not read or import them."""
    import subprocess
    import sys

    from tests._shared import PROJECT

    probe = ("import sys\nfrom deckcheck.cli import main\n"
             "try:\n    main(['validate', 'examples/wizard-legal.meccg'])\nexcept SystemExit:\n    pass\n"
             "print('LOADED', sorted(m for m in sys.modules if m in ('deckcheck.cards.play', "
             "'deckcheck.analysis.playable')), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=PROJECT, timeout=60)
    assert "LOADED []" in result.stderr, result.stderr
