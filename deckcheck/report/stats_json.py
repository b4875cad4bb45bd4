"""`deckcheck stats --output json`: the statistics of one deck as a JSON document."""

from __future__ import annotations

import json

from deckcheck.analysis.stats import DeckStats

STATS_JSON_VERSION = 1


def render_json(stats: DeckStats) -> str:
    document = {"deckcheck_stats": STATS_JSON_VERSION, **stats.to_json()}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
