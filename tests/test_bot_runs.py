"""``benchmarks/bot_runs.py``: the kept runs of issue 15 and the table made from them.

The table in ``benchmarks/results/africa-mcts/README.md`` is made from ``runs.yaml`` and the CSV
files beside it, so every figure in it is stated once (in the files); these tests keep it so.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bot_runs
import fuzz_inputs as fuzz

KEPT = Path(__file__).resolve().parents[1] / "benchmarks" / "results" / "africa-mcts"
HEADER = "game,seed,winner,p1_bot,p2_bot\n"


def _run(path: Path, rows: list[str]) -> Path:
    path.write_text(HEADER + "".join(r + "\n" for r in rows), encoding="utf-8")
    return path


def test_the_kept_runs_table_is_the_one_their_files_make() -> None:
    """Edit runs.yaml or add a run, then remake README.md as its first line says."""
    assert (KEPT / "README.md").read_text(encoding="utf-8") == bot_runs.table(KEPT / "runs.yaml")


def test_the_table_reads_its_figures_from_the_files(tmp_path: Path) -> None:
    """A shared win counts 1/k (A28); the reference pairs game by game; a recorded run is pooled."""
    _run(tmp_path / "ref.csv", ["0,10,p1,mcts:a,heuristic", "1,11,p1,heuristic,mcts:a", "2,12,p2,mcts:a,heuristic"])
    _run(tmp_path / "new.csv", ["0,10,p1 p2,mcts:b,heuristic", "1,11,p2,heuristic,mcts:b"])
    manifest = tmp_path / "runs.yaml"
    manifest.write_text(
        "reference: [ref.csv]\n"
        "rows:\n"
        "  - runs: [new.csv]\n    note: a note\n"
        "  - runs: [new.csv, {first: 2, games: 2, percent: 50}]\n    build: abc1234 (reverted)\n",
        encoding="utf-8",
    )
    lines = bot_runs.table(manifest).splitlines()
    first = next(line for line in lines if line.startswith("| 1 |"))
    second = next(line for line in lines if line.startswith("| 2 |"))
    assert "| `mcts:b` | 0-1 | 75.0% [" in first and "| +25.0 ± " in first
    assert "| 0-3 | 62.5% [" in second and "abc1234 (reverted)" in second
    assert "1. a note" in lines and "`mcts:a` (ref.csv)" in "\n".join(lines)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("  - runs: [new.csv, other.csv]\n", "2 settings (mcts:b, mcts:c), not 1"),
        ("  - runs: [missing.csv]\n", "missing.csv: cannot be read"),
        ("  - runs: [{first: 0, games: 2}]\n", "a run is a CSV file's name or {first: GAME >= 0"),
        ("  - runs: [{first: 0, games: 0, percent: 50}]\n", "games: N >= 1"),
        ("  - runs: []\n", "row 1: no games"),
        ("  - runs: [new.csv]\n    note: [1, 2]\n", "row 1: bots, build, cpu and note are text"),
        ("  - runs: [new.csv]\n    colour: red\n", "row 1: needs 'runs', and only bots, build, cpu, note, runs"),
    ],
)
def test_a_wrong_manifest_gets_a_sentence(tmp_path: Path, rows: str, message: str) -> None:
    _run(tmp_path / "new.csv", ["0,10,p1,mcts:b,heuristic"])
    _run(tmp_path / "other.csv", ["1,11,p1,mcts:c,heuristic"])
    manifest = tmp_path / "runs.yaml"
    manifest.write_text("reference: [new.csv]\nrows:\n" + rows, encoding="utf-8")
    with pytest.raises(SystemExit, match=re.escape(message)):
        bot_runs.table(manifest)


def test_game_numbers_read_as_ranges() -> None:
    assert bot_runs._ranges([3, 0, 1, 2, 7, 9, 8]) == "0-3, 7-9"
    assert bot_runs._ranges([5]) == "5"


@pytest.fixture(scope="module")
def kept_copy(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("kept")
    for path in KEPT.iterdir():
        shutil.copy(path, folder / path.name)
    return folder


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    ops=st.lists(
        st.builds(
            fuzz.TextOp,
            st.sampled_from(fuzz.TEXT_OPS),
            st.floats(0, 1),
            st.sampled_from(fuzz.TOKENS),
            st.integers(1, 20),
        ),
        min_size=1,
        max_size=3,
    )
)
def test_a_mangled_manifest_gets_a_sentence_or_a_table(kept_copy: Path, ops) -> None:
    """runs.yaml mutated as benchmarks/fuzz_inputs.py mutates rule files: a table or one line
    that names the manifest, never a traceback."""
    manifest = kept_copy / "runs.yaml"
    manifest.write_text(fuzz.mutate_text((KEPT / "runs.yaml").read_text(encoding="utf-8"), ops), encoding="utf-8")
    try:
        assert bot_runs.table(manifest).startswith("# ")
    except SystemExit as e:
        assert isinstance(e.code, str) and "\n" not in e.code.strip() and str(kept_copy) in e.code
