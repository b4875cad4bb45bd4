"""The `deckcheck` command (the console script setup.cfg installs) and `python -m deckcheck`.

The command starts with the garbage collector off: what it imports before it runs (click, deckcheck's modules:
some 14 000 objects) lives as long as the process, and the collections made while it loaded walked those objects
again and again to free some 200 (~5 M instructions, 2% of a one-deck `validate`: benchmarks/bench_startup.py).
process.keep_what_is_loaded, as the command line starts, freezes what is loaded and turns the collector back on.
"""


def main() -> None:
    import gc

    gc.disable()
    from deckcheck.cli import main as run

    run()


if __name__ == "__main__":
    main()
