"""Backends (issue 8.5): a Dask cluster plays the same games as the local pool, figure for figure."""

from __future__ import annotations

import json
import sys

import pytest

from woa_core.cli import main
from woa_core.sim.backends import LocalPool

TIMINGS = ("seconds", "games_per_second", "decisions_per_second", "workers", "backend")


def _figures(capsys, *args: str) -> dict:
    assert main(["simulate", "--quiet", "--json", *args]) == 0
    report = json.loads(capsys.readouterr().out)
    manifest = {k: v for k, v in report["manifest"].items() if k not in TIMINGS}
    return {"manifest": manifest, "stats": report["stats"], "backend": report["manifest"]["backend"]}


def test_dask_local_cluster_gives_the_local_figures(capsys) -> None:
    pytest.importorskip("dask.distributed")
    args = ["--players", "3", "--games", "12", "--seed", "4", "--bots", "heuristic,random,random", "--rotate-seats"]
    local = _figures(capsys, *args, "--workers", "1")
    dask = _figures(capsys, *args, "--workers", "2", "--dask", "local")
    assert (local.pop("backend"), dask.pop("backend")) == ("local", "dask")
    assert dask == local
    assert local["stats"]["games"] == 12


def test_without_the_extra_dask_says_what_to_install(capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails as if not installed
    assert main(["simulate", "--quiet", "--games", "2", "--dask", "local"]) == 2
    assert "pip install 'woa[dask]'" in capsys.readouterr().err


def test_local_pool_keeps_task_order_across_processes() -> None:
    with LocalPool(workers=2) as pool:
        assert list(pool.map(abs, [-5, 4, -3, 2, -1])) == [5, 4, 3, 2, 1]
        assert list(pool.map(abs, [-7, 6])) == [7, 6]  # the same pool serves a second run


@pytest.fixture(scope="module")
def scheduler():
    """A small Dask cluster (2 worker processes) that several commands connect to by address."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_check_on_a_dask_scheduler_matches_one_process(scheduler: str, capsys) -> None:
    """Checked games are spread in chunks; coverage sums and the outcome are those of one process."""
    args = ["check", "--players", "3", "--games", "8", "--seed", "2", "--coverage", "--json"]
    assert main([*args, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--dask", scheduler]) == 0
    assert json.loads(capsys.readouterr().out) == local
    assert local["coverage"]["3"]["actions"]["seen"]


def test_sweep_on_a_dask_scheduler_matches_the_local_pool(scheduler: str, tmp_path, capsys) -> None:
    space = tmp_path / "space.yaml"
    space.write_text("players: 2\ngames: 4\nbots: random\nparameters:\n  economy.gold.cap: [40, 60]\n")
    runs = []
    for where, backend in (("local", ["--workers", "1"]), ("dask", ["--dask", scheduler])):
        assert main(["sweep", str(space), "--out", str(tmp_path / where), "--quiet", "--json", *backend]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[0]["rows"] == runs[1]["rows"] and runs[0]["ranking"] == runs[1]["ranking"]
    assert runs[1]["manifest"]["backend"] == "dask"


def test_compare_on_a_dask_scheduler_matches_the_local_pool(scheduler: str, capsys) -> None:
    args = ["compare", "--set", "economy.gold.cap=60", "--players", "2", "--games", "6", "--bots", "random"]
    reports = []
    for backend in (["--workers", "1"], ["--dask", scheduler]):
        assert main([*args, *backend, "--quiet", "--json"]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    assert reports[0]["rows"] == reports[1]["rows"]


class _Planner:
    """A backend of two workers that notes how many games each task holds and plays none."""

    name = "planner"
    workers = 2

    def __init__(self) -> None:
        self.games: list[int] = []

    def map(self, fn, tasks):
        for task in tasks:
            start, stop = (task.start, task.stop) if hasattr(task, "start") else task[-2:]
            self.games.append(stop - start)
            yield [] if not hasattr(task, "start") else None

    def close(self) -> None:
        pass


def test_a_run_with_a_search_bot_sends_one_game_a_task() -> None:
    """A game with ``mcts`` takes seconds to minutes: with one game a task a stop loses only the
    games under way and the progress bar moves every game; cheap games go many to a task. The same
    for simulate, compare and check."""
    from woa_core.check.batch import CheckTask, check_games
    from woa_core.rules import read_rules
    from woa_core.sim.compare import run_pairs
    from woa_core.sim.runner import RunSpec, run_games

    def planned(play, bots: tuple[str, ...]) -> list[int]:
        backend = _Planner()
        list(play(bots, backend))
        return backend.games

    def simulate(bots, backend):
        return run_games(RunSpec("africa", 2, bots, seed=1), 400, backend=backend)

    def compare(bots, backend):
        return run_pairs(RunSpec("africa", 2, bots, seed=1), RunSpec("africa", 2, bots, seed=1), 400, backend)

    def check(bots, backend):
        return check_games(CheckTask(read_rules("africa"), 2, bots, seed=1), 400, backend)

    for play, cheap in ((simulate, [25] * 16), (compare, [25] * 16), (check, [20] * 20)):  # 400 games, 2 workers
        assert planned(play, ("random", "random")) == cheap
        assert planned(play, ("mcts:iterations=2", "random")) == [1] * 400
