"""Where games run: the embedded local process pool, or a Dask distributed cluster.

A backend maps a function over tasks and yields the results **in task order**, so a run's
statistics (fed game by game in index order) are the same whichever backend played the games.

>>> from operator import neg
>>> with LocalPool(workers=1) as pool:
...     list(pool.map(neg, [1, 2, 3]))
[-1, -2, -3]

Dask is an optional extra (``pip install 'woa[dask]'``); ``connect(None, n)`` is the local pool,
``connect("local", n)`` starts a Dask ``LocalCluster`` of ``n`` worker processes and
``connect("tcp://HOST:8786", n)`` uses a running scheduler. Every backend a command opens with
``connect`` is closed by ``close_all`` (the ``woa`` command calls it on the way out).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from woa_core.errors import UsageError

T = TypeVar("T")
R = TypeVar("R")

DASK_MISSING = "--dask needs the optional Dask extra: pip install 'woa[dask]' (from a checkout: pip install '.[dask]')"


class Backend(Protocol):
    """Runs tasks somewhere and yields their results in task order."""

    name: str

    @property
    def workers(self) -> int:
        """How many tasks run at once."""
        ...

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """``fn(task)`` for each task, yielded in the order of ``tasks``."""
        ...

    def close(self) -> None:
        """Release processes, connections, clusters."""
        ...


def _ignore_interrupts() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops the pool and reports what finished;
    SIGTERM (which the parent's ``close`` sends them) simply ends them, whatever the parent set."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class LocalPool:
    """Processes on this machine (``multiprocessing``); one worker runs tasks in this process.

    The pool starts on the first ``map`` with more than one task and is kept for later maps
    (a sweep runs many), until ``close``.
    """

    name = "local"

    def __init__(self, workers: int) -> None:
        self._workers = max(1, workers)
        self._pool: Any = None

    @property
    def workers(self) -> int:
        """How many processes play at once."""
        return self._workers

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """Results in task order; on an error or Ctrl-C the pool is stopped."""
        if self._workers == 1 or len(tasks) <= 1:
            for task in tasks:
                yield fn(task)
            return
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
            self._pool = ctx.Pool(self._workers, initializer=_ignore_interrupts)
        finished = False
        try:
            yield from self._pool.imap(fn, tasks)
            finished = True
        finally:
            if not finished:  # interrupted or failed: tasks may still be running
                self.close()

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class DaskBackend:
    """A Dask distributed cluster: each task is a Dask task; results come back in task order.

    At most a few tasks per worker thread are in flight, so a long run does not flood the
    scheduler and Ctrl-C cancels little work.
    """

    name = "dask"

    def __init__(self, address: str, workers: int) -> None:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise UsageError(DASK_MISSING) from None
        self.address = address
        self._cluster: Any = None
        self._client: Any = None
        try:
            if address == "local":
                self._cluster = LocalCluster(
                    n_workers=max(1, workers),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=50,  # logging.CRITICAL: the cluster's chatter is not the report
                )
                self._client = Client(self._cluster)
            else:
                self._client = Client(address, timeout="10s")
        except (OSError, TimeoutError) as e:
            self.close()
            raise UsageError(f"cannot reach the Dask scheduler at {address}: {e}") from None

    @property
    def workers(self) -> int:
        """Worker threads in the cluster now (at least 1)."""
        return max(1, sum(self._client.nthreads().values()))

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """Submit tasks (a bounded window of them) and yield their results in task order."""
        window: deque[Any] = deque()
        limit = 4 * self.workers
        pending = iter(tasks)
        try:
            for task in pending:
                window.append(self._client.submit(fn, task, pure=False))
                if len(window) >= limit:
                    yield window.popleft().result()
            while window:
                yield window.popleft().result()
        finally:
            if window:
                self._client.cancel(list(window))

    def close(self) -> None:
        """Disconnect (and stop the local cluster if this backend started one)."""
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


_opened: list[Backend] = []


def connect(dask: str | None, workers: int) -> Backend:
    """The backend a command asked for: ``dask`` is None (local pool), ``local`` or an address.

    >>> connect(None, 2).name
    'local'
    """
    backend: Backend = LocalPool(workers) if dask is None else DaskBackend(dask, workers)
    _opened.append(backend)
    return backend


def close_all() -> None:
    """Close every backend ``connect`` opened (called once as the ``woa`` command ends)."""
    while _opened:
        _opened.pop().close()


def add_dask_option(parser: argparse.ArgumentParser) -> None:
    """``--dask ADDRESS`` on a command that plays many games (same results as locally)."""
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play the games on a Dask scheduler (tcp://HOST:8786), or 'local' for a local Dask cluster "
        "of --workers processes; results are identical to a local run (needs: pip install 'woa[dask]')",
    )


def open_backend(args: argparse.Namespace) -> Backend:
    """The local pool of ``--workers`` processes, or the Dask cluster ``--dask`` names."""
    return connect(getattr(args, "dask", None), getattr(args, "workers", 0) or os.cpu_count() or 1)
