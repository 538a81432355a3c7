"""The records' shared shapes (``woa_core.report.standings``) on plain numbers, no game needed."""

from __future__ import annotations

from woa_core.report.standings import ended_result, standings, tied_with_first


def test_the_seats_tied_with_the_first_share_the_top_by_the_whole_key() -> None:
    vp, supply = [30, 52, 52, 52], [4, 7, 7, 2]
    order = [1, 2, 3, 0]  # by VP, then supply
    assert tied_with_first(order, lambda p: vp[p]) == [1, 2, 3]
    assert tied_with_first(order, lambda p: (vp[p], supply[p])) == [1, 2]
    assert tied_with_first([0], lambda p: vp[p]) == [0]


def test_no_ranking_has_no_winners_and_the_key_is_never_asked() -> None:
    def key(p: int) -> int:
        raise AssertionError("no seat to read")

    assert tied_with_first([], key) == []


def test_a_shared_win_is_marked_on_each_winner_line_and_a_sole_win_is_not() -> None:
    shared = standings("over 2 turns", [0, 2, 1], [9, 4, 9], lambda p: f"({p})", winners=[0, 2])
    assert shared[1:] == [
        "  1. p1    9 VP  (0) (shared win)",
        "  2. p3    9 VP  (2) (shared win)",
        "  3. p2    4 VP  (1)",
    ]
    sole = standings("over 2 turns", [0, 2, 1], [9, 4, 8], lambda p: f"({p})", winners=[0])
    assert "shared" not in " ".join(sole)


def test_a_result_line_names_the_end_says_whether_it_was_the_cap_and_the_seats_by_name() -> None:
    line = ended_result(120, (12, 30, 30), "max_turns", True, [1, 2], [1, 2, 0])
    assert line == {
        "turns": 120,
        "vp": [12, 30, 30],
        "ended": "max_turns",
        "capped": True,
        "winners": ["p2", "p3"],
        "ranking": ["p2", "p3", "p1"],
    }
    assert list(line) == ["turns", "vp", "ended", "capped", "winners", "ranking"]  # a log line's key order
