"""deckcheck: validate and analyze Middle-earth CCG decks."""

__version__ = "0.1.0"
