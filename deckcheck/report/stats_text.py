"""`deckcheck stats --output text`: the statistics of one deck as plain aligned tables."""

from __future__ import annotations

from deckcheck.analysis.stats import DeckStats


def _table(headers: list[str], rows: list[list], indent: str = "  ") -> list[str]:
    """Columns padded to their widest cell; numbers right-aligned, text left-aligned."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]
    numeric = [all(_is_number(row[i]) for row in rows) for i in range(len(headers))]

    def line(values: list[str]) -> str:
        parts = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)]
        return (indent + "  ".join(parts)).rstrip()

    return [line(headers)] + [line(r) for r in cells]


def _is_number(value) -> bool:
    return value is None or isinstance(value, (int, float)) or (isinstance(value, str) and value.endswith("%"))


def _cell(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) or "-"
    return str(value)


def _tally(tally: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in tally.items() if count) or "-"


def _composition(stats: DeckStats) -> list[str]:
    out = ["Composition", "  parts: " + _tally(stats.parts), f"  play deck: {stats.play_deck_size} cards"]
    for part, types in stats.types.items():
        out.append(f"  {part}: {_tally(types)}")
    out.append("  play-deck subtypes: " + _tally(stats.subtypes))
    out.append("  card alignment (all but sites): " + _tally(stats.alignments))
    return out


def _characters(stats: DeckStats) -> list[str]:
    out = [f"Characters (total mind: pool {stats.pool_mind}, play deck {stats.play_deck_mind})"]
    if not stats.characters:
        return out + ["  none"]
    rows = [[c.name + (" (avatar)" if c.avatar else ""), c.part, c.count, c.mind, _cell(c.direct_influence),
             c.mp, c.skills, c.races, c.home_site] for c in stats.characters]
    return out + _table(["character", "part", "n", "mind", "DI", "MP", "skills", "race", "home site"], rows)


def _marshalling_points(stats: DeckStats) -> list[str]:
    out = [f"Marshalling points (scored for {stats.alignment or 'an unknown alignment'}; pool and play deck)"]
    rows = [[c.category, c.cards, c.points, c.potential] for c in stats.mp_categories]
    rows.append(["total", sum(c.cards for c in stats.mp_categories), stats.mp_total, stats.mp_potential])
    out += _table(["category", "cards", "MP", "up to"], rows)
    out.append("  ('up to': with the parenthesised values, e.g. an item stored at its site)")
    if stats.mp_half_rule != stats.mp_total:
        out.append(f"  all in play and no kill points, the half rule (coe 10.3.iv: no source above half "
                   f"the total) leaves "
                   f"{stats.mp_half_rule} of {stats.mp_total}")
    notes = [f"{r.name}: {r.printed} -> {r.each} ({r.note})" for r in stats.mp_rows if r.note]
    out += [f"  {n}" for n in notes]
    out.append(f"  kill points your hazards offer the opponent: {stats.kill_points_offered}")
    return out


def symbol_legend(text: str) -> str:
    """"{w} Wilderness, {R} Ruins & Lairs, ...": the symbols that `text` uses, in the card data's order (a lower-case
    letter is a region type, a capital a site type)."""
    from deckcheck.analysis.stats import REGION_TYPES, SITE_TYPES

    used = [(s, name) for s, name in [*REGION_TYPES.items(), *SITE_TYPES.items()] if f"{{{s}}}" in text]
    return "symbols: " + ", ".join(f"{{{s}}} {name}" for s, name in used) if used else ""


def _creatures(stats: DeckStats) -> list[str]:
    copies = sum(c.count for c in stats.creatures)
    out = [f"Creatures ({copies} cards) keyed to",
           "  region types: " + _tally(stats.keyed_region_types),
           "  site types:   " + _tally(stats.keyed_site_types)]
    if stats.creatures:
        rows = [[c.name, c.count, c.keyed_to or "(by name or text)"] for c in stats.creatures]
        out += _table(["creature", "n", "keyed to"], rows)
        out.append("  " + symbol_legend(" ".join(c.keyed_to or "" for c in stats.creatures)))
    return out


def _coverage(stats: DeckStats) -> list[str]:
    out = [f"Site coverage ({len(stats.sites)} different sites in the location deck)"]
    if not stats.coverage:
        return out + ["  no items, factions or allies"]
    rows = [[c.name, c.part, c.kind, c.needs, _sites(c.sites) if c.checked else "(not checked)"]
            for c in stats.coverage]
    return out + _table(["resource", "part", "kind", "needs", "playable at"], rows)


def _sites(sites: list[str], shown: int = 4) -> str:
    """A few site names and how many in all: a location deck may hold 200 sites."""
    if len(sites) <= shown + 1:
        return _cell(sites)
    return f"{', '.join(sites[:shown])}, ... ({len(sites)} sites)"


def _odds(stats: DeckStats) -> list[str]:
    odds = stats.draw_odds
    if not odds:
        return []
    seen = odds["cards_seen"]
    shown = [i for i, n in enumerate(seen) if n in (seen[0], seen[0] + 1, seen[0] + 2, seen[0] + 5, seen[-1])]
    rows = [[f"{c['label']} ({c['copies']})"] + [f"{100 * c['probabilities'][i]:.1f}%" for i in shown]
            for c in odds["conditions"]]
    if odds["all_together"]:
        rows.append(["all of the above"] + [f"{100 * odds['all_together'][i]:.1f}%" for i in shown])
    head = [f"P(at least 1) / cards seen, of {odds['play_deck_size']}"] + [str(seen[i]) for i in shown]
    return ["Draw odds (opening hand 8, then one card per draw)"] + _table(head, rows)


def render_text(stats: DeckStats) -> str:
    title = f"{stats.name} ({stats.alignment or 'alignment unknown'})"
    sections = [[title, "=" * len(title)], _composition(stats), _characters(stats), _marshalling_points(stats),
                _creatures(stats), _coverage(stats)]
    if stats.stage_points_pool is not None:
        sections.append(["Stage points", f"  pool (starting stage cards): {stats.stage_points_pool}",
                         f"  pool and play deck: {stats.stage_points_deck}"])
    sections.append(_odds(stats))
    if stats.warnings:
        sections.append(["Warnings"] + [f"  - {w}" for w in stats.warnings])
    return "\n\n".join("\n".join(s) for s in sections if s) + "\n"
