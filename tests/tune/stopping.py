"""A search stopped by Ctrl-C in its second round of trials, then resumed: shared by the tests of
one trial at a time and of several in flight (issue 39.5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def stop_then_resume(tune: Any, folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], int]:
    """Run ``tune``'s search with a ``KeyboardInterrupt`` raised as its second round of trials is
    played, then resume it to the end: the states of the trials after the stop, and how many
    trials the resumed study finished."""
    from woa_core.sim.interrupts import StopRequests
    from woa_core.tune import search

    study = search.open_study(tune, folder, resume=False)
    real, calls = search.play_trials, []

    def stopped_on_the_second(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(search, "play_trials", stopped_on_the_second)
    with StopRequests() as stop:
        run = search.run_search(tune, study, search.Games(tune), stop)
    assert run.interrupted
    states = [t.state.name for t in study.trials]
    monkeypatch.setattr(search, "play_trials", real)
    again = search.open_study(tune, folder, resume=True)
    with StopRequests() as stop:
        assert not search.run_search(tune, again, search.Games(tune), stop).interrupted
    return states, len(search.finished(again))
