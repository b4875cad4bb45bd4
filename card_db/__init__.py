"""Data, not code: the card catalog. Installed as the package `deckcheck.card_db` (see setup.py) so that every
file here ships in the wheel; read it through `deckcheck.datafiles`."""
