"""What may be played where (coe 2.II, 2.V and the play conditions of `card_db/play.json`): a card's
requirements, the site it needs, the company it needs."""

from __future__ import annotations

from deckcheck.sim.model import (
    COMPANY_ANY,
    COMPANY_COVERT,
    ON_FACTION,
    ON_UNIQUE_FACTION,
    ROLE_FACTION,
    ROLE_HAZARD,
    ROLE_ITEM,
)


def requirements_met(g, kind: int) -> bool:
    """Cards in play it needs, our avatar, stage points, a protected Wizardhaven, a faction to be played on
    ("cannot be duplicated on a given faction")."""
    sim = g.sim
    for kinds in sim.requires[kind]:
        if not any(g.in_play[k] for k in kinds):
            return False
    needed = sim.avatars_needed[kind]
    if needed is not None and g.avatar_kind not in needed:
        return False
    if sim.stage_needed[kind] > g.stage_points:
        return False
    if sim.needs_protected[kind] and not g.protectors:
        return False
    on = sim.on[kind]
    if on == ON_FACTION or on == ON_UNIQUE_FACTION:
        in_play = g.in_play
        if sum(in_play[k] for k in factions_of(sim, on == ON_UNIQUE_FACTION)) <= in_play[kind]:
            return False
    return True


def factions_of(sim, unique_only: bool) -> tuple[int, ...]:
    """The deck's faction kinds (unique ones only), once per deck (`SimDeck.memo`)."""
    key = ("factions", unique_only)
    found = sim.memo.get(key)
    if found is None:
        found = sim.memo[key] = tuple(k for k in range(len(sim.kinds)) if sim.role[k] == ROLE_FACTION
                                      and (not unique_only or sim.unique[k]))
    return found


def may_play(g, kind: int) -> bool:
    """The card can be played at all now: modelled, not a unique already in play (ours, or the opponent's of the
    same name or manifestation), its requirements met."""
    sim = g.sim
    return sim.unplayable[kind] is None and not (sim.unique[kind] and (kind in g.used_unique or rival_holds(g, kind))) \
        and (sim.plain_play[kind] or requirements_met(g, kind))


def entity_names(card) -> frozenset[str]:
    """What a unique card is, for uniqueness across both players' cards: its folded name and the names it says it
    is a manifestation of (Stinker: Gollum)."""
    from deckcheck.cards.names import fold
    from deckcheck.rules.copies import manifested_names

    return frozenset((fold(card.name), *manifested_names(card)))


def rival_conflicts(sim, rival_sim) -> list[tuple[int, ...]]:
    """For each kind of ours, the rival deck's unique non-hazard kinds that are the same unique card (a shared
    name or manifestation, whatever the alignment); computed once per pair of decks (`SimDeck.memo`)."""
    # Keyed by id() but holding the rival itself: a freed deck's id can be reused by the next rival.
    key = ("rival_conflicts", id(rival_sim))
    held, found = sim.memo.get(key, (None, None))
    if held is not rival_sim:
        theirs = [(k, entity_names(c)) for k, c in enumerate(rival_sim.kinds)
                  if rival_sim.unique[k] and rival_sim.role[k] != ROLE_HAZARD]
        found = []
        for k, card in enumerate(sim.kinds):
            if not sim.unique[k] or sim.role[k] == ROLE_HAZARD:
                found.append(())
                continue
            mine = entity_names(card)
            found.append(tuple(j for j, names in theirs if mine & names))
        sim.memo[key] = (rival_sim, found)
    return found


def rival_holds(g, kind: int) -> bool:
    """coe 1.1 ("only one such card can be in play ... across both your cards and your opponent's cards"):
    the opponent, playing its own game (`--both`), has the same unique card in play."""
    rival = g.rival
    if rival is None:
        return False
    conflicts = g.rival_conflicts[kind] if g.rival_conflicts else rival_conflicts(g.sim, rival.sim)[kind]
    return bool(conflicts) and any(rival.in_play[j] for j in conflicts)


def site_allows(g, kind: int, site: int) -> bool:
    """The card's condition holds at the site: one of its sites, or a Wizardhaven we made that it counts."""
    sim = g.sim
    if site in sim.play_sites[kind]:
        return True
    excluded = sim.made_haven_ok[kind]
    return excluded is not None and site in g.made_havens and site not in excluded


def company_fits(g, company, kind: int) -> bool:
    """The company the card asks for: not one that holds it already if it "cannot be duplicated in a given
    company" (its text), nor at a site where it is already if it "cannot be duplicated at a given site";
    covert or overt, if it says so (glossary: an Orc, Troll or Balrog, or the Ringwraith in Fell Rider mode,
    makes a company overt)."""
    sim = g.sim
    if sim.once_per_company[kind] and any(kind in c.holdings for c in company.characters):
        return False
    if sim.once_per_site[kind] and ((kind, company.site) in g.site_cards or any(
            kind in c.holdings for other in g.companies if other.site == company.site for c in other.characters)):
        return False                       # "cannot be duplicated at a given site": on it, or borne there
    need = sim.company_need[kind]
    if need == COMPANY_ANY:
        return True
    return company_is_overt(g, company) != (need == COMPANY_COVERT)


def company_is_overt(g, company) -> bool:
    """Glossary "overt": an Orc, Troll or Balrog, or the Ringwraith in Fell Rider mode, in the company; any
    other company is covert."""
    overt = g.sim.makes_overt
    for c in company.characters:
        if overt[c.kind]:
            return True
    return g.mode is not None and g.mode[0] == "Fell Rider" and any(c.kind == g.avatar_kind
                                                                    for c in company.characters)


def may_bear(sim, character, kind: int) -> bool:
    """The character may bear the item or ally: its condition names who may ("Warrior only", "may only be borne
    by The Balrog", "... by a character with a prowess of 6 or more"), or any character may; not a second copy
    of a card that "cannot be duplicated on a given character"."""
    allowed = sim.bearers[kind]
    return (allowed is None or character.kind in allowed) and not (
        sim.once_per_character[kind] and kind in character.holdings)


def passes_on_elimination(sim, holdings: list[int], companions: list, wounded) -> tuple[list[int], list]:
    """coe 3.I.2: "If a character fails a body check, the character is eliminated [...]. For each unwounded
    character in the same company, an item that the eliminated character controlled may be immediately transferred
    to that unwounded character (up to one item per unwounded character), and all other non-follower cards that
    the eliminated character controlled are immediately discarded." (The items that may pass: those of
    `holdings`; who may receive one: the unwounded characters of `companions`, his company without him.) No
    corruption check: 2.II.5's is the initial bearer's, made in the organization phase; he is gone."""
    return elimination_items(sim, holdings), [c for c in companions if c not in wounded]


def elimination_items(sim, holdings: list[int]) -> list[int]:
    """What of a character's `holdings` 3.I.2 lets pass as he is eliminated: his items (not allies or events)."""
    return [h for h in holdings if sim.role[h] == ROLE_ITEM]


def elimination_transfers(sim, items: list[int], heirs: list, plan: list[tuple]) -> list[tuple]:
    """The (item, heir) pairs of the player's `plan` that 3.I.2 allows (`passes_on_elimination`): each item one
    of `items`, once; each heir one of `heirs`, receiving one item at most, who may bear it (`may_bear`)."""
    allowed, left, received = [], list(items), []
    for item, heir in plan:
        if item in left and any(h is heir for h in heirs) and not any(r is heir for r in received) \
                and may_bear(sim, heir, item):
            allowed.append((item, heir))
            left.remove(item)
            received.append(heir)
    return allowed


def character_may_enter(g, kind: int) -> bool:
    """A character of the hand that may come into play somewhere (coe 2.II.2): not a unique in play, a site
    for it."""
    sim = g.sim
    return not (sim.unique[kind] and (kind in g.used_unique or rival_holds(g, kind))) \
        and bool(sim.character_sites[kind])
