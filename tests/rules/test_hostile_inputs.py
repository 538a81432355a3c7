"""Hostile or absurd rule files get located problems, never a traceback or a blow-up (issue 11.4).

Each case is a file a user (or a fuzzer) could write: alias bombs, explicit tags, control
characters, deep nesting, huge numbers, null bytes in ``extends``, endless ``extends`` chains,
counts that would make the engine enumerate millions of choices, escape sequences in names.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import Problem, RulesError
from woa_core.rules import compile_document, load_document
from woa_core.rules.merge import merge_patch
from woa_core.rules.source import MAX_DEPTH, MAX_VALUES, Located, YamlProblem, parse_yaml


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def write(tmp_path: Path, text: str, name: str = "v.yaml") -> str:
    (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return name


def problems_of(spec: str) -> list[Problem]:
    try:
        doc = load_document(spec)
        for n in doc.located.data["players"]["counts"]:
            compile_document(doc, n)
    except RulesError as e:
        return e.problems
    return []


def yaml_problems(text: str) -> list[Problem]:
    with pytest.raises(YamlProblem) as caught:
        parse_yaml(text, "f.yaml")
    return caught.value.problems


ALIAS_BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
)


def test_alias_bomb_is_refused_at_its_line():
    """A 342-byte "billion laughs" file would expand to 387 million strings: refused where the
    expansion passes MAX_VALUES, before it is built."""
    assert len(ALIAS_BOMB) < 400
    (problem,) = yaml_problems(ALIAS_BOMB)
    assert problem.line == 6 and f"more than {MAX_VALUES:,} values" in problem.message


def test_merge_key_bomb_is_refused():
    text = "a0: &a0 {x: 1}\n" + "".join(
        f"a{i}: &a{i} {{<<: [" + ",".join([f"*a{i - 1}"] * 9) + "]}\n" for i in range(1, 10)
    )
    (problem,) = yaml_problems(text)
    assert "values once its aliases are expanded" in problem.message


def test_small_aliases_and_merge_keys_still_work_and_keep_positions():
    doc = parse_yaml("base: &b {x: 1, y: [2]}\nc:\n  <<: *b\n  x: 5\nd: *b\n", "f.yaml")
    assert doc.data == {"base": {"x": 1, "y": [2]}, "c": {"x": 5, "y": [2]}, "d": {"x": 1, "y": [2]}}
    assert (doc.positions[("c", "x")].line, doc.positions[("c", "y", 0)].line) == (4, 1)
    assert doc.positions[("d",)].line == 5 and doc.key_positions[("d", "y")].line == 1
    doc.data["d"]["y"].append(3)  # an alias is a copy: changing it leaves the anchor alone
    assert doc.data["base"]["y"] == [2]


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("a: &x [1, *x]\n", 1, 11, "refers to a value that contains it"),
        ("a: !!int abc\n", 1, 4, "cannot read 'abc' as int"),
        ("a: !!int\n", 1, 4, "cannot read '' as int"),
        ("a: !!float ''\n", 1, 4, "cannot read '' as float"),
        ("a: !!python/object:os.system x\n", 1, 4, "is not allowed"),
        ("a: !!set {x, y}\n", 1, 4, "is not allowed"),
        ("a: ok\nb: \x1b[31mred\n", 2, 4, "U+001B is not allowed"),
        ("a: " + "9" * 4301 + "\n", 1, 4, "longer than"),
        ("at: [.nan, 1]\n", 1, 6, "not a finite number"),
        ("at: [1, -.inf]\n", 1, 9, "not a finite number"),
        ("a: 1\n---\nb: 2\n", 2, 1, "one YAML document"),
        ("? [1, 2]\n: 3\n", 1, 3, "key must be a plain value"),
        ("a: " + "[" * 1000 + "]" * 1000 + "\n", 1, None, ""),
        ("".join(" " * i + f"k{i}:\n" for i in range(200)), MAX_DEPTH + 1, None, "levels deep"),
    ],
)
def test_yaml_layer_failures_are_located(text, line, column, words):
    problem = yaml_problems(text)[0]
    assert problem.line == line and words in problem.message
    if column is not None:
        assert problem.column == column


def test_null_byte_in_extends(tmp_path):
    spec = write(tmp_path, 'extends: "west-of-africa\\0.yaml"\n')
    (problem,) = problems_of(spec)
    assert (problem.line, problem.path) == (1, "extends") and "null byte" in problem.message


def test_long_extends_chain_is_refused_at_the_link_that_passes_the_limit(tmp_path):
    for i in range(2000):
        write(tmp_path, f"extends: c{i + 1}.yaml\n" if i < 1999 else "extends: west-of-africa\n", f"c{i}.yaml")
    (problem,) = problems_of("c0.yaml")
    assert problem.file == "c31.yaml" and "more than 32 variants" in problem.message


def test_thousand_workers_are_refused_before_enumerating_helpers(tmp_path):
    """R5: each helper goes to a worker ship; 1,000 workers would mean 500,000 ways to list."""
    spec = write(tmp_path, "extends: west-of-africa\nsetup: {workers: {west: 1000}}\n")
    (problem,) = problems_of(spec)
    assert (problem.line, problem.path) == (2, "setup.workers") and "use fewer workers" in problem.message


def test_too_many_cards_to_choose_among(tmp_path):
    """5.I Selecting Cards: every selection of a hand is listed, so the cards are bounded."""
    extra = "".join(f"    x{i}: {{name: X{i}, kind: minus, value: -1}}\n" for i in range(10))
    spec = write(tmp_path, "extends: west-of-africa\ncards:\n  cards:\n" + extra)
    problems = problems_of(spec)
    assert problems and all(p.path == "cards.cards" and "too many to choose among" in p.message for p in problems)


def test_absurd_extra_rounds_and_coordinates_are_refused(tmp_path):
    spec = write(
        tmp_path,
        """
        extends: west-of-africa
        economy: {game_end: {extra_rounds: 1180591620717411303424}}
        board: {islands: {la_palma: {at: [1e300, 0]}}}
        """,
    )
    assert {p.path for p in problems_of(spec)} >= {"economy.game_end.extra_rounds", "board.islands.la_palma.at[0]"}


def test_escape_sequences_in_names_are_refused_and_never_printed_raw(tmp_path, capsys):
    spec = write(tmp_path, 'extends: west-of-africa\nname: "\\e]0;pwned\\a\\e[31mred"\n')
    assert main(["validate", spec]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    assert "v.yaml:2:7: the name holds a control character" in err
    assert main(["validate", "west\x1b[2Jof-africa"]) == 1
    assert "\x1b" not in capsys.readouterr().err


def test_merge_is_linear_in_the_variant():
    """A patch of n values costs O(n) position updates, not O(n^2) (1,000 islands took 38 s)."""
    n = 3000
    target = Located({"islands": {}}, {("islands",): None}, {})  # type: ignore[dict-item]
    patch_data = {"islands": {f"i{k}": {"at": [k, k], "spaces": [{"good": "wine"}]} for k in range(n)}}
    patch = Located(patch_data, {("islands", f"i{k}", "at"): None for k in range(n)}, {})  # type: ignore[misc]
    calls = 0

    class Counting(dict):
        def items(self):  # type: ignore[override]
            nonlocal calls
            calls += 1
            return super().items()

        def __iter__(self):
            nonlocal calls
            calls += 1
            return super().__iter__()

    target.positions = Counting(target.positions)
    merge_patch(target, patch)
    assert len(target.data["islands"]) == n
    assert calls <= 2  # the target's positions are scanned once, not once per replaced value
