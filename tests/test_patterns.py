"""LazyPattern: compiled at its first use, then the same answers as the compiled pattern at the same cost."""

from __future__ import annotations

import re

from deckcheck.patterns import _SHARED, LazyPattern


def test_a_lazy_pattern_answers_as_the_compiled_one():
    source, flags = r"(?P<n>\d+)\s*x?\s+(\w+)", re.IGNORECASE
    lazy, compiled = LazyPattern(source, flags), re.compile(source, flags)
    assert "search" not in vars(lazy)                   # nothing compiled yet
    text = "3x Dodge, 2 X Orc-guard"
    assert lazy.search(text).groupdict() == compiled.search(text).groupdict()
    assert lazy.findall(text) == compiled.findall(text) and lazy.sub("#", text) == compiled.sub("#", text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert (lazy.pattern, lazy.flags, lazy.groups, lazy.groupindex) == \
        (compiled.pattern, compiled.flags, compiled.groups, compiled.groupindex)
    assert repr(lazy) == f"LazyPattern({source!r}, {flags!r})"


def test_once_compiled_its_class_has_no_getattr_hook():
    """__getattr__ on a class slows every attribute look-up of its objects, found or not."""
    lazy = LazyPattern(r"\d+")
    assert lazy.match("12").group() == "12"
    assert not hasattr(type(lazy), "__getattr__") and set(_SHARED) <= set(vars(lazy))
    public = {name for name in dir(re.compile("")) if not name.startswith("_")}
    assert public == set(_SHARED)                       # every public attribute of a pattern is carried over
