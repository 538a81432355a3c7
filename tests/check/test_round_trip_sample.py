"""``notation_round_trips`` reads back a sample of a seat's many legal actions at each position,
drawn from the position, and every one with ``woa check --exhaustive`` (issue 41.6b)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from woa_core.check import invariants
from woa_core.check.runner import play_checked
from woa_core.cli import main
from woa_core.kernel.contract import Game, new_game
from woa_core.rules import load_rules


def _read_back_counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """The actions whose text the invariant writes from now on (its cache emptied first)."""
    written: list[tuple] = []
    real = invariants.format_action

    def counted(rules: Any, action: tuple) -> str:
        written.append(action)
        return real(rules, action)

    monkeypatch.setattr(invariants, "format_action", counted)
    monkeypatch.setattr(invariants, "_READ_BACK", {})
    return written


def _card_selection() -> Game:
    """West of Africa's first decision at 4 players: each seat chooses among 2,379 card selections."""
    game = new_game(load_rules("west-of-africa", 4), seed=3)
    assert all(len(game.legal_actions(seat)) == 2379 for seat in game.deciders())
    return game


def test_a_card_selection_is_read_back_as_a_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 41.6b: at 2,379 selections a seat, the default reads back ROUND_TRIP_SAMPLE of them,
    the same ones for the same position; the exhaustive sweep reads back all of them."""
    game = _card_selection()
    seats = len(game.deciders())
    written = _read_back_counted(monkeypatch)
    assert invariants.notation_round_trips(game, None) is None
    first = list(written)
    assert len(first) == seats * invariants.ROUND_TRIP_SAMPLE
    written.clear()
    invariants._READ_BACK.clear()
    assert invariants.notation_round_trips(game.copy(), None) is None
    assert written == first  # drawn from the position: the same position, the same sample
    written.clear()
    assert invariants.notation_round_trips_exhaustive(game, None) is None
    assert len(written) == seats * 2379 - len(first)  # those read back already are not read again


def test_the_sample_still_catches_a_text_that_does_not_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 41.6b: a selection written wrongly is reported by the sampled check when it is in the
    sample, and by the exhaustive one wherever it is."""
    game = _card_selection()
    legal = game.legal_actions(game.deciders()[0])
    in_sample = invariants.sampled(legal, invariants.ROUND_TRIP_SAMPLE)[3]
    not_in_sample = next(a for a in legal if a not in invariants.sampled(legal, invariants.ROUND_TRIP_SAMPLE))
    real = invariants.format_action
    for broken, sampled_finds in ((in_sample, True), (not_in_sample, False)):
        monkeypatch.setattr(invariants, "_READ_BACK", {})
        monkeypatch.setattr(
            invariants, "format_action", lambda rules, a, b=broken: "p1 pass" if a == b else real(rules, a)
        )
        found = invariants.notation_round_trips(game, None)
        assert (found is not None) == sampled_finds, found
        if found:
            assert repr(broken) in found
        invariants._READ_BACK.clear()
        exhaustive = invariants.notation_round_trips_exhaustive(game, None)
        assert exhaustive is not None and repr(broken) in exhaustive


def test_short_listings_are_read_back_whole() -> None:
    """issue 41.6b: a seat with few legal actions has every one read back."""
    legal = [(0, "end"), (0, "pass")]
    assert invariants.sampled(legal, invariants.ROUND_TRIP_SAMPLE) is legal


def test_play_checked_and_woa_check_take_the_exhaustive_sweep(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """issue 41.6b: ``--exhaustive`` reaches the invariant (more texts written than the default)."""
    rules = load_rules("west-of-africa", 2)
    counts = []
    for exhaustive in (False, True):
        written = _read_back_counted(monkeypatch)
        violation, _ = play_checked(rules, 5, bots=("random", "random"), exhaustive=exhaustive)
        assert violation is None
        counts.append(len(written))
    assert counts[1] > 2 * counts[0]
    assert main(["check", "--players", "2", "--games", "1", "--exhaustive", "--json", "--workers", "1"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["games"] == {"2": 1} and "notation_round_trips" in outcome["invariants"]
