"""``woa check``: random games with every invariant checked after every action, and shrinking.

A checked game is a seed plus a list of *choices*; choice ``c`` at a decision with ``k`` legal
actions plays action ``c % k``. A failing game is shrunk by cutting it after the violation,
deleting choices and lowering them while the same invariant still fails, then written out as
a scenario that ``woa scenario`` replays (with ``check_invariants: true``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from woa_core.bots import make_bots
from woa_core.check.invariants import INVARIANTS
from woa_core.engine import Game, GameState
from woa_core.notation import format_action
from woa_core.rules import Rules, data_root

Observer = Callable[[Game, tuple, GameState], None]


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


def play_checked(
    rules: Rules,
    seed: int,
    choices: list[int] | None = None,
    only: str | None = None,
    observer: Observer | None = None,
    max_steps: int = 1_000_000,
    bots: Sequence[str] = (),
) -> tuple[Violation | None, Game]:
    """Play a game (random from ``seed``, or the given ``choices`` then stop), checking the
    invariants (or ``only`` one) after every action. Returns the first violation, if any.

    With ``bots`` (one name per seat), the bots choose instead of chance; the game is still
    recorded as choices, so it shrinks and replays the same way."""
    game = Game(rules, seed=seed)
    pick = random_choices(seed ^ 0x5EED)
    players = make_bots(bots, seed)
    made: list[int] = []
    texts: list[str] = []
    checks = {only: INVARIANTS[only]} if only else INVARIANTS

    def failed(prev: GameState | None) -> Violation | None:
        for name, check in checks.items():
            problem = check(rules, game.state, prev)
            if problem:
                return Violation(name, problem, seed, list(made), list(texts))
        return None

    found = failed(None)
    if found:
        return found, game
    steps = choices if choices is not None else range(max_steps)
    for step in steps:
        if game.over:
            break
        legal = game.legal_actions()
        if not legal:
            return Violation("has_legal_action", f"no legal action at step {game.step}", seed, made, texts), game
        if choices is not None:
            c = step
        elif players:
            seat = game.decider()
            c = legal.index(players[seat].choose(game.observation(seat), legal))
        else:
            c = pick(len(legal))
        action = legal[c % len(legal)]
        prev = game.state.copy()
        made.append(c)
        texts.append(format_action(rules, action))
        game.apply(action)
        if observer is not None:
            observer(game, action, prev)
        found = failed(prev)
        if found:
            return found, game
    return None, game


def shrink(rules: Rules, violation: Violation, budget: int = 400) -> Violation:
    """A smaller game that breaks the same invariant (greedy deletion, then lowering choices)."""
    best = violation
    tries = 0

    def attempt(choices: list[int]) -> Violation | None:
        nonlocal tries
        tries += 1
        found, _ = play_checked(rules, best.seed, choices, only=best.invariant)
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
    for i in range(len(best.choices)):
        if tries >= budget:
            break
        if best.choices[i] == 0:
            continue
        candidate = best.choices[:i] + [0] + best.choices[i + 1 :]
        found = attempt(candidate)
        if found and len(found.choices) <= len(best.choices):
            best = found
    return best


def scenario_text(rules: Rules, rules_spec: str, violation: Violation) -> str:
    """A scenario file that replays ``violation`` and fails on the same invariant."""
    schema = data_root() / "schema" / "scenario.schema.json"
    lines = [
        f"# yaml-language-server: $schema={schema.as_uri()}",
        f"# Written by woa check: invariant '{violation.invariant}' fails after the last step:",
        f"#   {violation.message}",
        f"name: counterexample for {violation.invariant}",
        f"rules: {rules_spec}",
        f"players: {rules.players}",
        f"seed: {violation.seed}",
        "check_invariants: true",
        "steps:",
        *(f"  - {text}" for text in violation.actions),
    ]
    return "\n".join(lines) + "\n"
