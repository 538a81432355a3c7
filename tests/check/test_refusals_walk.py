"""issue 43.7, West of Africa: a refused step names the first entry of its verb's legality that
fails (``woa_core.kernel.legality.Legality``, the entries in the order the rules state them),
as the action sees it once started. Random games, with each listed action's arguments changed
at random, walk the verbs' entries; every entry, those the walk never meets too, is shown failing
in a hand-made position in ``tests/packs/west_of_africa/test_refusals.py``, and Africa's verbs
condition by condition in ``tests/packs/africa/test_refusals.py``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from woa_core.errors import IllegalAction
from woa_core.kernel.contract import new_game
from woa_core.kernel.legality import Legality
from woa_core.kernel.notation import format_action
from woa_core.rules import load_rules

MAIN = "main"
"""West of Africa's main step: an action's first step starts it there (``GameCore.run_step``)."""


def _as_started(game: Any, verb: str) -> Any:
    """A copy of ``game`` with the action of ``verb`` started, as ``run_step`` starts it before it
    checks the step (so a limit on the action's points reads the points it starts with)."""
    started = game.copy()
    s = started.state
    if verb in started.step_of_verb and s.step == MAIN:
        action = started.step_of_verb[verb]
        s.step = action
        start_points = started.actions[action].start_points
        s.points = start_points(started) if start_points else 0
    return started


def playable(rules: Any, verb: str) -> bool:
    """Whether ``rules`` can play ``verb`` at all: a verb of the turn flow, or a step of an action
    they have a card for (a pack may declare an action that only a variant's card brings in).

    >>> rules = load_rules("west-of-africa", 2)
    >>> playable(rules, "sell"), playable(rules, "end")
    (True, True)
    """
    action = rules.pack.game.step_of_verb.get(verb)
    return action is None or action in rules.action_card


def _candidates(legal: list[tuple], rng: random.Random) -> list[tuple]:
    """Listed actions with one argument, or every argument, changed at random."""
    out = []
    for action in legal[:20]:
        for k in range(2, len(action)):
            for _ in range(2):
                changed, other = list(action), rng.choice(legal)
                changed[k] = (
                    other[k] if len(other) > k else rng.randrange(12) if isinstance(action[k], int) else action[k]
                )
                out.append(tuple(changed))
        for _ in range(3):
            out.append((action[0], action[1], *(rng.randrange(14) if isinstance(x, int) else x for x in action[2:])))
    return out


def test_west_of_africa_refusals_name_the_first_failing_entry() -> None:
    """issue 43.7: every refused step of 20 random games is refused with the sentence of the first
    entry its verb's legality fails; most entries of every verb are met failing first."""
    named: Counter[tuple[str, int]] = Counter()
    for seed in range(20):
        rng = random.Random(seed)
        game = new_game(load_rules("west-of-africa", 2 + seed % 3), seed=seed)
        verbs = {n: v.legality for n, v in game.rules.pack.verbs.items() if isinstance(v.legality, Legality)}
        for _ in range(600):
            if game.over:
                break
            legal = [tuple(a) for a in game.legal_actions()]
            offered = {a[1] for a in legal}
            for action in _candidates(legal, rng):
                verb = action[1]
                if verb not in verbs or verb not in offered or action in legal:
                    continue
                try:
                    game.copy().apply(action)
                except IllegalAction as e:
                    started, p = _as_started(game, verb), action[0]
                    first = verbs[verb].failing(started, p, action[2:])
                    assert first is not None, (format_action(game.rules, action), str(e))
                    says = verbs[verb].entries[first].says
                    assert str(e) == (says if isinstance(says, str) else says(started, p, *action[2:]))
                    named[(verb, first)] += 1
            game.apply(rng.choice(legal))
    rules = load_rules("west-of-africa", 2)
    entries = {
        (n, i)
        for n, v in rules.pack.verbs.items()
        if isinstance(v.legality, Legality) and playable(rules, n)
        for i in range(len(v.legality.entries))
    }
    assert {verb for verb, _ in named} == {verb for verb, _ in entries}
    assert len(named) >= 30, sorted(entries - set(named))
