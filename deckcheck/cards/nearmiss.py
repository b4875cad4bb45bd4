"""Near-miss names: the one card a misspelled name clearly means, or the few it might.

A name that matches no card exactly is compared with every name the catalog knows, in every language: English
names, true alternative names (aliases) and the names of the other editions. It is read as a card only when one
card is clearly the best match, by one kind of slip:

- a few letters off: dropped, doubled, swapped or wrong letters ("Glamdrng", "Long Grievious Siege"), at most 1
  when the shorter of the two names has 4-7 letters, 2 for 8-14, 3 for more (Japanese names: 1 for 3-5 signs,
  2 for more); none for 3 letters or fewer, where one letter makes another name ("Die" is not "Dieb");
- words after the name ("Sable Shield/find", "River*/fin": at most 2 words of at most 12 letters together);
- one word missing or one word too many ("Blue Mountain Dwarves" for "Blue Mountain Dwarves"; an article);
- one such word slip and one letter off at once, where the rest has 8 letters or more ("Sable Sheild/find").

Words are what a player adds or drops whole: separated by spaces or punctuation, but "Cavern-ways" and "Durin's"
are one word each.

Each slip costs 1 per letter and 1 per word. The best card is taken only when every other card costs strictly
more: two cards as close as each other leave the name unknown, with both as suggestions. The search is bounded:
a name of more than 100 letters or 12 words is not searched at all, candidates come from a trigram index, and
the letter distance is computed only within its bound (a band of the edit matrix), so a long junk line costs time
linear in its length.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import chain, repeat

from deckcheck.cards.names import fold, name_words

# Beyond these a "name" is a sentence or junk: no search at all (unknown, no suggestions).
MAX_KEY_LETTERS = 100
MAX_WORDS = 12
# How many of the names sharing the most trigrams are measured exactly.
CANDIDATES = 40
# Words after a name read as junk: how many, and how many letters together.
MAX_TRAILING_WORDS, MAX_TRAILING_LETTERS = 2, 12
# A suggestion (no clear match) must share at least this share of trigrams (Dice coefficient).
SUGGESTION_DICE = 0.4

INFINITE = 10**6
# Searches remembered by the name as written (the latest this many): a batch meets the same misspelt names row
# after row, and each is searched once (~1 ms).
REMEMBERED_MATCHES = 4096


@dataclass(frozen=True)
class NameEntry:
    """One name the catalog knows: how it folds, its words, how it is spelled, and the English card name it
    stands for (a card's versions share one English name; the resolver tells them apart by context)."""

    key: str
    written: str
    target: str
    language: str        # "en", "alias", or the code of another edition ("es", "fr", ...)

    @classmethod
    def of(cls, written: str, target: str, language: str) -> NameEntry:
        return cls(fold(written), written, target, language)

    @cached_property
    def words(self) -> tuple[str, ...]:
        return name_words(self.written)   # only for the few entries a search measures


@dataclass(frozen=True)
class NearMiss:
    entry: NameEntry
    cost: int            # letters off plus words off
    slip: str            # what differs, for the message: "spelling", "words after the name", ...
    dice: float          # share of trigrams, to order equal costs


@dataclass
class MatchResult:
    """A search's answer; the matcher hands the same one to every asker of the name: not to be changed."""

    best: NearMiss | None                  # the one clear match, else None
    close: list[NearMiss]                  # one per card (English name), best first: for suggestions

    @property
    def suggestions(self) -> list[NearMiss]:
        return self.close[:3]


def letter_budget(key: str) -> int:
    """How many letters a name may be off and still be recognised."""
    n = len(key)
    if not key.isascii():          # kana and kanji carry more than a letter each
        return 0 if n <= 2 else 1 if n <= 5 else 2
    return 0 if n <= 3 else 1 if n <= 7 else 2 if n <= 14 else 3


def bounded_distance(a: str, b: str, bound: int) -> int:
    """Edit distance (insert, delete, replace, swap of neighbours) between a and b, or INFINITE when it is above
    `bound`. Only the band |i - j| <= bound of the matrix is computed: O(len * bound)."""
    if abs(len(a) - len(b)) > bound:
        return INFINITE
    if a == b:
        return 0
    if bound == 0:
        return INFINITE
    big = bound + 1
    previous2: dict[int, int] = {}
    previous = {j: j for j in range(0, min(len(b), bound) + 1)}
    for i in range(1, len(a) + 1):
        low, high = max(1, i - bound), min(len(b), i + bound)
        current = {0: i} if i <= bound else {}
        row_best = current.get(0, big)
        for j in range(low, high + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            value = min(previous.get(j, big) + 1, current.get(j - 1, big) + 1, previous.get(j - 1, big) + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                value = min(value, previous2.get(j - 2, big) + 1)
            current[j] = value
            row_best = min(row_best, value)
        if row_best > bound:
            return INFINITE
        previous2, previous = previous, current
    result = previous.get(len(b), big)
    return result if result <= bound else INFINITE


def _trigrams(key: str) -> set[str]:
    padded = f"^^{key}$$"
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


# Trigrams looked up one by one in the text of every name before the whole index is built at once: a deck with a
# few misspelt names needs a few dozen; a batch or a list of junk names would pay more for them than for the index.
LAZY_TRIGRAMS = 128


class NameMatcher:
    """Every name the catalog knows, indexed by trigram for the near-miss search.

    The index is built only when searches need it: the first LAZY_TRIGRAMS trigrams a search asks for are each found
    in one text of every entry's padded key (a line each), and past those the whole index is built at once. A deck
    with one misspelt name so pays for that name's dozen trigrams, not for the ~10,000 trigrams of ~6,700 names in
    eight languages (~25 ms); what a search finds is the same either way."""

    def __init__(self, entries: Iterable[NameEntry]):
        self.entries: list[NameEntry] = []
        seen: set[tuple[str, str]] = set()
        for entry in entries:
            if entry.key and (entry.key, entry.target) not in seen:
                seen.add((entry.key, entry.target))
                self.entries.append(entry)
        self._sizes: list[int] = [0] * len(self.entries)    # trigrams per entry, for the Dice coefficient (0: not yet)
        self._index: dict[str, list[int]] = {}              # trigram -> the entries holding it, in entry order
        self._complete = False                              # whether _index holds every trigram of every entry
        self._text = ""
        self._entry_at: list[int] = []                      # the entry of each position of _text
        self._matches: dict[str, MatchResult] = {}          # written name -> its search (REMEMBERED_MATCHES)

    def _holding(self, gram: str) -> list[int]:
        """The entries whose key holds this trigram, in entry order."""
        found = self._index.get(gram)
        if found is not None or self._complete:
            return found or []
        if len(self._index) >= LAZY_TRIGRAMS:
            self._build_index()
            return self._index.get(gram, [])
        if not self._text:
            padded = [f"^^{entry.key}$$" for entry in self.entries]   # a key holds no line break (letters, digits)
            self._text = "\n".join(padded)
            self._entry_at = list(chain.from_iterable(repeat(number, len(key) + 1)
                                                      for number, key in enumerate(padded)))
        text, entry_at, at = self._text, self._entry_at, self._text.find(gram)
        numbers: dict[int, None] = {}
        while at >= 0:
            numbers[entry_at[at]] = None
            at = text.find(gram, at + 1)
        sizes = self._sizes
        for number in numbers:
            if not sizes[number]:
                key = self.entries[number].key    # as len(_trigrams(key)), without making the strings
                sizes[number] = len(set(zip(f"^^{key}", f"^{key}$", f"{key}$$")))
        found = self._index[gram] = list(numbers)   # [] for a trigram no name holds: asked again, not searched
        return found

    def _build_index(self) -> None:
        index: dict[str, list[int]] = defaultdict(list)
        for number, entry in enumerate(self.entries):
            grams = _trigrams(entry.key)
            self._sizes[number] = len(grams)
            for gram in grams:
                index[gram].append(number)
        self._index, self._complete = dict(index), True   # the text stays: a look-up under way still reads it

    def match(self, written: str) -> MatchResult:
        """The card `written` clearly misspells, or the few it might (once per name: see REMEMBERED_MATCHES)."""
        found = self._matches.get(written)
        if found is None:
            found = self._search(written)
            if len(self._matches) >= REMEMBERED_MATCHES:
                self._matches.clear()
            self._matches[written] = found
        return found

    def candidates(self, key: str) -> list[tuple[int, int]]:
        """The CANDIDATES entries sharing the largest part of the folded key's trigrams (Dice), as (entry number,
        trigrams shared). Ties go in entry order: in the order the trigram set was counted they would fall by
        the process's hash seed, and the cut at CANDIDATES with them."""
        grams = _trigrams(key)
        shared = Counter()
        for gram in grams:
            shared.update(self._holding(gram))
        sizes, total = self._sizes, len(grams)
        return sorted(shared.items(), key=lambda item: (-item[1] / (total + sizes[item[0]]), item[0]))[:CANDIDATES]

    def _search(self, written: str) -> MatchResult:
        key, words = fold(written), name_words(written)
        if not key or len(key) > MAX_KEY_LETTERS or len(words) > MAX_WORDS:
            return MatchResult(None, [])
        grams = len(_trigrams(key))
        per_target: dict[str, NearMiss] = {}
        for number, common in self.candidates(key):
            entry = self.entries[number]
            dice = 2 * common / (grams + self._sizes[number])
            cost, slip = _cost(key, words, entry)
            miss = NearMiss(entry, cost, slip, dice)
            kept = per_target.get(entry.target)
            if kept is None or (miss.cost, -miss.dice) < (kept.cost, -kept.dice):
                per_target[entry.target] = miss
        close = sorted(per_target.values(), key=lambda m: (m.cost, -m.dice, m.entry.target))
        best = close[0] if close and close[0].cost < INFINITE else None
        if best is not None and len(close) > 1 and close[1].cost <= best.cost:
            best = None                                    # two cards as close: no reading
        suggestions = [m for m in close if m.cost < INFINITE or m.dice >= SUGGESTION_DICE]
        return MatchResult(best, suggestions)


def _cost(key: str, words: tuple[str, ...], entry: NameEntry) -> tuple[int, str]:
    """The cheapest way from the written name to this entry, and what differs; (INFINITE, "") if none."""
    # the shorter of the two names sets the budget: "Die" is no misspelling of "Dieb"
    budget = letter_budget(key if len(key) < len(entry.key) else entry.key)
    best, slip = bounded_distance(key, entry.key, budget), "spelling"
    if best <= 1:
        return best, slip
    for variant, what in _word_variants(words, entry.words):
        # a word slip plus one letter off the rest, where the rest is long enough (8 letters) to tell
        shorter = min(len(variant[0]), len(variant[1]))
        rest_budget = min(1 if shorter >= 8 else 0, max(0, best - 2))
        letters = bounded_distance(variant[0], variant[1], rest_budget)
        if letters < INFINITE and 1 + letters < best:
            best, slip = 1 + letters, what
            if letters == 0:
                break
    return (best, slip) if best < INFINITE else (INFINITE, "")


def _word_variants(written: tuple[str, ...], name: tuple[str, ...]):
    """(written variant, name variant) pairs one word slip apart, with what the slip is."""
    if len(written) > len(name):
        extra = written[len(name):]
        if len(extra) <= MAX_TRAILING_WORDS and sum(map(len, extra)) <= MAX_TRAILING_LETTERS:
            yield ("".join(written[:len(name)]), "".join(name)), "words after the name"
        if len(written) == len(name) + 1:
            for i in range(len(written) - 1):       # one word too many inside the name (the last is above)
                yield ("".join(written[:i] + written[i + 1:]), "".join(name)), "a word too many"
    if len(name) == len(written) + 1 and len(written) >= 1:
        for i in range(len(name)):                  # one word of the name missing
            rest = name[:i] + name[i + 1:]
            if sum(map(len, rest)) >= 4:
                yield ("".join(written), "".join(rest)), "a word missing"
