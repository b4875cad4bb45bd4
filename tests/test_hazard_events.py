"""The opponent's hazard events in duels (coe 2.IV.vii.3, 2.III.3, 2.IV.4): the facts the importer reads, each
rule on a hand-worked case, and each mechanic both ways on scenarios of real decks from ../shared/decks (an Arda
deck holding Doors of Night, Long Winter, River, Wake of War, Minions Stir, Snowstorm, Twilight and Gates of
Morning; another holding Heedless Revelry, Daelomin at Home and Power Built by Waiting), with fixed rolls."""

from __future__ import annotations

import pytest

from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.names import fold
from deckcheck.decklist import read_deck
from deckcheck.sim.model import ROLE_CHARACTER, build_sim_deck
from deckcheck.sim.referee import Referee
from deckcheck.sim.rules.combat import Attack
from deckcheck.sim.rules.events import EventSpec, boosted, returns_to_origin
from deckcheck.sim.rules.keying import Move, creature_keys, keys_for, site_path
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.state import OCCUPIED
from deckcheck.sim.turn import our_turn
from deckcheck.sim.turn.events import end_long_events, owner_of, resource_environment
from deckcheck.sim.turn.hazards import hazard_phase, staying_hazard_phase
from tests._shared import DECKS, needs_decks

ARDA = DECKS / "meccg-online" / "Arda" / "Wizards and Dragons.meccg"
NINE = DECKS / "meccg-online" / "Arda_Decks_(removed)" / "The Nine.meccg"
GANDALF = DECKS / "council-of-rivendell" / "Challenge Decks" / "E - Gandalf - Return of the King"
EVENTS = load_combat_facts()["events"]


def spec(card_id: str) -> EventSpec:
    return EventSpec.of(EVENTS[card_id])


# ---- the facts and the rules -----------------------------------------------------------------------------------

def test_the_importer_reads_the_common_events():
    assert EVENTS["TW-28"]["effect"] == "doors_of_night" and EVENTS["TW-28"]["environment"]
    assert EVENTS["LE-145"] == {"effect": "cancel_environment", "no_hazard_limit": True, "lasts": "short",
                                "environment": True}                                          # Twilight
    assert EVENTS["TW-61"]["doors"] == {"races": ["Orc"], "strikes": 2, "prowess": 2}       # Minions Stir
    assert EVENTS["LE-117"] == {"effect": "return_to_origin", "wildernesses": 2, "unless_skill": "ranger",
                                "lasts": "long", "environment": True, "not_duplicated": True}   # Long Winter
    assert EVENTS["TW-91"]["needs_doors"] and EVENTS["TW-91"]["wildernesses"] == 1          # Snowstorm
    assert EVENTS["TW-84"] == {"effect": "no_site_phase", "unless_skill": "ranger", "lasts": "short"}  # River
    assert EVENTS["TD-11"] == {"effect": "hazard_limit", "raise": 2, "use": "discard", "lasts": "permanent",
                               "lair": "Dancing Spire", "unless_in_play": "Daelomin Ahunt",   # Daelomin at Home
                               "lair_attack": {"race": "Dragon", "strikes": 3, "prowess": 14, "body": 8}}
    assert EVENTS["DM-83"]["automatic_only"] and EVENTS["DM-83"]["discard_when_defeated"]   # Redoubled Force
    assert "DM-86" not in EVENTS              # Scimitars of Steel: "Playable only if you have a Nazgûl ..."


def test_minions_stir_boosts_orcs_and_trolls_and_orcs_more_under_doors_of_night():
    orc, troll, wolf = ("Orc",), ("Troll",), ("Wolf",)
    attack = Attack(strikes=3, prowess=7)
    stir = [spec("TW-61")]
    assert boosted(attack, orc, False, "R", stir, doors=False)[0] == Attack(strikes=4, prowess=8)
    assert boosted(attack, orc, False, "R", stir, doors=True)[0] == Attack(strikes=5, prowess=9)
    assert boosted(attack, troll, False, "R", stir, doors=True)[0] == Attack(strikes=4, prowess=8)
    assert boosted(attack, wolf, False, "R", stir, doors=True) == (attack, [])


def test_redoubled_force_boosts_automatic_attacks_only():
    attack = Attack(strikes=2, prowess=8)
    force = [spec("DM-83")]
    assert boosted(attack, ("Orc",), True, "S", force, doors=False)[0] == Attack(strikes=5, prowess=10)
    assert boosted(attack, ("Orc",), False, "S", force, doors=False)[0] == attack


def test_long_winter_returns_a_company_with_two_wildernesses_and_no_ranger():
    move = Move(path=site_path("{w}{w}{b}"), regions=frozenset(), site_type="R", site="x", site_region="y")
    winter, snow = spec("LE-117"), spec("TW-91")
    assert returns_to_origin(winter, move, frozenset({"Warrior"}), doors=False)
    assert not returns_to_origin(winter, move, frozenset({"Ranger"}), doors=False)
    one = Move(path=site_path("{w}{b}"), regions=frozenset(), site_type="R", site="x", site_region="y")
    assert not returns_to_origin(winter, one, frozenset(), doors=False)
    assert returns_to_origin(snow, one, frozenset({"Ranger"}), doors=True)
    assert not returns_to_origin(snow, one, frozenset(), doors=False)        # Snowstorm needs Doors of Night


def test_a_dragon_is_keyed_to_its_regions_only_under_doors_of_night():
    smaug = load_combat_facts()["creatures"]["TW-90"]
    always, doors = creature_keys("", smaug), creature_keys(None, smaug["with_doors_of_night"])
    move = Move(path=site_path("{w}{w}"), regions=frozenset({fold("Iron Hills")}), site_type="R", site="x",
                site_region="y")
    assert keys_for(always, move) == []
    assert keys_for(doors, move) == [f"region:{fold('Iron Hills')}"]


# ---- in a game --------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sides():
    if not ARDA.is_file() or not NINE.is_file() or not GANDALF.exists():
        pytest.skip(f"needs the real decks of {DECKS} (../shared is absent)")
    return {name: side_of(build_sim_deck(read_deck(str(path))))
            for name, path in (("gandalf", GANDALF), ("arda", ARDA), ("nine", NINE))}


def kind(side, name: str) -> int:
    return next(k for k, c in enumerate(side.sim.kinds) if c.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def duel_at(sides, against: str, where: str, hand: list[str], rolls=(7,), names=("Aragorn II", "Faramir")):
    """Gandalf's characters (by name) at a site against the opponent's hazard hand (by name)."""
    us, them = sides["gandalf"], sides[against]
    sim = us.sim
    spot = site(sim, where)
    g = scenario(sim, starting_company=False, us=us, against=them, rolls=rolls,
                 characters=[(kind(us, n), spot) for n in names])
    g.hazards.cards.hand = [kind(them, n) for n in hand]
    g.hazards.cards.deck = []            # it draws nothing: the hand is all it has
    return g, g.companies[0]


def put(g, side, name: str) -> None:
    k = kind(side, name)
    g.board.add(k, side.hazards.event[k], g.hazards.cards.discard, owner_of(g), side.sim.kinds[k].id)


@needs_decks
def test_long_winter_in_play_returns_the_company_and_it_plays_nothing(sides):
    us = sides["gandalf"]
    rivendell, dest = site(us.sim, "Rivendell"), site(us.sim, "Moria")
    for winter in (True, False):
        g, company = duel_at(sides, "arda", "Rivendell", [], names=("Arwen", "Boromir II"))
        if winter:
            put(g, sides["arda"], "Long Winter")
        company.site = dest
        g.occupy(dest)
        hazard_phase(g, company, rivendell, dest, OCCUPIED)
        path = hazard_move_path(g, rivendell, dest)
        assert path.count("w") >= 2                      # Rivendell -> Moria crosses two Wildernesses
        assert (company.site == rivendell) is winter and company.lost is winter


def hazard_move_path(g, origin, dest):
    from deckcheck.sim.turn.hazards import move_seen

    return move_seen(g, origin, dest).path


@needs_decks
def test_the_hazard_player_plays_long_winter_on_a_company_without_a_ranger(sides):
    us = sides["gandalf"]
    rivendell, dest = site(us.sim, "Rivendell"), site(us.sim, "Moria")
    for names, returned in ((("Arwen", "Boromir II"), True), (("Aragorn II", "Boromir II"), False)):   # Aragorn: ranger
        g, company = duel_at(sides, "arda", "Rivendell", ["Long Winter"], names=names)
        company.site = dest
        g.occupy(dest)
        hazard_phase(g, company, rivendell, dest, OCCUPIED)
        assert (company.site == rivendell) is returned
        assert g.board.holds_card(sides["arda"].sim.kinds[kind(sides["arda"], "Long Winter")].id) is returned


@needs_decks
def test_river_costs_the_site_phase_unless_a_ranger_is_there(sides):
    us = sides["gandalf"]
    rivendell, dest = site(us.sim, "Rivendell"), site(us.sim, "Moria")
    for names, stopped in ((("Arwen", "Boromir II"), True), (("Aragorn II", "Boromir II"), False)):
        g, company = duel_at(sides, "arda", "Rivendell", ["River"], names=names)
        company.site = dest
        g.occupy(dest)
        hazard_phase(g, company, rivendell, dest, OCCUPIED)
        assert company.lost is stopped and (id(company) in g.stopped) is stopped


@needs_decks
def test_wake_of_war_is_played_before_a_wolf_and_boosts_its_attack(sides):
    arda = sides["arda"]
    wolves = [k for k, c in enumerate(arda.sim.kinds) if arda.hazards.creature[k] is not None
              and "Wolf" in arda.hazards.creature[k].races]
    if not wolves:
        pytest.skip("the Arda deck holds no Wolf creature")
    us = sides["gandalf"]
    rivendell, dest = site(us.sim, "Rivendell"), site(us.sim, "Moria")
    referee = Referee()
    for wake in (True, False):
        g, company = duel_at(sides, "arda", "Rivendell", (["Wake of War"] if wake else []), rolls=(12,),
                             names=("Arwen", "Boromir II", "Annalena"))
        g.observer = referee
        g.hazards.cards.hand += wolves[:1]
        company.site = dest
        g.occupy(dest)
        hazard_phase(g, company, rivendell, dest, OCCUPIED)
        played = g.stats.hazards_played
        assert (played[kind(arda, "Wake of War")] == 1) is wake
    assert referee.findings["hazard-limit"].count == 0


@needs_decks
def test_a_company_that_stays_faces_heedless_revelry(sides):
    nine = sides["nine"]
    for rolls, tapped in (((12,), True), ((2,), False)):
        g, company = duel_at(sides, "nine", "Rivendell", ["Heedless Revelry"], rolls=rolls)
        staying_hazard_phase(g, company)
        assert g.stats.hazards_played[kind(nine, "Heedless Revelry")] == 1
        assert all(c.tapped for c in company.characters) is tapped


@needs_decks
def test_daelomin_at_home_raises_the_hazard_limit_only_when_the_hand_needs_it(sides):
    nine = sides["nine"]
    creatures = [k for k in range(len(nine.sim.kinds)) if nine.hazards.creature[k] is not None
                 and nine.hazards.keys[k].site_types & {"S", "D", "R", "B", "F"}]
    us = sides["gandalf"]
    rivendell, dest = site(us.sim, "Rivendell"), site(us.sim, "Moria")
    referee = Referee()
    for daelomin in (True, False):
        g, company = duel_at(sides, "nine", "Rivendell", [], rolls=(12,), names=("Arwen", "Boromir II"))
        g.observer = referee
        if daelomin:
            put(g, nine, "Daelomin at Home")
        g.hazards.cards.hand += creatures * 3
        company.site = dest
        g.occupy(dest)
        hazard_phase(g, company, rivendell, dest, OCCUPIED)
        keyable = sum(g.stats.hazards_played)
        assert g.board.holds_card(nine.sim.kinds[kind(nine, "Daelomin at Home")].id) is False
        assert (keyable > 2) is daelomin
    assert referee.findings["hazard-limit"].count == 0


@needs_decks
def test_long_events_go_at_the_end_of_the_long_event_phase_permanent_ones_stay(sides):
    arda = sides["arda"]
    g, _ = duel_at(sides, "arda", "Rivendell", [])
    put(g, arda, "Wake of War")
    put(g, arda, "Doors of Night")
    end_long_events(g)
    assert [e[4] for e in g.board.events] == [arda.sim.kinds[kind(arda, "Doors of Night")].id]
    assert g.board.doors


@needs_decks
def test_gates_of_morning_answers_doors_of_night(sides):
    arda = sides["arda"]
    for answer in (True, False):
        us, them = arda, sides["nine"]
        g = scenario(us.sim, us=us, against=them, hand=[kind(us, "Gates of Morning")] if answer else [])
        doors = kind(them, "Doors of Night")
        g.board.add(doors, them.hazards.event[doors], g.hazards.cards.discard, owner_of(g), "TW-28")
        resource_environment(g)
        assert g.board.doors is not answer


@needs_decks
def test_the_referee_finds_a_resource_played_by_a_stopped_company(sides):
    g, company = duel_at(sides, "arda", "Moria", [])
    sim = g.sim
    referee = Referee()
    g.observer = referee
    item = next(k for k in range(len(sim.kinds)) if sim.role[k] != ROLE_CHARACTER and sim.taps_site[k])
    for stopped in (False, True):
        g.turn += 1
        if stopped:
            referee.stopped(g, company, "test")
        referee.resource_played(g, item, company.site, None)
        assert (referee.findings["stopped"].count == 1) is stopped


@needs_decks
def test_a_whole_duel_keeps_every_rule(sides):
    referee = Referee()
    arda, nine = sides["arda"], sides["nine"]
    g = scenario(arda.sim, us=arda, against=nine, observer=referee)
    for t in range(8):
        g.turn = t + 1
        our_turn(g)
    assert all(f.count == 0 for f in referee.findings.values()), {r: f.example for r, f in referee.findings.items()
                                                                  if f.count}
