"""Stopping a command cleanly on Ctrl-C (SIGINT) or SIGTERM, losing no finished game.

The ``woa`` command holds one ``StopRequests`` for its whole run. The first signal becomes
``KeyboardInterrupt`` in the main thread, but never while a finished game is being saved (its
log, its CSV row and its statistics): there the stop waits until the game is saved whole, so the
report, the logs and the CSV always hold exactly the same games. Every later signal is ignored,
so a second Ctrl-C or SIGTERM cannot cut short the reports of what finished; and once a command
says its games are over (``finished``), signals change nothing: a finished run exits 0.

A signal that lands inside an import or inside code Python compiled from a string (the methods
``dataclasses`` and ``namedtuple`` make as a lazily imported module is loaded) is not raised
there: an import's module-lock callback would swallow it (the run would go on to its end, its
stop lost) and Python 3.11 exits by SIGINT, whatever status ``woa`` returns, once a
``KeyboardInterrupt`` has left such code. It is raised a moment later, out of there.

Worker processes ignore both signals (``woa_core.sim.backends``): the parent alone stops them.

>>> with StopRequests() as stop:
...     with stop.saving():
...         pass
>>> stop.signal is None, stop.exit_status
(True, 0)
"""

from __future__ import annotations

import _thread
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any, ClassVar

from woa_core.files import note_stop
from woa_core.sim.signals_at_start import held

EXIT_STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143}
"""The exit status of a run stopped by each signal (128 + its number, as shells report it)."""

_SIGNALS = (signal.SIGINT, signal.SIGTERM)

RETRY_SECONDS = 0.02
"""How soon a stop that landed where it cannot be raised (``unsafe``) is tried again."""

_UNSAFE_CODE = ("<string>", "<frozen importlib._bootstrap>", "<frozen importlib._bootstrap_external>")


def unsafe(frame: FrameType | None, until: FrameType | None = None) -> bool:
    """Whether ``frame`` or a caller of it (up to ``until``, excluded) is importing a module or
    runs code compiled from a string, where a ``KeyboardInterrupt`` must not be raised.

    >>> unsafe(sys._getframe())
    False
    >>> eval("unsafe(sys._getframe())")
    True
    """
    while frame is not None and frame is not until:
        if frame.f_code.co_filename in _UNSAFE_CODE:
            return True
        frame = frame.f_back
    return False


class StopRequests:
    """Within ``with StopRequests() as stop:``, the first SIGINT or SIGTERM raises
    ``KeyboardInterrupt`` except inside ``with stop.saving():``, where it is held until the block
    ends, or once ``stop.finished`` is set, where it changes nothing. Later signals are ignored.
    ``stop.signal`` says which signal stopped the run (None if none did).

    A command sets ``stop.finished = True`` as the first statement after its games (in the
    ``finally`` of the loop, or first in an ``except``): a plain assignment, which no signal
    handler can cut in two, so a signal either stops the games (``KeyboardInterrupt`` inside the
    loop) or comes after them and changes nothing; the reports of a finished run are never cut
    short and its exit status stays 0.

    A ``StopRequests`` entered while another is active is that one (one set of handlers for the
    whole ``woa`` command: a command's own ``with StopRequests()`` shares it). With
    ``restore=False`` both signals are ignored after the block, until the process ends: the
    ``woa`` program itself, whose shutdown must not be cut short either."""

    _active: ClassVar[StopRequests | None] = None

    def __init__(self, restore: bool = True) -> None:
        self.signal: signal.Signals | None = None
        self._restore = restore
        self._saving = 0
        self.finished = False
        self._previous: dict[signal.Signals, Any] = {}
        self._outer: StopRequests | None = None
        self._raised = False
        self._owner: FrameType | None = None
        self._unraisable: Any = None  # sys.unraisablehook before this block

    def __enter__(self) -> StopRequests:
        if StopRequests._active is not None:
            self._outer = StopRequests._active
            return self._outer
        if threading.current_thread() is threading.main_thread():
            self._owner = sys._getframe(1)  # where the stop is caught: the frames above it are not looked at
            for sig in _SIGNALS:
                self._previous[sig] = signal.signal(sig, self._handle)
            self._unraisable, sys.unraisablehook = sys.unraisablehook, self._ignore_own_stop
            StopRequests._active = self
            if held:  # a signal came as the program started (hold_from_start): this run is stopped
                self.signal = signal.Signals(held[0])
                held.clear()
                self._later()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._outer is not None:
            self._outer = None
            return
        if StopRequests._active is self:
            StopRequests._active = None
        self.finished = True
        self._owner = None
        for sig, handler in self._previous.items():
            # (SIG_IGN rather than a handler that ignores: Python resets its handlers as it exits)
            signal.signal(sig, handler if self._restore else signal.SIG_IGN)
        self._previous.clear()
        if self._unraisable is not None:
            sys.unraisablehook, self._unraisable = self._unraisable, None

    def stop_if_held(self) -> None:
        """Stop at once if a signal came as the program started (``hold_from_start``), before any
        command begins: the retry set on entering would stop it a moment later, when a fast
        command may have begun its games and opened its output."""
        if self.signal is not None and not self._raised and not self.finished:
            self._stop()

    @property
    def exit_status(self) -> int:
        """130 after Ctrl-C, 143 after SIGTERM, 0 if no signal stopped the run."""
        return EXIT_STATUS.get(self.signal, 130) if self.signal is not None else 0

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        note_stop(signal.Signals(signum))  # a report still to be written to a FIFO nothing reads gives up
        if self.finished or self._raised:
            return  # nothing left to stop, or already stopping: the reports must not be cut short
        if self.signal is None:
            self.signal = signal.Signals(signum)
        if self._saving:
            return  # raised as the saving ends
        if unsafe(frame, self._owner) or (frame is not None and frame.f_code is _ENTER):
            self._later()  # held, and raised in a moment
            return
        self._stop()

    def _ignore_own_stop(self, unraisable: Any) -> None:
        """``sys.unraisablehook`` while the handlers are in place: the stop raised where Python
        cannot pass an exception on (a garbage-collector callback, such as Dask's, or a
        ``__del__``) is no error to print; ``saving`` raises it again as the next game is saved."""
        if not (self._raised and isinstance(unraisable.exc_value, KeyboardInterrupt)):
            (self._unraisable or sys.__unraisablehook__)(unraisable)

    def _later(self) -> None:
        timer = threading.Timer(RETRY_SECONDS, self._again)
        timer.daemon = True
        timer.start()

    def _again(self) -> None:
        """The held stop, once more (from a timer's thread), while these handlers are in place."""
        if not self.finished and self._previous and self.signal is not None:
            _thread.interrupt_main(self.signal)  # the handler of the signal runs in the main thread

    def _stop(self) -> None:
        self._raised = True
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def saving(self) -> Iterator[None]:
        """A block a signal does not cut short (it takes effect when the block ends)."""
        self._saving += 1
        try:
            yield
        finally:
            self._saving -= 1
        if not self._saving and not self.finished and self.signal is not None:
            # held until now, or raised and swallowed somewhere (a callback): a game finishing after
            # the stop means the loop did not see it
            self._stop()


_ENTER = StopRequests.__enter__.__code__
