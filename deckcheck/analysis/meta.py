"""The metagame of a tournament or a collection of decks: what the field plays, built with pandas.

Input is one plain record per deck (`deck_record`, or a batch row's own fields): its label, alignment, avatar,
verdict (None when not validated) and cards as read (`decklist.content.card_rows`). Out comes a `Meta` of plain
values that every report renders (text, JSON, xlsx, html):

- decks, and decks and share by alignment and by avatar;
- for each card and part, the number of decks playing it and their copies added up (reprints as one card:
  the content key of `decklist.content`);
- the average composition (copies per part) of an alignment's decks;
- the legal rate of an alignment's decks, where they were validated;
- each line of a card outside the ICE card pool ("Abductor (V1)"), with the message `validate`'s `not-in-pool`
  gives it: such a card is in the field as written, never counted as the ICE card of its name.

pandas is imported here and nowhere on the start-up path: only `meta` loads it. `batch` builds the same `Meta` a
deck at a time with `MetaTally` (no pandas, no card rows kept).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from deckcheck.decklist.content import card_rows
from deckcheck.decklist.model import PART_ORDER, Deck

SCHEMA = "deckcheck/meta/1"
NO_ALIGNMENT = "unknown"
NO_AVATAR = "(none)"
PARTS = [part.value for part in PART_ORDER]


@dataclass
class Meta:
    decks: int
    alignments: dict[str, int]                 # alignment -> decks, most played first
    avatars: dict[str, int]                    # avatar -> decks, most played first
    cards: list[dict]                          # {card_id, name, part, decks, copies}, most played first
    composition: dict[str, dict[str, float]]   # alignment -> part -> mean copies per deck
    legal: dict[str, dict] = field(default_factory=dict)   # alignment -> {validated, legal, rate}
    avatar_alignments: dict[str, str] = field(default_factory=dict)   # avatar -> its decks' alignment
    not_in_pool: list[dict] = field(default_factory=list)  # {deck, part, card, set_code, set, copies, message}
    statuses: dict[str, int] = field(default_factory=dict)  # standard | dreamcard -> decks (Cardnum's words)

    def share(self, decks: int) -> float:
        return decks / self.decks if self.decks else 0.0

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "decks": self.decks,
            "alignments": self.alignments,
            "avatars": self.avatars,
            "cards": self.cards,
            "composition": self.composition,
            "legal": self.legal,
            "not_in_pool": self.not_in_pool,
            "statuses": self.statuses,
        }


def deck_record(deck: Deck, *, label: str | None = None, legal: bool | None = None) -> dict:
    """What the metagame needs of one deck."""
    return {"deck": label or deck.path, "alignment": deck.alignment, "avatar": deck.avatar, "legal": legal,
            "cards": card_rows(deck)}


def build_meta(records: Iterable[dict]) -> Meta:
    import pandas as pd

    records = list(records)
    decks = pd.DataFrame(
        [{"deck": i, "alignment": r.get("alignment") or NO_ALIGNMENT, "avatar": r.get("avatar") or NO_AVATAR,
          "legal": r.get("legal")} for i, r in enumerate(records)],
        columns=["deck", "alignment", "avatar", "legal"])
    cards = pd.DataFrame(
        [{"deck": i, "alignment": r.get("alignment") or NO_ALIGNMENT, "part": c["part"], "key": c["key"],
          "card_id": c["key"] if c["card_id"] else None, "name": c["name"], "copies": c["count"],
          "not_in_pool": _pool_code(c)}
         for i, r in enumerate(records) for c in r["cards"]],
        columns=["deck", "alignment", "part", "key", "card_id", "name", "copies", "not_in_pool"])
    # a card of a set outside the pool is its own card: "Beregond (V2)" is neither Beregond nor a name unknown
    outside = cards["not_in_pool"].notna()
    cards.loc[outside, "key"] = cards.loc[outside, "key"] + " (" + cards.loc[outside, "not_in_pool"] + ")"
    return Meta(decks=len(decks), alignments=_counts(decks["alignment"]), avatars=_counts(decks["avatar"]),
                cards=_card_table(cards), composition=_composition(decks, cards), legal=_legal_rates(decks),
                avatar_alignments=_avatar_alignments(decks), not_in_pool=_not_in_pool(records),
                statuses=_statuses(records))


class MetaTally:
    """The metagame built a deck at a time (`add(record)`), keeping only counts: a batch of 5,000 decks tallies
    each deck as it is checked instead of keeping its 300,000 card rows to the end. `meta()` is the `Meta` that
    `build_meta` makes of the same records, value for value and in the same order (tests/test_meta_tally.py)."""

    def __init__(self):
        self.decks = 0
        self.alignments: Counter = Counter()
        self.avatars: Counter = Counter()
        self.avatar_alignments: dict[str, Counter] = {}
        self.validated: dict[str, list[int]] = {}        # alignment -> [decks validated, legal]
        self.cards: dict[tuple[str, str], list] = {}     # (key, part) -> [card_id, name, decks, copies, code]
        self.copies: dict[str, Counter] = {}             # alignment -> part -> copies
        self.not_in_pool: list[dict] = []
        self.dream = 0

    def add(self, record: dict) -> None:
        self.decks += 1
        alignment = record.get("alignment") or NO_ALIGNMENT
        avatar = record.get("avatar") or NO_AVATAR
        self.alignments[alignment] += 1
        self.avatars[avatar] += 1
        self.avatar_alignments.setdefault(avatar, Counter())[alignment] += 1
        if record.get("legal") is not None:
            counts = self.validated.setdefault(alignment, [0, 0])
            counts[0] += 1
            counts[1] += bool(record["legal"])
        copies = self.copies.setdefault(alignment, Counter())
        in_deck = set()
        for row in record["cards"]:
            code = _pool_code(row)
            # a card of a set outside the pool is its own card: "Beregond (V2)" is neither Beregond nor unknown
            group = (f"{row['key']} ({code})" if code else row["key"], row["part"])
            found = self.cards.get(group)
            if found is None:
                found = self.cards[group] = [None, row["name"], 0, 0, code]
            if found[0] is None and row["card_id"]:
                found[0] = row["key"]
            if group not in in_deck:
                in_deck.add(group)
                found[2] += 1
            found[3] += row["count"]
            copies[row["part"]] += row["count"]
        self.not_in_pool += _not_in_pool([record])
        self.dream += any(row.get("dream") for row in record["cards"])

    def meta(self) -> Meta:
        alignments = _ordered(self.alignments)
        return Meta(decks=self.decks, alignments=alignments, avatars=_ordered(self.avatars),
                    cards=self._card_table(), composition=self._composition(alignments),
                    legal=self._legal_rates(),
                    avatar_alignments={avatar: ", ".join(_ordered(by_alignment))
                                       for avatar, by_alignment in sorted(self.avatar_alignments.items())},
                    not_in_pool=list(self.not_in_pool),
                    statuses={"standard": self.decks - self.dream, "dreamcard": self.dream})

    def _card_table(self) -> list[dict]:
        rank = {part: rank for rank, part in enumerate(PARTS)}
        rows = sorted(self.cards.items(), key=lambda item: (-item[1][2], -item[1][3],
                                                            rank.get(item[0][1], len(PARTS)),
                                                            item[1][1].casefold()))
        return [{"card_id": card_id, "name": name, "part": part, "decks": decks, "copies": copies,
                 "not_in_pool": code} for (_, part), (card_id, name, decks, copies, code) in rows]

    def _composition(self, alignments: dict[str, int]) -> dict[str, dict[str, float]]:
        """Mean copies per part of an alignment's decks (a deck without a part counts 0 there)."""
        present = {part for by_part in self.copies.values() for part in by_part}
        parts = [part for part in PARTS if part in present]
        return {alignment: {part: round(self.copies[alignment][part] / decks, 2) for part in parts}
                for alignment, decks in alignments.items()}

    def _legal_rates(self) -> dict[str, dict]:
        out = {alignment: {"validated": validated, "legal": legal, "rate": round(legal / validated, 4)}
               for alignment, (validated, legal) in self.validated.items()}
        return dict(sorted(out.items(), key=lambda item: (-item[1]["validated"], item[0])))


def _ordered(counts: Counter) -> dict[str, int]:
    """Value -> count, most first, ties by name (as `_counts`)."""
    ordered = sorted(counts.items(), key=lambda item: (-item[1], str(item[0]).casefold()))
    return {str(value): int(n) for value, n in ordered}


def _statuses(records: list[dict]) -> dict[str, int]:
    """Decks of ICE cards only (standard) and decks with a card of another set (dreamcard)."""
    dream = sum(1 for r in records if any(c.get("dream") for c in r["cards"]))
    return {"standard": len(records) - dream, "dreamcard": dream}


def _pool_code(row: dict) -> str | None:
    code = row.get("not_in_pool")
    return code.strip().upper() if code else None


def _not_in_pool(records: list[dict]) -> list[dict]:
    """Every line of a card outside the ICE card pool, deck by deck, said as `validate` says it."""
    from deckcheck.cards.set_codes import non_ice_set

    lines = []
    for record in records:
        for row in record["cards"]:
            code = _pool_code(row)
            card_set = non_ice_set(code)
            if card_set is None or not row.get("not_in_pool_message"):
                continue
            lines.append({"deck": str(record["deck"]), "part": row["part"], "card": row["name"], "set_code": code,
                          "set": card_set.name, "copies": row["count"],
                          "message": f"{row['not_in_pool_message']} (in {row['part']})"})
    return lines


def _counts(column) -> dict[str, int]:
    """Value -> rows, most first, ties by name."""
    counts = column.value_counts()
    ordered = sorted(counts.items(), key=lambda item: (-item[1], str(item[0]).casefold()))
    return {str(value): int(n) for value, n in ordered}


def _card_table(cards) -> list[dict]:
    if cards.empty:
        return []
    table = (cards.groupby(["key", "part"], sort=False)
             .agg(card_id=("card_id", "first"), name=("name", "first"), decks=("deck", "nunique"),
                  copies=("copies", "sum"), not_in_pool=("not_in_pool", "first"))
             .reset_index())
    table["part_rank"] = table["part"].map({part: rank for rank, part in enumerate(PARTS)})
    table["folded"] = table["name"].str.casefold()
    table = table.sort_values(["decks", "copies", "part_rank", "folded"], ascending=[False, False, True, True])
    return [{"card_id": row.card_id if isinstance(row.card_id, str) else None, "name": row.name,
             "part": row.part, "decks": int(row.decks), "copies": int(row.copies),
             "not_in_pool": row.not_in_pool if isinstance(row.not_in_pool, str) else None}
            for row in table.itertuples(index=False)]


def _composition(decks, cards) -> dict[str, dict[str, float]]:
    """Mean copies per part of an alignment's decks (a deck without a part counts 0 there)."""
    if decks.empty:
        return {}
    per_deck = cards.pivot_table(index="deck", columns="part", values="copies", aggfunc="sum", fill_value=0)
    per_deck = per_deck.reindex(index=decks["deck"], fill_value=0)
    parts = [part for part in PARTS if part in per_deck.columns]
    per_deck = per_deck[parts]
    per_deck["alignment"] = decks.set_index("deck")["alignment"]
    means = per_deck.groupby("alignment")[parts].mean()
    return {alignment: {part: round(float(means.loc[alignment, part]), 2) for part in parts}
            for alignment in _counts(decks["alignment"])}


def _legal_rates(decks) -> dict[str, dict]:
    validated = decks[decks["legal"].notna()]
    if validated.empty:
        return {}
    out = {}
    for alignment, group in validated.groupby("alignment"):
        legal = int(group["legal"].astype(bool).sum())
        out[str(alignment)] = {"validated": len(group), "legal": legal, "rate": round(legal / len(group), 4)}
    return dict(sorted(out.items(), key=lambda item: (-item[1]["validated"], item[0])))


def _avatar_alignments(decks) -> dict[str, str]:
    """The alignment(s) an avatar's decks are played as, most decks first: "wizard", or "wizard, fallen-wizard"
    for Saruman played both ways, and every alignment of the decks without an avatar ("(none)")."""
    if decks.empty:
        return {}
    return {str(avatar): ", ".join(_counts(group["alignment"])) for avatar, group in decks.groupby("avatar")}
