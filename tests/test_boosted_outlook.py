"""The resource player reckons a site's automatic-attacks as the company would face them (`players.attacks.as_faced`):
the attack boosts in play, either player's, applied as combat applies them (`rules.events.boosted`), an Undead
automatic-attack twice under The Moon Is Dead. On a scenario of two ICE Challenge Decks: Gandalf's company at the
Dead Marshes (Undead, 2 strikes at 8) with Hoarmûrath's The Moon Is Dead ("All Undead attacks receive +1 strike
and +1 prowess. All Undead automatic-attacks are duplicated") in play, or not."""

from __future__ import annotations

import pytest

from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.attacks import as_faced, expected_loss, worth_entering
from deckcheck.sim.rules.sites import attacks_faced
from deckcheck.sim.scenario import scenario
from deckcheck.sim.side import side_of
from deckcheck.sim.turn.site import enter_site
from tests._shared import CHALLENGE, needs_decks


@pytest.fixture(scope="module")
def sides():
    def side(name):
        return side_of(build_sim_deck(read_deck(str(CHALLENGE / name))))

    return side("E - Gandalf - Return of the King"), side("H - Hoarmurath - Stealthy Tribe")


def at_dead_marshes(sides, board):
    us, them = sides
    sim = us.sim
    kind = {c.name: k for k, c in enumerate(sim.kinds)}
    marshes = next(i for i, s in enumerate(sim.sites) if s.name == "Dead Marshes")
    moon = [k for k, c in enumerate(them.sim.kinds) if c.name == "The Moon Is Dead"]
    g = scenario(sim, starting_company=False, us=us, against=them,
                 characters=[(kind["Faramir"], marshes)], board=moon if board else [])
    return g, g.companies[0], marshes


@needs_decks
def test_the_attacks_as_faced_carry_the_boosts_in_play(sides):
    for board, expected in ((False, [(2, 8)]), (True, [(3, 9), (3, 9)])):
        g, company, marshes = at_dead_marshes(sides, board)
        faced = as_faced(g, marshes, attacks_faced(g.sim.site_attacks[marshes], overt=True, balrog_in_play=False))
        assert [(a.strikes, a.prowess) for a, _check in faced] == expected


@needs_decks
def test_a_lone_character_reckons_the_doubled_attack_and_stays_out(sides):
    """Faramir alone: against 2 strikes at 8 the loss is small and a card worth 1 MP takes him in; against two
    attacks of 3 strikes at 9 it is not worth it."""
    plain, company, marshes = at_dead_marshes(sides, False)
    moon, company_moon, _ = at_dead_marshes(sides, True)
    assert expected_loss(moon, company_moon) > 2 * expected_loss(plain, company)
    assert worth_entering(plain, company, 1.0) and not worth_entering(moon, company_moon, 1.0)


@needs_decks
def test_who_stays_untapped_is_chosen_against_the_attack_as_faced(sides, monkeypatch):
    """coe 3.iv.2-3: the choice of who takes -3 to stay untapped (`stay_untapped`) is made against the attack
    combat faces, the boosts in play applied (The Moon Is Dead: 3 strikes at 9, twice), not the printed one
    (2 strikes at 8): a strike more is an excess strike the odds must count."""
    for board, expected in ((False, [(2, 8)]), (True, [(3, 9), (3, 9)])):
        g, company, _marshes = at_dead_marshes(sides, board)
        seen = []

        def record(g, company, attack, kind, shielded=frozenset(), seen=seen):
            seen.append((attack.strikes, attack.prowess))
            return frozenset()

        monkeypatch.setattr(g.player, "enters_site", lambda g, company: 0)
        monkeypatch.setattr(g.player, "stay_untapped", record)
        monkeypatch.setattr("deckcheck.sim.turn.site.face_attack", lambda *args, **kwargs: None)
        enter_site(g, company)
        assert seen == expected
