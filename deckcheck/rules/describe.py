"""What each rule checks with the numbers of one ruleset, for `deckcheck rules`."""

from __future__ import annotations

from collections.abc import Callable

from deckcheck.rules.engine import load_rule_modules
from deckcheck.rules.registry import RULES

LENGTHS = "1/2/3/4-deck"


def _copies(d: dict) -> str:
    c = d["copies"]
    text = f"unique 1, others {c['non_unique']} (a card may state more, e.g. Black Horse 9)"
    if c.get("by_class"):
        text += "; " + ", ".join(f"{k.replace('-', ' ')} {v}" for k, v in c["by_class"].items())
    if c.get("play_deck_character_copies"):
        text += f"; play deck: {c['play_deck_character_copies']} of each character card"
    return text


def _avatars(d: dict) -> str:
    a = d["avatars"]
    text = (f"play deck at most {a['play_deck_max']} ({a['play_deck_max_different']} different); "
            f"at most {a['multi_copy_max']} with several copies across play deck and sideboard")
    if a.get("copies_max"):
        text += f"; at most {a['copies_max']} copies of it"
    return text


def _parity(d: dict) -> str:
    cap = d["play_deck"]["either_as_resource_max"]
    text = "hazards = resources; cards playable as either count as either"
    return text + (f" (at most {cap} copies of each as resources)" if cap else "")


def _sites(d: dict) -> str:
    s = d["sites"]
    text = " and ".join(s["alignments"]) + " sites"
    if s["balrog_only"]:
        text += f"; anyone: {', '.join(s['balrog_only'])}"
    if s.get("balrog_version_required"):
        text += f"; Balrog version of {', '.join(s['balrog_version_required'])}, Under-deeps and Dark-holds"
    return text


def _site_copies(d: dict) -> str:
    havens = "any number of havens" if d["copies"]["havens_exempt"] else "one of each haven too"
    multi = d["sites"].get("multi_copy_alignments")
    extra = f", any number of {'/'.join(multi)} sites" if multi else ""
    return f"1 of each site; {havens}{extra}"


def _starting(key: str, fmt: str) -> Callable[[dict], str]:
    def numbers(d: dict) -> str:
        value = d.get("starting", {}).get(key)
        return fmt.format(value) if value is not None else ""
    return numbers


NUMBERS: dict[str, Callable[[dict], str]] = {
    "unique-limit": lambda d: "1 per unique card" + (", one per name across versions"
                                                    if d["copies"]["unique_by_name"] else ""),
    "copy-limit": _copies,
    "resource-count": lambda d: f"{d['play_deck']['resources_min']}-{d['play_deck']['resources_max']} resources",
    "hazard-parity": _parity,
    "character-limit": lambda d: f"at most {d['play_deck']['characters_max']} (agents count as "
                                 f"{d['play_deck']['agents_count_as']}s)",
    "avatar-limit": _avatars,
    "sideboard-size": lambda d: "/".join(map(str, d["sideboard"]["max_by_length"])) + f" cards ({LENGTHS})",
    "fw-sideboard-size": lambda d: f"at most {d['sideboard']['fw_max']} cards",
    "site-copies": _site_copies,
    "site-alignment": _sites,
    "creature-count": lambda d: f"at least {d['play_deck'].get('creatures_min')} creatures",
    "agent-mind": lambda d: f"at most {d['play_deck'].get('agent_mind_max')} mind",
    "starting-mind": _starting("mind_max", "at most {} mind"),
    "starting-items": _starting("minor_items_max", "at most {} minor items"),
    "pool-size": _starting("pool_characters_max", "at most {} characters"),
    "starting-size": _starting("characters_max", "at most {} characters"),
    "stage-points": _starting("stage_points", "exactly {} stage points"),
}


# The order of the list of codes, so the listing reads like DECK-RULES.md.
CODE_ORDER = ["unique-limit", "copy-limit", "resource-count", "hazard-parity", "character-limit", "avatar-limit",
              "sideboard-size", "fw-sideboard-size", "site-copies", "site-alignment", "region-card",
              "alignment-card", "banned-card", "specific-card", "agent-mind", "creature-count", "pool-size",
              "starting-size", "starting-mind", "starting-items", "mind-limit", "stage-points", "starting-race",
              "faction-race", "unknown-card", "ambiguous-card"]


def describe(data: dict) -> list[dict]:
    """Every registered rule with its switch, summary, numbers and citation under one ruleset file."""
    load_rule_modules()
    rows = []
    rank = {code: i for i, code in enumerate(CODE_ORDER)}
    for code, registered in sorted(RULES.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0])):
        on = data["rules"].get(code) is True
        numbers = NUMBERS.get(code, lambda d: "")(data) if on else ""
        rows.append({"code": code, "family": registered.family, "applies": on, "summary": registered.summary,
                     "numbers": numbers, "citation": data["citations"].get(code, "") if on else "",
                     "severity": registered.severity})
    return rows


def render_rules(ruleset: str, tables: dict[str, list[dict]]) -> str:
    """The rules of one ruleset, alignment by alignment: code, what it checks, numbers, citation."""
    out = []
    for alignment, rows in tables.items():
        out.append(f"{ruleset} rules, {alignment} deck")
        for row in rows:
            if not row["applies"]:
                out.append(f"  {row['code']:<18} (does not apply) {row['summary']}")
                continue
            numbers = f" — {row['numbers']}" if row["numbers"] else ""
            out.append(f"  {row['code']:<18} {row['summary']}{numbers} [{row['citation']}]")
        out.append("")
    return "\n".join(out)
