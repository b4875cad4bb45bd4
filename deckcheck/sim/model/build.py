"""Building a deck's `SimDeck` from its resolved cards and the play facts of `card_db/play.json`, one
sub-table at a time (sites.py: the location deck; cards.py: each kind's card facts and the draft;
conditions.py: play conditions, influence, hand ranks), each built by one pass and checked for length."""

from __future__ import annotations

from deckcheck.analysis.alignment import deck_alignment as declared_or_avatar_alignment
from deckcheck.cards.model import CHARACTER, RESOURCE, SITE, Card
from deckcheck.cards.names import fold
from deckcheck.cards.play import PlayFacts, load_play_facts
from deckcheck.decklist.model import Deck, Part
from deckcheck.sim.model.cards import card_row, draft, hazard_agents
from deckcheck.sim.model.conditions import finish_conditions, starting_stage_cards
from deckcheck.sim.model.defence import defence_tables
from deckcheck.sim.model.sites import add_sites, full_location_deck
from deckcheck.sim.model.tables import (
    CALL_THRESHOLD,
    CALL_WITH_CARD,
    CARD_COLUMNS,
    HAND_SIZE,
    NO_STARTER_MOVEMENT,
    ROLE_FACTION,
    START_HAVENS,
    SUDDEN_CALL,
    UTILITY_KEEP,
    SimDeck,
    check_lengths,
    derive_hot_tables,
    set_columns,
)
from deckcheck.sim.streams import deck_slots

# A play deck above this is refused before anything is built: 3 copies of each of the 1,683 ICE cards are 5,049,
# so no legal deck comes near it, and a game's cost grows with the deck (85,000 cards: 63 ms a game).
MAX_PLAY_DECK = 6000


def deck_alignment(deck: Deck) -> str:
    """The declared alignment, else the one the avatars name (as the statistics read it), else by the cards."""
    known = declared_or_avatar_alignment(deck)
    if known is not None:
        return known
    minion = sum(e.count for e in deck.entries if e.card is not None and e.card.alignment == "Minion")
    hero = sum(e.count for e in deck.entries if e.card is not None and e.card.alignment == "Hero")
    return "ringwraith" if minion > hero else "wizard"


class _Builder:
    """What building one deck's tables keeps between its steps; `kind` numbers each distinct card."""

    def __init__(self, deck: Deck, length: int, facts: PlayFacts):
        self.alignment = deck_alignment(deck)
        threshold = CALL_THRESHOLD.get(length)
        if threshold is None:
            raise ValueError(f"game length must be 1-4, not {length}")
        self.facts = facts
        self.sim = SimDeck(name=deck.name or deck.path, alignment=self.alignment, length=length,
                           threshold=threshold, calls_with_card=self.alignment in CALL_WITH_CARD,
                           starter_movement=self.alignment not in NO_STARTER_MOVEMENT)
        self.kind_of: dict[str, int] = {}
        self.pool_stage: list[Card] = []          # the pool's stage cards (Fallen-wizard starting stage cards)
        self.pool_site_names: list[str] = []      # sites listed with the pool (a starting site)
        self.restricted_races: frozenset[str] = frozenset()    # races this deck may neither draft nor play
        self.hazard_agents: set[str] = set()                    # agents this deck plays as hazards, by id

    # ---- sites ---------------------------------------------------------------------------------------

    def kind(self, card: Card) -> int:
        """The kind (index) of a card, numbered in the order first seen; its row of each table comes later."""
        if card.id not in self.kind_of:
            self.kind_of[card.id] = len(self.sim.kinds)
            self.sim.kinds.append(card)
        return self.kind_of[card.id]


def exchangeable(deck: Deck) -> list[Card]:
    """The sideboard's cards the resource player may bring in at an exhaustion (coe 2.4), one per copy: its
    resources and characters, not an avatar, an agent (a hazard from the sideboard) nor Sudden Call (its own
    fetch, `sideboard_calls`)."""
    return [e.card for e in deck.part(Part.SIDEBOARD) for _ in range(e.count) if e.card is not None
            and e.card.type in (RESOURCE, CHARACTER) and not e.card.avatar and not e.card.agent
            and fold(e.card.name) != fold(SUDDEN_CALL)]


def build_sim_deck(deck: Deck, length: int = 2, facts: PlayFacts | None = None) -> SimDeck:
    """The integer tables of a resolved deck; unresolved lines are left out with a warning."""
    if deck.alignment and deck.alignment not in START_HAVENS:
        # GCCG's Dream Cards Lords (elf-lord, ...) are judged by validate; the engine models the four ICE players
        raise ValueError(f"the simulator plays Wizard, Ringwraith, Fallen-wizard and Balrog decks, not a "
                         f"{deck.alignment} deck")
    held = sum(e.count for e in deck.play_deck())
    if held > MAX_PLAY_DECK:
        raise ValueError(f"the play deck holds {held:,} cards, far more than any legal deck (at most "
                         f"{MAX_PLAY_DECK:,} are simulated)")
    builder = _Builder(deck, length, facts if facts is not None else load_play_facts())
    sim = builder.sim
    unresolved = sum(e.count for e in deck.entries if e.card is None)
    if unresolved:
        sim.warnings.append(f"{unresolved} card(s) did not resolve and are left out of the simulation")
    sites = [e.card for part in (Part.SITES, Part.POOL) for e in deck.part(part)     # a starting site may be
             if e.card is not None and e.card.is_site]                                  # listed with the pool
    if not sites:
        from deckcheck.cards.catalog import load_catalog

        sites = full_location_deck(builder.alignment, load_catalog().cards)
        sim.warnings.append(f"the deck lists no location deck: every site coe 1.4 allows a {builder.alignment} "
                            f"player ({len(sites)} sites) is taken to be in it")
    add_sites(builder, sites)
    play = [(e.card, e.count) for e in deck.play_deck() if e.card is not None]
    pool = [e.card for e in deck.part(Part.POOL) if e.card is not None for _ in range(e.count)]
    builder.hazard_agents = hazard_agents(deck, builder.alignment)
    builder.pool_stage = [c for c in pool if c.type == RESOURCE and c.is_stage]
    builder.pool_site_names = [c.name for c in pool if c.is_site]
    play_characters = [c for c, n in play for _ in range(n) if c.type == CHARACTER and not c.avatar
                       and c.id not in builder.hazard_agents]
    leftovers = draft(builder, pool, play_characters)
    parts: dict[int, str] = {}
    for entry in deck.play_deck():
        card = entry.card
        if card is None or card.type in (SITE, "Region"):
            continue
        k = builder.kind(card)
        sim.play_deck.extend([k] * entry.count)
        parts.setdefault(k, entry.part.value)
    for card in leftovers:
        k = builder.kind(card)
        sim.play_deck.append(k)
        parts.setdefault(k, Part.POOL.value)
    if sim.calls_with_card:      # the one sideboard card the goldfish fetches at an exhaustion (coe 2.4)
        sim.sideboard_calls = tuple(builder.kind(e.card) for e in deck.part(Part.SIDEBOARD) if e.card is not None
                                    and fold(e.card.name) == fold(SUDDEN_CALL) for _ in range(e.count))
    sim.sideboard = tuple(builder.kind(card) for card in exchangeable(deck))
    for k in sim.sideboard:
        parts.setdefault(k, Part.SIDEBOARD.value)
    if not sim.start_characters:
        sim.warnings.append("no starting company could be drafted from the pool: the game starts without one")
    if len(sim.play_deck) < HAND_SIZE:
        held = len(sim.play_deck)
        raise ValueError(f"the play deck holds {held} card{'' if held == 1 else 's'}, fewer than a hand of {HAND_SIZE}")
    set_columns(sim, "cards", CARD_COLUMNS, [card_row(builder, card) for card in sim.kinds], len(sim.kinds))
    finish_conditions(builder)
    starting_stage_cards(builder, [e.card for e in deck.part(Part.POOL) if e.card is not None
                                  and e.card.type == RESOURCE and e.card.is_stage])
    sim.part = [parts.get(k, Part.POOL.value) for k in range(len(sim.kinds))]
    sim.neighbours = [sim.moves_from(s) for s in range(len(sim.sites))]
    sim.near = sim.near_sites()
    for k in sim.play_deck:
        sim.copies_in_play_deck[k] = sim.copies_in_play_deck.get(k, 0) + 1
    # a reshuffle's keys (sim.streams); the sideboard's copies after the play deck's, so that a card swapped in
    # from it keys its place by its copy, not by its kind's number
    sim.play_deck_slots = deck_slots(sim.play_deck + list(sim.sideboard))
    sim.defence = defence_tables(sim.alignment, sim.kinds)
    d = sim.defence
    kept = d.draw_kinds | d.character_at_site_kinds | d.mp_raise_kinds
    if any(role == ROLE_FACTION for role in sim.role):       # Threats: for an influence attempt on a faction
        kept |= d.prowess_influence_kinds
    for k in kept:                                           # kept like a card the engine
        sim.keep_value[k] = max(sim.keep_value[k], UTILITY_KEEP)           # plays for what it enables
    derive_hot_tables(sim)
    check_lengths(sim)
    return sim
