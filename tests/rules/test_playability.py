"""`woa validate` refuses rules under which a game can get stuck or cannot end (issue 11.5)."""

from __future__ import annotations

import textwrap

import pytest

from woa_core.cli import main
from woa_core.errors import RulesError
from woa_core.rules import compile_document, load_document


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def problems(tmp_path, text: str):
    (tmp_path / "v.yaml").write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    try:
        doc = load_document("v.yaml")
        for n in doc.located.data["players"]["counts"]:
            compile_document(doc, n)
    except RulesError as e:
        return e.problems
    return []


def test_a_harbor_without_mooring_that_ships_can_reach_is_refused_with_its_line(tmp_path, capsys):
    """R3: a ship ending its move in a harbor without mooring would leave no legal action."""
    text = """
        extends: west-of-africa
        board:
          islands:
            lanzarote: {moorings: 0}
        """
    (problem,) = problems(tmp_path, text)
    assert (problem.file, problem.line, problem.path) == ("v.yaml", 4, "board.islands.lanzarote.moorings")
    assert "lanzarote has no mooring, but ships can sail to it" in problem.message
    assert main(["validate", "v.yaml"]) == 1
    assert "v.yaml:4:27: lanzarote has no mooring" in capsys.readouterr().err


def test_no_mooring_for_one_player_count_names_that_count(tmp_path):
    (problem,) = problems(
        tmp_path,
        """
        extends: west-of-africa
        players:
          overlays:
            "2": {board: {islands: {la_gomera: {moorings: 0}}}}
        """,
    )
    assert problem.path == "board.islands.la_gomera.moorings" and problem.message.endswith("(with 2 players)")


def test_no_round_end_step_that_can_end_the_game(tmp_path):
    """6. Game End (R16): without refilling the track not every settlement can be founded, and
    without round-end VP nobody reaches 25 VP from the few settlements there are."""
    found = problems(tmp_path, "extends: west-of-africa\nturn: {round_end: []}\n")
    assert found and all(p.path == "turn.round_end" and "no game can end" in p.message for p in found)


def test_a_threshold_no_game_can_reach(tmp_path):
    found = problems(tmp_path, "extends: west-of-africa\neconomy: {game_end: {vp_threshold: 100000000}}\n")
    assert found and all(
        p.path == "economy.game_end.vp_threshold" and "no player can reach the VP threshold" in p.message for p in found
    )


def test_a_reachable_end_stays_valid(tmp_path):
    """Only the settlements end, with a threshold that cannot be reached: still a game that ends."""
    assert problems(tmp_path, "extends: west-of-africa\neconomy: {game_end: {vp_threshold: 500}}\n") == []
