"""The declared turn flow: phases, turns and rounds, advanced by the kernel alone.

A pack declares how its game runs as a ``Flow`` (as boardgame.io declares phases, turn order and
``endIf``): the phases of a round, each either *simultaneous* (every seat decides once, in
secret, in any order: West of Africa's card selection) or *turns* (seats act one after another
in an order a primitive computes: its action phase; Africa's only phase); the steps a turn may
pass through, and who decides at a step that is not the active seat's; what a turn begins with;
what ends a round (its round-end steps and end checks); optionally the phases of a setup run once
before the first round (Africa's choice of start cities) and a condition that ends the game at
once, checked after every action, with its final scoring (Africa's last monument). The kernel
keeps the flow's place in the state's flow fields (``FlowState``) apart from the game's data and
is the one place that moves it on: ``begin`` (a new game), ``deciders``, ``decided`` (after a
simultaneous decision), ``end_turn``, ``after_action``.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("west-of-africa", 2), seed=1)
>>> flow = game.rules.flow
>>> [(phase.name, phase.kind.value) for phase in flow.phases]
[('select', 'simultaneous'), ('actions', 'turns')]
>>> flow.deciders(game), game.state.step
([0, 1], 'select')

The flow's shape is data: a ruleset declares it (West of Africa and Africa in ``turn.yaml``'s
``flow``; schema ``woa_core/kernel/schema/flow.schema.json``), naming the pack's primitives, which
the pack registers by name (``FlowPrimitives``); ``FlowPrimitives.compile`` turns the declaration
into the rules' frozen ``Flow`` once, when the rules are compiled (``CompiledRules.flow``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Protocol

from woa_core.kernel.registry import Registry


class Kind(StrEnum):
    """How the seats decide in a phase."""

    SIMULTANEOUS = "simultaneous"  # every seat once, in secret, in any order
    TURNS = "turns"  # one seat after another, in an order computed when the phase starts


class FlowState(Protocol):
    """The flow's place in a game's state (boardgame.io's ``ctx``): the fields the kernel moves.

    ``round`` counts from 1 (it is 0 while the setup phases run); ``step`` is the decision
    pending (a phase's or a turn step's declared name, or ``Flow.over``); ``order`` the seats of
    the turns phase in order and ``turn`` the index of the active one in it."""

    players: int
    round: int
    step: str
    order: list[int]
    turn: int


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a round (or of the setup). For a simultaneous phase, ``name`` is the step
    pending while it runs and ``waiting(game)`` the seats still to decide; a turns phase's order
    comes from ``order(game)`` when it starts. In a setup phase of turns, each seat's one
    decision is at the step ``name`` (its handler then calls ``Flow.end_turn``)."""

    name: str
    kind: Kind
    waiting: Callable[[Any], list[int]] | None = None
    order: Callable[[Any], list[int]] | None = None


@dataclass(frozen=True, slots=True)
class Flow:
    """How a game runs (see the module docstring). The callables are the pack's mechanisms:

    - ``start_turn(game)``: what the active seat's turn begins with; it sets the first step;
    - ``end_round(game)``: the round-end steps and the end checks; the game is over after it if
      it set ``step`` to ``over`` (its final scoring done);
    - ``new_round(game)``: what a new round resets before its first phase;
    - ``decider_of``: for a turn step decided by another seat than the active one (West of
      Africa's ``retreat``: the displaced ship's owner), who decides there.

    Optional, for games that need them (the defaults change nothing):

    - ``setup``: phases run once, in order, before the first round (Africa: each seat chooses a
      start city, in turns); ``begin(game)`` starts a new game's flow with the first of them
      (round 0), and after the last the first round begins (round 1). A game without setup
      phases may set its first step itself, as West of Africa does;
    - ``end_if(game)``: whether the game ends now (boardgame.io's ``endIf``), checked by the
      kernel after every action (``after_action``, which the pack's ``apply`` calls once an
      action is played) and before a next turn starts (``end_turn``): it may end the game in the
      middle of a turn (Africa: the last monument is revealed, A24) or between two turns (a turn
      cap). Then ``finish(game)`` runs the final scoring and the step becomes ``over``.

    >>> ended = []
    >>> flow = Flow((), (), print, print, print, end_if=lambda game: True, finish=ended.append)
    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(state=SimpleNamespace(step="act"))
    >>> flow.after_action(game), game.state.step, len(ended)
    (True, 'over', 1)
    """

    phases: tuple[Phase, ...]
    turn_steps: tuple[str, ...]
    start_turn: Callable[[Any], None]
    end_round: Callable[[Any], None]
    new_round: Callable[[Any], None]
    over: str = "over"
    decider_of: Mapping[str, Callable[[Any], int]] = field(default_factory=lambda: MappingProxyType({}))
    # Optional (issue 15): a setup run once before the first round, and an end checked after every action.
    setup: tuple[Phase, ...] = ()
    end_if: Callable[[Any], bool] | None = None
    finish: Callable[[Any], None] | None = None
    _special: dict[str, Callable[[Any], list[int]]] = field(init=False, repr=False, compare=False)
    """Who decides at each step that is not the active seat's, computed once (the loop asks for
    every decision)."""
    _simultaneous: dict[str, tuple[Phase, bool, int]] = field(init=False, repr=False, compare=False)
    """Each simultaneous phase by its step (the first declared), whether it is a setup phase, and
    its index among the setup phases or the phases: ``decided`` asks after every such decision."""
    _not_active: frozenset[str] = field(init=False, repr=False, compare=False)
    """``not_active``, computed once (a game reads it whenever it is made, search makes many)."""

    def __post_init__(self) -> None:
        special: dict[str, Callable[[Any], list[int]]] = {self.over: _nobody}
        for phase in (*self.setup, *self.phases):
            if phase.kind is Kind.SIMULTANEOUS and phase.waiting is not None:
                special[phase.name] = phase.waiting
        for step, who in self.decider_of.items():
            special[step] = _one(who)
        object.__setattr__(self, "_special", special)  # private: a plain dict reads fastest
        object.__setattr__(self, "_not_active", frozenset(special))
        simultaneous: dict[str, tuple[Phase, bool, int]] = {}
        for phase in (*self.setup, *self.phases):
            if phase.kind is Kind.SIMULTANEOUS and phase.name not in simultaneous:
                setup = phase in self.setup
                index = self.setup.index(phase) if setup else self.phases.index(phase)
                simultaneous[phase.name] = (phase, setup, index)
        object.__setattr__(self, "_simultaneous", simultaneous)

    @property
    def steps(self) -> tuple[str, ...]:
        """Every step a game of this flow may be at, each declared once."""
        setup = (p.name for p in self.setup)
        return (*setup, *(p.name for p in self.phases if p.kind is Kind.SIMULTANEOUS), *self.turn_steps, self.over)

    def simultaneous(self, step: str) -> Phase | None:
        """The simultaneous phase whose step ``step`` is, or None."""
        for phase in (*self.setup, *self.phases):
            if phase.name == step and phase.kind is Kind.SIMULTANEOUS:
                return phase
        return None

    def begin(self, game: Any) -> None:
        """Start a new game's flow: its first setup phase (round 0), or without one the first
        round's first phase (round 1)."""
        s: FlowState = game.state
        if self.setup:
            s.round = 0
            self._start_setup(game, 0)
        else:
            s.round = 1
            self._start_phase(game, 0)

    def after_action(self, game: Any) -> bool:
        """After every action (the pack's ``apply`` calls it): if ``end_if`` says the game ends
        now, the final scoring runs and the game is over. Returns whether it ended here."""
        if self.end_if is None or game.state.step == self.over or not self.end_if(game):
            return False
        self._finish(game)
        return True

    @property
    def not_active(self) -> frozenset[str]:
        """The steps at which ``deciders`` is not simply the active seat (a simultaneous phase's,
        a step another seat decides, ``over``): a pack whose game asks for every decision may
        answer the active seat itself at any other step.

        >>> from woa_core.rules import load_rules
        >>> sorted(load_rules("africa", 2).flow.not_active)
        ['over']
        """
        return self._not_active

    def deciders(self, game: Any) -> list[int]:
        """The seats that may act now: those still to decide in a simultaneous phase, whoever a
        step names, else the active seat; nobody once the game is over."""
        s: FlowState = game.state
        special = self._special.get(s.step)
        if special is not None:
            return special(game)
        return [s.order[s.turn]]

    def decided(self, game: Any) -> None:
        """After a decision in a simultaneous phase: once every seat has decided, the next phase
        starts (a turns phase computes its order and the first turn starts)."""
        s: FlowState = game.state
        found = self._simultaneous.get(s.step)
        if found is None:
            return
        phase, setup, index = found
        if phase.waiting is None or phase.waiting(game):
            return
        if setup:
            self._next_setup(game, index + 1)
            return
        self._start_phase(game, index + 1)

    def end_turn(self, game: Any) -> None:
        """The active seat's turn is over: unless ``end_if`` ends the game, the next seat's
        begins, or the round ends (its steps and end checks) and, unless the game is over, the
        next round begins. In a setup phase of turns: the next seat decides, or the next setup
        phase (or the first round) begins."""
        s: FlowState = game.state
        if self.end_if is not None and self.end_if(game):
            self._finish(game)
            return
        s.turn += 1
        if s.round == 0 and self.setup:
            if s.turn == len(s.order):  # else the next seat decides at the same step
                self._next_setup(game, self._setup_index(s.step) + 1)
            return
        if s.turn < len(s.order):
            self.start_turn(game)
            return
        self.end_round(game)
        if s.step != self.over:
            s.round += 1
            s.turn = 0
            s.order = []
            self.new_round(game)
            self._start_phase(game, 0)

    def _finish(self, game: Any) -> None:
        if self.finish is not None:
            self.finish(game)
        game.state.step = self.over

    def _setup_index(self, step: str) -> int:
        for i, phase in enumerate(self.setup):
            if phase.name == step:
                return i
        raise ValueError(f"'{step}' is no setup phase of this flow")

    def _start_setup(self, game: Any, index: int) -> None:
        s: FlowState = game.state
        phase = self.setup[index]
        s.step = phase.name
        if phase.kind is Kind.TURNS:
            assert phase.order is not None, f"the setup phase {phase.name} declares no order"
            s.order = phase.order(game)
            s.turn = 0

    def _next_setup(self, game: Any, index: int) -> None:
        if index < len(self.setup):
            self._start_setup(game, index)
            return
        s: FlowState = game.state
        s.round = 1
        s.turn = 0
        s.order = []
        self._start_phase(game, 0)

    def _start_phase(self, game: Any, index: int) -> None:
        s: FlowState = game.state
        phase = self.phases[index]
        if phase.kind is Kind.SIMULTANEOUS:
            s.step = phase.name
            return
        assert phase.order is not None, f"the turns phase {phase.name} declares no order"
        s.order = phase.order(game)
        s.turn = 0
        self.start_turn(game)


def _nobody(game: Any) -> list[int]:
    return []


def _one(who: Callable[[Any], int]) -> Callable[[Any], list[int]]:
    return lambda game: [who(game)]


def _nothing(game: Any) -> None:
    return None


NO_FLOW = Flow((), (), _nothing, _nothing, _nothing)
"""The flow of rules whose pack declares none (a game that runs its turns itself): never asked."""

Seats = Callable[[Any], list[int]]
Effect = Callable[[Any], None]

ROLES = ("waiting", "order", "decider", "start_turn", "end_round", "new_round", "end_if", "finish")
"""The kinds of primitive a flow names, each the name of a ``FlowPrimitives`` registry and, prefixed
``flow_``, of the ``$defs`` entry of the flow schema whose names the kernel fills in."""


@dataclass(frozen=True, slots=True)
class FlowPrimitives:
    """What a pack gives the kernel for its turn flow: where its rules declare the flow (``at``:
    the path in the rules document, ``("turn", "flow")`` for ``turn.yaml``'s ``flow``), every
    step its code knows (``steps``: its declared step names; the declaration must list each
    once), the turn steps its actions declare themselves (``action_steps``: West of Africa's
    action under way is at the step named by the action, so a new action is no change to the
    flow; the compiled flow's turn steps end with them), and its mechanisms by the name the
    declaration uses, one registry per role:

    - ``waiting(game) -> seats``: who is still to decide in a simultaneous phase;
    - ``order(game) -> seats``: the seats' order in a phase of turns;
    - ``decider(game) -> seat``: who decides at a turn step that is not the active seat's;
    - ``start_turn``, ``end_round``, ``new_round``, ``finish`` (``fn(game)``) and ``end_if(game)
      -> bool``: as ``Flow`` says.

    >>> prims = FlowPrimitives(at=("turn", "flow"), steps=("move", "over"))
    >>> @prims.order.register("clockwise")
    ... def clockwise(game: Any) -> list[int]:
    ...     return list(range(game.state.players))
    >>> flow = prims.compile({"turn": {"flow": {"phases": [{"name": "play", "kind": "turns", "order": "clockwise"}],
    ...                                         "turn_steps": ["move"], "over": "over"}}})
    >>> [(phase.name, phase.order is clockwise) for phase in flow.phases], flow.steps
    ([('play', True)], ('move', 'over'))
    """

    at: tuple[str, ...]
    steps: tuple[str, ...]
    action_steps: tuple[str, ...] = ()
    waiting: Registry[Seats] = field(default_factory=lambda: Registry("waiting"))
    order: Registry[Seats] = field(default_factory=lambda: Registry("turn order"))
    decider: Registry[Callable[[Any], int]] = field(default_factory=lambda: Registry("decider"))
    start_turn: Registry[Effect] = field(default_factory=lambda: Registry("turn start"))
    end_round: Registry[Effect] = field(default_factory=lambda: Registry("round end"))
    new_round: Registry[Effect] = field(default_factory=lambda: Registry("new round"))
    end_if: Registry[Callable[[Any], bool]] = field(default_factory=lambda: Registry("game end"))
    finish: Registry[Effect] = field(default_factory=lambda: Registry("final scoring"))

    def schema_names(self) -> Iterator[tuple[str, tuple[str, ...]]]:
        """For each role, the flow schema's ``$defs`` entry and the names it may take."""
        for role in ROLES:
            yield f"flow_{role}", tuple(getattr(self, role))

    def declaration(self, document: Mapping[str, Any]) -> Mapping[str, Any]:
        """The flow as ``document`` declares it (at ``at``)."""
        found: Any = document
        for key in self.at:
            found = found[key]
        return found  # type: ignore[no-any-return]

    def compile(self, document: Mapping[str, Any]) -> Flow:
        """The frozen ``Flow`` that ``document`` (a validated rules document) declares: each name
        looked up once, here (the kernel's validation said every name exists)."""
        d = self.declaration(document)

        def phase(p: Mapping[str, Any]) -> Phase:
            waiting = self.waiting[p["waiting"]] if "waiting" in p else None
            order = self.order[p["order"]] if "order" in p else None
            return Phase(p["name"], Kind(p["kind"]), waiting=waiting, order=order)

        return Flow(
            phases=tuple(phase(p) for p in d["phases"]),
            turn_steps=(*d.get("turn_steps", ()), *self.action_steps),
            start_turn=self.start_turn[d["start_turn"]] if "start_turn" in d else _nothing,
            end_round=self.end_round[d["end_round"]] if "end_round" in d else _nothing,
            new_round=self.new_round[d["new_round"]] if "new_round" in d else _nothing,
            over=d["over"],
            decider_of=MappingProxyType({step: self.decider[who] for step, who in (d.get("deciders") or {}).items()}),
            setup=tuple(phase(p) for p in d.get("setup", ())),
            end_if=self.end_if[d["end_if"]] if "end_if" in d else None,
            finish=self.finish[d["finish"]] if "finish" in d else None,
        )

    def problems(self, document: Mapping[str, Any]) -> Iterator[tuple[tuple[Any, ...], str]]:
        """What the flow schema cannot say of the declaration in ``document``, as ``(path,
        message)``: each step of the game declared exactly once (as a setup phase, a simultaneous
        phase, a turn step or ``over``), ``deciders`` naming turn steps, phase names unique.

        >>> prims = FlowPrimitives(at=("flow",), steps=("move", "over"))
        >>> phases = [{"name": "play", "kind": "turns", "order": "x"}]
        >>> declared = {"phases": phases, "turn_steps": ["move", "move", "jump"], "over": "over"}
        >>> for path, message in prims.problems({"flow": declared}):
        ...     print(path, message)
        ('flow', 'turn_steps', 1) the step 'move' is declared twice (each step once)
        ('flow', 'turn_steps', 2) 'jump' is no step of this game (its steps: move, over)
        """
        d, at = self.declaration(document), self.at
        declared: list[tuple[tuple[Any, ...], str]] = []
        for part in ("setup", "phases"):
            for i, p in enumerate(d.get(part, ())):
                if part == "setup" or p["kind"] == Kind.SIMULTANEOUS:
                    declared.append(((*at, part, i, "name"), p["name"]))
        declared += [((*at, "turn_steps", i), step) for i, step in enumerate(d.get("turn_steps", ()))]
        declared.append(((*at, "over"), d["over"]))
        seen: set[str] = set()
        for path, step in declared:
            if step in self.action_steps:
                yield path, f"'{step}' is the step of an action, which declares it (the flow lists its own steps)"
            elif step not in self.steps:
                yield path, f"'{step}' is no step of this game (its steps: {', '.join(self.steps)})"
            elif step in seen:
                yield path, f"the step '{step}' is declared twice (each step once)"
            seen.add(step)
        missing = [step for step in self.steps if step not in seen]
        if missing:
            listed = ", ".join(f"'{step}'" for step in missing)
            where = "as a setup phase, a simultaneous phase, a turn step or over"
            yield at, f"the flow does not declare the step{'s' * (len(missing) > 1)} {listed} (each step once: {where})"
        turn_steps = {*d.get("turn_steps", ()), *self.action_steps}
        for step in d.get("deciders") or {}:
            if step not in turn_steps:
                yield (*at, "deciders", step, "_key"), f"'{step}' is no turn step: only a turn step has a decider"
        names: set[str] = set()
        for part in ("setup", "phases"):
            for i, p in enumerate(d.get(part, ())):
                if p["name"] in names:
                    yield (*at, part, i, "name"), f"two phases are named '{p['name']}'"
                names.add(p["name"])
                extra = "order" if p["kind"] == Kind.SIMULTANEOUS else "waiting"
                if extra in p:
                    yield (*at, part, i, extra, "_key"), f"a {p['kind']} phase has no {extra}"
