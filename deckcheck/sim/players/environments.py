"""The resource player's answer to the hazard environments in a game against an opponent (a heuristic): with
Doors of Night in play, Gates of Morning from hand (it discards every hazard environment and stays in play),
else Twilight (it cancels Doors of Night: a hazard card that may be played as a resource, at any time). A mixin
of `ResourcePlayer`."""

from __future__ import annotations


class EnvironmentChoices:
    def environment_answer(self, g) -> int | None:
        """The card of our hand that answers Doors of Night, Gates of Morning first; None if none."""
        table = g.side.environment if g.side is not None else ()
        if not table:
            return None
        found = [k for k in g.hand if table[k] is not None]
        return min(found, key=lambda k: table[k].effect == "cancel_environment", default=None)
