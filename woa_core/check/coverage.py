"""Rule coverage: which parts of the rules the games exercised, and which never happened.

A coverage is an observer of the game loop (``play_checked`` gives it one) with ``seen``, a
``Counter`` per kind of thing, and ``report()``: per kind, the items seen with their counts and
the items never seen, a designer's view of dead rules. A pack may count what its rules are made
of (``Pack.coverage``: West of Africa counts actions, cards, sea links, fields, round-end steps
and rulings); without one, ``Verbs`` counts the verbs played.

>>> from woa_core.check.runner import play_checked
>>> from woa_core.rules import load_rules
>>> rules = load_rules("west-of-africa", 2)
>>> verbs = Verbs(rules)
>>> _ = play_checked(rules, seed=1, observers=[verbs])
>>> verbs.report()["verbs"]["seen"]["select"] > 0
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from woa_core.kernel.contract import Game
from woa_core.kernel.loop import Observer


def coverage_of(rules: Any) -> Any:
    """A fresh coverage observer for games of ``rules``: its pack's, or ``Verbs``."""
    make = rules.pack.coverage
    return make(rules) if make is not None else Verbs(rules)


class Verbs(Observer):
    """How often each verb of the pack's notation was played, and which never were."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.seen: dict[str, Counter] = {"verbs": Counter()}

    def after(self, game: Game, seat: int, action: tuple, prev: Any) -> None:
        self.seen["verbs"][action[1]] += 1

    def report(self) -> dict[str, Any]:
        """The verbs seen with their counts, and the verbs never seen."""
        counts = self.seen["verbs"]
        verbs = list(self.rules.pack.verbs)
        return {
            "verbs": {"seen": {v: counts[v] for v in verbs if counts[v]}, "never": [v for v in verbs if not counts[v]]}
        }


def format_coverage(report: dict[str, Any]) -> str:
    """The coverage report as text."""
    lines = []
    for kind, part in report.items():
        total = len(part["seen"]) + len(part["never"])
        lines.append(f"{kind}: {len(part['seen'])}/{total} exercised")
        if part["never"]:
            lines.append("  never: " + ", ".join(part["never"]))
    return "\n".join(lines)
