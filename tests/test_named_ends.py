"""The kernel's named ends and moments (``woa_core.kernel.flow``: ``Reached``, ``End``, ``Moment``;
go-west-rulings §5 R-ENDS): a flow declares its ends by name, each checked at its own moment
(after every action, after every turn, or a moment a verb reaches), the first that holds ends the
game and ``state.ended`` holds its name; what the kernel could not run is refused at its line. A
tiny flow-only pack (as in ``tests/test_flow_shapes.py``: its seats ring a bell or end their turn)
runs them; then Go West!'s three ends fire by name (7.0, G18, G19, G22)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from woa_core.kernel.flow import TURN_OVER, End, Flow, FlowPrimitives, Moment, Outcome, Reached
from woa_core.packs.go_west.game import Game
from woa_core.packs.go_west.steps import ACTION, OVER
from woa_core.rules import load_rules

ROOT = Path(__file__).resolve().parents[1]
BELL = Reached("bell")


@dataclass
class Ctx:
    """The tiny pack's state: the flow's fields, how the game ended, and what its seats did."""

    players: int
    round: int = -1
    phase: int = 0
    step: str = ""
    order: list[int] = field(default_factory=list)
    turn: int = 0
    ended: str = ""
    rings: int = 0
    actions: int = 0
    turns: int = 0
    log: list[str] = field(default_factory=list)


class Tiny:
    """A game of its flow alone: ``ring`` reaches the moment ``bell``; ``end`` ends the turn."""

    def __init__(self, flow: Flow, players: int = 2) -> None:
        self.flow = flow
        self.state = Ctx(players)
        flow.begin(self)

    def apply(self, verb: str) -> None:
        s = self.state
        s.actions += 1
        if verb == "ring":
            s.rings += 1
            outcome: Outcome = BELL
        else:
            s.turns += 1
            outcome = TURN_OVER
        self.flow.advance(self, outcome)


def primitives() -> FlowPrimitives:
    """The tiny pack's primitives: a moment ``bell`` its verbs reach, three end conditions, two finishes."""
    prims = FlowPrimitives(at=("flow",), steps=("move", "over"), moments=("bell",))
    prims.order.register("ascending")(lambda g: list(range(g.state.players)))
    prims.then.register("next_seat")(lambda g: g.state.log.append("then") or TURN_OVER)
    prims.end_if.register("three_rings")(lambda g: g.state.rings >= 3)
    prims.end_if.register("two_rings")(lambda g: g.state.rings >= 2)
    prims.end_if.register("five_actions")(lambda g: g.state.actions >= 5)
    prims.end_if.register("four_turns")(lambda g: g.state.turns >= 4)
    prims.finish.register("rank")(lambda g: g.state.log.append("rank"))
    prims.finish.register("final_scoring")(lambda g: g.state.log.append("final scoring"))
    return prims


def declared(*ends: dict[str, str], **more: Any) -> dict[str, Any]:
    phases = [{"name": "play", "kind": "turns", "order": "ascending"}]
    flow = {"phases": phases, "turn_steps": ["move"], "over": "over", "moments": {"bell": {"then": "next_seat"}}}
    return {**flow, "ends": list(ends), **more}


def end(name: str, at: str, when: str, finish: str = "rank") -> dict[str, str]:
    return {"name": name, "at": at, "when": when, "finish": finish}


def tiny(*ends: dict[str, str]) -> Tiny:
    flow = declared(*ends)
    assert problems(flow) == []
    return Tiny(primitives().compile({"flow": flow}))


def problems(flow: dict[str, Any]) -> list[str]:
    """What woa validate says of a flow: the flow schema with the pack's names, then the kernel's checks."""
    prims = primitives()
    schema = json.loads((ROOT / "woa_core/kernel/schema/flow.schema.json").read_text(encoding="utf-8"))
    for definition, names in prims.schema_names():
        schema["$defs"][definition]["enum"] = list(names)
    found = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(flow)]
    if found:
        return found
    for path, message in prims.problems({"flow": flow}):
        at = path[:-1] if path[-1:] == ("_key",) else path  # a key's own place: where validate points
        found.append(f"{'.'.join(map(str, at))}: {message}")
    return found


# ------------------------------------------------------------------------ the tiny pack


def test_an_end_at_a_moment_fires_by_name_and_skips_the_moments_then() -> None:
    """R-ENDS: an end declared at the moment ``bell`` is checked each time a verb reaches it; while
    it does not hold the moment's ``then`` goes on (the next seat), when it holds the game is over
    at once, its name in ``ended``, its finish run once and ``then`` not run."""
    game = tiny(end("rung", "bell", "three_rings"))
    game.apply("ring")
    game.apply("ring")
    assert game.state.log == ["then", "then"] and game.state.turn == 0 and game.state.ended == ""
    game.apply("ring")
    assert (game.state.step, game.state.ended, game.state.log) == ("over", "rung", ["then", "then", "rank"])
    compiled = primitives().compile({"flow": declared(end("rung", "bell", "three_rings"))})
    assert compiled.moments["bell"] == Moment("bell", compiled.moments["bell"].then, compiled.ends)
    assert compiled.ends == (End("rung", "bell", compiled.ends[0].when, compiled.ends[0].finish),)


def test_an_end_after_a_turn_waits_for_the_turns_end() -> None:
    """R-ENDS (Go West!'s capped): an end at ``turn`` is checked when a turn is over, not after an
    action inside it, and before the next turn begins."""
    game = tiny(end("capped", "turn", "four_turns", "final_scoring"))
    for _ in range(3):
        game.apply("end")
    assert game.state.step == "move" and game.state.ended == ""
    game.apply("end")
    assert (game.state.step, game.state.ended, game.state.log) == ("over", "capped", ["final scoring"])


def test_an_end_after_every_action_fires_mid_turn() -> None:
    """R-ENDS: an end at ``action`` is checked after every action, whatever it returned."""
    game = tiny(end("busy", "action", "five_actions"))
    for verb in ("ring", "end", "ring", "end"):
        game.apply(verb)
    assert game.state.ended == ""
    game.apply("ring")
    assert game.state.ended == "busy" and game.state.step == "over"


def test_of_several_ends_at_one_moment_the_first_declared_that_holds_wins() -> None:
    """R-ENDS: ends sharing a moment are checked in their declared order; the first that holds names the end."""
    game = tiny(end("third", "bell", "three_rings"), end("second", "bell", "two_rings", "final_scoring"))
    game.apply("ring")
    game.apply("ring")
    assert game.state.ended == "second" and game.state.log == ["then", "final scoring"]
    game = tiny(end("busy", "action", "five_actions"), end("rung", "bell", "two_rings"))
    game.apply("ring")
    game.apply("ring")
    assert game.state.ended == "rung"  # the moment's ends come first, inside the action


def test_what_the_kernel_cannot_run_is_refused_at_its_line() -> None:
    """R-ENDS: an end at a moment nobody declared, two ends of one name, a moment the pack's verbs
    reach that the rules do not declare, one the rules declare that no verb reaches, and end_if
    beside named ends: each refused with its reason, at its place."""
    assert problems(declared(end("rung", "gong", "three_rings"))) == [
        "flow.ends.0.at: 'gong' is no moment (an end is checked at one of: action, turn, bell)"
    ]
    assert problems(declared(end("rung", "bell", "three_rings"), end("rung", "turn", "four_turns"))) == [
        "flow.ends.1.name: two ends are named 'rung'"
    ]
    undeclared = {k: v for k, v in declared(end("rung", "turn", "four_turns")).items() if k != "moments"}
    assert problems(undeclared) == ["flow: declare the moment 'bell' under moments (the pack's verbs reach it)"]
    extra = declared(end("rung", "bell", "three_rings"))
    extra["moments"] = {**extra["moments"], "gong": {"then": "next_seat"}}
    (said,) = problems(extra)
    assert said.startswith("flow.moments.gong: 'gong' is no moment of this game") and "(its moments: bell)" in said
    both = declared(end("rung", "bell", "three_rings"), end_if="five_actions")
    assert problems(both) == ["flow.end_if: a flow with named ends declares each under ends, not end_if"]
    assert problems(declared(end("rung", "bell", "three_rings"))) == []  # named ends need no finish of their own


# ------------------------------------------------------------------------ Go West!'s ends


def at_action(players: int = 3, seed: int = 1) -> Game:
    """A new game, the first seat to choose its action (a single turn declared)."""
    game = Game(load_rules("go-west", players), seed=seed)
    game.apply((0, "single"))
    assert game.state.step == ACTION
    return game


def give(game: Game, seat: int, card_id: str) -> None:
    """``card_id`` into the seat's hand, in exchange for one of its cards (the deck stays whole)."""
    cards, card, mine = game.state.cards, game.rules.card_index[card_id], game.state.cards.hands[seat]
    if card in mine:
        return
    place = next(h for h in [*cards.hands, cards.pile, cards.discard] if card in h)
    place[place.index(card)], mine[0] = mine[0], card
    mine.sort()
    if place is not cards.pile and place is not cards.discard:
        place.sort()


def test_vp50_ends_the_game_after_a_scoring_without_a_final_scoring() -> None:
    """G18, T14, 7.0: a scoring that brings a player to 50 ends the game by ``vp50`` at the moment
    ``scoring``; no final scoring follows; 49 plays on."""
    game = at_action()
    s = game.state
    s.vp[0], s.wagons, s.blocks[0] = 49, [19, 1, 0, 0, 0, 0], [0]
    s.supply[0] -= 1
    game.apply((0, "score"))
    assert (s.step, s.ended, s.vp[0], s.scored[0]) == (OVER, "vp50", 50, [1, 0]) and s.ranking[0] == 0
    game = at_action()
    s = game.state
    s.vp[0], s.wagons = 49, [19, 1, 0, 0, 0, 0]
    game.apply((0, "score"))  # nothing to score: 49 - 1 (paid in discs) stays 49
    assert s.step != OVER and s.ended == "" and s.vp[0] == 49


def test_wagons_ends_the_game_after_an_action_card_with_the_final_scoring() -> None:
    """G19, T15, 7.0: a card that empties New England and the East ends the game by ``wagons`` at
    the moment ``card``: no draw, the free final scoring."""
    game = at_action()
    s = game.state
    give(game, 0, "A53")  # no region, 1 wagon, free
    s.wagons, s.blocks[1] = [0, 1, 6, 5, 4, 4], [1, 1]  # two Blue discs in the Great Plains
    s.supply[1] -= 2
    game.apply((0, "play", game.rules.card_shape[game.rules.card_index["A53"]]))
    game.apply((0, "step", 1))
    assert (s.step, s.ended, s.wagons[:2]) == (OVER, "wagons", [0, 0])
    assert len(s.cards.hands[0]) == game.rules.hand - 1  # no draw after the end (G19)
    assert s.scored[1] == [0, 2] and s.ranking[0] == 1  # the final scoring: Blue's 2 discs, 7 wagons


def test_capped_ends_the_game_after_max_turns_with_the_final_scoring() -> None:
    """G22: a variant whose max_turns is 3 ends by ``capped`` after the third turn, with the final scoring."""
    rules = load_rules("go-west", 2, overrides=["turn.max_turns=3"])
    game = Game(rules, seed=2)
    while not game.over:
        assert game.state.ended == ""
        game.apply(game.legal_actions()[-1])
    s = game.state
    assert (s.ended, s.turns, sorted(s.ranking)) == ("capped", 3, [0, 1])
    assert [r.name for r in rules.flow.ends] == ["vp50", "wagons", "capped"]


@pytest.mark.parametrize("seed", range(3))
def test_a_random_game_ends_by_one_of_the_three_names(seed: int) -> None:
    """R-ENDS: every game ends by one named end, the one the flow reports."""
    game = Game(load_rules("go-west", 3), seed=seed)
    rng = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert game.state.ended in {"vp50", "wagons", "capped"} and game.state.ranking
