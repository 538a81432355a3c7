"""A win shared by tied seats (Africa's A28: no tie-break) counts 1/k to each of the k winners,
and how often a win is shared is reported, only when it happens (issue 14: the kernel's figures)."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.kernel import pack as packs
from woa_core.report.figures import win_shares


@pytest.fixture
def tied(monkeypatch: pytest.MonkeyPatch) -> None:
    """West of Africa, but every game ends with p1 and p2 tied first (this process only)."""
    woa = packs.load_pack("west_of_africa")
    monkeypatch.setitem(packs._LOADED, ("west_of_africa", None), replace(woa, winners=lambda game: [0, 1]))


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main([*args, "--players", "3", "--games", "4", "--workers", "1", "--quiet", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_tied_winners_share_the_win(tied: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "games.csv"
    stats = _run(capsys, "simulate", "--bots", "heuristic,random,random", "--csv", str(table))["stats"]
    assert [s["wins"] for s in stats["wins_by_seat"]] == [2.0, 2.0, 0]
    assert stats["wins_by_seat"][0]["estimate"] == 0.5
    assert stats["wins_by_bot"]["heuristic"]["wins"] == 2.0 and stats["wins_by_bot"]["random"]["wins"] == 2.0
    assert stats["shared_wins"]["games"] == 4 and stats["shared_wins"]["estimate"] == 1.0
    assert {row["winner"] for row in csv.DictReader(table.open())} == {"p1 p2"}

    rows = {r["figure"]: r for r in _run(capsys, "compare", "--set", "economy.gold.cap=60", "--bots", "random")["rows"]}
    assert rows["p1_wins"]["base"] == 0.5 and rows["shared_wins"]["base"] == 1.0


def test_a_win_not_shared_reports_no_shared_wins(capsys: pytest.CaptureFixture[str]) -> None:
    stats = _run(capsys, "simulate", "--bots", "random")["stats"]
    assert "shared_wins" not in stats and sum(s["wins"] for s in stats["wins_by_seat"]) == 4


def test_win_shares() -> None:
    assert win_shares([0, 1, 2], 3) == [1 / 3] * 3 and win_shares([1], 3) == [0, 1, 0]
