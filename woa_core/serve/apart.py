"""A bot decision (or a hint) made apart from the server, in a child process with a time limit.

A Python thread cannot be stopped, so a decision that ran long in one would hold a thread, and
the game's lock, for as long as it ran. ``Apart`` forks the server: the child has the game as it
is (copied on write, nothing rebuilt), makes the decision and sends back its answer through a
pipe; one that overruns its limit is killed, and the caller gets ``Overrun`` with a sentence, the
game unchanged. Forking costs a few milliseconds a decision (``benchmarks/serve_limits.py``: 4-8
ms on a loaded two-core machine, 2 ms for a bare fork). Where a system cannot fork (Windows), the
decision is made in the calling thread, without a limit.

>>> Apart(lambda: 6 * 7).answer(5, "the sum")
42
>>> import time
>>> Apart(lambda: time.sleep(30)).answer(0.2, "the nap")
Traceback (most recent call last):
woa_core.serve.apart.Overrun: the nap took longer than 0.2 s: it was stopped, and the game is unchanged

How far a long decision has come (a hint's rollouts) is told while it runs through a ``Progress``
made before it: a few bytes of memory that the child and the server share, which the child
writes and the server reads when a page asks.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import pickle
import select
import signal
import struct
import threading
import time
from collections.abc import Callable
from typing import Any, NoReturn

from woa_core.errors import UsageError, WoaError

CAN_FORK = hasattr(os, "fork") and hasattr(select, "poll")

CHILD_NICENESS = 10
"""How much lower a decision's process runs than the server (``os.nice``): on a busy machine the
scheduler gives the server's event loop (a static file, a page's state) the CPU before a search."""


class Overrun(WoaError):
    """A decision that took longer than its time limit (it was stopped)."""


class Cancelled(WoaError):
    """A decision stopped before its end because the one waiting for it no longer wants it."""


class Progress:
    """How much of its work a decision has done, of how much it was asked (``done``, ``asked``):
    written by the work as it goes (``report``), read by the server at any time (``read``), across
    the fork: an anonymous shared mapping made before it, which parent and child both see. Where
    the work runs in the calling thread, the same memory, in one process.

    >>> progress = Progress()
    >>> progress.read()
    (0, 0)
    >>> Apart(lambda: progress.report(40, 60)).answer(5, "a count")
    >>> progress.read()
    (40, 60)
    >>> progress.close(); progress.read()
    (0, 0)
    """

    _FORMAT = "=QQ"

    def __init__(self) -> None:
        self._memory: mmap.mmap | None = mmap.mmap(-1, struct.calcsize(self._FORMAT))

    def report(self, done: int, asked: int) -> None:
        """Say that ``done`` of ``asked`` are done (called by the work, in the child)."""
        memory = self._memory
        if memory is not None:
            memory[:] = struct.pack(self._FORMAT, max(done, 0), max(asked, 0))

    def read(self) -> tuple[int, int]:
        """What the work said last: ``(done, asked)``; ``(0, 0)`` before it said anything, or
        once closed."""
        memory = self._memory
        if memory is None:
            return 0, 0
        try:
            done, asked = struct.unpack(self._FORMAT, memory[:])
        except ValueError:  # closed by another thread meanwhile: the work is over
            return 0, 0
        return int(done), int(asked)

    def close(self) -> None:
        """Let the memory go (the work is over)."""
        memory, self._memory = self._memory, None
        if memory is not None:
            memory.close()


class Apart:
    """``work()`` started in a child process (see the module docstring); ``answer`` waits for its
    value. Start it while the state it reads is as it should be (under the game's lock): the child
    sees the memory of the moment it was started."""

    def __init__(self, work: Callable[[], Any]) -> None:
        self._work: Callable[[], Any] | None = None
        self._ended = threading.Lock()  # held from the moment the child is reaped: never kill a pid reused since
        self._cancelled = False
        if not CAN_FORK:
            self._work = work
            return
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(reader)
            _decide(work, writer)
        os.close(writer)
        self._pid, self._reader = pid, reader

    def answer(self, seconds: float, what: str) -> Any:
        """The value of the work, waited for at most ``seconds`` (``Overrun`` after that, the child
        killed); ``UsageError`` with its sentence for work that failed; ``what`` names it."""
        if self._work is not None:
            return self._work()
        try:
            data = self._read(time.monotonic() + seconds)
        finally:
            status = self._stop()
        if self._cancelled:
            raise Cancelled(f"{what} was cancelled: the game is unchanged")
        if data is None:
            raise Overrun(f"{what} took longer than {seconds:g} s: it was stopped, and the game is unchanged")
        try:
            kind, value = pickle.loads(data)
        except Exception:  # the child ended before its whole answer was written
            raise UsageError(f"{what} ended without an answer (status {status}): the game is unchanged") from None
        if kind == "refused":
            raise UsageError(value)
        return value

    def cancel(self) -> None:
        """Stop the child now if it still runs (``answer`` then raises ``Cancelled``); nothing
        once its answer is in (or where it runs in the calling thread).

        >>> import time
        >>> search = Apart(lambda: time.sleep(30))
        >>> search.cancel(); search.answer(5, "the nap")
        Traceback (most recent call last):
        woa_core.serve.apart.Cancelled: the nap was cancelled: the game is unchanged
        """
        if self._work is not None or not self._ended.acquire(blocking=False):
            return
        try:
            self._cancelled = True
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._pid, signal.SIGKILL)
        finally:
            self._ended.release()

    def _read(self, deadline: float) -> bytes | None:
        """All the child writes, until it closes the pipe; None if the deadline comes first."""
        poller = select.poll()  # not select.select: a busy server's descriptors pass 1024
        poller.register(self._reader, select.POLLIN)
        chunks: list[bytes] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not poller.poll(left * 1000):
                return None
            chunk = os.read(self._reader, 1 << 16)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)

    def _stop(self) -> int:
        """Kill the child if it still runs, reap it; its wait status."""
        os.close(self._reader)
        self._ended.acquire()  # for good: cancel() kills nothing from now on
        with contextlib.suppress(ProcessLookupError):
            os.kill(self._pid, signal.SIGKILL)
        return os.waitpid(self._pid, 0)[1]


def _decide(work: Callable[[], Any], writer: int) -> NoReturn:
    """In the child: do the work, write ``("ok", value)`` or ``("refused", sentence)`` pickled,
    and end at once (``os._exit``: nothing of the server's runs again here)."""
    code = 0
    try:
        for number in (signal.SIGINT, signal.SIGTERM):  # the server's own handlers mean nothing here
            signal.signal(number, signal.SIG_DFL)
        with contextlib.suppress(OSError):  # the server's own answers first: a search yields the CPU to them
            os.nice(CHILD_NICENESS)
        try:
            data = pickle.dumps(("ok", work()))
        except WoaError as e:
            data = pickle.dumps(("refused", str(e)))
        except Exception as e:  # the decision's bug, said as a sentence by the server
            data = pickle.dumps(("refused", f"the decision failed: {type(e).__name__}: {e}"))
        view = memoryview(data)
        while view:
            view = view[os.write(writer, view) :]
    except BaseException:
        code = 1
    finally:
        os._exit(code)
