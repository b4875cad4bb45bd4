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
    if a.get("in_deck_min"):
        text += f"; at least {a['in_deck_min']} of the declared avatar in the deck"
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


def _card_names(ids: list[str]) -> list[str]:
    from deckcheck.cards.catalog import load_catalog

    catalog = load_catalog()
    return [card.name if card else card_id for card_id, card in ((i, catalog.by_id(i)) for i in ids)]


def _banned(d: dict) -> str:
    """The ban list as the rule spells it (the data keeps those names next to the card ids)."""
    lists = d.get("lists", {})
    names = list(lists.get("banned", {}).values()) + list(lists.get("banned_families", {}))
    return f"{len(names)} entries: {', '.join(names)}" if names else "no ban list"


def _alignments(d: dict) -> str:
    lists = d.get("lists", {})
    text = (f"avatars {'/'.join(lists.get('avatar_alignments', []))}; characters "
            f"{'/'.join(lists.get('character_alignments', []))}; resources "
            f"{'/'.join(lists.get('resource_alignments', []))}")
    items = lists.get("item_alignments")
    return text + (f", and {'/'.join(items)} items" if items else "")


def _mind(d: dict) -> str:
    c = d.get("characters", {})
    if c.get("mind_max") is None:
        return ""
    text = f"mind at most {c['mind_max']}"
    if c.get("mind_exempt_specific"):
        text += f" unless {'/'.join(c['mind_exempt_specific'])}-specific"
    if c.get("mind_enablers"):
        text += f"; {', '.join(_card_names(c['mind_enablers']))}: one up to {c.get('enabled_mind_max')}"
    return text


def _starting_races(d: dict) -> str:
    c = d.get("characters", {})
    if not c.get("starting_races_restricted"):
        return ""
    return (f"no {'/'.join(c['starting_races_restricted'])} starting character without "
            f"{', '.join(_card_names(c.get('starting_race_enablers', [])))}")


def _mind_enablers(d: dict) -> str:
    c = d.get("characters", {})
    low, high = c.get("mind_max", 0) + 1, c.get("enabled_mind_max")
    mind = f"{low}" if low == high else f"{low}-{high}"
    return f"one character of mind {mind} per {', '.join(_card_names(c.get('mind_enablers', [])))} in the pool"


def _stage_playable(d: dict) -> str:
    conditions = d.get("starting", {}).get("stage_conditions", {})
    kinds = {"never": 0, "starting_site": 0, "characters": 0}
    for condition in conditions.values():
        for kind in kinds:
            kinds[kind] += kind in condition
    return (f"{len(conditions)} Stage cards with a condition: {kinds['never']} never playable at the start, "
            f"{kinds['starting_site']} on a Ruins & Lairs starting site, {kinds['characters']} on a starting "
            f"character of some skill or race")


def _pool(d: dict) -> str:
    s = d.get("starting", {})
    return (f"at most {s.get('pool_characters_max')} characters and {s.get('minor_items_max')} minor items"
            if s.get("mode") == "pool" else "")


def _starting_size(d: dict) -> str:
    s = d.get("starting", {})
    if s.get("mode") == "company":
        enablers = ", ".join(_card_names(s.get("agent_enablers", [])))
        agents = f"agents only with {enablers}" if enablers else "no agents"
        return f"{s.get('characters_min', 0)}-{s.get('characters_max')} characters, no avatar, {agents}"
    return f"agents in the pool need {', '.join(_card_names(s.get('agent_enablers', [])))}"


def _stage(d: dict) -> str:
    s = d.get("starting", {})
    return (f"{s.get('stage_cards_min')}-{s.get('stage_cards_max')} Stage permanent-events worth exactly "
            f"{s.get('stage_points')} stage points, at least {s.get('non_unique_min')} non-unique")


NUMBERS: dict[str, Callable[[dict], str]] = {
    "unique-limit": lambda d: "1 per unique card" + (", one per name across versions"
                                                    if d["copies"]["unique_by_name"] else ""),
    "copy-limit": _copies,
    "resource-count": lambda d: f"{d['play_deck']['resources_min']}-{d['play_deck']['resources_max']} resources",
    "hazard-parity": _parity,
    "character-limit": lambda d: f"at most {d['play_deck']['characters_max']} (agents count as "
                                 f"{d['play_deck']['agents_count_as']}s)",
    "avatar-limit": _avatars,
    "sideboard-size": lambda d: (f"at most {d['sideboard']['max_play_deck_share']}% of the play deck"
                                 if d["sideboard"].get("max_play_deck_share") else
                                 "/".join(map(str, d["sideboard"]["max_by_length"])) + f" cards ({LENGTHS})"),
    "fw-sideboard-size": lambda d: f"at most {d['sideboard']['fw_max']} cards",
    "site-copies": _site_copies,
    "site-alignment": _sites,
    "creature-count": lambda d: f"at least {d['play_deck'].get('creatures_min')} creatures",
    "agent-mind": lambda d: f"at most {d['play_deck'].get('agent_mind_max')} mind",
    "starting-mind": _starting("mind_max", "at most {} mind"),
    "starting-items": _starting("minor_items_max", "at most {} minor items"),
    "pool-size": _pool,
    "starting-size": _starting_size,
    "stage-points": _stage,
    "banned-card": _banned,
    "alignment-card": _alignments,
    "mind-limit": _mind,
    "starting-race": _starting_races,
    "character-race": lambda d: "non-avatar characters " + (" or ".join(
        d.get("characters", {}).get("character_races", [])) + " only" if d.get("characters", {}).get(
        "character_races") else "not " + " or ".join(d.get("characters", {}).get("character_races_refused", []))),
    "mind-enablers": _mind_enablers,
    "stage-playable": _stage_playable,
    "starting-site": lambda d: " or ".join(d["sites"].get("starting", [])) + (
        f" or a Ruins & Lairs in {' or '.join(d['sites']['starting_ruins_regions'])}"
        if d["sites"].get("starting_ruins_regions") else ""),
    "dream-share": lambda d: "; ".join(
        [f"at least {n}% dream cards in the {k.replace('-', ' ')}" for k, n in
         d.get("dream_share", {}).get("share_min", {}).items()]
        + [f"at least {n} dream cards among the {k.replace('-', ' ')}" for k, n in
           d.get("dream_share", {}).get("count_min", {}).items()]),
    "faction-race": lambda d: "factions " + ", ".join(d.get("characters", {}).get("faction_races", [])),
}


# The order of the list of codes, so the listing reads like DECK-RULES.md.
CODE_ORDER = ["unique-limit", "copy-limit", "resource-count", "hazard-parity", "character-limit", "avatar-limit",
              "sideboard-size", "fw-sideboard-size", "site-copies", "site-alignment", "region-card",
              "alignment-card", "banned-card", "specific-card", "agent-mind", "creature-count", "pool-size",
              "starting-size", "starting-mind", "starting-items", "mind-limit", "mind-enablers", "stage-points",
              "stage-playable", "starting-race", "character-race", "faction-race", "starting-site", "dream-share",
              "unknown-card",
              "ambiguous-card", "unreadable-line"]


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
                     "severity": severity_under(code, data) if on else registered.severity})
    return rows


def render_rules(ruleset: str, tables: dict[str, list[dict]]) -> str:
    """The rules of one ruleset, alignment by alignment: code, what it checks, numbers, severity when it is not
    "error", citation. `deckcheck rules CODE` shows one rule in full."""
    out = []
    for alignment, rows in tables.items():
        out.append(f"{ruleset} rules, {alignment} deck")
        for row in rows:
            if not row["applies"]:
                out.append(f"  {row['code']:<18} (does not apply) {row['summary']}")
                continue
            numbers = f" — {row['numbers']}" if row["numbers"] else ""
            severity = f" ({row['severity']})" if row["severity"] != "error" else ""
            out.append(f"  {row['code']:<18} {row['summary']}{numbers}{severity} [{row['citation']}]")
        out.append("")
    return "\n".join(out)


# ---- one rule, as `deckcheck rules CODE` shows it (like `ruff rule CODE`) ---------------------------------

DOC_SECTIONS = ("What it checks", "Why", "Breaks it", "Keeps it")


def doc_file(code: str):
    """Where the doc of a rule lives: deckcheck/rules/docs/<code>.md, shipped with the package."""
    from importlib import resources

    return resources.files("deckcheck") / "rules" / "docs" / f"{code}.md"


def read_doc(code: str) -> dict:
    """A rule's doc: {"what", "why", "breaks", "keeps"}; each example {"ruleset", "alignment", "length", "deck"}.

    DeckcheckError (DataError) when the file is missing or lacks a section: every code has one (a test says so).
    """
    from deckcheck.datafiles import read_text
    from deckcheck.errors import DataError

    text = read_text(doc_file(code), f"the doc of rule {code}")
    sections: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            sections[current] = ""
        elif current:
            sections[current] += line + "\n"
    missing = [s for s in DOC_SECTIONS if s not in sections]
    if missing:
        raise DataError(f"the doc of rule {code} lacks the section(s) {', '.join(missing)}", str(doc_file(code)))
    return {"what": " ".join(sections["What it checks"].split()), "why": " ".join(sections["Why"].split()),
            "breaks": _example(code, sections["Breaks it"]), "keeps": _example(code, sections["Keeps it"])}


def _example(code: str, section: str) -> dict:
    """The ```deck ruleset=... alignment=... [length=...]``` block of a doc section."""
    from deckcheck.errors import DataError

    lines = section.strip().splitlines()
    if not lines or not lines[0].startswith("```deck") or lines[-1].strip() != "```":
        raise DataError(f"the doc of rule {code}: an example is one ```deck ...``` block", str(doc_file(code)))
    options = dict(item.split("=", 1) for item in lines[0].split()[1:])
    return {"ruleset": options.get("ruleset", "coe"), "alignment": options.get("alignment"),
            "length": int(options.get("length", 2)), "deck": "\n".join(lines[1:-1]) + "\n"}


def judge_example(code: str, example: dict) -> list:
    """The violations of `code` the example deck brings (its other rules' violations are beside the point)."""
    from deckcheck.cards.pools import pool_in_force, use_pool
    from deckcheck.decklist import parse_text
    from deckcheck.rules.engine import validate
    from deckcheck.rules.ruleset import pool_of

    was = pool_in_force()
    use_pool(pool_of(example["ruleset"]))       # a dream-card ruleset's example holds dream cards
    try:
        deck = parse_text(example["deck"], path=f"{code} example", alignment=example["alignment"])
        verdict = validate(deck, ruleset=example["ruleset"], alignment=example["alignment"],
                           length=example["length"])
    finally:
        use_pool(was)
    return [v for v in verdict.violations if v.code == code]


def rule_table(code: str) -> list[dict]:
    """The rule under every ruleset and alignment: whether it applies, its numbers, its citation, the cases it
    cites apart and the numbers it borrows by analogy (with why)."""
    from deckcheck.rules.ruleset import RULESET_NAMES, available, load_ruleset

    load_rule_modules()
    rows = []
    for ruleset in RULESET_NAMES:
        for alignment in available(ruleset):
            data = load_ruleset(ruleset, alignment)
            on = data["rules"].get(code) is True
            cases = {k.split("/", 1)[1]: v for k, v in data["citations"].items() if k.startswith(code + "/")}
            analogy = {k: dict(v) for k, v in data.get("analogy", {}).items()
                       if k == code or k.startswith(code + "/")}
            rows.append({"ruleset": ruleset, "alignment": alignment, "applies": on,
                         "severity": severity_under(code, data) if on else "",
                         "numbers": NUMBERS.get(code, lambda d: "")(data) if on else "",
                         "citation": data["citations"].get(code, "") if on else "",
                         "cases": cases if on else {}, "by_analogy": analogy if on else {}})
    return rows


def _pool_warning(code: str) -> Callable[[dict], str]:
    def severity(d: dict) -> str:
        return "warning" if d.get("starting", {}).get("mode") == "pool" else RULES[code].severity
    return severity


# Where a rule's severity depends on the ruleset (the registry holds the usual one).
SEVERITY: dict[str, Callable[[dict], str]] = {
    "mind-limit": lambda d: d.get("characters", {}).get("mind_severity", "error"),
    "starting-race": lambda d: d.get("characters", {}).get("starting_race_severity", "error"),
    "starting-size": _pool_warning("starting-size"),      # coe: agents that can never be drafted
    "starting-mind": _pool_warning("starting-mind"),      # coe: no company can be drafted at all
}


def severity_under(code: str, data: dict) -> str:
    """The severity of the rule's violations under one ruleset file: "warning (by analogy)" when the ruleset
    borrows the rule's number, "error, some cases warnings by analogy" when it borrows only some."""
    base = SEVERITY.get(code, lambda d: RULES[code].severity)(data)
    analogy = data.get("analogy", {})
    if code in analogy:
        lengths = analogy[code].get("lengths")
        return "warning, by analogy" if not lengths else f"{base}; warning by analogy in {_games(lengths)}"
    cases = sorted(k.split("/", 1)[1] + (f" ({_games(v['lengths'])})" if v.get("lengths") else "")
                   for k, v in analogy.items() if k.startswith(code + "/"))
    return f"{base}; warning by analogy: {', '.join(cases)}" if cases and base == "error" else base


def _games(lengths: list[int]) -> str:
    return "/".join(map(str, lengths)) + "-deck games"


def _suggestion(code: str) -> str:
    """The codes a mistyped one may mean: the close spellings, then the codes that hold it ("stage" names
    stage-points and stage-playable); all codes when none is near."""
    from difflib import get_close_matches

    wanted = code.strip().lower()
    near = get_close_matches(wanted, list(RULES), n=3)
    near += [c for c in sorted(RULES) if wanted and wanted in c and c not in near]
    return f"; did you mean {', '.join(near[:5])}?" if near else f"; the codes: {', '.join(sorted(RULES))}"


def rule_page(code: str) -> dict:
    """Everything `deckcheck rules CODE` shows: what, why, the two examples with their verdict, the table."""
    import inspect

    from deckcheck.errors import DeckcheckError

    load_rule_modules()
    code = code.strip().lower() if code.strip().lower() in RULES else code
    if code not in RULES:
        raise DeckcheckError(f"no rule {code!r}{_suggestion(code)}")
    registered = RULES[code]
    doc = read_doc(code)
    module = inspect.getmodule(registered.check).__name__.replace(".", "/") + ".py"
    examples = {}
    for kind in ("breaks", "keeps"):
        found = judge_example(code, doc[kind])
        examples[kind] = {**doc[kind], "violations": [v.to_json() for v in found]}
    return {"schema": "deckcheck/rule/1", "code": code, "summary": registered.summary,
            "family": registered.family, "module": module, "doc": f"deckcheck/rules/docs/{code}.md",
            "what": doc["what"], "why": doc["why"], "examples": examples, "rulesets": rule_table(code)}
