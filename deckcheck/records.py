"""`@record`: a dataclass that costs little to define.

`@dataclass` writes and compiles the source of every method of a class -- __init__, __repr__, __eq__, and for a
frozen one __setattr__, __delattr__ and __hash__ -- as its module is imported. On Python 3.11 the 23 data classes a
one-deck `deckcheck validate` imports cost about a third of its start (benchmarks/bench_startup.py), and the run
calls no __repr__ or __eq__ of any of them.

`record` is `dataclass` for the forms deckcheck uses: `@record`, `@record(frozen=True)`, `@record(slots=True,
eq=False)`. The class gets dataclasses' table of its fields, so `dataclasses.fields`, `replace`, `asdict` and
`is_dataclass` work as on any dataclass; but only __init__ is compiled, from a short source (the one method whose
speed matters: the catalog builds thousands of cards), and __repr__, __eq__, __hash__ and a frozen class's
__setattr__ and __delattr__ are shared functions that read the class's field names. What they do is what
dataclass's do (tests/test_records.py compares them).

The table itself is made here too (_with_fields), as `dataclass(init=False, repr=False, eq=False)` makes it but
without its three look-ups of every annotation (is it a ClassVar, an InitVar, KW_ONLY?): dataclass cost the 22
records of a one-deck `validate` ~6 M instructions, 2% of its run. A class the short way does not cover (one that
names one of those three, has a base class, __slots__ or no docstring) is handed to dataclass itself.

The __init__ is compiled only once the class has been built COMPILE_AFTER times, not when it is defined:
compiling them cost a one-deck validate ~2.5 ms, and most of its classes it builds once or never (the card's, of
50 fields, is built by Card.from_json without it). Until then the class's __init__ is a stand-in that sets the
fields itself, in the same order, to the same values (the defaults, a fresh default_factory() each time, then
__post_init__); a call it does not take as a plain one (a field given twice, missing or unknown, too many
arguments) goes to the compiled __init__, which raises what it always raised.
"""

from __future__ import annotations

import dataclasses
import reprlib
from dataclasses import MISSING, Field, FrozenInstanceError
from operator import attrgetter


def record(cls=None, /, *, frozen: bool = False, eq: bool = True, slots: bool = False):
    """@dataclass(frozen=..., eq=..., slots=...) with cheap methods (see the module's docstring)."""
    def wrap(cls):
        return _record(cls, frozen=frozen, eq=eq, slots=slots)
    return wrap if cls is None else wrap(cls)


def _record(cls, *, frozen: bool, eq: bool, slots: bool):
    own = dict(cls.__dict__)        # what the class body defines itself: never replaced, as dataclass does
    # dataclass's rule: a __hash__ the body sets counts, the None that Python sets beside a body's __eq__ does not
    body_hash = own.get("__hash__", MISSING)
    explicit_hash = not (body_hash is MISSING or (body_hash is None and "__eq__" in own))
    if frozen and ("__setattr__" in own or "__delattr__" in own):
        raise TypeError(f"cannot overwrite __setattr__ or __delattr__ of frozen record {cls.__name__}")
    # No method is generated here: fields, defaults and (with slots) the new class only.
    cls = _with_fields(cls, slots=slots)
    every = dataclasses.fields(cls)
    if "__init__" not in own:
        cls.__init__ = _init_on_first_use(cls, every, frozen=frozen, slots=slots)
    if "__repr__" not in own:
        cls.__repr__ = _repr(tuple(f.name for f in every if f.repr))
    compared = _values(tuple(f.name for f in every if f.compare))
    if eq and "__eq__" not in own:
        cls.__eq__ = _eq(compared)
    if eq and not explicit_hash:
        hashed = _values(tuple(f.name for f in every if (f.compare if f.hash is None else f.hash)))
        cls.__hash__ = _hash(hashed) if frozen else None
    if frozen:
        cls.__setattr__, cls.__delattr__ = _frozen(cls, frozenset(f.name for f in every))
    return cls


def _with_fields(cls, *, slots: bool):
    """The class as `dataclass(cls, init=False, repr=False, eq=False, slots=slots)` makes it: its fields' table
    (__dataclass_fields__, in annotation order; a field() default replaced by its value on the class, or removed),
    __match_args__, __dataclass_params__, and with slots the new class of those slots. No annotation is looked up:
    one that names ClassVar, InitVar or KW_ONLY (which records do not support), a class with a base of its own
    (whose fields and frozenness dataclass would weigh), with no docstring (dataclass writes one) or with
    __slots__ of its own (an error of dataclass's) goes to dataclass."""
    annotations = cls.__dict__.get("__annotations__", {})
    if cls.__bases__ != (object,) or type(cls) is not type or not cls.__doc__ or "__slots__" in cls.__dict__ or any(
            word in str(annotation) for annotation in annotations.values() for word in _PSEUDO_FIELDS):
        cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=slots)
        if len(dataclasses.fields(cls)) != len(cls.__dataclass_fields__):
            raise TypeError(f"record {cls.__name__}: ClassVar and InitVar fields are not supported")
        return cls
    table = {}
    for name, annotation in annotations.items():
        value = getattr(cls, name, MISSING)
        found = value if isinstance(value, Field) else dataclasses.field(default=value)
        found.name, found.type, found._field_type = name, annotation, _FIELD
        if found.kw_only is MISSING:
            found.kw_only = False
        if found.default is not MISSING and found.default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(found.default)} for field {name} is not allowed: use "
                             "default_factory")
        if isinstance(value, Field):
            if found.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, found.default)
        table[name] = found
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    cls.__dataclass_fields__ = table
    cls.__dataclass_params__ = _PARAMS[slots]
    if "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in table.values() if f.init and not f.kw_only)
    if not slots:
        return cls
    body = {key: value for key, value in cls.__dict__.items() if key not in table and key not in _NOT_SLOTTED}
    body["__slots__"] = tuple(table)
    slotted = type(cls.__name__, cls.__bases__, body)
    slotted.__qualname__ = cls.__qualname__
    return slotted


# What dataclass looks up in every annotation (records support none of them): a class naming one goes to dataclass.
_PSEUDO_FIELDS = ("ClassVar", "InitVar", "KW_ONLY")
# The kind of entry in dataclasses' table that dataclasses.fields lists (its others are ClassVars and InitVars):
# private to dataclasses, and what every Python since 3.7 marks a field with.
_FIELD = dataclasses._FIELD
# What dataclass(init=False, repr=False, eq=False, slots=...) records of its arguments, by slots.
_PARAMS = {slots: dataclasses.dataclass(type("_Params", (), {"__doc__": "-"}), init=False, repr=False, eq=False,
                                        slots=slots).__dataclass_params__ for slots in (False, True)}
# Entries of the class's namespace a class with __slots__ makes for itself (dataclass's _add_slots drops them too).
_NOT_SLOTTED = ("__dict__", "__weakref__")


# Builds of a class by its stand-in __init__ before its own is compiled: a class a run builds more often than this
# is worth the compiling (~0.1 ms a class) for the faster __init__.
COMPILE_AFTER = 32
_GIVEN, _DEFAULT, _FACTORY_CALL, _REQUIRED = range(4)


def _init_on_first_use(cls, every, *, frozen: bool, slots: bool):
    """A stand-in __init__ that does what _init's does (see the module's docstring), until COMPILE_AFTER builds or
    a call it does not take as a plain one: then it compiles the class's own (_init), sets it on the class and
    calls it."""
    names = tuple(f.name for f in every if f.init)
    known = frozenset(names)
    required = frozenset(f.name for f in every if f.init and f.default is MISSING and f.default_factory is MISSING)
    plan = []       # (name, how its value is found, the default or the factory), in field order, as _init sets them
    for f in every:
        if f.default_factory is not MISSING:
            plan.append((f.name, _FACTORY_CALL if not f.init else _GIVEN, f.default_factory))
        elif f.init:
            plan.append((f.name, _DEFAULT if f.default is not MISSING else _REQUIRED, f.default))
        elif f.default is not MISSING and slots:
            plan.append((f.name, _FACTORY_CALL, lambda value=f.default: value))
    setter = object.__setattr__ if frozen else setattr
    post_init = hasattr(cls, "__post_init__")
    builds = 0

    def compiled(self, *args, **kwargs):
        init = _init(cls, every, frozen=frozen, slots=slots)
        if cls.__dict__.get("__init__") is __init__:
            cls.__init__ = init
        init(self, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        nonlocal builds
        builds += 1
        if builds > COMPILE_AFTER or len(args) > len(names):
            return compiled(self, *args, **kwargs)
        given = dict(zip(names, args))
        for name in kwargs:
            if name in given or name not in known:
                return compiled(self, *args, **kwargs)
        given.update(kwargs)
        if not required <= given.keys():
            return compiled(self, *args, **kwargs)
        for name, how, default in plan:
            if how is _FACTORY_CALL:
                value = default()
            elif name in given:
                value = given[name]
                if value is _FACTORY and how is _GIVEN:     # the factory's own default, passed as _init's is
                    value = default()
            else:
                value = default() if how is _GIVEN else default
            setter(self, name, value)
        if post_init:
            self.__post_init__()

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__module__ = cls.__module__
    return __init__


def _init(cls, every, *, frozen: bool, slots: bool):
    """__init__(self, <the init fields, in order, with their defaults>), compiled from a short source."""
    namespace = {"_FACTORY": _FACTORY, "_set": object.__setattr__}
    params, lines = ["self"], []
    for f in every:
        value = f.name
        if f.default_factory is not MISSING:
            namespace[f"_make_{f.name}"] = f.default_factory
            if f.init:
                params.append(f"{f.name}=_FACTORY")
                value = f"_make_{f.name}() if {f.name} is _FACTORY else {f.name}"
            else:
                value = f"_make_{f.name}()"
        elif f.init:
            if f.default is not MISSING:
                namespace[f"_default_{f.name}"] = f.default
                params.append(f"{f.name}=_default_{f.name}")
            else:
                params.append(f.name)
        elif f.default is not MISSING and slots:
            namespace[f"_default_{f.name}"] = f.default      # a slot has no class attribute to fall back on
            value = f"_default_{f.name}"
        else:
            continue
        lines.append(f"_set(self, {f.name!r}, {value})" if frozen else f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    body = "\n    ".join(lines or ["pass"])
    exec(f"def __init__({', '.join(params)}):\n    {body}\n", namespace)    # noqa: S102 -- our own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


class _Factory:
    """The default of an init field with a default_factory: "not given, make one"."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _values(names: tuple[str, ...]):
    """A function of an object: the tuple of those attributes' values."""
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names) if names else lambda obj: ()


def _repr(names: tuple[str, ...]):
    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in names)})"
    return __repr__


def _eq(values):
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented
    return __eq__


def _hash(values):
    def __hash__(self) -> int:
        return hash(values(self))
    return __hash__


def _frozen(cls, names: frozenset[str]):
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return __setattr__, __delattr__
