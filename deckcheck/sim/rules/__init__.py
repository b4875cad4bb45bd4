"""The rules of MECCG the simulator follows, as pure functions: each takes the deck's tables (`SimDeck`) and
what it needs of a game's state, changes nothing and chooses nothing, and names its clause of the rules (coe:
Council of Elrond's rules). A rule has one home here: movement, influence, what may be played where, rings,
modes, the hand, calling, combat, corruption, keying and the Free Council. Nothing here imports the state, the
turn or a player (tests/test_layers.py)."""
