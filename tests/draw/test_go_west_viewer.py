"""`woa replay` of a short Go West! game (`--html`, `--svg`, `--at`): the replay viewer stepped
through in Chromium — the blocks, wagons and hands of each position, what a scoring paid region
by region (G28) beside its action, the last action outlined, the end by name and the final
scoring — legible at 1280 and 1400 px like the other packs' viewers."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from tests.draw.legible import BOARD_TEXT, LEGIBLE, MEASURE, OVERLAPS
from woa_core.cli import main


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 3-player game of random bots, cut short by a cap of 45 turns (G22: it ends ``capped``)."""
    folder = tmp_path_factory.mktemp("go-west-logs")
    args = ["simulate", "--rules", "go-west", "--players", "3", "--games", "1", "--seed", "5", "--quiet"]
    args += ["--bots", "random", "--log-dir", str(folder), "--workers", "1", "--set", "turn.max_turns=45"]
    assert main(args) == 0
    return folder / "game-000000.jsonl"


@pytest.fixture(scope="module")
def viewer(log: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("go-west-html") / "go-west.html"
    assert main(["replay", str(log), "--html", str(page)]) == 0
    return page


def test_the_browser_steps_through_a_go_west_game(viewer: Path, log: Path, watched: Any) -> None:
    """Each position shows its blocks (the discs in queue order, G4), wagons and every hand (a
    replay hides nothing); a scoring's VP per region are told with its action (G28); a step's
    two regions are outlined; the end is told by name with the final scoring (G22); no page or
    console error, nothing fetched."""
    from woa_core.draw.replay_html import trace

    _, t = trace(log)
    page = watched.page
    page.goto(viewer.as_uri())
    assert page.evaluate("woaReplay.steps") == len(t.actions)

    def show(k: int) -> None:
        page.fill("#slider", str(k))
        page.dispatch_event("#slider", "input")
        assert page.evaluate("woaReplay.now()") == k

    for k in (0, len(t.actions) // 3, len(t.actions) // 2, len(t.actions)):
        show(k)
        s = t.states[k]
        for b, r in enumerate(t.rules.block_region):
            seats = page.eval_on_selector_all(
                f'#pieces g.block[data-block="{t.rules.regions[r]}"] g.disc',
                "ds => ds.sort((a, b) => a.dataset.age - b.dataset.age).map(d => d.dataset.seat)",
            )
            assert seats == [f"p{p + 1}" for p in s.blocks[b]]
        assert page.text_content('#pieces g.wagons[data-wagons="NE"] text') == f"× {s.wagons[0]}"
        held = page.eval_on_selector_all("#pieces g.hand g.card", "cs => cs.map(c => c.dataset.id)")
        assert held == [t.rules.card_id[c] for hand in s.cards.hands for c in hand]
    scoring = next(k for k, a in enumerate(t.actions, start=1) if a.endswith(" score") and t.states[k].step != "pay")
    show(scoring)
    said = page.inner_text("#action") + page.inner_text("#roundend")
    assert "uses scoring card" in said and all(
        f"{name}:" in said for name in ("East", "Great Plains", "Midwest", "West")
    )
    step = next(k for k, a in enumerate(t.actions, start=1) if " step " in a)
    show(step)
    assert page.locator("#marks rect").count() == 2
    outlined = page.evaluate(
        """(regions) => regions.every((r) => {
          const wagons = document.querySelector(`#pieces g.wagons[data-wagons="${r}"]`).getBBox();
          return [...document.querySelectorAll("#marks rect")].some((m) => { const b = m.getBBox();
            return b.x <= wagons.x && b.y <= wagons.y && b.x + b.width >= wagons.x + wagons.width
              && b.y + b.height >= wagons.y + wagons.height; });
        })""",
        [t.rules.regions[r] for r in _moved(t, step)],
    )
    assert outlined, t.actions[step - 1]
    page.click("#last")
    told = page.inner_text("#roundend")
    assert "safety cap of 45 turns" in told and "final scoring" in told and "final ranking" in told
    assert re.search(r"p\d (wins|and p\d.* share the win)", told)
    page.keyboard.press("Home")
    assert page.locator("#pieces g.disc").count() == 0
    # a game counted in turns (Drawing.rounds False) never says "round" (issue 38.6)
    shown = page.inner_text("body") + " ".join(
        page.eval_on_selector_all("[title], [aria-label]", "es => es.map(e => e.title + ' ' + e.ariaLabel)")
    )
    assert "round" not in shown.lower(), re.findall(r".{30}round.{30}", shown.lower())[:3]
    assert watched.errors == []
    assert watched.requests == [viewer.as_uri()]


def _moved(t: Any, k: int) -> list[int]:
    """The regions whose wagon count action ``k`` changed: the region left and the one entered."""
    return [r for r, (a, b) in enumerate(zip(t.states[k - 1].wagons, t.states[k].wagons, strict=True)) if a != b]


def test_the_viewer_keeps_each_part_once(viewer: Path) -> None:
    """A step stores indices into a table of parts: the game stays small (under 0.4 MB)."""
    html = viewer.read_text(encoding="utf-8")
    data = json.loads(html.split('<script type="application/json" id="data">')[1].split("</script>")[0])
    assert len(data["parts"]) < len(data["steps"]) * 4 and len(html) < 400_000
    assert data["columns"][:2] == ["player", "VP"]


@pytest.mark.parametrize("width,height", [(1400, 1000), (1280, 800)])
def test_the_go_west_viewer_is_legible_at_1400_and_on_a_laptop(
    viewer: Path, watched: Any, width: int, height: int
) -> None:
    """As the other packs' viewers (issue 16, part 5): the seats' table is text of 12 px or more
    beside the board, its columns neither overlap nor spill; the board's own words (regions,
    cards, the track, the hands) are 12 px or more on screen; the acting seat's row is marked."""
    page = watched.page
    page.set_viewport_size({"width": width, "height": height})
    page.goto(viewer.as_uri())
    steps = page.evaluate("woaReplay.steps")
    for k in (steps // 2, steps):
        page.evaluate(f"woaReplay.show({k})")
        assert page.locator("#players tbody tr").count() == 3
        assert page.evaluate(MEASURE, LEGIBLE) == []
        assert page.evaluate(BOARD_TEXT) == []
        assert page.evaluate(OVERLAPS) == []
    assert "Game over" in page.inner_text("#status") and "win" in page.inner_text("#players tbody")
    assert watched.errors == []


def test_replay_svg_and_at_draw_a_position(log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`woa replay --svg --at N` writes the board after action N (a well-formed SVG with every hand
    face up); `--at N` prints it as text with every hand."""
    from woa_core.draw.replay_html import trace

    _, t = trace(log)
    k = len(t.actions) // 2
    picture = tmp_path / "at.svg"
    assert main(["replay", str(log), "--svg", str(picture), "--at", str(k)]) == 0
    root = ET.fromstring(picture.read_text(encoding="utf-8"))
    ids = [g.get("data-id") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "card"]
    assert {t.rules.card_id[c] for hand in t.states[k].cards.hands for c in hand} <= set(ids)
    capsys.readouterr()
    assert main(["replay", str(log), "--at", str(k)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"after action {k}: {t.actions[k - 1]}") and "Hands:" in text
    assert all(f"  p{p + 1}: " in text for p in range(3))
