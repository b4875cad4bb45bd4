"""The referee: watches every game (`GameState.observer`) and checks each step against the rules, by its own
reading of them (it does not call the functions the turn used). A finding is counted per rule, with the number of
games it happened in and the first example; nothing is changed (`simulate --check`, and the tests over every real
deck). Issue 22 brought every rule to 0 findings over the real decks (docs/simulation.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.analysis.scoring import half_rule_total
from deckcheck.cards.names import fold
from deckcheck.sim.model import NEED_UNTAPPED, PHASE_SITE, ROLE_EVENT, ROLE_FACTION
from deckcheck.sim.model.sites import site_regions
from deckcheck.sim.observe import Observer
from deckcheck.sim.rules.council import duplicates_revealed

HAND = 8
COMPANY_LIMIT = 7                         # coe 2.II.3.1, away from a haven
HALF_SIZE_RACES = ("Hobbit",)
FREE_RACES = frozenset({"Dúnadan", "Dwarf", "Elf", "Hobbit"})
SHADOW_RACES = frozenset({"Orc", "Troll"})
COUNCIL_DOUBLED = (0, 1, 2, 3)            # character, item, faction, ally (coe 10.3.iii)
AVATAR_PENALTY = 5

# rule code -> what it checks (and the clause), in the order the report lists them
RULES = {
    "hand-size": "the hand is at its size after each reset (coe 2.IV.viii, 2.VI.ii), unless no card is left",
    "draws": "a moving company draws its site's number, at least one, only with the avatar or mind 3+ (2.IV.v)",
    "hazard-limit": "no more hazards (creatures, events, corruption cards, a card placed on-guard) on a company "
                    "than its hazard limit, its size or 2, plus what a card in play raised it by (2.IV.iii, "
                    "2.IV.vii.4)",
    "stopped": "a company returned to its site of origin or under River plays no resource there that turn "
               "(2.IV.4; the card)",
    "site-tapping": "one site-tapping resource per site and site phase, besides the additional minor item "
                    "(2.V.1, 2.V.5); a faction kept untapped only by an Orc or Troll leader, who keeps it only "
                    "while he does not move (the factions' text)",
    "uniqueness": "a unique card is in play at most once (coe 1.1)",
    "bearers": "an item, ally or event is held by a character its condition allows",
    "leaders": "at most one leader in a company away from a haven (2.II.3.1.3)",
    "company-size": "a company away from a haven holds at most 7 (Hobbits, Orc scouts half; 2.II.3.1.1)",
    "company-composition": "no Dúnadan, Dwarf, Elf or Hobbit with an Orc or Troll in a company away from a "
                           "haven (2.II.3.1.2); only Ringwraiths with a Ringwraith away from a Darkhaven "
                           "(2.II.2.1.R3)",
    "duplicates": "a card that cannot be duplicated in a given company at most once in a company (its text)",
    "ring-tests": "a gold ring tested by an untapped character of its company with the ability, a testing "
                  "event played from hand, or its site (coe 6; the cards)",
    "general-influence": "the mind under general influence is at most the general influence at the end of the "
                         "organization phase (2.II.2, 2.II.2.1.F2, 2.II.8)",
    "direct-influence": "a character's followers' mind is at most its direct influence, restricted direct "
                        "influence only for followers of its kind (2.II.2.2, 2.II.2.2.4)",
    "score": "the MP total is the sum of its sources (less 5 for an eliminated avatar against an opponent, "
             "10.3.vi; the goldfish's curve is the raw total, 10.2)",
    "agents": "an agent hazard is a card with home sites, and attacks a company entering the site it is at (one of "
              "its home sites while unmoved and unrevealed: 2.IV.vii.1, 2.V.iii), once a site phase (2.V.iii.1); "
              "it moves only from the turn after it came into play, one action a turn, to a site in the same or "
              "an adjacent region (4.1); playing or moving it counts against the hazard limit (`hazard-limit`)",
    "free-council": "the Free Council totals: a source the opponent lacks doubled, none above half the total, "
                    "-5 for an eliminated avatar (10.3)",
}


@dataclass
class Finding:
    count: int = 0
    games: int = 0
    example: str = ""
    last_game: int = -1


@dataclass
class Referee(Observer):
    """Counts, per rule, the steps that broke it and the games they happened in."""

    findings: dict[str, Finding] = field(default_factory=lambda: {code: Finding() for code in RULES})
    games: int = 0
    steps: int = 0
    _hazards: dict = field(default_factory=dict)       # (id(state), id(company), turn) -> hazards played
    _raised: dict = field(default_factory=dict)        # (id(state), id(company), turn) -> hazard limit raised
    _stopped: set = field(default_factory=set)         # (id(state), site, turn): a company stopped there
    _tapping: dict = field(default_factory=dict)       # (id(state), site, turn) -> site-tapping resources
    # id(state) of a player with no company after organization: no movement/hazard phase, so no reset until
    # the end of the turn (coe 2.IV.viii resets after a company's movement/hazard phase)
    _no_company: set = field(default_factory=set)
    _agent_attacks: set = field(default_factory=set)  # (id(state), id(agent), turn): an agent's attack
    _agents: dict = field(default_factory=dict)       # (id(state), id(agent)) -> (site, region) it is at
    _agent_turns: dict = field(default_factory=dict)  # (id(state), id(agent)) -> the turn it came into play
    _agent_actions: set = field(default_factory=set)  # ((id(state), id(agent)), turn): an agent action

    # ---- bookkeeping -----------------------------------------------------------------------------------

    def new_game(self) -> None:
        self.games += 1
        self._hazards.clear()
        self._raised.clear()
        self._stopped.clear()
        self._tapping.clear()
        self._no_company.clear()
        self._agent_attacks.clear()
        self._agents.clear()
        self._agent_turns.clear()
        self._agent_actions.clear()

    def found(self, g, rule: str, text: str) -> None:
        finding = self.findings[rule]
        number = self.games
        finding.count += 1
        if finding.last_game != number:
            finding.last_game = number
            finding.games += 1
        if not finding.example:
            finding.example = f"{g.sim.name}, turn {g.turn}: {text}"

    # ---- the steps -------------------------------------------------------------------------------------

    def phase(self, g, name: str) -> None:
        self.steps += 1
        if name == "organization":
            (self._no_company.add if not g.companies else self._no_company.discard)(id(g))
        if name == "end" or (name == "movement" and id(g) not in self._no_company):
            self._hand(g)
        # coe 2.II.8: an excess of general influence may stand until the end of the organization phase (The
        # Balrog leaving takes Great Shadow's +6 with him mid-turn): judged where that phase ends
        self._in_play(g, influence_due=name == "organization")

    def move(self, g, company, origin: int, dest: int, roll, moved: bool, drawn: int = 0) -> None:
        self.steps += 1
        if not moved:
            return
        sim = g.sim
        for character in company.characters:
            kept = [h for h in character.holdings if sim.role[h] == ROLE_FACTION]
            if kept:
                self.found(g, "site-tapping", f"{sim.kinds[character.kind].name} moved to {sim.sites[dest].name} "
                                              f"keeping {sim.kinds[kept[0]].name}")
        draws = any(sim.avatar[c.kind] or sim.mind[c.kind] >= 3 for c in company.characters)
        by_origin = sim.site_is_haven[dest] and sim.alignment not in ("fallen-wizard", "balrog")
        number = max(1, (sim.sites[origin] if by_origin else sim.sites[dest]).draw or 1) if draws else 0
        if number and g.board.draws_less:             # Smaug at Home: one less, at least one
            number = max(1, number - g.board.draws_less)
        if drawn != number and (drawn > number or g.deck or g.discard):
            self.found(g, "draws", f"{sim.sites[origin].name} -> {sim.sites[dest].name}: drew {drawn}, "
                                   f"the rule says {number}")

    def hazard(self, g, company, kind: int, limit: int, target=None) -> None:
        key = (id(g), id(company), g.turn)
        played, size = self._hazards.get(key, (0, _size(g.sim, company.characters)))   # its size as it arrived
        played += 1
        self._hazards[key] = (played, size)
        raised = self._raised.get(key, 0)
        if played > max(2, size) + raised:
            self.found(g, "hazard-limit", f"hazard {played} on a company of size {size}"
                                          f"{f' (raised by {raised})' if raised else ''}")

    def on_guard(self, g, company, kind: int, limit: int) -> None:
        self.hazard(g, company, kind, limit)          # coe 2.IV.vii.4: placing it counts against the limit

    def agent_played(self, g, company, agent) -> None:
        self.steps += 1
        card = g.opponent.sim.kinds[agent.kind]
        if not card.agent or not _home_sites(card):
            self.found(g, "agents", f"{card.name} played as an agent hazard without home sites")
        self._agent_turns[(id(g), id(agent))] = g.turn
        self._agents.pop((id(g), id(agent)), None)        # a new agent (an id may be reused)

    def agent_moved(self, g, company, agent, limit: int) -> None:
        """coe 4.1 by its own reading: in play since the start of the turn, one action a turn, to a site in the
        region of the one it was at or an adjacent one (from a home site's while it has not moved); it counts
        against the hazard limit."""
        self.steps += 1
        self.hazard(g, company, agent.kind, limit)
        key = (id(g), id(agent))
        card = g.opponent.sim.kinds[agent.kind]
        if self._agent_turns.get(key, -1) >= g.turn:
            self.found(g, "agents", f"{card.name} moved in the turn it came into play")
        if (key, g.turn) in self._agent_actions:
            self.found(g, "agents", f"{card.name} took two agent actions in one turn")
        self._agent_actions.add((key, g.turn))
        was = self._agents.get(key)
        homes = _home_sites(card)
        regions = {was[1]} if was is not None else {r for home in homes for r in site_regions().get(home, ())}
        near = regions | {n for r in regions for n in g.sim.regions.get(r, ("", ()))[1]}
        if agent.region not in near:
            self.found(g, "agents", f"{card.name} moved to {agent.site} ({agent.region}), not in or next to "
                                    f"{', '.join(sorted(regions))}")
        self._agents[key] = (agent.site, agent.region)

    def agent_attack(self, g, company, agent, site: str) -> None:
        """Its own reading: the home sites from the card's printed fact, else the site it moved to or last
        attacked at."""
        self.steps += 1
        card = g.opponent.sim.kinds[agent.kind]
        here = fold(g.sim.sites[company.site].name)
        was = self._agents.get((id(g), id(agent)))
        where = _home_sites(card) if was is None else {was[0]}
        if here not in where:
            self.found(g, "agents", f"{card.name} attacks at {g.sim.sites[company.site].name}, "
                                    f"not at {', '.join(sorted(where))}")
        key = (id(g), id(agent), g.turn)
        if key in self._agent_attacks:
            self.found(g, "agents", f"{card.name} attacks twice in one site phase")
        self._agent_attacks.add(key)
        self._agents[(id(g), id(agent))] = (here, fold(g.sim.sites[company.site].region or ""))

    def hazard_limit_raised(self, g, company, by: int) -> None:
        key = (id(g), id(company), g.turn)
        self._raised[key] = self._raised.get(key, 0) + by

    def stopped(self, g, company, why: str) -> None:
        self._stopped.add((id(g), company.site, g.turn))

    def resource_played(self, g, kind: int, site, actor, additional: bool = False) -> None:
        self.steps += 1
        sim = g.sim
        if actor is not None and kind in actor.holdings and sim.bearers[kind] is not None \
                and actor.kind not in sim.bearers[kind]:
            self.found(g, "bearers", f"{sim.kinds[kind].name} on {sim.kinds[actor.kind].name}")
        if site is not None and (id(g), site, g.turn) in self._stopped and sim.phase[kind] == PHASE_SITE:
            self.found(g, "stopped", f"{sim.kinds[kind].name} played at {sim.sites[site].name}, where the "
                                     "company does nothing this turn")
        if site is not None and sim.taps_site[kind] and sim.site_need[kind] == NEED_UNTAPPED and not additional \
                and sim.phase[kind] == PHASE_SITE:
            self._site_tapped(g, kind, site)

    def faction(self, g, company, kind: int, actor, roll, check, success: bool) -> None:
        """A faction taps its site, but one an Orc or Troll leader keeps under his control (its text): that one
        must be of such a faction, influenced by such a leader."""
        self.steps += 1
        if not success:
            return
        sim = g.sim
        if actor is not None and kind in actor.holdings:
            if not (sim.under_leader[kind] and sim.leader[actor.kind] and sim.races[actor.kind]
                    and not SHADOW_RACES.isdisjoint(sim.races[actor.kind])):
                self.found(g, "site-tapping", f"{sim.kinds[kind].name} under {sim.kinds[actor.kind].name}, who "
                                              "may not keep it")
        elif sim.taps_site[kind] and sim.site_need[kind] == NEED_UNTAPPED:
            self._site_tapped(g, kind, company.site)

    def _site_tapped(self, g, kind: int, site: int) -> None:
        key = (id(g), site, g.turn)
        self._tapping[key] = self._tapping.get(key, 0) + 1
        if self._tapping[key] > 1:
            self.found(g, "site-tapping", f"{g.sim.kinds[kind].name}: a second site-tapping resource at "
                                          f"{g.sim.sites[site].name}")

    def ring_test(self, g, character, gold: int, roll, ring, tester=None) -> None:
        self.steps += 1
        sim = g.sim
        if tester is None:
            return
        if isinstance(tester, int):
            if sim.role[tester] != ROLE_EVENT or sim.tester[tester] is None:
                self.found(g, "ring-tests", f"{sim.kinds[tester].name} played from hand to test "
                                            f"{sim.kinds[gold].name}")
            return
        company = next((c for c in g.companies if character in c.characters), None)
        if sim.tester[tester.kind] is None or company is None or tester not in company.characters:
            self.found(g, "ring-tests", f"{sim.kinds[tester.kind].name} tests {sim.kinds[gold].name}")

    def council(self, g, players, totals: list[int]) -> None:
        sources = [list(p.category) for p in players]
        expected = []
        for i, own in enumerate(sources):
            other = sources[1 - i]
            doubled = [v * 2 if s in COUNCIL_DOUBLED and other[s] <= 0 else v for s, v in enumerate(own)]
            expected.append(half_rule_total(doubled) - (AVATAR_PENALTY if players[i].avatar_lost else 0)
                            - duplicates_revealed(players[1 - i], players[i]))     # 10.3.v
        if expected != list(totals):
            self.found(g, "free-council", f"totals {totals}, the rule gives {expected}")

    # ---- what must hold at every step ------------------------------------------------------------------

    def _hand(self, g) -> None:
        from deckcheck.sim.rules.hand import hand_size

        size = hand_size(g)
        if len(g.hand) > size or (len(g.hand) < size and (g.deck or g.discard)):
            self.found(g, "hand-size", f"{len(g.hand)} cards in hand, the hand size is {size}")

    def _in_play(self, g, influence_due: bool = True) -> None:
        sim = g.sim
        seen: dict[int, int] = {}
        gi = 0
        for company in g.companies:
            away = not sim.site_is_haven[company.site]
            characters = company.characters
            for character in characters:
                for kind in (character.kind, *character.holdings):
                    if sim.unique[kind]:
                        seen[kind] = seen.get(kind, 0) + 1
                for held in character.holdings:
                    allowed = sim.bearers[held]
                    if allowed is not None and character.kind not in allowed:
                        self.found(g, "bearers", f"{sim.kinds[held].name} on {sim.kinds[character.kind].name}")
                if character.controller is None and not sim.avatar[character.kind]:
                    gi += sim.mind[character.kind]
                followers = [c.kind for c in characters if c.controller is character]
                if followers and _controls_too_much(g, character, followers):
                    mind = sum(sim.mind[k] for k in followers)
                    self.found(g, "direct-influence", f"{sim.kinds[character.kind].name} controls {mind} mind")
            if away:
                if _size(sim, characters) > COMPANY_LIMIT:
                    self.found(g, "company-size", f"a company of {_size(sim, characters)} at "
                                                  f"{sim.sites[company.site].name}")
                if sum(1 for c in characters if sim.leader[c.kind]) > 1:
                    self.found(g, "leaders", f"two leaders at {sim.sites[company.site].name}")
                races = {r for c in characters for r in sim.races[c.kind]}
                if races & FREE_RACES and races & SHADOW_RACES:
                    self.found(g, "company-composition", f"{sorted(races)} at {sim.sites[company.site].name}")
                if g.ringwraith and not sim.site_dark_haven[company.site] \
                        and any(sim.avatar[c.kind] for c in characters) \
                        and not all(sim.avatar[c.kind] for c in characters):
                    self.found(g, "company-composition", f"the Ringwraith with others at "
                                                         f"{sim.sites[company.site].name}")
            once = [h for c in characters for h in c.holdings if sim.once_per_company[h]]
            if len(once) != len(set(once)):
                self.found(g, "duplicates", f"{sorted(sim.kinds[k].name for k in once)} in one company at "
                                            f"{sim.sites[company.site].name}")
        for kind, copies in seen.items():
            if copies > 1:
                self.found(g, "uniqueness", f"{sim.kinds[kind].name} in play {copies} times")
        if influence_due and gi > g.gi_max:
            self.found(g, "general-influence", f"{gi} mind under general influence {g.gi_max}")
        # 10.3.vi is the Free Council's: only a game against an opponent takes the 5 off as it goes
        if g.mp != sum(g.category) - (AVATAR_PENALTY if g.avatar_lost and g.opponent is not None else 0):
            self.found(g, "score", f"MP {g.mp}, its sources {g.category}")

    # ---- the report ------------------------------------------------------------------------------------

    def merge(self, other: Referee) -> None:
        self.games += other.games
        self.steps += other.steps
        for code, finding in other.findings.items():
            mine = self.findings[code]
            mine.count += finding.count
            mine.games += finding.games
            mine.example = mine.example or finding.example

    def document(self) -> dict:
        return {"games": self.games, "steps_checked": self.steps,
                "rules": [{"rule": code, "checks": text, "findings": self.findings[code].count,
                           "games_with_findings": self.findings[code].games,
                           "first": self.findings[code].example or None} for code, text in RULES.items()]}


def _home_sites(card) -> set[str]:
    return {fold(name.strip()) for name in (card.home_site or "").split(",") if name.strip()}


def _size(sim, characters) -> int:
    halves = sum(1 if sim.half_size[c.kind] else 2 for c in characters)
    return (halves + 1) // 2


def _controls_too_much(g, character, followers: list[int]) -> bool:
    """Its own count of coe 2.II.2.2.1 and 2.II.2.2.4 from the followers found in the company (not the state's
    running `followers_mind`): restricted direct influence counts once, for followers of its kind only."""
    from deckcheck.sim.rules.influence import direct_influence, unrestricted_needed

    return unrestricted_needed(g.sim, character.kind, followers) > direct_influence(g, character)


def format_referee(document: dict) -> str:
    """The findings per rule, as text."""
    lines = [f"referee: {document['games']} games, {document['steps_checked']:,} steps checked"]
    width = max(len(row["rule"]) for row in document["rules"])
    for row in document["rules"]:
        lines.append(f"  {row['rule']:<{width}}  {row['findings']:7d} findings in {row['games_with_findings']:5d} "
                     f"games" + (f"   e.g. {row['first']}" if row["first"] else ""))
    return "\n".join(lines)
