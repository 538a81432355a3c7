"""`woa replay --html` of an Africa log (issue 15): the hex map stepped through in Chromium, with
the words of each reveal beside its action, each pass's standings and the final scoring."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.draw.legible import BOARD_TEXT, LEGIBLE, MEASURE, OVERLAPS
from woa_core.cli import main


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("africa-logs")
    args = [
        "simulate",
        "--rules",
        "africa",
        "--players",
        "3",
        "--games",
        "1",
        "--seed",
        "2",
        "--quiet",
        "--bots",
        "random",
    ]
    assert main([*args, "--log-dir", str(folder), "--workers", "1", "--set", "turn.max_turns=90"]) == 0
    return folder / "game-000000.jsonl"


@pytest.fixture(scope="module")
def viewer(log: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("africa-html") / "africa.html"
    assert main(["replay", str(log), "--html", str(page)]) == 0
    return page


def test_the_browser_steps_through_an_africa_game(viewer: Path, log: Path, watched: Any) -> None:
    """Buttons, keys and the slider move through the game; explorers appear, tiles turn up,
    a reveal's face is told with its action; pass ends show the standings, the end the final
    scoring; no page or console error, nothing fetched."""
    page = watched.page
    page.goto(viewer.as_uri())
    lines = [json.loads(line)[0] for line in log.read_text(encoding="utf-8").splitlines()[1:-1]]
    assert page.evaluate("woaReplay.steps") == len(lines)

    def count(selector: str) -> int:
        return page.locator(f"#pieces {selector}").count()

    assert count(".explorer") == 0 and count(".tile.down") == 96 and count(".tile.up") == 0
    page.click("#next")
    assert page.inner_text("#action") == lines[0] == "p1 start tangier"
    assert count(".explorer") == 1 and count('.explorer[data-field="h00_04"]') == 1
    reveal = next(k for k, line in enumerate(lines, start=1) if " reveal " in line)
    page.fill("#slider", str(reveal))
    page.dispatch_event("#slider", "input")
    field = lines[reveal - 1].split()[-1]
    said = page.inner_text("#action")
    assert said.startswith(f"{lines[reveal - 1]} — p") and "reveals" in said and field in said
    assert count(f'.tile.down[data-field="{field}"]') == 0
    # the field revealed is outlined (woa_core.report.drawing.marked, as woa serve marks it)
    outlined = page.evaluate(
        """(id) => {
          const mark = document.querySelector("#marks rect").getBBox();
          const hex = document.querySelector(`.field[data-field="${id}"]`).getBBox();
          return mark.x < hex.x && mark.y < hex.y && mark.x + mark.width > hex.x + hex.width
            && mark.y + mark.height > hex.y + hex.height;
        }""",
        field,
    )
    assert outlined, f"{lines[reveal - 1]}: the field {field} is not outlined"
    board = page.inner_html("#pieces")
    page.click("#prev")
    assert page.evaluate("woaReplay.now()") == reveal - 1 and count(f'.tile.down[data-field="{field}"]') == 1
    assert page.inner_html("#pieces") != board and page.inner_text("#action") == lines[reveal - 2]
    page.click("#next")
    assert page.inner_html("#pieces") == board
    page.keyboard.press("PageDown")  # the next pass's end
    assert page.get_attribute("#roundend", "class") == "current"
    assert "standings" in page.inner_text("#roundend") and "face-down tiles left" in page.inner_text("#roundend")
    page.click("#last")
    told = page.inner_text("#roundend")
    assert "final ranking" in told and ("wins" in told or "share the win" in told) and "goods" in told
    assert "turn cap" in told
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("woaReplay.now()") == len(lines) - 1
    page.keyboard.press("Home")
    assert count(".explorer") == 0
    assert watched.screenshot_colours() > 40, "the screenshot is blank"
    assert watched.errors == []
    assert watched.requests == [viewer.as_uri()]


def test_the_viewer_keeps_each_part_once(viewer: Path) -> None:
    """A step stores indices into a table of parts: a long game stays small (here under 0.4 MB)."""
    html = viewer.read_text(encoding="utf-8")
    data = json.loads(html.split('<script type="application/json" id="data">')[1].split("</script>")[0])
    assert len(data["parts"]) < len(data["steps"]) * 3
    assert len(html) < 400_000
    words = [s for s in data["steps"] if "w" in s]
    assert words and all(s["w"][0][0] in {"reveal", "score", "move", "camp", "swap"} for s in words)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A whole 3-player game of heuristic bots (long lines of VP by source at its end) and its viewer."""
    folder = tmp_path_factory.mktemp("africa-heuristic")
    args = ["simulate", "--rules", "africa", "--players", "3", "--games", "1", "--seed", "2", "--quiet"]
    assert main([*args, "--bots", "heuristic", "--log-dir", str(folder), "--workers", "1"]) == 0
    log, page = folder / "game-000000.jsonl", folder / "africa.html"
    assert main(["replay", str(log), "--html", str(page)]) == 0
    return log, page


@pytest.mark.parametrize("width,height", [(1400, 1000), (1280, 800)])
@pytest.mark.parametrize("where", ["mid-game", "the end"])
def test_the_africa_viewer_is_legible_at_1400_and_on_a_laptop(
    played: tuple[Path, Path], watched: Any, width: int, height: int, where: str
) -> None:
    """Issue 16, part 5, for Africa as for West of Africa: the players' panel is a table of text
    of at least 12 px beside the map (not drawn small inside the picture), its columns neither
    overlap nor spill, each seat's VP by source is there in full; the map's own words (field ids,
    tile words, the legend) are at least 12 px on screen too; the acting seat's row is marked."""
    from woa_core.draw.replay_html import trace
    from woa_core.packs.africa.draw.panel import sources_words

    log, viewer = played
    _, t = trace(log)
    k = len(t.actions) // 2 if where == "mid-game" else len(t.actions)
    state = t.states[k]
    page = watched.page
    page.set_viewport_size({"width": width, "height": height})
    page.goto(viewer.as_uri())
    page.evaluate(f"woaReplay.show({k})")

    assert page.locator("#pieces .player, #pieces .display, #pieces .panel").count() == 0
    assert page.locator("#players tbody tr").count() == 3
    assert page.evaluate(MEASURE, LEGIBLE) == []
    assert page.evaluate(BOARD_TEXT) == []
    assert page.evaluate(OVERLAPS) == []
    for p in range(3):  # every seat has VP by then
        cell = page.inner_text(f"#players tr[data-seat=p{p + 1}] td:nth-child(2)")
        assert cell == f"{state.vp[p]} ({sources_words(state, p)})"
    assert page.get_attribute("#players tr.acting", "data-seat") == t.actions[k - 1].split()[0]
    if where == "the end":
        assert all(sum(1 for v in state.vp_from[p].values() if v) >= 6 for p in range(3))  # the longest lines
        assert "Game over" in page.inner_text("#status")
        assert "wins" in page.inner_text("#players tbody")
    assert watched.errors == []


def test_the_picture_keeps_every_seat_s_words_in_its_frame(played: tuple[Path, Path], watched: Any) -> None:
    """``woa replay --svg`` (and ``woa serve``, ``woa board``) draw the panel inside the picture:
    at the end of a game every seat's words — its VP by source on two lines when they are many,
    its camps, its display — stay inside its frame (on main the longest line ran 96 px past it)."""
    log, viewer = played
    picture = viewer.with_suffix(".svg")
    assert main(["replay", str(log), "--svg", str(picture)]) == 0
    page = watched.page
    page.goto(picture.as_uri())
    spilled = page.evaluate(
        """() => {
          const out = [];
          for (const seat of document.querySelectorAll("g.player")) {
            const frame = document.querySelector(`rect.frame[data-player=${seat.dataset.player}]`).getBBox();
            const words = [...seat.querySelectorAll("text"),
              ...document.querySelectorAll(`g.display[data-player=${seat.dataset.player}] text`)];
            for (const t of words) {
              const b = t.getBBox();
              if (b.x < frame.x || b.x + b.width > frame.x + frame.width || b.y < frame.y
                  || b.y + b.height > frame.y + frame.height)
                out.push(t.textContent);
            }
          }
          return out;
        }"""
    )
    assert page.locator("g.player").count() == 3 and spilled == []
    assert watched.errors == []


CLEAR = """() => {
  const svg = document.documentElement, out = [];
  const words = [...svg.querySelectorAll("text")].filter((t) => !t.closest("defs") && t.textContent);
  const boxes = words.map((t) => t.getBBox());
  const meet = (a, b) => a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width && a.y + 1 < b.y + b.height
    && b.y + 1 < a.y + a.height;
  words.forEach((t, i) => { for (let j = 0; j < i; j++)
    if (meet(boxes[i], boxes[j])) out.push("overlap: " + words[j].textContent + " / " + t.textContent); });
  const pieces = [...svg.querySelectorAll("#pieces circle, #pieces path, #pieces polygon")];
  words.forEach((t, i) => {
    const own = t.closest("g.tile, g.explorer, g.camp") || t, a = boxes[i];
    for (const s of pieces) {
      if (own.contains(s) || !(t.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      let hit;
      if (s.tagName === "circle") {  // the circle itself, not its square
        const cx = +s.getAttribute("cx"), cy = +s.getAttribute("cy"), r = +s.getAttribute("r");
        const nx = Math.max(a.x, Math.min(cx, a.x + a.width)), ny = Math.max(a.y + 1, Math.min(cy, a.y + a.height - 1));
        hit = (nx - cx) ** 2 + (ny - cy) ** 2 < (r - 0.5) ** 2;
      } else hit = meet(a, s.getBBox());
      if (hit) out.push("covered: " + t.textContent + " by a " + s.closest("g").getAttribute("class"));
    }
  });
  return out;
}"""
"""Every word of the picture whose box meets another word's, or that a piece drawn over it (a
tile, a camp, an explorer) covers: a field's id, a city's name, a tile's label, a seat's mark."""


def test_no_word_of_the_map_is_covered_or_touches_another(watched: Any, tmp_path: Path) -> None:
    """Issue 38: the map-only picture the play page and the viewer draw, at positions of a random
    4-player game (explorers on tiles, in cities, camps built), opened in Chromium at 1280 px: no
    field's id meets the row above's pieces or words, no tile's label is under an explorer, no city's
    name under a piece (the names stand on the sea beside their cities); every word 12 px or more."""
    import random

    from woa_core.packs.africa.draw.drawing import DRAWING
    from woa_core.packs.africa.game import Game
    from woa_core.rules import load_rules

    rules = load_rules("africa", 4)
    game, rng = Game(rules, seed=3), random.Random(3)
    shown = DRAWING.viewer(rules)
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    seen = {"explorer on a tile": 0, "camp": 0}
    for k in range(1, 361):
        if game.over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
        if k % 60 and k != 1:
            continue
        s = game.state
        seen["explorer on a tile"] += sum(s.tile[f] >= 0 for f in s.at if f >= 0)
        seen["camp"] += sum(c >= 0 for c in s.camp)
        picture = tmp_path / f"at-{k}.svg"
        picture.write_text(shown.document("".join(shown.parts(s, ["a", "b", "c", "d"]))), encoding="utf-8")
        page.goto(picture.as_uri())
        assert page.evaluate(CLEAR) == [], k
        small = page.evaluate(
            """() => { const svg = document.documentElement;
              const scale = Math.min(1, 1216 / svg.viewBox.baseVal.width);  // the page's board at 1280 px, at most
              return [...svg.querySelectorAll("text")].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)
                .filter((size) => size < 12); }"""
        )
        assert small == [], k
    assert all(seen.values()), seen  # the positions held what is checked
    names = {e.get_attribute("data-name") for e in page.query_selector_all("text.cityname")}
    assert names == set(rules.city_keys)
    assert watched.errors == []
