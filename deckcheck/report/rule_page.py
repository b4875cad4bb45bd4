"""`deckcheck rules CODE` as text: one rule, the way `ruff rule CODE` shows one (what, why, an example that
breaks it and one that keeps it with the verdict each gets, its numbers and citations under every ruleset)."""

from __future__ import annotations

import textwrap

WIDTH = 100


def _paragraph(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False) or [indent]


def _example(title: str, example: dict, code: str) -> list[str]:
    length = f", {example['length']}-deck game" if example["length"] != 2 else ""
    out = [f"{title} ({example['ruleset']} rules, {example['alignment']} deck{length})"]
    out += [f"    {line}" for line in example["deck"].rstrip("\n").splitlines()]
    if not example["violations"]:
        out.append(f"  → no {code} violation")
    for v in example["violations"]:
        out += textwrap.wrap(f"→ {v['severity']} {code}: {v['message']} ({v['citation']})", WIDTH,
                             initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False)
    return out


def _table(rows: list[dict]) -> list[str]:
    out = []
    for row in rows:
        head = f"  {row['ruleset']:<9}{row['alignment']:<14}"
        if not row["applies"]:
            out.append(f"{head}does not apply")
            continue
        out.append(f"{head}{row['severity']}")
        pad = " " * len(head)
        if row["numbers"]:
            out += _paragraph(f"numbers: {row['numbers']}", pad)
        out += _paragraph(f"citation: {row['citation']}", pad)
        for case, citation in sorted(row["cases"].items()):
            out += _paragraph(f"citation of the case {case}: {citation}", pad)
        for case, borrowed in sorted(row["by_analogy"].items()):
            games = f" in {'/'.join(map(str, borrowed['lengths']))}-deck games" if borrowed.get("lengths") else ""
            out += _paragraph(f"by analogy ({case}{games}): {borrowed['why']}", pad)
    return out


def render_rule_page(page: dict) -> str:
    code = page["code"]
    out = [f"{code}: {page['summary']}",
           f"  family {page['family']}; checked in {page['module']}; doc {page['doc']}", "", "What it checks"]
    out += _paragraph(page["what"]) + ["", "Why"] + _paragraph(page["why"]) + [""]
    out += _example("Breaks it", page["examples"]["breaks"], code) + [""]
    out += _example("Keeps it", page["examples"]["keeps"], code) + [""]
    out += ["Under each ruleset and alignment"] + _table(page["rulesets"])
    return "\n".join(out) + "\n"
