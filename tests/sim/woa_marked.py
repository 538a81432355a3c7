"""``woa`` with a marker file holding the number of games finished so far, so a test (or the
SIGTERM storm) can signal a run at a known point instead of sleeping a fixed time.

Usage: ``python tests/sim/woa_marked.py MARKER woa-arguments...`` (``MARKER`` is rewritten after
every progress update of simulate, compare and check, whether or not a bar is shown).
"""

from __future__ import annotations

import sys
from pathlib import Path


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
    sys.argv = ["woa", *sys.argv[2:]]
    return console()


if __name__ == "__main__":
    raise SystemExit(main())
