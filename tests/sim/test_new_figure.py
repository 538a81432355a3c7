"""A new statistic is one declaration in one file (issue 14): two figures added to a copy of West
of Africa's declarations — one read from the ended game, one counted by an observer during play —
show in simulate's JSON, text and CSV, in compare and in sweep, with no other change."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from woa_core.cli import main
from woa_core.kernel import pack as packs
from woa_core.kernel.loop import Observer
from woa_core.report.figures import Figure, Kind


class FirstRound(Observer):
    """Counts the decisions of round 1."""

    def __init__(self, rules: Any) -> None:
        self.decisions = 0

    def before(self, game: Any, seat: int, action: tuple) -> None:
        self.decisions += game.state.round == 1


CARDS_LEFT = Figure(
    "cards_left",
    Kind.MEAN,
    lambda game, watched: [sum(hand) for hand in game.state.hand],
    "cards in hand at the end",
    seat=True,
    unit="cards",
    csv="cards_left",
)
ROUND_ONE = Figure("round_one", Kind.MEAN, lambda game, watched: watched.decisions, "round 1", watch=FirstRound)


@pytest.fixture
def extended(monkeypatch: pytest.MonkeyPatch) -> None:
    """West of Africa's pack with the two figures appended to its declarations (this process only)."""
    woa = packs.load_pack("west_of_africa")
    monkeypatch.setitem(
        packs._LOADED, ("west_of_africa", None), replace(woa, figures=(*woa.figures, CARDS_LEFT, ROUND_ONE))
    )


def _run(capsys: pytest.CaptureFixture[str], *args: str, seats: bool = True) -> str:
    assert main([*args, *(("--players", "3", "--bots", "random") if seats else ()), "--workers", "1", "--quiet"]) == 0
    return capsys.readouterr().out


def test_a_new_figure_shows_in_simulate_csv_and_compare(
    extended: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "games.csv"
    stats = json.loads(_run(capsys, "simulate", "--games", "6", "--seed", "2", "--json", "--csv", str(table)))["stats"]
    cards = [seat["cards_left"]["mean"] for seat in stats["per_seat"]]
    assert all(0 < c < 30 for c in cards) and stats["per_player"]["cards_left"]["mean"] == pytest.approx(
        sum(cards) / 3, abs=1e-3
    )
    assert 3 <= stats["round_one"]["mean"] < stats["decisions"] / 6  # round 1 is some of each game's decisions
    rows = list(csv.DictReader(table.open()))
    assert len(rows) == 6 and {"p1_cards_left", "p3_cards_left"} <= set(rows[0])
    assert sum(int(r["p2_cards_left"]) for r in rows) / 6 == pytest.approx(cards[1], abs=1e-3)
    assert "cards in hand at the end" in _run(capsys, "simulate", "--games", "2")

    compared = json.loads(_run(capsys, "compare", "--set", "economy.gold.cap=60", "--games", "4", "--json"))["rows"]
    names = [r["figure"] for r in compared]
    assert {"per_player_cards_left", "round_one"} <= set(names)
    assert names.index("round_one") < names.index("p1_wins")  # a figure of the whole game, with the game length

    space = tmp_path / "space.yaml"
    space.write_text("rules: west-of-africa\nplayers: 2\ngames: 2\nseed: 1\nbots: [random]\n")
    space.write_text(space.read_text() + "parameters:\n  economy.gold.cap: [40, 60]\n")
    out = str(tmp_path / "sweep")
    report = json.loads(
        _run(capsys, "sweep", str(space), "--out", out, "--objective", "min:cards_left", "--json", seats=False)
    )
    assert {r["figure"] for r in report["rows"]} >= {"cards_left", "round_one"}


def test_without_the_declaration_no_tool_knows_the_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """The control: the same commands without the two declarations show neither figure."""
    stats = json.loads(_run(capsys, "simulate", "--games", "2", "--json"))["stats"]
    assert "cards_left" not in stats["per_seat"][0] and "round_one" not in stats
