"""Which alignment a deck is played as: wizard, ringwraith, fallen-wizard or balrog.

Decided before names are resolved, so that an untagged "Moria" or "Saruman" resolves to the version of the
deck's alignment. In order: what the caller says, what the file declares, the avatar in the deck, then the
majority of cards whose name exists in only one alignment (or that carry a tag). Sites do not vote: NetMECCG
location decks list a player's whole site collection, of every alignment.
"""

from __future__ import annotations

from collections import Counter

from deckcheck.cards.names import TAG_ALIGNMENT
from deckcheck.decklist.lines import fold
from deckcheck.decklist.model import Part, RawLine

DECK_ALIGNMENT = {"Hero": "wizard", "Minion": "ringwraith", "Fallen-wizard": "fallen-wizard", "Balrog": "balrog"}
ALIGNMENTS = ("wizard", "ringwraith", "fallen-wizard", "balrog")
AVATAR_PARTS = (Part.CHARACTERS, Part.PLAY, Part.POOL)
# Hazards do not vote: any player plays hazards of any printing (NetMECCG marks LE reprints "*").
VOTING_PARTS = (Part.POOL, Part.CHARACTERS, Part.RESOURCES, Part.PLAY)
# Only a Fallen-wizard may mix hero and minion resources: when the smaller side holds at least this share
# (and 3 copies), the deck is read as a Fallen-wizard deck.
FALLEN_MIX_SHARE = 0.2


# What files and players write for the deck alignments (folded): "Hero", "Minion", "Fallen Wizard", "FW".
ALIGNMENT_WORDS = {"wizard": "wizard", "hero": "wizard", "heroes": "wizard", "ringwraith": "ringwraith",
                   "minion": "ringwraith", "minions": "ringwraith", "fallen wizard": "fallen-wizard",
                   "fw": "fallen-wizard", "fallen": "fallen-wizard", "balrog": "balrog"}


def declared_alignment(text: str) -> str | None:
    """The deck alignment a file's "Alignment:" value names, or None when it names none of the four."""
    return ALIGNMENT_WORDS.get(fold(text))


# A Wizard's card is the avatar of a Wizard player and of a Fallen-wizard player alike.
WIZARD_KINDS = {"wizard", "fallen-wizard"}


def infer_alignment(lines: list[RawLine], catalog, *, declared: str | None = None,
                    override: str | None = None) -> tuple[str | None, str, str | None]:
    """(alignment or None, one-line reason, avatar name or None).

    An alignment given or declared still leaves the avatar to find: a registrations sheet's alignment column or
    a JSON deck's "alignment" must not make the metagame, the batch and the sheet lose the deck's avatar."""
    votes = _votes(lines, catalog)
    if override or declared:
        chosen = override or declared
        found = _from_avatar(lines, catalog, votes)
        avatar = found[2] if found and (found[0] == chosen or {found[0], chosen} == WIZARD_KINDS) else None
        return chosen, f"{chosen}: {'given by the caller' if override else 'declared by the file'}", avatar
    found = _from_avatar(lines, catalog, votes)
    if found:
        return found
    if votes:
        ranked = votes.most_common()
        winner = ranked[0][0]
        listed = ", ".join(f"{n} {a}" for a, n in ranked)
        why = f"cards that exist in one alignment only: {listed}"
        if winner in ("wizard", "ringwraith") and votes["fallen-wizard"]:
            winner, why = "fallen-wizard", f"{votes['fallen-wizard']} Fallen-wizard cards ({listed})"
        elif winner in ("wizard", "ringwraith") and _mixed(votes):
            # only a Fallen-wizard may mix hero and minion resources
            winner, why = "fallen-wizard", f"hero and minion cards mixed ({listed}), as only a Fallen-wizard may"
        return winner, f"{winner}: no avatar found; {why}", None
    return None, "unknown: no avatar and no cards of a single alignment", None


def _mixed(votes: Counter) -> bool:
    hero, minion = votes["wizard"], votes["ringwraith"]
    smaller = min(hero, minion)
    return smaller >= 3 and smaller >= FALLEN_MIX_SHARE * (hero + minion)


def _card_alignments(line: RawLine, catalog) -> set[str]:
    """The deck alignments a line's card can belong to (tag and id first, then every version of its name)."""
    if line.card_id:
        card = catalog.by_id(line.card_id)
        if card:
            return {DECK_ALIGNMENT[card.alignment]} if card.alignment in DECK_ALIGNMENT else set()
    cards = [c for c in catalog.by_name(line.name) if c.type != "Hazard"]
    tag_alignment = TAG_ALIGNMENT.get((line.tag or "").upper())
    if tag_alignment and (not cards or any(c.alignment == tag_alignment for c in cards)):
        # a tag counts where the name has that version (NetMECCG's implicit H on a neutral card does not)
        return {DECK_ALIGNMENT[tag_alignment]} if cards else set()
    return {DECK_ALIGNMENT[c.alignment] for c in cards if c.alignment in DECK_ALIGNMENT}


def _line_key(line: RawLine) -> tuple:
    """What decides a line's card versions: lines that agree on it are looked up once (NetMECCG repeats them)."""
    return line.name, (line.tag or "").upper(), line.card_id


def _votes(lines: list[RawLine], catalog) -> Counter:
    votes: Counter = Counter()
    known: dict[tuple, set[str]] = {}
    for line in lines:
        if line.part not in VOTING_PARTS:
            continue
        key = _line_key(line)
        if key not in known:
            known[key] = _card_alignments(line, catalog)
        alignments = known[key]
        if len(alignments) == 1:
            votes[next(iter(alignments))] += line.count
    return votes


def _from_avatar(lines: list[RawLine], catalog, votes: Counter) -> tuple[str, str, str] | None:
    """The alignment of the avatar with the most copies in the pool or play deck."""
    copies: Counter = Counter()
    first: dict[str, RawLine] = {}
    is_avatar: dict[tuple, bool] = {}
    for line in lines:
        if line.part not in AVATAR_PARTS:
            continue
        versions_key = _line_key(line)
        if versions_key not in is_avatar:
            is_avatar[versions_key] = _is_avatar(line, catalog)
        if is_avatar[versions_key]:
            key = f"{line.name.lower()}|{(line.tag or '').upper()}|{line.card_id or ''}"
            copies[key] += line.count
            first.setdefault(key, line)
    if not copies:
        return None
    key, n = copies.most_common(1)[0]
    line = first[key]
    possible = {a for a in _card_alignments(line, catalog) if a in ALIGNMENTS}
    avatar_versions = {DECK_ALIGNMENT[c.alignment] for c in _versions(line, catalog) if c.avatar}
    possible = (possible & avatar_versions) or avatar_versions or possible
    if len(possible) == 1:
        chosen = next(iter(possible))
    elif possible == {"wizard", "fallen-wizard"}:
        chosen = "fallen-wizard" if votes["fallen-wizard"] or _mixed(votes) else "wizard"
    else:
        return None
    shown_tag = f" [{line.tag}]" if line.tag and not line.tag_implied else ""
    written = line.name + shown_tag + (f" ({line.set_code})" if line.set_code else "")
    where = "play deck" if line.part.in_play_deck else line.part.value
    return chosen, f"{chosen}: avatar {written} ×{n} in the {where}", line.name


def _versions(line: RawLine, catalog) -> list:
    if line.card_id:
        card = catalog.by_id(line.card_id)
        if card:
            return [card]
    cards = catalog.by_name(line.name)
    tag_alignment = TAG_ALIGNMENT.get((line.tag or "").upper())
    if tag_alignment:
        cards = [c for c in cards if c.alignment == tag_alignment] or cards
    return cards


def _is_avatar(line: RawLine, catalog) -> bool:
    return any(c.avatar for c in _versions(line, catalog))
