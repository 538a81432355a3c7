"""Stopping a long run cleanly on Ctrl-C (SIGINT) or SIGTERM, losing no finished game.

Both signals become ``KeyboardInterrupt`` in the main thread, but never while a finished game is
being saved (its log, its CSV row and its statistics): there the stop waits until the game is
saved whole, so the report, the logs and the CSV always hold exactly the same games.

>>> with StopRequests() as stop:
...     with stop.saving():
...         pass
>>> stop.signal is None
True
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

EXIT_STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143}
"""The exit status of a run stopped by each signal (128 + its number, as shells report it)."""


class StopRequests:
    """Within ``with StopRequests() as stop:``, SIGINT and SIGTERM raise ``KeyboardInterrupt``
    except inside ``with stop.saving():``, where they are held until the block ends. Only the
    first signal counts: a second Ctrl-C while the run stops is ignored, so it cannot cut short
    the saving of what finished.
    ``stop.signal`` says which signal stopped the run (None if none did)."""

    def __init__(self) -> None:
        self.signal: signal.Signals | None = None
        self._saving = 0
        self._pending = False
        self._previous: dict[signal.Signals, Any] = {}

    def __enter__(self) -> StopRequests:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()

    @property
    def exit_status(self) -> int:
        """130 after Ctrl-C, 143 after SIGTERM, 0 if no signal came."""
        return EXIT_STATUS.get(self.signal, 130) if self.signal is not None else 0

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.signal is not None:
            return  # already stopping: a second Ctrl-C must not cut the saving of what finished
        self.signal = signal.Signals(signum)
        if self._saving:
            self._pending = True
            return
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def saving(self) -> Iterator[None]:
        """A block a signal does not cut short (it takes effect when the block ends)."""
        self._saving += 1
        try:
            yield
        finally:
            self._saving -= 1
        if not self._saving and self._pending:
            self._pending = False
            raise KeyboardInterrupt


class TerminateAsInterrupt:
    """Within ``with TerminateAsInterrupt() as term:``, SIGTERM raises ``KeyboardInterrupt`` (the
    first one only), so every command stops on SIGTERM as cleanly as on Ctrl-C, reporting what
    finished; ``term.received`` says whether it came (the exit status is then 143, not 130)."""

    def __init__(self) -> None:
        self.received = False
        self._previous: Any = None

    def __enter__(self) -> TerminateAsInterrupt:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGTERM, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGTERM, self._previous)
            self._previous = None

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.received:
            return
        self.received = True
        raise KeyboardInterrupt
