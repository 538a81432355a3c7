"""A whole game of each bundled pack played through ``woa serve``'s page at 1280 px in Chromium,
one person (p1) and two heuristic bots, checking on the way what a test can check of issue 38's
items 1-7 (the parts are tested one by one in ``test_serve_page.py``; here they hold all along a
game, for every pack):

1. every player's panel as HTML text of 12 px or more, no cell spilling, and the map's own words
   12 px or more on the screen (each few decisions);
2. a history line previewed by pointing at it (the game unchanged), going back asked first, and
   Redo returning to where the person was — the bots then go on by themselves;
3. at 390 px, every target offered at least 24×24 px and nothing wider than the screen;
4. a tooltip whose text comes from the rules: the game is started with ``--set`` changing a
   description (West of Africa's Sell Goods card, Africa's walk) or a region's name (Go West!,
   whose rules have no descriptions: a region is told by its name), and the page shows the change;
5. a quick hint: its candidates sorted by their chance to win (or a single legal action at once),
   its move played from the hint's box (progress and cancel of a long hint: ``test_serve_page.py``);
6. the turn announced in the ARIA live region and the tab's title, and one whole action played
   with the shortcut keys (1-9 for the choices, Enter to play);
7. a move made in another tab appearing in the first within two seconds.

Each game is shortened by its data so that a test takes well under a minute: West of Africa
three rounds, Africa two camps in the supply (the third monument ends it), Go West! ending at
25 VP; the person's actions are the first offered of a preferred verb, clicked."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.serve.servers import Server, need_serve, serving
from tests.serve.test_serve_browser import _click, _click_on_board, _settle, _state
from tests.serve.test_serve_page import SMALL_TEXT, SPILLS, TARGETS

need_serve()

MARK = "words the test set"
"""What the changed description says, on its tooltip."""

GAMES: dict[str, tuple[list[str], tuple[str, ...]]] = {
    "west-of-africa": (
        ["economy.game_end.max_rounds=3", f"cards.cards.sell.description={MARK}"],
        ("end", "done", "select"),
    ),
    "africa": (["setup.supply.camps=2", f"turn.descriptions.walk={MARK}"], ("reveal", "walk")),
    "go-west": (["turn.vp_threshold=25", f"board.regions[0].name={MARK}"], ("single", "play", "step", "sell")),
}
"""Per pack: the game's ``--set`` changes (a short game; one description changed) and the
person's verbs, the first offered of them played."""

BOARD_TEXT = """() => {
  const svg = document.querySelector('#board svg');
  if (!svg) return [];
  const vb = svg.viewBox.baseVal, scale = vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1;
  return [...svg.querySelectorAll('text')].filter((t) => !t.closest('defs') && t.getBoundingClientRect().width > 0)
    .map((t) => [t.textContent.slice(0, 30), parseFloat(getComputedStyle(t).fontSize) * scale])
    .filter(([, size]) => size < 12);
}"""
"""The map's words under 12 px on the screen (their size in the picture times its scale)."""

TOLD = """(mark) => [...document.querySelectorAll('#builder [title], #board title')]
  .some((n) => (n.getAttribute('title') || n.textContent).includes(mark))"""
"""Whether a button's or a target's tooltip says ``mark``."""


def _legible(page: Any, width: int) -> None:
    """Item 1 at this width: the page's words and the panels (and, at 1280 px, the map's words)."""
    assert page.evaluate(SMALL_TEXT) == [], width
    assert page.evaluate(SPILLS) == [], width
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
    if width >= 1280:
        assert page.evaluate(BOARD_TEXT) == [], width


def _choose_verb(page: Any, prefer: tuple[str, ...]) -> None:
    verbs = [verb for verb, _ in _state(page)["build"]["verbs"]]
    verb = next((v for v in prefer if v in verbs), verbs[0])
    _click(page, f'#builder button[data-verb="{verb}"]')


def _finish(page: Any) -> bool:
    """Click words (on the board where they are drawn) until the action is whole, then play it;
    whether a tooltip said the changed description on the way."""
    told = False
    for _ in range(16):
        told = told or page.evaluate(TOLD, MARK)
        built = _state(page)["build"]
        if built["complete"]:
            _click(page, "#builder button.play")
            return told
        word = built["next"][0]
        if not _click_on_board(page, word):
            _click(page, f'#builder button[data-word="{word}"]')
    raise AssertionError(f"no whole action after 16 words: {_state(page)['build']}")


def _by_keys(page: Any) -> None:
    """Item 6: a whole action played with the shortcut keys alone: 1 (the first choice) until the
    action is whole, then Enter."""
    at = _state(page)["at"]
    for _ in range(16):
        if _state(page)["build"]["complete"]:
            break
        count = len(_state(page)["build"]["words"])
        page.keyboard.press("1")
        page.wait_for_function(f"() => !window.woaServe.busy() && window.woaServe.words().length > {count}")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.woaServe.state().at > {at} && !window.woaServe.busy()", timeout=30000)


def _on_a_phone(page: Any) -> bool:
    """Item 3, at the first verb offered whose words are targets on the board: at 390 px each is
    24×24 px or more and the page no wider than the screen; then back to 1280 px, the words
    cleared. Whether a verb offered targets."""
    page.set_viewport_size({"width": 390, "height": 844})
    checked = False
    for verb, _ in _state(page)["build"]["verbs"]:
        _click(page, f'#builder button[data-verb="{verb}"]')
        sizes = page.evaluate(TARGETS)
        if sizes:
            assert min(sizes) >= 24, (verb, sizes)
            _legible(page, 390)
            checked = True
        page.keyboard.press("Escape")
        page.wait_for_function("() => window.woaServe.words().length === 0 && !window.woaServe.busy()")
        if checked:
            break
    page.set_viewport_size({"width": 1280, "height": 900})
    return checked


def _back_and_redo(page: Any) -> None:
    """Item 2: point at the line of the person's last action (the board shows that moment, the game
    unchanged), go back there (asked first: a bot's decision then waits, the bots paused), and Redo:
    the same game, where the person was, the bots no longer paused."""
    state = _state(page)
    at, texts = state["at"], [h["text"] for h in state["history"]]
    number = max((h["number"] for h in state["history"] if h["seat"] == 0 and h["number"] < at), default=at - 1)
    page.hover(f'#history li[data-undo="{number}"]')
    page.wait_for_selector("#board.previewing")
    assert f"After action {number}" in page.inner_text("#previewBar") and _state(page)["at"] == at
    page.click(f'#history li[data-undo="{number}"]')
    page.click("#goBack")
    assert f"Go back to action {number}?" in page.inner_text("#confirmText")
    page.click("#confirmYes")
    page.wait_for_function(f"() => window.woaServe.state().at === {number} && !window.woaServe.busy()")
    assert page.inner_text("#redo") == f"Redo ({at - number})"
    assert page.evaluate("window.woaServe.paused()") == (not _state(page)["person"])  # a bot's decision stays
    page.click("#redo")
    page.wait_for_function(f"() => window.woaServe.state().at === {at} && !window.woaServe.busy()")
    assert [h["text"] for h in _state(page)["history"]] == texts and page.is_disabled("#redo")
    assert not page.evaluate("window.woaServe.paused()")  # back where the person was: the bots go on


def _hinted(page: Any) -> None:
    """Item 5: a quick hint (30 rollouts) — the button says it is busy meanwhile, the candidates
    come sorted by their chance to win, or a single legal action is the hint at once — and its
    move played from the hint's box."""
    at = _state(page)["at"]
    page.select_option("#hintBudget", "30")
    asked = time.perf_counter()
    page.click("#hint")
    page.wait_for_selector("#hintBox button.hintPlay", timeout=60000)
    took = time.perf_counter() - asked
    shown = page.inner_text("#hintBox")
    assert page.inner_text("#hintBox h3").startswith("Hint: the search bot would play p1 ")
    if "the only legal action" in shown:
        assert took < 2.0, took  # no search
    else:
        cells = page.eval_on_selector_all("#hintBox tr td:nth-child(2)", "c => c.map((x) => x.textContent)")
        shares = [int(t.split("%")[0]) for t in cells]
        assert shares == sorted(shares, reverse=True) and shares, shown
    best = page.get_attribute("#hintBox tr.best button.hintPlay", "data-play")
    _click(page, "#hintBox tr.best button.hintPlay")
    assert _state(page)["history"][at]["text"] == best


def _from_another_tab(page: Any, other: Any, prefer: tuple[str, ...]) -> None:
    """Item 7: the person's action played by clicking in a second tab shows in the first within
    two seconds, with a note saying so."""
    at = _settle(other)["at"]
    assert at == _state(page)["at"]
    _choose_verb(other, prefer)
    _finish(other)
    played = time.perf_counter()
    page.wait_for_function(f"() => window.woaServe.state().at > {at}", timeout=5000)
    assert time.perf_counter() - played < 2.0
    assert "another tab" in page.inner_text("#boardNote").lower()


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_a_whole_game_through_the_page(browser: Any, tmp_path: Path, ruleset: str) -> None:
    sets, prefer = GAMES[ruleset]
    errors: list[str] = []
    started = time.perf_counter()
    with serving(cwd=tmp_path) as server:
        key = _new_game(server, ruleset, sets)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = _open(context, server, key, errors)
        done: dict[str, bool] = {}
        decisions = 0
        while not (state := _settle(page))["over"]:
            decisions += 1
            assert decisions < 200, "the game does not end"
            if decisions % 4 == 1:
                _legible(page, 1280)
                assert len(page.query_selector_all("#seatPanels .seat")) == 3
            if decisions == 1:  # item 6: the turn told to screen readers and in the title
                assert page.get_attribute("#live", "aria-live") == "polite"
                assert page.inner_text("#live").startswith("Your turn: p1 (you) to decide")
                assert page.title().startswith("● Your turn")
            if decisions == 2 and "keys" not in done:
                _by_keys(page)
                done["keys"] = True
                continue
            if decisions >= 3 and "phone" not in done and _on_a_phone(page):
                done["phone"] = True
            if decisions == 4 and "tab" not in done:
                other_context = browser.new_context(viewport={"width": 1280, "height": 900})
                other = _open(other_context, server, key, errors, paused=True)  # its bots left to this tab
                _from_another_tab(page, other, prefer)
                other_context.close()
                done["tab"] = True
                continue
            if decisions == 5 and "redo" not in done:
                _back_and_redo(page)
                done["redo"] = True
            if decisions == 6 and "hint" not in done:
                _hinted(page)
                done["hint"] = True
                continue
            told = page.evaluate(TOLD, MARK)  # on a verb's button, or (below) a word's or a target's
            _choose_verb(page, prefer)
            if _finish(page) or told:
                done["told"] = True
        assert set(done) == {"keys", "phone", "tab", "redo", "hint", "told"}, (decisions, done)
        assert "p1" in page.inner_text("#summary li.you") and len(page.query_selector_all("#summary li.you")) == 1
        context.close()
    assert errors == []
    assert time.perf_counter() - started < 90, time.perf_counter() - started
    print(
        f"{ruleset}: {decisions} decisions of the person, {state['at']} actions, {time.perf_counter() - started:.0f} s"
    )


def _new_game(server: Server, ruleset: str, sets: list[str]) -> str:
    body = {"ruleset": ruleset, "players": 3, "seed": 7, "set": sets, "seats": ["human", "heuristic", "heuristic"]}
    status, made = server.request("POST", "/api/games", body)
    assert status == 200, made
    return str(made["id"])


def _open(context: Any, server: Server, key: str, errors: list[str], paused: bool = False) -> Any:
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.add_init_script("localStorage.setItem('woa.pace', '0')")  # bots without a pause
    page.goto(f"{server.url}game/{key}" + ("#paused=1" if paused else ""))
    _settle(page)
    return page
