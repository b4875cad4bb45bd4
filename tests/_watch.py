"""An observer for simulator tests that keeps what a game said, in order: each event's text and each attack."""

from __future__ import annotations

from deckcheck.sim.observe import Observer


class Watch(Observer):
    """The game's events as their texts and its attacks as "attack by NAME", in the order they happened."""

    def __init__(self):
        self.seen = []

    def event(self, g, what, text):
        self.seen.append(text)

    def attack(self, g, name, attack, defenders, result):
        self.seen.append(f"attack by {name}")
