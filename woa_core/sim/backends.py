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
import contextlib
import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from multiprocessing.util import Finalize
from typing import Any, Protocol, TypeVar, overload

from woa_core.errors import UsageError, WoaError
from woa_core.options import add_dask_option as add_dask_option  # (kept here: its home is options)

T = TypeVar("T")
R = TypeVar("R")

DASK_MISSING = "--dask needs the optional Dask extra: pip install 'woa[dask]' (from a checkout: pip install '.[dask]')"


class LazyTasks(Sequence[T]):
    """The tasks of a run, each made only when a backend asks for it: task ``k`` is
    ``make(keys[k])``. A run asking for 10^8 games holds a range and a function, not a list of
    10^8 tasks, so its memory does not grow with the games asked for (every backend reads its
    tasks one at a time, in order, and ``len`` is known without making any).

    >>> tasks = LazyTasks(range(0, 10**12, 50), lambda first: (first, first + 50))
    >>> len(tasks), tasks[1], tasks[-1], list(tasks[2:4])
    (20000000000, (50, 100), (999999999950, 1000000000000), [(100, 150), (150, 200)])
    """

    __slots__ = ("_keys", "_make")

    def __init__(self, keys: range, make: Callable[[int], T]) -> None:
        self._keys = keys
        self._make = make

    def __len__(self) -> int:
        return len(self._keys)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> LazyTasks[T]: ...

    def __getitem__(self, index: int | slice) -> T | LazyTasks[T]:
        if isinstance(index, slice):
            return LazyTasks(self._keys[index], self._make)
        return self._make(self._keys[index])

    def __iter__(self) -> Iterator[T]:
        return map(self._make, self._keys)


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


STOP_SECONDS = 3.0
"""How long a worker may take to end by itself when a finished pool closes; then it is killed."""

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """A block in which SIGINT and SIGTERM are held (blocked, not lost) in this thread, and in
    the threads and processes it starts: a signal must not reach a new worker before the worker
    ignores signals (it would die at birth). The parent gets a held signal when the block ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def ignore_signals() -> None:
    """What a worker process does first: ignore SIGINT and SIGTERM and let go of those held while
    it was started (``signals_held``), which are dropped."""
    for sig in _SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)


def _serve(conn: Connection, parent_end: Connection | None) -> None:
    """A worker: run each ``(fn, task)`` received and send back ``(True, result)`` or
    ``(False, exception)``, until ``None`` or the parent is gone.

    Workers ignore SIGINT and SIGTERM: Ctrl-C at a terminal and ``timeout``'s SIGTERM reach the
    whole process group, and a worker killed in the middle of a message could leave the parent
    waiting forever. The parent alone stops them (``LocalPool.close``), with SIGKILL if need be."""
    ignore_signals()
    if parent_end is not None:  # forked: the parent's end of the pipe, which only the parent may hold
        parent_end.close()
    parent = os.getppid()
    while True:
        try:
            while not conn.poll(1.0):
                if os.getppid() != parent:  # the parent died without closing the pool
                    return
            message = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            item = ForkingPickler.loads(message)
            if item is None:
                return
            fn, task = item
            reply: tuple[bool, Any] = (True, fn(task))
        except BaseException as e:  # the parent re-raises it, as if the task had run there
            reply = (False, e)
        try:
            data = ForkingPickler.dumps(reply)
        except Exception as e:  # a result or an exception that cannot be pickled
            data = ForkingPickler.dumps((False, RuntimeError(f"a worker cannot send back its result: {e}")))
        try:
            conn.send_bytes(data)
        except OSError:
            return


@dataclass(slots=True)
class _Worker:
    process: Any  # multiprocessing.Process
    conn: Connection


class LocalPool:
    """Processes on this machine (``multiprocessing``); one worker runs tasks in this process.

    Each worker has its own pipe and runs one task at a time; no lock is shared, so no worker,
    however it ends, can leave the parent waiting. The workers ignore Ctrl-C and SIGTERM; the
    parent stops them: at once (SIGKILL) when a run is stopped or fails, since what they are
    playing is discarded anyway; by asking, then SIGKILL after ``STOP_SECONDS``, when the pool
    closes after finished runs. A worker that dies is an error, never a wait.

    The pool starts on the first ``map`` with more than one task and is kept for later maps
    (a sweep runs many), until ``close``.
    """

    name = "local"

    def __init__(self, workers: int) -> None:
        self._workers = max(1, workers)
        self._running: list[_Worker] = []
        # at exit, before multiprocessing joins its children (it would wait forever on workers
        # that ignore SIGTERM), the workers of a pool nobody closed are stopped
        self._at_exit = Finalize(self, _close, args=(self._running,), exitpriority=20)

    @property
    def workers(self) -> int:
        """How many processes play at once."""
        return self._workers

    def _start(self) -> list[_Worker]:
        if self._running:
            return self._running
        methods = multiprocessing.get_all_start_methods()
        ctx: Any = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        forked = ctx.get_start_method() == "fork"
        try:
            with signals_held():
                for _ in range(self._workers):
                    mine, theirs = ctx.Pipe()
                    process = ctx.Process(target=_serve, args=(theirs, mine if forked else None), daemon=True)
                    self._running.append(_Worker(process, mine))
                    process.start()
                    theirs.close()
        except BaseException:
            self._kill()
            raise
        return self._running

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """Results in task order; on an error, a stop (Ctrl-C) or an early end the workers are killed."""
        if self._workers == 1 or len(tasks) <= 1:
            for task in tasks:
                yield fn(task)
            return
        finished = False
        try:
            yield from self._map(fn, tasks)
            finished = True
        finally:
            if not finished:  # stopped, failed or abandoned: what the workers play is discarded
                self._kill()

    def _map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        workers = self._start()
        # each worker holds up to two tasks (a few kB each: the pipe takes them at once), so it
        # starts the next as soon as it sends a result, without waiting for this process; the
        # last tasks go one at a time, to whichever worker is free first
        queued: list[deque[int]] = [deque() for _ in workers]
        done: dict[int, tuple[bool, Any]] = {}
        window = 4 * len(workers)  # results held for the order, at most
        sent = given = 0
        while given < len(tasks):
            while sent < len(tasks) and sent < given + window:
                k = min(range(len(workers)), key=lambda j: len(queued[j]))
                if queued[k] and (len(queued[k]) >= 2 or len(tasks) - sent <= len(workers)):
                    break  # near the end, a task waits for the first worker free
                self._send(workers[k], (fn, tasks[sent]))
                queued[k].append(sent)
                sent += 1
            if given in done:
                ok, value = done.pop(given)
                given += 1
                if not ok:
                    raise value
                yield value
                continue
            waiting = [k for k in range(len(workers)) if queued[k]]
            ready = wait([workers[k].conn for k in waiting] + [workers[k].process.sentinel for k in waiting])
            for k in waiting:
                worker = workers[k]
                if worker.conn in ready or worker.process.sentinel in ready:
                    done[queued[k].popleft()] = self._receive(worker)

    @staticmethod
    def _send(worker: _Worker, item: Any) -> None:
        try:
            worker.conn.send(item)
        except OSError:
            raise WoaError(_lost(worker)) from None

    @staticmethod
    def _receive(worker: _Worker) -> tuple[bool, Any]:
        try:
            if worker.conn.poll():
                reply: tuple[bool, Any] = worker.conn.recv()
                return reply
        except (EOFError, OSError):
            pass
        worker.process.join(STOP_SECONDS)
        raise WoaError(_lost(worker))

    def _kill(self) -> None:
        """Kill every worker now and reap it (a killed process ends at once)."""
        _close(self._running, grace=0.0)

    def close(self) -> None:
        """Stop the worker processes: ask them to end, and kill those still running after
        ``STOP_SECONDS`` (never wait longer)."""
        _close(self._running)

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _close(running: list[_Worker], grace: float = STOP_SECONDS) -> None:
    """End the workers in ``running`` (emptied): ask them, wait up to ``grace`` seconds, kill
    those left (they ignore SIGTERM) and reap them all."""
    workers = list(running)
    running.clear()
    if grace > 0:
        for w in workers:
            with contextlib.suppress(OSError, ValueError):
                w.conn.send(None)
        deadline = time.monotonic() + grace
        for w in workers:
            if w.process.pid is not None:
                w.process.join(max(0.0, deadline - time.monotonic()))
    for w in workers:
        if w.process.pid is not None and w.process.exitcode is None:
            with contextlib.suppress(OSError):
                w.process.kill()
    for w in workers:
        if w.process.pid is not None:
            w.process.join(STOP_SECONDS)  # a killed process is reaped at once
        w.conn.close()


def _lost(worker: _Worker) -> str:
    code = worker.process.exitcode
    how = f"killed by {signal.Signals(-code).name}" if code is not None and code < 0 else f"exit status {code}"
    return f"a worker process ended while playing ({how}); the run cannot go on"


WORKER_PRELOAD = "woa_core.sim.dask_worker"
"""The module a local Dask cluster's workers load first (``dask_setup``: ``ignore_signals``)."""


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
                # its workers ignore SIGINT and SIGTERM from their start (WORKER_PRELOAD), as the
                # local pool's do; the cluster's own thread keeps them held, so a signal to the
                # process group reaches the main thread alone, and the parent stops the cluster
                with signals_held():
                    self._cluster = LocalCluster(
                        n_workers=max(1, workers),
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        silence_logs=50,  # logging.CRITICAL: the cluster's chatter is not the report
                        preload=[WORKER_PRELOAD],
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


def open_backend(args: argparse.Namespace) -> Backend:
    """The local pool of ``--workers`` processes, or the Dask cluster ``--dask`` names."""
    return connect(getattr(args, "dask", None), getattr(args, "workers", 0) or os.cpu_count() or 1)
