"""Go West!'s own checks: what its schemas cannot say, so that every validated ruleset can be played
(go-west-rulings §1-§2). Every problem is reported at its place in the files, all at once.

>>> from woa_core.rules.resolve import resolve
>>> check(resolve("go-west").located, None)
[]
"""

from __future__ import annotations

from collections.abc import Iterator

from woa_core.errors import Problem
from woa_core.rules.source import Located, Path_
from woa_core.rules.validate import Check, run_checks

CHECKS: list[Check] = []
Found = Iterator[tuple[Path_, str]]


def _check(fn: Check) -> Check:
    CHECKS.append(fn)
    return fn


def check(located: Located, players: int | None) -> list[Problem]:
    """Every problem of Go West!'s own checks in ``located`` (see ``woa_core.rules.validate``)."""
    return run_checks(CHECKS, located, players)
