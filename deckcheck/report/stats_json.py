"""`deckcheck stats --output json`: the statistics of one deck as a JSON document."""

from __future__ import annotations

import json

from deckcheck.analysis.stats import DeckStats

SCHEMA = "deckcheck/stats/1"       # deckcheck/schemas/stats.schema.json


def render_json(stats: DeckStats) -> str:
    document = {"schema": SCHEMA, **stats.to_json()}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
