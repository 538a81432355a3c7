"""A run asking for a huge number of games is not built before it starts (issue 37.6): its tasks
are made as the backend needs them, so memory does not grow with the number of games asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

import pytest

from woa_core.sim.backends import LazyTasks
from woa_core.sim.compare import run_pairs
from woa_core.sim.runner import RunSpec, run_games

T = TypeVar("T")
R = TypeVar("R")
ROOT = Path(__file__).resolve().parents[2]

MEMORY_LIMIT = 768 * 1024 * 1024
"""The address space the child may use: ten times what playing a few games takes, and far less
than a list of 10^8 tasks (about 10 GB)."""

FEW_GAMES = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from woa_core.sim.backends import LocalPool
from woa_core.sim.compare import run_pairs
from woa_core.sim.runner import RunSpec, run_games

spec = RunSpec("west-of-africa", 2, ("random", "random"), seed=3)
seen = {{}}
for workers in (1, 2):
    games = run_games(spec, 10**8, workers=workers)
    seen[f"simulate, {{workers}} workers"] = [next(games).index for _ in range(3)]
    games.close()
with LocalPool(1) as pool:
    pairs = run_pairs(spec, spec, 10**8, pool)
    seen["compare"] = [next(pairs)[0].index for _ in range(3)]
    pairs.close()
print(json.dumps(seen))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS bounds the address space on Linux")
def test_a_run_asking_for_10_to_the_8_games_plays_its_first_games_in_bounded_memory() -> None:
    """issue 37.6: `run_games` and `run_pairs` asking for 10^8 games, stopped after three, never
    build 10^8 tasks: in a process whose memory is capped far below what they would take, the
    first games are played (serially and by a pool of two workers), each with its own index."""
    code = textwrap.dedent(FEW_GAMES.format(limit=MEMORY_LIMIT))
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout) == {
        "simulate, 1 workers": [0, 1, 2],
        "simulate, 2 workers": [0, 1, 2],
        "compare": [0, 1, 2],
    }


class _Recording:
    """A one-process backend that keeps the task sequence it was given."""

    name = "recording"
    workers = 1

    def __init__(self) -> None:
        self.tasks: list[object] = []

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        self.tasks.append(tasks)
        for task in tasks:
            yield fn(task)

    def close(self) -> None:
        pass


def test_the_tasks_of_a_huge_run_are_a_lazy_sequence_of_the_same_games() -> None:
    """issue 37.6: the backend gets a ``LazyTasks`` of 10^8 game ranges (not a list), whose
    tasks play the games a small run plays, index for index (so seeds and results are as before)."""
    spec = RunSpec("west-of-africa", 2, ("random", "random"), seed=3)
    backend = _Recording()
    huge = run_games(spec, 10**8, backend=backend, start=5)
    first = [next(huge) for _ in range(2)]
    huge.close()
    (tasks,) = backend.tasks
    assert isinstance(tasks, LazyTasks) and len(tasks) == 10**8
    assert tasks[0][1:] == (5, 6) and tasks[-1][1:] == (10**8 + 4, 10**8 + 5)
    small = list(run_games(spec, 2, start=5))
    assert [(r.index, r.seed, r.figures) for r in first] == [(r.index, r.seed, r.figures) for r in small]
    pairs = run_pairs(spec, spec, 10**8, backend)
    next(pairs)
    pairs.close()
    assert isinstance(backend.tasks[1], LazyTasks) and len(backend.tasks[1]) == 10**8


def test_a_huge_check_run_is_a_lazy_sequence_too() -> None:
    """issue 37.6: `woa check --games 10^8` gives its backend a ``LazyTasks`` as well, whose
    first task is the chunk a small run plays first."""
    from woa_core.check.batch import CheckTask, check_games
    from woa_core.rules import read_rules

    backend = _Recording()
    task = CheckTask(read_rules("west-of-africa"), 2, ("random", "random"), seed=3)
    results = check_games(task, 10**8, backend)
    first = next(results)
    results.close()
    (tasks,) = backend.tasks
    assert isinstance(tasks, LazyTasks) and len(tasks) == 10**8
    assert (tasks[0].start, tasks[0].stop, first.games, first.violation) == (0, 1, 1, None)
