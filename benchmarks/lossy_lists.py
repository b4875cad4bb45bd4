"""The lists players really send, made from every real deck of ../shared/decks: is each judged as its original?

    .venv/bin/python benchmarks/lossy_lists.py [--rules coe] [-v] [--kind "tags stripped"]

Each real deck is read and judged as it is (the original verdict: its alignment and the codes of its errors). Then
each kind of loss a hand-typed list has is applied to it, the result written as a Markdown list with no metadata
(no "Alignment:" line, no "Avatar:" line: players do not write them), read back and judged again:

- nothing lost: every card with its tag and set code (the control: what the list starts from);
- tags stripped: no [H]/[M]/[F]/[B]; set codes stripped: no (TW)/(LE); both stripped: the bare names;
- avatar left out: the lines of the deck's avatar(s) in its play deck dropped, where the deck is still
  recognisable without them (it holds a card that only its alignment plays: see `recognisable`); a list without
  its avatar may lose what the rules ask of the avatar, so there the loss is said when an avatar rule names it;
- hero/minion lines merged: the bare names, and lines of one name in one part (the [H] and [M] copies of a site of
  a Fallen-wizard) written as one line of the summed count; made only for decks that hold such pairs;
- [Title] first line: a forum habit, "[Deck Title] comment" above the list;
- MP breakdown appended: "Characters: 12 MP", "Items 6", ... after the list.

Per kind it prints: lists made, judged as the original (same alignment, same error codes), different but said
(the difference comes with a reading diagnostic or violation that names what the list lost, SAYS_THE_LOSS; or
every error that came or went names a card whose version the verdict's readings say was chosen for a name without
[H]/[M], the tag the list lost; or, for a list that lost its tags, the alignment changed and the reason line says
its untagged avatar was read as a Fallen-wizard's and by which cards; or it is only in the codes of the rules that
count the lines left out, ABOUT_THE_LOST_LINES), and different (unsaid, or not judged at all). -v lists each
different deck with what changed. A deck the tool cannot read or judge as it is is left out (counted on the first
line).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from deckcheck.cards.model import SITE
from deckcheck.cards.names import fold
from deckcheck.decklist import parse_text
from deckcheck.decklist.model import PART_ORDER, Deck, Part
from deckcheck.errors import DeckcheckError
from deckcheck.rules.engine import validate, validate_file

DECKS = Path(__file__).resolve().parents[1].parent / "shared" / "decks"

HEADINGS = {Part.POOL: "Pool", Part.CHARACTERS: "Characters", Part.RESOURCES: "Resources", Part.HAZARDS: "Hazards",
            Part.PLAY: "Deck", Part.SIDEBOARD: "Sideboard", Part.FW_SIDEBOARD: "Sideboard vs. FW",
            Part.SITES: "Sites"}

# The diagnostics and violations that say what a kind of list lost: a difference from the original that comes
# with one of these is said, not silent.
SAYS_THE_LOSS = {
    "tags stripped": {"versions-read", "versions-unknown", "ambiguous-card"},
    "tags and set codes stripped": {"versions-read", "versions-unknown", "ambiguous-card"},
    "hero/minion lines merged": {"versions-read", "versions-unknown", "ambiguous-card"},
    "set codes stripped": {"ambiguous-card"},
    "avatar left out": {"avatar-limit"},
}


# The codes of the rules that count the very lines a kind of loss leaves out: that they change is the loss itself
# (a deck with three Ringwraiths, two too many under the rulebook, loses its avatar-limit error with them).
ABOUT_THE_LOST_LINES = {"avatar left out": {"avatar-limit"}}


def corpus_files() -> list[Path]:
    return sorted(p for p in DECKS.rglob("*") if p.is_file() and p.parent != DECKS)


# ---- writing a deck as a list ------------------------------------------------------------------------------------

Line = tuple[Part, int, str, str, str]   # part, count, name, tag, set code


def deck_lines(deck: Deck) -> list[Line]:
    lines = []
    for entry in deck.entries:
        if entry.card:
            set_code = "PR" if entry.card.promo else entry.card.set
            lines.append((entry.part, entry.count, entry.card.name, entry.card.tag, set_code))
        else:
            lines.append((entry.part, entry.count, entry.written, entry.tag or "", entry.set_code or ""))
    return lines


def markdown(lines: list[Line], *, tags: bool = True, set_codes: bool = True) -> str:
    out: list[str] = []
    for part in PART_ORDER:
        mine = [line for line in lines if line[0] == part]
        if not mine:
            continue
        out += ["", f"## {HEADINGS[part]}", ""]
        for _, count, name, tag, set_code in mine:
            text = name + (f" [{tag}]" if tags and tag else "") + (f" ({set_code})" if set_codes and set_code else "")
            out.append(f"- {count} {text}")
    return "\n".join(out).lstrip("\n") + "\n"


# ---- the kinds of loss -----------------------------------------------------------------------------------------

ONLY_THEIRS = {"balrog": "Balrog", "fallen-wizard": "Fallen-wizard"}


def recognisable(deck: Deck, alignment: str) -> bool:
    """Whether the deck, without its avatar, still holds a card a judge would know its alignment by: a card of that
    alignment only (a Balrog or Fallen-wizard card or site, a Stage card), a card specific to a Balrog, hero and
    minion resources together (a Fallen-wizard); a hero or minion card for a Wizard or Ringwraith deck that holds
    none of those."""
    cards = [e.card for e in deck.entries if e.card and not e.card.avatar and e.card.type != "Hazard"]
    balrog = any(c.alignment == "Balrog" or c.specific == "Balrog" for c in cards)
    fallen = any(c.alignment in ("Stage", "Fallen-wizard") for c in cards)
    plays = {c.alignment for c in cards if c.type != SITE}
    if alignment == "balrog":
        return balrog
    if alignment == "fallen-wizard":
        return fallen or {"Hero", "Minion"} <= plays
    own = {"wizard": "Hero", "ringwraith": "Minion"}[alignment]
    return not balrog and not fallen and own in plays and len(plays & {"Hero", "Minion"}) == 1


def nothing_lost(deck: Deck, alignment: str) -> str:
    return markdown(deck_lines(deck))


def tags_stripped(deck: Deck, alignment: str) -> str:
    return markdown(deck_lines(deck), tags=False)


def set_codes_stripped(deck: Deck, alignment: str) -> str:
    return markdown(deck_lines(deck), set_codes=False)


def both_stripped(deck: Deck, alignment: str) -> str:
    return markdown(deck_lines(deck), tags=False, set_codes=False)


def avatar_left_out(deck: Deck, alignment: str) -> str | None:
    kept = [e for e in deck.entries if not (e.card and e.card.avatar and e.part.in_play_deck)]
    if len(kept) == len(deck.entries) or not recognisable(deck, alignment):
        return None
    return markdown(deck_lines(Deck(path=deck.path, entries=kept)))


def versions_merged(deck: Deck, alignment: str) -> str | None:
    merged: dict[tuple[Part, str], list] = {}
    for part, count, name, _, _ in deck_lines(deck):
        key = (part, name)
        if key in merged:
            merged[key][1] += count
            merged[key].append("merged")
        else:
            merged[key] = [part, count, name, "", ""]
    if not any(len(line) > 5 for line in merged.values()):
        return None
    return markdown([tuple(line[:5]) for line in merged.values()])


def title_first(deck: Deck, alignment: str) -> str:
    return f"[{deck.name or 'My deck'}] for the league\n\n" + markdown(deck_lines(deck))


def mp_breakdown(deck: Deck, alignment: str) -> str:
    points = Counter()
    for entry in deck.entries:
        if entry.card and entry.card.mp and entry.card.mp_category:
            points[entry.card.mp_category] += entry.card.mp * entry.count
    breakdown = [f"{category.capitalize()}s: {n} MP" for category, n in sorted(points.items())] or ["Characters: 0 MP"]
    breakdown.insert(1, f"Items {points['item']}")
    return markdown(deck_lines(deck)) + "\nMP breakdown\n" + "\n".join(breakdown) + "\n"


KINDS: dict[str, Callable[[Deck, str], str | None]] = {
    "nothing lost": nothing_lost,
    "tags stripped": tags_stripped,
    "set codes stripped": set_codes_stripped,
    "tags and set codes stripped": both_stripped,
    "avatar left out": avatar_left_out,
    "hero/minion lines merged": versions_merged,
    "[Title] first line": title_first,
    "MP breakdown appended": mp_breakdown,
}


# ---- judging ----------------------------------------------------------------------------------------------------

def error_codes(verdict) -> set[str]:
    return {v.code for v in verdict.violations if v.severity == "error"}


def said(deck: Deck, verdict) -> Counter:
    """How often each code is said: reading diagnostics and violations."""
    return Counter(d.code for d in deck.diagnostics) + Counter(v.code for v in verdict.violations)


def cards_of(verdict) -> dict[str, set[str]]:
    """error code -> the cards its violations name (None: a violation naming no card)."""
    found: dict[str, set] = {}
    for v in verdict.violations:
        if v.severity == "error":
            found.setdefault(v.code, set()).add(fold(v.card) if v.card else None)
    return found


def versions_chosen(verdict) -> set[str]:
    """The names whose version the reading chose (a `version` reading: no tag, the deck's alignment decided)."""
    return {fold(r.card) for r in verdict.readings if r.kind == "version"}


def outcome(deck: Deck, verdict) -> tuple:
    return (verdict.alignment, error_codes(verdict), said(deck, verdict), cards_of(verdict), versions_chosen(verdict),
            verdict.alignment_reason)


# What the reason line says when an avatar written without its tag (a Wizard's card, the avatar of a Wizard and of
# a Fallen-wizard alike) was made a Fallen-wizard's by the deck's other cards (decklist/alignment.py)
AVATAR_READ_BY_EVIDENCE = ", the Fallen-wizard's by "


def judge(text: str, name: str, rules: str) -> tuple | str:
    """(alignment, error codes, every code said, error code -> cards, versions chosen) or the input error."""
    try:
        deck = parse_text(text, path=name, input_format="markdown")
        verdict = validate(deck, ruleset=rules)
    except DeckcheckError as exc:
        return exc.one_line()
    return outcome(deck, verdict)


def versions_say_it(original: tuple, judged: tuple) -> list[str]:
    """The cards of every error that came or went, when each is a card whose version a reading says was chosen
    (the list lost the tag that told it; the verdict names the version read): else []."""
    changed = original[1] ^ judged[1]
    cards = set().union(*(original[3].get(code, set()) | judged[3].get(code, set()) for code in changed))
    if not changed or None in cards or not cards <= judged[4]:
        return []
    return sorted(cards)


def compare(kind: str, original: tuple[str, set[str], Counter], judged) -> tuple[str, str]:
    """("same" | "said" | "different", what changed)."""
    if isinstance(judged, str):
        return "different", f"not judged: {judged}"
    alignment, codes, told = judged[:3]
    if alignment == original[0] and codes == original[1]:
        return "same", ""
    change = []
    if alignment != original[0]:
        change.append(f"alignment {original[0]} -> {alignment}")
    if codes - original[1]:
        change.append(f"new errors {', '.join(sorted(codes - original[1]))}")
    if original[1] - codes:
        change.append(f"errors gone {', '.join(sorted(original[1] - codes))}")
    shown = "; ".join(change)
    # said: a code naming this kind of loss is said more often than of the original
    naming = sorted(code for code in SAYS_THE_LOSS.get(kind, ()) if told[code] > original[2][code])
    if alignment == original[0] and naming:
        return "said", f"{shown} (said: {', '.join(naming)})"
    untagged = kind in SAYS_THE_LOSS and "versions-read" in SAYS_THE_LOSS[kind]
    # the list lost its avatar's tag, the one thing that made the deck a Wizard's: the verdict's first line says
    # which alignment the untagged avatar was read as and by what ("the Fallen-wizard's by 21 Stage cards (...)")
    # (what changed with the alignment only: a name that is no card is no consequence of it)
    if untagged and alignment != original[0] and AVATAR_READ_BY_EVIDENCE in (judged[5] or "") \
            and not (codes ^ original[1]) & {"unknown-card", "ambiguous-card"}:
        return "said", f"{shown} (said: {judged[5]})"
    chosen = versions_say_it(original, judged) if untagged else []
    if alignment == original[0] and chosen:
        return "said", f"{shown} (said: the version chosen for {', '.join(chosen)})"
    # or the only codes that changed are those of the rules on the lines left out (the avatar's own avatar-limit)
    about_lost = ABOUT_THE_LOST_LINES.get(kind, set())
    if alignment == original[0] and about_lost and (codes ^ original[1]) <= about_lost:
        return "said", f"{shown} (the rule on the lines left out)"
    return "different", shown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="coe", choices=["coe", "rulebook"])
    parser.add_argument("--kind", action="append", choices=list(KINDS), help="only this kind (repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list each deck judged differently")
    args = parser.parse_args()
    files = corpus_files()
    if not files:
        print(f"no decks at {DECKS}", file=sys.stderr)
        return 2
    kinds = args.kind or list(KINDS)
    table = {kind: Counter() for kind in kinds}
    differences: dict[str, list[str]] = {kind: [] for kind in kinds}
    not_judged = 0
    for path in files:
        try:
            deck, verdict = validate_file(str(path), ruleset=args.rules)
        except DeckcheckError:
            not_judged += 1
            continue
        original = outcome(deck, verdict)
        shown = str(path.relative_to(DECKS))
        for kind in kinds:
            text = KINDS[kind](deck, verdict.alignment)
            if text is None:
                continue
            result, change = compare(kind, original, judge(text, shown, args.rules))
            table[kind]["made"] += 1
            table[kind][result] += 1
            if result != "same":
                differences[kind].append(f"{shown}: {change}")
    print(f"{len(files)} real decks under {args.rules} rules; {not_judged} not judged as they are (left out)")
    print(f"{'kind of loss':<30} {'made':>5} {'as original':>12} {'said':>5} {'different':>10}")
    for kind in kinds:
        row = table[kind]
        print(f"{kind:<30} {row['made']:>5} {row['same']:>12} {row['said']:>5} {row['different']:>10}")
    if args.verbose:
        for kind in kinds:
            for line in differences[kind]:
                print(f"[{kind}] {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
