"""The location deck's table: each site's facts, the starter links between sites and havens, region movement's
reach (coe 2.II.7), Under-deeps links, home sites as printed, and the full location deck a deck that lists none
is taken to hold (coe 1.4)."""

from __future__ import annotations

import re
from collections import deque
from functools import cache

from deckcheck.analysis.playable import site_views
from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.model import SITE, Card
from deckcheck.cards.names import fold
from deckcheck.cards.play import PlayFacts
from deckcheck.sim.model.tables import MINION_PLAYERS, REGION_STEPS, SITE_COLUMNS, START_HAVENS, set_columns

SITE_TYPE_WORDS = {"haven": "H", "free-hold": "F", "border-hold": "B", "ruins & lairs": "R",
                   "shadow-hold": "S", "dark-hold": "D"}


def home_sites(home: str | None, sites: list[Card]) -> list[int]:
    """The location-deck sites a printed home site names: "Bree", "Moria, The Under-gates", "Any Dark-hold",
    "Any site in Imlad Morgul", "any non-Dark-hold Under-deeps site", "Any non-Under-deeps Ruins & Lairs"."""
    found: set[int] = set()
    for part in re.split(r",\s*|\s+or\s+", home or ""):
        text = part.strip().lower()
        if not text:
            continue
        if text.startswith("any site in "):
            region = fold(text[len("any site in "):])
            found.update(i for i, s in enumerate(sites) if fold(s.region or "") == region)
        elif text.startswith("any "):
            found.update(i for i, s in enumerate(sites) if _fits_any(text[4:], s))
        else:
            found.update(i for i, s in enumerate(sites) if fold(s.name) == fold(text))
    return sorted(found)


def _fits_any(text: str, site: Card) -> bool:
    """"dark-hold", "non-dark-hold under-deeps site", "non-under-deeps ruins & lairs"."""
    if "non-under-deeps" in text and site.under_deeps:
        return False
    if "under-deeps" in text.replace("non-under-deeps", "") and not site.under_deeps:
        return False
    types = [code for word, code in SITE_TYPE_WORDS.items() if word in text and f"non-{word}" not in text]
    excluded = [code for word, code in SITE_TYPE_WORDS.items() if f"non-{word}" in text]
    if site.site_type in excluded:
        return False
    return site.site_type in types if types else "site" in text


def region_map(facts: PlayFacts) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each region (folded name) with its type symbol and its neighbours (either card naming the other)."""
    adjacency: dict[str, set[str]] = {}
    for name, region in facts.regions.items():
        for other in region.adjacent:
            adjacency.setdefault(fold(name), set()).add(fold(other))
            adjacency.setdefault(fold(other), set()).add(fold(name))
    types = {fold(name): region.type for name, region in facts.regions.items()}
    return {name: (types.get(name, ""), tuple(sorted(adjacency.get(name, ()))))
            for name in set(adjacency) | set(types)}


def _region_reach(sites: list[Card], regions: dict[str, tuple[str, tuple[str, ...]]]) -> list[frozenset[int]]:
    """coe 2.II.7.ii: the sites within four consecutive regions of each site (Under-deeps sites excluded)."""
    by_region: dict[str, list[int]] = {}
    for i, site in enumerate(sites):
        if site.region and not site.under_deeps:
            by_region.setdefault(fold(site.region), []).append(i)
    reach_of_region: dict[str, frozenset[int]] = {}
    for region in by_region:
        seen = {region: 0}
        queue = deque([region])
        while queue:
            current = queue.popleft()
            if seen[current] == REGION_STEPS:
                continue
            for nxt in regions.get(current, ("", ()))[1]:
                if nxt not in seen:
                    seen[nxt] = seen[current] + 1
                    queue.append(nxt)
        reach_of_region[region] = frozenset(i for r in seen for i in by_region.get(r, ()))
    out = []
    for i, site in enumerate(sites):
        region = fold(site.region or "")
        out.append(reach_of_region.get(region, frozenset()) - {i} if not site.under_deeps else frozenset())
    return out


def _under_deeps(sites: list[Card], facts: PlayFacts) -> list[tuple[tuple[int, int], ...]]:
    """coe 2.II.7.iii: Under-deeps movement between sites one lists as adjacent (either way), with the roll
    the Under-deeps site names (coe 2.IV.i.1; moving up to a surface site needs 0)."""
    links: list[dict[int, int]] = [{} for _ in sites]
    by_name: dict[str, list[int]] = {}
    for i, site in enumerate(sites):
        by_name.setdefault(fold(site.name), []).append(i)
    for i, site in enumerate(sites):
        for name, roll in facts.site(site.id).adjacent:
            if name.lower().startswith("any site in "):
                region = fold(name[len("any site in "):])
                targets = [j for j, s in enumerate(sites) if fold(s.region or "") == region and not s.under_deeps]
            else:
                targets = by_name.get(fold(name), [])
            for j in targets:
                if j == i:
                    continue
                links[i][j] = min(links[i].get(j, roll), roll)      # from the Under-deeps site
                if not sites[j].under_deeps:
                    links[j][i] = min(links[j].get(i, roll), roll)  # and down to it from its surface site
    return [tuple(sorted(d.items())) for d in links]


def add_sites(b, cards: list[Card]) -> None:
    """The location deck as the site table (one pass, one row per site), then what follows from it: starter
    links, region reach, Under-deeps links."""
    sim = b.sim
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:          # havens may be listed several times: one site record is enough
            continue
        seen.add(card.id)
        sim.sites.append(card)
    if not any(c.is_haven for c in sim.sites):
        sim.warnings.append("the location deck holds no haven: a starting haven was assumed")
    _ensure_start_haven(b)
    # Hero and minion versions share names ("Carn Dûm" is a hero Dark-hold and a minion haven).
    sites_by_name: dict[str, list[int]] = {}
    for i, site in enumerate(sim.sites):
        sites_by_name.setdefault(fold(site.name), []).append(i)
    havens = [i for i, s in enumerate(sim.sites) if s.is_haven]
    set_columns(sim, "sites", SITE_COLUMNS, [_site_row(b, i, site, sites_by_name, havens)
                                             for i, site in enumerate(sim.sites)], len(sim.sites))
    n = len(sim.sites)
    sim.reachable = [tuple(s for s in range(n) if not sim.site_is_haven[s] and h in sim.site_links[s]
                           and not sim.site_under_deeps[s]) if sim.site_is_haven[h] else () for h in range(n)]
    sim.reachable_set = [frozenset(r) for r in sim.reachable]
    # coe 2.II.7.i: haven to its sites, site to its haven, haven to haven
    sim.starter = [frozenset() if sim.site_under_deeps[s] else
                   sim.reachable_set[s] | {h for h in sim.site_links[s] if sim.site_is_haven[h]}
                   if sim.site_is_haven[s] else frozenset(sim.site_links[s]) for s in range(n)]
    sim.regions = region_map(b.facts)
    sim.region_reach = _region_reach(sim.sites, sim.regions)
    sim.under_deeps = _under_deeps(sim.sites, b.facts)
    b.sites_by_name = sites_by_name
    b.views = site_views(sim.sites, b.facts)


def near_havens(site: Card) -> tuple[str, ...]:
    """The havens a site names (coe 2.II.7.i: starter movement goes between a site and its haven, and between
    two havens whose site path the haven card prints): a site's printed havens; a minion Darkhaven, which names
    none, the havens it prints a site path from (`combat_facts.haven_paths`: Minas Morgul is near Dol Guldur,
    not Carn Dûm)."""
    if site.havens or not site.is_haven:
        return tuple(site.havens)
    return tuple(load_combat_facts().get("haven_paths", {}).get(site.id, {}))


def _site_row(b, i: int, site: Card, sites_by_name: dict[str, list[int]], havens: list[int]) -> dict:
    named = near_havens(site)
    links = tuple(h for n in named for h in sites_by_name.get(fold(n), ()) if b.sim.sites[h].is_haven and h != i)
    if not links and not (site.is_haven and named):
        # Under-deeps sites name no haven, a site may name one the location deck lacks: every haven is near; a
        # Darkhaven is near only the havens it prints a site path from
        links = tuple(h for h in havens if h != i)
    site_facts = b.facts.site(site.id)
    return {"site_is_haven": site.is_haven, "site_dark_haven": site.is_haven and site.alignment in ("Minion", "Balrog"),
            "site_under_deeps": site.under_deeps, "site_links": links, "site_draw": max(1, site.draw or 1),
            "site_stored_test": site_facts.stored_ring_test, "site_test_here": site_facts.ring_test_here,
            "site_test_bonus": site_facts.ring_test_bonus, "site_attacks": () if site.is_haven else site_facts.attacks,
            "site_hand_attack": (site_facts.hand_attack, site_facts.hand_attack_unique)
            if site_facts.hand_attack and not site.is_haven else None,
            # g.hav.F1: a Fallen-wizard heals only at a Wizardhaven (its own havens; made ones count in play)
            "site_heals": site.is_haven and (b.alignment != "fallen-wizard" or site.alignment == "Fallen-wizard"),
            "site_safe": _safe(load_combat_facts().get("sites", {}).get(site.id, {}).get("attacks_canceled"),
                               b.alignment)}


def _safe(canceled, alignment: str) -> bool:
    """All attacks on our company at the site are canceled: the site's fact says so for every company (True) or
    for a minion company ("minion": Ringwraith and Balrog players, coe 3.II.2.R1/B1's "minion")."""
    return canceled is True or (canceled == "minion" and alignment in MINION_PLAYERS)


def _ensure_start_haven(b) -> None:
    sim = b.sim
    wanted = START_HAVENS[b.alignment]
    for name in wanted:
        for i, site in enumerate(sim.sites):
            if fold(site.name) == fold(name) and site.is_haven:
                sim.start_site = i
                return
    for i, site in enumerate(sim.sites):
        if site.is_haven:
            sim.start_site = i
            sim.warnings.append(f"{wanted[0]} is not in the location deck: the company starts at {site.name}")
            return
    sim.sites.insert(0, Card(id="SIM-0", set="SIM", number=0, name=wanted[0], type=SITE, subtypes=(),
                             alignment="Neutral", site_type="H", draw=1, draw_opponent=1))
    sim.start_site = 0

# ---- kinds ---------------------------------------------------------------------------------------


SHARED_BALROG_SITES = ("Ancient Deep-hold", "The Wind-deeps", "The Drowning-deeps", "The Rusted-deeps",
                       "Remains of Thangorodrim")
# coe 1.4.B1: minion sites a Balrog player includes only in their Balrog version.
BALROG_VERSION_SITES = ("Moria", "Carn Dûm", "Dol Guldur", "Minas Morgul")


def full_location_deck(alignment: str, cards: list[Card]) -> list[Card]:
    """Every site coe 1.4 lets this alignment's location deck hold: what a deck that lists no location deck is
    taken to have (its player chooses sites freely; the list just does not say which)."""
    shared = {fold(n) for n in SHARED_BALROG_SITES}
    sites = [c for c in cards if c.is_site]

    def ok(site: Card) -> bool:
        if site.alignment == "Balrog":
            return alignment == "balrog" or fold(site.name) in shared
        if alignment == "wizard":                         # 1.4.W1
            return site.alignment == "Hero"
        if alignment == "ringwraith":                     # 1.4.R1
            return site.alignment == "Minion"
        if alignment == "fallen-wizard":                  # 1.4.F1
            return site.alignment in ("Hero", "Minion", "Fallen-wizard")
        return site.alignment == "Minion" and not (       # 1.4.B1
            fold(site.name) in {fold(n) for n in BALROG_VERSION_SITES} or site.under_deeps or site.site_type == "D")
    return [s for s in sites if ok(s)]


@cache
def site_regions() -> dict[str, frozenset[str]]:
    """Every site of the catalog by folded name -> the folded regions its cards name (hero and minion versions
    share one)."""
    from deckcheck.cards.catalog import load_catalog

    found: dict[str, set[str]] = {}
    for card in load_catalog().cards:
        if card.is_site and card.region:
            found.setdefault(fold(card.name), set()).add(fold(card.region))
    return {name: frozenset(regions) for name, regions in found.items()}
