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
is the one place that moves it on (issue 42.1, boardgame.io's way: a move never advances ``ctx``
itself). A verb plays its effect and returns what happened, an ``Outcome``: nothing (``None``), the
seat has decided (``DECIDED``, in a simultaneous phase), the turn is over (``TURN_OVER``, or a
``TurnOver`` naming a declared outcome such as "took" or "passed"), or go on at step X (the step's
name); the game's ``apply`` hands it to ``Flow.advance``, which moves the steps, phases, turns and
rounds on and runs the end checks. ``begin`` starts a new game's flow (every pack's constructor
calls it for a new game, so ``new_game`` always begins it).

Any sequence of phases of either kind runs, several turns phases in a round too; a phase of turns
takes its order from a pack's primitive (``order``) or clockwise from a declared seat
(``clockwise_from``), may give the same seat another turn after a declared outcome (``again``) and
may let a seat leave the round with another (``leaves``: the turns then go round the seats still in
until every one has left). What the kernel cannot run, ``FlowPrimitives.problems`` refuses at its
line.

>>> from woa_core.kernel.contract import SomeGame, new_game
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
into the rules' ``Flow`` (never changed once made) once, when the rules are compiled (``CompiledRules.flow``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Final, Generic, Protocol, TypeVar

from woa_core.errors import FlowError
from woa_core.kernel.aliases import Document
from woa_core.kernel.native import mypyc_attr
from woa_core.kernel.registry import Registry
from woa_core.suggest import with_suggestion


class Kind(StrEnum):
    """How the seats decide in a phase."""

    SIMULTANEOUS = "simultaneous"  # every seat once, in secret, in any order
    TURNS = "turns"  # one seat after another, in an order computed when the phase starts


@dataclass(frozen=True, slots=True)
class TurnOver:
    """What a verb returns when the active seat's turn is over; ``outcome`` names a declared
    outcome (``FlowPrimitives.outcomes``) a phase may answer with ``again`` or ``leaves``, ``""``
    none. A pack makes each once, as a constant (no allocation per action).

    >>> TurnOver("passed").outcome, TURN_OVER.outcome
    ('passed', '')
    """

    outcome: str = ""


@dataclass(frozen=True, slots=True)
class Decided:
    """What a verb returns when its seat has made its decision of a simultaneous phase: ``DECIDED``."""


@dataclass(frozen=True, slots=True)
class Reached:
    """What a verb returns when its action reaches a declared *moment* (Go West!'s ``scoring``: a
    scoring is done; ``card``: an action card's placement and movement are done): the kernel checks
    the named ends declared at that moment (``ends``) and, if none ends the game, the moment's
    ``then`` primitive says how the turn goes on (it may finish the action first: a draw). A pack
    makes each once, as a constant.

    >>> Reached("scoring").moment
    'scoring'
    """

    moment: str


TURN_OVER: Final = TurnOver()
"""The turn is over (no declared outcome): the next seat's turn, or the phase's end."""
DECIDED: Final = Decided()
"""The seat has decided in a simultaneous phase: the phase ends once nobody is left waiting."""

Outcome = str | TurnOver | Decided | Reached | None
"""What a verb returns: ``None`` (nothing for the flow: the same step), a step's name (go on at
that step), ``TURN_OVER`` or a ``TurnOver`` (the turn is over), ``DECIDED`` (the seat has decided),
a ``Reached`` moment (the ends declared there are checked, then the moment's ``then`` goes on)."""

AFTER_ACTION: Final = "action"
AFTER_TURN: Final = "turn"
"""The kernel's own moments an end may be checked at: after every action, after every turn."""

IDLE_ROUNDS: Final = 1000
"""Rounds in a row in which no seat had a decision before the kernel says the flow cannot go on."""


class FlowState(Protocol):
    """The flow's place in a game's state (boardgame.io's ``ctx``): the fields the kernel moves.

    ``round`` counts from 1 (it is 0 while the setup phases run); ``phase`` is the index of the
    phase running, among the setup phases in round 0, else among a round's; ``step`` is the
    decision pending (a phase's or a turn step's declared name, or ``Flow.over``); ``order`` the
    seats of the turns phase in order (the seats still in, in a phase they may leave) and ``turn``
    the index of the active one in it."""

    players: int
    round: int
    phase: int
    step: str
    order: list[int]
    turn: int


class FlowGame(Protocol):
    """What the flow reads of a game: its state's flow fields (any pack's game, or the part of one
    that plays its verbs)."""

    @property
    def state(self) -> FlowState:
        """The game's state, with the flow's fields."""
        ...


G = TypeVar("G", bound=FlowGame)
"""The game a flow's primitives are called with: the pack's own game class (or the part of it that
plays its verbs). ``Flow``, its phases, ends and moments and ``FlowPrimitives`` are generic over it
(issue 42.3), so mypy checks each primitive a pack registers against its game."""

# One alias per role of a primitive, as ``FlowPrimitives`` says; each is called with the pack's game.
Seats = Callable[[G], list[int]]
"""``waiting(game)`` or ``order(game)``: seats."""
Decider = Callable[[G], int]
"""``decider(game)``: one seat."""
TurnStart = Callable[[G], str | None]
"""``start_turn(game)``: the turn's first step, or None for the first declared one."""
RoundEnd = Callable[[G], bool | None]
"""``end_round(game)``: whether the game is over."""
EndIf = Callable[[G], bool]
"""``end_if(game)``: whether the game ends now."""
Effect = Callable[[G], None]
"""``new_round(game)``, ``finish(game)``: changes the game."""
GoOn = Callable[[G], "Outcome"]
"""``then(game)``: how the turn goes on after a moment at which no end fired."""


# Phase, End, Moment and Flow are generic classes written out rather than dataclasses: mypyc compiles
# no generic dataclass (mypyc/mypyc#827), and these are the flow's hot path. Each equals another of
# the same fields, as a dataclass would; none is changed once made.


class Phase(Generic[G]):
    """One phase of a round (or of the setup). For a simultaneous phase, ``name`` is the step
    pending while it runs and ``waiting(game)`` the seats still to decide; a turns phase's order
    comes from ``order(game)`` when it starts. In a setup phase of turns, each seat's one
    decision is at the step ``name``. ``again``: the declared outcomes after which the same seat
    takes another turn; ``leaves``: those with which a seat leaves the phase (the turns then go
    round the seats still in, until none is left).

    >>> Phase("play", Kind.TURNS) == Phase("play", Kind.TURNS), Phase("play", Kind.TURNS)
    (True, Phase('play', turns))
    """

    def __init__(
        self,
        name: str,
        kind: Kind,
        waiting: Seats[G] | None = None,
        order: Seats[G] | None = None,
        again: frozenset[str] = frozenset(),
        leaves: frozenset[str] = frozenset(),
    ) -> None:
        self.name = name
        self.kind = kind
        self.waiting = waiting
        self.order = order
        self.again = again
        self.leaves = leaves

    def _fields(self) -> tuple[object, ...]:
        return (self.name, self.kind, self.waiting, self.order, self.again, self.leaves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phase) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Phase({self.name!r}, {self.kind})"


class End(Generic[G]):
    """A named end of the game (Go West!'s ``vp50``, ``wagons``, ``capped``): checked at its moment
    (``at``: ``"action"`` after every action, ``"turn"`` after every turn, or a moment a verb
    reaches, ``Reached``); when ``when(game)`` holds, the state's ``ended`` becomes ``name``,
    ``finish(game)`` scores the game and it is over. Every figure of how games end reads that name.

    >>> End("vp50", "action", bool, print)
    End('vp50', at='action')
    """

    def __init__(self, name: str, at: str, when: EndIf[G], finish: Effect[G]) -> None:
        self.name = name
        self.at = at
        self.when = when
        self.finish = finish

    def _fields(self) -> tuple[object, ...]:
        return (self.name, self.at, self.when, self.finish)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, End) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"End({self.name!r}, at={self.at!r})"


class Moment(Generic[G]):
    """A declared moment inside an action (``Reached``): the ends checked there, in order, and
    ``then(game)``, how the turn goes on when none fires (an ``Outcome``).

    >>> Moment("scoring", print)
    Moment('scoring', ends=())
    """

    def __init__(self, name: str, then: GoOn[G], ends: tuple[End[G], ...] = ()) -> None:
        self.name = name
        self.then = then
        self.ends = ends

    def _fields(self) -> tuple[object, ...]:
        return (self.name, self.then, self.ends)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Moment) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Moment({self.name!r}, ends={tuple(end.name for end in self.ends)!r})"


class Flow(Generic[G]):
    """How a game runs (see the module docstring). The callables are the pack's mechanisms:

    - ``start_turn(game)``: what the active seat's turn begins with; it returns the turn's first
      step, or ``None`` for the first declared turn step;
    - ``end_round(game)``: the round-end steps and the end checks; it returns True when the game
      is over (its final scoring done);
    - ``new_round(game)``: what a new round resets before its first phase;
    - ``decider_of``: for a turn step decided by another seat than the active one (West of
      Africa's ``retreat``: the displaced ship's owner), who decides there.

    Optional, for games that need them (the defaults change nothing):

    - ``setup``: phases run once, in order, before the first round (Africa: each seat chooses a
      start city, in turns); ``begin(game)`` starts a new game's flow with the first of them
      (round 0), and after the last the first round begins (round 1);
    - ``end_if(game)``: whether the game ends now (boardgame.io's ``endIf``), checked by the
      kernel after every action (``advance``) and before a next turn starts (``end_turn``): it
      may end the game in the middle of a turn (Africa: the last monument is revealed, A24) or
      between two turns (a turn cap). Then ``finish(game)`` runs the final scoring and the step
      becomes ``over``.

    >>> ended = []
    >>> flow = Flow((), (), print, print, print, end_if=lambda game: True, finish=ended.append)
    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(state=SimpleNamespace(step="act"))
    >>> flow.after_action(game), game.state.step, len(ended)
    (True, 'over', 1)
    """

    def __init__(
        self,
        phases: tuple[Phase[G], ...],
        turn_steps: tuple[str, ...],
        start_turn: TurnStart[G],
        end_round: RoundEnd[G],
        new_round: Effect[G],
        over: str = "over",
        decider_of: Mapping[str, Decider[G]] | None = None,
        # Optional (issue 15): a setup run once before the first round, and an end checked after every action.
        setup: tuple[Phase[G], ...] = (),
        end_if: EndIf[G] | None = None,
        finish: Effect[G] | None = None,
        # Optional (issue 40): named ends, each checked at its moment, and the moments verbs reach.
        ends: tuple[End[G], ...] = (),
        moments: Mapping[str, Moment[G]] | None = None,
    ) -> None:
        self.phases = phases
        self.turn_steps = turn_steps
        self.start_turn = start_turn
        self.end_round = end_round
        self.new_round = new_round
        self.over = over
        self.decider_of: Mapping[str, Decider[G]] = decider_of if decider_of is not None else MappingProxyType({})
        self.setup = setup
        self.end_if = end_if
        self.finish = finish
        self.ends = ends
        self.moments: Mapping[str, Moment[G]] = moments if moments is not None else MappingProxyType({})
        special: dict[str, Seats[G]] = {over: _nobody}
        simultaneous: dict[str, Phase[G]] = {}
        for phase in (*setup, *phases):
            if phase.kind is Kind.SIMULTANEOUS and phase.waiting is not None:
                special[phase.name] = phase.waiting
            if phase.kind is Kind.SIMULTANEOUS and phase.name not in simultaneous:
                simultaneous[phase.name] = phase
        for step, who in self.decider_of.items():
            special[step] = _one(who)
        # Who decides at each step that is not the active seat's, computed once (the loop asks for
        # every decision): a plain dict reads fastest.
        self._special = special
        # ``not_active``, computed once (a game reads it whenever it is made, search makes many).
        self._not_active = frozenset(special)
        # Each simultaneous phase by its step: ``decided`` asks after every such decision.
        self._simultaneous = simultaneous
        # The step a turn of a round begins at unless ``start_turn`` says another.
        self._first_step = turn_steps[0] if turn_steps else over
        self._action_ends = tuple(e for e in ends if e.at == AFTER_ACTION)
        self._turn_ends = tuple(e for e in ends if e.at == AFTER_TURN)

    @property
    def steps(self) -> tuple[str, ...]:
        """Every step a game of this flow may be at, each declared once."""
        setup = (p.name for p in self.setup)
        return (*setup, *(p.name for p in self.phases if p.kind is Kind.SIMULTANEOUS), *self.turn_steps, self.over)

    def simultaneous(self, step: str) -> Phase[G] | None:
        """The simultaneous phase whose step ``step`` is, or None."""
        return self._simultaneous.get(step)

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

    def deciders(self, game: G) -> list[int]:
        """The seats that may act now: those still to decide in a simultaneous phase, whoever a
        step names, else the active seat; nobody once the game is over."""
        s: FlowState = game.state
        special = self._special.get(s.step)
        if special is not None:
            return special(game)
        return [s.order[s.turn]]

    # ------------------------------------------------ the one place that moves the flow on

    def begin(self, game: G) -> None:
        """Start a new game's flow: its first setup phase (round 0), or without one the first
        round's first phase (round 1). A flow of no phases (``NO_FLOW``: a game that runs its
        turns itself) has nothing to begin."""
        if not self.phases:
            return
        s: FlowState = game.state
        s.round = 0 if self.setup else 1
        s.turn = 0
        s.order = []
        self._enter(game, 0)

    def advance(self, game: G, outcome: Outcome) -> None:
        """After a verb played its effect: what it returned moves the flow on (a step, the end of
        a decision or of a turn, and what follows: phases, rounds, the round's end checks), then
        ``end_if`` is checked. The one function that advances a game (issue 42.1).

        >>> from woa_core.rules import load_rules
        >>> from woa_core.packs.africa.game import Game
        >>> game = Game(load_rules("africa", 2), seed=1)
        >>> game.state.step, game.state.round
        ('city', 0)
        >>> game.rules.flow.advance(game, TURN_OVER)  # p1 chose its city: p2 chooses
        >>> game.state.step, game.deciders()
        ('city', [1])
        """
        if outcome is not None and outcome.__class__ is Reached:
            moment = self.moments[outcome.moment]
            for end in moment.ends:
                if end.when(game):
                    self._end(game, end)
                    return
            outcome = moment.then(game)
        if outcome is not None:  # by class, not isinstance: no call on the hot path
            if outcome.__class__ is TurnOver:
                self.end_turn(game, outcome.outcome)  # mypy narrows by the class too: no cast
            elif outcome is DECIDED:
                self.decided(game)
            else:  # a step's name (the branches above took the other kinds, by class)
                game.state.step = outcome  # type: ignore[assignment]
        end_if = self.end_if  # ``after_action``, written out: asked after every action
        if end_if is not None and game.state.step != self.over and end_if(game):
            self._finish(game)
        elif self._action_ends and game.state.step != self.over:
            self._check_ends(game, self._action_ends)

    def after_action(self, game: G) -> bool:
        """After every action (``advance``): if ``end_if`` says the game ends now, the final
        scoring runs and the game is over. Returns whether it ended here."""
        if self.end_if is None or game.state.step == self.over or not self.end_if(game):
            return False
        self._finish(game)
        return True

    def decided(self, game: G) -> None:
        """After a decision in a simultaneous phase: once every seat has decided, the next phase
        starts (a turns phase computes its order and the first turn starts), or the round ends."""
        s: FlowState = game.state
        phase = self._simultaneous.get(s.step)
        if phase is None or phase.waiting is None or phase.waiting(game):
            return
        self._enter(game, s.phase + 1)

    def end_turn(self, game: G, outcome: str = "") -> None:
        """The active seat's turn is over, with a declared ``outcome`` or none: unless ``end_if``
        ends the game, the same seat plays again (an outcome of ``again``), the seat leaves the
        phase (one of ``leaves``), or the next seat's turn begins; after the last, the next phase
        (or, after a round's last, the round's end and, unless the game is over, the next round)."""
        s: FlowState = game.state
        if s.step == self.over:  # a moment's end finished the game inside the turn
            return
        if self.end_if is not None and self.end_if(game):
            self._finish(game)
            return
        if self._turn_ends and self._check_ends(game, self._turn_ends):
            return
        phase = (self.setup if s.round == 0 else self.phases)[s.phase]
        if phase.kind is not Kind.TURNS:
            phase = self._turns_phase(s)
        if outcome:
            if outcome in phase.again:
                self._start_turn(game, phase)
                return
            if outcome in phase.leaves:
                s.order = s.order[: s.turn] + s.order[s.turn + 1 :]
                if not s.order:
                    self._enter(game, s.phase + 1)
                    return
                if s.turn == len(s.order):
                    s.turn = 0
                self._start_turn(game, phase)
                return
        s.turn += 1
        if s.turn == len(s.order):
            if not phase.leaves:
                self._enter(game, s.phase + 1)
                return
            s.turn = 0  # round the seats still in, until each has left
        if s.round == 0:  # ``_start_turn``, written out: the next seat's turn is the common case
            s.step = phase.name
            return
        s.step = self._first_step
        first = self.start_turn(game)
        if first is not None:
            s.step = first

    # --------------------------------------------------------------------- mechanics

    def _turns_phase(self, s: FlowState) -> Phase[G]:
        """The phase of turns running when ``s.phase`` is not one: a state written before phases
        were counted (issue 42) says phase 0 in a round whose first phase is simultaneous, and its
        turns are those of the first phase of turns after it."""
        phases = self.setup if s.round == 0 else self.phases
        s.phase = next(i for i, p in enumerate(phases) if i > s.phase and p.kind is Kind.TURNS)
        return phases[s.phase]

    def _enter(self, game: G, index: int) -> None:
        """Start the phase at ``index`` of the setup (round 0) or of the round, skipping a phase in
        which nobody has a decision; past the last setup phase the first round begins, past a
        round's last phase the round ends and, unless the game is over, the next begins."""
        s: FlowState = game.state
        idle = 0
        while True:
            phases = self.setup if s.round == 0 else self.phases
            if index < len(phases):
                s.phase = index
                if self._start_phase(game, phases[index]):
                    return
                index += 1
                continue
            if s.round == 0:
                s.round = 1
            else:
                ended = self.end_round(game)
                if ended or s.step == self.over:  # the round's end ended the game: its final scoring too
                    self._finish(game)
                    return
                s.round += 1
            s.turn = 0
            s.order = []
            if s.round > 1:
                self.new_round(game)
            idle += 1
            if idle > IDLE_ROUNDS:
                raise FlowError(f"no seat had a decision in {IDLE_ROUNDS} rounds in a row: the flow cannot go on")
            index = 0

    def _start_phase(self, game: G, phase: Phase[G]) -> bool:
        """Start ``phase``; whether a seat has a decision in it."""
        s: FlowState = game.state
        if phase.kind is Kind.SIMULTANEOUS:
            s.step = phase.name
            return phase.waiting is None or bool(phase.waiting(game))
        order = phase.order(game) if phase.order is not None else []
        s.order = order
        s.turn = 0
        if not order:
            return False
        self._start_turn(game, phase)
        return True

    def _start_turn(self, game: G, phase: Phase[G]) -> None:
        """The active seat's turn begins: at the setup phase's step, or at the turn's first step
        (``start_turn`` may name another)."""
        s: FlowState = game.state
        if s.round == 0:
            s.step = phase.name
            return
        s.step = self._first_step
        first = self.start_turn(game)
        if first is not None:
            s.step = first

    def _finish(self, game: G) -> None:
        if self.finish is not None:
            self.finish(game)
        game.state.step = self.over

    def _check_ends(self, game: G, ends: tuple[End[G], ...]) -> bool:
        """End the game by the first of ``ends`` that holds; whether one did."""
        for end in ends:
            if end.when(game):
                self._end(game, end)
                return True
        return False

    def _end(self, game: G, end: End[G]) -> None:
        """The game ends by ``end``: its name recorded (``state.ended``), its scoring run."""
        setattr(game.state, "ended", end.name)  # noqa: B010 (a state of a flow with named ends has ``ended``)
        end.finish(game)
        game.state.step = self.over


def _nobody(game: FlowGame) -> list[int]:
    return []


def _one(who: Decider[G]) -> Seats[G]:
    return lambda game: [who(game)]


def _nothing(game: FlowGame) -> None:
    return None


def _clockwise_from(first: Decider[G]) -> Seats[G]:
    """Every seat once, clockwise (ascending, wrapping) from the seat ``first(game)`` names."""

    def order(game: G) -> list[int]:
        players: int = game.state.players
        start = first(game)
        return [(start + i) % players for i in range(players)]

    return order


def _seat(number: int) -> Callable[[FlowGame], int]:
    """A declared seat (``clockwise_from: 2``: the second seat, index 1)."""
    return lambda game: number - 1


NO_FLOW: Final[Flow[FlowGame]] = Flow((), (), _nothing, _nothing, _nothing)
"""The flow of rules whose pack declares none (a game that runs its turns itself): never asked."""

Path = tuple[str | int, ...]
"""Where in a rules document: its keys and list indices, in order."""

Declared = Document
"""A validated rules document, or the part of it declaring the flow (plain data the schema shaped)."""


ROLES = ("waiting", "order", "decider", "start_turn", "end_round", "new_round", "end_if", "finish", "then")
"""The kinds of primitive a flow names, each the name of a ``FlowPrimitives`` registry and, prefixed
``flow_``, of the ``$defs`` entry of the flow schema whose names the kernel fills in (and
``flow_outcome``: the pack's declared turn outcomes)."""


@mypyc_attr(native_class=False)  # generic (mypyc compiles no generic dataclass); read once, as rules compile
@dataclass(frozen=True, slots=True)
class FlowPrimitives(Generic[G]):
    """What a pack gives the kernel for its turn flow: where its rules declare the flow (``at``:
    the path in the rules document, ``("turn", "flow")`` for ``turn.yaml``'s ``flow``), every
    step its code knows (``steps``: its declared step names; the declaration must list each
    once), the turn steps its actions declare themselves (``action_steps``: West of Africa's
    action under way is at the step named by the action, so a new action is no change to the
    flow; the compiled flow's turn steps end with them), the outcomes its verbs may end a turn
    with (``outcomes``: each a ``TurnOver(name)``, which a phase's ``again`` and ``leaves`` name),
    and its mechanisms by the name the declaration uses, one registry per role. It is generic over
    the pack's game (``FlowPrimitives[Game]``, the game each primitive is called with: mypy checks
    every primitive registered against it), as is the ``Flow`` it compiles:

    - ``waiting(game) -> seats``: who is still to decide in a simultaneous phase;
    - ``order(game) -> seats``: the seats' order in a phase of turns;
    - ``decider(game) -> seat``: who decides at a turn step that is not the active seat's (and a
      seat a phase's turns may go clockwise from, ``clockwise_from``);
    - ``start_turn(game) -> step | None``, ``end_round(game) -> over``, ``new_round``, ``finish``
      (``fn(game)``) and ``end_if(game) -> bool``: as ``Flow`` says;
    - ``then(game) -> outcome``: how a turn goes on after a declared moment (``Moment``), and
      ``moments``: the moments its verbs reach (``Reached``), each of which the rules declare.

    >>> prims = FlowPrimitives(at=("turn", "flow"), steps=("move", "over"))
    >>> @prims.order.register("clockwise")
    ... def clockwise(game: FlowGame) -> list[int]:
    ...     return list(range(game.state.players))
    >>> flow = prims.compile({"turn": {"flow": {"phases": [{"name": "play", "kind": "turns", "order": "clockwise"}],
    ...                                         "turn_steps": ["move"], "over": "over"}}})
    >>> [(phase.name, phase.order is clockwise) for phase in flow.phases], flow.steps
    ([('play', True)], ('move', 'over'))
    """

    at: tuple[str, ...]
    steps: tuple[str, ...]
    action_steps: tuple[str, ...] = ()
    outcomes: tuple[str, ...] = ()
    waiting: Registry[Seats[G]] = field(default_factory=lambda: Registry("waiting"))
    order: Registry[Seats[G]] = field(default_factory=lambda: Registry("turn order"))
    decider: Registry[Decider[G]] = field(default_factory=lambda: Registry("decider"))
    start_turn: Registry[TurnStart[G]] = field(default_factory=lambda: Registry("turn start"))
    end_round: Registry[RoundEnd[G]] = field(default_factory=lambda: Registry("round end"))
    new_round: Registry[Effect[G]] = field(default_factory=lambda: Registry("new round"))
    end_if: Registry[EndIf[G]] = field(default_factory=lambda: Registry("game end"))
    finish: Registry[Effect[G]] = field(default_factory=lambda: Registry("final scoring"))
    then: Registry[GoOn[G]] = field(default_factory=lambda: Registry("moment's continuation"))
    moments: tuple[str, ...] = ()

    def schema_names(self) -> Iterator[tuple[str, tuple[str, ...]]]:
        """For each role, the flow schema's ``$defs`` entry and the names it may take."""
        for role in ROLES:
            yield f"flow_{role}", tuple(getattr(self, role))
        yield "flow_outcome", self.outcomes

    def declaration(self, document: Declared) -> Declared:
        """The flow as ``document`` declares it (at ``at``)."""
        found: Declared = document
        for key in self.at:
            found = found[key]
        return found

    def compile(self, document: Declared) -> Flow[G]:
        """The ``Flow`` that ``document`` (a validated rules document) declares: each name
        looked up once, here (the kernel's validation said every name exists)."""
        d = self.declaration(document)
        ends = tuple(
            End(e["name"], e["at"], self.end_if[e["when"]], self.finish[e["finish"]]) for e in d.get("ends", ())
        )
        return Flow(
            phases=tuple(self._phase(p) for p in d["phases"]),
            turn_steps=(*d.get("turn_steps", ()), *self.action_steps),
            start_turn=self.start_turn[d["start_turn"]] if "start_turn" in d else _nothing,
            end_round=self.end_round[d["end_round"]] if "end_round" in d else _nothing,
            new_round=self.new_round[d["new_round"]] if "new_round" in d else _nothing,
            over=d["over"],
            decider_of=MappingProxyType({step: self.decider[who] for step, who in (d.get("deciders") or {}).items()}),
            setup=tuple(self._phase(p) for p in d.get("setup", ())),
            end_if=self.end_if[d["end_if"]] if "end_if" in d else None,
            finish=self.finish[d["finish"]] if "finish" in d else None,
            ends=ends,
            moments=MappingProxyType(
                {
                    name: Moment(name, self.then[m["then"]], tuple(e for e in ends if e.at == name))
                    for name, m in (d.get("moments") or {}).items()
                }
            ),
        )

    def _phase(self, p: Declared) -> Phase[G]:
        """One declared phase, its primitives looked up."""
        waiting = self.waiting[p["waiting"]] if "waiting" in p else None
        order = self.order[p["order"]] if "order" in p else None
        start = p.get("clockwise_from")
        if start is not None:
            order = _clockwise_from(_seat(start) if isinstance(start, int) else self.decider[start])
        again, leaves = frozenset(p.get("again", ())), frozenset(p.get("leaves", ()))
        return Phase(p["name"], Kind(p["kind"]), waiting=waiting, order=order, again=again, leaves=leaves)

    def problems(self, document: Declared) -> Iterator[tuple[Path, str]]:
        """What the flow schema cannot say of the declaration in ``document``, as ``(path,
        message)``: each step of the game declared exactly once (as a setup phase, a simultaneous
        phase, a turn step or ``over``), ``deciders`` naming turn steps, phase names unique, and
        what the kernel could not run (issue 42.2): a phase of turns without its order or with two,
        turns with no step to be played at, a seat not at the table, an outcome both ``again`` and
        ``leaves``.

        >>> prims = FlowPrimitives(at=("flow",), steps=("move", "over"))
        >>> phases = [{"name": "play", "kind": "turns", "order": "x"}]
        >>> declared = {"phases": phases, "turn_steps": ["move", "move", "jump"], "over": "over"}
        >>> for path, message in prims.problems({"flow": declared}):
        ...     print(path, message)
        ('flow', 'turn_steps', 1) the step 'move' is declared twice (each step once)
        ('flow', 'turn_steps', 2) 'jump' is no step of this game (its steps: move, over)
        """
        d, at = self.declaration(document), self.at
        yield from self._step_problems(d)
        yield from self._end_problems(d)
        if self.finish and "finish" not in d and not d.get("ends"):  # the pack scores a finished game
            yield at, f"name the game's final scoring with finish: one of {', '.join(sorted(self.finish))}"
        turn_steps = {*d.get("turn_steps", ()), *self.action_steps}
        for step in d.get("deciders") or {}:
            if step not in turn_steps:
                said = with_suggestion(f"'{step}' is no turn step", step, sorted(turn_steps))
                yield (*at, "deciders", step, "_key"), f"{said} (only a turn step has a decider)"
        names: set[str] = set()
        players = document.get("_players")
        for part in ("setup", "phases"):
            for i, p in enumerate(d.get(part, ())):
                if p["name"] in names:
                    yield (*at, part, i, "name"), f"two phases are named '{p['name']}'"
                names.add(p["name"])
                yield from self._phase_problems((*at, part, i), p, part == "phases" and not turn_steps, players)

    def _end_problems(self, d: Declared) -> Iterator[tuple[Path, str]]:
        """Named ends at moments that exist, each name once; every moment the pack's verbs reach
        declared, and none they never reach."""
        at = self.at
        declared = d.get("moments") or {}
        for moment in self.moments:
            if moment not in declared:
                yield (*at,), f"declare the moment '{moment}' under moments (the pack's verbs reach it)"
        for moment in declared:
            if moment not in self.moments:
                said = with_suggestion(f"'{moment}' is no moment of this game", moment, self.moments)
                known = ", ".join(self.moments) or "none"
                yield (*at, "moments", moment, "_key"), f"{said} (its moments: {known})"
        names: set[str] = set()
        moments = (AFTER_ACTION, AFTER_TURN, *declared)
        for i, end in enumerate(d.get("ends", ())):
            if end["name"] in names:
                yield (*at, "ends", i, "name"), f"two ends are named '{end['name']}'"
            names.add(end["name"])
            if end["at"] not in moments:
                said = with_suggestion(f"'{end['at']}' is no moment", end["at"], moments)
                yield (*at, "ends", i, "at"), f"{said} (an end is checked at one of: {', '.join(moments)})"
        if d.get("ends") and "end_if" in d:
            yield (*at, "end_if", "_key"), "a flow with named ends declares each under ends, not end_if"

    def _step_problems(self, d: Declared) -> Iterator[tuple[Path, str]]:
        """Each step of the game declared exactly once."""
        at = self.at
        declared: list[tuple[Path, str]] = []
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
                said = with_suggestion(f"'{step}' is no step of this game", step, self.steps)
                yield path, f"{said} (its steps: {', '.join(self.steps)})"
            elif step in seen:
                yield path, f"the step '{step}' is declared twice (each step once)"
            seen.add(step)
        missing = [step for step in self.steps if step not in seen]
        if missing:
            listed = ", ".join(f"'{step}'" for step in missing)
            where = "as a setup phase, a simultaneous phase, a turn step or over"
            yield at, f"the flow does not declare the step{'s' * (len(missing) > 1)} {listed} (each step once: {where})"

    def _phase_problems(
        self, path: Path, p: Declared, no_turn_step: bool, players: int | None
    ) -> Iterator[tuple[Path, str]]:
        """What the kernel could not run of one declared phase (at ``path``)."""
        if p["kind"] == Kind.SIMULTANEOUS:
            for extra in ("order", "clockwise_from", "again", "leaves"):
                if extra in p:
                    yield (*path, extra, "_key"), f"a simultaneous phase has no {extra}"
            return
        if "waiting" in p:
            yield (*path, "waiting", "_key"), "a turns phase has no waiting"
        given = [key for key in ("order", "clockwise_from") if key in p]
        if not given:
            yield (
                (*path, "name"),
                "a turns phase needs its order: a pack's primitive (order) or a seat (clockwise_from)",
            )
        elif len(given) == 2:
            yield (*path, "clockwise_from", "_key"), "a turns phase has one order: order or clockwise_from, not both"
        start = p.get("clockwise_from")
        if isinstance(start, int) and players is not None and start > players:
            yield (*path, "clockwise_from"), f"seat {start} does not play in a {players}-player game"
        if no_turn_step:
            yield (*path, "kind"), "a round's turns phase needs a step to play at: declare turn_steps"
        for outcome in sorted(set(p.get("again", ())) & set(p.get("leaves", ()))):
            yield (*path, "leaves"), f"the outcome '{outcome}' cannot both give the seat another turn and leave"
