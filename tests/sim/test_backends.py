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
