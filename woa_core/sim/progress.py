"""A one-line progress bar with rate and ETA on stderr (only on a terminal)."""

from __future__ import annotations

import sys
import time


class Progress:
    """Call ``update(done)`` as work finishes and ``close()`` at the end."""

    def __init__(self, total: int, enabled: bool = True, every: float = 0.2, unit: str = "games") -> None:
        self.total = total
        self.unit = unit
        self.done = 0
        self.enabled = enabled
        self.every = every
        self.started = time.perf_counter()
        self._last = self.started

    def update(self, done: int) -> None:
        """Redraw the bar (at most every ``every`` seconds) for ``done`` finished games."""
        self.done = done
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._last < self.every and done < self.total:
            return
        self._last = now
        elapsed = max(now - self.started, 1e-9)
        rate = done / elapsed
        eta = (self.total - done) / rate if rate else 0.0
        width = 30
        filled = int(width * done / self.total)
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{self.total} {self.unit}  {rate:7.1f}/s  ETA {eta:5.0f}s ")
        sys.stderr.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()
