"""A game against a real opponent: its hazards attack our companies by the rules, and with `both` its own turns
alternate with ours and the Free Council decides (coe §10).

`MatchGame` is the goldfish `Game` with the opponent plugged in at its hazard seam: each company's
movement/hazard phase gets the opponent's creatures (keyed to the site path and site, `keying`), resolved by
`combat`, and its corruption cards (`corruption`), within the hazard limit; the opponent draws by our sites.
What is not simulated is listed in docs/simulation.md ("Against an opponent").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from deckcheck.analysis.scoring import half_rule_total
from deckcheck.analysis.sim.combat import Defender, kill_points_scored, resolve_attack
from deckcheck.analysis.sim.corruption import (
    DISCARDED,
    ELIMINATED,
    TAPPED,
    company_modifier,
    corruption_check,
    makes_corruption_checks,
    removal_succeeds,
)
from deckcheck.analysis.sim.engine import Character, Company, Game, Tally, game_rng
from deckcheck.analysis.sim.keying import Move, hazard_limit, region_site_path, site_path
from deckcheck.analysis.sim.opponent import CORRUPTION, CREATURE, HazardHand, HazardPlayer, HazardTables
from deckcheck.analysis.sim.tables import MP_CATEGORIES, ROLE_HAZARD, SimDeck
from deckcheck.cards.combat_facts import load_combat_facts
from deckcheck.cards.model import leading_int
from deckcheck.cards.names import fold

KILL = MP_CATEGORIES.index("kill")
# coe 10.3.iii: the sources doubled for a player whose opponent has none (not kill, not miscellaneous).
DOUBLED_SOURCES = tuple(MP_CATEGORIES.index(s) for s in ("character", "item", "faction", "ally"))
AVATAR_PENALTY = 5                    # coe 10.3.vi: an eliminated avatar
MINION_ALIGNMENTS = frozenset({"Minion", "Balrog"})
FW_MINION_RACES = frozenset({"Orc", "Troll"})   # coe 7.1.F1
# In a game where both sides play, our own hazards are kept in hand by what the hazard model can do with them.
OWN_HAZARD_KEEP = {CREATURE: 4, CORRUPTION: 3}
UNMODELLED_HAZARD_KEEP = 0


@dataclass
class DefenceTables:
    """What combat and corruption need of the resource player's kinds: stats, races, corruption, weapons."""

    prowess: list[int] = field(default_factory=list)
    body: list[int] = field(default_factory=list)
    races: list[tuple[str, ...]] = field(default_factory=list)
    warrior: list[bool] = field(default_factory=list)
    corruption_points: list[int] = field(default_factory=list)      # an item's corruption points
    check_modifier: list[int] = field(default_factory=list)         # a character's printed corruption modifier
    minion: list[bool] = field(default_factory=list)                # taps instead of failing on a near miss
    wizard_avatar: list[bool] = field(default_factory=list)
    ally: list[bool] = field(default_factory=list)
    weapon: list[tuple[int, int] | None] = field(default_factory=list)   # (prowess bonus, maximum)
    armour: list[tuple[int, int] | None] = field(default_factory=list)   # (body bonus, maximum)
    weapon_warrior_only: list[bool] = field(default_factory=list)


def defence_tables(sim: SimDeck) -> DefenceTables:
    items = load_combat_facts().get("items", {})
    t = DefenceTables()
    for card in sim.kinds:
        t.prowess.append(leading_int(card.prowess) or 0)
        t.body.append(leading_int(card.body) or 0)
        t.races.append(tuple(card.races))
        t.warrior.append("Warrior" in card.skills)
        is_item = card.is_item
        t.corruption_points.append(max(0, leading_int(card.corruption) or 0) if is_item else 0)
        t.check_modifier.append(leading_int(card.corruption) or 0 if card.is_character else 0)
        minion = card.alignment in MINION_ALIGNMENTS or (
            sim.alignment == "fallen-wizard" and (card.avatar or FW_MINION_RACES.intersection(card.races)))
        t.minion.append(minion)
        t.wizard_avatar.append(card.avatar and card.alignment == "Hero")
        t.ally.append(card.is_ally)
        facts = items.get(card.id, {})
        t.weapon.append((facts["prowess"], facts.get("prowess_max", 99)) if facts.get("prowess", 0) > 0 else None)
        t.armour.append((facts["body"], facts.get("body_max", 99)) if facts.get("body", 0) > 0 else None)
        t.weapon_warrior_only.append(bool(facts.get("warrior_only")))
    return t


@dataclass
class DuelTally:
    """Integer sums over games of one side against an opponent (added like `Tally`, in any order)."""

    opponent_kinds: int
    games: int = 0
    characters_lost: int = 0
    characters_lost_sq: int = 0
    kill_mp: int = 0
    hazards_played: list[int] = field(default_factory=list)      # per opponent kind
    hazards_eliminated: list[int] = field(default_factory=list)  # characters it removed from play
    wins: int = 0
    draws: int = 0
    final_mp: int = 0                                           # after the Free Council (--both)
    opponent_final_mp: int = 0
    mp_difference: int = 0
    mp_difference_sq: int = 0

    def __post_init__(self) -> None:
        for name in ("hazards_played", "hazards_eliminated"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.opponent_kinds)

    def merge(self, other: DuelTally) -> None:
        for name in ("games", "characters_lost", "characters_lost_sq", "kill_mp", "wins", "draws", "final_mp",
                     "opponent_final_mp", "mp_difference", "mp_difference_sq"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("hazards_played", "hazards_eliminated"):
            mine = getattr(self, name)
            for i, value in enumerate(getattr(other, name)):
                mine[i] += value


@dataclass
class Side:
    """One deck's tables for a duel, built once per deck."""

    sim: SimDeck
    defence: DefenceTables
    hazards: HazardTables
    hazard_keep: list[int | None]      # hand rank of our own hazards when we play the hazard side too
    moves: dict[tuple[int, int], Move] = field(default_factory=dict)   # what keying sees of each move, once


def side_of(sim: SimDeck) -> Side:
    from deckcheck.analysis.sim.opponent import hazard_tables

    hazards = hazard_tables(sim)
    keep = [OWN_HAZARD_KEEP.get(hazards.use[k], UNMODELLED_HAZARD_KEEP) if sim.role[k] == ROLE_HAZARD else None
            for k in range(len(sim.kinds))]
    return Side(sim, defence_tables(sim), hazards, keep)


class MatchGame(Game):
    """Our game with the opponent's hazards played at each movement/hazard phase."""

    def __init__(self, side: Side, opponent: Side, rng: random.Random, stats: DuelTally):
        self.side = side
        self.defence = side.defence
        self.opponent_side = opponent
        self.stats = stats
        self.hazard_player: HazardPlayer | None = None       # set by the duel once both games exist
        self.opponent_hand: HazardHand | None = None          # only when the opponent plays no turns of its own
        self.duel_opponent: MatchGame | None = None           # only when both sides play full turns
        self.corrupted_this_turn: set[Character] = set()      # coe 7.2.1: one corruption card a turn each
        super().__init__(side.sim, rng, "none")
        self.wounded: set[Character] = set()
        self.stay_tapped: set[Character] = set()
        self.corruption_on: dict[Character, list[int]] = {}   # the opponent's corruption cards on our characters
        self.lost = 0
        self.avatar_lost = False

    # ---- hand management: our own hazards matter when we also play the hazard side ---------------------

    def keep_value(self, kind: int) -> int:
        if self.duel_opponent is not None:           # only when we also play the hazard side (--both)
            own = self.side.hazard_keep[kind]
            if own is not None:
                return own
        return super().keep_value(kind)

    # ---- our turn: healing, corruption-card upkeep, then the goldfish turn -------------------------------

    def our_turn(self) -> None:
        """coe 2.I.1: a wounded character at a haven heals to tapped; a wounded character elsewhere stays wounded.
        Both stay tapped this turn (the goldfish's untap untaps everyone; `stay_tapped` overrides it)."""
        sim = self.sim
        healed = set()
        for company in self.companies:
            if sim.site_is_haven[company.site]:
                for character in company.characters:
                    if character in self.wounded:
                        self.wounded.discard(character)
                        healed.add(character)
        self.stay_tapped = healed | self.wounded
        self.corrupted_this_turn = set()
        self._corruption_upkeep()
        super().our_turn()

    def _corruption_upkeep(self) -> None:
        """Untap-phase checks of corruption cards, then one removal attempt per card (coe 7.3): at a haven the
        character taps for it (and stays tapped this turn); elsewhere it tries at -3 without tapping, so that
        it can still play a resource at its next site."""
        hazards = self.opponent_side.hazards
        for company in list(self.companies):
            at_haven = self.sim.site_is_haven[company.site]
            for character in list(company.characters):
                for kind in list(self.corruption_on.get(character, ())):
                    spec = hazards.corruption[kind]
                    if (spec.check == "untap-at-haven" and at_haven) or (
                            spec.check == "untap-not-at-haven" and not at_haven):
                        if not self.corruption_check(company, character, 0, kind):
                            break
                    if spec.remove_above is None:
                        continue
                    tap = at_haven and character not in self.stay_tapped
                    if tap:
                        self.stay_tapped.add(character)
                    if removal_succeeds(self.roll(), spec.remove_above, untapped=not tap):
                        self.corruption_on[character].remove(kind)
                        self._to_opponent_discard(kind)

    def site_phase(self, company: Company) -> None:
        for character in company.characters:
            if character in self.stay_tapped:
                character.tapped = True
        before = sum(len(c.holdings) for c in company.characters)
        super().site_phase(company)
        gained = sum(len(c.holdings) for c in company.characters) - before
        if gained > 0:
            self._triggered_checks(company, "item", gained)

    # ---- movement/hazard: the opponent's hazards ---------------------------------------------------------

    def move(self, company: Company, dest: int) -> None:
        origin = company.site
        super().move(company, dest)
        # A company that stays where it was (a failed Under-deeps roll, coe 2.IV.i.1) faces no hazards here:
        # hazards on companies that do not move are not simulated.
        if self.hazard_player is not None and company.characters and company.site != origin:
            self.hazard_phase(company, origin, dest)

    def move_of(self, origin: int, dest: int) -> Move:
        """The site path, regions and new site of a move (coe 2.IV.ii), by the movement the engine used to reach
        `dest` (`Game.destinations`): Under-deeps movement has no site path; starter movement the new site's
        printed path (the origin's back to a haven, the haven card's between havens) and the names of the
        regions of both sites; region movement the regions it crosses (`keying.region_site_path`), each by
        type and name."""
        key = (origin, dest)
        found = self.side.moves.get(key)
        if found is None:
            found = self.side.moves[key] = self._move(origin, dest)
        return found

    def _move(self, origin: int, dest: int) -> Move:
        sim = self.sim
        a, b = sim.sites[origin], sim.sites[dest]
        new_site = {"site_type": b.site_type or "", "site": fold(b.name), "site_region": fold(b.region or "")}
        if any(site == dest for site, _ in sim.under_deeps[origin]):
            return Move(path=(), regions=frozenset(), **new_site)
        crossed = None
        if not (sim.starter_movement and dest in sim.starter[origin]) and a.region and b.region:
            crossed = region_site_path(sim.regions, fold(a.region), fold(b.region))
        if crossed is not None:
            return Move(path=tuple(sim.regions.get(r, ("",))[0] for r in crossed), regions=frozenset(crossed),
                        **new_site)
        if not b.is_haven:
            path = site_path(b.site_path)
        elif not a.is_haven:
            path = site_path(a.site_path)
        else:
            path = site_path(load_combat_facts().get("haven_paths", {}).get(a.id, {}).get(b.name))
        return Move(path=path, regions=frozenset(fold(r) for r in (a.region, b.region) if r), **new_site)

    def hazard_phase(self, company: Company, origin: int, dest: int) -> None:
        """coe 2.IV.iii-viii for one moving company: the hazard limit, the opponent's draw, its hazards."""
        sim = self.sim
        player = self.hazard_player
        move = self.move_of(origin, dest)
        limit = hazard_limit(self.company_size(company))
        by_origin = sim.site_is_haven[dest] and not self.draw_by_destination
        site = sim.sites[origin if by_origin else dest]
        player.cards.draw(max(1, site.draw_opponent or 1))             # coe 2.IV.v: at least one
        played = 0
        for kind, _key, detainment in player.choose_creatures(move, limit, sim.alignment):
            if not company.characters:
                break
            player.spend(kind)
            played += 1
            self.stats.hazards_played[kind] += 1
            if not self.creature_attacks(company, kind, detainment):
                player.discard(kind)           # a defeated creature stays in our marshalling point pile
        for kind in player.corruption_cards():
            if played >= limit or not company.characters:
                break
            target = self.corruption_target(company, kind)
            if target is None:
                continue
            player.spend(kind)
            played += 1
            self.stats.hazards_played[kind] += 1
            self.corruption_on.setdefault(target, []).append(kind)
            self.corrupted_this_turn.add(target)
        if company.characters:
            wilderness = move.path.count("w")
            self._triggered_checks(company, "wilderness", wilderness)
            self._triggered_checks(company, "region", len(move.path))
        player.cards.reset_to_hand_size()

    def creature_attacks(self, company: Company, kind: int, detainment: bool) -> bool:
        """Every attack of the creature against the company; True if all were defeated (it scores as a kill)."""
        spec = self.opponent_side.hazards.creature[kind]
        defeated = True
        for _ in range(spec.attacks):
            characters = list(company.characters)
            if not characters:
                return False
            defenders = [self.defender(c) for c in characters]
            result = resolve_attack(spec.attack(detainment), defenders, self.roll)
            for defender in defenders:
                character = defender.ref
                character.tapped = defender.tapped
                if defender.wounded:
                    self.wounded.add(character)
            for index in result.eliminated:
                self.lose(company, characters[index], kind)
            wounded = [characters[i] for i in result.wounded if characters[i] in company.characters]
            if spec.wounded_corruption_check is not None:
                for character in wounded:
                    if character in company.characters:
                        self.corruption_check(company, character, spec.wounded_corruption_check, kind)
            if wounded:
                self._triggered_checks(company, "wounded", len(wounded))
            defeated = defeated and result.defeated
        if not defeated:
            return False
        points = kill_points_scored(spec.mp, spec.mp_star, self.sim.alignment, detainment)
        self.mp += points
        self.category[KILL] += points
        self.stats.kill_mp += points
        return points > 0

    def defender(self, character: Character) -> Defender:
        """A character's prowess and body with its best weapon and armour (one of each, to their maximums)."""
        d = self.defence
        kind = character.kind
        prowess, body = d.prowess[kind], d.body[kind]
        best_prowess, best_body = prowess, body
        for held in character.holdings:
            weapon = d.weapon[held]
            if weapon and (d.warrior[kind] or not d.weapon_warrior_only[held]):
                best_prowess = max(best_prowess, min(prowess + weapon[0], weapon[1]))
            armour = d.armour[held]
            if armour:
                best_body = max(best_body, min(body + armour[0], armour[1]))
        return Defender(prowess=best_prowess, body=best_body, tapped=character.tapped or character in self.stay_tapped,
                        wounded=character in self.wounded, ref=character)

    # ---- corruption --------------------------------------------------------------------------------------

    def corruption_target(self, company: Company, kind: int) -> Character | None:
        """The hazard player's target: the eligible character with most corruption points (then most MP).

        coe 7.2.1: one corruption card per character per turn; the card's own race and company-size limits."""
        spec = self.opponent_side.hazards.corruption[kind]
        if spec.company_at_most is not None and len(company.characters) > spec.company_at_most:
            return None
        d = self.defence
        best, best_key = None, None
        for character in company.characters:
            races = d.races[character.kind]
            if (character in self.corrupted_this_turn or spec.not_races.intersection(races)
                    or not makes_corruption_checks(races) or kind in self.corruption_on.get(character, ())):
                continue
            key = (self.corruption_points(character), self.sim.mp[character.kind])
            if best_key is None or key > best_key:
                best, best_key = character, key
        return best

    def corruption_points(self, character: Character) -> int:
        d, hazards = self.defence, self.opponent_side.hazards
        points = sum(d.corruption_points[h] for h in character.holdings)
        return points + sum(hazards.corruption[k].corruption for k in self.corruption_on.get(character, ()))

    def corruption_check(self, company: Company, character: Character, modifier: int, cause: int | None,
                         support: int = 0) -> bool:
        """coe 7.1; True if the character is still in play afterwards."""
        d = self.defence
        kind = character.kind
        if not makes_corruption_checks(d.races[kind], ally=d.ally[kind]):
            return True
        bonus = company_modifier([d.races[c.kind] for c in company.characters])
        outcome = corruption_check(self.roll(), self.corruption_points(character),
                                   modifier + d.check_modifier[kind] + bonus, minion=d.minion[kind],
                                   wizard_avatar=d.wizard_avatar[kind], support=support)
        if outcome == TAPPED:
            character.tapped = True
        elif outcome in (DISCARDED, ELIMINATED):
            self.lose(company, character, cause, out_of_game=outcome == ELIMINATED)
            return False
        return True

    def _triggered_checks(self, company: Company, trigger: str, times: int) -> None:
        """Corruption cards that force checks on an event (a Wilderness crossed, an item gained, a wound)."""
        if times <= 0 or not self.corruption_on:
            return
        hazards = self.opponent_side.hazards
        for character in list(company.characters):
            for kind in list(self.corruption_on.get(character, ())):
                if hazards.corruption[kind].check != trigger:
                    continue
                for _ in range(times):
                    if not self.corruption_check(company, character, 0, kind):
                        break
                if character not in company.characters:
                    break

    # ---- losing characters -------------------------------------------------------------------------------

    def lose(self, company: Company, character: Character, cause: int | None, out_of_game: bool = True) -> None:
        """The character leaves play, eliminated or (not `out_of_game`) discarded by corruption: both cost its MP
        and items; a discarded one may come back from the discard pile, unique or not."""
        if character not in company.characters:
            return
        before = sum(len(c.characters) for c in self.companies)
        if self.sim.avatar[character.kind] and out_of_game:     # coe 10.3.vi: an eliminated avatar
            self.avatar_lost = True
            self.mp -= AVATAR_PENALTY
        self.eliminate(company, character, out_of_game)
        after = sum(len(c.characters) for c in self.companies)
        gone = before - after
        self.lost += gone
        if cause is not None:
            self.stats.hazards_eliminated[cause] += gone
        present = {c for comp in self.companies for c in comp.characters}
        for gone_character in [c for c in self.corruption_on if c not in present]:
            for kind in self.corruption_on.pop(gone_character):
                self._to_opponent_discard(kind)
        self.wounded &= present

    def _to_opponent_discard(self, kind: int) -> None:
        if self.hazard_player is not None:
            self.hazard_player.discard(kind)

    # ---- the opponent's turn -----------------------------------------------------------------------------

    def opponent_turn(self) -> None:
        """`--against`: the opponent's turn is only its card flow; we still play hazards on it as the goldfish
        does. With `--both` the duel runs the opponent's real turn instead (see `play_duel`)."""
        if self.duel_opponent is not None:
            self.duel_opponent_turn()
            return
        self.opponent_hand.own_turn(self.opponent_side.hazards.use)
        super().opponent_turn()

    def duel_opponent_turn(self) -> None:
        raise NotImplementedError   # bound by play_duel


# ---- playing games --------------------------------------------------------------------------------------

def play_against(us: Side, them: Side, game: int, seed: int, turns: int, tally: Tally, stats: DuelTally
                 ) -> MatchGame:
    """One game of ours against the opponent's hazards (its own turns reduced to its card flow)."""
    rng = game_rng(seed, game)
    ours = MatchGame(us, them, rng, stats)
    ours.opponent_hand = HazardHand(them.sim, rng, them.hazards.keep)
    ours.hazard_player = HazardPlayer(them.hazards, ours.opponent_hand)
    ours.play(turns, tally)
    _record_losses(ours, stats)
    return ours


def _record_losses(game: MatchGame, stats: DuelTally) -> None:
    stats.games += 1
    stats.characters_lost += game.lost
    stats.characters_lost_sq += game.lost * game.lost


def free_council(players: list[MatchGame], last: MatchGame) -> list[int]:
    """coe 10.3: final corruption checks (from the player who took the last turn), totals by source, the doubling
    of a source the opponent lacks, no source above half the total, then the eliminated-avatar penalty."""
    order = [last] + [p for p in players if p is not last]
    for player in order:
        for company in list(player.companies):
            supporters = [c for c in company.characters if not c.tapped and c not in player.wounded]
            for character in sorted(company.characters, key=lambda c: -player.corruption_points(c)):
                if character not in company.characters:
                    continue
                # 10.3.i, 7.1.1: an untapped character of the company taps to give +1, one check each.
                helper = next((s for s in supporters if s is not character and s in company.characters), None)
                if helper is not None:
                    supporters.remove(helper)
                    helper.tapped = True
                player.corruption_check(company, character, 0, _first_card(player, character),
                                        support=1 if helper is not None else 0)
    return council_totals([list(p.category) for p in players], [p.avatar_lost for p in players])


def council_totals(sources: list[list[int]], avatars_lost: list[bool]) -> list[int]:
    """coe 10.3.ii-vi for two players' MP by source (character, item, faction, ally, kill, miscellaneous):
    a source in which the opponent has zero or less is doubled (not kill, not miscellaneous); no source may give
    more than half the total; -5 for an eliminated avatar, after everything else."""
    doubled = [list(s) for s in sources]
    for i in range(2):
        other = sources[1 - i]
        for source in DOUBLED_SOURCES:
            if other[source] <= 0:
                doubled[i][source] *= 2
    return [half_rule_total(doubled[i]) - (AVATAR_PENALTY if lost else 0) for i, lost in enumerate(avatars_lost)]


def _first_card(player: MatchGame, character: Character) -> int | None:
    cards = player.corruption_on.get(character)
    return cards[0] if cards else None


def play_duel(first: Side, second: Side, game: int, seed: int, turns: int,
              tallies: tuple[Tally, Tally], stats: tuple[DuelTally, DuelTally]) -> tuple[int, int]:
    """One game of alternating full turns, `first` starting; returns the Free Council totals (first, second).

    coe 10.2: a player who may call does so at the end of its turn and the opponent gets one last turn; a game
    not called by the end of `turns` turns each is decided by a Free Council held then (a time limit)."""
    rng = game_rng(seed, game)
    a = MatchGame(first, second, rng, stats[0])
    b = MatchGame(second, first, rng, stats[1])
    a.hazard_player = HazardPlayer(second.hazards, b)
    b.hazard_player = HazardPlayer(first.hazards, a)
    state = {"ending": None, "result": None, "turn": 0}
    b_tally = tallies[1]

    def council(last: MatchGame) -> None:
        if state["result"] is None:
            state["result"] = free_council([a, b], last)

    def record_b() -> None:
        t = state["turn"]
        if t < b_tally.turns:
            mp = b.mp
            b_tally.mp_sum[t] += mp
            b_tally.mp_sq[t] += mp * mp
            b_tally.reached[t] += mp >= b.sim.threshold
            b_tally.called[t] += state["ending"] is not None

    def b_turn() -> None:
        if state["ending"] is not None:
            return
        b.turn = a.turn
        b.our_turn()
        if b.may_call():
            state["ending"] = "second"           # the first player gets one last turn
        record_b()
        state["turn"] += 1

    a.duel_opponent, b.duel_opponent = b, a       # (b's own opponent_turn is never called: a's turns are a.play's)
    a.duel_opponent_turn = b_turn
    plain_may_call = a.may_call

    def a_may_call() -> bool:
        if state["ending"] == "second":          # that was the first player's last turn
            council(a)
            return True
        if plain_may_call():
            state["ending"] = "first"
            b.turn = a.turn
            b.our_turn()                         # the second player's last turn
            record_b()
            state["turn"] += 1
            council(b)
            return True
        return False

    a.may_call = a_may_call
    a.play(turns, tallies[0])
    council(b)
    while state["turn"] < b_tally.turns:        # the second player's score is frozen once the game has ended
        record_b()
        state["turn"] += 1
    b_tally.games += 1
    scores = state["result"][0], state["result"][1]
    for game_, mine in ((a, stats[0]), (b, stats[1])):
        _record_losses(game_, mine)
    _record_result(stats, scores)
    return scores


def _record_result(stats: tuple[DuelTally, DuelTally], scores: tuple[int, int]) -> None:
    for i, mine in enumerate(stats):
        own, other = scores[i], scores[1 - i]
        mine.wins += own > other
        mine.draws += own == other
        mine.final_mp += own
        mine.opponent_final_mp += other
        mine.mp_difference += own - other
        mine.mp_difference_sq += (own - other) ** 2
