"""The helpers of a pack's semantic checks (``woa_core.rules.checks``), on rules of no game: a
registry of checks run as ``Pack.check``, repeated values, references to nothing with a
did-you-mean, items numbered in order, counted entries, every problem located."""

from __future__ import annotations

from woa_core.rules.checks import Checks, Found, counted, first_index, no_such, numbered, repeated, repeats
from woa_core.rules.source import Located, parse_yaml

CHECKS = Checks()

TEXT = """\
places:
  - {key: well, word: W}
  - {key: dune, word: D}
  - {key: well, word: D}
start: [dune, wel, 3]
cards:
  - {id: C1, count: 2}
  - {id: C9}
"""


@CHECKS.add
def _places(located: Located, d: dict) -> Found:
    places = d["places"]
    for field in ("key", "word"):
        for i, value, j in repeats(places, field):
            yield ("places", i, field), f"'{value}' is already place {j + 1}'s {field}"
    known = first_index(places, "key")
    for n, key in enumerate(d["start"]):
        said = no_such(key, known, "place")
        if said:
            yield ("start", n), said


@CHECKS.add
def _broken(located: Located, d: dict) -> Found:
    yield ("places", 0), d["no such section"]  # data not of the schema's shape: skipped


def test_checks_run_in_order_located_and_a_broken_one_is_skipped() -> None:
    problems = CHECKS.run(parse_yaml(TEXT, "x.yaml"), None)
    assert [(p.line, p.message) for p in problems] == [
        (4, "'well' is already place 1's key"),
        (4, "'D' is already place 2's word"),
        (5, "'wel' is no place: did you mean 'well'?"),
        (5, "'3' is no place"),
    ]


def test_repeated_groups_name_the_first_holder() -> None:
    assert list(repeated([["a", "b"], ["c"], ["b", "c"], ["d"]])) == [(2, "b", 0)]
    assert first_index([{"k": 1}, {"k": 1}, {"k": 2}], "k") == {1: 0, 2: 2}


def test_counted_entries_are_written_out() -> None:
    entries = parse_yaml(TEXT, "x.yaml").data["cards"]
    assert [e["id"] for e in counted(entries)] == ["C1", "C1", "C9"]
    assert counted([{"id": "x", "n": 0}], field="n") == []


def test_numbered_names_the_first_item_out_of_place_at_its_number() -> None:
    """Rounds numbered 1, 2, ... in order: the first wrong one only, located at its number."""
    checks = Checks()

    @checks.add
    def _rounds(located: Located, d: dict) -> Found:
        return numbered(d["rounds"], ("rounds",), "number", "round", "R7")

    def said(numbers: str) -> list[tuple[int, int, str]]:
        text = "rounds:\n" + "".join(f"  - {{number: {n}}}\n" for n in numbers.split())
        return [(p.line, p.column, p.message) for p in checks.run(parse_yaml(text, "x.yaml"), None)]

    assert said("1 2 3") == []
    assert said("1 3 2") == [(3, 14, "round 2 is numbered 3 (R7)")]
    assert said("0 1") == [(2, 14, "round 1 is numbered 0 (R7)")]
