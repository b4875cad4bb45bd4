"""`deckcheck diff REGISTERED PLAYED`: two decks compared card by card and part by part.

The deck check of a tournament: is the deck on the table the one registered? Both decks are compared on their
content (`decklist.content`: resolved cards, reprints as one, names that are no card as written), so any two formats
and any spelling compare. Each card's copies per part are set side by side; copies that left one part and arrived in
another are a move, the rest are added (in PLAYED only) or removed (in REGISTERED only). Two decks are identical
exactly when their fingerprints are and every line of both files was read: a line the reader had to skip
(`decklist.content.unread_lines`: "-2 Orcrist", a count of 20 digits) may hold a card, so a comparison with one is
incomplete -- never "identical" -- and the command exits 2, the input error it is, whatever the cards read say.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.decklist.content import PART_RANK, ContentCard, content_cards, deck_content, unread_lines, unread_text
from deckcheck.decklist.fingerprint import fingerprint
from deckcheck.decklist.model import PART_ORDER, Deck, Part

SCHEMA = "deckcheck/diff/1"
# Exit codes of a deck check: the same cards; cards differ; a deck could not be read whole (or at all).
IDENTICAL, DIFFERENT, INCOMPLETE = 0, 1, 2


@dataclass(frozen=True)
class Change:
    """Copies of a card added to or removed from a part, or moved from one part to another."""

    card: ContentCard
    count: int
    part: Part              # added: where they are now; removed: where they were; moved: where they went
    from_part: Part | None = None   # moved only

    def to_json(self) -> dict:
        data = {"card_id": self.card.card_id, "name": self.card.name, "count": self.count, "part": self.part.value}
        if self.from_part is not None:
            data["from"] = self.from_part.value
        return data


@dataclass
class DeckDiff:
    registered: Deck
    played: Deck
    added: list[Change] = field(default_factory=list)
    removed: list[Change] = field(default_factory=list)
    moved: list[Change] = field(default_factory=list)

    @property
    def differs(self) -> bool:
        """Some copies were added, removed or moved, among the lines that were read."""
        return bool(self.added or self.removed or self.moved)

    @property
    def complete(self) -> bool:
        """Every line of both files was read: nothing the comparison cannot see."""
        return not (unread_lines(self.registered) or unread_lines(self.played))

    @property
    def identical(self) -> bool:
        return self.complete and not self.differs

    @property
    def exit_code(self) -> int:
        return INCOMPLETE if not self.complete else DIFFERENT if self.differs else IDENTICAL

    def unread_note(self) -> str | None:
        """One line naming what was not read, or None when everything was."""
        sides = [f"{unread_text(unread_lines(deck))} of {deck.path}" for deck in (self.registered, self.played)
                 if unread_lines(deck)]
        if not sides:
            return None
        return (f"{' and '.join(sides)} not read: a card may be there; fix the list and compare again "
                "(deckcheck show names the problem)")


def diff_decks(registered: Deck, played: Deck) -> DeckDiff:
    before, after = deck_content(registered), deck_content(played)
    cards = {**content_cards(played), **content_cards(registered)}
    result = DeckDiff(registered, played)
    for key in sorted({k for _, k in before} | {k for _, k in after}, key=lambda k: cards[k].name.casefold()):
        gone, came = [], []
        for part in PART_ORDER:
            delta = after.get((part, key), 0) - before.get((part, key), 0)
            if delta < 0:
                gone.append([part, -delta])
            elif delta > 0:
                came.append([part, delta])
        # copies that left one part and reached another moved; pair them in part order
        while gone and came:
            moved = min(gone[0][1], came[0][1])
            result.moved.append(Change(cards[key], moved, came[0][0], from_part=gone[0][0]))
            for side in (gone, came):
                side[0][1] -= moved
                if side[0][1] == 0:
                    side.pop(0)
        result.removed += [Change(cards[key], n, part) for part, n in gone]
        result.added += [Change(cards[key], n, part) for part, n in came]
    return result


# ---------------------------------------------------------------- reports


def render_text(diff: DeckDiff) -> str:
    out = [_side_line("registered", diff.registered), _side_line("played", diff.played), ""]
    note = diff.unread_note()
    if not diff.differs:
        copies = sum(deck_content(diff.registered).values())
        if note is None:
            out.append(f"identical: the same {copies} cards in the same parts")
        else:
            out += [f"not proven identical: {note}", f"(the lines read hold the same {copies} cards in the same parts)"]
        return "\n".join(out) + "\n"
    rows = ([("added", c, c.part.value) for c in diff.added] + [("removed", c, c.part.value) for c in diff.removed]
            + [("moved", c, f"{c.from_part.value} -> {c.part.value}") for c in diff.moved])
    rows.sort(key=lambda row: (PART_RANK.get(row[1].part, 99), row[1].card.name.casefold(), row[0]))
    out.append(f"{len(rows)} difference{'' if len(rows) == 1 else 's'} (added: in played only; removed: in "
               f"registered only)")
    width = max(len(_card_label(c)) for _, c, _ in rows)
    out += [f"  {what:<8}{c.count:>3}  {_card_label(c):<{width}}  {where}" for what, c, where in rows]
    if note is not None:
        out += ["", f"incomplete: {note}"]
    return "\n".join(out) + "\n"


def to_json(diff: DeckDiff) -> dict:
    return {
        "schema": SCHEMA,
        "identical": diff.identical,
        "complete": diff.complete,
        "registered": _side_json(diff.registered),
        "played": _side_json(diff.played),
        "added": [c.to_json() for c in diff.added],
        "removed": [c.to_json() for c in diff.removed],
        "moved": [c.to_json() for c in diff.moved],
    }


def _side_line(label: str, deck: Deck) -> str:
    return f"{label:<11} {fingerprint(deck).describe()}  {deck.path}"


def _side_json(deck: Deck) -> dict:
    return {"path": deck.path, "format": deck.format, "fingerprint": fingerprint(deck).value,
            "cards": sum(deck_content(deck).values()), "unread_lines": unread_lines(deck)}


def _card_label(change: Change) -> str:
    card = change.card
    return f"{card.name} ({card.card_id})" if card.card_id else f"{card.name} (no such card)"
