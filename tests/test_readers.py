"""Every reader of user input is bounded and refuses what it cannot trust (issue 37, items 4, 5
and 9): deep nesting in YAML and ``--set`` costs a scan, not minutes; JSON with a key given
twice is refused at its line, so a forged field cannot hide before the real one; a log's
result line is compared key by key, both ways.

Each test asserts the sentence. The CPU guard (``within``) only keeps a regression from hanging
the suite: these inputs took from seconds to many minutes before, and a few milliseconds now.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.test_input_bounds import within  # a CPU-time guard, so a regression fails rather than hangs
from woa_core.cli import main
from woa_core.errors import LogError, RulesError
from woa_core.report.gamelog import record_game, replay_text
from woa_core.rules import read_rules
from woa_core.rules.overrides import parse_override
from woa_core.rules.source import MAX_DEPTH, YamlProblem, parse_yaml

RULES = Path(__file__).resolve().parents[1] / "rules"


def run(capsys, *argv: str) -> tuple[int, str]:
    """``woa ARGV``'s exit status and what it printed (stderr then stdout)."""
    with within(20):
        try:
            status = main(list(argv))
        except SystemExit as e:
            status = int(e.code or 0)
    printed = capsys.readouterr()
    return status, printed.err + printed.out


def yaml_problems(text: str) -> list[str]:
    """The problems ``parse_yaml`` finds in ``text``, as printed."""
    with within(20), pytest.raises(YamlProblem) as caught:
        parse_yaml(text, "f.yaml")
    return [str(p) for p in caught.value.problems]


# ------------------------------------------------------------------------------------ item 4: depth


def test_deep_flow_nesting_in_a_rules_file_is_located_at_the_level_too_deep(tmp_path, capsys):
    """issue 37.4: 50,000 levels of ``[`` in a 100 kB ``setup.yaml`` (libyaml refuses them past
    1,000 levels; the pure-Python parser then asked for a clearer error ran for minutes) are one
    sentence naming the file, line and column of the 65th level."""
    rules = tmp_path / "deep"
    shutil.copytree(RULES / "africa", rules)
    (rules / "setup.yaml").write_text("camps_in_box: 20\nplayer_camps: " + "[" * 50_000 + "\n", encoding="utf-8")
    status, out = run(capsys, "validate", str(rules))
    assert status == 1
    column = len("player_camps: ") + MAX_DEPTH  # the mapping is level 1, so the 64th '[' is level 65
    assert f"setup.yaml:2:{column}: nested more than {MAX_DEPTH} levels deep" in out
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("a: " + "{b: " * 20_000, "1:256"),
        ("? " * 5_000 + "x\n", "1:129"),
        ("".join(" " * i + "? \n" for i in range(1, 1_300)), f"{MAX_DEPTH + 1}:{MAX_DEPTH + 2}"),
        ("a:\n" + "".join(" " * i + "-\n" for i in range(1, 40)) + " " * 40 + "[" * 20_000, "41:65"),
    ],
    ids=["flow-mappings", "complex-keys-on-a-line", "complex-keys-by-indentation", "block-then-flow"],
)
def test_deep_block_and_mixed_nesting_is_located_at_the_level_too_deep(text, where):
    """issue 37.4: nesting by indentation, by ``? `` keys (once skipped without a depth limit)
    and by flow brackets under block lists is refused at the 65th level, with its line and column."""
    assert yaml_problems(text)[-1] == f"f.yaml:{where}: {nested()}"


def test_a_deep_set_value_is_located_in_the_value():
    """issue 37.4: a 20 kB ``--set`` value of ``[`` (60 s before) is refused at once, at the
    column of the value where it nests too deep, and the message does not echo all 20 kB."""
    with within(20), pytest.raises(RulesError) as caught:
        parse_override("economy.gold.cap=" + "[" * 20_000)
    message = str(caught.value)
    assert message.startswith("--set economy.gold.cap=[[[[")
    assert message.endswith(f"(20,017 characters): the value is not valid YAML (column 65): {nested()}")
    assert len(message) < 300


def test_a_deep_set_value_on_the_command_line_is_one_sentence(capsys):
    """issue 37.4: the same through ``woa validate --set``: exit 1 and one located sentence."""
    status, err = run(capsys, "validate", "--set", "economy.gold.cap=" + "[" * 20_000)
    assert status == 1
    sentence, *rest = err.strip().splitlines()
    assert sentence.endswith(f"the value is not valid YAML (column 65): {nested()}")
    assert rest == ["west-of-africa: 1 problem(s)"]


def test_a_syntax_error_deep_inside_a_large_file_keeps_its_place():
    """issue 37.4: a near-1 MB file with a syntax error at its end is answered at the error's line
    (the pure-Python parser is no longer asked to re-read such a file)."""
    block = "".join(f"k{j}:\n" + "".join(" " * (i + 1) + "a:\n" for i in range(60)) for j in range(470))
    text = block + "x: [\n"
    assert len(text) > 900_000
    assert yaml_problems(text)[0].startswith(f"f.yaml:{text.count(chr(10)) + 1}:1: malformed YAML: ")


def test_shallow_nesting_and_aliases_are_read_as_before():
    """issue 37.4: nesting within the limit is read whole, and an alias bomb is still refused."""
    text = "a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n"
    data = parse_yaml(text, "f.yaml").data["a"]
    for _ in range(MAX_DEPTH - 2):
        data = data[0]
    assert data == []
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(9)
    )
    (problem,) = yaml_problems(bomb)
    assert "values once its aliases are expanded" in problem


def nested() -> str:
    return f"nested more than {MAX_DEPTH} levels deep"


# ----------------------------------------------------------------------- item 9: logs and their keys


@pytest.fixture(scope="module")
def log_lines(tmp_path_factory) -> list[str]:
    """The log of one 2-player game of West of Africa, as ``woa simulate --log-dir`` writes it."""
    folder = tmp_path_factory.mktemp("logs")
    args = ["simulate", "--quiet", "--players", "2", "--games", "1", "--seed", "5", "--workers", "1"]
    assert main([*args, "--log-dir", str(folder)]) == 0
    return (folder / "game-000000.jsonl").read_text(encoding="utf-8").splitlines()


def replayed(capsys, tmp_path: Path, lines: list[str]) -> tuple[int, str]:
    """``woa replay`` of ``lines`` written to ``game.jsonl``: exit status and what it printed."""
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return run(capsys, "replay", str(path))


def with_result(lines: list[str], text: str) -> list[str]:
    """The log with its result line replaced by ``text``."""
    return [*lines[:-1], text]


def real_result(lines: list[str]) -> str:
    """The keys and values of the log's result, as JSON text without the braces."""
    return lines[-1].removeprefix('{"result": {').removesuffix("}}")


def test_a_clean_log_still_matches(log_lines, tmp_path, capsys):
    """issue 37.9: the untouched log replays and matches (the checks below refuse only changes)."""
    status, out = replayed(capsys, tmp_path, log_lines)
    assert status == 0 and "the log matches" in out


def test_a_forged_seed_before_the_real_one_is_refused_at_line_1(log_lines, tmp_path, capsys):
    """issue 37.9: ``{"seed": 12345, ...the real header...}`` kept the last copy of the key, so
    the header's check still matched and the log "matched"; the key given twice is refused."""
    assert '"seed": ' in log_lines[0]
    forged = '{"seed": 12345, ' + log_lines[0].removeprefix("{")
    status, out = replayed(capsys, tmp_path, [forged, *log_lines[1:]])
    assert status == 1
    assert f"{tmp_path / 'game.jsonl'}:1: the key 'seed' is given twice" in out
    assert "the log matches" not in out


def test_a_forged_score_before_the_real_one_is_refused_at_the_result_line(log_lines, tmp_path, capsys):
    """issue 37.9: ``{"result": {"vp": [999, 0], ...the real keys...}}`` "matched" too."""
    forged = with_result(log_lines, '{"result": {"vp": [999, 0], ' + real_result(log_lines) + "}}")
    status, out = replayed(capsys, tmp_path, forged)
    assert status == 1
    assert f"{tmp_path / 'game.jsonl'}:{len(log_lines)}: the key 'vp' is given twice" in out


@pytest.mark.parametrize(
    ("result_line", "words"),
    [
        ('{"result": {REAL, "bonus_vp": [5, 0]}}', "the result line holds 'bonus_vp', which the replayed game"),
        ('{"result": {REAL}, "winner": "p2"}', "the result line holds 'winner' besides 'result'"),
    ],
    ids=["a-key-the-game-does-not-record", "a-key-beside-the-result"],
)
def test_a_result_line_with_keys_the_game_does_not_record_is_refused(log_lines, tmp_path, capsys, result_line, words):
    """issue 37.9: the result check covers every key: one the replayed result does not have was
    ignored before."""
    forged = with_result(log_lines, result_line.replace("REAL", real_result(log_lines)))
    status, out = replayed(capsys, tmp_path, forged)
    assert status == 1
    assert f"{tmp_path / 'game.jsonl'}:{len(log_lines)}: {words}" in out


def test_a_result_figure_of_another_json_type_is_refused(log_lines, tmp_path, capsys):
    """issue 37.9: ``"rounds": 12.0`` for ``12`` passed Python's ``==``; figures compare as JSON."""
    rounds = json.loads(log_lines[-1])["result"]["rounds"]
    text = real_result(log_lines).replace(f'"rounds": {rounds},', f'"rounds": {rounds}.0,')
    assert text != real_result(log_lines)
    status, out = replayed(capsys, tmp_path, with_result(log_lines, '{"result": {' + text + "}}"))
    assert status == 1
    assert f"rounds is {rounds} on replay, {float(rounds)} in the log" in out


def test_a_result_line_missing_a_key_is_refused(log_lines, tmp_path, capsys):
    """issue 37.9: a key the replayed game records but the line lacks is named as missing (it was
    refused before too, as "None in the log")."""
    result = json.loads(log_lines[-1])["result"]
    del result["gold"]
    status, out = replayed(capsys, tmp_path, with_result(log_lines, json.dumps({"result": result})))
    assert status == 1
    assert f"{tmp_path / 'game.jsonl'}:{len(log_lines)}: the result line lacks 'gold'" in out


@pytest.mark.parametrize(
    ("mark", "words"),
    [
        ('{"unfinished": {"actions": 1, "where": "round 1", "vp": [99, 0]}}', "not 'vp'"),
        ('{"unfinished": {"actions": 1, "where": "round 1"}, "result": {"vp": [99, 0]}}', "holds 'result' besides"),
        ('{"unfinished": {"actions": 1.0, "where": "round 1"}}', "holds 1 actions, but its last line says 1.0"),
    ],
    ids=["a-key-inside-the-mark", "a-result-beside-the-mark", "a-count-of-another-type"],
)
def test_the_mark_of_an_unfinished_game_holds_only_its_own_keys(mark, words):
    """issue 37.9: the last line of an unfinished game is checked whole, as the result line is."""
    source = read_rules("west-of-africa")
    lines = record_game(source.compile(2), 3, source, ["human", "random"], ["p2 select minus"]).lines()
    assert json.loads(lines[-1]) == {"unfinished": {"actions": 1, "where": "round 1"}}
    assert replay_text("\n".join(lines), "saved").finished is False
    with pytest.raises(LogError) as caught:
        replay_text("\n".join([*lines[:-1], mark]), "saved")
    assert str(caught.value).startswith(f"saved:{len(lines)}: ") and words in str(caught.value)


# ------------------------------------------------------------------- item 5: a sweep's saved files

SMALL_SPACE = "players: 2\ngames: 2\nseed: 3\nbots: [random]\nparameters:\n  economy.gold.cap: [40, 60]\n"


@pytest.fixture
def swept(tmp_path, capsys) -> tuple[list[str], Path]:
    """The arguments that resume a finished 2-point sweep, and its output folder."""
    space = tmp_path / "space.yaml"
    space.write_text(SMALL_SPACE, encoding="utf-8")
    out = tmp_path / "out"
    args = ["sweep", str(space), "--out", str(out), "--quiet", "--workers", "1"]
    assert main(args) == 0
    capsys.readouterr()
    return [*args, "--resume"], out


def test_a_finished_sweep_resumes_from_its_files(swept, capsys):
    """issue 37.5: the files a sweep wrote read back as they were (the checks below refuse only
    files woa did not write)."""
    args, out = swept
    assert sorted(p.name for p in (out / "points").iterdir()) == ["p1.json", "p2.json"]
    status, _ = run(capsys, *args)
    assert status == 0


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda text: text.replace('{"id"', '{"games": [], "id"', 1), r":1:\d+: the key 'games' is given twice"),
        (lambda text: "[" * 100_000 + "]" * 100_000, r":1:65: nested more than 64 levels deep"),
        (lambda text: "[]", r":1:1: not a JSON object"),
        (lambda text: text.replace('"status": "done"', '"status": 7'), r": its 'status' is not what a sweep writes"),
        (lambda text: text.replace('"games": [{', '"games": [7, {'), r": its 'games' is not what a sweep writes"),
    ],
    ids=["a-key-twice", "deep", "not-an-object", "a-bad-status", "a-bad-game"],
)
def test_a_changed_point_file_is_refused_naming_it(swept, capsys, change, words):
    """issue 37.5: a saved point is read by the one bounded JSON reader and checked; a key given
    twice was read silently (the last copy kept), 100,000 ``[`` were a RecursionError traceback."""
    args, out = swept
    point = out / "points" / "p1.json"
    point.write_text(change(point.read_text(encoding="utf-8")), encoding="utf-8")
    status, err = run(capsys, *args)
    assert status == 2
    assert re.search(re.escape(str(point)) + words, err) and "delete it to play its games again" in err
    assert "Traceback" not in err


def test_a_sweep_marker_that_is_not_an_object_is_refused_naming_it(swept, capsys):
    """issue 37.5: ``sweep.json`` holding ``[]`` was an AttributeError traceback."""
    args, out = swept
    (out / "sweep.json").write_text("[]\n", encoding="utf-8")
    status, err = run(capsys, *args)
    assert status == 2
    assert f"{out / 'sweep.json'}:1:1: not a JSON object" in err


def test_a_schema_file_with_a_key_given_twice_is_a_located_sentence(tmp_path):
    """issue 37.5: a pack's schema files are read by the one bounded JSON reader too: a second
    ``"type"`` (json.loads kept the last copy, and the schema checked something else) is refused."""
    from woa_core.jsontext import JsonProblem
    from woa_core.rules.data import _read_json

    schema = tmp_path / "turn.schema.json"
    schema.write_text('{\n  "type": "object",\n  "type": "array"\n}\n', encoding="utf-8")
    with pytest.raises(JsonProblem) as caught:
        _read_json(schema)
    assert str(caught.value) == f"{schema}:3:3: the key 'type' is given twice"
