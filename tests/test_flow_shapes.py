"""The kernel owns the turn flow (issue 42, items 1 and 2): a verb returns what happened and the
kernel alone moves the flow on; every flow a rules file declares either runs or is refused at its
line. The flows here are a tiny pack's (a game of the flow alone: each seat decides, takes, passes
or ends its turn) and West of Africa's with its phases swapped."""

from __future__ import annotations

import ast
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from woa_core.check.runner import play_checked
from woa_core.errors import RulesError
from woa_core.kernel.contract import new_game
from woa_core.kernel.flow import DECIDED, TURN_OVER, Flow, FlowPrimitives, Outcome, TurnOver
from woa_core.packs.west_of_africa.steps import PLACE, SELECT
from woa_core.rules import load_rules

ROOT = Path(__file__).resolve().parents[1]

TOOK, PASSED = TurnOver("took"), TurnOver("passed")
"""The tiny pack's declared outcomes: a seat took (a card, say) or passed."""

ROUNDS = 3
"""The tiny pack's rounds: its ``round_cap`` ends the game after the third."""


@dataclass
class Ctx:
    """The tiny pack's state: the flow's fields and what its seats did."""

    players: int
    round: int = -1
    phase: int = 0
    step: str = ""
    order: list[int] = field(default_factory=list)
    turn: int = 0
    decided: set[tuple[int, str, int]] = field(default_factory=set)  # (round, phase step, seat)
    actions: int = 0
    cap: int = 10**6  # actions after which ``action_cap`` ends the game at once
    log: list[str] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)


class Tiny:
    """A game of its flow alone: the kernel begins and advances it, the verbs only say what happened."""

    def __init__(self, flow: Flow, players: int, cap: int = 10**6) -> None:
        self.flow = flow
        self.state = Ctx(players, cap=cap)
        flow.begin(self)

    def legal(self) -> list[str]:
        s, flow = self.state, self.flow
        if flow.simultaneous(s.step) is not None:
            return ["decide"]
        if s.round == 0:
            return ["done", "take", "pass"]
        steps = flow.turn_steps
        later = steps.index(s.step) + 1 < len(steps)
        return ["end", "take", "pass", *(["next"] if later else [])]

    def play(self, seat: int, verb: str) -> Outcome:
        """A verb's effect, and what happened: never a flow field written here."""
        s = self.state
        s.actions += 1
        s.log.append(f"p{seat + 1} {verb} at {s.step}")
        if verb == "decide":
            s.decided.add((s.round, s.step, seat))
            return DECIDED
        if verb == "next":
            return self.flow.turn_steps[self.flow.turn_steps.index(s.step) + 1]
        return {"take": TOOK, "pass": PASSED}.get(verb, TURN_OVER)

    def apply(self, seat: int, verb: str) -> None:
        self.flow.advance(self, self.play(seat, verb))


def tiny_primitives(steps: tuple[str, ...]) -> FlowPrimitives:
    """The tiny pack's primitives, for a flow whose steps are ``steps``."""
    prims = FlowPrimitives(at=("flow",), steps=steps, outcomes=("took", "passed"))
    prims.waiting.register("undecided")(
        lambda g: [p for p in range(g.state.players) if (g.state.round, g.state.step, p) not in g.state.decided]
    )
    prims.order.register("ascending")(lambda g: list(range(g.state.players)))
    prims.order.register("descending")(lambda g: list(range(g.state.players))[::-1])
    prims.order.register("nobody")(lambda g: [])
    prims.decider.register("last_seat")(lambda g: g.state.players - 1)
    prims.start_turn.register("log_turn")(lambda g: g.state.log.append(f"turn p{g.state.order[g.state.turn] + 1}"))
    prims.end_round.register("round_cap")(lambda g: g.state.round >= ROUNDS)
    prims.end_if.register("action_cap")(lambda g: g.state.actions >= g.state.cap)
    prims.finish.register("rank")(lambda g: g.state.ranking.extend(range(g.state.players)))
    return prims


def _schema(prims: FlowPrimitives) -> dict[str, Any]:
    schema = json.loads((ROOT / "woa_core/kernel/schema/flow.schema.json").read_text(encoding="utf-8"))
    for definition, names in prims.schema_names():
        schema["$defs"][definition]["enum"] = list(names)
    return schema


def refusals(declared: dict[str, Any], players: int, prims: FlowPrimitives | None = None) -> list[str]:
    """What ``woa validate`` says of a flow: its schema (with the pack's names), then the kernel's checks."""
    prims = prims or tiny_primitives(declared_steps(declared))
    found = [e.message for e in jsonschema.Draft202012Validator(_schema(prims)).iter_errors(declared)]
    if found:
        return found
    found = []
    for path, message in prims.problems({"flow": declared, "_players": players}):
        at = path[:-1] if path[-1:] == ("_key",) else path  # a key's own place: where validate points
        found.append(f"{'.'.join(map(str, at))}: {message}")
    return found


def declared_steps(declared: dict[str, Any]) -> tuple[str, ...]:
    """The steps a flow declares (the tiny pack knows exactly those)."""
    phases = [p["name"] for p in declared.get("setup", ())]
    phases += [p["name"] for p in declared["phases"] if p["kind"] == "simultaneous"]
    return (*phases, *declared.get("turn_steps", ()), declared["over"])


def play_to_the_end(declared: dict[str, Any], players: int, seed: int, cap: int = 10**6) -> Tiny:
    """Play a flow the checks accept with random choices, checking what the flow says at every decision."""
    flow = tiny_primitives(declared_steps(declared)).compile({"flow": declared})
    game, rng = Tiny(flow, players, cap), random.Random(seed)
    for _ in range(20_000):
        s = game.state
        if s.step == flow.over:
            return game
        deciders = flow.deciders(game)
        assert deciders and all(0 <= p < players for p in deciders), (s, deciders)
        if s.step in flow.decider_of:
            assert deciders == [players - 1]
        elif flow.simultaneous(s.step) is None:
            assert deciders == [s.order[s.turn]]
        seat = rng.choice(deciders)
        game.apply(seat, rng.choice(game.legal()))
    raise AssertionError(f"the game did not end: {game.state}")


def turns(name: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "kind": "turns", **({"order": "ascending"} if "clockwise_from" not in more else {}), **more}


def simultaneous(name: str) -> dict[str, Any]:
    return {"name": name, "kind": "simultaneous", "waiting": "undecided"}


def flow_of(*phases: dict[str, Any], **more: Any) -> dict[str, Any]:
    declared = {"phases": list(phases), "turn_steps": ["move"], "end_round": "round_cap", "over": "over"}
    return {**declared, "finish": "rank", **more}


def turn_owners(game: Tiny) -> list[str]:
    return [line for line in game.state.log if line.startswith("turn ")]


# ------------------------------------------------------------------- issue 42.2: shapes that run


def test_several_turns_phases_in_a_round_all_run() -> None:
    """issue 42.2: a round of two phases of turns runs both, in order, every round (before, only
    the first ever ran: the round ended after it)."""
    declared = flow_of(turns("first"), turns("second", order="descending"), start_turn="log_turn")
    assert refusals(declared, 3) == []
    flow = tiny_primitives(declared_steps(declared)).compile({"flow": declared})
    game = Tiny(flow, 3)
    for _ in range(6):
        game.apply(game.flow.deciders(game)[0], "end")
    assert turn_owners(game) == ["turn p1", "turn p2", "turn p3", "turn p3", "turn p2", "turn p1", "turn p1"]
    assert (game.state.round, game.state.phase) == (2, 0)


def test_a_simultaneous_phase_after_the_turns_and_between_them_runs() -> None:
    """issue 42.2: a simultaneous phase anywhere in a round: turns, a secret decision, turns again
    (before, a decision in a phase not first crashed, or the round ended at the first turns' end)."""
    declared = flow_of(turns("early"), simultaneous("bid"), turns("late", clockwise_from=2), start_turn="log_turn")
    assert refusals(declared, 3) == []
    game = Tiny(tiny_primitives(declared_steps(declared)).compile({"flow": declared}), 3)
    for _ in range(3):
        game.apply(game.flow.deciders(game)[0], "end")
    assert game.state.step == "bid" and game.flow.deciders(game) == [0, 1, 2]
    for seat in (2, 0, 1):
        game.apply(seat, "decide")
    assert turn_owners(game) == ["turn p1", "turn p2", "turn p3", "turn p2"]
    assert (game.state.round, game.state.phase, game.state.step) == (1, 2, "move")


def test_the_same_seat_again_after_a_declared_outcome_and_a_pass_leaves_the_round() -> None:
    """issue 42.2: a take-or-pass turn order in YAML: "took" gives the same seat another turn,
    "passed" takes it out of the phase, whose turns go round the seats still in until none is left."""
    declared = flow_of(turns("play", again=["took"], leaves=["passed"]), start_turn="log_turn")
    assert refusals(declared, 3) == []
    game = Tiny(tiny_primitives(declared_steps(declared)).compile({"flow": declared}), 3)
    seen = []
    for verb in ("take", "take", "end", "pass", "end", "take", "pass", "pass"):
        seat = game.flow.deciders(game)[0]
        seen.append(f"p{seat + 1} {verb}")
        game.apply(seat, verb)
    assert seen == ["p1 take", "p1 take", "p1 end", "p2 pass", "p3 end", "p1 take", "p1 pass", "p3 pass"]
    assert game.state.round == 2 and game.flow.deciders(game) == [0]


def test_an_immediate_end_after_any_step() -> None:
    """issue 42.2: ``end_if`` is checked after every action, whatever the step: the game ends there,
    its final scoring once, in the middle of a simultaneous phase too."""
    declared = flow_of(simultaneous("bid"), turns("play"), end_if="action_cap", finish="rank")
    game = play_to_the_end(declared, 3, seed=1, cap=2)
    assert game.state.actions == 2 and game.state.ranking == [0, 1, 2] and game.state.log[-1].endswith("at bid")


# --------------------------------------------------------- issue 42.2: refused, at the flow's line


def test_what_the_kernel_cannot_run_is_refused_with_its_reason() -> None:
    """issue 42.2: a turns phase without its order or with two, a seat not at the table, an outcome
    both again and leaves, turns without a step to be played at, an outcome the pack does not know."""
    assert refusals(flow_of({"name": "play", "kind": "turns"}), 2) == [
        "flow.phases.0.name: a turns phase needs its order: a pack's primitive (order) or a seat (clockwise_from)"
    ]
    assert refusals(flow_of(turns("play", clockwise_from=1, order="ascending")), 2) == [
        "flow.phases.0.clockwise_from: a turns phase has one order: order or clockwise_from, not both"
    ]
    assert refusals(flow_of(turns("play", clockwise_from=4)), 3) == [
        "flow.phases.0.clockwise_from: seat 4 does not play in a 3-player game"
    ]
    assert refusals(flow_of(turns("play", again=["took"], leaves=["took"])), 2) == [
        "flow.phases.0.leaves: the outcome 'took' cannot both give the seat another turn and leave"
    ]
    assert refusals({**flow_of(turns("play")), "turn_steps": []}, 2) == [
        "flow.phases.0.kind: a round's turns phase needs a step to play at: declare turn_steps"
    ]
    assert refusals(flow_of(turns("play", again=["won"])), 2) == ["'won' is not one of ['took', 'passed']"]
    assert refusals(flow_of(simultaneous("bid") | {"again": ["took"]}), 2) == [
        "flow.phases.0.again: a simultaneous phase has no again"
    ]


def _variant(tmp_path: Path, phases: str) -> str:
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: west-of-africa\nturn:\n  flow:\n    phases:\n{phases}", encoding="utf-8")
    return str(path)


def test_west_of_africa_refuses_a_second_phase_of_turns_at_its_line(tmp_path: Path) -> None:
    """issue 42.2: the kernel runs two phases of turns, West of Africa's rules do not (a seat plays
    its selection in one turn, R7, R12): woa validate says so at the phase's line."""
    spec = _variant(
        tmp_path,
        "      - {name: select, kind: simultaneous, waiting: not_selected}\n"
        "      - {name: actions, kind: turns, order: player_order}\n"
        "      - {name: again, kind: turns, clockwise_from: 2}\n",
    )
    with pytest.raises(RulesError) as e:
        load_rules(spec, 2)
    assert [f"{Path(p.file).name}:{p.line}:{p.column}: {p.message}" for p in e.value.problems] == [
        "variant.yaml:7:29: a seat plays its selection in one turn a round (R7, R12): "
        "West of Africa's round has one phase of turns"
    ]


@pytest.mark.parametrize("players", [2, 4])
def test_west_of_africa_with_its_phases_swapped_plays_to_its_end(tmp_path: Path, players: int) -> None:
    """issue 42 (done when): the turns before the selection, which validated and then crashed with an
    IndexError after the first selection (and began at select anyway), begin the game with the
    turns (new_game begins the declared flow, issue 42.1) and play to the end, every invariant holding."""
    spec = _variant(
        tmp_path,
        "      - {name: actions, kind: turns, order: player_order}\n"
        "      - {name: select, kind: simultaneous, waiting: not_selected}\n",
    )
    rules = load_rules(spec, players)
    game = new_game(rules, seed=3)
    assert (game.state.step, game.state.round, game.deciders()) == (PLACE, 1, [game.state.order[0]])
    violation, played = play_checked(rules, seed=3)
    assert violation is None and played.over and played.state.round > 1
    assert new_game(load_rules("west-of-africa", players), seed=3).state.step == SELECT


# ------------------------------------------------------------ issue 42.2: random shapes, all run


PLACES = [(), (), (), ("again",), ("again",), ("leaves",), ("leaves",), ("again", "leaves")]
"""Where an outcome goes in a random turns phase: nowhere, again, leaves, or (rarely: refused) both."""


def _phase(draw: st.DrawFn, name: str) -> dict[str, Any]:
    if draw(st.booleans()):
        return simultaneous(name)
    phase: dict[str, Any] = {"name": name, "kind": "turns"}
    order = draw(st.sampled_from(["ascending", "descending", "nobody", 1, 2, 3, "last_seat", None]))
    if order in ("ascending", "descending", "nobody"):
        phase["order"] = order
    elif order is not None:
        phase["clockwise_from"] = order
    for outcome in ("took", "passed"):  # each outcome: nothing, another turn, or leaving (rarely both: refused)
        for key in draw(st.sampled_from(PLACES)):
            phase.setdefault(key, []).append(outcome)
    return phase


@st.composite
def flows(draw: st.DrawFn) -> dict[str, Any]:
    """A random flow of the tiny pack: setup phases, a round's phases of either kind in any order,
    turn steps, orders, again and leaves, an end at once, what starts a turn."""
    setup = [_phase(draw, f"setup{i}") for i in range(draw(st.integers(0, 2)))]
    phases = [_phase(draw, f"phase{i}") for i in range(draw(st.integers(1, 4)))]
    declared: dict[str, Any] = {"phases": phases, "end_round": "round_cap", "over": "over", "finish": "rank"}
    if setup:
        declared["setup"] = setup
    steps = st.lists(
        st.sampled_from(["move", "more", "last"]), unique=True, min_size=draw(st.sampled_from([0, *[1] * 7]))
    )
    declared["turn_steps"] = draw(steps)
    if draw(st.booleans()):
        declared["start_turn"] = "log_turn"
    if draw(st.booleans()):
        declared["end_if"] = "action_cap"
    if declared["turn_steps"] and draw(st.booleans()):
        declared["deciders"] = {declared["turn_steps"][-1]: "last_seat"}
    return declared


@settings(max_examples=200, deadline=None)
@given(flows(), st.integers(2, 4), st.integers(0, 2**16), st.integers(1, 60))
def test_every_flow_validate_accepts_plays_to_its_end(
    declared: dict[str, Any], players: int, seed: int, cap: int
) -> None:
    """issue 42.2: a random flow shape is refused with a reason (no crash in the checks), or it plays
    to its end with random choices; none crashes, none gets stuck with nobody to decide."""
    if refusals(declared, players):
        return
    game = play_to_the_end(declared, players, seed, cap if "end_if" in declared else 10**6)
    assert game.state.step == "over"
    assert game.state.round == ROUNDS or "end_if" in declared
    assert game.state.ranking == list(range(players))  # the final scoring ran, once


# ----------------------------------------------- issue 42.1: no pack moves the flow itself


FLOW_FIELDS = frozenset({"round", "phase", "step", "order", "turn"})
"""The flow's fields (``woa_core.kernel.flow.FlowState``)."""
FLOW_CALLS = frozenset({"begin", "decided", "end_turn", "after_action", "advance"})
"""The functions that move the flow on."""
ENTRY_POINTS = frozenset({"__init__", "apply", "apply_legal"})
"""Where a pack's game hands the flow its start and what a verb returned (not inside a verb)."""


def _flow_writers(path: Path, root: Path = ROOT) -> list[str]:
    """Where ``path`` assigns a flow field of another object than the one being built (``self``,
    ``new``: a state's copy, a view) or calls the flow outside a game's entry points."""
    found: list[str] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                own = isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in ("self", "new")
                if isinstance(t, ast.Attribute) and t.attr in FLOW_FIELDS and not own:
                    found.append(f"{path.relative_to(root)}:{t.lineno}: {function} assigns .{t.attr}")
        calls = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in FLOW_CALLS
        if calls and function not in ENTRY_POINTS:
            assert isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            found.append(f"{path.relative_to(root)}:{node.lineno}: {function} calls .{node.func.attr}")
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), "<module>")
    return found


def test_no_pack_module_writes_the_flow_or_calls_it_from_a_verb() -> None:
    """issue 42.1: a verb plays its effect and returns what happened; the kernel moves the flow on.
    No pack module assigns a flow field (step, round, phase, order, turn) or calls the flow
    (begin, decided, end_turn, after_action, advance) but a game's constructor and apply. A
    scenario's setup builds a position by hand (round 3, p2 to act) and plays no verb: it may."""
    packs = sorted((ROOT / "woa_core" / "packs").rglob("*.py"))
    offenders = [line for path in packs if path.name != "scenario.py" for line in _flow_writers(path)]
    assert offenders == []
    assert len(packs) > 40  # both packs read


def test_the_flow_check_sees_a_verb_that_moves_the_flow(tmp_path: Path) -> None:
    """issue 42.1: the check above fails on what the packs did before (a verb setting the step, a
    verb ending the turn itself)."""
    path = tmp_path / "verb.py"
    path.write_text(
        "def play_walk(game, p, f):\n    game.state.step = 'act'\n"
        "def play_end(game, p):\n    game.rules.flow.end_turn(game)\n"
        "def copy(self):\n    new.step = self.step\n",
        encoding="utf-8",
    )
    assert _flow_writers(path, tmp_path) == [
        "verb.py:2: play_walk assigns .step",
        "verb.py:4: play_end calls .end_turn",
    ]


def test_a_state_written_before_phases_were_counted_plays_on_the_same() -> None:
    """issue 42.2: a West of Africa state saved before the flow counted its phase (no ``phase`` in
    its JSON, so phase 0 during the turns) plays on exactly as the state that has it."""
    from woa_core.packs.west_of_africa import Game
    from woa_core.packs.west_of_africa.state import GameState

    rules = load_rules("west-of-africa", 3)
    game, rng = Game(rules, seed=8), random.Random(8)
    while game.step == SELECT or game.state.turn == 0:  # into the turns, past the first
        game.apply(rng.choice(list(game.legal_actions())))
    old = game.state.to_json()
    assert old.pop("phase") == 1
    before = Game(rules, state=GameState.from_json(old))
    assert before.state.phase == 0
    while not game.over:
        action = rng.choice(list(game.legal_actions()))
        game.apply(action)
        before.apply(action)
        now, then = game.state.to_json(), before.state.to_json()
        assert then.pop("phase") in (0, now.pop("phase")) and then == now  # its phase set at its turn's end
    assert before.state == game.state


def test_a_flow_that_leaves_out_the_packs_final_scoring_is_refused_at_its_line(tmp_path: Path) -> None:
    """issue 42.2 (found by benchmarks/fuzz_inputs.py): Africa's flow without ``finish`` passed
    ``woa validate`` and its games ended with no final scoring and no ranking. A pack that has a
    final scoring (a ``finish`` primitive) must be told which: refused at the flow's line."""
    import re
    import shutil

    from woa_core.rules import load_document
    from woa_core.rules.resolve import data_root

    folder = tmp_path / "africa"
    shutil.copytree(data_root() / "rules" / "africa", folder)
    turn = folder / "turn.yaml"
    turn.write_text(turn.read_text(encoding="utf-8").replace("  finish: final_scoring\n", ""), encoding="utf-8")
    with pytest.raises(RulesError) as refused:
        load_document(str(folder))
    assert re.search(
        r"turn\.yaml:\d+:\d+: name the game's final scoring with finish: one of final_scoring", str(refused.value)
    )
