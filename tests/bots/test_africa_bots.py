"""Africa's bots (issue 15, part 4): the scripted ``heuristic`` beats random play clearly, plays
only legal actions at every player count and in the simple variant, is reproducible from its seed,
and weighs what the rulebook makes worth weighing (the end by the last monument, 7.; swaps,
4.B1; research and mining, 4.B4-4.B5); ``mcts`` plays Africa through the pack's search hooks,
reproducibly, without ever reading the face-down tiles (africa-rulings §4)."""

from __future__ import annotations

import itertools
import random

import pytest

from tests.packs.africa.position import C3E, CE, CNE, CNW, CSW, CW, C, D, Position
from woa_core.bots import bot_factory, make_bots, seat_bots
from woa_core.bots.mcts import MctsBot
from woa_core.kernel.contract import new_game
from woa_core.packs.africa.bots import search
from woa_core.packs.africa.bots.estimate import reach
from woa_core.packs.africa.bots.heuristic import HeuristicBot, Look
from woa_core.packs.africa.bots.search import MARGIN, SEARCH, candidates, evaluate
from woa_core.packs.africa.compiled import ANIMAL, NOMAD
from woa_core.packs.africa.game import RESEARCH, Game, animal_targets, nomad_targets
from woa_core.packs.africa.state import DOWN, EMPTY
from woa_core.rules import load_rules
from woa_core.rules.data import data_root
from woa_core.sim.runner import play_game

SIMPLE = data_root() / "rules" / "variants" / "africa-simple.yaml"


def play(rules, seed: int, specs: list[str], check: bool = True) -> tuple[Game, list[tuple]]:
    """A game of ``specs`` to its end; every action checked against the legal ones."""
    game = new_game(rules, seed)
    bots = make_bots(specs, seed, pack=rules.pack)
    actions = []
    while not game.over:
        p = game.deciders()[0]
        legal = game.legal_actions(p)
        action = bots[p].choose(game.observation(p), legal)
        if check:
            assert action in legal, action
        actions.append(action)
        game.apply(action)
    return game, actions


def test_heuristic_is_africas_own_bot_for_the_pack() -> None:
    rules = load_rules("africa", 4)
    assert bot_factory("heuristic", rules.pack) is HeuristicBot
    assert bot_factory("heuristic", load_rules("west-of-africa", 4).pack) is not HeuristicBot
    assert seat_bots("heuristic,random", 2, rules.pack) == ("heuristic", "random")


def test_heuristic_beats_random_clearly() -> None:
    """One heuristic against three random bots, seats rotated: it wins nearly every game (a random
    seat wins a quarter of games between equals)."""
    rules = load_rules("africa", 4)
    wins = 0.0
    for index in range(8):
        seat = index % 4
        specs = ["random"] * 4
        specs[seat] = "heuristic"
        record = play_game(rules, 500 + index, specs, index)
        if seat in record.winners:
            wins += 1 / len(record.winners)
    assert wins >= 7


@pytest.mark.parametrize(("players", "rules"), [(2, "africa"), (3, "africa"), (5, "africa"), (3, str(SIMPLE))])
def test_heuristic_plays_only_legal_actions(players: int, rules: str) -> None:
    """Every decision of whole games (self-play and against random) at 2, 3 and 5 players and in
    the simple variant; the games end by the bonus, never by the turn cap (A31)."""
    compiled = load_rules(rules, players)
    for seed in range(2):
        game, _ = play(compiled, seed, ["heuristic"] * players)
        assert game.state.ended == "bonus"
        game, _ = play(compiled, seed + 10, ["heuristic", *["random"] * (players - 1)])
        assert game.over


def test_heuristic_is_reproducible_from_its_seed() -> None:
    rules = load_rules("africa", 3)
    first = play(rules, 4, ["heuristic"] * 3)[1]
    assert play(rules, 4, ["heuristic"] * 3)[1] == first
    assert play(rules, 5, ["heuristic"] * 3)[1] != first


def test_heuristic_keeps_what_it_worked_out_through_a_turn_and_no_longer() -> None:
    """Its ``Look`` lasts from the turn's first walk through the action while only its explorer
    moves (4.B: nothing else changes), values every action there as a fresh one would, and is made
    anew once the board changed (a reveal, a camp, a move) or another seat decides."""
    rules = load_rules("africa", 4)
    game = _turn_begins(rules, 6, 8)
    p = game.deciders()[0]
    bot = HeuristicBot(1, seat=p, players=4)
    game.apply(bot.choose(game.observation(p), game.legal_actions(p)))
    first = bot._look
    assert game.state.step == "act" and first is not None
    view, legal = game.observation(p), game.legal_actions(p)
    bot.choose(view, legal)
    assert bot._look is first
    fresh = Look(view)
    assert [first.value(a) for a in legal] == [fresh.value(a) for a in legal]
    changing = [a for a in legal if a[1] != "skip"]  # a reveal, a camp or a move
    game.apply(changing[0])
    assert game.deciders()[0] == p and len(game.legal_actions(p)) > 1  # its next walk, or where the tile goes
    bot.choose(game.observation(p), game.legal_actions(p))
    assert bot._look is not first


def test_heuristic_values_a_move_as_its_best_target() -> None:
    """4.B2-4.B3 (A14-A16, A18-A19): the heuristic values moving an animal or a nomad at its best
    gain over the targets the rules allow (``animal_targets``, ``nomad_targets``), 0 when it may not
    move, worked out without listing them. Every face-up animal and nomad of positions along
    heuristic games at 2-5 players, and of a board where a species' best field lies next to it."""
    checked = moved = 0
    for players in (2, 3, 4, 5):
        rules = load_rules("africa", players)
        game = new_game(rules, players)
        bots = make_bots(["heuristic"] * players, players, pack=rules.pack)
        while not game.over:
            p = game.deciders()[0]
            if game.state.step == "turn":
                look, tile = Look(game.observation(p)), game.state.tile
                for f, t in enumerate(tile):
                    if t >= 0 and rules.face_kind[t] in (ANIMAL, NOMAD):
                        listed = (animal_targets if rules.face_kind[t] == ANIMAL else nomad_targets)(rules, tile, f)[1]
                        best = max((look.gain(f, g) for g in listed), default=0)
                        assert look.move(f) == best, (players, game.state.turns, rules.fields[f], listed)
                        checked += 1
                        moved += best > 0
            game.apply(bots[p].choose(game.observation(p), game.legal_actions(p)))
    assert checked > 1000 and 0 < moved < checked
    # C and CNW have two elephants around, both of them next to CW's: it gains nothing by moving,
    # CSW's gains one (CNW), and the one on h00_06, with none around, two (either)
    pos = Position(players=2)
    pos.empty(C, CNW).up("elephant", CW, CSW, "h00_06")
    look = Look(pos.game.observation(0))
    for f, gain in ((CW, 0), (CSW, 1), ("h00_06", 2)):
        listed = animal_targets(pos.rules, pos.state.tile, pos.f(f))[1]
        assert look.move(pos.f(f)) == max((look.gain(pos.f(f), g) for g in listed), default=0) == gain, f


def test_heuristic_reveals_the_last_monument_only_when_it_wins() -> None:
    """7.: the last monument ends the game at once. With the supply empty, a monument is worth
    more than its bonus when the final scoring makes the revealer the winner, and less than
    nothing when another player would win: so a reveal is worth less while behind."""
    pos = Position(players=2)
    s = pos.state
    s.supply = 0
    level = Look(pos.game.observation(0))
    s.vp[1] = 6
    behind = Look(pos.game.observation(0))
    s.vp[1], s.vp[0] = 0, 6
    ahead = Look(pos.game.observation(0))
    assert behind.monument() < 0 < pos.rules.bonus_vp < ahead.monument()
    assert level.monument() > pos.rules.bonus_vp  # level: the bonus makes it the winner
    g = next(f for f in pos.rules.neighbours[s.at[0]] if s.tile[f] == DOWN)
    assert behind.reveal(g) < ahead.reveal(g)


def test_heuristic_swaps_for_the_bigger_gain() -> None:
    """4.B1 (A13, T6-T7): a revealed statue is swapped for all of another player's tiles of one
    good, for as many statues; it takes the swap that adds most to its goods score."""
    pos = Position(players=2)
    r = pos.rules
    statue, kettle, clothing, mask = (r.goods_face[r.goods.index(g)] for g in ("statue", "kettle", "clothing", "mask"))
    mine, theirs = pos.state.display
    mine[statue], mine[clothing] = 1, 1  # the statue just revealed, and one clothing
    theirs[clothing], theirs[mask] = 1, 3
    pos.state.step, pos.state.pending = "swap", r.goods.index("statue")
    bot = HeuristicBot(1, seat=0, players=2)
    legal = pos.game.legal_actions(0)
    assert (0, "swap", 1, r.goods.index("mask")) not in legal  # 3 masks for 1 statue: too few statues
    assert bot.choose(pos.game.observation(0), legal) == (0, "swap", 1, r.goods.index("clothing"))  # 1 + 1 -> 3
    mine[kettle], theirs[kettle] = 3, 1
    legal = pos.game.legal_actions(0)
    assert bot.choose(pos.game.observation(0), legal) == (0, "swap", 1, r.goods.index("kettle"))  # 3 -> 4: 5 -> 8


def test_heuristic_researches_when_it_pays() -> None:
    """4.B4: a camp scores the face-up animals, nomads and monuments around it. Early in the game
    it keeps its camp for two points, and builds for five."""
    pos = Position(players=2)
    pos.empty(C).up("elephant", CE).up("nomad", CNE)
    pos.state.at[0] = pos.f(C)
    pos.state.step = "act"
    bot = HeuristicBot(1, seat=0, players=2)
    legal = [a for a in pos.game.legal_actions(0) if a[1] in ("camp", "skip")]
    assert len(legal) == 3
    assert bot.choose(pos.game.observation(0), legal)[1] == "skip"
    pos.up("monument", CNW).up("lion", CW).up("zebra", CSW)
    assert bot.choose(pos.game.observation(0), legal) == (0, "camp", RESEARCH)


def test_mcts_plays_africa_reproducibly_through_the_pack_hooks() -> None:
    rules = load_rules("africa", 2)
    assert rules.pack.search is SEARCH
    specs = ["mcts:iterations=4,horizon=0", "heuristic"]
    game, actions = play(rules, 2, specs)
    assert game.state.ended == "bonus"
    assert play(rules, 2, specs)[1] == actions


def test_mcts_never_reads_the_face_down_tiles() -> None:
    """africa-rulings §4: two games that differ only in which unseen tile lies where give the same
    view, so the search bot (same seed) makes the same choices in both."""
    rules = load_rules("africa", 4)
    game = new_game(rules, 3)
    bots = make_bots(["heuristic"] * 4, 3, pack=rules.pack)
    for _ in range(60):
        p = game.deciders()[0]
        game.apply(bots[p].choose(game.observation(p), game.legal_actions(p)))
    while game.state.step != "turn":
        p = game.deciders()[0]
        game.apply(game.legal_actions(p)[0])
    other = game.copy()
    down = [f for f, t in enumerate(other.state.tile) if t == DOWN]
    faces = [other.state.hidden[f] for f in down]
    random.Random(1).shuffle(faces)
    for f, face in zip(down, faces, strict=True):
        other.state.hidden[f] = face
    assert other.state.hidden != game.state.hidden and EMPTY not in faces
    p = game.deciders()[0]
    assert other.observation(p).to_json() == game.observation(p).to_json()
    chosen = []
    for g in (game, other):
        bot = MctsBot(9, seat=p, players=4, iterations=24)
        chosen.append(bot.choose(g.observation(p), g.legal_actions(p)))
    assert chosen[0] == chosen[1]


def _turn_begins(rules, seed: int, turns: int) -> Game:
    """A heuristic game played until the ``turns``-th turn begins (option A or B, 4.)."""
    game = new_game(rules, seed)
    bots = make_bots(["heuristic"] * rules.players, seed, pack=rules.pack)
    while game.state.step != "turn" or game.state.turns < turns:
        p = game.deciders()[0]
        game.apply(bots[p].choose(game.observation(p), game.legal_actions(p)))
    return game


def test_search_hooks_prune_and_evaluate(monkeypatch: pytest.MonkeyPatch) -> None:
    """The candidates are the heuristic's best few within ``MARGIN`` VP of its best, a single one
    when the choice is plain (then nothing is searched); the evaluation of a finished game is its
    win share (A28), of a game under way the estimate."""
    rules = load_rules("africa", 4)
    game, _ = play(rules, 6, ["heuristic"] * 4)
    winners = rules.pack.winners(game)
    assert [evaluate(game, p) for p in range(4)] == [1 / len(winners) if p in winners else 0.0 for p in range(4)]
    game = new_game(rules, 6)
    bots = make_bots(["heuristic"] * 4, 6, pack=rules.pack)
    while game.state.step != "turn" or game.state.turns < 8:
        p = game.deciders()[0]
        game.apply(bots[p].choose(game.observation(p), game.legal_actions(p)))
    p = game.deciders()[0]
    view, legal = game.observation(p), game.legal_actions(p)
    policy = HeuristicBot(0, seat=p, players=4)
    out = candidates(view, legal, 3, policy)
    look = Look(view)
    values = {a: look.walk(a[2], True) for a in legal if a[1] == "walk"}
    assert 1 <= len(out) <= 3 and set(out) <= set(values)
    assert values[out[0]] == max(values.values()) and min(values[a] for a in out) >= values[out[0]] - MARGIN
    pos = Position(players=2)
    pos.empty(C).up("elephant", CE).up("nomad", CNE).up("monument", CNW).up("lion", CW).up("zebra", CSW)
    pos.up("giraffe", "h03_06")
    pos.state.at[0], pos.state.step = pos.f(C), "act"
    legal = [a for a in pos.game.legal_actions(0) if a[1] in ("camp", "skip")]
    view = pos.game.observation(0)
    assert candidates(view, legal, 6, policy)[0] == (0, "camp", RESEARCH)  # 6 VP, mining and skip within MARGIN
    monkeypatch.setattr(search, "MARGIN", 2.0)  # read at each call, in either build
    assert candidates(view, legal, 6, policy) == [(0, "camp", RESEARCH)]  # the others 2 VP or more below


def test_the_search_values_the_tiles_an_explorer_could_reveal_next_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """``estimate.reach``: the face-down tiles next to a field the explorer could walk to (4.B: up
    to two fields, A7), at most one for each action of a turn (two, 4.B; a rule, ``steps``). The
    search's evaluation adds ``REACH`` VP for each, so of two seats alike the one with tiles in
    reach is ahead."""
    pos = Position(players=2)
    s = pos.state
    for f, t in enumerate(s.tile):
        if t == DOWN:
            s.tile[f], s.hidden[f] = EMPTY, EMPTY
    pos.explorer(0, C).explorer(1, D)
    assert [reach(pos.rules, s, q) for q in (0, 1)] == [0, 0]
    assert evaluate(pos.game, 0) == evaluate(pos.game, 1) == 0.5
    pos.down("elephant", C3E)  # three fields east: next to C2E, where a walk of two ends
    assert [reach(pos.rules, s, q) for q in (0, 1)] == [1, 0]
    pos.down("elephant", CE)  # the way east is closed, C3E is out of reach
    assert reach(pos.rules, s, 0) == 1
    pos.down("lion", CW, CNE)
    assert reach(pos.rules, s, 0) == 2  # three next to it: two can be revealed in a turn
    one_action = Position(players=2, overrides=("turn.steps=1",)).rules
    assert reach(one_action, s, 0) == 1
    assert evaluate(pos.game, 0) > 0.5 > evaluate(pos.game, 1)
    monkeypatch.setattr(search, "REACH", 0.0)  # read at each call, in either build
    assert evaluate(pos.game, 0) == 0.5


def test_a_sampled_game_reveals_its_deal_in_order_and_a_copy_goes_on_with_it() -> None:
    """``Dealt`` (the search's sampled games): the i-th reveal shows the deal's i-th tile whichever
    field it is on, the deal stays the unseen tiles (africa-rulings §4), and a copy reveals what
    the original would next."""
    rules = load_rules("africa", 2)
    game = new_game(rules, 1)
    tangier = rules.cities[0]
    for action in ((0, "start", 0), (1, "start", 1), (0, "walk", tangier)):
        game.apply(action)
    view = game.observation(0)
    f, g = rules.neighbours[tangier][:2]
    a, b = (Game.determinize(view, random.Random(3)) for _ in range(2))
    deck = [face for face in a.state.hidden if face != EMPTY]
    a.apply((0, "reveal", f))
    b.apply((0, "reveal", g))
    assert a.state.tile[f] == b.state.tile[g] == deck[0]
    assert sorted([*(face for face in a.state.hidden if face != EMPTY), deck[0]]) == sorted(deck)
    copy = a.copy()
    assert type(copy) is type(a) and copy.state.to_json() == a.state.to_json()
    for g2 in (a, copy):
        while not g2.over and not any(x[1] == "reveal" for x in g2.legal_actions(g2.deciders()[0])):
            p = g2.deciders()[0]
            g2.apply(g2.legal_actions(p)[0])
    assert a.state.to_json() == copy.state.to_json()
    p = a.deciders()[0]
    reveal = next(x for x in a.legal_actions(p) if x[1] == "reveal")
    a.apply(reveal)
    other = next(x for x in reversed(copy.legal_actions(p)) if x[1] == "reveal")
    copy.apply(other)
    assert a.state.tile[reveal[2]] == copy.state.tile[other[2]] == deck[1]


@pytest.mark.parametrize("players", [2, 4])
def test_progress_rises_from_0_towards_1_over_a_game(players: int) -> None:
    """``search.progress`` (what ``mcts:early`` and ``late`` read): 0 before any reveal, never
    falling as tiles are revealed, past three quarters when the last monument ends the game."""
    rules = load_rules("africa", players)
    game = new_game(rules, 7)
    bots = make_bots(["heuristic"] * players, 7, pack=rules.pack)
    seen = [search.progress(game.observation(0))]
    while not game.over:
        p = game.deciders()[0]
        legal = game.legal_actions(p)
        game.apply(bots[p].choose(game.observation(p), legal))
        if not game.over:
            seen.append(search.progress(game.observation(p)))
    assert seen[0] == 0.0 and all(0 <= x < 1 for x in seen)
    assert all(b >= a for a, b in itertools.pairwise(seen))
    assert seen[-1] > 0.75 and max(seen[: len(seen) // 4]) < 0.5
