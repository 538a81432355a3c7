"""Tournament seating is balanced, and ratings order bots by how they finish."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from woa_core.eval.ratings import fit_ratings, rate
from woa_core.eval.seating import balanced_counts, lineups, orbits, schedule


@pytest.mark.parametrize(("bots", "players"), [(3, 4), (2, 4), (2, 2), (4, 4), (5, 2), (3, 5), (2, 3)])
def test_every_whole_round_of_orbits_puts_every_bot_in_every_seat_equally(bots: int, players: int) -> None:
    names = tuple("abcde"[:bots])
    sched = schedule(names, players, 240)
    assert all(len(lineup) == players for lineup in sched)
    counts = balanced_counts(names, players, limit=240)
    assert counts, "the schedule is never balanced"
    for n in counts:
        seats = [Counter(lineup[s] for lineup in sched[:n]) for s in range(players)]
        assert all(seat == seats[0] for seat in seats)
    # Balanced again at least every full cycle of lineups.
    cycle = sum(len(orbits(lineup)[0]) for lineup in lineups(names, players))
    assert counts[0] <= cycle


def test_every_bot_plays_every_game_when_there_are_seats_enough() -> None:
    for lineup in schedule(("r", "h", "m"), 4, 60):
        assert set(lineup) == {"r", "h", "m"}
    # more bots than seats: every pair meets
    pairs = {frozenset(lineup) for lineup in schedule(("a", "b", "c", "d"), 2, 12)}
    assert len(pairs) == 6


def test_orbits_cover_each_distinct_arrangement_once() -> None:
    arrangements = [a for orbit in orbits(("a", "a", "b", "c")) for a in orbit]
    assert len(arrangements) == len(set(arrangements)) == 12


def _sample(strengths: list[float], players: int, games: int, seed: int) -> list[tuple[int, ...]]:
    """Finishing orders drawn from a Plackett-Luce model with the given strengths."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        seats = [(i + s) % len(strengths) for s in range(players)]
        order = []
        while seats:
            pick = rng.choices(range(len(seats)), weights=[strengths[b] for b in seats])[0]
            order.append(seats.pop(pick))
        out.append(tuple(order))
    return out


def test_fit_recovers_known_strengths() -> None:
    games = _sample([1.0, 3.0, 9.0], players=3, games=3000, seed=2)
    fit = fit_ratings(games, 3)
    gap = 400 * math.log10(3)  # 190.8 Elo between neighbours
    assert fit[1] - fit[0] == pytest.approx(gap, abs=30)
    assert fit[2] - fit[1] == pytest.approx(gap, abs=30)


def test_ratings_do_not_depend_on_the_order_of_the_games() -> None:
    games = _sample([1.0, 2.0, 4.0], players=4, games=60, seed=3)
    shuffled = list(reversed(games))
    assert fit_ratings(games, 3) == pytest.approx(fit_ratings(shuffled, 3))


def test_a_bot_that_never_wins_gets_a_finite_rating_and_separated_intervals() -> None:
    games = [(2, 1, 0, 0)] * 30 + [(1, 2, 0, 0)] * 10
    rated = rate(games, ("random", "heuristic", "mcts"), seed=1, resamples=200)
    assert all(math.isfinite(r.rating) for r in rated)
    random_, heuristic, mcts = rated
    assert mcts.low > heuristic.high and heuristic.low > random_.high
    assert random_.low <= random_.rating <= random_.high
