"""Turn a `Tally` of integer sums into the numbers `deckcheck simulate` reports, as a dict and as text.

Every probability comes with its 95% Wilson interval, every mean with a normal one; "never" is kept apart
from a turn number; every play-deck card is listed with how often it was played, and a card never played
with the reason (`never_played_reason`).
"""

from __future__ import annotations

import math

from deckcheck.cards.model import RESOURCE
from deckcheck.sim.model import (
    MP_CATEGORIES,
    ROLE_CHARACTER,
    ROLE_EVENT,
    ROLE_HAZARD,
    SimDeck,
)
from deckcheck.sim.tally import Tally

SCHEMA = "deckcheck/simulate/3"
Z95 = 1.96
TOP_STUCK = 5
RARELY = 0.10        # the headline's "played in under 10% of games"
NO_OPPONENT = ("goldfish: no opponent (only the sites' automatic-attacks and the --hazards model); --against "
               "OPPONENT plays a real deck's hazards, --both its whole game")


def wilson(successes: int, n: int) -> dict:
    """A proportion with its 95% Wilson interval."""
    if n == 0:
        return {"p": None, "ci95": [None, None]}
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"p": round(p, 4), "ci95": [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]}


def mean_interval(total: int, squares: int, n: int) -> dict:
    """Mean with a 95% normal interval (mean ± 1.96 s/√n), rounded for the report."""
    mean = total / n
    variance = max(0.0, squares / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(variance / n) if n > 1 else 0.0
    return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}


def _p(successes: int, n: int, key: str) -> dict:
    w = wilson(successes, n)
    return {key: w["p"], f"{key}_ci95": w["ci95"]}


def summarize(sim: SimDeck, tally: Tally, *, seed: int, hazards: str) -> dict:
    """Everything reported, as plain JSON-ready values; identical tallies give identical dicts."""
    n = tally.games
    per_turn = []
    for t in range(tally.turns):
        mean = mean_interval(tally.mp_sum[t], tally.mp_sq[t], n)
        per_turn.append({"turn": t + 1, "mean_mp": mean["mean"], "ci95": mean["ci95"],
                         **_p(tally.reached[t], n, "p_threshold"), **_p(tally.called[t], n, "p_called")})
    exhausted = tally.exhausted_games
    exhaustion = {
        **_p(exhausted, n, "p_within_turns"),
        "games_never_exhausted": n - exhausted,
        "mean_turn": round(tally.exhausted_within_turn_sum / exhausted, 2) if exhausted else None,
        "horizon": tally.turns,
    }
    stuck = sorted(
        ((tally.held[k] / n, k) for k in range(len(sim.kinds)) if sim.role[k] != ROLE_HAZARD and tally.held[k]),
        key=lambda pair: (-pair[0], sim.kinds[pair[1]].name))[:TOP_STUCK]
    cards = card_rows(sim, tally, hazards)
    return {
        "schema": SCHEMA,
        "deck": sim.name,
        "alignment": sim.alignment,
        "games": n,
        "turns": tally.turns,
        "seed": seed,
        "hazards": hazards,
        "length": sim.length,
        "threshold": sim.threshold,
        "play_deck": sim.deck_size,
        "starting_company": [sim.kinds[k].name for k in sim.start_characters],
        "per_turn": per_turn,
        "exhaustion": exhaustion,
        "stuck_in_hand": [
            {"card": sim.kinds[k].display(), "turns_held_per_game": round(value, 3), "copies": sim.copies(k)}
            for value, k in stuck
        ],
        "opening_hand": {
            **_p(tally.opening_character, n, "p_character"),
            **_p(tally.opening_playable_character, n, "p_playable_character"),
            **_p(tally.opening_reachable_resource, n, "p_resource_at_reachable_site"),
            **_p(tally.opening_both, n, "p_both"),
        },
        "final_mp_by_category": {
            name: round(tally.final_category[i] / n, 3) for i, name in enumerate(MP_CATEGORIES)
        },
        "final_mp_half_rule": round(tally.final_half_rule / n, 3),
        "never_played_resource_mp_share": never_played_share(sim, tally),
        "rarely_played_mp": rarely_played_mp(sim, tally, hazards),
        "no_opponent": NO_OPPONENT if hazards in ("none", "light", "heavy") else None,
        "cards": cards,
        "warnings": list(sim.warnings),
    }


def card_rows(sim: SimDeck, tally: Tally, hazards: str) -> list[dict]:
    """Every distinct card of the play deck: how often it was played by the last simulated turn, and why a card
    never played was not."""
    n = tally.games
    rows = []
    for k in sorted(set(sim.play_deck), key=lambda k: (sim.part[k], sim.kinds[k].name)):
        card = sim.kinds[k]
        w = wilson(tally.played_games[k], n)
        rows.append({
            "card_id": card.id,
            "name": card.display(),
            "part": sim.part[k],
            "copies": sim.copies(k),
            "mp": sim.mp[k],
            "mean_played": round(tally.played[k] / n, 3),
            "p_played": w["p"],
            "p_played_ci95": w["ci95"],
            "never_played_reason": None if tally.played_games[k] else never_played_reason(sim, tally, k, hazards),
        })
    return rows


def never_played_reason(sim: SimDeck, tally: Tally, kind: int, hazards: str) -> str:
    """Why no game played the card: what the tables know first (no site, no bearer, not modelled), then what
    the games show (never drawn in time, never at a site where it could be played)."""
    if sim.unplayable[kind]:
        return sim.unplayable[kind]
    role = sim.role[kind]
    card = sim.kinds[kind]
    if role == ROLE_CHARACTER and not sim.character_sites[kind]:
        return "no site of the location deck where this deck may bring the character into play " \
               "(home site, a haven; a Fallen-wizard: mind 5 or less, no Orc or Troll without Bad Company)"
    if role == ROLE_EVENT and sim.condition[kind] is None:
        if sim.cancels[kind] and hazards in ("light", "heavy"):
            return ("an event worth no marshalling points whose own effect is not simulated: the --hazards model "
                    "spends it to cancel one hazard effect, and no hazard came while it was in hand")
        return engine_use(sim, kind)[1]
    if not tally.drawn_games[kind]:
        return f"never drawn within {tally.turns} turns in {_count(tally.games, 'game')}"
    if role == ROLE_HAZARD:
        if hazards == "both":
            return "never played on the opponent's companies: no move of theirs it could be keyed to within the " \
                   "hazard limit"
        return "never played on the opponent (at most two hazards a turn)"
    if role == ROLE_CHARACTER:
        return "never brought into play: no room under general or direct influence where it may enter play"
    if card.type == RESOURCE and sim.play_sites[kind]:
        return f"in hand, but never with a company at one of its {len(sim.play_sites[kind])} site(s) able to play " \
               f"it (a bearer, an influence check it could pass, the site's state) within {tally.turns} turns"
    return f"in hand, but its condition never held within {tally.turns} turns"


# What the engine plays an event worth no MP for (`engine_use`): the use, and what the report says of a copy
# no game played.
EVENT_USES = (
    ("attack_cancel", "cancel an attack",
     "cancels an attack on its company: played only on an attack it may cancel that is expected to cost 1 MP or "
     "more, and none came while it was in hand and a character who may play it was there"),
    ("mode", "Ringwraith mode", "a Ringwraith mode: played only when the Ringwraith has a site to go to"),
    ("tester", "ring test",
     "tests a gold ring: played only with a gold ring in play and a ring in hand the test could allow"),
    ("boost", "influence bonus", "played only to turn a failed influence check on a faction into a success"),
    ("sudden_call", "call the game", "calls the game: played only once the game may be called"),
    ("gi_change", "general influence",
     "raises general influence: played only where its card allows (Bade to Rule on the Ringwraith at its "
     "Darkhaven; The Lidless Eye, Sauron with no Ringwraith revealed and a Wizard opponent; Great Shadow on The "
     "Balrog; Wizard's Myrmidon on a character under general influence; Saw Further and Deeper with no Wizard "
     "revealed) while no other such card is in play"),
)
# The resource events of `sim.model.defence` (each card holds one fact): the use, and what the report says of a
# copy no game played. Card draws and fetches share `card_flow`; `engine_use` tells them apart.
DEFENCE_USES = (
    ("strike_bonus", "strike bonus",
     "helps one character against one strike: played only on a strike it saves enough of, and none came while it "
     "was in hand and a character who may play it was there"),
    ("no_creatures", "no creatures on a company",
     "keeps hazard creatures off its company this turn: played only against an opponent, on a company it allows "
     "whose character who may play it is not needed at the new site, and none was"),
    ("character_at_site", "character at a site",
     "brings a character into play at a site of the types it lists: played only with a company at such a site and "
     "a character in hand with room under influence, and that never came together"),
    ("corruption_bonus", "corruption-check bonus",
     "adds to one corruption check: played only against an opponent, before a check it makes safer by enough, and "
     "none came"),
    ("hazard_discard", "discard a hazard event",
     "discards a hazard permanent-event of the opponent's: played only against an opponent, at the end of the "
     "turn, on one worth more than the corruption check it costs, and none was in play while it was in hand and a "
     "character who may play it was untapped"),
    ("prowess_influence", "influence bonus",
     "lets a character use his prowess instead of his unused direct influence on a faction: played only to turn a "
     "failed influence check into a success, and none came while it was in hand with a character who may play it"),
    ("mp_raise", "marshalling points raised",
     "makes some of our cards worth more: played in the organization phase once in hand, and it never was"),
)
NOT_MODELLED = "an event worth no marshalling points whose effect the simulation does not model"


def engine_use(sim: SimDeck, kind: int, environment=None) -> tuple[str | None, str]:
    """(what the engine plays the resource for, or None if it never can; what the report says of a copy never
    played), from the tables alone, in a game against an opponent (the --hazards model's cancel of one of its
    effects is not counted). `environment`: a `Side`'s table of environment answers (Gates of Morning...)."""
    if sim.unplayable[kind]:
        return None, sim.unplayable[kind]
    role = sim.role[kind]
    if role != ROLE_EVENT:
        return "item, faction or ally", ""
    if sim.condition[kind] is not None:
        return "event with a play condition", ""
    if environment is not None and environment[kind] is not None:
        return "environment", ""
    for column, use, reason in EVENT_USES:
        if getattr(sim, column)[kind]:
            return use, reason
    defence = sim.defence
    if defence is not None:
        for column, use, reason in DEFENCE_USES:
            if getattr(defence, column)[kind] is not None:
                return use, reason
        if kind in defence.draw_kinds:
            return "card draw", "draws cards: played in the organization phase once there are cards to draw"
        if kind in defence.fetch_kinds:
            return "card fetch", ("brings a card worth MP from the discard pile or the sideboard into the play "
                                  "deck: played in the organization phase once either holds one that could still "
                                  "be played, and neither did while it was in hand")
        if kind in defence.sideboard_fetch_kinds:
            return "card fetch", ("brings resources worth MP from the sideboard into the play deck: played in the "
                                  "organization phase once the sideboard holds one that could still be played, "
                                  "and it never did while it was in hand")
    return None, NOT_MODELLED


def rarely_played_mp(sim: SimDeck, tally: Tally, hazards: str) -> dict:
    """The headline that hides nothing: the deck's marshalling points (the play deck's resources and characters
    and the starting company, copies times MP as this deck scores them), the share of them in cards played in
    under 10% of games and the share in cards no game played, with each such card and why."""
    n = tally.games
    counts = {k: sim.copies(k) for k in set(sim.play_deck) if sim.role[k] != ROLE_HAZARD and sim.mp[k] > 0}
    for k in sim.start_characters:
        if sim.mp[k] > 0 and k not in counts:
            counts[k] = sum(1 for s in sim.start_characters if s == k)
    total = sum(sim.mp[k] * c for k, c in counts.items())
    start = set(sim.start_characters)
    rare = sorted((k for k in counts if k not in start and tally.played_games[k] < RARELY * n),
                  key=lambda k: (tally.played_games[k], -sim.mp[k] * counts[k], sim.kinds[k].name))
    never = [k for k in rare if not tally.played_games[k]]

    def share(kinds) -> float | None:
        return round(sum(sim.mp[k] * counts[k] for k in kinds) / total, 4) if total else None
    return {
        "deck_mp": total,
        "threshold": RARELY,
        "share": share(rare),
        "never_played_share": share(never),
        "cards": [{"card_id": sim.kinds[k].id, "name": sim.kinds[k].display(), "part": sim.part[k],
                   "copies": counts[k], "mp": sim.mp[k], "p_played": round(tally.played_games[k] / n, 4),
                   "reason": rarely_played_reason(sim, tally, k, hazards)} for k in rare],
    }


def rarely_played_reason(sim: SimDeck, tally: Tally, kind: int, hazards: str) -> str:
    """Why a card was played in under 10% of games: the reason it was never played, or what the games show."""
    if not tally.played_games[kind]:
        return never_played_reason(sim, tally, kind, hazards)
    n = tally.games
    drawn = tally.drawn_games[kind] / n
    played = f"played in {tally.played_games[kind] / n:.1%} of games"
    if drawn < RARELY:
        return f"drawn within {tally.turns} turns in only {drawn:.0%} of games; {played}"
    if sim.role[kind] == ROLE_CHARACTER:
        return f"drawn in {drawn:.0%} of games, {played}: mostly no room under general or direct influence " \
               f"where it may enter play"
    if sim.kinds[kind].type == RESOURCE and sim.play_sites[kind]:
        return f"drawn in {drawn:.0%} of games, {played}: seldom with a company at one of its " \
               f"{len(sim.play_sites[kind])} site(s) able to play it (a bearer, an influence check it could " \
               f"pass, the site's state)"
    return f"drawn in {drawn:.0%} of games, {played}: its condition seldom held"


def never_played_share(sim: SimDeck, tally: Tally) -> float | None:
    """The share of the play deck's resource marshalling points (resource cards, copies times MP as this deck
    scores them) in cards no game played by the last simulated turn; None for a deck without any."""
    kinds = [k for k in set(sim.play_deck) if sim.kinds[k].type == RESOURCE and sim.mp[k] > 0]
    total = sum(sim.mp[k] * sim.copies(k) for k in kinds)
    if not total:
        return None
    return round(sum(sim.mp[k] * sim.copies(k) for k in kinds if not tally.played_games[k]) / total, 4)


def format_text(summary: dict) -> str:
    """The human report: per-turn table, exhaustion, cards played and not, stuck cards, opening-hand odds."""
    s = summary
    lines = [
        f"{s['deck']} ({s['alignment']}): {_count(s['games'], 'game')} of {_count(s['turns'], 'own turn')}, "
        f"seed {s['seed']}, "
        f"hazards {s['hazards']}, {s['length']}-deck game (call at {s['threshold']} MP)",
    ]
    if s.get("no_opponent"):
        lines.append(s["no_opponent"])
    lines += [
        f"play deck {s['play_deck']} cards; starting company: {', '.join(s['starting_company']) or 'none'}",
        *rarely_played_lines(s["rarely_played_mp"], s["turns"]),
        "",
        f"{'turn':>4}  {'mean MP':>7}  {'95% CI':>13}  {'P(MP>=' + str(s['threshold']) + ')':>10} {'95% CI':>13}  "
        f"{'P(called)':>9} {'95% CI':>13}",
    ]
    for row in s["per_turn"]:
        lines.append(f"{row['turn']:>4}  {row['mean_mp']:>7.2f}  {_range(row['ci95'], '.2f'):>13}  "
                     f"{row['p_threshold']:>10.1%} {_range(row['p_threshold_ci95'], '.1%'):>13}  "
                     f"{row['p_called']:>9.1%} {_range(row['p_called_ci95'], '.1%'):>13}")
    lines.append(f"mean MP after turn {s['turns']} under the half rule (coe 10.3.iv: no source above half the "
                 f"total; no kill points): {s['final_mp_half_rule']:.2f}")
    ex = s["exhaustion"]
    lines.append("")
    turns = f"{s['turns']} turn" + ("s" if s["turns"] != 1 else "")
    lines.append(f"play deck exhausted within {turns} in {ex['p_within_turns']:.1%} of games "
                 f"(95% CI {_range(ex['p_within_turns_ci95'], '.1%')})"
                 + (f", first at turn {ex['mean_turn']:.1f} on average" if ex["mean_turn"] is not None else "")
                 + f"; never within {turns} in {ex['games_never_exhausted']} games")
    share = s["never_played_resource_mp_share"]
    lines.append("")
    lines.append("play-deck cards: mean copies played by turn "
                 f"{s['turns']}, share of games with one played (95% CI)")
    rarely = {row["card_id"] for row in s["rarely_played_mp"]["cards"]}
    for row in s["cards"]:
        mark = "" if row["never_played_reason"] is None else f"  NEVER PLAYED: {row['never_played_reason']}"
        if not mark and row["card_id"] in rarely:
            mark = "  UNDER 10% OF GAMES (see the top)"
        lines.append(f"  {row['mean_played']:5.2f}  {row['p_played']:6.1%} {_range(row['p_played_ci95'], '.1%'):>13}"
                     f"  {row['name']} (x{row['copies']}, {row['part']}, {row['mp']} MP){mark}")
    if share is not None:
        lines.append(f"share of the play deck's resource MP never played: {share:.1%}")
    lines.append("cards most often stuck in hand (turn-ends held over, per game):")
    for row in s["stuck_in_hand"]:
        lines.append(f"  {row['turns_held_per_game']:6.2f}  {row['card']} (x{row['copies']})")
    if not s["stuck_in_hand"]:
        lines.append("  none")
    o = s["opening_hand"]
    lines += [
        "opening hand (8 cards):",
        f"  a character that can be played turn 1     {o['p_playable_character']:6.1%} "
        f"{_range(o['p_playable_character_ci95'], '.1%'):>13}",
        f"  a resource playable at a reachable site   {o['p_resource_at_reachable_site']:6.1%} "
        f"{_range(o['p_resource_at_reachable_site_ci95'], '.1%'):>13}",
        f"  both                                      {o['p_both']:6.1%} {_range(o['p_both_ci95'], '.1%'):>13}",
    ]
    for warning in s["warnings"]:
        lines.append(f"note: {warning}")
    return "\n".join(lines)


def rarely_played_lines(rare: dict, turns: int) -> list[str]:
    """The headline: the share of the deck's MP in cards played in under 10% of games, beside the share never
    played, then each such card with its reason."""
    if rare["share"] is None:
        return ["the deck holds no card worth marshalling points"]
    lines = [f"MP in cards played in under {rare['threshold']:.0%} of games (by turn {turns}): {rare['share']:.1%} "
             f"of the deck's {rare['deck_mp']} MP (characters and starting company included); never played: "
             f"{rare['never_played_share']:.1%}"]
    for row in rare["cards"]:
        lines.append(f"  {row['p_played']:6.1%}  {row['name']} (x{row['copies']}, {row['mp']} MP): {row['reason']}")
    return lines


def _range(pair, spec: str) -> str:
    low, high = pair
    return f"{format(low, spec)}-{format(high, spec)}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
