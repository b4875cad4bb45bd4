"""The players: each makes the choices the rules leave open, and nothing else. `ResourcePlayer` (resource.py,
with movement.py) plays a deck's own turns; the hazard players play hazards on its moving companies: no
hazards, the `--hazards light|heavy` model (hazard_model.py), or a real opponent's deck (opponent.py)."""
