"""Logs are tamper-evident and safe to read (issue 11.6): replay names the first line whose game
differs, checks every header field, reads only bounded JSON and never opens a path the log names.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import LogError
from woa_core.kernel.notation import format_action, parse_action
from woa_core.packs.west_of_africa import Game
from woa_core.report import gamelog
from woa_core.rules import data_root, load_rules


@pytest.fixture(scope="module")
def log_lines(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("logs")
    args = ["simulate", "--quiet", "--json", "--players", "3", "--games", "1", "--seed", "4", "--workers", "1"]
    assert main([*args, "--log-dir", str(folder)]) == 0
    return (folder / "game-000000.jsonl").read_text(encoding="utf-8").splitlines()


def write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def replay_error(path: Path) -> str:
    with pytest.raises(LogError) as caught:
        gamelog.replay(path)
    return str(caught.value)


def test_an_untouched_log_replays(log_lines, tmp_path, capsys):
    assert main(["replay", str(write(tmp_path, log_lines))]) == 0
    assert "the log matches" in capsys.readouterr().out


def _other_action(lines: list[str], number: int) -> str:
    """A different action that is legal at line ``number`` (else a different but legal-looking one)."""
    head = json.loads(lines[0])
    rules = load_rules(head["rules"], head["players"])
    game = Game(rules, seed=head["seed"])
    for line in lines[1 : number - 1]:
        game.apply(parse_action(rules, json.loads(line)[0]))
    original = json.loads(lines[number - 1])[0]
    for seat in game.deciders():
        for action in game.legal_actions(seat):
            text = format_action(rules, action)
            if text != original:
                return text
    return original.replace("p1", "p2") if "p1" in original else "p1 " + original


def test_changing_any_one_action_line_is_named(log_lines, tmp_path):
    """Done when (11.6): any one action line changed makes replay fail naming that line — even when
    the new action is legal and leaves the final scores as they were."""
    numbers = range(2, len(log_lines))  # every action line (the last line is the result)
    assert len(numbers) > 50
    for number in numbers:
        changed = list(log_lines)
        _, check = json.loads(changed[number - 1])
        changed[number - 1] = json.dumps([_other_action(log_lines, number), check])
        message = replay_error(write(tmp_path, changed))
        assert f"game.jsonl:{number}:" in message, (number, message)


def test_changing_a_check_is_named(log_lines, tmp_path):
    changed = list(log_lines)
    action, check = json.loads(changed[9])
    changed[9] = json.dumps([action, check[::-1]])
    assert "game.jsonl:10: the game differs from the log" in replay_error(write(tmp_path, changed))


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", 5), ("bots", ["heuristic", "random", "random"]), ("engine", "9.9.9"), ("variant", "x.yaml")],
)
def test_changing_a_header_field_is_named_at_line_1(log_lines, tmp_path, capsys, field, value):
    """Done when (11.6): the seed (and any other header field) changed: exit 1 naming line 1."""
    head = json.loads(log_lines[0])
    head[field] = value
    path = write(tmp_path, [json.dumps(head), *log_lines[1:]])
    assert main(["replay", str(path)]) == 1
    assert "game.jsonl:1: the header does not match its check" in capsys.readouterr().err


def test_other_rules_are_refused_by_hash(log_lines, tmp_path, capsys):
    variant = data_root() / "rules" / "variants" / "rich-islands.yaml"
    path = write(tmp_path, log_lines)
    assert main(["replay", str(path), "--rules", str(variant)]) == 1
    assert "game.jsonl:1: the log was made under rules with hash" in capsys.readouterr().err


def test_a_variant_log_carries_its_rules_and_replays_anywhere(tmp_path, monkeypatch):
    """A log names no path: a variant's resolved rules ride in the header, so the log replays after
    the variant file is gone and from another folder."""
    shutil.copy(data_root() / "rules" / "variants" / "rich-islands.yaml", tmp_path / "v.yaml")
    monkeypatch.chdir(tmp_path)
    args = ["simulate", "--quiet", "--json", "--rules", "v.yaml", "--players", "2", "--games", "1"]
    assert main([*args, "--workers", "1", "--log-dir", "logs"]) == 0
    (tmp_path / "v.yaml").unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    replayed = gamelog.replay(tmp_path / "logs" / "game-000000.jsonl")
    assert replayed.game.over and "rules_packed" in replayed.header
    assert "v.yaml" not in json.dumps(gamelog.unpack_document(replayed.header["rules_packed"], "the log"))


def test_a_log_cannot_point_replay_at_a_path(log_lines, tmp_path):
    """A log that names its rules by a path and does not carry them is refused: the path is not read."""
    head = json.loads(log_lines[0])
    head["rules"] = str(data_root() / "rules" / "west-of-africa")
    del head["rules_packed"]
    head["check"] = gamelog.header_check(head)
    message = replay_error(write(tmp_path, [json.dumps(head), *log_lines[1:]]))
    assert "game.jsonl:1:" in message and "does not carry" in message


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
        ('["p1 select sell", ' + "9" * 5000 + "]", "more than 20 digits"),
        ('["p1 select sell", NaN]', "NaN is not a number woa reads"),
        ('{"a": ' * 70 + "1" + "}" * 70, "nested more than 64"),
        ("not json", "not valid JSON"),
        ('"p1 select sell"', 'expected an action line ["ACTION", "CHECK"]'),
    ],
)
def test_hostile_lines_are_located(log_lines, tmp_path, line, words):
    message = replay_error(write(tmp_path, [log_lines[0], line, *log_lines[1:]]))
    assert message.startswith(f"{tmp_path / 'game.jsonl'}:2: ") and words in message


@pytest.mark.parametrize(
    ("first", "words"),
    [
        ('{"woa_log": 1, "rules": "west-of-africa"}', "format 1"),
        ("[]", "not a woa game log"),
        ('{"woa_log": 2, "seed": 1}', "no valid"),
        ("9" * 5000, "more than 20 digits"),
    ],
)
def test_bad_headers(log_lines, tmp_path, first, words):
    message = replay_error(write(tmp_path, [first, *log_lines[1:]]))
    assert ":1: " in message and words in message


def test_truncated_and_overlong_logs(log_lines, tmp_path):
    assert "ends without a result line" in replay_error(write(tmp_path, log_lines[:-1]))
    assert "lines follow the result line" in replay_error(write(tmp_path, [*log_lines, log_lines[-1]]))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_or_folder_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    assert "not a regular file" in replay_error(tmp_path / "fifo")
    assert "is a directory" in replay_error(tmp_path)
    assert "file not found" in replay_error(tmp_path / "nothing.jsonl")
    if Path("/dev/zero").exists():
        assert "not a regular file" in replay_error(Path("/dev/zero"))
