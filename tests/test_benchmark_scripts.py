"""The scripts in ``benchmarks/`` meet bad arguments as the CLI does: a sentence and a status,
never a traceback (``woa_core.errors.run_script`` and the CLI's argparse types)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize(
    ("script", "args", "status", "said"),
    [
        ("search_regret.py", ["--players", "9"], 1, "not 9"),
        ("eval_ranking.py", ["--rules", "no-such-game"], 1, "no-such-game: no such rules"),
        ("eval_calibration.py", ["--players", "1"], 1, "not 1"),
        ("profile_game.py", ["--players", "7", "--games", "1"], 1, "not 7"),
        ("search_cost.py", ["mcts:bogus=1"], 2, "no parameter 'bogus'"),
        ("search_regret.py", ["--mcts", "mcts:bogus=1"], 2, "no parameter 'bogus'"),  # a UsageError: the CLI's 2
        ("search_departures.py", ["--games", "0"], 2, "'0' is not a whole number of at least 1"),
        ("backends.py", ["--workers", "100000"], 2, "'100000' workers: at most"),
        ("unfolding.py", ["--rounds", "-1"], 2, "'-1' is not a whole number of at least 1"),
        ("serve_load.py", ["--clients", "0"], 2, "'0' is not a whole number of at least 1"),
        ("serve_load.py", ["--games", "500"], 2, "500 games: the server keeps at most 200"),
        ("fuzz_inputs.py", ["--serve", "-1"], 2, "'-1' is not a whole number of cases"),
        ("tool_speed.py", ["--source", "/nonexistent"], 2, "/nonexistent: no woa_core there"),
        ("tool_speed.py", ["--repeats", "0"], 2, "'0' is not a whole number of at least 1"),
    ],
)
def test_a_bad_argument_gets_a_sentence(script: str, args: list[str], status: int, said: str) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout) == (status, "")
    assert said in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) <= (1 if status == 1 or script == "search_regret.py" else 8)
