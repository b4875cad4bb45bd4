"""`simulate --drafts`: the starting companies a pool allows, each within coe 1.9's limits, played on the same
games as the deck; the engine's own draft is among them with a difference of exactly 0."""

from __future__ import annotations

from deckcheck.cards.model import leading_int
from deckcheck.decklist import read_deck
from deckcheck.sim.drafts import draft_choices, draft_deck, pool_drafts
from deckcheck.sim.model import build_sim_deck
from tests._shared import GANDALF, needs_decks, run_main

pytestmark = needs_decks


def test_every_draft_keeps_the_limits_and_the_engines_own_changes_nothing():
    deck = read_deck(str(GANDALF))
    drafts = pool_drafts(deck, "wizard")
    assert drafts and all(len(g) <= 5 and sum(leading_int(c.mind) or 0 for c in g) <= 20 for g in drafts)
    assert len({tuple(sorted(c.name for c in g)) for g in drafts}) == len(drafts)
    report = draft_choices(deck, games=6, turns=3, seed=1)
    own = [r for r in report["variants"] if r["is_the_engines_draft"]]
    assert len(own) == 1 and own[0]["mp_last_turn"]["difference"] == 0 and own[0]["mp_last_turn"]["half_width"] == 0
    for row in report["variants"]:
        assert row["general_influence_room"] == 20 - row["mind"]


def test_a_draft_moves_the_other_pool_characters_into_the_play_deck():
    deck = read_deck(str(GANDALF))
    small = min(pool_drafts(deck, "wizard"), key=len)
    sim, base = build_sim_deck(draft_deck(deck, small)), build_sim_deck(deck)
    assert len(sim.play_deck) == len(base.play_deck) + len(base.start_characters) - len(small)
    assert sorted(sim.kinds[k].name for k in sim.start_characters) == sorted(c.name for c in small)


def test_the_command(capsys):
    code, out, _ = run_main(capsys, "simulate", str(GANDALF), "--drafts", "--games", "3", "--turns", "2")
    assert code == 0 and "the engine's own draft: Annalena, Aragorn II, Arwen, Faramir" in out
    assert "<- the engine's draft" in out
