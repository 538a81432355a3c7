"""How long a run of many games will take, said before the run starts (issue 41.6): its first
games are played here, in this process, and timed, and they count as the run's first games (the
rest start after them, so nothing is played twice and every game is the same game).

>>> played = []
>>> said = []
>>> run = probed(lambda i: played.append(i) or i, lambda k: iter(range(k, 5)), 5, 1, said.append, long=0.0)
>>> list(run), played, said[0].startswith("woa: 5 games at about")  # quick games: PROBE_GAMES of them
([0, 1, 2, 3, 4], [0, 1, 2], True)
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Generator, Iterator
from typing import TypeVar

T = TypeVar("T")

LONG = 10.0
"""A run expected to take at least this many seconds is told how long (a shorter one says nothing)."""

PROBE_SECONDS = 0.2
"""The probe plays games until it has spent this much CPU time (or ``PROBE_GAMES``)."""

PROBE_GAMES = 3
"""The most games the probe plays."""


def probed(
    play: Callable[[int], T],
    rest: Callable[[int], Iterator[T]],
    total: int,
    workers: int,
    tell: Callable[[str], None] | None,
    unit: str = "games",
    long: float | None = None,
    whole: int | None = None,
) -> Generator[T, None, None]:
    """The ``total`` items of a run in order: with ``tell``, its first games played by ``play(i)``
    here, timed, and the time of the whole run on ``workers`` processes said through ``tell``
    when it is at least ``long`` seconds (default ``LONG``), then the others from ``rest(k)`` (items ``k`` on);
    without ``tell``, ``rest(0)``. ``whole``: the games the estimate speaks of when these
    ``total`` are only the first part of a run (default ``total``). Closing it closes ``rest``'s
    iterator (its worker processes)."""
    done = 0
    first: list[T] = []
    if tell is not None and total > 0:
        started = time.process_time()
        while done < min(PROBE_GAMES, total) and (done == 0 or time.process_time() - started < PROBE_SECONDS):
            first.append(play(done))
            done += 1
        said = total if whole is None else whole
        line = estimate_line(said, (time.process_time() - started) * said / done, workers, unit, long)
        if line:
            tell(line)
    yield from first
    if done < total:
        yield from rest(done)


def forecast(
    play: Callable[[int], object],
    whole: int,
    workers: int,
    tell: Callable[[str], None] | None,
    unit: str = "games",
    long: float | None = None,
) -> None:
    """Before a run whose games cannot be taken from its first ones (a sweep's points race, a
    tune's trials are chosen as it goes): sample games ``play(i)`` played here, apart from the run
    (their results are dropped), timed, and the time of the run's ``whole`` games on ``workers``
    processes said through ``tell``, as ``probed`` says it. Without ``tell``, nothing is played.

    >>> said = []
    >>> forecast(lambda i: sum(range(10**5)), 10**6, 1, said.append)
    >>> said[0].startswith("woa: 1,000,000 games at about")
    True
    >>> forecast(lambda i: 1 / 0, 10, 1, None)  # no teller: nothing played
    """
    if tell is None or whole <= 0:
        return
    started = time.process_time()
    done = 0
    while done < min(PROBE_GAMES, whole) and (done == 0 or time.process_time() - started < PROBE_SECONDS):
        play(done)
        done += 1
    line = estimate_line(whole, (time.process_time() - started) * whole / done, workers, unit, long)
    if line:
        tell(line)


def teller(quiet: bool = False) -> Callable[[str], None] | None:
    """Where a run's estimate is told: standard error when it is a terminal (where the progress
    bar is drawn) and the run is not ``quiet``; None (no probe, nothing said) otherwise.

    >>> teller(quiet=True) is None
    True
    """
    return None if quiet or not sys.stderr.isatty() else _tell


def _tell(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def estimate_line(
    total: int, cpu_seconds: float, workers: int, unit: str = "games", long: float | None = None
) -> str | None:
    """What a run of ``total`` games taking ``cpu_seconds`` of CPU in all is told before it starts,
    on ``workers`` processes sharing this computer's cores; None for a run shorter than ``long``
    seconds (default ``LONG``).

    >>> estimate_line(1000, 300.0, 1)
    'woa: 1,000 games at about 0.3 CPU-s each on 1 process: about 5 min (the progress bar follows)'
    >>> estimate_line(10, 3.0, 1) is None
    True
    """
    working = max(1, min(workers, os.cpu_count() or 1))
    seconds_each = cpu_seconds / max(total, 1)
    seconds = cpu_seconds / working
    if seconds < (LONG if long is None else long):
        return None
    processes = f"{working} process" + ("es" if working > 1 else "")
    return (
        f"woa: {total:,} {unit} at about {seconds_each:.2g} CPU-s each on {processes}: "
        f"about {duration(seconds)} (the progress bar follows)"
    )


def duration(seconds: float) -> str:
    """A length of time in words, rounded as an estimate deserves.

    >>> duration(42), duration(95), duration(3 * 3600 + 20 * 60)
    ('40 s', '2 min', '3 h 20 min')
    """
    if seconds < 60:
        return f"{max(10, round(seconds, -1)):.0f} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"
