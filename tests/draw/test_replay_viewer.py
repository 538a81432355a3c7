"""`woa replay --html`: one self-contained page that steps through a game, tested in Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.draw.legible import LEGIBLE, MEASURE, OVERLAPS
from woa_core.cli import main
from woa_core.rules import load_rules


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("logs")
    args = ["simulate", "--players", "4", "--games", "5", "--seed", "1", "--log-dir", str(folder), "--quiet"]
    assert main(args) == 0
    return folder


@pytest.fixture(scope="module")
def viewer(logs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("html") / "g.html"
    assert main(["replay", str(logs / "game-000000.jsonl"), "--html", str(page)]) == 0
    return page


def test_the_viewer_references_nothing_outside_itself(viewer: Path) -> None:
    """Issue 10: no server, nothing fetched — no src/href, no CSS url(), no import; a CSP forbids requests."""
    html = viewer.read_text(encoding="utf-8")
    assert not re.search(r"\b(src|href)\s*=|url\(|@import|\bfetch\(|XMLHttpRequest", html)
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) == {"http://www.w3.org/2000/svg"}  # a namespace
    assert "default-src 'none'" in html


def test_the_browser_steps_through_the_replay(viewer: Path, watched: Any, logs: Path) -> None:
    """Buttons, keys and the slider move through the game; the board changes; no script errors."""
    page = watched.page
    page.goto(viewer.as_uri())
    assert page.evaluate("woaReplay.now()") == 0
    last = page.evaluate("woaReplay.steps")
    actions = len(logs.joinpath("game-000000.jsonl").read_text().splitlines()) - 2
    assert last == actions

    def pieces() -> str:
        return page.inner_html("#pieces")

    def count(selector: str) -> int:
        return page.locator(f"#pieces {selector}").count()

    start = pieces()
    assert count(".ship") == 0  # round 1: no ship placed yet
    assert page.inner_text("#players tbody tr:first-child td:nth-child(5)") == ""
    page.click("#next")
    assert page.evaluate("woaReplay.now()") == 1
    seat, verb, *cards = page.inner_text("#action").split()  # the action in the notation
    rules = load_rules("west-of-africa", 4)  # the panel names the cards chosen
    named = [rules.cards[rules.card_id(card)].name for card in cards]
    shown = page.inner_text(f"#players tr[data-seat={seat}] td:nth-child(5)")
    assert verb == "select" and sorted(shown.replace(" ×2", "").split(", ")) == sorted(set(named)), (cards, shown)
    page.click("#nextRound")
    at = page.evaluate("woaReplay.now()")
    assert page.get_attribute("#roundend", "class") == "current"
    explained = page.inner_text("#roundend")
    assert "gold majority vp" in explained and "VP:" in explained and "determine alcaldes" in explained
    assert count(".ship") == 4  # after round 1 every ship is on the board
    page.keyboard.press("ArrowRight")
    assert page.evaluate("woaReplay.now()") == at + 1
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("PageDown")
    assert page.evaluate("woaReplay.now()") > at
    page.keyboard.press("End")
    assert page.evaluate("woaReplay.now()") == last
    assert "final scoring" in page.inner_text("#roundend") and "wins" in page.inner_text("#roundend")
    page.fill("#slider", "10")  # the slider
    page.dispatch_event("#slider", "input")
    assert page.evaluate("woaReplay.now()") == 10 and page.inner_text("#position").startswith("action 10 of")
    page.keyboard.press("Home")
    assert pieces() == start
    assert watched.screenshot_colours() > 40, "the screenshot is blank"
    assert watched.errors == []
    assert watched.requests == [viewer.as_uri()]


def test_replay_at_prints_the_text_board(logs: Path, capsys) -> None:
    log = str(logs / "game-000000.jsonl")
    assert main(["replay", log, "--at", "0"]) == 0
    first = capsys.readouterr().out
    assert first.startswith("before the first action\nRound 1 · selecting cards")
    assert "sea links to" in first and "Where everyone stands:" in first
    assert main(["replay", log, "--at", "12"]) == 0
    assert capsys.readouterr().out.startswith("after action 12: p")
    assert main(["replay", log, "--at", "100000"]) == 2
    assert "--at must be between 0 and" in capsys.readouterr().err


def test_a_tampered_log_gets_no_viewer(logs: Path, tmp_path: Path, capsys) -> None:
    """A log that does not replay is an error naming its line; no viewer is written."""
    lines = (logs / "game-000001.jsonl").read_text().splitlines()
    lines[-1] = lines[-1].replace('"rounds": ', '"rounds": 1')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    out = tmp_path / "bad.html"
    assert main(["replay", str(bad), "--html", str(out)]) == 1
    assert "bad.jsonl:" in capsys.readouterr().err and not out.exists()


def test_the_viewer_is_reproducible(logs: Path, viewer: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.html"
    assert main(["replay", str(logs / "game-000000.jsonl"), "--html", str(again)]) == 0
    assert again.read_bytes() == viewer.read_bytes()


def test_replay_svg_draws_the_state(logs: Path, tmp_path: Path, capsys) -> None:
    """--svg: the board with the game's pieces, after action N or at the end."""
    import xml.etree.ElementTree as ET

    log = str(logs / "game-000000.jsonl")
    start, end = tmp_path / "start.svg", tmp_path / "end.svg"
    assert main(["replay", log, "--at", "0", "--svg", str(start)]) == 0
    assert main(["replay", log, "--svg", str(end)]) == 0

    def classes(path: Path) -> list[str | None]:
        return [e.get("class") for e in ET.fromstring(path.read_text(encoding="utf-8")).iter()]

    assert classes(start).count("ship") == 0 and classes(end).count("ship") == 4
    assert classes(end).count("player") == 4 and "game over" in end.read_text(encoding="utf-8")


@pytest.mark.parametrize("width,height", [(1400, 1000), (1280, 800)])
def test_the_viewer_is_legible_at_1400_and_on_a_laptop(
    viewer: Path, logs: Path, watched: Any, width: int, height: int, tmp_path: Path
) -> None:
    """Issue 16, part 5: the players' panel is text of at least 12 px, in columns that neither
    overlap nor spill, the board outlines where the last action happened and the acting player's
    row is highlighted; the score chart's cursor follows the step."""
    page = watched.page
    page.set_viewport_size({"width": width, "height": height})
    page.goto(viewer.as_uri())
    lines = logs.joinpath("game-000000.jsonl").read_text().splitlines()[1:-1]
    actions = [json.loads(line)[0] for line in lines]
    sail = next(k for k, a in enumerate(actions, start=1) if " sail " in a and k > 40)
    seat, _, island = actions[sail - 1].split()
    page.evaluate(f"woaReplay.show({sail})")

    assert page.locator("#pieces .player").count() == 0  # no panel drawn small inside the picture
    assert page.locator("#players tbody tr").count() == 4
    assert page.evaluate(MEASURE, LEGIBLE) == []
    assert page.evaluate(OVERLAPS) == []
    assert page.get_attribute("#players tr.acting", "data-seat") == seat
    outline = page.evaluate(
        """(id) => {
          const mark = document.querySelector("#marks rect").getBBox();
          const isle = document.querySelector(`[data-island="${id}"]`).getBBox();
          return mark.x < isle.x && mark.y < isle.y && mark.x + mark.width > isle.x + isle.width
            && mark.y + mark.height > isle.y + isle.height;
        }""",
        island,
    )
    assert outline, f"{actions[sail - 1]}: the island {island} is not outlined"

    def cursor() -> float:
        return float(page.get_attribute("#cursor", "x1") or "nan")

    at_sail = cursor()
    page.evaluate("woaReplay.show(0)")
    assert cursor() == 48 and page.locator("#marks rect").count() == 0  # the start: nothing played yet
    page.evaluate("woaReplay.show(woaReplay.steps)")
    assert 48 < at_sail < cursor() == 528  # the chart's right end: the last reading
    shot = tmp_path / f"viewer-{width}x{height}.png"
    page.evaluate(f"woaReplay.show({sail})")
    assert watched.screenshot_colours(shot) > 40
    assert watched.errors == []


def test_the_marks_name_where_each_action_happened(logs: Path) -> None:
    """Drawing.marks: a ship's move outlines the harbor it sails to, a crop or a settlement the
    island and the very space it went on (owned by the player who acted), a card choice nothing."""
    from woa_core.draw.replay_html import trace
    from woa_core.kernel.notation import parse_action

    _, t = trace(logs / "game-000001.jsonl")
    rules = t.rules
    assert rules is not None
    seen = set()
    for k, text in enumerate(t.actions):
        seat, verb, *words = text.split()
        before, after = t.states[k], t.states[k + 1]
        marked = rules.pack.drawing.marks(rules, before, after, parse_action(rules, text))
        if verb in ("cultivate", "found"):
            space = int(re.fullmatch(r'\[data-space="(\d+)"\]', marked[1]).group(1))
            owner = after.crop[space] if verb == "cultivate" else after.settlement[space]
            assert marked[0] == f'[data-island="{words[0]}"]' and len(marked) == 2 and owner == int(seat[1:]) - 1
        elif verb == "sail":
            assert marked == [f'[data-island="{words[0]}"]']
        elif verb in ("select", "end", "done"):
            assert marked == []
        seen.add(verb)
    assert {"cultivate", "found", "sail", "select"} <= seen


def test_the_viewer_fits_a_phone(viewer: Path, watched: Any) -> None:
    """issue 38.3: at 390 px the replay viewer fits the width (no sideways scroll), the
    players' rows stacked, each value under its heading, its words at least 12 px."""
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(viewer.as_uri())
    page.evaluate("woaReplay.show(40)")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert page.evaluate(MEASURE, LEGIBLE) == []
    heading = "getComputedStyle(document.querySelector('#players td:nth-child(2)'), '::before').content"
    assert "VP" in page.evaluate(heading)
