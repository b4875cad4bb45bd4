"""Every rule, under every ruleset and alignment that switches it on: a deck that keeps it and one that breaks it.

The per-family test files check the messages and the numbers in detail; this matrix makes sure that no
(ruleset, alignment, code) the ruleset data switches on goes untested. A base deck legal under both rulesets
keeps every rule; each breaker changes one thing and must make exactly its rule speak, with the numbers.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from deckcheck.cards.catalog import load_catalog
from deckcheck.decklist.model import DeckEntry, Diagnostic
from deckcheck.rules import validate
from deckcheck.rules.registry import ERROR, NOTE, WARNING
from deckcheck.rules.ruleset import RULESET_NAMES, available, load_ruleset
from tests._rules_decks import CREATURES, LORDS, P, base_parts, build

# Non-creature hazard events: a hazard half without creatures.
EVENTS = ["TW-6", "TW-7", "TW-9", "TW-10", "TW-11", "TW-18"]
# Non-unique hazards not in the base decks, one copy each, to fill a sideboard past its limit.
FILLER = ["TW-13", "TW-14", "TW-15", "TW-19", "TW-21", "TW-22", "TW-24", "TW-27", "TW-28", "TW-29", "TW-30",
          "TW-32", "TW-33", "TW-34", "TW-35", "TW-36", "TW-37", "TW-38", "TW-39", "TW-40", "TW-41", "TW-42",
          "TW-43", "TW-45", "TW-49", "TW-50", "TW-51", "TW-52", "TW-53", "TW-54", "TW-55", "TW-56", "TW-57",
          "TW-58", "TW-59", "TW-60", "TW-61", "TW-62", "TW-63", "TW-64", "TW-66"]
OWN_AVATAR = {"wizard": "TW-156", "ringwraith": "LE-58", "fallen-wizard": "WH-9", "balrog": "BA-3",
              "elf-lord": "FB-12", "dwarf-lord": "DF-177", "dragon-lord": "GW-174"}
# Eleven non-avatar characters each alignment may hold (Balrog: Orcs and Trolls; Fallen-wizard: mind <= 5).
HERO_CHARACTERS = ["TW-116", "TW-119", "TW-121", "TW-122", "TW-123", "TW-124", "TW-125", "TW-128", "TW-129",
                   "TW-131", "TW-132"]
ORCS = ["LE-11", "LE-12", "LE-18", "LE-25", "LE-29", "LE-30", "LE-31", "LE-32", "LE-33", "LE-34", "LE-38"]
ELEVEN = {"wizard": HERO_CHARACTERS, "fallen-wizard": HERO_CHARACTERS, "ringwraith": ORCS, "balrog": ORCS,
          "elf-lord": HERO_CHARACTERS, "dwarf-lord": HERO_CHARACTERS, "dragon-lord": ORCS}


def base(alignment: str, ruleset: str) -> dict:
    parts = base_parts(alignment)
    if alignment == "fallen-wizard":
        parts[P.POOL] = [(1, "WH-82"), (1, "WH-72")]     # Thrall of the Voice (1) + Great Patron (2): 3 stage points
    if "dream_share" in limits(ruleset, alignment):
        with_dream_cards(parts, alignment)
    return parts


# Dream cards that keep every other rule: short-events of the alignment's side, creatures, pool characters.
DREAM_RESOURCES = {"hero": ["FB-74", "FB-86", "FB-90", "FB-97"], "minion": ["GW-20", "GW-37", "GW-77", "GW-82"]}
DREAM_CREATURES = ["FB-30", "FB-37", "FB-56"]
DREAM_CHARACTERS = {"hero": ["FB-13", "FB-14", "FB-20"], "minion": ["NE-45", "NE-78", "NE-81"]}


def with_dream_cards(parts: dict, alignment: str) -> None:
    """A base deck for a ruleset that asks dream cards (dream-share): its first 4 resource lines and last 3 hazard
    lines become dream cards of the same counts (a third of the play deck), and 3 dream characters join the pool."""
    side = "minion" if alignment in ("ringwraith", "balrog") else "hero"
    parts[P.RESOURCES] = [(n, DREAM_RESOURCES[side][i]) if i < 4 else (n, card_id)
                          for i, (n, card_id) in enumerate(parts[P.RESOURCES])]
    last = len(parts[P.HAZARDS]) - 3              # the last 3 (the copy-limit breaker adds a 4th of the first)
    parts[P.HAZARDS] = [(n, DREAM_CREATURES[i - last]) if i >= last else (n, card_id)
                        for i, (n, card_id) in enumerate(parts[P.HAZARDS])]
    parts[P.POOL] = parts.get(P.POOL, []) + [(1, i) for i in DREAM_CHARACTERS[side]]


def judge(parts: dict, alignment: str, ruleset: str, extra: list[DeckEntry | Diagnostic] = ()):
    from deckcheck.cards.pools import DEFAULT_POOL, DREAMCARDS, use_pool

    deck = build(alignment, parts)
    deck.entries.extend(x for x in extra if isinstance(x, DeckEntry))
    deck.diagnostics.extend(x for x in extra if isinstance(x, Diagnostic))
    use_pool(DREAMCARDS if alignment in LORDS else DEFAULT_POOL)    # a Lord's deck is read under dreamcards
    try:
        return validate(deck, ruleset=ruleset, alignment=alignment)
    finally:
        use_pool(DEFAULT_POOL)


def card(card_id: str):
    """A card of the ICE or the dreamcards pool."""
    from deckcheck.cards.pools import DREAMCARDS, pool_catalog

    return pool_catalog(DREAMCARDS).by_id(card_id)


def limits(ruleset: str, alignment: str) -> dict:
    return load_ruleset(ruleset, alignment)


# A breaker returns (parts, extra entries, text the message must hold, severity); None where the rule cannot be
# broken under that ruleset and alignment (the reason is in VACUOUS).
Breaker = Callable[[str, str], tuple | None]


def unknown_card(alignment, ruleset):
    entry = DeckEntry(part=P.RESOURCES, count=1, written="Dreams of Lor", lines=[900], problem="unknown-card",
                      suggestions=["Dreams of Lore"])
    text = "'Dreams of Lor' names no known card (in resources); did you mean Dreams of Lore?"
    return base(alignment, ruleset), [entry], text, ERROR


def not_in_pool(alignment, ruleset):
    # a line whose set code names a set outside the ICE pool: that set's card, not the ICE card of its name
    entry = DeckEntry(part=P.HAZARDS, count=1, written="Abductor", lines=[900], problem="not-ice-card",
                      set_code="V1")
    # read under the dreamcards pool (a Lord's deck), V1 is a set that pool's file holds no Abductor of
    said = "Abductor (V1) is no card of" if alignment in LORDS else "Abductor (V1) is a card of"
    return base(alignment, ruleset), [entry], said, ERROR


def ambiguous_card(alignment, ruleset):
    catalog = load_catalog()
    entry = DeckEntry(part=P.SIDEBOARD, count=1, written="Woses of the Eryn Vorn", lines=[900],
                      problem="ambiguous-card", candidates=[catalog.by_id("LE-296"), catalog.by_id("AS-67")])
    # A Fallen-wizard may hold either version: the legality does not depend on it, a note. For the others one
    # version is of the wrong alignment: an error.
    return base(alignment, ruleset), [entry], "fits 2 cards: LE-296", NOTE if alignment == "fallen-wizard" else ERROR


def unreadable_line(alignment, ruleset):
    skipped = Diagnostic("test.deck", 900, "bad-count", "count 0 in '0 Wargs (TW)'; line skipped")
    return base(alignment, ruleset), [skipped], "count 0 in '0 Wargs (TW)'; line skipped [bad-count]", ERROR


def unique_limit(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(2, "TW-3")]          # Agburanar, a unique hazard
    return parts, [], "2 copies of Agburanar (unique); the limit is 1", borrowed(ruleset, alignment, "unique-limit")


def copy_limit(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(1, "TW-1")]          # a 4th Abductor
    return parts, [], "4 copies of Abductor (in hazards, sideboard); the limit is 3", \
        borrowed(ruleset, alignment, "copy-limit", "non-unique")


def resource_count(alignment, ruleset):
    parts = base(alignment, ruleset)
    kept, total = [], 0
    for count, card_id in parts[P.RESOURCES]:
        if total + count <= 20:
            kept.append((count, card_id))
            total += count
    parts[P.RESOURCES] = kept
    parts[P.HAZARDS] = [(2, i) for i in CREATURES[: total // 2]]
    low = limits(ruleset, alignment)["play_deck"]["resources_min"]
    return parts, [], f"{total} resources in the play deck; the minimum is {low}", \
        borrowed(ruleset, alignment, "resource-count")


def hazard_parity(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.HAZARDS] = parts[P.HAZARDS] + [(1, "TW-21")]
    return parts, [], "31 hazards and 30 resources in the play deck; hazards must equal resources", \
        borrowed(ruleset, alignment, "hazard-parity")


def character_limit(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.CHARACTERS] = [e for e in parts[P.CHARACTERS] if e[1] == OWN_AVATAR[alignment]]
    parts[P.CHARACTERS] += [(1, i) for i in ELEVEN[alignment]]
    return parts, [], "11 non-avatar characters in the play deck; the limit is 10", \
        borrowed(ruleset, alignment, "character-limit")


def by_analogy(ruleset, alignment, case: str) -> bool:
    return case in limits(ruleset, alignment).get("analogy", {})


def borrowed(ruleset, alignment, code: str, aspect: str | None = None) -> str:
    """A warning where the ruleset marks the number of the case broken as borrowed by analogy (in a 2-deck
    game: every breaker plays one), else an error."""
    return WARNING if by_analogy(ruleset, alignment, code) or (
        aspect and by_analogy(ruleset, alignment, f"{code}/{aspect}")) else ERROR


def avatar_limit(alignment, ruleset):
    parts = base(alignment, ruleset)
    most = limits(ruleset, alignment)["avatars"]["play_deck_max"]
    parts[P.CHARACTERS] = [e for e in parts[P.CHARACTERS] if e[1] != OWN_AVATAR[alignment]]
    parts[P.CHARACTERS].append((most + 1, OWN_AVATAR[alignment]))
    # rulebook Wizard and Fallen-wizard: MELE's limit on Ringwraith cards, borrowed by analogy: a warning
    return parts, [], f"{most + 1} avatars in the play deck", borrowed(ruleset, alignment, "avatar-limit", "play-deck")


def sideboard_size(alignment, ruleset):
    parts = base(alignment, ruleset)
    share = limits(ruleset, alignment)["sideboard"].get("max_play_deck_share")
    if share:                                    # meccg-online: a share of the play deck
        play = sum(n for part in (P.CHARACTERS, P.RESOURCES, P.HAZARDS) for n, _ in parts.get(part, []))
        most = play * share // 100
        parts[P.SIDEBOARD] = [(1, i) for i in FILLER[: most + 1]]
        return parts, [], f"{most + 1} cards in the sideboard; the limit ({share}% of the {play}-card play deck) " \
                          f"is {most}", ERROR
    most = limits(ruleset, alignment)["sideboard"]["max_by_length"][1]
    parts[P.SIDEBOARD] = [(1, i) for i in FILLER[: most + 1]]
    return parts, [], f"{most + 1} cards in the sideboard; the limit for a 2-deck (Short) game is {most}", ERROR


def fw_sideboard_size(alignment, ruleset):
    parts = base(alignment, ruleset)
    most = limits(ruleset, alignment)["sideboard"]["fw_max"]
    parts[P.FW_SIDEBOARD] = [(1, i) for i in FILLER[:11]]
    return parts, [], f"11 cards in the sideboard against Fallen-wizards; the limit is {most}", ERROR


def site_copies(alignment, ruleset):
    parts = base(alignment, ruleset)
    site = {"wizard": "TW-371", "fallen-wizard": "TW-371", "ringwraith": "LE-349", "balrog": "LE-349",
            "elf-lord": "TW-371", "dwarf-lord": "TW-371", "dragon-lord": "LE-349"}[alignment]
    parts[P.SITES] = parts[P.SITES] + [(2, site)]
    name = load_catalog().by_id(site).name
    return parts, [], f"copies of {name} [", borrowed(ruleset, alignment, "site-copies")


def versions_read(alignment, ruleset):
    # a Fallen-wizard's "2 <site>" with no tag: one hero and one minion copy, read so and said
    parts = base(alignment, ruleset)
    card = load_catalog().by_id("TW-371")
    entry = DeckEntry(part=P.SITES, count=2, written=card.name, lines=[901], card=card, untold_version=True)
    return parts, [entry], f"2 {card.name} = {card.name} [H] + {card.name} [M]", WARNING


def site_alignment(alignment, ruleset):
    parts = base(alignment, ruleset)
    site = {"wizard": "LE-392", "ringwraith": "TW-421", "fallen-wizard": "BA-84", "balrog": "TW-421",
            "elf-lord": "WH-58", "dwarf-lord": "WH-58", "dragon-lord": "TW-421"}[alignment]     # WH-58: a FW site
    parts[P.SITES] = parts[P.SITES] + [(1, site)]
    return parts, [], f"{load_catalog().by_id(site).name} [", ERROR


def region_card(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.SITES] = parts[P.SITES] + [(1, "TW-442")]
    return parts, [], "Anduin Vales is a region card", ERROR


def starting_site(alignment, ruleset):
    parts = base(alignment, ruleset)
    starts = {"wizard": {"TW-421"}, "ringwraith": {"LE-390", "LE-367"}, "fallen-wizard": {"WH-58"},
              "balrog": {"BA-93", "BA-100"}, "elf-lord": {"FB-176", "FB-169"}, "dwarf-lord": {"DF-21", "DF-92"},
              "dragon-lord": {"GW-65"}}[alignment]
    parts[P.SITES] = [s for s in parts[P.SITES] if s[1] not in starts]
    # GCCG names no starting site for a Lord: the Lord's havens are borrowed by analogy, a warning
    return parts, [], "no site in the location deck where the starting company may begin", \
        borrowed(ruleset, alignment, "starting-site")


def alignment_card(alignment, ruleset):
    parts = base(alignment, ruleset)
    card = {"wizard": "LE-31", "ringwraith": "TW-130", "fallen-wizard": "TW-156", "balrog": "TW-188",
            "elf-lord": "LE-58", "dwarf-lord": "LE-58", "dragon-lord": "TW-130"}[alignment]
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(1, card)]
    return parts, [], f"{load_catalog().by_id(card).name} [", ERROR


def banned_card(alignment, ruleset):
    parts = base(alignment, ruleset)
    card = {"fallen-wizard": "TW-205", "balrog": "LE-170", "elf-lord": "WH-63", "dwarf-lord": "LE-165",
            "dragon-lord": "LE-170"}[alignment]
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(1, card)]
    return parts, [], "is banned for a", ERROR


def specific_card(alignment, ruleset):
    parts = base(alignment, ruleset)
    # A Balrog-specific minion item (a Wizard may hold minion items) or an Alatar-specific Stage card.
    # Lords: a Galadriel-specific Stage card for Elrond, a Dragon-lord-specific minion event for Thorin.
    card = {"fallen-wizard": "WH-93", "balrog": None, "elf-lord": "FB-109", "dwarf-lord": "GW-1"}.get(
        alignment, "BA-82")
    if card is None:
        return None
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(1, card)]
    return parts, [], "-specific; the player's avatar is", ERROR


def agent_mind(alignment, ruleset):
    parts = base(alignment, ruleset)
    agents = [(1, i) for i in ("DM-1", "DM-2", "DM-7", "DM-4", "DM-8", "DM-3")]    # 7+8+8+5+5+3 = 36
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + agents + [(1, "DM-5")]     # + Deallus 3
    return parts, [], "agents total 39 mind (7 agent cards); the limit is 36", ERROR


def creature_count(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.HAZARDS] = [(3, i) for i in EVENTS]                                 # 18 hazards, no creature
    least = limits(ruleset, alignment)["play_deck"]["creatures_min"]
    return parts, [], f"0 creatures among the hazards; the minimum is {least}", ERROR


def pool_size(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.POOL] = parts.get(P.POOL, []) + [(1, i) for i in ELEVEN[alignment]]
    return parts, [], "non-avatar characters; the limit is 10", ERROR


def starting_size(alignment, ruleset):
    parts = base(alignment, ruleset)
    if limits(ruleset, alignment)["starting"]["mode"] == "pool":
        if alignment == "fallen-wizard":
            parts[P.POOL] = [(1, "WH-72"), (1, "WH-75")]     # Great Patron + Hidden Haven: no Thrall of the Voice
        parts[P.POOL] = parts.get(P.POOL, []) + [(1, "DM-6")]                  # Drór, an agent
        return parts, [], "Drór [M] (DM) is an agent; it cannot be revealed in the draft", WARNING
    most = limits(ruleset, alignment)["starting"]["characters_max"]
    parts[P.POOL] = [e for e in parts.get(P.POOL, []) if card(e[1]).type != "Character"]
    cheap = {"ringwraith": ["LE-30", "LE-33", "LE-35", "LE-25", "LE-12", "LE-18", "LE-34"]}.get(
        alignment, ["TW-118", "TW-124", "TW-125", "TW-127", "TW-129", "TW-130", "TW-132"])
    parts[P.POOL] += [(1, i) for i in cheap[: most + 1]]
    return parts, [], f"the starting company holds {most + 1} characters; the limit is {most}", \
        borrowed(ruleset, alignment, "starting-size", "count")


def starting_mind(alignment, ruleset):
    parts = base(alignment, ruleset)
    if limits(ruleset, alignment)["starting"]["mode"] == "pool":
        undraftable = {"ringwraith": "DM-6", "fallen-wizard": "TW-168", "balrog": "LE-20", "elf-lord": "DM-6",
                       "dwarf-lord": "DM-6", "dragon-lord": "LE-20"}.get(alignment)
        if undraftable is None:
            return None
        if alignment == "fallen-wizard":
            parts[P.POOL] = [(1, "WH-63"), (1, "WH-75")]                        # Bad Company + Hidden Haven
        parts[P.POOL] = [e for e in parts.get(P.POOL, []) if card(e[1]).type != "Character"]
        parts[P.POOL].append((1, undraftable))
        return parts, [], "no legal starting company can be drafted from the pool", WARNING
    heavy = {"ringwraith": ["LE-31", "LE-32", "LE-29", "LE-38", "LE-41", "LE-34"]}.get(
        alignment, ["TW-123", "TW-128", "TW-131", "TW-121", "TW-116"])           # mind 21 or more
    parts[P.POOL] = [e for e in parts.get(P.POOL, []) if card(e[1]).type != "Character"]
    parts[P.POOL] += [(1, i) for i in heavy]
    return parts, [], "the starting characters' combined mind is", borrowed(ruleset, alignment, "starting-mind")


def starting_items(alignment, ruleset):
    parts = base(alignment, ruleset)
    if alignment == "balrog":                                                    # no hero items for a Balrog
        parts[P.POOL] = parts.get(P.POOL, []) + [(1, "AS-129")]                 # Old Treasure, a hoard item
        return parts, [], "is a hoard item; a hoard minor item may not be included with a starting company", ERROR
    parts[P.POOL] = parts.get(P.POOL, []) + [(1, "TW-333")]                     # Sting, unique
    return parts, [], "is unique; starting minor items must be non-unique", \
        borrowed(ruleset, alignment, "starting-items", "unique")


def mind_limit(alignment, ruleset):
    parts = base(alignment, ruleset)
    # Beorn 7, Lieutenant of Angmar 9
    card = {"fallen-wizard": "TW-126", "balrog": "LE-20", "dragon-lord": "LE-20"}[alignment]
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(1, card)]
    severity = limits(ruleset, alignment)["characters"].get("mind_severity", ERROR)
    return parts, [], "player's characters may have mind", severity


def stage_points(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.POOL] = [(1, "WH-72")]                                              # Great Patron alone: 2 points
    return parts, [], "give 2 stage points; they must give exactly 3", ERROR


def character_race(alignment, ruleset):
    parts = base(alignment, ruleset)
    if alignment in ("elf-lord", "dwarf-lord"):                                  # GCCG: no Orc, no Troll
        parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(1, "LE-29")]         # Old Troll
        return parts, [], "non-agent characters cannot be Orc or Troll", ERROR
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(1, "LE-1")]             # Asternak, a Man
    return parts, [], "non-avatar characters can only be Orc or Troll", ERROR


def mind_enablers(alignment, ruleset):
    parts = base(alignment, ruleset)                       # one Thrall of the Voice, for Celeborn and Legolas (mind 6)
    parts[P.POOL] = parts[P.POOL] + [(1, "TW-136"), (1, "TW-168")]
    return parts, [], "2 pool characters of mind above 5 (Celeborn, Legolas) and 1 Thrall of the Voice", WARNING


def stage_playable(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.POOL] = [(1, "WH-70")]            # Gatherer of Loyalties (3): playable with more than 3 stage points
    return parts, [], "Gatherer of Loyalties (WH) cannot be played at the start: it needs more than 3 stage " \
                      "points; without it the starting Stage cards give 0 of the 3 stage points", ERROR


def starting_race(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.POOL] = parts[P.POOL] + [(1, "LE-33")]                              # Orc Sniffler, no Bad Company
    severity = limits(ruleset, alignment)["characters"].get("starting_race_severity", ERROR)
    return parts, [], "only with Bad Company among the starting cards", severity


def faction_race(alignment, ruleset):
    parts = base(alignment, ruleset)
    parts[P.SIDEBOARD] = parts.get(P.SIDEBOARD, []) + [(1, "LE-263")]           # Dunlendings, Men
    return parts, [], "Dunlendings [M] (LE) is a Man faction", ERROR


def dream_share(alignment, ruleset):
    share = limits(ruleset, alignment)["dream_share"]
    parts = base_parts(alignment)                  # the base without its dream cards
    if alignment == "fallen-wizard":
        parts[P.POOL] = [(1, "WH-82"), (1, "WH-72")]
    if "share_min" in share:
        return parts, [], "0 of the 30 resources are dream cards (0%); the format asks at least 25%", ERROR
    return parts, [], "0 dream cards among the resources; the format asks at least 5", ERROR


BREAKERS: dict[str, Breaker] = {
    "dream-share": dream_share,
    "not-in-pool": not_in_pool,
    "unknown-card": unknown_card, "ambiguous-card": ambiguous_card, "unreadable-line": unreadable_line,
    "unique-limit": unique_limit,
    "copy-limit": copy_limit, "resource-count": resource_count, "hazard-parity": hazard_parity,
    "character-limit": character_limit, "avatar-limit": avatar_limit, "sideboard-size": sideboard_size,
    "fw-sideboard-size": fw_sideboard_size, "site-copies": site_copies, "versions-read": versions_read,
    "site-alignment": site_alignment,
    "region-card": region_card, "starting-site": starting_site, "alignment-card": alignment_card,
    "banned-card": banned_card,
    "specific-card": specific_card, "agent-mind": agent_mind, "creature-count": creature_count,
    "pool-size": pool_size, "starting-size": starting_size, "starting-mind": starting_mind,
    "starting-items": starting_items, "mind-limit": mind_limit, "stage-points": stage_points,
    "starting-race": starting_race, "faction-race": faction_race, "character-race": character_race,
    "mind-enablers": mind_enablers, "stage-playable": stage_playable,
}

# Switched on, but no deck can break them there; they stay on so that the listing and the data say so.
VACUOUS = {
    **{(ruleset, "wizard", "starting-mind"): "every hero character may be drafted (mind <= 20, no agents: hazards)"
       for ruleset in ("coe", "dreamcards", "sealed", "meccg-online", "dc-cube")},
    **{(ruleset, "balrog", "specific-card"): "the avatar is The Balrog; every other specific card is a Stage card "
                                             "(alignment-card)" for ruleset in ("coe", "dreamcards", "meccg-online")},
}

COMBINATIONS = [(ruleset, alignment, code)
                for ruleset in RULESET_NAMES for alignment in available(ruleset)
                for code, on in load_ruleset(ruleset, alignment)["rules"].items() if on]


@pytest.mark.parametrize("ruleset,alignment", [(r, a) for r in RULESET_NAMES for a in available(r)])
def test_the_base_deck_keeps_every_rule(ruleset, alignment):
    verdict = judge(base(alignment, ruleset), alignment, ruleset)
    assert verdict.legal and verdict.violations == []


@pytest.mark.parametrize("ruleset,alignment,code", COMBINATIONS, ids=["/".join(c) for c in COMBINATIONS])
def test_every_switched_on_rule_can_be_broken(ruleset, alignment, code):
    assert code in BREAKERS, f"no breaker for {code}"
    broken = BREAKERS[code](alignment, ruleset)
    if broken is None:
        assert (ruleset, alignment, code) in VACUOUS, "a breaker gave up on a rule that is not known vacuous"
        return
    assert (ruleset, alignment, code) not in VACUOUS
    parts, extra, text, severity = broken
    verdict = judge(parts, alignment, ruleset, extra)
    found = [v for v in verdict.violations if v.code == code]
    assert found, f"{code} not reported; got {[(v.code, v.message) for v in verdict.violations]}"
    assert any(text in v.message for v in found), [v.message for v in found]
    assert {v.severity for v in found if text in v.message} == {severity}
    assert all(v.citation.startswith(ruleset) for v in found)
    assert verdict.legal == (severity != ERROR and all(v.severity != ERROR for v in verdict.violations))


@pytest.mark.parametrize("ruleset,alignment", [(r, a) for r in RULESET_NAMES for a in available(r)])
def test_a_rule_switched_off_stays_silent(ruleset, alignment):
    """A breaker of a rule the ruleset switches off brings no violation of that code."""
    switches = load_ruleset(ruleset, alignment)["rules"]
    for code, on in switches.items():
        if on or code not in BREAKERS:
            continue
        try:
            broken = BREAKERS[code](alignment, ruleset)
        except (KeyError, TypeError):
            continue        # the breaker needs numbers this ruleset does not have: the rule cannot apply
        if broken is None:
            continue
        parts, extra, _, _ = broken
        verdict = judge(parts, alignment, ruleset, extra)
        assert not [v for v in verdict.violations if v.code == code], (code, verdict.violations)
