"""Africa's invariants (``woa_core.packs.africa.invariants``) each catch the fault they are about:
random play (seeded) reaches a position where the fault can be planted, every invariant holds
there, and a fault planted as if by the next action fails the invariant about it. (The property test and ``woa check``
play random games with all of them holding.)"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from woa_core.packs.africa.compiled import MONUMENT
from woa_core.packs.africa.game import Game
from woa_core.packs.africa.invariants import INVARIANTS
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, State
from woa_core.packs.africa.steps import PLACE
from woa_core.rules import load_rules

RULES = load_rules("africa", 3)


def reach(wanted: Callable[[Game], bool]) -> tuple[Game, State]:
    """A random 3-player game played until ``wanted`` holds, and the state before its last action."""
    for seed in range(50):
        game, rng = Game(RULES, seed=seed), random.Random(seed)
        prev = game.state.copy()
        while not game.over:
            if wanted(game) and game.state.step != "city":
                return game, prev
            prev = game.state.copy()
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no random game reached the position")


def broken(game: Game, prev: State) -> set[str]:
    return {name for name, check in INVARIANTS.items() if check(game.rules, game.state, prev)}


def face(name: str) -> int:
    return RULES.face_names.index(name)


def anywhere(game: Game) -> bool:
    return True


def _display_animal(s: State) -> None:
    f = s.hidden.index(face("elephant"))
    s.tile[f], s.hidden[f] = EMPTY, EMPTY
    s.revealed.append(f)
    s.display[0][face("elephant")] += 1


def _good_on_board(s: State) -> None:
    f = s.hidden.index(face("statue"))
    s.tile[f], s.hidden[f] = face("statue"), EMPTY
    s.revealed.append(f)


def _deal_changed(s: State) -> None:
    downs = [f for f, t in enumerate(s.tile) if t == DOWN]
    a = downs[0]
    b = next(g for g in downs if s.hidden[g] != s.hidden[a])
    s.hidden[a], s.hidden[b] = s.hidden[b], s.hidden[a]  # still the mix: only the deal changed


def _unrevealed(s: State) -> None:
    f = s.revealed.pop(0)
    s.revealed.append(f)


def _monument_moved(s: State) -> None:
    f = next(f for f, t in enumerate(s.tile) if t >= 0 and RULES.face_kind[t] == MONUMENT)
    g = s.tile.index(EMPTY)
    s.tile[f], s.tile[g] = EMPTY, s.tile[f]


def _vp_moved_between_sources(s: State) -> None:
    p = next(p for p in range(s.players) if s.vp_from[p]["reveals"])
    s.vp_from[p]["reveals"] -= 1
    s.vp_from[p]["research"] += 1


def _camp_taken_back(s: State) -> None:
    f = s.tile.index(CAMP)
    s.camps[s.camp[f]] += 1  # still as many camps in all
    s.tile[f], s.camp[f] = EMPTY, -1


def _supply_refilled(s: State) -> None:
    p = next(p for p in range(s.players) if s.camps[p])
    s.camps[p] -= 1
    s.supply += 1


def _pending_lost(s: State) -> None:
    s.pending = EMPTY


def _ranked_early(s: State) -> None:
    s.ranking = list(range(s.players))


@pytest.mark.parametrize(
    ("wanted", "plant", "caught"),
    [
        (anywhere, _display_animal, "tiles_where_they_may_be"),
        (anywhere, _good_on_board, "tiles_where_they_may_be"),
        (anywhere, _deal_changed, "deal_fixed"),
        (lambda g: len(g.state.revealed) > 2, _unrevealed, "deal_fixed"),
        (
            lambda g: any(t >= 0 and RULES.face_kind[t] == MONUMENT for t in g.state.tile) and EMPTY in g.state.tile,
            _monument_moved,
            "found_tiles_stay",
        ),
        (lambda g: any(v["reveals"] for v in g.state.vp_from), _vp_moved_between_sources, "vp_never_decrease"),
        (lambda g: CAMP in g.state.tile, _camp_taken_back, "camps_conserved"),
        (lambda g: any(g.state.camps) and g.state.supply < RULES.supply_camps, _supply_refilled, "camps_conserved"),
        (lambda g: g.state.step == PLACE, _pending_lost, "turn_sound"),
        (anywhere, _ranked_early, "the_end"),
    ],
    ids=lambda x: x.__name__.strip("_") if callable(x) and x.__name__ != "<lambda>" else None,
)
def test_each_invariant_catches_its_fault(
    wanted: Callable[[Game], bool], plant: Callable[[State], None], caught: str
) -> None:
    game, prev = reach(wanted)
    assert broken(game, prev) == set()
    before = game.state.copy()
    plant(game.state)  # as if the next action had done it
    assert caught in broken(game, before)
