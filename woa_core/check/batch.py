"""Checked games in chunks, on any backend (the local pool or Dask), consumed in game order.

A chunk plays its games with every invariant checked and stops at its first violation; the
chunks are read in order, so the first violation found is the one a single process would find,
and coverage counts (sums) are the same however the games were spread.

>>> from woa_core.rules import read_rules
>>> from woa_core.sim.backends import LocalPool
>>> task = CheckTask(read_rules("west-of-africa"), 2, ("random", "random"), seed=0, coverage=True)
>>> results = list(check_games(task, games=3, backend=LocalPool(1)))
>>> sum(r.games for r in results), any(r.violation for r in results), sum(results[0].seen["actions"].values()) > 0
(3, False, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass, replace

from woa_core.check.coverage import coverage_of
from woa_core.check.runner import Violation, play_checked
from woa_core.rules import RulesSource
from woa_core.sim.backends import Backend, LazyTasks
from woa_core.sim.runner import game_seed, games_per_task


@dataclass(frozen=True, slots=True)
class CheckTask:
    """Games ``start``..``stop-1`` of a check run (picklable: it travels to the workers)."""

    source: RulesSource
    players: int
    bots: tuple[str, ...]
    seed: int
    coverage: bool = False
    exhaustive: bool = False
    start: int = 0
    stop: int = 0


@dataclass(slots=True)
class CheckResult:
    """What a chunk found: games played, the first violation and its game, coverage counts."""

    games: int
    violation: Violation | None = None
    game: int = -1
    seen: dict[str, Counter] | None = None


def check_one(task: CheckTask, game: int) -> CheckResult:
    """Game ``game`` of a check run alone, in this process (as a chunk of one plays it)."""
    return check_chunk(replace(task, start=game, stop=game + 1))


def check_chunk(task: CheckTask) -> CheckResult:
    """Play a chunk's games, stopping at the first violation."""
    rules = task.source.compile(task.players)
    coverage = coverage_of(rules) if task.coverage else None
    observers = [coverage] if coverage else []
    for i in range(task.start, task.stop):
        seed = game_seed(task.seed, i)
        violation, _ = play_checked(rules, seed, observers=observers, bots=task.bots, exhaustive=task.exhaustive)
        if violation:
            return CheckResult(i - task.start + 1, violation, i, coverage.seen if coverage else None)
    return CheckResult(task.stop - task.start, None, -1, coverage.seen if coverage else None)


def check_games(task: CheckTask, games: int, backend: Backend, start: int = 0) -> Generator[CheckResult, None, None]:
    """Each chunk's result in game order, games ``start``..``games-1`` (stop reading at the first
    violation)."""
    task.source.compile(task.players)  # a rules problem is reported here, not in a worker
    chunk = games_per_task(games - start, backend.workers, task.bots, most=20, per_worker=4)
    tasks = LazyTasks(range(start, games, chunk), lambda a: replace(task, start=a, stop=min(a + chunk, games)))
    yield from backend.map(check_chunk, tasks)
