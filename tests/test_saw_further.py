"""Saw Further and Deeper (DM-156): "Playable only if your Wizard is not revealed. Your general influence is
increased by 5. Your Wizard may only be brought into play at his home site. Discard when you bring your Wizard
into play. Cannot be duplicated by a given player." The fact, the raise while the avatar is not revealed, his
entry only at his home site meanwhile, and the card gone (with its +5) when he comes in."""

from __future__ import annotations

from pathlib import Path

from deckcheck.cards.play import UNREVEALED_AVATAR, InfluenceChange, load_play_facts
from deckcheck.decklist import read_deck
from deckcheck.sim.model import build_sim_deck
from deckcheck.sim.players.characters import avatar_entry_sites
from deckcheck.sim.rules.influence import avatar_home_sites, may_raise_influence
from deckcheck.sim.scenario import scenario
from deckcheck.sim.turn.organization import change_general_influence
from tests._shared import DECKS, needs_decks

ZARA = DECKS / "gccg-restoration" / "Contrib" / "zara"
ALLIANCE = ZARA / "{F}_{F}{R} An Unlikely Alliance.dck"     # a zara hero deck with Saw Further and Deeper


def named(sim, name: str) -> int:
    return next(k for k, card in enumerate(sim.kinds) if card.name == name)


def test_the_importer_reads_saw_further_and_deeper():
    assert load_play_facts().general_influence["DM-156"] == InfluenceChange(general=5, on=UNREVEALED_AVATAR)


@needs_decks
def test_it_raises_general_influence_while_no_wizard_is_revealed():
    sim = build_sim_deck(read_deck(str(ALLIANCE)))
    saw = named(sim, "Saw Further and Deeper")
    g = scenario(sim, hand=[saw, saw])
    assert may_raise_influence(g, saw)
    change_general_influence(g, early=True)
    assert g.gi_max == 25 and g.gi_bonus_kind == saw and g.hand == [saw]     # one in play: not duplicated
    assert not may_raise_influence(g, saw)


@needs_decks
def test_the_wizard_comes_in_only_at_his_home_site_and_the_card_goes(tmp_path: Path):
    text = ALLIANCE.read_text(encoding="utf-8").replace("[characters]\n", "[characters]\nRadagast\n", 1)
    deck = tmp_path / "alliance with Radagast.dck"
    deck.write_text(text, encoding="utf-8")
    sim = build_sim_deck(read_deck(str(deck)))
    saw, radagast = named(sim, "Saw Further and Deeper"), named(sim, "Radagast")
    g = scenario(sim, hand=[saw, radagast])
    before = avatar_entry_sites(g, radagast)
    change_general_influence(g, early=True)
    home = avatar_home_sites(sim, radagast)
    assert avatar_entry_sites(g, radagast) == before & home != before        # Rhosgobel, no haven
    assert g.gi_max == 25
    g.enter(radagast, None)                                                   # he comes into play: it is discarded
    assert g.gi_max == 20 and g.gi_bonus_kind is None and saw in g.discard and g.in_play[saw] == 0
    assert not may_raise_influence(g, saw)                                  # and no other may come after
