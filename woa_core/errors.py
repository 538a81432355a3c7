"""The error types of woa: one per kind of failure, each carrying sentences for a person.

>>> str(IllegalAction("Sell Goods is not allowed in round 1"))
'Sell Goods is not allowed in round 1'
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    r"""``text`` safe to print on a terminal: control characters (escape sequences that could move
    the cursor, recolour or retitle the terminal) shown as ``\xNN``; newlines and tabs kept.

    >>> printable("rules \x1b[31mred\x1b[0m")
    'rules \\x1b[31mred\\x1b[0m'
    """
    return CONTROL_CHARACTERS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class WoaError(Exception):
    """Base of every error woa reports to a user (the CLI prints these, never a traceback)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a file, located as ``FILE:LINE:COL`` (line and column 1-based).

    >>> str(Problem("rules/x.yaml", 3, 5, "unknown key 'pricee'", "board.regions.west"))
    "rules/x.yaml:3:5: unknown key 'pricee' (at board.regions.west)"
    """

    file: str
    line: int
    column: int
    message: str
    path: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        at = f" (at {self.path})" if self.path else ""
        return printable(f"{where}: {self.message}{at}")


class FileProblems(WoaError):
    """Every problem found in a set of input files at once."""

    kind = "input"

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class RulesError(FileProblems):
    """Rule files (or a variant) that cannot be loaded: malformed, against the schema, or
    semantically wrong. ``problems`` lists every one found."""

    kind = "rules"


class ScenarioError(FileProblems):
    """A scenario file that is malformed or against its schema."""

    kind = "scenario"


class SweepError(FileProblems):
    """A sweep space file that is malformed, against its schema, or names values the rules refuse."""

    kind = "sweep space"


class TuneError(FileProblems):
    """A tune file (``woa tune``) that is malformed, against its schema, or names targets or
    values the game does not have."""

    kind = "tune file"


class LogError(WoaError):
    """A game log that cannot be replayed: corrupt, truncated, made under other rules, or with
    an action the game refuses. The message names the line."""


class IllegalAction(WoaError):
    """An action that is malformed or not allowed now. The message says why; the state that
    refused it is exactly as it was."""


class InvalidNotation(WoaError):
    """Text that is not an action in the notation (an unknown verb, a misspelt island, a word
    too many). The message says what was expected; nothing was played. Distinct from
    ``IllegalAction``: that is a well-formed action the game refuses now."""


class FlowError(WoaError):
    """A turn flow that cannot go on (issue 42.2): its phases leave nobody to decide, round after
    round, and nothing ends the game. ``woa validate`` refuses what it can see of this; a pack's
    primitives that never let a seat decide are caught here, with a sentence."""


class UsageError(WoaError):
    """A command-line call that does not make sense (exit status 2)."""


def run_script(main: Callable[[], int | None]) -> NoReturn:
    """End a script built on woa_core (``benchmarks/``) by running its ``main``: its exit status,
    or a ``WoaError``'s sentence on standard error instead of a traceback, with the CLI's status
    (2 for a ``UsageError``, else 1).

    >>> run_script(lambda: 0)
    Traceback (most recent call last):
    SystemExit: 0
    >>> def main() -> int:
    ...     raise UsageError("--players: 9 is more than the rules allow")
    >>> run_script(main)
    Traceback (most recent call last):
    SystemExit: 2
    >>> def main() -> int:
    ...     raise WoaError("nope: no such rules")
    >>> run_script(main)
    Traceback (most recent call last):
    SystemExit: 1
    """
    try:
        status = main()
    except WoaError as e:
        print(printable(str(e)), file=sys.stderr)
        raise SystemExit(2 if isinstance(e, UsageError) else 1) from None
    raise SystemExit(status)
