"""The kernel's record (``woa_core.kernel.record``): a dataclass's copy, JSON and view from its
declared fields, on a small state with a component of its own (no pack)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from woa_core.kernel.record import Record, copied


class Bag:
    """A component: counters per seat; a seat sees its own and the others' totals."""

    def __init__(self, counts: list[list[int]]) -> None:
        self.counts = counts

    def copy(self) -> Bag:
        return Bag([c[:] for c in self.counts])

    def to_json(self) -> dict[str, object]:
        return {"counts": [c[:] for c in self.counts]}

    @classmethod
    def from_json(cls, data: object) -> Bag:
        if not isinstance(data, dict) or set(data) != {"counts"}:
            raise ValueError("not a bag")
        return cls([c[:] for c in data["counts"]])

    def public(self, seat: int) -> dict[str, object]:
        return {"mine": self.counts[seat][:], "totals": [sum(c) for c in self.counts]}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and self.counts == other.counts


@dataclass(slots=True)
class Tiny:
    bag: Bag
    secret: list[int]
    name: str = "t"
    turn: int = 0
    over: bool = False
    share: float = 0.5
    vp: list[int] = field(default_factory=list)
    rows: list[list[int]] = field(default_factory=list)


RECORD = Record(
    Tiny,
    "a tiny state",
    hidden={"secret": [0, 0]},
    in_part={"bag": Bag([])},
    checks={"secret": (lambda v: isinstance(v, list) and len(v) == 2, "its secret is not two numbers")},
)


def tiny() -> Tiny:
    return Tiny(Bag([[1, 2], [3]]), [9, 4], "x", 2, True, 1.5, [1, 2], [[1], [2, 3]])


def test_each_field_is_classified_by_its_type_as_both_builds_know_it() -> None:
    """Any list is ``list`` (a compiled class keeps no more); a plain value its type; a component its class."""
    assert RECORD.kinds == {
        "bag": Bag,
        "secret": list,
        "name": str,
        "turn": int,
        "over": bool,
        "share": float,
        "vp": list,
        "rows": list,
    }
    assert RECORD.required == ["bag", "secret"]


def test_a_copy_shares_nothing_and_equals_its_original() -> None:
    t = tiny()
    c = RECORD.copy(t)
    assert RECORD.equal(c, t) and c is not t
    c.vp.append(3)
    c.rows[0].append(9)
    c.bag.counts[0].append(7)
    c.secret[0] = 0
    assert t.vp == [1, 2] and t.rows == [[1], [2, 3]] and t.bag.counts == [[1, 2], [3]] and t.secret == [9, 4]
    assert not RECORD.equal(c, t)


def test_to_json_is_deep_and_reads_back() -> None:
    t = tiny()
    data = RECORD.to_json(t)
    assert data["bag"] == {"counts": [[1, 2], [3]]} and list(data) == list(RECORD.kinds)
    data["rows"][0].append(5)
    assert t.rows == [[1], [2, 3]]
    back = RECORD.from_json(json.loads(json.dumps(RECORD.to_json(t))))
    assert RECORD.equal(back, t)
    assert RECORD.equal(RECORD.from_json({"bag": {"counts": []}, "secret": [1, 2]}), Tiny(Bag([]), [1, 2]))


LISTS = "a list of numbers, strings and booleans, or of such lists"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"turn": "2"}, "not a tiny state: its turn is not a whole number"),
        ({"turn": True}, "not a tiny state: its turn is not a whole number"),
        ({"over": 1}, "not a tiny state: its over is not true or false"),
        ({"name": 3}, "not a tiny state: its name is not a string"),
        ({"share": "1"}, "not a tiny state: its share is not a number"),
        ({"vp": 1}, f"not a tiny state: its vp is not {LISTS}"),
        ({"vp": [1, None]}, f"not a tiny state: its vp is not {LISTS}"),
        ({"rows": [[1], 2]}, f"not a tiny state: its rows is not {LISTS}"),
        ({"rows": [[1], [[2], {}]]}, f"not a tiny state: its rows is not {LISTS}"),
        ({"secret": [1]}, "not a tiny state: its secret is not two numbers"),
        ({"secret": [1, [2]]}, f"not a tiny state: its secret is not {LISTS}"),
        ({"bag": []}, "not a bag"),
        ({"extra": 1}, "not a tiny state: it has no field extra"),
    ],
)
def test_another_shape_is_refused_with_a_sentence_naming_the_field(change: dict[str, object], said: str) -> None:
    with pytest.raises(ValueError, match=f"^{said}$"):
        RECORD.from_json({**RECORD.to_json(tiny()), **change})


def test_a_missing_field_or_a_document_that_is_no_object_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^not a tiny state: it lacks bag, secret$"):
        RECORD.from_json({"turn": 1})
    with pytest.raises(ValueError, match=r"^not a tiny state: a JSON object"):
        RECORD.from_json([])


def test_a_view_shows_all_but_the_hidden_and_the_public_part_of_a_component() -> None:
    t = tiny()
    seen = RECORD.view(t, 1)
    assert list(seen) == ["name", "turn", "over", "share", "vp", "rows", "bag"]
    assert seen["bag"] == {"mine": [3], "totals": [3, 3]} and "secret" not in seen
    seen["rows"][0].append(4)
    assert t.rows == [[1], [2, 3]]
    assert list(RECORD.view(t, 0, shown=("turn", "secret"))) == ["turn", "secret", "bag"]


def test_a_state_made_from_a_view_has_the_placeholders() -> None:
    t = tiny()
    back = RECORD.from_view(SimpleNamespace(**RECORD.view(t, 0)))
    assert back.secret == [0, 0] and back.bag == Bag([]) and back.bag is not RECORD.placeholders["bag"]
    assert (back.name, back.turn, back.vp, back.rows) == (t.name, t.turn, t.vp, t.rows)
    back.vp.append(1)
    assert t.vp == [1, 2]


def test_a_field_of_another_type_or_an_unknown_name_is_a_type_error() -> None:
    @dataclass
    class Loose:
        table: dict[str, int]

    with pytest.raises(TypeError, match=r"Loose.table: a record holds plain values"):
        Record(Loose, "a loose state")
    with pytest.raises(TypeError, match="Tiny has no field nothing"):
        Record(Tiny, "a tiny state", hidden={"nothing": 0})


def test_a_list_is_copied_by_its_shape_at_any_depth() -> None:
    rows = [[[1], []], [[2, 3]]]
    twin = copied(rows)
    twin[0][0].append(4)
    assert twin != rows and rows == [[[1], []], [[2, 3]]] and copied([]) == [] and copied([1, "a"]) == [1, "a"]


@dataclass
class Declared:
    rows: list[list[int]]
    vp: list[bool] = field(default_factory=list)
    turn: int = 0


@dataclass
class Erased:
    """``Declared`` as a class compiled with mypyc has it: ``list`` for each list."""

    rows: list  # type: ignore[type-arg]
    vp: list = field(default_factory=list)  # type: ignore[type-arg]
    turn: int = 0


@pytest.mark.parametrize(
    "data",
    [
        {"rows": [[1], [2, 3]], "vp": [True]},
        {"rows": [], "turn": 2},
        {"rows": [["a"], [1.5]], "vp": [1]},  # the items' declared types are erased in a compiled build
        {"rows": [[1], 2]},
        {"rows": [[1]], "vp": [None]},
        {"rows": [[1]], "turn": 1.0},
        {"rows": {}},
        {"vp": []},
    ],
)
def test_a_class_and_its_erased_twin_accept_and_refuse_the_same(data: dict[str, object]) -> None:
    """The record reads no more than both builds know: a compiled class and its source agree."""
    declared, erased = Record(Declared, "a board"), Record(Erased, "a board")
    assert declared.kinds == erased.kinds

    def outcome(record: Record[Declared] | Record[Erased]) -> object:
        try:
            return record.to_json(record.from_json(data))
        except ValueError as e:
            return str(e)

    assert outcome(declared) == outcome(erased)


def test_a_copy_is_made_through_the_constructor() -> None:
    """A class compiled with mypyc runs ``__init__`` from ``__new__``: a record copies by calling the
    class with every field (a keyword-only one by name)."""

    made: list[tuple[object, ...]] = []

    @dataclass
    class Made:
        vp: list[int]
        turn: int = 0
        late: int = field(default=0, kw_only=True)

        def __new__(cls, *args: object, **kwargs: object) -> Made:
            made.append((*args, *kwargs.items()))
            return super().__new__(cls)

    record = Record(Made, "a made state", localns=locals())
    one = Made([1], 2, late=5)
    copy = record.copy(one)
    assert made == [([1], 2, ("late", 5))] * 2 and copy == one and copy.vp is not one.vp
