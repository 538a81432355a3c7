"""`woa play`: a game at the terminal against bots."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.play import play
from woa_core.rules import load_rules


def test_a_whole_game_typed_at_the_prompt() -> None:
    """Always answering with the first legal action plays a game to its end (R16)."""
    out: list[str] = []
    answers = itertools.chain(["?", "board", "select move_workers", "fly away"], itertools.repeat("1"))
    game, actions = play(
        load_rules("west-of-africa", 2), 3, 0, ["random"], read=lambda _: next(answers), write=out.append
    )
    assert game.over and actions
    text = "\n".join(out)
    assert "choose 1 to 5 cards" in text  # ? during selection explains the cards
    assert "refused: unknown verb 'fly'" in text
    assert "order this round:" in text and text.splitlines()[-1].startswith("Game over after")


def test_a_number_out_of_range_says_so_and_round_ends_are_explained() -> None:
    """A numbered choice that does not exist is refused with the range; 5.III's round-end steps
    are printed as they happen (who got which VP and why)."""
    out: list[str] = []
    answers = itertools.chain(["select move_workers", "999"], itertools.repeat("1"))
    game, _ = play(load_rules("west-of-africa", 2), 3, 0, ["random"], read=lambda _: next(answers), write=out.append)
    text = "\n".join(out)
    assert "there is no choice 999: type a number from 1 to" in text
    assert "End of round 1:" in text and "gold majority vp: p" in text and "VP: 1st on the gold track" in text
    assert text.count("End of round") == game.state.round


def test_tab_completion_knows_verbs_and_ids() -> None:
    from woa_core.play import completer, completions

    complete = completer(completions(load_rules("west-of-africa", 3)))
    assert complete("ten", 0) == "tenerife" and complete("ten", 1) is None
    assert [complete("cu", k) for k in range(2)] == ["cultivate", None]
    assert complete("p3", 0) == "p3" and complete("p4", 0) is None


def test_quit_and_end_of_input_stop_the_game() -> None:
    answers = iter(["quit"])
    game, _ = play(
        load_rules("west-of-africa", 3),
        1,
        2,
        ["random", "heuristic"],
        read=lambda _: next(answers),
        write=lambda _: None,
    )
    assert not game.over

    def closed(_: str) -> str:
        raise EOFError

    game, _ = play(load_rules("west-of-africa", 3), 1, 0, ["random", "random"], read=closed, write=lambda _: None)
    assert not game.over


def test_play_writes_a_replayable_log(tmp_path: Path, monkeypatch, capsys) -> None:
    answers = itertools.repeat("1")
    monkeypatch.setattr("builtins.input", lambda _: next(answers))
    log = tmp_path / "game.jsonl"
    assert main(["play", "--players", "2", "--bots", "random", "--log", str(log)]) == 0
    assert main(["replay", str(log)]) == 0
    assert "the log matches" in capsys.readouterr().out


def test_quit_saves_the_log_so_far(tmp_path: Path, monkeypatch, capsys) -> None:
    answers = iter(["select move_workers", "quit"])
    monkeypatch.setattr("builtins.input", lambda _: next(answers))
    log = tmp_path / "stopped.jsonl"
    assert main(["play", "--players", "2", "--bots", "random", "--log", str(log)]) == 0
    assert "unfinished" in capsys.readouterr().out
    lines = log.read_text().splitlines()
    assert len(lines) >= 2 and json.loads(lines[1])[0] == "p1 select move_workers"  # the human's selection
    assert main(["replay", str(log)]) == 1  # an unfinished game is not passed off as a finished one
    assert "without a result line" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "4"], "--seat must be between 1 and 3"),
        (["--bots", "random,random,random"], "names 3 bots for 2 seats"),
    ],
)
def test_play_usage_errors(args: list[str], message: str, capsys) -> None:
    assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err
