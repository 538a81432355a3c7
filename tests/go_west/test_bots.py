"""Go West!'s bots: the random bot's step weights make every distinct movement result of a card
equally likely (go-west-rulings §2.3 ``uniform``; G7, G26: T7's 27 results), and the dynamic
programme behind them agrees with brute force; the heuristic (§2.3 ``greedy``) and ``mcts`` play
legal games to the end; the heuristic reads only its view (§4); and its choices follow the
greedy rule (5.2 scoring, G9 payment, G7 movement, G19 ending)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from woa_core.bots import bot_factory, make_bots
from woa_core.bots.mcts import MctsBot
from woa_core.bots.random_bot import RandomBot, Weighted
from woa_core.kernel.cards import sample
from woa_core.kernel.contract import new_game
from woa_core.packs.go_west.bots.heuristic import HeuristicBot
from woa_core.packs.go_west.bots.search import SEARCH, candidates, evaluate
from woa_core.packs.go_west.bots.weights import completions, results, step_weights
from woa_core.packs.go_west.game import Game
from woa_core.packs.go_west.steps import ACTION, STEP
from woa_core.rules import load_rules

CHI2_26_AT_0001 = 54.05
"""The chi-square value with 26 degrees of freedom exceeded with chance 0.001."""


def play(rules, seed: int, specs: list[str]) -> tuple[Game, int]:
    """A game of ``specs`` to its end, every action played through ``apply`` (refused unless legal)."""
    game = new_game(rules, seed)
    bots = make_bots(specs, seed, pack=rules.pack)
    decisions = 0
    while not game.over:
        p = game.deciders()[0]
        legal = game.legal_actions(p)
        action = bots[p].choose(game.observation(p), legal)
        assert action in legal
        game.apply(action)
        decisions += 1
    return game, decisions


def at_step(players: int, wagons: list[int], card: str, left: int, floor: int = 0, seed: int = 1) -> Game:
    """A game whose active seat is making the wagon steps of ``card`` (taken out of the cards)."""
    rules = load_rules("go-west", players)
    game = Game(rules, seed=seed)
    s = game.state
    c = rules.card_index[card]
    for part in [*s.cards.hands, s.cards.pile]:
        if c in part:
            part.remove(c)
            if len(part) < rules.hand and part is not s.cards.pile:
                part.append(s.cards.pile.pop())
                part.sort()
    s.step, s.card, s.left, s.floor, s.wagons = STEP, c, left, floor, list(wagons)
    return game


def finish_steps(game: Game, bot: RandomBot) -> tuple[int, ...]:
    """The wagons after the card's steps, as the bot makes them."""
    while game.state.step == STEP:
        game.apply(bot.choose(None, game.legal_actions()))
    return tuple(game.state.wagons[:5])  # NE/E/GP/MW/W, as the rulings write them


# ---------------------------------------------------------------------- the weights


def test_the_random_bot_picks_each_of_t7s_27_results_equally_often() -> None:
    """T7: A55's 3 steps from 10/5/3/1/1 have 27 results; the weighted random bot draws each as
    often as any (§2.3 ``uniform``), which step-by-step uniform picks do not."""
    start = at_step(2, [10, 5, 3, 1, 1, 0], "A55", 3)
    legal = start.legal_actions()
    assert isinstance(legal, Weighted) and sum(legal.weights()) == 27
    bot = RandomBot(7)
    counts = Counter(finish_steps(start.copy(), bot) for _ in range(5400))
    assert len(counts) == 27 and (9, 5, 4, 1, 0) in counts and (10, 4, 2, 3, 1) in counts  # T7's examples
    expected = 5400 / 27
    assert sum((n - expected) ** 2 / expected for n in counts.values()) < CHI2_26_AT_0001
    assert max(counts.values()) / min(counts.values()) < 1.5
    # the same steps drawn uniformly at each decision (a plain list) are far from uniform
    plain = RandomBot(7)
    counts = Counter()
    for _ in range(5400):
        game = start.copy()
        while game.state.step == STEP:
            game.apply(plain.choose(None, list(game.legal_actions())))
        counts[tuple(game.state.wagons[:5])] += 1
    assert sum((n - expected) ** 2 / expected for n in counts.values()) > 10 * CHI2_26_AT_0001


def brute_force(wagons: list[int], floor: int, left: int) -> dict[tuple[int, ...], list[int]]:
    """Every path of ``left`` steps (each from a region no further east than the last, holding a
    wagon): for each result it gives, the first step of every path to it (G7 and G26 by enumeration)."""
    paths: dict[tuple[int, ...], list[int]] = {}

    def walk(w: list[int], at: int, left: int, first: int) -> None:
        if not left:
            paths.setdefault(tuple(w), []).append(first)
            return
        for r in range(at, len(w) - 1):
            if w[r]:
                w[r] -= 1
                w[r + 1] += 1
                walk(w, r, left - 1, r if first < 0 else first)
                w[r] += 1
                w[r + 1] -= 1

    walk(list(wagons), floor, left, -1)
    return paths


def test_the_step_weights_agree_with_brute_force_on_random_positions() -> None:
    """On 300 random positions the dynamic programme counts exactly the distinct results of a
    brute-force enumeration, every result has one path (G26), ``results`` lists them with their
    first steps, and each legal step's weight is the number of results whose path begins with it
    (the legal steps being exactly those that begin one)."""
    rng = random.Random(5)
    for _ in range(300):
        cut = sorted(rng.randint(0, 20) for _ in range(5))
        wagons = [b - a for a, b in zip([0, *cut], [*cut, 20], strict=True)]  # six regions, 20 wagons
        left, floor = rng.randint(1, 4), rng.randint(0, 4)
        paths = brute_force(wagons, floor, left)
        assert all(len(firsts) == 1 for firsts in paths.values())
        assert completions(wagons[:5], floor, left) == len(paths)
        listed = {(*counts, 20 - sum(counts)): [first] for counts, first in results(wagons[:5], floor, left)}
        assert listed == paths
        game = at_step(2, wagons, "A56", left, floor)
        by_first = Counter(firsts[0] for firsts in paths.values())
        steps = [a[2] for a in game.legal_actions()]
        assert steps == sorted(by_first)
        assert list(step_weights(game)) == [by_first[r] for r in steps]


def test_the_weights_leave_other_decisions_and_packs_alone() -> None:
    """Only the steps are weighed (the other decisions stay uniform: a double move with chance
    1/2, §2.3); a plain list gets the random bot's plain draw, as before."""
    game = Game(load_rules("go-west", 3), seed=2)
    assert not isinstance(game.legal_actions(), Weighted)
    a, b = RandomBot(11), random.Random(11)
    legal = [(0, "x", i) for i in range(7)]
    assert [a.choose(None, legal) for _ in range(50)] == [b.choice(legal) for _ in range(50)]


# ---------------------------------------------------------------------- full games


@pytest.mark.parametrize("players", [2, 4])
def test_the_heuristic_plays_legal_games_to_an_end(players: int) -> None:
    rules = load_rules("go-west", players)
    assert bot_factory("heuristic", rules.pack) is HeuristicBot
    for seed in range(3):
        game, _ = play(rules, seed, ["heuristic"] * players)
        assert game.state.ended in ("vp50", "wagons", "capped") and sorted(game.state.ranking) == list(range(players))


@pytest.mark.parametrize("players", [2, 4])
def test_mcts_plays_legal_games_to_an_end(players: int) -> None:
    rules = load_rules("go-west", players)
    game, decisions = play(rules, 3, ["mcts:iterations=4,horizon=1"] * players)
    assert game.state.ended in ("vp50", "wagons", "capped") and decisions > 50


def test_the_heuristic_beats_random_play() -> None:
    """§2.3: greedy play reaches 50 VP or a rich final scoring; random play does not come close."""
    rules = load_rules("go-west", 4)
    won = 0
    for seed in range(8):
        game, _ = play(rules, seed, ["heuristic", "random", "random", "random"])
        won += 0 in rules.pack.winners(game)
    assert won >= 6


# ---------------------------------------------------------------------- only the view


def test_the_heuristics_choice_does_not_depend_on_the_hidden_hands() -> None:
    """§4: at every decision of a game, two games that differ from the true one only in what the
    deciding seat cannot see (the others' hands and the pile, dealt anew by ``determinize``) give
    the heuristic the same view and the same choice."""
    rules = load_rules("go-west", 3)
    game = Game(rules, seed=4)
    bots = make_bots(["heuristic"] * 3, 4, pack=rules.pack)
    rng = random.Random(1)
    differed = 0
    while not game.over:
        p = game.deciders()[0]
        view = game.observation(p)
        others = [Game.determinize(view, rng) for _ in range(2)]
        hands = [[g.state.cards.hands[q] for q in range(3) if q != p] for g in others]
        differed += hands[0] != hands[1]
        choice = bots[p].choose(view, game.legal_actions(p))
        for other in others:
            assert other.state.cards.hands[p] == game.state.cards.hands[p]
            assert other.observation(p).to_json() == view.to_json()
            assert bots[p].choose(other.observation(p), other.legal_actions(p)) == choice
        game.apply(choice)
    assert differed > 100


def test_determinizations_fit_every_view_after_reshuffles() -> None:
    """§4's sampler after a reshuffle: the others' plays since that were in none of their hands
    then must be among their draws; every view of whole games can be dealt anew (a draw chosen
    blindly and rejected almost never fits once they have played several such cards)."""
    for players in (2, 4):
        rules = load_rules("go-west", players)
        game = Game(rules, seed=6)
        bots = make_bots(["heuristic"] * players, 6, pack=rules.pack)
        seen = 0
        while not game.over:
            p = game.deciders()[0]
            view = game.observation(p)
            if view.cards["reshuffles"]:
                seen += 1
                cards = sample(view.cards, p, players, len(rules.card_id), random.Random(seen))
                true = game.state.cards
                assert cards.hands[p] == true.hands[p] and len(cards.pile) == len(true.pile)
                assert [len(h) for h in cards.hands] == [len(h) for h in true.hands]
                assert sorted(cards.pile + [c for h in cards.hands for c in h]) == sorted(
                    true.pile + [c for h in true.hands for c in h]
                )
            game.apply(bots[p].choose(view, game.legal_actions(p)))
        assert seen > 20


# ---------------------------------------------------------------------- the greedy rule


def at_action(players: int = 3, seed: int = 1) -> Game:
    game = Game(load_rules("go-west", players), seed=seed)
    game.state.step = ACTION
    return game


def test_the_heuristic_scores_when_it_gains_more_than_it_pays_and_no_less_than_a_rival() -> None:
    """5.2, §2.3 greedy: T3's East [R,B,R,G,R] with 5 wagons gives R 3 for a first scoring card
    of 1 disc (weighing 1/2 VP): R scores; when B's 4 West discs outweigh R's 3, R does not."""
    game = at_action()
    s = game.state
    s.wagons = [15, 5, 0, 0, 0, 0]
    s.blocks[0] = [0, 1, 0, 2, 0]
    bot = HeuristicBot(1, seat=0, players=3)
    assert bot.choose(game.observation(0), game.legal_actions(0)) == (0, "score")
    s.wagons = [11, 5, 0, 0, 4, 0]
    s.blocks[3] = [1, 1, 1, 1]
    assert bot.choose(game.observation(0), game.legal_actions(0))[1] != "score"


def deal(game: Game, seat: int, ids: list[str]) -> None:
    """Put the cards ``ids`` into ``seat``'s hand, each swapped with a card of it from wherever it lay."""
    rules, cards = game.rules, game.state.cards
    hand = cards.hands[seat]
    for c in (rules.card_index[i] for i in ids):
        if c not in hand:
            spare = next(x for x in hand if rules.card_id[x] not in ids)
            part = next(p for p in [*cards.hands, cards.pile] if c in p)
            part[part.index(c)] = spare
            hand[hand.index(spare)] = c
    for h in cards.hands:
        h.sort()


def test_the_heuristic_pays_the_fewest_vp() -> None:
    """T11: G with 2 discs and 10 VP plays A51 (cost 5): ``pay 3``, the fewest VP (G9)."""
    game = at_action()
    deal(game, 0, ["A51"])
    game.state.supply[0] = 2
    game.apply((0, "play", game.rules.card_shape[game.rules.card_index["A51"]]))
    legal = game.legal_actions(0)
    assert [a[2] for a in legal] == [3, 4, 5]
    assert HeuristicBot(1, seat=0, players=3).choose(game.observation(0), legal) == (0, "pay", 3)


def test_the_heuristic_plays_the_cheapest_card_with_discs_else_sells_the_dearest() -> None:
    """§2.3 greedy, 5.1, 5.3: with more than 2 discs it plays the cheapest card showing discs it
    can pay (A02, cost 1; not A53, free but without discs); with 2 discs it sells the dearest
    card (A13, cost 6)."""
    game = at_action()
    deal(game, 0, ["A02", "A08", "A13", "A53", "A56", "A19", "A45"])
    bot, shape = HeuristicBot(1, seat=0, players=3), game.rules.card_shape
    index = game.rules.card_index
    assert bot.choose(game.observation(0), game.legal_actions(0)) == (0, "play", shape[index["A02"]])
    game.state.supply[0] = 2
    assert bot.choose(game.observation(0), game.legal_actions(0)) == (0, "sell", shape[index["A13"]])


def test_the_heuristic_puts_the_plus_one_disc_where_it_scores() -> None:
    """T9, G5: R plays A10 (East "+1", 1 wagon) from 10/5/0/0/5. A disc into the empty West (5
    wagons) scores 1; in the Great Plains or the Midwest, each holding an older B disc, a wagon
    brought there goes to B first (G13): R puts the "+1" disc into the West."""
    game = at_action()
    deal(game, 0, ["A10"])
    s = game.state
    s.wagons = [10, 5, 0, 0, 5, 0]
    s.blocks[1], s.blocks[2] = [1], [1]
    game.apply((0, "play", game.rules.card_shape[game.rules.card_index["A10"]]))
    legal = game.legal_actions(0)
    assert [a[1:] for a in legal] == [("also", 1), ("also", 2), ("also", 3)]
    assert HeuristicBot(1, seat=0, players=3).choose(game.observation(0), legal) == (0, "also", 3)


def test_the_heuristic_moves_wagons_to_its_own_discs() -> None:
    """G7, §2.3 greedy: with R's discs in the Midwest and B's in the Great Plains, one step from
    10/5/3/1/1 goes into the Midwest (R's points in a scoring now); with nothing to gain it sends
    no wagon out of play."""
    game = at_step(2, [10, 5, 3, 1, 1, 0], "A53", 1)
    game.state.blocks[2] = [0, 0, 0]
    game.state.blocks[1] = [1, 1, 1, 1]
    bot = HeuristicBot(1, seat=0, players=2)
    assert bot.choose(game.observation(0), game.legal_actions(0)) == (0, "step", 2)
    game.state.blocks[2] = []
    assert bot.choose(game.observation(0), game.legal_actions(0)) != (0, "step", 4)


def test_the_heuristic_ends_the_game_only_when_it_then_wins_alone() -> None:
    """T15: from 0/1/6/5/4, ``step E`` ends the game (G19) with the final scoring. R takes it when
    the final scoring makes it the sole winner, and moves another wagon when it would lose."""
    game = at_step(2, [0, 1, 6, 5, 4, 4], "A53", 1)
    s = game.state
    s.blocks[1] = [0, 0, 0]
    s.vp = [30, 20]
    bot = HeuristicBot(1, seat=0, players=2)
    assert bot.choose(game.observation(0), game.legal_actions(0)) == (0, "step", 1)
    s.vp = [20, 40]
    assert bot.choose(game.observation(0), game.legal_actions(0)) != (0, "step", 1)


# ---------------------------------------------------------------------- search hooks


def test_the_search_hooks_put_the_heuristics_choice_first_and_never_stop() -> None:
    rules = load_rules("go-west", 3)
    assert rules.pack.search is SEARCH
    game, bot = at_action(), HeuristicBot(1, seat=0, players=3)
    game.state.doubled, game.state.acts = True, 1
    legal = game.legal_actions(0)
    assert (0, "stop") in legal
    found = candidates(game.observation(0), legal, 6, bot)
    assert found[0] == bot.choose(game.observation(0), legal) and (0, "stop") not in found and len(found) <= 6


def test_the_evaluation_follows_the_vp_margin() -> None:
    game = Game(load_rules("go-west", 3), seed=1)
    base = evaluate(game, 0)
    game.state.vp[0] += 5
    assert evaluate(game, 0) > base and abs(sum(evaluate(game, p) for p in range(3)) - 1) < 1e-9


def test_mcts_is_reproducible_from_its_seed() -> None:
    game = at_action(players=2)
    view, legal = game.observation(0), game.legal_actions(0)
    picks = {MctsBot(3, seat=0, players=2, iterations=12).choose(view, legal) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(legal)
