"""deckcheck.records.record does what dataclasses.dataclass does, for the forms deckcheck uses: each case is
declared twice, once with each decorator, and the two are compared."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import typing
from dataclasses import field

import pytest

from deckcheck import records
from deckcheck.records import record


def _both(frozen: bool = False, eq: bool = True, slots: bool = False):
    """The same class body made with @dataclass and with @record."""
    made = []
    for decorate in (dataclasses.dataclass, record):
        class Point:
            """A point."""

            x: int
            y: int = 2
            tags: list[str] = field(default_factory=list)
            hidden: dict = field(default_factory=dict, init=False, repr=False, compare=False)
        made.append(decorate(frozen=frozen, eq=eq, slots=slots)(Point))
    return made


@pytest.mark.parametrize("compile_after", [records.COMPILE_AFTER, 0], ids=["stand-in __init__", "compiled"])
@pytest.mark.parametrize("frozen, eq, slots", [(False, True, False), (True, True, False), (False, False, True)])
def test_a_record_behaves_as_the_dataclass(frozen, eq, slots, compile_after, monkeypatch):
    monkeypatch.setattr(records, "COMPILE_AFTER", compile_after)
    made, ours = _both(frozen, eq, slots)
    for args, kwargs in [((1,), {}), ((1, 5), {}), ((), {"x": 1, "tags": ["a"]}), ((3,), {"y": 4, "tags": []})]:
        theirs, mine = made(*args, **kwargs), ours(*args, **kwargs)
        assert repr(theirs) == repr(mine)
        assert dataclasses.asdict(theirs) == dataclasses.asdict(mine)
        assert (theirs == made(*args, **kwargs)) == (mine == ours(*args, **kwargs))
        assert (theirs == made(9)) == (mine == ours(9))
        assert (mine == "other") is False
        assert dataclasses.replace(mine, y=7).y == 7 and dataclasses.replace(mine, y=7).x == mine.x
        assert mine.hidden == {} and mine.hidden is not ours(1).hidden     # a fresh default each time
        assert ours(1).tags is not ours(1).tags
        if frozen:
            with pytest.raises(dataclasses.FrozenInstanceError):
                mine.x = 5
            with pytest.raises(dataclasses.FrozenInstanceError):
                del mine.x
            for obj in (theirs, mine):      # a list field: unhashable both ways
                with pytest.raises(TypeError, match="unhashable"):
                    hash(obj)
        assert copy.deepcopy(mine) == mine if eq else repr(copy.deepcopy(mine)) == repr(mine)
    assert [f.name for f in dataclasses.fields(ours)] == [f.name for f in dataclasses.fields(made)]
    assert dataclasses.is_dataclass(ours)
    assert ours.__match_args__ == made.__match_args__
    assert (ours.__hash__ is None) == (made.__hash__ is None)
    assert hasattr(ours(1), "__dict__") == hasattr(made(1), "__dict__")    # slots
    for bad_args, bad_kwargs in [((), {}), ((1, 2, [], 4), {}), ((1,), {"x": 2}), ((1,), {"hidden": {}})]:
        with pytest.raises(TypeError):
            made(*bad_args, **bad_kwargs)
        with pytest.raises(TypeError):
            ours(*bad_args, **bad_kwargs)


def _body():
    class Row:
        """Fields of every kind a record holds."""

        name: str
        count: int = 1
        note: str = field(default="", compare=False, repr=False)
        lines: list[int] = field(default_factory=list)
        seen: dict = field(default_factory=dict, init=False, hash=False)
        marked: bool = field(default=False, init=False, metadata={"why": "a test"})

        def double(self) -> int:
            return 2 * self.count
    return Row


@pytest.mark.parametrize("slots", [False, True])
def test_a_records_fields_table_is_the_one_dataclass_makes(slots):
    theirs = dataclasses.dataclass(_body(), init=False, repr=False, eq=False, slots=slots)
    ours = records._with_fields(_body(), slots=slots)
    shown = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "metadata", "kw_only",
             "_field_type")
    for a, b in zip(dataclasses.fields(theirs), dataclasses.fields(ours), strict=True):
        assert [getattr(a, k) for k in shown if k != "default_factory"] == \
            [getattr(b, k) for k in shown if k != "default_factory"]
        assert (a.default_factory is dataclasses.MISSING) == (b.default_factory is dataclasses.MISSING)
    assert list(theirs.__dataclass_fields__) == list(ours.__dataclass_fields__)
    assert repr(theirs.__dataclass_params__) == repr(ours.__dataclass_params__)
    assert theirs.__match_args__ == ours.__match_args__
    assert set(theirs.__dict__) == set(ours.__dict__)
    for name in set(theirs.__dict__) - {"__dataclass_fields__", "double"}:     # their reprs hold addresses
        assert repr(theirs.__dict__[name]) == repr(ours.__dict__[name]), name
    assert theirs.__qualname__ == ours.__qualname__ and theirs.__doc__ == ours.__doc__


def test_a_record_that_names_what_records_do_not_support_is_refused_by_dataclass():
    with pytest.raises(TypeError, match="not supported"):
        @record
        class Counted:
            """A ClassVar among the fields."""

            total: typing.ClassVar[int] = 0
            name: str = ""
    with pytest.raises(ValueError, match="mutable default"):
        @record
        class Listed:
            """A list as a default."""

            names: list = []


def test_a_frozen_record_hashes_its_compared_fields():
    @record(frozen=True)
    class Key:
        name: str
        count: int = 1
        note: str = field(default="", compare=False)

    assert hash(Key("a", 2, "x")) == hash(Key("a", 2, "y")) != hash(Key("a", 3))
    assert Key("a", 2, "x") == Key("a", 2, "y") and len({Key("a"), Key("a"), Key("b")}) == 2


def test_a_record_keeps_the_methods_its_body_defines():
    @record(slots=True, eq=False)
    class Named:
        name: str

        def __eq__(self, other):
            return isinstance(other, Named) and other.name.lower() == self.name.lower()

        def __hash__(self):
            return hash(self.name.lower())

        def __repr__(self):
            return f"<{self.name}>"

    assert Named("A") == Named("a") and hash(Named("A")) == hash(Named("a"))
    assert repr(Named("A")) == "<A>"
    assert Named.__init__.__qualname__.endswith("Named.__init__")


def test_a_record_repr_survives_a_cycle():
    @record
    class Node:
        children: list = field(default_factory=list)

    node = Node()
    node.children.append(node)
    assert repr(node) == "test_a_record_repr_survives_a_cycle.<locals>.Node(children=[...])"


def test_the_records_a_batch_sends_to_its_workers_pickle():
    from deckcheck.cards.model import Card
    from deckcheck.decklist.model import Diagnostic

    card = Card(id="TW-1", set="TW", number=1, name="Aragorn II", type="Character", subtypes=(), alignment="Hero")
    assert pickle.loads(pickle.dumps(card)).to_json() == card.to_json()
    diagnostic = Diagnostic(**{f.name: f.default if f.default is not dataclasses.MISSING else 1
                               for f in dataclasses.fields(Diagnostic)})
    assert pickle.loads(pickle.dumps(diagnostic)) == diagnostic


def test_a_record_compiles_its_init_after_compile_after_builds():
    made, ours = _both(slots=True)
    stand_in = ours.__dict__["__init__"]
    built = [ours(n, tags=[str(n)]) for n in range(records.COMPILE_AFTER)]
    assert ours.__dict__["__init__"] is stand_in
    built.append(ours(99))
    assert ours.__dict__["__init__"] is not stand_in
    assert [repr(b) for b in built] == [repr(made(n, tags=[str(n)])) for n in range(records.COMPILE_AFTER)] + \
        [repr(made(99))]


class _Tracked:
    """A default_factory that counts its calls, for the order and number of factory calls."""

    def __init__(self):
        self.calls = []

    def factory(self, name):
        return lambda: self.calls.append(name) or [name]


@pytest.mark.parametrize("compile_after", [records.COMPILE_AFTER, 0])
def test_the_stand_in_calls_the_factories_and_post_init_as_the_compiled_init(compile_after, monkeypatch):
    monkeypatch.setattr(records, "COMPILE_AFTER", compile_after)
    tracked = _Tracked()

    @record(slots=True)
    class Built:
        """Fields of every kind."""

        a: int
        b: list = field(default_factory=tracked.factory("b"))
        c: list = field(default_factory=tracked.factory("c"), init=False)
        d: str = field(default="d", init=False)
        e: str = "e"

        def __post_init__(self):
            tracked.calls.append(("post", self.a, self.b, self.c, self.d, self.e))

    Built(1)
    Built(2, ["given"], e="E")
    assert tracked.calls == ["b", "c", ("post", 1, ["b"], ["c"], "d", "e"),
                             "c", ("post", 2, ["given"], ["c"], "d", "E")]


def test_a_record_compiles_its_init_at_its_first_build_with_the_same_errors():
    made, ours = _both()
    stand_in = ours.__dict__["__init__"]
    with pytest.raises(TypeError) as theirs_error:
        made()
    with pytest.raises(TypeError) as our_error:
        ours()                      # the first call, a wrong one: the error the compiled __init__ raises
    assert str(our_error.value).split("(")[1] == str(theirs_error.value).split("(")[1]
    assert ours.__dict__["__init__"] is not stand_in         # compiled, and in its place
    assert ours(1).y == 2 and ours.__dict__["__init__"].__qualname__.endswith("Point.__init__")
    for bad_args, bad_kwargs in [((1, 2, [], 4), {}), ((1,), {"x": 2}), ((1,), {"hidden": {}}), ((), {"z": 1})]:
        made, ours = _both()
        with pytest.raises(TypeError) as theirs_error:
            made(*bad_args, **bad_kwargs)
        with pytest.raises(TypeError) as our_error:
            ours(*bad_args, **bad_kwargs)
        assert str(our_error.value).split("(")[1] == str(theirs_error.value).split("(")[1]


def test_a_subclass_of_a_record_builds_through_its_stand_in():
    made, ours = _both()

    class Sub(ours):
        pass

    assert Sub(4).x == 4 and ours(5).x == 5 and "__init__" not in Sub.__dict__


def test_card_from_json_makes_what_card_makes_of_every_record_of_the_catalog():
    from deckcheck.cards.catalog import CARD_DB, load_catalog_from
    from deckcheck.cards.model import Card

    records = load_catalog_from(CARD_DB).records()
    for data in records:
        fast, built = Card.from_json(data), Card(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
        assert [getattr(fast, f.name) for f in dataclasses.fields(Card)] == \
            [getattr(built, f.name) for f in dataclasses.fields(Card)]
        assert type(fast.subtypes) is tuple
    with pytest.raises(TypeError, match="unexpected keyword argument 'flavour'"):
        Card.from_json({**records[0], "flavour": "x"})
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'alignment'"):
        Card.from_json({k: v for k, v in records[0].items() if k != "alignment"})
