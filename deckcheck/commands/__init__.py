"""The commands' own code that does not belong in cli.py's option parsing: progress, timing, output."""
