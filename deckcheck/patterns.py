"""Regular expressions compiled when first used, not when their module is imported.

Compiling a pattern costs ~0.1-0.5 ms, and a start-up imports many modules whose patterns serve other formats or
other commands (another reader's, the config file's): `deckcheck validate` of one deck used 28 of the 41 patterns
its modules compiled. A LazyPattern is compiled at its first use; from then on the pattern's own methods are the
object's attributes (and its class one without __getattr__), so a use costs what a compiled pattern's does.
"""

from __future__ import annotations

import re

_SHARED = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "scanner", "pattern",
           "flags", "groups", "groupindex")


class LazyPattern:
    """re.compile(pattern, flags), done when an attribute of the pattern is first asked for."""

    def __init__(self, pattern: str, flags: int = 0):
        self._source = (pattern, flags)

    def __getattr__(self, name: str):
        # only until the first use: then every attribute of _SHARED is the object's own, and its class has no
        # __getattr__ (whose mere presence slows every attribute look-up)
        if name.startswith("__") or name == "_source":
            raise AttributeError(name)
        compiled = re.compile(*self._source)
        for shared in _SHARED:
            setattr(self, shared, getattr(compiled, shared))
        self.__class__ = _CompiledPattern
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self._source[0]!r}, {self._source[1]!r})"


class _CompiledPattern:
    """A LazyPattern once compiled."""

    __repr__ = LazyPattern.__repr__
