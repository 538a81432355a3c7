"""``woa check``: random games with every invariant checked after every action, and shrinking.

A checked game is a seed plus a list of *choices*; choice ``c`` at a decision with ``k`` legal
actions plays action ``c % k``. A failing game is shrunk by cutting it after the violation,
deleting choices and lowering them while the same invariant still fails, then written out as
a scenario that ``woa scenario`` replays (with ``check_invariants: true``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from woa_core.bots import make_bots
from woa_core.bots.seated import Bots
from woa_core.check.invariants import COSTLY, COSTLY_EVERY, invariants_of
from woa_core.kernel import loop
from woa_core.kernel.contract import Game, new_game
from woa_core.kernel.loop import Choices, Ending, Observer, StopGame, Transcript
from woa_core.rules import CompiledRules as Rules
from woa_core.rules.data import scenario_schema_path

STUCK = "has_legal_action"
"""The invariant a game breaks when its decider has no legal action (a kernel invariant)."""


@dataclass(slots=True)
class Violation:
    """An invariant that failed, and the game that made it fail."""

    invariant: str
    message: str
    seed: int
    choices: list[int]
    actions: list[str] = field(default_factory=list)

    @property
    def step(self) -> int:
        """How many actions the failing game took."""
        return len(self.actions)


def random_choices(seed: int) -> Callable[[int], int]:
    """The choice source of a random game: a seeded generator."""
    rng = random.Random(seed)
    return lambda k: rng.randrange(k)


class Invariants(Observer):
    """Checks the invariants (or ``only`` one) at the start and after every action; the first
    that fails stops the game and is kept as ``violation``. The ``COSTLY`` kernel invariants run at
    about one position in ``COSTLY_EVERY`` (drawn from the seed and the position's number, so a
    replay of the same game checks the same positions) and at the game's start and end.
    ``exhaustive``: every invariant at every position, and the notation read back for every legal
    action, not a sample (``invariants_of``); ``only`` one invariant: at every position too (a
    shrunk game must fail where the game that found it did, whatever its positions' numbers)."""

    wants_prev = True

    def __init__(
        self,
        rules: Rules,
        seed: int,
        only: str | None,
        choices: Choices,
        transcript: Transcript,
        exhaustive: bool = False,
    ) -> None:
        self.seed = seed
        checks = invariants_of(rules, exhaustive)
        self.checks = {only: checks[only]} if only in checks else ({} if only else checks)
        every = 1 if exhaustive or only else COSTLY_EVERY
        self.always = {n: c for n, c in self.checks.items() if every == 1 or n not in COSTLY}
        self.sampled = {n: c for n, c in self.checks.items() if n not in self.always}
        self.every = every
        self.offset = random.Random(seed).randrange(every)
        self.positions = 0
        self.choices = choices
        self.transcript = transcript
        self.violation: Violation | None = None

    def _check(self, game: Game, prev: Any) -> None:
        self.positions += 1
        checks = self.always
        if self.sampled and (self.positions % self.every == self.offset or self.positions == 1 or game.over):
            checks = self.checks
        for name, check in checks.items():
            problem = check(game, prev)
            if problem:
                self.violation = Violation(
                    name, problem, self.seed, list(self.choices.made), list(self.transcript.lines)
                )
                raise StopGame

    def start(self, game: Game) -> None:
        self._check(game, None)

    def after(self, game: Game, seat: int, action: tuple, prev: Any) -> None:
        self._check(game, prev)


def play_checked(
    rules: Rules,
    seed: int,
    choices: list[int] | None = None,
    only: str | None = None,
    observers: Sequence[Observer] = (),
    max_steps: int = 1_000_000,
    bots: Sequence[str] = (),
    exhaustive: bool = False,
) -> tuple[Violation | None, Game]:
    """Play a game (random from ``seed``, or the given ``choices`` then stop), checking the
    invariants (or ``only`` one) after every action. Returns the first violation, if any.
    ``observers`` (coverage, say) watch each action before the invariants are checked.

    With ``bots`` (one name per seat), the bots choose instead of chance; the game is still
    recorded as choices, so it shrinks and replays the same way. ``exhaustive``: every legal
    action's text read back at every position, not a sample (``woa check --exhaustive``).

    >>> from woa_core.rules import load_rules
    >>> violation, game = play_checked(load_rules("west-of-africa", 2), seed=3)
    >>> violation is None and game.over
    True
    """
    game = new_game(rules, seed)
    chooser = Bots(make_bots(bots, seed, pack=rules.pack)) if bots else None
    pick = Choices(choices, pick=random_choices(seed ^ 0x5EED), chooser=chooser)
    transcript = Transcript()
    invariants = Invariants(rules, seed, only, pick, transcript, exhaustive)
    ending = loop.run(game, pick, [transcript, *observers, invariants], max_steps=max_steps)
    if ending is Ending.STUCK and invariants.violation is None:
        # (only reached when has_legal_action is not among the checks)
        message = f"no legal action at {game.rules.pack.where(game)}"
        return Violation(STUCK, message, seed, list(pick.made), list(transcript.lines)), game
    return invariants.violation, game


def shrink(rules: Rules, violation: Violation, budget: int = 400, exhaustive: bool = False) -> Violation:
    """A smaller game that breaks the same invariant (greedy deletion, then lowering choices),
    checked as the game that found it was (``exhaustive`` or not)."""
    best = violation
    tries = 0

    def attempt(choices: list[int]) -> Violation | None:
        nonlocal tries
        tries += 1
        found, _ = play_checked(rules, best.seed, choices, only=best.invariant, exhaustive=exhaustive)
        return found if found and found.invariant == best.invariant else None

    chunk = max(1, len(best.choices) // 2)
    while chunk >= 1 and tries < budget:
        i = 0
        improved = False
        while i < len(best.choices) and tries < budget:
            candidate = best.choices[:i] + best.choices[i + chunk :]
            found = attempt(candidate)
            if found and len(found.choices) < len(best.choices):
                best = found
                improved = True
            else:
                i += chunk
        if not improved:
            chunk //= 2
    i = 0
    while i < len(best.choices) and tries < budget:  # a lowered choice may end the game sooner
        if best.choices[i] != 0:
            found = attempt(best.choices[:i] + [0] + best.choices[i + 1 :])
            if found and len(found.choices) <= len(best.choices):
                best = found
        i += 1
    return best


def scenario_text(rules: Rules, rules_spec: str, violation: Violation, overrides: Sequence[str] = ()) -> str:
    """A scenario file that replays ``violation`` and fails on the same invariant (under the
    rules ``rules_spec`` with the ``--set`` ``overrides``)."""
    schema = scenario_schema_path(rules.pack)
    lines = [
        f"# yaml-language-server: $schema={schema.as_uri()}",
        f"# Written by woa check: invariant '{violation.invariant}' fails after the last step:",
        f"#   {violation.message}",
        f"name: counterexample for {violation.invariant}",
        f"rules: {rules_spec}",
        *([f"overrides: {json.dumps(list(overrides))}"] if overrides else []),
        f"players: {rules.players}",
        f"seed: {violation.seed}",
        "check_invariants: true",
        "steps:" if violation.actions else "steps: []  # it fails at the start",
        *(f"  - {text}" for text in violation.actions),
    ]
    return "\n".join(lines) + "\n"
