"""Deck legality: the engine, the ruleset data and the rule registry.

    from deckcheck.rules import validate, load_ruleset, RULES
    verdict = validate(deck, ruleset="coe", alignment=None, length=2)
"""

from deckcheck.rules.engine import Verdict, infer_alignment, load_rule_modules, validate
from deckcheck.rules.registry import RULES, Context, Rule, Violation, rule
from deckcheck.rules.ruleset import load_ruleset

__all__ = ["RULES", "Context", "Rule", "Verdict", "Violation", "infer_alignment", "load_rule_modules",
           "load_ruleset", "rule", "validate"]
