"""The section words of decklists written in the other languages of the card data.

Players who write card names in Spanish, French, German, Italian, Finnish or Dutch head their lists in that
language too ("Personajes", "Ressources", "Gefahren"). Each word is written as it folds (lower case, accents
dropped, punctuation as spaces), per deck part. Sources: the issue's word lists; the import vocabulary of a
French/Spanish deck builder (Pablurr/meccg-deckbuilder: "Talon", "Pioche", "Lieux", "Mazo", "Peligros", "Reserva"
for the pool, "Objetos menores"); the names the card data itself gives to card types. The French "Réserve" is
read as the sideboard, as in the issue (one French deck builder now uses it for the pool: a list that means the
pool shows up as a sideboard of characters, which validate reports).
"""

from __future__ import annotations

import re
from functools import cache

from deckcheck.decklist.model import NOTES, Part

__all__ = ["NOTES", "SECTION_WORDS", "FALLEN_WORDS", "BARE_WORDS", "foreign_part"]

# part -> folded words and phrases; checked in this order (a sideboard before what it holds)
SECTION_WORDS: dict[Part | str, tuple[str, ...]] = {
    Part.SIDEBOARD: ("banquillo", "reserve", "talon", "riserva", "nebendeck", "reservedeck", "sivupakka",
                     "reservestapel"),
    Part.POOL: ("compania inicial", "compania de inicio", "reserva", "compagnie de depart", "compagnie initiale",
                "startgemeinschaft", "startgruppe", "startgefahrten", "compagnia iniziale", "compagnia di partenza",
                "aloitusseurue", "startgezelschap"),
    Part.SITES: ("lugares", "sitios", "localizaciones", "mazo de lugares", "lieux", "orte", "ortsdeck", "luoghi",
                 "siti", "paikat", "locaties", "plaatsen"),
    Part.HAZARDS: ("adversidades", "peligros", "criaturas", "perils", "adversites", "gefahren", "kreaturen", "pericoli",
                   "avversita", "vaarat", "olennot", "gevaren", "wezens"),
    Part.RESOURCES: ("recursos", "objetos", "objetos menores", "aliados", "facciones", "ressources", "objets",
                     "objets mineurs", "ressourcen", "gegenstande", "verbundete", "fraktionen", "risorse", "oggetti",
                     "alleati", "fazioni", "resurssit", "esineet", "liittolaiset", "hulpbronnen", "voorwerpen",
                     "bondgenoten", "facties"),
    Part.CHARACTERS: ("personajes", "avatares", "magos", "espectros", "personnages", "sorciers", "spectres",
                      "charaktere", "zauberer", "ringgeister", "personaggi", "stregoni", "spettri", "hahmot",
                      "velhot", "personages", "karakters", "tovenaars"),
    Part.PLAY: ("mazo", "mazo de juego", "baraja", "pioche", "deck de jeu", "spieldeck", "zugstapel", "mazzo",
                "pakka", "speldeck", "trekstapel"),
    NOTES: ("notas", "comentarios", "estrategia", "commentaires", "strategie", "anmerkungen", "notizen",
            "kommentare", "commenti", "strategia", "huomiot", "opmerkingen"),
}

# Words that make a sideboard the one against Fallen-wizards ("Banquillo contra Mago caído").
FALLEN_WORDS = ("caido", "dechu", "gefallen", "caduto", "langennut", "gevallen")


@cache
def _patterns() -> tuple[dict[Part | str, re.Pattern], re.Pattern]:
    """The pattern of each part's words, and of FALLEN_WORDS, compiled on the first label that no English word
    names (at import they cost every start ~1 ms, and most lists never ask)."""
    parts = {part: re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")\b")
             for part, words in SECTION_WORDS.items()}
    return parts, re.compile(r"\b(?:" + "|".join(FALLEN_WORDS) + r")\b")


# Every word and phrase, for labels written alone on a line without a colon ("Recursos").
BARE_WORDS = frozenset(word for words in SECTION_WORDS.values() for word in words)


def foreign_part(words: str) -> Part | str | None:
    """The part a folded label in another language names, NOTES, or None. A notes word heads its label, as the
    English ones do ("Comentarios", "Kommentare zum Deck"): "Name: Mi estrategia" is the deck's name, not a
    notes heading that would take every card after it for prose."""
    patterns, fallen = _patterns()
    if patterns[Part.SIDEBOARD].search(words):
        return Part.FW_SIDEBOARD if fallen.search(words) else Part.SIDEBOARD
    for part, pattern in patterns.items():
        if pattern.match(words) if part == NOTES else pattern.search(words):
            return part
    return None
