"""Data, not code: the rulesets. Installed as the package `deckcheck.rulesets` (see setup.py) so that every file
here ships in the wheel; read it through `deckcheck.datafiles`."""
