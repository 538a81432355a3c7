"""A bot decision (or a hint) made apart from the server, in a child process with a time limit.

A Python thread cannot be stopped, so a decision that ran long in one would hold a thread, and
the game's lock, for as long as it ran. ``Apart`` forks the server: the child has the game as it
is (copied on write, nothing rebuilt), makes the decision and sends back its answer through a
pipe; one that overruns its limit is killed, and the caller gets ``Overrun`` with a sentence, the
game unchanged. Forking costs about a millisecond or two a decision (``docs/serve-security.md``).
Where a system cannot fork (Windows), the decision is made in the calling thread, without a limit.

>>> Apart(lambda: 6 * 7).answer(5, "the sum")
42
>>> import time
>>> Apart(lambda: time.sleep(30)).answer(0.2, "the nap")
Traceback (most recent call last):
woa_core.serve.apart.Overrun: the nap took longer than 0.2 s: it was stopped, and the game is unchanged
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from woa_core.errors import UsageError, WoaError

CAN_FORK = "fork" in multiprocessing.get_all_start_methods()


class Overrun(WoaError):
    """A decision that took longer than its time limit (it was stopped)."""


class Apart:
    """``work()`` started in a child process (see the module docstring); ``answer`` waits for its
    value. Start it while the state it reads is as it should be (under the game's lock): the child
    sees the memory of the moment it was started."""

    def __init__(self, work: Callable[[], Any]) -> None:
        self._inline: tuple[Callable[[], Any]] | None = None
        if not CAN_FORK:
            self._inline = (work,)
            return
        context = multiprocessing.get_context("fork")
        self._reader, writer = context.Pipe(duplex=False)
        self._process = context.Process(target=_decide, args=(work, writer), daemon=True)
        self._process.start()
        writer.close()

    def answer(self, seconds: float, what: str) -> Any:
        """The value of the work, waited for at most ``seconds`` (``Overrun`` after that, the child
        killed); ``UsageError`` with its sentence for work that failed; ``what`` names it."""
        if self._inline is not None:
            return self._inline[0]()
        try:
            if not self._reader.poll(seconds):
                raise Overrun(f"{what} took longer than {seconds:g} s: it was stopped, and the game is unchanged")
            try:
                kind, value = self._reader.recv()
            except EOFError:
                self._process.join(1)
                raise UsageError(
                    f"{what} ended without an answer (exit status {self._process.exitcode}): the game is unchanged"
                ) from None
        finally:
            self._stop()
        if kind == "refused":
            raise UsageError(value)
        return value

    def _stop(self) -> None:
        if self._process.is_alive():
            self._process.kill()
        self._process.join()
        self._process.close()
        self._reader.close()


def _decide(work: Callable[[], Any], writer: Connection) -> None:
    """In the child: do the work and send ``("ok", value)`` or ``("refused", sentence)``."""
    for number in (signal.SIGINT, signal.SIGTERM):  # the server's own handlers mean nothing here
        signal.signal(number, signal.SIG_DFL)
    try:
        answer: tuple[str, Any] = ("ok", work())
    except WoaError as e:
        answer = ("refused", str(e))
    except Exception as e:  # the decision's bug, said as a sentence by the server
        answer = ("refused", f"the decision failed: {type(e).__name__}: {e}")
    writer.send(answer)
    writer.close()
