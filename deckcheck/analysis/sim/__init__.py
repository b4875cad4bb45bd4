"""The simulated-turn engine behind `deckcheck simulate`: `tables` (a deck as integer tables), `engine` (one game
by the turn sequence and written-down heuristics; integer tallies over games) and `report` (summary and text).
docs/simulation.md describes what is modelled; `deckcheck.analysis.simulate` is the entry point."""
