"""`woa play`: a game at the terminal against bots (issue 16, part 4)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import IllegalAction
from woa_core.play import play
from woa_core.rules import read_rules
from woa_core.session import Session


def _session(players: int = 2, seed: int = 3, seats: list[str] | None = None) -> Session:
    return Session(read_rules("west-of-africa"), players, seed, seats or ["human", *["random"] * (players - 1)])


def test_a_whole_game_typed_at_the_prompt() -> None:
    """Always answering with the first legal action plays a game to its end (R16); ? during a
    selection (2,379 ways) lists the verbs, and '? select' what may follow, not every combination."""
    out: list[str] = []
    answers = itertools.chain(["?", "? select", "board", "select move_workers", "fly away"], itertools.repeat("1"))
    session = play(_session(), read=lambda _: next(answers), write=out.append)
    assert session.game.over and session.actions
    text = "\n".join(out)
    assert "2,379 legal actions; by verb" in text and "select: 2,379" in text
    assert "after 'select' may come (in any order): la_palma, el_hierro" in text
    assert max(len(line) for line in text.splitlines()) < 400  # no line lists the combinations
    assert "refused: unknown verb 'fly'" in text
    assert "Order this round (card sums):" in text
    assert text.splitlines()[-3].startswith("Game over (over ")


def test_the_player_may_be_left_out_even_before_a_verb_starting_with_p() -> None:
    """'place tenerife' is p1's place, not a player 'place' (the --help promise)."""
    session = _session(seed=3)
    session.play("select minus")
    session.bot_move()
    assert session.decider() == 0 and session.build([]).verbs[0][0] == "place"
    where = session.build(["place"]).next[0]
    assert session.play(f"place {where}").text == f"p1 place {where}"
    with pytest.raises(IllegalAction, match="it is p1's decision, not p2's"):
        session.play("p2 end")


def test_feedback_after_each_action_and_round_ends_explained() -> None:
    """Every action prints what it changed; a number out of range says so; 5.III's round-end
    steps are printed as they happen (who got which VP and why), once per round."""
    out: list[str] = []
    answers = itertools.chain(["select move_workers", "999"], itertools.repeat("1"))
    session = play(_session(seats=["human", "heuristic"]), read=lambda _: next(answers), write=out.append)
    text = "\n".join(out)
    assert "there is no choice 999: type a number from 1 to" in text
    assert "End of round 1:" in text and "gold majority vp: p" in text and "VP: 1st on the gold track" in text
    assert text.count("End of round") == session.game.state.round
    assert "  1. p1 select move_workers" in text
    # the bot's secret selection shows only its verb until the round is over
    assert "  2. p2 select (secret until the round is over)" in text
    sale = next(k for k, line in enumerate(out) if " sell " in line)
    assert "Players (gold-track order)" in "\n".join(out[sale + 1 : sale + 4])  # a sale says what it earned


def test_bots_are_paced() -> None:
    slept: list[float] = []
    answers = itertools.repeat("1")
    session = play(_session(3), read=lambda _: next(answers), write=lambda _: None, pace=0.25, sleep=slept.append)
    bot_moves = sum(1 for p in session.history if p.seat != 0)
    assert slept == [0.25] * bot_moves and bot_moves > 10


def test_undo_history_and_hint_at_the_prompt() -> None:
    out: list[str] = []
    answers = iter(["select tenerife sell", "history", "undo", "history", "hint 12", "undo 7", "quit"])
    session = play(_session(seed=5), read=lambda _: next(answers), write=out.append)
    text = "\n".join(out)
    assert "back to the start" in text and session.actions == []
    assert "the search bot (12 rollouts to the end) would play: p1 select" in text
    assert "wins " in text and "95% CI" in text
    assert "there is no action 7 to go back to" in text


def test_tab_completion_knows_verbs_and_ids_and_ends_a_word_with_a_space() -> None:
    from woa_core.play import completer, completions
    from woa_core.rules import load_rules

    complete = completer(completions(load_rules("west-of-africa", 3)))
    assert complete("ten", 0) == "tenerife " and complete("ten", 1) is None
    assert [complete("cu", k) for k in range(2)] == ["cultivate ", None]
    assert complete("p3", 0) == "p3 " and complete("p4", 0) is None
    assert complete("un", 0) == "undo "


def test_quit_and_end_of_input_stop_the_game() -> None:
    answers = iter(["quit"])
    session = play(_session(3, 1, ["random", "heuristic", "human"]), read=lambda _: next(answers), write=lambda _: None)
    assert not session.game.over and session.decider() == 2

    def closed(_: str) -> str:
        raise EOFError

    session = play(_session(3, 1), read=closed, write=lambda _: None)
    assert not session.game.over


def test_play_writes_a_replayable_log(tmp_path: Path, monkeypatch, capsys) -> None:
    answers = itertools.repeat("1")
    monkeypatch.setattr("builtins.input", lambda _: next(answers))
    log = tmp_path / "game.jsonl"
    assert main(["play", "--players", "2", "--bots", "random", "--pace", "0", "--log", str(log)]) == 0
    assert main(["replay", str(log)]) == 0
    assert "the log matches" in capsys.readouterr().out


def test_quit_saves_the_log_so_far_and_replay_opens_it_in_every_form(tmp_path: Path, monkeypatch, capsys) -> None:
    """A quit game's log is marked unfinished; woa replay opens it (plain, --json, --html, --at,
    --svg) and says so, and never passes it off as finished."""
    answers = iter(["select move_workers", "quit"])
    monkeypatch.setattr("builtins.input", lambda _: next(answers))
    log = tmp_path / "stopped.jsonl"
    assert main(["play", "--players", "2", "--bots", "random", "--pace", "0", "--log", str(log)]) == 0
    assert "unfinished" in capsys.readouterr().out
    lines = log.read_text().splitlines()
    assert json.loads(lines[1])[0] == "p1 select move_workers"  # the human's selection
    assert json.loads(lines[-1]) == {"unfinished": {"actions": len(lines) - 2, "where": "round 1"}}
    assert main(["replay", str(log)]) == 0
    assert "of an unfinished game (stopped at round 1); the log matches" in capsys.readouterr().out
    assert main(["replay", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unfinished"] == "round 1"
    assert main(["replay", str(log), "--html", str(tmp_path / "v.html")]) == 0
    assert "unfinished: stopped at round 1" in (tmp_path / "v.html").read_text()
    assert main(["replay", str(log), "--at", "2"]) == 0
    assert "after action 2: p2 select" in capsys.readouterr().out
    assert main(["replay", str(log), "--svg", str(tmp_path / "b.svg")]) == 0
    assert (tmp_path / "b.svg").read_text().startswith("<svg")
    # without its last line the log is truncated, not unfinished
    (tmp_path / "cut.jsonl").write_text("\n".join(lines[:-1]) + "\n")
    assert main(["replay", str(tmp_path / "cut.jsonl")]) == 1
    assert "without a result line" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "4"], "--seat must be between 1 and 3"),
        (["--bots", "random,random,random"], "names 3 bots for 2 seats"),
        (["--pace", "nan"], "--pace must be between 0 and 60 seconds"),
    ],
)
def test_play_usage_errors(args: list[str], message: str, capsys) -> None:
    assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err


def test_africa_at_the_prompt(tmp_path: Path, monkeypatch, capsys) -> None:
    """woa play --rules africa (issue 15): the text map, ? and a refused field and city, what a
    reveal showed in words, each pass's standings, the final scoring; the log replays."""
    out: list[str] = []
    answers = itertools.chain(["?", "board", "walk h99_99", "start cairo"], itertools.repeat("1"))
    source = read_rules("africa", ["turn.max_turns=40"])
    session = play(Session(source, 2, 5, ["human", "random"]), read=lambda _: next(answers), write=out.append)
    assert session.game.over and session.actions[0] == "p1 start tangier"
    text = "\n".join(out)
    assert "Africa · Setup: p1 chooses a city" in text and "░░░" in text and "    5. p1 start cape_town" in text
    assert "refused: 'h99_99' is not a field of the board" in text and "refused: 'cairo' is not a start city" in text
    assert "  reveal: p2 reveals " in text  # which face a bot's reveal showed
    assert "End of round 1:" in text and "  standings: " in text and "  final ranking: " in text
    assert "Game over (over 40 turns (capped: no bonus, A31)):" in text
    answers = itertools.repeat("1")
    monkeypatch.setattr("builtins.input", lambda _: next(answers))
    log = tmp_path / "africa.jsonl"
    args = ["play", "--rules", "africa", "--players", "3", "--bots", "random", "--set", "turn.max_turns=30"]
    assert main([*args, "--pace", "0", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    assert "over 30 turns" in capsys.readouterr().out
