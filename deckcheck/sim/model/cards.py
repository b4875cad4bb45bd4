"""The card table of `SimDeck`: each kind's facts from its catalog card and the play facts (one row per kind),
where a character may enter play (coe 2.II.2), and the starting company's draft (coe 1.9)."""

from __future__ import annotations

from itertools import combinations

from deckcheck.analysis.scoring import scored_mp
from deckcheck.cards.model import CHARACTER, HAZARD, RESOURCE, Card, leading_int
from deckcheck.cards.names import fold
from deckcheck.decklist.model import Deck, Part
from deckcheck.sim.model.sites import home_sites
from deckcheck.sim.model.tables import (
    AGENT_CHARACTERS,
    AVATAR_HAVENS,
    FW_MAX_MIND,
    FW_RACE_ENABLER,
    FW_RESTRICTED_RACES,
    GENERAL_INFLUENCE,
    LEADER,
    MAX_DRAFT_CANDIDATES,
    MP_CATEGORIES,
    OVERT_RACES,
    PLAY_DECK_CHARACTERS,
    ROLE_ALLY,
    ROLE_CHARACTER,
    ROLE_EVENT,
    ROLE_FACTION,
    ROLE_HAZARD,
    ROLE_ITEM,
    START_SIZE,
    SUDDEN_CALL,
)


def _role(card: Card) -> int:
    if card.type == CHARACTER:
        return ROLE_CHARACTER
    if card.type == HAZARD:
        return ROLE_HAZARD
    if card.is_item:
        return ROLE_ITEM
    if card.is_faction:
        return ROLE_FACTION
    if card.is_ally:
        return ROLE_ALLY
    return ROLE_EVENT


def keep_value(role: int, mp: int, playable: bool) -> int:
    """Hand management: higher is kept longer. Unplayable cards go first, then MP-less events."""
    if role in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY, ROLE_EVENT) and mp > 0 and not playable:
        return -5
    if role in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY) and not playable:
        return -5
    if role == ROLE_EVENT:
        return 5 * mp
    if role == ROLE_HAZARD:
        return 1
    if role == ROLE_CHARACTER:
        return 2 + 2 * max(mp, 0)
    return 3 + 2 * max(mp, 0)


def card_row(b, card: Card) -> dict:
    """One kind's card facts (the `CARD_COLUMNS` of `SimDeck`)."""
    sim = b.sim
    row: dict = {}
    role = ROLE_HAZARD if card.id in b.hazard_agents else _role(card)
    row["role"] = role
    row["mind"] = leading_int(card.mind) or 0
    row["direct_influence"] = max(0, leading_int(card.direct_influence) or 0)
    row["general_influence"] = card.general_influence or 0
    mp = scored_mp(card, b.alignment)[0]
    row["mp"] = mp
    category = card.mp_category if card.mp_category in MP_CATEGORIES else "miscellaneous"
    row["mp_category"] = MP_CATEGORIES.index(category)
    row["unique"] = card.unique
    row["avatar"] = card.avatar
    row["races"] = tuple(card.races)
    row["skills"] = tuple(card.skills)
    row["leader"] = LEADER in card.keywords
    row["half_size"] = "Hobbit" in card.races or ("Orc" in card.races and "Scout" in card.skills)
    row["item_bit"] = 1 if card.item_class == "minor" else 0
    row["character_sites"] = character_sites(b, card) if role == ROLE_CHARACTER else frozenset()
    sudden_call = fold(card.name) == fold(SUDDEN_CALL) and card.type == RESOURCE
    row["sudden_call"] = sudden_call
    row["cancels"] = (role == ROLE_EVENT and mp <= 0 and "Short-event" in card.subtypes and not sudden_call
                       and card.id not in b.facts.influence and card.id not in b.facts.ring_testers)
    facts = b.facts
    row["attack_cancel"] = facts.attack_cancels.get(card.id) if role == ROLE_EVENT else None
    row["ring_table"] = facts.ring_tests.get(card.id, ())
    row["tester"] = facts.ring_testers.get(card.id)
    row["ring_bonus"] = facts.ring_test_bonus.get(card.id, 0)
    mode = facts.modes.get(card.id)
    row["mode"] = (mode.name, mode.direct_influence) if mode else None
    change = facts.general_influence.get(card.id)
    row["gi_change"] = change
    # a character's or item's in play (Pallando...), or an event's that raises general influence (The Lidless Eye)
    bonus = facts.hand_size.get(card.id) if role in (ROLE_CHARACTER, ROLE_ITEM) or change is not None else None
    where = None
    if bonus is not None and bonus.site:
        where = frozenset(i for i, s in enumerate(sim.sites) if fold(s.name) == fold(bonus.site))
    elif bonus is not None and bonus.darkhaven:
        where = frozenset(i for i, s in enumerate(sim.sites) if sim.site_dark_haven[i])
    row["hand_bonus"] = (bonus.bonus, where) if bonus is not None else None
    row["makes_overt"] = role == ROLE_CHARACTER and bool(OVERT_RACES.intersection(card.races))
    row["mode_di"] = dict(facts.mode_influence.get(card.id, {}))
    row["boost"] = (sum(i.bonus for i in facts.influence.get(card.id, ()) if i.any_faction)
                     if role == ROLE_EVENT and "Short-event" in card.subtypes else 0)
    row["follower_di"] = follower_di(b, card) if role == ROLE_CHARACTER else ()
    return row


def follower_di(b, card: Card) -> tuple[tuple[int, frozenset[int]], ...]:
    """The character's direct influence restricted to followers of a kind (coe 2.II.2.2.4), each instance as
    (bonus, the character kinds of this deck it may control)."""
    out = []
    kinds = b.sim.kinds
    for restricted in b.facts.follower_influence.get(card.id, ()):
        names = {fold(n) for n in restricted.names}
        home = fold(restricted.home_site) if restricted.home_site else None
        allowed = frozenset(
            k for k, other in enumerate(kinds) if other.type == CHARACTER and other is not card and (
                set(restricted.races).intersection(other.races) or fold(other.name) in names
                or (restricted.specific is not None and other.specific == restricted.specific)
                or (home is not None and home in {fold(s) for s in (other.home_site or "").split(",")})))
        if allowed and restricted.bonus > 0:
            out.append((restricted.bonus, allowed))
    return tuple(out)


def character_sites(b, card: Card) -> frozenset[int]:
    """Where a character may enter play: its home site(s), and any haven of its player (an avatar: its
    alignment's; a Fallen-wizard's: a Wizardhaven, g.hav.F1)."""
    sim = b.sim
    if b.alignment == "fallen-wizard" and not card.avatar and (leading_int(card.mind) or 0) > FW_MAX_MIND:
        return frozenset()    # coe 2.II.2.2.F1: a Fallen-wizard cannot play a character of mind above 5
    if b.restricted_races.intersection(card.races):
        return frozenset()    # coe 2.II.2.2.F2: nor an Orc or Troll without Bad Company
    home = card.home_site
    if b.alignment == "balrog" and fold(home or "") == fold("Any Dark-hold"):
        home = "any non-Dark-hold Under-deeps site"    # coe 2.II.2.2.B1
    homes = set(home_sites(home, sim.sites))
    # g.hav.F1: a Fallen-wizard plays no character at a Haven or Darkhaven, only at a Wizardhaven
    havens = {i for i, s in enumerate(sim.sites) if s.is_haven
              and (b.alignment != "fallen-wizard" or s.alignment == "Fallen-wizard")}
    if card.agent:
        return frozenset(homes)      # coe 2.II.2.2.5: an agent character only at its home site
    if card.avatar:
        allowed = {fold(n) for n in AVATAR_HAVENS[b.alignment]}
        if b.alignment == "ringwraith":   # coe 2.II.2.1.R3: revealed at a Darkhaven, in its own company
            homes = {i for i in homes if sim.sites[i].is_haven}
        homes |= {i for i, s in enumerate(sim.sites) if fold(s.name) in allowed}
        if not homes:   # an avatar with no listed site in this location deck: any haven will do
            homes = havens
        return frozenset(homes)
    return frozenset(homes | havens)

# ---- starting company ----------------------------------------------------------------------------


def draft(b, pool: list[Card], play_characters: list[Card]) -> list[Card]:
    """Draft the starting company from the pool; return the leftover characters shuffled into the deck.

    Of the groups of at most 5 characters (6 for a Ringwraith or Balrog) with total mind at most 20 (coe 1.9),
    the draft takes the one worth most marshalling points counting, at `PLAY_DECK_CHARACTER_WEIGHT`, those of the
    play deck's characters its unused general influence leaves room for (a player keeps room for the characters
    it built the deck around); then more MP of its own; then one that leaves room for the smallest-mind
    character of the play deck, then more direct influence (to take followers), then more mind."""
    sim = b.sim
    characters = [c for c in pool if c.type == CHARACTER and not c.avatar]
    limit = START_SIZE[b.alignment]
    fallen = b.alignment == "fallen-wizard"     # coe 1.9.F3: no starting character of mind above 5
    if fallen and not any(c.id == FW_RACE_ENABLER for c in pool):
        b.restricted_races = FW_RESTRICTED_RACES          # coe 1.9.F2, 2.II.2.2.F2
    enablers = AGENT_CHARACTERS.get(b.alignment, ())
    agents_drafted = any(c.id in enablers for c in pool)
    draftable = [i for i, c in enumerate(characters)
                 if (not c.agent or agents_drafted)
                 and (not fallen or ((leading_int(c.mind) or 0) <= FW_MAX_MIND
                                     and not b.restricted_races.intersection(c.races)))]
    minds = {i: leading_int(characters[i].mind) or 0 for i in draftable}
    if len(draftable) > MAX_DRAFT_CANDIDATES:
        # every group of 5 of 60 characters is 5 million groups: a pool that big is no real pool (they hold
        # a dozen), and only the candidates a best group could come from are tried
        draftable = sorted(draftable, key=lambda i: (-(characters[i].mp or 0), minds[i], i))
        draftable = sorted(draftable[:MAX_DRAFT_CANDIDATES])
    to_come = [leading_int(c.mind) or 0 for c in play_characters if not c.avatar and not c.agent]
    room = min(to_come) if to_come else 0
    worth = [(c.mp, leading_int(c.mind) or 0) for c in play_characters
             if not c.avatar and not c.agent and (c.mp or 0) > 0 and not b.restricted_races.intersection(c.races)
             and (not fallen or (leading_int(c.mind) or 0) <= FW_MAX_MIND)]
    best: tuple[int, ...] = ()
    best_key: tuple = (-1,)
    for size in range(min(limit, len(draftable)), 0, -1):
        for group in combinations(draftable, size):
            mind = sum(minds[i] for i in group)
            if mind > GENERAL_INFLUENCE:
                continue
            mp = sum(characters[i].mp or 0 for i in group)
            key = (mp + PLAY_DECK_CHARACTER_WEIGHT * room_mp(worth, GENERAL_INFLUENCE - mind), mp,
                   mind + room <= GENERAL_INFLUENCE,
                   sum(max(0, leading_int(characters[i].direct_influence) or 0) for i in group), mind)
            if key > best_key:
                best, best_key = group, key
    chosen = [characters[i] for i in best]
    sim.start_characters = [b.kind(c) for c in chosen]
    items = [c for c in pool if c.type == RESOURCE and c.is_minor_item and not c.unique][:2]
    sim.start_items = [b.kind(c) for c in items]
    sim.start_stage_points = sum(c.stage_points or 0 for c in pool if c.type == RESOURCE)
    space = max(0, PLAY_DECK_CHARACTERS - len(play_characters))
    return [c for i, c in enumerate(characters) if i not in best][:space]


# A play-deck character's MP counts at this weight against a starting one's in the draft: it must be drawn
# and brought in (a turn each) before it scores, and may never be.
PLAY_DECK_CHARACTER_WEIGHT = 0.5


def room_mp(characters: list[tuple[int, int]], room: int) -> int:
    """The most MP of the (MP, mind) characters that fit in `room` general influence together, the best MP per
    mind first (a greedy count: enough to compare drafts)."""
    total = 0
    for mp, mind in sorted(characters, key=lambda c: (-c[0] / max(1, c[1]), c[1])):
        if mind <= room:
            room -= mind
            total += mp
    return total


def hazard_agents(deck: Deck, alignment: str) -> set[str]:
    """Agents played as hazards: all of them for a Wizard or Balrog, else those listed only among hazards."""
    agents = [e for e in deck.entries if e.card is not None and e.card.agent]
    if alignment not in AGENT_CHARACTERS:
        return {e.card.id for e in agents}
    as_character = {e.card.id for e in agents if e.part in (Part.POOL, Part.CHARACTERS, Part.PLAY)}
    return {e.card.id for e in agents} - as_character


# coe 1.4.1: sites any location deck may include (Balrog sites without a hero or minion version).
