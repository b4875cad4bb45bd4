"""The condition and influence tables of `SimDeck`: each kind's play condition as the engine reads it (one
row per kind), what an influence check on each faction adds (coe 2.V.3), the hand ranks, the per-site lists of
what may be played there, and a Fallen-wizard's starting stage cards (coe 1.9.F)."""

from __future__ import annotations

from deckcheck.analysis.playable import condition_of, describe, place_fits, playable_sites
from deckcheck.analysis.scoring import scored_mp
from deckcheck.cards.model import Card, leading_int
from deckcheck.cards.names import fold
from deckcheck.cards.play import ANY, CHARACTER, ORGANIZATION, TAPPED, THE_BALROG, UNREVEALED_AVATAR, PlayCondition
from deckcheck.sim.model.cards import keep_value
from deckcheck.sim.model.tables import (
    COMPANY_ANY,
    COMPANY_COVERT,
    COMPANY_OVERT,
    CONDITION_COLUMNS,
    INFLUENCE_COLUMNS,
    LEADER,
    NEED_ANY,
    NEED_TAPPED,
    NEED_UNTAPPED,
    ON_FACTION,
    ON_ITEM,
    ON_NONE,
    ON_PALANTIR,
    ON_UNIQUE_FACTION,
    PHASE_NONE,
    PHASE_ORGANIZATION,
    PHASE_SITE,
    ROLE_ALLY,
    ROLE_CHARACTER,
    ROLE_EVENT,
    ROLE_FACTION,
    ROLE_ITEM,
    SUDDEN_CALL_KEEP,
    UTILITY_KEEP,
    WIZARD_RACE,
    set_columns,
)


def finish_conditions(b) -> None:
    """Every kind's play condition as tables: run once all kinds (characters included) are known."""
    sim = b.sim
    characters = [k for k in range(len(sim.kinds)) if sim.role[k] == ROLE_CHARACTER]
    names: dict[str, set[int]] = {}
    for k, card in enumerate(sim.kinds):
        names.setdefault(fold(card.name), set()).add(k)
    conditions = [b.facts.condition(card.id) for card in sim.kinds]
    stage = [b.facts.condition(c.id) for c in b.pool_stage]
    b.haven_makers = any(c is not None and c.makes_wizardhaven and c.modelled for c in conditions + stage)
    b.protectors = any(c is not None and c.protects and c.modelled for c in conditions + stage)
    rows = []
    for k, card in enumerate(sim.kinds):
        role = sim.role[k]
        condition = condition_of(card, b.facts) if role in (ROLE_ITEM, ROLE_FACTION, ROLE_ALLY) or (
            role == ROLE_EVENT and (sim.mp[k] > 0 or (card.mp_alt or 0) > 0 or (
                conditions[k] is not None and (conditions[k].makes_wizardhaven or conditions[k].protects)))) \
            else None
        if condition is not None and condition.stored_at and card.mp_alt:
            sim.mp[k] = scored_mp(card, b.alignment, card.mp_alt)[0]   # "(1)": scores once stored
        rows.append(condition_row(b, k, card, condition, characters, names))
    set_columns(sim, "conditions", CONDITION_COLUMNS, rows, len(sim.kinds))
    sim.influence_number = [
        (c.influence if c is not None and c.influence is not None else
         (card.influence_check if card.influence_check is not None else -1))
        for c, card in zip(sim.condition, sim.kinds)]
    set_columns(sim, "influence", INFLUENCE_COLUMNS, influence_rows(b), len(sim.kinds))
    wraith = b.alignment == "ringwraith" and any(sim.avatar)
    gold_rings = any(sim.ring_table)
    factions = any(r == ROLE_FACTION for r in sim.role)
    sim.keep_value = [_keep(sim, k, wraith, gold_rings, factions) for k in range(len(sim.kinds))]
    playable: list[list[int]] = [[] for _ in sim.sites]
    for k, sites in enumerate(sim.play_sites):
        if sim.phase[k] == PHASE_SITE:
            for s in sites:
                playable[s].append(k)
    sim.site_playable = [tuple(sorted(ks, key=lambda k: -sim.mp[k])) for ks in playable]
    sim.made_haven_kinds = tuple(k for k in range(len(sim.kinds)) if sim.made_haven_ok[k] is not None
                                 and sim.phase[k] == PHASE_SITE)
    sim.site_playable_set = [frozenset(ks) for ks in sim.site_playable]
    sim.gold_rings = tuple(k for k in range(len(sim.kinds)) if sim.ring_table[k])
    sim.special_rings = frozenset(k for k in range(len(sim.kinds)) if sim.ring_kind[k])
    sim.information_sites = tuple(i for i, s in enumerate(sim.sites) if s.information and not s.is_haven)
    sim.site_testers = frozenset(k for k in range(len(sim.kinds)) if sim.tester[k] is not None
                                 and sim.tester[k].site_phase and sim.role[k] == ROLE_EVENT)
    sim.hand_bonus_kinds = frozenset(k for k in range(len(sim.kinds)) if sim.hand_bonus[k])
    sim.gi_change_kinds = frozenset(k for k in range(len(sim.kinds)) if sim.gi_change[k] is not None)
    sim.storable = any(sim.store_sites)
    sim.attack_cancel_kinds = frozenset(k for k in range(len(sim.kinds)) if sim.attack_cancel[k])
    sim.guards_controller_kinds = frozenset(k for k in range(len(sim.kinds)) if sim.guards_controller[k])
    sim.cancels_strike_kinds = frozenset(k for k in range(len(sim.kinds)) if sim.cancels_strike[k])
    sim.organization_kinds = frozenset(k for k in range(len(sim.kinds)) if sim.phase[k] == PHASE_ORGANIZATION)


def _keep(sim, k: int, wraith: bool, gold_rings: bool, factions: bool) -> int:
    """The hand-management rank of a kind (discard lowest first)."""
    playable = sim.unplayable[k] is None and (bool(sim.play_sites[k]) or sim.phase[k] == PHASE_ORGANIZATION)
    if sim.sudden_call[k] and sim.calls_with_card:
        return SUDDEN_CALL_KEEP
    if (sim.mode[k] and wraith) or (sim.tester[k] and gold_rings) or (sim.boost[k] and factions) or (
            sim.gi_change[k] is not None
            and (wraith or sim.gi_change[k].on in (THE_BALROG, CHARACTER, UNREVEALED_AVATAR))) or (
            (sim.makes_haven[k] or sim.protects[k]) and playable):
        return UTILITY_KEEP          # a card the engine plays for what it enables
    return keep_value(sim.role[k], sim.mp[k], playable)


def condition_row(b, k: int, card: Card, condition: PlayCondition | None, characters: list[int],
                  names: dict[str, set[int]]) -> dict:
    """One kind's play condition as the engine reads it (the `CONDITION_COLUMNS` of `SimDeck`)."""
    sim = b.sim
    row: dict = {}
    row["condition"] = condition
    reason = None
    if condition is None:
        row["phase"] = PHASE_NONE
        row["play_sites"] = frozenset()
        row["mp_on_play"] = sim.mp[k]
        row.update(site_need=NEED_UNTAPPED, taps_site=False, taps_bearer=False, company_need=COMPANY_ANY,
                   once_per_company=False, once_per_site=False, once_per_character=False, under_leader=False,
                   leaves_if_wounded=False, guards_controller=False,
                   cancels_strike=False, play_attacks=(),
                   makes_haven=False, protects=False, needs_protected=False, made_haven_ok=None, bearers=None,
                   requires=(), avatars_needed=None, avatar_there=False, stage_needed=0, on=ON_NONE,
                   on_items=frozenset(), ring_kind=None, store_sites=frozenset(), unplayable=None)
        return row
    if not condition.modelled:
        reason = f"not modelled: {condition.unmodelled}"
    sites = frozenset(playable_sites(card, condition, b.sim.sites, b.views, b.alignment))
    if condition.at and not sites and reason is None:
        reason = f"no site of the location deck fits (needs {describe(condition)})"
    row["phase"] = PHASE_ORGANIZATION if condition.phase == ORGANIZATION or not condition.at else PHASE_SITE
    row["play_sites"] = sites
    row["site_need"] = {ANY: NEED_ANY, TAPPED: NEED_TAPPED}.get(condition.site, NEED_UNTAPPED)
    row["taps_site"] = condition.taps_site
    row["taps_bearer"] = condition.taps_bearer
    row["once_per_company"] = condition.once_per_company
    row["once_per_site"] = condition.once_per_site
    row["once_per_character"] = condition.once_per_character
    row["under_leader"] = condition.under_leader
    row["leaves_if_wounded"] = condition.leaves_if_wounded
    row["guards_controller"] = condition.guards_controller
    row["cancels_strike"] = condition.cancels_strike
    row["play_attacks"] = condition.attacks
    row["company_need"] = {"covert": COMPANY_COVERT, "overt": COMPANY_OVERT}.get(condition.company or "",
                                                                                 COMPANY_ANY)
    row["makes_haven"] = condition.makes_wizardhaven
    row["protects"] = condition.protects
    row["needs_protected"] = condition.protected
    made_ok = None
    if b.alignment == "fallen-wizard":      # a Haven or Wizardhaven the card names: ours too (MEWH)
        havens = [p for p in condition.at if "H" in p.types and p.haven in (None, "wizard") and not p.sites]
        if havens:
            made_ok = frozenset(i for i, site in enumerate(b.sim.sites)
                                if any(fold(site.name) in {fold(n) for n in p.not_sites} for p in havens))
    row["made_haven_ok"] = made_ok
    if made_ok is not None and reason is not None and reason.startswith("no site") and b.haven_makers:
        reason = None                          # it waits for a Wizardhaven the deck makes
    bearers = None
    if condition.bearer is not None:
        who = condition.bearer
        allowed = set()
        for c in characters:
            char = sim.kinds[c]
            if who.not_avatar and sim.avatar[c]:
                continue
            if who.min_prowess and (leading_int(char.prowess) or 0) < who.min_prowess:
                continue                       # "may only be borne by a character with a prowess of N or more"
            if (who.avatar and sim.avatar[c]) or set(who.skills) & set(char.skills) \
                    or set(who.races) & set(char.races) or fold(char.name) in {fold(n) for n in who.names} or \
                    not (who.skills or who.races or who.names or who.avatar):
                allowed.add(c)
        bearers = frozenset(allowed)
        if not bearers and reason is None:
            reason = f"no character of the deck can play it (needs {describe(condition)})"
    row["bearers"] = bearers
    requires = []
    for name in condition.in_play:
        kinds = frozenset(names.get(fold(name), ()))
        requires.append(kinds)
        if not kinds and reason is None:
            reason = f"needs {name} in play, which the deck does not hold"
    row["requires"] = tuple(requires)
    avatars = None
    if condition.avatar:
        avatars = frozenset(k2 for n in condition.avatar for k2 in names.get(fold(n), ()) if sim.avatar[k2])
        if not avatars and reason is None:
            reason = f"needs {' or '.join(condition.avatar)} as the avatar, whom the deck does not hold"
    row["avatars_needed"] = avatars
    row["avatar_there"] = condition.avatar_there
    if condition.avatar_there and not any(sim.avatar) and reason is None:
        reason = "needs the avatar in the company, and the deck holds no avatar"
    row["stage_needed"] = condition.stage_points
    on, on_items = ON_NONE, frozenset()
    if condition.on == "faction":
        on = ON_FACTION
    elif condition.on == "unique faction":
        on = ON_UNIQUE_FACTION
    elif condition.on == "palantir":
        on = ON_PALANTIR
    elif condition.on and condition.on.startswith("item:"):
        on = ON_ITEM
        on_items = frozenset(names.get(fold(condition.on[5:]), ()))
        if not on_items and reason is None:
            reason = f"needs {condition.on[5:]} in play, which the deck does not hold"
    row["on"] = on
    row["on_items"] = on_items
    row["ring_kind"] = condition.ring
    fallen = b.alignment == "fallen-wizard"
    stores = frozenset(i for i, view in enumerate(b.views)
                       if any(place_fits(p, view, fallen) for p in condition.stored_at))
    if condition.stored_at and not stores and reason is None:
        reason = "no site of the location deck where it can be stored to score"
    if condition.protected and not b.protectors and reason is None:
        reason = "needs a protected Wizardhaven, and the deck holds no card that protects one"
    row["store_sites"] = stores
    row["mp_on_play"] = 0 if condition.stored_at else sim.mp[k]
    if condition.ring and reason is None:
        if not any(sim.ring_table[g] for g in range(len(sim.kinds))):
            reason = "needs a gold ring to be tested, and the deck holds none"
    row["unplayable"] = reason
    return row


def influence_rows(b) -> list[dict]:
    """What an influence check on each faction adds to the roll besides unused direct influence (coe 2.V.3):
    per character kind, the fixed part (its own bonus against the faction, the faction's standard
    modifications for its race, name or keyword); per item kind, the item's bonus; the modifications that
    depend on the game (factions we have in play, our avatar)."""
    sim, facts = b.sim, b.facts
    names: dict[str, set[int]] = {}
    for k, card in enumerate(sim.kinds):
        names.setdefault(fold(card.name), set()).add(k)
    factions_of_race: dict[str, frozenset[int]] = {}
    for race in {r for k in range(len(sim.kinds)) if sim.role[k] == ROLE_FACTION for r in sim.races[k]}:
        factions_of_race[race] = frozenset(k for k in range(len(sim.kinds))
                                           if sim.role[k] == ROLE_FACTION and race in sim.races[k])
    rows = []
    for k, card in enumerate(sim.kinds):
        condition = sim.condition[k]
        static: dict[int, int] = {}
        items: dict[int, int] = {}
        in_play: list[tuple[frozenset[int], int]] = []
        avatars: dict[int, int] = {}
        if sim.role[k] == ROLE_FACTION and condition is not None:
            race_mods: dict[str, int] = {}
            influencers: dict[str, int] = {}
            for m in condition.modifications:
                if m.race:
                    race_mods[m.race] = race_mods.get(m.race, 0) + m.value
                elif m.faction:
                    kinds = names.get(fold(m.faction), set()) | names.get(fold("the " + m.faction), set())
                    if kinds:
                        in_play.append((frozenset(kinds), m.value))
                elif m.faction_race:
                    others = factions_of_race.get(m.faction_race, frozenset()) - {k}
                    if others:
                        in_play.append((others, m.value))
                elif m.influencer:
                    influencers[m.influencer] = m.value
                elif m.avatar:
                    for a in names.get(fold(m.avatar), ()):
                        if sim.avatar[a]:
                            avatars[a] = m.value
            sites = {fold(sim.sites[s].name) for s in sim.play_sites[k]} | {
                fold(n) for p in condition.at for n in p.sites}
            for other, other_card in enumerate(sim.kinds):
                role = sim.role[other]
                if role not in (ROLE_CHARACTER, ROLE_ITEM):
                    continue
                total = sum(i.bonus for i in facts.influence.get(other_card.id, ())
                            if i.any_faction or set(i.races) & set(card.races)
                            or fold(card.name) in {fold(f) for f in i.factions}
                            or sites & {fold(s) for s in i.sites})
                if role == ROLE_ITEM:
                    if total:
                        items[other] = total
                    continue
                total += sum(race_mods.get(r, 0) for r in sim.races[other])
                if sim.avatar[other] and b.alignment in ("wizard", "fallen-wizard"):
                    total += race_mods.get(WIZARD_RACE, 0)
                total += influencers.get(other_card.name, 0) + (influencers.get(LEADER, 0) if sim.leader[other]
                                                                else 0)
                if total:
                    static[other] = total
        rows.append({"check_static": static, "check_items": items, "check_in_play": tuple(in_play),
                     "check_avatar": avatars})
    return rows


def starting_stage_cards(b, cards: list[Card]) -> None:
    """A Fallen-wizard's starting stage cards are in play from the start (coe 1.9.F): those that make a site one
    of its Wizardhavens (Hidden Haven) are placed on the first site of the location deck they fit (a site
    listed with the pool first); those that protect one count once a Wizardhaven for them exists."""
    sim = b.sim
    havens: set[int] = set()
    pool_sites = {fold(e) for e in b.pool_site_names}
    order = sorted(range(len(sim.sites)), key=lambda i: fold(sim.sites[i].name) not in pool_sites)
    protectors = 0
    for card in cards:
        condition = b.facts.condition(card.id)
        if condition is None or not condition.modelled:
            continue
        if condition.makes_wizardhaven:
            fits = set(playable_sites(card, condition, sim.sites, b.views, b.alignment))
            site = next((i for i in order if i in fits and i not in havens), None)
            if site is not None:
                havens.add(site)
        if condition.protects:
            protectors += 1
    sim.start_havens = frozenset(havens)
    sim.start_protectors = protectors
