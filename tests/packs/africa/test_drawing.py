"""Africa's pictures and words (issue 15, item 5): the hex map drawn from the rules (``woa
board --rules africa``), a state on it (face-down tiles as backs that never tell their face,
A23; face-up tiles by face; camps and explorers in their seat's colour), the text map of ``woa
play``, and the words on what an action did, each pass's standings and the final scoring
(``Drawing.explain``)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.packs.africa.position import CE, CNE, CNW, CSE, CW, C, Position
from woa_core.cli import main
from woa_core.kernel.contract import new_game
from woa_core.packs.africa.draw.drawing import DRAWING
from woa_core.packs.africa.draw.render import BACK, text_map
from woa_core.packs.africa.state import CAMP, DOWN
from woa_core.report.drawing import SEAT_COLOURS
from woa_core.rules import load_rules

SVG = "{http://www.w3.org/2000/svg}"


def _played(players: int, seed: int, actions: int) -> object:
    """A game after ``actions`` random actions, reveals and camps preferred (a busy board)."""
    game = new_game(load_rules("africa", players), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.over:
            break
        legal = game.legal_actions()
        busy = [a for a in legal if a[1] in ("reveal", "camp", "animal", "nomad", "swap", "place")]
        game.apply(rng.choice(busy if busy and rng.random() < 0.9 else legal))
    return game


def _classes(svg: str, cls: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter() if (e.get("class") or "").split()[:1] == [cls]]


def test_woa_board_draws_the_hex_map_from_the_rules(tmp_path: Path, capsys) -> None:
    """Every field at its axial coordinates with its id, the five start cities named, a face-down
    tile on every other field, the 2-player supply of 8 camps (8.) in the rules' panel."""
    out = tmp_path / "africa.svg"
    assert main(["board", "--rules", "africa", "--players", "2", "-o", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    fields = [e for e in root.iter(f"{SVG}polygon") if "field" in (e.get("class") or "").split()]
    assert len(fields) == 101 and len({e.get("data-field") for e in fields}) == 101
    cities = {e.get("data-city") for e in root.iter(f"{SVG}g") if e.get("data-city")}
    assert cities == {"tangier", "alexandria", "dakar", "mombasa", "cape_town"}
    assert "Cape Town" in svg and "h07_03" in svg
    backs = [e.get("data-field") for e in _classes(svg, "tile") if "down" in e.get("class")]
    city_fields = {e.get("data-field") for e in fields if "city" in e.get("class", "")}
    assert len(backs) == 96 and not city_fields & set(backs)
    assert "8 in the supply" in svg and "then the +3 bonus" in svg
    # the fields stand where their coordinates say: h03_00 (q 0, r 3) west of h03_11, h12_01 south of h00_04
    xy = {e.get("data-field"): [float(v) for v in e.get("points").split()[0].split(",")] for e in fields}
    assert xy["h03_00"][0] < xy["h03_11"][0] and xy["h12_01"][1] > xy["h00_04"][1]
    step = xy["h00_05"][0] - xy["h00_04"][0]  # one field east
    assert abs((xy["h01_04"][0] - xy["h00_04"][0]) - step / 2) < 0.2  # the same q one row south: half a field east


def test_the_picture_and_the_text_never_tell_a_face_down_tile() -> None:
    """A23: the faces under the face-down tiles may be dealt anew without changing one byte of
    the picture, of the text or of the viewer's parts."""
    game = _played(3, seed=4, actions=250)
    rules, state = game.rules, game.state
    other = state.copy()
    down = [f for f, t in enumerate(state.tile) if t == DOWN]
    faces = [state.hidden[f] for f in down]
    random.Random(1).shuffle(faces)
    for f, face in zip(down, faces, strict=True):
        other.hidden[f] = face
    assert other.hidden != state.hidden
    again = rules.pack.game(rules, state=other)
    assert DRAWING.board(rules, state, (), None) == DRAWING.board(rules, other, (), None)
    assert DRAWING.text(game, None) == DRAWING.text(again, None) == DRAWING.text(again, 1)
    viewer = DRAWING.viewer(rules)
    assert viewer.parts(state, ["a", "b", "c"]) == viewer.parts(other, ["a", "b", "c"])


def test_a_state_draws_every_piece_where_it_is() -> None:
    """Face-up tiles by their face on their field, camps in their owner's colour, explorers in
    their seat's colour, each seat's VP in the panel."""
    game = _played(4, seed=2, actions=400)
    rules, s = game.rules, game.state
    svg = DRAWING.board(rules, s, ["heuristic", "random", "random", "random"], None)
    up = {e.get("data-field"): e.get("data-face") for e in _classes(svg, "tile") if "up" in e.get("class")}
    assert up == {rules.fields[f]: rules.face_names[t] for f, t in enumerate(s.tile) if t >= 0}
    assert len([e for e in _classes(svg, "tile") if "down" in e.get("class")]) == s.tile.count(DOWN)
    camps = {(e.get("data-field"), e.get("data-player")) for e in _classes(svg, "camp")}
    assert camps == {(rules.fields[f], f"p{s.camp[f] + 1}") for f, t in enumerate(s.tile) if t == CAMP} != set()
    explorers = {(e.get("data-field"), e.get("data-player")) for e in _classes(svg, "explorer")}
    assert explorers == {(rules.fields[f], f"p{p + 1}") for p, f in enumerate(s.at)}
    tent = next(iter(_classes(svg, "camp")))
    owner = int(tent.get("data-player")[1:]) - 1
    assert tent.find(f"{SVG}path").get("fill") == SEAT_COLOURS[owner]
    for p in range(4):
        assert f"{s.vp[p]} VP" in svg
    assert "p1 heuristic" in svg


def test_the_text_map_has_a_token_per_field_in_rows() -> None:
    """13 rows of three-character tokens: backs for the face-down tiles, @N for explorers, ^N
    for camps, each row starting with its first field's id."""
    game = _played(2, seed=7, actions=120)
    rules, s = game.rules, game.state
    lines = text_map(rules, s)
    assert len(lines) == 13 and lines[0].startswith("h00_04") and lines[-1].startswith("h12_01")
    body = "\n".join(line[7:] for line in lines)
    assert body.count(BACK) == s.tile.count(DOWN)
    assert body.count("@1") == body.count("@2") == 1
    assert body.count("^") == s.tile.count(CAMP)
    text = DRAWING.text(game, s.active())
    assert "Your decision" in text and f"p1: {s.vp[0]} VP" in text


def test_words_for_a_reveal_and_a_placement() -> None:
    """The action line says which field; the words say which face came up and what it scored
    (§4.B1 Revealing animals, A14)."""
    pos = Position(2).explorer(0, C).empty(CW, CNE, CSE).up("elephant", CE).down("elephant", CNW)
    before = pos.state.copy()
    pos.play("p1 walk h02_06", "p1 reveal h01_06")
    assert DRAWING.explain(pos.rules, before, pos.state) == [
        (
            "reveal",
            ["p1 reveals an elephant at h01_06: it may stay or move to an empty field with more elephants around"],
        )
    ]
    before = pos.state.copy()
    pos.play("p1 place h01_07")  # next to the elephant on h02_07
    assert DRAWING.explain(pos.rules, before, pos.state) == [
        ("score", ["the elephant is placed at h01_07: +2 VP for p1 (1 for itself, 1 elephant next to it)"])
    ]
    assert pos.vp() == 2


def test_every_action_that_scores_says_how_much() -> None:
    """In random games, every action that changes a seat's VP before the end is told in words
    with exactly that change; a walk or a relocation is not told (its line says it all)."""
    for players, seed in ((2, 1), (4, 2), (5, 3)):
        game = new_game(load_rules("africa", players), seed=seed)
        rng = random.Random(seed)
        told_kinds = set()
        while not game.over:
            before = game.state.copy()
            action = rng.choice(game.legal_actions())
            game.apply(action)
            told = DRAWING.explain(game.rules, before, game.state)
            changed = [game.state.vp[p] - before.vp[p] for p in range(players)]
            if game.over or action[1] == "reveal":
                continue
            words = [line for name, lines in told or [] if name != "standings" for line in lines]
            if any(changed):
                gain = sum(changed)
                assert any(f"+{gain} VP" in line for line in words), (action, words)
            if action[1] in ("walk", "relocate", "start", "skip", "keep"):
                assert words == [], (action, words)
            told_kinds |= {name for name, _ in told or []}
        assert {"score", "camp", "move", "standings"} <= told_kinds


def test_the_final_scoring_in_words_adds_up_and_names_shared_wins() -> None:
    """7.: goods, gold and gems explained with the VP each seat got; tied leaders share (A28)."""
    for seed in range(6):
        game = new_game(load_rules("africa", 3, overrides=["turn.max_turns=40"]), seed=seed)
        rng = random.Random(seed)
        while not game.over:
            before = game.state.copy()
            game.apply(rng.choice(game.legal_actions()))
        told = dict(DRAWING.explain(game.rules, before, game.state))
        s = game.state
        assert told["game_end"] == ["40 turns played without the bonus: the game ends by the turn cap, no bonus (A31)"]
        for p in range(3):
            assert f"p{p + 1} +{s.vp_from[p]['goods']} VP" in told["goods"][p]
            assert any(
                line.startswith(f"p{p + 1} ") and line.endswith(f"+{s.vp_from[p]['gold']} VP") for line in told["gold"]
            )
        best = [p for p in s.ranking if s.vp[p] == max(s.vp)]
        verdict = told["final_ranking"][0]
        assert verdict.endswith("wins" if len(best) == 1 else "share the win (A28)")


def test_each_pass_around_the_table_ends_with_the_standings() -> None:
    """The kernel's round is a pass around the table: its end shows every seat's VP, best first."""
    game = new_game(load_rules("africa", 2), seed=1)
    while game.state.round < 2:
        before = game.state.copy()
        game.apply(game.legal_actions()[0])
    told = dict(DRAWING.explain(game.rules, before, game.state))
    s = game.state
    assert told["standings"][0].startswith("p1 ") or told["standings"][0].startswith("p2 ")
    assert f"{s.tile.count(DOWN)} face-down tiles left" in told["standings"][1]
