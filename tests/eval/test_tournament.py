"""``woa tournament``: ratings, win rates, head to head and the manifest."""

from __future__ import annotations

import json

import pytest

from woa_core.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_tournament_rates_the_heuristic_above_random_with_separate_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _run(
        capsys, "tournament", "random", "heuristic", "--players", "3", "--games", "24", "--seed", "2",
        "--workers", "1", "--json",
    )  # fmt: skip
    assert status == 0
    report = json.loads(out)
    m = report["manifest"]
    assert m["games"] == 24 and m["seed"] == 2 and m["players"] == 3
    assert m["rules_hash"] and m["engine"]
    assert m["bots"] == [{"bot": "random", "kind": "random"}, {"bot": "heuristic", "kind": "scripted"}]
    assert m["seat_balanced"]
    best, worst = report["ratings"]
    assert (best["bot"], worst["bot"]) == ("heuristic", "random")
    assert best["ci_low"] > worst["ci_high"]
    assert best["estimate"] == pytest.approx(-worst["estimate"])  # centred on the mean
    h2h = report["head_to_head"]["heuristic"]["random"]
    assert h2h["games"] == 24 and h2h["estimate"] > 0.8
    assert report["head_to_head"]["random"]["heuristic"]["ahead"] == 24 - h2h["ahead"]
    seats = {b: w["seats"] for b, w in report["win_rates"].items()}
    assert sum(seats.values()) == 24 * 3
    assert sum(w["wins"] for w in report["win_rates"].values()) == 24


def test_tournament_is_reproducible_and_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("tournament", "random", "heuristic", "--players", "2", "--games", "6", "--quiet")
    first = _run(capsys, *argv, "--workers", "1")[1]
    second = _run(capsys, *argv, "--workers", "2")[1]
    strip = [line for line in first.splitlines() if " games in " not in line]
    assert strip == [line for line in second.splitlines() if " games in " not in line]
    assert "head to head" in first and "heuristic (scripted)" in first


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("heuristic",), "at least two bots"),
        (("heuristic", "heuristic"), "name each bot once"),
        (("heuristic", "nosuchbot"), "unknown bot 'nosuchbot'"),
        (("heuristic", "random", "--games", "0"), "argument --games: '0' is not a whole number of at least 1"),
    ],
)
def test_tournament_refuses_bad_calls_with_a_sentence(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    try:
        status, _, err = _run(capsys, "tournament", *argv)
    except SystemExit as e:  # refused by the parser
        status, err = int(e.code or 0), capsys.readouterr().err
    assert status == 2 and message in err


def test_an_unbalanced_game_count_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "tournament", "random", "heuristic", "--players", "3", "--games", "5",
        "--workers", "1",
    )  # fmt: skip
    assert status == 0
    assert "NOT seat-balanced" in out and "balanced game counts near this: 3, 6, 9" in out


def test_a_bot_that_always_wins_gets_a_finite_rating_with_a_real_interval(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 17: `woa tournament random heuristic --games 4` printed "+245 [+245, +245]"."""
    status, out, _ = _run(capsys, "tournament", "random", "heuristic", "--games", "4", "--workers", "1", "--json")
    assert status == 0
    report = json.loads(out)
    heuristic = report["ratings"][0]
    assert heuristic["bot"] == "heuristic" and report["dominance"] == [["heuristic", "random"]]
    assert heuristic["ci_low"] + 100 < heuristic["estimate"] < heuristic["ci_high"] - 100
    status, out, _ = _run(capsys, "tournament", "random", "heuristic", "--games", "4", "--workers", "1")
    assert "note: no game put random ahead of heuristic" in out
