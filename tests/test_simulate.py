"""The simulated-turn engine (`deckcheck simulate`): turn rules on small synthetic decks, reproducibility,
simulated draw frequencies against the exact odds, and sane numbers on a real challenge deck."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.analysis.odds import p_at_least
from deckcheck.analysis.scoring import scored_mp
from deckcheck.cards.model import Card
from deckcheck.decklist.model import Deck, DeckEntry, Part
from deckcheck.sim.match import game_rng, goldfish_state, play_goldfish, record_drawn, record_opening, run_games
from deckcheck.sim.model import (
    CALL_THRESHOLD,
    ROLE_CHARACTER,
    build_sim_deck,
    home_sites,
)
from deckcheck.sim.observe import Observer
from deckcheck.sim.players.hazard_model import HazardModel
from deckcheck.sim.rules.company import company_size
from deckcheck.sim.rules.hand import hand_size
from deckcheck.sim.rules.influence import unused_di
from deckcheck.sim.scenario import scenario
from deckcheck.sim.simulate import format_text, simulate, simulate_tables
from deckcheck.sim.state import AVAILABLE, DISCARDED, OCCUPIED, TAPPED, Company, GameState
from deckcheck.sim.tally import Tally
from deckcheck.sim.turn import our_turn, untap
from deckcheck.sim.turn.end import may_call, reset_hand
from deckcheck.sim.turn.movement import move, plan_moves
from deckcheck.sim.turn.organization import free_ringwraith_followers, play_character
from deckcheck.sim.turn.site import site_phase
from tests._shared import DECKS, needs_decks

FIXTURES = Path(__file__).parent / "fixtures" / "simulate"
GANDALF = DECKS / "council-of-rivendell" / "Challenge Decks" / "E - Gandalf - Return of the King"

_numbers = iter(range(1, 10_000))


def card(name: str, type_: str, **facts) -> Card:
    facts.setdefault("alignment", "Hero")
    facts.setdefault("subtypes", ())
    return Card(id=f"T-{next(_numbers)}", set="T", number=0, name=name, type=type_, **facts)


def site(name: str, site_type: str, havens: tuple[str, ...], draw: int | None = 1, items=(), **facts) -> Card:
    return card(name, "Site", site_type=site_type, havens=havens, draw=draw, playable_items=items, **facts)


# A wizard deck small enough to reason about by hand.
RIVENDELL = site("Rivendell", "H", ("Lórien",), draw=1)
LORIEN = site("Lórien", "H", ("Rivendell",), draw=2)
RUIN = site("Old Ruin", "R", ("Rivendell",), draw=3, items=("minor", "major"))
HOLD = site("Man Hold", "F", ("Rivendell",), draw=None)
FAR = site("Far Lair", "R", ("Lórien",), draw=2, items=("greater",))

LEADER = card("Leader", "Character", unique=True, mind=6, direct_influence=4, mp=2, mp_category="character")
SCOUT = card("Scout", "Character", unique=True, mind=3, direct_influence=0, mp=1, mp_category="character")
BIG = card("Big Hero", "Character", unique=True, mind=9, direct_influence=0, mp=3, mp_category="character")
SMALL = card("Small Fellow", "Character", mind=2, direct_influence=0, mp=0, mp_category="character")
SWORD = card("Sword", "Resource", subtypes=("Major Item",), mp=2, mp_category="item")
DAGGER = card("Dagger", "Resource", subtypes=("Minor Item",), mp=0, mp_category="item")
CROWN = card("Crown", "Resource", subtypes=("Greater Item",), unique=True, mp=4, mp_category="item")
SPECIAL = card("Odd Ring", "Resource", subtypes=("Special Item",), mp=2, mp_category="item")
HOLDMEN = card("Hold Men", "Resource", subtypes=("Faction",), unique=True, mp=3, mp_category="faction",
               playable_at=("Man Hold",), influence_check=7)
DODGE = card("Dodge", "Resource", subtypes=("Short-event",))
ORC = card("Orc", "Hazard", subtypes=("Creature",), mp=1, mp_category="kill")

PLAY = [(BIG, 1), (SMALL, 3), (SWORD, 3), (DAGGER, 3), (CROWN, 1), (SPECIAL, 1), (HOLDMEN, 1), (DODGE, 3),
        (ORC, 20)]


def synthetic_deck(play=PLAY, pool=(LEADER, SCOUT), alignment="wizard") -> Deck:
    entries = [DeckEntry(Part.POOL, 1, c.name, card=c) for c in pool]
    entries += [DeckEntry(Part.PLAY, n, c.name, card=c) for c, n in play]
    entries += [DeckEntry(Part.SITES, 1, s.name, card=s) for s in (RIVENDELL, LORIEN, RUIN, HOLD, FAR)]
    return Deck(path="synthetic", alignment=alignment, entries=entries)


@pytest.fixture(scope="module")
def sim():
    return build_sim_deck(synthetic_deck())


def kind(sim, c: Card) -> int:
    return next(k for k, known in enumerate(sim.kinds) if known.id == c.id)


def site_index(sim, s: Card) -> int:
    return next(i for i, known in enumerate(sim.sites) if known.id == s.id)


# ---- tables -------------------------------------------------------------------------------------------


def test_tables_draft_the_starting_company_and_link_sites(sim):
    assert [sim.kinds[k].name for k in sim.start_characters] == ["Leader", "Scout"]
    assert sim.deck_size == 36
    assert sim.sites[sim.start_site].name == "Rivendell"
    ruin, far = site_index(sim, RUIN), site_index(sim, FAR)
    assert set(sim.reachable[site_index(sim, RIVENDELL)]) == {ruin, site_index(sim, HOLD)}
    assert sim.reachable[site_index(sim, LORIEN)] == (far,)
    assert sim.play_sites[kind(sim, SWORD)] == {ruin}          # major items: only where majors are playable
    assert sim.play_sites[kind(sim, CROWN)] == {far}
    assert sim.play_sites[kind(sim, HOLDMEN)] == {site_index(sim, HOLD)}
    assert sim.play_sites[kind(sim, SPECIAL)] == frozenset()   # special items are not modelled
    assert sim.near == {ruin, site_index(sim, HOLD), far}      # Far Lair: via the adjacent haven Lórien


def test_leftover_pool_characters_join_the_play_deck():
    pool = (LEADER, SCOUT, BIG)            # 6 + 3 + 9 = 18 mind: all three fit the draft
    sim = build_sim_deck(synthetic_deck(play=[(c, n) for c, n in PLAY if c is not BIG], pool=pool))
    assert len(sim.start_characters) == 3
    heavy = card("Heavy", "Character", unique=True, mind=9, mp=2)
    sim = build_sim_deck(synthetic_deck(play=[(c, n) for c, n in PLAY if c is not BIG], pool=pool + (heavy,)))
    drafted = {sim.kinds[k].name for k in sim.start_characters}
    assert sum(sim.mind[k] for k in sim.start_characters) <= 20
    left_out = [sim.kinds[k].name for k in sim.play_deck if sim.role[k] == ROLE_CHARACTER
                and sim.kinds[k].name in {"Leader", "Scout", "Big Hero", "Heavy"}]
    assert set(left_out) == {"Leader", "Scout", "Big Hero", "Heavy"} - drafted


# A Fallen-wizard's own haven (g.hav.F1: his characters enter play only at a Wizardhaven or their home site).
WIZARDHAVEN = site("Lone Tower", "H", ("Rivendell",), draw=1, alignment="Fallen-wizard")


def fallen_wizard_deck(play=PLAY, pool=(LEADER, SCOUT)) -> Deck:
    deck = synthetic_deck(play=play, pool=pool, alignment="fallen-wizard")
    deck.entries.append(DeckEntry(Part.SITES, 1, WIZARDHAVEN.name, card=WIZARDHAVEN))
    return deck


def test_a_fallen_wizard_neither_drafts_nor_plays_characters_of_mind_above_five():
    sim = build_sim_deck(fallen_wizard_deck())                         # Leader has mind 6
    assert [sim.kinds[k].name for k in sim.start_characters] == ["Scout"]
    assert kind(sim, LEADER) in sim.play_deck
    assert sim.character_sites[kind(sim, LEADER)] == frozenset()
    assert sim.character_sites[kind(sim, SMALL)]                       # mind 2: fine
    assert sim.mp[kind(sim, SWORD)] == 1                               # and every MP card scores 1


def test_a_fallen_wizard_plays_characters_only_at_a_wizardhaven():
    sim = build_sim_deck(fallen_wizard_deck())                         # g.hav.F1: not at Rivendell nor Lórien
    assert sim.character_sites[kind(sim, SMALL)] == {site_index(sim, WIZARDHAVEN)}
    wizard = build_sim_deck(synthetic_deck())                          # a Wizard's at either Haven
    assert wizard.character_sites[kind(wizard, SMALL)] == {site_index(wizard, RIVENDELL), site_index(wizard, LORIEN)}
    without = build_sim_deck(synthetic_deck(alignment="fallen-wizard"))   # no Wizardhaven: nowhere
    assert without.character_sites[kind(without, SMALL)] == frozenset()


def test_a_fallen_wizard_plays_orcs_and_trolls_only_with_bad_company():
    orc = card("Orc Chief", "Character", unique=True, alignment="Minion", mind=4, mp=1, races=("Orc",))
    troll = card("Troll Lout", "Character", alignment="Minion", mind=3, mp=1, races=("Troll",))
    play = PLAY + [(troll, 1)]
    sim = build_sim_deck(synthetic_deck(play=play, pool=(SCOUT, orc), alignment="fallen-wizard"))
    assert [sim.kinds[k].name for k in sim.start_characters] == ["Scout"]          # coe 1.9.F2
    assert sim.character_sites[kind(sim, orc)] == sim.character_sites[kind(sim, troll)] == frozenset()
    bad_company = Card(id="WH-63", set="WH", number=63, name="Bad Company", type="Resource",
                       subtypes=("Permanent-event",), alignment="Stage", stage_points=2)
    sim = build_sim_deck(fallen_wizard_deck(play=play, pool=(SCOUT, orc, bad_company)))
    assert [sim.kinds[k].name for k in sim.start_characters] == ["Scout", "Orc Chief"]
    assert sim.character_sites[kind(sim, troll)]
    sim = build_sim_deck(synthetic_deck(play=play, pool=(SCOUT, orc)))                # a Wizard: no limit
    assert len(sim.start_characters) == 2 and sim.character_sites[kind(sim, troll)]


def test_a_balrog_reads_any_dark_hold_as_an_under_deeps_site_and_plays_one_more_non_unique():
    orc = card("Orc Sneak", "Character", alignment="Minion", mind=2, mp=0, home_site="Any Dark-hold")
    hold = site("Dark Hold", "D", (), draw=2)
    deeps = site("Deep Hole", "R", (), draw=2, under_deeps=True)
    sims = {}
    for alignment in ("ringwraith", "balrog"):
        deck = synthetic_deck(play=PLAY + [(orc, 2)], alignment=alignment)
        deck.entries += [DeckEntry(Part.SITES, 1, s.name, card=s) for s in (hold, deeps)]
        sims[alignment] = build_sim_deck(deck)
    minion, balrog = sims["ringwraith"], sims["balrog"]
    assert site_index(minion, hold) in minion.character_sites[kind(minion, orc)]
    assert site_index(minion, deeps) not in minion.character_sites[kind(minion, orc)]
    assert site_index(balrog, deeps) in balrog.character_sites[kind(balrog, orc)]      # coe 2.II.2.2.B1
    assert site_index(balrog, hold) not in balrog.character_sites[kind(balrog, orc)]
    for sim, expected in ((minion, 1), (balrog, 2)):                                 # coe 2.II.2.2.B2
        game = scenario(sim, deck=[kind(sim, ORC)] * 40, hand=[kind(sim, orc), kind(sim, orc)] + [kind(sim, ORC)] * 6)
        our_turn(game)
        played = [c for company in game.companies for c in company.characters if c.kind == kind(sim, orc)]
        assert len(played) == expected, sim.alignment


def test_a_fallen_wizard_plays_resources_only_at_sites_of_their_alignment():
    minion_sword = card("Orc Blade", "Resource", subtypes=("Major Item",), alignment="Minion", mp=1)
    minion_hold = site("Orc Hold", "S", ("Rivendell",), draw=2, items=("major",), alignment="Minion")
    for alignment, blade_sites in (("wizard", {RUIN, minion_hold}), ("fallen-wizard", {RUIN, minion_hold})):
        deck = synthetic_deck(play=PLAY + [(minion_sword, 2)], alignment=alignment)
        deck.entries.append(DeckEntry(Part.SITES, 1, minion_hold.name, card=minion_hold))
        sim = build_sim_deck(deck)
        # coe 2.II.7.F1: a Ruins & Lairs serves a Fallen-wizard as either version; a Shadow-hold only as its own
        assert sim.play_sites[kind(sim, minion_sword)] == {site_index(sim, s) for s in blade_sites}, alignment
        sword_sites = {RUIN} if alignment == "fallen-wizard" else {RUIN, minion_hold}
        assert sim.play_sites[kind(sim, SWORD)] == {site_index(sim, s) for s in sword_sites}   # coe 2.V.F1


def test_agents_are_hazards_for_a_wizard_and_home_site_characters_for_a_ringwraith():
    from deckcheck.sim.model import ROLE_HAZARD

    agent = card("Spy", "Character", unique=True, alignment="Minion", agent=True, mind=4, mp=1,
                 home_site="Old Ruin")
    wizard = build_sim_deck(synthetic_deck(play=PLAY + [(agent, 1)]))
    assert wizard.role[kind(wizard, agent)] == ROLE_HAZARD                            # coe 1.3.B2
    sim = build_sim_deck(synthetic_deck(play=PLAY + [(agent, 1)], alignment="ringwraith"))
    assert sim.role[kind(sim, agent)] == ROLE_CHARACTER
    assert sim.character_sites[kind(sim, agent)] == {site_index(sim, RUIN)}         # coe 2.II.2.2.5: no haven
    sim = build_sim_deck(synthetic_deck(pool=(SCOUT, agent), alignment="ringwraith"))
    assert [sim.kinds[k].name for k in sim.start_characters] == ["Scout"]           # coe 1.9.R2
    summons = Card(id="WH-46", set="WH", number=46, name="Open to the Summons", type="Resource",
                   subtypes=("Permanent-event",), alignment="Neutral")
    sim = build_sim_deck(synthetic_deck(pool=(SCOUT, agent, summons), alignment="ringwraith"))
    assert [sim.kinds[k].name for k in sim.start_characters] == ["Scout", "Spy"]


def test_scoring_follows_alignment():
    hero_item = card("Hero Sword", "Resource", subtypes=("Major Item",), mp=3)
    minion_item = card("Minion Sword", "Resource", subtypes=("Major Item",), alignment="Minion", mp=3)
    faction = card("Elves", "Resource", subtypes=("Faction",), mp=3)
    stage = card("Stage", "Resource", subtypes=("Permanent-event",), alignment="Stage", mp=2)
    assert scored_mp(hero_item, "wizard") == (3, "")
    assert scored_mp(minion_item, "wizard") == (2, "half: minion item")   # half, rounded up (coe 10.W1)
    assert scored_mp(hero_item, "ringwraith")[0] == 2        # coe 10.R1
    assert scored_mp(minion_item, "balrog")[0] == 3
    assert scored_mp(hero_item, "balrog")[0] == 2            # coe 10.B1
    assert scored_mp(faction, "fallen-wizard")[0] == 1       # coe 10.F1
    assert scored_mp(stage, "fallen-wizard")[0] == 2
    sim = build_sim_deck(synthetic_deck(play=PLAY + [(minion_item, 1)]))
    assert sim.mp[kind(sim, minion_item)] == 2            # the simulation scores with the same function
    assert CALL_THRESHOLD == {1: 20, 2: 25, 3: 30, 4: 40}


def test_home_sites_read_site_types_regions_and_lists():
    sites = [
        site("Moria", "H", ()), site("The Under-gates", "H", ()),
        site("Cirith Ungol", "D", (), region="Imlad Morgul"), site("Minas Morgul", "H", (), region="Imlad Morgul"),
        site("The Iron-deeps", "D", (), under_deeps=True), site("The Under-grottos", "R", (), under_deeps=True),
        site("Bandit Lair", "R", ()),
    ]
    assert home_sites("Moria, The Under-gates", sites) == [0, 1]
    assert home_sites("Any Dark-hold", sites) == [2, 4]
    assert home_sites("Any site in Imlad Morgul", sites) == [2, 3]
    assert home_sites("any non-Dark-hold Under-deeps site", sites) == [5]
    assert home_sites("Any non-Under-deeps Ruins & Lairs", sites) == [6]
    assert home_sites("Thranduil's Halls", sites) == []


# ---- the turn rules -----------------------------------------------------------------------------------


def test_hand_resets_to_eight_discarding_dead_cards_first(sim):
    game = scenario(sim, hand=[kind(sim, CROWN), kind(sim, SPECIAL)] + [kind(sim, SWORD)] * 3 + [kind(sim, ORC)] * 7,
                    used_unique=[kind(sim, CROWN)])              # a unique already in play is dead in hand
    reset_hand(game)
    assert len(game.hand) == 8
    assert kind(sim, CROWN) in game.discard and kind(sim, SPECIAL) in game.discard
    assert game.hand.count(kind(sim, SWORD)) == 3               # the MP cards are kept
    game = scenario(sim, hand=[kind(sim, SWORD)] * 3)
    before = len(game.deck)
    reset_hand(game)                                           # fewer than 8: draw up to 8 (coe 2.VI.ii)
    assert len(game.hand) == 8 and len(game.deck) == before - 5


def test_exhaustion_reshuffles_the_discard_pile_and_returns_sites(sim):
    ruin = site_index(sim, RUIN)
    game = scenario(sim, hand=[], deck=[kind(sim, ORC), kind(sim, SWORD)], discard=[kind(sim, DAGGER)] * 3,
                    site_states={ruin: DISCARDED}, turn=4)
    game.draw(3)
    assert game.exhaustions == 1 and game.first_exhaustion == 4
    assert sorted(game.hand[:2]) == sorted([kind(sim, ORC), kind(sim, SWORD)])
    assert game.hand[2] == kind(sim, DAGGER)
    assert game.deck == [kind(sim, DAGGER)] * 2 and game.discard == []
    assert game.site_state[ruin] == AVAILABLE                   # discarded sites go back to the location deck


def at_site(sim, where: Card, size: int, characters=(), **more) -> tuple[GameState, Company]:
    """A scenario whose starting company stands at `where`, filled up with Small Fellows to `size` characters
    (then `characters` enter as the scenario's)."""
    here = site_index(sim, where)
    fill = [(kind(sim, SMALL), here)] * max(0, size - len(sim.start_characters))
    game = scenario(sim, start_at=here, characters=fill + list(characters), **more)
    return game, game.companies[0]


def test_a_site_taps_once_then_allows_one_more_minor_item(sim):
    game, company = at_site(sim, RUIN, 3, hand=[kind(sim, SWORD), kind(sim, SWORD), kind(sim, DAGGER), kind(sim, ORC)])
    mp = game.mp
    site_phase(game, company)
    assert game.mp == mp + 2                                    # one Sword; the Dagger gives no MP
    assert game.hand.count(kind(sim, SWORD)) == 1 and kind(sim, DAGGER) not in game.hand
    assert game.site_state[company.site] == TAPPED
    assert sum(c.tapped for c in company.characters) == 2
    untap(game)                                                  # the characters untap, the site stays tapped
    assert not any(c.tapped for c in company.characters) and game.site_state[company.site] == TAPPED
    site_phase(game, company)                                    # tapped: nothing more this time through
    assert game.hand.count(kind(sim, SWORD)) == 1 and game.mp == mp + 2


def test_influence_check_must_exceed_the_factions_number(sim):
    game, company = at_site(sim, HOLD, 2, hand=[kind(sim, HOLDMEN)], rolls=[3])   # 3 + 4 = 7, not above 7: fails
    leader = next(c for c in company.characters if c.kind == kind(sim, LEADER))
    assert unused_di(game, leader) == 4
    site_phase(game, company)
    assert game.hand == [] and game.discard == [kind(sim, HOLDMEN)]
    assert leader.tapped and game.site_state[company.site] == OCCUPIED
    game, company = at_site(sim, HOLD, 2, hand=[kind(sim, HOLDMEN)], rolls=[4])   # 4 + 4 = 8 > 7: in play
    mp = game.mp
    site_phase(game, company)
    assert game.mp == mp + 3 and game.site_state[company.site] == TAPPED


def test_followers_use_up_direct_influence_for_the_check(sim):
    hold = site_index(sim, HOLD)
    game, company = at_site(sim, HOLD, 2, characters=[(kind(sim, SMALL), hold, kind(sim, LEADER))],  # mind 2 under
                            tapped=[kind(sim, SCOUT), kind(sim, SMALL)],                           # Leader's DI 4
                            rolls=[5], hand=[kind(sim, HOLDMEN)])                                  # 5 + 2 = 7: fails
    leader = next(c for c in company.characters if c.kind == kind(sim, LEADER))
    assert not leader.tapped and all(c.tapped for c in company.characters if c is not leader)
    assert company.characters[-1].controller is leader
    assert unused_di(game, leader) == 2
    site_phase(game, company)
    assert game.discard == [kind(sim, HOLDMEN)]


def test_general_influence_limits_characters_to_twenty_mind(sim):
    game = scenario(sim, hand=[kind(sim, BIG)])
    assert game.gi_used == 9                                    # Leader 6 + Scout 3
    play_character(game)                                       # 9 + 9 = 18 <= 20
    assert game.gi_used == 18 and kind(sim, BIG) in game.used_unique
    other_big = card("Other Big", "Character", mind=9, mp=3)
    sim2 = build_sim_deck(synthetic_deck(play=PLAY + [(other_big, 1)]))
    game = scenario(sim2, characters=[(kind(sim2, BIG), sim2.start_site)], hand=[kind(sim2, other_big)])
    assert game.gi_used == 18
    play_character(game)                                       # 27 > 20 and no DI of 9: stays in hand
    assert game.hand == [kind(sim2, other_big)] and game.gi_used == 18


def test_one_character_per_turn_and_followers_save_general_influence(sim):
    game = scenario(sim, hand=[kind(sim, SMALL), kind(sim, SMALL)])
    play_character(game)
    assert game.hand == [kind(sim, SMALL)]
    newcomer = game.companies[0].characters[-1]
    assert newcomer.controller is not None and newcomer.controller.kind == kind(sim, LEADER)
    assert game.gi_used == 9


def test_movement_draws_by_the_destination_or_the_origin_for_a_haven(sim):
    game = scenario(sim, hand=[])
    company = game.companies[0]
    move(game, company, site_index(sim, RUIN))
    assert len(game.hand) == 3                                  # Old Ruin: draw 3
    move(game, company, site_index(sim, RIVENDELL))
    assert len(game.hand) == 6                                  # to a haven: the site moved from (3), not 1
    assert game.site_state[site_index(sim, RUIN)] == AVAILABLE  # left untapped: back to the location deck
    move(game, company, site_index(sim, HOLD))
    assert len(game.hand) == 7                                  # no draw number printed: at least one


def test_a_company_draws_only_with_the_avatar_or_a_character_of_mind_three(sim):
    rivendell, ruin = site_index(sim, RIVENDELL), site_index(sim, RUIN)
    game = scenario(sim, starting_company=False, characters=[(kind(sim, SMALL), rivendell)], hand=[])
    company = game.companies[0]                                        # mind 2 only (coe 2.IV.v)
    move(game, company, ruin)
    assert game.hand == []
    game = scenario(sim, starting_company=False, characters=[(kind(sim, SMALL), ruin), (kind(sim, SCOUT), ruin)],
                    hand=[])                                           # mind 3: draws again
    move(game, game.companies[0], rivendell)
    assert len(game.hand) == 3


def test_fallen_wizard_and_balrog_draw_by_the_haven_they_move_to():
    for alignment, expected in (("wizard", 3), ("fallen-wizard", 1), ("balrog", 1)):
        sim = build_sim_deck(synthetic_deck(pool=(SCOUT,), alignment=alignment))
        game, company = at_site(sim, RUIN, 1, hand=[])
        move(game, company, site_index(sim, RIVENDELL))                  # Old Ruin draws 3, Rivendell 1
        assert len(game.hand) == expected, alignment                    # coe 2.IV.v.F1, B1


def test_hands_are_reset_after_movement_before_the_site_phase(sim):
    seen = []

    class HandAtSitePhase(Observer):
        def phase(self, g, name):
            if name == "movement":
                seen.append(list(g.hand))

    game = scenario(sim, observer=HandAtSitePhase(), hand=[kind(sim, DAGGER)] + [kind(sim, CROWN)] * 7,
                    deck=[kind(sim, ORC)] * 20 + [kind(sim, CROWN)] * 3)   # the Ruin's 3 cards come off the end
    our_turn(game)                                                     # heads for the Ruin: the Dagger
    assert game.companies[0].site == site_index(sim, RUIN)
    assert len(seen) == 1 and len(seen[0]) == 8                         # coe 2.IV.viii: 8 + 3 drawn -> 8
    assert kind(sim, DAGGER) in seen[0]                                 # kept: playable where it is going
    assert game.discard.count(kind(sim, CROWN)) == 3


def test_with_the_avatar_in_play_general_influence_only_at_its_site():
    wizard = card("Wizard", "Character", unique=True, avatar=True, direct_influence=10, mp=0)
    roamer = card("Roamer", "Character", unique=True, mind=4, direct_influence=0, mp=1, home_site="Old Ruin")
    sim = build_sim_deck(synthetic_deck(play=PLAY + [(wizard, 1), (roamer, 1), (LEADER, 1)], pool=(SCOUT,)))
    rivendell, ruin = site_index(sim, RIVENDELL), site_index(sim, RUIN)
    game, scout_company = at_site(sim, RUIN, 1)
    assert game.avatar_site() is None
    game, scout_company = at_site(sim, RUIN, 1, characters=[(kind(sim, wizard), rivendell)], hand=[kind(sim, roamer)])
    avatar_company = game.companies[1]
    assert game.avatar_site() == rivendell and avatar_company.site == rivendell
    play_character(game)                                               # its home site, but GI: coe 2.II.2.2
    assert scout_company.characters[-1].kind == kind(sim, SCOUT)
    assert avatar_company.characters[-1].kind == kind(sim, roamer)
    game, scout_company = at_site(sim, RUIN, 1, characters=[(kind(sim, wizard), rivendell),
                                                            (kind(sim, LEADER), ruin)],   # direct influence 4
                                  hand=[kind(sim, roamer)])                                # at the Ruin
    leader = scout_company.characters[-1]
    assert leader.kind == kind(sim, LEADER)
    play_character(game)                                               # as a follower it may go there
    assert scout_company.characters[-1].kind == kind(sim, roamer)
    assert scout_company.characters[-1].controller is leader


def test_a_ringwraith_stays_home_without_a_mode_and_controls_followers_only_when_no_one_else_can():
    wraith = card("Wraith", "Character", unique=True, avatar=True, alignment="Minion", direct_influence=5,
                  home_site="Old Ruin")
    sim = build_sim_deck(synthetic_deck(play=PLAY + [(wraith, 1)], alignment="ringwraith"))
    assert site_index(sim, RUIN) not in sim.character_sites[kind(sim, wraith)]   # coe 2.II.2.1.R3
    home = sim.start_site
    wraith_first = [(kind(sim, wraith), home)] + [(k, home) for k in sim.start_characters]
    game = scenario(sim, starting_company=False, characters=wraith_first,
                    hand=[kind(sim, SMALL), kind(sim, SWORD)] + [kind(sim, ORC)] * 6)
    company = game.companies[0]
    play_character(game)
    small = company.characters[-1]
    assert small.kind == kind(sim, SMALL) and small.controller.kind == kind(sim, LEADER)   # free to travel
    moves = plan_moves(game)
    assert [dest for _, dest in moves] == [site_index(sim, RUIN)]
    moving = moves[0][0]
    assert kind(sim, wraith) not in [c.kind for c in moving.characters]
    staying = next(c for c in game.companies if c is not moving)
    assert [c.kind for c in staying.characters] == [kind(sim, wraith)]             # no mode: it stays home
    assert staying.site == site_index(sim, RIVENDELL)
    # nobody else has room: the Ringwraith takes the follower (MELE p. 19), which moves to general influence
    # as soon as there is room, so that it may travel (coe 2.II.3.3). The Leader's direct influence (4) is
    # used up by two followers, general influence by Leader, Scout, Big Hero and a Small Fellow (6+3+9+2 = 20).
    leader = kind(sim, LEADER)
    game = scenario(sim, starting_company=False,
                    characters=wraith_first + [(kind(sim, SMALL), home, leader)] * 2
                    + [(kind(sim, BIG), home), (kind(sim, SMALL), home)],
                    hand=[kind(sim, SMALL)] + [kind(sim, ORC)] * 7)
    company = game.companies[0]
    wraith_character = company.characters[0]
    assert game.gi_used == game.gi_max and wraith_character.followers_mind == 0
    play_character(game)
    assert company.characters[-1].controller is wraith_character
    free_ringwraith_followers(game)
    assert company.characters[-1].controller is wraith_character                  # still no room
    game.eliminate(company, next(c for c in company.characters if c.kind == kind(sim, BIG)))   # room for 9
    free_ringwraith_followers(game)
    assert company.characters[-1].controller is None and wraith_character.followers_mind == 0


def test_a_tapped_site_is_discarded_when_the_company_leaves(sim):
    game, company = at_site(sim, RUIN, 2, site_states={site_index(sim, RUIN): TAPPED})
    move(game, company, site_index(sim, RIVENDELL))
    assert game.site_state[site_index(sim, RUIN)] == DISCARDED


def test_the_company_heads_for_the_site_its_hand_can_use(sim):
    game = scenario(sim, hand=[kind(sim, SWORD)] + [kind(sim, ORC)] * 7)
    moves = plan_moves(game)
    assert [(c is game.companies[0], dest) for c, dest in moves] == [(True, site_index(sim, RUIN))]
    game = scenario(sim, hand=[kind(sim, CROWN)] + [kind(sim, ORC)] * 7)   # the Crown needs Far Lair, from Lórien
    assert [dest for _, dest in plan_moves(game)] == [site_index(sim, LORIEN)]


def test_a_company_goes_back_to_a_haven_unless_its_site_is_still_of_use(sim):
    hand = [kind(sim, SWORD)] + [kind(sim, ORC)] * 7
    game, company = at_site(sim, RUIN, 2, hand=hand)
    assert plan_moves(game) == []                              # untapped, a Sword to play: stay
    game, company = at_site(sim, RUIN, 2, hand=hand, site_states={site_index(sim, RUIN): TAPPED})
    assert [dest for _, dest in plan_moves(game)] == [site_index(sim, RIVENDELL)]


def test_a_company_that_lost_its_site_phase_stays_and_plays_next_turn(sim):
    game, company = at_site(sim, RUIN, 2, lost=[site_index(sim, RUIN)], hand=[kind(sim, SWORD)] + [kind(sim, ORC)] * 7)
    assert company.lost
    mp = game.mp
    our_turn(game)
    assert company.site == site_index(sim, RUIN) and game.mp == mp + 2


def test_a_company_leaving_a_haven_holds_at_most_seven_hobbits_counting_half():
    hobbit = card("Hobbit", "Character", mind=1, direct_influence=0, races=("Hobbit",))
    sim = build_sim_deck(synthetic_deck(play=PLAY + [(hobbit, 3)]))
    home = sim.start_site
    game = scenario(sim, characters=[(kind(sim, SMALL), home)] * 4 + [(kind(sim, hobbit), home)] * 3,
                    hand=[kind(sim, SWORD)] + [kind(sim, ORC)] * 7)
    company = game.companies[0]                                         # Leader, Scout at Rivendell, and 7 more
    assert company_size(game.sim, company.characters) == 6 + 2                          # coe 2.II.3.1.1: 3 halves -> 2
    moves = plan_moves(game)
    assert moves[0] == (company, site_index(sim, RUIN))
    assert company_size(game.sim, company.characters) == 7                              # coe 2.II.3.1
    left = [c for c in game.companies if c is not company]
    assert len(left) == 1 and left[0].site == site_index(sim, RIVENDELL) and len(left[0].characters) == 1
    staying = left[0].characters[0].kind                                          # least direct influence first
    assert sim.direct_influence[staying] == min(sim.direct_influence[c.kind] for c in company.characters)
    # what stays plans a move of its own, never to the same site (coe 2.II.7.1)
    assert all(dest != site_index(sim, RUIN) for c, dest in moves if c is left[0])


def test_the_company_splits_towards_two_good_sites(sim):
    game = scenario(sim, hand=[kind(sim, SWORD), kind(sim, HOLDMEN)] + [kind(sim, ORC)] * 6)
    moves = plan_moves(game)
    assert sorted(dest for _, dest in moves) == sorted([site_index(sim, RUIN), site_index(sim, HOLD)])
    by_dest = {dest: company for company, dest in moves}
    influencer = by_dest[site_index(sim, HOLD)].characters[0]
    assert influencer.kind == kind(sim, LEADER)                 # the faction site gets the best influence


def test_never_exhausted_is_kept_apart_from_a_turn_number(sim):
    short = simulate_tables(sim, games=300, turns=2, seed=5)
    assert [row["turn"] for row in short["per_turn"]] == [1, 2]
    ex = short["exhaustion"]
    assert ex["p_within_turns"] == 0 and ex["games_never_exhausted"] == 300     # 36 cards do not run out in 2
    assert ex["mean_turn"] is None and ex["p_within_turns_ci95"][1] < 0.02
    assert "never within 2 turns in 300 games" in format_text(short)
    longer = simulate_tables(sim, games=300, turns=20, seed=5)["exhaustion"]
    assert longer["p_within_turns"] == 1 and longer["games_never_exhausted"] == 0 and 3 < longer["mean_turn"] < 20
    assert set(longer) == {"p_within_turns", "p_within_turns_ci95", "games_never_exhausted", "mean_turn", "horizon"}


def test_a_card_drawn_and_discarded_counts_as_drawn_and_one_left_in_the_deck_says_never_drawn(sim):
    from deckcheck.sim.report import never_played_reason

    crown, dagger = kind(sim, CROWN), kind(sim, DAGGER)
    deck = [k for k in sim.play_deck if k != crown]             # the Crown was drawn and discarded; no Dagger drawn
    game = scenario(sim, hand=[], deck=deck)
    tally = Tally(turns=3, kinds=len(sim.kinds))
    record_drawn(game, tally)
    assert tally.drawn_games[crown] == 1 and tally.drawn_games[dagger] == 0
    tally.games = 1
    assert never_played_reason(sim, tally, dagger, "none") == "never drawn within 3 turns in 1 game"
    assert not never_played_reason(sim, tally, crown, "none").startswith("never drawn")
    game = scenario(sim, hand=[], deck=deck, exhaustions=1)     # coe 2.4: the whole deck went through the hand
    record_drawn(game, tally)
    assert tally.drawn_games[dagger] == 1 and tally.drawn_games[crown] == 2


def test_a_short_event_the_hazard_model_spends_is_not_said_to_cancel_anything_without_that_model(sim):
    from deckcheck.sim.report import never_played_reason

    tally = Tally(turns=3, kinds=len(sim.kinds), games=1)
    dodge = kind(sim, DODGE)
    assert "cancel" not in never_played_reason(sim, tally, dodge, "none")
    assert "cancel" not in never_played_reason(sim, tally, dodge, "against")
    assert "the --hazards model spends it to cancel" in never_played_reason(sim, tally, dodge, "light")


def test_final_scores_are_those_of_the_last_reported_turn(sim):
    s = simulate_tables(sim, games=300, turns=2, seed=5)         # no exhaustion in 2 turns: games play on
    last = s["per_turn"][-1]["mean_mp"]
    assert math.isclose(sum(s["final_mp_by_category"].values()), last, abs_tol=0.01)
    # after two turns most MP are the starting characters': the half rule (coe 10.3.iv) cuts them
    assert 0 < s["final_mp_half_rule"] < last
    assert "under the half rule" in format_text(s)
    one = simulate_tables(sim, games=1, turns=1, seed=5)
    assert ": 1 game of 1 own turn, seed 5" in format_text(one) and "300 games of 2 own turns" in format_text(s)


def test_calling_the_game_needs_the_threshold_and_exhaustions(sim):
    assert not may_call(scenario(sim, mp=25))                  # 2-deck: 25 MP and one exhaustion
    assert not may_call(scenario(sim, mp=24, exhaustions=1))
    assert may_call(scenario(sim, mp=25, exhaustions=1))
    assert may_call(scenario(sim, mp=0, exhaustions=2))        # or two exhaustions


def test_a_ringwraith_calls_only_by_playing_sudden_call():
    call = card("Sudden Call", "Resource", subtypes=("Short-event",), alignment="Minion")
    sim = build_sim_deck(synthetic_deck(play=PLAY + [(call, 1)], alignment="ringwraith"))
    assert not may_call(scenario(sim, mp=25, exhaustions=1, hand=[kind(sim, DODGE)]))   # coe 10.2.R1: not freely
    game = scenario(sim, mp=25, exhaustions=1, hand=[kind(sim, call), kind(sim, DODGE)], discard=[])
    assert may_call(game) and game.hand == [kind(sim, DODGE)] and game.discard == [kind(sim, call)]
    assert may_call(scenario(sim, mp=0, exhaustions=2, hand=[kind(sim, DODGE)]))   # both decks run out twice:
    assert not sim.cancels[kind(sim, call)] and sim.cancels[kind(sim, DODGE)]      # the game ends
    game = scenario(sim, hand=[kind(sim, call)] + [kind(sim, SWORD)] * 8)
    reset_hand(game)
    assert kind(sim, call) in game.hand                         # kept over MP cards
    wizard = build_sim_deck(synthetic_deck(play=PLAY + [(call, 1)]))
    assert may_call(scenario(wizard, mp=25, exhaustions=1, hand=[]))   # a Wizard calls freely


def test_a_ringwraith_fetches_sudden_call_from_its_sideboard_at_an_exhaustion():
    call = card("Sudden Call", "Resource", subtypes=("Short-event",), alignment="Minion")
    deck = synthetic_deck(alignment="ringwraith")
    deck.entries.append(DeckEntry(Part.SIDEBOARD, 1, call.name, card=call))
    sim = build_sim_deck(deck)
    assert sim.sideboard_calls == (kind(sim, call),) and kind(sim, call) not in sim.play_deck
    game = scenario(sim, deck=[kind(sim, ORC)], hand=[], discard=[kind(sim, SWORD), kind(sim, DODGE)])
    game.draw(1)                                                # the last card: exhausted (coe 2.4)
    assert sorted(game.deck) == sorted([kind(sim, SWORD), kind(sim, call)])   # Dodge went to the sideboard
    assert game.sideboard_calls == []
    game = scenario(sim, deck=[kind(sim, ORC)], hand=[], discard=[kind(sim, SWORD)], sideboard_calls=[])
    game.draw(1)                                                # the sideboard has no other copy
    assert game.deck == [kind(sim, SWORD)]
    wizard_deck = synthetic_deck()
    wizard_deck.entries.append(DeckEntry(Part.SIDEBOARD, 1, call.name, card=call))
    assert build_sim_deck(wizard_deck).sideboard_calls == ()    # a Wizard calls without it


def test_a_called_game_stops_scoring():
    sim = build_sim_deck(synthetic_deck(), length=1)               # 1-deck: 20 MP suffice, no exhaustion needed
    game = scenario(sim, mp=20)
    tally = Tally(turns=5, kinds=len(sim.kinds))
    play_goldfish(game, 5, tally)
    assert tally.called == [1] * 5
    assert len(set(tally.mp_sum)) == 1 and tally.reached == [1] * 5   # frozen after turn 1


def test_hazards_cost_the_site_phase_or_a_character_unless_a_short_event_cancels(sim):
    lose_site_phase, eliminate = HazardModel(odds=(1.0, 0.0)), HazardModel(odds=(0.0, 1.0))
    no_short_event = [kind(sim, ORC)] * 30                              # draws bring no short-event
    game = scenario(sim, hazards=lose_site_phase, deck=no_short_event, hand=[kind(sim, DODGE)], discard=[])
    company = game.companies[0]
    move(game, company, site_index(sim, RUIN))
    assert not company.lost and game.discard == [kind(sim, DODGE)]     # Dodge spent on the hazard
    move(game, company, site_index(sim, RIVENDELL))
    assert not company.lost                                             # havens: no hazard model
    game = scenario(sim, hazards=lose_site_phase, deck=no_short_event, hand=[kind(sim, SWORD)])
    company = game.companies[0]
    move(game, company, site_index(sim, RUIN))
    assert company.lost
    game = scenario(sim, hazards=eliminate, deck=no_short_event, hand=[], start_at=site_index(sim, RUIN))
    company = game.companies[0]
    move(game, company, site_index(sim, RIVENDELL))
    assert [c.kind for c in company.characters] == [kind(sim, LEADER), kind(sim, SCOUT)]   # havens: no hazard
    mp = game.mp
    move(game, company, site_index(sim, RUIN))
    assert [c.kind for c in company.characters] in ([kind(sim, LEADER)], [kind(sim, SCOUT)])
    assert game.mp < mp and game.gi_used < 9                            # the victim's MP and influence go


def test_eliminating_a_character_whose_followers_must_go_removes_the_company_once(sim):
    """Regression: the last follower's discard emptied the company, which was then removed a second time
    (ValueError in 21 of 9,000 heavy-hazard games of The Game Warden)."""
    ruin = site_index(sim, RUIN)
    game = scenario(sim, starting_company=False, characters=[(kind(sim, LEADER), ruin),
                                                             (kind(sim, SMALL), ruin, kind(sim, LEADER))],
                    general_influence=1, discard=[])           # with the leader gone GI has no room for the
    company = game.companies[0]                                # follower: it is discarded (coe 2.II.8)
    leader, follower = company.characters
    assert follower.controller is leader and game.gi_used == sim.mind[leader.kind]
    game.eliminate(company, leader)
    assert company not in game.companies and game.companies == []
    assert game.discard == [kind(sim, SMALL)] and kind(sim, LEADER) not in game.discard   # eliminated: out
    assert game.site_state[site_index(sim, RUIN)] == AVAILABLE


def test_hazard_model_costs_marshalling_points(sim):
    calm = simulate_tables(sim, games=400, turns=10, seed=3, hazards="none")
    heavy = simulate_tables(sim, games=400, turns=10, seed=3, hazards="heavy")
    assert heavy["per_turn"][-1]["mean_mp"] < calm["per_turn"][-1]["mean_mp"]


# ---- reproducibility and the Monte Carlo check --------------------------------------------------------


def test_same_seed_same_report_whatever_the_workers(sim):
    one = simulate_tables(sim, games=2000, turns=6, seed=11, jobs=1)
    assert one == simulate_tables(sim, games=2000, turns=6, seed=11, jobs=1)
    assert one == simulate_tables(sim, games=2000, turns=6, seed=11, jobs=2)
    assert one != simulate_tables(sim, games=2000, turns=6, seed=12, jobs=1)


def test_tallies_add_up_game_by_game(sim):
    whole = run_games(sim, 0, 50, 5, 7, "light")
    parts = Tally(turns=5, kinds=len(sim.kinds))
    parts.merge(run_games(sim, 0, 20, 5, 7, "light"))
    parts.merge(run_games(sim, 20, 30, 5, 7, "light"))
    assert parts == whole


def opening_hands(sim, games: int, seed: int) -> Tally:
    """The opening hands of `games` games, as `Game.play` records them before its first turn."""
    tally = Tally(turns=1, kinds=len(sim.kinds))
    for game in range(games):
        record_opening(goldfish_state(sim, game_rng(seed, game)), tally)
    return tally


def assert_within_monte_carlo_error(observed: int, games: int, exact: float) -> None:
    standard_error = math.sqrt(exact * (1 - exact) / games)
    assert abs(observed / games - exact) <= 4 * standard_error + 1e-12, (observed / games, exact)


def test_simulated_opening_hands_match_the_exact_odds(sim):
    games = 20_000
    tally = opening_hands(sim, games, seed=5)
    size = sim.deck_size
    for k in set(sim.play_deck):
        assert_within_monte_carlo_error(tally.opening_kind[k], games, p_at_least(1, sim.copies(k), size, 8))
    characters = sum(1 for k in sim.play_deck if sim.role[k] == ROLE_CHARACTER)
    assert_within_monte_carlo_error(tally.opening_character, games, p_at_least(1, characters, size, 8))


# ---- a real challenge deck ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gandalf_summary():
    if not GANDALF.is_file():
        pytest.skip(f"needs the real decklists at {DECKS} (../shared is absent)")
    from deckcheck.decklist import read_deck

    return simulate(read_deck(GANDALF), games=2000, turns=12, seed=1)


@needs_decks
def test_real_challenge_deck_gives_sane_numbers(gandalf_summary):
    s = gandalf_summary
    assert s["alignment"] == "wizard" and s["play_deck"] == 69
    assert s["starting_company"] == ["Annalena", "Aragorn II", "Arwen", "Faramir"]
    means = [row["mean_mp"] for row in s["per_turn"]]
    assert means == sorted(means)                               # no hazards: MP never goes down
    assert means[0] >= 7                                        # the starting company's 7 MP
    assert means[-1] > means[0] + 10
    for row in s["per_turn"]:
        low, high = row["ci95"]
        assert low <= row["mean_mp"] <= high and high - low < 1
    reached = [row["p_threshold"] for row in s["per_turn"]]
    assert reached == sorted(reached) and reached[0] == 0 and reached[-1] > 0.5
    ex = s["exhaustion"]
    assert 0.5 < ex["p_within_turns"] < 1 and 6 < ex["mean_turn"] < 12
    assert ex["games_never_exhausted"] == round(2000 * (1 - ex["p_within_turns"]))
    o = s["opening_hand"]
    assert 0 < o["p_both"] <= min(o["p_playable_character"], o["p_resource_at_reachable_site"]) < 1
    assert all(row["turns_held_per_game"] > 0 for row in s["stuck_in_hand"])
    for row in s["per_turn"]:                                   # a Wilson interval around every probability
        for key in ("p_threshold", "p_called"):
            low, high = row[f"{key}_ci95"]
            assert 0 <= low <= row[key] <= high <= 1


@needs_decks
def test_every_play_deck_card_is_listed_with_how_often_it_was_played(gandalf_summary):
    cards = gandalf_summary["cards"]
    assert sum(row["copies"] for row in cards) == gandalf_summary["play_deck"]
    assert {tuple(sorted(row)) for row in cards} == {tuple(sorted(
        ["card_id", "name", "part", "copies", "mp", "mean_played", "p_played", "p_played_ci95",
         "never_played_reason"]))}
    by_name = {row["name"]: row for row in cards}
    assert by_name["Glamdring [H] (TW)"]["p_played"] > 0.5 and by_name["Concealment [H] (TW)"]["never_played_reason"]
    for row in cards:
        low, high = row["p_played_ci95"]
        assert low <= row["p_played"] <= high and 0 <= row["mean_played"] <= row["copies"]
        assert (row["never_played_reason"] is None) == (row["p_played"] > 0), row
    never = [row for row in cards if row["never_played_reason"]]
    assert all(row["never_played_reason"].strip() for row in never)
    resource_mp = [row for row in cards if row["mp"] > 0 and row["part"] == "resources"]
    share = sum(r["mp"] * r["copies"] for r in resource_mp if r["never_played_reason"]) / sum(
        r["mp"] * r["copies"] for r in resource_mp)
    assert gandalf_summary["never_played_resource_mp_share"] == round(share, 4) < 0.1


@needs_decks
def test_the_headline_counts_characters_and_cards_played_in_under_a_tenth_of_games(gandalf_summary):
    """Issue 22: the share of the deck's MP (characters and the starting company included) in cards played in
    under 10% of games, beside the share never played, each such card with its reason."""
    from deckcheck.sim.report import format_text

    s = gandalf_summary
    rare = s["rarely_played_mp"]
    rows = [r for r in s["cards"] if r["mp"] > 0 and r["part"] != "hazards"]
    from deckcheck.decklist import read_deck

    sim = build_sim_deck(read_deck(GANDALF))
    start_mp = sum(sim.mp[k] for k in sim.start_characters)     # the starting company, played in every game
    assert start_mp > 0 and rare["deck_mp"] == sum(r["mp"] * r["copies"] for r in rows) + start_mp
    low = [r for r in rows if r["p_played"] < 0.1]
    assert {r["card_id"] for r in low} == {r["card_id"] for r in rare["cards"]}
    assert any(r["part"] == "characters" for r in rows)     # characters are in the count, rare or not
    assert rare["share"] == round(sum(r["mp"] * r["copies"] for r in low) / rare["deck_mp"], 4)
    assert rare["never_played_share"] <= rare["share"] and all(r["reason"].strip() for r in rare["cards"])
    text = format_text(s)
    assert "MP in cards played in under 10% of games" in text.splitlines()[3]
    assert "goldfish: no opponent" in text.splitlines()[1] and "--against" in text.splitlines()[1]


def test_a_duel_report_has_no_goldfish_line():
    from deckcheck.sim.report import NO_OPPONENT, summarize
    from deckcheck.sim.tally import Tally

    sim = build_sim_deck(synthetic_deck())
    tally = Tally(turns=2, kinds=len(sim.kinds), games=1)
    assert summarize(sim, tally, seed=1, hazards="against")["no_opponent"] is None
    assert summarize(sim, tally, seed=1, hazards="none")["no_opponent"] == NO_OPPONENT


@needs_decks
def test_real_deck_opening_hands_match_the_exact_odds():
    from deckcheck.decklist import read_deck

    sim = build_sim_deck(read_deck(GANDALF))
    games = 20_000
    tally = opening_hands(sim, games, seed=9)
    size = sim.deck_size
    for k in set(sim.play_deck):
        assert_within_monte_carlo_error(tally.opening_kind[k], games, p_at_least(1, sim.copies(k), size, 8))
    characters = sum(1 for k in sim.play_deck if sim.role[k] == ROLE_CHARACTER)
    assert_within_monte_carlo_error(tally.opening_character, games, p_at_least(1, characters, size, 8))


# ---- the command --------------------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, text=True, timeout=120)


def test_cli_text_report_is_reproducible():
    deck = str(FIXTURES / "small-wizard.gccg")
    first = run("simulate", deck, "--games", "300", "--turns", "6", "--seed", "4")
    assert first.returncode == 0, first.stderr
    assert "games/s" in first.stderr
    assert "mean MP" in first.stdout and "opening hand" in first.stdout
    assert "starting company: Aragorn II, Legolas, Bilbo" in first.stdout
    again = run("simulate", deck, "--games", "300", "--turns", "6", "--seed", "4")
    assert again.stdout == first.stdout


def test_cli_json_output_fits_its_schema():
    import jsonschema

    from deckcheck.datafiles import schema_path

    result = run("simulate", str(FIXTURES / "small-wizard.gccg"), "--games", "200", "--turns", "4",
                 "--hazards", "light", "--length", "1", "--output", "json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["schema"] == "deckcheck/simulate/3"
    assert summary["threshold"] == 20 and summary["hazards"] == "light" and summary["games"] == 200
    assert [row["turn"] for row in summary["per_turn"]] == [1, 2, 3, 4]
    jsonschema.validate(summary, json.loads(schema_path("simulate").read_text(encoding="utf-8")))


@needs_decks
def test_real_deck_json_fits_the_schema(gandalf_summary):
    import jsonschema

    from deckcheck.datafiles import schema_path

    jsonschema.validate(gandalf_summary, json.loads(schema_path("simulate").read_text(encoding="utf-8")))


def test_stats_odds_and_simulate_take_alignment_and_input_format(tmp_path):
    deck = str(FIXTURES / "small-wizard.gccg")
    for command in (["stats"], ["odds"], ["simulate", "--games", "20", "--turns", "2"]):
        result = run(*command, deck, "--input-format", "gccg", "--alignment", "fallen-wizard", "--output", "json")
        assert result.returncode == 0, (command, result.stderr)
        if command[0] != "odds":
            assert json.loads(result.stdout)["alignment"] == "fallen-wizard", command
        bad = run(*command, deck, "--alignment", "elf")
        assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_cli_bad_input_exits_2_without_traceback(tmp_path):
    missing = run("simulate", str(tmp_path / "nope.deck"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr and missing.stdout == ""
    bad_option = run("simulate", str(FIXTURES / "small-wizard.gccg"), "--hazards", "deadly")
    assert bad_option.returncode == 2 and "Traceback" not in bad_option.stderr
    tiny = tmp_path / "tiny.gccg"
    tiny.write_text("####\nDeck\n####\n1 Dagger of Westernesse (TW)\n", encoding="utf-8")
    too_small = run("simulate", str(tiny))
    assert too_small.returncode == 2 and "Traceback" not in too_small.stderr
    assert too_small.stderr.strip().splitlines()[-1].startswith("deckcheck: ")


def test_progress_is_reported_in_chunks_without_changing_the_numbers(sim):
    seen = []
    with_bar = simulate_tables(sim, games=1200, turns=3, seed=2, on_progress=seen.append)
    assert sum(seen) == 1200 and len(seen) == 3                 # chunks of 500 games
    assert with_bar == simulate_tables(sim, games=1200, turns=3, seed=2)


def test_the_command_draws_a_progress_bar_on_a_terminal(monkeypatch, capsys):
    from deckcheck.commands import simulate as module
    from deckcheck.decklist import read_deck

    monkeypatch.setattr(module, "_stderr_is_terminal", lambda: True)
    deck = read_deck(FIXTURES / "small-wizard.gccg")
    text = module.run_simulate_command(deck, deck_path="small", games=600, turns=2, seed=1, hazards="none",
                                       length=None, jobs=None, output="text")
    err = capsys.readouterr().err
    assert err.startswith("simulating") and "games/s" in err   # click draws the bar itself on a real tty
    assert text.startswith("Small Wizard")


def test_a_card_that_keeps_one_more_card_raises_the_hand_size_where_its_condition_holds():
    from deckcheck.cards.play import HandSize, PlayFacts

    elder = card("Elder", "Character", unique=True, mind=2, direct_influence=1, mp=1)
    facts = PlayFacts(hand_size={elder.id: HandSize(site="Rivendell")})
    sim = build_sim_deck(synthetic_deck(pool=(LEADER, elder)), facts=facts)
    game = scenario(sim, hand=[kind(sim, ORC)] * 12)
    assert game.companies[0].site == site_index(sim, RIVENDELL) and hand_size(game) == 9
    game.reset_to_hand_size()
    assert len(game.hand) == 9
    game = scenario(sim, start_at=site_index(sim, RUIN))                # away from Rivendell: 8
    assert hand_size(game) == 8
