"""What a game tells whoever watches it (`GameState.observer`): the referee (`sim.referee`) checks each step
against the rules, the trace (`sim.trace`) writes it down as a player would read it. A game without an observer
pays one `is None` test per step. `Observer` does nothing: a watcher defines what it wants to see."""

from __future__ import annotations


class Observer:
    def new_game(self) -> None:
        """A game begins (its states are built)."""

    def phase(self, g, name: str) -> None:
        """The end of a phase of our turn: "organization", "movement", "site", "end"."""

    def event(self, g, what: str, text: str) -> None:
        """Something a player would note (a card stored, a hazard of the model, a cancel, a loss)."""

    def character_played(self, g, character, site: int) -> None:
        """A character came into play at the site."""

    def resource_played(self, g, kind: int, site: int | None, actor, additional: bool = False) -> None:
        """A resource came into play (at the site, by or on `actor` when someone plays it; `additional`: the
        additional minor item of coe 2.V.5)."""

    def faction(self, g, company, kind: int, actor, roll: int | None, check: int | None, success: bool) -> None:
        """An influence attempt on a faction (coe 2.V.3): the roll and, for a failure, the modified check."""

    def ring_test(self, g, character, gold: int, roll: int | None, ring: int | None, tester=None) -> None:
        """A gold ring tested: the roll (None: no roll) and the special ring it became (None: discarded); `tester`
        is the character whose ability tested it or the card kind played from hand for it (None: its site or the
        Ringwraith's company tested it)."""

    def move(self, g, company, origin: int, dest: int, roll: int | None, moved: bool, drawn: int = 0) -> None:
        """A company moved, drawing `drawn` cards (or failed the Under-deeps roll `roll` and stayed)."""

    def hazard(self, g, company, kind: int, limit: int, target=None) -> None:
        """The opponent played a hazard card on the company (a corruption card on `target`)."""

    def on_guard(self, g, company, kind: int, limit: int) -> None:
        """The opponent placed a card on-guard on the company's new site (coe 2.IV.vii.4: it counts against
        the hazard limit; `kind` is the card, which only the trace shows)."""

    def agent_played(self, g, company, agent) -> None:
        """The opponent played an agent (`rules.agents.Agent`) as a hazard during the company's movement/hazard
        phase (coe 2.IV.vii.1; `hazard` was told first: it counts against the limit)."""

    def agent_moved(self, g, company, agent, limit: int) -> None:
        """An agent in play moved to the company's new site (`agent.site`), an agent action against its hazard
        limit (coe 4.1)."""

    def agent_attack(self, g, company, agent, site: str) -> None:
        """An agent in play (`rules.agents.Agent`, as it was when its attack was declared) attacks the company
        entering its site (`site`: the folded name), coe 2.V.iii."""

    def hazard_limit_raised(self, g, company, by: int) -> None:
        """A card in play raised the hazard limit against the company (Daelomin at Home, Power Built by
        Waiting)."""

    def stopped(self, g, company, why: str) -> None:
        """The company does nothing in its site phase this turn (returned to its site of origin, River)."""

    def attack(self, g, name: str, attack, defenders, result) -> None:
        """An attack on a company (coe 3) by `name`: its `rules.combat.Attack`, the `Defender`s that faced it
        (`ref`: the character; as they were after it) and the `AttackResult`, each strike with its rolls."""

    def corruption_check(self, g, character, roll: int, outcome: int) -> None:
        """A corruption check (coe 7.1) and its outcome (rules.corruption)."""

    def council(self, g, players, totals: list[int]) -> None:
        """The Free Council's totals (coe 10.3), once per game."""

    def turn_start(self, g) -> None:
        """Before our turn's untap phase."""

    def play_deck_shuffled(self, g, before: list[int]) -> None:
        """Cards went into the play deck, which was shuffled (a fetch: Smoke Rings, Great Shadow...); `before`: the
        play deck as it was just before, in order."""
