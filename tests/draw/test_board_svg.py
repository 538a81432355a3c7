"""`woa board` and the SVG board: drawn from the rules alone, so a variant's link appears by itself."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

from woa_core.bots import make_bots
from woa_core.cli import main
from woa_core.packs.west_of_africa import Game
from woa_core.packs.west_of_africa.draw.svg import board_svg
from woa_core.packs.west_of_africa.view import PlayerView
from woa_core.rules import load_rules

NS = {"svg": "http://www.w3.org/2000/svg"}
ROOT = Path(__file__).resolve().parents[2]


def _parse(path: Path) -> ET.Element:
    return ET.fromstring(path.read_text(encoding="utf-8"))  # raises on invalid XML


def _texts(svg: ET.Element) -> set[str]:
    return {t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")}


def _links(svg: ET.Element) -> set[str]:
    return {e.get("data-link", "") for e in svg.iter() if e.get("class") == "link"}


def test_woa_board_names_every_island_and_the_ferry_adds_a_link(tmp_path: Path) -> None:
    """Issue 10's check: both boards are valid SVG naming every island; the variant's link is drawn."""
    base, ferry = tmp_path / "b.svg", tmp_path / "f.svg"
    assert main(["board", "-o", str(base)]) == 0
    assert main(["board", str(ROOT / "rules/variants/el-hierro-ferry.yaml"), "-o", str(ferry)]) == 0
    b, f = _parse(base), _parse(ferry)
    names = {i.name for i in load_rules("west-of-africa", 4).islands}
    assert names <= _texts(b) and names <= _texts(f)
    assert _links(f) - _links(b) == {"el_hierro-tenerife"}
    assert len(_links(b)) == 6  # board.yaml's sea_links


def test_a_set_override_draws_its_link(tmp_path: Path) -> None:
    """--set changes the rules for this picture only, like a variant."""
    out = tmp_path / "s.svg"
    assert main(["board", "--set", "board.sea_links.el_hierro-tenerife=true", "-o", str(out)]) == 0
    assert "el_hierro-tenerife" in _links(_parse(out))


def test_unused_moorings_are_shown_for_two_players(tmp_path: Path) -> None:
    """7. Changes in Two- or Three-Player Games: the second mooring of Tenerife and Gran Canaria
    is for 4-5 players only; the 2-player board shows those two crossed out, the 4-player none."""
    two, four = tmp_path / "2.svg", tmp_path / "4.svg"
    assert main(["board", "--players", "2", "-o", str(two)]) == 0
    assert main(["board", "--players", "4", "-o", str(four)]) == 0

    def unused(svg: ET.Element) -> int:
        return sum(1 for e in svg.iter() if e.get("class") == "mooring-off")

    assert unused(_parse(two)) == 2 and unused(_parse(four)) == 0


def test_the_board_shows_costs_and_preplaced_settlements() -> None:
    """4. Game Preparations (2 players): eight neutral settlements on the 6-cost spaces."""
    svg = ET.fromstring(board_svg(load_rules("west-of-africa", 2)))
    houses = [e for e in svg.iter() if e.get("class") == "settlement"]
    assert len(houses) == 8 and {h.get("data-player") for h in houses} == {"neutral"}
    assert {"6", "9", "12"} <= _texts(svg)


def test_a_game_state_draws_its_pieces() -> None:
    """Ships, workers and VP of a state appear; the empty board has none of them."""
    rules = load_rules("west-of-africa", 3)
    game = Game(rules, seed=5)
    bots = make_bots(["heuristic"] * 3, 5)
    while game.state.round < 3:
        p = game.decider()
        game.apply(bots[p].choose(PlayerView(game, p), game.legal_actions(p)))
    svg = ET.fromstring(board_svg(rules, game.state, seats=["heuristic"] * 3))
    classes = [e.get("class") for e in svg.iter()]
    assert classes.count("ship") == 3
    assert classes.count("worker") >= 3 and classes.count("player") == 3
    assert f"{game.state.vp[0]} VP" in " ".join(_texts(svg))
    empty = [e.get("class") for e in ET.fromstring(board_svg(rules)).iter()]
    assert "ship" not in empty and "worker" not in empty


def test_a_bad_rules_file_is_a_sentence(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: west-of-africa\nboard: {sea_links: {nowhere-tenerife: true}}\n")
    assert main(["board", str(bad), "-o", str(tmp_path / "x.svg")]) == 1
    assert "bad.yaml" in capsys.readouterr().err and not (tmp_path / "x.svg").exists()


def test_the_same_rules_draw_the_same_bytes(tmp_path: Path, capsys) -> None:
    """Reproducible: drawing twice gives the same file; an unwritable path is a sentence."""
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    assert main(["board", "--players", "3", "-o", str(a)]) == 0
    assert main(["board", "--players", "3", "-o", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert main(["board", "-o", str(tmp_path / "no" / "such" / "dir.svg")]) == 1
    assert "dir.svg: the folder" in capsys.readouterr().err


def _path_points(d: str) -> list[tuple[float, float]]:
    """The corners of a path of M, L, H and V commands, in order."""
    import re

    points: list[tuple[float, float]] = []
    for command, numbers in re.findall(r"([MLHV])([-\d. ]+)", d):
        values = [float(v) for v in numbers.split()]
        x, y = points[-1] if points else (0.0, 0.0)
        points.append(
            (values[0], values[1]) if command in "ML" else (values[0], y) if command == "H" else (x, values[0])
        )
    return points


def test_a_worker_ships_line_runs_by_the_sea_to_its_island() -> None:
    """Each worker ship's dashed line ends on the island it enters and crosses no other island's
    card (the West ship enters La Gomera, which La Palma stands beside on the western edge: its
    line goes by the sea under their band, not behind La Palma); the ship is beside no card."""
    from woa_core.packs.west_of_africa.draw.svg import CARD_W, SHIP_H, SHIP_W, layout

    for players in (2, 3, 4, 5):
        rules = load_rules("west-of-africa", players)
        lay = layout(rules)
        for k, entry in enumerate(rules.ship_entry):
            points = _path_points(lay.ship_lines[k])
            samples = [
                (a[0] + (b[0] - a[0]) * t / 40, a[1] + (b[1] - a[1]) * t / 40)
                for a, b in pairwise(points)
                for t in range(41)
            ]
            for i, (x, y) in enumerate(lay.cards):
                inside = [(px, py) for px, py in samples if x < px < x + CARD_W and y < py < y + lay.card_h]
                assert not inside or i == entry, (players, rules.worker_ships[k], rules.islands[i].id)
            ex, ey = lay.cards[entry]
            assert ex <= points[-1][0] <= ex + CARD_W and ey <= points[-1][1] <= ey + lay.card_h
            sx, sy = lay.worker_ships[k]
            assert not any(
                abs(sx + SHIP_W / 2 - x - CARD_W / 2) < (SHIP_W + CARD_W) / 2
                and abs(sy + SHIP_H / 2 - y - lay.card_h / 2) < (SHIP_H + lay.card_h) / 2
                for x, y in lay.cards
            )
        west = rules.worker_ships.index("west")
        assert "H" in lay.ship_lines[west]  # La Palma stands between the edge and La Gomera: the line turns
