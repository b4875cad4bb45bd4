"""The play condition the engine reads for every resource worth marshalling points, as the table of
docs/play-conditions.md, and the targeted rules that check those conditions against the card text.

    python -m tests.play_conditions --write      # after an import that changes card_db/play.json
    python -m tests.play_conditions --check      # the rules' findings, card by card (needs ../shared)

The table states the engine's reading (`deckcheck.analysis.playable.reading`), never the card text: card_db and
docs hold facts only. The rules read the text of ../shared/carddata/coe-cards.json (in tests only) and check that
a phrase of the text has its fact in the condition ("tapped or untapped" -> the site may be tapped; "Cannot be
duplicated at a given site" -> once per site; "Radagast specific" -> Radagast as the avatar ...).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "play-conditions.md"

HEADER = """# Play conditions: what the simulation reads for each resource worth marshalling points

Made by `python -m tests.play_conditions --write` from `card_db/play.json` (the importer's facts, derived from
the Council of Elrond card data); `tests/test_play_conditions.py` checks that it is current and checks the
conditions against the card text with targeted rules. One row per resource card with marshalling points: its
id, name, alignment, MP as printed, and the condition **as the engine reads it** (not the card text: read the
card beside it). "not modelled" rows are never played by the simulation, for the reason given.

Words used: *site tapped or untapped* — the play does not need the site untapped; *taps the site* / *taps the
bearer* — what the play taps; *by* — who may play or bear it; *once per company / site / character* — "cannot be
duplicated" as the card limits it; *scores once stored at* — its MP count only after it is stored there.

| card | name | alignment | MP | the engine's reading |
|---|---|---|---|---|
"""


def mp_resources():
    """Every resource of the catalog worth marshalling points (printed or in parentheses), by id."""
    from deckcheck.cards.catalog import load_catalog

    return sorted((c for c in load_catalog().cards if c.type == "Resource" and ((c.mp or 0) > 0 or c.mp_alt)),
                  key=lambda c: (c.set, c.number, c.id))


def _mp(card) -> str:
    if card.mp_alt is not None:
        return f"{card.mp or 0}({card.mp_alt})" if card.mp else f"({card.mp_alt})"
    return str(card.mp)


def becomes_ally(cancel) -> str:
    """The reading of a cancel whose creature becomes an ally (the card's MP are that ally's)."""
    return (f"cancels the attack of a hazard creature ({', '.join(cancel.races)}) of one strike, the creature "
            "then an ally of the character who taps")


def table(facts=None) -> str:
    from deckcheck.analysis.playable import condition_of, reading
    from deckcheck.cards.play import load_play_facts

    facts = facts or load_play_facts()
    rows = []
    for card in mp_resources():
        condition = condition_of(card, facts)
        text = reading(condition) if condition is not None else (
            becomes_ally(facts.attack_cancels[card.id]) if card.id in facts.attack_cancels
            else "no condition: not played")
        rows.append(f"| {card.id} | {card.name} | {card.alignment} | {_mp(card)} | {text.replace('|', '/')} |")
    return HEADER + "\n".join(rows) + "\n"


# ---- the targeted rules ---------------------------------------------------------------------------------

WIZARDS = ("Gandalf", "Saruman", "Radagast", "Alatar", "Pallando")


def _play(text: str) -> str:
    from deckcheck.cards.play_import import play_sentences

    return " ".join(play_sentences(text))


def _places(condition):
    return condition.at


def rules():
    """(name, applies(text, play text), holds(condition, text)) for each targeted rule."""
    return (
        ("'tapped or untapped' / 'if not already tapped': the site may be tapped",
         lambda t, p: re.search(r"tapped or untapped|if it is not already tapped|tap site if untapped|"
                                r"\(if tapped or untapped\)", p, re.I)
         and not re.search(r"whether the site is tapped|at one of your tapped or untapped protected", p),
         lambda c, t: c.site != "untapped"),
        ("'does not tap the site': the play leaves the site untapped",
         lambda t, p: "does not tap the site" in t,
         lambda c, t: not c.taps_site),
        ("'Cannot be duplicated in/on a given company': once per company",
         lambda t, p: re.search(r"cannot be duplicated (?:in|on) a given company", t, re.I),
         lambda c, t: c.once_per_company),
        ("'Cannot be duplicated at/on a given site': once per site",
         lambda t, p: re.search(r"cannot be duplicated (?:at|on) a given site", t, re.I),
         lambda c, t: c.once_per_site or c.makes_wizardhaven or c.protects),
        ("'Cannot be duplicated on a given character / Wizard': once per character",
         lambda t, p: re.search(r"cannot be duplicated on a given (?:character|wizard|hobbit)", t, re.I),
         lambda c, t: c.once_per_character),
        ("'<Wizard> specific' / 'if you are <Wizard>': that Wizard as the avatar",
         lambda t, p: re.search(r"\b(?:" + "|".join(WIZARDS) + r") specific|if you are (?:" + "|".join(WIZARDS)
                                + ")", t),
         lambda c, t: c.avatar and all(w in c.avatar for w in WIZARDS
                                       if re.search(rf"\b{w} specific", t))),
        ("'Wizard only' / 'only by The Balrog' / 'May only be borne by The Balrog': the avatar",
         lambda t, p: re.search(r"(?:^|\. )Wizard only|may only be borne by the balrog|only by the balrog", t,
                                re.I),
         lambda c, t: c.bearer is not None and c.bearer.avatar),
        ("'<skill> only': a bearer with that skill",
         lambda t, p: re.search(r"(?:^|\. )(?:Unique\. )?(Sage|Scout|Ranger|Warrior|Diplomat)(?: or \w+)? only\b",
                                p),
         lambda c, t: c.bearer is not None and re.search(
             r"(?:^|\. )(?:Unique\. )?(Sage|Scout|Ranger|Warrior|Diplomat)(?: or \w+)? only\b",
             _play(t)).group(1) in c.bearer.skills),
        ("'hero site': the hero version of the site",
         lambda t, p: re.search(r"\bhero site\b", p),
         lambda c, t: any(place.site_alignment == "hero" for place in c.at)),
        ("'Not playable in/at <site types>': those site types excluded",
         lambda t, p: re.search(r"not playable (?:in|at) an? (?:shadow|dark|free|border|ruins)", t, re.I),
         lambda c, t: all(place.not_types for place in c.at)),
        ("'If inverted / If tapped ... store': its MP need a state the simulation does not model",
         lambda t, p: re.search(r"\bif (?:inverted|this card is inverted|tapped|untapped and at)\b[^.]*\bstore",
                                t, re.I),
         lambda c, t: not c.modelled),
        ("'Playable on ... at <types> or if <an attack>': the plain first option is played",
         lambda t, p: re.search(r"playable on an? (?:untapped )?character at [^.]* or if his company faced", t,
                                re.I),
         lambda c, t: c.modelled and c.at),
        ("'on your protected <site>': at that site",
         lambda t, p: re.search(r"on your protected (?:isengard|the white towers)", t, re.I),
         lambda c, t: any(place.sites for place in c.at)),
        ("'the influence check is greater than N': the faction's number",
         lambda t, p: re.search(r"influence check is greater than (\d+)", t),
         lambda c, t: c.influence == int(re.search(r"influence check is greater than (\d+)", t).group(1))),
        ("'during the organization phase': played in the organization phase",
         lambda t, p: re.search(r"^(?:unique\. )?playable during (?:the|your) organization phase", p, re.I),
         lambda c, t: c.phase == "organization"),
        ("'where Information is playable': an Information site",
         lambda t, p: "where information is playable" in p.lower() or "at which information is playable"
         in p.lower(),
         lambda c, t: any(place.information for place in c.at) or not c.modelled),
        ("'Playable at <a named site>': that site among its places",
         lambda t, p: _named_site(p) is not None,
         lambda c, t: not c.modelled or any(_fold(_named_site(_play(t))) in {_fold(n) for n in place.sites}
                                            for place in c.at + c.stored_at)),
        ("'if you have <card> in play' / '<card> is already in play': that card required",
         lambda t, p: re.search(r"if you have ([A-Z][\w’' -]+?) in play|if ([A-Z][\w’' -]+?) is already in play", p),
         lambda c, t: bool(c.in_play) or not c.modelled),
        ("'<N> stage points': the stage points it needs",
         lambda t, p: re.search(r"(\d+) or more stage points", p),
         lambda c, t: c.stage_points == int(re.search(r"(\d+) or more stage points", _play(t)).group(1))),
        ("'a character with a prowess of N or more': the bearer's prowess",
         lambda t, p: re.search(r"borne by a character with a prowess of (\d+)", t),
         lambda c, t: c.bearer is not None and c.bearer.min_prowess == int(
             re.search(r"borne by a character with a prowess of (\d+)", t).group(1))),
        ("'on your Ringwraith' / 'on The Balrog': the avatar",
         lambda t, p: re.search(r"playable (?:only )?on your ringwraith|playable on the balrog", p, re.I),
         lambda c, t: c.bearer is not None and c.bearer.avatar),
        ("'at an untapped <site>': the site untapped",
         lambda t, p: re.search(r"^(?:unique\. )?playable (?:only )?(?:during the site phase )?at an untapped", p,
                                re.I),
         lambda c, t: c.site == "untapped"),
        ("'at an already tapped <site>': the site already tapped",
         lambda t, p: re.search(r"playable (?:only )?(?:during the site phase )?at an already tapped", p, re.I),
         lambda c, t: c.site == "tapped"),
        ("'non-Haven' / 'non-Darkhaven': havens excluded",
         lambda t, p: re.search(r"playable at (?:any |a )?(?:tapped or untapped )?non-(?:haven|darkhaven)", p, re.I),
         lambda c, t: all("H" in place.not_types for place in c.at)),
        ("'The company faces two attacks (... N strikes with P prowess ...)': those attacks, in order",
         lambda t, p: re.search(r"(?:^|\. )(?:The (?:Balrog’s )?company|Company|The scout|It) faces (?:an?|one|two|"
                                r"three|\d) (?:\w+ )?attacks?\b", t),
         lambda c, t: [(a.strikes, a.prowess) for a in c.attacks] == [
             (int(s), int(p)) for s, p in re.findall(r"(\d+) strikes? with (\d+) prowess",
                                                     re.search(r"faces (?:an?|one|two|three|\d) [^.]*", t).group(0))]),
        ("'immediately after facing an Orc, Troll, or Man attack / an automatic-attack': a site with one",
         lambda t, p: re.search(r"immediately after facing an? (?:[\w, ]+ attack|automatic-attack)", t),
         lambda c, t: c.modelled and c.at and all(place.auto_attack for place in c.at)),
        ("'overt / covert company': the company it needs",
         lambda t, p: re.search(r"\b(?:overt|covert) company (?:there|at|only)|if you have an? (?:overt|covert) "
                                r"company", p),
         lambda c, t: c.company in ("overt", "covert")),
    )


def _fold(name: str) -> str:
    from deckcheck.cards.names import fold

    return fold(name)


_SITES: list[str] = []


def _named_site(play: str) -> str | None:
    """The site a play sentence names right after "Playable at" ("Playable at Carn Dûm if ..."), if any."""
    if not _SITES:
        from deckcheck.cards.catalog import load_catalog

        _SITES.extend(sorted({c.name for c in load_catalog().cards if c.type == "Site"}, key=len, reverse=True))
    m = re.search(r"^(?:Unique\. )?Playable (?:only )?(?:during the site phase )?at (?:an? )?(?:untapped |tapped )?"
                  r"([A-Z][^.,;(]*)", play)
    if not m:
        return None
    return next((name for name in _SITES if m.group(1).startswith(name)), None)


def findings(source_path=None) -> list[tuple[str, str, str]]:
    """(rule, card id, name) for every MP resource whose condition misses what a phrase of its text says."""
    from deckcheck.analysis.playable import condition_of
    from deckcheck.cards.importer import _text, load_coe_source
    from deckcheck.cards.play import load_play_facts
    from tests._shared import COE_CARDS

    _, source = load_coe_source(source_path or COE_CARDS)
    texts = {raw["id"]: _text(raw) for s in source for raw in source[s]["cards"].values()}
    facts = load_play_facts()
    out = []
    checks = rules()
    for card in mp_resources():
        text = texts.get(card.id, "")
        play = _play(text)
        condition = condition_of(card, facts)
        for name, applies, holds in checks:
            if applies(text, play) and (condition is None or not holds(condition, text)):
                out.append((name, card.id, card.name))
    return out


def main(argv: list[str]) -> int:
    if "--write" in argv:
        DOC.write_text(table(), encoding="utf-8")
        print(f"wrote {DOC.name}: {len(mp_resources())} resources")
        return 0
    if "--check" in argv:
        found = findings()
        for rule, card_id, name in found:
            print(f"{card_id:8} {name:40} {rule}")
        print(f"{len(found)} findings")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
