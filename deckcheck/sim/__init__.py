"""The simulator: games of MECCG played by the rules with written-down choices (docs/simulation.md, "Where the
code is"). model -> rules -> state -> players -> turn -> match, each importing only the parts before it; streams
(the random numbers by purpose) lies below them all."""
