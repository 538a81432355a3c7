"""Go West!'s invariants (``woa_core.packs.go_west.invariants``) and the kernel's about its cards,
chance stream and named ends (``woa_core.check.components``) hold in random games and each
catches the fault it is about: seeded random play reaches a position where the fault can be planted,
every invariant holds there, and a fault planted as if by the last action fails exactly the
invariant about it (go-west-rulings T1, §5). ``woa check --rules go-west`` runs them all with the
kernel's, and stops at a rule primitive broken on purpose."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from woa_core.check.invariants import INVARIANTS as KERNEL
from woa_core.check.invariants import invariants_of, violations
from woa_core.cli import main
from woa_core.packs.go_west import game as game_module
from woa_core.packs.go_west import view as view_module
from woa_core.packs.go_west.game import Game
from woa_core.packs.go_west.invariants import INVARIANTS
from woa_core.packs.go_west.state import State
from woa_core.packs.go_west.steps import ACTION, OVER, STEP
from woa_core.rules import load_rules

RULES = load_rules("go-west", 3)
OWN = {name: check for name, check in invariants_of(RULES).items() if name not in KERNEL}
"""The pack's invariants and the kernel's about its components: each ``check(game, prev)``."""
NE, E, GP = 0, 1, 2


def reach(wanted: Callable[[Game], bool], rules=RULES) -> tuple[Game, State]:
    """A seeded random game played until ``wanted`` holds, and the state before its last action."""
    for seed in range(40):
        game, rng = Game(rules, seed=seed), random.Random(seed)
        prev = game.state.copy()
        while True:
            if wanted(game) and prev is not None:
                return game, prev
            if game.over:
                break
            prev = game.state.copy()
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no random game reached the position")


def broken(game: Game, prev: State | None) -> set[str]:
    return {name for name, check in OWN.items() if check(game, prev)}


def at_action_with_discs(game: Game) -> bool:
    s = game.state
    return s.step == ACTION and any(s.blocks) and s.wagons[GP] > 0 and max(s.used) > 0 and s.cards.discard != []


def _disc_removed(s: State) -> None:
    s.supply[0] -= 1


def _disc_into_the_lid_from_nowhere(s: State) -> None:
    s.lid[1] += 1


def _wagon_lost(s: State) -> None:
    s.wagons[NE] -= 1


def _card_duplicated(s: State) -> None:
    s.cards.hands[0][0] = s.cards.hands[1][0]  # one card twice, another gone; every hand still full


def _card_lost_from_the_pile(s: State) -> None:
    s.cards.pile.pop()


def _block_over_capacity(s: State) -> None:
    queue = next(b for b in s.blocks if b)
    while len(queue) <= RULES.capacity:
        queue.append(0)
        s.supply[0] -= 1  # still 30 discs of each colour (G10): only the block is wrong


def _hand_short(s: State) -> None:
    s.cards.discard_card(s.cards.hands[2].pop(), 2)  # the card is still somewhere: only the hand is short


def _vp_below_zero(s: State) -> None:
    s.vp[1] = -1


def _scoring_card_back(s: State) -> None:
    p = s.used.index(max(s.used))
    s.used[p] -= 1


def _scoring_cards_beyond_the_six(s: State) -> None:
    s.used[0] = len(RULES.scoring_costs) + 1


def _seed_in_a_view(s: State) -> None:
    s.pushed[0] = s.chance[0]  # a public field telling the stream's seed


def _ended_without_a_name(s: State) -> None:
    s.ended = "sudden_death"


FAULTS = {
    "discs_conserved": [_disc_removed, _disc_into_the_lid_from_nowhere],
    "wagons_conserved": [_wagon_lost],
    "cards_conserved": [_card_duplicated, _card_lost_from_the_pile],
    "blocks_within_capacity": [_block_over_capacity],
    "hands_full": [_hand_short],
    "vp_not_negative": [_vp_below_zero],
    "scoring_cards_used": [_scoring_card_back, _scoring_cards_beyond_the_six],
    "chance_never_seen": [_seed_in_a_view],
    "ended_by_name": [_ended_without_a_name],
}


CASES = [pytest.param(name, fault, id=fault.__name__) for name, faults in FAULTS.items() for fault in faults]


@pytest.mark.parametrize(("name", "fault"), CASES)
def test_each_invariant_catches_its_fault(name: str, fault: Callable[[State], None]) -> None:
    """T1 and §5: a state broken on purpose fails the invariant about it, and only that one."""
    game, prev = reach(at_action_with_discs)
    assert broken(game, prev) == set()
    fault(game.state)
    assert broken(game, prev) == {name}


def test_a_wagon_moved_east_is_caught() -> None:
    """5.1, G7: a wagon that went back east (the counts still add up to 20) fails wagons_move_west."""
    game, _ = reach(at_action_with_discs)
    s = game.state
    prev = s.copy()  # as if the last action had moved it
    s.wagons[GP] -= 1
    s.wagons[E] += 1
    assert broken(game, prev) == {"wagons_move_west"}
    assert broken(game, None) == set()  # without the state before, nothing to compare


def test_mid_card_the_player_holds_one_card_fewer() -> None:
    """G8, G14: while a card is played it is out of its hand and not yet discarded: every invariant
    holds; the same card also back in the hand is a card twice and a hand too full."""
    game, prev = reach(lambda g: g.state.step == STEP and g.state.cards.reshuffles > 0)
    s = game.state
    assert s.card >= 0 and len(s.cards.hands[s.order[s.turn]]) == RULES.hand - 1
    assert broken(game, prev) == set()
    s.cards.hands[s.order[s.turn]].append(s.card)
    assert broken(game, prev) == {"cards_conserved", "hands_full"}


def test_the_chance_stream_as_a_view_field_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """§5 R-CHANCE: a view that carried the state's chance stream fails chance_never_seen."""
    game, prev = reach(at_action_with_discs)
    monkeypatch.setattr(view_module, "PUBLIC", (*view_module.PUBLIC, "chance"))
    problem = OWN["chance_never_seen"](game, prev)
    assert problem == "p1: the view shows the chance stream at 'chance' (§5 R-CHANCE)"


def test_a_finished_game_holds_every_invariant_and_the_kernels() -> None:
    """7.0: a game played to its end is ranked and named by its end; every invariant holds, the
    kernel's too."""
    game, prev = reach(lambda g: g.over)
    assert game.state.step == OVER and game.state.ended in {"vp50", "wagons", "capped"}
    assert violations(game.rules, game.state, prev) == []


def test_woa_check_passes_at_2_3_and_4_players(capsys: pytest.CaptureFixture[str]) -> None:
    """T1's invariants ever after, with the kernel's: a few games at each count hold them all."""
    args = ["check", "--rules", "go-west", "--players", "2", "--players", "3", "--players", "4"]
    assert main([*args, "--games", "2", "--seed", "5", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert (
        "6 games (2 players, 3 players, 4 players)" in out and "invariants held (the 5 costly ones at 1 in 16)" in out
    )
    assert f"all {len(INVARIANTS) + 4 + 6} invariants" in out  # its own, its components' (4), the contract's


def test_woa_check_stops_at_a_broken_primitive(
    tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """G10: a card played that also puts a disc back into the supply from nowhere breaks
    discs_conserved; woa check says so, shrinks the game and writes it out, exit status 1. (The
    verb table is a module global, read at each action by the pure and the compiled build alike.)"""
    play = game_module._PLAY["play"]

    def _play_and_mint(game: Game, p: int, shape: int) -> object:
        outcome = play(game, p, shape)
        game.state.supply[p] += 1  # a bug on purpose
        return outcome

    monkeypatch.setattr(game_module, "_PLAY", {**game_module._PLAY, "play": _play_and_mint})
    out = tmp_path / "ce.yaml"
    args = ["check", "--rules", "go-west", "--players", "2", "--games", "2", "--workers", "1", "--out", str(out)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "invariant 'discs_conserved' failed: p1 has" in err and "Traceback" not in err
    assert out.exists()
