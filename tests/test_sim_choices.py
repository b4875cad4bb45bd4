"""Choices a player would make (issue 22, item 3), each a function of the player module, each on a scenario of a
real deck both ways: stay at a site only for a card someone there may play; attempt a faction only at fair odds;
discard for room only for a character that can then enter; a draft that leaves the play deck's characters room."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import GENERAL_INFLUENCE, HAND_SIZE, ROLE_CHARACTER, build_sim_deck
from deckcheck.sim.model.cards import room_mp
from deckcheck.sim.players.attacks import odds_left_untapped, outlook, worth_entering
from deckcheck.sim.players.factions import (
    FACTION_MIN_ODDS,
    better_may_come,
    faction_odds,
    last_chance,
    worth_attempting,
)
from deckcheck.sim.players.movement import (
    STAY_MIN_ODDS,
    card_to_stay_for,
    leaving_odds,
    plan_moves,
    toward_haven,
    useful_here,
)
from deckcheck.sim.players.resource import ResourcePlayer
from deckcheck.sim.rules.sites import attacks_faced
from deckcheck.sim.scenario import scenario
from deckcheck.sim.state import OCCUPIED
from deckcheck.sim.turn import untap
from deckcheck.sim.turn.organization import organize
from deckcheck.sim.turn.site import site_phase
from tests._shared import DECKS, needs_decks

CHALLENGE = DECKS / "council-of-rivendell" / "Challenge Decks"

pytestmark = needs_decks


def deck(name: str):
    return build_sim_deck(read_deck(str(CHALLENGE / name)))


@pytest.fixture(scope="module")
def gandalf():     # Wizard: Faramir (mind 5, 2 MP, home Henneth Annûn), Aragorn II (mind 9, 3 MP), Rivendell
    return deck("E - Gandalf - Return of the King")


@pytest.fixture(scope="module")
def pallando():    # Wizard: Iron Hill Dwarves (influence 8) at Iron Hill Dwarf-hold; Glóin a Dwarf, Boromir II not
    return deck("C - Pallando - Dwarven Quest")


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def site(sim, name: str) -> int:
    return next(i for i, s in enumerate(sim.sites) if s.name == name)


def alone(sim, characters, **kw):
    return scenario(sim, starting_company=False, characters=characters, **kw)


# ---- discard for room (coe 2.II.2.4) -------------------------------------------------------------------------

def test_a_character_is_discarded_for_room_only_when_the_one_waiting_can_then_enter(gandalf):
    sim = gandalf
    faramir, aragorn = named(sim, "Faramir"), named(sim, "Aragorn II")
    rivendell, henneth = site(sim, "Rivendell"), site(sim, "Henneth Annûn")
    assert henneth in sim.character_sites[faramir] and henneth not in sim.character_sites[aragorn]
    player = ResourcePlayer()
    # general influence full: Faramir (2 MP) goes so that Aragorn II (3 MP) can enter at Rivendell next turn
    g = alone(sim, [(faramir, rivendell)], hand=[aragorn], general_influence=sim.mind[aragorn])
    company = g.companies[0]
    assert player.character_to_discard_for_room(g) == (company, company.characters[0])
    # Faramir with Arwen at his home site: he may be discarded there, but Aragorn II could not enter there
    arwen = named(sim, "Arwen")
    g = alone(sim, [(faramir, henneth), (arwen, henneth)], hand=[aragorn],
              general_influence=sim.mind[aragorn] + sim.mind[arwen])
    assert player.character_to_discard_for_room(g) is None
    organize(g)
    assert [c.kind for c in g.companies[0].characters] == [faramir, arwen]
    # room already: nothing to discard (Aragorn II waits for a place, not for influence)
    g = alone(sim, [(faramir, henneth)], hand=[aragorn], general_influence=GENERAL_INFLUENCE)
    assert player.character_to_discard_for_room(g) is None


def test_a_character_bearing_more_mp_than_the_one_waiting_is_not_discarded_for_room(gandalf):
    sim = gandalf
    faramir, aragorn = named(sim, "Faramir"), named(sim, "Aragorn II")
    rivendell = site(sim, "Rivendell")
    item = next(k for k in range(len(sim.kinds)) if sim.kinds[k].type == "Resource" and sim.mp[k] >= 2
                and sim.bearers[k] is None and sim.store_sites[k] == frozenset())
    g = alone(sim, [(faramir, rivendell)], hand=[aragorn], general_influence=sim.mind[aragorn])
    g.companies[0].characters[0].holdings.append(item)
    assert ResourcePlayer().character_to_discard_for_room(g) is None


# ---- factions: attempted only at fair odds (coe 2.V.3) --------------------------------------------------------

def test_a_faction_is_attempted_only_at_fair_odds(pallando):
    sim = pallando
    dwarves, hold = named(sim, "Iron Hill Dwarves"), site(sim, "Iron Hill Dwarf-hold")
    gloin, boromir = named(sim, "Glóin"), named(sim, "Boromir II")
    player = ResourcePlayer()
    dori = named(sim, "Dori")     # Boromir II's follower: his direct influence is used up
    weak = alone(sim, [(boromir, hold), (dori, hold, boromir)], hand=[dwarves], tapped=[dori])
    assert faction_odds(weak, weak.companies[0].characters[0], dwarves) < FACTION_MIN_ODDS
    assert player.actor(weak, weak.companies[0], dwarves) is False
    assert player.best_play(weak, weak.companies[0], hold, True) is None
    strong = alone(sim, [(gloin, hold)], hand=[dwarves])
    assert faction_odds(strong, strong.companies[0].characters[0], dwarves) >= FACTION_MIN_ODDS
    assert player.actor(strong, strong.companies[0], dwarves) is strong.companies[0].characters[0]


def test_under_fair_odds_a_faction_waits_only_while_something_better_may_come(pallando):
    """Under 30% the player waits for a better influencer or a boost, while one may still come: Celeborn alone
    (1 in 6 on the Iron Hill Dwarves) leaves it while Balin, Fíli... are still in the play deck. When none can
    come (a play deck of no character and no boost), the faction would be a dead card in hand: he attempts it."""
    sim = pallando
    dwarves, hold = named(sim, "Iron Hill Dwarves"), site(sim, "Iron Hill Dwarf-hold")
    celeborn = named(sim, "Celeborn")
    player = ResourcePlayer()
    waiting = alone(sim, [(celeborn, hold)], hand=[dwarves])
    influencer = waiting.companies[0].characters[0]
    assert 0 < faction_odds(waiting, influencer, dwarves) < FACTION_MIN_ODDS
    assert better_may_come(waiting, influencer, dwarves) and not worth_attempting(waiting, influencer, dwarves)
    assert player.actor(waiting, waiting.companies[0], dwarves) is False
    dead = [k for k in sim.play_deck if sim.role[k] != ROLE_CHARACTER and not sim.boost[k]]
    last = alone(sim, [(celeborn, hold)], hand=[dwarves], deck=dead[:HAND_SIZE], discard=[],
                 exhaustions=sim.length - 1)
    influencer = last.companies[0].characters[0]
    assert not better_may_come(last, influencer, dwarves) and worth_attempting(last, influencer, dwarves)
    assert player.actor(last, last.companies[0], dwarves) is influencer


def test_a_dead_card_faction_is_held_until_the_last_time_through_the_play_deck(pallando):
    """Nothing better can come, but the game is far from its end (the play deck not yet exhausted, coe 10.2):
    the player holds the faction rather than throw it away on 1 chance in 6; on the play deck's last time
    through (its exhaustion ends the game) he attempts it once a hand of cards or fewer is left in it, or he may
    call. Before the last pass the discard pile is still to draw: a better influencer there (Balin) is waited
    for, but not on the last pass."""
    sim = pallando
    dwarves, hold = named(sim, "Iron Hill Dwarves"), site(sim, "Iron Hill Dwarf-hold")
    celeborn, balin = named(sim, "Celeborn"), named(sim, "Balin")
    dead = [k for k in sim.play_deck if sim.role[k] != ROLE_CHARACTER and not sim.boost[k]]
    player = ResourcePlayer()
    early = alone(sim, [(celeborn, hold)], hand=[dwarves], deck=dead, discard=[], exhaustions=0)
    influencer = early.companies[0].characters[0]
    assert sim.length == 2 and not last_chance(early)
    assert not better_may_come(early, influencer, dwarves) and not worth_attempting(early, influencer, dwarves)
    assert player.actor(early, early.companies[0], dwarves) is False
    many = alone(sim, [(celeborn, hold)], hand=[dwarves], deck=dead * 3, discard=[], exhaustions=1, mp=0)
    assert len(many.deck) > HAND_SIZE and not last_chance(many)               # the last pass, far from its end
    assert not worth_attempting(many, many.companies[0].characters[0], dwarves)
    calling = alone(sim, [(celeborn, hold)], hand=[dwarves], deck=dead * 3, discard=[], exhaustions=1, mp=30)
    assert last_chance(calling)                                               # he may call the game now
    late = alone(sim, [(celeborn, hold)], hand=[dwarves], deck=dead[:HAND_SIZE], discard=[], exhaustions=1)
    assert last_chance(late) and player.actor(late, late.companies[0], dwarves) is late.companies[0].characters[0]
    reshuffled = alone(sim, [(celeborn, hold)], hand=[dwarves], deck=dead, discard=[balin], exhaustions=0)
    assert better_may_come(reshuffled, reshuffled.companies[0].characters[0], dwarves)
    gone = alone(sim, [(celeborn, hold)], hand=[dwarves], deck=dead, discard=[balin], exhaustions=1)
    assert not better_may_come(gone, gone.companies[0].characters[0], dwarves)


def test_the_influencer_is_kept_out_of_the_strikes_entering_for_a_faction(pallando):
    """Entering a site to attempt a faction, the player keeps its influencer (the best check) out of the
    strikes, so that he is still untapped to make it; for a card needing nobody, nobody is kept out."""
    sim = pallando
    dwarves, hold = named(sim, "Iron Hill Dwarves"), site(sim, "Iron Hill Dwarf-hold")
    gloin, boromir = named(sim, "Glóin"), named(sim, "Boromir II")
    g = alone(sim, [(boromir, hold), (gloin, hold)], hand=[dwarves])
    company = g.companies[0]
    player = ResourcePlayer()
    influencer = player.actor(g, company, dwarves)
    assert player.shield_from_strikes(g, company, dwarves) == frozenset({company.characters.index(influencer)})
    nobody = next(k for k in sim.play_deck if sim.role[k] != ROLE_CHARACTER and player.actor(g, company, k) is None)
    assert player.shield_from_strikes(g, company, nobody) == frozenset()


# ---- staying at a site only for a card someone there may play ------------------------------------------------

def test_a_company_stays_at_a_site_only_for_a_card_someone_in_it_may_play(pallando):
    sim = pallando
    dwarves, hold = named(sim, "Iron Hill Dwarves"), site(sim, "Iron Hill Dwarf-hold")
    gloin, boromir = named(sim, "Glóin"), named(sim, "Boromir II")
    dori = named(sim, "Dori")
    weak = alone(sim, [(boromir, hold), (dori, hold, boromir)], hand=[dwarves], tapped=[dori],
                 site_states={hold: OCCUPIED})
    assert not useful_here(weak, weak.companies[0])           # nobody there would attempt the faction
    strong = alone(sim, [(gloin, hold)], hand=[dwarves], site_states={hold: OCCUPIED})
    assert useful_here(strong, strong.companies[0])


def test_the_card_a_company_stays_for_is_left_to_it_by_the_others(gandalf):
    """The stay decision and the site phase agree: a company that stays at its site for the hand's one Glamdring
    claims it, so another company that could play it elsewhere neither stays for it nor plays it first (before,
    a company stayed for a card another company's site phase then took: idle every turn)."""
    sim = gandalf
    glamdring, marshes, isengard = named(sim, "Glamdring"), site(sim, "Dead Marshes"), site(sim, "Isengard")
    aragorn, faramir = named(sim, "Aragorn II"), named(sim, "Faramir")
    states = {marshes: OCCUPIED, isengard: OCCUPIED}
    both = alone(sim, [(aragorn, marshes), (faramir, isengard)], hand=[glamdring], site_states=states, rolls=[12])
    first, second = both.companies
    assert card_to_stay_for(both, first) == glamdring and card_to_stay_for(both, second) == glamdring
    moves = plan_moves(both)
    assert both.staying_for == [(first, glamdring)]                       # the first stays for it ...
    assert second in [c for c, _ in moves] and card_to_stay_for(both, second) is None   # ... the other goes
    site_phase(both, second)                                              # had it stayed: it leaves the card
    assert glamdring in both.hand
    site_phase(both, first)
    assert glamdring not in both.hand and both.in_play[glamdring] == 1
    one = alone(sim, [(faramir, isengard)], hand=[glamdring], site_states=states)   # nobody else claims it
    assert plan_moves(one) == [] and one.staying_for == [(one.companies[0], glamdring)]


def test_a_healing_character_is_tapped_from_the_untap_phase_so_nobody_plans_with_him(gandalf):
    """coe 2.I.1: a wounded character stays tapped the whole turn (healed at a haven: tapped too). The plans
    see him tapped from the untap phase on, so a company does not stay at a site for a card only he could
    play (before, planning saw him untapped and the site phase tapped him: the company waited for nothing)."""
    sim = gandalf
    glamdring, isengard = named(sim, "Glamdring"), site(sim, "Isengard")
    faramir = named(sim, "Faramir")
    g = alone(sim, [(faramir, isengard)], hand=[glamdring], site_states={isengard: OCCUPIED})
    company = g.companies[0]
    g.wounded = set(company.characters)
    untap(g)
    assert company.characters[0].tapped and card_to_stay_for(g, company) is None
    g = alone(sim, [(faramir, isengard)], hand=[glamdring], site_states={isengard: OCCUPIED})
    untap(g)                                                              # unhurt: untaps, and stays for it
    assert not g.companies[0].characters[0].tapped and card_to_stay_for(g, g.companies[0]) == glamdring


def test_a_company_does_not_wait_at_a_site_whose_attack_leaves_its_player_untapped_one_turn_in_six():
    """Challenge Deck F: Ciryaher (prowess 2, the sage) at Thranduil's Halls with That's Been Heard Before
    Tonight in hand. Each character faces a detainment strike of prowess 9 there: at -3 to stay untapped
    Ciryaher needs 10 or more, 1 in 6 a turn, so he does not stay for it (before, he sat there turn after turn,
    tapped each time). With Asternak (prowess 5: 7 or more, 21 in 36), who may play the card too, the company
    stays."""
    sim = deck("F - Adunaphel - Spies and Traitors")
    heard, halls = named(sim, "That’s Been Heard Before Tonight"), site(sim, "Thranduil’s Halls")
    ciryaher, asternak = named(sim, "Ciryaher"), named(sim, "Asternak")
    g = alone(sim, [(ciryaher, halls)], hand=[heard], site_states={halls: OCCUPIED})
    company = g.companies[0]
    assert g.player.enters_site(g, company) == heard                 # entering costs nothing: he would enter
    odds = odds_left_untapped(g, company, [0])
    assert odds == pytest.approx(6 / 36) and odds < STAY_MIN_ODDS
    assert card_to_stay_for(g, company) is None
    assert plan_moves(g) and not g.staying_for                       # he moves on
    g = alone(sim, [(ciryaher, halls), (asternak, halls)], hand=[heard], site_states={halls: OCCUPIED})
    company = g.companies[0]
    strong = [i for i, c in enumerate(company.characters) if c.kind == asternak]
    assert odds_left_untapped(g, company, strong) == pytest.approx(21 / 36)
    assert card_to_stay_for(g, company) == heard
    assert plan_moves(g) == [] and g.staying_for == [(company, heard)]


def test_a_company_stays_where_a_strike_leaves_someone_free_to_play():
    """The other way: Challenge Deck E's Aragorn II and Faramir at Isengard with Glamdring: fewer strikes than
    characters, or odds at least even, and the company stays for the card."""
    sim = deck("E - Gandalf - Return of the King")
    glamdring, isengard = named(sim, "Glamdring"), site(sim, "Isengard")
    g = alone(sim, [(named(sim, "Aragorn II"), isengard), (named(sim, "Faramir"), isengard)], hand=[glamdring],
              site_states={isengard: OCCUPIED})
    company = g.companies[0]
    assert odds_left_untapped(g, company, [0, 1]) >= STAY_MIN_ODDS
    assert card_to_stay_for(g, company) == glamdring



def test_the_odds_of_staying_untapped_count_the_excess_strikes_allocated_to_him():
    """coe 3.iv.2-3.iv.3: Moria's Orcs (4 strikes of prowess 7) on Challenge Deck E's Faramir (prowess 5) alone:
    the 3 excess strikes are -1 each on him, so at -3 to stay untapped he needs 8 or more (15 in 36, below even:
    he takes no -3, nobody is left to play Narsil, and the company does not enter for it; before, 5 or more,
    30 in 36). With Aragorn II (prowess 6) beside him the attacker allocates the 2 excess strikes to the weaker,
    Faramir: Aragorn II needs 4 or more at -3 (33 in 36), and takes the -3."""
    sim = deck("E - Gandalf - Return of the King")
    narsil, moria = named(sim, "Narsil"), site(sim, "Moria")
    faramir, aragorn = named(sim, "Faramir"), named(sim, "Aragorn II")
    attack = attacks_faced(sim.site_attacks[moria], overt=False, balrog_in_play=False)[0][0]
    g = alone(sim, [(faramir, moria)], hand=[narsil], site_states={moria: OCCUPIED})
    company = g.companies[0]
    assert odds_left_untapped(g, company, [0]) == 0.0
    assert g.player.stay_untapped(g, company, attack, narsil) == frozenset()
    assert outlook(g, company)[1] == 0.0 and not worth_entering(g, company, sim.mp[narsil])
    g = alone(sim, [(aragorn, moria), (faramir, moria)], hand=[narsil], site_states={moria: OCCUPIED})
    company = g.companies[0]
    assert odds_left_untapped(g, company, [0]) == pytest.approx(33 / 36)
    assert g.player.stay_untapped(g, company, attack, narsil) == frozenset({0})
    assert worth_entering(g, company, sim.mp[narsil])

@pytest.fixture(scope="module")
def balrog_host():    # Balrog: The Rusted-deeps (Under-deeps) reaches The Wind-deeps and Iron Hill Dwarf-hold only
    return build_sim_deck(read_deck(str(DECKS / "gccg-restoration" / "Balrog - Balrogs host.deck")))


def test_a_worn_company_with_no_haven_in_reach_heads_for_one(balrog_host):
    """Going home to heal (coe 2.I.1) from deep in the Under-deeps: no haven is one move away, so the company
    moves to the site from which one is nearest (before, it stayed wounded where it was to the end)."""
    sim = balrog_host
    rusted, wind = site(sim, "The Rusted-deeps"), site(sim, "The Wind-deeps")
    bolg = named(sim, "Bolg")
    g = alone(sim, [(bolg, rusted)], site_states={rusted: OCCUPIED})
    company = g.companies[0]
    g.wounded = set(company.characters)
    reach = frozenset({wind, site(sim, "Iron Hill Dwarf-hold")})
    assert not any(sim.site_is_haven[s] for s in reach)
    step = toward_haven(g, company, reach, heal=True)    # a haven three moves away, by either of the two
    assert step == wind and plan_moves(g) == [(company, step)]
    g = alone(sim, [(bolg, rusted)], site_states={rusted: OCCUPIED})      # unhurt, nothing to do: the same way
    assert plan_moves(g) == [(g.companies[0], step)]
    assert toward_haven(g, g.companies[0], frozenset({wind}), heal=True, moves=2) is None   # not within two


# ---- the starting draft ---------------------------------------------------------------------------------------

def test_room_mp_counts_what_fits_best_mp_per_mind_first():
    assert room_mp([(3, 9), (2, 5), (1, 4)], 9) == 3          # 2/5 then 1/4 (3 MP) before 3/9
    assert room_mp([(3, 9), (2, 5)], 4) == 0
    assert room_mp([], 20) == 0


def test_the_draft_leaves_room_for_the_play_decks_characters_worth_mp():
    """Dwar's deck: a starting company of 18 mind with Muzgash (0 MP) would leave no room for any character of
    the play deck worth MP (the smallest, 4 mind); the draft keeps the MP and leaves that room."""
    sim = deck("G - Dwar - Marauding Brood of Uglies")
    start = sim.start_characters
    waiting = [sim.mind[k] for k in sim.play_deck if sim.role[k] == ROLE_CHARACTER and sim.mp[k] > 0
               and not sim.avatar[k]]
    assert GENERAL_INFLUENCE - sum(sim.mind[k] for k in start) >= min(waiting)
    assert sum(sim.mp[k] for k in start) == 5                   # no MP given up for it
    assert all(sim.mp[k] > 0 for k in start)


def test_a_company_in_the_under_deeps_leaves_by_a_way_its_roll_can_make(balrog_host):
    """coe 2.IV.i.1: leaving The Rusted-deeps needs 13 for Iron Hill Dwarf-hold and 8 for The Wind-deeps. Without
    The Balrog (+3) no roll makes 13: Bolg heads for a haven by The Wind-deeps (before, he tried Iron Hill
    Dwarf-hold, the nearer way to a haven, every turn to the end of the game); The Balrog's company may take
    either (10 or more on 2D6 for 13)."""
    sim = balrog_host
    rusted, wind, iron = site(sim, "The Rusted-deeps"), site(sim, "The Wind-deeps"), site(sim, "Iron Hill Dwarf-hold")
    g = alone(sim, [(named(sim, "Bolg"), rusted)], site_states={rusted: OCCUPIED})
    company = g.companies[0]
    assert leaving_odds(g, company, iron) == 0.0
    assert leaving_odds(g, company, wind) == pytest.approx(15 / 36)
    assert toward_haven(g, company, frozenset({wind, iron})) == wind
    assert plan_moves(g) == [(company, wind)]
    assert toward_haven(g, company, frozenset({iron})) is None        # only the closed way: none
    balrog = named(sim, "The Balrog")
    g = alone(sim, [(balrog, rusted)], site_states={rusted: OCCUPIED})
    assert leaving_odds(g, g.companies[0], iron) == pytest.approx(6 / 36)
