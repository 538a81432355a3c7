"""The verdict (issue 41.4): ``woa simulate`` and ``woa compare`` lead their text and ``--json``
outputs with the same sentences, computed once from the pack's declared figures."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from woa_core.cli import main
from woa_core.kernel import pack as packs
from woa_core.report.figures import first_player_wins

QUICK = ("--quiet", "--workers", "1")


def _text_and_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[list[str], dict[str, Any]]:
    assert main([*args, *QUICK]) == 0
    text = capsys.readouterr().out.splitlines()
    assert main([*args, *QUICK, "--json"]) == 0
    return text, json.loads(capsys.readouterr().out)


def _verdict_lines(text: list[str]) -> list[str]:
    """The sentences the text report opens with (``verdict:``, then ``- ...`` up to a blank line)."""
    assert text[0] == "verdict:"
    end = text.index("")
    assert all(line.startswith("- ") for line in text[1:end])
    return [line[2:] for line in text[1:end]]


def test_a_2_player_west_of_africa_run_leads_with_the_start_order_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """issue 41.4: the first lines of simulate's text name the start-order advantage with its
    interval against an even share, then the seats' spread and the end mix; ``--json`` carries
    the very same sentences, with the numbers under the shared names."""
    text, report = _text_and_json(
        capsys, "simulate", "--players", "2", "--games", "12", "--seed", "3", "--rotate-seats"
    )
    said = _verdict_lines(text)
    assert re.fullmatch(
        r"first in round-1 order wins [\d.]+% \[[\d.]+–[\d.]+\] of games against an even 50\.0%: .+", said[0]
    )
    assert [f["says"] for f in report["verdict"]] == said
    assert next(iter(report)) == "verdict"
    start = report["verdict"][0]
    assert start["topic"] == "first_player_wins" and start["even"] == 0.5
    assert start["estimate"] == report["stats"]["first_player"]["estimate"]
    assert start["ci_low"] <= start["estimate"] <= start["ci_high"]
    topics = [f["topic"] for f in report["verdict"]]
    assert "seats" in topics and "rounds" in topics and "ends_by" in topics


def test_africa_says_the_start_player_wins(capsys: pytest.CaptureFixture[str]) -> None:
    """issue 41.4: Africa's verdict words come from its own declaration ("the start player"); with
    different bots in fixed seats it says that the figure is no seat effect, and how the bots fare."""
    args = ("simulate", "--rules", "africa", "--players", "2", "--games", "6", "--bots", "heuristic,random")
    text, report = _text_and_json(capsys, *args)
    said = _verdict_lines(text)
    assert said[0].startswith("the start player wins ") and said[0].endswith("(bots differ, so not a seat effect)")
    assert any(s.startswith("bots win heuristic ") for s in said)
    assert [f["says"] for f in report["verdict"]] == said


def test_compare_summary_names_the_rows_that_changed(capsys: pytest.CaptureFixture[str]) -> None:
    """issue 41.4: compare's first line says how many rows changed beyond noise and names each of
    them (and no other); the start-order figure follows under both rulesets; text and JSON agree."""
    args = ("compare", "--set", "economy.game_end.vp_threshold=22", "--players", "2", "--games", "30", "--seed", "1")
    text, report = _text_and_json(capsys, *args, "--bots", "heuristic")
    said = _verdict_lines(text)
    assert [f["says"] for f in report["verdict"]] == said
    flagged = [r["figure"] for r in report["rows"] if r["significant"]]
    assert flagged, "a lower VP threshold changes some rows beyond noise"
    summary = report["verdict"][0]
    assert summary["topic"] == "changed" and summary["changed"] == flagged
    assert said[0].startswith(f"{len(flagged)} of {len(report['rows'])} rows changed beyond noise")
    named = said[0].split("): ", 1)[1]
    assert [part.rsplit(" ", 1)[0] for part in named.split(", ")] == [f.replace("_", " ") for f in flagged]
    assert said[1].startswith("first in round-1 order wins ") and "under the variant (even 50.0%)" in said[1]


def test_compare_with_nothing_changed_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """issue 41.4: the same rules on both sides: the summary says no row changed."""
    _, report = _text_and_json(capsys, "compare", "--players", "2", "--games", "4", "--bots", "random")
    assert report["verdict"][0][
        "says"
    ] == "no row of {} changed beyond noise (adjusted p below 0.05, Holm) in 4 game pairs".format(len(report["rows"]))


def test_a_newly_declared_seat_advantage_joins_the_verdict(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 41.4: the verdict reads the pack's declarations: a new ``WON`` figure (the last seat
    wins) shows with its own words, and no code names it."""
    woa = packs.load_pack("west_of_africa")
    last = replace(first_player_wins(lambda game, watched: game.rules.players - 1, "the last seat"), name="last_wins")
    last = replace(last, json="last_seat")
    monkeypatch.setitem(packs._LOADED, ("west_of_africa", None), replace(woa, figures=(*woa.figures, last)))
    text, report = _text_and_json(capsys, "simulate", "--players", "3", "--games", "3", "--bots", "random")
    assert any(s.startswith("the last seat wins ") and "against an even 33.3%" in s for s in _verdict_lines(text))
    assert "last_wins" in [f["topic"] for f in report["verdict"]]
