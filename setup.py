"""Only what setup.cfg cannot say: the data folders at the top of the repository, card_db/ and rulesets/, are
installed as the packages deckcheck.card_db and deckcheck.rulesets (package data in the wheel, read with
importlib.resources by deckcheck/datafiles.py). Everything else is in setup.cfg."""

from setuptools import find_packages, setup

DATA_PACKAGES = {"deckcheck.card_db": "card_db", "deckcheck.rulesets": "rulesets"}

setup(
    packages=find_packages(include=["deckcheck", "deckcheck.*"]) + list(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
)
