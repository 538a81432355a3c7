"""Signals that come while the ``woa`` program starts, before ``woa_core.sim.interrupts`` is
loaded: ``hold_from_start`` (the program's first statement) keeps them in ``held``, and the first
``StopRequests`` takes them as its stop. This module imports only the interpreter's built-in
``_signal`` (``signal`` would load ``enum`` first), so that the moments before a SIGINT or SIGTERM
is held are as few as they can be.

>>> held
[]
"""

from __future__ import annotations

import _signal

held: list[int] = []
"""The signals (numbers) that came before a ``StopRequests`` was in place, in order."""


def hold_from_start() -> None:
    """From now on a SIGINT or SIGTERM is held in ``held`` (until a ``StopRequests`` takes over):
    for ``python -m woa_core.cli`` and the console script only, never on import."""

    def hold(signum: int, frame: object) -> None:
        held.append(signum)

    _signal.signal(_signal.SIGINT, hold)
    _signal.signal(_signal.SIGTERM, hold)
