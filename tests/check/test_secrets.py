"""Issue 37.13: what the rules hide from a seat is hidden from it everywhere it is shown the game.

Each bundled pack declares what it hides (``Pack.resample_hidden``: a state differing only in
what a seat may not see, drawn from the state); the kernel's invariant ``views_keep_secrets``
shows the seat both states and wants the same view, words, board and account of the last
action. A pack that tells a hidden count in its words, or keeps a hidden face in the state its
board is drawn from, passes every invariant 3bdbc69 had, and fails this one."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from woa_core.check.invariants import INVARIANTS, views_keep_secrets
from woa_core.cli import main
from woa_core.kernel import pack as pack_module
from woa_core.kernel.contract import Game, new_game
from woa_core.kernel.pack import load_pack
from woa_core.packs.africa.view import View
from woa_core.packs.west_of_africa.draw.drawing import DRAWING
from woa_core.packs.west_of_africa.hidden import hidden_selections
from woa_core.rules import load_rules


def _positions(name: str, players: int, seed: int, actions: int):
    """The positions of a random game of ``name``, each with the state before its last action."""
    game, rng, prev = new_game(load_rules(name, players), seed), random.Random(seed), None
    for _ in range(actions):
        yield game, prev
        if game.over:
            return
        prev = game.state.copy()
        game.apply(rng.choice(list(game.legal_actions(game.deciders()[0]))))


@pytest.mark.parametrize(("name", "players"), [("west-of-africa", 2), ("west-of-africa", 4), ("africa", 3)])
def test_the_bundled_packs_keep_what_they_hide(name: str, players: int) -> None:
    """issue 37.13: at every position of random games the bundled packs pass the check, and the
    check is not vacuous: what the pack declares hidden is changed at most positions."""
    changed = checked = 0
    for seed in range(2):
        for game, prev in _positions(name, players, seed, 300):
            assert views_keep_secrets(game, prev) is None
            seat = next(iter(game.deciders()), 0)
            other = game.rules.pack.resample_hidden(game, seat, random.Random(0))
            checked += 1
            changed += other is not None and other.to_json() != game.state.to_json()
    assert changed > checked // 3


def _install(monkeypatch: pytest.MonkeyPatch, name: str, **drawing_changes) -> None:
    """Make the pack ``name`` (as every ruleset of it loads it) draw with ``drawing_changes``."""
    bundled = load_pack(name)
    assert bundled.drawing is not None
    double = replace(bundled, drawing=replace(bundled.drawing, **drawing_changes))
    monkeypatch.setitem(pack_module._LOADED, (name, None), double)


def _telling_the_hidden_counts(text):
    def told(game, seat):  # a leak: how many cards each hidden selection holds
        hidden = hidden_selections(game.state, seat) if seat is not None else []
        counts = ", ".join(f"p{q + 1} chose {sum(game.state.selection[q])} cards" for q in hidden)
        return text(game, seat) + (f"\nSecretly: {counts}" if counts else "")

    return told


def _failing(game_positions) -> dict[str, int]:
    """How many positions fail each invariant of the kernel."""
    failed: dict[str, int] = {}
    for game, prev in game_positions:
        for check_name, check in INVARIANTS.items():
            if check(game, prev):
                failed[check_name] = failed.get(check_name, 0) + 1
    return failed


def test_words_that_tell_a_hidden_count_fail_the_check_and_passed_every_other(monkeypatch, tmp_path, capsys) -> None:
    """issue 37.13: a West of Africa whose game in words tells how many cards the others chose
    in secret passes every invariant 3bdbc69 had and fails ``views_keep_secrets``, in ``woa
    check`` too (which shrinks it to a counterexample)."""
    _install(monkeypatch, "west_of_africa", text=_telling_the_hidden_counts(DRAWING.text))
    failed = _failing(_positions("west-of-africa", 3, 1, 120))
    assert set(failed) == {"views_keep_secrets"}
    out = tmp_path / "counterexample.yaml"
    argv = ["check", "--rules", "west-of-africa", "--players", "3", "--games", "2", "--workers", "1"]
    assert main([*argv, "--out", str(out), "--json"]) == 1
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["violation"]["invariant"] == "views_keep_secrets"
    message = outcome["violation"]["message"]
    assert re.match(r"p(\d)'s text changes with what the rules hide from p\1 \(in line \d+: 'Secretly: p", message)
    assert main(["scenario", str(out)]) == 1  # the counterexample fails while the leak is there
    monkeypatch.undo()
    assert main(["scenario", str(out)]) == 0


def _peeking_observation(self: Game, player: int) -> View:
    """An Africa view that keeps the faces under the face-down tiles in its state (what its
    ``seen`` and ``visible_state`` give a bot, and the board is drawn from), though its JSON
    leaves them out."""
    return View(self.rules, player, self.state.copy())


def test_a_view_whose_state_keeps_the_hidden_faces_fails_the_check(monkeypatch) -> None:
    """issue 37.13: an Africa whose view keeps the hidden faces in its state (its JSON still
    leaves them out, so ``views_hide_hidden`` cannot tell) fails ``views_keep_secrets``."""
    monkeypatch.setattr(load_pack("africa").game, "observation", _peeking_observation)
    failed = _failing(_positions("africa", 2, 3, 40))
    assert set(failed) == {"views_keep_secrets"}
    game, _ = next(_positions("africa", 2, 3, 1))
    assert "state its board is drawn from" in (views_keep_secrets(game, None) or "")


def test_a_pack_that_declares_nothing_hidden_is_not_checked_for_it(monkeypatch) -> None:
    """The check changes only what a pack declares hidden: without a declaration it has nothing
    to compare (a pack of perfect information)."""
    bundled = load_pack("africa")
    monkeypatch.setitem(pack_module._LOADED, ("africa", None), replace(bundled, resample_hidden=None))
    game, _ = next(_positions("africa", 2, 3, 1))
    assert game.rules.pack.resample_hidden is None
    assert views_keep_secrets(game, None) is None
