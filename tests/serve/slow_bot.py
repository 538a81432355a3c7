"""Bots for the tests of ``woa serve``'s trust and time limit (``test_serve_safety``): a bot the
operator allows with ``--allow-bot`` that takes its time, and a module that leaves a mark when
it is imported (``tests.serve.tripwire``): a server that refuses a name before importing it leaves none."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

TRIPWIRE = "WOA_TEST_TRIPWIRE"
"""The environment variable naming the file ``tests.serve.tripwire`` writes when it is imported."""


class SlowBot:
    """Sleeps ``seconds``, then plays the first legal action."""

    name = "slow"
    uses_view = False
    limits: ClassVar[dict[str, tuple[float, float]]] = {"seconds": (0, 600)}

    def __init__(self, seed: int, seat: int = 0, players: int = 2, seconds: float = 3.0) -> None:
        self.seconds = seconds

    def choose(self, view: Any, legal: Sequence[tuple]) -> tuple:
        time.sleep(self.seconds)
        return legal[0]


def tripped() -> None:
    """Leave the mark: write the file ``$WOA_TEST_TRIPWIRE`` names, if it names one."""
    mark = os.environ.get(TRIPWIRE)
    if mark:
        Path(mark).write_text("imported\n", encoding="utf-8")
