"""``woa serve`` in the browser (issue 16, parts 1 and 2; issue 15): a whole 3-player West of
Africa game and a whole 3-player Africa game played by clicking — one person, two heuristic bots —
with undo, a hint, a reload in the middle, the last action marked on the board, and the log saved
and replayed; the watched rules file's problems and board following its saves. The system's
Chromium through playwright; no page or console error."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.serve.servers import Server, need_serve, serving
from tests.serve.test_serve_page import SMALL_TEXT, SPILLS
from woa_core.cli import main

need_serve()

READY = """() => { const w = window.woaServe; const s = w && w.state();
  return !!s && !w.busy() && (s.over || s.person); }"""
"""The page has settled at a person's decision, or at the end."""


def _state(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("window.woaServe.state()")
    return state


def _settle(page: Any) -> dict[str, Any]:
    page.wait_for_function(READY, timeout=60000)
    return _state(page)


def _click(page: Any, selector: str) -> None:
    """Click a control and wait until its request is answered."""
    page.click(selector)
    page.wait_for_function("() => !window.woaServe.busy()", timeout=60000)


def _click_on_board(page: Any, word: str) -> bool:
    """Click the board where it draws ``word`` (a target of the action being built), if it does:
    a West of Africa island at its card's title (never under a piece), an Africa field at its
    middle (the page finds the target under the pieces)."""
    places = _state(page)["places"]
    target = page.query_selector(", ".join(f'#board .target[{attribute}="{word}"]' for attribute in places))
    if target is None:
        return False
    target.scroll_into_view_if_needed()  # a zoomed board scrolls: a click beside its view would miss
    box = target.bounding_box()
    dy = 12 if "data-island" in places else box["height"] / 2
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + dy)
    page.wait_for_function("() => !window.woaServe.busy()", timeout=60000)
    return True


MARKED = """() => { const g = window.woaServe.state(), board = document.querySelector('#board');
  const want = new Set((g.last ? g.last.marks : []).flatMap((s) => [...board.querySelectorAll(s)]));
  const got = [...board.querySelectorAll('.last')];
  return [g.last ? g.last.marks.length : 0, want.size, got.length, got.every((n) => want.has(n))]; }"""
"""What the board marks as the last action: how many selectors the server sent (the replay
viewer's, ``woa_core.report.drawing.marked``), the elements they select, the elements marked, and
whether every marked one is one of them."""


def _marks_shown(page: Any) -> int:
    """Check that the board marks the last action's elements, exactly (an action may name
    nothing drawn: Africa's ``swap p2 kettle``); how many it marks."""
    selectors, wanted, marked, only = page.evaluate(MARKED)
    assert only and marked == wanted and (selectors > 0 or wanted == 0), (selectors, wanted, marked)
    return int(marked)


def _one_action(page: Any, state: dict[str, Any], prefer: tuple[str, ...] = ("end", "done")) -> None:
    """Play the person's decision by clicking: a verb (the first of ``prefer`` offered: ending
    the turn, say), then words — on the board where they are drawn — until a whole action can be
    played, then play it."""
    verbs = [verb for verb, _ in state["build"]["verbs"]]
    if not state["build"]["words"]:
        verb = next((v for v in prefer if v in verbs), verbs[0])
        _click(page, f'#builder button[data-verb="{verb}"]')
    for _ in range(12):
        built = _state(page)["build"]
        if built["complete"]:
            _click(page, "#builder button.play")
            return
        word = built["next"][0]
        if not _click_on_board(page, word):
            _click(page, f'#builder button[data-word="{word}"]')
    raise AssertionError(f"no whole action after 12 words: {built}")


def _start(page: Any, server: Server, overrides: str, ruleset: str = "west-of-africa") -> None:
    page.add_init_script("localStorage.setItem('woa.pace', '0')")  # bots without a pause: a quick test
    page.set_viewport_size({"width": 1280, "height": 900})  # a laptop's width (issue 38)
    page.goto(server.url)
    page.wait_for_selector("#preview svg")
    if ruleset != "west-of-africa":
        page.select_option("#ruleset", ruleset)
        page.wait_for_selector(f"#preview svg.{ruleset}")
    page.select_option("#players", "3")
    assert page.input_value('#seats select[data-seat="1"]') == "human"
    assert [page.input_value(f'#seats select[data-seat="{s}"]') for s in (2, 3)] == ["heuristic", "heuristic"]
    page.fill("#seed", "7")
    page.fill("#overrides", overrides)
    page.click("#startGame")
    page.wait_for_url("**/game/**")


def _play_to_the_end(
    page: Any, tmp_path: Path, watched: Any, capsys: Any, prefer: tuple[str, ...] = ("end", "done")
) -> dict[str, Any]:
    """Play by clicking to the end (the person's verbs: the first of ``prefer`` offered); on the
    way undo, ask a hint and play it, reload the page, and see the last action marked on the
    board after each of the person's actions; then save the log and replay it."""
    undone = hinted = reloaded = False
    decisions = marked = 0
    while not (state := _settle(page))["over"]:
        decisions += 1
        marked += _marks_shown(page) > 0
        if decisions % 4 == 1:  # issue 38.1: the players' panels legible all along the game
            assert page.evaluate(SMALL_TEXT) == [] and page.evaluate(SPILLS) == []
            assert len(page.query_selector_all("#seatPanels .seat")) == len(state["seats"])
        if decisions == 3 and not undone:  # undo the person's last decision, and decide again
            mine = [h["number"] for h in state["history"] if h["seat"] == 0]
            _click(page, "#undo")
            assert _state(page)["at"] == mine[-1] - 1 and _state(page)["person"]
            undone = True
            continue
        if decisions == 4 and not hinted:  # a hint, and its move played
            page.select_option("#hintBudget", "30")
            page.click("#hint")
            page.wait_for_selector("#hintBox button.hintPlay", timeout=60000)
            text = page.inner_text("#hintBox h3")
            shown = page.inner_text("#hintBox")  # a share of wins, or (issue 38.5) no search for the one legal action
            assert text.startswith("Hint: the search bot would play p1 ")
            assert "%" in shown or ("the only legal action" in shown and len(state["build"]["verbs"]) == 1), shown
            best = page.get_attribute("#hintBox tr.best button.hintPlay", "data-play")
            _click(page, "#hintBox tr.best button.hintPlay")
            assert _state(page)["history"][state["at"]]["text"] == best
            hinted = True
            continue
        if decisions == 2 and not reloaded:  # a reload loses nothing
            page.reload()
            again = _settle(page)
            assert again["id"] == state["id"] and again["at"] == state["at"]
            reloaded = True
        _one_action(page, _state(page), prefer)
        # the board marks the last action, and offers no target once it is played
        if page.query_selector("#board svg") is not None:
            assert page.query_selector("#board .target") is None or _state(page)["build"]["words"]
            marked += _marks_shown(page) > 0
    assert undone and hinted and reloaded and marked >= 3
    assert page.is_visible("#summary") and "1. p" in page.inner_text("#summary")
    # issue 38.6: the summary marks the person's line
    assert "p1" in page.inner_text("#summary li.you") and len(page.query_selector_all("#summary li.you")) == 1
    told = page.inner_text("#roundEnd")
    assert "final scoring" in told or "final ranking" in told, told
    with page.expect_download() as download:
        page.click("#save")
    log = tmp_path / "game.jsonl"
    download.value.save_as(log)
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert f"replayed {state['at']} actions" in out and "the log matches" in out
    assert watched.errors == []
    assert all(url.startswith(page.url.split("/game/")[0]) or url.startswith("data:") for url in watched.requests)
    return state


def test_a_short_game_played_by_clicking(watched: Any, tmp_path: Path, capsys: Any) -> None:
    """Two rounds (--set economy.game_end.max_rounds=2): the whole flow, quickly."""
    with serving(cwd=tmp_path) as server:
        page = watched.page
        _start(page, server, "economy.game_end.max_rounds=2")
        first = _settle(page)
        assert first["build"]["verbs"] == [["select", 2379]] and first["overrides"] == ["economy.game_end.max_rounds=2"]
        # a selection built card by card, in any order, a card also clicked on the board (its island)
        _click(page, '#builder button[data-verb="select"]')
        assert 5 < len(_state(page)["build"]["next"]) < 20
        _click(page, '#builder button[data-word="sell"]')
        assert _click_on_board(page, "tenerife")
        assert _state(page)["build"]["complete"] == ["p1 select tenerife sell"]
        _click(page, "#builder button.play")
        state = _play_to_the_end(page, tmp_path, watched, capsys)
        assert state["history"][0]["text"] == "p1 select tenerife sell"
        assert state["where"] == "round 2"


@pytest.mark.slow
def test_a_full_length_game_played_by_clicking(watched: Any, tmp_path: Path, capsys: Any) -> None:
    """The bundled rules as they are, to the end of the game (well under a minute)."""
    with serving(cwd=tmp_path) as server:
        page = watched.page
        started = time.perf_counter()
        _start(page, server, "")
        state = _play_to_the_end(page, tmp_path, watched, capsys)
        assert int(state["where"].split()[-1]) >= 4 and time.perf_counter() - started < 90


AFRICA_SHORT = "setup.supply.camps=2"
"""Africa with two camps in the general supply instead of ten (rules/africa/setup.yaml): the third
monument revealed ends the game, so a game with a person is about 20 turns, not about 90."""


def _africa(page: Any, server: Server, overrides: str) -> dict[str, Any]:
    """Start a 3-player Africa game, one person (p1) and two heuristic bots, and choose the start
    city on the map."""
    _start(page, server, overrides, "africa")
    first = _settle(page)
    assert first["rules"] == "africa" and first["places"] == ["data-field", "data-city"]
    assert [s["who"] for s in first["seats"]] == ["human", "heuristic", "heuristic"]
    _click(page, '#builder button[data-verb="start"]')
    cities = _state(page)["build"]["next"]
    assert len(cities) == 5 and _click_on_board(page, cities[-1])
    assert _state(page)["build"]["complete"] == [f"p1 start {cities[-1]}"]
    _click(page, "#builder button.play")
    assert _marks_shown(page) == 1  # the start city (or a bot's, if one has chosen already)
    return first


def test_an_africa_game_played_by_clicking(watched: Any, tmp_path: Path, capsys: Any) -> None:
    """Africa through woa serve (issues 15 and 16): the hex map clicked, to the end of a game
    shortened by its data (``AFRICA_SHORT``), with undo, a hint, a reload, the log replayed."""
    with serving(cwd=tmp_path) as server:
        page = watched.page
        started = time.perf_counter()
        first = _africa(page, server, AFRICA_SHORT)
        assert first["overrides"] == [AFRICA_SHORT]
        state = _play_to_the_end(page, tmp_path, watched, capsys, prefer=("reveal", "walk"))
        assert state["where"].startswith("the end") and time.perf_counter() - started < 60
        assert any(" reveal " in h["text"] for h in state["history"] if h["seat"] == 0)


@pytest.mark.slow
def test_a_full_length_africa_game_played_by_clicking(
    watched: Any, tmp_path: Path, capsys: Any, request: pytest.FixtureRequest
) -> None:
    """Africa's bundled rules as they are, to the end of the game: about 90 turns, some 330
    actions (the person relocates, option A, most turns, a click or two each), 40-90 s on a busy
    machine, so only with ``-m slow``; the suite plays the shortened game above."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a full-length Africa game by clicking (40-90 s): run it with -m slow")
    with serving(cwd=tmp_path) as server:
        page = watched.page
        started = time.perf_counter()
        _africa(page, server, "")
        state = _play_to_the_end(page, tmp_path, watched, capsys, prefer=())
        assert state["where"].startswith("the end") and time.perf_counter() - started < 90


def test_watched_rules_show_their_problems_and_board_within_2_s(watched: Any, tmp_path: Path) -> None:
    """woa serve --rules v.yaml --watch: a broken save shows FILE:LINE:COL in the page within
    2 s; the fix shows the board again."""
    variant = tmp_path / "v.yaml"
    good = "extends: west-of-africa\nname: v\neconomy:\n  gold: {cap: 60}\n"
    variant.write_text(good, encoding="utf-8")
    with serving(["--rules", "v.yaml", "--watch"], cwd=tmp_path) as server:
        page = watched.page
        page.goto(server.url)
        page.wait_for_selector("#preview svg")
        assert page.input_value("#ruleset") == "given-0" and "Watching" in page.inner_text("#rulesStatus")
        variant.write_text(good.replace("cap: 60", "cap: -5"), encoding="utf-8")
        saved = time.perf_counter()
        page.wait_for_selector("#problems li", timeout=2000)
        assert time.perf_counter() - saved < 2.0
        assert page.inner_text("#problems li").startswith("v.yaml:4:")
        assert page.query_selector("#preview svg") is None
        variant.write_text(good.replace("cap: 60", "cap: 70"), encoding="utf-8")
        saved = time.perf_counter()
        page.wait_for_selector("#preview svg", timeout=2000)
        assert time.perf_counter() - saved < 2.0 and page.query_selector("#problems li") is None
        # the new game plays the rules as saved last
        shown = page.inner_text("#rulesStatus")
        page.click("#startGame")
        page.wait_for_url("**/game/**")
        state = _settle(page)
        assert state["variant"] == "v.yaml" and f"({state['hash']})" in shown
        assert watched.errors == []


def test_hot_seat_covers_the_screen_between_people(watched: Any, tmp_path: Path) -> None:
    """Two people at one screen: after p1's secret selection the screen is covered until p2 is
    there, and p2's page does not show p1's choice (its verb only)."""
    with serving(cwd=tmp_path) as server:
        page = watched.page
        page.goto(server.url)
        page.wait_for_selector("#preview svg")
        page.select_option("#players", "2")
        page.select_option('#seats select[data-seat="2"]', "human")
        page.click("#startGame")
        page.wait_for_url("**/game/**")
        _settle(page)
        assert page.is_hidden("#curtain")
        _click(page, '#builder button[data-verb="select"]')
        _click(page, '#builder button[data-word="minus"]')
        _click(page, "#builder button.play")
        assert page.is_visible("#curtain") and "pass the screen to p2" in page.inner_text("#curtain")
        page.click("#curtainOpen")
        state = _settle(page)
        assert state["viewer"] == 1 and state["history"][0]["text"] == "p1 select (secret until the round is over)"
        assert "p1 select minus" not in page.inner_text("#game")
        assert watched.errors == []
