"""Tournament seating is balanced, and ratings order bots by how they finish."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from woa_core.eval.ratings import PRIOR_SD, dominance, fit_ratings, rate
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
    rated = rate(games, ("random", "heuristic", "mcts"))
    assert all(math.isfinite(r.rating) for r in rated)
    random_, heuristic, mcts = rated
    assert mcts.low > random_.high and heuristic.low > random_.high
    # 30 of 40 is a gap of about 190 points; each centred rating also carries the uncertainty of
    # the mean, to which random (bounded by the prior alone) contributes, so these two overlap
    assert mcts.rating - heuristic.rating == pytest.approx(400 * math.log10(3), abs=25)
    assert random_.low < random_.rating < random_.high
    assert dominance(games, ("random", "heuristic", "mcts")) == [("heuristic", "random"), ("mcts", "random")]


def _one_bot_always_first(games: int) -> list[tuple[int, ...]]:
    """The finishing orders of ``woa tournament random heuristic --games N`` (4 players) when the
    heuristic finishes ahead of every random seat: bot 1 first, in the seats the schedule gives."""
    return [tuple(sorted((int(b == "h") for b in lineup), reverse=True)) for lineup in schedule(("r", "h"), 4, games)]


def test_when_one_bot_always_wins_the_rating_is_finite_and_more_games_narrow_its_interval() -> None:
    """Issue 17: the bootstrap gave heuristic "+245 [+245, +245]" at 4 games and "+608 [+606, +610]"
    at 400 — zero-width intervals. Now both are finite with a real width, the wider at 4 games."""
    few, many = (rate(_one_bot_always_first(n), ("random", "heuristic"))[1] for n in (4, 400))
    for r in (few, many):
        assert all(math.isfinite(x) for x in (r.rating, r.low, r.high))
        assert r.low < r.rating < r.high and r.high - r.low > 100
    assert many.high - many.low < few.high - few.low
    assert few.low > 0 and many.low > few.low  # 400 straight wins show a larger gap than 4
    assert few.low < many.rating < few.high  # the 4-game interval does not exclude the 400-game fit


def test_the_interval_covers_the_true_rating_about_95_times_in_100() -> None:
    """Profile intervals are approximate: over 100 tournaments of 40 three-bot games drawn from known
    strengths, the intervals hold the bots' true (centred) ratings about 95 times in 100."""
    strengths = [1.0, 2.0, 4.0]
    elo = [400 * math.log10(s) for s in strengths]
    true = [e - sum(elo) / 3 for e in elo]
    covered = 0
    for seed in range(100):
        rated = rate(_sample(strengths, players=3, games=40, seed=100 + seed), ("a", "b", "c"))
        covered += sum(r.low <= t <= r.high for r, t in zip(rated, true, strict=True))
    assert 270 <= covered <= 298  # 95% of 300 is 285; the binomial sd is about 4


def test_without_games_the_interval_is_the_prior() -> None:
    (only, other) = rate([], ("a", "b"))
    assert only.rating == pytest.approx(0, abs=1e-6)
    # two ratings summing to 0: each is N(0, PRIOR_SD^2 / 2) once centred
    assert only.high == pytest.approx(1.96 * PRIOR_SD / math.sqrt(2), rel=0.01)
    assert other.low == pytest.approx(-only.high)
