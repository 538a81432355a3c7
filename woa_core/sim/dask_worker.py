"""What a worker of the local Dask cluster (``woa --dask local``) runs as it starts, before any
game: it ignores SIGINT and SIGTERM, as the local pool's workers do (``woa_core.sim.backends``),
so Ctrl-C or ``timeout``'s SIGTERM to the process group reaches only the ``woa`` process, which
stops the cluster itself (asking each worker to close, then killing it). Dask loads this module
in each worker (``LocalCluster(preload=...)``) and calls ``dask_setup``."""

from __future__ import annotations

from typing import Any

from woa_core.sim.backends import ignore_signals


def dask_setup(worker: Any) -> None:
    """Dask's preload hook, in the worker process's main thread: ignore the two signals."""
    ignore_signals()
