"""``woa`` with a marker file holding the number of games finished so far, so a test (or the
SIGTERM storm) can signal a run at a known point instead of sleeping a fixed time.

Usage: ``python tests/sim/woa_marked.py MARKER woa-arguments...`` (``MARKER`` is rewritten after
every progress update of simulate, compare, check, tournament and value, whether or not a bar is
shown). With ``WOA_HOLD_REPORT=FILE`` in the environment, the text report of tournament and value,
once made, writes ``report`` to the marker and waits for ``FILE`` to appear before it is printed:
a test signals the run at that moment, while its report is being written.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def main() -> int:
    """Run ``woa`` with ``Progress.update`` also writing the count to the marker file."""
    from woa_core.cli import console
    from woa_core.sim import progress

    marker = Path(sys.argv[1])
    update = progress.Progress.update

    def update_and_mark(self: progress.Progress, done: int) -> None:
        update(self, done)
        marker.write_text(str(done), encoding="utf-8")

    progress.Progress.update = update_and_mark  # type: ignore[method-assign]
    hold = os.environ.get("WOA_HOLD_REPORT")
    if hold:
        from woa_core.eval import tournament, value

        for module, name in ((tournament, "format_tournament"), (value, "format_value")):
            setattr(module, name, _held(getattr(module, name), marker, Path(hold)))
    sys.argv = ["woa", *sys.argv[2:]]
    return console()


def _held(make: Callable[[Any], str], marker: Path, go: Path) -> Callable[[Any], str]:
    """``make``, which then says ``report`` in the marker and waits for ``go`` to exist."""

    def held(report: Any) -> str:
        text = make(report)
        marker.write_text("report", encoding="utf-8")
        while not go.exists():
            time.sleep(0.01)
        return text

    return held


if __name__ == "__main__":
    raise SystemExit(main())
