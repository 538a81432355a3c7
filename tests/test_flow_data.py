"""The turn flow is data (issue 14): each ruleset declares its flow (``turn.yaml``'s ``flow``), the
kernel checks it against its schema fragment and the pack's primitives, and compiles it into the
rules' ``Flow``; changing the declaration changes how a game runs, with no Python edit."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from woa_core.errors import RulesError
from woa_core.kernel.flow import FlowPrimitives, Kind
from woa_core.kernel.notation import parse_action
from woa_core.packs.west_of_africa import ACTIONS, Game
from woa_core.packs.west_of_africa.steps import PLACE, RETREAT, SELECT
from woa_core.rules import load_rules

WOA_STEPS = "[place, main, displace, retreat]"


def _bundled_line(start: str) -> int:
    """The line of West of Africa's bundled turn.yaml that starts (indented) with ``start``."""
    lines = (Path(__file__).parents[1] / "rules/west-of-africa/turn.yaml").read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.strip().startswith(start))


def _variant(tmp_path: Path, text: str, extends: str = "west-of-africa") -> str:
    path = tmp_path / "variant.yaml"
    path.write_text(f"extends: {extends}\n{text}")
    return str(path)


def _problems(spec: str) -> list[str]:
    with pytest.raises(RulesError) as e:
        load_rules(spec, 2)
    return [f"{Path(p.file).name}:{p.line}:{p.column}: {p.message}" for p in e.value.problems]


def test_the_bundled_flows_compile_from_their_declarations() -> None:
    woa, africa = load_rules("west-of-africa", 2).flow, load_rules("africa", 2).flow
    assert [(p.name, p.kind) for p in woa.phases] == [("select", Kind.SIMULTANEOUS), ("actions", Kind.TURNS)]
    # each action's own step, after the flow's, in the order the pack declares them (actions/__init__.py)
    assert woa.steps == ("select", "place", "main", "displace", "retreat", *ACTIONS, "over")
    assert set(woa.decider_of) == {RETREAT} and woa.setup == () and woa.end_if is None
    assert [p.name for p in africa.setup] == ["city"] and africa.end_if is not None and africa.finish is not None


def test_an_unknown_primitive_or_kind_is_refused_at_its_place_naming_the_known_ones(tmp_path: Path) -> None:
    spec = _variant(
        tmp_path,
        "turn:\n"
        "  flow:\n"
        "    phases:\n"
        "      - {name: select, kind: simultaneous, waiting: everyone}\n"
        "      - {name: actions, kind: sequential, order: player_order}\n"
        f"    turn_steps: {WOA_STEPS}\n"
        "    start_turn: begin_turn\n"
        "    end_round: round_end\n"
        "    over: over\n",
    )
    assert _problems(spec) == [
        "variant.yaml:5:53: 'everyone' is not one of ['not_selected']",
        "variant.yaml:6:31: 'sequential' is not one of ['simultaneous', 'turns']",
    ]


def test_a_step_declared_twice_unknown_or_missing_is_refused_at_its_place(tmp_path: Path) -> None:
    spec = _variant(tmp_path, "turn:\n  flow:\n    turn_steps: [place, main, displace, main, sell, jump]\n")
    assert _problems(spec) == [
        "variant.yaml:4:5: the flow does not declare the step 'retreat' (each step once: "
        "as a setup phase, a simultaneous phase, a turn step or over)",
        "variant.yaml:4:41: the step 'main' is declared twice (each step once)",
        "variant.yaml:4:47: 'sell' is the step of an action, which declares it (the flow lists its own steps)",
        "variant.yaml:4:53: 'jump' is no step of this game (its steps: select, place, main, displace, retreat, over)",
        f"turn.yaml:{_bundled_line('deciders:')}:14: 'retreat' is no turn step (only a turn step has a decider)",
    ]


def test_a_phase_without_its_primitive_is_refused(tmp_path: Path) -> None:
    spec = _variant(tmp_path, "turn:\n  flow:\n    phases:\n      - {name: select, kind: simultaneous}\n")
    assert _problems(spec) == ["variant.yaml:5:9: 'waiting' is missing (required)"]


def _at_retreat(rules: Any) -> Game:
    """A 4-player game (seed 17, random play) at a retreat step whose decider is not the active seat."""
    game, rng = Game(rules, seed=17), random.Random(17)
    while game.step != RETREAT:
        assert not game.over
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def test_who_decides_a_retreat_is_the_flows_decider_in_the_data(tmp_path: Path) -> None:
    """R3 as data: `deciders: {retreat: displaced_owner}` asks the displaced ship's owner; a variant
    without it leaves the retreat to the active seat (and then to its bots), with no Python edit."""
    fallback = "turn.displacement_fallback=any_free_harbor"  # a fork at the first displacement: a retreat step
    base = load_rules("west-of-africa", 4, [fallback])
    active_decides = load_rules(_variant(tmp_path, "turn: {flow: {deciders: null}}\n"), 4, [fallback])
    game = _at_retreat(base)
    s = game.state
    active, owner = s.order[s.turn], s.displaced
    assert active != owner and game.deciders() == [owner]
    other = Game(active_decides, state=s.copy())
    assert other.deciders() == [active] and other.legal_actions(owner) == []
    assert [a[0] for a in other.legal_actions()] == [active] * len(game.legal_actions())


def test_reordering_the_round_end_steps_in_data_changes_play(tmp_path: Path) -> None:
    """R13 as data: with `alcalde_vp` before `determine_alcaldes`, round 1's Alcaldes earn nothing
    at its end (none is determined yet); in the bundled order they do."""
    swapped = "[gold_majority_vp, harvest, alcalde_vp, determine_alcaldes, refill_settlement_track]"
    vp = []
    for spec in ("west-of-africa", _variant(tmp_path, f"turn: {{round_end: {swapped}}}\n")):
        rules = load_rules(spec, 3)
        game, rng = Game(rules, seed=5), random.Random(5)
        while game.state.round == 1:
            game.apply(rng.choice(list(game.legal_actions())))
        assert any(a >= 0 for a in game.state.alcalde)
        vp.append(sum(v["alcalde"] for v in game.state.vp_from))
    assert vp[0] > 0 and vp[1] == 0


def test_the_order_of_setup_phases_is_the_declarations() -> None:
    """The kernel runs the setup phases in the order the rules list them: swapping two in the data
    swaps which decision comes first (a flow compiled from a declaration, as rules are)."""
    prims = FlowPrimitives(at=("flow",), steps=("city", "bid", "move", "over"))
    prims.order.register("clockwise")(lambda game: [0, 1])
    prims.waiting.register("not_bid")(lambda game: [p for p in (0, 1) if p not in game.state.bids])
    prims.start_turn.register("move")(lambda game: setattr(game.state, "step", "move"))
    city = {"name": "city", "kind": "turns", "order": "clockwise"}
    bid = {"name": "bid", "kind": "simultaneous", "waiting": "not_bid"}

    def first_decisions(setup: list[dict[str, str]]) -> list[str]:
        declared = {"setup": setup, "phases": [{"name": "play", "kind": "turns", "order": "clockwise"}]}
        flow = prims.compile({"flow": {**declared, "turn_steps": ["move"], "start_turn": "move", "over": "over"}})
        state = SimpleNamespace(players=2, round=-1, step="", order=[], turn=0, bids=[])
        game, seen = SimpleNamespace(state=state), []
        flow.begin(game)
        while state.round == 0:
            seen.append(state.step)
            if state.step == "bid":
                state.bids.append(flow.deciders(game)[0])
                flow.decided(game)
            else:
                flow.end_turn(game)
        return seen

    assert first_decisions([city, bid]) == ["city", "city", "bid", "bid"]
    assert first_decisions([bid, city]) == ["bid", "bid", "city", "city"]


def test_a_game_runs_as_its_flow_says() -> None:
    """The flow West of Africa's rules declare, played: a simultaneous selection, then turns."""
    rules = load_rules("west-of-africa", 2)
    game = Game(rules, seed=1)
    assert game.step == SELECT and game.deciders() == [0, 1]
    for p in (1, 0):
        game.apply(parse_action(rules, f"p{p + 1} select move_workers"))
    assert game.state.round == 1 and game.deciders() == [game.state.order[0]]
    assert game.step == PLACE
