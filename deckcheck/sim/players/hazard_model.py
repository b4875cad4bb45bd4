"""Hazard players that are not a deck: none (the goldfish), or the `--hazards light|heavy` model.

The model is not the rules: each move to a non-haven site risks losing the site phase, then one non-avatar
character (docs/simulation.md, "The hazard seam"). The turn (`sim.turn.movement`) asks it, per move, whether
each effect happens and whom it eliminates; a resource short-event worth no MP in hand cancels one effect.
"""

from __future__ import annotations

# P(the company loses its site phase), P(one non-avatar character is eliminated), per move to a non-haven site.
HAZARD_MODELS = {"none": (0.0, 0.0), "light": (0.15, 0.05), "heavy": (0.35, 0.15)}


class HazardModel:
    """The hazards of `--hazards`: a probability of each effect per move to a non-haven site."""

    plays_cards = False

    def __init__(self, name: str = "none", odds: tuple[float, float] | None = None):
        self.name = name
        self.p_lose, self.p_kill = HAZARD_MODELS[name] if odds is None else odds
        self.active = bool(self.p_lose or self.p_kill)
        self.cancellable = bool(self.p_lose)       # the player keeps cancelling cards against it

    def site_phase_lost(self, rng) -> bool:
        return rng.random() < self.p_lose

    def character_eliminated(self, rng) -> bool:
        return rng.random() < self.p_kill

    def victim(self, rng, candidates: int) -> int:
        """Which of the company's non-avatar characters is eliminated (index)."""
        return int(rng.random() * candidates)

    def discard(self, kind: int) -> None:
        """The model holds no cards."""
