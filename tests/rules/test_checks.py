"""The helpers of a pack's semantic checks (``woa_core.rules.checks``), on rules of no game: a
registry of checks run as ``Pack.check``, repeated values, references to nothing with a
did-you-mean, counted entries, every problem located."""

from __future__ import annotations

from woa_core.rules.checks import Checks, Found, counted, first_index, no_such, repeated, repeats
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
